"""The strategy lab's Fantahzee questions on the fast simulator: the same seed gives the same
table on one process, two workers and any chunking; "first player" is whoever the draw
names; the avoiding bot leaves its hero out; the shipped answers are the planned runs,
with narrow intervals."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from hordes_kit.core.lab import run_experiment
from hordes_kit.core.lab_report import read_answers
from hordes_kit.fantahzee.fastsim import OUT_FIRST, OUT_STATUS, OUT_WON, run_fast
from hordes_kit.fantahzee.lab import QUESTIONS, _seat_wins, play_bot
from hordes_kit.fantahzee.rules import FConfig

pytestmark = pytest.mark.fast_simulators("fantahzee")

TWO = replace(FConfig(), players=2)


def _experiment(key):
    return next(q for q in QUESTIONS if q.key == key).experiment()


@pytest.mark.parametrize("key", ["first-player", "table-rules"])
def test_same_numbers_for_any_workers_and_chunking(monkeypatch, key):
    from hordes_kit.core import lab

    exp = _experiment(key)
    one = run_experiment(exp, 60, seed=2026)
    two = run_experiment(exp, 60, seed=2026, workers=2)
    monkeypatch.setattr(lab, "TASK_SECONDS", 0.0001)  # tasks of a game or so
    small = run_experiment(exp, 60, seed=2026)
    for other in (two, small):
        assert one.tally.total.tolist() == other.tally.total.tolist()
        assert (one.tally.cross == other.tally.cross).all()
    assert run_experiment(exp, 60, seed=2027).tally.total.tolist() != one.tally.total.tolist()


def test_the_first_player_is_whoever_the_draw_names():
    """Strong against random: the strong bot wins almost every game, so the first player
    wins about as often as the draw names the strong bot's seat, and the columns follow
    the turn order, not the seats."""
    bots = ("strong", "random")
    rows = run_fast(bots, 300, 4, config=TWO)
    wins = _seat_wins(TWO, bots, 4, 0, 300)
    strong_first = rows[:, OUT_FIRST] == 0
    assert 0.35 < strong_first.mean() < 0.65  # the draw, not seat 0
    done = rows[:, OUT_STATUS] == 1
    strong_won = (rows[:, OUT_WON] & 1).astype(bool) & done
    assert (wins[:, 0] == np.where(strong_first, strong_won, (rows[:, OUT_WON] >> 1) & 1)).all()
    assert wins[strong_first, 0].mean() > 0.9 and wins[~strong_first, 1].mean() > 0.9


def test_a_hero_left_out_changes_the_games_and_the_plain_arm_is_the_strong_bot():
    plain = play_bot(("strong", TWO), 7, 0, 200)
    without = play_bot(("strong-without:paladin,captain,archmage", TWO), 7, 0, 200)
    assert 0.3 < plain.mean() < 0.7  # the strong bot against itself, seats taking turns
    assert (plain != without).any()


def test_the_shipped_fantahzee_answers_are_the_planned_runs():
    shipped = {a["question"]: a for a in read_answers() if a["game"] == "fantahzee"}
    assert set(shipped) == {"first-player", "table-rules"}
    for key, a in shipped.items():
        exp = _experiment(key)
        assert a["seed"] == 2026 and f"--seed {a['seed']}" in a["command"]
        assert sorted(r["choice"] for r in a["rows"]) == sorted(x.label for x in exp.arms)
        widest = max(r["high95"] - r["low95"] for r in a["rows"])
        assert a["games"] >= 8000 and widest < 0.04, (key, a["games"], widest)
