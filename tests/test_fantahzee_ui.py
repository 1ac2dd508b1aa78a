"""The Fantahzee pages driven from Python (no browser): honest grading in the walkthroughs,
one measure per decision, card faces with their text, the paced board, the odds explorer."""

from __future__ import annotations

import html
import re

import pytest

from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.fantahzee.advice import party_strength
from hordes_kit.fantahzee.cards import CARDS_FILE, load_cards
from hordes_kit.ui.fantahzee.advice import STRENGTH, decision
from hordes_kit.ui.fantahzee.board import FZBoard
from hordes_kit.ui.fantahzee.faces import ability_text, card_face
from hordes_kit.ui.fantahzee.odds import DiceOddsExplorer
from hordes_kit.ui.fantahzee.panel import dice_advice, odds_html
from hordes_kit.ui.fantahzee.walkthrough import rule_choices, walkthrough

FRAMES = {p.stem: run_scenario(load_scenario(p)) for p in scenario_files("fantahzee")}


def _question(stem: str, move: str, ask: str = ""):
    return next(f for f in FRAMES[stem] if f.step.ask and f.step.move == move and ask in f.step.ask)


def _player_at(stem: str, frame):
    wt = walkthrough()
    wt.load(next(i for i, s in enumerate(wt.scenarios) if s.path.endswith(stem + ".toml")))
    wt.goto(frame.index - 1)
    assert wt.pending_question() is frame or wt.pending_question().index == frame.index
    return wt


# --- walkthroughs ------------------------------------------------------------------------


def test_no_walkthrough_blocks_its_first_step():
    wt = walkthrough()
    for i in range(len(wt.scenarios)):
        wt.load(i)
        assert not wt.next_button.disabled and "Press Next to start" in wt.narration.value


@pytest.mark.parametrize(
    "stem,frame",
    [(stem, f) for stem, frames in FRAMES.items() for f in frames if f.step.ask],
    ids=lambda x: x if isinstance(x, str) else f"step{x.index}",
)
def test_every_question_is_graded_by_its_kind(stem, frame):
    wt = _player_at(stem, frame)
    offered = wt.offered(frame)
    assert frame.step.move in offered
    others = [m for m in offered if m != frame.step.move]
    if frame.step.grade == "rule":
        illegal = [m for m in offered if m not in frame.before.legal_actions()]
        pick = illegal[0] if illegal else (others or [frame.step.move])[0]
        agreed = wt.answer(pick)
        g = wt.grade
        assert g.kind == "rule" and agreed == g.legal == (pick in frame.before.legal_actions())
        if g.legal:
            assert "✔ Legal" in wt.feedback
        else:
            assert "Not legal" in wt.feedback and g.reason and g.reason[1:20] in wt.feedback
        return
    pick = others[0] if others else frame.step.move
    wt.answer(pick)
    g = wt.grade
    assert g.kind == "choice" and g.legal and "✘" not in wt.feedback
    if pick != frame.step.move:
        assert f"Legal, and {wt.scenario.chooser} chose differently" in wt.feedback
        assert "wrong" not in wt.feedback.lower()
    d = decision(frame.before)
    if d is not None and frame.step.move in d.values:
        # the three figures: the player's, the book's, the best by the odds - one measure
        for move in {pick, frame.step.move, g.best}:
            assert d.score(move) in wt.feedback
        assert g.best == d.best_of([frame.step.move, *offered])
        assert g.best_moves == d.best_all([frame.step.move, *others])


def test_maureens_second_decision_has_one_recommendation_and_one_measure():
    frame = _question("01-example-turn", "keep:5")
    wt = _player_at("01-example-turn", frame)
    wt.answer("keep:5,3")
    d = decision(frame.before)
    assert d.measure is STRENGTH and STRENGTH.caption in wt.feedback
    # the table ranks by the measure the advice uses: its best row is the best move
    best_row = re.search(r"<tr class='hk-best'><td>([^<]*)<", wt.feedback).group(1)
    assert best_row.startswith(d.labels[wt.grade.best])
    # and the measure is the party solver's own value of each keep
    _odds, advice = party_strength(frame.before)
    solver = dict(advice.options)
    assert d.values["keep:5"] == solver["keep 5"] and d.values["keep:5,3"] == solver["keep 5,3"]
    assert f"expected strength {solver['keep 5,3']:.2f}" in wt.feedback


def test_flip_and_commit_stopping_is_legal_and_other_stacks_are_not():
    frame = _question("07-flip-and-commit", "flip:D", "Can she attack them")
    assert frame.step.grade == "rule"
    offered = rule_choices(frame.before, frame.step.move)
    assert {"attack:A", "attack:C", "flip:D", "stop"} <= set(offered)
    wt = _player_at("07-flip-and-commit", frame)
    assert wt.answer("stop") and "✔ Legal: Stop attacking" in wt.feedback
    assert "The book plays: Flip stack D and attack" in wt.feedback
    wt = _player_at("07-flip-and-commit", frame)
    assert not wt.answer("attack:A")
    assert "Not legal" in wt.feedback and "you cannot go back to other stacks" in wt.feedback


def test_the_ice_giant_step_weighs_the_position_after_each_capture():
    frame = _question("06-archmage-ice-giant", "capture:E")
    d = decision(frame.before)
    # capturing the vanguard's monster leaves no face-up monster to destroy a town
    assert d.details["capture:E"][1] == "0%" and d.best == "capture:E"


def test_the_end_phase_step_shows_the_end_phase_rule():
    wt = walkthrough()
    wt.open_at("fz-example-turn")  # the rulebook's Example Turn (the first lesson is first now)
    wt.goto(len(wt.frames))
    assert "Draw four cards from the hero deck" in wt.narration.value
    assert "Draw a card from the hero deck" not in wt.narration.value


def test_no_walkthrough_step_shows_two_counts_of_the_end_phase_draw():
    """The first lesson's End Phase step showed "Draw a card from the hero deck" beside
    "Draw four cards" (issue 46): every End Phase rule a step shows that counts the cards
    drawn says the engine's number, four."""
    from hordes_kit.fantahzee.rules import END_DRAW

    words = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    counted = re.compile(r"\b(a|one|two|three|four|five|\d+)\s+(?:\w+'s\s+)?cards?\b", re.I)
    wt = walkthrough()
    shown = 0
    for i in range(len(wt.scenarios)):
        wt.load(i)
        for f in wt.frames:
            for rid in (f.step.rule, *f.step.also):
                rule = wt.rules.get(rid)
                if rule is None or rule.title != "End Phase" or "draw" not in rule.text.lower():
                    continue
                for n in counted.findall(rule.text.split(";")[0]):
                    shown += 1
                    assert words.get(n.lower(), n) in (END_DRAW, str(END_DRAW)), (rid, rule.text)
    assert shown >= 3  # the first lesson's two chips, the Example Turn's


def test_rules_the_rulebook_states_are_not_labelled_our_rulings():
    rules = rule_index("fantahzee", "fantahzee.")
    assert not rules["fantahzee.steam.pay"].ruling  # "part steam and part dice"
    assert not rules["fantahzee.reduce-x"].ruling and rules["fantahzee.ruling.reduce-x"].ruling
    # a single Sergeant cut cites the FAQ; a second cut on the same hero is our reading
    frames = FRAMES["03-john-ambush"]
    cited = [
        {e.rule for e in f.after.log[len(f.before.log) :]}
        for f in frames
        if f.step.move == "target:4.steam-brute"
    ]
    assert "fantahzee.reduce-x" in cited[0] and "fantahzee.ruling.reduce-x" in cited[1]


# --- card faces ------------------------------------------------------------------------


def test_every_card_shows_its_cost_strength_and_ability():
    cards = load_cards(CARDS_FILE)
    archmage = next(h for h in cards.heroes if h.name == "Archmage")
    assert ability_text(archmage).startswith("Activate: Put any monster with strength 6 or less")
    state = FRAMES["01-example-turn"][0].before
    face = card_face(state, "alchemist", action="recruit:alchemist", verb="Recruit")
    drawn = face.html()
    assert "Get 2 extra dice this turn. Get an extra roll this turn." in drawn
    assert "cost X" in drawn and "Strength" in drawn and 'data-action="recruit:alchemist"' in drawn


# --- the board -----------------------------------------------------------------------------


def test_board_best_keep_and_its_table_agree():
    checked = 0
    for stem in ("01-example-turn", "09-sergeant-numbers", "02-shields"):
        for f in FRAMES[stem]:
            got = dice_advice(f.after)
            if got is None:
                continue
            table, marks = got
            _odds, advice = party_strength(f.after)
            assert table.best[1] == advice.value  # ranked by the party solver's measure
            if advice.move == "keep":
                assert table.best[0].startswith("Keep " + ",".join(map(str, marks)))
            checked += 1
    assert checked >= 3


def _play_my_turn(b: FZBoard) -> None:
    """Click through the person's turn with plain choices until the bot takes over."""
    for _ in range(60):
        if not b.playback.done or b.state.current_player != 0 or b.state.is_terminal:
            return
        acts = b.choices.actions + b.seats.actions + b.line.actions
        for pick in ("roll", "done", "stop", "skip", "attach:none"):
            if pick in acts:
                break
        else:
            pick = acts[0]
        b._on_click(pick)
    raise AssertionError("the person's turn did not end")


def test_board_plays_bots_one_move_at_a_time_and_asks_at_the_end_of_a_turn():
    b = FZBoard(players=2, seed=3, kinds=["Person", "Strong bot"], speed="Normal")
    while not b.playback.done:
        b.playback.skip()
    _play_my_turn(b)
    pb = b.playback
    assert not pb.done and len(pb.frames) > 3 and pb.index == 0  # one move shown
    assert b.choices.actions == ()  # nothing to click while the bot plays
    pb.tick()
    assert pb.index == 1 and "hk-last" in b.log_view.value
    pb.skip()
    assert pb.waiting or pb.done  # never past the end of a turn without asking
    while not pb.done:
        pb.continue_turn() if pb.waiting else pb.skip()
    # rule ids only in attributes (data-rule, the chip's link to the lookup), never as text
    shown = re.sub(r"<[^>]*>", "", b.log_view.value)
    assert b.choices.actions and "fantahzee." not in shown and "hk-rule-chip" in b.log_view.value


def test_board_cards_are_the_buttons_and_odds_name_their_measure():
    b = FZBoard(players=2, seed=11, kinds=["Person", "Strong bot"])
    while not b.playback.done:
        b.playback.skip()
    hand = b.seats.actions
    assert hand and all(a.startswith(("recruit:", "play:")) for a in hand)
    b.seats.click(hand[0])
    assert b.state.history[-1] == hand[0]
    b.click("roll")
    text, marks = odds_html(b.state)
    assert STRENGTH.caption in text and "hk-best" in text
    b.show_odds()
    assert sum(b.dice.highlight) == len(marks)


def test_save_and_load_round_trip_through_the_buttons():
    b = FZBoard(players=2, seed=4, kinds=["Person", "Strong bot"])
    while not b.playback.done:
        b.playback.skip()
    text = b.files.save_text()
    before = b.state.history
    b.click("roll")
    assert b.files.load(text) and b.state.history[: len(before)] == before
    assert not b.files.load("{not json")


# --- the odds explorer ---------------------------------------------------------------------


def test_rerolls_left_counts_down_and_a_new_turn_starts_after_the_last():
    e = DiceOddsExplorer()
    seen = []
    for seed in range(4):
        e.roll(seed=seed)
        seen.append(e.rolls_left.value)
    assert seen == [1, 0, 2, 1]


def test_an_invalid_cost_clears_the_charts_and_says_what_is_wrong():
    e = DiceOddsExplorer(costs="XXX")
    assert e.chart_rolls.value and e.chart_dice.value
    e.cost.value = "XQ"
    said = html.unescape(e.message.value)
    assert "Costs to pay 'XQ'" in said and "unknown symbol 'Q'" in said
    assert not e.chart_rolls.value and not e.chart_dice.value
    assert e.charts.layout.display == "none" and "—" in e.result.value
    e.cost.value = "XX"
    assert e.chart_rolls.value and not e.message.value


# --- the play page (issue 46): it waits for the player, keeps held dice, shows costs paid ---


def test_the_page_opens_on_a_dealt_game_and_a_bot_going_first_waits_for_start():
    """The page opened mid-game on the bot's turn ("Move 12 of 23") before the player had
    set anything up. Now the bot's turn waits for Start; New game with the seats set
    plays it at once."""
    from hordes_kit.ui.fantahzee.board import FZBoard, play_page

    assert any(isinstance(c, FZBoard) and c.waiting_to_start for c in play_page().children)
    b = FZBoard(players=2, seed=5, kinds=["Person", "Strong bot"], wait_to_start=True)
    dealt = b.state
    assert dealt.current_player == 1 and b.playback.done  # nothing plays by itself
    assert not any(e.rule.startswith("fantahzee.action") for e in dealt.log)  # no bot move
    assert "goes first" in b.prompt.value and "New game" in b.prompt.value
    assert "start" in b.choices.actions and "Move " not in b.playback.ticker.status
    assert f"data-moves='{len(dealt.history)}'" in b.prompt.value  # the dealt table
    b.choices.click("start")
    assert not b.waiting_to_start and not b.playback.done  # the bot's turn plays out
    while not b.playback.done:
        b.playback.skip()
    assert b.state.current_player == 0 and "goes first" not in b.prompt.value
    # New game, the seats set: the bots play at once
    b.new_button.click()
    assert not b.waiting_to_start


def test_dice_held_for_a_reroll_stay_held_after_it():
    """The rulebook lets kept dice stay kept across rerolls; the board released them after
    each reroll without a word. Now they stay held (until pressed again) and it says so."""
    from hordes_kit.ui.fantahzee.board import FZBoard

    b = FZBoard(players=2, seed=1, kinds=["Person", "Strong bot"])
    b.act("roll")
    assert b.dice.mode == "hold" and not any(b.dice.held)
    first = list(b.dice.values)
    b.toggle_keep(0)
    b.toggle_keep(1)
    kept = sorted(first[:2])
    b.reroll()
    if b.dice.mode != "hold":  # no reroll left (not with a fresh roll's two rerolls)
        pytest.fail("the reroll left no decision to hold dice for")
    held = sorted(v for v, h in zip(b.dice.values, b.dice.held) if h)
    assert held == kept and sum(b.dice.held) == 2
    assert "stay held after a reroll" in b.dice.caption
    assert "stay held after a reroll" in b.prompt.value  # said on the page too
    b.toggle_keep(b.dice.held.index(True))  # released: rerolled next time
    assert sum(b.dice.held) == 1


def test_a_hero_paid_at_a_reduced_cost_shows_it_on_its_card():
    """Maureen's Paladin, four of a kind less one die by the Sergeant: his card showed the
    printed XXXX over the three 3s locked on him. Now it shows the cost as paid; and the
    cost now is on the party's cards from the Action Phase on, not only while rolling."""
    from hordes_kit.ui.fantahzee.table import seats_html

    frames = FRAMES["01-example-turn"]
    paid = next(f for f in frames if f.step.move == "activate:2.paladin:3,3,3").after
    party = paid.view(paid.player)["seats"][paid.player]["party"]
    paladin = next(m for m in party if m["id"] == "paladin")
    assert paladin["active"] and paladin["cost_now"] == "XXX"
    shown = seats_html(paid, paid.player, {})
    card = shown[shown.index(">Paladin<") :][:2000]
    assert "Printed cost XXXX; paid this turn XXX." in card and "cost XXX" in card
    start = frames[0].before  # Maureen's Action Phase
    party = start.view(start.player)["seats"][start.player]["party"]
    assert start.phase == "action" and party and all("cost_now" in m for m in party)


def test_the_boards_odds_name_a_tie_as_the_table_tags_it():
    """The play page's "Odds for this decision": five dice values worth the same for the
    Alchemist are named as a tie in the headline, each tagged "tied best" below it."""
    frame = next(f for f in FRAMES["01-example-turn"] if f.step.move == "activate:4.alchemist:6")
    text, _marks = odds_html(frame.before)
    head = re.search(r"<div class='hk-advice-head'>([^<]*)</div>", text).group(1)
    assert head.startswith("Best move, a tie of 5: ") and "just as good" not in head
    tagged = re.findall(r"<span class='hk-tag[^']*'>tied best</span>", text)
    assert len(tagged) == 5 and ">best<" not in text
