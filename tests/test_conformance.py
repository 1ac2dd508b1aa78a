"""One conformance test, run over every registered game: random seeded playouts.

Each game is played to the end over many seeds; every state is checked (ids
sorted/unique/round-trip, chance sums to 1, views are JSON and leak no hidden
card, illegal ids refused) and the final state must equal its replay.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from budget import LONG
from demo_game import DEMO, DemoState, new_demo

from hordes_kit.core.conformance import (
    ConformanceError,
    check_mutated_position,
    check_playout,
    mutate_position,
    scenario_positions,
)
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import Game, registered_games
from hordes_kit.core.state import evolve

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


# Described positions (scenario files' config.position) changed at random: each is refused
# with the kit's own error or plays to its end. `make test` tries a few per game (more for
# a game whose games are quick), checking a twentieth of the states; `make test-long`
# many more, checking a quarter
MUTATED_QUICK, MUTATED_LONG = 4, 50
POSITIONED = [g for g in GAMES if scenario_positions(g)]


@pytest.mark.parametrize("game", POSITIONED, ids=[g.name for g in POSITIONED])
def test_changed_positions_are_refused_or_play_to_their_end(game):
    positions = scenario_positions(game)
    per = MUTATED_LONG if LONG else MUTATED_QUICK
    tries = per * max(1, game.conformance_seeds // 4)
    played = 0
    for seed in range(tries):
        final = check_mutated_position(
            game, positions[seed % len(positions)], seed, share=0.25 if LONG else 0.05
        )
        played += final is not None
    assert played, f"{game.name}: every changed position was refused: the changes are too rough"


def test_every_game_counts_its_cards():
    for game in GAMES:
        start = game.start({"players": game.min_players})
        states = play_steps(start, random.Random(0), None, max_steps=400)
        assert any(s.census() for s in states), f"{game.name} declares no card count"


def test_a_lost_card_fails_the_playout():
    @dataclass(frozen=True)
    class Leaky(DemoState):
        def _do(self, action, action_id):
            nxt = super()._do(action, action_id)  # a swap forgets the discarded card
            return evolve(nxt, discard=self.discard) if action[0] == "swap" else nxt

    leaky = Game("leaky", "Leaky demo", 2, 3, lambda cfg: Leaky(**vars(new_demo(cfg))))
    swapped = [
        seed
        for seed in range(20)
        if "swap" in check_playout(DEMO, {"players": 2}, seed).history  # conserved
    ]
    assert swapped
    with pytest.raises(ConformanceError, match=r"cards are not conserved: 1 c\d lost"):
        check_playout(leaky, {"players": 2}, swapped[0])


def test_the_position_changes_include_a_repeated_entry():
    config = {"position": {"seats": [{"items": ["training-sword"]}], "round": 2}}
    seen = set()
    for seed in range(300):
        text = json.dumps(mutate_position(config, random.Random(seed)))
        seen.add(text.count("training-sword"))
    assert max(seen) >= 5 and 0 in seen  # five Training Swords, or none
