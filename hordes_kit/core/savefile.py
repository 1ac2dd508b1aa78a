"""Save files: a game is its config plus its action history, written as JSON.

Format ``hordes-kit-save/2``::

    {"format": "hordes-kit-save/2", "game": "fantahzee",
     "config": {"players": 3, "cards": "<the text of the card file, if not shipped>"},
     "history": ["first:1", "roll:6,5,4,3,2", ...],
     "seats": ["person", "strong", "random"]}

``seats`` (optional) says who played each seat on the board that saved it: a person or one
of the game's bots (``Game.seat_bots``, read by ``core.schema.seat_players``), so a bot seat
plays itself again after Load; a file without it loads as before (the page's own seats).

A config never names a file: a player's own card data travels as its text (Fantahzee
and Heroes & Hordes ``cards``, The Horde ``data``: file name -> text), the shipped data
as nothing. A save is checked whole (size, encoding, nesting, keys, the game's own
option checks, every move replayed on a fresh game) before anything is returned, so a
refused file changes nothing. Every size is bounded before the work it would cause: the
file (``SAVE_LIMIT``), its nesting and texts (``core.inputs``), the config (the game's
declared schema, ``core.schema``: card text, a described position's every count), the
history (``MAX_MOVES``), all before the game is set up; the replay's time is linear in
the moves (``GameState.apply_all``). Format 1 files load when their config names no file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from hordes_kit.core.errors import HordesKitError, SaveFileError
from hordes_kit.core.inputs import decode_text, parse_json
from hordes_kit.core.registry import get_game
from hordes_kit.core.schema import seat_players
from hordes_kit.core.state import GameState

__all__ = [
    "SAVE_FORMAT",
    "SAVE_LIMIT",
    "MAX_MOVES",
    "dump_save",
    "load_save",
    "read_save",
    "save_doc",
]

SAVE_FORMAT = "hordes-kit-save/2"
OLD_FORMAT = "hordes-kit-save/1"
# The bounds of a save, each checked before anything is built: with them the worst file
# loads within 2 s and 100 MB (tests/test_load_budget.py), its work linear in its size.
SAVE_LIMIT = 2 * 1024 * 1024  # bytes: a player's card data (CARD_TEXT_LIMIT) and the rest
MAX_MOVES = 30_000  # moves in a history (the longest bot games are about 12,000)
MAX_ACTION = 100  # characters of one action id
_KEYS = {"format", "game", "config", "history", "seats"}
# format 1 configs named files here (Fantahzee, Heroes & Hordes, The Horde)
_PATH_KEYS = ("cards", "cards_file", "data_dir")


def save_doc(
    game: str, config: Mapping[str, Any], state: GameState, seats: list[str] | None = None
) -> dict:
    """What a save file (and a position link) holds: ``seats``, who plays each seat, if any."""
    doc = {"format": SAVE_FORMAT, "game": game, "config": dict(config)}
    doc["history"] = list(state.history)
    if seats is not None:
        doc["seats"] = list(seats)
    return doc


def dump_save(
    game: str, config: Mapping[str, Any], state: GameState, seats: list[str] | None = None
) -> str:
    """The save file text for a game in progress (``seats``: who plays each seat)."""
    return json.dumps(save_doc(game, config, state, seats), indent=1)


def _text(data: str | bytes, name: str) -> str:
    if isinstance(data, str):
        if len(data) > SAVE_LIMIT:  # characters <= bytes: too big either way
            raise SaveFileError(f"{name}: larger than the limit of {SAVE_LIMIT:,} bytes")
        data = data.encode("utf-8", "surrogatepass")
    if not isinstance(data, bytes | bytearray):
        raise SaveFileError(f"{name}: not a save file (not text)")
    if len(data) > SAVE_LIMIT:
        raise SaveFileError(f"{name}: larger than the limit of {SAVE_LIMIT:,} bytes")
    return decode_text(bytes(data), name, error=lambda p: SaveFileError(f"{name}: {p}"))


def _old_config(config: dict, name: str) -> dict:
    """A format 1 config without its file keys; one that names a file is refused."""
    if any(config.get(k) not in (None, "") for k in _PATH_KEYS):
        raise SaveFileError(
            f"{name}: this format 1 save names a card file on the computer that made it, and "
            "the kit no longer opens a file named in a save: start a game with those cards "
            "and save it again"
        )
    return {k: v for k, v in config.items() if k not in _PATH_KEYS}


def load_save(
    text: str | bytes, expect_game: str | None = None, name: str = "save file"
) -> tuple[dict, GameState]:
    """Read a save file and replay it; returns ``(config, state)`` (``read_save``)."""
    config, state, _seats = read_save(text, expect_game, name)
    return config, state


def _seats(doc: dict, game: Any, name: str) -> list[str] | None:
    """Who plays each seat, as the file says (None: it does not say), read by the game's
    declared seats before anything is built."""
    if "seats" not in doc:
        return None
    spec = seat_players(game.seat_bots, game.max_players, game.bot_seats)
    try:
        return spec.check(doc["seats"], "who plays each seat (seats)")
    except HordesKitError as e:  # "...: who plays each seat (seats), item 2: must be ..."
        said = str(e).replace(" option item", ", item", 1).replace(" option:", ":", 1)
        raise SaveFileError(f"{name}: {said}") from None


def read_save(
    text: str | bytes, expect_game: str | None = None, name: str = "save file"
) -> tuple[dict, GameState, list[str] | None]:
    """Read a save file and replay it; returns ``(config, state, seats)``, ``seats`` who
    plays each seat ("person" or a bot of the game; None: the file does not say).

    Raises ``SaveFileError`` (one message, starting with ``name``) for anything corrupt,
    oversized or foreign. The caller's game in progress is never touched because
    nothing is returned until every check and the replay succeeded; the config
    returned is the game's own reading of it (every option spelled out).
    """
    doc = parse_json(_text(text, name), lambda p: SaveFileError(f"{name}: not a save file: {p}"))
    if not isinstance(doc, dict) or doc.get("format") not in (SAVE_FORMAT, OLD_FORMAT):
        raise SaveFileError(
            f"{name}: not a hordes-kit save file (format should be {SAVE_FORMAT!r})"
        )
    extra = sorted(set(doc) - _KEYS)
    if extra:
        raise SaveFileError(f"{name}: unknown key {extra[0][:40]!r}")
    game = doc.get("game")
    if not isinstance(game, str) or not 0 < len(game) <= 40:
        raise SaveFileError(f"{name}: no game named")
    if expect_game is not None and game != expect_game:
        raise SaveFileError(f"{name}: this save file is for {game!r}, not {expect_game!r}")
    config, history = doc.get("config"), doc.get("history")
    if not isinstance(config, dict):
        raise SaveFileError(f"{name}: no config object")
    if doc["format"] == OLD_FORMAT:
        config = _old_config(config, name)
    if not isinstance(history, list) or not all(
        isinstance(a, str) and 0 < len(a) <= MAX_ACTION for a in history
    ):
        raise SaveFileError(
            f"{name}: the history must be a list of action ids (1-{MAX_ACTION} characters)"
        )
    if len(history) > MAX_MOVES:
        raise SaveFileError(f"{name}: {len(history):,} moves; the limit is {MAX_MOVES:,}")
    try:
        g = get_game(game)
    except HordesKitError as e:
        raise SaveFileError(f"{name}: cannot be loaded: {e}") from None
    seats = _seats(doc, g, name)
    try:
        state = g.start(config)
    except HordesKitError as e:
        raise SaveFileError(f"{name}: cannot be loaded: {e}") from None
    if seats is not None and len(seats) != state.num_players:
        raise SaveFileError(
            f"{name}: says who plays {len(seats)} seats; the game has {state.num_players}"
        )
    try:
        state = state.apply_all(history)  # time linear in the moves (see GameState.apply_all)
    except HordesKitError as e:
        raise SaveFileError(f"{name}: move {e.move} cannot be replayed: {e}") from None  # type: ignore[attr-defined]
    own = getattr(getattr(state, "config", None), "to_dict", None)
    return (own() if callable(own) else config), state, seats
