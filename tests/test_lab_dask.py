"""The lab on a Dask cluster (a two-worker LocalCluster): the same numbers as the local
run, also when a worker is killed mid-run (its tasks are redone, none counted twice)."""

from __future__ import annotations

import os
import signal

import pytest

from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.search import ask
from hordes_kit.the_horde.lab import QUESTIONS

distributed = pytest.importorskip("distributed")

POLICIES = next(q for q in QUESTIONS if q.key == "policies")
GAMES = 6000


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def local():
    return run_experiment(POLICIES.experiment(), GAMES, seed=21)


def test_cluster_gives_the_local_numbers(client, local):
    seen = []
    res = ask(POLICIES, GAMES, 21, scheduler=client, progress=lambda s, d, t: seen.append(d))
    assert res.tally.total.tolist() == local.tally.total.tolist()
    assert (res.tally.cross == local.tally.cross).all()
    assert seen[-1] == GAMES and len(seen) > 2  # streamed back task by task


def test_a_worker_killed_mid_run_changes_nothing(client, local):
    killed = []
    pids = client.run(os.getpid)  # worker address -> its process

    def kill_one(stage, done, total):
        if not killed:
            victim = pids[sorted(pids)[0]]
            os.kill(victim, signal.SIGKILL)  # the worker dies with tasks in flight
            killed.append(victim)

    res = ask(POLICIES, GAMES, 21, scheduler=client, progress=kill_one)
    assert killed
    assert res.games == GAMES
    assert res.tally.total.tolist() == local.tally.total.tolist()
    assert (res.tally.cross == local.tally.cross).all()


def test_the_page_runs_on_the_hosts_cluster(client, monkeypatch):
    """`hordes-kit serve --scheduler` hands its kernels the host's cluster: the lab page's
    "This server's cluster" runs there, with this server's numbers."""
    from hordes_kit.core.lab import cluster as lab_cluster
    from hordes_kit.serve.dashboard import ENV, SCHEDULER_ENV
    from hordes_kit.ui.lab import CLUSTER, LabPage

    monkeypatch.setenv(ENV, "1")
    monkeypatch.setenv(SCHEDULER_ENV, client.scheduler.address)
    reached = []
    real = lab_cluster.connect
    monkeypatch.setattr(lab_cluster, "connect", lambda s, t=None: reached.append(s) or real(s, t))
    page = LabPage()
    page.question.value = "policies"
    page.games.value = 600
    here = page.answer_now()
    assert reached == []
    page.where.value = CLUSTER
    there = page.answer_now()
    assert reached == [client.scheduler.address]
    assert there.tally.total.tolist() == here.tally.total.tolist()
