"""How fast one page and one client address may make new tables and short links.

Every new table or short link a page asks for is charged to two buckets in the tables'
database, shared by every kernel of the server: the page's own and the client address's
(each starts full, ``burst`` at once, and refills one every ``every`` seconds). An empty
bucket refuses in words, with the wait. The address is the one the kit's server saw the
page's request come from (``hordes-kit serve`` hands it to the page's kernel: see
:data:`CLIENT_HEADER`), never one the browser says; an IPv6 client counts by its /64
network (one home's or phone's whole block). Where no server says it (a notebook, plain
Voila), only the page's bucket counts. A bucket that has refilled is forgotten, so the
buckets stay as few as the askers of the last hour.

>>> client_key("::ffff:192.0.2.7"), client_key("2001:db8::1"), client_key("me")
('192.0.2.7', '2001:db8::/64', '')
"""

from __future__ import annotations

import ipaddress
import math
import sqlite3
from dataclasses import dataclass

from hordes_kit.core.tables.dbfile import TableError

__all__ = [
    "CLIENT_HEADER",
    "CLIENT_ENV",
    "Limit",
    "Asker",
    "TooFast",
    "TABLE_LIMITS",
    "LINK_LIMITS",
    "client_key",
    "charge",
]

# The request header through which the kit's server tells a page's kernel its client's
# address (Voila hands it to the kernel as this environment variable); the server sets it
# itself on every page request, over anything a browser sent under that name.
CLIENT_HEADER = "X-Hordes-Kit-Client"
CLIENT_ENV = "HTTP_X_HORDES_KIT_CLIENT"


@dataclass(frozen=True)
class Limit:
    """A bucket: ``burst`` at once, then one more every ``every`` seconds."""

    burst: int
    every: float


# A playgroup makes a few tables an evening: one address makes at most 20 + 20 an hour,
# so it alone cannot fill the store's 2,000 with live tables in a day (see store.py).
TABLE_LIMITS = {"page": Limit(5, 60.0), "address": Limit(20, 180.0)}
# "Copy link" on a long game makes a short link each time the game has moved on.
LINK_LIMITS = {"page": Limit(30, 10.0), "address": Limit(60, 60.0)}


class TooFast(TableError):
    """Too many new tables or short links from one page or address: the wait in words."""


@dataclass(frozen=True)
class Asker:
    """Who asks for a new table or short link: the page (its kernel) and the client's
    address as the server saw it (a :func:`client_key`; "" when no server says)."""

    page: str
    address: str = ""

    def buckets(self) -> list[tuple[str, str]]:
        """``(scope, key)`` of each bucket a request of this asker is charged to."""
        out = [("page", self.page[:64])]
        if self.address:
            out.append(("address", self.address[:64]))
        return out


def client_key(text: object) -> str:
    """The bucket of a client address as the server wrote it: an IPv4 address, an IPv6
    /64 network, or "" when ``text`` is not an address."""
    if not isinstance(text, str) or len(text) > 100:
        return ""
    try:
        ip = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return ""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _wait(seconds: float) -> str:
    s = max(1, math.ceil(seconds))
    return f"{s} s" if s < 90 else f"{math.ceil(s / 60)} minutes"


def charge(
    db: sqlite3.Connection, what: str, limits: dict[str, Limit], asker: Asker, now: float
) -> None:
    """Inside the write transaction of a new ``what`` ("tables", "short links"): take one
    from each of the asker's buckets, or refuse (nothing taken) with :class:`TooFast`."""
    db.execute("DELETE FROM quota WHERE full <= ?", (now,))  # refilled: forgotten
    rows = []
    for scope, key in asker.buckets():
        limit = limits[scope]
        who = f"{what}:{scope}:{key}"
        row = db.execute("SELECT tokens, at FROM quota WHERE who=?", (who,)).fetchone()
        tokens = float(limit.burst)
        if row is not None:
            tokens = min(tokens, row[0] + max(0.0, now - row[1]) / limit.every)
        if tokens < 1:
            source = "this page" if scope == "page" else "your network address"
            raise TooFast(
                f"too many new {what} from {source} just now: the next one in "
                f"{_wait((1 - tokens) * limit.every)}"
            )
        left = tokens - 1
        rows.append((who, left, now, now + (limit.burst - left) * limit.every))
    db.executemany("INSERT OR REPLACE INTO quota VALUES (?,?,?,?)", rows)
