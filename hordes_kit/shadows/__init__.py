"""Shadows: Heroes & Monsters (2-3 players): card data, the rules engine, odds and bots."""

from hordes_kit.core.registry import Game, register
from hordes_kit.shadows.bots import conformance_policy
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.game import ShadowsState, new_game
from hordes_kit.shadows.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, TITLE

__all__ = ["GAME", "SConfig", "ShadowsState", "new_game", "SHADOWS"]

SHADOWS = register(
    Game(
        GAME,
        TITLE,
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        conformance_seeds=6,
        playout_policy=conformance_policy,
    )
)
