"""The strategy lab's Shadows questions on the fast simulator: the same seed gives the same
table on one process, two workers and any chunking; a Hero's arms of one table share its
games; the search of the sensible bot's family names its winner by what it does and checks
it on fresh games; the shipped answers are the planned runs, with narrow intervals."""

from __future__ import annotations

import pytest
from budget import sized

from hordes_kit.cli import main
from hordes_kit.core.lab.report import read_answers
from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.search import replay_candidate, search
from hordes_kit.shadows.lab import (
    QUESTIONS,
    describe,
    family,
    market_items,
    play_player,
    policy_name,
)

pytestmark = pytest.mark.fast_simulators("shadows")


def _experiment(key):
    return next(q for q in QUESTIONS if q.key == key).experiment()


@pytest.mark.parametrize("key", ["heroes", "study-or-buy"])
def test_same_numbers_for_any_workers_and_chunking(monkeypatch, key):
    from hordes_kit.core.lab import tasks as lab_tasks

    exp = _experiment(key)
    games = sized(24, 240)
    one = run_experiment(exp, games, seed=2026)
    two = run_experiment(exp, games, seed=2026, workers=2)
    monkeypatch.setattr(lab_tasks, "TASK_SECONDS", 0.0001)  # tasks of a game or so
    small = run_experiment(exp, games, seed=2026)
    for other in (two, small):
        assert one.tally.total.tolist() == other.tally.total.tolist()
        assert (one.tally.cross == other.tally.cross).all()
    assert run_experiment(exp, games, seed=2027).tally.total.tolist() != one.tally.total.tolist()


def test_the_players_of_a_table_share_its_games():
    """Akintunde's and Eras' arms are the two sides of the same games: every game has a
    winner, so their wins add up to the games at least (a shared victory counts twice)."""
    games = 200
    a = play_player((("akintunde", "eras"), 0), 5, 0, games)
    b = play_player((("akintunde", "eras"), 1), 5, 0, games)
    assert ((a + b) >= 1).all() and 0 < a.sum() < games
    three = [play_player((("akintunde", "eras", "rolan"), k), 5, 0, 100) for k in range(3)]
    assert (sum(three) >= 1).all()


def test_every_market_item_and_hero_has_its_arm():
    items = _experiment("item-value")
    assert len(items.arms) == 1 + len(market_items())
    assert all(a.label.startswith("Never buys ") for a in items.arms[1:])
    assert len(_experiment("heroes").arms) == 12 and len(_experiment("heroes-3p").arms) == 12


def test_a_search_of_the_family_names_its_winner_and_checks_it_on_fresh_games():
    fam = family()
    res = search(fam, 2, 20, seed=3)
    assert res.final.games == 80 and len(res.final.exp.arms) in (1, 2)
    label = res.final.exp.arms[0].label
    assert label.startswith("Best found (") and "Candidate" not in label
    if res.winner.label.startswith("Candidate"):
        again = replay_candidate(family(), 3, res.winner.label)  # its own count
        assert again.spec == res.winner.spec
    assert describe(res.winner.spec).endswith(".")
    assert policy_name("sensible") == "the sensible bot as it is"


def test_the_cli_answers_in_words(capsys):
    assert main(["lab", "shadows", "study-or-buy", "--games", "40", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Study or buy?" in out and "Never studies" in out and "40 games" in out


PLANNED = {  # question: (games at least, widest 95% interval at most)
    "heroes": (20_000, 0.02),
    "coach": (80, 0.25),  # the coach as a bot: a game takes about half a minute
    "heroes-3p": (10_000, 0.03),
    "item-value": (4000, 0.04),
    "study-or-buy": (10_000, 0.03),
    "best-policy": (8000, 0.03),
}


def test_the_shipped_shadows_answers_are_the_planned_runs():
    shipped = {a["question"]: a for a in read_answers() if a["game"] == "shadows"}
    assert set(shipped) == set(PLANNED)
    for key, a in shipped.items():
        assert a["seed"] == 2026 and f"--seed {a['seed']}" in a["command"]
        assert a["command"].startswith(f"hordes-kit lab shadows {key} ")
        games, width = PLANNED[key]
        widest = max(r["high95"] - r["low95"] for r in a["rows"])
        assert a["games"] >= games and widest < width, (key, a["games"], widest)
        if key == "best-policy":
            if a["candidate"].startswith("Candidate"):  # else the sensible bot itself won
                arm = replay_candidate(family(), a["seed"], a["candidate"])
                assert describe(arm.spec) == a["winner_policy"]
            assert sorted(r["choice"] for r in a["rows"]) == sorted(
                [f"Best found ({a['winner']})", "The sensible bot as it is"]
            )
            continue
        exp = _experiment(key)
        assert sorted(r["choice"] for r in a["rows"]) == sorted(x.label for x in exp.arms)
