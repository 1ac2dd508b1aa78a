"""Applying one move (numba), as ``moves.py`` and ``combat_moves.py``: a chance outcome, or
the decision of the task on top. A move is ``pack(verb, a, b)`` (``codes.M_*``)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import (
    cb,
    db,
    pb,
    pop,
    push,
    rows,
    top,
    vec,
    zat,
    zdel,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.combat import (
    do_predict,
    start_card,
)  # fmt: skip
from hordes_kit.shadows.fast.combat_moves import choose_target, defend, use
from hordes_kit.shadows.fast.damage import finish_defence
from hordes_kit.shadows.fast.items import destroy, enforce_unmet, equip
from hordes_kit.shadows.fast.monster import reveal_ma
from hordes_kit.shadows.fast.notation import arg_a, arg_b, verb_of
from hordes_kit.shadows.fast.opening import LIBRARY_DRAWS, library_draws_left, reveal_monster
from hordes_kit.shadows.fast.rewards import lose_resource

__all__ = ["apply_chance", "decide"]

STUDY_COST = 3


@njit(cache=True, _nrt=False)
def _list_del(S, base, n, j):
    for i in range(j, n - 1):
        S[base + i] = S[base + i + 1]


@njit(cache=True, _nrt=False)
def market_take(S, item):
    """The first copy of an Item out of the Market (left to right)."""
    for j in range(S[K.G_NMARKET]):
        if S[K.MK0 + j] == item:
            _list_del(S, K.MK0, S[K.G_NMARKET], j)
            S[K.G_NMARKET] -= 1
            return


# --- chance -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _deck_or_discard(S, deck, disc, n):
    """An empty deck takes its discards back first (``moves._draw``, ``ruling.ma-reshuffle``)."""
    empty = True
    for i in range(n):
        if S[deck + i]:
            empty = False
            break
    if empty:
        for i in range(n):
            S[deck + i] = S[disc + i]
            S[disc + i] = 0


@njit(cache=True, _nrt=False)
def apply_chance(S, tb, a):
    """The outcome ``a`` (a number: a face, a card) of the chance task on top."""
    GL = vec(tb, K.TB_GL)
    t = top(S)
    kind, seat, source = S[t + K.TK_KIND], S[t + K.TK_SEAT], S[t + K.TK_SOURCE]
    pop(S)
    if kind == K.C_ROLL:
        S[pb(seat) + K.P_ROLL] = a
    elif kind == K.C_DIE:
        b = top(S)
        S[b + K.TK_AMOUNT] = a + S[b + K.TK_PLUS]
    elif kind == K.C_MONSTER:
        reveal_monster(S, tb, a)
    elif kind == K.C_MA or kind == K.C_REVEAL:
        _deck_or_discard(S, db(K.D_MA_DECK), db(K.D_MA_DISC), GL[K.GL_NMK])
        S[db(K.D_MA_DECK) + a] -= 1
        if kind == K.C_MA:
            S[db(K.D_MA_HELD) + a] += 1
        else:
            reveal_ma(S, seat, a, source, False)
    elif kind == K.C_BASIC:
        S[db(K.D_BASIC_POOL) + a] -= 1
        S[db(K.D_BASICS) + a] += 1
    elif kind == K.C_ITEM or kind == K.C_REWARD:
        _deck_or_discard(S, db(K.D_ITEM_DECK), db(K.D_ITEM_DISC), GL[K.GL_NI])
        S[db(K.D_ITEM_DECK) + a] -= 1
        if kind == K.C_REWARD:
            S[db(K.D_DRAWN) + a] += 1
        else:
            S[K.MK0 + S[K.G_NMARKET]] = a
            S[K.G_NMARKET] += 1
    elif kind == K.C_MISSION:
        S[db(K.D_MISSION) + a] -= 1
        p = pb(seat)
        S[p + K.P_OFFER0 + S[p + K.P_NOFFER]] = a
        S[p + K.P_NOFFER] += 1
    elif kind == K.C_LIBRARY:
        S[db(K.D_SKILL_POOL) + a] -= 1
        S[cb(seat, K.CS_LIBRARY) + a] += 1


@njit(cache=True, _nrt=False)
def decide(S, tb, m):
    """The position after the decision ``m`` of the task on top."""
    SK, IT, GL = rows(tb, K.TB_SK), rows(tb, K.TB_IT), vec(tb, K.TB_GL)
    t = top(S)
    k = S[t + K.TK_KIND]
    seat = S[t + K.TK_SEAT]
    verb, a = verb_of(m), arg_a(m)
    p = pb(seat) if seat >= 0 else 0
    if k == K.K_HERO:
        pop(S)
        S[p + K.P_HERO] = a
    elif k == K.K_MISSION:
        pop(S)
        S[p + K.P_MISSION] = a
        S[p + K.P_NOFFER] = 0
    elif k == K.K_BASIC:
        pop(S)
        S[db(K.D_BASICS) + a] -= 1
        equip(S, tb, seat, a)
    elif k == K.K_MULLIGAN:
        n = S[t + K.TK_AMOUNT]
        pop(S)
        if verb == K.M_MULLIGAN:
            nxt = LIBRARY_DRAWS[1] if n == LIBRARY_DRAWS[0] else LIBRARY_DRAWS[2]
            lib = cb(seat, K.CS_LIBRARY)
            for c in range(GL[K.GL_NS]):
                S[lib + c] = 0
            S[p + K.P_MULL] += 1
            if nxt != LIBRARY_DRAWS[2]:
                push(S, K.K_MULLIGAN, seat, -1, 0, nxt, 0, 0)
            left = library_draws_left(S, tb)
            for _ in range(max(0, min(nxt, left))):
                push(S, K.C_LIBRARY, seat, -1, 0, 0, 0, 0)
    elif k == K.K_TEAMUP:
        pop(S)
        for j in range(S[K.G_N]):
            S[pb(j) + (K.P_XP if a == 1 else K.P_GOLD)] += 1
    elif k == K.K_GIVE:
        to = S[t + K.TK_AMOUNT]
        pop(S)
        S[pb(to) + K.P_MA] = a
        S[db(K.D_MA_HELD) + a] -= 1
    elif k == K.K_PICK:
        S[cb(seat, K.CS_DECK) + a] -= 1
        S[cb(seat, K.CS_HAND) + a] += 1
        if S[t + K.TK_AMOUNT] <= 1:
            pop(S)
        else:
            S[t + K.TK_AMOUNT] -= 1
    elif k == K.K_TURN:
        if verb == K.M_LAY:
            S[K.Q0 + S[K.G_NQ]] = a
            S[K.G_NQ] += 1
            S[cb(seat, K.CS_HAND) + a] -= 1
        elif verb == K.M_USE:
            use(S, tb, seat, a, arg_b(m) == 1)
        elif verb == K.M_PASS:
            pop(S)
        else:  # go: the first card is used at once, the rest flipped one by one
            pop(S)
            first = S[K.Q0]
            _list_del(S, K.Q0, S[K.G_NQ], 0)
            S[K.G_NQ] -= 1
            S[cb(seat, K.CS_HAND) + first] += 1
            push(S, K.K_NEXT, seat, -1, 0, 0, 0, 0)
            start_card(S, tb, seat, first, False)
    elif k == K.K_NEXT:
        first = S[K.Q0]
        _list_del(S, K.Q0, S[K.G_NQ], 0)
        S[K.G_NQ] -= 1
        S[cb(seat, K.CS_HAND) + first] += 1
        if verb == K.M_FLIP:
            start_card(S, tb, seat, first, False)
    elif k == K.K_TARGET:
        card, index, source = S[t + K.TK_CARD], S[t + K.TK_INDEX], S[t + K.TK_SOURCE]
        lose = (S[t + K.TK_FLAGS] & K.F_LOSE) != 0
        pop(S)
        choose_target(S, tb, seat, card, index, source, lose, a)
    elif k == K.K_PREDICT:
        do_predict(S, tb, a, arg_b(m))
    elif k == K.K_DEFEND:
        defend(S, tb, t, verb, a)
    elif k == K.K_SHIELDS:
        via, target, by = S[t + K.TK_VIA], S[t + K.TK_TARGET], S[t + K.TK_BY]
        own, resp = (S[t + K.TK_FLAGS] & K.F_OWN) != 0, (S[t + K.TK_FLAGS] & K.F_RESPONDED) != 0
        amt = S[t + K.TK_AMOUNT]
        pop(S)
        finish_defence(S, tb, seat, via, target, by, own, amt - a, resp, a)
    elif k == K.K_LOSE:
        pop(S)
        lose_resource(S, seat, a)
    elif k == K.K_SEARCH:
        pop(S)
        if verb != K.M_SKIP:
            market_take(S, a)
            S[db(K.D_ITEM_DISC) + a] += 1
            push(S, K.C_ITEM, -1, -1, 0, 0, 0, 0)  # the discards at least hold this one
    elif k == K.K_DESTROY:
        pop(S)
        if verb != K.M_SKIP:
            destroy(S, tb, a - 1, arg_b(m))
    elif k == K.K_TAKE:
        pop(S)
        drawn = db(K.D_DRAWN)
        S[drawn + a] -= 1
        for i in range(GL[K.GL_NI]):
            S[db(K.D_ITEM_DISC) + i] += S[drawn + i]
            S[drawn + i] = 0
        equip(S, tb, seat, a)
    elif k == K.K_KEEP:
        pop(S)
        _keep(S, tb, seat, a)
    elif k == K.K_REPEAT:
        card = S[t + K.TK_CARD]
        pop(S)
        if verb == K.M_REPEAT:
            b = push(S, K.A_CARD, seat, card, 0, 0, 0, 0)
            S[b + K.TK_MAIN] = SK[card, K.SK_USEDBYPLAY]
    elif k == K.K_CHOOSE:
        index = S[t + K.TK_INDEX]
        pop(S)
        ct = top(S)
        S[ct + K.TK_CHOSEN] |= 1 << index
        if a == 2:
            S[ct + K.TK_CHOICE] |= 1 << index
    elif k == K.K_ATTACH:
        card = S[t + K.TK_CARD]
        pop(S)
        for j in range(zlen(S, seat, K.Z_STATION)):
            b = zat(seat, K.Z_STATION, j)
            if S[b + K.PL_CARD] == card and S[b + K.PL_ON] == 0:
                S[b + K.PL_ON] = a
    elif k == K.K_MAIN:
        card = S[t + K.TK_CARD]
        pop(S)
        ct = top(S)
        mains = (SK[card, K.SK_PLAY0], SK[card, K.SK_PLAY1])
        for i in range(2):
            if a != 3 and a != i + 1 and mains[i] >= 0:
                S[ct + K.TK_SKIP] |= 1 << mains[i]
    elif k == K.K_BUY:
        pop(S)
        if verb == K.M_PASS:
            S[p + K.P_PASSED] = 1
        else:
            market_take(S, a)
            S[p + K.P_GOLD] -= IT[a, K.IT_COST]
            S[p + K.P_STONES] += 1
            equip(S, tb, seat, a)
    elif k == K.K_STUDY:
        if verb == K.M_STUDY:
            S[cb(seat, K.CS_LIBRARY) + a] -= 1
            S[p + K.P_XP] -= STUDY_COST
            S[p + K.P_STONES] += 1
            S[cb(seat, K.CS_STUDIED) + a] += 1
            S[p + K.P_NSTUDIED] += 1
            S[cb(seat, K.CS_DECK) + a] += 1
        else:
            pop(S)


@njit(cache=True, _nrt=False)
def _keep(S, tb, seat, keep):
    """Two Restricted Items: keep one, discard the other (its newer copy)."""
    IT = rows(tb, K.TB_IT)
    n = zlen(S, seat, K.Z_ITEMS)
    first = -1
    drop = -1
    for j in range(n):
        c = S[zat(seat, K.Z_ITEMS, j) + K.PL_CARD]
        if IT[c, K.IT_RESTRICTED]:
            if first < 0 and c == keep:
                first = j  # the copy kept: the first one of that Item
            elif drop < 0:
                drop = c
    for j in range(n - 1, -1, -1):
        if S[zat(seat, K.Z_ITEMS, j) + K.PL_CARD] == drop:
            zdel(S, seat, K.Z_ITEMS, j)
            break
    S[db(K.D_ITEM_DISC) + drop] += 1
    enforce_unmet(S, tb, seat)
