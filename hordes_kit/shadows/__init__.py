"""Shadows: Heroes & Monsters (2-3 players): card data, the rules engine, odds and bots.

Registration only: the game's declaration for the registry and its public names. Which
module holds what is in ``hordes_kit/README.md``.
"""

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
        tagline="Competitive, 2-3 players: plan your hand in secret, then fight the Monster "
        "Initiative step by step.",
        cli=__name__ + ".cli",
        bench=__name__ + ".bench",
    )
)
