"""Shadows' ``make bench`` figures: whole games per second (the rules engine and the fast
simulator, whose target is 5,000 two-player games a second on one core) and the odds'
times. Printed, never asserted."""

from __future__ import annotations

import random
import time

from hordes_kit.core.playout import playout
from hordes_kit.shadows.bots import random_bot, sensible_bot
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.hands import predict_odds
from hordes_kit.shadows.odds import monster_round, next_reveal

__all__ = ["run"]


def _games_per_second(players: int, bot, n: int) -> float:
    t = time.perf_counter()
    for i in range(n):
        playout(new_game({"players": players}), random.Random(i), {k: bot for k in range(players)})
    return n / (time.perf_counter() - t)


def _fast_games_per_second(players: int, games: int) -> float:
    """The fast simulator's sensible-bot games a second (the best of 3 runs, every seating
    of the first Heroes in turn)."""
    from hordes_kit.shadows.fast.sim import run_fast, tables

    heroes = tables().heroes[:players]
    best = float("inf")
    for i in range(3):
        t = time.perf_counter()
        run_fast(heroes, ("sensible",) * players, games, seed=i, rotate=True)
        best = min(best, time.perf_counter() - t)
    return games / best


def run(games: int = 20) -> None:
    """Print games per second (2 and 3 players, both bots; the fast simulator's) and the
    odds' times (first compiles or loads the fast simulator, not counted)."""
    from hordes_kit.shadows.fast.position import warm_up

    warm_up()
    for players in (2, 3):
        for name, bot in (("random", random_bot), ("sensible", sensible_bot)):
            gps = _games_per_second(players, bot, games)
            print(f"shadows {players} players, {name} bots: {gps:.1f} games/s (rules engine)")
        gps = _fast_games_per_second(players, 10_000)
        print(
            f"shadows {players} players, sensible bots: {gps:,.0f} games/s (fast simulator"
            + (", target 5,000)" if players == 2 else ")")
        )
    seats = [{"hero": "eras"}, {"hero": "rolan"}]
    s = new_game({"position": {"round": 1, "leader": 1, "monster": "cave-stalker", "seats": seats}})
    for label, fn in (
        ("next Monster-Action reveal", lambda: next_reveal(s, 0, 0)),
        ("Predict, uniform model", lambda: predict_odds(s, 0, 1)),
        ("Predict, bot model", lambda: predict_odds(s, 0, 1, "bot")),
        (
            "this round vs the Monster, 2 Attacks with a die",
            lambda: monster_round(s, 0, ["magic-missile", "arcane-bolt"]),
        ),
    ):
        t = time.perf_counter()
        fn()
        print(f"shadows odds, {label}: {(time.perf_counter() - t) * 1000:.1f} ms")


if __name__ == "__main__":
    run()
