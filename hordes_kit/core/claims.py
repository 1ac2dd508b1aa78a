"""What a walkthrough's words say about its own table, checked against the engine.

A step's narration states numbers a player checks on the table under it: "the Undead pile
holds 3 cards", "11 Crowns left", "Turn 2". Each game lists the phrases that state a fact
of its table in ``data/<game>/claims.toml``, with the fact of the engine's view they
state::

    [[claim]]
    says = "cards in a pile"                  # what the fact is, in a report
    phrase = 'the (?P<pile>Undead|Men) pile (?:holds|has) {n} cards?'
    fact = "piles.{pile}.cards"               # a dotted path into state.facts()
    measure = "count"                         # "value" (default), "count" (a list's
                                              # length) or "total" (a table's numbers added)
    asides = false                            # optional: true when the phrase is itself an
                                              # aside in parentheses ("the castle (19)")
    [claim.keys]                              # optional: a group's words -> the path's key
    Undead = "undead"                         # (default: the words in lower case)

``{n}`` is the number (digits, or a word up to twenty). The phrases are written to match
what a text says the table shows *now*: a card's cost in parentheses, a sum worked out
on the way, a what-if are not claims. Two rules keep them so:

- words in parentheses are asides (a cost, a sum, a what-if): they state nothing (a
  claim that is itself an aside, ``asides = true``, looks inside them);
- a text may tell how a number came to be ("12 Crowns ... tax 1, 11 left"): of several
  statements of one fact, the last is the one the table must show.

:func:`mismatches` checks one text against one state; ``tests/test_claims.py`` checks every
walkthrough step of every game: its ``say`` against the table after it, its ``ask``
against the table it is asked on, the walkthrough's ``intro`` against its set-up.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.scenario import lookup
from hordes_kit.core.state import GameState

__all__ = ["Claim", "Stated", "Mismatch", "load_claims", "claims_of", "stated", "mismatches"]

WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()
NUMBER = r"(?P<n>\d+|" + "|".join(WORDS) + r")\b"
MEASURES = ("value", "count", "total")
_ASIDE = re.compile(r"\([^()]*\)")


def number(text: str) -> int:
    """A number as a step writes it, in digits or words.

    >>> number("4"), number("Four"), number("twelve")
    (4, 4, 12)
    """
    t = text.lower()
    return int(t) if t.isdigit() else WORDS.index(t)


@dataclass(frozen=True)
class Claim:
    """One phrase that states a fact of the table, and where the engine has that fact."""

    says: str
    phrase: re.Pattern
    fact: str
    measure: str = "value"
    keys: Mapping[str, str] = field(default_factory=dict)
    asides: bool = False  # the phrase is itself in parentheses: matched in the whole text

    def path(self, m: re.Match) -> str | None:
        """The fact's dotted path for one match (its groups fill the path's keys), or None
        when a group the path needs took no part in the match."""
        found = {k: v for k, v in m.groupdict().items() if k != "n" and v is not None}
        if not _fields(self.fact) <= found.keys():
            return None
        return self.fact.format(**{k: self.keys.get(v, v.lower()) for k, v in found.items()})


@dataclass(frozen=True)
class Stated:
    """A number a text states about the table: which fact, how much, in which words."""

    claim: Claim
    path: str
    value: int
    words: str


@dataclass(frozen=True)
class Mismatch:
    """A statement the table contradicts (``shown`` is None: the table has no such fact)."""

    stated: Stated
    shown: Any

    def __str__(self) -> str:
        if self.shown is None:
            return f"says {self.stated.words!r}, but the table has no {self.stated.path!r}"
        return (
            f"says {self.stated.words!r} ({self.stated.claim.says}), the table shows {self.shown}"
        )


def _fields(fact: str) -> set[str]:
    """The ``{group}`` keys a fact's path names; ValueError unless each is a plain name."""
    names = set()
    for _text, name, spec, conversion in string.Formatter().parse(fact):
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise ValueError(f"{{{name}}} is not a plain group name")
        names.add(name)
    return names


def load_claims(path) -> tuple[Claim, ...]:
    """A game's claims file, checked: every phrase compiles and has its number group."""
    file = str(path)
    raws = read_toml(path).get("claim", [])
    if not isinstance(raws, list):
        raise CardDataError(file, None, "claim", "must be a list of [[claim]] tables")
    out = []
    for i, raw in enumerate(raws, 1):
        where = f"claim {i}"
        if not isinstance(raw, dict):
            raise CardDataError(file, where, None, "must be a table")
        for key in ("says", "phrase", "fact"):
            if not isinstance(raw.get(key), str) or not raw[key]:
                raise CardDataError(file, where, key, "must be a non-empty string")
        measure = raw.get("measure", "value")
        if measure not in MEASURES:
            raise CardDataError(file, where, "measure", f"must be one of {', '.join(MEASURES)}")
        keys = raw.get("keys", {})
        if not isinstance(keys, dict) or not all(isinstance(v, str) for v in keys.values()):
            raise CardDataError(file, where, "keys", "must be a table of words")
        if not isinstance(raw.get("asides", False), bool):
            raise CardDataError(file, where, "asides", "must be true or false")
        if "{n}" not in raw["phrase"]:
            raise CardDataError(file, where, "phrase", "must hold {n}, the number it states")
        try:
            phrase = re.compile(raw["phrase"].replace("{n}", NUMBER))
        except re.error as e:
            raise CardDataError(file, where, "phrase", f"is not a pattern: {e}") from None
        if "n" not in phrase.groupindex:
            raise CardDataError(file, where, "phrase", "must hold {n} outside a set [...]")
        try:
            fields = _fields(raw["fact"])
        except ValueError as e:
            raise CardDataError(
                file, where, "fact", f"is not a path with {{group}} keys: {e}"
            ) from None
        unknown = fields - (phrase.groupindex.keys() - {"n"})
        if unknown:
            raise CardDataError(
                file, where, "fact", f"names {', '.join(sorted(unknown))}, no group of the phrase"
            )
        asides = raw.get("asides", False)
        out.append(Claim(raw["says"], phrase, raw["fact"], measure, dict(keys), asides))
    return tuple(out)


@lru_cache(maxsize=8)
def claims_of(game_dir: str) -> tuple[Claim, ...]:
    """The claims a game's walkthrough words may make (none without a claims file)."""
    path = data_path(game_dir, "claims.toml")
    return load_claims(path) if path.is_file() else ()


def stated(text: str, claims: Sequence[Claim]) -> list[Stated]:
    """Every number ``text`` states about the table, in reading order (asides in
    parentheses left out)."""
    plain = text
    while _ASIDE.search(plain):  # innermost first, kept the same length
        plain = _ASIDE.sub(lambda m: " " * len(m.group()), plain)
    found = []
    for claim in claims:
        for m in claim.phrase.finditer(text if claim.asides else plain):
            path = claim.path(m)
            if path is not None and m["n"] is not None:
                found.append((m.start(), Stated(claim, path, number(m["n"]), m.group())))
    return [s for _at, s in sorted(found, key=lambda x: x[0])]


def _shown(facts: Any, path: str, measure: str) -> Any:
    try:
        got = lookup(facts, path)
    except KeyError:
        return None
    if measure == "count":
        return len(got) if isinstance(got, (list, dict)) else None
    if measure == "total":
        values = got.values() if isinstance(got, dict) else got
        return sum(values) if isinstance(values, (list, type({}.values()))) else None
    return got


def mismatches(text: str, state: GameState, claims: Sequence[Claim]) -> list[Mismatch]:
    """What ``text`` says of the table that ``state`` contradicts: of each fact, the last
    statement must be what the engine's view shows."""
    last: dict[str, Stated] = {}
    for s in stated(text, claims):
        last[s.path] = s
    if not last:
        return []
    facts = state.facts()
    out = []
    for s in last.values():
        shown = _shown(facts, s.path, s.claim.measure)
        if shown != s.value:
            out.append(Mismatch(s, shown))
    return out
