"""The Shadows pages without a browser: the board played by its click methods (whole games,
the pass-the-device screen, what each seat's screen holds, undo, save and load), the
walkthrough's grading of every question, and the odds tools against the calculators."""

from __future__ import annotations

import html
import json
import random

import ipywidgets as w
import pytest
from walk import open_questions

from hordes_kit.core.errors import IllegalActionError
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.shadows.advice import decision_odds
from hordes_kit.shadows.hands import hand_numbers, predict_odds
from hordes_kit.shadows.odds import monster_round, next_reveal
from hordes_kit.shadows.simulate import simulate
from hordes_kit.shadows.why import refusal
from hordes_kit.ui.common import percent
from hordes_kit.ui.shadows.advice import odds_table
from hordes_kit.ui.shadows.board import ShadowsBoard
from hordes_kit.ui.shadows.walkthrough import grade, walkthrough

# --- the board -------------------------------------------------------------------------


def moves_on_screen(board: ShadowsBoard) -> list[str]:
    """The game moves a click can make now (not the odds buttons)."""
    return [a for a in board.table.actions if not a.startswith("odds:")]


def settle(board: ShadowsBoard) -> None:
    board.finish_playback()
    if board.waiting_for is not None:
        board.reveal()


def test_a_person_plays_a_whole_game_against_a_bot_by_clicking():
    b = ShadowsBoard(players=2, kinds=["Person", "Sensible bot"], seed=4, speed="Instant")
    rng = random.Random(4)
    clicks = 0
    while not b.state.is_terminal:
        settle(b)
        if b.state.is_terminal:
            break
        moves = moves_on_screen(b)
        assert moves and b.state.current_player == 0
        assert set(moves) == set(b.state.legal_actions())  # every legal move is clickable
        b.click(rng.choice(moves))
        clicks += 1
        assert clicks < 600
    settle(b)  # the bots' last moves are shown one by one
    assert "sh-over" in b.table.html and ("wins" in b.table.html or "share" in b.table.html)
    assert b.state.round > 1


def test_three_bots_play_to_the_end_and_a_spectator_sees_the_table():
    b = ShadowsBoard(
        players=3, kinds=["Sensible bot", "Random bot", "Sensible bot"], seed=2, speed="Instant"
    )
    b.finish_playback()
    assert b.state.is_terminal and b.viewer is None and not b.table.actions
    assert "sh-over" in b.table.html


def test_a_click_that_is_not_on_screen_is_refused():
    b = ShadowsBoard(seed=1, speed="Instant")
    settle(b)
    with pytest.raises(IllegalActionError, match="no such button"):
        b.click("pass" if "pass" not in b.table.actions else "fly:away")


def snapshot(widget) -> list:
    """Everything a widget tree shows or holds as text (HTML, values, labels, options)."""
    out = []
    todo = [widget]
    while todo:
        x = todo.pop()
        for key in ("value", "html", "description", "status", "message", "placeholder"):
            if hasattr(x, key) and isinstance(getattr(x, key), (str, int)):
                out.append((type(x).__name__, key, getattr(x, key)))
        if hasattr(x, "options"):
            out.append((type(x).__name__, "options", repr(x.options)))
        if isinstance(x, w.Box):
            todo.extend(x.children)
    return out


def _leader_seed(players: int, leader: int) -> int:
    for seed in range(200):
        b = ShadowsBoard(players=players, kinds=["Person"] * players, seed=seed, speed="Instant")
        if b.state.leader == leader:
            return seed
    raise AssertionError("no seed")


HIDDEN = ("mission:", "pick:", "give:")  # the Mission kept, the Hand, the Leader's deal


def _play_hot_seat(players: int, seed: int, choose_last: set[int]) -> tuple[list, dict]:
    """All seats people; at a hidden choice the seats in ``choose_last`` take the last
    move offered, everyone else (and every public choice) the first. Returns seat 0's
    screens up to the Combat Phase, and what the others chose."""
    b = ShadowsBoard(players=players, kinds=["Person"] * players, seed=seed, speed="Instant")
    screens, chosen = [], {k: [] for k in range(players)}
    for _ in range(400):
        b.finish_playback()
        if b.state.phase == "combat":
            break
        if b.waiting_for is not None:
            if b.waiting_for == 0:
                screens.append(snapshot(b))  # the pass screen seat 0 sees
            b.reveal()
            continue
        me = b.viewer
        if me == 0:
            screens.append(snapshot(b))
        moves = sorted(moves_on_screen(b))
        hidden = moves[0].startswith(HIDDEN)  # a choice nobody else sees
        pick = moves[-1] if me in choose_last and hidden else moves[0]
        if hidden:
            chosen[me].append(pick)
        b.click(pick)
    return screens, {k: v for k, v in chosen.items() if v}


@pytest.mark.parametrize("players", [2, 3])
def test_seat_a_screen_never_holds_the_others_hand_plan_or_mission(players):
    """Two hot-seat games where the other seats keep different Missions and choose
    different Hands: seat 0's screens (every widget's HTML and values) are identical."""
    seed = _leader_seed(players, 1)  # seat 2 leads: the others choose before seat 1
    first, chose_first = _play_hot_seat(players, seed, choose_last=set())
    other, chose_last = _play_hot_seat(players, seed, choose_last=set(range(1, players)))
    for k in range(1, players):
        assert chose_first[k] != chose_last[k]  # they really chose differently
    assert chose_first[0] == chose_last[0]
    assert len(first) == len(other) > 5
    # seat 1 chose its Hand after the others: their choices were made when it looked
    assert "has chosen a Hand" in json.dumps(first[-1])
    assert first == other
    b = ShadowsBoard(players=players, kinds=["Person"] * players, seed=seed)
    names = {
        b.state.name(m[8:])
        for k in range(1, players)
        for m in chose_last[k]
        if m.startswith("mission:")
    }
    text = json.dumps(other)
    assert names and not any(n in text for n in names)


def test_the_pass_screen_hides_everything_until_the_next_person_says_who_they_are():
    b = ShadowsBoard(players=2, kinds=["Person", "Person"], seed=3, speed="Instant")
    assert b.waiting_for is not None
    assert b.table.html == "" and b.log_box.value == "" and not b.table.actions
    who = b.waiting_for
    b.reveal()
    assert b.viewer == who and b.table.actions and "(you)" in b.table.html


def _to_plan(b: ShadowsBoard) -> None:
    for _ in range(100):
        settle(b)
        if (
            b.state.top() is not None
            and b.state.top().kind == "!pick"
            and b.viewer == b.state.top().seat
        ):
            return
        b.click(sorted(moves_on_screen(b))[0])
    raise AssertionError("no Plan Phase")


def test_undo_takes_back_only_my_own_moves_that_revealed_nothing():
    seed = _leader_seed(2, 0)  # I lead: I choose my Hand before the bot
    b = ShadowsBoard(players=2, kinds=["Person", "Sensible bot"], seed=seed, speed="Instant")
    _to_plan(b)
    before = b.state
    first = sorted(a for a in moves_on_screen(b) if a.startswith("pick:"))[0]
    b.click(first)
    assert not b.undo_button.disabled
    b.undo()
    assert b.state is before and b.undo_button.disabled
    b.click(first)
    b.click(sorted(moves_on_screen(b))[0])
    assert len(b.undo_stack) == 2  # two cards taken: both can be taken back
    # my last card lets the bot choose its Hand: nothing to undo any more
    while b.state.phase == "plan" and b.state.current_player == b.viewer:
        b.click(sorted(moves_on_screen(b))[0])
    settle(b)
    assert b.state.history[-1].startswith("pick:") or b.state.phase != "plan"
    assert b.undo_button.disabled and not b.undo_stack
    now = b.state
    b.undo()
    assert b.state is now


def test_save_and_load_give_back_the_same_game():
    b = ShadowsBoard(
        players=3, kinds=["Person", "Sensible bot", "Random bot"], seed=6, speed="Instant"
    )
    _to_plan(b)
    text = b.save_text()
    other = ShadowsBoard(players=2, seed=9, speed="Instant")
    assert other.load_text(text)
    settle(other)
    assert other.state.history == b.state.history and other.state.n == 3
    assert other.viewer == 0 and moves_on_screen(other) == moves_on_screen(b)
    assert not other.load_text('{"format": "hordes-kit-save/1", "game": "shadows"}')
    assert other.state.history == b.state.history  # a bad file changes nothing


def test_odds_on_demand_come_from_the_calculators_for_the_viewer():
    b = ShadowsBoard(players=2, kinds=["Person", "Sensible bot"], seed=7, speed="Instant")
    _to_plan(b)
    s, me = b.state, b.viewer
    b.click("odds:predict")
    chances = predict_odds(s, me, 1 - me)["chance"]
    best = max(chances, key=lambda n: (chances[n], -n))
    assert f"Best guess: {best} ({percent(chances[best])})" in b.odds_html
    b.click("odds:reveal")
    for kind, p in next_reveal(s, me, me).items():
        assert f"{p.numerator}/{p.denominator}" in b.odds_html, kind
    b.click("odds:round")
    st = s.seats[me]
    assert percent(monster_round(s, me, list(st.hand)).defeat) in b.odds_html
    b.click("odds:decision")
    table = odds_table(decision_odds(s))
    assert "Best by these odds: " + table.best[0] in b.odds_html
    assert "hk-error" not in b.table.html
    b.click("odds:hide")
    assert "sh-odds" not in b.table.html


# --- the walkthrough ------------------------------------------------------------------


def _questions():
    for p in scenario_files("shadows"):
        sc = load_scenario(p)
        for f in run_scenario(sc):
            if f.step.ask:
                yield sc.id, f


def test_every_question_is_graded_for_both_kinds():
    wk = walkthrough()
    rules = wk.rules
    rule_questions = choice_with_odds = 0
    for sid, f in _questions():
        s, book = f.before, f.step.move
        g = grade(s, book, book, rules)
        assert g["verdict"] == "the book's choice", (sid, book)
        refused = [m for m in wk.answers(f) if refusal(s, m)]
        for m in refused:  # a rule question: graded illegal, with the rule
            g = grade(s, m, book, rules)
            rule_questions += 1
            assert g["verdict"] == "not allowed" and g["rule"] in rules
            assert "Not allowed" in g["html"] and "hk-rule-chip" in g["html"]
            assert rules[g["rule"]].title in g["html"]
        for m in [a for a in s.legal_actions() if a != book][:2]:  # a choice question
            g = grade(s, m, book, rules)
            assert g["verdict"] == "legal, the book chose differently"
            assert "wrong" not in g["html"].lower()
            if odds_table(decision_odds(s)) is not None:
                choice_with_odds += 1
                figs = g["figures"]
                assert figs["mine"] and figs["book"] and figs["best"], (sid, m)
                for fig in (figs["mine"], figs["book"]):
                    assert fig in g["html"]
    assert rule_questions >= 8 and choice_with_odds >= 20


def test_the_table_and_its_headline_agree_with_the_engine_best_move():
    for sid, f in _questions():
        result = decision_odds(f.before)
        table = odds_table(result)
        if table is None:
            continue
        by_label = {o["label"]: o["action"] for o in result["options"]}
        if result["best"] is None:
            assert table.tied_with_best(), sid
        else:
            assert by_label[table.best[0]] == result["best"] and not table.tied_with_best(), sid


def test_the_walkthrough_steps_through_every_scenario_with_a_rule_on_each_step():
    wk = walkthrough()
    assert [s.id for s in wk.scenarios] == [load_scenario(p).id for p in scenario_files("shadows")]
    for i in range(len(wk.scenarios)):
        wk.load(i)
        while wk.i < len(wk.frames):
            q = wk.pending_question()
            if q:
                assert wk.next_button.disabled and wk.question.children
                wk.answer(q.step.move)
                assert "sh-grade" in wk.narration.value
            else:
                wk.next()
        assert "hk-rule" in wk.narration.value


# --- the odds page --------------------------------------------------------------------


def test_the_odds_tools_show_the_calculators_numbers():
    from hordes_kit.ui.shadows.odds import PredictTool, RevealTool, RoundTool, WinsTool, _position

    reveal = RevealTool()
    s = _position("eras", reveal.monster.value)
    for kind, p in next_reveal(s, 0, 0).items():  # the engine's odds, nothing seen yet
        assert f"{p.numerator}/{p.denominator}" in reveal.out.value, kind
    reveal.seen["MxAttack"].value = 2
    assert "2/17" in reveal.out.value  # 2 MxAttack left of 17
    # the book's icon names are said in words first, its name after (Monster-Action Symbols)
    assert "The Monster attacks (MxAttack)" in reveal.out.value
    assert "The Monster blocks damage (MxResponse)" in reveal.out.value
    assert "The Monster attacks, then the Monster blocks damage (MxAttack + MxResponse)" in (
        reveal.out.value
    )
    reveal.seen["MxSpecial"].value = 9  # the box holds no more than the deck has
    assert reveal.seen["MxSpecial"].value == 2 and "0/15" not in reveal.out.value

    pred = PredictTool()
    deck_s, deck = pred.deck()
    cards = sorted(set(deck))
    want = hand_numbers([deck_s.card(c).initiative for c in cards], 3)
    assert f"{float(want[2]):.1%}" in pred.out.value
    pred.answers[2].value = "no"
    assert "<td>2" not in pred.out.value  # an answered number is left out

    rnd = RoundTool()
    odds = monster_round(rnd.table(), 0, list(rnd.hand.value))
    assert f"{float(odds.defeat):.1%}" in rnd.out.value
    rnd.rank()
    assert "Best Hand" in rnd.ranked.value

    wins = WinsTool()
    wins.games.value = 10
    wins.run()
    res = simulate(("akintunde", "eras"), 10, 1)
    assert percent(res.outright[0] / 10) in wins.out.value  # the page's own format


def test_the_coach_says_how_it_stands_to_the_decision_odds():
    # one screen, two answers: "Best by these odds" ranks this step by its own exact measure,
    # the coach by the whole game's win chance; the coach names the odds' best and agrees
    # with it or gives its difference on the same games
    b = ShadowsBoard(players=2, kinds=["Person", "Sensible bot"], seed=7, speed="Instant")
    _to_plan(b)
    answer = b.coach.ask(seconds=60, games=4)
    assert answer is not None and "hk-coach-also" not in b.coach.out.value
    b.click("odds:decision")
    result = decision_odds(b.state)
    table = odds_table(result)
    best = next(o for o in result["options"] if table.best[0].startswith(o["label"]))
    shown = html.unescape(b.coach.out.value)
    assert "hk-coach-also" in shown and "he odds' best for this step (“" in shown
    if answer.best.move == best["action"]:
        assert f", {answer.best.label}." in shown and "This agrees with" in shown
    else:
        assert "over the whole game the coach" in shown
    b.click("odds:hide")
    b.coach.redraw()
    assert "hk-coach-also" not in b.coach.out.value


def test_a_question_still_open_shows_the_coach_beside_the_odds_best():
    # an answer a rule forbids leaves the question open: its grade shows the odds' table and
    # the coach beside it says how it stands to the odds' best
    wk = walkthrough()
    for _, q in open_questions(wk):
        refused = [m for m in wk.answers(q) if refusal(q.before, m)]
        if refused and odds_table(decision_odds(q.before)) is not None:
            assert wk.coach.ask(seconds=60, games=4) is not None
            assert "hk-coach-also" not in wk.coach.out.value
            wk.answer(refused[0])
            assert wk.pending_question() is q and "sh-grade" in wk.narration.value
            shown = html.unescape(wk.coach.out.value)
            assert "hk-coach-also" in shown and "he odds' best for this step (“" in shown
            return
        wk.answer(q.step.move)
    raise AssertionError("no rule question with odds")
