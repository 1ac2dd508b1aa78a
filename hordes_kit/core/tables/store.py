"""The tables' database: one SQLite file every page's kernel reads and writes.

A table is its game, its config and its action history (as a save file is), plus its
seats. ``moves`` has one row per move with ``PRIMARY KEY (code, n)``: a move is written
only at the history length it was made on, so when two players click at once one move
lands and the other page learns that the table moved on (optimistic concurrency, the
database decides). The file is opened in WAL mode (readers never wait for the writer)
with a busy timeout, and only when it is the kit's (``dbfile``). A lock held by another
program past the timeout is "the table is busy: try again", and every lock of ours is
released on every path.

Everything is bounded, and no bound takes away what someone is using. Beyond
``MAX_TABLES`` the table least recently seen (a move, a page looking at it, a seat's
page) goes first, but never one with a seat seen in the last ``LIVE_FOR``: when every
table is live, a new one is refused in words. Short links likewise (``MAX_LINKS``, the
least recently made or opened first, never one made or opened within ``LIVE_FOR``). New
tables and short links a page asks for are rate-limited per page and per client address
(``quota``).

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

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.query import MAX_QUERY
from hordes_kit.core.savefile import MAX_ACTION, MAX_MOVES, SAVE_LIMIT
from hordes_kit.core.tables import dbfile
from hordes_kit.core.tables.codes import MAX_SEATS, new_code, new_secret, secret_hash
from hordes_kit.core.tables.dbfile import SCHEMA, TableBusy, TableError, Txn, sql_error
from hordes_kit.core.tables.quota import LINK_LIMITS, TABLE_LIMITS, Asker, charge

__all__ = [
    "DB_ENV",
    "SCHEMA",
    "MAX_TABLES",
    "MAX_LINKS",
    "LIVE_FOR",
    "TableError",
    "TableBusy",
    "Seat",
    "Table",
    "TableStore",
    "db_path",
    "open_store",
    "use_database",
]

DB_ENV = "HORDES_KIT_DB"  # `hordes-kit serve --db PATH` hands the file to the kernels here
MAX_TABLES = 2000  # beyond this the least recently seen table that is not live goes
MAX_LINKS = 5000  # short links kept (the least recently used that is not in use goes)
LIVE_FOR = 24 * 3600.0  # a seat seen, a short link made or opened this recently: kept
SHORT_LEN = 10
KINDS = ("person", "bot")


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

    def __init__(self, path: str | os.PathLike, timeout: float | None = None) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        wait = dbfile.BUSY_TIMEOUT if timeout is None else timeout
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = dbfile.connect(self.path, wait)
        except dbfile.FAILURES as e:
            raise TableError(f"the table database {self.path.name!r} cannot be used: {e}") from None
        except OSError as e:
            raise TableError(
                f"the table database {self.path.name!r} cannot be made: {e.strerror}"
            ) from None
        try:
            with self._write() as db:
                dbfile.prepare(db, self.path)
        except TableError as e:
            self._db.close()
            if isinstance(e, dbfile.ReadOnly):
                raise TableError(
                    f"the table database {self.path.name!r} is read-only here: make it "
                    "writable, or choose another file"
                ) from None
            raise

    # --- plumbing ------------------------------------------------------------------------

    def _write(self) -> Txn:
        return Txn(self._lock, self._db)

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except dbfile.FAILURES as e:
                raise sql_error(e, "read") from None

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    # --- tables --------------------------------------------------------------------------

    def create(
        self,
        game: str,
        config: dict,
        seats: Sequence[tuple[str, str]],
        asker: Asker | None = None,
    ) -> str:
        """A new table of ``game`` with ``config`` and seats ``(name, "person"|"bot")``;
        returns its code. A page's request names its ``asker`` (rate-limited)."""
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
            if asker is not None:
                charge(db, "tables", TABLE_LIMITS, asker, now)
            for _ in range(20):
                code = new_code()
                if not db.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone():
                    break
            else:  # pragma: no cover - 148 million codes
                raise TableError("no free table code: try again")
            self._make_room(db, code, now)
            db.execute("INSERT INTO tables VALUES (?,?,?,?,?)", (code, game, text, now, now))
            db.executemany(
                "INSERT INTO seats VALUES (?,?,?,?,NULL,NULL)",
                [(code, i, name, kind) for i, (name, kind) in enumerate(seats)],
            )
        return code

    def _make_room(self, db: sqlite3.Connection, code: str, now: float) -> None:
        """Room for one more table: the least recently seen tables that are not live go;
        when every table is live, refused in words."""
        (count,) = db.execute("SELECT count(*) FROM tables").fetchone()
        extra = count + 1 - MAX_TABLES
        if extra <= 0:
            return
        live = now - LIVE_FOR
        old = db.execute(
            "SELECT code FROM tables t WHERE NOT EXISTS (SELECT 1 FROM seats s WHERE "
            "s.code=t.code AND s.seen > ?) ORDER BY touched LIMIT ?",
            (live, extra),
        ).fetchall()
        if len(old) < extra:
            (n,) = db.execute(
                "SELECT count(DISTINCT code) FROM seats WHERE seen > ?", (live,)
            ).fetchone()
            raise TableError(
                f"this server holds {n:,} live table{'s' * (n != 1)} (a seat at each was "
                f"seen in the last {LIVE_FOR / 3600:.0f} hours), as many as it keeps: ask "
                "the host"
            )
        db.executemany("DELETE FROM tables WHERE code=?", old)

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
        now = time.time()
        with self._write() as db:
            cur = db.execute(
                "UPDATE seats SET secret=?, seen=? WHERE code=? AND seat=? AND kind='person' "
                "AND secret IS NULL",
                (secret_hash(secret), now, code, seat),
            )
            ok = cur.rowcount == 1
            if ok:
                db.execute("UPDATE tables SET touched=? WHERE code=?", (now, code))
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

    def seen(self, code: str, seat: int | None) -> None:
        """A page still looks at this table (as ``seat``'s player, or watching): what keeps
        a table from being cleared (pages say so about once a minute)."""
        now = time.time()
        with self._write() as db:
            db.execute("UPDATE tables SET touched=max(touched, ?) WHERE code=?", (now, code))
            if seat is not None:
                db.execute(
                    "UPDATE seats SET seen=? WHERE code=? AND seat=? AND kind='person'",
                    (now, code, seat),
                )

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
                db.execute(
                    "UPDATE seats SET seen=? WHERE code=? AND seat=? AND kind='person'",
                    (now, code, seat),
                )
        except sqlite3.IntegrityError:  # another kernel wrote move n between our reads
            return False
        return True

    # --- short links ---------------------------------------------------------------------

    def shorten(self, query: str, asker: Asker | None = None) -> str:
        """Keep a page's query and return its short id (the same query, the same id). A
        new one a page asks for is charged to its ``asker`` (rate-limited)."""
        if not isinstance(query, str) or not 0 < len(query) <= MAX_QUERY:
            raise InvalidInputError(f"a link's query is 1-{MAX_QUERY:,} characters")
        sid = _short_id(query)
        now = time.time()
        with self._write() as db:
            if db.execute("SELECT 1 FROM links WHERE id=?", (sid,)).fetchone():
                db.execute("UPDATE links SET used=? WHERE id=?", (now, sid))
                return sid
            if asker is not None:
                charge(db, "short links", LINK_LIMITS, asker, now)
            (count,) = db.execute("SELECT count(*) FROM links").fetchone()
            extra = count + 1 - MAX_LINKS
            if extra > 0:
                old = db.execute(
                    "SELECT id FROM links WHERE used <= ? ORDER BY used LIMIT ?",
                    (now - LIVE_FOR, extra),
                ).fetchall()
                if len(old) < extra:
                    raise TableError(
                        f"this server keeps {count:,} short links made or opened in the last "
                        f"{LIVE_FOR / 3600:.0f} hours, as many as it keeps"
                    )
                db.executemany("DELETE FROM links WHERE id=?", old)
            db.execute("INSERT INTO links VALUES (?,?,?,?)", (sid, query, now, now))
        return sid

    def expand(self, sid: str) -> str:
        """The query kept under a short id (``TableError`` when it is not kept here)."""
        rows = self._read("SELECT query FROM links WHERE id=?", (sid,))
        if not rows:
            raise TableError(
                "this short link is not kept on this server (short links open only on the "
                "server that made them, and old ones are cleared)"
            )
        try:  # opened: in use (a busy store still opens it, it only forgets to say so)
            with self._write() as db:
                db.execute("UPDATE links SET used=? WHERE id=?", (time.time(), sid))
        except TableBusy:
            pass
        return rows[0][0]


def use_database(path: str | None) -> Path:
    """Check the tables' database and hand it to every kernel started from here
    (``hordes-kit serve --db PATH``, made if missing); returns its path. Without ``--db``
    the kit's own file is checked when it exists (else made when a table is first
    created)."""
    if not path:
        p = db_path()
        if p.exists():
            TableStore(p).close()
        return p
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
