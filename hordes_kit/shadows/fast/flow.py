"""The round (numba), as ``flow.py``: automatic tasks run and each phase's tasks pushed
until a real decision or a chance draw is due (a decision with one legal move is made at
once), the CleanUp, the Refresh and Victory."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.attack import run_attack
from hordes_kit.shadows.fast.board import (
    cb,
    db,
    hero_t,
    order_at,
    pb,
    pop,
    push,
    rows,
    top,
    total,
    vec,
    zadd,
    zat,
    zdel,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.combat import run_card
from hordes_kit.shadows.fast.damage import land, lose_health
from hordes_kit.shadows.fast.items import place_ready
from hordes_kit.shadows.fast.legal import legal
from hordes_kit.shadows.fast.monster import reveal_ma, run_icons
from hordes_kit.shadows.fast.moves import decide
from hordes_kit.shadows.fast.opening import advance_setup

__all__ = ["settle", "place_all", "standings"]

END_STONES = 9
MONSTER_STEP = 3


@njit(cache=True, _nrt=False)
def place_all(S, tb):
    """Every seat's Initiative 0 cards whose requirement is now met to the Station Field;
    how many were placed."""
    placed = 0
    for k in range(S[K.G_N]):
        placed += place_ready(S, tb, k)
    return placed


@njit(cache=True, _nrt=False)
def settle(S, tb):
    """Run automatic work until a decision with a real choice or a chance draw is due;
    a decision with one legal move is made at once (it enters no game's record). True when
    it stops at a decision whose legal moves it has listed (the move list is current)."""
    for _ in range(100_000):
        if S[K.G_FINISHED] or S[K.G_STATUS] != K.DONE:
            return False
        if S[K.G_NT] == 0:
            advance(S, tb)
            continue
        t = top(S)
        k = S[t + K.TK_KIND]
        if k >= K.A_CARD:
            _auto(S, tb, t, k)
            continue
        if k == K.K_NEXT and S[K.G_NQ] == 0:
            pop(S)
            continue
        if K.CHANCE_LO <= k <= K.CHANCE_HI:
            return False
        n = legal(S, tb)
        if n == 1:
            decide(S, tb, S[K.LM0])
            continue
        if n == 0:
            S[K.G_STATUS] = K.STUCK
        return n > 1
    S[K.G_STATUS] = K.STUCK
    return False


@njit(cache=True, _nrt=False)
def _auto(S, tb, t, k):
    if k == K.A_CARD:
        run_card(S, tb, t)
    elif k == K.A_ATTACK:
        run_attack(S, tb, t)
    elif k == K.A_ICONS:
        run_icons(S, tb, t)
    elif k == K.A_LAND:
        land(S, tb, t)
    elif k == K.A_LOSE:  # a loss of health rolled on the die
        seat, target, amt = S[t + K.TK_SEAT], S[t + K.TK_TARGET], S[t + K.TK_AMOUNT]
        via, card = S[t + K.TK_VIA], S[t + K.TK_CARD]
        pop(S)
        lose_health(S, tb, seat, target, amt, via, card)
    elif k == K.A_STEP3:
        pop(S)
        if S[K.G_MONSTER] < 0:
            return
        for j in range(S[K.G_N] - 1, -1, -1):
            q = order_at(S, j)
            if S[pb(q) + K.P_MA] >= 0 and not S[pb(q) + K.P_MA_UP]:
                push(S, K.A_REVEAL3, q, -1, 0, 0, 0, 0)
    elif k == K.A_REVEAL3:
        seat = S[t + K.TK_SEAT]
        pop(S)
        p = pb(seat)
        if S[K.G_MONSTER] < 0 or S[p + K.P_MA] < 0 or S[p + K.P_MA_UP]:
            return
        reveal_ma(S, seat, S[p + K.P_MA], hero_t(seat), True)
    else:  # collect
        pop(S)
        for q in range(S[K.G_N]):
            p = pb(q)
            S[p + K.P_GOLD] += S[p + K.P_EG]
            S[p + K.P_XP] += S[p + K.P_EX]
            S[p + K.P_STONES] += S[p + K.P_ES]
            S[p + K.P_EG] = S[p + K.P_EX] = S[p + K.P_ES] = 0


@njit(cache=True, _nrt=False)
def begin_round(S):
    """A new round starts with the TeamUp Phase."""
    S[K.G_ROUND] += 1
    S[K.G_PHASE] = K.PH_TEAMUP
    S[K.G_STAGE] = K.ST_CHOICE
    S[K.G_LAST] = 0
    for q in range(S[K.G_N]):
        p = pb(q)
        S[p + K.P_MA] = -1
        S[p + K.P_MA_UP] = 0
        S[p + K.P_PRED] = 0
        S[p + K.P_INV] = 0
        S[p + K.P_ATT] = 0
        S[p + K.P_STAND] = 0
        S[p + K.P_PASSED] = 0


@njit(cache=True, _nrt=False)
def advance(S, tb):
    """Push the next tasks of the phase (the stack is empty)."""
    GL = vec(tb, K.TB_GL)
    n = S[K.G_N]
    ph, st = S[K.G_PHASE], S[K.G_STAGE]
    if ph == K.PH_SETUP:
        advance_setup(S, tb)
    elif ph == K.PH_TEAMUP:
        if st == K.ST_CHOICE:
            S[K.G_STAGE] = K.ST_DRAW
            if S[K.G_ROUND] >= 2:
                push(S, K.K_TEAMUP, S[K.G_LEADER], -1, 0, 0, 0, 0)
        elif st == K.ST_DRAW:
            S[K.G_STAGE] = K.ST_DEAL
            if S[K.G_MONSTER] >= 0:
                for _ in range(n):
                    push(S, K.C_MA, S[K.G_LEADER], -1, 0, 0, 0, 0)
        elif st == K.ST_DEAL:
            S[K.G_STAGE] = K.ST_DONE
            held = total(S, db(K.D_MA_HELD), GL[K.GL_NMK])
            for j in range(min(n, held) - 1, -1, -1):
                push(S, K.K_GIVE, S[K.G_LEADER], -1, 0, order_at(S, j), 0, 0)
        else:
            S[K.G_PHASE] = K.PH_PLAN
            S[K.G_STAGE] = K.ST_NONE
            size = 2 + max(1, min(3, S[K.G_LEVEL]))
            for j in range(n - 1, -1, -1):
                q = order_at(S, j)
                need = min(size, total(S, cb(q, K.CS_DECK), GL[K.GL_NS]))
                if need:
                    push(S, K.K_PICK, q, -1, 0, need, 0, 0)
    elif ph == K.PH_PLAN:
        S[K.G_PHASE] = K.PH_COMBAT
        S[K.G_STEP] = 0
        S[K.G_STAGE] = K.ST_NONE
    elif ph == K.PH_COMBAT:
        if S[K.G_STEP] >= 6:
            for q in range(n):
                S[pb(q) + K.P_INV] = 0
            S[K.G_PHASE] = K.PH_BUILDUP
            S[K.G_STAGE] = K.ST_COLLECT
            S[K.G_STEP] = 0
            push(S, K.A_COLLECT, -1, -1, 0, 0, 0, 0)
            return
        S[K.G_STEP] += 1
        S[K.G_NQ] = 0
        if S[K.G_STEP] == MONSTER_STEP:
            push(S, K.A_STEP3, -1, -1, 0, 0, 0, 0)
        else:
            for j in range(n - 1, -1, -1):
                push(S, K.K_TURN, order_at(S, j), -1, 0, 0, 0, 0)
    elif ph == K.PH_BUILDUP:
        if st == K.ST_COLLECT:
            S[K.G_STAGE] = K.ST_PURCHASE
            S[K.G_TURN_SEAT] = -1
            for q in range(n):
                S[pb(q) + K.P_PASSED] = 0
        if S[K.G_STAGE] == K.ST_PURCHASE:
            start = 0
            if S[K.G_TURN_SEAT] >= 0:
                for j in range(n):
                    if order_at(S, j) == S[K.G_TURN_SEAT]:
                        start = j + 1
            if S[K.G_NMARKET]:
                for j in range(n):
                    q = order_at(S, (start + j) % n)
                    if not S[pb(q) + K.P_PASSED]:
                        S[K.G_TURN_SEAT] = q
                        push(S, K.K_BUY, q, -1, 0, 0, 0, 0)
                        return
            S[K.G_STAGE] = K.ST_STUDY
            for j in range(n - 1, -1, -1):
                push(S, K.K_STUDY, order_at(S, j), -1, 0, 0, 0, 0)
            return
        cleanup(S, tb)
    elif ph == K.PH_REFRESH:
        refresh(S, tb)


@njit(cache=True, _nrt=False)
def cleanup(S, tb):
    """CleanUp Phase, its steps in the rulebook's order; the end check comes first."""
    SK, EF, LI, GL = rows(tb, K.TB_SK), rows(tb, K.TB_EF), vec(tb, K.TB_LI), vec(tb, K.TB_GL)
    n = S[K.G_N]
    S[K.G_PHASE] = K.PH_CLEANUP
    S[K.G_STAGE] = K.ST_NONE
    rich = False
    for q in range(n):
        rich = rich or S[pb(q) + K.P_STONES] >= END_STONES
    if rich and not S[K.G_END]:
        S[K.G_END] = K.END_STONES_WHY
    if S[K.G_END]:
        victory(S, tb)
        return
    ns = GL[K.GL_NS]
    for q in range(n):
        p = pb(q)
        deck, hand, boxed = cb(q, K.CS_DECK), cb(q, K.CS_HAND), cb(q, K.CS_BOXED)
        for c in range(ns):  # ruling: the unplayed Hand goes back too
            S[deck + c] += S[hand + c]
            S[hand + c] = 0
        j = 0
        while j < zlen(S, q, K.Z_STUNNED):
            a = zat(q, K.Z_STUNNED, j)
            if S[a + K.PL_STUN] <= 0:
                S[deck + S[a + K.PL_CARD]] += 1
                zdel(S, q, K.Z_STUNNED, j)
            else:
                j += 1
        for j in range(zlen(S, q, K.Z_COMBAT)):
            a = zat(q, K.Z_COMBAT, j)
            c = S[a + K.PL_CARD]
            if S[a + K.PL_STUN] > 0:
                b = zat(q, K.Z_STUNNED, zadd(S, q, K.Z_STUNNED, c))
                S[b + K.PL_STUN] = S[a + K.PL_STUN]
            elif SK[c, K.SK_TRAITS] & K.B_ONE_TIME:
                S[boxed + c] += 1
            else:
                S[deck + c] += 1
        S[p + K.P_NZ0 + K.Z_COMBAT] = 0  # the Combat Field is empty
        for j in range(zlen(S, q, K.Z_STUNNED)):
            S[zat(q, K.Z_STUNNED, j) + K.PL_STUN] -= 1
        damage = S[p + K.P_DAMAGE]
        j = 0
        while j < zlen(S, q, K.Z_STATION):
            a = zat(q, K.Z_STATION, j)
            c = S[a + K.PL_CARD]
            shield = SK[c, K.SK_SHIELD]
            if SK[c, K.SK_TRAITS] & K.B_ONE_TIME and shield and S[a + K.PL_BROKEN] >= shield:
                S[boxed + c] += 1
                zdel(S, q, K.Z_STATION, j)
                continue
            S[a + K.PL_UR] = 0
            if S[a + K.PL_BACK] and SK[c, K.SK_HASBACK] and SK[c, K.SK_BCN]:
                for i in range(SK[c, K.SK_BCN]):
                    e = LI[SK[c, K.SK_BC] + i]
                    if EF[e, K.EF_VERB] == K.E_RECOVER:
                        damage = max(0, damage - EF[e, K.EF_N])
                S[a + K.PL_BACK] = 0
                S[a + K.PL_BROKEN] = 0
                S[a + K.PL_DMG] = 0
            j += 1
        for j in range(zlen(S, q, K.Z_ITEMS)):
            S[zat(q, K.Z_ITEMS, j) + K.PL_UR] = 0
        S[p + K.P_DAMAGE] = damage
    nk = GL[K.GL_NMK]
    disc, rev, held = db(K.D_MA_DISC), db(K.D_REVEALED), db(K.D_MA_HELD)
    for i in range(nk):
        S[disc + i] += S[rev + i] + S[held + i]
        S[rev + i] = 0
        S[held + i] = 0
    for q in range(n):
        S[pb(q) + K.P_MA] = -1
        S[pb(q) + K.P_MA_UP] = 0
    S[K.G_LEADER] = (S[K.G_LEADER] + 1) % n
    S[K.G_LEADER_BROKEN] = 0
    S[K.G_PHASE] = K.PH_REFRESH
    S[K.G_STAGE] = K.ST_RMONSTER


@njit(cache=True, _nrt=False)
def refresh(S, tb):
    """Refresh Phase: a new Monster if none is active, then refill the Market."""
    GL = vec(tb, K.TB_GL)
    if S[K.G_STAGE] == K.ST_RMONSTER:
        S[K.G_STAGE] = K.ST_RMARKET
        if S[K.G_MONSTER] < 0:
            S[K.G_LEVEL] = min(3, S[K.G_LEVEL] + 1)
            push(S, K.C_MONSTER, -1, -1, 0, 0, 0, 0)
        return
    if S[K.G_STAGE] == K.ST_RMARKET:
        slots = S[K.G_N] + 1
        S[K.G_STAGE] = K.ST_RDONE
        while S[K.G_NMARKET] > slots:  # beyond the slots: discarded
            S[K.G_NMARKET] -= 1
            S[db(K.D_ITEM_DISC) + S[K.MK0 + S[K.G_NMARKET]]] += 1
        need = slots - S[K.G_NMARKET]
        ni = GL[K.GL_NI]
        have = total(S, db(K.D_ITEM_DECK), ni) + total(S, db(K.D_ITEM_DISC), ni)
        for _ in range(min(need, have)):
            push(S, K.C_ITEM, -1, -1, 0, 0, 0, 0)
        return
    begin_round(S)


@njit(cache=True, _nrt=False)
def final_stones(S, tb, q):
    """Shadow Stones with the Mission's reward when its condition is met."""
    MI = rows(tb, K.TB_MI)
    p = pb(q)
    m = S[p + K.P_MISSION]
    extra = 0
    if m >= 0:
        verb = MI[m, K.MI_VERB]
        if verb == 0:
            have = S[p + K.P_NMON]
        elif verb == 1:
            have = S[p + K.P_NLV3]
        elif verb == 2:
            have = zlen(S, q, K.Z_ITEMS)
        elif verb == 3:
            have = S[p + K.P_NSTUDIED]
        elif verb == 4:
            have = S[p + K.P_KD]
        elif verb == 5:
            have = S[p + K.P_GOLD]
        elif verb == 6:
            have = S[p + K.P_XP]
        else:
            have = S[p + K.P_BOUNTY]
        if have >= MI[m, K.MI_AMOUNT]:
            extra = MI[m, K.MI_REWARD]
    return S[p + K.P_STONES] + extra


@njit(cache=True, _nrt=False)
def standings(S, tb):
    """The winners as a bit mask (Victory: Shadow Stones, Items' cost, Experience)."""
    IT = rows(tb, K.TB_IT)
    n = S[K.G_N]
    table = K.STAND0  # scratch in S: each seat's Stones, Items' cost, Experience
    best = 0
    for q in range(n):
        cost = 0
        for j in range(zlen(S, q, K.Z_ITEMS)):
            cost += IT[S[zat(q, K.Z_ITEMS, j) + K.PL_CARD], K.IT_COST]
        S[table + 3 * q] = final_stones(S, tb, q)
        S[table + 3 * q + 1] = cost
        S[table + 3 * q + 2] = S[pb(q) + K.P_XP]
        if _above(S, table, q, best):
            best = q
    mask = 0
    for q in range(n):
        if not _above(S, table, best, q):  # not below the best: equal to it
            mask |= 1 << q
    return mask


@njit(cache=True, _nrt=False)
def _above(S, table, a, b):
    """Seat ``a``'s row beats seat ``b``'s (compared in order: Stones, Items' cost,
    Experience)."""
    for i in range(3):
        if S[table + 3 * a + i] != S[table + 3 * b + i]:
            return S[table + 3 * a + i] > S[table + 3 * b + i]
    return False


@njit(cache=True, _nrt=False)
def victory(S, tb):
    S[K.G_PHASE] = K.PH_OVER
    S[K.G_FINISHED] = 1
    S[K.G_NT] = 0
