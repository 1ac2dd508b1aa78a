"""Abilities that act by themselves (numba), as ``triggers.py``: a player's Auto abilities
and progress tracks when that player uses a Predict, an Attack, a Spell or a Response,
KnocksDown a Hero, or sees another Hero KnockedDown; and the earned resources."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import (
    ent_t,
    hero_t,
    pb,
    push,
    rows,
    stats_of,
    tb_at,
    usable,
    zat,
    zlen,
)  # fmt: skip

__all__ = ["fire", "earn"]


@njit(cache=True, _nrt=False)
def earn(S, seat, gold, xp, stones):
    """Resources placed on the Combat Field (collected in the BuildUp Phase)."""
    p = pb(seat)
    S[p + K.P_EG] += gold
    S[p + K.P_EX] += xp
    S[p + K.P_ES] += stones


@njit(cache=True, _nrt=False)
def _card_task(S, seat, card, source, flags, on):
    a = push(S, K.A_CARD, seat, card, 0, 0, 0, source)
    S[a + K.TK_FLAGS] = flags
    S[a + K.TK_ON] = on


@njit(cache=True, _nrt=False)
def fire(S, tb, seat, event):
    """``seat``'s abilities waiting for ``event`` (a trigger number): Auto abilities act,
    tracks move on; the abilities that act are pushed, the first found on top."""
    SK, IT = rows(tb, K.TB_SK), rows(tb, K.TB_IT)
    first = S[K.G_NT]
    st = stats_of(S, tb, seat)
    for zone in (K.Z_STATION, K.Z_ITEMS):
        item = zone == K.Z_ITEMS
        for j in range(zlen(S, seat, zone)):
            a = zat(seat, zone, j)
            c = S[a + K.PL_CARD]
            if item:
                on, per, times = IT[c, K.IT_A_ON], IT[c, K.IT_A_PER], IT[c, K.IT_A_TIMES]
                ton, steps = IT[c, K.IT_T_ON], IT[c, K.IT_T_STEPS]
                ok = True
                src = hero_t(seat)
                flags = K.F_ACTIVE | K.F_ITEM
            else:
                if S[a + K.PL_BACK] and SK[c, K.SK_HASBACK]:  # a back side has no abilities
                    on, ton = -1, -1
                    per, times, steps = 99, 99, 0
                else:
                    on, per, times = SK[c, K.SK_A_ON], SK[c, K.SK_A_PER], SK[c, K.SK_A_TIMES]
                    ton, steps = SK[c, K.SK_T_ON], SK[c, K.SK_T_STEPS]
                ok = usable(S, tb, seat, c, st)
                src = ent_t(seat, c) if SK[c, K.SK_ENTITY] else hero_t(seat)
                flags = K.F_ACTIVE
            where = S[a + K.PL_ON]
            if on == event and ok and S[a + K.PL_UR] < per and S[a + K.PL_UG] < times:
                S[a + K.PL_UR] += 1
                S[a + K.PL_UG] += 1
                _card_task(S, seat, c, src, flags | K.F_TRIGGER, where)
            if ton == event and ok:
                S[a + K.PL_PROG] += 1
                if S[a + K.PL_PROG] >= steps:
                    S[a + K.PL_PROG] = 0
                    _card_task(S, seat, c, src, flags | K.F_TRACK | K.F_TRIGGER, where)
    # the first found acts first: reverse what was pushed
    i, k = first, S[K.G_NT] - 1
    while i < k:
        x, y = tb_at(i), tb_at(k)
        for f in range(K.TF):
            S[x + f], S[y + f] = S[y + f], S[x + f]
        i += 1
        k -= 1
