"""`make bench`: timings printed, never asserted (targets are in the issues).

Every registered game prints its own figures (its ``bench.py``, named in its
registration), games in name order. Each dice-solver figure is the best of several runs
in a fresh solver cache (cold), on one core.
"""

from __future__ import annotations

import platform

from hordes_kit.core.registry import registered_games


def main() -> None:
    print(f"hordes_kit benchmarks - Python {platform.python_version()} on {platform.machine()}")
    for game in registered_games():
        module = game.bench_module()
        if module is not None:
            module.run()


if __name__ == "__main__":
    main()
