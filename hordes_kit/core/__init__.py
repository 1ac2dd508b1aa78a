"""Game-agnostic core: the state API, errors, chance, playouts, scenarios, save files."""

from hordes_kit.core.errors import (
    CardDataError,
    HordesKitError,
    IllegalActionError,
    InvalidActionError,
    InvalidInputError,
    SaveFileError,
    ScenarioError,
)
from hordes_kit.core.playout import play_steps, playout, random_policy, sample_outcome
from hordes_kit.core.registry import Game, get_game, register, registered_games
from hordes_kit.core.state import CHANCE, TERMINAL, Event, GameState

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Event",
    "GameState",
    "Game",
    "register",
    "get_game",
    "registered_games",
    "playout",
    "play_steps",
    "random_policy",
    "sample_outcome",
    "HordesKitError",
    "InvalidInputError",
    "InvalidActionError",
    "IllegalActionError",
    "CardDataError",
    "ScenarioError",
    "SaveFileError",
]
