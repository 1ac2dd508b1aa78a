"""The lab page: a question answered with a chart and a table, the best found played on a
board, bad input said in words; the shipped answers' page shows games, seeds, intervals."""

from __future__ import annotations

import contextlib
import html
import json
import re

import ipywidgets as w
from traitlets import TraitError

from hordes_kit.core.lab import cluster as lab_cluster
from hordes_kit.core.lab.report import read_answers
from hordes_kit.core.lab.search import best_label, replay_candidate
from hordes_kit.fantahzee import lab as fantahzee_lab
from hordes_kit.serve.dashboard import ENV, SCHEDULER_ENV
from hordes_kit.shadows import lab as shadows_lab
from hordes_kit.skytear import lab as skytear_lab
from hordes_kit.the_horde import lab as horde_lab
from hordes_kit.the_horde.lab import policy_name
from hordes_kit.ui.lab import CLUSTER, LabPage, answers_html

SEARCHES = {  # games with a family
    "the-horde": horde_lab,
    "fantahzee": fantahzee_lab,
    "shadows": shadows_lab,
    "skytear": skytear_lab,
}
FORGED = "tcp://127.0.0.1:9"  # a scheduler address a visitor's browser sends


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


def test_another_game_shows_its_own_questions_words_and_games():
    # every game's first question is "best-policy": picking another game did not change
    # the question's value, and the words under it still described the last game's family
    from hordes_kit.ui.lab import GAMES

    page = LabPage()
    for name, questions in GAMES.items():
        page.game.value = name
        first = questions[0]
        assert page.question.value == first.key
        assert page.about.value == f"<p><em>{html.escape(first.about)}</em></p>", name
        assert page.games.value == min(first.default_games, page.games.max), name


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


def test_shadows_questions_are_answered_on_the_page_in_words():
    page = LabPage()
    page.game.value = "Shadows"
    keys = [k for _, k in page.question.options]
    assert keys == ["best-policy", "heroes", "heroes-3p", "item-value", "study-or-buy", "coach"]
    page.question.value = "best-policy"
    page.games.value = 20
    res = page.answer_now(candidates=2)
    assert res is not None and "fresh games" in page.answer.value
    assert html.escape(shadows_lab.policy_name(res.winner.spec)) in page.answer.value
    assert "Candidate" not in page.answer.value + page.chart.value
    assert "sensible-policy" not in page.answer.value + page.chart.value  # no bot names shown
    page.question.value = "heroes"
    page.games.value = 40
    assert page.answer_now() is not None and "Akintunde against Eras" in page.answer.value
    assert page.play_button.layout.display == "none"  # no Shadows board plays a lab's bot


def _widgets(root: w.Widget):
    """Every widget on a page."""
    yield root
    for child in getattr(root, "children", ()):
        yield from _widgets(child)


def test_no_value_a_page_sends_makes_the_kernel_connect_out(monkeypatch):
    """A visitor whose browser sends a scheduler address (a text box's value, a forged
    drop-down index or labels, from the console) gets no connection: a scheduler of
    theirs would send this kernel pickles to load (code run on the host)."""
    calls = []

    def spy(scheduler, timeout=None):
        calls.append(scheduler)
        raise AssertionError(f"the page connected to {scheduler}")

    monkeypatch.setattr(lab_cluster, "connect", spy)
    monkeypatch.setenv(ENV, "1")
    monkeypatch.delenv(SCHEDULER_ENV, raising=False)
    page = LabPage()
    page.question.value = "policies"
    page.games.value = 60
    for widget in _widgets(page.widget):  # whatever text box the page has
        if isinstance(widget, w.Text):
            widget.set_state({"value": FORGED})
    labels = list(page.where.options)
    said = []
    for forged in (
        {"index": len(labels)},
        {"index": True},
        {"_options_labels": [*labels, FORGED], "index": len(labels)},
    ):
        page.message.value = ""
        with contextlib.suppress(TraitError, IndexError):  # (ipywidgets says nothing)
            page.where.set_state(forged)
        said.append((page.message.value, page.where.value, page.where.label))
    page.where.set_state({"index": len(labels) - 1})  # the last choice offered
    assert page.answer_now(candidates=2) is not None
    assert calls == []
    for message, value, label in said:  # each forged choice refused in words, nothing changed
        assert "Run on: that is not a choice this page offers; refused" in message
        assert value == label == labels[0]


def test_the_page_offers_the_hosts_cluster_and_never_names_it(monkeypatch):
    monkeypatch.setenv(ENV, "1")
    monkeypatch.delenv(SCHEDULER_ENV, raising=False)
    assert LabPage().where.options == ("This server",)
    monkeypatch.setenv(SCHEDULER_ENV, "tcp://10.9.8.7:48786")
    page = LabPage()
    assert page.where.options == ("This server", CLUSTER)
    assert not any(isinstance(x, w.Text) for x in _widgets(page.widget))  # no address box
    shown = json.dumps([x.get_state() for x in _widgets(page.widget)], default=str)
    shown = re.sub(r"IPY_MODEL_[0-9a-f]+", "", shown)  # random ids may hold any digits
    assert "10.9.8.7" not in shown and "48786" not in shown
    page.where.value = CLUSTER
    assert page.workers.layout.display == "none"  # the cluster's cores, not this server's


def test_the_shipped_answers_page_shows_games_seeds_and_verdicts():
    answers = read_answers()
    assert answers, "data/lab/answers.toml is shipped"
    text = answers_html(answers)
    for a in answers:
        assert f"seed {a['seed']}" in text and f"{a['games']:,} games" in text
        # the command that plays the answer again, as shown: its own games, no placeholder
        games = a.get("first_games", a["games"])
        want = f"hordes-kit lab {a['game']} {a['question']} --games {games} --seed {a['seed']}"
        assert a["command"] == want and html.escape(want) in text
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
