"""Fantahzee: Hordes & Heroes (2-5 players): card data, dice odds and the rules engine."""

from hordes_kit.core.registry import Game, register
from hordes_kit.fantahzee.game import FState, new_game
from hordes_kit.fantahzee.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, FConfig

__all__ = ["GAME", "FConfig", "FState", "new_game", "FANTAHZEE"]


def _conformance_policy(state, rng):
    """Half the moves uniformly random, half the strong bot's: random Fantahzee games
    otherwise last tens of thousands of moves (nobody gathers the strength for a Boss)."""
    from hordes_kit.fantahzee.bots import random_bot, strong_bot

    return strong_bot(state, rng) if rng.random() < 0.5 else random_bot(state, rng)


FANTAHZEE = register(
    Game(
        GAME,
        "Fantahzee: Hordes & Heroes",
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        conformance_seeds=4,
        playout_policy=_conformance_policy,
    )
)
