"""Short links: a page's address too long to share comfortably (a whole game's position
is about 4,000 characters) is kept in the tables' database under a short id, and the
link says ``?short=ID``. Opening it puts the kept query back before the page reads it;
a short link made by another server, or cleared since, is refused in words.

>>> is_long("position=" + "x" * 3000), is_long("table=KXMPRT")
(True, False)
"""

from __future__ import annotations

from hordes_kit.core.query import matching, parse_query
from hordes_kit.core.tables.quota import Asker
from hordes_kit.core.tables.store import SHORT_LEN, open_store

__all__ = ["SHORT", "LONG_LINK", "is_long", "shorten", "expand_short"]

SHORT = "short"  # the query parameter of a short link
LONG_LINK = 2000  # characters of query beyond which a link is kept and shortened
_CHECK = {SHORT: matching(f"[a-z2-9]{{{SHORT_LEN}}}", "a short link's id")}


def is_long(query: str) -> bool:
    """True for a query too long to share comfortably."""
    return len(query) > LONG_LINK


def shorten(query: str, asker: Asker | None = None) -> str:
    """The query of a short link that opens ``query`` (kept in the tables' database); a
    page names itself as the ``asker`` (how fast it may make them is limited)."""
    return f"{SHORT}={open_store().shorten(query, asker)}"


def expand_short(query: str) -> str:
    """The query a page reads: a short link's kept query, else ``query`` itself. A damaged
    or unknown short link is refused with the kit's error."""
    if f"{SHORT}=" not in (query or ""):
        return query
    wanted = parse_query(query, _CHECK)
    if SHORT not in wanted:
        return query
    return open_store().expand(wanted[SHORT])
