"""Chance tapes: one game's chance written down in advance, so two engines can be fed it.

A tape is a stream of uniform numbers in [0, 1). Every chance node (a die, a card drawn, a
Monster revealed) takes the next number ``u`` and the outcome ``k = int(u * total)`` of its
exact integer weights (the outcomes' probabilities over their least common denominator, in
the sorted order of their ids), walking the outcomes in that order. The bots' own chance
takes the next numbers too (``TapeRng``): a ``random()`` is the next number, a weighted
``choices`` the number's place among the running totals of the weights (as Python's
``random.choices`` computes it), a ``choice`` the option ``int(u * len(options))``. This is
exactly the engine's chance and the bots' own, written ahead.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from hordes_kit.core.tape import integer_weights, pick, uniform_tape
from hordes_kit.shadows.bots import get_policy
from hordes_kit.shadows.game import ShadowsState, new_game

__all__ = ["TapeRng", "make_tape", "weights", "pick", "play_tape", "continue_tape"]


class TapeRng:
    """The bots' chance from a tape (the three calls they make of a ``random.Random``)."""

    def __init__(self, tape: Sequence[float], used: int = 0) -> None:
        self.tape = tape
        self.used = used

    def random(self) -> float:
        """The next number of the tape."""
        u = self.tape[self.used]
        self.used += 1
        return u

    def choices(self, population, weights):
        """One option drawn with these weights (``random.choices``'s own arithmetic)."""
        cum = list(accumulate(weights))
        total = cum[-1] + 0.0
        return [population[bisect(cum, self.random() * total, 0, len(cum) - 1)]]

    def choice(self, seq):
        """One option, uniformly: ``seq[int(u * len(seq))]``."""
        return seq[int(self.random() * len(seq))]


def make_tape(seed: int, numbers: int = 6000) -> tuple[float, ...]:
    """A tape drawn from ``random.Random(seed)``."""
    return uniform_tape(seed, numbers)


def weights(state: ShadowsState) -> list[tuple[str, int]]:
    """A chance node's outcomes (sorted ids) with exact integer weights."""
    return integer_weights(state.chance_outcomes())


def play_tape(
    heroes: Sequence[str],
    bots: Sequence[str],
    tape: Sequence[float],
    rules: Mapping[str, Any] | None = None,
    max_moves: int | None = None,
) -> ShadowsState:
    """A new game through the rules engine: seat ``k`` plays the Hero ``heroes[k]`` and the
    bot ``bots[k]`` (``sensible`` or a member of its family), chance and the bots' own from
    the tape; stops at the end or after ``max_moves`` moves (chance outcomes counted)."""
    state = new_game({**dict(rules or {}), "players": len(heroes)})
    return continue_tape(state, bots, tape, max_moves, heroes)


def continue_tape(
    state: ShadowsState,
    bots: Sequence[str],
    tape: Sequence[float],
    max_moves: int | None = None,
    heroes: Sequence[str] = (),
) -> ShadowsState:
    """``state`` played on through the rules engine, chance and the bots' own from the
    tape's start (the fast simulator's ``play_tape_from_position``); a Hero still to be
    chosen is ``heroes[seat]``."""
    policies = [get_policy(b) for b in bots]
    rng = TapeRng(tape)
    moves = 0
    while not state.is_terminal and (max_moves is None or moves < max_moves):
        if state.is_chance:
            move = pick(weights(state), rng.random())
        else:
            t = state.top()
            if t.kind == "!hero":
                move = f"hero:{heroes[t.seat]}"
            else:
                move = policies[state.current_player](state, rng)
        state = state.apply(move)
        moves += 1
    return state
