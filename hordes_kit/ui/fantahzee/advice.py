"""The odds behind a Fantahzee decision: one measure per decision, one ranked table.

Each kind of decision is weighed by one measure, and the advice, the table and a
walkthrough's figures all come from the same numbers, so a screen can never recommend
one move over a table ranked by another:

- dice (keep, activate, stop rolling), the Paladin's and Sergeant's choice of hero:
  the party solver's **expected total strength this turn**, best play after the move;
- attacks, flips, stopping, and the Ice Giant's capture: the attack planner's **net
  XP** (expected XP less the XP a likely town loss and the damage cost);
- the Archmage's capture in the Roll Step: the **XP** it gains now;
- taking damage: the **strength lost** (fewest first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hordes_kit.core.errors import HordesKitError
from hordes_kit.fantahzee.advice import party_strength
from hordes_kit.fantahzee.planner import DAMAGE_COST, TOWN_PENALTY, damage_options, plan_attacks
from hordes_kit.ui.common import percent
from hordes_kit.ui.table import RankedTable

__all__ = [
    "Measure",
    "Decision",
    "decision",
    "strength_now",
    "flip_value",
    "STRENGTH",
    "NET_XP",
    "XP_NOW",
    "LOST",
]


@dataclass(frozen=True)
class Measure:
    """What a table ranks by: its caption, column name, a figure's words and format."""

    caption: str
    column: str
    short: str
    digits: int = 2
    higher_is_better: bool = True

    def fmt(self, v: float) -> str:
        """A value as the table prints it."""
        return f"{v:.{self.digits}f}"

    def words(self, v: float) -> str:
        """A value with its name: ``'expected strength 14.74'``."""
        return f"{self.short} {self.fmt(v)}"


STRENGTH = Measure(
    "Expected total strength of the party this turn, with the best play after each move "
    "(party solver, exact)",
    "Expected strength",
    "expected strength",
)
NET_XP = Measure(
    f"Net XP this turn: the XP expected, less {TOWN_PENALTY} for a town the vanguard "
    f"destroys and {DAMAGE_COST} per point of damage (attack planner, facedown cards "
    "weighed from what is unseen)",
    "Net XP",
    "net XP",
)
XP_NOW = Measure("XP the capture puts in the victory pile now", "XP", "XP", digits=0)
LOST = Measure(
    "Strength of the active heroes discarded to take the damage",
    "Strength lost",
    "strength lost",
    digits=0,
    higher_is_better=False,
)


@dataclass(frozen=True)
class Decision:
    """Every move of one decision valued by one measure (``values``), and extra columns
    for the table (``details``: move -> cells)."""

    measure: Measure
    values: dict[str, float]
    labels: dict[str, str]
    extra_columns: tuple[str, ...] = ()
    details: dict[str, tuple] | None = None
    note: str = ""

    @property
    def best(self) -> str | None:
        """The best move by the measure (the first of equals, in the engine's order)."""
        return self.best_of(list(self.values))

    def best_of(self, moves: Sequence[str]) -> str | None:
        """The best of these moves by the measure; of equal ones, the first given."""
        tied = self.best_all(moves)
        return tied[0] if tied else None

    def best_all(self, moves: Sequence[str]) -> tuple[str, ...]:
        """Every one of these moves that is best by the measure (more than one: a tie, as
        the table tags it), in the order given."""
        known = [m for m in moves if m in self.values]
        if not known:
            return ()
        top = max(self._rank(self.values[m]) for m in known)
        return tuple(m for m in known if self._rank(self.values[m]) == top)

    def _rank(self, value: float) -> float:
        """A value as the table ranks it: as printed (a tie on screen is a tie in the
        advice and in the table's tags), higher is better."""
        printed = float(self.measure.fmt(value))
        return printed if self.measure.higher_is_better else -printed

    def headline(self, moves: Sequence[str] | None = None) -> str:
        """The advice in words, from the same numbers as the table (a tie named as one)."""
        chosen = [m for m in (moves if moves is not None else self.values) if m in self.values]
        tied = self.best_all(chosen)
        if not tied:
            return ""
        figure = f"({self.measure.fmt(self.values[tied[0]])})"
        if len(tied) > 1:
            names = ", ".join(self.labels.get(m, m) for m in tied)
            return f"Best by {self.measure.short}, a tie of {len(tied)} moves: {names} {figure}"
        return f"Best by {self.measure.short}: {self.labels.get(tied[0], tied[0])} {figure}"

    def score(self, move: str) -> str:
        """A move's figure in words ("" when the measure does not value it)."""
        return self.measure.words(self.values[move]) if move in self.values else ""

    def table(
        self, moves: Sequence[str] | None = None, mark: str = "", whose: str = "the book's choice"
    ) -> RankedTable:
        """The ranked table (of ``moves``, default all; of equal ones the first given
        first); ``mark``: the example's move, tagged ``whose``."""
        chosen = [m for m in (moves if moves is not None else self.values) if m in self.values]
        rows = []
        for m in chosen:
            name = self.labels.get(m, m) + (f" ({whose})" if m == mark else "")
            rows.append((name, self.values[m], *((self.details or {}).get(m, ()))))
        fmt = self.measure.fmt
        return RankedTable(
            self.measure.caption,
            ("Move", self.measure.column, *self.extra_columns),
            rows,
            rank_by=1,
            key=lambda row: -self._rank(row[1]),
            higher_is_better=self.measure.higher_is_better,
            formats=(str, lambda v: fmt(v)),
            numeric=tuple(range(1, 2 + len(self.extra_columns))),
            note=self.note,
        )


# --- the dice: the party solver ------------------------------------------------------------

_CACHE: dict[int, tuple[object, Decision | None]] = {}


def decision(state) -> Decision | None:
    """The decision the current player faces, every legal move valued (None: no odds)."""
    hit = _CACHE.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    try:
        result = _decide(state)
    except (HordesKitError, ValueError):
        result = None
    if len(_CACHE) > 48:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(state)] = (state, result)
    return result


def _decide(state) -> Decision | None:
    if state.is_terminal or state.is_chance:
        return None
    moves = state.legal_actions()
    labels = {m: state.label(m) for m in moves}
    kind = state.pending[0][0] if state.pending else ""
    if state.phase == "roll" and kind == "capture":
        xp0 = state.xp(state.player)
        values = {m: float(state.apply(m).xp(state.player) - xp0) for m in moves}
        return Decision(XP_NOW, values, labels)
    if state.phase == "roll" and state.rolled:
        return Decision(STRENGTH, _strength_values(state, moves), labels)
    if state.phase == "attack":
        return _attack_decision(state, moves, labels)
    if state.phase in ("counter", "horde") and state.damage and not kind:
        return _damage_decision(state, moves, labels)
    return None


def strength_now(state) -> float:
    """Expected total strength this turn from ``state``, best play (party solver)."""
    if state.phase == "roll" and not state.is_chance:
        if state.pending:
            return max(strength_now(state.apply(m)) for m in state.legal_actions())
        odds, _ = party_strength(state)
        return odds.expected
    return float(state.strength())


def solver_options(state) -> list[tuple[str, float]]:
    """The party solver's moves for the dice showing, best first: ``(words, value)``."""
    _odds, advice = party_strength(state)
    return list(advice.options) if advice is not None else []


def _strength_values(state, moves: Sequence[str]) -> dict[str, float]:
    """Each move's expected strength: keeps and extra-dice activations from the solver's
    own options, other moves from the position they lead to."""
    options = dict(solver_options(state))
    values = {}
    for m in moves:
        verb, _, rest = m.partition(":")
        key = ""
        if verb == "keep":
            key = "keep " + ("nothing" if rest == "none" else rest)
        elif verb == "activate":
            ref, _, pay = rest.partition(":")
            hero = state.name(state.seat.party[state.member_index(ref)].hero)
            key = f"activate {hero} with {pay}"
        if key in options:
            values[m] = options[key]
        elif verb != "keep":
            values[m] = strength_now(state.apply(m))
    return values


# --- attacks: the attack planner -------------------------------------------------------------


def _plan_values(state, moves: Sequence[str]) -> dict[str, float]:
    """Net XP of each attack move: the best plan that starts with it (a flip: the flip
    made now, whatever comes up, with the best play after)."""
    plans = plan_attacks(state)
    out = {}
    for m in moves:
        verb, _, x = m.partition(":")
        if verb == "flip":
            out[m] = flip_value(state, x)
            continue
        fit = [p.value for p in plans if _fits(p, m)] if verb in ("attack", "stop") else []
        if fit:
            out[m] = max(fit)
    return out


def end_value(state) -> float:
    """Net XP left to come once the Attack Step is over (only losses: the town the
    vanguard destroys, the damage still to take), by the planner's own weights."""
    p = plan_attacks(state, strength=0)[0]
    town = 1.0 if state.line and state.line[-1].top and state.towns else 0.0
    return p.value + TOWN_PENALTY * (p.town_risk - town)


def flip_value(state, stack: str) -> float:
    """Net XP of flipping ``stack`` now: each card that can come up, by its chance,
    defeated (its XP, then the best plan) or not (the Attack Step ends)."""
    flipped = state.apply(f"flip:{stack}")
    total = 0.0
    for outcome, p in flipped.chance_outcomes():
        after = flipped.apply(outcome)
        mid = outcome.partition(":")[2]
        gain = state.card(mid).xp if mid in after.set_aside else 0
        if after.phase == "attack" and not after.is_chance and not after.pending:
            total += float(p) * (gain + plan_attacks(after)[0].value)
        else:
            total += float(p) * (gain + end_value(after))
    return total


def _attack_decision(state, moves, labels) -> Decision:
    if state.pending and state.pending[0][0] == "capture":
        values, details = {}, {}
        xp0 = state.xp(state.player)
        for m in moves:
            after = state.apply(m)
            gain = after.xp(state.player) - xp0
            plans = plan_attacks(after) if after.phase == "attack" and not after.pending else []
            best = plans[0] if plans else None
            values[m] = gain + (best.value if best else 0.0)
            town = best.town_risk if best else 0.0
            details[m] = (gain, percent(town))
        return Decision(
            NET_XP,
            values,
            labels,
            ("XP now", "Town lost"),
            details,
            "Each capture with the best attack after it.",
        )
    values = _plan_values(state, moves)
    return Decision(NET_XP, values, labels, note="Each move with the best attack plan after it.")


def _fits(plan, move: str) -> bool:
    verb, _, x = move.partition(":")
    if verb == "attack":
        return x in plan.attacks
    if verb == "flip":
        return not plan.attacks and plan.flip == x
    return not plan.attacks and not plan.flip


# --- damage ------------------------------------------------------------------------------


def _damage_decision(state, moves, labels) -> Decision:
    """Each discard valued by the fewest strength lost in all: a hero whose strength does
    not cover the damage takes another with him, and the move is named whole ("Discard
    Alchemist, then Sergeant")."""
    actives = state.actives()
    party = state.seat.party
    strengths = [state.card(party[i].hero).strength for i in actives]
    opts = damage_options(strengths, state.damage)
    values: dict[str, float] = {}
    named = dict(labels)
    for o in opts:
        for k in o.heroes:
            move = f"lose:{state.ref(actives[k])}"
            if move in moves and (move not in values or o.strength_lost < values[move]):
                values[move] = float(o.strength_lost)
                rest = [state.name(party[actives[j]].hero) for j in o.heroes if j != k]
                named[move] = (
                    labels.get(move, move)
                    + (", then " + " and ".join(rest) if rest else "")
                    + ("" if o.covers else " (and still not enough)")
                )
    return Decision(
        LOST,
        values,
        named,
        note=f"{state.damage} damage; a hero's strength covers that much of it.",
    )
