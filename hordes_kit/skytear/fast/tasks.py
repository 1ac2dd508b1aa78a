"""The fast simulator's task stack and the destruction steps (numba), mirroring ``machine.py``,
``combat.py`` and ``draws.py``. Task kinds keep the engine's names (``TASK``) so a position
can be handed over between the two."""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    deck_size,
    deck_take_top,
    discard_to,
    pile_push,
    remove_from_zone,
)
from hordes_kit.skytear.fast.core import (
    HORDE,
    K_HENCHMAN,
    K_MINION,
    K_OUTSIDER,
    MAXC,
    MAXD,
    MAXT,
    MAXU,
    O_DEAD,
    O_DISC,
    O_DOOM,
    O_ENCH,
    O_HAND,
    O_LINE,
    O_TASK,
    PH_OVER,
    PH_SETUP,
    S_CHP,
    S_DESTROYING,
    S_ERR,
    S_NDISC,
    S_NDOOM,
    S_NENCH,
    S_NHAND,
    S_NLINE,
    S_NOUT,
    S_NPL,
    S_NT,
    S_OPT_EMPTY,
    S_PHASE,
    S_RESULT,
    S_STATIC,
    S_WIN,
    SC_CHECK,
    ST_ANY,
    ST_FAR,
    T_APPENDAGE,
    T_TOWER,
    TF,
    U_ATT,
    U_ATTOWN,
    U_CARD,
    U_CHG,
    U_CHGD,
    U_HP,
    U_LIVE,
    U_NATT,
    U_OWNER,
    U_SIDE,
    U_TOKEN,
    U_UID,
    find,
    scratch,
    ug,
    units,
    us,
)
from hordes_kit.skytear.fast.stats import (
    health,
)
from hordes_kit.skytear.fast.tables import C_DESTAB, C_EN0, C_HP, C_KIND, C_NEN, C_SHP, C_TYPE

TASK = {
    k: i
    for i, k in enumerate(
        (
            "turn",
            "gain_mana",
            "turn_abilities",
            "wave",
            "reinforce_phase",
            "outsider_pile",
            "rotate",
            "alliance_phase",
            "end_alliance",
            "treachery",
            "reactions",
            "fight_phase",
            "pillage_phase",
            "return_pillagers",
            "end_phase",
            "summon",
            "enter",
            "to_discard",
            "boost",
            "reinforce",
            "treachery_bonus",
            "reveal",
            "token",
            "act",
            "play",
            "use",
            "ally_move",
            "ally_engage",
            "taunt",
            "fight_lane",
            "alliance_fight",
            "strike",
            "elusive",
            "group",
            "order_groups",
            "pillage_by",
            "pillage_cards",
            "mill",
            "draw",
            "may_draw",
            "discard_hand",
            "hand_limit",
            "flux",
            "rebuild",
            "level3",
            "minion_pick",
            "minion_all",
            "mulligan",
            "shuffle_back",
            "ability",
            "effect",
            "doom_order",
            "destroyed",
            "strip",
            "leave",
            "trim",
        )
    )
}
TURN_TASKS = np.array(
    [
        TASK[k]
        for k in (
            "gain_mana",
            "turn_abilities",
            "wave",
            "reinforce_phase",
            "outsider_pile",
            "rotate",
            "alliance_phase",
            "end_alliance",
            "treachery",
            "reactions",
            "fight_phase",
            "pillage_phase",
            "return_pillagers",
            "end_phase",
        )
    ],
    np.int64,
)
(
    TK_TURN,
    TK_GAIN_MANA,
    TK_TURN_ABILITIES,
    TK_WAVE,
    TK_REINFORCE_PHASE,
    TK_OUTSIDER_PILE,
    TK_ROTATE,
    TK_ALLIANCE_PHASE,
    TK_END_ALLIANCE,
    TK_TREACHERY,
    TK_REACTIONS,
    TK_FIGHT_PHASE,
    TK_PILLAGE_PHASE,
    TK_RETURN_PILLAGERS,
    TK_END_PHASE,
    TK_SUMMON,
    TK_ENTER,
    TK_TO_DISCARD,
    TK_BOOST,
    TK_REINFORCE,
    TK_TREACHERY_BONUS,
    TK_REVEAL,
    TK_TOKEN,
    TK_ACT,
    TK_PLAY,
    TK_USE,
    TK_ALLY_MOVE,
    TK_ALLY_ENGAGE,
    TK_TAUNT,
    TK_FIGHT_LANE,
    TK_ALLIANCE_FIGHT,
    TK_STRIKE,
    TK_ELUSIVE,
    TK_GROUP,
    TK_ORDER_GROUPS,
    TK_PILLAGE_BY,
    TK_PILLAGE_CARDS,
    TK_MILL,
    TK_DRAW,
    TK_MAY_DRAW,
    TK_DISCARD_HAND,
    TK_HAND_LIMIT,
    TK_FLUX,
    TK_REBUILD,
    TK_LEVEL3,
    TK_MINION_PICK,
    TK_MINION_ALL,
    TK_MULLIGAN,
    TK_SHUFFLE_BACK,
    TK_ABILITY,
    TK_EFFECT,
    TK_DOOM_ORDER,
    TK_DESTROYED,
    TK_STRIP,
    TK_LEAVE,
    TK_TRIM,
) = range(len(TASK))
NO_PICK = -(10**9)
CASTLE_PICK, PORTAL_PICK = -2, -3


@njit(cache=True, _nrt=False)
def push(S, kind, a0=0, a1=0, a2=0, a3=0, a4=0, pick=NO_PICK):
    """Put a task on top of the stack (it runs next)."""
    n = S[S_NT]
    if n >= MAXT:
        S[S_ERR] = 10
        return
    b = O_TASK + n * TF
    S[b] = kind
    S[b + 1] = a0
    S[b + 2] = a1
    S[b + 3] = a2
    S[b + 4] = a3
    S[b + 5] = a4
    S[b + 6] = pick
    S[b + 7] = 0
    S[S_NT] = n + 1


@njit(cache=True, _nrt=False)
def head_kind(S):
    if S[S_NT] == 0:
        return -1
    return S[O_TASK + (S[S_NT] - 1) * TF]


@njit(cache=True, _nrt=False)
def lose(S):
    S[S_RESULT] = 2
    S[S_PHASE] = PH_OVER
    S[S_NT] = 0


@njit(cache=True, _nrt=False)
def doom(S, uid):
    if S[S_DESTROYING] == uid or find(S, uid) < 0:
        return
    for i in range(S[S_NDOOM]):
        if S[O_DOOM + i] == uid:
            return
    if S[S_NDOOM] >= MAXD:
        S[S_ERR] = 11
        return
    S[O_DOOM + S[S_NDOOM]] = uid
    S[S_NDOOM] += 1


@njit(cache=True, _nrt=False)
def draws_on_destruction(S, slot):
    return ug(S, slot, U_SIDE) == HORDE and ug(S, slot, U_TOKEN) == 0 and ug(S, slot, U_CARD) >= 0


@njit(cache=True, _nrt=False)
def _has_destroyed_abilities(S, C, slot):
    c = ug(S, slot, U_CARD)
    return draws_on_destruction(S, slot) or (c >= 0 and C[c, C_DESTAB] > 0)


@njit(cache=True, _nrt=False)
def _start(S, uid):
    S[S_DESTROYING] = uid
    m = 0
    for i in range(S[S_NDOOM]):
        if S[O_DOOM + i] != uid:
            S[O_DOOM + m] = S[O_DOOM + i]
            m += 1
    S[S_NDOOM] = m
    push(S, TK_DESTROYED, uid)


@njit(cache=True, _nrt=False)
def _enchant_static(C, A, c):
    for ab in range(C[c, C_EN0], C[c, C_EN0] + C[c, C_NEN]):
        if A[ab, 0] == 7:
            return True
    return False


@njit(cache=True, _nrt=False)
def check(S, C, A, E):
    """State checks between steps (combat.check): losses, then destructions start."""
    if S[S_RESULT]:
        return
    if S[S_CHP] <= 0 and S[S_PHASE] != PH_SETUP:
        lose(S)
        return
    if S[S_OPT_EMPTY] == 0 and S[S_PHASE] != PH_SETUP:
        for seat in range(S[S_NPL]):
            if deck_size(S, seat) == 0:
                lose(S)
                return
    buf = scratch(S, SC_CHECK, MAXU)
    n = units(S, buf)
    # a static ability that may change health (else health = printed + tokens); while every
    # static reaches only its host (no ST_FAR) ``health`` reads just the unit's attachments
    exact = S[S_STATIC] == ST_ANY
    for j in range(n if S[S_STATIC] & ST_FAR else 0):
        c = ug(S, buf[j], U_CARD)
        if c >= 0 and C[c, C_SHP]:
            exact = True
        for a in range(ug(S, buf[j], U_NATT)):
            if C[ug(S, buf[j], U_ATT + a), C_SHP]:
                exact = True
    for j in range(S[S_NENCH] if S[S_STATIC] & ST_FAR else 0):
        if _enchant_static(C, A, S[O_ENCH + j]):
            exact = True
    for j in range(n):
        u = buf[j]
        uid = ug(S, u, U_UID)
        if uid == S[S_DESTROYING]:
            continue
        tagged = False
        for i in range(S[S_NDOOM]):
            if S[O_DOOM + i] == uid:
                tagged = True
        if tagged:
            continue
        c = ug(S, u, U_CARD)
        tower_out = c >= 0 and C[c, C_TYPE] == T_TOWER and ug(S, u, U_CHGD) and ug(S, u, U_CHG) == 0
        hp = health(S, C, A, E, u) if exact else (C[c, C_HP] if c >= 0 else 1) + ug(S, u, U_HP)
        if hp <= 0 or tower_out:
            doom(S, uid)
    if S[S_WIN] == 0 and S[S_NLINE] == 0:  # combat._outsider_falls: tagged, it is destroyed
        for i in range(S[S_NDOOM] + 1):
            uid = S[O_DOOM + i] if i < S[S_NDOOM] else S[S_DESTROYING]
            slot = find(S, uid) if uid else -1
            c = ug(S, slot, U_CARD) if slot >= 0 else -1
            if c >= 0 and (C[c, C_KIND] == K_OUTSIDER or C[c, C_KIND] == K_HENCHMAN):
                if C[c, C_TYPE] != T_APPENDAGE:
                    S[S_WIN] = 1
    if S[S_DESTROYING] or S[S_NDOOM] == 0:
        return
    k = head_kind(S)
    if k == TK_ELUSIVE or k == TK_DOOM_ORDER:
        return
    m = 0
    for i in range(S[S_NDOOM]):
        if find(S, S[O_DOOM + i]) >= 0:
            S[O_DOOM + m] = S[O_DOOM + i]
            m += 1
    S[S_NDOOM] = m
    if m == 0:
        return
    with_ab, first_ab = 0, -1
    for i in range(m):
        if _has_destroyed_abilities(S, C, find(S, S[O_DOOM + i])):
            with_ab += 1
            if first_ab < 0:
                first_ab = S[O_DOOM + i]
    if with_ab >= 2:  # the players choose (the bot: the first card tagged)
        _start(S, S[O_DOOM])
        return
    _start(S, first_ab if first_ab >= 0 else S[O_DOOM])


@njit(cache=True, _nrt=False)
def leave(S, C, uid):
    """Destruction step 3: the card leaves play."""
    slot = find(S, uid)
    c = ug(S, slot, U_CARD)
    remove_from_zone(S, slot)
    us(S, slot, U_LIVE, 0)
    S[S_DESTROYING] = 0
    if ug(S, slot, U_TOKEN):
        return
    kind = C[c, C_KIND]
    if kind == K_MINION:
        S[O_DEAD + c] = 1
        return
    if kind == K_OUTSIDER or kind == K_HENCHMAN:
        S[S_NOUT] += 1
        if C[c, C_TYPE] == T_APPENDAGE:
            return
        if S[S_NLINE] > 0:
            nxt = S[O_LINE]
            for j in range(S[S_NLINE] - 1):
                S[O_LINE + j] = S[O_LINE + j + 1]
            S[S_NLINE] -= 1
            pile_push(S, nxt, False)
        return  # the win was marked when it was tagged (check)
    discard_to(S, C, c, ug(S, slot, U_OWNER) if ug(S, slot, U_SIDE) == 1 else -1)


@njit(cache=True, _nrt=False)
def strip(S, C, uid):
    """Destruction step 2: tokens and attachments are discarded."""
    slot = find(S, uid)
    for a in range(ug(S, slot, U_NATT)):
        discard_to(S, C, ug(S, slot, U_ATT + a), ug(S, slot, U_ATTOWN + a))
    for f in range(U_HP, U_CHG + 1):
        us(S, slot, f, 0)
    us(S, slot, U_NATT, 0)


@njit(cache=True, _nrt=False)
def card_to_hand(S, seat, card):
    S[O_HAND + seat * MAXC + card] += 1
    S[S_NHAND + seat] += 1


@njit(cache=True, _nrt=False)
def card_to_discard(S, seat, card):
    S[O_DISC + seat * MAXC + card] += 1
    S[S_NDISC + seat] += 1


@njit(cache=True, _nrt=False)
def take_from_deck(S, U, seat, to_hand):
    """Draw (to the hand) or pillage (to the discard pile) the top card; False: deck empty."""
    if deck_size(S, seat) == 0:
        if S[S_OPT_EMPTY] == 1:
            lose(S)
        return False
    card = deck_take_top(S, U, seat)
    if to_hand:
        card_to_hand(S, seat, card)
    else:
        card_to_discard(S, seat, card)
    return True
