"""Games continued from a position (numba): the rules engine's moves replayed into a new
game's array (``start``, ``listing``, ``step``: ``export.py`` drives them), then played on
to the end by the bots, on a chance tape (``play_tape_from``) or on numba's generator
(``run_from``: the coach's simulated games)."""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import pb
from hordes_kit.shadows.fast.flow import final_stones, place_all, settle, standings
from hordes_kit.shadows.fast.legal import legal
from hordes_kit.shadows.fast.moves import apply_chance, decide
from hordes_kit.shadows.fast.play import OUT_COLS, new_game, play_game

__all__ = ["start", "listing", "step", "run_from", "play_tape_from", "FROM_XP", "FROM_MON"]

# ``run_from``'s rows: a run's columns (``play.OUT_*``), then each seat's Experience and
# Monsters defeated at the end
FROM_XP = OUT_COLS
FROM_MON = FROM_XP + K.MAXP
FROM_COLS = FROM_MON + K.MAXP


@njit(cache=True, _nrt=False)
def start(S, tb, n, opts):
    """A new game of ``n`` players in ``S``, as the rules engine's (``play_tape``'s) game."""
    new_game(S, tb, n, opts, 0)


@njit(cache=True, _nrt=False)
def listing(S, tb):
    """The legal moves of the decision on top, into the move list: how many."""
    return legal(S, tb)


@njit(cache=True, _nrt=False)
def step(S, tb, m, chance):
    """One move of a game's record played as ``play_game`` plays it: the chance outcome
    ``m`` (a number) when ``chance``, else the decision ``m``; then the work it sets off."""
    if chance:
        apply_chance(S, tb, m)
    else:
        decide(S, tb, m)
    S[K.G_NREC] += 1
    S[K.G_MOVES] += 1
    place_all(S, tb)
    settle(S, tb)
    place_all(S, tb)


@njit(cache=True, _nrt=False)
def run_from(S0, S, us, rec, tb, pols, heroes, seed, first, games, out, max_moves):
    """Games ``first ..`` of ``seed`` played on from the position ``S0`` (seat b plays
    ``pols[b]``), each on numba's generator seeded as ``play.run`` seeds it: one row of
    ``FROM_COLS`` a game, by seat."""
    n = S0[K.G_N]
    for i in range(games):
        g = first + i
        for j in range(K.SIZE):
            S[j] = S0[j]
        S[K.G_REFILL] = 1
        np.random.seed((seed * 1_000_003 + g) % 4294967296)
        play_game(S, tb, us, pols, heroes, rec, max_moves)
        out[i, 0] = S[K.G_STATUS]
        out[i, 1] = standings(S, tb) if S[K.G_FINISHED] else 0
        out[i, 2] = S[K.G_ROUND]
        out[i, 3] = S[K.G_MOVES]
        for q in range(n):
            out[i, 4 + q] = final_stones(S, tb, q)
            out[i, FROM_XP + q] = S[pb(q) + K.P_XP]
            out[i, FROM_MON + q] = S[pb(q) + K.P_NMON]


@njit(cache=True, _nrt=False)
def play_tape_from(S, tb, pols, heroes, us, rec, max_moves):
    """The game in ``S`` played on with the chance tape ``us`` from its start: (status,
    winners by seat, rounds, moves recorded into ``rec`` from here)."""
    S[K.G_REFILL] = 0
    S[K.G_UI] = 0
    S[K.G_TAPE_OUT] = 0
    S[K.G_NREC] = 0
    play_game(S, tb, us, pols, heroes, rec, max_moves)
    won = standings(S, tb) if S[K.G_FINISHED] else 0
    return S[K.G_STATUS], won, S[K.G_ROUND], S[K.G_NREC]
