"""Advice for the player whose turn it is: the dice showing now, and the party's strength.

* ``roll_advice``: which heroes to aim for (the set with the best expected strength,
  from the exact dice solver), the chance of paying them all in the rolls left, and
  every keep ranked by that chance - exact.
* ``party_strength``: the distribution of the party's total strength at the end of the
  Roll Step when the rest of the turn is played by the strong bot: P(strength >= S)
  and the expected strength, by Monte Carlo with 95% intervals (seeded). It is the
  strong bot's play, not the best possible play.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from hordes_kit.core.montecarlo import wilson_interval
from hordes_kit.core.playout import sample_outcome
from hordes_kit.fantahzee.bots import strong_bot, target_heroes
from hordes_kit.fantahzee.costs import find_payment
from hordes_kit.fantahzee.odds import MAX_DICE, MAX_ROLLS, advise_keep

__all__ = ["RollAdvice", "roll_advice", "StrengthOdds", "party_strength"]


@dataclass(frozen=True)
class RollAdvice:
    """The heroes worth aiming for and how to keep the dice showing for them."""

    heroes: tuple[str, ...]  # names
    costs: tuple[str, ...]  # their costs now (reductions counted)
    rolls_left: int
    pay_now: tuple[tuple[int, ...], ...] | None  # the dice that pay them all now
    keeps: tuple[tuple[tuple[int, ...], Fraction], ...]  # (keep, P(pay all)), best first

    @property
    def best(self) -> tuple[tuple[int, ...], Fraction] | None:
        """The best keep and its chance."""
        return self.keeps[0] if self.keeps else None


def roll_advice(state) -> RollAdvice | None:
    """Advice for the current Roll Step (None when no hero can still be paid with dice)."""
    if state.phase != "roll" or not state.rolled or state.is_chance or state.pending:
        return None
    target = target_heroes(state)
    if not target:
        return None
    costs = [state.cost_now(i) for i in target]
    names = tuple(state.name(state.seat.party[i].hero) for i in target)
    pay = find_payment(state.free, costs)
    keeps: list = []
    n = len(state.free)
    if state.rolls_left and 0 < n <= MAX_DICE and sum(c.dice for c in costs) <= n:
        adv = advise_keep(state.free, costs, min(state.rolls_left, MAX_ROLLS - 1))
        keeps = [(o.keep, o.probability) for o in adv.options]
    return RollAdvice(names, tuple(c.text for c in costs), state.rolls_left, pay, tuple(keeps))


@dataclass(frozen=True)
class StrengthOdds:
    """Total strength at the end of the Roll Step over many playouts of the turn."""

    games: int
    counts: dict[int, int]  # strength -> playouts

    @property
    def mean(self) -> float:
        """Expected total strength."""
        return sum(k * n for k, n in self.counts.items()) / self.games

    def at_least(self, s: int) -> tuple[float, float, float]:
        """P(strength >= s) and its 95% interval."""
        hits = sum(n for k, n in self.counts.items() if k >= s)
        lo, hi = wilson_interval(hits, self.games)
        return hits / self.games, lo, hi


def party_strength(state, games: int = 300, seed: int = 0) -> StrengthOdds:
    """Play the rest of this Roll Step ``games`` times with the strong bot (Monte Carlo)."""
    if state.phase not in ("action", "roll"):
        raise ValueError("party strength is worked out in the Action Phase or the Roll Step")
    rng = random.Random(seed)
    counts: Counter = Counter()
    me = state.player
    for _ in range(games):
        s = state
        while s.phase in ("action", "roll") and not s.is_terminal:
            if s.is_chance:
                s = s.apply(sample_outcome(s.chance_outcomes(), rng))
            else:
                s = s.apply(strong_bot(s, rng))
        counts[s.strength(me)] += 1
    return StrengthOdds(games, dict(counts))
