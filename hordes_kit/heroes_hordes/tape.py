"""Chance tapes: one game's chance written down in advance, so two engines can be fed it.

A tape is a deck order (every card id, top first) and a stream of uniform numbers.
Every draw (Fate, Mine, Spy look) takes the next card of the order still in the
deck; a raid's random pile and every choice of the ``random`` policy take
``sorted_options[int(u * len(options))]`` with the next number ``u``. This is exactly
the engine's chance (one card at a time from what remains, uniformly) written ahead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hordes_kit.heroes_hordes.bots import get_policy
from hordes_kit.heroes_hordes.game import HHState, new_game
from hordes_kit.heroes_hordes.rules import HHConfig

__all__ = ["Tape", "make_tape", "play_tape"]


@dataclass(frozen=True)
class Tape:
    """A deck order (card ids, top first) and uniform numbers in [0, 1)."""

    order: tuple[str, ...]
    numbers: tuple[float, ...]


def make_tape(seed: int, config: HHConfig | None = None, numbers: int = 4000) -> Tape:
    """A tape drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    order = sorted(new_game(config).deck)
    rng.shuffle(order)
    return Tape(tuple(order), tuple(rng.random() for _ in range(numbers)))


def play_tape(
    policy: str, tape: Tape, config: HHConfig | None = None, start: HHState | None = None
) -> HHState:
    """Play one whole game through the reference engine, chance and random choices from the tape.

    From ``start`` (default: a new game), draws take the tape's first card still in the
    deck (after a search shuffled a Spy's cards back, they are in the deck again).
    """
    state = start or new_game(config)
    decide = get_policy(policy)
    stream = iter(tape.numbers)
    while not state.is_terminal:
        if state.is_chance:
            outcomes = [o for o, _ in state.chance_outcomes()]
            if state.step == "raid":
                move = outcomes[int(next(stream) * len(outcomes))]
            elif len(outcomes) == 1:
                move = outcomes[0]
            else:
                in_deck = set(state.deck)
                top = next(c for c in tape.order if c in in_deck)
                move = f"{outcomes[0].split(':')[0]}:{top}"
        elif policy == "random":
            legal = state.legal_actions()
            move = legal[int(next(stream) * len(legal))]
        else:
            move = decide(state, None)  # type: ignore[arg-type]  # deterministic policies
        state = state.apply(move)
    return state
