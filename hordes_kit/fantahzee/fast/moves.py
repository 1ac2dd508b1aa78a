"""The fast simulator's moves (numba): chance outcomes picked from a uniform number, every
decision applied, and the steps that need neither walked on (``flow.settle``)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.fantahzee.fast.engine import (
    ACTION,
    AMBUSHED,
    ATTACK,
    BOSSES,
    C_AMB,
    C_EX,
    C_LEVEL,
    C_STEAMC,
    C_STR,
    C_TREAS,
    C_XP,
    CH_CARD,
    CH_DEAL,
    CH_DIE,
    CH_DRAW,
    CH_FIRST,
    CH_NONE,
    CH_TOWN,
    CH_TREASURE,
    COUNTER,
    DAMAGE,
    DECK,
    DECKN,
    DISC,
    DISCN,
    DOOM,
    DOOM_TOKENS,
    DRAWN,
    DRAWN_LEVEL,
    DRAWS_LEFT,
    DUE,
    END,
    END_DRAW,
    FIRST,
    FLIPPING,
    FREE,
    HAND,
    HAND_SIZE,
    HANDN,
    HORDE,
    LAST,
    LOCKED,
    M_NK,
    M_NM,
    M_NR,
    M_NT,
    M_OMON,
    M_OTOWN,
    MAXDICE,
    MAXK,
    MF,
    MF_ACTIVE,
    MF_HERO,
    MF_LEVEL,
    MF_REDUCE,
    MF_TRE,
    MF_XVAL,
    NDUE,
    NLINE,
    NPARTY,
    NPEND,
    NPL,
    NSET,
    OVER,
    P_REDUCE,
    PAY_DICE,
    PAY_STEAM,
    PEND,
    PHASE,
    PLAYED,
    PLAYER,
    POOL1,
    POOL2,
    POW7,
    RECRUITED,
    ROLL,
    ROLLED,
    ROLLS_LEFT,
    SETA,
    SETUP,
    SF,
    SF_BOSS,
    SF_L1,
    SF_L2,
    SF_TOP,
    SHIELD,
    STEAM,
    STRENGTH_LEFT,
    TO_ROLL,
    TOWN_DUE,
    TOWNS,
    TREAS,
    TREASURE,
    TURN,
    UNROLLED,
    V_ACTIVATE,
    V_ATTACH,
    V_ATTACK,
    V_CAPTURE,
    V_CARD,
    V_DIE,
    V_DISCARD,
    V_DONE,
    V_DRAW,
    V_FIRST,
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
    V_TOWN,
    V_TREASURE,
    VMON,
    VXP,
    activated,
    any_attack,
    apply_effects,
    begin_turn,
    clear_top,
    cost_x_now,
    defeat,
    end_attack,
    flip_target,
    lose,
    member,
    n_actives,
    n_exact,
    pending_targets,
    pop_pending,
    stack,
    stack_at,
    strength,
)  # fmt: skip

__all__ = ["chance_kind", "do_chance", "do_move", "settle", "dice_of", "can_activate_free"]


@njit(cache=True)
def chance_kind(S, C):
    """Which chance node the position waits for (``FPosition._chance_kind``)."""
    ph = S[PHASE]
    if ph == SETUP:
        if S[FIRST] < 0:
            return CH_FIRST
        if flip_target(S) >= 0:
            return CH_CARD
        if S[DECKN] > 0:
            for p in range(S[NPL]):
                if S[HANDN + p] < HAND_SIZE:
                    return CH_DEAL
        return CH_NONE
    if S[NPEND]:
        return CH_NONE
    if ph == ROLL and S[TO_ROLL]:
        return CH_DIE
    if ph == ATTACK and S[FLIPPING] >= 0:
        return CH_CARD
    if ph == TREASURE and S[DRAWN] < 0 and S[NDUE]:
        for r in range(TREAS, TREAS + 16):
            if S[r]:
                return CH_TREASURE
    if ph == HORDE:
        if S[TOWN_DUE]:
            for t in range(TOWNS, TOWNS + 16):
                if S[t]:
                    return CH_TOWN
            return CH_NONE
        if flip_target(S) >= 0:
            return CH_CARD
    if ph == END and S[DRAWS_LEFT] and S[DECKN]:
        return CH_DRAW
    return CH_NONE


@njit(cache=True)
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def pick(W, n, u):
    """Index of the outcome ``u`` selects among integer weights ``W[:n]`` (``tape.pick``,
    the weights over their least common denominator)."""
    g = 0
    for i in range(n):
        g = _gcd(g, W[i])
    total = 0
    for i in range(n):
        total += W[i] // g
    k = int(u * total)
    for i in range(n):
        k -= W[i] // g
        if k < 0:
            return i
    return -1


@njit(cache=True)
def do_chance(S, C, M, kind, u, W, row):
    """Draw the chance node's outcome with ``u``, apply it and write it in ``row``."""
    row[:] = -1
    if kind == CH_FIRST:
        n = S[NPL]
        for i in range(n):
            W[i] = 1
        s = pick(W, n, u)
        S[FIRST], S[LAST], S[PLAYER] = s, (s - 1) % n, s
        row[0], row[1] = V_FIRST, s
    elif kind == CH_DIE:
        for i in range(6):
            W[i] = 1
        f = pick(W, 6, u)
        S[FREE + f] += 1
        S[TO_ROLL] -= 1
        row[0], row[1] = V_DIE, f + 1
    elif kind == CH_DEAL or kind == CH_DRAW:
        nk = M[0, M_NK]
        for k in range(nk):
            W[k] = S[DECK + k]
        k = pick(W, nk, u)
        if kind == CH_DEAL:
            seat = 0
            for p in range(1, S[NPL]):
                if S[HANDN + p] < S[HANDN + seat]:
                    seat = p
        else:
            seat = S[PLAYER]
            S[DRAWS_LEFT] -= 1
        S[HAND + seat * MAXK + k] += 1
        S[HANDN + seat] += 1
        S[DECK + k] -= 1
        S[DECKN] -= 1
        row[0], row[1] = V_DRAW, k
    elif kind == CH_TOWN:
        nt = M[0, M_NT]
        for t in range(nt):
            W[t] = S[TOWNS + t]
        t = pick(W, nt, u)
        r = M[0, M_OTOWN] + t
        S[VXP + S[PLAYER]] += C[r, C_XP]
        S[TOWNS + t] = 0
        S[TOWN_DUE] = 0
        apply_effects(S, C, r, 0)
        row[0], row[1] = V_TOWN, r
    elif kind == CH_TREASURE:
        nr = M[0, M_NR]
        for t in range(nr):
            W[t] = S[TREAS + t]
        t = pick(W, nr, u)
        S[TREAS + t] = 0
        S[DRAWN], S[DRAWN_LEVEL] = t, S[DUE]
        for q in range(1, S[NDUE]):
            S[DUE + q - 1] = S[DUE + q]
        S[NDUE] -= 1
        row[0], row[1] = V_TREASURE, t
    else:
        _flip(S, C, M, u, W, row)


@njit(cache=True)
def _flip(S, C, M, u, W, row):
    """A facedown horde card turned face up (``rules.flip_weights``, ``moves.card``)."""
    name = flip_target(S)
    o = stack(S, stack_at(S, name))
    nm, om = M[0, M_NM], M[0, M_OMON]
    if S[o + SF_L1]:
        for m in range(nm):
            W[m] = S[POOL1 + m]
    else:
        nb = n2 = 0
        for m in range(nm):
            nb += S[BOSSES + m]
            n2 += S[POOL2 + m]
        for m in range(nm):
            W[m] = S[o + SF_L2] * S[POOL2 + m] * max(nb, 1)
            if S[o + SF_BOSS]:
                W[m] += S[BOSSES + m] * max(n2, 1)
    m = pick(W, nm, u)
    mid = om + m
    if S[o + SF_L1]:
        S[o + SF_L1] -= 1
        S[POOL1 + m] -= 1
    elif C[mid, C_LEVEL] == 3:
        S[o + SF_BOSS] = 0
        S[BOSSES + m] -= 1
    else:
        S[o + SF_L2] -= 1
        S[POOL2 + m] -= 1
    S[o + SF_TOP] = mid
    row[0], row[1] = V_CARD, mid
    if S[PHASE] != ATTACK:
        return
    S[FLIPPING] = -1
    S[LOCKED] = name
    if C[mid, C_STR] <= S[STRENGTH_LEFT]:
        defeat(S, C, name)
    else:
        end_attack(S, C)


@njit(cache=True)
def dice_of(code, out):
    """The dice of a dice code (high to low) into ``out``; returns how many."""
    n = 0
    for j in range(MAXDICE):
        d = (code // POW7[j]) % 7
        if d == 0:
            break
        out[j] = d
        n += 1
    return n


@njit(cache=True)
def can_activate_free(S, C):
    """Something may be activated before the first roll (``activation.pre_roll``)."""
    p = S[PLAYER]
    for i in range(S[NPARTY + p]):
        o = member(S, p, i)
        if S[o + MF_ACTIVE]:
            continue
        h = S[o + MF_HERO]
        if n_exact(C, h) + cost_x_now(S, C, i) == 0:
            return True
        if C[h, C_STEAMC] >= 0 and S[STEAM] >= C[h, C_STEAMC]:
            return True
    return False


@njit(cache=True)
def _start_roll(S):
    S[TO_ROLL] = S[UNROLLED]
    S[UNROLLED] = 0
    S[ROLLS_LEFT] -= 1
    S[ROLLED] = 1


@njit(cache=True)
def do_move(S, C, M, mv, dice):
    """Apply a decision row ``mv`` (``moves.HANDLERS``); ``dice`` is work space."""
    v, a, b = mv[0], mv[1], mv[2]
    p = S[PLAYER]
    if v == V_ACTIVATE:
        o = member(S, p, a)
        h = S[o + MF_HERO]
        if mv[3] == PAY_STEAM:
            S[STEAM] -= C[h, C_STEAMC]
        elif mv[3] == PAY_DICE:
            n = dice_of(mv[4], dice)
            left = [0, 0, 0, 0, 0, 0]
            for j in range(n):
                left[dice[j] - 1] += 1
                S[FREE + dice[j] - 1] -= 1
            xval = 0
            for f in range(6):
                if left[f] - C[h, C_EX + f] > 0:
                    xval = f + 1
            S[o + MF_XVAL] = xval
        activated(S, C, M, a)
    elif v == V_KEEP:
        n = dice_of(mv[4], dice)
        kept = 0
        for f in range(6):
            kept += S[FREE + f]
        S[FREE : FREE + 6] = 0
        for j in range(n):
            S[FREE + dice[j] - 1] += 1
        S[TO_ROLL] = kept - n + S[UNROLLED]
        S[UNROLLED] = 0
        S[ROLLS_LEFT] -= 1
    elif v == V_ROLL:
        if S[PHASE] == ACTION:
            S[PHASE] = ROLL
            if not can_activate_free(S, C):
                _start_roll(S)
        else:
            _start_roll(S)
    elif v == V_DONE:
        S[PHASE] = ATTACK
        S[STRENGTH_LEFT] = strength(S, C)
    elif v == V_ATTACK:
        defeat(S, C, a)
    elif v == V_FLIP:
        S[FLIPPING] = a
        S[LOCKED] = a
    elif v == V_STOP:
        end_attack(S, C)
    elif v == V_LOSE:
        lose(S, C, a)
    elif v == V_ATTACH:
        if a >= 0:
            o = member(S, p, a)
            S[o + MF_TRE] = S[DRAWN]
            S[o + MF_LEVEL] = S[DRAWN_LEVEL]
        S[DRAWN] = -1
    elif v == V_DISCARD:
        S[HAND + p * MAXK + a] -= 1
        S[HANDN + p] -= 1
        S[DISC + a] += 1
        S[DISCN] += 1
    elif v == V_PLAY:
        S[HAND + p * MAXK + a] -= 1
        S[HANDN + p] -= 1
        S[DISC + a] += 1
        S[DISCN] += 1
        S[PLAYED] += 1
        apply_effects(S, C, a, 0)
    elif v == V_RECRUIT:
        n = S[NPARTY + p]
        if b >= 0:
            gone = S[member(S, p, b) + MF_HERO]
            for q in range(b, n - 1):
                S[member(S, p, q) : member(S, p, q) + MF] = S[
                    member(S, p, q + 1) : member(S, p, q + 1) + MF
                ]
            n -= 1
            S[DISC + gone] += 1
            S[DISCN] += 1
        o = member(S, p, n)
        S[o : o + MF] = 0
        S[o + MF_HERO] = a
        S[o + MF_TRE] = -1
        S[NPARTY + p] = n + 1
        S[HAND + p * MAXK + a] -= 1
        S[HANDN + p] -= 1
        S[RECRUITED] += 1
    elif v == V_TARGET:
        kind, n = S[PEND], S[PEND + 1]
        pop_pending(S)
        if kind == P_REDUCE:
            S[member(S, p, a) + MF_REDUCE] += n
        else:
            activated(S, C, M, a)
    elif v == V_SKIP:
        pop_pending(S)
    elif v == V_CAPTURE:
        pop_pending(S)
        mid = S[stack(S, stack_at(S, a)) + SF_TOP]
        S[VXP + p] += C[mid, C_XP]
        S[VMON + p] += 1
        clear_top(S, C, a, mid)
    elif v == V_MOVE:
        pop_pending(S)
        j = stack_at(S, a)
        moved = S[stack(S, j) : stack(S, j) + SF].copy()
        for q in range(j, S[NLINE] - 1):
            S[stack(S, q) : stack(S, q) + SF] = S[stack(S, q + 1) : stack(S, q + 1) + SF]
        for q in range(S[NLINE] - 1, b - 1, -1):
            S[stack(S, q) : stack(S, q) + SF] = S[stack(S, q - 1) : stack(S, q - 1) + SF]
        S[stack(S, b - 1) : stack(S, b - 1) + SF] = moved


@njit(cache=True)
def _lone_active(S):
    p = S[PLAYER]
    for i in range(S[NPARTY + p]):
        if S[member(S, p, i) + MF_ACTIVE]:
            return i
    return -1


@njit(cache=True)
def _step(S, C, M):
    """One step that needs neither a decision nor chance (``flow.step``); False: none."""
    ph = S[PHASE]
    if ph == OVER or chance_kind(S, C) != CH_NONE:
        return False
    if ph == SETUP:
        S[TURN] = 0
        begin_turn(S, S[FIRST])
        return True
    if S[NPEND]:
        n = pending_targets(S, C)
        if n > 0:
            return False
        pop_pending(S)
        return True
    if ph == ACTION or ph == ROLL or (ph == TREASURE and S[DRAWN] >= 0):
        return False
    if ph == ATTACK:
        if any_attack(S, C):
            return False
        end_attack(S, C)
        return True
    if ph == COUNTER or (ph == HORDE and S[AMBUSHED]):
        na = n_actives(S)
        if S[DAMAGE] and na:
            if na == 1:
                lose(S, C, _lone_active(S))
                return True
            return False
        S[DAMAGE] = 0
        if ph == COUNTER:
            _to_treasure(S, C, na)
        else:
            S[PHASE] = END
            S[DRAWS_LEFT] = END_DRAW
        return True
    if ph == TREASURE:
        if S[NDUE]:  # no treasure left to draw (else the chance node would come first)
            S[NDUE] = 0
            return True
        _to_horde(S, C)
        return True
    if ph == HORDE:
        if S[TOWN_DUE]:  # no town left
            S[TOWN_DUE] = 0
            return True
        amb = 0
        for j in range(S[NLINE]):
            t = S[stack(S, j) + SF_TOP]
            if t >= 0:
                amb += C[t, C_AMB]
        S[AMBUSHED] = 1
        S[DAMAGE] = max(0, amb - S[SHIELD])
        return True
    # the End Phase
    if S[DRAWS_LEFT] and S[DECKN] == 0:
        if S[DISCN]:
            for k in range(MAXK):
                S[DECK + k] = S[DISC + k]
                S[DISC + k] = 0
            S[DECKN], S[DISCN] = S[DISCN], 0
        else:
            S[DRAWS_LEFT] = 0
        return True
    p = S[PLAYER]
    if S[HANDN + p] > HAND_SIZE:
        return False
    for i in range(S[NPARTY + p]):
        o = member(S, p, i)
        S[o + MF_ACTIVE] = S[o + MF_REDUCE] = S[o + MF_XVAL] = 0
    if S[DOOM] >= DOOM_TOKENS and p == S[LAST]:
        S[PHASE] = OVER
    else:
        begin_turn(S, (p + 1) % S[NPL])
    return True


@njit(cache=True)
def _to_treasure(S, C, na):
    n = 0
    if na:
        for j in range(S[NSET]):
            lv = C[S[SETA + j], C_TREAS]
            if lv:
                S[DUE + n] = lv
                n += 1
    S[NDUE] = n
    S[PHASE] = TREASURE


@njit(cache=True)
def _to_horde(S, C):
    p = S[PLAYER]
    for j in range(S[NSET]):
        S[VXP + p] += C[S[SETA + j], C_XP]
        S[VMON + p] += 1
    S[NSET] = 0
    S[PHASE] = HORDE
    if S[NLINE] and S[stack(S, S[NLINE] - 1) + SF_TOP] >= 0:
        S[TOWN_DUE] = 1


@njit(cache=True)
def settle(S, C, M):
    """Walk on to the next decision or chance node (``flow.settle``)."""
    for _ in range(1000):
        if not _step(S, C, M):
            return True
    return False
