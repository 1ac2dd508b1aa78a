"""`make bench`: timings printed, never asserted (targets are in the issues).

Each figure is the best of several runs in a fresh solver cache (cold), on one core.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable

from hordes_kit.fantahzee import odds
from hordes_kit.fantahzee.presets import common_costs

DICE = (5, 6, 7)
ROLLS = (1, 2, 3, 4)


def cold(fn: Callable[[], object], repeat: int = 5) -> float:
    """Best wall time of ``fn`` with the solver cache emptied before each run."""
    best = float("inf")
    for _ in range(repeat):
        odds._solver.cache_clear()
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def fantahzee_table() -> None:
    for costs in common_costs():
        for n in DICE:
            for r in ROLLS:
                odds.success_probability(n, r, costs)


def main() -> None:
    print(f"hordes_kit benchmarks - Python {platform.python_version()} on {platform.machine()}")
    costs = common_costs()
    t = cold(fantahzee_table)
    print(
        f"fantahzee odds table {len(DICE)} dice x {len(ROLLS)} rolls x {len(costs)} costs "
        f"({len(DICE) * len(ROLLS) * len(costs)} exact answers): {t * 1000:.1f} ms"
        " (target < 300 ms)"
    )
    t = cold(lambda: odds.success_probability(10, 5, "XXXX"))
    print(f"fantahzee odds 10 dice, 5 rolls, XXXX: {t * 1000:.1f} ms (target < 100 ms)")
    t = cold(lambda: odds.success_probability(10, 5, "XX + 5 + 3"))
    print(
        "fantahzee odds 10 dice, 5 rolls, XX + 5 + 3 (exact faces break symmetry): "
        f"{t * 1000:.1f} ms"
    )
    t = cold(lambda: odds.advise_keep("6,6,5,5,4,3,2,1", ["XXX", "XX", "5"], 2))
    print(f"fantahzee keep advice, 8 dice showing, XXX + XX + 5, 2 rerolls left: {t * 1000:.1f} ms")


if __name__ == "__main__":
    main()
