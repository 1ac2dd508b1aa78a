"""`make bench`: timings printed, never asserted (targets are in the issues).

Each figure is the best of several runs in a fresh solver cache (cold), on one core.
"""

from __future__ import annotations

import platform
import random
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


def heroes_hordes() -> None:
    from hordes_kit.core.registry import get_game
    from hordes_kit.heroes_hordes.fastsim import run_fast, warm_up
    from hordes_kit.heroes_hordes.simulate import play_one

    warm_up()
    game = get_game("heroes-hordes")
    refs = {"random": 60, "greedy": 40, "lookahead": 15}
    for policy, n_ref in refs.items():
        t = time.perf_counter()
        for i in range(n_ref):
            play_one(policy, i, random.Random(i), game.start({}))
        ref = n_ref / (time.perf_counter() - t)
        n_fast = 10_000 if policy != "lookahead" else 2_000
        t = time.perf_counter()
        run_fast(policy, n_fast, seed=1)
        fast = n_fast / (time.perf_counter() - t)
        print(
            f"heroes & hordes {policy:>9}: reference {ref:8.1f} games/s, fast {fast:9,.0f} games/s,"
            f" ratio {fast / ref:6.0f}x (target >= 10,000 games/s)"
        )


def the_horde() -> None:
    from hordes_kit.the_horde.fastsim import run_fast, warm_up
    from hordes_kit.the_horde.policies import POLICIES
    from hordes_kit.the_horde.simulate import play_one
    from hordes_kit.the_horde.state import new_game

    warm_up()
    for policy in POLICIES:
        n_ref = 40
        t = time.perf_counter()
        for i in range(n_ref):
            play_one(policy, i, random.Random(i), new_game())
        ref = n_ref / (time.perf_counter() - t)
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            run_fast(policy, 10_000, seed=1)
            best = min(best, time.perf_counter() - t)
        fast = 10_000 / best
        print(
            f"the horde {policy:>9}: reference {ref:8.1f} games/s, fast {fast:9,.0f} games/s, "
            f"ratio {fast / ref:6.0f}x; 10,000 games in {best:.3f} s (target >= 10,000 games/s)"
        )


if __name__ == "__main__":
    main()
    heroes_hordes()
    the_horde()
