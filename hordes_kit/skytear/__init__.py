"""Skytear Horde (1-2 players, solo or co-op): card data, the rules engine, forecasts and odds."""

from hordes_kit.core.registry import Game, register
from hordes_kit.skytear.game import SkyState, new_game
from hordes_kit.skytear.rules import GAME, SkyConfig

__all__ = ["GAME", "SkyConfig", "SkyState", "new_game", "SKYTEAR"]

SKYTEAR = register(Game(GAME, "Skytear Horde", 1, 2, new_game, conformance_seeds=40))
