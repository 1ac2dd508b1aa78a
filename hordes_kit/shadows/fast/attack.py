"""Attacks (numba), as ``attack.py``: their targets (never an Ally, never an Invincible
entity, never for 0 damage), and what an announced Attack sets off: a Monster-Action card
(the one in front of its player, or a new one), or the defender's choice."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import (
    damage_on,
    db,
    ent_t,
    hero_t,
    invincible,
    pb,
    pop,
    push,
    rows,
    stats_of,
    t_seat,
    total,
    vec,
    zat,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.monster import reveal_ma
from hordes_kit.shadows.fast.triggers import fire

__all__ = ["amount", "targets", "attack_ready", "begin_attack", "run_attack"]


@njit(cache=True, _nrt=False)
def amount(EF, e, st, tdmg):
    """The number an effect's amount stands for (``rules.amount``; not a die)."""
    base = EF[e, K.EF_BASE]
    if base == K.A_NUM:
        return EF[e, K.EF_NUM]
    if base == K.A_X:
        return tdmg + EF[e, K.EF_NUM]
    return st[base - 1] + EF[e, K.EF_NUM]


@njit(cache=True, _nrt=False)
def _ok(S, tb, e, x, prev, st, check_damage):
    EF = rows(tb, K.TB_EF)
    if x == prev or invincible(S, tb, x):
        return False
    if check_damage:
        return amount(EF, e, st, damage_on(S, x)) > 0
    return True


@njit(cache=True, _nrt=False)
def targets(S, tb, seat, e, prev, dst):
    """The legal targets of an Attack or Spell effect ``e`` (``attack.targets``), in the
    engine's order, written from ``S[dst]`` when ``dst`` >= 0; how many there are (with
    ``dst`` < 0: 1 at the first one found, 0 for none: whether there is one).
    ``prev``: the previous Attack's target of the card (for an ``other`` Attack)."""
    SK, EF = rows(tb, K.TB_SK), rows(tb, K.TB_EF)
    flags = EF[e, K.EF_FLAGS]
    hero_only = flags & K.EFL_HERO
    if not flags & K.EFL_OTHER:
        prev = -1
    base = EF[e, K.EF_BASE]
    check = EF[e, K.EF_VERB] == K.E_ATTACK and base != K.A_DIE
    # the Hero's stats only when the amount is one of them (they cost a walk of its cards)
    st = stats_of(S, tb, seat) if check and K.A_STR <= base <= K.A_HEALTH else (0, 0, 0, 0)
    count = 0
    if S[K.G_MONSTER] >= 0 and not hero_only and _ok(S, tb, e, K.T_MONSTER, prev, st, check):
        if dst < 0:
            return 1
        S[dst + count] = K.T_MONSTER
        count += 1
    if S[K.G_CREATURE] >= 0 and not hero_only and _ok(S, tb, e, K.T_CREATURE, prev, st, check):
        if dst < 0:
            return 1
        S[dst + count] = K.T_CREATURE
        count += 1
    for k in range(S[K.G_N]):
        if k == seat:
            continue
        x = hero_t(k)
        if _ok(S, tb, e, x, prev, st, check):
            if dst < 0:
                return 1
            S[dst + count] = x
            count += 1
        if hero_only:
            continue
        for j in range(zlen(S, k, K.Z_STATION)):
            c = S[zat(k, K.Z_STATION, j) + K.PL_CARD]
            if SK[c, K.SK_ENTITY]:
                x = ent_t(k, c)
                if _ok(S, tb, e, x, prev, st, check):
                    if dst < 0:
                        return 1
                    S[dst + count] = x
                    count += 1
    return count


@njit(cache=True, _nrt=False)
def attack_ready(S, tb, seat, c):
    """A card whose Main Trait is an Attack can be used now: its first Attack has a target
    it would damage (FAQ). Any other card: True."""
    SK, LI = rows(tb, K.TB_SK), vec(tb, K.TB_LI)
    if not SK[c, K.SK_TRAITS] & K.B_ATTACKS:
        return True
    first = SK[c, K.SK_FIRSTATK]
    if first < 0:
        return True
    return targets(S, tb, seat, LI[SK[c, K.SK_FE] + first], -1, -1) > 0


@njit(cache=True, _nrt=False)
def begin_attack(S, tb, seat, t, e, index):
    """An Attack effect (number ``index``) of the card task at ``t``: its player chooses
    the target first."""
    if targets(S, tb, seat, e, S[t + K.TK_PREV], -1) == 0:
        return
    push(S, K.K_TARGET, seat, S[t + K.TK_CARD], 0, 0, index, S[t + K.TK_SOURCE])


@njit(cache=True, _nrt=False)
def run_attack(S, tb, t):
    """An announced Attack (the task at ``t``): reveal a Monster-Action card, or let the
    defender respond."""
    GL = vec(tb, K.TB_GL)
    seat, card, target = S[t + K.TK_SEAT], S[t + K.TK_CARD], S[t + K.TK_TARGET]
    amt, src = S[t + K.TK_AMOUNT], S[t + K.TK_SOURCE]
    plus = S[t + K.TK_PLUS]
    pop(S)
    if src == 0:
        src = hero_t(seat)
    if card >= 0:
        fire(S, tb, seat, K.TG_ATTACK)
    if target == K.T_MONSTER:
        a = push(S, K.A_LAND, seat, card, K.T_MONSTER, amt, 0, src)
        S[a + K.TK_PLUS] = plus
        p = pb(seat)
        if S[p + K.P_MA] >= 0 and not S[p + K.P_MA_UP]:
            reveal_ma(S, seat, S[p + K.P_MA], src, True)
            return
        nk = GL[K.GL_NMK]
        if total(S, db(K.D_MA_DECK), nk) + total(S, db(K.D_MA_DISC), nk) == 0:
            return  # every card is out: nothing to reveal
        push(S, K.C_REVEAL, seat, -1, 0, 0, 0, src)
        return
    if target == K.T_CREATURE and S[K.G_CREATURE] >= 0:
        a = push(S, K.A_LAND, seat, card, target, amt, 0, src)
        S[a + K.TK_PLUS] = plus
        return
    a = push(S, K.K_DEFEND, t_seat(target), card, target, amt, 0, src)
    S[a + K.TK_VIA] = K.V_ATTACK
    S[a + K.TK_BY] = seat
    if card >= 0:
        S[a + K.TK_FLAGS] |= K.F_OWN
