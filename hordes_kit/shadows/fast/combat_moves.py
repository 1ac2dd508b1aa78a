"""The Combat Phase's decisions (numba), as ``combat_moves.py``: an Active Ability used, a
target chosen, and the defender's answer (take it, Dodge, or a Response card)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.attack import amount
from hordes_kit.shadows.fast.board import (
    damage_on,
    ent_t,
    flat_footed,
    hero_t,
    pb,
    pop,
    push,
    rows,
    shields,
    stats_of,
    tb_at,
    vec,
    zat,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.combat import (
    effect_at,
    gain,
    recover_shields,
    roll_for,
    start_card,
)  # fmt: skip
from hordes_kit.shadows.fast.damage import finish_defence, lose_health, recover
from hordes_kit.shadows.fast.notation import resp_trait
from hordes_kit.shadows.fast.triggers import fire

__all__ = ["use", "card_task_of", "choose_target", "block_of", "defend"]


@njit(cache=True, _nrt=False)
def use(S, tb, seat, card, item):
    """A Station card's or Item's Active Ability (``combat_moves._use``)."""
    SK, IT = rows(tb, K.TB_SK), rows(tb, K.TB_IT)
    if not item:
        for j in range(zlen(S, seat, K.Z_STATION)):
            a = zat(seat, K.Z_STATION, j)
            if S[a + K.PL_CARD] == card:
                S[a + K.PL_UR] += 1
                S[a + K.PL_UG] += 1
                src = ent_t(seat, card) if SK[card, K.SK_ENTITY] else hero_t(seat)
                t = push(S, K.A_CARD, seat, card, 0, 0, 0, src)
                S[t + K.TK_FLAGS] = K.F_ACTIVE
                S[t + K.TK_ON] = S[a + K.PL_ON]
                return
    # an Item: every copy is used and moves to the end; of a One Time Item the first copy
    # leaves the game (the engine puts it with the used One Time cards: no rule reads them)
    n = zlen(S, seat, K.Z_ITEMS)
    kept, used = K.ROWS0, K.USED0  # scratch rows of PLF numbers in S
    nr = nu = 0
    for j in range(n):
        a = zat(seat, K.Z_ITEMS, j)
        if S[a + K.PL_CARD] == card:
            for f in range(K.PLF):
                S[used + nu * K.PLF + f] = S[a + f]
            S[used + nu * K.PLF + K.PL_UG] += 1
            nu += 1
        else:
            for f in range(K.PLF):
                S[kept + nr * K.PLF + f] = S[a + f]
            nr += 1
    gone = 1 if IT[card, K.IT_ONE_TIME] else 0
    keep = nu - gone
    for j in range(nr):
        for f in range(K.PLF):
            S[zat(seat, K.Z_ITEMS, j) + f] = S[kept + j * K.PLF + f]
    for j in range(keep):
        for f in range(K.PLF):
            S[zat(seat, K.Z_ITEMS, nr + j) + f] = S[used + (gone + j) * K.PLF + f]
    S[pb(seat) + K.P_NZ0 + K.Z_ITEMS] = nr + keep
    t = push(S, K.A_CARD, seat, card, 0, 0, 0, 0)
    S[t + K.TK_FLAGS] = K.F_ACTIVE | K.F_ITEM


@njit(cache=True, _nrt=False)
def card_task_of(S, seat):
    """The topmost card task of a seat (the one a target or a choice belongs to)."""
    for i in range(S[K.G_NT] - 1, -1, -1):
        a = tb_at(i)
        if S[a + K.TK_KIND] == K.A_CARD and S[a + K.TK_SEAT] == seat:
            return a
    return -1


@njit(cache=True, _nrt=False)
def choose_target(S, tb, seat, card, index, source, lose, target):
    """The target of an Attack or Spell chosen (the ``!target`` task already popped)."""
    EF = rows(tb, K.TB_EF)
    ct = card_task_of(S, seat)
    e = effect_at(S, tb, ct, index)
    S[ct + K.TK_PREV] = target
    trait = EF[e, K.EF_TRAIT]
    if not lose and trait >= 0 and not S[ct + K.TK_FLAGS] & K.F_ACTIVE:
        S[ct + K.TK_MAIN] |= 1 << trait  # an Attack announced: its Main Trait used
    st = stats_of(S, tb, seat)
    tdmg = damage_on(S, target)
    die = EF[e, K.EF_BASE] == K.A_DIE
    if lose:
        if die:
            roll_for(S, K.A_LOSE, seat, card, target, EF[e, K.EF_NUM], 0, K.V_SPELL)
        else:
            lose_health(S, tb, seat, target, amount(EF, e, st, tdmg), K.V_SPELL, card)
        return
    src = source if source else hero_t(seat)
    if die:
        roll_for(S, K.A_ATTACK, seat, card, target, EF[e, K.EF_NUM], src, K.V_ATTACK)
    else:
        push(S, K.A_ATTACK, seat, card, target, amount(EF, e, st, tdmg), 0, src)


@njit(cache=True, _nrt=False)
def block_of(S, tb, seat, start, n, trait):
    """The first block among effects (of one Main Trait when ``trait`` >= 0): its amount
    and whether Shield Points may be used after it."""
    EF, LI = rows(tb, K.TB_EF), vec(tb, K.TB_LI)
    for i in range(n):
        e = LI[start + i]
        if trait >= 0 and EF[e, K.EF_TRAIT] != trait:
            continue
        if EF[e, K.EF_VERB] == K.E_BLOCK:
            return amount(EF, e, stats_of(S, tb, seat), 0), (EF[e, K.EF_FLAGS] & K.EFL_SHIELDS) != 0
    return 0, False


@njit(cache=True, _nrt=False)
def defend(S, tb, t, verb, arg):
    """The defender's answer: take it, Dodge, or a Response card (``_defend``)."""
    SK, EF, LI = rows(tb, K.TB_SK), rows(tb, K.TB_EF), vec(tb, K.TB_LI)
    seat, via, amt = S[t + K.TK_SEAT], S[t + K.TK_VIA], S[t + K.TK_AMOUNT]
    target, by, flags = S[t + K.TK_TARGET], S[t + K.TK_BY], S[t + K.TK_FLAGS]
    card, source = S[t + K.TK_CARD], S[t + K.TK_SOURCE]
    pop(S)
    responded = False
    if verb == K.M_TAKE_HIT:
        blocked, shields_ok = 0, via == K.V_ATTACK
    elif verb == K.M_DODGE:
        ff = flat_footed(S, tb, seat)
        c = S[zat(seat, K.Z_STATION, ff) + K.PL_CARD]
        blocked, shields_ok = block_of(S, tb, seat, SK[c, K.SK_BE], SK[c, K.SK_BEN], -1)
        a = zat(seat, K.Z_STATION, ff)
        S[a + K.PL_BACK] = 0
        S[a + K.PL_BROKEN] = 0
        responded = True
    else:
        trait = resp_trait(via)
        start, n = SK[arg, K.SK_FE], SK[arg, K.SK_FEN]
        blocked, shields_ok = block_of(S, tb, seat, start, n, trait)
        start_card(S, tb, seat, arg, True)
        for i in range(n):
            e = LI[start + i]
            when = EF[e, K.EF_WHEN]
            if EF[e, K.EF_TRAIT] != trait or (when != K.W_NONE and when != K.W_RESPONSE):
                continue
            v = EF[e, K.EF_VERB]
            if v == K.E_GAIN:
                gain(S, seat, EF[e, K.EF_ARG], EF[e, K.EF_N])
            elif v == K.E_RECOVER:
                recover(S, tb, hero_t(seat), EF[e, K.EF_N])
            elif v == K.E_RECSHIELDS:
                recover_shields(S, seat, EF[e, K.EF_N])
        responded = True
    if responded:
        fire(S, tb, seat, K.TG_RESPONSE)
    left = max(0, amt - blocked)
    shields_ok = shields_ok and via == K.V_ATTACK
    own = (flags & K.F_OWN) != 0
    if left and shields_ok and shields(S, tb, seat) > 0:
        a = push(S, K.K_SHIELDS, seat, card, target, left, 0, source)
        S[a + K.TK_VIA] = via
        S[a + K.TK_BY] = by
        S[a + K.TK_FLAGS] = flags | (K.F_RESPONDED if responded else 0)
        return
    finish_defence(S, tb, seat, via, target, by, own, left, responded, 0)
