"""`make bench`: timings printed, never asserted (targets are in the issues).

Every registered game prints its own figures (its ``bench.py``, named in its
registration), games in name order. Each dice-solver figure is the best of several runs
in a fresh solver cache (cold), on one core.
"""

from __future__ import annotations

import platform
import time

from hordes_kit.core.bench import best_time
from hordes_kit.core.registry import registered_games
from hordes_kit.core.sheet import render_game


def main() -> None:
    print(f"hordes_kit benchmarks - Python {platform.python_version()} on {platform.machine()}")
    for game in registered_games():
        module = game.bench_module()
        if module is not None:
            module.run()
    for game in registered_games():
        if game.sheet:
            game.sheet_module()  # imported before timing: the time is the sheet's own
            start = time.perf_counter()
            size = len(render_game(game).encode())
            first = time.perf_counter() - start
            t = best_time(lambda g=game: render_game(g), repeat=3)
            print(
                f"{game.name} printable sheet: {first:.2f} s to make the first time, "
                f"{t:.2f} s again; {size / 1024:.0f} KB"
            )
    import coach_bench  # benchmarks/coach_bench.py: the coach's first answer and its games

    coach_bench.run()
    import lab_bench  # benchmarks/lab_bench.py: the strategy lab, local and on Dask

    lab_bench.run()


if __name__ == "__main__":
    main()
