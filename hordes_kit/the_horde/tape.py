"""Chance tapes: one game's chance written down in advance, so two engines can be fed it.

A tape is a stream of uniform numbers in [0, 1). Every chance node takes the next
number ``u`` and the outcome ``k = int(u * total)`` of its integer weights (card counts
in deck-index order, or the six faces of a die), walking the outcomes in id order. This
is exactly the engine's chance (one card at a time from what remains, uniformly).
"""

from __future__ import annotations

from hordes_kit.core.tape import pick, uniform_tape
from hordes_kit.the_horde.bots import Policy, choose, get_policy
from hordes_kit.the_horde.game import THState, new_game
from hordes_kit.the_horde.rules import THConfig

__all__ = ["make_tape", "pick", "play_tape"]


def make_tape(seed: int, numbers: int = 20_000) -> tuple[float, ...]:
    """A tape drawn from ``random.Random(seed)``."""
    return uniform_tape(seed, numbers)


def play_tape(
    policy: str | Policy, tape, config: THConfig | None = None, start: THState | None = None
) -> tuple[THState, int]:
    """One whole game through the reference engine (from ``start``, a position, if given);
    returns its end and the numbers used."""
    pol = get_policy(policy)
    state = new_game(config) if start is None else start
    used = 0
    while not state.is_terminal:
        if state.is_chance:
            move = pick(state.chance_weights(), tape[used])
            used += 1
        else:
            move = choose(pol, state.view(0))
        state = state.apply(move)
    return state, used
