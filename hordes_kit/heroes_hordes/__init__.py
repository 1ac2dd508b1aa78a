"""Heroes & Hordes (solo): card data, the rules engine and the battle calculator."""

from hordes_kit.core.registry import Game, register
from hordes_kit.heroes_hordes.game import HHState, new_game
from hordes_kit.heroes_hordes.rules import GAME, HHConfig

__all__ = ["GAME", "HHConfig", "HHState", "new_game", "HEROES_HORDES"]

HEROES_HORDES = register(Game(GAME, "Heroes & Hordes", 1, 1, new_game))
