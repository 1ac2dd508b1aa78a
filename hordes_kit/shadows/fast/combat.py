"""Skill cards in the Combat Phase (numba), as ``combat.py``: a card played to its Field
and its effects resolved in order (Main Traits and Sub-Traits, Choose One, Attachments,
Invincible, Delay, Repeat), Active Abilities' and triggered abilities' effects, and the
Predict Trait."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.attack import amount, begin_attack, targets
from hordes_kit.shadows.fast.board import (
    cb,
    ent_t,
    hero_t,
    invincible,
    pb,
    pop,
    push,
    rows,
    stats_of,
    top,
    vec,
    zadd,
    zat,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.damage import lose_health, recover
from hordes_kit.shadows.fast.items import destroy_targets
from hordes_kit.shadows.fast.triggers import earn, fire

__all__ = [
    "start_card", "run_card", "effect_at", "predictions", "do_predict", "attach_targets",
    "recover_shields", "gain", "roll_for",
]  # fmt: skip


@njit(cache=True, _nrt=False)
def gain(S, seat, kind, n):
    """A card's ``gain``: the resource goes on the Combat Field."""
    if kind == K.GAIN_XP:
        earn(S, seat, 0, n, 0)
    elif kind == K.GAIN_GOLD:
        earn(S, seat, n, 0, 0)
    else:
        earn(S, seat, 0, 0, n)


@njit(cache=True, _nrt=False)
def start_card(S, tb, seat, card, response):
    """A card played from the hand (or the line) to its Field; its effects pushed."""
    SK = rows(tb, K.TB_SK)
    h = cb(seat, K.CS_HAND) + card
    if S[h] > 0:
        S[h] -= 1
    traits = SK[card, K.SK_TRAITS]
    zadd(S, seat, K.Z_STATION if SK[card, K.SK_STATION] else K.Z_COMBAT, card)
    p = pb(seat)
    if traits & K.B_ATTACKS and not response:
        S[p + K.P_ATT] += 1
        if traits & K.B_STANDALONE:
            S[p + K.P_STAND] = 1
    if response:
        return
    S[K.G_LAST] = 0
    a = push(S, K.A_CARD, seat, card, 0, 0, 0, 0)
    S[a + K.TK_MAIN] = SK[card, K.SK_USEDBYPLAY]
    if traits & K.B_ATTACHMENT:
        push(S, K.K_ATTACH, seat, card, 0, 0, 0, 0)
    if SK[card, K.SK_NPLAY] > 1:
        push(S, K.K_MAIN, seat, card, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def attach_targets(S, tb, seat, card, dst):
    """What an Attachment may be attached to (an opponent's or an Allied Hero or entity),
    written from ``S[dst]`` when ``dst`` >= 0; how many."""
    SK = rows(tb, K.TB_SK)
    ally = SK[card, K.SK_ATTACH] == 2
    count = 0
    for k in range(S[K.G_N]):
        if (k == seat) != ally:
            continue
        x = hero_t(k)
        if not invincible(S, tb, x):
            if dst >= 0:
                S[dst + count] = x
            count += 1
        for j in range(zlen(S, k, K.Z_STATION)):
            c = S[zat(k, K.Z_STATION, j) + K.PL_CARD]
            if SK[c, K.SK_ENTITY]:
                x = ent_t(k, c)
                if not invincible(S, tb, x):
                    if dst >= 0:
                        S[dst + count] = x
                    count += 1
    return count


@njit(cache=True, _nrt=False)
def _effects(tb, S, t):
    """The effects a card task resolves: (start in the list table, how many)."""
    SK, IT = rows(tb, K.TB_SK), rows(tb, K.TB_IT)
    c, flags = S[t + K.TK_CARD], S[t + K.TK_FLAGS]
    if flags & K.F_ACTIVE:
        if flags & K.F_ITEM:
            if flags & K.F_TRACK:
                return IT[c, K.IT_TE], IT[c, K.IT_TEN]
            return IT[c, K.IT_AE], IT[c, K.IT_AEN]
        if flags & K.F_TRACK:
            return SK[c, K.SK_TE], SK[c, K.SK_TEN]
        return SK[c, K.SK_AE], SK[c, K.SK_AEN]
    return SK[c, K.SK_FE], SK[c, K.SK_FEN]


@njit(cache=True, _nrt=False)
def effect_at(S, tb, t, index):
    """The card task's effect number ``index``; a Choose One effect as the option chosen."""
    EF, LI = rows(tb, K.TB_EF), vec(tb, K.TB_LI)
    start, _ = _effects(tb, S, t)
    e = LI[start + index]
    if EF[e, K.EF_VERB] == K.E_CHOOSE and (S[t + K.TK_CHOSEN] >> index) & 1:
        return EF[e, K.EF_OPT2] if (S[t + K.TK_CHOICE] >> index) & 1 else EF[e, K.EF_OPT1]
    return e


@njit(cache=True, _nrt=False)
def _cond(S, t, when):
    if when == K.W_NONE:
        return True
    last = S[K.G_LAST]
    if when == K.W_NORESP:
        return (last & K.L_ATTACKED) != 0 and (last & K.L_RESPONDED) == 0
    if when == K.W_LOST:
        return (last & K.L_LOST) != 0
    if when == K.W_MISS:
        return (last & K.L_HIT) == 0 and (S[t + K.TK_FLAGS] & K.F_PREDICTED) != 0
    if when == K.W_HIT:
        return (last & K.L_HIT) != 0
    if when == K.W_KNOCKDOWN:
        return (last & K.L_KNOCKDOWN) != 0
    return False  # "response": a card task is never one (a Response resolves in _defend)


@njit(cache=True, _nrt=False)
def _available(S, tb, t, e):
    """Main Traits first: an effect of a Main Trait not activated or used does not
    resolve, nor do its Sub-Traits ("Traits: Priority")."""
    EF = rows(tb, K.TB_EF)
    trait = EF[e, K.EF_TRAIT]
    if S[t + K.TK_FLAGS] & K.F_ACTIVE or trait < 0:
        return True
    if (S[t + K.TK_SKIP] >> trait) & 1:
        return False
    if (K.B_ATTACKS >> trait) & 1 and EF[e, K.EF_VERB] == K.E_ATTACK and not EF[e, K.EF_SUB]:
        return True  # announcing this Attack is the use of its Trait
    return (S[t + K.TK_MAIN] >> trait) & 1 == 1


@njit(cache=True, _nrt=False)
def predictions(S, tb, seat, card, dst):
    """(opponent, number) pairs still open, as opponent * 8 + number, in the engine's
    order, written from ``S[dst]`` when ``dst`` >= 0; how many."""
    SK = rows(tb, K.TB_SK)
    count = 0
    for k in range(S[K.G_N]):
        if k == seat:
            continue
        done = S[pb(k) + K.P_PRED]
        for j in range(SK[card, K.SK_NPRED]):
            num = SK[card, K.SK_PRED0 + j]
            if not (done >> num) & 1:
                if dst >= 0:
                    S[dst + count] = k * 8 + num
                count += 1
    return count


@njit(cache=True, _nrt=False)
def do_predict(S, tb, target, number):
    """Announce a number; the opponent answers yes or no."""
    SK = rows(tb, K.TB_SK)
    hand = cb(target, K.CS_HAND)
    hit = False
    for c in range(vec(tb, K.TB_GL)[K.GL_NS]):
        if S[hand + c] > 0 and (SK[c, K.SK_INIT] >> number) & 1:
            hit = True
            break
    S[pb(target) + K.P_PRED] |= 1 << number
    S[K.G_LAST] = K.L_HIT if hit else 0
    pop(S)  # the !predict task
    t = top(S)
    S[t + K.TK_PRED] = target
    S[t + K.TK_FLAGS] |= K.F_PREDICTED
    S[t + K.TK_MAIN] |= 1 << K.MAIN_PREDICT


@njit(cache=True, _nrt=False)
def roll_for(S, kind, seat, card, target, amt_plus, source, via):
    """A die amount: the task waits under a die roll (its plus kept)."""
    a = push(S, kind, seat, card, target, 0, 0, source)
    S[a + K.TK_PLUS] = amt_plus
    S[a + K.TK_VIA] = via
    push(S, K.C_DIE, seat, -1, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def recover_shields(S, seat, n):
    """Up to ``n`` Damage tokens off the player's marked Shield Points (Combat, Station)."""
    for zone in (K.Z_COMBAT, K.Z_STATION):
        for j in range(zlen(S, seat, zone)):
            a = zat(seat, zone, j)
            k = min(n, S[a + K.PL_BROKEN])
            if k:
                S[a + K.PL_BROKEN] -= k
                n -= k


@njit(cache=True, _nrt=False)
def _finish_card(S, tb, seat, card, flags, main, saved):
    """After a card: Delay stuns it, Repeat may use it again, a Spell or Predict sets off
    abilities waiting for one; an ability acting by itself puts back what it kept."""
    SK = rows(tb, K.TB_SK)
    if flags & K.F_ACTIVE:
        if flags & K.F_SAVED:
            S[K.G_LAST] = saved
        return
    traits = SK[card, K.SK_TRAITS]
    delay = 2 if traits & K.B_DELAY2 else 1 if traits & K.B_DELAY1 else 0
    if delay and not SK[card, K.SK_STATION]:
        for j in range(zlen(S, seat, K.Z_COMBAT)):
            a = zat(seat, K.Z_COMBAT, j)
            if S[a + K.PL_CARD] == card:
                S[a + K.PL_STUN] = delay
    if traits & K.B_REPEAT and S[K.G_LAST] & K.L_KNOCKDOWN:
        S[K.G_LAST] = 0
        push(S, K.K_REPEAT, seat, card, 0, 0, 0, 0)
    if (main >> K.MAIN_SPELL) & 1:
        fire(S, tb, seat, K.TG_SPELL)
    if flags & K.F_PREDICTED:
        fire(S, tb, seat, K.TG_PREDICT)


@njit(cache=True, _nrt=False)
def _finish(S, tb, t):
    seat, card, flags = S[t + K.TK_SEAT], S[t + K.TK_CARD], S[t + K.TK_FLAGS]
    main, saved = S[t + K.TK_MAIN], S[t + K.TK_SAVED]
    pop(S)
    _finish_card(S, tb, seat, card, flags, main, saved)


@njit(cache=True, _nrt=False)
def run_card(S, tb, t):
    """Resolve the next effect of the card task at ``t`` (Main Traits first, in order)."""
    SK, EF = rows(tb, K.TB_SK), rows(tb, K.TB_EF)
    flags = S[t + K.TK_FLAGS]
    if flags & K.F_TRIGGER and not flags & K.F_SAVED:
        # an ability acting by itself keeps what the card under it will read
        S[t + K.TK_SAVED] = S[K.G_LAST]
        S[t + K.TK_FLAGS] |= K.F_SAVED
        flags = S[t + K.TK_FLAGS]
    seat, card, index = S[t + K.TK_SEAT], S[t + K.TK_CARD], S[t + K.TK_INDEX]
    _, n = _effects(tb, S, t)
    predicts = not flags & K.F_ACTIVE and SK[card, K.SK_TRAITS] & K.B_PREDICT
    if (
        index == 0
        and predicts
        and S[t + K.TK_PRED] < 0
        and not (S[t + K.TK_SKIP] >> K.MAIN_PREDICT) & 1
    ):
        if predictions(S, tb, seat, card, -1) == 0:
            _finish(S, tb, t)
            return
        push(S, K.K_PREDICT, seat, card, 0, 0, 0, 0)
        return
    if index >= n:
        _finish(S, tb, t)
        return
    e = effect_at(S, tb, t, index)
    if not _available(S, tb, t, e):
        S[t + K.TK_INDEX] = index + 1
        return
    verb = EF[e, K.EF_VERB]
    if verb == K.E_CHOOSE:
        push(S, K.K_CHOOSE, seat, card, 0, 0, index, 0)
        return
    S[t + K.TK_INDEX] = index + 1
    if not _cond(S, t, EF[e, K.EF_WHEN]) or verb == K.E_STAT or verb == K.E_BLOCK:
        return
    _apply(S, tb, t, e, index)


@njit(cache=True, _nrt=False)
def _apply(S, tb, t, e, index):
    EF = rows(tb, K.TB_EF)
    seat, card, source = S[t + K.TK_SEAT], S[t + K.TK_CARD], S[t + K.TK_SOURCE]
    on = S[t + K.TK_ON]  # an Attachment acts on the entity it is attached to
    verb = EF[e, K.EF_VERB]
    if verb == K.E_ATTACK:
        begin_attack(S, tb, seat, t, e, index)
    elif verb == K.E_LOSE:
        pred = S[t + K.TK_PRED]
        via = K.V_PREDICT if pred >= 0 else K.V_SPELL
        if pred >= 0 or on:
            target = hero_t(pred) if pred >= 0 else on
            if EF[e, K.EF_BASE] == K.A_DIE:
                roll_for(S, K.A_LOSE, seat, card, target, EF[e, K.EF_NUM], 0, via)
                return
            lose_health(S, tb, seat, target, amount(EF, e, stats_of(S, tb, seat), 0), via, card)
            return
        if targets(S, tb, seat, e, S[t + K.TK_PREV], -1) == 0:
            return
        a = push(S, K.K_TARGET, seat, card, 0, 0, index, source)
        S[a + K.TK_FLAGS] = K.F_LOSE
    elif verb == K.E_GAIN:
        gain(S, seat, EF[e, K.EF_ARG], EF[e, K.EF_N])
    elif verb == K.E_RECOVER:
        recover(S, tb, on if on else hero_t(seat), EF[e, K.EF_N])
    elif verb == K.E_RECSHIELDS:
        recover_shields(S, seat, EF[e, K.EF_N])
    elif verb == K.E_SEARCH:
        if S[K.G_NMARKET]:
            push(S, K.K_SEARCH, seat, card, 0, 0, 0, 0)
    elif verb == K.E_DESTROY_ITEM or verb == K.E_DESTROY:
        kind = EF[e, K.EF_ARG] if verb == K.E_DESTROY else -1
        if destroy_targets(S, tb, seat, kind, -1) == 0:
            return
        push(S, K.K_DESTROY, seat, card, kind, 0, 0, 0)
    elif verb == K.E_INVINCIBLE:
        S[pb(seat) + K.P_INV] = 1
