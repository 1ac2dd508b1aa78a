"""The fast simulator's party solver (``fast/party.py``) against the rules engine's
(``party._Solver``), for a party numbered past 255 in a game: its keys pass 2**53.

Before the fix a child's key came back from the node function as a float64 (numba typed
the key and the value it also returned alike), rounded, and the solver pushed the same
missing child for ever: seed 2026, game 223 of "strong-without:steamsmith" spent its
whole step budget on move after move. Counted in steps, not timed.
"""

from __future__ import annotations

import numpy as np
import pytest

from hordes_kit.fantahzee.costs import parse_cost
from hordes_kit.fantahzee.fast import party as FP
from hordes_kit.fantahzee.party import PartyHero, _Solver

HEROES = (
    PartyHero("Knight Errant", 5, parse_cost("XXXX")),
    PartyHero("Steam Brute", 4, parse_cost("XXX")),
)


def _fast(sid: int, target: int, dice: int, rolls: int) -> tuple[float, int]:
    H = np.zeros((5, FP.HF), np.int64)
    for i, h in enumerate(HEROES):
        H[i, FP.H_STR], H[i, FP.H_X], H[i, FP.H_STEAMC] = h.strength, h.cost.x, -1
        H[i, FP.H_KIND] = i
    Q = np.zeros(6, np.int64)
    Q[FP.Q_N], Q[FP.Q_TARGET], Q[FP.Q_FREE] = len(HEROES), target, 63
    PM = FP.new_memo()
    budget = np.full(1, 200_000, np.int64)
    v = FP._solve(H, Q, PM, sid, FP.T_G, 0, dice, rolls, 0, budget)
    return v, 200_000 - int(budget[0])


@pytest.mark.parametrize("target", [4, 9])
def test_party_numbered_past_255_is_solved_as_the_first(target):
    ref = _Solver(HEROES, target=target, steam=0, base_strength=0, base_active=0)
    want = ref.G((0,) * 6, 5, 2, 0)
    first, steps_first = _fast(0, target, 5, 2)
    late, steps_late = _fast(300, target, 5, 2)  # keys from 300 * 2**45 > 2**53
    assert first == pytest.approx(want, abs=1e-12)
    assert late == first  # the old code returned -1.0: out of steps
    assert steps_late == steps_first < 20_000


def test_a_full_memo_asks_to_grow_and_then_solves_the_same():
    H = np.zeros((5, FP.HF), np.int64)
    for i, h in enumerate(HEROES):
        H[i, FP.H_STR], H[i, FP.H_X], H[i, FP.H_STEAMC] = h.strength, h.cost.x, -1
        H[i, FP.H_KIND] = i
    Q = np.zeros(6, np.int64)
    Q[FP.Q_N], Q[FP.Q_TARGET], Q[FP.Q_FREE] = len(HEROES), 9, 63
    want = FP._solve(H, Q, FP.new_memo(), 0, FP.T_G, 0, 5, 2, 0, np.full(1, 200_000))
    PM = FP.new_memo(8)
    grew = 0
    while True:
        v = FP._solve(H, Q, PM, 0, FP.T_G, 0, 5, 2, 0, np.full(1, 200_000))
        if v != -2.0:
            break
        PM = FP.memo_grown(PM)
        grew += 1
    assert grew >= 3 and v == want
    FP.memo_clear(PM)
    assert int(PM[2][0]) == 0 and (PM[0] == -1).all()


def test_games_are_the_same_when_the_memo_starts_tiny():
    from hordes_kit.fantahzee.fast import sim as fastsim

    bots = ("strong", "strong")
    want = fastsim.play_games(None, bots, 4, seed=7)
    ctx = fastsim.context("")
    saved = ctx.PM
    ctx.PM = FP.new_memo(8)
    try:
        got = fastsim.play_games(None, bots, 4, seed=7)
        assert ctx.PM[0].shape[0] > 8  # it grew
    finally:
        ctx.PM = saved
    assert got == want
