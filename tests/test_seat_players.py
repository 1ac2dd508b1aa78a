"""Who plays each seat travels with a saved or linked game (issue 42 part 3): a bot seat
comes back a bot at its strength, a person's seat a person; the file's ``seats`` is read by
the game's declared seats (``core.schema.seat_players``) and refused in words; an old file
without it loads as before; at a shared table the table's seats win."""

from __future__ import annotations

import json
import random

import pytest

from hordes_kit.core.errors import SaveFileError
from hordes_kit.core.links import read_link
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import dump_save, read_save


@pytest.fixture(autouse=True)
def table_db(tmp_path, monkeypatch):
    monkeypatch.setenv("HORDES_KIT_DB", str(tmp_path / "tables.sqlite3"))


def _play_a_little(board, moves: int = 6) -> None:
    """A person's first few clicks (the bot and the horde move in between)."""
    rng = random.Random(1)
    for _ in range(moves):
        s = board.state
        if s.is_terminal or s.is_chance or s.current_player in board.bots:
            break
        board.act(rng.choice(s.legal_actions()))


def test_a_skytear_game_with_the_bot_loads_and_links_with_the_bot_on_a_fresh_page(monkeypatch):
    from hordes_kit.ui.skytear.board import SkyBoard

    board = SkyBoard(seed=42, speed="Instant", mode="bot")
    _play_a_little(board)
    assert board.state.turn >= 1 and board.seat_players() == ["person", "sensible"]
    fresh = SkyBoard(speed="Instant")  # a fresh page: solo
    assert fresh.load_text(board.save_text()), fresh.message.value
    assert fresh.bots == (1,) and fresh.setup.mode.value == "bot"
    assert "Player 2 (bot)" in fresh.table.html
    s = fresh.state  # the bot plays its own turns: the page waits only for player 1
    assert s.is_terminal or s.current_player == 0
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: board.links.make())
    friend = SkyBoard(speed="Instant")
    assert friend.bots == (1,) and friend.setup.mode.value == "bot"
    assert friend.state.history[: len(board.state.history)] == board.state.history


def test_bot_strength_comes_back_on_fantahzee_and_shadows():
    from hordes_kit.ui.fantahzee.board import FZBoard
    from hordes_kit.ui.shadows.board import ShadowsBoard

    fz = FZBoard(players=3, seed=4, kinds=["Random bot", "Person", "Strong bot"], speed="Instant")
    other = FZBoard(players=2, kinds=["Person", "Person"], speed="Instant")
    assert other.load_text(fz.save_text()), other.message.value
    assert other.seat_players() == ["random", "person", "strong"]
    sh = ShadowsBoard(players=3, kinds=["Random bot", "Person", "Sensible bot"], seed=4)
    other = ShadowsBoard(players=2, kinds=["Person", "Person"])
    assert other.load_text(sh.save_text()), other.message.value
    assert other.seat_players() == ["random", "person", "sensible"] == other.seat_players()
    assert other.kinds() == ["Random bot", "Person", "Sensible bot"]


def _doc(game: str, seats, players: int = 2) -> str:
    state = get_game(game).start({"players": players})
    doc = json.loads(dump_save(game, {"players": players}, state))
    doc["seats"] = seats
    return json.dumps(doc)


@pytest.mark.parametrize(
    "game, seats, words",
    [
        ("fantahzee", ["person", "wizard"], "item 2: must be one of 'person', 'random', 'strong'"),
        ("fantahzee", ["person"], "says who plays 1 seats; the game has 2"),
        ("fantahzee", "strong", "must be a list of seats, got 'strong'"),
        ("fantahzee", [], "lists 0 seats; at least 1"),
        ("fantahzee", ["person"] * 6, "lists 6 seats; at most 5"),
        ("skytear", ["person", "strong"], "must be one of 'person', 'sensible', got 'strong'"),
        ("shadows", ["person", True], "must be one of 'person', 'sensible', 'random', got true"),
    ],
)
def test_a_bad_seats_entry_is_refused_in_words(game, seats, words):
    with pytest.raises(SaveFileError) as e:
        read_save(_doc(game, seats), game)
    assert str(e.value).startswith("save file: ") and words in str(e.value)
    assert "who plays" in str(e.value)


@pytest.mark.parametrize(
    "players, seats, item",
    [(1, ["sensible"], 1), (2, ["sensible", "person"], 1), (2, ["sensible", "sensible"], 1)],
)
def test_a_skytear_bot_only_partners_player_1(monkeypatch, players, seats, item):
    """A hand-made save or link with the kit's bot as Player 1 (solo, or co-op with a person
    as Player 2) is refused, naming the file and the seat: the Skytear board's bot is a
    co-op partner. The game on the page stays as it was; what it can play loads as written."""
    from hordes_kit.core.links import LinkError, position_link
    from hordes_kit.ui.skytear.board import SkyBoard

    words = f"item {item}: Player {item} is a person's seat (a bot plays only Player 2)"
    with pytest.raises(SaveFileError) as e:
        read_save(_doc("skytear", seats, players), "skytear")
    assert str(e.value).startswith(f"save file: who plays each seat (seats), {words}")
    config = {"players": players}
    token = position_link("skytear", config, get_game("skytear").start(config), seats)
    with pytest.raises(LinkError) as e:
        read_link(token, "skytear")
    assert str(e.value).startswith(f"this link: who plays each seat (seats), {words}")
    page = SkyBoard(seed=3, speed="Instant", mode="bot")
    before = (page.state, page.bots, page.config, page.setup.mode.value)
    assert page.load_text(_doc("skytear", seats, players)) is False
    assert (page.state, page.bots, page.config, page.setup.mode.value) == before
    assert "Player 1 is a person&#x27;s seat" in page.message.value
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: f"position={token}")
    friend = SkyBoard(speed="Instant")
    assert friend.bots == () and friend.state.turn == 0 and "Player 1 is a" in friend.message.value
    fine = _doc("skytear", ["person", "sensible"])
    assert read_save(fine, "skytear")[2] == ["person", "sensible"]  # as written
    assert page.load_text(fine) and page.bots == (1,)


def test_a_game_without_bot_seats_takes_only_people():
    doc = json.loads(dump_save("the-horde", {}, get_game("the-horde").start({})))
    doc["seats"] = ["person"]
    assert read_save(json.dumps(doc))[2] == ["person"]
    doc["seats"] = ["sensible"]
    with pytest.raises(SaveFileError, match="must be one of 'person', got 'sensible'"):
        read_save(json.dumps(doc))


def test_an_old_save_or_link_without_seats_keeps_the_pages_own():
    from hordes_kit.core.links import position_link
    from hordes_kit.ui.skytear.board import SkyBoard

    board = SkyBoard(seed=42, speed="Instant", mode="people")
    old = json.loads(board.save_text())
    del old["seats"]
    assert read_save(json.dumps(old), "skytear")[2] is None
    assert read_link(position_link("skytear", board.config, board.state), "skytear")[2] is None
    page = SkyBoard(speed="Instant", mode="bot")
    assert page.load_text(json.dumps(old)) and page.bots == (1,)  # as before: the page's


def test_at_a_shared_table_a_file_or_link_does_not_change_who_plays_a_seat():
    from hordes_kit.ui.skytear.board import SkyBoard

    ana = SkyBoard(mode="people")
    code = ana.table_panel.create()
    ben = SkyBoard()
    assert ben.table_panel.join(code, take=1)
    bot_game = SkyBoard(seed=42, speed="Instant", mode="bot").save_text()
    for page in (ana, ben):
        page.table_panel.poll()
        assert page.load_text(bot_game) is False
        page._seat_players(["person", "sensible"])  # whoever calls it: the table's seats win
        assert page.bots == () and page.table_code() == code
        assert not any(seat.is_bot for seat in page.table_panel.session.info.seats)
