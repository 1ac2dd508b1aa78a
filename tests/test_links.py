"""Links: a board position or an odds question in the address opens exactly it; anything
else is refused with the kit's own message naming the link, never a wrong position."""

from __future__ import annotations

import base64
import html
import json
import random
import zlib
from functools import partial
from urllib.parse import parse_qs, quote

import pytest
from board_makers import BOARDS as BOARD_MAKERS
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.links import (
    LINK_TAG,
    MAX_INFLATED,
    MAX_LINK,
    POSITION,
    LinkError,
    position_check,
    position_from_link,
    position_link,
)
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.query import parse_query
from hordes_kit.core.registry import get_game

GAMES = {
    "fantahzee": {"players": 3},
    "the-horde": {"dizzy": "restart"},
    "heroes-hordes": {},
    "shadows": {"players": 2},
    "skytear": {"players": 2},
}


def played(name: str, moves: int, seed: int = 1):
    config = GAMES[name]
    s = get_game(name).start(config)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal:
            break
        s = s.apply(
            sample_outcome(s.chance_outcomes(), rng)
            if s.is_chance
            else rng.choice(s.legal_actions())
        )
    return config, s


def pack(doc: dict | bytes, digest: str = "00000000", tag: str = LINK_TAG) -> str:
    raw = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    return f"{tag}.{digest}." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def unpack(token: str) -> tuple[str, str, dict]:
    tag, digest, packed = token.split(".")
    raw = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
    return tag, digest, json.loads(raw)


# --- core ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("moves", [0, 60])
def test_a_position_link_opens_exactly_that_position(name, moves):
    config, s = played(name, moves)
    token = position_link(name, config, s)
    assert len(token) <= MAX_LINK and token.startswith(LINK_TAG + ".")
    got_config, got = position_from_link(token, expect_game=name)
    assert got == s and got.history == s.history
    for k, v in config.items():  # the table's readings travel with the position
        assert got_config[k] == v


def test_a_link_for_another_game_is_refused():
    config, s = played("the-horde", 10)
    with pytest.raises(LinkError, match="this link: this save file is for 'the-horde'"):
        position_from_link(position_link("the-horde", config, s), expect_game="fantahzee")


def test_a_link_from_another_link_version_is_refused_by_name():
    config, s = played("fantahzee", 20)
    _tag, digest, doc = unpack(position_link("fantahzee", config, s))
    with pytest.raises(LinkError, match="another version of the kit.*'k9'"):
        position_from_link(pack(doc, digest, tag="k9"), "fantahzee")
    doc["format"] = "hordes-kit-save/7"
    with pytest.raises(LinkError, match="not a hordes-kit save"):
        position_from_link(pack(doc, digest), "fantahzee")


def test_a_history_that_does_not_replay_is_refused():
    config, s = played("shadows", 40)
    _tag, digest, doc = unpack(position_link("shadows", config, s))
    doc["history"].insert(5, "pass")  # a move the rules do not allow there
    with pytest.raises(LinkError, match="this link: move 6 cannot be replayed"):
        position_from_link(pack(doc, digest), "shadows")


def test_moves_that_replay_to_another_position_are_refused_never_opened():
    """As if the rules changed between two kits: the moves still replay, but the check of
    the position made with the link does not match: refused, not a wrong position."""
    config, s = played("heroes-hordes", 30)
    _tag, digest, doc = unpack(position_link("heroes-hordes", config, s))
    doc["history"] = doc["history"][:-1]  # replays, to the position one move earlier
    with pytest.raises(LinkError, match="replay to a different position"):
        position_from_link(pack(doc, digest), "heroes-hordes")


def test_a_zip_bomb_is_refused_without_unpacking_it():
    bomb = pack(b"[" + b" " * (4 * MAX_INFLATED) + b"]")
    assert len(bomb) < MAX_LINK  # short enough to be read: the unpacking is bounded
    with pytest.raises(LinkError, match="unpacks to more than"):
        position_from_link(bomb, "fantahzee")
    with pytest.raises(LinkError, match="longer than"):
        position_from_link("k1.00000000." + "A" * MAX_LINK, "fantahzee")


def test_a_game_too_long_for_a_link_is_refused_with_words_that_say_save_it():
    config, s = played("fantahzee", 6000, seed=3)
    with pytest.raises(LinkError, match="too long for a link.*Save game"):
        position_link("fantahzee", config, s)


def test_the_position_parameter_is_read_through_the_query_parser():
    config, s = played("the-horde", 25)
    token = position_link("the-horde", config, s)
    got = parse_query(f"dizzy=restart&{POSITION}={token}", {POSITION: position_check("the-horde")})
    assert got[POSITION][1] == s
    with pytest.raises(HordesKitError, match="this link"):
        parse_query(f"{POSITION}={token[:-3]}", {POSITION: position_check("the-horde")})


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: pack(b)))
def test_fuzz_any_text_as_a_link_opens_or_is_refused_naming_the_link(text):
    try:
        position_from_link(text, "fantahzee")
    except LinkError as e:
        assert str(e).startswith("this link")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fuzz_a_real_link_with_a_character_changed_never_opens_elsewhere(data):
    config, s = played("fantahzee", 30)
    token = position_link("fantahzee", config, s)
    i = data.draw(st.integers(0, len(token) - 1))
    ch = data.draw(st.sampled_from("AbZz09-_.k"))
    tampered = token[:i] + ch + token[i + 1 :]
    try:
        _c, got = position_from_link(tampered, "fantahzee")
    except LinkError as e:
        assert str(e).startswith("this link")
    else:
        assert got == s  # a change the encoding ignores (base64's spare bits) or none


# --- boards: build, play, take the link, open it on a new page --------------------------


def open_with(monkeypatch, query: str, make):
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: query)
    return make()


BOARDS = {name: partial(make, 5) for name, make in BOARD_MAKERS.items()}  # seed 5 each


def play_a_little(board, clicks: int = 12) -> None:
    rng = random.Random(2)
    for _ in range(clicks):
        if hasattr(board, "finish_playback"):
            board.finish_playback()
            if getattr(board, "waiting_for", None) is not None:
                board.reveal()
        s = board.state
        if s.is_chance and hasattr(board, "draw"):  # Heroes & Hordes: "Draw the Fate card"
            board.draw()
            continue
        if s.is_chance and hasattr(board, "advance"):  # The Horde: "Next"
            board.advance(until_decision=True)
            continue
        if s.is_terminal or s.is_chance:
            break
        board.act(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_board_link_reopens_the_same_position(monkeypatch, name):
    board = open_with(monkeypatch, "", BOARDS[name])
    play_a_little(board)
    assert len(board.state.history) > 3
    query = board.links.make()
    assert query and list(parse_qs(query)) == [POSITION]
    again = open_with(monkeypatch, query, BOARDS[name])
    assert again.state == board.state
    game = get_game(name)  # the same config, spelled out in full after opening
    assert game.start(again.config) == game.start(board.config)
    assert "Opened from the link" in again.message.value
    assert not again.undo_stack


@pytest.mark.parametrize("name", ["fantahzee", "shadows", "skytear"])
def test_a_bad_board_link_opens_a_fresh_game_and_says_why(monkeypatch, name):
    fresh = open_with(monkeypatch, "", BOARDS[name])
    board = open_with(monkeypatch, f"{POSITION}=k1.0badf00d.eJwrSS0u0S0pzQcAEyoDsg", BOARDS[name])
    assert board.state == fresh.state  # the new game, untouched
    assert "this link" in board.message.value and "A new game opened instead" in (
        board.message.value
    )


def test_a_hot_seat_link_warns_that_it_shows_the_hands(monkeypatch):
    assert "every hand dealt" in open_with(monkeypatch, "", BOARDS["shadows"]).links.warning
    assert open_with(monkeypatch, "", BOARDS["the-horde"]).links.warning == ""  # a solo game


# --- odds pages and walkthroughs --------------------------------------------------------


def test_the_fantahzee_odds_link_reopens_the_same_question(monkeypatch):
    from hordes_kit.ui.fantahzee.odds import DiceOddsExplorer

    ex = open_with(monkeypatch, "", DiceOddsExplorer)
    ex.cost.value = "XX + 5"
    ex.dice.value = 6
    ex.rolls.value = 2
    ex.tray.set_dice([5, 5, 2, 6, 1, 3], [True, True, False, False, False, False])
    ex.rolls_left.value = 1
    ex.table_rules.set("distinct_values", True)
    query = ex.links.make()
    again = open_with(monkeypatch, query, DiceOddsExplorer)
    for get in (
        lambda e: e.cost.value,
        lambda e: e.dice.value,
        lambda e: e.rolls.value,
        lambda e: list(e.tray.values),
        lambda e: list(e.tray.locked),
        lambda e: e.rolls_left.value,
        lambda e: e.distinct_values,
        lambda e: e.result.value,
        lambda e: e.advice.value,
    ):
        assert get(again) == get(ex)
    assert (
        again.distinct_values
        and again.result.value != open_with(monkeypatch, "", DiceOddsExplorer).result.value
    )


@pytest.mark.parametrize(
    "query, problem",
    [("dice=4&show=123", "show= in the address has 3 dice, not 4"), ("costs=XQ", "costs=")],
)
def test_a_bad_odds_link_opens_the_page_as_usual_and_says_why(monkeypatch, query, problem):
    from hordes_kit.ui.fantahzee.odds import DiceOddsExplorer

    ex = open_with(monkeypatch, query, DiceOddsExplorer)
    assert problem in ex.message.value and ex.dice.value == 5 and ex.cost.value == "XXXX"


@pytest.mark.parametrize("game", ["fantahzee", "the_horde", "heroes_hordes", "shadows"])
def test_every_walkthrough_link_reopens_the_same_step(monkeypatch, game):
    import importlib

    make = importlib.import_module(f"hordes_kit.ui.{game}.walkthrough").walkthrough
    wp = open_with(monkeypatch, "", make)
    wp.open_at(wp.scenarios[-1].id, 2)
    assert wp.i > 0
    query = wp.links.make()
    again = open_with(monkeypatch, query, make)
    assert (again.scenario.id, again.i) == (wp.scenarios[-1].id, wp.i)
    assert again.board.value == wp.board.value


def th_battle():
    from hordes_kit.the_horde.rules import GAME
    from hordes_kit.ui.table_rules import TableRulesPanel
    from hordes_kit.ui.the_horde.odds import BattleOdds

    panel = TableRulesPanel(GAME)
    panel.open_from_url()  # as the page does, before the calculator
    return BattleOdds(panel)


def test_the_horde_battle_link_reopens_the_same_battle(monkeypatch):
    calc = open_with(monkeypatch, "", th_battle)
    calc.rules.set("item_stack", "highest")  # the table's reading travels with the battle
    calc.hordling.value = 5
    calc.defender.value = next(v for label, v in calc.defender.options if "Grimthwacker" in label)
    calc.items.value = 2
    calc.next_gc.value = 4
    calc.dizzy.value = True
    query = calc.links.make()
    again = open_with(monkeypatch, query, th_battle)
    for get in (
        lambda c: c.hordling.value,
        lambda c: c.defender.value,
        lambda c: c.items.value,
        lambda c: c.next_gc.value,
        lambda c: c.dizzy.value,
        lambda c: c.rules.config(),
        lambda c: c.force,
        lambda c: c.result.value,
    ):
        assert get(again) == get(calc)
    assert again.result.value != open_with(monkeypatch, "", th_battle).result.value


@pytest.mark.parametrize(
    "query, problem",
    [
        ("level=9", "level='9'"),
        ("defender=Dragon&level=2", "defender='Dragon'"),
        ("item_stack=highest&items=5", "items='5'"),
    ],
)
def test_a_bad_the_horde_battle_link_opens_the_page_as_usual_and_says_why(
    monkeypatch, query, problem
):
    fresh = open_with(monkeypatch, "", th_battle)
    calc = open_with(monkeypatch, query, th_battle)
    said = html.unescape(calc.message.value)
    assert problem in said and "opened as usual" in said
    assert calc.hordling.value == fresh.hordling.value and calc.items.value == fresh.items.value


def hh_calculator():
    from hordes_kit.heroes_hordes.rules import GAME
    from hordes_kit.ui.heroes_hordes.odds import BattleCalculator
    from hordes_kit.ui.table_rules import TableRulesPanel

    panel = TableRulesPanel(GAME)
    calc = BattleCalculator(rules=panel)
    panel.open_from_url()  # in the page's order
    return calc


def test_the_heroes_hordes_battle_link_reopens_the_same_battle(monkeypatch):
    from hordes_kit.ui.heroes_hordes.odds import _names

    calc = open_with(monkeypatch, "", hh_calculator)
    calc.rules.set("lords_self", "excluded")
    calc.horde_pile.value, calc.hero_pile.value = "undead", "elves"
    calc.pick(_names(calc.cards, "undead")[-3:], _names(calc.cards, "elves")[:4])
    query = calc.links.make()
    again = open_with(monkeypatch, query, hh_calculator)
    for get in (
        lambda c: (c.horde_pile.value, c.hero_pile.value),
        lambda c: (c.horde.value, c.heroes.value),
        lambda c: c.rules.config(),
        lambda c: c.report,
        lambda c: c.result.html,
    ):
        assert get(again) == get(calc)
    assert again.report is not None and again.message.value == ""
    assert again.result.html != open_with(monkeypatch, "", hh_calculator).result.html


@pytest.mark.parametrize(
    "query, problem",
    [
        ("horde_pile=elves", "horde_pile='elves'"),
        ("horde=Orks,Orks", "names one twice"),
        ("horde=Nobody", "'Nobody' is not known"),
        ("horde_pile=undead&horde=Orks", "Orks is not in that pile"),
    ],
)
def test_a_bad_heroes_hordes_battle_link_opens_the_page_as_usual_and_says_why(
    monkeypatch, query, problem
):
    fresh = open_with(monkeypatch, "", hh_calculator)
    calc = open_with(monkeypatch, query, hh_calculator)
    said = html.unescape(calc.message.value)
    assert problem in said and "opened as usual" in said
    assert (calc.horde_pile.value, calc.horde.value) == (fresh.horde_pile.value, fresh.horde.value)


def test_the_shadows_next_card_link_reopens_the_same_question(monkeypatch):
    from hordes_kit.ui.shadows.odds import RevealTool

    tool = open_with(monkeypatch, "", RevealTool)
    tool.monster.value = "abyss-lord"
    tool.seen["MxAttack"].value = 3
    tool.seen["MxAttack+MxSpell"].value = 1
    tool.seen["MxxSpell"].value = 2
    query = tool.links.make()
    again = open_with(monkeypatch, query, RevealTool)
    assert again.monster.value == "abyss-lord" and again.message.value == ""
    assert {k: b.value for k, b in again.seen.items()} == {k: b.value for k, b in tool.seen.items()}
    assert again.out.value == tool.out.value
    assert again.out.value != open_with(monkeypatch, "", RevealTool).out.value


@pytest.mark.parametrize(
    "query, problem",
    [
        ("monster=dragon", "monster='dragon'"),
        ("seen=MxAttack:5", "only 4 MxAttack cards"),
        ("seen=MxAttack:1,MxAttack:1", "'MxAttack:1' is not a card kind"),
        ("monster=vaendiss&seen=Fireball:1", "'Fireball:1' is not a card kind"),
    ],
)
def test_a_bad_shadows_next_card_link_opens_the_page_as_usual_and_says_why(
    monkeypatch, query, problem
):
    from hordes_kit.ui.shadows.odds import RevealTool

    fresh = open_with(monkeypatch, "", RevealTool)
    tool = open_with(monkeypatch, query, RevealTool)
    said = html.unescape(tool.message.value)
    assert problem in said and "opened as usual" in said
    assert tool.monster.value == fresh.monster.value and tool.out.value == fresh.out.value


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="MxAtackSpelOrsOgr:,0123456789+ %", max_size=120))
def test_fuzz_card_lists_and_seen_counts_in_an_address_are_read_or_refused(value):
    from hordes_kit.core.query import list_of
    from hordes_kit.ui.shadows.odds import _seen_counts

    checks = {"horde": list_of({"Orks", "Ogre", "MxAttack"}, 5), "seen": _seen_counts}
    for name in checks:
        try:
            got = parse_query(f"{name}={quote(value)}", checks)
        except HordesKitError as e:
            assert f"{name}" in str(e)
        else:
            assert set(got) <= {name}
