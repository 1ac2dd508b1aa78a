"""Registered games: name -> how to start one, and replay from config + history."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.state import GameState

__all__ = ["Game", "register", "get_game", "registered_games", "unregister"]


@dataclass(frozen=True)
class Game:
    """A game's declaration: its name, seats and how to build the first state."""

    name: str
    title: str
    min_players: int
    max_players: int
    new_state: Callable[[Mapping[str, Any]], GameState]  # config dict -> initial state
    # Conformance playouts: how many seeded games, and the policy for decisions (None =
    # uniform random). A game whose uniformly random games take tens of thousands of
    # moves supplies a policy that still tries every kind of legal move.
    conformance_seeds: int = 200
    playout_policy: Callable | None = None

    @property
    def data_dir(self) -> str:
        """The game's folder under ``data/`` (``heroes-hordes`` -> ``heroes_hordes``)."""
        return self.name.replace("-", "_")

    @property
    def rule_prefix(self) -> str:
        """The prefix of the game's rule ids (``heroes-hordes.``)."""
        return self.name + "."

    def start(self, config: Mapping[str, Any] | None = None) -> GameState:
        """The initial state for this config (defaults where a key is missing)."""
        return self.new_state(dict(config or {}))

    def replay(self, config: Mapping[str, Any] | None, history) -> GameState:
        """Rebuild a state from its config and action history (save file, undo, golden test)."""
        return self.start(config).apply_all(history)


_GAMES: dict[str, Game] = {}
# Game packages that register themselves on import (imported on first registry use).
BUILTIN = (
    "hordes_kit.fantahzee",
    "hordes_kit.heroes_hordes",
    "hordes_kit.the_horde",
    "hordes_kit.skytear",
)
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN:
            importlib.import_module(module)


def register(game: Game) -> Game:
    """Add a game to the registry (the conformance test runs every registered game)."""
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game (tests that register throwaway games clean up with this)."""
    _GAMES.pop(name, None)


def get_game(name: str) -> Game:
    """The registered game called ``name``; the error lists the known names."""
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none yet"
        raise HordesKitError(f"unknown game {name!r}; registered games: {known}") from None


def registered_games() -> tuple[Game, ...]:
    """Every registered game, by name."""
    _load_builtin()
    return tuple(_GAMES[k] for k in sorted(_GAMES))
