"""Fantahzee's printable odds sheet: the chance to pay each common cost by dice and rolls,
and rules of thumb for what to keep, each checked by the solver on every hand of 5 dice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement

from hordes_kit.core.sheet import Bars, Section, Sheet, Table, cell, rules_of
from hordes_kit.fantahzee.odds import advise_keep, success_probability
from hordes_kit.fantahzee.presets import common_costs
from hordes_kit.fantahzee.rules import GAME

__all__ = ["DICE", "ROLLS", "THUMBS", "Thumb", "Verdict", "check_thumb", "sheet"]

DICE = (5, 6, 7)  # five dice, and one or two extra (actions, the Alchemist)
ROLLS = (1, 2, 3, 4)  # 3 = a usual turn: one roll and two rerolls
HANDS = tuple(combinations_with_replacement(range(1, 7), 5))  # every showing of 5 dice


def _groups(dice) -> list[tuple[int, int]]:
    """(count, face) of the dice showing, biggest group first (the higher face on ties)."""
    return sorted(((n, f) for f, n in Counter(dice).items()), reverse=True)


def _biggest(need: int) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    def keep(dice):
        n, f = _groups(dice)[0]
        return (f,) * min(n, need)

    return keep


def _face(face: int, need: int) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    return lambda dice: (face,) * min(need, dice.count(face))


def _two_groups(first: int, second: int) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    def keep(dice):
        g = _groups(dice)
        kept = (g[0][1],) * min(g[0][0], first)
        if len(g) > 1 and g[1][0] >= 2:
            kept += (g[1][1],) * min(g[1][0], second)
        return kept

    return keep


def _three_and_five(dice):
    rest = list(dice)
    kept: tuple[int, ...] = ()
    if 5 in rest:
        rest.remove(5)
        kept = (5,)
    n, f = _groups(rest)[0]
    return kept + (f,) * min(n, 3) * (n >= 2)


@dataclass(frozen=True)
class Thumb:
    """A rule of thumb for one cost: in words, and as the keep it picks from the dice showing."""

    text: str
    cost: str
    keep: Callable[[tuple[int, ...]], tuple[int, ...]]


THUMBS = (
    Thumb("A pair: keep your biggest group (two of it is enough).", "XX", _biggest(2)),
    Thumb("Three of a kind: keep your biggest group, up to three.", "XXX", _biggest(3)),
    Thumb("Four of a kind: keep your biggest group, up to four.", "XXXX", _biggest(4)),
    Thumb("Five of a kind: keep your biggest group.", "XXXXX", _biggest(5)),
    Thumb("A pair of 6s: keep your 6s (two at most).", "66", _face(6, 2)),
    Thumb(
        "A pair and three of a kind: keep up to three of your biggest group and, if you "
        "have one, a pair of your next.",
        "XX + XXX",
        _two_groups(3, 2),
    ),
    Thumb(
        "Two pairs: keep two of your biggest group and two of your next if it is a pair.",
        "XX + XX",
        _two_groups(2, 2),
    ),
    Thumb(
        "Three of a kind and a 5: keep one 5, and up to three of your biggest group of the "
        "rest if it is at least a pair.",
        "XXX + 5",
        _three_and_five,
    ),
)


@dataclass(frozen=True)
class Verdict:
    """How a rule of thumb does against the solver on every hand of 5 dice and rerolls left."""

    cases: int
    best: int  # cases where the rule's keep has the best chance
    worst: tuple[tuple[int, ...], int, Fraction, Fraction, tuple[int, ...]] | None
    # the biggest miss: (showing, rerolls left, rule's chance, best chance, best keep)


def check_thumb(thumb: Thumb, rerolls: tuple[int, ...] = (1, 2)) -> Verdict:
    """Check a rule of thumb against the exact solver on every showing of 5 dice.

    >>> check_thumb(THUMBS[0]).best == check_thumb(THUMBS[0]).cases
    True
    """
    cases = best = 0
    worst = None
    for left in rerolls:
        for hand in HANDS:
            adv = advise_keep(hand, thumb.cost, left)
            # the first rule of all: dice that already pay are kept
            mine = tuple(sorted(hand if adv.payment else thumb.keep(hand), reverse=True))
            p = next(o.probability for o in adv.options if o.keep == mine)
            top = adv.best
            cases += 1
            if p == top.probability:
                best += 1
            elif worst is None or top.probability - p > worst[3] - worst[2]:
                worst = (hand, left, p, top.probability, top.keep)
    return Verdict(cases, best, worst)


def _verdict_text(v: Verdict) -> str:
    if v.best == v.cases:
        return f"confirmed: the best keep in all {v.cases} cases"
    hand, left, p, top, keep = v.worst
    return (
        f"best in {v.best} of {v.cases} cases; worst miss: showing "
        f"{', '.join(map(str, sorted(hand, reverse=True)))} with {left} reroll(s) left, "
        f"{float(p):.1%} against {float(top):.1%} keeping {', '.join(map(str, keep)) or 'nothing'}"
    )


def sheet() -> Sheet:
    """The sheet: common costs by dice and rolls (exact), and the rules of thumb checked."""
    costs = common_costs()
    tables = []
    for dice in DICE:
        rows = tuple(
            (cost, *(cell(success_probability(dice, r, cost)) for r in ROLLS)) for cost in costs
        )
        tables.append(
            Table(
                f"{dice} dice",
                f"Chance to pay with {dice} dice within 1–4 rolls (exact).",
                ("Cost", *(f"{r} roll{'s' * (r > 1)}" for r in ROLLS)),
                rows,
            )
        )
    bars = Bars(
        "A usual turn: 5 dice, 3 rolls",
        "Chance to pay each cost in one turn of five dice (one roll and two rerolls), exact.",
        tuple((c, success_probability(5, 3, c)) for c in costs),
    )
    thumbs = Table(
        "Rules of thumb, checked by the solver",
        "For every showing of 5 dice (252 of them) with 1 or 2 rerolls left: does the rule's "
        "keep have the best chance to pay the cost by the last roll? (First rule of all: "
        "dice that already pay are kept.)",
        ("Rule of thumb", "Cost", "What the solver says"),
        tuple((t.text, t.cost, _verdict_text(check_thumb(t))) for t in THUMBS),
        heat=False,
        note="The solver is the kit's exact keep advisor (the Dice-odds explorer and "
        "`hordes-kit odds fantahzee --showing`); a tie with the best keep counts as best.",
    )
    return Sheet(
        "Fantahzee: Hordes & Heroes",
        "Your chance to pay a hero's cost with the dice and rolls you have, and what to keep.",
        (
            Section(
                "Paying a cost",
                "X is any die, XX a pair of one number, XXX three of a kind...; a digit is "
                "that face exactly; + joins the costs of heroes paid with separate dice. Each "
                "table: the chance to pay within 1 to 4 rolls, keeping the best dice after "
                "each roll.",
                (bars, *tables),
            ),
            Section(
                "What to keep",
                "Rules of thumb a player can remember, each checked on every hand.",
                (thumbs,),
            ),
        ),
        assumptions=(
            "Best keeps: after each roll you keep the dice that give the best chance, and "
            "lock dice on heroes only at the end (locking early never helps).",
            "Different heroes' X-groups may show the same number (the default of the kit).",
            "No card effects during the rolls: extra dice or rolls are counted in the dice "
            "and rolls of each column.",
        ),
        rules=rules_of(GAME, "dice.start", "dice.roll", "dice.reroll", "dice.extra")
        + rules_of(GAME, "activate.lock"),
    )
