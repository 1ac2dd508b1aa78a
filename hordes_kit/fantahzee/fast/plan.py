"""The strong bot's attack planner and damage chooser in the fast simulator (numba):
``planner.plan_attacks`` and ``planner.damage_options``, the same floating-point sums in
the same order, so the same plan wins (``round9`` is Python's ``round(x, 9)`` exactly).
"""

from __future__ import annotations

import math

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.fantahzee.fast.engine import (
    BOSSES,
    C_AMB,
    C_CA,
    C_LEVEL,
    C_STR,
    C_XP,
    CLEARED,
    LOCKED,
    M_NM,
    M_NT,
    M_OMON,
    NLINE,
    NSET,
    POOL1,
    POOL2,
    SETA,
    SF_BOSS,
    SF_L1,
    SF_L2,
    SF_NAME,
    SF_TOP,
    SHIELD,
    STRENGTH_LEFT,
    TOWNS,
    hidden,
    next_combination,
    stack,
    stack_at,
)  # fmt: skip

__all__ = ["round9", "best_attack", "best_loss", "flip_chance"]

TOWN_PENALTY = 2.4  # planner.TOWN_PENALTY
DAMAGE_COST = 0.9  # planner.DAMAGE_COST
_ZERO = (0.0, 0.0, 0.0, 0.0, 0.0)


@njit(cache=True)
def round9(x):
    """``round(x, 9)`` as Python computes it: the exact binary value rounded half-even to
    nine decimals (the product's rounding error found by Dekker's exact product)."""
    p = x * 1e9
    split = 134217729.0
    t = split * x
    ah = t - (t - x)
    al = x - ah
    t = split * 1e9
    bh = t - (t - 1e9)
    bl = 1e9 - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl  # x * 1e9 == p + e exactly
    k = math.floor(p)
    frac = p - k
    if frac > 0.5 or (frac == 0.5 and (e > 0.0 or (e == 0.0 and k % 2 == 1))):
        k += 1.0
    return k / 1e9


@njit(cache=True)
def _next(S, C, M, l1, l2, boss, P, W):
    """The facedown top's outcomes (``planner._next_card``): monster numbers into ``W[:, 0]``,
    weights into ``W[:, 1]``, in the planner's order; returns (how many, denominator)."""
    nm = M[0, M_NM]
    k = 0
    if l1:
        den = 0
        for m in range(nm):
            den += P[0, m]
            if P[0, m]:
                W[k, 0], W[k, 1] = m, P[0, m]
                k += 1
        return k, den
    nb = n2 = 0
    for m in range(nm):
        nb += P[2, m]
        n2 += P[1, m]
    den = (l2 + boss) * max(nb, 1) * max(n2, 1)
    if boss:
        for m in range(nm):
            if P[2, m]:
                W[k, 0], W[k, 1] = m, P[2, m] * max(n2, 1)
                k += 1
    if l2:
        for m in range(nm):
            if P[1, m]:
                W[k, 0], W[k, 1] = m, l2 * P[1, m] * max(nb, 1)
                k += 1
    return k, den


@njit(cache=True, inline="always")
def _child(C, M, l1, l2, boss, m):
    """The stack's counts once monster ``m`` came off its facedown part (``_after``)."""
    if l1:
        return l1 - 1, l2, boss
    if C[M[0, M_OMON] + m, C_LEVEL] == 3:
        return l1, l2, 0
    return l1, l2 - 1, boss


@njit(cache=True, inline="always")
def _pack(l1, l2, boss, left, van):
    return l1 | (l2 << 8) | (boss << 16) | (left << 17) | (van << 40)


@njit(cache=True, inline="always")
def _slot(TK, a, b):
    """The slot of key ``(a, b)`` in the open-addressing table ``TK`` (rows of two keys,
    a power of two of them; -1: empty): its own, else the empty slot where it goes."""
    mask = TK.shape[0] - 1
    h = a ^ (a >> 23) ^ b ^ (b >> 17) ^ (b >> 37)
    i = (((h ^ (h >> 31)) & 0x7FFFFFFF) * 0x9E3779B1 >> 29) & mask
    while TK[i, 0] != -1 and (TK[i, 0] != a or TK[i, 1] != b):
        i = (i + 1) & mask
    return i


@njit(cache=True)
def _grown(TK, TV):
    """The table with twice the slots, every entry moved over."""
    NK = np.full((TK.shape[0] * 2, 2), -1, np.int64)
    NV = np.empty((TK.shape[0] * 2, 5), np.float64)
    for i in range(TK.shape[0]):
        if TK[i, 0] != -1:
            j = _slot(NK, TK[i, 0], TK[i, 1])
            NK[j, 0], NK[j, 1] = TK[i, 0], TK[i, 1]
            NV[j, :] = TV[i, :]
    return NK, NV


@njit(cache=True)
def _flip_value(S, C, M, l1, l2, boss, left, van, base, TK, TV, NT):
    """Best (value, xp, town, counterattack, flips) of flipping on from a stack, or
    stopping (``plan_attacks.flip_value``), children first on an explicit stack (each
    entry: the node's key and the outcome its children are looked at from). The memo is
    the table ``TK`` (keys: monsters removed, the packed counts) / ``TV`` (values), ``NT[0]``
    entries; returns the value and the table (grown when it filled past half)."""
    top_p = _pack(l1, l2, boss, left, van)
    s = _slot(TK, 0, top_p)
    if TK[s, 0] != -1:
        return (TV[s, 0], TV[s, 1], TV[s, 2], TV[s, 3], TV[s, 4]), TK, TV
    nm = M[0, M_NM]
    om = M[0, M_OMON]
    W = np.empty((nm * 2 + 2, 2), np.int64)
    P = np.empty((3, nm), np.int64)
    st = np.empty((256, 3), np.int64)
    st[0, 0], st[0, 1], st[0, 2] = 0, top_p, 0
    n = 1
    while n:
        removed, packed, q0 = st[n - 1, 0], st[n - 1, 1], st[n - 1, 2]
        l1, l2, boss = packed & 255, (packed >> 8) & 255, (packed >> 16) & 1
        left, van = (packed >> 17) & ((1 << 23) - 1), packed >> 40
        e0 = e1 = e2 = e3 = e4 = 0.0
        if left > 0 and l1 + l2 + boss > 0:
            for m in range(nm):
                k = (removed >> (3 * m)) & 7
                P[0, m], P[1, m], P[2, m] = base[0, m], base[1, m], base[2, m]
                P[C[om + m, C_LEVEL] - 1, m] -= k
            k, den = _next(S, C, M, l1, l2, boss, P, W)
            missing = False
            for q in range(q0, k):  # the first child not in the memo yet
                m = W[q, 0]
                sm = C[om + m, C_STR]
                if sm <= left:
                    a1, a2, ab = _child(C, M, l1, l2, boss, m)
                    cr, cp = removed + (1 << (3 * m)), _pack(a1, a2, ab, left - sm, van)
                    if TK[_slot(TK, cr, cp), 0] == -1:
                        st[n - 1, 2] = q
                        if n == st.shape[0]:
                            st = np.concatenate((st, np.empty((n, 3), np.int64)))
                        st[n, 0], st[n, 1], st[n, 2] = cr, cp, 0
                        n += 1
                        missing = True
                        break
            if missing:
                continue
            for q in range(k):
                m = W[q, 0]
                r = om + m
                sm = C[r, C_STR]
                if sm <= left:
                    a1, a2, ab = _child(C, M, l1, l2, boss, m)
                    c = _slot(TK, removed + (1 << (3 * m)), _pack(a1, a2, ab, left - sm, van))
                    xp, ca = C[r, C_XP], C[r, C_CA]
                    r0 = xp - DAMAGE_COST * ca + TV[c, 0]
                    r1, r2, r3, r4 = xp + TV[c, 1], TV[c, 2], ca + TV[c, 3], 1 + TV[c, 4]
                else:  # it stays face up; in the vanguard it destroys a town
                    town = 1.0 if van else 0.0
                    r0, r1, r2, r3, r4 = -TOWN_PENALTY * town, 0.0, town, 0.0, 1.0
                p = W[q, 1] / den
                e0 += p * r0
                e1 += p * r1
                e2 += p * r2
                e3 += p * r3
                e4 += p * r4
            if not e0 > 0:
                e0 = e1 = e2 = e3 = e4 = 0.0
        if 2 * (NT[0] + 1) > TK.shape[0]:
            TK, TV = _grown(TK, TV)
        s = _slot(TK, removed, packed)
        TK[s, 0], TK[s, 1] = removed, packed
        TV[s, 0], TV[s, 1], TV[s, 2], TV[s, 3], TV[s, 4] = e0, e1, e2, e3, e4
        NT[0] += 1
        n -= 1
    s = _slot(TK, 0, top_p)
    return (TV[s, 0], TV[s, 1], TV[s, 2], TV[s, 3], TV[s, 4]), TK, TV


@njit(cache=True)
def _ambush_after(S, C, M, P, W, defeated):
    total = 0.0
    om = M[0, M_OMON]
    for j in range(S[NLINE]):
        o = stack(S, j)
        t = S[o + SF_TOP]
        if t >= 0 and not (defeated >> S[o + SF_NAME]) & 1:
            total += C[t, C_AMB]
        elif hidden(S, o):
            k, den = _next(S, C, M, S[o + SF_L1], S[o + SF_L2], S[o + SF_BOSS], P, W)
            inner = 0.0
            for q in range(k):
                inner += W[q, 1] / den * C[om + W[q, 0], C_AMB]
            total += inner
    return total


@njit(cache=True)
def _pools(S, M):
    """The monsters left in the pools: 3 x monsters (level 1, level 2, Bosses)."""
    nm = M[0, M_NM]
    P = np.empty((3, nm), np.int64)
    for m in range(nm):
        P[0, m], P[1, m], P[2, m] = S[POOL1 + m], S[POOL2 + m], S[BOSSES + m]
    return P


@njit(cache=True)
def flip_chance(S, C, M, name):
    """``planner.flip_chance``: the chance that the strength left beats the facedown top
    of stack ``name``, summed in the same order."""
    W = np.empty((M[0, M_NM] * 2 + 2, 2), np.int64)
    o = stack(S, stack_at(S, name))
    k, den = _next(S, C, M, S[o + SF_L1], S[o + SF_L2], S[o + SF_BOSS], _pools(S, M), W)
    total = 0.0
    for q in range(k):
        if C[M[0, M_OMON] + W[q, 0], C_STR] <= S[STRENGTH_LEFT]:
            total += W[q, 1] / den
    return total


@njit(cache=True)
def best_attack(S, C, M):
    """The stack the best attack plan starts with: (0 attack / 1 flip / 2 stop, stack)."""
    nm = M[0, M_NM]
    P = _pools(S, M)
    W = np.empty((nm * 2 + 2, 2), np.int64)
    # the flip values' memo: an open-addressing table (see _flip_value)
    TK = np.full((128, 2), -1, np.int64)
    TV = np.empty((128, 5), np.float64)
    NT = np.zeros(1, np.int64)
    strength = S[STRENGTH_LEFT]
    shield = S[SHIELD]
    locked = S[LOCKED]
    nl = S[NLINE]
    towns = 0  # town cards left: with none, the vanguard destroys nothing (FAQ)
    for t in range(M[0, M_NT]):
        towns += S[TOWNS + t]
    van = S[stack(S, nl - 1) + SF_NAME] if nl and towns else -1
    faceup = np.empty(nl, np.int64)
    nf = 0
    for j in range(nl):
        if S[stack(S, j) + SF_TOP] >= 0 and locked < 0:
            faceup[nf] = j
            nf += 1
    done_ca = 0
    for j in range(S[NSET]):
        done_ca += C[S[SETA + j], C_CA]
    # the best plan so far: rounded value, flips, attacks (stack names), flip
    b_val, b_flips, b_n, b_flip = -1e300, 0.0, 0, -1
    b_att = np.full(nl + 1, -1, np.int64)
    chosen = np.empty(nl + 1, np.int64)
    for r in range(nf + 1):  # itertools.combinations order
        idx = np.arange(r)
        while True:
            need = xp = ca = names = 0
            for q in range(r):
                o = stack(S, faceup[idx[q]])
                t = S[o + SF_TOP]
                need += C[t, C_STR]
                xp += C[t, C_XP]
                ca += C[t, C_CA]
                names |= 1 << S[o + SF_NAME]
                chosen[q] = S[o + SF_NAME]
            if not (need > strength or (strength <= 0 and r > 0)):
                left = strength - need
                cleared = names | S[CLEARED]
                base_town = 0.0
                if van >= 0 and S[stack(S, nl - 1) + SF_TOP] >= 0 and not (cleared >> van) & 1:
                    base_town = 1.0
                amb = _ambush_after(S, C, M, P, W, names) - max(0, shield)
                adm = amb if amb > 0.0 else 0.0
                for j in range(-1, nl):
                    fv = _ZERO
                    flip = -1
                    if j >= 0:
                        o = stack(S, j)
                        name = S[o + SF_NAME]
                        ok = ((cleared >> name) & 1 and S[o + SF_TOP] < 0) or (names >> name) & 1
                        if not (
                            ok and hidden(S, o) and (locked < 0 or locked == name) and left > 0
                        ):
                            continue
                        fv, TK, TV = _flip_value(
                            S, C, M, S[o + SF_L1], S[o + SF_L2], S[o + SF_BOSS], left,
                            1 if name == van else 0, P, TK, TV, NT,
                        )  # fmt: skip
                        flip = name
                        if fv[4] == 0:
                            continue
                    tca = done_ca + ca + fv[3] - shield
                    cdmg = tca if tca > 0.0 else 0.0
                    town = base_town + fv[2]
                    if not town < 1.0:
                        town = 1.0
                    value = round9(xp + fv[1] - TOWN_PENALTY * town - DAMAGE_COST * (cdmg + adm))
                    better = value > b_val
                    if value == b_val:
                        if fv[4] != b_flips:
                            better = fv[4] < b_flips
                        elif r != b_n:
                            better = r < b_n
                        else:
                            for q in range(r):
                                if chosen[q] != b_att[q]:
                                    better = chosen[q] < b_att[q]
                                    break
                    if better:
                        b_val, b_flips, b_n, b_flip = value, fv[4], r, flip
                        b_att[:r] = chosen[:r]
            # the next combination of r of the nf face-up stacks
            if not next_combination(idx, r, nf):
                break
    if b_n:
        return 0, b_att[0]
    if b_flip >= 0:
        return 1, b_flip
    return 2, -1


@njit(cache=True)
def best_loss(strengths, values, n, damage):
    """Which of ``n`` active heroes to discard first (``damage_options`` then the
    weakest of the cheapest set)."""
    total = 0
    for i in range(n):
        total += strengths[i]
    best_mask = (1 << n) - 1
    if total >= damage:
        b_v, b_s, b_r = 1e300, 0, 0
        for r in range(1, n + 1):
            idx = np.arange(r)
            while True:
                tot = big = 0
                v = 0.0
                for q in range(r):
                    s = strengths[idx[q]]
                    tot += s
                    big = max(big, s)
                    v += values[idx[q]]
                if tot >= damage and tot - big < damage:
                    v = round9(v)
                    if v < b_v or (v == b_v and (tot < b_s or (tot == b_s and r < b_r))):
                        b_v, b_s, b_r = v, tot, r
                        best_mask = 0
                        for q in range(r):
                            best_mask |= 1 << idx[q]
                if not next_combination(idx, r, n):
                    break
    first = -1
    for i in range(n):
        if (best_mask >> i) & 1:
            if (
                first < 0
                or strengths[i] < strengths[first]
                or (strengths[i] == strengths[first] and values[i] < values[first])
            ):
                first = i
    return first
