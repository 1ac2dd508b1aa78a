"""Seeded Monte Carlo over whole games, with 95% intervals and optional worker processes.

Game ``i`` of a run with seed ``s`` always uses its own generator seeded from
``(s, i)``, so results are identical whatever the number of workers.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

__all__ = ["game_rng", "wilson_interval", "map_chunks", "run_games", "tally_games"]

T = TypeVar("T")
A = TypeVar("A")
Z95 = 1.959963984540054


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


def _chunk(args: tuple[Callable[[int, random.Random], T], int, list[int]]) -> list[T]:
    play, seed, indexes = args
    return [play(i, game_rng(seed, i)) for i in indexes]


def map_chunks(
    fn: Callable[[A], list[T]] | Callable[[A], Sequence[T]],
    chunks: Sequence[A],
    total: int,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list:
    """``fn`` over the chunks in order, in this process or over ``workers`` processes.

    ``progress(done, total)`` is called after each chunk with the items done so far.
    """
    parts: list = []
    done = 0
    results: Iterable = map(fn, chunks)
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        if pool is not None:
            results = pool.map(fn, chunks)
        for part in results:
            parts.append(part)
            done += len(part)
            if progress:
                progress(done, total)
    finally:
        if pool is not None:
            pool.shutdown()
    return parts


def run_games(
    play: Callable[[int, random.Random], T],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = 50,
) -> list[T]:
    """Play ``games`` games (``play(index, rng)``), in order, optionally over processes.

    ``play`` must be picklable (a module-level function) when ``workers > 1``.
    """
    chunks = [(play, seed, list(range(a, min(a + chunk, games)))) for a in range(0, games, chunk)]
    parts = map_chunks(_chunk, chunks, games, workers=workers, progress=progress)
    return [x for part in parts for x in part]


def tally_games(
    play_chunk: Callable[[int, int], Counter],
    games: int,
    *,
    workers: int = 1,
    chunk: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> Counter:
    """Sum the tallies of ``play_chunk(first, count)`` over ``games`` games, streamed.

    Memory stays the same whatever ``games`` is: chunks are made on the fly and, with
    worker processes, at most two per worker are in flight. Each chunk seeds its games
    itself (``game_rng``), so the total is the same for any number of workers.
    ``play_chunk`` must be picklable when ``workers > 1``.
    """
    total: Counter = Counter()
    starts = range(0, games, chunk)
    done = 0
    if workers <= 1:
        for a in starts:
            n = min(chunk, games - a)
            total.update(play_chunk(a, n))
            done += n
            if progress:
                progress(done, games)
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: list = []
        it = iter(starts)
        for a in it:
            pending.append(
                (min(chunk, games - a), pool.submit(play_chunk, a, min(chunk, games - a)))
            )
            if len(pending) >= 2 * workers:
                break
        while pending:
            n, fut = pending.pop(0)
            total.update(fut.result())
            done += n
            if progress:
                progress(done, games)
            a = next(it, None)
            if a is not None:
                pending.append(
                    (min(chunk, games - a), pool.submit(play_chunk, a, min(chunk, games - a)))
                )
    return total
