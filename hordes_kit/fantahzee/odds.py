"""Exact Fantahzee dice odds: P(pay these costs) under the best keep/reroll play.

Rulebook "Dice Phase / A: Roll" and "Activating Heroes": you roll, then reroll any
unlocked dice; a cost is paid with dice that are then locked. For the question
"can I pay these costs by the end of the Roll Step", locking early never helps, so
the best play is the best keep/reroll policy, found here by dynamic programming.

How it stays exact and fast:

* states are multisets of dice (count vectors), never ordered tuples;
* rolling m dice is done one die at a time (F(K) = mean over faces of F(K + face)),
  so a roll costs 6 steps per state instead of enumerating every outcome;
* "best sub-multiset to keep" is a running maximum over one-die-smaller states;
* faces that no cost names exactly are interchangeable, so states are reduced to a
  canonical form (those faces' counts sorted);
* values are exact integers over a known power of 6, returned as ``Fraction``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.fantahzee.costs import (
    Cost,
    can_pay,
    canonical,
    counts_of,
    find_payment,
    parse_costs,
    parse_dice,
)

__all__ = [
    "MAX_DICE",
    "MAX_ROLLS",
    "success_probability",
    "success_by_rolls",
    "KeepOption",
    "KeepAdvice",
    "advise_keep",
    "dice_sets",
    "keep_table",
    "probability_table",
    "probability_rows",
]

MAX_DICE = 10  # five dice, plus actions and the Alchemist
MAX_ROLLS = 5  # the first roll and its rerolls, extra rolls included

CostsLike = str | Iterable[str] | Sequence[Cost]


def _costs(costs: CostsLike) -> tuple[Cost, ...]:
    if isinstance(costs, (list, tuple)) and costs and all(isinstance(c, Cost) for c in costs):
        return tuple(costs)
    return parse_costs(costs)  # type: ignore[arg-type]


def _check(dice: int, costs: tuple[Cost, ...], *, what: str = "dice") -> None:
    if not 1 <= dice <= MAX_DICE:
        raise InvalidInputError(f"{what} must be between 1 and {MAX_DICE}, got {dice}")
    need = sum(c.dice for c in costs)
    if need > dice:
        names = " + ".join(c.text for c in costs)
        raise InvalidInputError(f"the costs {names} need {need} dice but only {dice} can be rolled")


class _Solver:
    """The DP tables for one (number of dice, costs, option); levels are built on demand."""

    def __init__(self, n: int, costs: tuple[Cost, ...], distinct: bool) -> None:
        self.n = n
        fixed = [any(c.exact[i] for c in costs) for i in range(6)]
        self.free_pos = [i for i in range(6) if not fixed[i]]
        self.all_free = len(self.free_pos) == 6
        self._ids: dict[tuple[int, ...], int] = {}
        self.states: list[tuple[int, ...]] = []
        self.size: list[int] = []
        frontier = [self.canon((0,) * 6)]
        self._add(frontier[0])
        # children (one more die, with how many faces lead there), found while the states
        # are listed by size, breadth first: each state's six children canonicalised once
        self.children: list[list[tuple[int, int]]] = []
        for _ in range(n):
            nxt = []
            for s in frontier:
                kids: dict[int, int] = {}
                for f in range(6):
                    c = self.canon(_plus(s, f))
                    if c not in self._ids:
                        self._add(c)
                        nxt.append(c)
                    k = self._ids[c]
                    kids[k] = kids.get(k, 0) + 1
                self.children.append(list(kids.items()))
            frontier = nxt
        self.children += [[] for _ in frontier]  # the full states: no die to add
        # parents (one die fewer): exactly the states that have it as a child (a free face's
        # die taken away is the same state, up to the order of the free faces, as one added)
        parents: list[set[int]] = [set() for _ in self.states]
        for p, kids_of_p in enumerate(self.children):
            for k, _w in kids_of_p:
                parents[k].add(p)
        self.parents: list[list[int]] = [sorted(x) for x in parents]
        self.by_size = [[i for i, z in enumerate(self.size) if z == k] for k in range(n + 1)]
        full = self.by_size[n]
        sat = {i: int(can_pay(self.states[i], costs, distinct_values=distinct)) for i in full}
        self.best = [sat]  # best[j][full state] = value with j rolls left, over 6**(n*j)
        self.keep: list[list[int] | None] = [None]  # keep[j][state] = value of keeping it

    def _add(self, s: tuple[int, ...]) -> None:
        self._ids[s] = len(self.states)
        self.states.append(s)
        self.size.append(sum(s))

    def canon(self, counts: Sequence[int]) -> tuple[int, ...]:
        """Sort the counts of the faces no cost names: they are interchangeable."""
        if self.all_free:  # no cost names a face (X-groups only): every count sorted
            return tuple(sorted(counts, reverse=True))
        return canonical(counts, self.free_pos)

    def state_id(self, counts: Sequence[int]) -> int:
        return self._ids[self.canon(counts)]

    def level(self, j: int) -> list[int]:
        """Keep values with j rolls left: keep[state] over 6**(n*j), built up to j."""
        n = self.n
        while len(self.best) <= j:
            prev = self.best[-1]
            num = [0] * len(self.states)
            for i in self.by_size[n]:
                num[i] = prev[i]
            # roll the missing dice one at a time: num[K] is over 6**(n-|K|) * 6**(n*(j-1))
            for size in range(n - 1, -1, -1):
                for i in self.by_size[size]:
                    num[i] = sum(w * num[k] for k, w in self.children[i])
            keep = [num[i] * 6 ** self.size[i] for i in range(len(self.states))]
            # best sub-multiset of each state, growing from the empty keep
            best = keep[:]
            for size in range(1, n + 1):
                for i in self.by_size[size]:
                    for p in self.parents[i]:
                        if best[p] > best[i]:
                            best[i] = best[p]
            self.keep.append(keep)
            self.best.append({i: best[i] for i in self.by_size[n]})
        return self.keep[j]  # type: ignore[return-value]

    def probability(self, rolls: int) -> Fraction:
        keep = self.level(rolls)
        return Fraction(keep[self.state_id((0,) * 6)], 6 ** (self.n * rolls))


def _plus(s: tuple[int, ...], f: int) -> tuple[int, ...]:
    return s[:f] + (s[f] + 1,) + s[f + 1 :]


@lru_cache(maxsize=256)
def _solver(n: int, costs: tuple[Cost, ...], distinct: bool) -> _Solver:
    return _Solver(n, costs, distinct)


def _key(costs: tuple[Cost, ...]) -> tuple[Cost, ...]:
    return tuple(sorted(costs))  # the order heroes are listed in does not matter


def success_probability(
    dice: int, rolls: int, costs: CostsLike, *, distinct_values: bool = False
) -> Fraction:
    """Exact chance to pay every cost with separate dice within ``rolls`` rolls, best play.

    >>> success_probability(5, 3, "XXXXX")
    Fraction(347897, 7558272)
    >>> float(success_probability(5, 1, "X"))
    1.0
    """
    cs = _costs(costs)
    _check(dice, cs)
    if not 1 <= rolls <= MAX_ROLLS:
        raise InvalidInputError(f"rolls must be between 1 and {MAX_ROLLS}, got {rolls}")
    return _solver(dice, _key(cs), distinct_values).probability(rolls)


def success_by_rolls(
    dice: int, costs: CostsLike, max_rolls: int = MAX_ROLLS, *, distinct_values: bool = False
) -> list[Fraction]:
    """Chances for 1..max_rolls rolls (one DP serves them all).

    >>> [round(float(p), 3) for p in success_by_rolls(5, "XX", 3)]
    [0.907, 0.991, 0.999]
    """
    return [
        success_probability(dice, r, costs, distinct_values=distinct_values)
        for r in range(1, max_rolls + 1)
    ]


@dataclass(frozen=True)
class KeepOption:
    """One way to split the dice showing: keep these, reroll the rest."""

    keep: tuple[int, ...]
    reroll: int
    probability: Fraction

    @property
    def label(self) -> str:
        """Plain words for the table: 'keep 6, 6 - reroll 3'."""
        kept = ", ".join(map(str, self.keep)) if self.keep else "nothing"
        if self.reroll == 0:
            return f"keep all ({kept})"
        return f"keep {kept} \N{EN DASH} reroll {self.reroll}"


@dataclass(frozen=True)
class KeepAdvice:
    """Every distinct keep ranked by its chance; ``best`` is the first."""

    showing: tuple[int, ...]
    locked: tuple[int, ...]
    rolls_left: int
    costs: tuple[Cost, ...]
    options: tuple[KeepOption, ...]
    distinct_values: bool = False

    @property
    def best(self) -> KeepOption:
        """The keep with the highest chance."""
        return self.options[0]

    @property
    def payment(self) -> tuple[tuple[int, ...], ...] | None:
        """When the dice showing already pay every cost: the dice for each cost, in order."""
        return find_payment(self.showing, self.costs, distinct_values=self.distinct_values)

    def to_json(self) -> dict:
        """JSON-ready summary (used by the CLI)."""
        return {
            "showing": list(self.showing),
            "locked": list(self.locked),
            "rolls_left": self.rolls_left,
            "best_keep": list(self.best.keep),
            "best_probability": float(self.best.probability),
            "best_exact": _exact(self.best.probability),
            "pay_now": [list(d) for d in self.payment] if self.payment else None,
            "keeps": [
                {
                    "keep": list(o.keep),
                    "reroll": o.reroll,
                    "probability": float(o.probability),
                    "exact": _exact(o.probability),
                }
                for o in self.options
            ],
        }


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def advise_keep(
    showing: str | Sequence[int],
    costs: CostsLike,
    rolls_left: int,
    *,
    locked: str | Sequence[int] = (),
    distinct_values: bool = False,
) -> KeepAdvice:
    """Rank every distinct keep of the dice showing (locked dice are out of play).

    ``rolls_left`` counts the rerolls still to come; ``costs`` are the heroes still
    to activate. Locked dice already paid other heroes, so the rules forbid using
    them again ("Activating Heroes"): they are shown, never counted.

    >>> a = advise_keep("6,6,4,3,2", "XXX", rolls_left=2)
    >>> a.best.keep, round(float(a.best.probability), 3)
    ((6, 6), 0.691)
    """
    dice = parse_dice(showing, what="showing dice")
    held = parse_dice(locked, what="locked dice") if locked else ()
    cs = _costs(costs)
    if not dice:
        raise InvalidInputError("no dice showing: give the faces you see, e.g. 6,6,4,3,2")
    if len(dice) + len(held) > MAX_DICE:
        raise InvalidInputError(
            f"{len(dice) + len(held)} dice showing and locked, more than the {MAX_DICE} possible"
        )
    _check(len(dice), cs, what="dice showing")
    if not 0 <= rolls_left < MAX_ROLLS:
        raise InvalidInputError(
            f"rolls left must be between 0 and {MAX_ROLLS - 1}, got {rolls_left}"
        )
    n = len(dice)
    solver = _solver(n, _key(cs), distinct_values)
    counts = counts_of(dice)
    options = []
    if rolls_left == 0:
        ok = can_pay(counts, cs, distinct_values=distinct_values)
        options.append(KeepOption(tuple(sorted(dice, reverse=True)), 0, Fraction(int(ok))))
    else:
        keep = solver.level(rolls_left)
        den = 6 ** (n * rolls_left)
        for sub in product(*(range(c + 1) for c in counts)):
            kept = tuple(f for f in range(6, 0, -1) for _ in range(sub[f - 1]))
            p = Fraction(keep[solver.state_id(sub)], den)
            options.append(KeepOption(kept, n - len(kept), p))
        options.sort(key=lambda o: (-o.probability, o.reroll, [-d for d in o.keep]))
    return KeepAdvice(dice, held, rolls_left, cs, tuple(options), distinct_values)


def dice_sets(n: int) -> list[tuple[int, ...]]:
    """Every set of at most ``n`` dice as counts of 1s..6s, in lexicographic order.

    >>> dice_sets(1)
    [(0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 1, 0), (0, 0, 0, 1, 0, 0), \
(0, 0, 1, 0, 0, 0), (0, 1, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)]
    """
    out: list[tuple[int, ...]] = []

    def walk(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 6:
            out.append(prefix)
            return
        for v in range(left + 1):
            walk(prefix + (v,), left - v)

    walk((), n)
    return out


def keep_table(dice: int, costs: CostsLike, rolls_left: int) -> tuple[list[int], int]:
    """What ``advise_keep`` ranks keeps by, for every keep of ``dice`` dice at once: for
    each set in ``dice_sets(dice)``, the exact chance to pay the costs in ``rolls_left``
    rerolls when it is kept, as a numerator over the returned denominator.

    >>> nums, den = keep_table(2, "XX", 1)
    >>> Fraction(nums[dice_sets(2).index((0, 0, 0, 0, 0, 2))], den)
    Fraction(1, 1)
    """
    cs = _costs(costs)
    _check(dice, cs)
    if not 1 <= rolls_left < MAX_ROLLS:
        raise InvalidInputError(f"rolls left must be 1-{MAX_ROLLS - 1}, got {rolls_left}")
    solver = _solver(dice, _key(cs), False)
    keep = solver.level(rolls_left)
    return [keep[solver.state_id(c)] for c in dice_sets(dice)], 6 ** (dice * rolls_left)


def probability_rows(
    dice: Iterable[int],
    rolls: Iterable[int],
    cost_sets: Iterable[str],
    *,
    distinct_values: bool = False,
) -> list[dict]:
    """The rows of :func:`probability_table` as plain dicts (no polars: quick to import).

    >>> probability_rows([1], [1], ["X", "XX"])
    [{'cost': 'X', 'dice': 1, 'rolls_1': 1.0}, {'cost': 'XX', 'dice': 1, 'rolls_1': None}]
    """
    dice, rolls, cost_sets = list(dice), list(rolls), list(cost_sets)
    rows = []
    for text in cost_sets:
        cs = parse_costs(text)
        for n in dice:
            row: dict = {"cost": " + ".join(c.text for c in cs), "dice": n}
            for r in rolls:
                fits = sum(c.dice for c in cs) <= n
                row[f"rolls_{r}"] = (
                    float(success_probability(n, r, cs, distinct_values=distinct_values))
                    if fits
                    else None
                )
            rows.append(row)
    return rows


def probability_table(
    dice: Iterable[int],
    rolls: Iterable[int],
    cost_sets: Iterable[str],
    *,
    distinct_values: bool = False,
):
    """A polars table: one row per (cost set, dice), one column per number of rolls.

    Cost sets that need more dice than there are get an empty (null) cell.

    >>> probability_table([5], [1, 2], ["XX"]).columns
    ['cost', 'dice', 'rolls_1', 'rolls_2']
    """
    import polars as pl

    rolls = list(rolls)
    rows = probability_rows(dice, rolls, cost_sets, distinct_values=distinct_values)
    schema = {"cost": pl.Utf8, "dice": pl.Int64} | {f"rolls_{r}": pl.Float64 for r in rolls}
    return pl.DataFrame(rows, schema=schema)
