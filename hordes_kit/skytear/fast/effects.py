"""Fast simulator effects (numba), mirroring ``effects.py``: abilities become effect tasks;
targets that fit several cards are the bot's (``bot.pick_unit``); a concealed target is
revealed first (the effect waits on the stack with its target)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    add_lane_tokens,
    attach_to,
    gain_mana,
    hurt_portal,
    move_to_lane,
    pile_push,
)
from hordes_kit.skytear.fast.bot import pick_unit
from hordes_kit.skytear.fast.core import (
    ALLIANCE,
    HORDE,
    MAXU,
    O_ALY,
    O_MON,
    S_CHP,
    S_MANA,
    S_NPL,
    SC_ASSAULT,
    SC_ASSAULT_OUTS,
    SC_BAIT,
    SC_EACH,
    SC_EACH_UIDS,
    SC_SINGLE,
    SC_TARGET,
    TG_CASTLE,
    TG_MINION,
    TG_PORTAL,
    U_CHG,
    U_CHGD,
    U_EXH,
    U_HALT,
    U_HP,
    U_UID,
    find,
    is_ally,
    lane_of,
    scratch,
    ug,
    units,
    us,
)
from hordes_kit.skytear.fast.fight import (
    deal,
    hurt_castle,
)
from hordes_kit.skytear.fast.stats import (
    attack,
    condition_holds,
)
from hordes_kit.skytear.fast.tables import (
    A_COND,
    A_E0,
    A_NE,
    C_KIND,
    C_TYPE,
    E_AMOUNT,
    E_TARGET,
    E_VERB,
    E_X0,
    E_X1,
    E_X2,
)
from hordes_kit.skytear.fast.targets import (
    candidates,
)
from hordes_kit.skytear.fast.tasks import (
    CASTLE_PICK,
    NO_PICK,
    PORTAL_PICK,
    TK_DISCARD_HAND,
    TK_DRAW,
    TK_EFFECT,
    TK_FLUX,
    TK_PILLAGE_CARDS,
    TK_REBUILD,
    TK_REINFORCE,
    TK_REVEAL,
    TK_SUMMON,
    TK_TOKEN,
    doom,
    push,
)

SETS = (24, 25, 26, 27, 28)  # all-monsters, all-lane-monsters, all-allies, all-minions, neighbors
TOKENS = {2: 6, 3: 7, 4: 8, 5: 9}  # attack, temp-attack, armor, temp-armor -> unit field
K_ALLIANCE, K_CASTLE = 1, 6
T_MONSTER = 0


@njit(cache=True, _nrt=False)
def t_ability(S, C, A, src, card, ab, seat):
    u = find(S, src) if src else -1
    if A[ab, A_COND] and not condition_holds(S, C, u, A[ab, A_COND]):
        return
    for e in range(A[ab, A_E0] + A[ab, A_NE] - 1, A[ab, A_E0] - 1, -1):
        push(S, TK_EFFECT, src, card, e, seat)


@njit(cache=True, _nrt=False)
def _target(S, C, A, E, e, src_uid, pick, filt_max, word):
    """The chosen target: a slot, CASTLE_PICK, PORTAL_PICK, or -1 when nothing fits; plus
    whether a player chose it (several cards fitted).

    ``filt_max`` >= 0 keeps only cards with that much attack or less (halt-pillage).
    """
    if pick != NO_PICK:
        return (pick if pick < -1 else find(S, pick)), True
    t = E[e, E_TARGET] if word < 0 else word
    if t == TG_CASTLE:
        return CASTLE_PICK, False
    if t == TG_PORTAL:
        return PORTAL_PICK, False
    buf = scratch(S, SC_TARGET, MAXU)
    src = find(S, src_uid) if src_uid else -1
    n = candidates(S, C, A, E, t, src, buf)
    if filt_max >= 0:
        m = 0
        for i in range(n):
            if attack(S, C, A, E, buf[i]) <= filt_max:
                buf[m] = buf[i]
                m += 1
        n = m
    if n == 0:
        return -1, False
    if n == 1:
        return buf[0], False
    return pick_unit(S, C, A, E, buf, n, E[e, E_VERB], E[e, E_AMOUNT]), True


@njit(cache=True, _nrt=False)
def _single(S, C, A, E, src, card, e, seat, pick, always):
    """The target of a single-target effect, or -9 when the effect waits for a reveal.

    The effect comes back after the reveal with its target if a player chose it (or
    ``always``: the engine records the target before its second choice), else it looks again.
    """
    tgt, chosen = _target(S, C, A, E, e, src, pick, -1, -1)
    if tgt >= 0 and ug(S, tgt, 2) < 0:
        keep = ug(S, tgt, U_UID) if (chosen or always) else NO_PICK
        push(S, TK_EFFECT, src, card, e, seat, keep)
        push(S, TK_REVEAL, ug(S, tgt, U_UID))
        return -9
    return tgt


@njit(cache=True, _nrt=False)
def _apply(S, C, A, E, P, verb, tgt, amount):
    if tgt == CASTLE_PICK:
        if verb == 0:
            hurt_castle(S, amount)
        elif verb == 1:
            S[S_CHP] += amount
        return
    if tgt == PORTAL_PICK:
        if verb == 0:
            hurt_portal(S, P, amount, False)
        return
    if tgt < 0:
        return
    if verb == 0:
        deal(S, C, A, E, tgt, amount)
    elif verb == 1:
        us(S, tgt, U_HP, ug(S, tgt, U_HP) + amount)
    elif verb in (2, 3, 4, 5):
        f = 6 if verb == 2 else 7 if verb == 3 else 8 if verb == 4 else 9
        us(S, tgt, f, ug(S, tgt, f) + amount)
    elif verb == 6:
        doom(S, ug(S, tgt, U_UID))
    elif verb == 7 or verb == 8:
        if ug(S, tgt, 3) == ALLIANCE:
            us(S, tgt, U_EXH, 1 if verb == 8 else 0)


@njit(cache=True, _nrt=False)
def _each(S, C, A, E, P, src, card, e, seat, pick):
    verb, t, amount = E[e, E_VERB], E[e, E_TARGET], E[e, E_AMOUNT]
    if t in SETS:
        buf = scratch(S, SC_EACH, MAXU)
        s = find(S, src) if src else -1
        n = candidates(S, C, A, E, t, s, buf)
        if pick != NO_PICK:  # effect_units.each_target: revealed already, and a card a
            # revealed spell concealed since stays face down
            k = 0
            for i in range(n):
                if ug(S, buf[i], 2) >= 0:
                    buf[k] = buf[i]
                    k += 1
            n = k
        hidden = 0
        for i in range(n):
            if ug(S, buf[i], 2) < 0:
                hidden += 1
        if hidden:
            push(S, TK_EFFECT, src, card, e, seat, pick=1)
            for i in range(n - 1, -1, -1):
                if ug(S, buf[i], 2) < 0:
                    push(S, TK_REVEAL, ug(S, buf[i], U_UID))
            return
        uids = scratch(S, SC_EACH_UIDS, MAXU)
        for i in range(n):
            uids[i] = ug(S, buf[i], U_UID)
        for i in range(n):
            k = find(S, uids[i])
            if k >= 0:
                _apply(S, C, A, E, P, verb, k, amount)
        return
    tgt = _single(S, C, A, E, src, card, e, seat, pick, False)
    if tgt == -9 or tgt == -1:
        return
    _apply(S, C, A, E, P, verb, tgt, amount)


@njit(cache=True, _nrt=False)
def _low_mana_seat(S):
    return 0 if S[S_NPL] == 1 or S[S_MANA] <= S[S_MANA + 1] else 1


@njit(cache=True, _nrt=False)
def t_effect(S, C, A, E, P, src, card, e, seat, pick):
    """Resolve one effect (as much as possible)."""
    verb, amount = E[e, E_VERB], E[e, E_AMOUNT]
    if verb <= 8:  # damage heal attack temp-attack armor temp-armor destroy ready exhaust
        _each(S, C, A, E, P, src, card, e, seat, pick)
        return
    if verb == 9 or verb == 10 or verb == 11 or verb == 12:  # bless mutaform bait move
        tgt = _single(S, C, A, E, src, card, e, seat, pick, True)
        if tgt < 0:
            return
        if verb == 9:  # the bot blesses with health tokens
            us(S, tgt, U_HP, ug(S, tgt, U_HP) + amount)
        elif verb == 10:
            attack_tokens = ug(S, tgt, 3) == ALLIANCE  # ally: attack tokens; monster: health
            f = 6 if attack_tokens else U_HP
            us(S, tgt, f, ug(S, tgt, f) + amount)
        elif verb == 11:
            us(S, tgt, 7, ug(S, tgt, 7) + 1)
            for i in range(6):  # in front of an ally without a monster, else it stays
                if S[O_MON + i] < 0 and S[O_ALY + i] >= 0 and is_ally(S, C, S[O_ALY + i]):
                    move_to_lane(S, tgt, i)
                    break
        else:
            for i in range(6):
                if S[O_ALY + i] < 0:
                    move_to_lane(S, tgt, i)
                    break
        return
    if verb == 13:  # attach (a concealed target is revealed first, its uid kept)
        tgt = _single(S, C, A, E, src, card, e, seat, pick, True)
        if tgt == -9:
            return
        if tgt < 0:
            if C[card, C_KIND] != K_ALLIANCE:
                pile_push(S, card, True)
            return
        attach_to(S, tgt, card, seat if C[card, C_KIND] == K_ALLIANCE else -1)
        return
    if verb == 14:  # halt-pillage
        tgt, _ = _target(S, C, A, E, e, src, pick, amount, TG_MINION)
        if tgt >= 0:
            us(S, tgt, U_HALT, 1)
        return
    if verb == 15:  # charge
        _charge(S, C, A, E, src, card, e, seat)
        return
    if verb == 16:  # draw
        if C[card, C_KIND] == K_ALLIANCE or C[card, C_KIND] == K_CASTLE:
            push(S, TK_DRAW, seat, amount)
        else:
            push(S, TK_DRAW, _low_mana_seat(S), amount)
        return
    if verb == 17:  # add mana
        gain_mana(S, _low_mana_seat(S), amount)
        return
    if verb == 18:  # assault: an outsider in play (the bot's: the weakest), else the portal
        buf = scratch(S, SC_ASSAULT, MAXU)
        outs = scratch(S, SC_ASSAULT_OUTS, MAXU)
        n = units(S, buf)
        k = 0
        for i in range(n):
            c = ug(S, buf[i], 2)
            if c >= 0 and (C[c, C_KIND] == 2 or C[c, C_KIND] == 5) and C[c, C_TYPE] != 8:
                outs[k] = buf[i]
                k += 1
        if k == 0:
            hurt_portal(S, P, amount, False)
        else:
            deal(S, C, A, E, pick_unit(S, C, A, E, outs, k, verb, amount), amount)
        return
    if verb == 19:  # guerrilla
        e2 = e
        tgt = _single_minion(S, C, A, E, src, card, e2, seat, pick)
        if tgt >= 0:
            k = min(amount, max(0, ug(S, tgt, U_HP)))
            us(S, tgt, U_HP, ug(S, tgt, U_HP) - k)
        return
    if verb == 20:  # rebuild
        push(S, TK_REBUILD, amount, seat if C[card, C_KIND] in (K_ALLIANCE, K_CASTLE) else 0)
    elif verb == 21:  # reinforce
        for _ in range(amount):
            push(S, TK_REINFORCE)
    elif verb == 22:  # flux
        push(S, TK_FLUX, max(seat, 0), amount)
    elif verb == 23:  # charges
        k = find(S, src) if src else -1
        if k >= 0:
            us(S, k, U_CHG, ug(S, k, U_CHG) + amount)
            us(S, k, U_CHGD, 1)
    elif verb == 24 or verb == 28:  # summon / conceal
        for _ in range(amount):
            push(S, TK_SUMMON, 1 if verb == 28 else 0)
    elif verb == 25:  # pillage
        push(S, TK_PILLAGE_CARDS, amount)
    elif verb == 26:  # discard: each player, player 1 first
        for i in range(S[S_NPL] - 1, -1, -1):
            push(S, TK_DISCARD_HAND, i, amount)
    elif verb == 27:  # card tokens
        for _ in range(amount):
            push(S, TK_TOKEN, E[e, E_X0], seat)
    elif verb == 29:  # lane tokens
        add_lane_tokens(S, E[e, E_X0], E[e, E_X1], E[e, E_X2], amount)


@njit(cache=True, _nrt=False)
def _single_minion(S, C, A, E, src, card, e, seat, pick):
    """Guerrilla's target: a minion (you choose)."""
    if pick != NO_PICK:
        return find(S, pick)
    buf = scratch(S, SC_SINGLE, MAXU)
    n = candidates(S, C, A, E, TG_MINION, -1, buf)
    if n == 0:
        return -1
    if n == 1:
        return buf[0]
    return pick_unit(S, C, A, E, buf, n, E[e, E_VERB], E[e, E_AMOUNT])


@njit(cache=True, _nrt=False)
def _charge(S, C, A, E, src, card, e, seat):
    u = find(S, src) if src else -1
    if u < 0 or ug(S, u, 3) != HORDE:
        return
    d = E[e, E_X0]
    if d <= 1:
        first, last = -1, -1
        for i in range(6):
            m = S[O_MON + i]
            if m < 0 or m == u:
                if first < 0:
                    first = i
                last = i
        if first < 0:
            return
        lane = first if d == 0 else last
        if lane_of(S, u) != lane:
            move_to_lane(S, u, lane)
        return
    buf = scratch(S, SC_BAIT, MAXU)
    n = candidates(S, C, A, E, 18 if d == 2 else 19, -1, buf)  # strongest / weakest ally
    if n == 0:
        return
    tgt = buf[0] if n == 1 else pick_unit(S, C, A, E, buf, n, 15, 0)
    lane = lane_of(S, tgt)
    if lane < 0 or S[O_MON + lane] >= 0:
        return
    move_to_lane(S, u, lane)
