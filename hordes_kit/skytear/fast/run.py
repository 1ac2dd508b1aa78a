"""The fast simulator's loop (numba): the state checks, then the next task, as ``flow.settle``
does; every decision is the sensible bot's, every chance node one uniform number."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.core import (
    O_DOOM,
    O_HDISC,
    O_TASK,
    S_ERR,
    S_NDOOM,
    S_NHAND,
    S_NHDISC,
    S_NT,
    S_RESULT,
    S_STEPS,
    SC_DESTROYED,
    TF,
    find,
    scratch,
    ug,
)
from hordes_kit.skytear.fast.draws import (
    first_dead_minion,
    minion_enters,
    t_discard_hand,
    t_draw,
    t_flux,
    t_level3,
    t_may_draw,
    t_minion_all,
    t_mulligan,
    t_pillage_cards,
    t_rebuild,
    t_shuffle_back,
    t_trim,
)
from hordes_kit.skytear.fast.effects import t_ability, t_effect
from hordes_kit.skytear.fast.fight import (
    t_alliance_fight,
    t_elusive,
    t_end_phase,
    t_fight_lane,
    t_fight_phase,
    t_order_groups,
    t_pillage_by,
    t_pillage_phase,
    t_return_pillagers,
    t_strike,
)
from hordes_kit.skytear.fast.phases import (
    t_act,
    t_ally_engage,
    t_ally_move,
    t_end_alliance,
    t_phase_start,
    t_play,
    t_taunt,
    t_use,
)
from hordes_kit.skytear.fast.stats import (
    portal_numbers,
)
from hordes_kit.skytear.fast.tables import C_AB0, C_NAB
from hordes_kit.skytear.fast.tasks import (
    TK_ABILITY,
    TK_ACT,
    TK_ALLIANCE_FIGHT,
    TK_ALLIANCE_PHASE,
    TK_ALLY_ENGAGE,
    TK_ALLY_MOVE,
    TK_BOOST,
    TK_DESTROYED,
    TK_DISCARD_HAND,
    TK_DOOM_ORDER,
    TK_DRAW,
    TK_EFFECT,
    TK_ELUSIVE,
    TK_END_ALLIANCE,
    TK_END_PHASE,
    TK_ENTER,
    TK_FIGHT_LANE,
    TK_FIGHT_PHASE,
    TK_FLUX,
    TK_GAIN_MANA,
    TK_HAND_LIMIT,
    TK_LEAVE,
    TK_LEVEL3,
    TK_MAY_DRAW,
    TK_MILL,
    TK_MINION_ALL,
    TK_MINION_PICK,
    TK_MULLIGAN,
    TK_ORDER_GROUPS,
    TK_OUTSIDER_PILE,
    TK_PILLAGE_BY,
    TK_PILLAGE_CARDS,
    TK_PILLAGE_PHASE,
    TK_PLAY,
    TK_REACTIONS,
    TK_REBUILD,
    TK_REINFORCE,
    TK_REINFORCE_PHASE,
    TK_RETURN_PILLAGERS,
    TK_REVEAL,
    TK_ROTATE,
    TK_SHUFFLE_BACK,
    TK_STRIKE,
    TK_STRIP,
    TK_SUMMON,
    TK_TAUNT,
    TK_TO_DISCARD,
    TK_TOKEN,
    TK_TREACHERY,
    TK_TREACHERY_BONUS,
    TK_TRIM,
    TK_TURN,
    TK_TURN_ABILITIES,
    TK_USE,
    TK_WAVE,
    _start,
    check,
    leave,
    push,
    strip,
)
from hordes_kit.skytear.fast.treachery import (
    t_treachery,
    t_treachery_bonus,
)
from hordes_kit.skytear.fast.turn import (
    t_boost,
    t_enter,
    t_gain_mana,
    t_outsider_pile,
    t_reinforce,
    t_reveal,
    t_rotate,
    t_summon,
    t_token,
    t_turn,
    t_turn_abilities,
    t_wave,
)

TRIG_DESTROYED = 2
HAND_LIMIT = 7


@njit(cache=True, _nrt=False)
def _destroyed(S, C, A, uid):
    """Destruction step 1: the card's "Destroyed:" abilities, the draw, then steps 2 and 3."""
    u = find(S, uid)
    push(S, TK_LEAVE, uid)
    push(S, TK_STRIP, uid)
    c = ug(S, u, 2)
    if ug(S, u, 3) == 0 and ug(S, u, 16) == 0 and c >= 0:
        push(S, TK_MAY_DRAW, c)
    if c >= 0:
        rows = scratch(S, SC_DESTROYED, 16)
        n = 0
        for ab in range(C[c, C_AB0], C[c, C_AB0] + C[c, C_NAB]):
            if A[ab, 0] == TRIG_DESTROYED and n < 16:
                rows[n] = ab
                n += 1
        for j in range(n - 1, -1, -1):
            push(S, TK_ABILITY, uid, c, rows[j], ug(S, u, 4))


@njit(cache=True, _nrt=False)
def _doom_order(S):
    for i in range(S[S_NDOOM]):  # the bot: the first card tagged still in play
        if find(S, S[O_DOOM + i]) >= 0:
            _start(S, S[O_DOOM + i])
            return


@njit(cache=True, _nrt=False)
def step(S, C, A, E, P, U):
    """Pop the next task and run it."""
    n = S[S_NT] - 1
    b = O_TASK + n * TF
    kind, a0, a1, a2, a3, pick = S[b], S[b + 1], S[b + 2], S[b + 3], S[b + 4], S[b + 6]
    S[S_NT] = n
    if kind == TK_TURN:
        t_turn(S)
    elif kind == TK_GAIN_MANA:
        t_gain_mana(S, P)
    elif kind == TK_TURN_ABILITIES:
        t_turn_abilities(S, C, A)
    elif kind == TK_WAVE:
        t_wave(S, P)
    elif kind == TK_REINFORCE_PHASE:
        for _ in range(_portal_reinforce(S, P)):
            push(S, TK_REINFORCE)
    elif kind == TK_OUTSIDER_PILE:
        t_outsider_pile(S, C)
    elif kind == TK_ROTATE:
        t_rotate(S)
    elif kind == TK_ALLIANCE_PHASE:
        t_phase_start(S, 0)
    elif kind == TK_END_ALLIANCE:
        t_end_alliance(S)
    elif kind == TK_TREACHERY:
        t_treachery(S, C, A, U)
    elif kind == TK_REACTIONS:
        t_phase_start(S, 1)
    elif kind == TK_FIGHT_PHASE:
        t_fight_phase(S)
    elif kind == TK_PILLAGE_PHASE:
        t_pillage_phase(S, C, A, E)
    elif kind == TK_RETURN_PILLAGERS:
        t_return_pillagers(S, C, A, E)
    elif kind == TK_END_PHASE:
        t_end_phase(S)
    elif kind == TK_SUMMON:
        t_summon(S, C, A, U, a0)
    elif kind == TK_ENTER:
        t_enter(S, C, A, E, a0)
    elif kind == TK_TO_DISCARD:
        S[O_HDISC + a0] += 1
        S[S_NHDISC] += 1
    elif kind == TK_BOOST:
        t_boost(S, C, a0)
    elif kind == TK_REINFORCE:
        t_reinforce(S, C)
    elif kind == TK_TREACHERY_BONUS:
        t_treachery_bonus(S, C, a0)
    elif kind == TK_REVEAL:
        t_reveal(S, C, A, E, U, a0)
    elif kind == TK_TOKEN:
        t_token(S, C, A, E, a0, a1)
    elif kind == TK_ACT:
        t_act(S, C, A, E, a0)
    elif kind == TK_PLAY:
        t_play(S, C, A, E, a0, a1)
    elif kind == TK_USE:
        t_use(S, C, A, E, a0, a1, a2)
    elif kind == TK_ALLY_MOVE:
        t_ally_move(S, C, A, E, a0)
    elif kind == TK_ALLY_ENGAGE:
        t_ally_engage(S, C, A, E, a0)
    elif kind == TK_TAUNT:
        t_taunt(S, C, A, E, a0)
    elif kind == TK_FIGHT_LANE:
        t_fight_lane(S, C, A, a0, a1)
    elif kind == TK_ALLIANCE_FIGHT:
        t_alliance_fight(S, C, A, a0)
    elif kind == TK_STRIKE:
        t_strike(S, C, A, E, P, a0, a1)
    elif kind == TK_ELUSIVE:
        t_elusive(S, C, A, E, a0, a1)
    elif kind == TK_ORDER_GROUPS:
        t_order_groups(S, C, A)
    elif kind == TK_PILLAGE_BY:
        t_pillage_by(S, C, A, E, a0)
    elif kind == TK_PILLAGE_CARDS:
        t_pillage_cards(S, a0)
    elif kind == TK_MILL:
        t_draw(S, U, a0, a1, False)
    elif kind == TK_DRAW:
        t_draw(S, U, a0, a1, True)
    elif kind == TK_MAY_DRAW:
        t_may_draw(S)
    elif kind == TK_DISCARD_HAND:
        t_discard_hand(S, C, a0, a1)
    elif kind == TK_HAND_LIMIT:
        over = S[S_NHAND + a0] - HAND_LIMIT
        if over > 0:
            push(S, TK_DISCARD_HAND, a0, over)
    elif kind == TK_FLUX:
        t_flux(S, C, U, a0, a1)
    elif kind == TK_REBUILD:
        t_rebuild(S, a0, a1)
    elif kind == TK_LEVEL3:
        t_level3(S, U, a0)
    elif kind == TK_MINION_PICK:
        m = first_dead_minion(S, C)
        if m >= 0:
            minion_enters(S, m)
    elif kind == TK_MINION_ALL:
        t_minion_all(S)
    elif kind == TK_MULLIGAN:
        t_mulligan(S, C, a0)
    elif kind == TK_SHUFFLE_BACK:
        t_shuffle_back(S, a0)
    elif kind == TK_ABILITY:
        t_ability(S, C, A, a0, a1, a2, a3)
    elif kind == TK_EFFECT:
        t_effect(S, C, A, E, P, a0, a1, a2, a3, pick)
    elif kind == TK_DOOM_ORDER:
        _doom_order(S)
    elif kind == TK_DESTROYED:
        _destroyed(S, C, A, a0)
    elif kind == TK_STRIP:
        strip(S, C, a0)
    elif kind == TK_LEAVE:
        leave(S, C, a0)
    elif kind == TK_TRIM:
        t_trim(S, C, U, a0)
    else:
        S[S_ERR] = 20


@njit(cache=True, _nrt=False)
def _portal_reinforce(S, P):
    return portal_numbers(S, P, 1)


@njit(cache=True, _nrt=False)
def run(S, C, A, E, P, U, max_steps):
    """Play on until the game ends (or ``max_steps`` tasks, or an error code in S_ERR)."""
    steps = 0
    while steps < max_steps:
        check(S, C, A, E)
        if S[S_RESULT] or S[S_NT] == 0 or S[S_ERR]:
            break
        step(S, C, A, E, P, U)
        steps += 1
    S[S_STEPS] += steps
    return steps
