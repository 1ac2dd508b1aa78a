"""A table on several devices: one game, its seats and its history in a SQLite file that
every page's kernel reads and writes (``store``), the codes and secrets of its links
(``codes``), a page's seat at it (``session``), the file's own checks (``dbfile``) and how
fast a page may make tables and short links (``quota``)."""

from hordes_kit.core.tables.codes import new_code, parse_code, parse_seat, parse_secret
from hordes_kit.core.tables.quota import Asker
from hordes_kit.core.tables.session import Played, TableSession
from hordes_kit.core.tables.store import (
    DB_ENV,
    Seat,
    Table,
    TableBusy,
    TableError,
    TableStore,
    db_path,
    open_store,
)

__all__ = [
    "Asker",
    "DB_ENV",
    "Played",
    "Seat",
    "Table",
    "TableBusy",
    "TableError",
    "TableSession",
    "TableStore",
    "db_path",
    "new_code",
    "open_store",
    "parse_code",
    "parse_secret",
    "parse_seat",
]
