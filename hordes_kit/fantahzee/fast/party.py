"""The party solver in the fast simulator (numba): ``party.advise`` as the strong bot asks
it late in the game (``bots._endgame_move``), the same dynamic programme with the same
floating-point sums, so the same move comes out.

Dice sets are count vectors packed five bits a face; a solver's values are kept in
``PM`` under its number (``PID`` numbers each distinct party and goal), so a party met
again (the next reroll) is not solved twice. ``PM`` is an open-addressing table of int64
keys (``new_memo``); when it is half full the move answers ``GROW`` and is asked again
once the caller gave it twice the slots (``memo_grown``: the values kept are the same
whatever the table's size, so the same move comes out). Both tables are emptied when they
grow past ``MEMO_LIMIT`` entries.
"""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.fantahzee.fast.engine import (
    C_EFF,
    C_EX,
    C_NEFF,
    C_STEAMC,
    C_STR,
    C_X,
    E_ACTIVATE_OTHER,
    E_DISCOUNT,
    E_EXTRA_DICE,
    E_EXTRA_ROLLS,
    E_REDUCE_X,
    E_STEAM,
    FREE,
    M_OTRE1,
    M_OTRE2,
    MF_ACTIVE,
    MF_HERO,
    MF_LEVEL,
    MF_REDUCE,
    MF_TRE,
    NPARTY,
    PLAYER,
    POW7,
    ROLLS_LEFT,
    STEAM,
    UNROLLED,
    V_ACTIVATE,
    V_KEEP,
    member,
    min_top_strength,
    n_actives,
    nfree,
    strength,
)  # fmt: skip
from hordes_kit.fantahzee.fast.legal import find_move

__all__ = ["endgame_move", "new_memo", "memo_clear", "memo_grown", "MEMO_LIMIT", "GROW"]

ENDGAME = 10  # bots.ENDGAME
MAX_ROLLS, MAX_DICE, MAX_STEAM = 5, 10, 30
MEMO_LIMIT = 2_000_000
# a move whose solves take more steps than this, all together, gets no advice (the bot
# plays on as without the solver): a guard only, no game of the tests or the lab's runs
# comes near it. (It once cut off a loop: ``_node`` returned a child's key and a value
# from one function, so numba typed both float64, and from a game's 256th party or goal
# on (keys past 2**53) a child's key came back rounded, never found, pushed for ever -
# e.g. seed 2026, game 223 of "strong-without:steamsmith". ``_child`` and ``_value``
# now keep the key an integer.)
SOLVE_STEPS = 1_000_000
NONE, ERROR, GROW = -3, -2, -4  # GROW: the memo is full (grow it, ask again)
# a party hero's fields (party.PartyHero)
H_STR, H_X, H_EX, H_STEAMC, H_ED, H_ER, H_RX, H_AO, H_STEAM, H_DISC, H_KIND, HF = (
    0, 1, 2, 8, 9, 10, 11, 12, 13, 14, 15, 16)  # fmt: skip
# the solver's settings Q
Q_N, Q_TARGET, Q_STEAM, Q_BASE, Q_ACTIVE, Q_FREE = range(6)
T_V, T_B, T_G = 0, 1, 2
# the rows of ``_pay_set``'s work space
W_RED, W_TARGET, W_ASSIGN, W_XS, W_CUT, W_OTHERS, W_SEL, W_REST, WS_ROWS = range(9)


@njit(cache=True, inline="always")
def _cnt(F, f):
    return (F >> (5 * f)) & 31


@njit(cache=True)
def _canon(free, F):
    """Sort the counts of the faces no cost names (bits of ``free``: they are
    interchangeable), largest first on the lowest such face (no array: it runs at every
    node of the solver)."""
    out = F
    for f in range(6):
        if (free >> f) & 1:
            out &= ~(31 << (5 * f))
    taken = 0
    for f in range(6):  # each free face in turn gets the largest count not placed yet
        if not (free >> f) & 1:
            continue
        b, bv = -1, -1
        for g in range(6):
            if (free >> g) & 1 and not (taken >> g) & 1 and _cnt(F, g) > bv:
                b, bv = g, _cnt(F, g)
        taken |= 1 << b
        out |= bv << (5 * f)
    return out


@njit(cache=True)
def _can_pay(F, ws, exs, n):
    """``costs.can_pay``: separate dice pay every cost (exact faces, then X-groups, the
    largest first, each on some face with enough dice left: a small backtracking). No
    arrays (it runs for every set of heroes at every node): counts packed five bits a
    face, the groups five bits each, the face tried at each level three bits each; the
    groups' sizes ``ws[W_XS, :n]``, their exact faces ``exs[:n]``."""
    free = 0
    for f in range(6):
        c = _cnt(F, f)
        for q in range(n):
            c -= exs[q, f]
        if c < 0:
            return False
        free |= c << (5 * f)
    groups = ng = 0  # the positive X-groups, largest first
    for q in range(n):
        x = ws[W_XS, q]
        if x <= 0:
            continue
        j = 0
        while j < ng and ((groups >> (5 * j)) & 31) >= x:
            j += 1
        low = groups & ((1 << (5 * j)) - 1)
        groups = low | (x << (5 * j)) | ((groups >> (5 * j)) << (5 * (j + 1)))
        ng += 1
    faces = 0  # the face tried at each level, plus one (0: none yet)
    level = 0
    while 0 <= level < ng:
        size = (groups >> (5 * level)) & 31
        cur = ((faces >> (3 * level)) & 7) - 1
        if cur >= 0:
            free += size << (5 * cur)
        f = cur + 1
        while f < 6 and ((free >> (5 * f)) & 31) < size:
            f += 1
        faces &= ~(7 << (3 * level))
        if f == 6:
            level -= 1
            continue
        free -= size << (5 * f)
        faces |= (f + 1) << (3 * level)
        level += 1
    return level == ng


@njit(cache=True)
def _pay_set(H, Q, F, ns, nr, n_active0, steam0, ws, exs):
    """Strength of paying the heroes ``ws[W_SEL, :ns]`` with dice, the others
    ``ws[W_REST, :nr]`` (``_Solver._cost_sets``, then ``_gain``), -1: not. ``ws``
    (``WS_ROWS`` x 5, rows ``W_*``) and ``exs`` (5 x 6) are its work space (no arrays made
    or sliced per call: it runs for every set of heroes at every node)."""
    for q in range(5):
        ws[W_ASSIGN, q] = 0
    nred = ntg = 0
    for q in range(ns):
        if H[ws[W_SEL, q], H_RX]:
            ws[W_RED, nred] = ws[W_SEL, q]
            nred += 1
        if H[ws[W_SEL, q], H_X]:
            ws[W_TARGET, ntg] = ws[W_SEL, q]
            ntg += 1
    choices = ntg if (nred and ntg) else 1
    ok = False
    while True:
        for q in range(5):
            ws[W_CUT, q] = 0
        if ntg:
            for q in range(nred):
                t = ws[W_TARGET, ws[W_ASSIGN, q]]
                if t != ws[W_RED, q]:
                    ws[W_CUT, t] += H[ws[W_RED, q], H_RX]
        nc = 0
        for q in range(ns):
            i = ws[W_SEL, q]
            x = H[i, H_X] - ws[W_CUT, i]
            if H[i, H_DISC]:
                x -= H[i, H_DISC] * (n_active0 + ns - 1)
            x = max(0, x)
            d = x
            for f in range(6):
                d += H[i, H_EX + f]
            if d:
                ws[W_XS, nc] = x
                for f in range(6):
                    exs[nc, f] = H[i, H_EX + f]
                nc += 1
        if _can_pay(F, ws, exs, nc):
            ok = True
            break
        q = nred - 1  # the next assignment (product order)
        while q >= 0 and ws[W_ASSIGN, q] == choices - 1:
            ws[W_ASSIGN, q] = 0
            q -= 1
        if q < 0:
            break
        ws[W_ASSIGN, q] += 1
    if not ok:
        return -1
    s = 0
    steam = steam0
    no = 0
    for q in range(nr):
        if not _has(ws, ns, ws[W_REST, q]):
            ws[W_OTHERS, no] = ws[W_REST, q]
            no += 1
    for q in range(ns):
        s += H[ws[W_SEL, q], H_STR]
        steam += H[ws[W_SEL, q], H_STEAM]
    for q in range(ns):
        i = ws[W_SEL, q]
        if H[i, H_AO]:
            b = -1
            for z in range(no):
                j = ws[W_OTHERS, z]
                if H[j, H_STR] <= H[i, H_STR]:
                    if (
                        b < 0
                        or H[j, H_STR] > H[ws[W_OTHERS, b], H_STR]
                        or (
                            H[j, H_STR] == H[ws[W_OTHERS, b], H_STR]
                            and H[j, H_STEAM] > H[ws[W_OTHERS, b], H_STEAM]
                        )
                    ):
                        b = z
            if b >= 0:
                j = ws[W_OTHERS, b]
                for z in range(b, no - 1):
                    ws[W_OTHERS, z] = ws[W_OTHERS, z + 1]
                no -= 1
                s += H[j, H_STR]
                steam += H[j, H_STEAM]
    best = 0
    for mask in range(1 << no):
        cost = gain = 0
        ok2 = True
        for z in range(no):
            if (mask >> z) & 1:
                if H[ws[W_OTHERS, z], H_STEAMC] < 0:
                    ok2 = False
                    break
                cost += H[ws[W_OTHERS, z], H_STEAMC]
                gain += H[ws[W_OTHERS, z], H_STR]
        if ok2 and cost <= steam:
            best = max(best, gain)
    return s + best


@njit(cache=True)
def _has(ws, n, v):
    for q in range(n):
        if ws[W_SEL, q] == v:
            return True
    return False


@njit(cache=True)
def _total(H, Q, F, E, ws, exs):
    """``_Solver._T``: the best total strength from dice ``F``, enablers ``E`` active
    (``ws``, ``exs``: ``_pay_set``'s work space)."""
    n = Q[Q_N]
    nr = 0
    base = Q[Q_BASE]
    steam0 = Q[Q_STEAM]
    na = Q[Q_ACTIVE]
    for i in range(n):
        if (E >> i) & 1:
            base += H[i, H_STR]
            steam0 += H[i, H_STEAM]
            na += 1
        else:
            ws[W_REST, nr] = i
            nr += 1
    best = base
    for mask in range(1 << nr):
        ns = 0
        for q in range(nr):
            if (mask >> q) & 1:
                ws[W_SEL, ns] = ws[W_REST, q]
                ns += 1
        got = _pay_set(H, Q, F, ns, nr, na, steam0, ws, exs)
        if got >= 0:
            best = max(best, base + got)
    return best


@njit(cache=True)
def _end(H, Q, F, E, ws, exs):
    t = _total(H, Q, F, E, ws, exs)
    return 1.0 if t >= Q[Q_TARGET] else 0.0


@njit(cache=True, inline="always")
def _key(sid, tag, F, u, r, E):
    return (sid << 45) | (tag << 43) | (E << 38) | (r << 35) | (u << 30) | F


def new_memo(slots: int = 1 << 16) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty party-solver memo ``PM``: an open-addressing table of ``slots`` (a power
    of two) int64 keys (-1: empty) and their values, and the slots in use (the first
    number: how many), so emptying it costs what it holds. (Plain numpy: made from
    Python, it adds no compiled function.)"""
    return (
        np.full(slots, -1, np.int64),
        np.zeros(slots, np.float64),
        np.zeros(slots // 2 + 1, np.int64),
    )


@njit(cache=True, inline="always")
def _slot(K, key):
    """The slot of ``key`` in the keys ``K``: its own, else the empty one where it goes."""
    mask = K.shape[0] - 1
    i = (((key ^ (key >> 29) ^ (key >> 43)) & 0x7FFFFFFF) * 0x9E3779B1 >> 29) & mask
    while K[i] != -1 and K[i] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True, inline="always")
def _known(K, key):
    return K[_slot(K, key)] != -1


@njit(cache=True, inline="always")
def _get(K, V, key):
    return V[_slot(K, key)]


@njit(cache=True)
def memo_size(PM):
    """How many values the memo holds."""
    return PM[2][0]


@njit(cache=True)
def memo_clear(PM):
    """Empty the memo (the slots in use only)."""
    K, _, U = PM
    for j in range(1, U[0] + 1):
        K[U[j]] = -1
    U[0] = 0


@njit(cache=True)
def memo_grown(PM):
    """The memo with twice the slots, every value moved over."""
    K, V, U = PM
    slots = 2 * K.shape[0]  # (as new_memo)
    NK = np.full(slots, -1, np.int64)
    NV = np.zeros(slots, np.float64)
    NU = np.zeros(slots // 2 + 1, np.int64)
    for j in range(1, U[0] + 1):
        i = _slot(NK, K[U[j]])
        NK[i], NV[i] = K[U[j]], V[U[j]]
        NU[0] += 1
        NU[NU[0]] = i
    return NK, NV, NU


@njit(cache=True, inline="always")
def _put(PM, key, v):
    """Keep ``v`` under ``key`` (not in the memo yet); False when the memo is full."""
    K, V, U = PM
    if U[0] + 1 >= U.shape[0]:
        return False
    i = _slot(K, key)
    K[i], V[i] = key, v
    U[0] += 1
    U[U[0]] = i
    return True


@njit(cache=True)
def _child(H, Q, K, key, pays, start):
    """The first child of a node of the dynamic programme (``_Solver.V``, tag 0; ``B``, 1;
    ``G``, 2) from the ``start``-th on not in the memo's keys ``K`` yet, and its place among the
    children; -1 when all are. Integers only: a key past 2**53 (a game's 256th party or
    goal) must not pass through a float."""
    sid, tag = key >> 45, (key >> 43) & 3
    E, r, u, F = (key >> 38) & 31, (key >> 35) & 7, (key >> 30) & 31, key & ((1 << 30) - 1)
    if tag == T_G:
        if u == 0:
            k = _key(sid, T_V, F, 0, r, E)
            return (-1, 0) if _known(K, k) else (k, 0)
        for f in range(start, 6):
            k = _key(sid, T_G, _canon(Q[Q_FREE], F + (1 << (5 * f))), u - 1, r, E)
            if not _known(K, k):
                return k, f
        return -1, 0
    if tag == T_B:
        if start == 0:
            k = _key(sid, T_G, F, u, r, E)
            if not _known(K, k):
                return k, 0
        for f in range(max(start - 1, 0), 6):
            if _cnt(F, f):
                k = _key(sid, T_B, _canon(Q[Q_FREE], F - (1 << (5 * f))), u + 1, r, E)
                if not _known(K, k):
                    return k, f + 1
        return -1, 0
    if start == 0:
        size = 0
        for f in range(6):
            size += _cnt(F, f)
        if r > 0 and size + u > 0:
            k = _key(sid, T_B, F, u, r - 1, E)
            if not _known(K, k):
                return k, 0
    for i in range(Q[Q_N]):
        if (E >> i) & 1 or not (H[i, H_ED] or H[i, H_ER]) or 8 * i + 8 < start:
            continue
        for q in range(_payments(H, i, F, pays)):
            if 8 * i + 1 + q < start:
                continue
            k = _key(sid, T_V, _canon(Q[Q_FREE], F - pays[q]), u + H[i, H_ED],
                     min(r + H[i, H_ER], MAX_ROLLS), E | (1 << i))  # fmt: skip
            if not _known(K, k):
                return k, 8 * i + 1 + q
    return -1, 0


@njit(cache=True)
def _value(H, Q, K, V, key, pays, ws, exs):
    """A node's value from its children's (all in the memo ``K``/``V``)."""
    sid, tag = key >> 45, (key >> 43) & 3
    E, r, u, F = (key >> 38) & 31, (key >> 35) & 7, (key >> 30) & 31, key & ((1 << 30) - 1)
    if tag == T_G:
        if u == 0:
            return _get(K, V, _key(sid, T_V, F, 0, r, E))
        total = 0.0
        for f in range(6):
            total += _get(K, V, _key(sid, T_G, _canon(Q[Q_FREE], F + (1 << (5 * f))), u - 1, r, E))
        return total / 6
    if tag == T_B:
        v = _get(K, V, _key(sid, T_G, F, u, r, E))
        for f in range(6):
            if _cnt(F, f):
                v = max(
                    v,
                    _get(K, V, _key(sid, T_B, _canon(Q[Q_FREE], F - (1 << (5 * f))), u + 1, r, E)),
                )
        return v
    v = _end(H, Q, F, E, ws, exs)
    size = 0
    for f in range(6):
        size += _cnt(F, f)
    if r > 0 and size + u > 0:
        v = max(v, _get(K, V, _key(sid, T_B, F, u, r - 1, E)))
    for i in range(Q[Q_N]):
        if (E >> i) & 1 or not (H[i, H_ED] or H[i, H_ER]):
            continue
        for q in range(_payments(H, i, F, pays)):
            k = _key(sid, T_V, _canon(Q[Q_FREE], F - pays[q]), u + H[i, H_ED],
                     min(r + H[i, H_ER], MAX_ROLLS), E | (1 << i))  # fmt: skip
            v = max(v, _get(K, V, k))
    return v


@njit(cache=True)
def _solve(H, Q, PM, sid, tag, F, u, r, E, budget):
    """The value of a node, its children first (an explicit stack of keys and the child
    each goes on from, no recursion); ``budget[0]``: the steps the move has left (-1.0
    when they run out); -2.0: the memo ``PM`` is full (grow it and ask again)."""
    top = _key(sid, tag, F, u, r, E)
    K, V, _ = PM
    if _known(K, top):
        return _get(K, V, top)
    stack = np.empty((4096, 2), np.int64)
    pays = np.zeros(8, np.int64)
    ws = np.zeros((WS_ROWS, 5), np.int64)
    exs = np.zeros((5, 6), np.int64)
    stack[0, 0], stack[0, 1] = top, 0
    n = 1
    while n:
        budget[0] -= 1
        if budget[0] < 0:
            return -1.0  # past the move's budget (see SOLVE_STEPS): no advice
        key = stack[n - 1, 0]
        child, j = _child(H, Q, K, key, pays, stack[n - 1, 1])
        if child >= 0:
            stack[n - 1, 1] = j
            if n == stack.shape[0]:
                stack = np.concatenate((stack, np.empty((n, 2), np.int64)))
            stack[n, 0], stack[n, 1] = child, 0
            n += 1
            continue
        if not _put(PM, key, _value(H, Q, K, V, key, pays, ws, exs)):
            return -2.0
        n -= 1
    return _get(K, V, top)


@njit(cache=True)
def _payments(H, i, F, out):
    """``rules.payments`` of hero ``i``'s cost from dice ``F``, as packed count vectors to
    take away, in its order (the X-group's face from 6 down); empty payments left out."""
    base = 0
    for f in range(6):
        if _cnt(F, f) < H[i, H_EX + f]:
            return 0
        base += H[i, H_EX + f] << (5 * f)
    x = H[i, H_X]
    if x == 0:
        if base == 0:
            return 0
        out[0] = base
        return 1
    n = 0
    for f in range(5, -1, -1):
        if _cnt(F, f) - H[i, H_EX + f] >= x:
            out[n] = base + (x << (5 * f))
            n += 1
    return n


@njit(cache=True)
def _party(S, C, M, H, idx):
    """The non-active heroes as the solver sees them (``bots.party_heroes``)."""
    p = S[PLAYER]
    n = 0
    for i in range(S[NPARTY + p]):
        o = member(S, p, i)
        if S[o + MF_ACTIVE]:
            continue
        h = S[o + MF_HERO]
        H[n, :] = 0
        H[n, H_KIND] = h
        H[n, H_STR] = C[h, C_STR]
        H[n, H_X] = max(0, C[h, C_X] - max(0, S[o + MF_REDUCE]))
        H[n, H_EX : H_EX + 6] = C[h, C_EX : C_EX + 6]
        H[n, H_STEAMC] = C[h, C_STEAMC]
        rows = np.full(2, -1, np.int64)
        rows[0] = h
        t = S[o + MF_TRE]
        if t >= 0:
            rows[1] = (M[0, M_OTRE1] if S[o + MF_LEVEL] == 1 else M[0, M_OTRE2]) + t
        for row in rows:
            if row < 0:
                continue
            for e in range(C[row, C_NEFF]):
                v, a = C[row, C_EFF + 2 * e], max(C[row, C_EFF + 2 * e + 1], 1)
                if v == E_EXTRA_DICE:
                    H[n, H_ED] += a
                elif v == E_EXTRA_ROLLS:
                    H[n, H_ER] += a
                elif v == E_REDUCE_X:
                    H[n, H_RX] += a
                elif v == E_ACTIVATE_OTHER:
                    H[n, H_AO] = 1
                elif v == E_STEAM:
                    H[n, H_STEAM] += a
                elif v == E_DISCOUNT:
                    H[n, H_DISC] += a
        idx[n] = i
        n += 1
    return n


@njit(cache=True)
def endgame_move(S, C, M, MV, n, REQ, PM, PID):
    """``bots._endgame_move``: the legal move the party solver advises (``NONE``: none)."""
    need = min_top_strength(S, C)
    if need < ENDGAME or not S[ROLLS_LEFT]:
        return NONE
    H = np.zeros((5, HF), np.int64)
    idx = np.zeros(5, np.int64)
    nh = _party(S, C, M, H, idx)
    nd = nfree(S)
    if nh == 0 or nd > MAX_DICE:
        return NONE
    waiting, steam = S[UNROLLED], S[STEAM]
    if not 0 <= steam <= MAX_STEAM or nd + waiting > MAX_DICE:
        return ERROR  # party.advise refuses: the rules engine's bot fails here too
    most = nd + waiting
    for i in range(nh):
        most += H[i, H_ED]
    if most > 31:
        return ERROR  # more dice than the simulator's dice sets hold
    rolls = min(S[ROLLS_LEFT], MAX_ROLLS - 1)
    Q = np.zeros(6, np.int64)
    Q[Q_N], Q[Q_TARGET], Q[Q_STEAM] = nh, need, steam
    Q[Q_BASE], Q[Q_ACTIVE] = strength(S, C), n_actives(S)
    for f in range(6):
        named = False
        for i in range(nh):
            if H[i, H_EX + f]:
                named = True
        if not named:
            Q[Q_FREE] |= 1 << f
    if memo_size(PM) > MEMO_LIMIT or len(PID) > MEMO_LIMIT // 16:
        memo_clear(PM)
        PID.clear()
    w = np.zeros(3, np.int64)
    for i in range(nh):
        tre = H[i, H_ED] | (H[i, H_ER] << 4) | (H[i, H_RX] << 8) | (H[i, H_STEAM] << 12)
        code = H[i, H_KIND] | (H[i, H_X] << 5) | (H[i, H_AO] << 9) | (H[i, H_DISC] << 10)
        w[i // 2] |= ((code << 14) | tre) << (31 * (i % 2))
    key = (w[0], w[1], w[2] | (Q[Q_TARGET] << 31) | (steam << 39) | (Q[Q_BASE] << 45)
           | (Q[Q_ACTIVE] << 53) | (nh << 57))  # fmt: skip
    if key in PID:
        sid = PID[key]
    else:
        sid = len(PID)
        PID[key] = sid
    # the options: stop, each keep (product order), each extra-dice activation
    F = 0
    for f in range(6):
        F |= S[FREE + f] << (5 * f)
    budget = np.full(1, SOLVE_STEPS, np.int64)
    ws = np.zeros((WS_ROWS, 5), np.int64)
    exs = np.zeros((5, 6), np.int64)
    best_v = _end(H, Q, _canon(Q[Q_FREE], F), 0, ws, exs)
    best_kind, best_code, best_hero = 0, 0, -1
    ks = np.zeros(6, np.int64)
    while True:  # every sub-multiset of the dice, in itertools.product order
        kept = K = 0
        for g in range(6):
            kept += ks[g]
            K |= ks[g] << (5 * g)
        m = nd - kept + waiting
        if m:
            v = _solve(H, Q, PM, sid, T_G, _canon(Q[Q_FREE], K), m, rolls - 1, 0, budget)
            if v < 0.0:
                return GROW if v == -2.0 else NONE
            if v > best_v:
                best_v, best_kind, best_hero = v, 1, -1
                best_code = 0
                j = 0
                for g in range(5, -1, -1):
                    for _ in range(ks[g]):
                        best_code += (g + 1) * POW7[j]
                        j += 1
        f = 5
        while f >= 0 and ks[f] == S[FREE + f]:
            ks[f] = 0
            f -= 1
        if f < 0:
            break
        ks[f] += 1
    pays = np.zeros(8, np.int64)
    for i in range(nh):
        if not (H[i, H_ED] or H[i, H_ER]):
            continue
        for q in range(_payments(H, i, F, pays)):
            F2 = _canon(Q[Q_FREE], F - pays[q])
            v = _solve(H, Q, PM, sid, T_V, F2, waiting + H[i, H_ED],
                       min(rolls + H[i, H_ER], MAX_ROLLS), 1 << i, budget)  # fmt: skip
            if v < 0.0:
                return GROW if v == -2.0 else NONE
            if v > best_v:
                best_v, best_kind, best_hero = v, 2, i
                best_code = 0
                j = 0
                for g in range(5, -1, -1):
                    for _ in range((pays[q] >> (5 * g)) & 31):
                        best_code += (g + 1) * POW7[j]
                        j += 1
    if best_kind == 1:
        j = 0
        while j < 20 and (best_code // POW7[j]) % 7:
            j += 1
        q = find_move(MV, n, V_KEEP, j, -9, best_code)
        return q if q >= 0 else NONE
    if best_kind == 2:
        first = best_hero
        for i in range(nh):
            if H[i, H_KIND] == H[best_hero, H_KIND]:
                first = i
                break
        q = find_move(MV, n, V_ACTIVATE, idx[first], -9, best_code)
        return q if q >= 0 else NONE
    return NONE
