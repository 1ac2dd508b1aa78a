"""What may be done now (numba), as ``legal.py``: the legal moves of the decision on top,
in the rules engine's order (``legal.legal``, not sorted: the bot reads them so), written
to the position's move list; and a chance draw's outcome."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.attack import attack_ready, targets
from hordes_kit.shadows.fast.board import (
    cb,
    db,
    flat_footed,
    pb,
    pick,
    rows,
    shields,
    stats_of,
    t_card,
    top,
    u_next,
    usable,
    vec,
    zat,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.combat import attach_targets, effect_at, predictions
from hordes_kit.shadows.fast.combat_moves import card_task_of
from hordes_kit.shadows.fast.items import destroy_targets
from hordes_kit.shadows.fast.notation import pack, resp_trait

__all__ = ["legal", "draw_chance", "playable", "studyable"]

STUDY_COST = 3


@njit(cache=True, _nrt=False)
def _add(S, m):
    n = S[K.G_NLM]
    if n < K.MAXLM:
        S[K.LM0 + n] = m
        S[K.G_NLM] = n + 1


@njit(cache=True, _nrt=False)
def _in_queue(S, c):
    for j in range(S[K.G_NQ]):
        if S[K.Q0 + j] == c:
            return True
    return False


@njit(cache=True, _nrt=False)
def playable(S, tb, seat, c, step, st):
    """A card in the hand may be laid at this Initiative Step (``legal.playable``)."""
    SK = rows(tb, K.TB_SK)
    if not (SK[c, K.SK_INIT] >> step) & 1 or not usable(S, tb, seat, c, st):
        return False
    traits = SK[c, K.SK_TRAITS]
    if traits & K.B_ATTACKS:
        laid_alone = False
        laid_attack = False
        for j in range(S[K.G_NQ]):
            x = SK[S[K.Q0 + j], K.SK_TRAITS]
            laid_alone = laid_alone or (x & K.B_STANDALONE) != 0
            laid_attack = laid_attack or (x & K.B_ATTACKS) != 0
        p = pb(seat)
        if S[p + K.P_STAND] or laid_alone:
            return False
        if traits & K.B_STANDALONE and (S[p + K.P_ATT] or laid_attack):
            return False
    if traits & K.B_PREDICT and predictions(S, tb, seat, c, -1) == 0:
        return False
    if traits & K.B_ATTACHMENT and attach_targets(S, tb, seat, c, -1) == 0:
        return False
    return S[K.G_NQ] > 0 or attack_ready(S, tb, seat, c)


@njit(cache=True, _nrt=False)
def _can_attack(S, tb, seat, start, n):
    """An ability that opens with an Attack has a target it would damage (FAQ)."""
    EF, LI = rows(tb, K.TB_EF), vec(tb, K.TB_LI)
    if n == 0:
        return True
    e = LI[start]
    if EF[e, K.EF_VERB] != K.E_ATTACK or EF[e, K.EF_SUB]:
        return True
    return targets(S, tb, seat, e, -1, -1) > 0


@njit(cache=True, _nrt=False)
def _owned(S, seat, c):
    """The seat has a card of that title (its name: a Skill card's id) anywhere."""
    for kind in (K.CS_DECK, K.CS_HAND, K.CS_STUDIED, K.CS_BOXED):
        if S[cb(seat, kind) + c] > 0:
            return True
    for zone in (K.Z_STATION, K.Z_COMBAT, K.Z_STUNNED):
        for j in range(zlen(S, seat, zone)):
            if S[zat(seat, zone, j) + K.PL_CARD] == c:
                return True
    return False


@njit(cache=True, _nrt=False)
def studyable(S, tb, seat, dst):
    """Library cards the player may Study now (3 Experience; no title twice a game),
    written from ``S[dst]`` when ``dst`` >= 0; how many."""
    if S[pb(seat) + K.P_XP] < STUDY_COST:
        return 0
    lib = cb(seat, K.CS_LIBRARY)
    count = 0
    for c in range(vec(tb, K.TB_GL)[K.GL_NS]):
        if S[lib + c] > 0 and not _owned(S, seat, c):
            if dst >= 0:
                S[dst + count] = c
            count += 1
    return count


@njit(cache=True, _nrt=False)
def _turn(S, tb, seat):
    SK, IT = rows(tb, K.TB_SK), rows(tb, K.TB_IT)
    step = S[K.G_STEP]
    st = stats_of(S, tb, seat)
    hand = cb(seat, K.CS_HAND)
    for c in range(vec(tb, K.TB_GL)[K.GL_NS]):
        if S[hand + c] > 0 and not _in_queue(S, c) and playable(S, tb, seat, c, step, st):
            _add(S, pack(K.M_LAY, c, 0))
    for j in range(zlen(S, seat, K.Z_STATION)):
        a = zat(seat, K.Z_STATION, j)
        c = S[a + K.PL_CARD]
        if S[a + K.PL_BACK] and SK[c, K.SK_HASBACK]:
            continue  # a back side has no Active Abilities
        if SK[c, K.SK_A_STEP] != step or not usable(S, tb, seat, c, st):
            continue
        if S[a + K.PL_UR] >= SK[c, K.SK_A_PER] or S[a + K.PL_UG] >= SK[c, K.SK_A_TIMES]:
            continue
        if _can_attack(S, tb, seat, SK[c, K.SK_AE], SK[c, K.SK_AEN]):
            _add(S, pack(K.M_USE, c, 0))
    for j in range(zlen(S, seat, K.Z_ITEMS)):
        a = zat(seat, K.Z_ITEMS, j)
        c = S[a + K.PL_CARD]
        if IT[c, K.IT_A_STEP] == step and S[a + K.PL_UG] < IT[c, K.IT_A_TIMES]:
            if _can_attack(S, tb, seat, IT[c, K.IT_AE], IT[c, K.IT_AEN]):
                _add(S, pack(K.M_USE, c, 1))
    _add(S, pack(K.M_GO if S[K.G_NQ] else K.M_PASS, 0, 0))


@njit(cache=True, _nrt=False)
def _defend(S, tb, t, seat):
    SK = rows(tb, K.TB_SK)
    via = S[t + K.TK_VIA]
    trait = resp_trait(via)
    st = stats_of(S, tb, seat)
    hand = cb(seat, K.CS_HAND)
    for c in range(vec(tb, K.TB_GL)[K.GL_NS]):
        if S[hand + c] > 0 and (SK[c, K.SK_TRAITS] >> trait) & 1 and usable(S, tb, seat, c, st):
            _add(S, pack(K.M_RESPOND, c, 0))
    ff = flat_footed(S, tb, seat)
    if via == K.V_ATTACK and t_card(S[t + K.TK_TARGET]) < 0 and ff >= 0:
        if S[zat(seat, K.Z_STATION, ff) + K.PL_BACK]:
            _add(S, pack(K.M_DODGE, 0, 0))
    _add(S, pack(K.M_TAKE_HIT, 0, 0))


@njit(cache=True, _nrt=False)
def _market(S, tb, verb, gold):
    """The Market's Items, each once, in id order (those costing at most ``gold``)."""
    IT = rows(tb, K.TB_IT)
    for i in range(vec(tb, K.TB_GL)[K.GL_NI]):
        if IT[i, K.IT_COST] > gold:
            continue
        for j in range(S[K.G_NMARKET]):
            if S[K.MK0 + j] == i:
                _add(S, pack(verb, i, 0))
                break


@njit(cache=True, _nrt=False)
def legal(S, tb):
    """The legal moves of the decision on top, into the move list; how many."""
    GL = vec(tb, K.TB_GL)
    S[K.G_NLM] = 0
    t = top(S)
    k, seat = S[t + K.TK_KIND], S[t + K.TK_SEAT]
    p = pb(seat) if seat >= 0 else 0
    if k == K.K_HERO:
        for h in range(GL[K.GL_NH]):
            taken = False
            for j in range(S[K.G_N]):
                taken = taken or S[pb(j) + K.P_HERO] == h
            if not taken:
                _add(S, pack(K.M_HERO, h, 0))
    elif k == K.K_MISSION:
        for m in range(GL[K.GL_NMI]):
            for j in range(S[p + K.P_NOFFER]):
                if S[p + K.P_OFFER0 + j] == m:
                    _add(S, pack(K.M_MISSION, m, 0))
                    break
    elif k == K.K_BASIC:
        for i in range(GL[K.GL_NI]):
            if S[db(K.D_BASICS) + i] > 0:
                _add(S, pack(K.M_BASIC, i, 0))
    elif k == K.K_MULLIGAN:
        _add(S, pack(K.M_KEEPLIB, 0, 0))
        _add(S, pack(K.M_MULLIGAN, 0, 0))
    elif k == K.K_TEAMUP:
        _add(S, pack(K.M_TEAMUP, 0, 0))
        _add(S, pack(K.M_TEAMUP, 1, 0))
    elif k == K.K_GIVE:
        for i in range(GL[K.GL_NMK]):
            if S[db(K.D_MA_HELD) + i] > 0:
                _add(S, pack(K.M_GIVE, i, 0))
    elif k == K.K_PICK:
        for c in range(GL[K.GL_NS]):
            if S[cb(seat, K.CS_DECK) + c] > 0:
                _add(S, pack(K.M_PICK, c, 0))
    elif k == K.K_TURN:
        _turn(S, tb, seat)
    elif k == K.K_NEXT:
        if attack_ready(S, tb, seat, S[K.Q0]):
            _add(S, pack(K.M_FLIP, 0, 0))
        _add(S, pack(K.M_SKIP, 0, 0))
    elif k == K.K_TARGET:
        ct = card_task_of(S, seat)
        e = effect_at(S, tb, ct, S[t + K.TK_INDEX])
        n = targets(S, tb, seat, e, S[ct + K.TK_PREV], K.LM0)
        for i in range(n):
            x = S[K.LM0 + i]
            S[K.LM0 + i] = pack(K.M_TARGET, x, S[K.G_CREATURE] if x == K.T_CREATURE else 0)
        S[K.G_NLM] = n
    elif k == K.K_PREDICT:
        n = predictions(S, tb, seat, S[t + K.TK_CARD], K.LM0)
        for i in range(n):
            x = S[K.LM0 + i]
            S[K.LM0 + i] = pack(K.M_PREDICT, x // 8, x % 8)
        S[K.G_NLM] = n
    elif k == K.K_DEFEND:
        _defend(S, tb, t, seat)
    elif k == K.K_SHIELDS:
        for i in range(min(shields(S, tb, seat), S[t + K.TK_AMOUNT]) + 1):
            _add(S, pack(K.M_SHIELDS, i, 0))
    elif k == K.K_LOSE:
        if S[p + K.P_GOLD] + S[p + K.P_EG]:
            _add(S, pack(K.M_LOSE, K.R_GOLD, 0))
        if S[p + K.P_STONES] + S[p + K.P_ES]:
            _add(S, pack(K.M_LOSE, K.R_STONE, 0))
        if S[p + K.P_XP] + S[p + K.P_EX]:
            _add(S, pack(K.M_LOSE, K.R_XP, 0))
    elif k == K.K_SEARCH:
        _market(S, tb, K.M_REPLACE, 1 << 30)
        _add(S, pack(K.M_SKIP, 0, 0))
    elif k == K.K_DESTROY:
        kind = S[t + K.TK_TARGET]
        n = destroy_targets(S, tb, seat, kind, K.LM0)
        for i in range(n):
            S[K.LM0 + i] = pack(K.M_DESTROY, kind + 1, S[K.LM0 + i])
        S[K.G_NLM] = n
        if kind < 0:  # destroy-item: "you may"
            _add(S, pack(K.M_SKIP, 0, 0))
    elif k == K.K_TAKE:
        for i in range(GL[K.GL_NI]):
            if S[db(K.D_DRAWN) + i] > 0:
                _add(S, pack(K.M_TAKE, i, 0))
    elif k == K.K_KEEP:
        IT = rows(tb, K.TB_IT)
        for i in range(GL[K.GL_NI]):
            if not IT[i, K.IT_RESTRICTED]:
                continue
            for j in range(zlen(S, seat, K.Z_ITEMS)):
                if S[zat(seat, K.Z_ITEMS, j) + K.PL_CARD] == i:
                    _add(S, pack(K.M_KEEP, i, 0))
                    break
    elif k == K.K_REPEAT:
        _add(S, pack(K.M_REPEAT, 0, 0))
        _add(S, pack(K.M_STOP, 0, 0))
    elif k == K.K_CHOOSE:
        _add(S, pack(K.M_CHOOSE, 1, 0))
        _add(S, pack(K.M_CHOOSE, 2, 0))
    elif k == K.K_MAIN:
        for i in range(1, 4):
            _add(S, pack(K.M_MAIN, i, 0))
    elif k == K.K_ATTACH:
        n = attach_targets(S, tb, seat, S[t + K.TK_CARD], K.LM0)
        for i in range(n):
            S[K.LM0 + i] = pack(K.M_ATTACH, S[K.LM0 + i], 0)
        S[K.G_NLM] = n
    elif k == K.K_BUY:
        _market(S, tb, K.M_BUY, S[p + K.P_GOLD])
        _add(S, pack(K.M_PASS, 0, 0))
    elif k == K.K_STUDY:
        n = studyable(S, tb, seat, K.LM0)
        for i in range(n):
            S[K.LM0 + i] = pack(K.M_STUDY, S[K.LM0 + i], 0)
        S[K.G_NLM] = n
        _add(S, pack(K.M_DONE, 0, 0))
    return S[K.G_NLM]


@njit(cache=True, _nrt=False)
def draw_chance(S, tb, us):
    """The outcome of the chance task on top, drawn with the next number (-1: none left)."""
    MO, GL = rows(tb, K.TB_MO), vec(tb, K.TB_GL)
    t = top(S)
    k = S[t + K.TK_KIND]
    u = u_next(S, us)
    if k == K.C_ROLL or k == K.C_DIE:
        return int(u * 6) + 1
    if k == K.C_BASIC:
        return pick(S, db(K.D_BASIC_POOL), GL[K.GL_NI], u)
    if k == K.C_ITEM or k == K.C_REWARD:
        a = pick(S, db(K.D_ITEM_DECK), GL[K.GL_NI], u)
        return a if a >= 0 else pick(S, db(K.D_ITEM_DISC), GL[K.GL_NI], u)
    if k == K.C_MISSION:
        return pick(S, db(K.D_MISSION), GL[K.GL_NMI], u)
    if k == K.C_LIBRARY:
        return pick(S, db(K.D_SKILL_POOL), GL[K.GL_NS], u)
    if k == K.C_MA or k == K.C_REVEAL:
        a = pick(S, db(K.D_MA_DECK), GL[K.GL_NMK], u)
        return a if a >= 0 else pick(S, db(K.D_MA_DISC), GL[K.GL_NMK], u)
    # a Monster of the current level not seen yet, each equally likely
    count = 0
    for m in range(GL[K.GL_NMON]):
        if MO[m, K.MO_LEVEL] == S[K.G_LEVEL] and not S[db(K.D_SEEN) + m]:
            count += 1
    if count == 0:
        return -1
    j = int(u * count)
    for m in range(GL[K.GL_NMON]):
        if MO[m, K.MO_LEVEL] == S[K.G_LEVEL] and not S[db(K.D_SEEN) + m]:
            if j == 0:
                return m
            j -= 1
    return -1


@njit(cache=True, _nrt=False)
def chance_move(S, tb, a):
    """A chance outcome as a move (for the record of a game)."""
    k = S[top(S) + K.TK_KIND]
    if k == K.C_ROLL:
        return pack(K.M_ROLL, a, 0)
    if k == K.C_DIE:
        return pack(K.M_DIE, a, 0)
    if k == K.C_BASIC:
        return pack(K.M_DRAW_BASIC, a, 0)
    if k == K.C_ITEM or k == K.C_REWARD:
        return pack(K.M_DRAW_ITEM, a, 0)
    if k == K.C_MISSION:
        return pack(K.M_DRAW_MISSION, a, 0)
    if k == K.C_LIBRARY:
        return pack(K.M_DRAW_SKILL, a, 0)
    if k == K.C_MA or k == K.C_REVEAL:
        return pack(K.M_MA, a, 0)
    return pack(K.M_MONSTER, a, 0)
