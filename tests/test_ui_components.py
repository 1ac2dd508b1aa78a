"""The shared visual language without a browser: what each click method does, what each
piece draws, the pacing driver, the searchable choice and the ranked table."""

from __future__ import annotations

import itertools
import json
import re
from types import SimpleNamespace

import pytest

from hordes_kit.core.errors import CardDataError, HordesKitError, IllegalActionError
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import get_game
from hordes_kit.core.rules_index import RuleEntry
from hordes_kit.core.savefile import dump_save
from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.ui.board import log_html
from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.charts import MIMETYPE, Chart, figure, figure_bundle
from hordes_kit.ui.controls import SearchableChoice, SearchablePicker, page
from hordes_kit.ui.dice import DiceRow, DiceTray
from hordes_kit.ui.files import SaveLoad
from hordes_kit.ui.log import log_lines_html, rule_chip, rules_of
from hordes_kit.ui.pieces import Token, TokenTrack, die_html
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.surface import ActionView, actions_in, kit_css
from hordes_kit.ui.table import RankedTable
from hordes_kit.ui.theme import contrast, theme, theme_class, themes
from hordes_kit.ui.walkthrough import WalkthroughPlayer, humanize

# --- themes --------------------------------------------------------------------------


def test_every_game_has_a_readable_theme_in_the_stylesheet():
    known = themes()
    for game in ("fantahzee", "the-horde", "heroes-hordes", "skytear-horde", "shadows"):
        t = theme(game)
        assert t.name != "default", game
        assert contrast(t.accent, "#ffffff") >= 4.5
        assert f".{theme_class(game)}{{" in kit_css()
    village = known["the_horde"].kind_colour("village")
    assert f".hk-theme-the_horde [data-kind='village']{{--hk-kind:{village};}}" in kit_css()
    assert theme("no-such-game").name == "default"


def test_the_stylesheet_closes_every_block_so_the_themes_apply_at_every_width():
    """The themes follow hk.css in one stylesheet: a block left open (a lost '}' after a
    merge) put every theme inside a phone-only @media block, and on a laptop the accent
    colour was unset (the Heroes & Hordes Compare button drawn white on white)."""
    css = re.sub(r"/\*.*?\*/", "", kit_css(), flags=re.S)
    depth = 0
    for ch in css:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        assert depth >= 0
    assert depth == 0
    root = css.index(":root{--hk-accent:")
    assert css[:root].count("{") == css[:root].count("}")  # the themes are at the top level


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('accent = "#eeeeee"\nfelt = "#ffffff"\nback = "#000000"', "accent"),  # unreadable
        ('accent = "blue"\nfelt = "#ffffff"\nback = "#000000"', "accent"),
        ('accent = "#000000"\nfelt = "#222222"\nback = "#000000"', "felt"),
        ('accent = "#000000"\nfelt = "#ffffff"\nback = "#000000"\ncolour = "#000"', "colour"),
    ],
)
def test_a_theme_file_with_a_bad_colour_is_refused_naming_it(tmp_path, body, field):
    path = tmp_path / "themes.toml"
    path.write_text(f'[default]\ntitle = "x"\n{body}\n')
    with pytest.raises(CardDataError) as e:
        themes(str(path))
    assert "default" in str(e.value) and field in str(e.value)


# --- dice ----------------------------------------------------------------------------


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_has_as_many_pips_as_its_face(face):
    assert die_html(face).count("class='hk-pip'") == face
    assert "<button" not in die_html(face) and "role='img'" in die_html(face)
    b = die_html(face, action="die:0", pressed=True)
    assert actions_in(b) == ("die:0",) and 'aria-pressed="true"' in b


def test_dice_row_holds_and_releases_on_click():
    row = DiceRow(values=[6, 6, 4, 3, 2])
    seen = []
    row.on_action(seen.append)
    row.click("die:3")
    row.click("die:0")
    assert row.kept == (6, 3) and seen == ["die:3", "die:0"]
    assert row.html.count('aria-pressed="true"') == 2
    row.click("die:3")
    assert row.kept == (6,)
    row.set_dice([1, 2])
    assert row.kept == () and row.actions == ("die:0", "die:1")


def test_a_locked_die_cannot_be_clicked_and_the_tray_keeps_its_api():
    tray = DiceTray()
    tray.click_die(4)
    tray.click_die(4)
    assert tray.values == [6, 6, 4, 3, 4]
    tray.click_die(0)  # 6 turns to 1
    assert tray.values[0] == 1
    tray.toggle_lock(1)
    assert tray.locked_values == (6,) and tray.showing == (1, 4, 3, 4)
    assert "die:1" not in tray.actions and "lock:1" in tray.actions
    with pytest.raises(IllegalActionError):
        tray.click_die(1)
    tray.mark_keep([4, 4])
    assert tray.highlight == [False, False, True, False, True]
    assert tray.html.count("hk-keep") == 2
    tray.editable = False
    assert tray.actions == ()
    with pytest.raises(Exception, match="1-6"):
        tray.values = [7]


# --- cards, piles, lanes, tracks -----------------------------------------------------------


def test_card_face_json_and_drawing():
    card = CardFace(
        "Ogre <b>",
        "Monster",
        4,
        (("Strength", 6), ("XP", 3)),
        "Counterattack 2.",
        tokens=(Token("damage", 2), Token("armor", 1, temporary=True)),
        action="attack:stack3",
        verb="Attack",
    )
    assert json.loads(json.dumps(card.to_json()))["tokens"][0] == {
        "kind": "damage",
        "n": 2,
        "temporary": False,
    }
    h = card.html()
    assert "Ogre &lt;b&gt;" in h and "<b>" not in h.replace("<b>6</b>", "").split("Ogre")[0]
    assert actions_in(h) == ("attack:stack3",)
    assert "2 damage" in h and "1 temporary armor" in h and "hk-temporary" in h
    assert 'data-kind="monster"' in h
    assert actions_in(CardFace("x", action="a", disabled=True).html()) == ()
    assert "hk-exhausted" in CardFace("x", exhausted=True).html()
    dice_cost = CardFace("Paladin", cost="XXXX5").html()
    assert dice_cost.count("hk-die-x") == 4 and dice_cost.count("class='hk-pip'") == 5


def test_a_face_down_card_shows_its_back_not_its_name():
    h = CardFace("Secret Plan", "Skill", 3, text="Win.", face_down=True, back="Skill").html()
    assert "Secret" not in h and "Win." not in h and "Skill" in h and "hk-back" in h


def test_piles_count_and_title_their_cards():
    cards = tuple(CardFace(f"C{i}") for i in range(3))
    assert "Dwarves</span> <span class='hk-pile-count'>3 cards" in Pile("dwarves", cards).html()
    stack = Pile("deck", cards[:1], count=12, layout="stack").html()
    assert "12 cards" in stack and "data-depth='3'" in stack
    listed = Pile("discard", layout="list", counts=(("Cow", 3, "Village"), ("Crops", 1, "")))
    assert listed.size == 4 and "<b>3×</b> Cow" in listed.html()
    assert "empty" in Pile("row").html()
    with pytest.raises(ValueError, match="layout"):
        Pile("x", layout="heap")
    grid = board_grid([Lane("lane 1", (Pile("monsters", cards),))], min_width=200)
    assert "--hk-col-min:200px" in grid and "Lane 1</h3>" in grid


def test_token_tracks():
    mana = TokenTrack("Mana", 4, 10, kind="mana", style="track").html()
    assert len(re.findall(r"class='hk-cell( hk-on)?'", mana)) == 11
    assert mana.count("hk-cell hk-on") == 1
    assert "Mana: 4 of 10" in mana
    doom = TokenTrack("Doom", 2, 3, kind="doom", style="pips").html()
    assert doom.count("hk-pipmark hk-on") == 2 and doom.count("hk-pipmark") == 3
    assert "<b>7</b>" in TokenTrack("Crowns", 7, kind="crowns").html()


# --- the surface: clicks ---------------------------------------------------------------


def test_action_view_clicks_only_what_is_on_screen():
    seen = []
    v = ActionView(
        Pile(
            "row",
            (CardFace("Cow", action="buy:cow"), CardFace("Wiz", action="buy:wiz", disabled=True)),
        )
    )
    v.on_action(seen.append)
    assert v.actions == ("buy:cow",)
    v.click("buy:cow")
    with pytest.raises(IllegalActionError, match="buy:wiz"):
        v.click("buy:wiz")
    sent = []
    v.send = sent.append
    v._on_browser_msg(v, {"type": "action", "id": "buy:gone"}, [])  # a stale second click
    v._on_browser_msg(v, {"type": "action", "id": "buy:cow"}, [])
    assert seen == ["buy:cow", "buy:cow"]
    # the click changed nothing on screen: the browser is told, or the clicked card stays
    # dimmed as pending (its text then fails the contrast check)
    assert sent == [{"type": "stale"}, {"type": "done"}]
    v.on_action(lambda _: v.show(CardFace("Cow", action="buy:cow", disabled=True)))
    sent.clear()
    v._on_browser_msg(v, {"type": "action", "id": "buy:cow"}, [])
    assert sent == []  # redrawn: the new picture replaces the pending card


def test_a_page_carries_the_stylesheet_and_the_theme():
    p = page(theme="the-horde")
    assert "hk-page" in p._dom_classes and "hk-theme-the_horde" in p._dom_classes
    assert ".hk-card" in p.children[0]._css


# --- rules and the log --------------------------------------------------------------------


def test_the_log_shows_rule_titles_never_rule_ids():
    state = next(s for s in play_steps(get_game("the-horde").start({}), 3) if len(s.log) >= 5)
    h = log_html(state, new=2)
    # data-rule (for tests and tools) and the lookup link's address are never on screen
    shown = re.sub(r"(data-rule|href)='[^']*'", "", h)
    assert "the-horde." not in shown and "§" not in h  # the § is drawn by the stylesheet
    assert h.count(f"data-rule='{state.log[-1].rule}'") >= 1
    assert h.count("hk-log-line") == len(state.log) and h.count("hk-new") == 2
    first = h.index("hk-log-line")
    assert h[first : first + 40].startswith("hk-log-line hk-last")
    assert state.log[-1].text.split(";")[0] in h[: h.index("hk-log-line", first + 1)]
    assert rules_of("the-horde")[state.log[-1].rule].title in h
    assert rules_of("no-such-game") == {}
    ruling = rule_chip(RuleEntry("x", "Tie <", "Ties go to the defender.", ruling=True))
    assert "Our ruling" in ruling and "Tie &lt;" in ruling and "hk-ruling" in ruling


def test_an_empty_log_says_so():
    assert "Nothing has happened yet" in log_lines_html((), {})


# --- the paced playback -------------------------------------------------------------------


@pytest.fixture
def horde_states():
    start = get_game("the-horde").start({})
    return list(itertools.islice(play_steps(start, 8), 70))[1:]  # turns 1, 2 and 3


def test_playback_stops_at_the_end_of_the_turn(horde_states):
    """The pause comes once the turn's last move is shown: the state it leaves is already in
    the next turn (The Horde plays the End phase, the next Income and Tax by themselves).
    Before, it stopped one move early, the board still asking for the Shaman's roll under
    "Turn 1 is over" (issue 46)."""
    shown, done = [], []
    pb = PacedPlayback(lambda s, i: shown.append(i), on_done=lambda: done.append(1))
    pb.play(horde_states)
    assert shown == [0] and pb.ticker.running
    for _ in range(len(horde_states)):
        if pb.waiting:
            break
        pb.tick()
    end1 = min(i for i, s in enumerate(horde_states) if s.turn == 2)  # turn 1's last move
    assert shown == list(range(end1 + 1)) and not pb.ticker.running
    for _ in range(5):  # the clock may tick on: nothing moves past the turn
        pb.tick()
    assert shown[-1] == end1 and "Turn 1 is over" in pb.ticker.status
    assert "Continue to Turn 2" in pb.ticker.status
    pb.continue_turn()
    assert shown[-1] == end1 + 1 and horde_states[end1 + 1].turn == 2 and not pb.waiting
    pb.skip()  # to the end of turn 2, not beyond
    end2 = min(i for i, s in enumerate(horde_states) if s.turn == 3)
    assert shown[-1] == end2 and pb.waiting and not done
    pb.skip()  # at a question: answers it, plays turn 3 to its end
    assert shown[-1] == len(horde_states) - 1 and pb.done and done == [1]


def test_the_turn_s_last_move_is_shown_before_it_asks(horde_states):
    """What the board shows under "Turn 1 is over" is the state after turn 1's last move:
    nothing of turn 1 is left to do (no roll waiting), and its log ends turn 1."""
    seen = []
    pb = PacedPlayback(lambda s, i: seen.append(s))
    pb.play(horde_states, start=get_game("the-horde").start({}))
    while not pb.waiting:
        pb.tick()
    last = seen[-1]
    assert last.turn == 2 and last.step == "recruit-flip" and not last.row
    assert "Turn 1 is over" in pb.ticker.status


def test_instant_speed_still_asks_at_the_end_of_each_turn(horde_states):
    shown = []
    pb = PacedPlayback(lambda s, i: shown.append(i), speed="Instant")
    pb.play(horde_states)
    assert pb.waiting and horde_states[shown[-1]].turn == 2
    assert {horde_states[i].turn for i in shown[:-1]} == {1}
    pb.continue_turn()
    assert pb.waiting and horde_states[shown[-1]].turn == 3


def test_playback_clock_ignores_repeated_ticks():
    pb = PacedPlayback(lambda s, i: None)
    pb.play([SimpleNamespace(turn=1)] * 4)
    pb.ticker._on_browser_msg(pb.ticker, {"type": "tick", "n": 0}, [])
    pb.ticker._on_browser_msg(pb.ticker, {"type": "tick", "n": 0}, [])  # a second view
    assert pb.index == 1 and pb.ticker.ticks == 1
    pb.play([])
    assert pb.done and pb.ticker.status == ""


# --- choosing among many --------------------------------------------------------------------


def test_searchable_choice_refuses_unknown_names_with_a_message():
    c = SearchableChoice(["Dwarf Lord", ("Ring of Teleport", "ring-of-teleport")], what="card")
    got = []
    c.on_change(got.append)
    assert not c.choose("ring-of-teleport")  # an id is not a name a player sees
    assert "no card called 'ring-of-teleport'" in c.message.value and c.value is None
    assert c.choose("  RING of   teleport ") and c.value == "ring-of-teleport"
    assert c.message.value == "" and got == ["ring-of-teleport"]
    c.box.value = "Dwarf Lrod"  # what typing in the browser does
    assert "Did you mean 'Dwarf Lord'" in c.message.value and c.value == "ring-of-teleport"
    assert not c.choose("") and "Type the name of a card" in c.message.value


def test_searchable_picker_adds_removes_and_refuses():
    p = SearchablePicker(["Gunners", "Wizard"], what="card", max_items=2)
    assert p.add("gunners") and not p.add("Gunners")
    assert "already chosen" in p.message.value
    assert not p.add("Gunnerz") and "Did you mean 'Gunners'" in p.message.value
    assert p.add("Wizard") and p.value == ("Gunners", "Wizard")
    assert p.chips.actions == ("remove:0", "remove:1")
    p.chips.click("remove:0")
    assert p.value == ("Wizard",)
    with pytest.raises(HordesKitError, match="unknown card id"):
        p.set(["Nope"])


# --- save and load --------------------------------------------------------------------------


def test_save_load_buttons(horde_states):
    text = dump_save("the-horde", {}, horde_states[5])
    loaded = []

    def on_load(t: str) -> str:
        if "the-horde" not in t:
            raise HordesKitError("not a save file of The Horde")
        loaded.append(t)
        return "Loaded a game at turn 1."

    sl = SaveLoad(lambda: text, on_load, filename="the-horde-save.json")
    sent = []
    sl.send = sent.append
    sl._on_browser_msg(sl, {"type": "save"}, [])
    assert sent == [{"type": "download", "filename": "the-horde-save.json", "text": text}]
    assert sl.load(text) and loaded == [text] and not sl.bad
    assert not sl.load("{}") and sl.bad and "Not loaded: not a save file" in sl.message
    assert not sl.load(b"\xff\xfe") and "not text" in sl.message
    assert not sl.load("x" * (sl.max_bytes + 1)) and "at most" in sl.message
    assert len(loaded) == 1


# --- tables and charts ----------------------------------------------------------------------


def test_ranked_table_ranks_by_the_measure_the_advice_uses():
    rows = [("keep 3", 0.205, 9.1), ("keep 5", 0.098, 11.2), ("keep 3,3", 0.31, 8.0)]
    by_chance = RankedTable("Chance to pay", ("Keep", "Chance", "Strength"), rows, rank_by=1)
    by_strength = RankedTable("Expected strength", ("Keep", "Chance", "Strength"), rows, rank_by=2)
    assert by_chance.best[0] == "keep 3,3" and by_strength.best[0] == "keep 5"
    assert by_chance.headline().startswith("Best: keep 3,3 (0.31)")
    h = by_strength.html()
    assert "<caption>Expected strength" in h and "Ranked by strength, highest first" in h
    first_row = re.search(r"<tbody><tr class='hk-best'><td>([^<]*)", h).group(1)
    assert first_row == "keep 5"
    fewest = RankedTable(
        "Turns to lose", ("Buy", "Turns"), [("a", 5), ("b", 3)], rank_by=1, higher_is_better=False
    )
    assert fewest.best == ("b", 3)


def test_estimates_that_overlap_are_called_indistinguishable():
    rows = [
        ("Cow", 0.685, (0.676, 0.694)),
        ("Crops", 0.712, (0.703, 0.721)),
        ("Knight", 0.709, (0.700, 0.718)),
        ("Nothing", 0.61, (0.60, 0.62)),
    ]
    t = RankedTable("Survive", ("Buy", "Survive", "95%"), rows, interval=lambda r: r[2])
    assert [r[0] for r in t.tied_with_best()] == ["Knight"]
    assert "Knight cannot be told apart" in t.headline("Best buy")
    assert t.html().count("as good") == 1
    same = RankedTable("Survive", ("Buy", "Survive"), [("a", 0.5), ("b", 0.5)])
    assert "b is just as good" in same.headline()


def test_charts_have_no_toolbar_and_fit_the_screen():
    import plotly.graph_objects as go

    fig = figure(go.Figure(go.Bar(x=[1, 2], y=[3, 4])), height=250, title="t")
    assert fig.layout.autosize and fig.layout.height == 250 and fig.layout.width is None
    bundle = figure_bundle(fig)
    assert bundle[MIMETYPE]["config"]["displayModeBar"] is False
    chart = Chart(fig)
    assert chart.outputs[0]["data"][MIMETYPE]["data"][0]["y"] == [3, 4]


# --- walkthrough -----------------------------------------------------------------------------


def test_walkthrough_never_says_press_next_while_next_waits_for_an_answer():
    import dataclasses

    first = load_scenario(scenario_files("fantahzee")[0])
    # a scenario whose very first step is a question (the shipped ones never block it)
    step = dataclasses.replace(first.steps[0], ask="Recruit the Alchemist?")
    first_ask = dataclasses.replace(first, steps=(step, *first.steps[1:]))
    scored = []

    def score(state, move):
        scored.append(move)
        return f"score of {move}"

    wt = WalkthroughPlayer([first_ask], lambda s: "", label=lambda s, a: s.label(a), score=score)
    assert wt.next_button.disabled
    assert "Pick your answer to the question below" in wt.narration.value
    book = wt.pending_question().step.move
    wrong = next(a for a in wt.pending_question().before.legal_actions() if a != book)
    assert not wt.answer(wrong)
    assert f"score of {wrong}" in wt.feedback and f"score of {book}" in wt.feedback
    # a choice is never "wrong": legal, and the walkthrough chose differently (the first
    # lesson is written for the kit: its moves are not the book's)
    assert not first.from_rulebook and "the book" not in wt.feedback
    assert "Legal, and the walkthrough chose differently" in wt.feedback
    assert "✘" not in wt.feedback
    assert humanize("draw:zombies") == "Draw zombies"


def test_a_long_chosen_option_is_written_out_under_its_drop_down():
    import ipywidgets as w

    """A phone's drop-down cuts a long option: the page writes the chosen one out in full."""
    from hordes_kit.ui.controls import LONG_CHOICE, page, spell_out_choices

    long = "Level 2: the two weakest power levels (about 18 cards; first game)"
    assert len(long) > LONG_CHOICE
    dd = w.Dropdown(options=[("Solo", 1), (long, 2)], value=1)
    row = w.HBox([w.Button(description="Go"), dd])
    p = page(w.VBox([row]))
    note = row.children[2]
    assert "hk-choice-note" in note._dom_classes and note.value == ""  # short: nothing
    dd.value = 2
    assert long in note.value
    spell_out_choices(p)  # once per drop-down
    assert len(row.children) == 3
    dd.value = 1
    assert note.value == ""
