"""The strategy lab's Fantahzee questions on the fast simulator: the same seed gives the same
table on one process, two workers and any chunking; "first player" is whoever the draw
names; the avoiding bot leaves its hero out; the search of the strong bot's family names
its winner by what it does and checks it on fresh games; the shipped answers are the
planned runs, with narrow intervals."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from budget import sized

from hordes_kit.cli import main
from hordes_kit.core.lab.report import read_answers
from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.search import replay_candidate, search
from hordes_kit.core.lab.tasks import derived_seed
from hordes_kit.fantahzee.fast.sim import OUT_FIRST, OUT_STATUS, OUT_WON, run_fast
from hordes_kit.fantahzee.lab import (
    QUESTIONS,
    _seat_wins,
    describe,
    family,
    play_bot,
    policy_name,
)
from hordes_kit.fantahzee.policy import policy_of
from hordes_kit.fantahzee.rules import FConfig

pytestmark = pytest.mark.fast_simulators("fantahzee")

TWO = replace(FConfig(), players=2)


def _experiment(key):
    return next(q for q in QUESTIONS if q.key == key).experiment()


@pytest.mark.parametrize("key", ["first-player", "table-rules"])
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


def test_the_first_player_is_whoever_the_draw_names():
    """Strong against random: the strong bot wins almost every game, so the first player
    wins about as often as the draw names the strong bot's seat, and the columns follow
    the turn order, not the seats."""
    bots, games = ("strong", "random"), sized(150, 1500)
    rows = run_fast(bots, games, 4, config=TWO)
    wins = _seat_wins(TWO, bots, 4, 0, games)
    strong_first = rows[:, OUT_FIRST] == 0
    assert 0.35 < strong_first.mean() < 0.65  # the draw, not seat 0
    done = rows[:, OUT_STATUS] == 1
    strong_won = (rows[:, OUT_WON] & 1).astype(bool) & done
    assert (wins[:, 0] == np.where(strong_first, strong_won, (rows[:, OUT_WON] >> 1) & 1)).all()
    assert wins[strong_first, 0].mean() > 0.9 and wins[~strong_first, 1].mean() > 0.9


def test_a_hero_left_out_changes_the_games_and_the_plain_arm_is_the_strong_bot():
    games = sized(100, 1000)
    plain = play_bot(("strong", TWO), 7, 0, games)
    without = play_bot(("strong-without:paladin,captain,archmage", TWO), 7, 0, games)
    assert 0.3 < plain.mean() < 0.7  # the strong bot against itself, seats taking turns
    assert (plain != without).any()


def test_a_search_of_the_family_names_its_winner_and_checks_it_on_fresh_games():
    fam = family()
    res = search(fam, 3, 16, seed=4)
    assert res.final.seed == derived_seed(4, "final")
    assert all(r.seed != res.final.seed for r in res.rounds)
    assert [len(r.exp.arms) for r in res.rounds] == [4, 2]  # 3 drawn and the strong bot
    labels = [a.label for a in res.final.exp.arms]
    assert labels[0] == f"Best found ({policy_name(res.winner.spec)})"
    assert "Candidate" not in " ".join(labels) and res.final.games == 64
    if res.winner.label != "The strong bot as it is":
        assert labels[1] == "The strong bot as it is"
        again = replay_candidate(family(), 4, res.winner.label)
        assert again.spec == res.winner.spec and policy_of(again.spec[0]) is not None
    drawn = [a.spec[0] for a in res.rounds[0].exp.arms]
    assert len(set(drawn)) == 4 and all(n.startswith("strong-policy:") for n in drawn[1:])


def test_the_cli_answers_the_search_in_words(capsys):
    argv = ["lab", "fantahzee", "best-policy", "--games", "4", "--candidates", "2", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Best found (" in out and "fresh games" in out and "Candidate" not in out


PLANNED = {  # question: (games at least, widest 95% interval at most)
    "first-player": (8000, 0.04),
    "table-rules": (8000, 0.04),
    "hero-value": (2000, 0.05),
    "best-policy": (2000, 0.05),
    "coach": (15, 0.6),  # the coach as a bot: minutes a game, so few games
}


def test_the_shipped_fantahzee_answers_are_the_planned_runs():
    shipped = {a["question"]: a for a in read_answers() if a["game"] == "fantahzee"}
    assert set(shipped) == set(PLANNED)
    for key, a in shipped.items():
        assert a["seed"] == 2026 and f"--seed {a['seed']}" in a["command"]
        games, width = PLANNED[key]
        widest = max(r["high95"] - r["low95"] for r in a["rows"])
        assert a["games"] >= games and widest < width, (key, a["games"], widest)
        if key == "best-policy":
            if a["candidate"].startswith("Candidate"):  # else the strong bot itself won
                arm = replay_candidate(family(), a["seed"], a["candidate"])
                assert describe(arm.spec) == a["winner_policy"]
            assert [r["choice"] for r in a["rows"]] in (
                [f"Best found ({a['winner']})", "The strong bot as it is"],
                ["The strong bot as it is", f"Best found ({a['winner']})"],
            )
            continue
        exp = _experiment(key)
        assert sorted(r["choice"] for r in a["rows"]) == sorted(x.label for x in exp.arms)
