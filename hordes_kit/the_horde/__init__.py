"""The Horde (solo): card data, the rules engine, battle odds and survival analysis."""

from hordes_kit.core.registry import Game, register
from hordes_kit.the_horde.game import THState, new_game
from hordes_kit.the_horde.rules import GAME, THConfig

__all__ = ["GAME", "THConfig", "THState", "new_game", "THE_HORDE"]

THE_HORDE = register(Game(GAME, "The Horde", 1, 1, new_game))
