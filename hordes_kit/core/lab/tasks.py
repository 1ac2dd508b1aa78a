"""An experiment and its tasks: what a worker plays, here or on a Dask cluster.

An *experiment* is a module-level function ``play(spec, seed, first, count)`` that
returns one integer per game (1 won / 0 lost, or a count such as turns survived), and
a list of *arms* (labelled specs: policies, table rules, seats). Game ``g`` of a run
seeded ``s`` draws the same chance whichever arm plays it (common random numbers), so
the difference between two arms is measured on the same luck.

A task is a range of games, every arm (``play_task``), reduced on its worker to exact
integer sums (``Tally``): games, each arm's total and the cross sums of every pair of
arms. It is the lowest of the lab's modules: the runner (``run``) and the cluster
(``cluster``) both send its tasks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import MAX_SEED, chunk_size

__all__ = ["Arm", "Experiment", "Tally", "play_task", "task_size", "derived_seed"]

MAX_ARMS = 64
TASK_SECONDS = 3.0  # a task should take a few seconds: long enough to hide the overhead


@dataclass(frozen=True)
class Arm:
    """One thing compared: a label in a player's words and what ``play`` is given."""

    label: str
    spec: object


@dataclass(frozen=True)
class Experiment:
    """Arms played over the same seeded games by ``play`` (module-level, picklable)."""

    play: Callable[[object, int, int, int], np.ndarray]
    arms: tuple[Arm, ...]
    measure: str  # what one game's number means: "survived all 20 turns"
    binary: bool = True  # every game's number is 0 or 1 (a rate, Wilson intervals)
    games_per_second: float = 1000.0  # one arm on one core, to size the tasks
    # what one unit of a game's number is worth: a game's number may count wins among
    # ``scale`` simulated games (a chance, kept an exact integer), its mean is then /scale
    scale: int = 1

    def __post_init__(self):
        if not 1 <= len(self.arms) <= MAX_ARMS:
            raise InvalidInputError(f"an experiment compares 1-{MAX_ARMS} arms")
        if self.scale < 1 or (self.binary and self.scale != 1):
            raise ValueError(f"scale {self.scale}: a whole number 1 or more, 1 for a rate")


@dataclass
class Tally:
    """Exact integer sums of a run: games, per arm totals, per pair cross sums."""

    games: int = 0
    total: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    cross: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int64))

    def add(self, other: Tally) -> Tally:
        """Fold another task's sums into these."""
        if self.games == 0:
            self.total = other.total.copy()
            self.cross = other.cross.copy()
        else:
            self.total = self.total + other.total
            self.cross = self.cross + other.cross
        self.games += other.games
        return self


def play_task(args) -> Tally:
    """One task, ``(play, specs, seed, first, count)``: every spec over games ``first ..
    first+count-1`` of ``seed``, as exact sums."""
    play, specs, seed, first, count = args
    values = np.stack([np.asarray(play(s, seed, first, count), np.int64) for s in specs], axis=1)
    return Tally(count, values.sum(axis=0), values.T @ values)


def task_size(exp: Experiment, games: int, parallel: int = 1) -> int:
    """Games per task: about ``TASK_SECONDS`` of work, at least a few tasks per worker.

    >>> exp = Experiment(len, (Arm("a", 1), Arm("b", 2)), "won", games_per_second=1000)
    >>> task_size(exp, 1_000_000), task_size(exp, 100, parallel=2)
    (1500, 13)
    """
    per_game = len(exp.arms) / max(exp.games_per_second, 1e-9)
    size = max(1, int(TASK_SECONDS / per_game))
    return chunk_size(games, 4 * max(parallel, 1), size)


def derived_seed(seed: int, purpose: str) -> int:
    """A seed for another stream of games (fresh games for a final check), from ``seed``.

    >>> derived_seed(1, "final") != derived_seed(1, "round 0")
    True
    """
    digest = hashlib.sha256(f"hordes-kit-lab:{seed}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)
