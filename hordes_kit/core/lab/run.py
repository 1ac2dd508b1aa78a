"""The strategy lab's runner: an experiment's arms over the same seeded games, locally or on
Dask, and its answer (``LabResult``).

Work is cut into tasks (``tasks.play_task``: a range of games, every arm), each reduced on
its worker to exact integer sums. Sums of integers do not depend on the order they arrive
in, so a run gives the same numbers in one process, over ``workers`` processes
(``core.montecarlo.stream_chunks``) or on a Dask cluster (``cluster.dask_tasks``), and a
task redone after a lost worker is kept once (results are kept by task number).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from hordes_kit.core.lab.cluster import dask_tasks
from hordes_kit.core.lab.tasks import Arm, Experiment, Tally, play_task, task_size
from hordes_kit.core.montecarlo import Z95, check_run, chunk_ranges, stream_chunks, wilson_interval

__all__ = ["LabResult", "run_tasks", "run_experiment"]


def run_tasks(
    exp: Experiment,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    scheduler=None,
    progress: Callable[[int, int], None] | None = None,
) -> Tally:
    """Every arm over games ``0 .. games-1`` of ``seed``: the run's exact sums.

    ``scheduler``: a Dask scheduler address or ``distributed.Client`` (see
    ``cluster.dask_tasks``); otherwise this machine with ``workers`` processes.
    """
    check_run(games, seed, 1)
    specs = tuple(a.spec for a in exp.arms)
    tally = Tally()
    if scheduler is not None:
        parts: Iterator[Tally] = dask_tasks(exp, specs, games, seed, scheduler, progress)
        for part in parts:
            tally.add(part)
        return tally
    check_run(games, seed, workers)
    size = task_size(exp, games, workers)
    chunks = ((exp.play, specs, seed, a, n) for a, n in chunk_ranges(games, size))
    for part in stream_chunks(play_task, chunks, workers=workers):
        tally.add(part)
        if progress:
            progress(tally.games, games)
    return tally


@dataclass(frozen=True)
class LabResult:
    """A run's answer: each arm's mean with its interval, and its difference from the best
    on the same games (common random numbers)."""

    exp: Experiment
    games: int
    seed: int
    tally: Tally

    def mean(self, i: int) -> float:
        """Arm ``i``'s mean (its rate when every game is 0 or 1)."""
        return self.tally.total[i] / self.games / self.exp.scale

    def interval(self, i: int) -> tuple[float, float]:
        """95% interval of arm ``i``'s mean (Wilson for rates)."""
        n, s, k = self.games, int(self.tally.total[i]), self.exp.scale
        if self.exp.binary:
            return wilson_interval(s, n)
        var = max(0.0, (int(self.tally.cross[i, i]) - s * s / n) / max(n - 1, 1))
        half = Z95 * math.sqrt(var / n)
        return ((s / n - half) / k, (s / n + half) / k)

    def best(self) -> int:
        """The arm with the highest mean (the first on a tie)."""
        return int(np.argmax(self.tally.total))

    def difference(self, i: int, j: int) -> tuple[float, float, float]:
        """Mean of arm i minus arm j over the same games, and its 95% interval."""
        n = self.games
        si, sj = int(self.tally.total[i]), int(self.tally.total[j])
        ss = (
            int(self.tally.cross[i, i])
            + int(self.tally.cross[j, j])
            - 2 * int(self.tally.cross[i, j])
        )
        d, k = (si - sj) / n, self.exp.scale
        var = max(0.0, (ss - (si - sj) ** 2 / n) / max(n - 1, 1))
        half = Z95 * math.sqrt(var / n)
        return (d / k, (d - half) / k, (d + half) / k)

    def table(self):
        """polars table: arm, games, mean, 95% interval, difference from the best and its
        interval, and whether it can be told apart from the best."""
        import polars as pl

        b = self.best()
        rows = []
        for i, arm in enumerate(self.exp.arms):
            lo, hi = self.interval(i)
            d, dlo, dhi = self.difference(i, b)
            rows.append(
                {
                    "choice": arm.label,
                    "games": self.games,
                    "mean": self.mean(i),
                    "low95": lo,
                    "high95": hi,
                    "vs_best": d,
                    "vs_best_low95": dlo,
                    "vs_best_high95": dhi,
                    "verdict": "best"
                    if i == b
                    else ("no difference found" if dhi >= 0 else "worse than the best"),
                }
            )
        return pl.DataFrame(rows).sort("mean", descending=True)


def run_experiment(
    exp: Experiment,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    scheduler=None,
    progress: Callable[[int, int], None] | None = None,
) -> LabResult:
    """Run the experiment and return its answer (``LabResult``)."""
    tally = run_tasks(exp, games, seed, workers=workers, scheduler=scheduler, progress=progress)
    return LabResult(exp, games, seed, tally)


def arms_of(labels: Sequence[str], specs: Sequence[object]) -> tuple[Arm, ...]:
    """Arms from labels and specs side by side."""
    return tuple(Arm(label, spec) for label, spec in zip(labels, specs, strict=True))
