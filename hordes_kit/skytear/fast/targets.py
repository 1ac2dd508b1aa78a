"""The fast simulator's targets (numba): the cards an effect's target word fits, mirroring
``targets.candidates``."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.core import (
    ALLIANCE,
    HORDE,
    KW_EPIC,
    MAXU,
    O_ALY,
    O_MON,
    S_BOOSTED,
    SC_CANDIDATES,
    TG_ALL_ALLIES,
    TG_ALL_LANE_MONSTERS,
    TG_ALL_MINIONS,
    TG_ALL_MONSTERS,
    TG_ALLY,
    TG_BOOSTED,
    TG_ENGAGED,
    TG_LANE_MONSTER,
    TG_LEFTMOST,
    TG_MINION,
    TG_MONSTER,
    TG_MOST_WOUNDED_A,
    TG_MOST_WOUNDED_M,
    TG_NEIGHBORS,
    TG_NON_EPIC,
    TG_OTHER_ALLY,
    TG_RIGHTMOST,
    TG_SELF,
    TG_STRONGEST_A,
    TG_STRONGEST_M,
    TG_TOWER,
    TG_UNENGAGED,
    TG_WEAKEST_A,
    TG_WEAKEST_M,
    TG_WOUNDED,
    U_SIDE,
    engaged_with,
    find,
    is_ally,
    is_minion,
    lane_of,
    scratch,
    ug,
    units,
)
from hordes_kit.skytear.fast.stats import (
    attack,
    damage_of,
    health,
    keyword,
)


@njit(cache=True, _nrt=False)
def _rank(S, C, A, E, u, sign):
    return sign * attack(S, C, A, E, u), sign * health(S, C, A, E, u)


@njit(cache=True, _nrt=False)
def candidates(S, C, A, E, word, src, out):
    """The slots a target word fits now (ties all listed), in the engine's unit order; count.

    ``src`` is the source's slot (-1: none). Castle and portal are handled by the caller.
    """
    buf = scratch(S, SC_CANDIDATES, MAXU)
    n = units(S, buf)
    k = 0
    if word == TG_SELF:
        if src >= 0:
            out[0] = src
            return 1
        return 0
    if word == TG_ENGAGED:
        o = engaged_with(S, C, src) if src >= 0 else -1
        if o >= 0:
            out[0] = o
            return 1
        return 0
    if word == TG_BOOSTED:
        b = find(S, S[S_BOOSTED]) if S[S_BOOSTED] else -1
        if b >= 0:
            out[0] = b
            return 1
        return 0
    if word in (TG_LEFTMOST, TG_RIGHTMOST):
        first, last = -1, -1
        for i in range(6):
            if S[O_MON + i] >= 0:
                if first < 0:
                    first = S[O_MON + i]
                last = S[O_MON + i]
        if first < 0:
            return 0
        out[0] = first if word == TG_LEFTMOST else last
        return 1
    if word == TG_NEIGHBORS:
        lane = lane_of(S, src) if src >= 0 else -1
        if lane < 0:
            return 0
        o = O_MON if ug(S, src, U_SIDE) == HORDE else O_ALY
        for i in (lane - 1, lane + 1):
            if 0 <= i < 6 and S[o + i] >= 0:
                out[k] = S[o + i]
                k += 1
        return k
    for j in range(n):
        u = buf[j]
        mon = ug(S, u, U_SIDE) == HORDE
        ok = False
        if word in (TG_ALLY, TG_ALL_ALLIES, TG_STRONGEST_A, TG_WEAKEST_A):
            ok = is_ally(S, C, u)
        elif word == TG_OTHER_ALLY:
            ok = is_ally(S, C, u) and u != src
        elif word in (TG_MONSTER, TG_ALL_MONSTERS, TG_STRONGEST_M, TG_WEAKEST_M):
            ok = mon
        elif word in (TG_LANE_MONSTER, TG_ALL_LANE_MONSTERS):
            ok = mon and lane_of(S, u) >= 0
        elif word == TG_NON_EPIC:
            ok = mon and keyword(S, C, A, E, u, KW_EPIC) == 0
        elif word == TG_UNENGAGED:
            ok = mon and lane_of(S, u) >= 0 and engaged_with(S, C, u) < 0
        elif word == TG_WOUNDED:
            ok = mon and damage_of(S, u) > 0
        elif word in (TG_MINION, TG_ALL_MINIONS):
            ok = mon and is_minion(S, C, u)
        elif word == TG_TOWER:
            ok = ug(S, u, U_SIDE) == ALLIANCE and not is_ally(S, C, u)
        elif word == TG_MOST_WOUNDED_M:
            ok = mon and damage_of(S, u) > 0
        elif word == TG_MOST_WOUNDED_A:
            ok = is_ally(S, C, u) and damage_of(S, u) > 0
        if ok:
            out[k] = u
            k += 1
    if word in (TG_STRONGEST_M, TG_WEAKEST_M, TG_STRONGEST_A, TG_WEAKEST_A):
        sign = 1 if word in (TG_STRONGEST_M, TG_STRONGEST_A) else -1
        if k == 0:
            return 0
        best_a, best_h = _rank(S, C, A, E, out[0], sign)
        for j in range(1, k):
            a, h = _rank(S, C, A, E, out[j], sign)
            if a > best_a or (a == best_a and h > best_h):
                best_a, best_h = a, h
        m = 0
        for j in range(k):
            a, h = _rank(S, C, A, E, out[j], sign)
            if a == best_a and h == best_h:
                out[m] = out[j]
                m += 1
        return m
    if word in (TG_MOST_WOUNDED_M, TG_MOST_WOUNDED_A):
        if k == 0:
            return 0
        top = 0
        for j in range(k):
            top = max(top, damage_of(S, out[j]))
        m = 0
        for j in range(k):
            if damage_of(S, out[j]) == top:
                out[m] = out[j]
                m += 1
        return m
    return k
