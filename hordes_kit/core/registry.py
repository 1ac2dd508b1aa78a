"""Registered games: name -> how to start one, replay from config + history, and where the
rest of the kit finds the game's pages, commands and benchmark.

A game package registers its ``Game`` when it is imported (its ``__init__.py``); the
index page, the ``hordes-kit`` command, ``check-data``, the conformance test and
``make bench`` all find it here. ``SHELF`` lists every game of the kit in the order of
the index page: adding a game is one line there. Nothing heavy is imported here: a
game's command and benchmark modules are named, and imported only when asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.state import GameState

__all__ = [
    "Game",
    "Dashboard",
    "Planned",
    "SHELF",
    "register",
    "get_game",
    "registered_games",
    "shelf",
    "unregister",
]


@dataclass(frozen=True)
class Dashboard:
    """One of a game's pages: its notebook, its title and one line on what it does."""

    notebook: str  # file name in notebooks/ ("fantahzee_odds.ipynb")
    title: str
    blurb: str


@dataclass(frozen=True)
class Planned:
    """A game of the box not built yet: the index page lists it as such."""

    title: str
    tagline: str


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
    tagline: str = ""  # the index page's line under the game's heading
    dashboards: tuple[Dashboard, ...] = ()  # its pages, in the index page's order
    cli: str = ""  # module holding COMMANDS (and DATA): see core/commands.py
    bench: str = ""  # module whose run() prints the game's ``make bench`` figures
    sheet: str = ""  # module whose sheet() builds its printable odds sheet (core/sheet.py)
    # module whose warm_up() compiles its numba fast simulator into the on-disk cache
    # (the server runs it at start, so a page's first simulation does not wait for it)
    fastsim: str = ""
    config: type | None = None  # the config dataclass (rules options; core.table_rules)
    # module whose cards() lists every card of the shipped data for the card reference
    # (core/cardref.py), and the page module whose face(ref) draws one as on the board
    cards: str = ""
    card_faces: str = ""
    # module whose COACH (core.coach.CoachRules) lets the coach rank the game's moves
    coach: str = ""
    # the bots that may play a seat of its boards, as a save or link records who plays
    # each seat (``core.schema.seat_players``: "person" or one of these)
    seat_bots: tuple[str, ...] = ()
    # the seats (counted from 0) a bot may play on its board (None: any seat); a save or
    # link with a bot elsewhere is refused, as the board could not play it as written
    bot_seats: tuple[int, ...] | None = None

    def cli_module(self) -> ModuleType | None:
        """The game's command module, imported now (None if it has no commands)."""
        return importlib.import_module(self.cli) if self.cli else None

    def bench_module(self) -> ModuleType | None:
        """The game's benchmark module, imported now (None if it has none)."""
        return importlib.import_module(self.bench) if self.bench else None

    def sheet_module(self) -> ModuleType | None:
        """The game's printable-sheet module, imported now (None if it has none)."""
        return importlib.import_module(self.sheet) if self.sheet else None

    @property
    def schema(self) -> Any:
        """The declared schema of the game's config (``core.schema.Record``: every field's
        type and bounds), which its ``new_state`` reads every config by; None if it has none."""
        return getattr(self.config, "SCHEMA", None)

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
        if config is not None and not isinstance(config, Mapping):
            raise InvalidInputError(f"a {self.title} config is a table of options")
        return self.new_state(dict(config or {}))

    def replay(self, config: Mapping[str, Any] | None, history) -> GameState:
        """Rebuild a state from its config and action history (save file, undo, golden test)."""
        return self.start(config).apply_all(history)


_GAMES: dict[str, Game] = {}
# Every game of the kit, in the order the index page lists them. A built game is its
# registry name: its package (hordes_kit/the_horde for the-horde) registers it on import
# (imported on first registry use). A game not built yet is shown as such.
SHELF: tuple[str | Planned, ...] = (
    "fantahzee",
    "skytear",
    "shadows",
    "the-horde",
    "heroes-hordes",
)
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in SHELF:
            if isinstance(name, str):
                importlib.import_module("hordes_kit." + name.replace("-", "_"))


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


def shelf() -> tuple[Game | Planned, ...]:
    """Every game of the kit in the index page's order: registered games and planned ones."""
    _load_builtin()
    return tuple(_GAMES[g] if isinstance(g, str) else g for g in SHELF)
