"""The fast Shadows simulator plays the rules engine's games (which stay the source of truth).

1. Fed the same chance tape (``tape.py``), both play identical games, move for move (the
   engine's whole history, the winners, the rounds): the sensible bot and members of its
   family that turn every one of its knobs, 2 and 3 players, the shipped table rules and
   the other readings (quick sizes; many more seeds in `make test-long`).
2. A run's games depend on (seed, game) alone: cut in chunks, they are the same games.
3. What it cannot play is refused in words: a random bot, a bad Hero, a bad bot name.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from budget import sized

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows.fast.sim import (
    OUT_STATUS,
    OUT_STONES,
    OUT_WON,
    Unsupported,
    play_tape_fast,
    run_fast,
    tables,
)
from hordes_kit.shadows.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("shadows")

GAMES = sized(8, 150)  # seeds per (players, bots, table rules)
# members of the sensible bot's family that turn every knob away from the sensible bot
HUNTER = (
    "sensible-policy:attack=4;hunt=3;guard=2;aim=0.9;finish=1;knockout=1;prefer=shield;"
    "never=goblin-wand;teamup=xp"
)
SCHOLAR = (
    "sensible-policy:predict=3;station=0;response=2;spell=2;unusable=4;buy=0.5;prefer=stats;"
    "study=1.0;teamup=gold"
)
MISER = "sensible-policy:aim=0.2;buy=0.0;learn=0"
OTHER_RULES = {"library": "pool", "mulligan": True, "unmet": "discard"}
CASES = [
    (2, "sensible", None),
    (3, "sensible", None),
    (2, HUNTER, None),
    (3, SCHOLAR, None),
    (2, MISER, OTHER_RULES),
    (3, HUNTER, {"library": "pool", "mulligan": False}),
    (2, SCHOLAR, {"unmet": "discard"}),
]


@pytest.mark.parametrize(("players", "bot", "rules"), CASES)
def test_identical_games_on_the_same_tape(players, bot, rules):
    seatings = list(itertools.permutations(tables().heroes, players))
    seen = set()
    for seed in range(GAMES):
        heroes = seatings[(seed * 7) % len(seatings)]
        tape = make_tape(1000 * players + seed, 20_000)
        ref = play_tape(heroes, (bot,) * players, tape, rules=rules)
        status, winners, rounds, moves = play_tape_fast(heroes, (bot,) * players, tape, rules)
        assert ref.is_terminal and status == 0, (seed, heroes, status)
        history = list(ref.history)
        if moves != history:
            i = next(i for i, (a, b) in enumerate(zip(moves, history + [""])) if a != b)
            pytest.fail(f"seed {seed} {heroes}: move {i} {moves[i]!r}, engine {history[i : i + 1]}")
        assert (winners, rounds) == (tuple(ref.final_standings()[1]), ref.round)
        seen.add((winners, rounds, len(moves)))
    assert len(seen) > GAMES // 2  # the games really differ from each other


def test_a_run_is_its_chunks():
    heroes = tables().heroes[:3]
    whole = run_fast(heroes, ("sensible", HUNTER, SCHOLAR), 12, seed=5, rotate=True)
    parts = [run_fast(heroes, ("sensible", HUNTER, SCHOLAR), 4, 5, first, rotate=True)
             for first in (0, 4, 8)]  # fmt: skip
    assert (whole == np.vstack(parts)).all()
    assert (whole[:, OUT_STATUS] == 0).all()
    assert (whole[:, OUT_WON] > 0).all() and (whole[:, OUT_STONES : OUT_STONES + 3] >= 0).all()
    again = run_fast(heroes, ("sensible", HUNTER, SCHOLAR), 12, seed=6, rotate=True)
    assert (again != whole).any()


def test_refused_in_words():
    heroes = tables().heroes[:2]
    with pytest.raises(Unsupported, match="sensible bot and its family"):
        run_fast(heroes, ("random", "sensible"), 1)
    with pytest.raises(InvalidInputError, match="not a Hero"):
        run_fast(("nobody", heroes[0]), ("sensible", "sensible"), 1)
    with pytest.raises(InvalidInputError, match="aim must be 0 to 1"):
        run_fast(heroes, ("sensible-policy:aim=2", "sensible"), 1)
    with pytest.raises(InvalidInputError, match="2 or 3 players"):
        run_fast(heroes[:1], ("sensible",), 1)
    with pytest.raises(InvalidInputError, match="not a table rule"):
        run_fast(heroes, ("sensible", "sensible"), 1, rules={"position": {}})


def test_simulate_plays_the_sensible_bot_on_the_fast_simulator():
    from hordes_kit.shadows.simulate import simulate

    heroes = ("rolan", "ahti", "eras")
    res = simulate(heroes, 300, 4, workers=1)
    rows = run_fast(heroes, ("sensible",) * 3, 300, seed=4)
    for k in range(3):
        alone = ((rows[:, OUT_WON] == 1 << k) & (rows[:, OUT_STATUS] == 0)).sum()
        assert res.outright[k] == alone
    assert res.to_json()["games"] == 300 and sum(res.wins) == pytest.approx(300)
    assert simulate(heroes, 300, 4, workers=2).outright == res.outright
    with pytest.raises(InvalidInputError, match="fast simulator plays the sensible bot"):
        simulate(heroes, 10, 4, bot="random", engine="fast")
    assert simulate(heroes, 2, 4, bot="random").games == 2  # the rules engine plays it


def test_a_one_time_item_held_twice_leaves_one_copy_a_use():
    """The rules engine's reading: of a One Time Item held twice, a use sends one copy out
    of the game and the other stays, used (every copy of another Item stays)."""
    from hordes_kit.shadows.fast import codes as K
    from hordes_kit.shadows.fast.board import zadd, zat, zlen
    from hordes_kit.shadows.fast.combat_moves import use

    tb = tables()
    for item, left in (("ghost-helm", 1), ("seer-s-lens", 2)):
        S = np.zeros(K.SIZE, np.int64)
        S[K.G_N] = 2
        for _ in range(2):
            zadd(S, 0, K.Z_ITEMS, tb.item(item))
        use(S, tb.tb, 0, tb.item(item), True)
        assert zlen(S, 0, K.Z_ITEMS) == left, item
        assert all(S[zat(0, K.Z_ITEMS, j) + K.PL_UG] == 1 for j in range(left))


def test_the_command_line_chooses_the_engine(capsys):
    from hordes_kit.cli import main

    argv = ["simulate", "shadows", "--heroes", "Eras,Rolan", "--games", "4", "--seed", "2"]
    assert main([*argv, "--engine", "reference", "--json"]) == 0
    assert '"games": 4' in capsys.readouterr().out
    assert main([*argv, "--engine", "fast", "--bot", "random"]) == 2
    err = capsys.readouterr().err.strip()
    assert "fast simulator plays the sensible bot" in err and len(err.splitlines()) == 1
