"""Chance tapes: one game's chance written down in advance, so two engines can be fed it.

A tape is a stream of uniform numbers in [0, 1). Every chance node (a die, a card
drawn or dealt, a horde card turned over, a town, a treasure, the first player) takes
the next number ``u`` and the outcome ``k = int(u * total)`` of its exact integer
weights (the outcomes' probabilities over their least common denominator, in the
sorted order of their ids), walking the outcomes in that order. A seat played by the
``random`` bot takes the next number too, and plays ``legal[int(u * len(legal))]`` of
the sorted legal moves; the ``strong`` bot takes none (it decides without chance), nor
does ``strong-without:<hero id>,...`` (the strong bot never recruiting those heroes).
This is exactly the engine's chance and the random bot's uniform choice, written ahead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hordes_kit.core.tape import integer_weights, pick, uniform_tape
from hordes_kit.fantahzee.bots import strong_bot
from hordes_kit.fantahzee.game import FState, new_game
from hordes_kit.fantahzee.policy import policy_of

__all__ = ["BOT_NAMES", "make_tape", "weights", "pick", "play_tape"]

BOT_NAMES = ("random", "strong")


def make_tape(seed: int, numbers: int = 8000) -> tuple[float, ...]:
    """A tape drawn from ``random.Random(seed)``."""
    return uniform_tape(seed, numbers)


def weights(state: FState) -> list[tuple[str, int]]:
    """A chance node's outcomes (sorted ids) with exact integer weights.

    >>> weights(new_game({"players": 3}))
    [('first:1', 1), ('first:2', 1), ('first:3', 1)]
    """
    return integer_weights(state.chance_outcomes())


def play_tape(
    bots: Sequence[str],
    tape: Sequence[float],
    start: FState | None = None,
    max_moves: int | None = None,
    config: Mapping[str, Any] | None = None,
) -> FState:
    """A game through the rules engine, seat ``i`` played by the bot ``bots[i]``, chance
    and the random bot's choices from the tape; stops at the end or after ``max_moves``
    moves (chance outcomes counted) from ``start`` (default: a new game of ``config``,
    whose table rules it plays)."""
    if start is None:
        start = new_game({**dict(config or {}), "players": len(bots)})
    state = start
    policies = [policy_of(b) for b in bots]
    if len(bots) != state.num_players or any(
        b not in BOT_NAMES and a is None for b, a in zip(bots, policies, strict=True)
    ):
        raise ValueError(f"one bot ({' or '.join(BOT_NAMES)}) per seat, got {bots!r}")
    used = moves = 0
    while not state.is_terminal and (max_moves is None or moves < max_moves):
        if state.is_chance:
            move = pick(weights(state), tape[used])
            used += 1
        elif bots[state.current_player] == "random":
            legal = state.legal_actions()
            move = legal[int(tape[used] * len(legal))]
            used += 1
        else:
            policy = policies[state.current_player]
            move = strong_bot(state, None, policy=policy)  # type: ignore[arg-type]  # no chance
        state = state.apply(move)
        moves += 1
    return state
