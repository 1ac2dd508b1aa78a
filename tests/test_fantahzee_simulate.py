"""Fantahzee bot matches by Monte Carlo: the counts are the games the engine plays."""

from __future__ import annotations

import pytest

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import game_rng, wilson_interval
from hordes_kit.core.playout import playout
from hordes_kit.fantahzee import new_game
from hordes_kit.fantahzee.bots import random_bot, strong_bot
from hordes_kit.fantahzee.simulate import simulate

GAMES, SEED = 2, 5  # seat 0 then seat 1; two workers play one game each


@pytest.mark.slow
def test_counts_are_the_games_played_seat_by_seat_and_workers_change_nothing():
    res = simulate(("strong", "random"), GAMES, SEED, engine="reference")
    # the same games by hand: the strong bot in seat 0, then seat 1
    wins, turns = [0, 0], 0
    for i in range(GAMES):
        strong = i % 2
        final = playout(
            new_game({"players": 2}),
            game_rng(SEED, i),
            {strong: strong_bot, 1 - strong: random_bot},
        )
        assert final.is_terminal
        wins[0] += final.returns()[strong] > 0
        wins[1] += final.returns()[1 - strong] > 0
        turns += final.turn
    assert res.wins == tuple(wins) and res.turns == turns and res.unfinished == 0
    assert res.interval(0) == wilson_interval(wins[0], GAMES)
    assert res.to_json()["p_win"] == [wins[0] / GAMES, wins[1] / GAMES]
    assert simulate(("strong", "random"), GAMES, SEED, workers=2, engine="reference") == res


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"bots": ("strong", "clever")}, "unknown bot 'clever'"),
        ({"bots": ("strong",)}, "2-5 players, got 1 bots"),
        ({"bots": ("random",) * 6}, "2-5 players, got 6 bots"),
        ({"games": 0}, "games must be 1-1,000,000,000, got 0"),
        ({"workers": 0}, "workers must be 1-"),
        ({"seed": -1}, "seed must be 0-"),
    ],
)
def test_bad_input_is_refused_by_name(kwargs, message):
    with pytest.raises(InvalidInputError, match=message):
        simulate(**kwargs)
