"""The fast simulator's state and small rules (numba): layout, stats, targets, board changes.

A whole position is one int64 array ``S`` (offsets below), mirroring ``state.Position``;
the functions mirror ``stats.py``, ``targets.py`` and ``board.py`` line by line, so the
fast simulator and the rules engine play identical games (tests/test_skytear_fast.py).
Cards in ``S`` are numbers of ``tables`` (sorted id order); units live in slots and
are referred to by uid, as in the engine.
"""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.tables import (
    C_KIND,
    C_TYPE,
    MAXC,
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
    S_PWAIT,
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
    53,  # state.Position.pile_wait: cards at the pile's bottom that wait for the next turn
)
# the sensible bot's member (bots.Sensible): its mulligan cost, castle-draw hand, mana kept
# for the reactions, and which unengaged monster an ally faces first (bots.DEFEND's index)
S_MULL, S_CDRAW, S_RESERVE, S_DEFEND = 54, 55, 56, 57
# bits set as a card with static abilities enters, is revealed or is attached (never
# cleared): ST_ANY once one may be in play (until then every static sum is 0 without reading
# the board); ST_FAR once one may reach a unit other than its host (a static of a unit's card
# or an enchantment, or an attachment's aimed at more than its host): until then a unit's
# static sums are those of its own attachments (stats.static_sum)
S_STATIC = 58
ST_ANY, ST_FAR = 1, 2
S_NCARDS = 59  # the cards of the tables: every card number is below it (MAXC at most)
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
# Scratch rows: the simulator allocates nothing, so it runs without numba's reference counts
# (their atomic increments and decrements, on every call passing the tables, were 40% of its
# time). Each place that needs a list for a while has a row of its own (SCR rows of 64), so
# no two lists in use at once share one.
SCR = 64
(
    SC_CHECK,
    SC_USEFUL,
    SC_ALLY_LANE,
    SC_MOVE_LANE,
    SC_ACT_THREATS,
    SC_ACT_DONE,
    SC_TARGET,
    SC_EACH,
    SC_EACH_UIDS,
    SC_ASSAULT,
    SC_ASSAULT_OUTS,
    SC_SINGLE,
    SC_BAIT,
    SC_END,
    SC_PLAY_LANES,
    SC_MOVE_LANES,
    SC_DESTROYED,
    SC_CANDIDATES,
    SC_TREACHERY,
    SC_PUSH_ABILITIES,
    SC_TURN_ROWS,
    SC_TURN_SRCS,
    SC_TURN_CARDS,
    SC_TURN_SEATS,
    SC_TURN_UNITS,
    SC_RESHUFFLE,
    SC_COLOSSAL_ROW,
    SC_COLOSSAL_UIDS,
    SC_TOKENS_LOW,
    SC_REINFORCE,
    SC_PILE,
    SC_TOKEN_LANES,
    SC_OPTS,  # 64 menu rows of 3: three rows
) = range(33)
SC_FLUX = SC_OPTS + 3  # 128 cards: two rows
SC_TRIM = SC_FLUX + 2  # MAXC counts: four rows
O_SCR = O_REC + MAXREC
O_HASST = O_SCR + (SC_TRIM + 4) * SCR  # per card: its S_STATIC bits (0: no statics)
NS = O_HASST + MAXC
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
# card kinds and types (tables.KIND / TYPE)
K_HORDE, K_ALLIANCE, K_OUTSIDER, K_MINION, K_TOKEN, K_HENCHMAN = 0, 1, 2, 3, 4, 5
T_MONSTER, T_SPELL, T_ATTACHMENT, T_ALLY, T_TOWER, T_IMMORTAL = 0, 1, 2, 3, 4, 5
T_ENCHANTER, T_COLOSSAL, T_APPENDAGE, T_HENCHMAN, T_MINION = 6, 7, 8, 9, 10
# keyword columns (C_KW + KWS index)
KW_ARMOR, KW_BARRIER, KW_DEFENDER, KW_ELUSIVE, KW_EPIC, KW_FAST = 0, 1, 2, 3, 4, 5
KW_HEROIC, KW_PILLAGER, KW_TAUNT, KW_TRAMPLE, KW_TRAMPLE_AT, KW_APH = 6, 7, 8, 9, 10, 11
# verbs (tables.VERB) used by statics
V_ATTACK, V_ARMOR, V_HEALTH, V_GAIN = 2, 4, 33, 34
# targets (tables.TARGET)
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


@njit(cache=True, inline="always", _nrt=False)
def scratch(S, row, n):
    """``n`` numbers of scratch row ``row`` (a view into S: nothing is allocated)."""
    return S[O_SCR + row * SCR : O_SCR + row * SCR + n]


@njit(cache=True, inline="always", _nrt=False)
def note_statics(S, card):
    """A card comes into play, is revealed or attached: static sums read the board from now."""
    if card >= 0:
        S[S_STATIC] |= S[O_HASST + card]


@njit(cache=True, inline="always", _nrt=False)
def ug(S, slot, f):
    return S[O_UNITS + slot * UF + f]


@njit(cache=True, inline="always", _nrt=False)
def us(S, slot, f, v):
    S[O_UNITS + slot * UF + f] = v


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def lane_of(S, slot):
    """The lane of a slot in the front line, or -1."""
    for i in range(6):
        if S[O_MON + i] == slot or S[O_ALY + i] == slot:
            return i
    return -1


@njit(cache=True, _nrt=False)
def back_index(S, slot):
    for i in range(S[S_NBACK]):
        if S[O_BACK + i] == slot:
            return i
    return -1


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, inline="always", _nrt=False)
def cardof(S, slot):
    return ug(S, slot, U_CARD)


@njit(cache=True, _nrt=False)
def is_ally(S, C, slot):
    c = cardof(S, slot)
    return ug(S, slot, U_SIDE) == ALLIANCE and c >= 0 and C[c, C_TYPE] == T_ALLY


@njit(cache=True, _nrt=False)
def is_minion(S, C, slot):
    c = cardof(S, slot)
    return c >= 0 and C[c, C_KIND] == K_MINION


@njit(cache=True, _nrt=False)
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
