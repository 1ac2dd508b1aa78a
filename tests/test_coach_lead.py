"""The coach's lead measured move by move (``core.coach_lead``).

The measure rests on an identity: a player's win chance minus the best policy's is the sum,
over that player's games, of what each move it plays instead of the policy's is worth with
the policy playing on. It is checked on a player whose whole-game difference is known: The
Horde's "defenders" policy, which survives 0.05% of games, against "balanced" (~1.1%): the
sum over the defenders policy's own games must come out at that difference, within its
interval."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from budget import sized

from hordes_kit.core import coach_lead
from hordes_kit.core.coach import rules_for
from hordes_kit.core.coach_lead import CHECK_GAMES, lead, play_coach_lead
from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.registry import get_game
from hordes_kit.the_horde.bots import as_bot


def counted(spec, seed, first, count):
    """Toy: each game's number is the wins among 100 coins of bias ``spec``."""
    out = []
    for g in range(first, first + count):
        rng = game_rng(seed, g)
        out.append(sum(rng.random() < spec for _ in range(100)))
    return np.array(out)


def test_a_scaled_experiment_reports_each_game_s_figure_as_a_chance():
    exp = Experiment(counted, (Arm("low", 0.2), Arm("high", 0.6)), "won", False, scale=100)
    res = run_experiment(exp, 400, seed=3)
    raw = [counted(a.spec, 3, 0, 400) for a in exp.arms]
    assert res.mean(1) == pytest.approx(raw[1].mean() / 100)
    lo, hi = res.interval(1)
    assert lo < res.mean(1) < hi < 1
    d, dlo, dhi = res.difference(1, 0)
    assert d == pytest.approx((raw[1] - raw[0]).mean() / 100)
    half = 1.96 * (raw[1] - raw[0]).std(ddof=1) / np.sqrt(400) / 100
    assert (dhi - dlo) / 2 == pytest.approx(half, rel=1e-3)
    with pytest.raises(ValueError, match="scale"):
        Experiment(counted, (Arm("a", 0.5),), "won", True, scale=100)
    with pytest.raises(ValueError, match="scale"):
        Experiment(counted, (Arm("a", 0.5),), "won", False, scale=0)


HORDE = rules_for("the-horde")
START = get_game("the-horde").start({})
BALANCED, DEFENDERS = as_bot("balanced"), as_bot("defenders")


def defenders(state, rng):
    """A player that plays the defenders policy's move, beside the best policy's."""
    return BALANCED(state, rng), DEFENDERS(state, rng)


def test_the_lead_of_a_known_policy_is_its_whole_game_difference():
    from hordes_kit.the_horde.fast.sim import run_fast

    games, check = sized(40, 400), 640
    gains = np.array([lead(HORDE, START, 5, g, defenders, check) for g in range(games)]) / check
    est, se = gains.mean(), gains.std(ddof=1) / np.sqrt(games)
    wins = {p: (run_fast(p, 200_000, 8)[:, 0] == 0).mean() for p in ("balanced", "defenders")}
    truth = wins["defenders"] - wins["balanced"]  # -1.1%
    assert truth < -0.008
    assert abs(est - truth) < 4 * se + 0.001, (est, se, truth)
    assert est + 1.96 * se < 0  # and the measure tells it apart below zero


def test_each_move_off_the_policy_is_checked_on_games_of_its_own(monkeypatch):
    calls = []
    real = coach_lead._wins

    def spy(rules, state, seat, seed, games):
        calls.append((seed, games, state.turn))
        return real(rules, state, seat, seed, games)

    monkeypatch.setattr(coach_lead, "_wins", spy)
    assert lead(HORDE, START, 5, 0, lambda s, r: (BALANCED(s, r),) * 2, 640) == 0
    assert calls == []  # a player that keeps the policy's moves gains nothing, unchecked
    lead(HORDE, START, 5, 0, defenders, 640)
    assert len(calls) >= 4 and len(calls) % 2 == 0
    pairs = list(zip(calls[::2], calls[1::2], strict=True))
    # both moves of a check on the same games; each check's games its own
    assert all(a[0] == b[0] and a[1] == b[1] == 640 for a, b in pairs)
    assert len({a[0] for a, _ in pairs}) == len(pairs)


def test_the_lab_question_plays_the_coach_and_counts_in_checked_games():
    from hordes_kit.the_horde.lab import QUESTIONS

    q = next(x for x in QUESTIONS if x.key == "coach-lead")
    exp = q.experiment()
    assert exp.scale == CHECK_GAMES and not exp.binary
    assert [a.spec[-1] for a in exp.arms] == [0, 1]
    base = play_coach_lead(("the-horde", {}, 0, 640, 0), 7, 0, 2)
    assert 0 <= base.min() and base.max() < 64  # ~1% of 640 games
    with pytest.raises(ValueError, match="solo and co-op"):
        play_coach_lead(("shadows", {}, 16, 640, 1), 7, 0, 1)
    with pytest.raises(ValueError, match="multiple"):
        coach_lead.coach_lead_question("the-horde", "won", games=32, check=1000)


def test_the_horde_s_batched_positions_are_the_fast_simulator_s_starts():
    from hordes_kit.the_horde.coach import START_STEP_NAMES
    from hordes_kit.the_horde.fast.sim import START_STEPS

    assert START_STEP_NAMES == START_STEPS
    assert HORDE.batched(START)


def test_a_scaled_answer_gives_the_difference_game_by_game_without_won_games():
    from hordes_kit.core.lab.report import answer_record
    from hordes_kit.ui.lab import answers_html

    exp = Experiment(counted, (Arm("low", 0.2), Arm("high", 0.6)), "won", False, scale=100)
    rec = answer_record("the-horde", "toy", "Toy?", run_experiment(exp, 50, seed=3), 3, 1.0)
    assert rec["paired"] == "high minus low, game by game"
    assert 0.3 < rec["paired_low95"] < rec["paired_difference"] < rec["paired_high95"] < 0.5
    assert "won_by_second_only" not in rec
    page = answers_html([rec])
    assert "Game by game, high minus low: <b>+" in page and "games only high won" not in page
    assert "Each game counts a chance" in page
    fine = dict(rec, paired_difference=0.000308, paired_low95=0.000121, paired_high95=0.000496)
    assert "<b>+0.031%</b> (+0.012% – +0.050%)" in answers_html([fine])


def test_a_lead_that_could_not_be_measured_whole_is_refused():
    with pytest.raises(ValueError, match="multiple of 32"):
        lead(HORDE, START, 5, 0, defenders, 100)
    with pytest.raises(ValueError, match="best policy"):
        lead(replace(HORDE, bot=None), START, 5, 0, defenders, 640)
