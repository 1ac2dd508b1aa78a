"""The coach's figures for `make bench` (issue 45): per game, the time to the coach's first
answer (in a fresh process it loads the game's simulator: "cold"; then "warm", as on a
served page whose server warmed the simulators up) and the simulated games it plays per
second of thinking, on one position per game (the first choice among several moves of
seed 1's random game, a second or later one where the first is a setup choice)."""

from __future__ import annotations

import random
import time

from hordes_kit.core.coach import Coach, rules_for
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import registered_games

# (config, which choice among several moves): a choice of play, not of setup
POSITIONS = {
    "fantahzee": ({"players": 2}, 3),
    "heroes-hordes": ({}, 3),
    "shadows": ({"players": 2}, 8),
    "skytear": ({}, 3),
    "the-horde": ({}, 2),
}
SECONDS = 1.0
LONGER = 5.0


def position(game, config: dict, skip: int):
    """The ``skip``-th choice among several moves of seed 1's random game (0: the first)."""
    k = 0
    for s in play_steps(game.start(config), random.Random(1)):
        if not s.is_chance and not s.is_terminal and len(s.legal_actions()) > 1:
            if k == skip:
                return s
            k += 1
    raise RuntimeError(f"{game.name}: no such position")


def run() -> None:
    """Print each game's coach figures."""
    for game in registered_games():
        if not game.coach or game.name not in POSITIONS:
            continue
        state = position(game, *POSITIONS[game.name])
        rules = rules_for(game.name)
        start = time.perf_counter()
        Coach(state, rules).think(SECONDS)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        first = Coach(state, rules).think(SECONDS)
        warm = time.perf_counter() - start
        search = Coach(state, rules)
        start = time.perf_counter()
        longer = search.think(LONGER)
        took = time.perf_counter() - start
        apart = "the best told apart" if longer.settled else "the best not told apart yet"
        print(
            f"{game.name} coach: {len(first.moves)} moves; first answer {cold:.2f} s cold, "
            f"{warm:.2f} s warm ({first.games:,} games); {longer.games / took:,.0f} games a "
            f"second of thinking over {took:.1f} s ({apart})"
        )
