"""The tables' database file: opened only when it is the kit's, and every failure of it in
words.

A file is the kit's when it carries the kit's ``PRAGMA application_id``. A store made
before the kit stamped its files (schema 1) is recognised by its tables, exactly the
kit's five with the kit's ``meta`` row, and is stamped and brought up to date when it is
opened; an empty file (or a missing one) becomes a new store. Anything else (another
program's database) is refused before anything is written into it, even the switch to
WAL mode. Opening also writes once, so that a file this server cannot write (read-only,
on a read-only disk) is refused when the store is opened, not on a player's click.

SQLite's own errors become the kit's: a database held by another program past the busy
timeout is :class:`TableBusy` ("the table is busy: try again"), a read-only one says so.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from hordes_kit.core.errors import HordesKitError

__all__ = [
    "APP_ID",
    "SCHEMA",
    "BUSY_TIMEOUT",
    "TableError",
    "TableBusy",
    "ReadOnly",
    "Txn",
    "FAILURES",
    "sql_error",
    "connect",
    "prepare",
]

APP_ID = 0x484B5442  # "HKTB": the kit's table stores carry it in their header
SCHEMA = 2  # 2: seats seen, short links used, the askers' quotas
# Seconds a write waits for another program's lock before "busy". The kernel waits with
# it, so a page whose move is sent again (every 2 s) still answers its browser's check
# (every 2 s, patience 8 s); the kit's own writes take milliseconds.
BUSY_TIMEOUT = 3.0
_V1_TABLES = {"meta", "tables", "seats", "moves", "links"}
_TABLES_SQL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
    created REAL NOT NULL, touched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    seat INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'bot')), secret TEXT, seen REAL,
    PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    n INTEGER NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS links (
    id TEXT PRIMARY KEY, query TEXT NOT NULL, created REAL NOT NULL, used REAL);
CREATE TABLE IF NOT EXISTS quota (
    who TEXT PRIMARY KEY, tokens REAL NOT NULL, at REAL NOT NULL, full REAL NOT NULL);
"""
_INDEX_SQL = """
CREATE INDEX IF NOT EXISTS links_used ON links (used);
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
CREATE INDEX IF NOT EXISTS seats_seen ON seats (seen);
CREATE INDEX IF NOT EXISTS quota_full ON quota (full);
"""
_FROM_V1 = (  # schema 1 to 2: what a store of the kit's first shared tables lacks
    "ALTER TABLE seats ADD COLUMN seen REAL",
    "ALTER TABLE links ADD COLUMN used REAL",
    "UPDATE links SET used=created",
    "DROP INDEX IF EXISTS links_created",
)


class TableError(HordesKitError):
    """A table that cannot be opened or written (unknown code, damaged database)."""


class TableBusy(TableError):
    """The database is held by another program beyond the busy timeout: try again."""

    def __init__(self) -> None:
        super().__init__("the table is busy (its database is held by another program): try again")


class ReadOnly(TableError):
    """The database file (or its folder) cannot be written by this server."""


# what reading or writing a damaged file can raise (text that is not UTF-8 is Python's)
FAILURES = (sqlite3.Error, UnicodeDecodeError)


def sql_error(e: Exception, doing: str = "written") -> TableError:
    """SQLite's error ``e`` (one of ``FAILURES``) as the kit's, in words."""
    if isinstance(e, UnicodeDecodeError):
        return TableError("the table database is damaged (text in it cannot be read)")
    name = getattr(e, "sqlite_errorname", "")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return TableBusy()
    if name.startswith("SQLITE_READONLY"):
        return ReadOnly("the table database is read-only on this server: ask the host")
    return TableError(f"the table database cannot be {doing}: {e}")


class Txn:
    """A write transaction (``BEGIN IMMEDIATE``) under a store's thread lock. The lock
    is released on every path: a ``BEGIN`` or ``COMMIT`` that fails (the database held by
    another program past the busy timeout, a read-only file) rolls back, lets go and
    raises the kit's error (:class:`TableBusy` when it was busy)."""

    def __init__(self, lock: threading.Lock, db: sqlite3.Connection) -> None:
        self.lock, self.db = lock, db

    def __enter__(self) -> sqlite3.Connection:
        lock, db = self.lock, self.db
        lock.acquire()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            self._rollback()
            lock.release()
            raise sql_error(e) from None
        except BaseException:
            lock.release()
            raise
        return db

    def _rollback(self) -> None:
        db = self.db
        if db.in_transaction:
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:  # SQLite rolled back itself: nothing to undo
                pass

    def __exit__(self, kind, value, _tb) -> bool:
        try:
            if kind is None:
                try:
                    self.db.execute("COMMIT")
                except sqlite3.Error as e:
                    self._rollback()
                    raise sql_error(e) from None
                return False
            self._rollback()
            if isinstance(value, FAILURES) and not isinstance(value, sqlite3.IntegrityError):
                raise sql_error(value) from None  # an integrity error is the caller's to read
            return False
        finally:
            self.lock.release()


def _kind(db: sqlite3.Connection) -> str:
    """ "kit", "old kit" (schema 1, before the stamp), "empty" or "foreign"; reads only."""
    (app,) = db.execute("PRAGMA application_id").fetchone()
    if app == APP_ID:
        return "kit"
    names = {
        n
        for (n,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') "
            "AND name NOT LIKE 'sqlite_%'"
        )
    }
    if app == 0 and not names:
        return "empty"
    if app == 0 and names == _V1_TABLES:
        row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is not None:
            return "old kit"
    return "foreign"


def _foreign(path: Path) -> TableError:
    return TableError(
        f"{path.name!r} is another program's database, not the kit's table store: "
        "it is left as it is; choose another file"
    )


def connect(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection to the store at ``path``, in WAL mode; another program's database is
    refused before anything is written into it."""
    if path.exists() and not path.is_file():
        raise TableError(f"the table database {path.name!r} is not a file")
    db = sqlite3.connect(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)
    try:
        db.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
        if _kind(db) == "foreign":
            raise _foreign(path)
        db.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: safe across a crash of ours
    except BaseException:
        db.close()
        raise
    return db


def prepare(db: sqlite3.Connection, path: Path) -> None:
    """Inside a write transaction: make, stamp or update the store's tables, and write once
    (a file this server cannot write is refused here)."""
    kind = _kind(db)  # again: another kernel may have made it since the first look
    if kind == "foreign":
        raise _foreign(path)
    for sql in (_TABLES_SQL, _INDEX_SQL if kind != "old kit" else ""):
        for statement in sql.split(";"):
            if statement.strip():
                db.execute(statement)
    row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    if row is not None and row[0] == "1":
        for statement in _FROM_V1:
            db.execute(statement)
        for statement in _INDEX_SQL.split(";"):
            if statement.strip():
                db.execute(statement)
        row = None
    if row is None:
        db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
    elif row[0] != str(SCHEMA):
        raise TableError(
            f"the table database {path.name!r} was made by another version "
            f"of the kit (schema {row[0][:10]!r}, this kit reads {SCHEMA})"
        )
    db.execute(f"PRAGMA application_id={APP_ID}")
    db.execute(
        "UPDATE meta SET value=value WHERE key='schema'"
    )  # the write a read-only file refuses
