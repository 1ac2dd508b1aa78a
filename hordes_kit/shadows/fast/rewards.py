"""Gaining Rewards (numba), as ``rewards.py``: KnockDowns by the Monster or a player, the
resource a KnockedDown player loses, a Monster's and its Creature's rewards."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import db, pb, push, rows, tb_at, total, vec, zat, zlen
from hordes_kit.shadows.fast.triggers import earn, fire

__all__ = ["knockdown", "lose_resource", "reward", "defeat_monster"]


@njit(cache=True, _nrt=False)
def knockdown(S, tb, victim, by):
    """A Hero KnockedDown by the Monster (``by`` -1) or by a player: rewards, the Hero
    recovers, its KnockDown cards flip, it loses a resource (asked when it has several)."""
    SK = rows(tb, K.TB_SK)
    n = S[K.G_N]
    bounty = S[pb(victim) + K.P_BOUNTY]
    if by == K.BY_MONSTER:
        for k in range(n):
            if k != victim:
                earn(S, k, 1, 0, 0)
        # the Monster's further Attacks and Spells against this Hero are cancelled
        for i in range(S[K.G_NT]):
            a = tb_at(i)
            if S[a + K.TK_KIND] == K.A_ICONS:
                S[a + K.TK_KO] |= 1 << victim
    else:
        _by_player(S, tb, victim, by, bounty)
    for o in range(n):
        if o != victim:
            fire(S, tb, o, K.TG_KO_OTHER)
    for j in range(zlen(S, victim, K.Z_STATION)):
        a = zat(victim, K.Z_STATION, j)
        if SK[S[a + K.PL_CARD], K.SK_A_FLIP] == K.FLIP_KNOCKDOWN and not S[a + K.PL_BACK]:
            S[a + K.PL_BACK] = 1
            S[a + K.PL_BROKEN] = 0
            S[a + K.PL_DMG] = 0
    p = pb(victim)
    S[p + K.P_DAMAGE] = 0
    # the resources held, in the engine's order (xp, gold, stone)
    xp = S[p + K.P_XP] + S[p + K.P_EX] > 0
    gold = S[p + K.P_GOLD] + S[p + K.P_EG] > 0
    stone = S[p + K.P_STONES] + S[p + K.P_ES] > 0
    have = int(xp) + int(gold) + int(stone)
    if have == 1:
        lose_resource(S, victim, K.R_XP if xp else K.R_GOLD if gold else K.R_STONE)
    elif have:
        push(S, K.K_LOSE, victim, -1, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def _by_player(S, tb, victim, k, bounty):
    GL = vec(tb, K.TB_GL)
    earn(S, k, 1 + bounty * GL[K.GL_BOUNTY_GOLD], 1, 0)
    left = S[K.G_BOUNTY_LEFT] + (1 if bounty else 0)
    p = pb(k)
    if S[p + K.P_BOUNTY] == 0 and left > 0:
        S[p + K.P_BOUNTY] = 1
        left -= 1
    elif S[p + K.P_BOUNTY] == 1:
        S[p + K.P_BOUNTY] = 2  # the Bounty X2 side
    S[p + K.P_KD] += 1
    S[K.G_BOUNTY_LEFT] = left
    S[pb(victim) + K.P_BOUNTY] = 0
    fire(S, tb, k, K.TG_KO_BY_YOU)


@njit(cache=True, _nrt=False)
def lose_resource(S, seat, kind):
    """The KnockedDown player loses 1 resource of that kind, one earned this round first."""
    p = pb(seat)
    if kind == K.R_GOLD:
        e, f = K.P_EG, K.P_GOLD
    elif kind == K.R_XP:
        e, f = K.P_EX, K.P_XP
    else:
        e, f = K.P_ES, K.P_STONES
    if S[p + e]:
        S[p + e] -= 1
    else:
        S[p + f] -= 1


@njit(cache=True, _nrt=False)
def reward(S, tb, seat, gold, xp, stones, item):
    """A Monster's or Creature's reward; a Random Item: draw 2 Items, keep 1."""
    GL = vec(tb, K.TB_GL)
    earn(S, seat, gold, xp, stones)
    ni = GL[K.GL_NI]
    left = total(S, db(K.D_ITEM_DECK), ni) + total(S, db(K.D_ITEM_DISC), ni)
    if item and left:
        push(S, K.K_TAKE, seat, -1, 0, 0, 0, 0)
        for _ in range(min(2, left)):
            push(S, K.C_REWARD, seat, -1, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def defeat_monster(S, tb, seat):
    """The Monster defeated by this player's colour: unrevealed cards discarded, rewards."""
    MO, CR = rows(tb, K.TB_MO), rows(tb, K.TB_CR)
    m = S[K.G_MONSTER]
    creature = S[K.G_CREATURE]
    p = pb(seat)
    S[p + K.P_NMON] += 1
    if MO[m, K.MO_LEVEL] == 3:
        S[p + K.P_NLV3] += 1
    for k in range(S[K.G_N]):
        q = pb(k)
        if S[q + K.P_MA] >= 0 and not S[q + K.P_MA_UP]:
            S[db(K.D_MA_DISC) + S[q + K.P_MA]] += 1
            S[q + K.P_MA] = -1
    S[K.G_MONSTER] = -1
    S[K.G_CREATURE] = -1
    if S[K.G_END] == 0 and MO[m, K.MO_LEVEL] == 3:
        S[K.G_END] = K.END_LEVEL3_WHY
    reward(S, tb, seat, MO[m, K.MO_GOLD], MO[m, K.MO_XP], MO[m, K.MO_STONES], MO[m, K.MO_ITEM])
    if creature >= 0:
        # its Creature is discarded with it and gives its own reward (ruling)
        c = creature
        reward(S, tb, seat, CR[c, K.CR_GOLD], CR[c, K.CR_XP], CR[c, K.CR_STONES], CR[c, K.CR_ITEM])
