"""One conformance test, run over every registered game: random seeded playouts.

Each game is played to the end over many seeds; every state is checked (ids
sorted/unique/round-trip, chance sums to 1, views are JSON and leak no hidden
card, illegal ids refused) and the final state must equal its replay.
"""

from __future__ import annotations

import pytest
from budget import LONG

from hordes_kit.core.conformance import check_playout
from hordes_kit.core.registry import registered_games

GAMES = registered_games()
SEEDS = 200
# `make test` plays an eighth of each game's seeds (at least 1); `make test-long` all
QUICK_SHARE = 8


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_random_playouts_conform(game):
    assert GAMES, "no game registered"
    configs = [{"players": n} for n in range(game.min_players, game.max_players + 1)]
    finished = 0
    seeds = min(SEEDS, game.conformance_seeds)
    if not LONG:
        seeds = min(seeds, max(1, seeds // QUICK_SHARE))
    for seed in range(seeds):
        final = check_playout(game, configs[seed % len(configs)], seed)
        finished += final.is_terminal
    assert finished == seeds, "every random game must reach its end"
