"""Setup (numba), as ``opening.py``: the Basic Items and the Market drawn, the Leader's
roll, the Heroes, their cards, the Missions, the Libraries (the Beginner lists, or drawn
from the Skill Pool with mulligans), and a Monster revealed."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import cb, db, order_at, pb, push, rows, tb_at, total, vec, zadd

__all__ = ["advance_setup", "reveal_monster", "LIBRARY_DRAWS"]

LIBRARY_DRAWS = (10, 9, 8)  # rules.LIBRARY_DRAWS
MISSIONS_DEALT = 2


@njit(cache=True, _nrt=False)
def reveal_monster(S, tb, m):
    """A Monster revealed; the Monster-Action discard is shuffled back into the deck."""
    MO, GL = rows(tb, K.TB_MO), vec(tb, K.TB_GL)
    S[K.G_MONSTER] = m
    S[K.G_LEVEL] = MO[m, K.MO_LEVEL]
    S[db(K.D_SEEN) + m] = 1
    for k in range(S[K.G_N]):
        S[pb(k) + K.P_MDMG] = 0
        S[pb(k) + K.P_CDMG] = 0
    S[K.G_CREATURE] = MO[m, K.MO_CREATURE]
    deck, disc = db(K.D_MA_DECK), db(K.D_MA_DISC)
    for i in range(GL[K.GL_NMK]):
        S[deck + i] += S[disc + i]
        S[disc + i] = 0


@njit(cache=True, _nrt=False)
def deal_hero(S, tb, k):
    """A Hero's cards (in the file's order): Specials and Initiative 0 Station cards placed,
    the rest its Current Deck."""
    SK, ORD = rows(tb, K.TB_SK), vec(tb, K.TB_ORD)
    hero = S[pb(k) + K.P_HERO]
    for i in range(ORD.shape[0]):
        c = ORD[i]
        if SK[c, K.SK_HERO] != hero:
            continue
        if SK[c, K.SK_SPECIAL] or (SK[c, K.SK_INIT] == 1 and SK[c, K.SK_STATION]):
            zadd(S, k, K.Z_STATION, c)
        else:
            S[cb(k, K.CS_DECK) + c] += 1


@njit(cache=True, _nrt=False)
def beginner_library(S, tb, k):
    """Ruling: a beginner game's Library is the Beginner list's cards for the Hero."""
    SK, GL = rows(tb, K.TB_SK), vec(tb, K.TB_GL)
    hero = S[pb(k) + K.P_HERO]
    lib = cb(k, K.CS_LIBRARY)
    for c in range(GL[K.GL_NS]):
        if SK[c, K.SK_HERO] < 0 and SK[c, K.SK_BEGINNER] == hero:
            S[lib + c] = 1


@njit(cache=True, _nrt=False)
def library_draws_left(S, tb):
    """Skill cards left in the Pool less the draws already waiting on the stack."""
    left = total(S, db(K.D_SKILL_POOL), vec(tb, K.TB_GL)[K.GL_NS])
    for i in range(S[K.G_NT]):
        if S[tb_at(i) + K.TK_KIND] == K.C_LIBRARY:
            left -= 1
    return left


@njit(cache=True, _nrt=False)
def advance_setup(S, tb):
    """The next step of Global and Player Setup (``opening.advance_setup``)."""
    n = S[K.G_N]
    st = S[K.G_STAGE]
    if st == K.ST_BASICS:
        S[K.G_STAGE] = K.ST_MARKET
        for _ in range(n + 1):
            push(S, K.C_BASIC, -1, -1, 0, 0, 0, 0)
    elif st == K.ST_MARKET:
        S[K.G_STAGE] = K.ST_ROLL
        for _ in range(n + 1):
            push(S, K.C_ITEM, -1, -1, 0, 0, 0, 0)
    elif st == K.ST_ROLL:
        S[K.G_STAGE] = K.ST_ROLLCHECK
        for k in range(n - 1, -1, -1):
            push(S, K.C_ROLL, k, -1, 0, 0, 0, 0)
    elif st == K.ST_ROLLCHECK:
        best = -99
        for k in range(n):
            best = max(best, S[pb(k) + K.P_ROLL])
        tied = 0
        first = -1
        for k in range(n):
            if S[pb(k) + K.P_ROLL] == best:
                tied += 1
                if first < 0:
                    first = k
        if tied > 1:
            for k in range(n):
                S[pb(k) + K.P_ROLL] = 0 if S[pb(k) + K.P_ROLL] == best else -1
            for k in range(n - 1, -1, -1):
                if S[pb(k) + K.P_ROLL] == 0:
                    push(S, K.C_ROLL, k, -1, 0, 0, 0, 0)
        else:
            S[K.G_LEADER] = first
            S[K.G_STAGE] = K.ST_HEROES
    elif st == K.ST_HEROES:
        S[K.G_STAGE] = K.ST_DECKS
        for j in range(n - 1, -1, -1):
            push(S, K.K_HERO, order_at(S, j), -1, 0, 0, 0, 0)
    elif st == K.ST_DECKS:
        for k in range(n):
            deal_hero(S, tb, k)
        S[K.G_STAGE] = K.ST_MISSIONS
    elif st == K.ST_MISSIONS:
        S[K.G_STAGE] = K.ST_BASIC
        for j in range(n - 1, -1, -1):
            push(S, K.K_MISSION, order_at(S, j), -1, 0, 0, 0, 0)
        for j in range(n - 1, -1, -1):
            for _ in range(MISSIONS_DEALT):
                push(S, K.C_MISSION, order_at(S, j), -1, 0, 0, 0, 0)
    elif st == K.ST_BASIC:
        S[K.G_STAGE] = K.ST_LIBRARY
        for j in range(n - 1, -1, -1):
            push(S, K.K_BASIC, order_at(S, j), -1, 0, 0, 0, 0)
    elif st == K.ST_LIBRARY:
        S[K.G_STAGE] = K.ST_REVEAL
        basics = db(K.D_BASICS)
        for i in range(vec(tb, K.TB_GL)[K.GL_NI]):
            S[basics + i] = 0
        if not S[K.G_POOL]:
            for k in range(n):
                beginner_library(S, tb, k)
            return
        for j in range(n - 1, -1, -1):
            k = order_at(S, j)
            if S[K.G_MULL]:
                push(S, K.K_MULLIGAN, k, -1, 0, LIBRARY_DRAWS[0], 0, 0)
            left = library_draws_left(S, tb)
            for _ in range(min(LIBRARY_DRAWS[0], left)):
                push(S, K.C_LIBRARY, k, -1, 0, 0, 0, 0)
    else:  # reveal: the level I Monster, then the first round
        S[K.G_STAGE] = K.ST_NONE
        S[K.G_PHASE] = K.PH_REFRESH
        push(S, K.C_MONSTER, -1, -1, 0, 0, 0, 0)
    _ = K.GL_NMK
