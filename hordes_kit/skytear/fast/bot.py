"""The sensible bot and the alliance menu in the fast simulator (numba), mirroring
``bots.sensible_policy`` and ``alliance.menu``: the same choice in every position, ties
broken as the action ids sort (card numbers follow id order; ``ref_key`` orders units)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    deck_size,
)
from hordes_kit.skytear.fast.core import (
    ALLIANCE,
    HORDE,
    KW_DEFENDER,
    KW_FAST,
    MAXC,
    MAXU,
    O_ALY,
    O_BACK,
    O_HAND,
    O_MON,
    S_CASTLE,
    S_CDRAW,
    S_CEXH,
    S_DEFEND,
    S_DONE,
    S_MANA,
    S_NBACK,
    S_NCARDS,
    S_NHAND,
    S_NPL,
    S_OPT_REACT,
    S_RESERVE,
    SC_ACT_DONE,
    SC_ACT_THREATS,
    SC_ALLY_LANE,
    SC_MOVE_LANE,
    SC_USEFUL,
    T_ALLY,
    T_ATTACHMENT,
    T_SPELL,
    T_TOWER,
    TG_CASTLE,
    TG_NONE,
    TG_PORTAL,
    U_CARD,
    U_CHG,
    U_EXH,
    U_OWNER,
    U_SIDE,
    engaged_with,
    is_ally,
    is_minion,
    lane_of,
    ref_key,
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
from hordes_kit.skytear.fast.tables import (
    A_CHARGE,
    A_E0,
    A_MANA,
    A_NE,
    A_REACT,
    A_TRIG,
    C_AB0,
    C_COST,
    C_KW,
    C_NAB,
    C_REACT,
    C_TYPE,
    E_AMOUNT,
    E_TARGET,
    E_VERB,
)
from hordes_kit.skytear.fast.targets import (
    candidates,
)

# verbs (tables.VERB)
VB_DAMAGE, VB_HEAL, VB_ATTACK, VB_TATTACK, VB_ARMOR, VB_TARMOR, VB_DESTROY = 0, 1, 2, 3, 4, 5, 6
VB_EXHAUST, VB_BAIT, VB_HALT, VB_DRAW, VB_MANA, VB_ASSAULT, VB_GUERRILLA = 8, 11, 14, 16, 17, 18, 19
VB_REBUILD, VB_FLUX, VB_CHARGES, VB_TOKEN = 20, 22, 23, 27
TRIG_PLAY, TRIG_EXHAUST = 0, 3
# menu options: (what, a, b): play card / use slot key / discard slot / done / handover
OP_PLAY, OP_USE, OP_DISCARD, OP_DONE, OP_HANDOVER = 0, 1, 2, 3, 4
KEY_MOVE, KEY_SWAP, KEY_ENGAGE, KEY_FAST, KEY_DRAW = -1, -2, -3, -4, -5
DRAW_KEEP, DRAW_HAND = 8, 5


@njit(cache=True, _nrt=False)
def harms(verb, amount):
    if verb in (VB_DAMAGE, VB_DESTROY, VB_BAIT, VB_GUERRILLA, VB_HALT, VB_EXHAUST):
        return True
    return verb in (VB_ATTACK, VB_TATTACK, VB_ARMOR, VB_TARMOR) and amount < 0


@njit(cache=True, _nrt=False)
def _power_gt(S, C, A, E, u, v):
    """power(u) > power(v): attack, then health."""
    au, av = attack(S, C, A, E, u), attack(S, C, A, E, v)
    if au != av:
        return au > av
    return health(S, C, A, E, u) > health(S, C, A, E, v)


@njit(cache=True, _nrt=False)
def _power_eq(S, C, A, E, u, v):
    return attack(S, C, A, E, u) == attack(S, C, A, E, v) and health(S, C, A, E, u) == health(
        S, C, A, E, v
    )


@njit(cache=True, _nrt=False)
def pick_unit(S, C, A, E, opts, n, verb, amount):
    """bots._pick_unit: among unit options (in option order), which to target."""
    harm = harms(verb, amount)
    best = -1
    mons = False
    for i in range(n):
        if ug(S, opts[i], U_SIDE) == HORDE:
            mons = True
    if harm and mons:  # max (power, id) among monsters
        for i in range(n):
            u = opts[i]
            if ug(S, u, U_SIDE) != HORDE:
                continue
            if (
                best < 0
                or _power_gt(S, C, A, E, u, best)
                or (_power_eq(S, C, A, E, u, best) and ref_key(S, u) > ref_key(S, best))
            ):
                best = u
        return best
    allies = False
    for i in range(n):
        if ug(S, opts[i], U_SIDE) == ALLIANCE:
            allies = True
    if harm:  # max (health, id) among the allies
        for i in range(n):
            u = opts[i]
            h, hb = health(S, C, A, E, u), health(S, C, A, E, best) if best >= 0 else 0
            if best < 0 or h > hb or (h == hb and ref_key(S, u) > ref_key(S, best)):
                best = u
        return best
    if allies:
        if verb == VB_HEAL:
            for i in range(n):
                u = opts[i]
                if ug(S, u, U_SIDE) != ALLIANCE:
                    continue
                d, db = damage_of(S, u), damage_of(S, best) if best >= 0 else 0
                if best < 0 or d > db or (d == db and ref_key(S, u) > ref_key(S, best)):
                    best = u
            return best
        engaged = False
        for i in range(n):
            u = opts[i]
            if ug(S, u, U_SIDE) == ALLIANCE and engaged_with(S, C, u) >= 0:
                engaged = True
        for i in range(n):
            u = opts[i]
            if ug(S, u, U_SIDE) != ALLIANCE or (engaged and engaged_with(S, C, u) < 0):
                continue
            if (
                best < 0
                or _power_gt(S, C, A, E, u, best)
                or (_power_eq(S, C, A, E, u, best) and ref_key(S, u) > ref_key(S, best))
            ):
                best = u
        return best
    for i in range(n):  # only monsters, not harmful: min (power, id)
        u = opts[i]
        if (
            best < 0
            or _power_gt(S, C, A, E, best, u)
            or (_power_eq(S, C, A, E, u, best) and ref_key(S, u) < ref_key(S, best))
        ):
            best = u
    return best


@njit(cache=True, _nrt=False)
def effect_useful(S, C, A, E, e, src):
    """bots._effect_useful."""
    verb = E[e, E_VERB]
    if verb in (VB_MANA, VB_DRAW, VB_CHARGES, VB_REBUILD, VB_FLUX, VB_TOKEN, VB_ASSAULT):
        return True
    buf = scratch(S, SC_USEFUL, MAXU)
    if verb == VB_GUERRILLA:
        n = units(S, buf)
        for i in range(n):
            if is_minion(S, C, buf[i]) and ug(S, buf[i], 5) > 0:
                return True
        return False
    t = E[e, E_TARGET]
    if t == TG_NONE:
        return False
    if t == TG_CASTLE:
        return verb != VB_DAMAGE
    if t == TG_PORTAL:
        return True
    n = candidates(S, C, A, E, t, src, buf)
    for i in range(n):
        u = buf[i]
        side = ug(S, u, U_SIDE)
        if harms(verb, E[e, E_AMOUNT]):
            if side == HORDE:
                return True
        elif verb == VB_HEAL:
            if side == ALLIANCE and damage_of(S, u) > 0:
                return True
        elif side == ALLIANCE:
            return True
    return False


@njit(cache=True, _nrt=False)
def useful(S, C, A, E, card, src, trigger):
    for ab in range(C[card, C_AB0], C[card, C_AB0] + C[card, C_NAB]):
        if A[ab, A_TRIG] != trigger:
            continue
        for e in range(A[ab, A_E0], A[ab, A_E0] + A[ab, A_NE]):
            if effect_useful(S, C, A, E, e, src):
                return True
    return False


@njit(cache=True, _nrt=False)
def threats(S, C, A, E, out):
    """bots._threats: lanes with an unengaged monster and no alliance card, strongest first."""
    k = 0
    for i in range(6):
        m = S[O_MON + i]
        if m >= 0 and S[O_ALY + i] < 0 and ug(S, m, U_CARD) >= 0:
            out[k] = i
            k += 1
    if S[S_DEFEND] == 1:  # the leftmost first: lane order
        return k
    sign = 1 if S[S_DEFEND] == 2 else -1  # the weakest first, else the strongest
    for i in range(1, k):  # insertion sort by (sign * attack, lane)
        x = out[i]
        ax = sign * attack(S, C, A, E, S[O_MON + x])
        j = i - 1
        while j >= 0 and sign * attack(S, C, A, E, S[O_MON + out[j]]) > ax:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return k


@njit(cache=True, _nrt=False)
def ally_lane(S, C, A, E, lanes, n):
    """bots._ally_lane among ``lanes[:n]``."""
    t = scratch(S, SC_ALLY_LANE, 6)
    k = threats(S, C, A, E, t)
    for i in range(k):
        for j in range(n):
            if lanes[j] == t[i]:
                return t[i]
    for j in range(n):
        if S[O_MON + lanes[j]] < 0:
            return lanes[j]
    return lanes[0]


@njit(cache=True, _nrt=False)
def tower_lane(S, lanes, n):
    for j in range(n - 1, -1, -1):
        if S[O_MON + lanes[j]] < 0:
            return lanes[j]
    return lanes[n - 1]


@njit(cache=True, _nrt=False)
def engage_target(S, C, A, E, u):
    """bots._engage_target: a back-line monster this ally kills (strongest, then first)."""
    lane = lane_of(S, u)
    if lane < 0 or S[O_MON + lane] >= 0:
        return -1
    best, best_att = -1, -1
    au = attack(S, C, A, E, u)
    for i in range(S[S_NBACK]):
        m = S[O_BACK + i]
        am = attack(S, C, A, E, m)
        if am >= 1 and au >= health(S, C, A, E, m) and am > best_att:
            best, best_att = m, am
    return best


@njit(cache=True, _nrt=False)
def move_lane(S, C, A, E, u):
    """bots._move_lane: the strongest unengaged monster's lane if this ally survives it."""
    lane = lane_of(S, u)
    if lane < 0 or S[O_MON + lane] >= 0:
        return -1
    t = scratch(S, SC_MOVE_LANE, 6)
    k = threats(S, C, A, E, t)
    for i in range(k):
        am = attack(S, C, A, E, S[O_MON + t[i]])
        if health(S, C, A, E, u) > am and am >= 2:
            return t[i]
    return -1


@njit(cache=True, _nrt=False)
def _ready_allies(S, C):
    n = 0
    for i in range(6):
        a = S[O_ALY + i]
        if a >= 0 and is_ally(S, C, a) and ug(S, a, U_EXH) == 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _reaction_ok(S, phase, flag):
    return phase == 0 or S[S_OPT_REACT] == 1 or flag


@njit(cache=True, _nrt=False)
def menu(S, C, A, E, seat, phase, out):
    """alliance.menu: the options in the engine's order (rows of what, a, b); count."""
    k = 0
    mana = S[S_MANA + seat]
    free = 0
    for i in range(6):
        if S[O_ALY + i] < 0:
            free += 1
    for c in range(S[S_NCARDS]):
        if S[O_HAND + seat * MAXC + c] == 0:
            continue
        if C[c, C_COST] > mana or (C[c, C_TYPE] in (T_ALLY, T_TOWER) and free == 0):
            continue
        if phase == 1 and not C[c, C_REACT]:
            if not (S[S_OPT_REACT] == 1 and _has_trigger(C, A, c, TRIG_PLAY)):
                continue
        out[k, 0], out[k, 1], out[k, 2] = OP_PLAY, c, 0
        k += 1
    universal = _reaction_ok(S, phase, False)
    for i in range(6):
        u = S[O_ALY + i]
        if u < 0 or ug(S, u, U_OWNER) != seat or ug(S, u, U_EXH):
            continue
        c = ug(S, u, U_CARD)
        if is_ally(S, C, u) and universal:
            if free:
                out[k, 0], out[k, 1], out[k, 2] = OP_USE, u, KEY_MOVE
                k += 1
            if _ready_allies(S, C) > 1:
                out[k, 0], out[k, 1], out[k, 2] = OP_USE, u, KEY_SWAP
                k += 1
            if S[S_NBACK] and S[O_MON + i] < 0:
                out[k, 0], out[k, 1], out[k, 2] = OP_USE, u, KEY_ENGAGE
                k += 1
            if keyword(S, C, A, E, u, KW_FAST) and (free or S[S_NBACK]):
                out[k, 0], out[k, 1], out[k, 2] = OP_USE, u, KEY_FAST
                k += 1
        for ab in range(C[c, C_AB0], C[c, C_AB0] + C[c, C_NAB]):
            if A[ab, A_TRIG] != TRIG_EXHAUST or not _reaction_ok(S, phase, A[ab, A_REACT]):
                continue
            if A[ab, A_MANA] <= mana and A[ab, A_CHARGE] <= ug(S, u, U_CHG):
                out[k, 0], out[k, 1], out[k, 2] = OP_USE, u, ab
                k += 1
    if not S[S_CEXH]:
        if universal and mana >= 1 and deck_size(S, seat):
            out[k, 0], out[k, 1], out[k, 2] = OP_USE, -1, KEY_DRAW
            k += 1
        c = S[S_CASTLE]
        for ab in range(C[c, C_AB0], C[c, C_AB0] + C[c, C_NAB]):
            if _reaction_ok(S, phase, A[ab, A_REACT]) and A[ab, A_MANA] <= mana:
                out[k, 0], out[k, 1], out[k, 2] = OP_USE, -1, ab
                k += 1
    if phase == 0:
        for i in range(6):
            u = S[O_ALY + i]
            if u >= 0 and ug(S, u, U_OWNER) == seat:
                out[k, 0], out[k, 1], out[k, 2] = OP_DISCARD, u, 0
                k += 1
    out[k, 0] = OP_DONE
    k += 1
    if S[S_NPL] > 1 and not S[S_DONE + 1 - seat]:
        out[k, 0] = OP_HANDOVER
        k += 1
    return k


@njit(cache=True, _nrt=False)
def _has_trigger(C, A, c, trigger):
    for ab in range(C[c, C_AB0], C[c, C_AB0] + C[c, C_NAB]):
        if A[ab, A_TRIG] == trigger:
            return True
    return False


@njit(cache=True, _nrt=False)
def act_choice(S, C, A, E, seat, opts, n, phase):
    """bots._act: the option row to take."""
    t = scratch(S, SC_ACT_THREATS, 6)
    nthreats = threats(S, C, A, E, t)
    best = -1
    spend = S[S_MANA + seat] - (S[S_RESERVE] if phase == 0 else 0)  # the rest kept
    for i in range(n):  # the dearest affordable ally (a Defender only against a monster)
        if opts[i, 0] != OP_PLAY or C[opts[i, 1], C_COST] > spend:
            continue
        c = opts[i, 1]
        if C[c, C_TYPE] != T_ALLY or (nthreats == 0 and C[c, C_KW + KW_DEFENDER]):
            continue
        if (
            best < 0
            or C[c, C_COST] > C[opts[best, 1], C_COST]
            or (C[c, C_COST] == C[opts[best, 1], C_COST] and c > opts[best, 1])
        ):
            best = i
    if best >= 0:
        return best
    any_ally = False
    for i in range(6):
        a = S[O_ALY + i]
        if a >= 0 and is_ally(S, C, a):
            any_ally = True
    done = scratch(S, SC_ACT_DONE, n)
    for i in range(n):
        done[i] = 0
    while True:  # the other plays by (-cost, id)
        pick = -1
        for i in range(n):
            if opts[i, 0] != OP_PLAY or done[i] or C[opts[i, 1], C_TYPE] == T_ALLY:
                continue
            if C[opts[i, 1], C_COST] > spend:
                continue
            if (
                pick < 0
                or C[opts[i, 1], C_COST] > C[opts[pick, 1], C_COST]
                or (
                    C[opts[i, 1], C_COST] == C[opts[pick, 1], C_COST] and opts[i, 1] < opts[pick, 1]
                )
            ):
                pick = i
        if pick < 0:
            break
        done[pick] = 1
        c = opts[pick, 1]
        ty = C[c, C_TYPE]
        if ty == T_TOWER or (ty == T_ATTACHMENT and any_ally):
            return pick
        if ty == T_SPELL and useful(S, C, A, E, c, -1, TRIG_PLAY):
            return pick
    for i in range(n):  # a useful exhaust ability, in menu order
        if opts[i, 0] != OP_USE or opts[i, 2] < 0:
            continue
        ab = opts[i, 2]
        src = opts[i, 1]
        for e in range(A[ab, A_E0], A[ab, A_E0] + A[ab, A_NE]):
            if effect_useful(S, C, A, E, e, src):
                return i
    for i in range(n):
        if opts[i, 0] == OP_USE and opts[i, 2] == KEY_ENGAGE:
            if engage_target(S, C, A, E, opts[i, 1]) >= 0:
                return i
    for i in range(n):
        if opts[i, 0] == OP_USE and opts[i, 2] == KEY_MOVE:
            if move_lane(S, C, A, E, opts[i, 1]) >= 0:
                return i
    for i in range(n):
        if opts[i, 0] == OP_USE and opts[i, 2] == KEY_DRAW:
            if S[S_NHAND + seat] <= S[S_CDRAW] and deck_size(S, seat) >= 10:
                return i
    for i in range(n):
        if opts[i, 0] == OP_DONE:
            return i
    return 0
