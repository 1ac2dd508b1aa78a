"""The lab page: a question answered with a chart and a table, the best found played on a
board, bad input said in words; the shipped answers' page shows games, seeds, intervals."""

from __future__ import annotations

import html

from hordes_kit.core.lab_report import read_answers
from hordes_kit.core.lab_search import best_label, replay_candidate
from hordes_kit.fantahzee import lab as fantahzee_lab
from hordes_kit.the_horde import lab as horde_lab
from hordes_kit.the_horde.lab import policy_name
from hordes_kit.ui.lab import LabPage, answers_html

SEARCHES = {"the-horde": horde_lab, "fantahzee": fantahzee_lab}  # games with a family


def test_a_question_is_answered_on_the_page_and_its_best_plays_on_a_board():
    page = LabPage()
    page.game.value = "The Horde"
    page.question.value = "best-policy"
    page.games.value = 100
    res = page.answer_now(candidates=2)
    assert res is not None and "Best found" in page.answer.value
    name = policy_name(res.winner.spec)  # named by what it does, on the table and the chart
    assert f"Best found ({html.escape(name)}):" in page.answer.value
    assert "Candidate" not in page.answer.value + page.chart.value
    assert "fresh games" in page.answer.value and "95% interval" in page.answer.value
    board = page.play_best()
    assert board is not None and "lab's best" in board.auto_button.description
    while not board.state.is_terminal:
        board.bot_move()
    assert board.state.result in ("win", "taxes", "chauncey")


def test_heroes_and_hordes_best_rules_play_on_a_board():
    page = LabPage()
    page.game.value = "Heroes & Hordes"
    page.question.value = "best-policy"
    page.games.value = 30
    page.answer_now()
    game, policy = page.best
    assert policy.startswith("family:")
    board = page.play_best()
    for _ in range(400):
        if board.state.is_terminal:
            break
        board.bot_move()
    assert board.state.is_terminal


def test_fantahzee_s_search_is_answered_on_the_page_in_words():
    page = LabPage()
    page.game.value = "Fantahzee"
    assert "best-policy" in [k for _, k in page.question.options]
    page.question.value = "best-policy"
    page.games.value = 6
    res = page.answer_now(candidates=2)
    assert res is not None and "fresh games" in page.answer.value
    assert html.escape(fantahzee_lab.policy_name(res.winner.spec)) in page.answer.value
    assert "Candidate" not in page.answer.value + page.chart.value
    assert "strong-policy" not in page.answer.value + page.chart.value  # no bot names shown


def test_a_bad_cluster_address_is_said_in_words():
    page = LabPage()
    page.where.value = "A Dask cluster"
    page.address.value = "not an address"
    assert page.answer_now() is None
    assert "scheduler address" in page.message.value and "Traceback" not in page.message.value


def test_the_shipped_answers_page_shows_games_seeds_and_verdicts():
    answers = read_answers()
    assert answers, "data/lab/answers.toml is shipped"
    text = answers_html(answers)
    for a in answers:
        assert f"seed {a['seed']}" in text and f"{a['games']:,} games" in text
    assert "hordes-kit lab" in text
    fake = [
        {
            **answers[0],
            "rows": [
                {**answers[0]["rows"][0], "verdict": "best"},
                {**answers[0]["rows"][0], "choice": "twin", "verdict": "no difference found"},
            ],
        }
    ]
    assert "no difference found" in answers_html(fake)


def test_the_shipped_search_winner_is_named_by_its_parameters():
    searched = [a for a in read_answers() if "winner_policy" in a]
    assert {a["game"] for a in searched} == set(SEARCHES)
    text = answers_html()
    for a in searched:
        # the search's candidate drawn again from the answer's seed (no game played) is
        # the winner the answer describes; its name and its row's label come from it
        lab = SEARCHES[a["game"]]
        arm = replay_candidate(lab.family(), a["seed"], a["candidate"])
        assert lab.describe(arm.spec) == a["winner_policy"]
        assert a["winner"] == lab.policy_name(arm.spec)
        label = best_label(lab.family(), arm)
        assert label == f"Best found ({a['winner']})" and label in [r["choice"] for r in a["rows"]]
        assert html.escape(label) in text
        assert html.escape(a.get("family", "orders of buying")) in text
    assert "Candidate" not in text
