"""Shadows' ``make bench`` figures: whole games per second and the odds' times."""

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


def run(games: int = 20) -> None:
    """Print games per second (2 and 3 players, both bots) and the odds' times."""
    for players in (2, 3):
        for name, bot in (("random", random_bot), ("sensible", sensible_bot)):
            gps = _games_per_second(players, bot, games)
            print(f"shadows {players} players, {name} bots: {gps:.1f} games/s (rules engine)")
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
