"""Fast simulator handlers (numba) for the alliance phase and reactions: ``alliance.py`` with
the sensible bot deciding inline (the fight, pillage and end are in ``fight.py``)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    attach_to,
    discard_to,
    move_to_lane,
    new_unit,
    place,
)
from hordes_kit.skytear.fast.bot import (
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
from hordes_kit.skytear.fast.core import (
    ALLIANCE,
    KW_TAUNT,
    MAXC,
    O_ALY,
    O_BACK,
    O_HAND,
    O_MON,
    PH_ALLIANCE,
    PH_REACTIONS,
    PH_TREACHERY,
    S_ACTOR,
    S_CASTLE,
    S_CEXH,
    S_DONE,
    S_MANA,
    S_NBACK,
    S_NHAND,
    S_NPL,
    S_PHASE,
    SC_MOVE_LANES,
    SC_OPTS,
    SC_PLAY_LANES,
    T_ALLY,
    T_ATTACHMENT,
    T_SPELL,
    T_TOWER,
    U_CHG,
    U_EXH,
    U_UID,
    engaged_with,
    find,
    is_ally,
    lane_of,
    scratch,
    ug,
    us,
)
from hordes_kit.skytear.fast.stats import (
    attack,
    health,
    keyword,
)
from hordes_kit.skytear.fast.tables import A_CHARGE, A_MANA, C_COST, C_TYPE
from hordes_kit.skytear.fast.tasks import (
    TK_ABILITY,
    TK_ACT,
    TK_ALLY_ENGAGE,
    TK_ALLY_MOVE,
    TK_DRAW,
    TK_PLAY,
    TK_REVEAL,
    TK_TAUNT,
    TK_USE,
    doom,
    push,
)
from hordes_kit.skytear.fast.turn import push_abilities

TRIG_PLAY, TRIG_FIGHT, TRIG_PILLAGE, TRIG_AFTER = 0, 1, 5, 6


@njit(cache=True, _nrt=False)
def t_phase_start(S, phase):
    """alliance_phase / reactions: everyone may act again, player 1 first."""
    S[S_PHASE] = PH_ALLIANCE if phase == 0 else PH_REACTIONS
    for i in range(S[S_NPL]):
        S[S_DONE + i] = 0
    S[S_ACTOR] = 0
    push(S, TK_ACT, phase)


@njit(cache=True, _nrt=False)
def t_act(S, C, A, E, phase):
    seat = S[S_ACTOR]
    opts = scratch(S, SC_OPTS, 64 * 3).reshape((64, 3))
    n = menu(S, C, A, E, seat, phase, opts)
    i = 0 if n == 1 else act_choice(S, C, A, E, seat, opts, n, phase)
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


@njit(cache=True, _nrt=False)
def t_play(S, C, A, E, seat, card):
    ty = C[card, C_TYPE]
    lane, host = -1, -1
    if ty == T_ALLY or ty == T_TOWER:
        lanes = scratch(S, SC_PLAY_LANES, 6)
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


@njit(cache=True, _nrt=False)
def _exhaust(S, A, src, seat, mana, charge):
    if src < 0:
        S[S_CEXH] = 1
    else:
        us(S, src, U_EXH, 1)
        us(S, src, U_CHG, ug(S, src, U_CHG) - charge)
    S[S_MANA + seat] -= mana


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def t_ally_move(S, C, A, E, uid):
    u = find(S, uid)
    lanes = scratch(S, SC_MOVE_LANES, 6)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def t_end_alliance(S):
    S[S_PHASE] = PH_TREACHERY
    push(S, TK_TAUNT, 0)
    for i in range(5, -1, -1):
        m = S[O_MON + i]
        if m >= 0 and ug(S, m, 2) < 0:
            push(S, TK_REVEAL, ug(S, m, U_UID))


@njit(cache=True, _nrt=False)
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
