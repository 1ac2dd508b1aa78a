"""The tables' database: one SQLite file every page's kernel reads and writes.

A table is its game, its config and its action history (as a save file is), plus its
seats. ``moves`` has one row per move with ``PRIMARY KEY (code, n)``: a move is written
only at the history length it was made on, so when two players click at once one move
lands and the other page learns that the table moved on (optimistic concurrency, the
database decides). The file is opened in WAL mode (readers never wait for the writer)
with a busy timeout; a schema version refuses a file made by another version of the kit.
Everything is bounded: tables, seats, moves per table, config size, stored short links.

It also keeps short links (``links``): a page's address too long to share comfortably is
stored under a short id and the link says ``?short=ID``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.query import MAX_QUERY
from hordes_kit.core.savefile import MAX_ACTION, MAX_MOVES, SAVE_LIMIT
from hordes_kit.core.tables.codes import MAX_SEATS, new_code, new_secret, secret_hash

__all__ = [
    "DB_ENV",
    "SCHEMA",
    "MAX_TABLES",
    "MAX_LINKS",
    "TableError",
    "Seat",
    "Table",
    "TableStore",
    "db_path",
    "open_store",
    "use_database",
]

DB_ENV = "HORDES_KIT_DB"  # `hordes-kit serve --db PATH` hands the file to the kernels here
SCHEMA = 1
MAX_TABLES = 2000  # the least recently played table goes first beyond this
MAX_LINKS = 5000  # short links kept (the oldest goes first)
SHORT_LEN = 10
KINDS = ("person", "bot")
_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
    created REAL NOT NULL, touched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    seat INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'bot')), secret TEXT,
    PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    n INTEGER NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS links (id TEXT PRIMARY KEY, query TEXT NOT NULL, created REAL NOT NULL);
CREATE INDEX IF NOT EXISTS links_created ON links (created);
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
"""


class TableError(HordesKitError):
    """A table that cannot be opened or written (unknown code, damaged database)."""


@dataclass(frozen=True)
class Seat:
    """One seat of a table: its name, a person or a bot, and whether someone took it."""

    name: str
    kind: str
    taken: bool

    @property
    def is_bot(self) -> bool:
        """True for a seat the kit plays."""
        return self.kind == "bot"


@dataclass(frozen=True)
class Table:
    """A table as the database holds it (the history is read separately)."""

    code: str
    game: str
    config: dict
    seats: tuple[Seat, ...]


def db_path() -> Path:
    """The database file: ``$HORDES_KIT_DB``, else the kit's data folder for user state
    (``$XDG_DATA_HOME/hordes_kit`` or ``~/.local/share/hordes_kit``)."""
    chosen = os.environ.get(DB_ENV)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hordes_kit" / "tables.sqlite3"


def _short_id(query: str) -> str:
    digest = hashlib.sha256(query.encode()).digest()
    letters = "abcdefghijkmnpqrstuvwxyz23456789"  # 32 symbols, none that look alike
    n = int.from_bytes(digest[:8], "big")
    return "".join(letters[(n >> (5 * i)) & 31] for i in range(SHORT_LEN))


class TableStore:
    """The tables' database (one connection per kernel, shared by its threads)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and not self.path.is_file():
                raise TableError(f"the table database {self.path.name!r} is not a file")
            self._db = sqlite3.connect(
                str(self.path), timeout=10, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=10000")
            self._db.execute("PRAGMA synchronous=NORMAL")  # WAL: safe across a crash of ours
            with self._write() as db:
                for statement in _SCHEMA_SQL.split(";"):
                    if statement.strip():
                        db.execute(statement)
                row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if row is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
                elif row[0] != str(SCHEMA):
                    raise TableError(
                        f"the table database {self.path.name!r} was made by another version "
                        f"of the kit (schema {row[0][:10]!r}, this kit reads {SCHEMA})"
                    )
        except sqlite3.DatabaseError as e:
            raise TableError(f"the table database {self.path.name!r} cannot be used: {e}") from None
        except OSError as e:
            raise TableError(
                f"the table database {self.path.name!r} cannot be made: {e.strerror}"
            ) from None

    # --- plumbing ------------------------------------------------------------------------

    class _Txn:
        def __init__(self, store: TableStore) -> None:
            self.store = store

        def __enter__(self) -> sqlite3.Connection:
            self.store._lock.acquire()
            self.store._db.execute("BEGIN IMMEDIATE")
            return self.store._db

        def __exit__(self, kind, _value, _tb) -> None:
            try:
                self.store._db.execute("COMMIT" if kind is None else "ROLLBACK")
            finally:
                self.store._lock.release()

    def _write(self) -> TableStore._Txn:
        return TableStore._Txn(self)

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as e:
                raise TableError(f"the table database cannot be read: {e}") from None

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    # --- tables --------------------------------------------------------------------------

    def create(self, game: str, config: dict, seats: Sequence[tuple[str, str]]) -> str:
        """A new table of ``game`` with ``config`` and seats ``(name, "person"|"bot")``;
        returns its code."""
        if not 1 <= len(seats) <= MAX_SEATS:
            raise InvalidInputError(f"a table has 1-{MAX_SEATS} seats, not {len(seats)}")
        for name, kind in seats:
            if kind not in KINDS or not isinstance(name, str) or not 0 < len(name) <= 40:
                raise InvalidInputError(f"seat {name!r}: a name of 1-40 characters, person or bot")
        text = json.dumps(config, separators=(",", ":"))
        if len(text) > SAVE_LIMIT:
            raise InvalidInputError("this game's settings are too large for a table")
        now = time.time()
        with self._write() as db:
            for _ in range(20):
                code = new_code()
                if not db.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone():
                    break
            else:  # pragma: no cover - 148 million codes
                raise TableError("no free table code: try again")
            db.execute("INSERT INTO tables VALUES (?,?,?,?,?)", (code, game, text, now, now))
            db.executemany(
                "INSERT INTO seats VALUES (?,?,?,?,NULL)",
                [(code, i, name, kind) for i, (name, kind) in enumerate(seats)],
            )
            (count,) = db.execute("SELECT count(*) FROM tables").fetchone()
            if count > MAX_TABLES:
                db.execute(
                    "DELETE FROM tables WHERE code IN (SELECT code FROM tables "
                    "ORDER BY touched LIMIT ?)",
                    (count - MAX_TABLES,),
                )
        return code

    def table(self, code: str) -> Table:
        """The table with this code (``TableError`` naming it when there is none)."""
        rows = self._read("SELECT game, config FROM tables WHERE code=?", (code,))
        if not rows:
            raise TableError(
                f"there is no table {code} on this server (check the code; a table "
                "not played for a long time may have been cleared)"
            )
        game, config = rows[0]
        seats = self._read(
            "SELECT name, kind, secret IS NOT NULL FROM seats WHERE code=? ORDER BY seat", (code,)
        )
        try:
            cfg = json.loads(config)
        except ValueError:
            raise TableError(f"table {code} is damaged (its settings cannot be read)") from None
        return Table(code, game, cfg, tuple(Seat(n, k, bool(t)) for n, k, t in seats))

    def claim(self, code: str, seat: int) -> str | None:
        """Take a free person's seat: its new secret, or None when it is taken (or a bot's)."""
        secret = new_secret()
        with self._write() as db:
            cur = db.execute(
                "UPDATE seats SET secret=? WHERE code=? AND seat=? AND kind='person' "
                "AND secret IS NULL",
                (secret_hash(secret), code, seat),
            )
            ok = cur.rowcount == 1
        return secret if ok else None

    def to_bot(self, code: str, seat: int) -> bool:
        """A free person's seat is played by the kit from now on (False: it was taken)."""
        with self._write() as db:
            cur = db.execute(
                "UPDATE seats SET kind='bot' WHERE code=? AND seat=? AND kind='person' "
                "AND secret IS NULL",
                (code, seat),
            )
            return cur.rowcount == 1

    def seat_of(self, code: str, secret: str) -> int | None:
        """The seat this secret holds at this table (None: no seat)."""
        rows = self._read(
            "SELECT seat FROM seats WHERE code=? AND secret=?", (code, secret_hash(secret))
        )
        return rows[0][0] if rows else None

    def seats_taken(self, code: str) -> int:
        """How many seats are taken by people or played by the kit (what pages poll)."""
        return self._read(
            "SELECT count(*) FROM seats WHERE code=? AND (secret IS NOT NULL OR kind='bot')",
            (code,),
        )[0][0]

    # --- moves ---------------------------------------------------------------------------

    def count(self, code: str) -> int:
        """How many moves the table's history holds (cheap: what pages poll)."""
        return self._read("SELECT coalesce(max(n) + 1, 0) FROM moves WHERE code=?", (code,))[0][0]

    def moves(self, code: str, since: int = 0) -> list[tuple[str, int]]:
        """The moves from number ``since`` on: ``(action, seat)`` in order."""
        return [
            (a, s)
            for a, s in self._read(
                "SELECT action, seat FROM moves WHERE code=? AND n>=? ORDER BY n", (code, since)
            )
        ]

    def record(self, code: str, n: int, action: str, seat: int) -> bool:
        """Write move number ``n`` (0-based); False when the history is no longer ``n``
        long (another page moved first): nothing is written then."""
        if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION:
            raise InvalidInputError(f"a move is an action id of 1-{MAX_ACTION} characters")
        if n >= MAX_MOVES:
            raise TableError(f"table {code} has {MAX_MOVES:,} moves: the limit")
        now = time.time()
        try:
            with self._write() as db:
                (have,) = db.execute(
                    "SELECT coalesce(max(n) + 1, 0) FROM moves WHERE code=?", (code,)
                ).fetchone()
                if have != n:
                    return False
                db.execute("INSERT INTO moves VALUES (?,?,?,?,?)", (code, n, action, seat, now))
                db.execute("UPDATE tables SET touched=? WHERE code=?", (now, code))
        except sqlite3.IntegrityError:  # another kernel wrote move n between our reads
            return False
        return True

    # --- short links ---------------------------------------------------------------------

    def shorten(self, query: str) -> str:
        """Keep a page's query and return its short id (the same query, the same id)."""
        if not isinstance(query, str) or not 0 < len(query) <= MAX_QUERY:
            raise InvalidInputError(f"a link's query is 1-{MAX_QUERY:,} characters")
        sid = _short_id(query)
        with self._write() as db:
            db.execute(
                "INSERT INTO links VALUES (?,?,?) ON CONFLICT(id) DO UPDATE SET created="
                "excluded.created",
                (sid, query, time.time()),
            )
            (count,) = db.execute("SELECT count(*) FROM links").fetchone()
            if count > MAX_LINKS:
                db.execute(
                    "DELETE FROM links WHERE id IN (SELECT id FROM links ORDER BY created LIMIT ?)",
                    (count - MAX_LINKS,),
                )
        return sid

    def expand(self, sid: str) -> str:
        """The query kept under a short id (``TableError`` when it is not kept here)."""
        rows = self._read("SELECT query FROM links WHERE id=?", (sid,))
        if not rows:
            raise TableError(
                "this short link is not kept on this server (short links open only on the "
                "server that made them, and old ones are cleared)"
            )
        return rows[0][0]


def use_database(path: str | None) -> Path:
    """Check the tables' database (made if missing) and hand it to every kernel started
    from here (``hordes-kit serve --db PATH``); returns its path."""
    if not path:
        return db_path()  # made when a table is first created
    p = Path(path).expanduser().resolve()
    TableStore(p).close()  # refused now, in one line, rather than on a page later
    os.environ[DB_ENV] = str(p)
    return p


_stores: dict[Path, TableStore] = {}
_stores_lock = threading.Lock()


def open_store(path: str | os.PathLike | None = None) -> TableStore:
    """The database at ``path`` (default :func:`db_path`), opened once per kernel."""
    p = Path(path) if path is not None else db_path()
    with _stores_lock:
        if p not in _stores:
            _stores[p] = TableStore(p)
        return _stores[p]
