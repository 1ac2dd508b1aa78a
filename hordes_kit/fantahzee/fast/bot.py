"""The strong bot in the fast simulator (numba): ``bots.strong_bot`` decision for
decision, the same floating-point values in the same order.

The exact dice odds it asks for come from tables the rules side fills (``sim.py``):
``SP`` (the chance to pay a set of costs: ``odds.success_probability`` as a float) and
``KIDX``/``KVAL`` (each keep's exact chance: ``odds.advise_keep``'s numerators, as two
floats that hold them exactly). A value not in a table yet is asked for: the bot writes
the table key into ``REQ`` and answers ``NEED`` before it changes anything, so the game
goes on from the same position once the value is in (``REQ[0]`` 3: the party solver's
memo is full, to be given twice the slots).
"""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.fantahzee.fast.engine import (
    ACTION,
    ATTACK,
    C_EFF,
    C_EX,
    C_NEFF,
    C_STEAMC,
    C_STR,
    C_XP,
    COUNTER,
    DAMAGE,
    E_ACTIVATE_OTHER,
    E_EXTRA_DICE,
    E_EXTRA_ROLLS,
    E_REDUCE_X,
    E_SHIELD,
    E_STEAM,
    END,
    FREE,
    HAND,
    HORDE,
    M_NEG,
    M_NK,
    MAXK,
    MF_ACTIVE,
    MF_HERO,
    MF_TRE,
    NLINE,
    NPARTY,
    NPEND,
    P_CAPTURE,
    P_INSPIRE,
    P_MOVE,
    P_REDUCE,
    PAY_FREE,
    PAY_STEAM,
    PEND,
    PHASE,
    PLAYER,
    POW7,
    ROLL,
    ROLLED,
    ROLLS_LEFT,
    SF_NAME,
    SF_TOP,
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
    V_STOP,
    V_TARGET,
    cost_x_now,
    member,
    min_top_strength,
    n_actives,
    n_exact,
    next_combination,
    nfree,
    stack,
    stack_at,
    strength,
)  # fmt: skip
from hordes_kit.fantahzee.fast.legal import find_move
from hordes_kit.fantahzee.fast.party import GROW, endgame_move
from hordes_kit.fantahzee.fast.plan import best_attack, best_loss, flip_chance

__all__ = [
    "strong_move",
    "sp_key",
    "keep_key",
    "NEED_MOVE",
    "ERROR_MOVE",
    "NPOL",
    "POL_MARGIN",
    "POL_PARTY",
    "POL_BONUS",
    "POL_FLIP",
    "POL_FAV",
]

NEED_MOVE, ERROR_MOVE = -1, -2
MAX_DICE, MAX_ROLLS = 10, 5  # odds.MAX_DICE, odds.MAX_ROLLS
ENABLERS = (E_EXTRA_DICE, E_EXTRA_ROLLS, E_REDUCE_X, E_STEAM, E_ACTIVATE_OTHER)
# a bot's parameters (``policy.StrongPolicy``) as one float row: the recruiting margin,
# the bonus per hero in a party, the bonus per favoured hero, the flip chance wanted,
# then 1.0 for each favoured hero's hand row (the never-recruited ones are bits of the
# bot's code, ``play.AVOID_SHIFT``)
POL_MARGIN, POL_PARTY, POL_BONUS, POL_FLIP, POL_FAV = range(5)
NPOL = POL_FAV + MAXK
# BIN[a, b] = a choose b: counting dice sets for a keep table's row numbers
BIN = np.zeros((32, 8), np.int64)
for _a in range(32):
    BIN[_a, 0] = 1
    for _b in range(1, min(_a, 7) + 1):
        BIN[_a, _b] = BIN[_a - 1, _b - 1] + (BIN[_a - 1, _b] if _b <= _a - 1 else 0)


@njit(cache=True)
def sp_key(dice, rolls, ids, nc):
    """The table key of (dice, rolls, cost numbers): the numbers sorted, 0 for none."""
    s0 = ids[0] if nc > 0 else 0  # the first nc sorted, then zeros (no array made)
    s1 = ids[1] if nc > 1 else 0
    s2 = ids[2] if nc > 2 else 0
    if nc > 1 and s0 > s1:
        s0, s1 = s1, s0
    if nc > 2 and s1 > s2:
        s1, s2 = s2, s1
        if s0 > s1:
            s0, s1 = s1, s0
    return dice | (rolls << 4) | (s0 << 7) | (s1 << 13) | (s2 << 19)


@njit(cache=True)
def keep_key(dice, rolls, ids, nc):
    return sp_key(dice, rolls, ids, nc) | (1 << 32)


@njit(cache=True)
def _sp(SP, REQ, dice, rolls, ids, nc):
    """``float(success_probability(dice, rolls, costs))``; -1.0 when not in the table yet."""
    key = sp_key(dice, rolls, ids, nc)
    if key in SP:
        return SP[key]
    REQ[0], REQ[1] = 1, key
    return -1.0


@njit(cache=True)
def keep_row(c, n):
    """Row of the dice counts ``c`` in a keep table of ``n`` dice: the sets of at most
    ``n`` dice in the lexicographic order of their counts."""
    r = 0
    m = n
    for f in range(6):
        k = 5 - f
        for v in range(c[f]):
            r += BIN[m - v + k, k]
        m -= c[f]
    return r


# --- recruiting: party_score ------------------------------------------------------------


@njit(cache=True)
def _party_score(C, COSTID, SP, REQ, hs, L, need):
    """``bots._party_score`` of the heroes ``hs[:L]`` (in id order); -1.0: a value is asked."""
    best = 0.0
    idx = np.zeros(3, np.int64)
    xs = np.zeros(3, np.int64)
    ks = np.zeros(3, np.int64)
    ids = np.zeros(3, np.int64)
    for r in range(1, min(3, L) + 1):
        for q in range(r):
            idx[q] = q
        while True:
            ed = er = cut = steam = shield = others = 0
            top = 0
            tot_str = 0
            for q in range(r):
                h = hs[idx[q]]
                tot_str += C[h, C_STR]
                top = max(top, C[h, C_STR])
                for e in range(C[h, C_NEFF]):
                    v, a = C[h, C_EFF + 2 * e], C[h, C_EFF + 2 * e + 1]
                    if v == E_EXTRA_DICE:
                        ed += a
                    elif v == E_EXTRA_ROLLS:
                        er += a
                    elif v == E_REDUCE_X:
                        cut += a
                    elif v == E_STEAM:
                        steam += a
                    elif v == E_SHIELD:
                        shield += a
                    elif v == E_ACTIVATE_OTHER:
                        others += 1
            dice = min(5 + ed, MAX_DICE)
            rolls = min(3 + er, MAX_ROLLS)
            # the costs, most X dice first (a stable sort), the cut on the first
            for q in range(r):
                h = hs[idx[q]]
                j = q
                while j > 0 and xs[j - 1] < C[h, 2]:
                    xs[j], ks[j] = xs[j - 1], ks[j - 1]
                    j -= 1
                xs[j], ks[j] = C[h, 2], h
            if cut:
                xs[0] = max(0, xs[0] - cut)
            nc = need_dice = 0
            for q in range(r):
                d = n_exact(C, ks[q]) + xs[q]
                if d:
                    ids[nc] = COSTID[ks[q], xs[q]]
                    nc += 1
                    need_dice += d
            if need_dice <= dice:
                p = 1.0
                if nc:
                    p = _sp(SP, REQ, dice, rolls, ids, nc)
                    if p < 0.0:
                        return -1.0
                s = tot_str
                for _ in range(others):
                    ok = 0
                    for j in range(L):
                        if not _in(idx, r, j) and C[hs[j], C_STR] <= top:
                            ok = max(ok, C[hs[j], C_STR])
                    s += ok
                # steam pays the strongest of the rest first (a stable sort)
                used = np.zeros(L, np.int64)
                for _ in range(L):
                    b = -1
                    for j in range(L):
                        if not used[j] and not _in(idx, r, j):
                            if b < 0 or C[hs[j], C_STR] > C[hs[b], C_STR]:
                                b = j
                    if b < 0:
                        break
                    used[b] = 1
                    sc = C[hs[b], C_STEAMC]
                    if sc >= 0 and sc <= steam:
                        steam -= sc
                        s += C[hs[b], C_STR]
                fs = s * 0.25 if s < need else float(s)
                v = p * (fs + 0.5 * shield)
                if v > best:
                    best = v
            if not next_combination(idx, r, L):
                break
    return best


@njit(cache=True)
def _in(idx, r, j):
    for q in range(r):
        if idx[q] == j:
            return True
    return False


@njit(cache=True)
def party_score(C, COSTID, SP, PS, REQ, team, L, need):
    """``bots.party_score`` (memoised in ``PS``): ``team[:L]`` hero rows, any order."""
    key = need << 36  # the rows in ascending order, six bits each (no array: a selection)
    q = 0
    prev = -1
    while q < L:
        lo = 1 << 20
        for i in range(L):
            if prev < team[i] < lo:
                lo = team[i]
        for i in range(L):
            if team[i] == lo:
                key |= (lo + 1) << (6 * q)
                q += 1
        prev = lo
    if key in PS:
        return PS[key]
    hs = np.empty(L, np.int64)  # the rows in ascending order, from the key (no np.sort:
    for q in range(L):  # numba's sort alone took a second or two to compile)
        hs[q] = ((key >> (6 * q)) & 63) - 1
    v = _party_score(C, COSTID, SP, REQ, hs, L, need)
    if v >= 0.0:
        PS[key] = v
    return v


@njit(cache=True)
def _favoured(pol, team, k):
    """``StrongPolicy.favoured``: the bonus times the favoured heroes among ``team[:k]``."""
    cnt = 0
    for i in range(k):
        if pol[POL_FAV + team[i]] != 0.0:
            cnt += 1
    return pol[POL_BONUS] * cnt


@njit(cache=True)
def _action(S, C, M, FV, COSTID, MV, n, REQ, SP, PS, pol):
    for q in range(n):
        if MV[q, 0] == V_PLAY and MV[q, 1] != M[0, M_NEG]:
            return q
    p = S[PLAYER]
    L = S[NPARTY + p]
    party = np.zeros(6, np.int64)
    for i in range(L):
        party[i] = S[member(S, p, i) + MF_HERO]
    need = min_top_strength(S, C)
    now = party_score(C, COSTID, SP, PS, REQ, party, L, need)
    if now < 0.0:
        return NEED_MOVE
    size = pol[POL_PARTY]
    best, best_score = -1, now + _favoured(pol, party, L) + pol[POL_MARGIN]
    team = np.zeros(6, np.int64)
    for q in range(n):
        if MV[q, 0] != V_RECRUIT:
            continue
        k = 0
        for i in range(L):
            if i != MV[q, 2]:
                team[k] = party[i]
                k += 1
        team[k] = MV[q, 1]
        k += 1
        ps = party_score(C, COSTID, SP, PS, REQ, team, k, need)
        if ps < 0.0:
            return NEED_MOVE
        score = ps + size * k + _favoured(pol, team, k)
        if score > best_score + size * L:
            best, best_score = q, score - size * L
    if best >= 0:
        return best
    for q in range(n):
        if MV[q, 0] == V_PLAY:
            return q
    return find_move(MV, n, V_ROLL, 0, -9, -9)


# --- the Roll Step ----------------------------------------------------------------------


@njit(cache=True)
def _ndice(code):
    k = 0
    for j in range(POW7.shape[0]):
        if (code // POW7[j]) % 7 == 0:
            break
        k += 1
    return k


@njit(cache=True)
def _enabler(C, h):
    for e in range(C[h, C_NEFF]):
        v = C[h, C_EFF + 2 * e]
        for x in ENABLERS:
            if v == x:
                return True
    return False


@njit(cache=True)
def _dice_now(S, C, i):
    h = S[member(S, S[PLAYER], i) + MF_HERO]
    return n_exact(C, h) + cost_x_now(S, C, i)


@njit(cache=True)
def target_heroes(S, C, COSTID, SP, REQ, out):
    """``bots.target_heroes``: the members to aim for into ``out``; how many (-1: asked)."""
    p = S[PLAYER]
    nf = nfree(S) + S[UNROLLED]
    cands = np.zeros(5, np.int64)
    nc = 0
    for i in range(S[NPARTY + p]):
        if not S[member(S, p, i) + MF_ACTIVE] and 0 < _dice_now(S, C, i) <= nf:
            cands[nc] = i
            nc += 1
    rolls = min(S[ROLLS_LEFT] + 1, MAX_ROLLS)
    need = max(0, min_top_strength(S, C) - strength(S, C))
    dice = min(nf, MAX_DICE)
    best_n, best_ev = 0, 0.0
    idx = np.zeros(3, np.int64)
    ids = np.zeros(3, np.int64)
    for r in range(1, min(nc, 3) + 1):
        for q in range(r):
            idx[q] = q
        while True:
            tot = s = 0
            for q in range(r):
                i = cands[idx[q]]
                tot += _dice_now(S, C, i)
                s += C[S[member(S, p, i) + MF_HERO], C_STR]
                ids[q] = COSTID[S[member(S, p, i) + MF_HERO], cost_x_now(S, C, i)]
            if tot <= dice:
                st = s + 0.3 * r
                if st < need:
                    st *= 0.25
                pr = _sp(SP, REQ, dice, rolls, ids, r)
                if pr < 0.0:
                    return -1
                if st * pr > best_ev:
                    best_ev = st * pr
                    best_n = r
                    for q in range(r):
                        out[q] = cands[idx[q]]
            if not next_combination(idx, r, nc):
                break
    return best_n


@njit(cache=True)
def _pay_now(S, C, target, nt):
    """``costs.find_payment`` for the targets: the dice code paying the first, or -1."""
    p = S[PLAYER]
    free = np.zeros(6, np.int64)
    for f in range(6):
        free[f] = S[FREE + f]
    xs = np.zeros(3, np.int64)
    for q in range(nt):
        i = target[q]
        h = S[member(S, p, i) + MF_HERO]
        xs[q] = cost_x_now(S, C, i)
        for f in range(6):
            free[f] -= C[h, C_EX + f]
    for f in range(6):
        if free[f] < 0:
            return -1
    order = np.zeros(3, np.int64)  # the X-groups, largest first (a stable sort)
    ng = 0
    for q in range(nt):
        if xs[q]:
            j = ng
            while j > 0 and xs[order[j - 1]] < xs[q]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = q
            ng += 1
    face = np.full(3, -1, np.int64)
    level = 0
    tried = np.full(3, 6, np.int64)  # the next face to try at each level (5..0)
    while 0 <= level < ng:
        size = xs[order[level]]
        if face[level] >= 0:  # undo the face tried before
            free[face[level]] += size
        f = tried[level] - 1
        while f >= 0 and free[f] < size:
            f -= 1
        if f < 0:
            face[level] = -1
            tried[level] = 6
            level -= 1
            continue
        free[f] -= size
        face[level] = f
        tried[level] = f
        level += 1
    if level < 0:
        return -1
    h = S[member(S, p, target[0]) + MF_HERO]
    code = 0
    k = 0
    xf = -1
    for q in range(ng):
        if order[q] == 0:
            xf = face[q]
    for f in range(5, -1, -1):
        cnt = C[h, C_EX + f] + (xs[0] if f == xf else 0)
        for _ in range(cnt):
            code += (f + 1) * POW7[k]
            k += 1
    return code


@njit(cache=True)
def _advise_keep(S, C, COSTID, KIDX, KVAL, REQ, target, nt, rolls):
    """The keep ``odds.advise_keep`` ranks best, as a dice code; -1: it refuses the
    question (a ValueError the bot catches), -2: a table is asked for."""
    p = S[PLAYER]
    F = np.zeros(6, np.int64)
    nd = 0
    for f in range(6):
        F[f] = S[FREE + f]
        nd += F[f]
    need = 0
    ids = np.zeros(3, np.int64)
    for q in range(nt):
        i = target[q]
        need += _dice_now(S, C, i)
        ids[q] = COSTID[S[member(S, p, i) + MF_HERO], cost_x_now(S, C, i)]
    if nd == 0 or nd > MAX_DICE or need > nd:
        return -1
    key = keep_key(nd, rolls, ids, nt)
    if key not in KIDX:
        REQ[0], REQ[1] = 2, key
        return -2
    base = KIDX[key]
    ks = np.zeros(6, np.int64)
    b_hi, b_lo, b_n, b_code = -1.0, 0.0, -1, -1
    while True:
        row = base + keep_row(ks, nd)
        hi, lo = KVAL[row, 0], KVAL[row, 1]
        kept = code = 0
        for f in range(5, -1, -1):
            for _ in range(ks[f]):
                code += (f + 1) * POW7[kept]
                kept += 1
        better = hi > b_hi or (hi == b_hi and lo > b_lo)
        if hi == b_hi and lo == b_lo:
            better = kept > b_n or (kept == b_n and code > b_code)
        if better:
            b_hi, b_lo, b_n, b_code = hi, lo, kept, code
        f = 5  # the next sub-multiset (the last face counts fastest)
        while f >= 0 and ks[f] == F[f]:
            ks[f] = 0
            f -= 1
        if f < 0:
            break
        ks[f] += 1
    return b_code


@njit(cache=True)
def _roll(S, C, M, FV, COSTID, MV, n, REQ, SP, KIDX, KVAL, PM, PID):
    best = -1
    for q in range(n):
        if MV[q, 0] == V_ACTIVATE and (MV[q, 3] == PAY_FREE or MV[q, 3] == PAY_STEAM):
            if best < 0 or FV[MV[q, 2], 0] > FV[MV[best, 2], 0]:
                best = q
    if best >= 0:
        return best
    if not S[ROLLED]:
        return find_move(MV, n, V_ROLL, 0, -9, -9)
    if S[ROLLS_LEFT]:
        for q in range(n):
            if MV[q, 0] == V_ACTIVATE and _enabler(C, MV[q, 2]) and _ndice(MV[q, 4]) <= 2:
                return q
    q = endgame_move(S, C, M, MV, n, REQ, PM, PID)
    if q == GROW:  # the party solver's memo is full: the caller grows it
        REQ[0] = 3
        return NEED_MOVE
    if q != -3:
        return q
    target = np.zeros(3, np.int64)
    nt = target_heroes(S, C, COSTID, SP, REQ, target)
    if nt < 0:
        return NEED_MOVE
    if nt:
        code = _pay_now(S, C, target, nt)
        if code >= 0:
            q = find_move(MV, n, V_ACTIVATE, target[0], -9, code)
            if q >= 0:  # (not legal under distinct_values: go on, as bots.py does)
                return q
    if S[ROLLS_LEFT] and nt:
        code = _advise_keep(S, C, COSTID, KIDX, KVAL, REQ, target, nt, min(S[ROLLS_LEFT], 4))
        if code == -2:
            return NEED_MOVE
        if code >= 0:
            q = find_move(MV, n, V_KEEP, _ndice(code), -9, code)
            if q >= 0:
                return q
    for q in range(n):
        if MV[q, 0] == V_ACTIVATE:
            if best < 0 or FV[MV[q, 2], 0] > FV[MV[best, 2], 0]:
                best = q
    if best >= 0:
        return best
    if S[ROLLS_LEFT] and n_actives(S) == 0:
        first = -1
        for q in range(n):
            if MV[q, 0] == V_KEEP:
                if MV[q, 4] == 0:
                    return q
                if first < 0:
                    first = q
        if first >= 0:
            return first
    return find_move(MV, n, V_DONE, 0, -9, -9)


# --- everything else --------------------------------------------------------------------


@njit(cache=True)
def _pending(S, C, FV, MV, n):
    kind = S[PEND]
    best = -1
    if kind == P_REDUCE or kind == P_INSPIRE:
        for q in range(n):
            if MV[q, 0] == V_TARGET and (best < 0 or FV[MV[q, 2], 0] > FV[MV[best, 2], 0]):
                best = q
    elif kind == P_CAPTURE:
        nl = S[NLINE]
        van = S[stack(S, nl - 1) + SF_NAME] if nl else -1
        bx, bv = 0, 0
        for q in range(n):
            if MV[q, 0] == V_CAPTURE:
                xp = C[S[stack(S, stack_at(S, MV[q, 1])) + SF_TOP], C_XP]
                isv = 1 if MV[q, 1] == van else 0
                if best < 0 or xp > bx or (xp == bx and isv > bv):
                    best, bx, bv = q, xp, isv
    elif kind == P_MOVE:
        weakest, ws = -1, 0
        for j in range(S[NLINE]):
            t = S[stack(S, j) + SF_TOP]
            s = C[t, C_STR] if t >= 0 else 99
            if weakest < 0 or s < ws:
                weakest, ws = j, s
        if weakest >= 0:
            best = find_move(MV, n, V_MOVE, S[stack(S, weakest) + SF_NAME], S[NLINE], -9)
    return best if best >= 0 else 0


@njit(cache=True)
def strong_move(S, C, M, FV, COSTID, MV, n, REQ, SP, KIDX, KVAL, PS, PM, PID, pol):
    """Index of the strong bot's move among the ``n`` legal moves ``MV`` (``NEED_MOVE``:
    a table value is asked for in ``REQ``; ``ERROR_MOVE``: the bot failed), playing the
    parameters ``pol`` (``NPOL`` floats: ``POL_*``)."""
    if n == 1:
        return 0
    if S[NPEND]:
        return _pending(S, C, FV, MV, n)
    ph = S[PHASE]
    p = S[PLAYER]
    if ph == ACTION:
        return _action(S, C, M, FV, COSTID, MV, n, REQ, SP, PS, pol)
    if ph == ROLL:
        return _roll(S, C, M, FV, COSTID, MV, n, REQ, SP, KIDX, KVAL, PM, PID)
    if ph == ATTACK:
        kind, name = best_attack(S, C, M)
        q = -1
        if kind == 0:
            q = find_move(MV, n, V_ATTACK, name, -9, -9)
        elif kind == 1:
            want = pol[POL_FLIP]
            if not (want > 0.0 and flip_chance(S, C, M, name) < want):
                q = find_move(MV, n, V_FLIP, name, -9, -9)
        return q if q >= 0 else find_move(MV, n, V_STOP, 0, -9, -9)
    if ph == COUNTER or ph == HORDE:
        na = 0
        st = np.zeros(5, np.int64)
        vals = np.zeros(5, np.float64)
        which = np.zeros(5, np.int64)
        for i in range(S[NPARTY + p]):
            o = member(S, p, i)
            if S[o + MF_ACTIVE]:
                h = S[o + MF_HERO]
                st[na] = C[h, C_STR]
                vals[na] = FV[h, 0] + (1.0 if S[o + MF_TRE] >= 0 else 0.0)
                which[na] = i
                na += 1
        first = best_loss(st, vals, na, S[DAMAGE])
        return find_move(MV, n, V_LOSE, which[first], -9, -9)
    if ph == TREASURE:
        best, any_free = -1, False
        for i in range(S[NPARTY + p]):
            o = member(S, p, i)
            if S[o + MF_ACTIVE] and S[o + MF_TRE] < 0:
                any_free = True
        for i in range(S[NPARTY + p]):
            o = member(S, p, i)
            if S[o + MF_ACTIVE] and (S[o + MF_TRE] < 0 or not any_free):
                if best < 0 or C[S[o + MF_HERO], C_STR] > C[S[member(S, p, best) + MF_HERO], C_STR]:
                    best = i
        return find_move(MV, n, V_ATTACH, best, -9, -9)
    if ph == END:
        worst = -1
        for k in range(M[0, M_NK]):
            if S[HAND + p * MAXK + k] and (worst < 0 or FV[k, 1] < FV[worst, 1]):
                worst = k
        return find_move(MV, n, V_DISCARD, worst, -9, -9)
    return 0
