"""The sensible bot and its family (numba), as ``bots.sensible_bot`` with a member of
``policy.SensiblePolicy`` as one float row (``POL_*``, then 1 for each Item it never buys):
the same decision from the same legal moves, and the same chance numbers asked for."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.attack import amount
from hordes_kit.shadows.fast.board import (
    cb,
    damage_on,
    db,
    pb,
    rows,
    stats_of,
    top,
    u_next,
    usable,
    vec,
)  # fmt: skip
from hordes_kit.shadows.fast.combat import effect_at
from hordes_kit.shadows.fast.combat_moves import card_task_of
from hordes_kit.shadows.fast.notation import arg_a, arg_b, pack, verb_of

__all__ = ["bot_move", "plan_weight", "NPOL"]

(POL_ATTACK, POL_PREDICT, POL_STATION, POL_RESPONSE, POL_SPELL, POL_UNUSABLE, POL_HUNT,
 POL_GUARD, POL_AIM, POL_FINISH, POL_KNOCKOUT, POL_BUY, POL_PREFER, POL_LEARN, POL_STUDY,
 POL_TEAMUP) = range(16)  # fmt: skip
NPOL = 16  # then one column per Item: 1 when the member never buys it
B_SELFISH = (1 << 9) | (1 << 10) | (1 << 11)  # Self, Creature, Object
ICON_MXATTACK, ICON_MXXATTACK = 1, 2  # card_model.ICONS


@njit(cache=True, _nrt=False)
def _attacks_likely(S, tb):
    """At least half of the Monster-Action cards left in the deck (its discards when it is
    empty) show an Attack icon."""
    MK, GL = rows(tb, K.TB_MK), vec(tb, K.TB_GL)
    base = db(K.D_MA_DECK)
    size = 0
    for i in range(GL[K.GL_NMK]):
        size += S[base + i]
    if size == 0:
        base = db(K.D_MA_DISC)
        for i in range(GL[K.GL_NMK]):
            size += S[base + i]
    atk = 0
    for i in range(GL[K.GL_NMK]):
        hit = False
        for j in range(MK[i, K.MK_NICONS]):
            icon = MK[i, K.MK_ICON0 + j]
            hit = hit or icon == ICON_MXATTACK or icon == ICON_MXXATTACK
        if hit:
            atk += S[base + i]
    return size > 0 and 2 * atk >= size


@njit(cache=True, _nrt=False)
def plan_weight(S, tb, seat, c, st, pol):
    """``bots.plan_weight``: how much the bot wants a card in its Hand."""
    SK, MO = rows(tb, K.TB_SK), rows(tb, K.TB_MO)
    if not usable(S, tb, seat, c, st):
        return int(pol[POL_UNUSABLE])
    w = 2
    traits = SK[c, K.SK_TRAITS]
    if traits & K.B_ATTACKS:
        w += int(pol[POL_ATTACK])
        m = S[K.G_MONSTER]
        if pol[POL_HUNT] and m >= 0:
            health = MO[m, K.MO_HEALTH]
            if 2 * (health - S[pb(seat) + K.P_MDMG]) <= health:
                w += int(pol[POL_HUNT])
    if traits & K.B_PREDICT:
        w += int(pol[POL_PREDICT])
    elif traits & B_SELFISH:
        w += int(pol[POL_STATION])
    if traits & K.B_RESPONSES:
        w += int(pol[POL_RESPONSE])
        if pol[POL_GUARD] and traits & K.B_RESP_ATTACK and _attacks_likely(S, tb):
            w += int(pol[POL_GUARD])
    if traits & K.B_SPELL:
        w += int(pol[POL_SPELL])
    return w


@njit(cache=True, _nrt=False)
def _damage(S, tb, seat, t, target):
    """What the effect being aimed does to ``target`` (-1: a die roll decides)."""
    EF = rows(tb, K.TB_EF)
    ct = card_task_of(S, seat)
    e = effect_at(S, tb, ct, S[t + K.TK_INDEX])
    if EF[e, K.EF_BASE] == K.A_DIE:
        return -1
    return amount(EF, e, stats_of(S, tb, seat), damage_on(S, target))


@njit(cache=True, _nrt=False)
def _target(S, tb, us, pol, seat, t, n):
    MO = rows(tb, K.TB_MO)
    has_monster = False
    for i in range(n):
        has_monster = has_monster or arg_a(S[K.LM0 + i]) == K.T_MONSTER
    if pol[POL_FINISH] and has_monster:
        dmg = _damage(S, tb, seat, t, K.T_MONSTER)
        if dmg >= 0 and dmg >= MO[S[K.G_MONSTER], K.MO_HEALTH] - S[pb(seat) + K.P_MDMG]:
            return pack(K.M_TARGET, K.T_MONSTER, 0)
    if pol[POL_KNOCKOUT]:
        best, most = -1, -1
        for i in range(n):
            x = arg_a(S[K.LM0 + i])
            if not (K.T_HERO <= x < K.ENT):
                continue
            k = x - K.T_HERO
            dmg = _damage(S, tb, seat, t, x)
            if dmg >= 0 and dmg >= stats_of(S, tb, k)[3] - S[pb(k) + K.P_DAMAGE]:
                if S[pb(k) + K.P_STONES] > most:
                    best, most = i, S[pb(k) + K.P_STONES]
        if best >= 0:
            return S[K.LM0 + best]
    if has_monster and u_next(S, us) < pol[POL_AIM]:
        return pack(K.M_TARGET, K.T_MONSTER, 0)
    best, most = -1, -1
    for i in range(n):
        x = arg_a(S[K.LM0 + i])
        if K.T_HERO <= x < K.ENT and S[pb(x - K.T_HERO) + K.P_STONES] > most:
            best, most = i, S[pb(x - K.T_HERO) + K.P_STONES]
    return S[K.LM0 + (best if best >= 0 else 0)]


@njit(cache=True, _nrt=False)
def _item_better(IT, a, b, prefer):
    """Item ``a`` is bought before ``b`` (``bots._item_key``: ties to the dearest, then the
    later id)."""
    if prefer == 1:
        ka, kb = IT[a, K.IT_SHIELD], IT[b, K.IT_SHIELD]
    elif prefer == 2:
        ka = IT[a, K.IT_S0] + IT[a, K.IT_S0 + 1] + IT[a, K.IT_S0 + 2] + IT[a, K.IT_S0 + 3]
        kb = IT[b, K.IT_S0] + IT[b, K.IT_S0 + 1] + IT[b, K.IT_S0 + 2] + IT[b, K.IT_S0 + 3]
    else:
        ka, kb = 0, 0
    if ka != kb:
        return ka > kb
    if IT[a, K.IT_COST] != IT[b, K.IT_COST]:
        return IT[a, K.IT_COST] > IT[b, K.IT_COST]
    return a > b


@njit(cache=True, _nrt=False)
def bot_move(S, tb, us, pol, heroes):
    """The bot's move at the decision on top (its legal moves listed, ``legal.legal``)."""
    IT, MK = rows(tb, K.TB_IT), rows(tb, K.TB_MK)
    n = S[K.G_NLM]
    if n == 1:
        return S[K.LM0]
    t = top(S)
    k, seat = S[t + K.TK_KIND], S[t + K.TK_SEAT]
    if k == K.K_HERO:  # the seat's Hero of the run
        return pack(K.M_HERO, heroes[seat], 0)
    if k == K.K_PICK:
        st = stats_of(S, tb, seat)
        total = 0
        for i in range(n):
            c = arg_a(S[K.LM0 + i])
            total += plan_weight(S, tb, seat, c, st, pol) * S[cb(seat, K.CS_DECK) + c]
        x = u_next(S, us) * float(total)
        cum = 0
        for i in range(n):
            c = arg_a(S[K.LM0 + i])
            cum += plan_weight(S, tb, seat, c, st, pol) * S[cb(seat, K.CS_DECK) + c]
            if cum > x:
                return S[K.LM0 + i]
        return S[K.LM0 + n - 1]
    if k == K.K_TURN:
        for verb in (K.M_LAY, K.M_USE):
            for i in range(n):
                if verb_of(S[K.LM0 + i]) == verb:
                    return S[K.LM0 + i]
        return S[K.LM0 + n - 1]  # go or pass, always last
    if k == K.K_NEXT:
        return pack(K.M_FLIP, 0, 0)
    if k == K.K_TARGET:
        return _target(S, tb, us, pol, seat, t, n)
    if k == K.K_DEFEND:
        for verb in (K.M_RESPOND, K.M_DODGE):
            for i in range(n):
                if verb_of(S[K.LM0 + i]) == verb:
                    return S[K.LM0 + i]
        return pack(K.M_TAKE_HIT, 0, 0)
    if k == K.K_SHIELDS:
        return S[K.LM0 + n - 1]
    if k == K.K_GIVE:
        to_self = S[t + K.TK_AMOUNT] == seat
        best = 0
        for i in range(1, n):
            a, b = arg_a(S[K.LM0 + i]), arg_a(S[K.LM0 + best])
            ha, hb = MK[a, K.MK_HARM], MK[b, K.MK_HARM]
            if to_self and (ha < hb or (ha == hb and a < b)):
                best = i
            elif not to_self and (ha > hb or (ha == hb and a > b)):
                best = i
        return S[K.LM0 + best]
    if k == K.K_BUY:
        best = -1
        for i in range(n):
            m = S[K.LM0 + i]
            if verb_of(m) != K.M_BUY or pol[NPOL + arg_a(m)]:
                continue
            if best < 0 or _item_better(IT, arg_a(m), arg_a(S[K.LM0 + best]), int(pol[POL_PREFER])):
                best = i
        if best >= 0 and u_next(S, us) < pol[POL_BUY]:
            return S[K.LM0 + best]
        return pack(K.M_PASS, 0, 0)
    if k == K.K_STUDY:
        if not pol[POL_LEARN]:
            return pack(K.M_DONE, 0, 0)
        st = stats_of(S, tb, seat)
        for i in range(n):
            m = S[K.LM0 + i]
            if verb_of(m) == K.M_STUDY and usable(S, tb, seat, arg_a(m), st):
                return m
        if verb_of(S[K.LM0]) != K.M_DONE and u_next(S, us) < pol[POL_STUDY]:
            return S[K.LM0]
        return pack(K.M_DONE, 0, 0)
    if k == K.K_LOSE:
        p = pb(seat)
        best, most = 0, -2
        for i in range(n):
            r = arg_a(S[K.LM0 + i])
            v = (
                S[p + K.P_GOLD] + S[p + K.P_EG]
                if r == K.R_GOLD
                else (S[p + K.P_XP] + S[p + K.P_EX] if r == K.R_XP else -1)
            )
            if v > most:
                best, most = i, v
        return S[K.LM0 + best]
    if k == K.K_TAKE or k == K.K_KEEP:
        best = 0
        for i in range(1, n):
            a, b = arg_a(S[K.LM0 + i]), arg_a(S[K.LM0 + best])
            if IT[a, K.IT_COST] > IT[b, K.IT_COST] or (
                IT[a, K.IT_COST] == IT[b, K.IT_COST] and a > b
            ):
                best = i
        return S[K.LM0 + best]
    if k == K.K_SEARCH or verb_of(S[K.LM0 + n - 1]) == K.M_SKIP:
        return pack(K.M_SKIP, 0, 0)
    if k == K.K_DESTROY:
        best, most = 0, -1
        for i in range(n):
            m = S[K.LM0 + i]
            kind, x = arg_a(m) - 1, arg_b(m)
            worth = 0
            if kind < 1:  # a Market Item (kind -1 or 0)
                worth = IT[x, K.IT_COST]
            elif kind == 1:  # an Item a Hero holds
                worth = IT[x % 4096, K.IT_COST]
            if worth >= most:  # ties: the later id (the engine's max of the move's id)
                best, most = i, worth
        return S[K.LM0 + best]
    if k == K.K_MAIN:
        return pack(K.M_MAIN, 3, 0)
    if k == K.K_TEAMUP:
        mode = int(pol[POL_TEAMUP])
        if mode == 1:
            return pack(K.M_TEAMUP, 0, 0)
        if mode == 2:
            return pack(K.M_TEAMUP, 1, 0)
        return pack(K.M_TEAMUP, 1 if S[pb(seat) + K.P_XP] % 3 == 2 else 0, 0)
    if k == K.K_MULLIGAN:
        return pack(K.M_KEEPLIB, 0, 0)
    if k == K.K_REPEAT:
        return pack(K.M_REPEAT, 0, 0)
    # a Mission, a Basic Item, a Predict, a Choose One, an Attachment: any, uniformly
    return S[K.LM0 + int(u_next(S, us) * n)]
