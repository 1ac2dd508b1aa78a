"""The strategy lab's figures for `make bench`: games a second through the lab's runner in
this process, over local worker processes and through a two-worker Dask LocalCluster, and
the overhead of one task (tiny tasks that play nothing)."""

from __future__ import annotations

import time

import numpy as np

from hordes_kit.core.lab import tasks as lab_tasks
from hordes_kit.core.lab.run import run_experiment
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.the_horde.lab import QUESTIONS

GAMES = 60_000
TINY_TASKS = 200


def nothing(spec, seed, first, count):
    """A game that is not played: every task's cost is the runner's own."""
    return np.zeros(count, np.int64)


def _rate(exp, **where) -> tuple[float, float]:
    start = time.perf_counter()
    run_experiment(exp, GAMES, seed=1, **where)
    took = time.perf_counter() - start
    return GAMES * len(exp.arms) / took, took


def _per_task(**where) -> float:
    exp = Experiment(nothing, (Arm("nothing", 0),), "nothing", games_per_second=1e-9)
    old = lab_tasks.TASK_SECONDS
    lab_tasks.TASK_SECONDS = 1e-12  # one game a task
    try:
        start = time.perf_counter()
        run_experiment(exp, TINY_TASKS, seed=1, **where)
        return (time.perf_counter() - start) / TINY_TASKS
    finally:
        lab_tasks.TASK_SECONDS = old


def run() -> None:
    """Print the lab's figures."""
    from distributed import Client, LocalCluster

    exp = next(q for q in QUESTIONS if q.key == "policies").experiment()
    run_experiment(exp, 100, seed=0)  # the simulator compiled or loaded from numba's cache
    print(f"lab: The Horde's shipped policies, {GAMES:,} games x {len(exp.arms)} policies")
    rate, took = _rate(exp)
    print(f"  one process: {rate:,.0f} games/s ({took:.1f} s)")
    rate, took = _rate(exp, workers=2)
    print(f"  two local worker processes: {rate:,.0f} games/s ({took:.1f} s)")
    print(f"  overhead per task, this process: {_per_task() * 1000:.2f} ms")
    print(f"  overhead per task, two local workers: {_per_task(workers=2) * 1000:.2f} ms")
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            run_experiment(exp, 100, seed=0, scheduler=client)  # workers warm
            rate, took = _rate(exp, scheduler=client)
            print(f"  Dask LocalCluster (two workers): {rate:,.0f} games/s ({took:.1f} s)")
            print(f"  overhead per task, Dask: {_per_task(scheduler=client) * 1000:.2f} ms")


if __name__ == "__main__":
    run()
