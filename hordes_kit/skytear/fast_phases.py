"""Fast simulator handlers (numba) for the alliance phase, reactions, fight, pillage and end:
``alliance.py`` and ``fight.py`` with the sensible bot deciding inline."""

from __future__ import annotations

import numpy as np
from numba import njit

from hordes_kit.skytear.fast_board import (
    attach_to,
    discard_to,
    hurt_portal,
    move_to_back,
    move_to_lane,
    new_unit,
    place,
)
from hordes_kit.skytear.fast_bot import (
    KEY_DRAW,
    KEY_ENGAGE,
    KEY_MOVE,
    OP_DISCARD,
    OP_DONE,
    OP_HANDOVER,
    OP_PLAY,
    OP_USE,
    act_choice,
    ally_lane,
    engage_target,
    menu,
    move_lane,
    tower_lane,
)
from hordes_kit.skytear.fast_core import (
    ALLIANCE,
    KW_BARRIER,
    KW_DEFENDER,
    KW_ELUSIVE,
    KW_PILLAGER,
    KW_TAUNT,
    KW_TRAMPLE,
    MAXC,
    MAXU,
    O_ALY,
    O_BACK,
    O_HAND,
    O_MON,
    PH_ALLIANCE,
    PH_END,
    PH_FIGHT,
    PH_OVER,
    PH_PILLAGE,
    PH_REACTIONS,
    PH_TREACHERY,
    S_ACTOR,
    S_BOOSTED,
    S_CASTLE,
    S_CEXH,
    S_CHP,
    S_DONE,
    S_MANA,
    S_NBACK,
    S_NHAND,
    S_NPL,
    S_NT,
    S_PHASE,
    S_RESULT,
    S_WIN,
    T_ALLY,
    T_ATTACHMENT,
    T_SPELL,
    T_TOWER,
    U_CHG,
    U_EXH,
    U_HALT,
    U_STRUCK,
    U_UID,
    armor_left,
    attack,
    damage_of,
    engaged_with,
    find,
    has,
    health,
    is_ally,
    keyword,
    lane_of,
    ug,
    units,
    us,
)
from hordes_kit.skytear.fast_tables import A_CHARGE, A_MANA, C_COST, C_PILLAB, C_TYPE
from hordes_kit.skytear.fast_tasks import (
    TK_ABILITY,
    TK_ACT,
    TK_ALLIANCE_FIGHT,
    TK_ALLY_ENGAGE,
    TK_ALLY_MOVE,
    TK_DRAW,
    TK_ELUSIVE,
    TK_FIGHT_LANE,
    TK_HAND_LIMIT,
    TK_ORDER_GROUPS,
    TK_PILLAGE_BY,
    TK_PILLAGE_CARDS,
    TK_PLAY,
    TK_REVEAL,
    TK_STRIKE,
    TK_TAUNT,
    TK_TURN,
    TK_USE,
    doom,
    push,
)
from hordes_kit.skytear.fast_turn import push_abilities

TRIG_PLAY, TRIG_FIGHT, TRIG_PILLAGE, TRIG_AFTER = 0, 1, 5, 6


@njit(cache=True)
def t_phase_start(S, phase):
    """alliance_phase / reactions: everyone may act again, player 1 first."""
    S[S_PHASE] = PH_ALLIANCE if phase == 0 else PH_REACTIONS
    for i in range(S[S_NPL]):
        S[S_DONE + i] = 0
    S[S_ACTOR] = 0
    push(S, TK_ACT, phase)


@njit(cache=True)
def t_act(S, C, A, E, phase):
    seat = S[S_ACTOR]
    opts = np.empty((64, 3), np.int64)
    n = menu(S, C, A, E, seat, phase, opts)
    i = 0 if n == 1 else act_choice(S, C, A, E, seat, opts, n)
    what, a, b = opts[i, 0], opts[i, 1], opts[i, 2]
    if what == OP_DONE:
        S[S_DONE + seat] = 1
        other = 1 - seat
        if S[S_NPL] > 1 and not S[S_DONE + other]:
            S[S_ACTOR] = other
            push(S, TK_ACT, phase)
        return
    if what == OP_HANDOVER:
        S[S_ACTOR] = 1 - seat
        push(S, TK_ACT, phase)
        return
    push(S, TK_ACT, phase)
    if what == OP_PLAY:
        push(S, TK_PLAY, seat, a)
    elif what == OP_USE:
        push(S, TK_USE, seat, ug(S, a, U_UID) if a >= 0 else -1, b)
    elif what == OP_DISCARD:
        doom(S, ug(S, a, U_UID))


@njit(cache=True)
def t_play(S, C, A, E, seat, card):
    ty = C[card, C_TYPE]
    lane, host = -1, -1
    if ty == T_ALLY or ty == T_TOWER:
        lanes = np.empty(6, np.int64)
        n = 0
        for i in range(6):
            if S[O_ALY + i] < 0:
                lanes[n] = i
                n += 1
        if n == 1:
            lane = lanes[0]
        elif ty == T_TOWER:
            lane = tower_lane(S, lanes, n)
        else:
            lane = ally_lane(S, C, A, E, lanes, n)
    elif ty == T_ATTACHMENT:  # the strongest ally, else nothing
        for i in range(6):
            u = S[O_ALY + i]
            if u < 0 or not is_ally(S, C, u):
                continue
            if host < 0:
                host = u
                continue
            au, ah = attack(S, C, A, E, u), attack(S, C, A, E, host)
            hu, hh = health(S, C, A, E, u), health(S, C, A, E, host)
            if au > ah or (au == ah and hu > hh) or (au == ah and hu == hh):
                host = u  # equal power: the later lane (the larger action id)
    S[O_HAND + seat * MAXC + card] -= 1
    S[S_NHAND + seat] -= 1
    S[S_MANA + seat] -= C[card, C_COST]
    if ty == T_ALLY or ty == T_TOWER:
        k = new_unit(S, card, ALLIANCE, seat)
        place(S, k, lane)
        push_abilities(S, C, A, ug(S, k, U_UID), card, TRIG_PLAY, seat, 0)
        return
    if ty == T_SPELL:
        discard_to(S, C, card, seat)
        push_abilities(S, C, A, 0, card, TRIG_PLAY, seat, 0)
        return
    if host < 0:
        discard_to(S, C, card, seat)
        return
    attach_to(S, host, card, seat)
    push_abilities(S, C, A, 0, card, TRIG_PLAY, seat, 0)


@njit(cache=True)
def _exhaust(S, A, src, seat, mana, charge):
    if src < 0:
        S[S_CEXH] = 1
    else:
        us(S, src, U_EXH, 1)
        us(S, src, U_CHG, ug(S, src, U_CHG) - charge)
    S[S_MANA + seat] -= mana


@njit(cache=True)
def t_use(S, C, A, E, seat, uid, key):
    if uid < 0:
        if key == KEY_DRAW:
            _exhaust(S, A, -1, seat, 1, 0)
            push(S, TK_DRAW, seat, 1)
            return
        _exhaust(S, A, -1, seat, A[key, A_MANA], 0)
        push(S, TK_ABILITY, 0, S[S_CASTLE], key, seat)
        return
    src = find(S, uid)
    if key >= 0:
        _exhaust(S, A, src, seat, A[key, A_MANA], A[key, A_CHARGE])
        push(S, TK_ABILITY, uid, ug(S, src, 2), key, seat)
        return
    _exhaust(S, A, src, seat, 0, 0)
    if key == KEY_MOVE:
        push(S, TK_ALLY_MOVE, uid, seat, 0)
    elif key == KEY_ENGAGE:
        push(S, TK_ALLY_ENGAGE, uid, seat, 0)


@njit(cache=True)
def t_ally_move(S, C, A, E, uid):
    u = find(S, uid)
    lanes = np.empty(6, np.int64)
    n = 0
    for i in range(6):
        if S[O_ALY + i] < 0:
            lanes[n] = i
            n += 1
    if u < 0 or n == 0:
        return
    lane = lanes[0]
    if n > 1:
        best = move_lane(S, C, A, E, u)
        for j in range(n):
            if lanes[j] == best:
                lane = best
    move_to_lane(S, u, lane)


@njit(cache=True)
def t_ally_engage(S, C, A, E, uid):
    u = find(S, uid)
    lane = lane_of(S, u) if u >= 0 else -1
    if lane < 0 or S[O_MON + lane] >= 0 or S[S_NBACK] == 0:
        return
    m = S[O_BACK]
    if S[S_NBACK] > 1:
        best = engage_target(S, C, A, E, u)
        if best >= 0:
            m = best
    move_to_lane(S, m, lane)


@njit(cache=True)
def t_end_alliance(S):
    S[S_PHASE] = PH_TREACHERY
    push(S, TK_TAUNT, 0)
    for i in range(5, -1, -1):
        m = S[O_MON + i]
        if m >= 0 and ug(S, m, 2) < 0:
            push(S, TK_REVEAL, ug(S, m, U_UID))


@njit(cache=True)
def t_taunt(S, C, A, E, start):
    for lane in range(start, 6):
        m = S[O_MON + lane]
        if m < 0 or ug(S, m, 2) < 0 or not keyword(S, C, A, E, m, KW_TAUNT):
            continue
        if engaged_with(S, C, m) >= 0 or S[O_ALY + lane] >= 0:
            continue
        best, near = -1, 99
        for i in range(6):
            a = S[O_ALY + i]
            if a < 0 or not is_ally(S, C, a):
                continue
            foe = engaged_with(S, C, a)
            if foe >= 0 and keyword(S, C, A, E, foe, KW_TAUNT):
                continue
            d = abs(i - lane)
            if d < near:  # ties: the first (smallest reference) is the bot's
                best, near = a, d
        if best < 0:
            return
        move_to_lane(S, best, lane)
        push(S, TK_TAUNT, lane + 1)
        return


@njit(cache=True)
def t_fight_phase(S):
    S[S_PHASE] = PH_FIGHT
    for i in range(5, -1, -1):
        push(S, TK_FIGHT_LANE, i)


@njit(cache=True)
def t_fight_lane(S, C, A, lane):
    m = S[O_MON + lane]
    if m >= 0 and ug(S, m, 2) < 0:
        push(S, TK_FIGHT_LANE, lane)
        push(S, TK_REVEAL, ug(S, m, U_UID))
        return
    push(S, TK_STRIKE, lane)
    push(S, TK_ALLIANCE_FIGHT, lane)
    if m >= 0:
        push_abilities(S, C, A, ug(S, m, U_UID), ug(S, m, 2), TRIG_FIGHT, -1, 0)


@njit(cache=True)
def t_alliance_fight(S, C, A, lane):
    a = S[O_ALY + lane]
    if a >= 0:
        push_abilities(S, C, A, ug(S, a, U_UID), ug(S, a, 2), TRIG_FIGHT, ug(S, a, 4), 0)


@njit(cache=True)
def trample_excess(amount, armor_left_, barrier, damaged, hp):
    used = min(max(0, armor_left_), amount)
    rest = amount - used
    if rest > 0 and barrier and not damaged:
        return 0
    return max(0, rest - hp) if rest >= hp else 0


@njit(cache=True)
def deal(S, C, A, E, slot, n):
    """A unit takes n damage: armor first, then a Barrier caps it at one."""
    if slot < 0 or n <= 0:
        return
    used = min(armor_left(S, C, A, E, slot), n)
    rest = n - used
    if rest > 0 and has(S, C, A, E, slot, KW_BARRIER) and damage_of(S, slot) == 0:
        rest = 1
    us(S, slot, 5, ug(S, slot, 5) - rest)
    us(S, slot, 10, ug(S, slot, 10) + used)


@njit(cache=True)
def hurt_castle(S, n):
    if n > 0:
        S[S_CHP] -= n


@njit(cache=True)
def _push_after(S, C, A, slot):
    if slot >= 0 and find(S, ug(S, slot, U_UID)) >= 0:
        push_abilities(S, C, A, ug(S, slot, U_UID), ug(S, slot, 2), TRIG_AFTER, ug(S, slot, 4), 0)


@njit(cache=True)
def t_strike(S, C, A, E, P, lane):
    m, a = S[O_MON + lane], S[O_ALY + lane]
    ally = a if a >= 0 and is_ally(S, C, a) else -1
    if m >= 0 and ug(S, m, 2) < 0:
        push(S, TK_STRIKE, lane)
        push(S, TK_REVEAL, ug(S, m, U_UID))
        return
    if m >= 0 and ally >= 0:
        dm, da = attack(S, C, A, E, m), attack(S, C, A, E, ally)
        castle = portal = 0
        if has(S, C, A, E, m, KW_TRAMPLE):
            castle = trample_excess(
                dm,
                armor_left(S, C, A, E, ally),
                has(S, C, A, E, ally, KW_BARRIER),
                damage_of(S, ally) > 0,
                health(S, C, A, E, ally),
            )
        if has(S, C, A, E, ally, KW_TRAMPLE):
            portal = trample_excess(
                da,
                armor_left(S, C, A, E, m),
                has(S, C, A, E, m, KW_BARRIER),
                damage_of(S, m) > 0,
                health(S, C, A, E, m),
            )
        first_time = ug(S, ally, U_STRUCK) == 0
        deal(S, C, A, E, ally, dm)
        deal(S, C, A, E, m, da)
        hurt_castle(S, castle)
        hurt_portal(S, P, portal, False)
        # after-striking (monster's, then ally's: the bot keeps the order), below the Elusive
        _push_after(S, C, A, ally)
        _push_after(S, C, A, m)
        us(S, ally, U_STRUCK, 1)
        x = keyword(S, C, A, E, ally, KW_ELUSIVE)
        if x and first_time:
            push(S, TK_ELUSIVE, ug(S, ally, U_UID), x)
        return
    if ally >= 0:
        if keyword(S, C, A, E, ally, KW_DEFENDER):
            return
        hurt_portal(S, P, attack(S, C, A, E, ally), False)
        _push_after(S, C, A, ally)
        return
    if m >= 0:
        hurt_castle(S, attack(S, C, A, E, m))
        _push_after(S, C, A, m)


@njit(cache=True)
def t_elusive(S, C, A, E, uid, x):
    u = find(S, uid)
    lane = lane_of(S, u) if u >= 0 else -1
    if lane < 0:
        return
    for i in range(6):  # the bot: the first lane to its right where a monster waits
        if S[O_ALY + i] < 0 and 0 < abs(i - lane) <= x and i > lane and S[O_MON + i] >= 0:
            move_to_lane(S, u, i)
            return


@njit(cache=True)
def t_pillage_phase(S, C, A, E):
    S[S_PHASE] = PH_PILLAGE
    n = S[S_NBACK]
    any_ab = False
    for i in range(n):
        c = ug(S, S[O_BACK + i], 2)
        if c < 0 or C[c, C_PILLAB]:
            any_ab = True
    if not any_ab:
        total = 0
        for i in range(n):
            u = S[O_BACK + i]
            if not (ug(S, u, U_HALT) & 1):
                total += attack(S, C, A, E, u)
        if n and total:
            push(S, TK_PILLAGE_CARDS, total)
        return
    nab = 0
    for i in range(n):
        c = ug(S, S[O_BACK + i], 2)
        if c >= 0 and C[c, C_PILLAB]:
            nab += 1
    if nab > 1:
        # plain groups first, then those with abilities, the first reference first each time
        push(S, TK_ORDER_GROUPS)
        for i in range(n - 1, -1, -1):
            u = S[O_BACK + i]
            c = ug(S, u, 2)
            if not (c >= 0 and C[c, C_PILLAB]):
                push(S, TK_PILLAGE_BY, ug(S, u, U_UID))
        return
    for i in range(n - 1, -1, -1):
        u = S[O_BACK + i]
        push_abilities(S, C, A, ug(S, u, U_UID), ug(S, u, 2), TRIG_PILLAGE, -1, 0)
        push(S, TK_PILLAGE_BY, ug(S, u, U_UID))


@njit(cache=True)
def t_order_groups(S, C, A):
    """The groups still to pillage (back-line cards with "Pillage:" abilities; those done carry
    bit 2 of their halted flag): the bot takes them in back-line order."""
    best = -1
    for i in range(S[S_NBACK]):
        u = S[O_BACK + i]
        c = ug(S, u, 2)
        if c >= 0 and C[c, C_PILLAB] and not (ug(S, u, U_HALT) & 2):
            best = u
            break
    if best < 0:
        return
    us(S, best, U_HALT, ug(S, best, U_HALT) | 2)
    push(S, TK_ORDER_GROUPS)
    push_abilities(S, C, A, ug(S, best, U_UID), ug(S, best, 2), TRIG_PILLAGE, -1, 0)
    push(S, TK_PILLAGE_BY, ug(S, best, U_UID))


@njit(cache=True)
def t_pillage_by(S, C, A, E, uid):
    u = find(S, uid)
    if u < 0:
        return
    inback = False
    for i in range(S[S_NBACK]):
        if S[O_BACK + i] == u:
            inback = True
    if not inback or (ug(S, u, U_HALT) & 1):
        return
    n = attack(S, C, A, E, u)
    if n > 0:
        push(S, TK_PILLAGE_CARDS, n)


@njit(cache=True)
def t_return_pillagers(S, C, A, E):
    for i in range(6):
        m = S[O_MON + i]
        if m >= 0 and keyword(S, C, A, E, m, KW_PILLAGER):
            move_to_back(S, m)


@njit(cache=True)
def t_end_phase(S):
    if S[S_WIN]:
        S[S_RESULT] = 1
        S[S_PHASE] = PH_OVER
        S[S_NT] = 0
        return
    buf = np.empty(MAXU, np.int64)
    n = units(S, buf)
    for i in range(n):
        u = buf[i]
        us(S, u, 10, 0)
        us(S, u, 7, 0)
        us(S, u, 9, 0)
        us(S, u, U_EXH, 0)
        us(S, u, U_STRUCK, 0)
        us(S, u, U_HALT, 0)
    S[S_CEXH] = 0
    S[S_BOOSTED] = 0
    S[S_PHASE] = PH_END
    push(S, TK_TURN)
    for i in range(S[S_NPL] - 1, -1, -1):
        push(S, TK_HAND_LIMIT, i)
