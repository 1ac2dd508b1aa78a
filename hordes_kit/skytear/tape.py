"""Chance tapes: one game's chance written down in advance, so both engines can be fed it.

A tape is a stream of uniform numbers in [0, 1). At every chance node with two or more
outcomes the next number ``u`` picks the outcome: with the outcomes sorted and their
probabilities ``c_i / T`` in lowest terms, the first whose running total exceeds
``int(u * T)``. That is the engine's own chance (one card at a time, uniformly, from what
remains) written ahead; decisions are the sensible bot's.
"""

from __future__ import annotations

import random

from hordes_kit.core.tape import integer_weights, pick, uniform_tape
from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.skytear.game import SkyState

__all__ = ["make_tape", "tape_pick", "play_tape", "turn_trace"]


def make_tape(seed: int, numbers: int = 3000) -> tuple[float, ...]:
    """A tape drawn from ``random.Random(seed)``."""
    return uniform_tape(seed, numbers)


def tape_pick(outcomes, u: float) -> str:
    """The outcome a tape number picks (see the module docstring).

    >>> from fractions import Fraction
    >>> tape_pick((("a", Fraction(1, 4)), ("b", Fraction(3, 4))), 0.3)
    'b'
    """
    return pick(integer_weights(outcomes), u)


def turn_trace(s: SkyState) -> tuple:
    """A position's summary at the start of each turn (both engines record the same)."""
    return (
        s.turn,
        s.castle_hp,
        s.portal_damage,
        s.rotation,
        tuple(st.mana for st in s.seats),
        tuple(st.deck.size for st in s.seats),
        tuple(len(st.hand) for st in s.seats),
        sum(u is not None for u in s.monsters),
        sum(u is not None for u in s.allies),
        len(s.back),
        sum(s.minion_tokens().values()),
    )


def play_tape(start: SkyState, tape, max_moves: int = 100_000) -> tuple[SkyState, list]:
    """Play to the end in the rules engine, chance from the tape, the sensible bot deciding;
    the final state and the trace of ``turn_trace`` at each turn's first stop."""
    s = start
    pos = 0
    trace = []
    last = None
    for _ in range(max_moves):
        if s.is_terminal:
            break
        if s.turn != last:
            last = s.turn
            trace.append(turn_trace(s))
        if s.is_chance:
            outs = s.chance_outcomes()
            u = tape[pos] if pos < len(tape) else random.Random(pos).random()
            pos += 1
            move = tape_pick(outs, u)
        else:
            move = sensible_policy(s, None)  # type: ignore[arg-type]  # deterministic
        s = s.apply(move)
    return s, trace
