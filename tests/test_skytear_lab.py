"""The strategy lab's Skytear Horde questions on the fast simulator: the same seed gives the
same table on one process, two workers and any chunking; a member of the family plays other
games than the shipped bot on the same chance; the win-rate sweeps (solo, co-op) ask every
deck, horde and level; the search names its winner by what it does and checks it on fresh
games; the shipped answers are the planned runs, with narrow intervals."""

from __future__ import annotations

import pytest
from budget import sized

from hordes_kit.cli import main
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.lab.report import read_answers
from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.search import replay_candidate, search
from hordes_kit.core.lab.tasks import derived_seed
from hordes_kit.skytear.bots import SENSIBLE, Sensible
from hordes_kit.skytear.lab import (
    DIFFICULTIES,
    QUESTIONS,
    SHIPPED,
    decks,
    describe,
    family,
    hordes,
    play_win,
    policy_name,
)

pytestmark = pytest.mark.fast_simulators("skytear")


def _experiment(key):
    return next(q for q in QUESTIONS if q.key == key).experiment()


def test_same_numbers_for_any_workers_and_chunking(monkeypatch):
    from hordes_kit.core.lab import tasks as lab_tasks

    exp = _experiment("castle-value")
    games = sized(60, 600)
    one = run_experiment(exp, games, seed=2026)
    two = run_experiment(exp, games, seed=2026, workers=2)
    monkeypatch.setattr(lab_tasks, "TASK_SECONDS", 0.0001)  # tasks of a game or so
    small = run_experiment(exp, games, seed=2026)
    for other in (two, small):
        assert one.tally.total.tolist() == other.tally.total.tolist()
        assert (one.tally.cross == other.tally.cross).all()
    assert run_experiment(exp, games, seed=2027).tally.total.tolist() != one.tally.total.tolist()


def test_a_member_plays_other_games_on_the_same_chance():
    games = sized(300, 3000)
    shipped = play_win((SENSIBLE, {}), 5, 0, games)
    again = play_win((SENSIBLE, {}), 5, 0, games)
    keeper = play_win((Sensible(mulligan=0, castle_draw=-1, reserve=3), {}), 5, 0, games)
    assert (shipped == again).all() and 0.05 < shipped.mean() < 0.95
    assert (shipped != keeper).any()


@pytest.mark.parametrize("key, players", [("win-rates", 1), ("coop-win-rates", 2)])
def test_the_win_rate_sweeps_ask_every_deck_horde_and_level(key, players):
    exp = _experiment(key)
    labels = [a.label for a in exp.arms]
    assert len(labels) == len(set(labels)) == len(decks()) * len(hordes()) * len(DIFFICULTIES)
    assert set(decks()) == {"Liothan Zealots", "Taulot Dwellers", "Kurumo Disciples"}
    assert "Kurumo Disciples against Animerk, level 5" in labels
    assert all(a.spec[1]["players"] == players == len(a.spec[1]["decks"]) for a in exp.arms)
    castles = [a.label for a in _experiment("castle-value").arms]
    assert len(castles) == 6 and "Ember Citadel (Kurumo)" in castles


def test_a_member_is_checked_and_said_in_words():
    with pytest.raises(InvalidInputError):
        Sensible(defend="rightmost")
    with pytest.raises(InvalidInputError):
        Sensible(reserve=-1)
    words = describe(Sensible(mulligan=0, castle_draw=-1, reserve=2, defend="weakest"))
    assert "keeps the opening hand" in words and "never uses the castle's draw" in words
    assert "keeps 2 mana for the reactions" in words and "weakest" in words


def test_a_search_of_the_family_names_its_winner_and_checks_it_on_fresh_games():
    res = search(family(), 3, 16, seed=4)
    assert res.final.seed == derived_seed(4, "final")
    assert all(r.seed != res.final.seed for r in res.rounds)
    assert [len(r.exp.arms) for r in res.rounds] == [4, 2]  # 3 drawn and the shipped bot
    labels = [a.label for a in res.final.exp.arms]
    assert labels[0] == f"Best found ({policy_name(res.winner.spec)})"
    assert "Candidate" not in " ".join(labels) and res.final.games == 64
    if res.winner.label != SHIPPED:
        assert labels[1] == SHIPPED
        again = replay_candidate(family(), 4, res.winner.label)
        assert again.spec == res.winner.spec


def test_the_cli_answers_in_a_table(capsys):
    argv = ["lab", "skytear", "castle-value", "--games", "20", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "What is each castle worth?" in out and "Pools of Flyema (Liothan)" in out


PLANNED = {  # question: (games at least, widest 95% interval at most)
    "best-policy": (8000, 0.03),
    "win-rates": (500, 0.09),
    "coop-win-rates": (500, 0.09),
    "castle-value": (5000, 0.03),
}


def test_the_shipped_skytear_answers_are_the_planned_runs():
    shipped = {a["question"]: a for a in read_answers() if a["game"] == "skytear"}
    shipped = {k: a for k, a in shipped.items() if not k.startswith("coach")}  # test_coach
    assert set(shipped) == set(PLANNED)
    for key, a in shipped.items():
        assert a["seed"] == 2026 and f"--seed {a['seed']}" in a["command"]
        assert a["command"].startswith(f"hordes-kit lab skytear {key} ")
        games, width = PLANNED[key]
        widest = max(r["high95"] - r["low95"] for r in a["rows"])
        assert a["games"] >= games and widest < width, (key, a["games"], widest)
        if key == "best-policy":
            if a["candidate"].startswith("Candidate"):  # else the shipped bot itself won
                arm = replay_candidate(family(), a["seed"], a["candidate"])
                assert describe(arm.spec) == a["winner_policy"]
            assert {r["choice"] for r in a["rows"]} == {f"Best found ({a['winner']})", SHIPPED}
            continue
        exp = _experiment(key)
        assert sorted(r["choice"] for r in a["rows"]) == sorted(x.label for x in exp.arms)
