"""The game loop (numba): a new game set up, then chance draws and the bots' decisions,
each settled as the rules engine does (``moves.do``: the move, Initiative 0 cards placed,
the automatic work and forced moves, placed again), to Victory; and many seeded games."""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import cb, db, pb, rows, top, vec
from hordes_kit.shadows.fast.bot import bot_move
from hordes_kit.shadows.fast.flow import final_stones, place_all, settle, standings
from hordes_kit.shadows.fast.legal import chance_move, draw_chance, legal
from hordes_kit.shadows.fast.moves import apply_chance, decide

__all__ = ["new_game", "play_game", "run", "OUT_COLS"]

# a run's row per game: status, winners (a bit per player), rounds, moves, then each
# player's final Shadow Stones
OUT_STATUS, OUT_WON, OUT_ROUNDS, OUT_MOVES, OUT_STONES = range(5)
OUT_COLS = OUT_STONES + K.MAXP


@njit(cache=True, _nrt=False)
def new_game(S, tb, n, opts, refill):
    """A new game of ``n`` players at its first chance draw (Setup). ``opts``: unmet
    (1: discard), library (1: the Skill Pool), mulligan (1: yes)."""
    SK, IT, MK, GL = rows(tb, K.TB_SK), rows(tb, K.TB_IT), rows(tb, K.TB_MK), vec(tb, K.TB_GL)
    for i in range(K.SIZE):
        S[i] = 0
    S[K.G_N] = n
    S[K.G_UNMET], S[K.G_POOL], S[K.G_MULL] = opts[0], opts[1], opts[2]
    S[K.G_REFILL] = refill
    S[K.G_LEADER] = -1
    S[K.G_MONSTER] = -1
    S[K.G_CREATURE] = -1
    S[K.G_LEVEL] = 1
    S[K.G_BOUNTY_LEFT] = GL[K.GL_BOUNTY_CARDS]
    for k in range(n):
        p = pb(k)
        S[p + K.P_HERO] = -1
        S[p + K.P_MISSION] = -1
        S[p + K.P_MA] = -1
    for i in range(GL[K.GL_NI]):
        S[db(K.D_BASIC_POOL if IT[i, K.IT_BASIC] else K.D_ITEM_DECK) + i] = IT[i, K.IT_COPIES]
    for i in range(GL[K.GL_NMI]):
        S[db(K.D_MISSION) + i] = 1
    for c in range(GL[K.GL_NS]):
        if SK[c, K.SK_HERO] < 0:
            S[db(K.D_SKILL_POOL) + c] = SK[c, K.SK_COPIES]
    for i in range(GL[K.GL_NMK]):
        S[db(K.D_MA_DECK) + i] = MK[i, K.MK_COPIES]
    settle(S, tb)


@njit(cache=True, _nrt=False)
def play_game(S, tb, us, pols, heroes, rec, max_moves):
    """Play on to the end (or ``max_moves`` moves); each move (a chance outcome or a
    decision with a real choice: the rules engine's history) written to ``rec``."""
    listed = False  # the move list holds the decision's legal moves (settle listed them)
    while not S[K.G_FINISHED] and S[K.G_STATUS] == K.DONE:
        if S[K.G_MOVES] >= max_moves:
            S[K.G_STATUS] = K.TOO_LONG
            return
        t = top(S)
        k = S[t + K.TK_KIND]
        if K.CHANCE_LO <= k <= K.CHANCE_HI:
            a = draw_chance(S, tb, us)
            if S[K.G_TAPE_OUT]:
                S[K.G_STATUS] = K.TAPE_OUT
                return
            if a < 0:
                S[K.G_STATUS] = K.STUCK
                return
            m = chance_move(S, tb, a)
            apply_chance(S, tb, a)
        else:
            if not listed and legal(S, tb) == 0:
                S[K.G_STATUS] = K.STUCK
                return
            m = bot_move(S, tb, us, pols[S[t + K.TK_SEAT]], heroes)
            if S[K.G_TAPE_OUT]:
                S[K.G_STATUS] = K.TAPE_OUT
                return
            decide(S, tb, m)
        if S[K.G_NREC] < rec.shape[0]:
            rec[S[K.G_NREC]] = m
        S[K.G_NREC] += 1
        S[K.G_MOVES] += 1
        place_all(S, tb)
        listed = settle(S, tb)
        if place_all(S, tb):
            listed = False  # a card placed: the moves may differ


@njit(cache=True, _nrt=False)
def run(S, us, rec, seat_pol, seat_hero, tb, opts, pols, heroes, rotate, seed, first, games,
        out, max_moves):  # fmt: skip
    """Games ``first .. first + games - 1`` of the run seeded ``seed``, each on numba's own
    generator seeded by (seed, game). Player b plays ``pols[b]`` with the Hero
    ``heroes[h, b]``, h = the game's turn through the rows of ``heroes`` (every seating of
    a row first when ``rotate``); it sits at seat b, or (b + g) % players when ``rotate``.
    ``out``: one row per game (``OUT_*``), the winners and stones by player. The caller's
    buffers: ``S`` (``SIZE``), ``us`` and ``rec`` (empty: no tape, no record),
    ``seat_pol`` (``pols``' shape) and ``seat_hero`` (one a player).
    """
    n = pols.shape[0]
    for i in range(games):
        g = first + i
        shift = g % n if rotate else 0
        row = (g // n if rotate else g) % heroes.shape[0]
        for b in range(n):
            q = (b + shift) % n
            for f in range(pols.shape[1]):
                seat_pol[q, f] = pols[b, f]
            seat_hero[q] = heroes[row, b]
        np.random.seed((seed * 1_000_003 + g) % 4294967296)
        new_game(S, tb, n, opts, 1)
        play_game(S, tb, us, seat_pol, seat_hero, rec, max_moves)
        out[i, OUT_STATUS] = S[K.G_STATUS]
        out[i, OUT_ROUNDS] = S[K.G_ROUND]
        out[i, OUT_MOVES] = S[K.G_MOVES]
        won = standings(S, tb) if S[K.G_FINISHED] else 0
        mask = 0
        for b in range(n):
            q = (b + shift) % n
            if (won >> q) & 1:
                mask |= 1 << b
            out[i, OUT_STONES + b] = final_stones(S, tb, q)
        out[i, OUT_WON] = mask


@njit(cache=True, _nrt=False)
def play_tape(S, tb, opts, pols, heroes, us, rec, max_moves):
    """One new game on the chance tape ``us`` in the caller's ``S`` (``SIZE``): (status,
    winners by seat, rounds, moves)."""
    n = pols.shape[0]
    new_game(S, tb, n, opts, 0)
    play_game(S, tb, us, pols, heroes, rec, max_moves)
    won = standings(S, tb) if S[K.G_FINISHED] else 0
    return S[K.G_STATUS], won, S[K.G_ROUND], S[K.G_NREC]


__all__ += ["play_tape", "OUT_STATUS", "OUT_WON", "OUT_ROUNDS", "OUT_MOVES", "OUT_STONES"]
_ = (cb, K.P_STONES)
