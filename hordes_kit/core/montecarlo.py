"""Seeded Monte Carlo over whole games, with 95% intervals and optional worker processes.

Game ``i`` of a run with seed ``s`` always uses its own generator seeded from
``(s, i)``, so results are identical whatever the number of workers. Games are played
and tallied chunk by chunk: memory does not grow with the number of games.
"""

from __future__ import annotations

import math
import os
import random
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import TypeVar

from hordes_kit.core.errors import InvalidInputError

__all__ = [
    "MAX_GAMES",
    "MAX_SEED",
    "game_rng",
    "wilson_interval",
    "binomial_bounds",
    "sequential_rate",
    "mean_interval",
    "check_run",
    "chunk_size",
    "max_workers",
    "chunk_ranges",
    "stream_chunks",
    "map_chunks",
    "run_games",
]

T = TypeVar("T")
A = TypeVar("A")
Z95 = 1.959963984540054
MAX_GAMES = 1_000_000_000  # a run's games: more would take days even on the fast paths
MAX_SEED = 2**63 - 1  # the fast simulators seed 64-bit signed integers


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` in a run seeded ``seed``."""
    return random.Random(f"hordes-kit:{seed}:{index}")


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (default 95%).

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _tail_at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), summed in logs (no overflow for large n)."""
    if k <= 0:
        return 1.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    lg = math.lgamma
    return min(
        1.0,
        sum(
            math.exp(lg(n + 1) - lg(i + 1) - lg(n - i + 1) + i * lp + (n - i) * lq)
            for i in range(k, n + 1)
        ),
    )


def binomial_bounds(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) two-sided bounds of a rate with ``k`` successes in ``n``.

    >>> [round(x, 4) for x in binomial_bounds(20, 20, 0.98)]
    [0.7943, 1.0]
    >>> [round(x, 4) for x in binomial_bounds(5, 10)]
    [0.1871, 0.8129]
    """
    if n == 0:
        return (0.0, 1.0)
    alpha = (1 - confidence) / 2

    def solve(f, want: float) -> float:  # f increases with p: the p where f(p) = want
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if f(mid) < want else (lo, mid)
        return (lo + hi) / 2

    low = 0.0 if k == 0 else solve(lambda p: _tail_at_least(k, n, p), alpha)
    high = 1.0 if k == n else solve(lambda p: _tail_at_least(k + 1, n, p), 1 - alpha)
    return (low, high)


def sequential_rate(
    trials: Iterable[bool],
    above: float,
    *,
    confidence: float = 0.999,
    most: int = 1000,
) -> tuple[bool | None, int, int]:
    """Is a rate above ``above``? Stop as soon as the exact bounds say so.

    Takes trials one at a time; after each, the ``confidence`` bounds of the rate so far
    decide: lower bound above ``above`` -> True, upper bound below -> False. After
    ``most`` trials with neither, None. Returns (decision, successes, trials): a test
    plays only as many games as its claim needs.

    >>> sequential_rate(iter([True] * 100), 0.5)
    (True, 11, 11)
    >>> sequential_rate(iter([False] * 100), 0.5)
    (False, 0, 11)
    """
    k = n = 0
    for ok in trials:
        n += 1
        k += bool(ok)
        lo, hi = binomial_bounds(k, n, confidence)
        if lo > above:
            return True, k, n
        if hi < above:
            return False, k, n
        if n >= most:
            break
    return None, k, n


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of many games' values and its 95% interval (normal approximation).

    For a difference between two choices played on the same games (common random
    numbers), pass the per-game differences: luck shared by both cancels.

    >>> [round(x, 3) for x in mean_interval([1, 2, 3, 4] * 25)]
    [2.5, 2.28, 2.72]
    """
    n = len(values)
    if n == 0:
        raise InvalidInputError("no games to average")
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((float(v) - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def check_run(games: int, seed: int, workers: int = 1, *, max_games: int = MAX_GAMES) -> None:
    """Refuse a run whose counts are out of range, before any game is played.

    >>> check_run(10, 0, 1)
    >>> check_run(0, 0)
    Traceback (most recent call last):
    ...
    hordes_kit.core.errors.InvalidInputError: games must be 1-1,000,000,000, got 0
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= max_games:
        raise InvalidInputError(f"games must be 1-{max_games:,}, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be 0-{MAX_SEED:,}, got {seed!r}")
    cpus = max_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= cpus:
        raise InvalidInputError(
            f"workers must be 1-{cpus} (this machine's processor cores), got {workers!r}"
        )


def max_workers() -> int:
    """How many worker processes a run may use: this machine's processor cores."""
    return os.cpu_count() or 1


def chunk_size(games: int, workers: int, most: int) -> int:
    """Games per chunk: at most ``most``, and few enough that each of ``workers`` gets one
    (a run of 2,000 games on two cores is two chunks, not one of 2,000).

    >>> chunk_size(2000, 2, 5000), chunk_size(1_000_000, 2, 5000), chunk_size(1, 8, 50)
    (1000, 5000, 1)
    """
    return max(1, min(most, -(-games // max(workers, 1))))


def chunk_ranges(games: int, size: int) -> Iterator[tuple[int, int]]:
    """``(first game, count)`` of each chunk, made as they are asked for (never a list).

    >>> list(chunk_ranges(7, 3))
    [(0, 3), (3, 3), (6, 1)]
    """
    for first in range(0, games, size):
        yield first, min(size, games - first)


def stream_chunks(fn: Callable[[A], T], chunks: Iterable[A], *, workers: int = 1) -> Iterator[T]:
    """``fn`` over the chunks, results in order, in this process or over ``workers`` processes.

    Lazy both ways: a chunk is made only when a worker is about to take it and at most
    ``2 * workers`` are in flight, so memory does not grow with the number of chunks.
    """
    if workers <= 1:
        yield from map(fn, chunks)
        return
    pending: deque[Future] = deque()
    it = iter(chunks)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_ignores_ctrl_c)
    try:
        for chunk in islice(it, 2 * workers):
            pending.append(pool.submit(fn, chunk))
        while pending:
            result = pending.popleft().result()
            for chunk in islice(it, 1):
                pending.append(pool.submit(fn, chunk))
            yield result
    except BaseException:
        # Ctrl-C, an error, a consumer gone (GeneratorExit): the chunks in flight are not
        # wanted. Waiting for them took 9-12 s on a big run; the workers are stopped now
        # instead (cancelling futures could hang the shutdown for good on Python
        # 3.11.0-3.11.2, CPython gh-94440: stopped workers cannot).
        _stop_workers(pool)
        raise
    pool.shutdown(wait=True)


def _worker_ignores_ctrl_c() -> None:
    """A worker leaves Ctrl-C to the main process, which stops it (no traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End a pool's worker processes at once, then release the pool."""
    # the executor keeps its processes in _processes (CPython 3.8-3.13): no public way
    processes = getattr(pool, "_processes", None) or {}
    for p in list(processes.values()):
        p.terminate()
    pool.shutdown(wait=True, cancel_futures=False)


def map_chunks(
    fn: Callable[[A], Sequence[T]],
    chunks: Iterable[A],
    total: int,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Sequence[T]]:
    """``fn`` over the chunks in order (see ``stream_chunks``), yielding each chunk's part.

    ``progress(done, total)`` is called after each chunk with the items done so far.
    """
    done = 0
    for part in stream_chunks(fn, chunks, workers=workers):
        done += len(part)
        if progress:
            progress(done, total)
        yield part


def _chunk(args: tuple[Callable[[int, random.Random], T], int, int, int]) -> list[T]:
    play, seed, first, count = args
    return [play(i, game_rng(seed, i)) for i in range(first, first + count)]


def run_games(
    play: Callable[[int, random.Random], T],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = 50,
) -> Iterator[T]:
    """Play ``games`` games (``play(index, rng)``) and yield their results in order.

    Fold the results as they come (a ``Counter``, a sum): nothing keeps them all.
    ``play`` must be picklable (a module-level function) when ``workers > 1``.
    """
    chunks = ((play, seed, a, n) for a, n in chunk_ranges(games, chunk))
    for part in map_chunks(_chunk, chunks, games, workers=workers, progress=progress):
        yield from part
