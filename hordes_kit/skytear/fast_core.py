"""The fast simulator's state and small rules (numba): layout, stats, targets, board changes.

A whole position is one int64 array ``S`` (offsets below), mirroring ``state.Position``;
the functions mirror ``stats.py``, ``targets.py`` and ``board.py`` line by line, so the
fast simulator and the rules engine play identical games (tests/test_skytear_fast.py).
Cards in ``S`` are numbers of ``fast_tables`` (sorted id order); units live in slots and
are referred to by uid, as in the engine.
"""

from __future__ import annotations

from numba import njit

from hordes_kit.skytear.fast_tables import (
    A_E0,
    A_NE,
    A_TRIG,
    C_ATK,
    C_EN0,
    C_HP,
    C_KIND,
    C_KW,
    C_NEN,
    C_NST,
    C_ST0,
    C_TYPE,
    E_AMOUNT,
    E_TARGET,
    E_VERB,
    E_X0,
    MAXC,
    P_HP0,
    P_HP1,
    P_ROT0,
    P_ROT1,
)

# --- layout --------------------------------------------------------------------------------
MAXU, UF, MAXB, MAXTOP, MAXBOT, MAXL, MAXP = 40, 36, 16, 16, 64, 8, 32
MAXD, MAXT, TF, MAXE, MAXATT = 32, 384, 8, 4, 8
(
    S_TURN,
    S_PHASE,
    S_ACTOR,
    S_CHP,
    S_CEXH,
    S_PORTAL,
    S_PDMG,
    S_ROT,
    S_PDOWN,
    S_NEXTUID,
    S_DESTROYING,
    S_WIN,
    S_RESULT,
    S_TREACH,
    S_BOOSTED,
    S_HIDDEN,
    S_NPL,
    S_OPT_EMPTY,
    S_OPT_REACT,
    S_OPT_MUTA,
    S_CASTLE,
    S_NBACK,
    S_NTOP,
    S_NMID,
    S_NBOT,
    S_NHAND,
    S_NDISC,
    S_MANA,
    S_DONE,
    S_NASIDE,
    S_NHDECK,
    S_NHDISC,
    S_NCPOOL,
    S_NLINE,
    S_NPILE,
    S_NOUT,
    S_NPPILE,
    S_NDOOM,
    S_NT,
    S_NL3,
    S_TAPE,
    S_ERR,
    S_STEPS,
    S_NENCH,
    S_NREC,
) = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    14,
    15,
    16,
    17,
    18,
    19,
    20,
    21,
    22,
    24,
    26,
    28,
    30,
    32,
    34,
    36,
    38,
    39,
    40,
    41,
    42,
    43,
    44,
    45,
    46,
    47,
    48,
    49,
    50,
    51,
    52,
)
O_MON = 64
O_ALY = O_MON + 6
O_BACK = O_ALY + 6
O_UNITS = O_BACK + MAXB
O_HAND = O_UNITS + MAXU * UF
O_MID = O_HAND + 2 * MAXC
O_DISC = O_MID + 2 * MAXC
O_ASIDE = O_DISC + 2 * MAXC
O_TOP = O_ASIDE + 2 * MAXC
O_BOT = O_TOP + 2 * MAXTOP
O_HDECK = O_BOT + 2 * MAXBOT
O_HDISC = O_HDECK + MAXC
O_CPOOL = O_HDISC + MAXC
O_DEAD = O_CPOOL + MAXC
O_LINE = O_DEAD + MAXC
O_PILE = O_LINE + MAXL
O_PPILE = O_PILE + MAXP
O_LT = O_PPILE + 4
O_DOOM = O_LT + 72
O_L3 = O_DOOM + MAXD
O_ENCH = O_L3 + MAXC
O_TASK = O_ENCH + MAXE
O_REC = O_TASK + MAXT * TF  # the chance outcomes drawn from a tape (lockstep checks)
MAXREC = 1024
NS = O_REC + MAXREC
(
    U_LIVE,
    U_UID,
    U_CARD,
    U_SIDE,
    U_OWNER,
    U_HP,
    U_ATK,
    U_TATK,
    U_ARM,
    U_TARM,
    U_USED,
    U_CHG,
    U_CHGD,
    U_EXH,
    U_STRUCK,
    U_HALT,
    U_TOKEN,
    U_OLD,
    U_NATT,
    U_ATT,
    U_ATTOWN,
) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 27)
HORDE, ALLIANCE = 0, 1
# phases
(
    PH_SETUP,
    PH_HORDE,
    PH_ALLIANCE,
    PH_TREACHERY,
    PH_REACTIONS,
    PH_FIGHT,
    PH_PILLAGE,
    PH_END,
    PH_OVER,
) = range(9)
# card kinds and types (fast_tables.KIND / TYPE)
K_HORDE, K_ALLIANCE, K_OUTSIDER, K_MINION, K_TOKEN, K_HENCHMAN = 0, 1, 2, 3, 4, 5
T_MONSTER, T_SPELL, T_ATTACHMENT, T_ALLY, T_TOWER, T_IMMORTAL = 0, 1, 2, 3, 4, 5
T_ENCHANTER, T_COLOSSAL, T_APPENDAGE, T_HENCHMAN, T_MINION = 6, 7, 8, 9, 10
# keyword columns (C_KW + KWS index)
KW_ARMOR, KW_BARRIER, KW_DEFENDER, KW_ELUSIVE, KW_EPIC, KW_FAST = 0, 1, 2, 3, 4, 5
KW_HEROIC, KW_PILLAGER, KW_TAUNT, KW_TRAMPLE, KW_TRAMPLE_AT, KW_APH = 6, 7, 8, 9, 10, 11
# verbs (fast_tables.VERB) used by statics
V_ATTACK, V_ARMOR, V_HEALTH, V_GAIN = 2, 4, 33, 34
# targets (fast_tables.TARGET)
(
    TG_NONE,
    TG_SELF,
    TG_ENGAGED,
    TG_HOST,
    TG_BOOSTED,
    TG_CASTLE,
    TG_PORTAL,
    TG_ALLY,
    TG_OTHER_ALLY,
    TG_MONSTER,
    TG_LANE_MONSTER,
    TG_NON_EPIC,
    TG_UNENGAGED,
    TG_WOUNDED,
    TG_MINION,
    TG_TOWER,
    TG_STRONGEST_M,
    TG_WEAKEST_M,
    TG_STRONGEST_A,
    TG_WEAKEST_A,
    TG_MOST_WOUNDED_M,
    TG_MOST_WOUNDED_A,
    TG_LEFTMOST,
    TG_RIGHTMOST,
    TG_ALL_MONSTERS,
    TG_ALL_LANE_MONSTERS,
    TG_ALL_ALLIES,
    TG_ALL_MINIONS,
    TG_NEIGHBORS,
) = range(29)
TRIG_STATIC = 7


@njit(cache=True, inline="always")
def ug(S, slot, f):
    return S[O_UNITS + slot * UF + f]


@njit(cache=True, inline="always")
def us(S, slot, f, v):
    S[O_UNITS + slot * UF + f] = v


@njit(cache=True)
def find(S, uid):
    """The slot of the unit with this uid in play, or -1."""
    if uid <= 0:
        return -1
    for i in range(6):
        for o in (O_MON, O_ALY):
            k = S[o + i]
            if k >= 0 and ug(S, k, U_UID) == uid:
                return k
    for i in range(S[S_NBACK]):
        k = S[O_BACK + i]
        if ug(S, k, U_UID) == uid:
            return k
    return -1


@njit(cache=True)
def lane_of(S, slot):
    """The lane of a slot in the front line, or -1."""
    for i in range(6):
        if S[O_MON + i] == slot or S[O_ALY + i] == slot:
            return i
    return -1


@njit(cache=True)
def back_index(S, slot):
    for i in range(S[S_NBACK]):
        if S[O_BACK + i] == slot:
            return i
    return -1


@njit(cache=True)
def units(S, out):
    """Slots in play in the engine's order (monster lanes, ally lanes, back line); count."""
    n = 0
    for i in range(6):
        if S[O_MON + i] >= 0:
            out[n] = S[O_MON + i]
            n += 1
    for i in range(6):
        if S[O_ALY + i] >= 0:
            out[n] = S[O_ALY + i]
            n += 1
    for i in range(S[S_NBACK]):
        out[n] = S[O_BACK + i]
        n += 1
    return n


@njit(cache=True)
def ref_key(S, slot):
    """The order of a unit's reference (a3 < b1 < b10 < b2 < m1): ties broken as action ids."""
    for i in range(6):
        if S[O_ALY + i] == slot:
            return i
    b = back_index(S, slot)
    if b >= 0:
        n = b + 1  # "b1".."b16": string order of the number
        return 100 + (n * 10 if n < 10 else (n // 10) * 10 + (n % 10) + 1)
    for i in range(6):
        if S[O_MON + i] == slot:
            return 1000 + i
    return 10000


@njit(cache=True, inline="always")
def cardof(S, slot):
    return ug(S, slot, U_CARD)


@njit(cache=True)
def is_ally(S, C, slot):
    c = cardof(S, slot)
    return ug(S, slot, U_SIDE) == ALLIANCE and c >= 0 and C[c, C_TYPE] == T_ALLY


@njit(cache=True)
def is_minion(S, C, slot):
    c = cardof(S, slot)
    return c >= 0 and C[c, C_KIND] == K_MINION


@njit(cache=True)
def engaged_with(S, C, slot):
    """The slot across the lane (ally for a monster, monster for an ally), or -1."""
    lane = lane_of(S, slot)
    if lane < 0:
        return -1
    if ug(S, slot, U_SIDE) == HORDE:
        o = S[O_ALY + lane]
        return o if o >= 0 and is_ally(S, C, o) else -1
    if not is_ally(S, C, slot):
        return -1
    return S[O_MON + lane]


@njit(cache=True)
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


@njit(cache=True, inline="always")
def _slot_at(S, i):
    """The i-th unit in the engine's order (i < 12 + back line), or -1 for an empty lane."""
    if i < 6:
        return S[O_MON + i]
    if i < 12:
        return S[O_ALY + i - 6]
    return S[O_BACK + i - 12]


@njit(cache=True)
def static_sum(S, C, A, E, u, verb, kw):
    """Sum of the static effects with ``verb`` on slot ``u`` (for gain: 1 if keyword ``kw``)."""
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


@njit(cache=True)
def keyword(S, C, A, E, u, kw):
    """The value of a keyword on a unit (granted keywords count as 1)."""
    c = cardof(S, u)
    if c < 0:
        return 0
    n = C[c, C_KW + kw]
    if n == 0 and static_sum(S, C, A, E, u, V_GAIN, kw):
        n = 1
    return n


@njit(cache=True)
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


@njit(cache=True)
def health(S, C, A, E, u):
    c = cardof(S, u)
    if c < 0:
        return 1 + ug(S, u, U_HP)
    return C[c, C_HP] + ug(S, u, U_HP) + static_sum(S, C, A, E, u, V_HEALTH, 0)


@njit(cache=True)
def armor(S, C, A, E, u):
    c = cardof(S, u)
    base = C[c, C_KW + KW_ARMOR] if c >= 0 else 0
    return max(0, base + ug(S, u, U_ARM) + ug(S, u, U_TARM) + static_sum(S, C, A, E, u, V_ARMOR, 0))


@njit(cache=True)
def armor_left(S, C, A, E, u):
    return max(0, armor(S, C, A, E, u) - ug(S, u, U_USED))


@njit(cache=True)
def has(S, C, A, E, u, kw):
    if keyword(S, C, A, E, u, kw):
        return True
    if kw == KW_TRAMPLE:
        at = keyword(S, C, A, E, u, KW_TRAMPLE_AT)
        return at > 0 and attack(S, C, A, E, u) >= at
    return False


@njit(cache=True)
def surrounded(S, u):
    lane = lane_of(S, u)
    if lane < 0:
        return False
    o = O_MON if ug(S, u, U_SIDE) == HORDE else O_ALY
    for i in (lane - 1, lane + 1):
        if 0 <= i < 6 and S[o + i] < 0:
            return False
    return True


@njit(cache=True)
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


@njit(cache=True)
def damage_of(S, u):
    return max(0, -ug(S, u, U_HP))


@njit(cache=True)
def portal_face(S, P):
    """(health offset, rotation offset) of the portal's face for the player count."""
    if S[S_NPL] == 1:
        return P_HP0, P_ROT0
    return P_HP1, P_ROT1


@njit(cache=True)
def portal_numbers(S, P, k):
    """Number k (0 wave, 1 reinforce, 2 mana) the portal shows now."""
    _, rot = portal_face(S, P)
    return P[S[S_PORTAL], rot + 3 * (S[S_ROT] % 4) + k]


@njit(cache=True)
def portal_health(S, P):
    if S[S_PDOWN]:
        return 0
    hp, _ = portal_face(S, P)
    return P[S[S_PORTAL], hp] - S[S_PDMG]
