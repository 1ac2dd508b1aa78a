"""Links that open exactly one board position: ``?position=k1.3f9a0c21.eJyrVkrLz...``.

A position link holds what a save file holds (``core.savefile``: the config, with a
player's own card text only when it is not the shipped data, and the action history),
as compact JSON compressed with zlib and written in URL-safe base64, behind a version
tag and a check of the position it replays to. Opening one goes through the save file's
own loader (``load_save``: size, keys, the game's option checks, every move replayed),
then the replayed position must match the check: a link made by a kit whose rules have
changed since is refused whole, with a message naming the link, never opened at a
different position. A link is bounded before anything is decompressed (``MAX_LINK``
characters) and decompresses to at most ``MAX_INFLATED`` bytes (a "zip bomb" costs
nothing); zlib's own checksum refuses a damaged link before anything in it is read.

The position check can only be made on the position, after the replay, and anyone can
write a link with any check: what a link may cost is bounded by its sizes instead, all
checked before the replay (the link's, then the save loader's: the config by the game's
schema, the history's length), so the worst link costs no more than the worst save
(``tests/test_load_budget.py``). Odds questions travel as plain parameters checked by
``core.query``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any

from hordes_kit.core.errors import HordesKitError, SaveFileError
from hordes_kit.core.query import Check
from hordes_kit.core.savefile import read_save, save_doc
from hordes_kit.core.state import GameState

__all__ = [
    "LINK_TAG",
    "MAX_LINK",
    "MAX_INFLATED",
    "POSITION",
    "LinkError",
    "position_link",
    "position_from_link",
    "read_link",
    "position_check",
    "position_digest",
]

LINK_TAG = "k1"  # the link encoding; a new encoding gets a new tag
POSITION = "position"  # the query parameter of a board position
MAX_LINK = 6000  # characters of a position link's value
MAX_INFLATED = 256 * 1024  # bytes a position link may decompress to
NAME = "this link"
_TOKEN = re.compile(r"([a-z0-9]{1,8})\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)")


class LinkError(SaveFileError):
    """A position link that cannot be opened (the message starts with "this link")."""


def position_digest(state: GameState) -> str:
    """A short check of a position: eight hex digits of its public view (hides nothing).

    Two kits that replay the same moves to different positions give different checks.
    """
    text = json.dumps(state.view(None), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def position_link(
    game: str, config: Mapping[str, Any], state: GameState, seats: list[str] | None = None
) -> str:
    """The ``position`` value of a link to this game's position (at most ``MAX_LINK``);
    ``seats``: who plays each seat, as a save file says it.

    A game too long for a link is refused with a message that says to save it instead.

    >>> from hordes_kit.core.registry import get_game
    >>> g = get_game("fantahzee").start({"players": 2})
    >>> token = position_link("fantahzee", {"players": 2}, g)
    >>> token.startswith("k1."), position_from_link(token, "fantahzee")[1] == g
    (True, True)
    """
    doc = save_doc(game, config, state, seats)
    raw = json.dumps(doc, separators=(",", ":")).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    token = f"{LINK_TAG}.{position_digest(state)}.{packed}"
    if len(token) > MAX_LINK:
        raise LinkError(
            f"{NAME}: this game is too long for a link ({len(token):,} characters; the "
            f"limit is {MAX_LINK:,}): use Save game to keep it"
        )
    return token


def _inflate(packed: str) -> bytes:
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(f"{NAME}: damaged (not a kit link)") from None
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, MAX_INFLATED)
    except zlib.error:
        raise LinkError(f"{NAME}: damaged (it does not unpack)") from None
    if inflater.unconsumed_tail:
        raise LinkError(f"{NAME}: unpacks to more than {MAX_INFLATED:,} bytes")
    if not inflater.eof or inflater.unused_data:
        raise LinkError(f"{NAME}: damaged (cut short or padded)")
    return out


def position_from_link(text: str, expect_game: str | None = None) -> tuple[dict, GameState]:
    """Open a position link: ``(config, state)``, exactly the position it was made at."""
    config, state, _seats = read_link(text, expect_game)
    return config, state


def read_link(
    text: str | bytes, expect_game: str | None = None
) -> tuple[dict, GameState, list[str] | None]:
    """Open a position link: ``(config, state, seats)``, ``seats`` who plays each seat
    (None: the link does not say; ``core.savefile.read_save``).

    Anything else is refused whole with ``LinkError`` naming the link: damaged, too
    long, from another game, made by a kit with another link encoding, or whose moves
    do not replay (or replay to another position) with this kit's rules.
    """
    if not isinstance(text, str):
        raise LinkError(f"{NAME}: not text")
    if len(text) > MAX_LINK:
        raise LinkError(f"{NAME}: longer than {MAX_LINK:,} characters")
    m = _TOKEN.fullmatch(text)
    if m is None:
        raise LinkError(f"{NAME}: damaged (not a kit link)")
    tag, digest, packed = m.groups()
    if tag != LINK_TAG:
        raise LinkError(
            f"{NAME}: made by another version of the kit (link version {tag!r}, this kit "
            f"reads {LINK_TAG!r}): it cannot be opened here"
        )
    raw = _inflate(packed)
    try:
        config, state, seats = read_save(raw, expect_game=expect_game, name=NAME)
    except HordesKitError as e:
        raise LinkError(str(e)) from None
    if position_digest(state) != digest:
        raise LinkError(
            f"{NAME}: made by another version of the kit: its moves replay to a different "
            "position here, so it is not opened"
        )
    return config, state, seats


def position_check(game: str, seats: bool = False) -> Check:
    """A ``core.query`` check: the ``position`` parameter opened for ``game``: ``(config,
    state)``, or with ``seats`` ``(config, state, seats)`` (``read_link``)."""

    def check(name: str, value: str) -> tuple:
        opened = read_link(value, expect_game=game)
        return opened if seats else opened[:2]

    check.max_value = MAX_LINK  # type: ignore[attr-defined]
    return check
