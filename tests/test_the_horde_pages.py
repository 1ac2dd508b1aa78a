"""The Horde's pages without a browser: "What should I buy?" (plans compared on common
random numbers, one recommendation that agrees with its table), the card faces, the
board's clicks, the odds page's controls and the walkthrough's honest grading."""

from __future__ import annotations

import html
import re

import pytest
from ui_harness import without_rule_boxes
from walk import open_questions

from hordes_kit.core.montecarlo import mean_interval
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.the_horde.advice import advise_buy, move_values, plan_start, purchase_plans
from hordes_kit.the_horde.cards import load_data
from hordes_kit.the_horde.game import new_game
from hordes_kit.ui.the_horde.advice import buy_advice_html, buy_headline, buy_table

FLIPS = ["recruit:cow", "recruit:knight", "recruit:trees", "recruit:bomb"] + ["recruit:fence"] * 4


@pytest.fixture(scope="module")
def row():
    """Turn 1, 11 Crowns: a Cow, a Knight, Trees, a Bomb and four Fences in the row."""
    return new_game().apply_all(FLIPS)


@pytest.fixture(scope="module")
def every_plan(row):
    """Every plan of that row played to the end (all finalists, so every plan is measured)."""
    n = len(purchase_plans(row))
    return advise_buy(row, games=1500, screen=n * 100, finalists=n, seed=11)


def _visible(fragment: str) -> str:
    """The text a player reads: tags (and their attributes) removed."""
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


# --- what should I buy ------------------------------------------------------------------------


def test_plans_are_every_affordable_set_of_the_row_and_the_flip(row):
    plans = purchase_plans(row)
    crowns = row.crowns + 1  # the Trees are taken: +1 Crown
    buys = {p.buys for p in plans if not p.flip}
    assert all("trees" in b for b in buys)  # free Crowns are always taken
    assert all(p.cost <= crowns for p in plans if not p.flip)
    # brute force: every multiset of the row's cards whose cost fits
    costs = {"cow": 3, "knight": 4, "bomb": 2, "fence": 1}
    want = {
        (c, k, b, f)
        for c in (0, 1)
        for k in (0, 1)
        for b in (0, 1)
        for f in range(5)
        if 3 * c + 4 * k + 2 * b + f <= crowns
    }
    got = {tuple(p.buys.count(x) for x in costs) for p in plans if not p.flip}
    assert got == want and len(buys) == len(want)
    assert [p for p in plans if p.flip][0].words.startswith("Flip one more card")
    # a plan's start: the cards bought, the phase ended
    cow = next(p for p in plans if p.buys == ("cow", "trees"))
    s = plan_start(row, cow)
    assert s.step == "horde-draw" and s.income() == row.income() + 3


def test_different_buys_get_different_estimates_and_a_cow_beats_buying_nothing(every_plan):
    rows = every_plan.rows
    assert len(rows) == every_plan.plans
    # the bug this replaces: five buys with exactly the same odds
    means = [r.mean for r in rows]
    assert len(set(means)) >= 0.9 * len(means)
    by = {r.plan.words: r for r in rows}
    nothing, cow = by["Buy nothing"], by["Buy Cow"]
    # on the same games a Cow (3 Crowns a turn from turn 2) lasts longer, beyond doubt
    diff = cow.mean - nothing.mean
    assert diff > 0.5
    assert cow.diff95[0] > nothing.diff95[1]
    # the best plan's estimate carries its own interval, the others their difference
    best = every_plan.best
    assert best.diff == 0 and best.interval[0] < best.mean < best.interval[1]
    assert all(r.diff <= 0 and r.diff95[0] <= r.diff <= r.diff95[1] for r in rows)
    # the differences are measured on the same games: narrower than two independent runs
    ratios = sorted(
        (r.diff95[1] - r.diff95[0])
        / ((best.interval[1] - best.interval[0]) ** 2 + (r.interval[1] - r.interval[0]) ** 2) ** 0.5
        for r in rows[1:]
    )
    assert ratios[len(ratios) // 2] < 0.95


def test_common_random_numbers_narrow_the_difference(row):
    """The same games for both plans: the difference's interval is narrower than what two
    independent runs would give (the point of common random numbers)."""
    import numpy as np

    from hordes_kit.the_horde.advice import _play, _turns_survived
    from hordes_kit.the_horde.bots import get_policy

    plans = purchase_plans(row)
    a = next(p for p in plans if p.buys == ("cow", "trees"))
    b = next(p for p in plans if p.buys == ("bomb", "cow", "trees"))
    pol = get_policy("balanced")
    ta = _turns_survived(_play(row, a, pol, 0, 3000, 5), 20)
    tb = _turns_survived(_play(row, b, pol, 0, 3000, 5), 20)
    tc = _turns_survived(_play(row, b, pol, 3000, 3000, 5), 20)  # other games
    paired = mean_interval(tb - ta)
    independent = mean_interval(tc - ta)
    assert paired[2] - paired[1] < 0.9 * (independent[2] - independent[1])
    assert np.corrcoef(ta, tb)[0, 1] > 0.1


def test_the_advice_and_its_table_agree(row):
    advice = advise_buy(row, games=1000, screen=6000, seed=3)
    table = buy_table(advice)
    # one recommendation: the headline names the table's best row, ranked by the measure
    assert table.best[0].startswith(advice.best.plan.words)
    assert [r[1] for r in table.ranked] == sorted((r.mean for r in advice.rows), reverse=True)
    head = buy_headline(advice, table)
    assert head.startswith(f"Advice: {table.best[0]} ({advice.best.mean:.2f} turns")
    ties = [r[0] for r in table.tied_with_best()]
    # a row is the plan's words and, for the policy's own, a note (a flip's words hold
    # brackets of their own: "Flip one more card (1 Crown), ...")
    own = " (the policy's own choice)"
    assert [r.plan.words for r in advice.tied_with_best()] == [t.removesuffix(own) for t in ties]
    for t in ties:
        assert t in head
    page = buy_advice_html(advice)
    assert "Turns Chauncey lasts" in page and "common random numbers" in page
    assert f"data-best='{advice.best.plan.key}'" in page
    # the same seed gives the same advice
    again = advise_buy(row, games=1000, screen=6000, seed=3)
    assert [(r.plan, r.mean) for r in again.rows] == [(r.plan, r.mean) for r in advice.rows]


def test_move_values_score_moves_on_the_same_games(row):
    vals = move_values(row, ("done", "buy:cow"), games=1500, seed=2)
    assert vals["buy:cow"][0] > vals["done"][0]  # the policy buys on after the Cow
    assert all(lo <= m <= hi for m, lo, hi in vals.values())


# --- the board ------------------------------------------------------------------------------------


def test_every_card_face_shows_its_cost_numbers_and_text():
    from hordes_kit.ui.the_horde.faces import hordling_face, recruit_face

    s = new_game()
    d = load_data()
    for c in d.recruit:
        face = recruit_face(s, c.id)
        assert face.text, c.name
        assert (face.cost is None) == (c.effect == "grimthwacker")
        if c.force or c.bonus or c.income:
            assert face.stats, c.name
    for h in d.horde:
        face = hordling_face(s, h.id)
        assert face.text and face.stats[0][0] == "Level"


def test_board_draws_cards_buys_by_click_and_keeps_ids_off_screen():
    from hordes_kit.ui.files import SaveLoad
    from hordes_kit.ui.the_horde.board import THBoard

    b = THBoard(seed=3, speed="Instant")
    assert set(b.table.actions) == {"next", "fast"}
    b.table.click("fast")
    s = b.state
    assert s.step == "recruit" and b.playback.done
    buys = [a for a in b.table.actions if a.startswith("buy:")]
    assert len(buys) == sum(
        s.data.card(c).cost <= s.crowns for c in s.row
    )  # unaffordable: disabled
    cid = buys[0].split(":")[1]
    b.table.click(buys[0])
    assert b.state.history[-1] == buys[0]
    shown = _visible(b.table.html + b.zones.html + b.log_view.value)
    assert "the-horde." not in shown and "hk-" not in shown
    ids = {c.id for c in s.data.recruit if "-" in c.id}
    assert not [i for i in ids if i in shown]
    assert s.data.card(cid).name.replace("\u00ad", "") in shown.replace("\u00ad", "")
    assert "hk-last" in b.log_view.value and "hk-rule-chip" in b.log_view.value
    assert isinstance(b.files, SaveLoad) and '"the-horde"' in b.files.save()
    assert not b.files.load("not a save") and b.files.bad


def test_fast_forward_stops_at_the_end_of_a_turn_and_asks():
    from hordes_kit.ui.the_horde.board import THBoard

    b = THBoard(seed=5, speed="Fast")
    b.table.click("fast")
    assert not b.playback.done and b.table.actions == ()  # the moves come one at a time
    b.playback.skip()
    assert b.state.step == "recruit" and b.playback.done
    b.act("done")
    b.table.click("fast")  # the Horde phase, then the End phase: the turn ends
    turn = b.state.turn
    b.playback.skip()
    if not b.state.is_terminal:
        # the turn's last move is shown (the next turn's Income and Tax played by
        # themselves), then it asks before the next turn's first card
        assert b.playback.waiting and f"Turn {turn} is over" in b.playback.ticker.status
        assert b.state.turn == turn + 1 and b.state.step == "recruit-flip" and not b.state.row
        assert "roll to see" not in b.table.html  # no stale question of the last turn
        b.playback.continue_turn()
        b.playback.skip()
        assert b.state.turn == turn + 1 and b.state.step == "recruit"


def test_purchase_odds_on_the_board_mark_the_advised_cards():
    from hordes_kit.ui.the_horde.board import THBoard

    b = THBoard(seed=1, speed="Instant")
    b.advance(until_decision=True)
    b.purchase_odds(games=600)
    assert "Advice:" in b.odds_out.value and "Advised" in b.table.html
    b.act("done")
    assert b.odds_out.value == "" and b.advice is None and b.advice_button.disabled


# --- the odds page --------------------------------------------------------------------------------


def test_odds_page_draws_before_any_simulation_and_refuses_unknown_cards():
    from hordes_kit.ui.the_horde.odds import BattleOdds, SurvivalExplorer

    s = SurvivalExplorer(games=500)
    assert s.results == [] and "Press Run" in s.result.value
    assert not s.wants.add("ring-of-teleport")
    assert "Did you mean 'Ring of Teleport'" in s.wants.message.value
    s.wants.set(())
    assert s.wants.add("knight") and s.wants.add("Cow") and s.wants.value == ("knight", "cow")
    s.run()
    assert s.results[0].policy == "balanced (tuned)"
    assert "Chance Chauncey survives all 20 turns" in s.result.value
    s.compare()
    assert len(s.results) == 3 and "Survives most often" in s.result.value
    b = BattleOdds()
    b.hordling.value, b.defender.value, b.items.value = 5, (4, True), 1
    assert b.force == 5 and "50.00%" in b.result.value  # 4, 5 or 6 on the die
    assert b.chart.fig.box == (5, 5) and "class='hk-box'" in b.chart.value  # the battle boxed


# --- the walkthrough: honest grading ------------------------------------------------------------


def _questions():
    for path in scenario_files("the_horde"):
        sc = load_scenario(path)
        for f in run_scenario(sc):
            if f.step.ask:
                yield sc, f


def test_there_are_rule_and_choice_questions():
    kinds = {f.step.grade for _sc, f in _questions()}
    assert kinds == {"rule", "choice"}


def test_every_question_is_graded_by_its_kind():
    from hordes_kit.ui.the_horde.walkthrough import walkthrough

    p = walkthrough(games=400, runs=150)
    for i, q in open_questions(p):
        sc = p.scenarios[i]
        offered = p.offered(q)
        other = next(a for a in offered if a != q.step.move)
        where = f"{sc.id} step {q.index}"
        if q.step.grade == "rule":
            illegal = [a for a in offered if a not in q.before.legal_actions()]
            assert illegal, f"{where}: a rules question offers an illegal move"
            ok = p.answer(illegal[0])
            assert not ok and not p.grade.legal and "costs" in p.grade.reason, where
            assert "Not legal" in p.feedback and "Try again" in p.feedback
            assert p.pending_question() is q, f"{where}: a refused move is tried again"
            p.answer(q.step.move)
        else:
            assert set(offered) <= set(q.before.legal_actions()), where
            ok = p.answer(other)
            g = p.grade
            assert not ok and g.legal and g.best in offered, where
            named = dict(g.figures)
            assert {other, q.step.move, g.best} <= set(named), where
            assert all(named.values()), where
            # the rulebook has no worked example: the moves are the walkthrough's
            assert "Legal, and the walkthrough chose differently" in p.feedback, where
            assert "book" not in _visible(without_rule_boxes(p.feedback)), where
            assert "✘" not in p.feedback and "The figures:" in p.feedback, where
        # the rule box of the step is shown, never an id
        assert "hk-rule-chip" in p.narration.value
        assert "the-horde." not in _visible(p.narration.value)


def test_rulings_are_labelled_as_ours_and_rules_as_the_book():
    from hordes_kit.ui.log import rule_chip

    index = rule_index("the_horde", "the-horde.")
    rulings = {k.removeprefix("the-horde.") for k, r in index.items() if r.ruling}
    # each one reads a gap of the rulebook (see the RULINGS list); a rule the book states
    # in so many words is not among them
    assert rulings == {
        "ruling.trees",
        "ruling.horde-reshuffle",
        "ruling.empty-village",
        "ruling.item-chains",
        "ruling.next-gc",
        "ruling.bomb",
        "ruling.flame-reshuffle",
        "ruling.dizzy",  # which Grimthwacker 'in a row' is Dizzy (a table rule)
        "ruling.next-gc-stack",  # two waiting Boots/Ring bonuses (a table rule)
    }
    for rid, r in index.items():
        chip = rule_chip(r)
        assert ("Our ruling" in chip) == r.ruling, rid


def test_the_grimthwacker_card_says_only_dead_ones_come_back_in_the_end_phase():
    """The card said Grimthwackers "return there in every End phase" (issue 46); the End
    phase takes back only those in the Recruit Discard: a living one that fought stays in
    the Defender Discard (the first lesson's turn 1)."""
    from hordes_kit.core.scenario import first_lesson, run_scenario

    end = run_scenario(first_lesson("the_horde"))[12].after  # turn 1's End phase is done
    v = end.view(None)
    assert v["turn"] == 2 and v["grimthwackers"]["killed"] == 0
    assert v["defender_discard"].get("Grimthwacker", 0) >= 1  # it fought and won: stays
    note = end.data.card("grimthwacker").note
    assert "every End phase" not in note
    assert "dead" in note and "Recruit Discard" in note and "End phase" in note


def test_every_word_on_dizzy_names_each_grimthwacker_the_default_reading_makes_dizzy():
    """The glossary and the odds page said "the third Grimthwacker in a row is Dizzy" while
    the kit's default reading makes the fourth and fifth dizzy too (issue 46)."""
    import json
    from pathlib import Path

    from hordes_kit.core.glossary import find_term, glossary
    from hordes_kit.the_horde.horde import dizzy_streak
    from hordes_kit.the_horde.rules import THConfig

    ordinals = ["first", "second", "third", "fourth", "fifth"]
    dizzy, streak = [], 0
    for n in ordinals:  # five Grimthwackers drawn in a row
        is_dizzy, streak, _third, _said = dizzy_streak(THConfig().dizzy, streak)
        if is_dizzy:
            dizzy.append(n)
    assert dizzy == ["third", "fourth", "fifth"]
    nb = json.loads(Path("notebooks/the_horde_odds.ipynb").read_text())
    odds_page = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    said = {
        "glossary": find_term(glossary("the_horde", "the-horde."), "Dizzy").text,
        "odds page": next(s for s in odds_page.split(";") if "Dizzy" in s),
    }
    for where, text in said.items():
        for n in dizzy:
            assert n in text, f"{where} leaves out the {n} Grimthwacker in a row: {text!r}"


def test_a_monte_carlo_phase_table_gives_shares_of_its_playouts_not_a_bare_zero():
    """The Horde phase's odds read "2 killed 0%, 3 killed 0.2%" (issue 46): a share of 600
    playouts, shown as if exact. A Monte Carlo cell now says how many playouts it counts,
    and an outcome no playout met is "not seen", with the most its chance could be."""
    import re

    from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
    from hordes_kit.the_horde.odds import phase_odds
    from hordes_kit.ui.the_horde.advice import phase_odds_html

    path = next(p for p in scenario_files("the_horde") if p.stem == "01-first-year")
    rock = next(f for f in run_scenario(load_scenario(path)) if f.step.move == "rock:heal")
    state = rock.before.apply("rock:heal")
    po = phase_odds(state, budget=1500, runs=600)
    assert not po.exact
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", phase_odds_html(state, po))
    shares = [c for c in cells if "%" in c]
    assert shares and not any(re.fullmatch(r"[<>]?[\d.]+%", c) for c in shares), shares
    assert any(c.startswith("not seen in 600") for c in cells)
    assert all(re.search(r"\(\d+ of 600\)|not seen", c) for c in shares)
    exact = phase_odds(state)  # the board's own budget: every outcome worked out
    assert exact.exact and "of 600" not in phase_odds_html(state, exact)
