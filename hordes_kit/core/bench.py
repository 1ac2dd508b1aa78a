"""Timing helpers for ``make bench`` (figures printed, never asserted in tests).

Each game's ``bench.py`` has ``run()``, printing its figures; ``benchmarks/run.py`` calls
every registered game's in turn (``Game.bench``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["best_time", "fast_vs_reference"]


def best_time(
    fn: Callable[[], object], repeat: int = 5, before: Callable[[], object] | None = None
) -> float:
    """Best wall time of ``fn`` over ``repeat`` runs, ``before()`` run untimed before each."""
    best = float("inf")
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def fast_vs_reference(
    name: str, policy: str, reference: Callable[[int], object], n_ref: int, run_fast
) -> None:
    """Print reference games/s (``reference(i)`` plays game i) and fast games/s (best of 3
    runs of ``run_fast(policy, 10_000, seed=1)``)."""
    t = time.perf_counter()
    for i in range(n_ref):
        reference(i)
    ref = n_ref / (time.perf_counter() - t)
    best = best_time(lambda: run_fast(policy, 10_000, seed=1), repeat=3)
    fast = 10_000 / best
    print(
        f"{name} {policy:>9}: reference {ref:8.1f} games/s, fast {fast:9,.0f} games/s, "
        f"ratio {fast / ref:6.0f}x; 10,000 games in {best:.3f} s (target >= 10,000 games/s)"
    )
