"""The fast simulator's legal moves (numba): the rows of ``legal.legal`` in the order of
``legal_actions()`` (sorted ids), so "the k-th legal move" means the same move here."""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.fantahzee.fast.engine import (
    ACTION,
    ACTIONS,
    ATTACK,
    C_EX,
    C_KIND,
    C_STEAMC,
    C_STR,
    CLEARED,
    COUNTER,
    END,
    FREE,
    HAND,
    HORDE,
    K_ACTION,
    K_HERO,
    LOCKED,
    M_NK,
    MAXDICE,
    MAXK,
    MF_ACTIVE,
    MF_HERO,
    MF_TRE,
    MF_XVAL,
    NLINE,
    NPARTY,
    NPEND,
    OPT_DISTINCT,
    OPT_MUST,
    P_CAPTURE,
    P_INSPIRE,
    P_REDUCE,
    PARTY_LIMIT,
    PAY_DICE,
    PAY_FREE,
    PAY_STEAM,
    PEND,
    PHASE,
    PLAYED,
    PLAYER,
    POW7,
    RECRUITED,
    RECRUITS,
    ROLL,
    ROLLED,
    ROLLS_LEFT,
    SF_TOP,
    STEAM,
    STRENGTH_LEFT,
    TREASURE,
    UNROLLED,
    V_ACTIVATE,
    V_ATTACH,
    V_ATTACK,
    V_CAPTURE,
    V_DISCARD,
    V_DONE,
    V_FLIP,
    V_KEEP,
    V_LOSE,
    V_MOVE,
    V_PLAY,
    V_RECRUIT,
    V_ROLL,
    V_SKIP,
    V_STOP,
    V_TARGET,
    cost_x_now,
    hidden,
    member,
    n_exact,
    stack,
    stack_at,
)  # fmt: skip

__all__ = ["MAXMOVES", "legal", "payments", "dice_code"]

MAXMOVES = 4096  # legal moves at once, at most (keeps of 10 dice: at most 324)


@njit(cache=True)
def dice_code(dice, n):
    """The code of ``n`` dice, high to low."""
    c = 0
    for j in range(n):
        c += dice[j] * POW7[j]
    return c


@njit(cache=True)
def _row(MV, n, v, a, b, c, d):
    MV[n, 0], MV[n, 1], MV[n, 2], MV[n, 3], MV[n, 4] = v, a, b, c, d
    return n + 1


@njit(cache=True)
def payments(F, C, h, x, out, forbidden):
    """Every distinct set of dice ``F`` (counts) that pays hero ``h``'s exact faces and
    ``x`` matching dice, as codes in ascending order (``rules.payments``); bit f of
    ``forbidden``: the X-group may not show f."""
    left = np.empty(6, np.int64)
    for f in range(6):
        left[f] = F[f] - C[h, C_EX + f]
        if left[f] < 0:
            return 0
    dice = np.empty(MAXDICE, np.int64)
    n = 0
    for face in range(6, 0, -1):
        if x > 0 and (left[face - 1] < x or (forbidden >> face) & 1):
            continue
        k = 0
        for f in range(6, 0, -1):  # the digits and the X-group, high to low
            cnt = C[h, C_EX + f - 1] + (x if f == face else 0)
            for _ in range(cnt):
                dice[k] = f
                k += 1
        code = dice_code(dice, k)
        j = n  # insertion sort: at most six payments
        while j > 0 and out[j - 1] > code:
            out[j] = out[j - 1]
            j -= 1
        out[j] = code
        n += 1
        if x == 0:
            break
    return n


@njit(cache=True)
def _activations(S, C, MV, n):
    p = S[PLAYER]
    pays = np.empty(8, np.int64)
    forbidden = 0
    if S[OPT_DISTINCT]:
        for i in range(S[NPARTY + p]):
            o = member(S, p, i)
            if S[o + MF_ACTIVE] and S[o + MF_XVAL]:
                forbidden |= 1 << S[o + MF_XVAL]
    for i in range(S[NPARTY + p]):
        o = member(S, p, i)
        if S[o + MF_ACTIVE]:
            continue
        h = S[o + MF_HERO]
        x = cost_x_now(S, C, i)
        if n_exact(C, h) + x == 0:
            n = _row(MV, n, V_ACTIVATE, i, h, PAY_FREE, 0)
        elif S[ROLLED]:
            for q in range(payments(S[FREE : FREE + 6], C, h, x, pays, forbidden)):
                n = _row(MV, n, V_ACTIVATE, i, h, PAY_DICE, pays[q])
        if C[h, C_STEAMC] >= 0 and S[STEAM] >= C[h, C_STEAMC]:
            n = _row(MV, n, V_ACTIVATE, i, h, PAY_STEAM, 0)
    return n


@njit(cache=True)
def _keeps(S, MV, n):
    """Every sub-multiset of the free dice worth a reroll, in the order of their texts
    (a depth-first walk, shorter first); ``keep:none`` last."""
    cnt = np.zeros(7, np.int64)
    total = 0
    for f in range(6):
        cnt[f + 1] = S[FREE + f]
        total += S[FREE + f]
    if total > MAXDICE:
        return -1
    unrolled = S[UNROLLED] > 0
    pre = np.zeros(MAXDICE + 1, np.int64)
    cand = np.zeros(MAXDICE + 2, np.int64)
    depth, code = 0, 0
    cand[0] = 1
    while depth >= 0:
        lim = pre[depth - 1] if depth > 0 else 6
        d = cand[depth]
        while d <= lim and cnt[d] == 0:
            d += 1
        if d > lim:
            depth -= 1
            if depth >= 0:
                cnt[pre[depth]] += 1
                code -= pre[depth] * POW7[depth]
                cand[depth] = pre[depth] + 1
            continue
        pre[depth] = d
        cnt[d] -= 1
        code += d * POW7[depth]
        if depth + 1 < total or unrolled:
            if n >= MAXMOVES:
                return -1
            n = _row(MV, n, V_KEEP, depth + 1, 0, 0, code)
        cand[depth + 1] = 1
        depth += 1
    if total or unrolled:
        n = _row(MV, n, V_KEEP, 0, 0, 0, 0)
    return n


@njit(cache=True)
def _pending(S, C, MV, n):
    kind, lim, other = S[PEND], S[PEND + 1], S[PEND + 2]
    p = S[PLAYER]
    if kind == P_REDUCE or kind == P_INSPIRE:
        if kind == P_INSPIRE and not S[OPT_MUST]:
            n = _row(MV, n, V_SKIP, 0, 0, 0, 0)
        for i in range(S[NPARTY + p]):
            o = member(S, p, i)
            if S[o + MF_ACTIVE]:
                continue
            h = S[o + MF_HERO]
            if (kind == P_REDUCE and cost_x_now(S, C, i) > 0) or (
                kind == P_INSPIRE and C[h, C_STR] <= lim
            ):
                n = _row(MV, n, V_TARGET, i, h, 0, 0)
        return n
    if kind == P_CAPTURE:
        for name in range(5):
            j = stack_at(S, name)
            if j < 0 or name == other:
                continue
            t = S[stack(S, j) + SF_TOP]
            if t >= 0 and C[t, C_STR] <= lim:
                n = _row(MV, n, V_CAPTURE, name, 0, 0, 0)
        return n if S[OPT_MUST] else _row(MV, n, V_SKIP, 0, 0, 0, 0)
    for name in range(5):  # move a stack
        j = stack_at(S, name)
        if j < 0:
            continue
        for k in range(S[NLINE]):
            if k != j:
                n = _row(MV, n, V_MOVE, name, k + 1, 0, 0)
    return n


@njit(cache=True)
def legal(S, C, M, MV):
    """The current player's legal moves into ``MV``, sorted; returns how many (-1: more
    than the simulator holds)."""
    n = 0
    if S[NPEND]:
        return _pending(S, C, MV, n)
    ph = S[PHASE]
    p = S[PLAYER]
    if ph == ACTION:
        hand = HAND + p * MAXK
        if S[PLAYED] < ACTIONS:
            for k in range(M[0, M_NK]):
                if C[k, C_KIND] == K_ACTION and S[hand + k]:
                    n = _row(MV, n, V_PLAY, k, 0, 0, 0)
        if S[RECRUITED] < RECRUITS:
            size = S[NPARTY + p]
            for k in range(M[0, M_NK]):
                if C[k, C_KIND] == K_HERO and S[hand + k]:
                    if size < PARTY_LIMIT:
                        n = _row(MV, n, V_RECRUIT, k, -1, -1, 0)
                    else:
                        for i in range(size):
                            n = _row(MV, n, V_RECRUIT, k, i, S[member(S, p, i) + MF_HERO], 0)
        return _row(MV, n, V_ROLL, 0, 0, 0, 0)
    if ph == ROLL:
        n = _activations(S, C, MV, n)
        if not S[ROLLED]:
            return _row(MV, n, V_ROLL, 0, 0, 0, 0)
        n = _row(MV, n, V_DONE, 0, 0, 0, 0)
        if S[ROLLS_LEFT]:
            n = _keeps(S, MV, n)
        return n
    if ph == ATTACK:
        left = S[STRENGTH_LEFT]
        if left <= 0:
            return 0
        for name in range(5):
            j = stack_at(S, name)
            if j >= 0 and S[LOCKED] < 0:
                t = S[stack(S, j) + SF_TOP]
                if t >= 0 and C[t, C_STR] <= left:
                    n = _row(MV, n, V_ATTACK, name, 0, 0, 0)
        for name in range(5):
            j = stack_at(S, name)
            if j < 0 or S[stack(S, j) + SF_TOP] >= 0 or hidden(S, stack(S, j)) == 0:
                continue
            if (S[CLEARED] >> name) & 1 and (S[LOCKED] < 0 or S[LOCKED] == name):
                n = _row(MV, n, V_FLIP, name, 0, 0, 0)
        if n:
            n = _row(MV, n, V_STOP, 0, 0, 0, 0)
        return n
    if ph == COUNTER or ph == HORDE or ph == TREASURE:
        verb = V_ATTACH if ph == TREASURE else V_LOSE
        for i in range(S[NPARTY + p]):
            o = member(S, p, i)
            if S[o + MF_ACTIVE]:
                n = _row(MV, n, verb, i, S[o + MF_HERO], 0, 0)
        if ph == TREASURE:
            n = _row(MV, n, V_ATTACH, -1, -1, 0, 0)
        return n
    if ph == END:
        for k in range(M[0, M_NK]):
            if S[HAND + p * MAXK + k]:
                n = _row(MV, n, V_DISCARD, k, 0, 0, 0)
    return n


@njit(cache=True)
def find_move(MV, n, v, a, b, d):
    """Index of the legal move with verb ``v`` and these parts (-1: not legal); ``b``
    and ``d`` of -9 match anything."""
    for q in range(n):
        if MV[q, 0] == v and MV[q, 1] == a and (b == -9 or MV[q, 2] == b):
            if d == -9 or MV[q, 4] == d:
                return q
    return -1


@njit(cache=True)
def has_treasure(S, i):
    return S[member(S, S[PLAYER], i) + MF_TRE] >= 0
