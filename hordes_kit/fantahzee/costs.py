"""Fantahzee activation costs: parsing the printed notation and checking dice against it.

Notation (as printed on hero cards, rulebook "Activating Heroes"):

* ``X`` is a die of any number; two or more ``X`` in one cost must all show the
  same number (``XX`` a pair, ``XXXX`` four-of-a-kind).
* A digit ``1``-``6`` is a die showing exactly that face (``5``, ``33``).
* A cost may mix both: the digits are exact dice and the ``X`` symbols form one
  group of matching dice besides them. The group may show the same number as a
  digit (``XX5`` is paid by 5,5,5 or by 2,2,5).
* Several costs (several heroes) are paid with separate dice. Whether two
  different costs' X-groups may show the same number is the ``distinct_values``
  option (default off: the rulebook only ties dice within one cost).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.errors import InvalidInputError

__all__ = [
    "FACES",
    "Cost",
    "parse_cost",
    "parse_costs",
    "parse_dice",
    "counts_of",
    "can_pay",
    "find_payment",
    "canonical",
]

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, order=True)
class Cost:
    """One hero's dice cost: exact faces needed plus a group of matching X dice."""

    exact: tuple[int, int, int, int, int, int]  # how many dice of each face 1..6
    x: int  # size of the X-group (0 = none)

    @property
    def dice(self) -> int:
        """Number of dice this cost locks."""
        return sum(self.exact) + self.x

    @property
    def text(self) -> str:
        """The cost in card notation, e.g. ``XX5``."""
        digits = "".join(str(f) * n for f, n in zip(FACES, self.exact))
        return "X" * self.x + digits

    def __str__(self) -> str:
        return self.text


MAX_SYMBOLS = 10  # dice in a cost, and costs at once: no turn has more than ten dice


def _shown(text: str, limit: int = 40) -> str:
    """The input quoted for a message, cut short if it is long."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def parse_cost(text: str) -> Cost:
    """Parse one cost in card notation (``XXXX``, ``5``, ``XX5``).

    >>> parse_cost("xx5").text
    'XX5'
    """
    if isinstance(text, str) and len(text) <= 40:
        return _parsed(text)  # the card costs, asked thousands of times a game
    return _parse_cost(text)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Cost:
    return _parse_cost(text)


def _parse_cost(text: str) -> Cost:
    if not isinstance(text, str):
        raise InvalidInputError(f"a cost is text like XX5, got {text!r:.40}")
    raw = text if len(text) <= 40 else text[:30] + "..."
    text = text.strip().upper()
    if not text:
        raise InvalidInputError(f"empty cost {raw!r}: write X for any die, 1-6 for a face")
    if len(text) > MAX_SYMBOLS:
        raise InvalidInputError(
            f"cost {_shown(raw)} has {len(text):,} symbols: a cost is at most "
            f"{MAX_SYMBOLS} dice (no turn has more)"
        )
    exact = [0] * 6
    x = 0
    for ch in text:
        if ch == "X":
            x += 1
        elif ch in "123456":
            exact[int(ch) - 1] += 1
        else:
            raise InvalidInputError(
                f"unknown symbol {ch!r} in cost {_shown(raw)}: use X (any number) or the digits 1-6"
            )
    return Cost(tuple(exact), x)  # type: ignore[arg-type]


def parse_costs(texts: str | Iterable[str]) -> tuple[Cost, ...]:
    """Parse several costs; a single string may separate them with ``+``, ``,`` or spaces.

    >>> [c.text for c in parse_costs("XX + XXX")]
    ['XX', 'XXX']
    """
    if isinstance(texts, str):
        texts = [texts]
    parts: list[str] = []
    for t in texts:
        if not isinstance(t, str):
            raise InvalidInputError(f"a cost is text like XX5, got {t!r:.40}")
        parts.extend(p for p in t.replace("+", " ").replace(",", " ").split() if p)
    if not parts:
        raise InvalidInputError("no cost given: write at least one cost, e.g. XXXX")
    if len(parts) > MAX_SYMBOLS:
        raise InvalidInputError(
            f"{len(parts):,} costs: at most {MAX_SYMBOLS} (each hero needs at least one die)"
        )
    return tuple(parse_cost(p) for p in parts)


def parse_dice(text: str | Sequence[int], *, what: str = "dice") -> tuple[int, ...]:
    """Parse dice faces written ``6,6,4`` (or a sequence of ints); each must be 1-6.

    >>> parse_dice("6, 6,4")
    (6, 6, 4)
    """
    shown = repr(text) if len(repr(text)) <= 60 else repr(text)[:50] + "..."
    if isinstance(text, str):
        parts = [p for p in text.replace(" ", ",").split(",") if p]
        if not all(p.isascii() and p.isdigit() and len(p) < 4 for p in parts):
            raise InvalidInputError(
                f"malformed {what} {shown}: write faces 1-6 separated by commas, e.g. 6,6,4"
            )
        values = tuple(int(p) for p in parts)
    else:
        try:
            values = tuple(operator.index(v) for v in text)
        except TypeError:
            raise InvalidInputError(f"malformed {what} {shown}: give dice faces 1-6") from None
    bad = [v for v in values if v not in FACES]
    if bad:
        raise InvalidInputError(f"malformed {what} {shown}: {bad[0]!r:.20} is not a die face (1-6)")
    return values


def counts_of(dice: Iterable[int]) -> tuple[int, int, int, int, int, int]:
    """Count vector (how many 1s, 2s, ... 6s) of some dice."""
    c = [0] * 6
    for d in dice:
        c[d - 1] += 1
    return tuple(c)  # type: ignore[return-value]


def can_pay(counts: Sequence[int], costs: Sequence[Cost], *, distinct_values: bool = False) -> bool:
    """True when dice with these face counts pay every cost with separate dice.

    >>> can_pay(counts_of([3, 3, 3, 2, 2]), parse_costs("XX XXX"))
    True
    >>> can_pay(counts_of([3, 3, 3, 3, 3]), parse_costs("XX XXX"), distinct_values=True)
    False
    """
    free = list(counts)
    for cost in costs:
        for i, n in enumerate(cost.exact):
            free[i] -= n
    if min(free) < 0:
        return False
    groups = sorted((c.x for c in costs if c.x), reverse=True)
    return _place_groups(free, groups, 0, distinct_values)


def find_payment(
    dice: Sequence[int], costs: Sequence[Cost], *, distinct_values: bool = False
) -> tuple[tuple[int, ...], ...] | None:
    """The dice that pay each cost (in the order given), or None when they cannot.

    >>> find_payment([6, 3, 3, 2, 2], parse_costs("XX 3"))
    ((2, 2), (3,))
    """
    free = list(counts_of(dice))
    for cost in costs:
        for i, n in enumerate(cost.exact):
            free[i] -= n
    if min(free) < 0:
        return None
    order = sorted((i for i, c in enumerate(costs) if c.x), key=lambda i: -costs[i].x)
    faces: dict[int, int] = {}

    def place(k: int) -> bool:
        if k == len(order):
            return True
        size = costs[order[k]].x
        for face in range(5, -1, -1):  # prefer high faces: nothing hangs on it, it reads well
            if free[face] < size or (distinct_values and face in faces.values()):
                continue
            free[face] -= size
            faces[order[k]] = face
            if place(k + 1):
                return True
            free[face] += size
            del faces[order[k]]
        return False

    if not place(0):
        return None
    out = []
    for i, cost in enumerate(costs):
        paid = [f for f in FACES for _ in range(cost.exact[f - 1])]
        if cost.x:
            paid += [faces[i] + 1] * cost.x
        out.append(tuple(sorted(paid, reverse=True)))
    return tuple(out)


def canonical(counts: Sequence[int], free_faces: Sequence[int]) -> tuple[int, ...]:
    """Dice counts with the faces no cost names sorted: those faces are interchangeable.

    >>> canonical((2, 0, 1, 0, 3, 0), free_faces=(0, 1, 2, 3, 5))
    (2, 1, 0, 0, 3, 0)
    """
    out = list(counts)
    for f, v in zip(free_faces, sorted((counts[f] for f in free_faces), reverse=True)):
        out[f] = v
    return tuple(out)


def _place_groups(free: list[int], groups: list[int], i: int, distinct: bool) -> bool:
    """Backtracking: put each X-group (largest first) on a face with enough dice left."""
    if i == len(groups):
        return True
    size = groups[i]
    tried = set()
    for face in range(6):
        # faces with the same number of free dice are interchangeable: try one of them
        if free[face] < size or free[face] in tried:
            continue
        tried.add(free[face])
        free[face] -= size
        # with distinct values a used face is closed to later groups
        saved = free[face]
        if distinct:
            free[face] = -1
        ok = _place_groups(free, groups, i + 1, distinct)
        free[face] = saved + size
        if ok:
            return True
    return False
