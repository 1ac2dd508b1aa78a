"""What every game's card loader checks the same way: the size of a card file's text, how
many cards of a kind it lists, the id a name makes (never empty, never twice in one id
space, both places named), whole numbers written inside a text, and the semantic checks
of a game's card text wherever that text enters (``check_card_text``).

The bounds are documented here, in each game's ``cards.py`` and in the README; each is
checked while the file is read, before anything is built from it, so the work a card
file can cause grows with its size and no faster.
"""

from __future__ import annotations

import re
from typing import Any

from hordes_kit.core.data import slug
from hordes_kit.core.errors import CardDataError, HordesKitError

__all__ = [
    "CARD_TEXT_LIMIT",
    "MAX_ROWS",
    "MAX_NAME",
    "MAX_LIST",
    "check_size",
    "card_id",
    "IdSpace",
    "small_int",
    "text_of",
    "check_card_text",
]

# characters of a card file's text (TOML or CSV); the shipped files are 3-40 KB. A
# parser's memory and time grow with the text (a TOML file of a million characters
# costs at most ~25 MB and ~0.6 s to parse, 4 MiB cost 100 MB)
CARD_TEXT_LIMIT = 1_000_000
MAX_ROWS = 500  # cards of one kind in a file (tables or CSV rows); the box has at most 120
MAX_NAME = 100  # characters of a card's name
MAX_LIST = 20  # items of a list field of one card (keywords, abilities, effects, ...)

_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def check_size(text: str, file: str, limit: int = CARD_TEXT_LIMIT) -> None:
    """Refuse a card file's text longer than ``limit`` characters, before it is parsed."""
    if len(text) > limit:
        raise CardDataError(
            file, None, None, f"{len(text):,} characters: a card file is at most {limit:,}"
        )


def card_id(
    file: str, name: str, field: str = "name", card: str | None = None, where: str = ""
) -> str:
    """The id a card's name makes (``slug``); a name of no letter or digit is refused,
    naming the file, the card and the field.

    >>> card_id("f.toml", "Half Elves")
    'half-elves'
    >>> card_id("f.toml", "!!!")
    Traceback (most recent call last):
    hordes_kit.core.errors.CardDataError: f.toml, card '!!!', field 'name': '!!!' makes no card id: a name needs a letter or a digit
    """  # noqa: E501
    cid = slug(name)
    if not cid:
        raise CardDataError(
            file,
            card if card is not None else name,
            field,
            f"{where + ' ' if where else ''}{name[:60]!r} makes no card id: a name needs a "
            "letter or a digit",
        )
    return cid


class IdSpace:
    """Ids of one kind of thing in a file: a second name that makes an id already taken
    is refused, the error naming both places.

    >>> ids = IdSpace("f.toml")
    >>> ids.add("akintunde", "Akintunde", "[[hero]] 1")
    >>> ids.add("akintunde", "AKINTUNDE", "[[hero]] 5")
    Traceback (most recent call last):
    hordes_kit.core.errors.CardDataError: f.toml, card 'AKINTUNDE', field 'name': [[hero]] 5 makes the id 'akintunde', as 'Akintunde' ([[hero]] 1) does: rename one
    """  # noqa: E501

    def __init__(self, file: str, field: str = "name") -> None:
        self.file, self.field = file, field
        self.seen: dict[str, tuple[str, str]] = {}

    def add(self, cid: str, name: str, where: str) -> None:
        """Take ``cid`` for ``name`` (found at ``where``: its kind and row)."""
        if cid in self.seen:
            other, at = self.seen[cid]
            why = (
                f"listed twice, as {at} and {where}"
                if other == name
                else f"{where} makes the id {cid!r:.60}, as {other[:60]!r} ({at}) does"
            )
            raise CardDataError(self.file, name[:60], self.field, f"{why}: rename one")
        self.seen[cid] = (name, where)

    def __contains__(self, cid: object) -> bool:
        return cid in self.seen


def small_int(word: str, lo: int, hi: int) -> int | None:
    """A whole number of ASCII digits from ``lo`` to ``hi`` written in a text, or None
    (``'²'``, ``'٣'``, 5,000 digits and out-of-range numbers are None, never an error).

    >>> small_int("3", 1, 5), small_int("²", 1, 5), small_int("9" * 5000, 1, 5)
    (3, None, None)
    """
    w = word.strip()
    if not _DIGITS.fullmatch(w) or len(w.lstrip("0")) > len(str(hi)):
        return None
    n = int(w)
    return n if lo <= n <= hi else None


def text_of(text: Any, source: str) -> str:
    """``text`` if it is a text (a card file's), else the kit's error naming ``source``."""
    if not isinstance(text, str):
        raise CardDataError(source, None, None, "must be the text of a card file")
    return text


def check_card_text(game: str, text: Any, source: str = "the card data in the config") -> None:
    """Every check of ``game``'s card text (fields, bounds, ids, and that a game can start
    and play with it), as its loader makes them wherever card text enters: check-data,
    a game's start, a save's Load, a link, a table. Raises the kit's ``CardDataError``
    (``HordesKitError`` for a game without card files)."""
    from hordes_kit.core.registry import get_game

    data = getattr(get_game(game).cli_module(), "DATA", None)
    load = getattr(data, "text", None)
    if load is None:
        raise HordesKitError(f"{game} has no card files")
    load(text, source)
