"""Declared schemas: every game's config read by one checker, its rules stated as data.

A game declares its config (players, seats, table rules, card text, a described position)
as a ``Record`` of fields: ``Whole(1, 2)``, ``Text(60)``, ``ListOf(Text(60), most=40)``,
``TableRule("skytear", "reactions")``... ``Record.read`` checks a plain value completely
(types, ranges, lengths, choices, every key known) and returns a fresh JSON-shaped copy
of what it read, before anything is built. Booleans are not numbers, floats are not whole
numbers, a list's length is checked before its items are read, and a bound may name an
earlier field (``Ref("players")``). Every refusal is one ``InvalidInputError`` in words,
naming the place (``Skytear Horde option position, hands, item 1: ...``).

The same declaration serves every way a config comes in, because each one goes through
the game's ``from_dict``: a new game, the board's Load and a position link (``core.savefile``,
``core.links``), a shared table (``core.tables``), a scenario, and the command line, whose
options can take their type from a field (``core.args.argument``). Tests draw configs
from it.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any

from hordes_kit.core.cardcheck import CARD_TEXT_LIMIT
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.options import option_specs, same_value

__all__ = [
    "CARD_TEXT_LIMIT",
    "NAME_LIMIT",
    "Ref",
    "Spec",
    "Whole",
    "seats",
    "PERSON",
    "seat_players",
    "Flag",
    "Text",
    "OneOf",
    "TableRule",
    "ListOf",
    "SeatList",
    "MapOf",
    "Record",
    "AnyOf",
    "Nullable",
    "config_schema",
    "shown",
]

# CARD_TEXT_LIMIT (core.cardcheck): characters of a player's own card data in a config, the
# bound of a card file wherever it is read
NAME_LIMIT = 60  # characters of a name in a config (a castle, a deck, a card, a seat)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def shown(value: Any) -> str:
    """A value as a message quotes it: JSON's words, long texts and huge numbers cut short.

    >>> shown(True), shown(2.0), shown("x" * 60), shown(10**40), shown([1, 2])
    ('true', '2.0', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (60 characters)", 'a number of 41 digits', 'a list')
    """  # noqa: E501
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):  # (str() of a number of 5,000 digits raises)
        digits = int(value.bit_length() * 0.30103) + 1
        return str(value) if abs(value) < 10**15 else f"a number of {digits} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else f"{value[:30]!r}... ({len(value):,} characters)"
    kind = "a table" if isinstance(value, Mapping) else "a list" if isinstance(value, list) else ""
    return kind or repr(value)[:40]


@dataclass(frozen=True)
class Ref:
    """A bound read from an earlier field of the config: ``Ref("players", -1)``."""

    field: str
    plus: int = 0


@dataclass(frozen=True)
class At:
    """Where a value sits in the config being read, and what was read before it."""

    title: str
    path: tuple[str, ...]
    ctx: dict

    def key(self, k: str) -> At:
        """The place of a table's key."""
        return At(self.title, self.path + (k,), self.ctx)

    def item(self, i: int) -> At:
        """The place of a list's item (counted from 1 in words)."""
        return At(self.title, self.path + (f"item {i + 1}",), self.ctx)

    def fail(self, problem: str) -> InvalidInputError:
        """The kit's error naming this place."""
        where = f" {', '.join(self.path)}" if self.path else ""
        return InvalidInputError(f"{self.title} option{where}: {problem}")

    def bound(self, b: int | Ref) -> int:
        """A bound's value here (a ``Ref`` reads the field it names)."""
        return b if isinstance(b, int) else int(self.ctx[b.field]) + b.plus


class Spec(ABC):
    """A declared value: ``read`` checks one and returns what was read; ``describe`` says
    what it must be, in words."""

    kinds: tuple[type, ...] = (object,)

    @abstractmethod
    def read(self, value: Any, at: At) -> Any:
        """The value checked and read, or ``at.fail(...)`` raised."""

    @abstractmethod
    def describe(self) -> str:
        """What a value must be, in words."""

    def check(self, value: Any, title: str = "config", ctx: dict | None = None) -> Any:
        """``read`` on its own (``ctx``: the fields a ``Ref`` bound reads)."""
        return self.read(value, At(title, (), dict(ctx or {})))


def _range(lo: int | Ref, hi: int | Ref) -> str:
    def word(b: int | Ref) -> str:
        return str(b) if isinstance(b, int) else b.field + (f"{b.plus:+d}" if b.plus else "")

    return f"{word(lo)}-{word(hi)}"


@dataclass(frozen=True)
class Whole(Spec):
    """A whole number from ``lo`` to ``hi`` (``true`` and ``2.0`` are not whole numbers)."""

    lo: int | Ref
    hi: int | Ref
    what: str = ""  # in words, when a player would say it otherwise ("2-5 players")
    kinds = (int,)

    def read(self, value: Any, at: At) -> int:
        lo, hi = at.bound(self.lo), at.bound(self.hi)
        if type(value) is not int or not lo <= value <= hi:
            want = self.what or f"a whole number {lo}-{hi}"
            raise at.fail(f"must be {want}, got {shown(value)}")
        return value

    def describe(self) -> str:
        return self.what or f"a whole number {_range(self.lo, self.hi)}"


def seats(lo: int, hi: int) -> Whole:
    """A game's ``players``: ``lo`` to ``hi`` (one: a solo game), said in players' words.

    >>> seats(2, 5).check(6, "Fantahzee")
    Traceback (most recent call last):
    hordes_kit.core.errors.InvalidInputError: Fantahzee option: must be 2-5 players, got 6
    """
    return Whole(lo, hi, "1 (a solo game)" if lo == hi == 1 else f"{lo}-{hi} players")


PERSON = "person"  # who plays a seat in a save or link: a person, or one of the game's bots


def seat_players(
    bots: tuple[str, ...], most: int, bot_seats: tuple[int, ...] | None = None
) -> ListOf:
    """Who plays each seat of a saved or linked game: ``"person"`` or one of ``bots``, a bot
    only at ``bot_seats`` (counted from 0; None: at any seat).

    >>> seat_players(("strong",), 5).check(["person", "weak"], "Fantahzee seats")
    Traceback (most recent call last):
    hordes_kit.core.errors.InvalidInputError: Fantahzee seats option item 2: must be one of 'person', 'strong', got 'weak'
    >>> seat_players(("sensible",), 2, (1,)).check(["sensible"], "Skytear seats")
    Traceback (most recent call last):
    hordes_kit.core.errors.InvalidInputError: Skytear seats option item 1: Player 1 is a person's seat (a bot plays only Player 2), got 'sensible'
    """  # noqa: E501
    return SeatList(OneOf((PERSON, *bots)), most=most, least=1, noun="seats", bot_seats=bot_seats)


@dataclass(frozen=True)
class Flag(Spec):
    """``true`` or ``false`` (not 0 or 1)."""

    kinds = (bool,)

    def read(self, value: Any, at: At) -> bool:
        if not isinstance(value, bool):
            raise at.fail(f"must be true or false, got {shown(value)}")
        return value

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Text(Spec):
    """Text of ``least`` to ``most`` characters; ``lines``: several lines (card data),
    else one line; no other control characters."""

    most: int
    least: int = 0
    lines: bool = False
    pattern: str = ""  # the whole text must match it (``what`` says what it is in words)
    what: str = ""
    kinds = (str,)

    def read(self, value: Any, at: At) -> str:
        if not isinstance(value, str):
            raise at.fail(f"must be {self.describe()}, got {shown(value)}")
        if not self.least <= len(value) <= self.most:
            raise at.fail(f"must be {self.describe()}, got {len(value):,} characters")
        if (_CONTROL_BUT_LINES if self.lines else _CONTROL).search(value):
            raise at.fail("holds a control character")
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise at.fail(f"must be {self.describe()}, got {shown(value)}")
        return value

    def describe(self) -> str:
        least = f"{self.least}-" if self.least else "at most "
        return self.what or f"text of {least}{self.most:,} characters"


@dataclass(frozen=True)
class OneOf(Spec):
    """One of a few values, of the same type (``1`` is not ``true``)."""

    values: tuple

    @property
    def kinds(self) -> tuple[type, ...]:  # type: ignore[override]
        return tuple({type(v): 0 for v in self.values})  # (bool is told from int)

    def read(self, value: Any, at: At) -> Any:
        if not any(same_value(v, value) for v in self.values):
            raise at.fail(f"must be {self.describe()}, got {shown(value)}")
        return value

    def describe(self) -> str:
        return "one of " + ", ".join(shown(v) for v in self.values)


@dataclass(frozen=True)
class TableRule(Spec):
    """A table rule: one of the choices ``data/<game_dir>/options.toml`` lists for ``field``
    (read from the data file when first asked)."""

    game_dir: str
    field: str
    kinds = OneOf.kinds

    @property
    def values(self) -> tuple:
        """The values the table rule may take, in the file's order."""
        return option_specs(self.game_dir)[self.field].values

    def read(self, value: Any, at: At) -> Any:
        return OneOf(self.values).read(value, at)

    def describe(self) -> str:
        return OneOf(self.values).describe()


@dataclass(frozen=True)
class ListOf(Spec):
    """A list of at most ``most`` items (``least``; ``exactly``, or none when ``or_none``),
    its length checked before any item is read; ``single``: one item alone is a list of one.
    """

    item: Spec
    most: int | Ref
    least: int = 0
    exactly: int | Ref | None = None
    or_none: bool = False
    noun: str = "entries"
    single: bool = False
    kinds = (list, tuple)

    def read(self, value: Any, at: At) -> list:
        if self.single and not isinstance(value, list) and isinstance(value, self.item.kinds):
            value = [value]
        if not isinstance(value, list | tuple):
            raise at.fail(f"must be a list of {self.noun}, got {shown(value)}")
        n, most = len(value), at.bound(self.most)
        if self.exactly is not None and not (self.or_none and n == 0):
            want = at.bound(self.exactly)
            if n != want:
                raise at.fail(f"needs {want} {self.noun} (one each), got {n:,}")
        if n > most:
            raise at.fail(f"lists {n:,} {self.noun}; at most {most:,}")
        if n < self.least:
            raise at.fail(f"lists {n:,} {self.noun}; at least {self.least}")
        return [self.item.read(v, at.item(i)) for i, v in enumerate(value)]

    def describe(self) -> str:
        most = self.most if isinstance(self.most, int) else _range(0, self.most)[2:]
        return f"a list of at most {most} {self.noun} ({self.item.describe()})"


@dataclass(frozen=True)
class SeatList(ListOf):
    """``seat_players``: a list of seats, a bot only at ``bot_seats`` (None: at any)."""

    bot_seats: tuple[int, ...] | None = None

    def read(self, value: Any, at: At) -> list:
        seats = super().read(value, at)
        allowed = self.bot_seats
        for i, seat in enumerate(seats):
            if allowed is not None and seat != PERSON and i not in allowed:
                where = " or ".join(f"Player {k + 1}" for k in allowed) or "no seat"
                raise at.item(i).fail(
                    f"Player {i + 1} is a person's seat (a bot plays only {where}), "
                    f"got {shown(seat)}"
                )
        return seats


@dataclass(frozen=True)
class MapOf(Spec):
    """A table of at most ``most`` keys (each read by ``key``) and values; ``total``: at
    most that many characters in all its text values together."""

    key: Spec
    value: Spec
    most: int
    total: int | None = None
    kinds = (dict,)

    def read(self, value: Any, at: At) -> dict:
        if not isinstance(value, Mapping):
            raise at.fail(f"must be a table, got {shown(value)}")
        if len(value) > self.most:
            raise at.fail(f"has {len(value):,} entries; at most {self.most:,}")
        out = {}
        for k, v in value.items():
            out[self.key.read(k, at)] = self.value.read(v, at.key(str(k)[:40]))
        if self.total is not None:
            size = sum(len(v) for v in out.values() if isinstance(v, str))
            if size > self.total:
                raise at.fail(f"holds {size:,} characters in all; at most {self.total:,}")
        return out

    def describe(self) -> str:
        what = f"{self.key.describe()}: {self.value.describe()}"
        return f"a table of at most {self.most} entries ({what})"


@dataclass(frozen=True)
class Record(Spec):
    """A table of known keys, each with its spec (read in the order declared), ``required``
    keys, and ``defaults`` that later bounds may refer to (``Ref``)."""

    fields: Mapping[str, Spec]
    required: frozenset[str] = frozenset()
    defaults: Mapping[str, Any] | None = None
    title: str = ""  # the root record's name in messages ("Skytear Horde")
    kinds = (dict,)

    def read(self, value: Any, at: At | None = None) -> dict:
        """The record as read (the keys given, each value checked); the kit's error else."""
        root = at is None
        at = At(self.title or "config", (), {}) if at is None else at
        if not isinstance(value, Mapping):
            raise at.fail(f"must be a table of {'options' if root else 'keys'}, got {shown(value)}")
        unknown = sorted(str(k)[:40] for k in value if k not in self.fields)
        if unknown:
            known = ", ".join(self.fields)
            if root:
                raise InvalidInputError(
                    f"unknown {at.title} option {unknown[0]!r} (the options are {known})"
                )
            raise at.fail(f"unknown key {unknown[0]!r} (the keys are {known})")
        missing = sorted(self.required - set(value))
        if missing:
            raise at.fail(f"{missing[0]} is missing")
        out: dict[str, Any] = {}
        if root:
            at = At(at.title, (), dict(self.defaults or {}))
        for k, spec in self.fields.items():
            if k in value:
                out[k] = spec.read(value[k], at.key(k))
                if root:
                    at.ctx[k] = out[k]
        return out

    def describe(self) -> str:
        return "a table of " + ", ".join(self.fields)

    def __getitem__(self, key: str) -> Spec:
        return self.fields[key]

    def explain(self) -> list[str]:
        """One line per key: what it must be (the documented bounds)."""
        return [f"{k}: {spec.describe()}" for k, spec in self.fields.items()]


@dataclass(frozen=True)
class AnyOf(Spec):
    """A value of one of several shapes, told apart by its type (a name or a table)."""

    options: tuple[Spec, ...]

    @property
    def kinds(self) -> tuple[type, ...]:  # type: ignore[override]
        return tuple(k for o in self.options for k in o.kinds)

    def read(self, value: Any, at: At) -> Any:
        for o in self.options:
            if isinstance(value, o.kinds) and not (isinstance(value, bool) and bool not in o.kinds):
                return o.read(value, at)
        raise at.fail(f"must be {self.describe()}, got {shown(value)}")

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)


@dataclass(frozen=True)
class Nullable(Spec):
    """``spec`` or nothing (``null``)."""

    spec: Spec

    @property
    def kinds(self) -> tuple[type, ...]:  # type: ignore[override]
        return (type(None), *self.spec.kinds)

    def read(self, value: Any, at: At) -> Any:
        return None if value is None else self.spec.read(value, at)

    def describe(self) -> str:
        return f"{self.spec.describe()}, or null"


def config_schema(cls: type, title: str, **specs: Spec) -> Record:
    """The schema of the config dataclass ``cls`` (``title``: the game in messages): one
    spec per field of ``cls``, no more and no fewer (a new field cannot skip the schema);
    the dataclass's defaults are what a bound such as ``Ref("players")`` reads when the
    field is not given."""
    names = [f.name for f in fields(cls)]
    # a solo game's config has no players field, but takes "players": 1 (its schema says so)
    extra, missing = set(specs) - set(names) - {"players"}, set(names) - set(specs)
    if extra or missing:
        raise TypeError(f"{cls.__name__}'s schema: fields {sorted(extra | missing)}")
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    defaults.setdefault("players", 1)
    return Record(specs, defaults=defaults, title=title)
