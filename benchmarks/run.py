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


def _fast_vs_reference(name: str, policy: str, reference, n_ref: int, run_fast) -> None:
    """Reference games/s (``reference(i)`` plays game i), fast: best of 3 runs of 10,000."""
    t = time.perf_counter()
    for i in range(n_ref):
        reference(i)
    ref = n_ref / (time.perf_counter() - t)
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        run_fast(policy, 10_000, seed=1)
        best = min(best, time.perf_counter() - t)
    fast = 10_000 / best
    print(
        f"{name} {policy:>9}: reference {ref:8.1f} games/s, fast {fast:9,.0f} games/s, "
        f"ratio {fast / ref:6.0f}x; 10,000 games in {best:.3f} s (target >= 10,000 games/s)"
    )


def heroes_hordes() -> None:
    from hordes_kit.heroes_hordes.fastsim import run_fast, warm_up
    from hordes_kit.heroes_hordes.simulate import play_one
    from hordes_kit.heroes_hordes.state import new_game

    warm_up()
    for policy, n_ref in {"random": 60, "greedy": 40, "lookahead": 15}.items():
        _fast_vs_reference(
            "heroes & hordes",
            policy,
            lambda i, p=policy: play_one(p, i, random.Random(i), new_game()),
            n_ref,
            run_fast,
        )


def the_horde() -> None:
    from hordes_kit.the_horde.bots import POLICIES
    from hordes_kit.the_horde.fastsim import run_fast, warm_up
    from hordes_kit.the_horde.game import new_game
    from hordes_kit.the_horde.simulate import play_one

    warm_up()
    for policy in POLICIES:
        _fast_vs_reference(
            "the horde",
            policy,
            lambda i, p=policy: play_one(p, i, random.Random(i), new_game()),
            40,
            run_fast,
        )


def fantahzee_engine() -> None:
    from hordes_kit.core.playout import play_steps, playout
    from hordes_kit.fantahzee import FANTAHZEE, new_game
    from hordes_kit.fantahzee.bots import random_bot, strong_bot

    # uniformly random moves: nobody gathers the strength for a Boss, so a whole game
    # takes tens of thousands of moves; measured as moves per second
    t = time.perf_counter()
    moves = sum(1 for _ in play_steps(new_game({"players": 2}), 1, max_steps=20_000)) - 1
    per = moves / (time.perf_counter() - t)
    print(f"fantahzee reference engine, uniformly random moves: {per:,.0f} moves/s")
    for label, policies in (
        ("strong bot vs random bot", {0: strong_bot, 1: random_bot}),
        ("conformance mix (half random)", None),
    ):
        n, moves = 4, 0
        t = time.perf_counter()
        for seed in range(n):
            pol = policies or {i: FANTAHZEE.playout_policy for i in range(2)}
            final = playout(new_game({"players": 2}), seed, pol)
            moves += len(final.history)
        dt = time.perf_counter() - t
        print(
            f"fantahzee full 2-player games, {label}: {n / dt:.2f} games/s "
            f"({moves / n:,.0f} moves a game, {moves / dt:,.0f} moves/s)"
        )
    from hordes_kit.fantahzee.cards import load_cards
    from hordes_kit.fantahzee.party import hero_from_card, party_odds

    cards = {h.id: h for h in load_cards().heroes}
    for ids in (
        ["alchemist", "sergeant", "paladin", "steam-brute", "knight-errant"],
        ["steamsmith", "paladin", "steamasaur", "alchemist", "sergeant"],
    ):
        heroes = [hero_from_card(cards[i]) for i in ids]
        t = time.perf_counter()
        odds = party_odds(heroes, 5, 3)
        dt = time.perf_counter() - t
        top = max(odds.at_least)
        print(
            f"fantahzee party solver, 5 heroes ({', '.join(h.name for h in heroes)}), 5 dice, "
            f"3 rolls: {dt:.2f} s for the expected strength ({odds.expected:.2f}) and "
            f"P(>= S) for {len(odds.at_least)} totals (P(>= {top}) = {odds.at_least[top]:.3f}) "
            "(target < 1 s)"
        )


if __name__ == "__main__":
    main()
    fantahzee_engine()
    heroes_hordes()
    the_horde()
