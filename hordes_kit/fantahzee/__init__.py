"""Fantahzee: Hordes & Heroes (2-5 players): card data, dice odds and the rules engine."""

from hordes_kit.core.registry import Game, register
from hordes_kit.fantahzee.rules import GAME, MAX_PLAYERS, MIN_PLAYERS
from hordes_kit.fantahzee.setup import new_game
from hordes_kit.fantahzee.state import FConfig, FState

__all__ = ["GAME", "FConfig", "FState", "new_game", "FANTAHZEE"]

FANTAHZEE = register(Game(GAME, "Fantahzee: Hordes & Heroes", MIN_PLAYERS, MAX_PLAYERS, new_game))
