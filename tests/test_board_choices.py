"""Every choice of every board's New game section, and of its Table rules, makes a game that
saves and loads, and that a link opens on a friend's page: the same game, and the New game
section showing the choices that made it (pressing New game there starts the same kind of
game). Who plays each seat (a person, or a bot at its strength) comes back too: the save
and the link record it, and a bot seat plays itself on the page that opens them.

A failure names the board, the choice and the value (a game set up with the outsider WAST-3
could not be loaded back: its drop-down's options are names, not (label, value) pairs)."""

from __future__ import annotations

import ipywidgets as w
import pytest
from board_makers import BOARDS

from hordes_kit.core.registry import get_game

NAME = "Ada"  # a seat's name typed in, for the name boxes


def _walk(widget) -> list:
    """The widget and those inside it that a player can reach: none inside a hidden one
    (``display: none``, e.g. a solo game's partner choices), none disabled."""
    layout = getattr(widget, "layout", None)
    if getattr(layout, "display", None) == "none" or getattr(widget, "disabled", False):
        return []
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out


def choices(board) -> list[tuple[w.Widget, list]]:
    """The New game section's and the Table rules' choices a player can make now: each box
    and its values."""
    skip = {id(getattr(getattr(board, "playback", None), "speed", None)), id(board.seed_box)}
    found, seen = [], set()
    for top in (board.setup, board.rules_panel):
        for x in _walk(top):
            if id(x) in skip or id(x) in seen:
                continue
            seen.add(id(x))
            if isinstance(x, w.Checkbox):
                found.append((x, [not x.value, x.value]))
            elif isinstance(x, w.Text):
                found.append((x, [NAME]))
            elif isinstance(x, w.Dropdown | w.RadioButtons | w.ToggleButtons):
                values = [o[1] if isinstance(o, tuple) else o for o in x.options]
                assert len(values) == len(set(values)), f"{x.description}: {x.options}"
                found.append((x, [v for v in values if v != x.value] + [x.value]))
    return found


def new_config(board) -> dict:
    """What New game would start now (the section's choices and the table's rules)."""
    return board._new_config() | board.table_config()


def same_kind(name: str, a: dict, b: dict) -> bool:
    """Two configs start the same game (each read by the game, defaults filled in)."""
    game = get_game(name)
    return game.start(a) == game.start(b)


def shown_choices(board) -> list:
    """What the New game section and the Table rules show: every choice's value, seats' kinds
    (who plays each seat: a person or which bot) among them (names typed in: ``same_kind``,
    as the game makes two equal names unique)."""
    return [box.value for box, _values in choices(board) if not isinstance(box, w.Text)]


def same_game(a, b) -> bool:
    """The same game: ``a`` is ``b``, or ``b`` played on by the page's own bots."""
    return a.history[: len(b.history)] == b.history and a.game == b.game


def open_with(monkeypatch, query: str, make):
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: query)
    return make()


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_new_game_choice_saves_loads_and_links(monkeypatch, tmp_path, name):
    # a long game's link is kept as a short link in the tables' database: the test's own
    monkeypatch.setenv("HORDES_KIT_DB", str(tmp_path / "tables.sqlite3"))
    make = BOARDS[name]
    board = open_with(monkeypatch, "", lambda: make(5))
    round_trips(monkeypatch, name, board)


@pytest.mark.parametrize("mode", ["solo", "bot", "people"])
def test_every_skytear_campaign_choice_saves_loads_and_links(monkeypatch, tmp_path, mode):
    """A campaign, solo and co-op, with each of its own choices (the market decks, the
    Limited Format, the final outsider among them: WAST-3 and Scalesider too)."""
    monkeypatch.setenv("HORDES_KIT_DB", str(tmp_path / "tables.sqlite3"))
    board = open_with(monkeypatch, "", lambda: BOARDS["skytear"](5))
    board.setup.mode.value = mode
    board.setup.campaign.value = True
    walked = round_trips(monkeypatch, "skytear", board, keep=board.setup.campaign)
    assert {board.setup.deck, board.setup.outsider, board.setup.difficulty} <= walked
    assert board.setup.horde not in walked  # a campaign plays the box's three hordes
    solo = mode == "solo"  # co-op: the partner's; the Limited Format needs 6 decks
    assert solo == (board.setup.limited in walked) != (board.setup.deck2 in walked)


def round_trips(monkeypatch, name: str, board, keep=None) -> set:
    """Each choice of the board's New game section in turn (but ``keep``): a new game, its
    save loaded on another page, its link opened on a friend's; the boxes walked."""
    make = BOARDS[name]
    loader = make(7)
    found = [(box, values) for box, values in choices(board) if box is not keep]
    assert found, f"{name}: no New game choice found"
    tried, linked = 0, 0
    for box, values in found:
        for value in values:
            what = f"{name}: {box.description or type(box).__name__} = {value!r}"
            box.value = value
            board.seed_box.value = 11 + tried  # a typed seed: the same games every run
            board.restart()  # New game (a table rule's change starts one by itself too)
            config = board.config
            assert same_kind(name, new_config(board), config), f"{what}: not what started"
            assert loader.load_text(board.save_text()), f"{what}: {loader.message.value}"
            assert same_game(loader.state, board.state), f"{what}: loaded another game"
            assert same_kind(name, new_config(loader), config), f"{what}: New game after Load"
            assert shown_choices(loader) == shown_choices(board), f"{what}: seats after Load"
            assert loader.seat_players() == board.seat_players(), f"{what}: who plays, Load"
            tried += 1
            query = board.links.make()
            if query is None:  # bots on every seat played a whole game: refused in words
                assert "too long for a link" in board.links.message, f"{what}: no link"
                continue
            friend = open_with(monkeypatch, query, lambda: make(9))
            assert same_game(friend.state, board.state), f"{what}: the link opened another"
            assert same_kind(name, new_config(friend), config), f"{what}: New game after link"
            assert shown_choices(friend) == shown_choices(board), f"{what}: seats after link"
            assert friend.seat_players() == board.seat_players(), f"{what}: who plays, link"
            linked += 1
    assert tried >= len(found) and linked >= tried - 2
    return {box for box, _values in found}
