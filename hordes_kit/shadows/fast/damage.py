"""Damage Management (numba), as ``damage.py``: Shield Points marked, damage and health
lost by Heroes and Allied entities, Attachments coming off, recovery, and an Attack's
damage landing on the Monster or its Creature after its Monster-Action card."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import (
    cb,
    ent_t,
    flat_footed,
    hero_t,
    invincible,
    pb,
    pop,
    push,
    rows,
    side_shield,
    stats_of,
    t_card,
    t_seat,
    usable,
    vec,
    zat,
    zdel,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.rewards import defeat_monster, knockdown, reward

__all__ = ["mark_shields", "detach", "finish_defence", "lose_health", "recover", "land"]


@njit(cache=True, _nrt=False)
def mark_shields(S, tb, seat, k):
    """Mark ``k`` Shield Points, soonest-recovering first (ruling): the Combat Field's, the
    Leader card's, the Station Field's (cards the Hero may use), the Items'."""
    SK, IT, GL = rows(tb, K.TB_SK), rows(tb, K.TB_IT), vec(tb, K.TB_GL)
    for j in range(zlen(S, seat, K.Z_COMBAT)):
        if k <= 0:
            return
        a = zat(seat, K.Z_COMBAT, j)
        avail = SK[S[a + K.PL_CARD], K.SK_SHIELD] - S[a + K.PL_BROKEN]
        if avail > 0:
            use = min(k, avail)
            S[a + K.PL_BROKEN] += use
            k -= use
    if k > 0 and seat == S[K.G_LEADER]:
        avail = GL[K.GL_LEADER_SHIELD] - S[K.G_LEADER_BROKEN]
        if avail > 0:
            use = min(k, avail)
            S[K.G_LEADER_BROKEN] += use
            k -= use
    n = zlen(S, seat, K.Z_STATION)
    if k > 0 and n:
        st = stats_of(S, tb, seat)
        for j in range(n):
            if k <= 0:
                return
            a = zat(seat, K.Z_STATION, j)
            c = S[a + K.PL_CARD]
            if not usable(S, tb, seat, c, st):
                continue
            avail = side_shield(SK, c, S[a + K.PL_BACK]) - S[a + K.PL_BROKEN]
            if avail > 0:
                use = min(k, avail)
                S[a + K.PL_BROKEN] += use
                k -= use
    for j in range(zlen(S, seat, K.Z_ITEMS)):
        if k <= 0:
            return
        a = zat(seat, K.Z_ITEMS, j)
        avail = IT[S[a + K.PL_CARD], K.IT_SHIELD] - S[a + K.PL_BROKEN]
        if avail > 0:
            use = min(k, avail)
            S[a + K.PL_BROKEN] += use
            k -= use


@njit(cache=True, _nrt=False)
def detach(S, target):
    """Attachments on an entity that left play go back to their owners' Current Decks."""
    for k in range(S[K.G_N]):
        j = 0
        while j < zlen(S, k, K.Z_STATION):
            a = zat(k, K.Z_STATION, j)
            if S[a + K.PL_ON] == target:
                S[cb(k, K.CS_DECK) + S[a + K.PL_CARD]] += 1
                zdel(S, k, K.Z_STATION, j)
            else:
                j += 1


@njit(cache=True, _nrt=False)
def _entity_damage(S, tb, seat, card, dmg):
    SK = rows(tb, K.TB_SK)
    gone = False
    j = 0
    while j < zlen(S, seat, K.Z_STATION):
        a = zat(seat, K.Z_STATION, j)
        if S[a + K.PL_CARD] == card:
            S[a + K.PL_DMG] += dmg
            if S[a + K.PL_DMG] >= SK[card, K.SK_HEALTH]:
                gone = True
                zdel(S, seat, K.Z_STATION, j)
                continue
        j += 1
    if gone:
        S[cb(seat, K.CS_DECK) + card] += 1
        detach(S, ent_t(seat, card))


@njit(cache=True, _nrt=False)
def finish_defence(S, tb, seat, via, target, by, own, dmg, responded, shielded):
    """What is left of the damage on ``target`` (a ``!defend`` or ``!shields`` task's,
    read before it was popped): Flat-Footed flips, entities defeated, KnockDowns; what the
    Attack did (``last``) when it was the player's own."""
    if shielded:
        mark_shields(S, tb, seat, shielded)
    knocked = False
    card = t_card(target)
    if card >= 0:
        _entity_damage(S, tb, seat, card, dmg)
    else:
        p = pb(seat)
        S[p + K.P_DAMAGE] += dmg
        ff = flat_footed(S, tb, seat)
        if via == K.V_ATTACK and not responded and not shielded and dmg > 0 and ff >= 0:
            a = zat(seat, K.Z_STATION, ff)
            if not S[a + K.PL_BACK]:
                S[a + K.PL_BACK] = 1
                S[a + K.PL_DMG] = 0
                S[a + K.PL_BROKEN] = 0
        if S[p + K.P_DAMAGE] >= stats_of(S, tb, seat)[3]:
            knocked = True
            knockdown(S, tb, seat, by)
    if own:
        last = K.L_ATTACKED if via == K.V_ATTACK else 0
        if responded:
            last |= K.L_RESPONDED
        if dmg:
            last |= K.L_LOST
        if knocked:
            last |= K.L_KNOCKDOWN
        S[K.G_LAST] = last | (S[K.G_LAST] & K.L_HIT)


@njit(cache=True, _nrt=False)
def lose_health(S, tb, seat, target, n, via, card):
    """A Predict's or Spell's 'loses N health' (``seat`` -1: the Monster's): no Shield
    Points, no Monster-Action card; a Hero or entity answers with a Response first."""
    MO = rows(tb, K.TB_MO)
    if n <= 0:
        return
    if invincible(S, tb, target):
        return
    if target == K.T_MONSTER:
        m = S[K.G_MONSTER]
        if m < 0:
            return
        p = pb(seat)
        S[p + K.P_MDMG] += n
        if S[p + K.P_MDMG] >= MO[m, K.MO_HEALTH]:
            defeat_monster(S, tb, seat)
        return
    if target == K.T_CREATURE and S[K.G_CREATURE] >= 0:
        push(S, K.A_LAND, seat, -1, target, n, 0, 0)
        return
    k = t_seat(target)
    a = push(S, K.K_DEFEND, k, card, target, n, 0, K.T_MONSTER if seat < 0 else hero_t(seat))
    S[a + K.TK_VIA] = via
    S[a + K.TK_BY] = K.BY_MONSTER if seat < 0 else seat
    if card >= 0:
        S[a + K.TK_FLAGS] |= K.F_OWN


@njit(cache=True, _nrt=False)
def recover(S, tb, target, n):
    """A Hero or Allied entity recovers ``n`` health (not an Invincible one)."""
    if invincible(S, tb, target):
        return
    k = t_seat(target)
    if k < 0:
        return
    card = t_card(target)
    if card >= 0:
        for j in range(zlen(S, k, K.Z_STATION)):
            a = zat(k, K.Z_STATION, j)
            if S[a + K.PL_CARD] == card:
                S[a + K.PL_DMG] = max(0, S[a + K.PL_DMG] - n)
        return
    p = pb(k)
    S[p + K.P_DAMAGE] -= min(n, S[p + K.P_DAMAGE])


@njit(cache=True, _nrt=False)
def land(S, tb, t):
    """Attack damage lands after the Monster-Action card: less what it blocked, then the
    recovery it revealed, before anyone checks whether the Monster is defeated."""
    MO, CR = rows(tb, K.TB_MO), rows(tb, K.TB_CR)
    seat = S[t + K.TK_SEAT]
    amount, blocked = S[t + K.TK_AMOUNT], S[t + K.TK_BLOCKED]
    card, target, rec = S[t + K.TK_CARD], S[t + K.TK_TARGET], S[t + K.TK_RECOVER]
    pop(S)
    dmg = max(0, amount - blocked)
    if card >= 0:
        last = K.L_ATTACKED
        if blocked:
            last |= K.L_RESPONDED
        if dmg:
            last |= K.L_LOST
        S[K.G_LAST] = last
    p = pb(seat)
    if target == K.T_MONSTER:
        m = S[K.G_MONSTER]
        if m < 0:
            return
        S[p + K.P_MDMG] += dmg
        S[p + K.P_MDMG] -= min(rec, S[p + K.P_MDMG])
        if S[p + K.P_MDMG] >= MO[m, K.MO_HEALTH]:
            defeat_monster(S, tb, seat)
        return
    cr = S[K.G_CREATURE]
    if target == K.T_CREATURE and cr >= 0:
        S[p + K.P_CDMG] += dmg
        if S[p + K.P_CDMG] >= CR[cr, K.CR_HEALTH]:
            reward(
                S,
                tb,
                seat,
                CR[cr, K.CR_GOLD],
                CR[cr, K.CR_XP],
                CR[cr, K.CR_STONES],
                CR[cr, K.CR_ITEM],
            )
            S[K.G_CREATURE] = -1
            for k in range(S[K.G_N]):
                S[pb(k) + K.P_CDMG] = 0
