"""Fast simulator handlers (numba) for the horde phase, mirroring ``horde.py`` (the treachery
card is in ``treachery.py``, setup and the decks in ``draws.py``)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    discard_to,
    gain_mana,
    horde_take,
    move_to_back,
    move_to_lane,
    new_unit,
    pick_counts,
    pile_push,
    place,
)
from hordes_kit.skytear.fast.bot import ally_lane
from hordes_kit.skytear.fast.core import (
    ALLIANCE,
    HORDE,
    K_HENCHMAN,
    K_MINION,
    K_OUTSIDER,
    K_TOKEN,
    KW_PILLAGER,
    MAXU,
    O_ALY,
    O_CPOOL,
    O_DEAD,
    O_ENCH,
    O_HDECK,
    O_HDISC,
    O_MON,
    O_PILE,
    PH_ALLIANCE,
    PH_HORDE,
    S_BOOSTED,
    S_HIDDEN,
    S_MANA,
    S_NCARDS,
    S_NCPOOL,
    S_NENCH,
    S_NHDECK,
    S_NHDISC,
    S_NPILE,
    S_NPL,
    S_PHASE,
    S_PWAIT,
    S_ROT,
    S_TREACH,
    S_TURN,
    SC_COLOSSAL_ROW,
    SC_COLOSSAL_UIDS,
    SC_PILE,
    SC_PUSH_ABILITIES,
    SC_REINFORCE,
    SC_RESHUFFLE,
    SC_TOKEN_LANES,
    SC_TOKENS_LOW,
    SC_TURN_CARDS,
    SC_TURN_ROWS,
    SC_TURN_SEATS,
    SC_TURN_SRCS,
    SC_TURN_UNITS,
    T_COLOSSAL,
    T_MONSTER,
    T_SPELL,
    U_ATT,
    U_ATTOWN,
    U_HP,
    U_NATT,
    U_OLD,
    U_OWNER,
    U_TOKEN,
    U_UID,
    find,
    note_statics,
    scratch,
    ug,
    units,
    us,
)
from hordes_kit.skytear.fast.stats import (
    keyword,
    portal_numbers,
)
from hordes_kit.skytear.fast.tables import (
    A_E0,
    A_NE,
    A_TRIG,
    C_AB0,
    C_BOOST,
    C_EN0,
    C_KIND,
    C_KW,
    C_LAY,
    C_NAB,
    C_NEN,
    C_NLAY,
    C_TYPE,
    E_VERB,
)
from hordes_kit.skytear.fast.tasks import (
    TK_ABILITY,
    TK_BOOST,
    TK_ENTER,
    TK_SUMMON,
    TK_TO_DISCARD,
    TURN_TASKS,
    push,
)

TRIG_PLAY, TRIG_TREACHERY, TRIG_TURN = 0, 4, 8
VB_ATTACH = 13


@njit(cache=True, _nrt=False)
def push_abilities(S, C, A, uid, card, trigger, seat, tail):
    """Push the card's abilities with this trigger (printed order) above ``tail`` tasks already
    pushed: call after pushing what must come after them."""
    rows = scratch(S, SC_PUSH_ABILITIES, 16)
    n = 0
    for ab in range(C[card, C_AB0], C[card, C_AB0] + C[card, C_NAB]):
        if A[ab, A_TRIG] == trigger and n < 16:
            rows[n] = ab
            n += 1
    for j in range(n - 1, -1, -1):
        push(S, TK_ABILITY, uid, card, rows[j], seat)
    return n


@njit(cache=True, _nrt=False)
def t_turn(S):
    S[S_TURN] += 1
    S[S_PHASE] = PH_HORDE
    S[S_TREACH] = -1
    S[S_BOOSTED] = 0
    S[S_PWAIT] = 0
    for j in range(TURN_TASKS.shape[0] - 1, -1, -1):
        push(S, TURN_TASKS[j])


@njit(cache=True, _nrt=False)
def t_gain_mana(S, P):
    mana = portal_numbers(S, P, 2)
    for seat in range(S[S_NPL]):
        gain_mana(S, seat, mana)


@njit(cache=True, _nrt=False)
def t_turn_abilities(S, C, A):
    """Enchantments' and cards' "turn:" abilities, pushed so they run in the engine's order."""
    rows = scratch(S, SC_TURN_ROWS, 64)
    srcs = scratch(S, SC_TURN_SRCS, 64)
    cards = scratch(S, SC_TURN_CARDS, 64)
    seats = scratch(S, SC_TURN_SEATS, 64)
    n = 0
    for j in range(S[S_NENCH]):
        c = S[O_ENCH + j]
        for ab in range(C[c, C_EN0], C[c, C_EN0] + C[c, C_NEN]):
            if A[ab, A_TRIG] == TRIG_TURN and n < 64:
                rows[n], srcs[n], cards[n], seats[n] = ab, 0, c, -1
                n += 1
    buf = scratch(S, SC_TURN_UNITS, MAXU)
    m = units(S, buf)
    for i in range(m):
        u = buf[i]
        c = ug(S, u, 2)
        if c < 0:
            continue
        for ab in range(C[c, C_AB0], C[c, C_AB0] + C[c, C_NAB]):
            if A[ab, A_TRIG] == TRIG_TURN and n < 64:
                rows[n], srcs[n], cards[n], seats[n] = ab, ug(S, u, U_UID), c, ug(S, u, U_OWNER)
                n += 1
    for j in range(n - 1, -1, -1):
        push(S, TK_ABILITY, srcs[j], cards[j], rows[j], seats[j])


@njit(cache=True, _nrt=False)
def t_wave(S, P):
    n = portal_numbers(S, P, 0)
    for _ in range(n):
        push(S, TK_SUMMON, 0)


@njit(cache=True, _nrt=False)
def reshuffle(S):
    """The horde deck ran out: its discard pile becomes the new deck."""
    buf = scratch(S, SC_RESHUFFLE, MAXU)
    m = units(S, buf)
    marked = 0
    for i in range(m):
        u = buf[i]
        if ug(S, u, 2) < 0 and ug(S, u, U_OLD) == 0:
            us(S, u, U_OLD, 1)
            marked += 1
    for c in range(S[S_NCARDS]):
        S[O_CPOOL + c] += S[O_HDECK + c]
        S[O_HDECK + c] = S[O_HDISC + c]
        S[O_HDISC + c] = 0
    S[S_NCPOOL] += S[S_NHDECK]
    S[S_NHDECK] = S[S_NHDISC]
    S[S_NHDISC] = 0
    S[S_HIDDEN] -= marked


@njit(cache=True, _nrt=False)
def leftmost_free(S):
    for i in range(6):
        if S[O_MON + i] < 0:
            return i
    return -1


@njit(cache=True, _nrt=False)
def t_summon(S, C, A, U, mode):
    """Take the top horde card and summon it (``mode`` 1: face down)."""
    if S[S_NHDECK] - S[S_HIDDEN] <= 0:
        if S[S_NHDISC] == 0:
            return
        reshuffle(S)
        push(S, TK_SUMMON, mode)
        return
    lane = leftmost_free(S)
    if mode == 1 and lane >= 0:
        k = new_unit(S, -1, HORDE, -1)
        place(S, k, lane)
        S[S_HIDDEN] += 1
        return
    card = pick_counts(S, U, O_HDECK, S[S_NHDECK])
    horde_take(S, card)
    push(S, TK_BOOST, card)
    push(S, TK_ENTER, card)


@njit(cache=True, _nrt=False)
def monster_enters(S, C, A, card, token):
    lane = leftmost_free(S)
    if C[card, C_KW + KW_PILLAGER] > 0:
        k = new_unit(S, card, HORDE, -1)
        us(S, k, U_TOKEN, token)
        place(S, k, -1)
        push_abilities(S, C, A, ug(S, k, U_UID), card, TRIG_PLAY, -1, 0)
        return
    if lane < 0:
        pile_push(S, card, True)
        return
    k = new_unit(S, card, HORDE, -1)
    us(S, k, U_TOKEN, token)
    place(S, k, lane)
    push_abilities(S, C, A, ug(S, k, U_UID), card, TRIG_PLAY, -1, 0)


@njit(cache=True, _nrt=False)
def colossal(S, C, A, card):
    width = C[card, C_NLAY]
    nocc = 0
    for i in range(6):
        nocc += S[O_MON + i] >= 0
    start, compact = -1, False
    for st in range(6 - width + 1):
        ok = True
        for i in range(st, st + width):
            if S[O_MON + i] >= 0:
                ok = False
        if ok:
            start = st
            break
    if start < 0 and 6 - nocc >= width:
        compact, start = True, nocc
    if start < 0:
        pile_push(S, card, True)
        return
    if compact:
        row = scratch(S, SC_COLOSSAL_ROW, 6)
        k = 0
        for i in range(6):
            if S[O_MON + i] >= 0:
                row[k] = S[O_MON + i]
                k += 1
        for i in range(k):
            if S[O_MON + i] != row[i]:
                move_to_lane(S, row[i], i)
    uids = scratch(S, SC_COLOSSAL_UIDS, 4)
    for i in range(width):
        part = C[card, C_LAY + i]
        k = new_unit(S, part, HORDE, -1)
        place(S, k, start + i)
        uids[i] = ug(S, k, U_UID)
    for i in range(width - 1, -1, -1):  # the players order them: the bot takes them in order
        part = C[card, C_LAY + i]
        push_abilities(S, C, A, uids[i], part, TRIG_PLAY, -1, 0)


@njit(cache=True, _nrt=False)
def t_enter(S, C, A, E, card):
    kind, ty = C[card, C_KIND], C[card, C_TYPE]
    if kind == K_OUTSIDER or kind == K_HENCHMAN:
        if ty == T_COLOSSAL:
            colossal(S, C, A, card)
        else:
            monster_enters(S, C, A, card, 0)
        return
    if kind == K_TOKEN or ty == T_MONSTER:
        monster_enters(S, C, A, card, 1 if kind == K_TOKEN else 0)
        return
    if ty == T_SPELL:
        push(S, TK_TO_DISCARD, card)
        push_abilities(S, C, A, 0, card, TRIG_PLAY, -1, 0)
        return
    has_attach = False
    for ab in range(C[card, C_AB0], C[card, C_AB0] + C[card, C_NAB]):
        if A[ab, A_TRIG] == TRIG_PLAY:
            for e in range(A[ab, A_E0], A[ab, A_E0] + A[ab, A_NE]):
                if E[e, E_VERB] == VB_ATTACH:
                    has_attach = True
    if not has_attach:
        pile_push(S, card, True)
        return
    push_abilities(S, C, A, 0, card, TRIG_PLAY, -1, 0)


@njit(cache=True, _nrt=False)
def t_boost(S, C, card):
    n = C[card, C_BOOST]
    if n <= 0:
        return
    if S[S_NPL] == 1:
        gain_mana(S, 0, n)
        return
    if n >= 2 and S[S_MANA] == S[S_MANA + 1]:
        gain_mana(S, 0, n // 2)
        gain_mana(S, 1, n - n // 2)
        return
    low = 0 if S[S_MANA] <= S[S_MANA + 1] else 1
    gain_mana(S, low, n)


@njit(cache=True, _nrt=False)
def minion_tokens_low(S, C):
    """The minion (card number) with the fewest health tokens, the first on a tie; -1: none."""
    best, best_n = -1, 10**9
    buf = scratch(S, SC_TOKENS_LOW, MAXU)
    m = units(S, buf)
    for c in range(S[S_NCARDS]):
        n = -1
        if S[O_DEAD + c]:
            n = 0
        elif C[c, C_KIND] == K_MINION:
            for i in range(m):
                if ug(S, buf[i], 2) == c:
                    n = max(0, ug(S, buf[i], U_HP))
        if n >= 0 and n < best_n:
            best, best_n = c, n
    return best


@njit(cache=True, _nrt=False)
def t_reinforce(S, C):
    m = minion_tokens_low(S, C)
    if m < 0:
        return
    if S[O_DEAD + m]:
        S[O_DEAD + m] = 0
        k = new_unit(S, m, HORDE, -1)
        us(S, k, U_HP, 1)
        place(S, k, -1)
        return
    buf = scratch(S, SC_REINFORCE, MAXU)
    n = units(S, buf)
    for i in range(n):
        if ug(S, buf[i], 2) == m:
            us(S, buf[i], U_HP, ug(S, buf[i], U_HP) + 1)
            return


@njit(cache=True, _nrt=False)
def t_outsider_pile(S, C):
    """Summon the pile but the cards that wait for the next turn (they gave their boost)."""
    n = S[S_NPILE] - S[S_PWAIT]
    if n <= 0:
        return
    pile = scratch(S, SC_PILE, n)
    for j in range(n):
        pile[j] = S[O_PILE + j]
    for j in range(S[S_PWAIT]):
        S[O_PILE + j] = S[O_PILE + n + j]
    S[S_NPILE] = S[S_PWAIT]
    for j in range(n - 1, -1, -1):
        push(S, TK_ENTER, pile[j])


@njit(cache=True, _nrt=False)
def t_rotate(S):
    S[S_ROT] = (S[S_ROT] + 1) % 4
    S[S_PHASE] = PH_ALLIANCE


@njit(cache=True, _nrt=False)
def t_reveal(S, C, A, E, U, uid):
    u = find(S, uid)
    if u < 0 or ug(S, u, 2) >= 0:
        return
    old = ug(S, u, U_OLD)
    if old:
        card = pick_counts(S, U, O_CPOOL, S[S_NCPOOL])
        S[O_CPOOL + card] -= 1
        S[S_NCPOOL] -= 1
    else:
        card = pick_counts(S, U, O_HDECK, S[S_NHDECK])
        horde_take(S, card)
        S[S_HIDDEN] -= 1
    lane = -1
    for i in range(6):
        if S[O_MON + i] == u:
            lane = i
    if C[card, C_TYPE] == T_MONSTER:
        us(S, u, 2, card)
        note_statics(S, card)
        if keyword(S, C, A, E, u, KW_PILLAGER):
            move_to_back(S, u)
        push(S, TK_BOOST, card)
        push_abilities(S, C, A, uid, card, TRIG_PLAY, -1, 0)
        return
    for a in range(ug(S, u, U_NATT)):  # not a monster: nothing stays beneath it
        discard_to(S, C, ug(S, u, U_ATT + a), ug(S, u, U_ATTOWN + a))
    S[O_MON + lane] = -1
    us(S, u, 0, 0)
    push(S, TK_BOOST, card)
    push(S, TK_ENTER, card)


@njit(cache=True, _nrt=False)
def t_token(S, C, A, E, card, seat):
    if C[card, C_TYPE] == T_MONSTER:
        monster_enters(S, C, A, card, 1)
        return
    lanes = scratch(S, SC_TOKEN_LANES, 6)
    n = 0
    for i in range(6):
        if S[O_ALY + i] < 0:
            lanes[n] = i
            n += 1
    if n == 0:
        return
    owner = max(seat, 0)
    lane = lanes[0] if n == 1 else ally_lane(S, C, A, E, lanes, n)
    k = new_unit(S, card, ALLIANCE, owner)
    us(S, k, U_TOKEN, 1)
    place(S, k, lane)
    push_abilities(S, C, A, ug(S, k, U_UID), card, TRIG_PLAY, owner, 0)
