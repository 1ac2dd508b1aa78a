"""Proof that a game starts and plays with some data: ``check-data`` says OK only after it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hordes_kit.core.errors import CardDataError, HordesKitError
from hordes_kit.core.playout import random_policy, sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.state import GameState

__all__ = ["smoke_test", "check_and_play"]


def smoke_test(
    game: str,
    config: Mapping[str, Any],
    moves: int = 300,
    seed: int = 0,
    source: str = "the data",
) -> GameState:
    """Start ``game`` with ``config`` and play ``moves`` seeded random moves (or to the end).

    Any failure (the config refused, an exception from the engine, a position with no
    legal move) is a ``CardDataError`` naming ``source``; returns the last state.

    >>> smoke_test("the-horde", {}, moves=50).turn >= 1
    True
    """
    g = get_game(game)
    rng = random.Random(seed)
    policy = g.playout_policy or random_policy
    label = f"{g.title} with {config.get('players', g.min_players)} player(s)"
    try:
        state = g.start(config)
    except HordesKitError as e:
        raise CardDataError(source, None, None, f"a game of {label} cannot start: {e}") from None
    except Exception as e:  # the data broke the engine's setup: say so, name the data
        raise CardDataError(
            source, None, None, f"a game of {label} cannot start ({type(e).__name__}: {e})"
        ) from None
    for n in range(1, moves + 1):
        if state.is_terminal:
            break
        action = "?"
        try:
            if state.is_chance:
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                if not state.legal_actions():
                    raise HordesKitError("the game is stuck: nobody has a legal move")
                action = policy(state, rng)
            state = state.apply(action)
        except Exception as e:  # any failure while playing is the data's: name it
            raise CardDataError(
                source,
                None,
                None,
                f"a game of {label} fails at move {n} ({action!r}): {type(e).__name__}: {e}",
            ) from None
    return state


def check_and_play(
    game: str, check_file: Callable[[Path], tuple[list[str], list[dict]]], path: Path
) -> list[str]:
    """``check-data`` for one game: its static checks (``check_file`` gives the lines to
    print and the configs to try), then a game started and played with each config (300
    moves for the first, 50 for the others). OK means a game starts and plays."""
    from hordes_kit.core.inputs import shown

    lines, configs = check_file(path)
    for i, config in enumerate(configs):
        smoke_test(game, config, moves=300 if i == 0 else 50, source=shown(str(path)))
    return lines
