"""Save files: a game is its config plus its action history, written as JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from hordes_kit.core.errors import HordesKitError, SaveFileError
from hordes_kit.core.registry import get_game
from hordes_kit.core.state import GameState

__all__ = ["SAVE_FORMAT", "dump_save", "load_save"]

SAVE_FORMAT = "hordes-kit-save/1"


def dump_save(game: str, config: Mapping[str, Any], state: GameState) -> str:
    """The save file text for a game in progress."""
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "game": game,
            "config": dict(config),
            "history": list(state.history),
        },
        indent=1,
    )


def load_save(text: str | bytes, expect_game: str | None = None) -> tuple[dict, GameState]:
    """Read a save file and replay it; returns ``(config, state)``.

    Raises ``SaveFileError`` for anything corrupt or foreign; the caller's game in
    progress is never touched because nothing is returned until replay succeeded.
    """
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise SaveFileError(f"not a save file (not JSON: {e})") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a hordes-kit save file (format should be {SAVE_FORMAT!r})")
    game = doc.get("game")
    if expect_game is not None and game != expect_game:
        raise SaveFileError(f"this save file is for {game!r}, not {expect_game!r}")
    config, history = doc.get("config"), doc.get("history")
    if not isinstance(config, dict):
        raise SaveFileError("save file has no config object")
    if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
        raise SaveFileError("save file history must be a list of action ids")
    try:
        g = get_game(str(game))
        state = g.start(config)
        for i, a in enumerate(history, 1):
            try:
                state = state.apply(a)
            except HordesKitError as e:
                raise SaveFileError(f"move {i} of the save file cannot be replayed: {e}") from None
    except SaveFileError:
        raise
    except (HordesKitError, TypeError, ValueError, KeyError) as e:
        raise SaveFileError(f"save file cannot be loaded: {e}") from None
    return config, state
