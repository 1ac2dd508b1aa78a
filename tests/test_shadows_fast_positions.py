"""The fast Shadows simulator continues the rules engine's positions (``fast/export.py``).

1. From positions of random games (2 and 3 players, both library rules, every phase), and
   from the coach's samples of them (another seat's Hand, Deck, Missions, line and
   facedown cards dealt anew), the simulator continued from the exported position plays
   the engine's game on the same chance tape: the same moves, winners and rounds.
2. What it cannot take is refused in words (``Unsupported``): a position its record does
   not lead to, a record with a move the simulator does not list.
"""

from __future__ import annotations

import random

import pytest
from budget import sized

from hordes_kit.core.state import evolve
from hordes_kit.shadows import new_game
from hordes_kit.shadows.bots import random_bot
from hordes_kit.shadows.coach import sample
from hordes_kit.shadows.fast.export import export
from hordes_kit.shadows.fast.position import Unsupported, play_tape_from_position
from hordes_kit.shadows.tape import continue_tape, make_tape, pick, weights

pytestmark = pytest.mark.fast_simulators("shadows")

SEEDS = sized(1, 40)  # random games per table
STOPS = 3  # positions of each game continued


def _positions(players: int, rules: dict, seed: int):
    """``STOPS`` positions of a random game (random moves, chance drawn), in order."""
    rng = random.Random(seed)
    stops = sorted(rng.sample(range(15, 400), STOPS))
    s = new_game({"players": players, **rules})
    for k in range(stops[-1] + 1):
        if s.is_terminal:
            return
        if k in stops:
            yield s
        s = s.apply(pick(weights(s), rng.random()) if s.is_chance else random_bot(s, rng))


@pytest.mark.parametrize(
    ("players", "rules"),
    [(2, {}), (3, {}), (2, {"library": "pool"}), (3, {"library": "pool", "unmet": "discard"})],
)
def test_positions_and_their_samples_play_on_as_the_engine_does(players, rules):
    played, sampled = 0, 0
    for seed in range(SEEDS):
        for k, s in enumerate(_positions(players, rules, 100 * players + seed)):
            seat = 0 if s.is_chance else s.current_player
            samples = [sample(s, seat, random.Random(k))] if s.phase != "setup" else []
            for t in [s, *samples]:
                tape = make_tape(1000 * seed + k, 20_000)
                try:
                    status, winners, rounds, moves = play_tape_from_position(
                        t, ("sensible",) * players, tape
                    )
                except Unsupported as e:  # the engine plays the Heroes' choice (the coach too)
                    assert t.phase == "setup" and "Hero" in str(e), (seed, k, str(e))
                    continue
                ref = continue_tape(t, ("sensible",) * players, tape)
                assert status == 0 and ref.is_terminal, (seed, k)
                assert moves == list(ref.history[len(t.history) :]), (seed, k, t is s)
                assert (winners, rounds) == (tuple(ref.final_standings()[1]), ref.round)
                played += 1
                sampled += t is not s
    assert played >= SEEDS * STOPS and sampled >= SEEDS  # samples really were continued


def test_what_the_record_does_not_lead_to_is_refused():
    s = next(x for x in _positions(2, {}, 7) if x.phase != "setup")
    export(s)  # the position itself is taken
    seats = list(s.seats)
    seats[0] = evolve(seats[0], gold=seats[0].gold + 3)
    with pytest.raises(Unsupported, match="differs from the position"):
        export(evolve(s, seats=tuple(seats)))
    with pytest.raises(Unsupported, match="the record's 'flip:nonsense'"):
        export(evolve(s, history=(*s.history[:-1], "flip:nonsense")))
