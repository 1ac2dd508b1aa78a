"""Advice for the player whose turn it is: the dice showing now, and the party's strength.

* ``roll_advice``: which heroes to aim for (the set with the best expected strength,
  from the exact dice solver), the chance of paying them all in the rolls left, and
  every keep ranked by that chance - exact.
* ``party_strength``: the party solver from the current position: the expected total
  strength and P(strength >= S) under the best play, and the best move for the dice
  showing (keep and reroll, activate an extra-dice hero now, or stop).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hordes_kit.fantahzee.bots import party_heroes, target_heroes
from hordes_kit.fantahzee.costs import find_payment
from hordes_kit.fantahzee.odds import MAX_DICE, MAX_ROLLS, advise_keep

__all__ = ["RollAdvice", "roll_advice", "party_heroes", "party_strength"]


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


def party_strength(state):
    """The best move now and the odds of the party's strength this turn (party solver).

    Returns ``(odds, advice)``: ``PartyOdds`` from here (expected strength, P(>= S)) and
    the ``PartyAdvice`` for the dice showing (None before the first roll).
    """
    from hordes_kit.fantahzee.odds import MAX_DICE, MAX_ROLLS
    from hordes_kit.fantahzee.party import PartyOdds, odds_now, party_odds

    if state.phase not in ("action", "roll") or state.is_chance:
        raise ValueError("the party's strength is worked out in the Action Phase or Roll Step")
    heroes, _idx = party_heroes(state)
    base = state.strength()
    if not heroes:
        return PartyOdds((), 0, 0, float(base), {}), None
    active = len(state.actives())
    if not state.rolled:
        dice = min(state.unrolled, MAX_DICE)
        odds = party_odds(heroes, dice, min(state.rolls_left, MAX_ROLLS), steam=state.steam)
        if base:
            odds = PartyOdds(
                odds.heroes,
                odds.dice,
                odds.rolls,
                odds.expected + base,
                {k + base: v for k, v in odds.at_least.items()},
            )
        return odds, None
    return odds_now(
        heroes,
        state.free,
        min(state.rolls_left, MAX_ROLLS - 1),
        waiting=state.unrolled,
        steam=state.steam,
        active_strength=base,
        active_count=active,
    )
