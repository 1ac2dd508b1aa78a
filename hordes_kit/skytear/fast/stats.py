"""The fast simulator's card values (numba): static abilities, keywords, attack, health, armor,
conditions and the portal's numbers, mirroring ``stats.py`` line by line."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.core import (
    HORDE,
    KW_APH,
    KW_ARMOR,
    KW_HEROIC,
    KW_TRAMPLE,
    KW_TRAMPLE_AT,
    O_ALY,
    O_BACK,
    O_ENCH,
    O_MON,
    S_NBACK,
    S_NENCH,
    S_NPL,
    S_PDMG,
    S_PDOWN,
    S_PORTAL,
    S_ROT,
    S_STATIC,
    ST_FAR,
    TG_ALL_ALLIES,
    TG_ALL_LANE_MONSTERS,
    TG_ALL_MINIONS,
    TG_ALL_MONSTERS,
    TG_ENGAGED,
    TG_HOST,
    TG_NEIGHBORS,
    TG_SELF,
    TRIG_STATIC,
    U_ARM,
    U_ATK,
    U_ATT,
    U_HP,
    U_NATT,
    U_SIDE,
    U_TARM,
    U_TATK,
    U_USED,
    V_ARMOR,
    V_ATTACK,
    V_GAIN,
    V_HEALTH,
    back_index,
    cardof,
    engaged_with,
    is_ally,
    is_minion,
    lane_of,
    ug,
)
from hordes_kit.skytear.fast.tables import (
    A_E0,
    A_NE,
    A_TRIG,
    C_ATK,
    C_EN0,
    C_HP,
    C_KW,
    C_NEN,
    C_NST,
    C_ST0,
    E_AMOUNT,
    E_TARGET,
    E_VERB,
    E_X0,
    P_HP0,
    P_HP1,
    P_ROT0,
    P_ROT1,
)


@njit(cache=True, _nrt=False)
def _applies(S, C, target, src, u, host):
    if target == TG_SELF:
        return src >= 0 and src == u
    if target == TG_HOST:
        return host == u
    if target == TG_ENGAGED:
        return src >= 0 and engaged_with(S, C, src) == u
    if target == TG_NEIGHBORS:
        if src < 0 or ug(S, src, U_SIDE) != ug(S, u, U_SIDE):
            return False
        a, b = lane_of(S, src), lane_of(S, u)
        return a >= 0 and b >= 0 and abs(a - b) == 1
    if target == TG_ALL_MONSTERS:
        return ug(S, u, U_SIDE) == HORDE
    if target == TG_ALL_LANE_MONSTERS:
        return ug(S, u, U_SIDE) == HORDE and lane_of(S, u) >= 0
    if target == TG_ALL_ALLIES:
        return is_ally(S, C, u)
    if target == TG_ALL_MINIONS:
        return is_minion(S, C, u)
    return False


@njit(cache=True, inline="always", _nrt=False)
def _slot_at(S, i):
    """The i-th unit in the engine's order (i < 12 + back line), or -1 for an empty lane."""
    if i < 6:
        return S[O_MON + i]
    if i < 12:
        return S[O_ALY + i - 6]
    return S[O_BACK + i - 12]


@njit(cache=True, _nrt=False)
def _host_sum(S, C, E, u, verb, kw):
    """``static_sum`` while every static in play reaches only its host (no ST_FAR): those of
    the unit's own attachments, 0 for a unit not in play (the board's sum would not see it)."""
    total, hit = 0, False
    for a in range(ug(S, u, U_NATT)):
        ac = ug(S, u, U_ATT + a)
        for k in range(C[ac, C_NST]):
            e = C[ac, C_ST0] + k
            if E[e, E_VERB] == verb and E[e, E_TARGET] == TG_HOST:
                hit = True
                if verb != V_GAIN:
                    total += E[e, E_AMOUNT]
                elif E[e, E_X0] == kw:
                    total = 1
    if hit and lane_of(S, u) < 0 and back_index(S, u) < 0:
        return 0
    return total


@njit(cache=True, _nrt=False)
def static_sum(S, C, A, E, u, verb, kw):
    """Sum of the static effects with ``verb`` on slot ``u`` (for gain: 1 if keyword ``kw``)."""
    if S[S_STATIC] == 0:
        return 0  # no card with static abilities has come into play (enchantments count)
    if S[S_STATIC] & ST_FAR == 0:
        return _host_sum(S, C, E, u, verb, kw)
    total = 0
    for i in range(12 + S[S_NBACK]):
        src = _slot_at(S, i)
        if src < 0:
            continue
        c = cardof(S, src)
        if c >= 0:
            for k in range(C[c, C_NST]):
                e = C[c, C_ST0] + k
                if E[e, E_VERB] == verb and _applies(S, C, E[e, E_TARGET], src, u, -1):
                    if verb != V_GAIN:
                        total += E[e, E_AMOUNT]
                    elif E[e, E_X0] == kw:
                        total = 1
        for a in range(ug(S, src, U_NATT)):
            ac = ug(S, src, U_ATT + a)
            for k in range(C[ac, C_NST]):
                e = C[ac, C_ST0] + k
                if E[e, E_VERB] == verb and _applies(S, C, E[e, E_TARGET], -1, u, src):
                    if verb != V_GAIN:
                        total += E[e, E_AMOUNT]
                    elif E[e, E_X0] == kw:
                        total = 1
    for j in range(S[S_NENCH]):
        c = S[O_ENCH + j]
        for ab in range(C[c, C_EN0], C[c, C_EN0] + C[c, C_NEN]):
            if A[ab, A_TRIG] != TRIG_STATIC:
                continue
            for e in range(A[ab, A_E0], A[ab, A_E0] + A[ab, A_NE]):
                if E[e, E_VERB] == verb and _applies(S, C, E[e, E_TARGET], -1, u, -1):
                    if verb != V_GAIN:
                        total += E[e, E_AMOUNT]
                    elif E[e, E_X0] == kw:
                        total = 1
    return total


@njit(cache=True, _nrt=False)
def keyword(S, C, A, E, u, kw):
    """The value of a keyword on a unit (granted keywords count as 1)."""
    c = cardof(S, u)
    if c < 0:
        return 0
    n = C[c, C_KW + kw]
    if n == 0 and static_sum(S, C, A, E, u, V_GAIN, kw):
        n = 1
    return n


@njit(cache=True, _nrt=False)
def attack(S, C, A, E, u):
    c = cardof(S, u)
    if c < 0:
        return 0
    total = (
        C[c, C_ATK] + ug(S, u, U_ATK) + ug(S, u, U_TATK) + static_sum(S, C, A, E, u, V_ATTACK, 0)
    )
    hp = ug(S, u, U_HP)
    if hp > 0:
        total += keyword(S, C, A, E, u, KW_HEROIC) + C[c, C_KW + KW_APH] * hp
    return max(0, total)


@njit(cache=True, _nrt=False)
def health(S, C, A, E, u):
    c = cardof(S, u)
    if c < 0:
        return 1 + ug(S, u, U_HP)
    return C[c, C_HP] + ug(S, u, U_HP) + static_sum(S, C, A, E, u, V_HEALTH, 0)


@njit(cache=True, _nrt=False)
def armor(S, C, A, E, u):
    c = cardof(S, u)
    base = C[c, C_KW + KW_ARMOR] if c >= 0 else 0
    return max(0, base + ug(S, u, U_ARM) + ug(S, u, U_TARM) + static_sum(S, C, A, E, u, V_ARMOR, 0))


@njit(cache=True, _nrt=False)
def armor_left(S, C, A, E, u):
    return max(0, armor(S, C, A, E, u) - ug(S, u, U_USED))


@njit(cache=True, _nrt=False)
def has(S, C, A, E, u, kw):
    if keyword(S, C, A, E, u, kw):
        return True
    if kw == KW_TRAMPLE:
        at = keyword(S, C, A, E, u, KW_TRAMPLE_AT)
        return at > 0 and attack(S, C, A, E, u) >= at
    return False


@njit(cache=True, _nrt=False)
def surrounded(S, u):
    lane = lane_of(S, u)
    if lane < 0:
        return False
    o = O_MON if ug(S, u, U_SIDE) == HORDE else O_ALY
    for i in (lane - 1, lane + 1):
        if 0 <= i < 6 and S[o + i] < 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def condition_holds(S, C, u, cond):
    if cond == 0:
        return True
    if u < 0:
        return False
    if cond == 1:
        return surrounded(S, u)
    if cond == 2:
        return ug(S, u, U_HP) < 0
    if cond == 3:
        return engaged_with(S, C, u) >= 0
    return lane_of(S, u) >= 0 and engaged_with(S, C, u) < 0


@njit(cache=True, _nrt=False)
def damage_of(S, u):
    return max(0, -ug(S, u, U_HP))


@njit(cache=True, _nrt=False)
def portal_face(S, P):
    """(health offset, rotation offset) of the portal's face for the player count."""
    if S[S_NPL] == 1:
        return P_HP0, P_ROT0
    return P_HP1, P_ROT1


@njit(cache=True, _nrt=False)
def portal_numbers(S, P, k):
    """Number k (0 wave, 1 reinforce, 2 mana) the portal shows now."""
    _, rot = portal_face(S, P)
    return P[S[S_PORTAL], rot + 3 * (S[S_ROT] % 4) + k]


@njit(cache=True, _nrt=False)
def portal_health(S, P):
    if S[S_PDOWN]:
        return 0
    hp, _ = portal_face(S, P)
    return P[S[S_PORTAL], hp] - S[S_PDMG]
