"""The Monster's turn (numba), as ``monster.py``: a Monster-Action card revealed and its
icons resolved in order on the current Monster's Icon Chart."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import (
    db,
    hero_t,
    invincible,
    pb,
    pop,
    push,
    rows,
    t_seat,
    tb_at,
    total,
    vec,
)  # fmt: skip
from hordes_kit.shadows.fast.damage import lose_health

__all__ = ["reveal_ma", "run_icons"]


@njit(cache=True, _nrt=False)
def reveal_ma(S, seat, kind, source, own):
    """A Monster-Action card turned face up; its icons resolve against ``source``."""
    if own:
        S[pb(seat) + K.P_MA_UP] = 1
    S[db(K.D_REVEALED) + kind] += 1
    push(S, K.A_ICONS, seat, kind, 0, 0, 0, source)


@njit(cache=True, _nrt=False)
def _landing(S, seat):
    """Where the Attack that revealed this card waits to land (the topmost), or -1."""
    for i in range(S[K.G_NT] - 1, -1, -1):
        a = tb_at(i)
        if (
            S[a + K.TK_KIND] == K.A_LAND
            and S[a + K.TK_SEAT] == seat
            and S[a + K.TK_TARGET] == K.T_MONSTER
        ):
            return a
    return -1


@njit(cache=True, _nrt=False)
def _hits(S, tb, n, source, aim):
    """A Monster (or its Creature) Attack on one Hero or entity."""
    if invincible(S, tb, aim):
        return
    a = push(S, K.K_DEFEND, t_seat(aim), -1, aim, n, 0, source)
    S[a + K.TK_VIA] = K.V_ATTACK
    S[a + K.TK_BY] = K.BY_MONSTER


@njit(cache=True, _nrt=False)
def _aim_at(S, seat, source, every, j):
    """The j-th aim of an icon: every Hero from the revealer clockwise, or the source."""
    if every:
        return hero_t((seat + j) % S[K.G_N])
    return source


@njit(cache=True, _nrt=False)
def _cancelled(S, ko, aim):
    k = aim - 8  # T_HERO
    return 0 <= k < 3 and (ko >> k) & 1 == 1


@njit(cache=True, _nrt=False)
def run_icons(S, tb, t):
    """Resolve the next icon of the Monster-Action card whose task is at ``t``."""
    MO, CR, MK, GL = rows(tb, K.TB_MO), rows(tb, K.TB_CR), rows(tb, K.TB_MK), vec(tb, K.TB_GL)
    kind, index, seat = S[t + K.TK_CARD], S[t + K.TK_INDEX], S[t + K.TK_SEAT]
    source, ko = S[t + K.TK_SOURCE], S[t + K.TK_KO]
    m = S[K.G_MONSTER]
    if index >= MK[kind, K.MK_NICONS] or m < 0:
        pop(S)
        return
    S[t + K.TK_INDEX] = index + 1
    icon = MK[kind, K.MK_ICON0 + index]
    verb = MO[m, K.MO_CHART + 3 * icon]
    n = MO[m, K.MO_CHART + 3 * icon + 1]
    every = MO[m, K.MO_CHART + 3 * icon + 2] == 1
    if verb == K.CH_NONE:
        return
    if verb == K.CH_BLOCK:
        a = _landing(S, seat)
        if a >= 0:
            S[a + K.TK_BLOCKED] += n
        return
    if verb == K.CH_RECOVER:
        a = _landing(S, seat)
        if a >= 0:
            S[a + K.TK_RECOVER] += n  # from this Attack's damage once it lands
        else:
            p = pb(seat)
            S[p + K.P_MDMG] -= min(n, S[p + K.P_MDMG])
        return
    if verb == K.CH_MARKET:
        ni = GL[K.GL_NI]
        n = min(n, total(S, db(K.D_ITEM_DECK), ni) + total(S, db(K.D_ITEM_DISC), ni))
        for _ in range(n):
            push(S, K.C_ITEM, -1, -1, 0, 0, 0, 0)
        return
    if verb == K.CH_CREATURE:
        cr = S[K.G_CREATURE]
        if cr < 0:
            return
        every = CR[cr, K.CR_ALL] == 1
        verb = K.CH_LOSE if CR[cr, K.CR_VERB] == K.CH_LOSE else K.CH_ATTACK
        n = CR[cr, K.CR_N]
        who = K.T_CREATURE
    else:
        who = K.T_MONSTER
    count = S[K.G_N] if every else 1
    for j in range(count - 1, -1, -1):  # the first aim resolves first: pushed last
        aim = _aim_at(S, seat, source, every, j)
        if _cancelled(S, ko, aim):
            continue
        if verb == K.CH_ATTACK:
            _hits(S, tb, n, who, aim)
        elif verb == K.CH_LOSE:
            lose_health(S, tb, -1, aim, n, K.V_SPELL, -1)
