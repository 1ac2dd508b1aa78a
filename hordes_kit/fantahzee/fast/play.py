"""The fast simulator's game loop (numba): chance from a tape or a seeded generator, the
random bot's uniform choice, the strong bot's move; whole runs of games.

A loop stops with ``NEED`` when the strong bot asks for a table value it does not have
yet (``REQ``): nothing has changed since the last move, so the caller fills the table in
and calls again, and the game goes on exactly where it was.
"""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.fantahzee.fast.bot import NEED_MOVE, NPOL, strong_move
from hordes_kit.fantahzee.fast.engine import (
    ACTION,
    BOT_ERROR,
    CAPPED,
    CH_NONE,
    FINISHED,
    FIRST,
    MAXDICE,
    MOVES,
    NEED,
    NPARTY,
    NPL,
    OVER,
    PHASE,
    PLAYER,
    TAPE_END,
    TOO_BIG,
    TURN,
    UI,
    V_RECRUIT,
    VMON,
    VXP,
)  # fmt: skip
from hordes_kit.fantahzee.fast.legal import MAXMOVES, legal
from hordes_kit.fantahzee.fast.moves import chance_kind, do_chance, do_move, settle
from hordes_kit.fantahzee.fast.party import memo_clear

__all__ = ["workspace", "play", "run", "OUT_COLS", "OUT_FIRST", "RANDOM", "STRONG", "AVOID_SHIFT"]

RANDOM, STRONG = 0, 1
AVOID_SHIFT = 8  # a bot's code: RANDOM or STRONG, plus the hand rows of the heroes it
# never recruits as bits from AVOID_SHIFT (bots.avoiding_bot)
# a game's row: the bots that won (bit b for the b-th bot), turns, how it stopped (FINISHED
# or CAPPED), moves, then each bot's XP, monsters defeated and party size, and the bot
# that played first
OUT_WON, OUT_TURNS, OUT_STATUS, OUT_MOVES, OUT_XP = 0, 1, 2, 3, 4
OUT_FIRST = OUT_XP + 15
OUT_COLS = OUT_FIRST + 1


def workspace() -> tuple[np.ndarray, ...]:
    """Work arrays for ``play``: moves, weights, a table request, the generator state."""
    return (
        np.zeros((MAXMOVES, 5), np.int64),
        np.zeros(64, np.int64),
        np.zeros(4, np.int64),
        np.zeros(1, np.uint64),
    )


@njit(cache=True)
def _u(S, R, tape):
    """The next uniform number: the tape's, or the generator's (splitmix64)."""
    if tape.shape[0]:
        i = S[UI]
        if i >= tape.shape[0]:
            return -1.0
        S[UI] = i + 1
        return tape[i]
    x = R[0] + np.uint64(0x9E3779B97F4A7C15)
    R[0] = x
    z = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _avoid(MV, n, heroes):
    """The legal moves ``MV[:n]`` without recruiting the heroes whose bits are set (in
    place, order kept, as ``bots.strong_bot(avoid=...)`` filters them); how many are left."""
    k = 0
    for q in range(n):
        if MV[q, 0] == V_RECRUIT and (heroes >> MV[q, 1]) & 1:
            continue
        if k != q:
            MV[k, :] = MV[q, :]
        k += 1
    return k


@njit(cache=True)
def play(S, R, C, M, FV, COSTID, seats, tape, max_moves, trace, MV, W, REQ, tb, KVAL, pols):
    """Play on until the end, ``max_moves`` moves, or a table request; returns the status.
    ``seats[p]``: the bot of seat p, ``pols[p]`` its parameters (``bot.POL_*``);
    ``trace`` (if long enough) gets every move's row."""
    SP, KIDX, PS, PM, PID = tb
    row = np.empty(5, np.int64)
    dice = np.empty(MAXDICE, np.int64)
    while True:
        if S[PHASE] == OVER:
            return FINISHED
        if S[MOVES] >= max_moves:
            return CAPPED
        kind = chance_kind(S, C)
        if kind != CH_NONE:
            u = _u(S, R, tape)
            if u < 0.0:
                return TAPE_END
            do_chance(S, C, M, kind, u, W, row)
        else:
            n = legal(S, C, M, MV)
            if n <= 0:
                return TOO_BIG
            bot = seats[S[PLAYER]]
            if bot == RANDOM:
                u = _u(S, R, tape)
                if u < 0.0:
                    return TAPE_END
                q = int(u * n)
            else:
                if bot >> AVOID_SHIFT and S[PHASE] == ACTION:
                    n = _avoid(MV, n, bot >> AVOID_SHIFT)
                REQ[0] = 0
                q = strong_move(
                    S, C, M, FV, COSTID, MV, n, REQ, SP, KIDX, KVAL, PS, PM, PID, pols[S[PLAYER]]
                )  # fmt: skip
                if q == NEED_MOVE:
                    return NEED
                if q < 0 or q >= n:
                    return BOT_ERROR
            row[:] = MV[q]
            do_move(S, C, M, row, dice)
        if trace.shape[0] > S[MOVES]:
            trace[S[MOVES], :] = row
        S[MOVES] += 1
        if not settle(S, C, M):
            return BOT_ERROR


@njit(cache=True)
def result(S, seats_of, out):
    """A finished game's row (``OUT_*``), the b-th bot in seat ``seats_of[b]``."""
    n = S[NPL]
    best = -1
    keys = np.zeros(n, np.int64)
    for p in range(n):  # highest XP, then most monsters, then the biggest party
        keys[p] = ((S[VXP + p] + 1000) * 1000 + S[VMON + p]) * 10 + S[NPARTY + p]
        best = max(best, keys[p])
    won = 0
    for b in range(n):
        p = seats_of[b]
        if keys[p] == best:
            won |= 1 << b
        out[OUT_XP + b] = S[VXP + p]
        out[OUT_XP + 5 + b] = S[VMON + p]
        out[OUT_XP + 10 + b] = S[NPARTY + p]
        if p == S[FIRST]:
            out[OUT_FIRST] = b
    out[OUT_WON] = won
    out[OUT_TURNS] = S[TURN]
    out[OUT_MOVES] = S[MOVES]


@njit(cache=True)
def run(
    S0, S, R, G, bots, pol, rotate, seed, first, max_moves, out, C, M, FV, COSTID, WS, tb,
    KVAL, tape, trace,
):  # fmt: skip
    """Games ``G[0]..`` of a run into ``out`` (a row each), from ``S0``; returns ``NEED``
    when a table value is asked for (call again once it is in), else the last status.
    ``pol[b]``: the b-th bot's parameters (``bot.POL_*``, ``NPOL`` columns).
    Game g's chance is the generator seeded from (seed, g) alone, or the ``tape`` when it
    is not empty (``trace`` gets each move's row, as ``play``). With ``rotate`` the b-th
    bot sits in seat (b + g) % players (new games), else in seat b. The simulator's one
    entry point from Python (one function to compile)."""
    MV, W, REQ = WS
    n = bots.shape[0]
    seats = np.zeros(n, np.int64)
    seats_of = np.zeros(n, np.int64)
    pols = np.zeros((n, NPOL), np.float64)
    status = FINISHED
    while G[0] < out.shape[0]:
        g = first + G[0]
        for b in range(n):
            seats_of[b] = (b + g) % n if rotate else b
            seats[seats_of[b]] = bots[b]
            pols[seats_of[b], :] = pol[b, :]
        if not G[1]:  # a new game
            S[:] = S0
            # the party solver's memo starts empty each game: what a game plays and how
            # long it takes depend on (seed, g) alone, never on the games played before
            memo_clear(tb[3])
            tb[4].clear()
            x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(g + 1) * np.uint64(
                0xD1B54A32D192ED03
            )
            R[0] = x ^ (x >> np.uint64(29))
            G[1] = 1
        status = play(
            S, R, C, M, FV, COSTID, seats, tape, max_moves, trace, MV, W, REQ, tb, KVAL, pols
        )  # fmt: skip
        if status == NEED:
            return status
        k = G[0]
        out[k, :] = 0
        result(S, seats_of, out[k])
        out[k, OUT_STATUS] = status
        G[0] += 1
        G[1] = 0
        if status != FINISHED and status != CAPPED:
            return status
    return status
