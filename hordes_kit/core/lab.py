"""The strategy lab's runner: many arms over the same seeded games, locally or on Dask.

An *experiment* is a module-level function ``play(spec, seed, first, count)`` that
returns one integer per game (1 won / 0 lost, or a count such as turns survived), and
a list of *arms* (labelled specs: policies, table rules, seats). Game ``g`` of a run
seeded ``s`` draws the same chance whichever arm plays it (common random numbers), so
the difference between two arms is measured on the same luck.

Work is cut into tasks (a range of games, every arm), each reduced on its worker to
exact integer sums: games, each arm's total and the cross sums of every pair of arms.
Sums of integers do not depend on the order they arrive in, so a run gives the same
numbers in one process, over ``workers`` processes (``core.montecarlo.stream_chunks``)
or on a Dask cluster (``dask_backend``), and a task redone after a lost worker is kept
once (results are kept by task number).
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import (
    MAX_SEED,
    Z95,
    check_run,
    chunk_ranges,
    chunk_size,
    stream_chunks,
    wilson_interval,
)

__all__ = [
    "Arm",
    "Experiment",
    "Tally",
    "LabResult",
    "task_size",
    "run_tasks",
    "run_experiment",
    "derived_seed",
    "check_scheduler",
]

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

    def __post_init__(self):
        if not 1 <= len(self.arms) <= MAX_ARMS:
            raise InvalidInputError(f"an experiment compares 1-{MAX_ARMS} arms")


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


def _task(args) -> Tally:
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


_HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,252})?", re.ASCII)
_SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")


def check_scheduler(address: str) -> str:
    """A Dask scheduler address, checked before any work (``tcp://host:8786``, ``host:port``,
    ``tcp://[::1]:8786``): a scheme Dask knows, a host name, an IPv4 address or an IPv6
    address in brackets, and a port 1-65535.

    >>> check_scheduler("tcp://[::1]:8786")
    'tcp://[::1]:8786'
    >>> check_scheduler("tcp://[::1")
    Traceback (most recent call last):
    ...
    hordes_kit.core.errors.InvalidInputError: the scheduler address 'tcp://[::1' must look like tcp://HOST:PORT (port 1-65535; an IPv6 host in brackets: tcp://[::1]:8786)
    """  # noqa: E501
    if not isinstance(address, str) or not 1 <= len(address) <= 200:
        raise InvalidInputError("the scheduler address must be 1-200 characters")
    if any(c.isspace() or not c.isprintable() for c in address):
        raise InvalidInputError(f"the scheduler address {address!r} has spaces or odd characters")
    bad = InvalidInputError(
        f"the scheduler address {address!r} must look like tcp://HOST:PORT (port 1-65535; "
        "an IPv6 host in brackets: tcp://[::1]:8786)"
    )
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host, _, port = rest.rpartition(":")
    if scheme not in _SCHEMES or not port.isascii() or not port.isdigit():
        raise bad
    if not 1 <= int(port) <= 65535 or len(port) > 5:
        raise bad
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1] if host.endswith("]") else "?")
        except ValueError:
            raise bad from None
    elif not _HOST.fullmatch(host):
        raise bad
    return address


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
    ``dask_backend``); otherwise this machine with ``workers`` processes.
    """
    check_run(games, seed, 1)
    specs = tuple(a.spec for a in exp.arms)
    tally = Tally()
    if scheduler is not None:
        from hordes_kit.core.lab_dask import dask_tasks

        parts: Iterator[Tally] = dask_tasks(exp, specs, games, seed, scheduler, progress)
        for part in parts:
            tally.add(part)
        return tally
    check_run(games, seed, workers)
    size = task_size(exp, games, workers)
    chunks = ((exp.play, specs, seed, a, n) for a, n in chunk_ranges(games, size))
    for part in stream_chunks(_task, chunks, workers=workers):
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
        return self.tally.total[i] / self.games

    def interval(self, i: int) -> tuple[float, float]:
        """95% interval of arm ``i``'s mean (Wilson for rates)."""
        n, s = self.games, int(self.tally.total[i])
        if self.exp.binary:
            return wilson_interval(s, n)
        var = max(0.0, (int(self.tally.cross[i, i]) - s * s / n) / max(n - 1, 1))
        half = Z95 * math.sqrt(var / n)
        return (s / n - half, s / n + half)

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
        d = (si - sj) / n
        var = max(0.0, (ss - (si - sj) ** 2 / n) / max(n - 1, 1))
        half = Z95 * math.sqrt(var / n)
        return (d, d - half, d + half)

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
