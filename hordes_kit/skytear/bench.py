"""Skytear Horde benchmark figures for ``make bench``: printed, never asserted.

The reference engine's games per second (random and sensible bot), the fast simulator's,
"win odds from here" (1,000 games from a position, the issue's target is 2 s on one core),
the forecast's time from the start of a turn (solo and co-op; issue 42's target: under 0.3 s)
and from the alliance phase, and a strategy lab question (each castle's worth) through the
lab's runner. The printable sheet's time is printed with every game's (benchmarks/run.py).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.skytear.forecast import forecast
from hordes_kit.skytear.game import SkyState, new_game
from hordes_kit.skytear.odds import pillage_risk
from hordes_kit.skytear.simulate import play_chunk, simulate

__all__ = ["run", "reach"]


def reach(config: Mapping[str, Any], phase: str, turn: int, seed: int = 1) -> SkyState:
    """The first position of ``phase`` in ``turn`` of a game the sensible bot plays (seeded)."""
    rng = random.Random(seed)
    s = new_game(config)
    while not (s.phase == phase and s.turn == turn):
        if s.is_terminal:
            raise RuntimeError(f"the seeded game ended before turn {turn}'s {phase} phase")
        if s.is_chance:
            outs = s.chance_outcomes()
            s = s.apply(rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0])
        else:
            s = s.apply(sensible_policy(s, rng))
    return s


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _reference(config: Mapping[str, Any], policy: str, games: int) -> float:
    t = time.perf_counter()
    play_chunk(config, policy, 1, None, 0, games)
    return games / (time.perf_counter() - t)


def run(print_: Callable[[str], None] = print) -> None:
    """Print the figures (first compiles or loads the fast simulator, not counted)."""
    from hordes_kit.skytear.fast.sim import warm_up

    warm_up()
    for label, config in (("solo", {}), ("co-op", {"players": 2})):
        for policy, n in (("random", 20), ("sensible", 10)):
            print_(
                f"skytear {label} reference engine, {policy} bot: "
                f"{_reference(config, policy, n):6.1f} games/s"
            )
        t = _best(lambda c=config: simulate(c, 10_000, 1, engine="fast"), 2)
        print_(f"skytear {label} fast simulator, sensible bot: {10_000 / t:8,.0f} games/s")
    start = reach({}, "alliance", 3)
    t = _best(lambda: simulate(None, 1000, 1, start=start, engine="fast"))
    print_(f"skytear win odds from here (turn 3), 1,000 games: {t:.2f} s (target < 2 s)")
    for label, config in (("solo", {}), ("co-op", {"players": 2})):
        s = reach(config, "horde", 2)
        first = _best(lambda s=s: forecast(s), 1)  # the first in a process: its caches cold
        t = _best(lambda s=s: forecast(s), 3)
        print_(
            f"skytear {label} forecast of a whole turn (turn 2, from the wave): "
            f"{first:.2f} s the first time, {t:.2f} s again (target < 0.3 s)"
        )
    s = reach({}, "alliance", 2)
    t = _best(lambda: forecast(s))
    print_(f"skytear forecast from the alliance phase (treachery to end): {t * 1000:.0f} ms")
    t = _best(lambda: pillage_risk(s, 5))
    print_(f"skytear chance that pillage empties the deck within 5 turns: {t * 1000:.1f} ms")
    _lab(print_)


def _lab(print_: Callable[[str], None]) -> None:
    from hordes_kit.core.lab.run import run_experiment
    from hordes_kit.skytear.lab import QUESTIONS

    exp = next(q for q in QUESTIONS if q.key == "castle-value").experiment()
    games = 2_000
    t = _best(lambda: run_experiment(exp, games, seed=1), 1)
    n = games * len(exp.arms)
    print_(f"skytear lab, each castle's worth ({n:,} games, one process): {t:.2f} s")


if __name__ == "__main__":  # pragma: no cover
    run()
