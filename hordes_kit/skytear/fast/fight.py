"""Fast simulator handlers (numba) for the fight, pillage and end phases: ``fight.py`` with the
sensible bot deciding inline."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    hurt_portal,
    move_to_back,
    move_to_lane,
)
from hordes_kit.skytear.fast.core import (
    KW_BARRIER,
    KW_DEFENDER,
    KW_ELUSIVE,
    KW_PILLAGER,
    KW_TRAMPLE,
    MAXU,
    O_ALY,
    O_BACK,
    O_MON,
    PH_END,
    PH_FIGHT,
    PH_OVER,
    PH_PILLAGE,
    S_BOOSTED,
    S_CEXH,
    S_CHP,
    S_NBACK,
    S_NPL,
    S_NT,
    S_PHASE,
    S_RESULT,
    S_WIN,
    SC_END,
    U_EXH,
    U_HALT,
    U_STRUCK,
    U_UID,
    find,
    is_ally,
    lane_of,
    scratch,
    ug,
    units,
    us,
)
from hordes_kit.skytear.fast.phases import TRIG_AFTER, TRIG_FIGHT, TRIG_PILLAGE
from hordes_kit.skytear.fast.stats import (
    armor_left,
    attack,
    damage_of,
    has,
    health,
    keyword,
)
from hordes_kit.skytear.fast.tables import C_PILLAB
from hordes_kit.skytear.fast.tasks import (
    TK_ALLIANCE_FIGHT,
    TK_ELUSIVE,
    TK_FIGHT_LANE,
    TK_HAND_LIMIT,
    TK_ORDER_GROUPS,
    TK_PILLAGE_BY,
    TK_PILLAGE_CARDS,
    TK_REVEAL,
    TK_STRIKE,
    TK_TURN,
    push,
)
from hordes_kit.skytear.fast.turn import push_abilities


@njit(cache=True, _nrt=False)
def t_fight_phase(S):
    S[S_PHASE] = PH_FIGHT
    for i in range(5, -1, -1):
        push(S, TK_FIGHT_LANE, i)


@njit(cache=True, _nrt=False)
def t_fight_lane(S, C, A, lane, revealed):
    m = S[O_MON + lane]
    if m >= 0 and ug(S, m, 2) < 0:
        if revealed:  # fight.fight_lane: a card a revealed spell concealed stays face down
            push(S, TK_STRIKE, lane, 1)
            push(S, TK_ALLIANCE_FIGHT, lane)
            return
        push(S, TK_FIGHT_LANE, lane, 1)
        push(S, TK_REVEAL, ug(S, m, U_UID))
        return
    push(S, TK_STRIKE, lane)
    push(S, TK_ALLIANCE_FIGHT, lane)
    if m >= 0:
        push_abilities(S, C, A, ug(S, m, U_UID), ug(S, m, 2), TRIG_FIGHT, -1, 0)


@njit(cache=True, _nrt=False)
def t_alliance_fight(S, C, A, lane):
    a = S[O_ALY + lane]
    if a >= 0:
        push_abilities(S, C, A, ug(S, a, U_UID), ug(S, a, 2), TRIG_FIGHT, ug(S, a, 4), 0)


@njit(cache=True, _nrt=False)
def trample_excess(amount, armor_left_, barrier, damaged, hp):
    used = min(max(0, armor_left_), amount)
    rest = amount - used
    if rest > 0 and barrier and not damaged:
        return 0
    return max(0, rest - hp) if rest >= hp else 0


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def hurt_castle(S, n):
    if n > 0:
        S[S_CHP] -= n


@njit(cache=True, _nrt=False)
def _push_after(S, C, A, slot):
    if slot >= 0 and find(S, ug(S, slot, U_UID)) >= 0:
        push_abilities(S, C, A, ug(S, slot, U_UID), ug(S, slot, 2), TRIG_AFTER, ug(S, slot, 4), 0)


@njit(cache=True, _nrt=False)
def t_strike(S, C, A, E, P, lane, revealed):
    m, a = S[O_MON + lane], S[O_ALY + lane]
    ally = a if a >= 0 and is_ally(S, C, a) else -1
    if m >= 0 and ug(S, m, 2) < 0:
        if revealed:  # fight.strike: revealed once; the new face-down card waits
            return
        push(S, TK_STRIKE, lane, 1)
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
        deal(S, C, A, E, ally, dm - castle)  # trample damage is split, never doubled
        deal(S, C, A, E, m, da - portal)
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


@njit(cache=True, _nrt=False)
def t_elusive(S, C, A, E, uid, x):
    u = find(S, uid)
    lane = lane_of(S, u) if u >= 0 else -1
    if lane < 0:
        return
    for i in range(6):  # the bot: the first lane to its right where a monster waits
        if S[O_ALY + i] < 0 and 0 < abs(i - lane) <= x and i > lane and S[O_MON + i] >= 0:
            move_to_lane(S, u, i)
            return


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def t_return_pillagers(S, C, A, E):
    for i in range(6):
        m = S[O_MON + i]
        if m >= 0 and keyword(S, C, A, E, m, KW_PILLAGER):
            move_to_back(S, m)


@njit(cache=True, _nrt=False)
def t_end_phase(S):
    if S[S_WIN]:
        S[S_RESULT] = 1
        S[S_PHASE] = PH_OVER
        S[S_NT] = 0
        return
    buf = scratch(S, SC_END, MAXU)
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
