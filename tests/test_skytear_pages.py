"""The Skytear Horde pages without a browser: the board played by its click methods (a solo
turn, a co-op turn with the bot partner paced, undo, save and load, no internal codes on
screen) and the odds page's tools against the calculators they show."""

from __future__ import annotations

import html
import re

import pytest

from hordes_kit.core.errors import IllegalActionError
from hordes_kit.skytear.forecast import forecast
from hordes_kit.skytear.odds import card_chance, pillage_risk
from hordes_kit.skytear.simulate import simulate
from hordes_kit.ui.common import percent
from hordes_kit.ui.skytear.advice import MEASURE_WORDS
from hordes_kit.ui.skytear.board import SkyBoard
from hordes_kit.ui.skytear.odds import DeckTool, ForecastTool, PillageTool, WinTool
from hordes_kit.ui.skytear.position import PositionSetup


def moves(board: SkyBoard) -> list[str]:
    """The game moves a click can make now (not the odds buttons)."""
    return [a for a in board.table.actions if not a.startswith("odds:")]


def to_alliance(board: SkyBoard) -> None:
    """Click through setup (first choices, keep the hand) to turn 1's alliance phase."""
    for _ in range(40):
        board.finish_playback()
        s = board.state
        if s.turn >= 1 and s.head().kind == "act" and s.phase == "alliance":
            return
        m = moves(board)
        board.click("keep" if "keep" in m else m[0])
    raise AssertionError("never reached the alliance phase")


def visible_text(fragment: str) -> str:
    """What a player reads: the text between tags (attributes are not on screen)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def assert_forecast_shown(f, shown: str) -> None:
    """Each measure's average and chance of 1 or more, and the castle's whole distribution,
    as the calculator gives them, are on screen."""
    for m, (name, what) in MEASURE_WORDS.items():
        figures = f"{float(f.expected(m)):.2f} {percent(f.at_least(m, 1))}"
        assert f"{name} {figures}" in shown and f"{name} {what}" in shown, m
    for k, p in f.dist("castle").items():
        assert f"{k} {percent(p)} {percent(f.at_least('castle', k))}" in shown


def test_the_status_line_names_the_phase_once():
    """At setup the solo ask names its phase itself: the line reads 'Setup (solo): put 1
    health token ...', not 'Setup Setup (solo): ...'."""
    b = SkyBoard(seed=3, speed="Instant")
    b.finish_playback()
    status = re.search(r"<div[^>]*sk-status.*?</div>", b.table.html, re.S).group(0)
    line = visible_text(status)
    assert line.startswith("Setup (solo):"), line
    words = line.split()
    assert all(word != after for word, after in zip(words, words[1:])), line


def test_the_status_line_names_the_player_once():
    # co-op: a prompt that names its player itself read "Player 1: Player 1: discard 1
    # card(s) from your hand." (a Plank Walker's discard, seed 11)
    from hordes_kit.ui.skytear.table import status_html

    v = {"result": None, "turn": 1, "phase": "horde", "waiting_for": "player 1", "log": []}
    v |= {"players": 2, "prompt": "Player 1: discard 1 card(s) from your hand."}
    line = visible_text(status_html(v))
    assert line == "Turn 1 · Horde phase Player 1: discard 1 card(s) from your hand.", line
    v["prompt"] = "Attach Boarding Hook to which card?"  # a prompt naming nobody: named
    assert "Horde phase Player 1: Attach Boarding Hook" in visible_text(status_html(v))


def test_the_horde_line_says_1_card_not_1_cards():
    # "Horde deck 1 cards · Horde discard 1 cards" (the full-lanes game, turn 5)
    from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
    from hordes_kit.ui.skytear.table import table_html

    sc = next(load_scenario(p) for p in scenario_files("skytear") if p.name.startswith("03-"))
    text = visible_text(table_html(run_scenario(sc)[0].after, interactive=False))
    assert "Horde deck 3 cards · Horde discard 1 card ·" in text, text
    assert not re.search(r"\b1 cards\b", text)


def test_a_solo_turn_played_by_clicking_the_table():
    b = SkyBoard(seed=3, speed="Instant")
    to_alliance(b)
    assert b.state.turn == 1 and "Alliance phase" in b.table.html
    hand = [a for a in moves(b) if a.startswith("play:")]
    assert hand, "the opening hand has a card the mana can pay for"
    ally = next(
        (a for a in hand if b.state.card(a[5:]).type == "ally"),
        hand[0],
    )
    name = b.state.card(ally[5:]).name
    b.click(ally)  # the card in hand is the button
    for _ in range(10):  # the card's own choices: a lane first, then whatever it asks
        m = moves(b)
        if "done" in m:
            break
        b.click("lane:1" if "lane:1" in m else m[0])
    assert b.undo_stack, "no card was drawn: the choice can be taken back"
    b.click("done")
    b.finish_playback()
    if b.state.phase == "reactions":  # a reaction card in hand: the treachery phase asks
        assert "Treachery phase" in b.table.html
        b.click("done")
        b.finish_playback()
    s = b.state
    assert s.turn == 2 or s.is_terminal
    assert any(name in e.text for e in s.log)
    assert "Turn 2" in b.table.html or s.is_terminal
    assert not b.undo_stack  # cards were drawn since: nothing to take back


def test_a_click_that_is_not_on_screen_is_refused():
    b = SkyBoard(seed=3, speed="Instant")
    to_alliance(b)
    before = b.state
    with pytest.raises(IllegalActionError):
        b.click("play:no-such-card")
    with pytest.raises(IllegalActionError):
        b.click("lane:1")  # not a choice now: no card is being played
    assert b.state is before


def test_undo_takes_back_my_choice_until_a_card_is_drawn():
    b = SkyBoard(seed=3, speed="Instant")
    to_alliance(b)
    before = b.state
    play = next(a for a in moves(b) if a.startswith("play:"))
    b.click(play)
    assert b.state is not before and not b.undo_button.disabled
    b.undo()
    assert b.state is before and "Undone" in b.message.value


def test_the_forecast_shown_is_the_calculators():
    b = SkyBoard(seed=3, speed="Instant")
    to_alliance(b)
    b.click("odds:forecast")
    f = forecast(b.state)
    shown = visible_text(b.table.html)
    assert_forecast_shown(f, shown)
    assert "odds:hide" in b.table.actions
    b.click("odds:hide")
    assert "Forecast of the rest" not in b.table.html


@pytest.mark.fast_simulators("skytear")
def test_win_odds_from_here_are_the_simulators():
    b = SkyBoard(seed=3, speed="Instant")
    to_alliance(b)
    b.click("odds:win")
    r = simulate(None, 1000, 0, start=b.state)
    assert f"Win chance from here: {percent(r.win_rate)}" in visible_text(b.table.html)
    lo, hi = r.interval
    assert f"95% interval {percent(lo)} to {percent(hi)}" in visible_text(b.table.html)


def test_save_and_load_give_back_the_same_game():
    b = SkyBoard(seed=3, speed="Instant")
    to_alliance(b)
    b.click(next(a for a in moves(b) if a.startswith("play:")))
    text = b.save_text()
    c = SkyBoard(seed=9, speed="Instant")
    assert c.load_text(text)
    assert c.state.view(None) == b.state.view(None)
    assert c.state.log == b.state.log and moves(c) == moves(b)
    assert not c.load_text("not a save file")  # refused, and the game is unchanged
    assert c.state.view(None) == b.state.view(None)
    assert "Not loaded" in c.message.value


def test_the_bot_partners_turn_is_paced_one_move_at_a_time():
    b = SkyBoard(seed=5, speed="Normal", mode="bot")
    assert b.bots == (1,) and b.state.players == 2
    for _ in range(40):  # to the alliance phase; then hand the turn to the bot
        b.finish_playback()
        m = moves(b)
        if "handover" in m:
            break
        b.click("keep" if "keep" in m else m[0])
    b.click("handover")
    pb = b.playback
    assert not pb.done and len(pb.frames) > 1
    assert moves(b) == []  # nothing to click while the bot's moves are shown
    first = pb.index
    pb.tick()
    assert pb.index == first + 1  # one move per tick
    assert "The horde and the bot move" in b.table.html
    b.finish_playback()
    assert moves(b)  # back to a person's choice


def test_nothing_on_screen_is_an_internal_code():
    b = SkyBoard(seed=4, speed="Instant")
    ids = {c for c in b.state.cards.cards if "-" in c}
    for _ in range(60):
        b.finish_playback()
        if b.state.is_terminal or b.state.turn > 3:
            break
        for fragment in (b.table.html, b.log_box.value):
            text = visible_text(fragment)
            assert "skytear." not in text
            assert not re.search(r"\b(?:play|use|target|lane|draw|boost):[a-z0-9]", text), text
            assert not re.search(r"\b[mab][1-6]\b", text)  # refs like m2 / a3 / b1
            leaked = sorted(i for i in ids if re.search(rf"\b{re.escape(i)}\b", text))
            assert not leaked, leaked
        m = moves(b)
        pick = next((a for a in m if a.startswith("play:")), None)
        b.click(pick or ("keep" if "keep" in m else "done" if "done" in m else m[0]))


def test_the_bless_question_says_why_anyone_would_choose_damage():
    # the board asked "Bless 1 - health or damage tokens?" and nothing on it said that
    # damage wounds your own ally, nor what for (the glossary and walkthrough 25 do)
    from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
    from hordes_kit.skytear.view import view

    sc = next(load_scenario(p) for p in scenario_files("skytear") if p.name.startswith("25-"))
    prompt = view(run_scenario(sc)[0].after, 0)["prompt"]
    assert prompt.startswith("Prayer Tower: Bless 1 - health tokens (sturdier) or damage")
    assert "wounds the ally on purpose" in prompt and "after this card is damaged" in prompt


def test_setup_choices_reach_the_engine():
    b = SkyBoard(seed=1, speed="Instant")
    st = b.setup
    st.mode.value = "people"
    st.horde.value = "Animerk"
    st.difficulty.value = 4
    st.outsider.value = "Scalesider"
    b.new_game(1)
    assert b.config["difficulty"] == 4 and b.config["hordes"] == ["Animerk"]
    # "choose one or more hordes to fight" (Setup, step 6): the box's hordes together too
    st.horde.value = "Skybooter + Animerk + Scaleson"
    b.new_game(1)
    assert b.config["hordes"] == ["Skybooter", "Animerk", "Scaleson"]
    assert len(b.state.horde_deck) + sum(m is not None for m in b.state.monsters) > 18
    st.horde.value = "Animerk"
    b.new_game(1)
    assert b.state.players == 2 and b.bots == ()
    assert "Animerk" in b.state.log[0].text
    st.campaign.value = True
    b.new_game(1)
    assert b.state.config.mode == "campaign" and moves(b)
    # the book's campaign setup chooses the difficulty, the market decks and the final
    # outsider: the board dropped them (Scalesider chosen, "final outsider Atlas" played)
    assert b.state.config.difficulty == 4 and b.state.config.outsider == "Scalesider"
    assert "difficulty 4, final outsider Scalesider" in b.state.log[0].text
    st.deck.value, st.deck2.value = "Taulot Dwellers", "Kurumo Disciples"
    b.new_game(1)
    assert b.state.config.decks == ("Taulot Dwellers", "Kurumo Disciples")


def test_a_solo_game_names_no_bot_while_the_horde_moves():
    # a solo player read "The horde and the bot move…" at every horde phase: there is no bot
    solo = SkyBoard(seed=7, speed="Instant")
    solo._show_frame(solo.state, 0)
    assert "The horde moves…" in solo.table.html and "bot" not in visible_text(solo.table.html)
    assert solo.playback.speed.description == "Horde speed"  # it said "Bot speed"
    duo = SkyBoard(seed=7, speed="Instant", mode="bot")
    duo._show_frame(duo.state, 0)
    assert "The horde and the bot move…" in duo.table.html


def test_a_campaign_disables_the_horde_and_says_what_it_plays():
    """A campaign's horde deck holds the box's three hordes (Campaign Setup): the Horde box
    would be ignored, so it is disabled and the note names the three; Limited Format is a
    campaign's choice, played where the box has three pre-made decks a player (solo)."""
    b = SkyBoard(seed=1, speed="Instant")
    st = b.setup
    assert not st.horde.disabled and st.campaign_note.layout.display == "none"
    st.campaign.value = True
    assert st.horde.disabled and st.campaign_note.layout.display is None
    note = visible_text(st.campaign_note.value)
    assert "Skybooter, Animerk and Scaleson" in note and "Faefolk" not in note
    assert st.deck.description == "Market deck" and st.outsider.description.startswith("Final")
    st.deck.value = "Taulot Dwellers"
    st.limited.value = True  # its market deck shuffles the three pre-made decks: none chosen
    assert st.deck.disabled
    b.new_game(1)
    assert b.state.config.limited and b.state.config.hordes == () and not b.state.config.decks
    assert "hordes Skybooter, Animerk, Scaleson" in b.state.log[0].text
    st.mode.value = "bot"  # two players would need six pre-made decks: the box has three
    assert st.limited.disabled and "solo only" in st.limited.description
    b.new_game(1)
    assert b.state.players == 2 and not b.state.config.limited and "Cannot" not in b.message.value
    st.campaign.value = False
    assert not st.horde.disabled and st.limited.layout.display == "none"


def test_a_campaign_shows_its_game_gold_and_decks_and_no_stale_table_between_games():
    # a player choosing a starting deck saw no gold, no game number and no market deck, but
    # a portal not yet drawn ("the last stage: the portal pile is empty") and "Alliance deck
    # 0 cards (pillage empties it: you lose)"
    b = SkyBoard(seed=1, speed="Instant")
    b.setup.campaign.value = True
    b.new_game(1)
    shown = visible_text(b.table.html)
    assert "Campaign game 1 of 4 (0 won) · Gold 10 · Scenario drawn as" in shown
    assert "Your market deck 40 cards, campaign deck 0 cards" in shown
    assert "Lane 1" not in shown and "Alliance deck" not in shown and "Portal I" not in shown
    assert "Between two games of the campaign" in shown and "Pools of Flyema" in shown
    b.click(next(a for a in moves(b) if a.startswith("pick:")))
    assert "Your market deck 39 cards, campaign deck 1 card" in visible_text(b.table.html)
    for _ in range(200):  # the rest of the setup: a game of the campaign on the table
        b.finish_playback()
        if b.state.phase != "campaign":
            break
        b.click("done" if "done" in moves(b) else moves(b)[0])
    shown = visible_text(b.table.html)
    assert "Campaign game 1 of 4" in shown and "Lane 1" in shown and "Scenario drawn" not in shown


def test_the_kits_sample_cards_are_never_taken_for_the_boxs():
    """Cards numbered 185 and up are the kit's made-up samples (the Faefolk horde, Nupten
    cards): New game's Horde box, the card reference and check-data say so."""
    from hordes_kit.core.cardref import card_refs
    from hordes_kit.core.data import data_path
    from hordes_kit.skytear.cli import check_file
    from hordes_kit.ui.cards import card_html

    labels = dict((v, k) for k, v in SkyBoard(seed=1, speed="Instant").setup.horde.options)
    assert labels["Faefolk"] == "Faefolk (the kit's sample, in no Skytear box)"
    assert labels["Skybooter"] == "Skybooter" and "Faefolk" not in str(list(labels)[4:])
    from hordes_kit.ui.skytear.odds import WHAT  # the odds page's "Card or kind"

    assert ("Chronomancer (the kit's sample, in no Skytear box)", "Chronomancer") in WHAT
    refs = {r.name: r for r in card_refs("skytear")}
    for name in ("Will-o'-Wisp", "Chronomancer"):
        shown = visible_text(card_html(refs[name]))
        assert "the kit's sample, in no Skytear box" in shown and "Made up by the kit" in shown
        copies = refs[name].copies
        assert f"{copies} in the kit's card file, none in the box" in shown
        assert f"{copies} in the box" not in shown and "Campaigns), card" in shown
    deckhand = dict(refs["Skyboot Deckhand"].numbers)["Treachery"]  # it said "moves left 1"
    assert deckhand == "1 symbol on the left: the leftmost monster gains 1 attack this turn"
    box = visible_text(card_html(refs["Temple Guard"]))
    assert "kit's sample" not in box and " in the box" in box
    lines, _configs = check_file(data_path("skytear", "cards.toml"))
    said = " ".join(lines)
    assert "Sample cards made up for the kit" in said and "sample hordes: Faefolk" in said
    assert "the set's later products" not in said


# --- the odds page -------------------------------------------------------------------


def test_the_odds_page_forecast_is_the_calculators_for_the_position_set():
    pos = PositionSetup()
    tool = ForecastTool(pos)
    f = forecast(pos.state())
    assert_forecast_shown(f, visible_text(tool.out.value))
    pos.monsters[2].value = "Deck Captain"  # a change to the table is forecast at once
    f2 = forecast(pos.state())
    assert f2 != f
    assert f"{float(f2.expected('castle')):.2f}" in visible_text(tool.out.value)


def test_deck_and_pillage_questions_show_the_exact_figures():
    pos = PositionSetup()
    deck = DeckTool(pos)
    deck.draws.value = 5
    s = pos.state()
    assert percent(card_chance(s, 0, "ally", 5)) in deck.out.value
    deck.what.choose("Temple Guard")
    assert percent(card_chance(s, 0, "Temple Guard", 5)) in deck.out.value
    pill = PillageTool(pos)
    assert "%" not in pill.out.value  # nothing worked out before Run
    pill.turns.value = 4
    pill.run()
    for k, p in enumerate(pillage_risk(s, 4)):
        assert f"{s.turn + k} {percent(p)}" in " ".join(visible_text(pill.out.value).split())


@pytest.mark.fast_simulators("skytear")
def test_win_odds_by_difficulty_wait_for_run_and_are_the_simulators():
    tool = WinTool()
    assert "%" not in tool.out.value
    tool.games.value = 50
    tool.run()
    text = " ".join(visible_text(tool.out.value).split())
    for d in (1, 3, 5):
        r = simulate({"players": 1, "hordes": ["Skybooter"], "difficulty": d}, 50, 1)
        assert f"{d} {percent(r.win_rate)}" in text


def test_a_game_played_to_its_end_says_how_it_ended_and_offers_nothing_more():
    b = SkyBoard(seed=2, speed="Instant")
    for _ in range(400):
        b.finish_playback()
        if b.state.is_terminal:
            break
        m = moves(b)
        b.click("done" if "done" in m else "keep" if "keep" in m else m[0])
    s = b.state
    assert s.is_terminal
    text = visible_text(b.table.html)
    assert ("You lost." in text) == (s.result == "loss") and "Game over" in text
    assert b.table.actions == ()  # no move and no odds once the game is over
    b.new_game(2)
    assert not b.state.is_terminal and moves(b)


def test_co_op_for_two_people_asks_each_player_by_name():
    b = SkyBoard(seed=6, speed="Instant", mode="people")
    assert b.bots == () and b.state.players == 2
    for _ in range(60):
        b.finish_playback()
        if b.state.current_player == 1:
            break
        m = moves(b)
        b.click("handover" if "handover" in m else "keep" if "keep" in m else m[0])
    assert b.state.current_player == 1 and moves(b)  # player 2 is a person: asked, not played
    assert "Player 2:" in visible_text(b.table.html)
    assert "Player 2: hand" in visible_text(b.table.html)


def test_pillage_with_no_risk_says_so_in_words():
    """A chart of zero bars alone reads as broken: the page says there is no risk."""
    pos = PositionSetup()
    s = pos.state()
    pill = PillageTool(pos)
    pill.turns.value = 2
    pill.run()
    risk = pillage_risk(s, 2)
    assert ("No risk in these 2 turns" in pill.out.value) == (not any(risk))
    pill.turns.value = 12
    pill.run()
    assert ("No risk" in pill.out.value) == (not any(pillage_risk(s, 12)))


def test_the_mulligan_sets_aside_any_copy_and_shows_the_whole_new_hand():
    """Each copy of a duplicated card has its Set aside button (only the first had one);
    after setting 4 cards aside, the page stops at "Continue to Turn 1" with the 5-card
    hand the log's "draw 4" gives (it stopped one draw early, at 4 cards)."""
    b = SkyBoard(seed=1, speed="Normal")  # the opening hand holds two Divine Shields
    for _ in range(10):
        b.finish_playback()
        if "keep" in moves(b):
            break
        b.click(moves(b)[0])
    assert b.state.seats[0].hand.count("divine-shield") == 2
    assert moves(b).count("mulligan:divine-shield") == 2
    b.click("mulligan:divine-shield")
    assert moves(b).count("mulligan:divine-shield") == 1  # the other copy keeps its button
    for _ in range(3):
        b.click(next(a for a in moves(b) if a.startswith("mulligan:")))
    b.click("keep")
    assert "Mulligan: 4 card(s) set aside, draw 4." in [e.text for e in b.state.log]
    while not (b.playback.waiting or b.playback.done):
        b.playback.tick()
    assert "Continue to Turn 1" in b.playback.ticker.status
    assert "Your hand, 5 cards" in b.table.html
