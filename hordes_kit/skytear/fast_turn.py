"""Fast simulator handlers (numba) for the horde phase, the treachery card, setup and the
cards moving between decks, hands and discard piles: ``horde.py``, ``setup.py``, ``draws.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from hordes_kit.skytear.fast_board import (
    bottom_push,
    deck_size,
    gain_mana,
    horde_take,
    move_to_back,
    move_to_lane,
    new_unit,
    pick_counts,
    pile_push,
    place,
)
from hordes_kit.skytear.fast_bot import DRAW_HAND, DRAW_KEEP, ally_lane
from hordes_kit.skytear.fast_core import (
    ALLIANCE,
    HORDE,
    K_HENCHMAN,
    K_MINION,
    K_OUTSIDER,
    K_TOKEN,
    KW_PILLAGER,
    MAXC,
    MAXU,
    O_ALY,
    O_ASIDE,
    O_BOT,
    O_CPOOL,
    O_DEAD,
    O_DISC,
    O_ENCH,
    O_HAND,
    O_HDECK,
    O_HDISC,
    O_L3,
    O_MID,
    O_MON,
    O_PILE,
    O_TOP,
    PH_ALLIANCE,
    PH_HORDE,
    PH_TREACHERY,
    S_BOOSTED,
    S_HIDDEN,
    S_MANA,
    S_NASIDE,
    S_NBOT,
    S_NCPOOL,
    S_NDISC,
    S_NENCH,
    S_NHAND,
    S_NHDECK,
    S_NHDISC,
    S_NL3,
    S_NMID,
    S_NPILE,
    S_NPL,
    S_NTOP,
    S_PHASE,
    S_ROT,
    S_TREACH,
    S_TURN,
    T_ALLY,
    T_COLOSSAL,
    T_MONSTER,
    T_SPELL,
    U_HP,
    U_OLD,
    U_OWNER,
    U_TOKEN,
    U_UID,
    find,
    keyword,
    portal_numbers,
    ug,
    units,
    us,
)
from hordes_kit.skytear.fast_tables import (
    A_E0,
    A_NE,
    A_TRIG,
    C_AB0,
    C_BOOST,
    C_COST,
    C_EN0,
    C_KIND,
    C_KW,
    C_LAY,
    C_NAB,
    C_NEN,
    C_NLAY,
    C_TBONUS,
    C_TSIDE,
    C_TYPE,
    E_VERB,
)
from hordes_kit.skytear.fast_tasks import (
    TK_ABILITY,
    TK_BOOST,
    TK_DISCARD_HAND,
    TK_DRAW,
    TK_ENTER,
    TK_LEVEL3,
    TK_MILL,
    TK_MULLIGAN,
    TK_REBUILD,
    TK_REVEAL,
    TK_SHUFFLE_BACK,
    TK_SUMMON,
    TK_TO_DISCARD,
    TK_TREACHERY_BONUS,
    TURN_TASKS,
    card_to_discard,
    card_to_hand,
    push,
    take_from_deck,
)

TRIG_PLAY, TRIG_TREACHERY, TRIG_TURN = 0, 4, 8
VB_ATTACH = 13


@njit(cache=True)
def push_abilities(S, C, A, uid, card, trigger, seat, tail):
    """Push the card's abilities with this trigger (printed order) above ``tail`` tasks already
    pushed: call after pushing what must come after them."""
    rows = np.empty(16, np.int64)
    n = 0
    for ab in range(C[card, C_AB0], C[card, C_AB0] + C[card, C_NAB]):
        if A[ab, A_TRIG] == trigger and n < 16:
            rows[n] = ab
            n += 1
    for j in range(n - 1, -1, -1):
        push(S, TK_ABILITY, uid, card, rows[j], seat)
    return n


@njit(cache=True)
def t_turn(S):
    S[S_TURN] += 1
    S[S_PHASE] = PH_HORDE
    S[S_TREACH] = -1
    S[S_BOOSTED] = 0
    for j in range(TURN_TASKS.shape[0] - 1, -1, -1):
        push(S, TURN_TASKS[j])


@njit(cache=True)
def t_gain_mana(S, P):
    mana = portal_numbers(S, P, 2)
    for seat in range(S[S_NPL]):
        gain_mana(S, seat, mana)


@njit(cache=True)
def t_turn_abilities(S, C, A):
    """Enchantments' and cards' "turn:" abilities, pushed so they run in the engine's order."""
    rows = np.empty(64, np.int64)
    srcs = np.empty(64, np.int64)
    cards = np.empty(64, np.int64)
    seats = np.empty(64, np.int64)
    n = 0
    for j in range(S[S_NENCH]):
        c = S[O_ENCH + j]
        for ab in range(C[c, C_EN0], C[c, C_EN0] + C[c, C_NEN]):
            if A[ab, A_TRIG] == TRIG_TURN and n < 64:
                rows[n], srcs[n], cards[n], seats[n] = ab, 0, c, -1
                n += 1
    buf = np.empty(MAXU, np.int64)
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


@njit(cache=True)
def t_wave(S, P):
    n = portal_numbers(S, P, 0)
    for _ in range(n):
        push(S, TK_SUMMON, 0)


@njit(cache=True)
def reshuffle(S):
    """The horde deck ran out: its discard pile becomes the new deck."""
    buf = np.empty(MAXU, np.int64)
    m = units(S, buf)
    marked = 0
    for i in range(m):
        u = buf[i]
        if ug(S, u, 2) < 0 and ug(S, u, U_OLD) == 0:
            us(S, u, U_OLD, 1)
            marked += 1
    for c in range(MAXC):
        S[O_CPOOL + c] += S[O_HDECK + c]
        S[O_HDECK + c] = S[O_HDISC + c]
        S[O_HDISC + c] = 0
    S[S_NCPOOL] += S[S_NHDECK]
    S[S_NHDECK] = S[S_NHDISC]
    S[S_NHDISC] = 0
    S[S_HIDDEN] -= marked


@njit(cache=True)
def leftmost_free(S):
    for i in range(6):
        if S[O_MON + i] < 0:
            return i
    return -1


@njit(cache=True)
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


@njit(cache=True)
def monster_enters(S, C, A, card, token):
    lane = leftmost_free(S)
    if C[card, C_KW + KW_PILLAGER] > 0:
        k = new_unit(S, card, HORDE, -1)
        us(S, k, U_TOKEN, token)
        place(S, k, -1)
        push_abilities(S, C, A, ug(S, k, U_UID), card, TRIG_PLAY, -1, 0)
        return
    if lane < 0:
        pile_push(S, card)
        return
    k = new_unit(S, card, HORDE, -1)
    us(S, k, U_TOKEN, token)
    place(S, k, lane)
    push_abilities(S, C, A, ug(S, k, U_UID), card, TRIG_PLAY, -1, 0)


@njit(cache=True)
def colossal(S, C, A, card):
    width = C[card, C_NLAY]
    occupied = np.zeros(6, np.bool_)
    nocc = 0
    for i in range(6):
        occupied[i] = S[O_MON + i] >= 0
        nocc += occupied[i]
    start, compact = -1, False
    for st in range(6 - width + 1):
        ok = True
        for i in range(st, st + width):
            if occupied[i]:
                ok = False
        if ok:
            start = st
            break
    if start < 0 and 6 - nocc >= width:
        compact, start = True, nocc
    if start < 0:
        pile_push(S, card)
        return
    if compact:
        row = np.empty(6, np.int64)
        k = 0
        for i in range(6):
            if S[O_MON + i] >= 0:
                row[k] = S[O_MON + i]
                k += 1
        for i in range(k):
            if S[O_MON + i] != row[i]:
                move_to_lane(S, row[i], i)
    uids = np.empty(4, np.int64)
    for i in range(width):
        part = C[card, C_LAY + i]
        k = new_unit(S, part, HORDE, -1)
        place(S, k, start + i)
        uids[i] = ug(S, k, U_UID)
    for i in range(width - 1, -1, -1):  # the players order them: the bot takes them in order
        part = C[card, C_LAY + i]
        push_abilities(S, C, A, uids[i], part, TRIG_PLAY, -1, 0)


@njit(cache=True)
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
        pile_push(S, card)
        return
    push_abilities(S, C, A, 0, card, TRIG_PLAY, -1, 0)


@njit(cache=True)
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


@njit(cache=True)
def minion_tokens_low(S, C):
    """The minion (card number) with the fewest health tokens, the first on a tie; -1: none."""
    best, best_n = -1, 10**9
    buf = np.empty(MAXU, np.int64)
    m = units(S, buf)
    for c in range(MAXC):
        n = -1
        if S[O_DEAD + c]:
            n = 0
        else:
            for i in range(m):
                if ug(S, buf[i], 2) == c and C[c, C_KIND] == K_MINION:
                    n = max(0, ug(S, buf[i], U_HP))
        if n >= 0 and n < best_n:
            best, best_n = c, n
    return best


@njit(cache=True)
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
    buf = np.empty(MAXU, np.int64)
    n = units(S, buf)
    for i in range(n):
        if ug(S, buf[i], 2) == m:
            us(S, buf[i], U_HP, ug(S, buf[i], U_HP) + 1)
            return


@njit(cache=True)
def t_outsider_pile(S, C):
    n = S[S_NPILE]
    if n == 0:
        return
    pile = S[O_PILE : O_PILE + n].copy()
    S[S_NPILE] = 0
    for j in range(n - 1, -1, -1):
        if C[pile[j], C_KIND] == 0:
            push(S, TK_BOOST, pile[j])
        push(S, TK_ENTER, pile[j])


@njit(cache=True)
def t_rotate(S):
    S[S_ROT] = (S[S_ROT] + 1) % 4
    S[S_PHASE] = PH_ALLIANCE


@njit(cache=True)
def boosted_lane(S, side):
    first, last = -1, -1
    for i in range(6):
        if S[O_MON + i] >= 0:
            if first < 0:
                first = i
            last = i
    return first if side == 1 else last


@njit(cache=True)
def t_treachery(S, C, A, U):
    S[S_PHASE] = PH_TREACHERY
    if S[S_NHDECK] - S[S_HIDDEN] <= 0:
        if S[S_NHDISC] == 0:
            return
        reshuffle(S)
        from_top = True
    else:
        from_top = False
    card = pick_counts(S, U, O_HDECK, S[S_NHDECK])
    horde_take(S, card)
    S[O_HDISC + card] += 1
    S[S_NHDISC] += 1
    S[S_TREACH] = card
    if C[card, C_TSIDE]:
        lane = boosted_lane(S, C[card, C_TSIDE])
        if lane < 0:
            return
        u = S[O_MON + lane]
        push(S, TK_TREACHERY_BONUS, card)
        if ug(S, u, 2) < 0:
            push(S, TK_REVEAL, ug(S, u, U_UID))
        return
    rows = np.empty(16, np.int64)
    n = 0
    for ab in range(C[card, C_AB0], C[card, C_AB0] + C[card, C_NAB]):
        if A[ab, A_TRIG] == TRIG_TREACHERY and n < 16:
            rows[n] = ab
            n += 1
    if n == 0:
        return
    first = boosted_lane(S, 1)
    S[S_BOOSTED] = ug(S, S[O_MON + first], U_UID) if first >= 0 else 0
    for j in range(n - 1, -1, -1):
        push(S, TK_ABILITY, 0, card, rows[j], -1)
    return from_top


@njit(cache=True)
def t_treachery_bonus(S, C, card):
    lane = boosted_lane(S, C[card, C_TSIDE])
    if lane < 0:
        return
    u = S[O_MON + lane]
    us(S, u, 7, ug(S, u, 7) + C[card, C_TBONUS])
    S[S_BOOSTED] = ug(S, u, U_UID)


@njit(cache=True)
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
        if keyword(S, C, A, E, u, KW_PILLAGER):
            move_to_back(S, u)
        push(S, TK_BOOST, card)
        push_abilities(S, C, A, uid, card, TRIG_PLAY, -1, 0)
        return
    S[O_MON + lane] = -1
    us(S, u, 0, 0)
    push(S, TK_BOOST, card)
    push(S, TK_ENTER, card)


@njit(cache=True)
def t_token(S, C, A, E, card, seat):
    if C[card, C_TYPE] == T_MONSTER:
        monster_enters(S, C, A, card, 1)
        return
    lanes = np.empty(6, np.int64)
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


# --- setup ---------------------------------------------------------------------------------------


@njit(cache=True)
def t_level3(S, U, n):
    card = pick_counts(S, U, O_L3, S[S_NL3])
    S[O_L3 + card] -= 1
    S[S_NL3] -= 1
    S[O_HDECK + card] += 1
    S[S_NHDECK] += 1
    if n > 1:
        push(S, TK_LEVEL3, n - 1)


@njit(cache=True)
def first_dead_minion(S, C):
    for c in range(MAXC):
        if S[O_DEAD + c]:
            return c
    return -1


@njit(cache=True)
def minion_enters(S, m):
    S[O_DEAD + m] = 0
    k = new_unit(S, m, HORDE, -1)
    us(S, k, U_HP, 1)
    place(S, k, -1)


@njit(cache=True)
def t_minion_all(S):
    for c in range(MAXC):
        if S[O_DEAD + c]:
            minion_enters(S, c)


@njit(cache=True)
def t_mulligan(S, C, seat):
    """The bot sets aside the first card (id order) that is not an ally or costs 5 or more."""
    for c in range(MAXC):
        if S[O_HAND + seat * MAXC + c] > 0 and (C[c, C_TYPE] != T_ALLY or C[c, C_COST] >= 5):
            S[O_HAND + seat * MAXC + c] -= 1
            S[S_NHAND + seat] -= 1
            S[O_ASIDE + seat * MAXC + c] += 1
            S[S_NASIDE + seat] += 1
            push(S, TK_MULLIGAN, seat)
            return
    n = S[S_NASIDE + seat]
    if n:
        push(S, TK_SHUFFLE_BACK, seat)
        push(S, TK_DRAW, seat, n)


@njit(cache=True)
def t_shuffle_back(S, seat):
    mid = O_MID + seat * MAXC
    for j in range(S[S_NTOP + seat]):
        S[mid + S[O_TOP + seat * 16 + j]] += 1
    for j in range(S[S_NBOT + seat]):
        S[mid + S[O_BOT + seat * 64 + j]] += 1
    for c in range(MAXC):
        S[mid + c] += S[O_ASIDE + seat * MAXC + c]
        S[O_ASIDE + seat * MAXC + c] = 0
    S[S_NMID + seat] += S[S_NTOP + seat] + S[S_NBOT + seat] + S[S_NASIDE + seat]
    S[S_NTOP + seat] = 0
    S[S_NBOT + seat] = 0
    S[S_NASIDE + seat] = 0


# --- draws ---------------------------------------------------------------------------------------


@njit(cache=True)
def t_draw(S, U, seat, n, to_hand):
    if n <= 0:
        return
    if not take_from_deck(S, U, seat, to_hand):
        return
    if n > 1:
        push(S, TK_DRAW if to_hand else TK_MILL, seat, n - 1)


@njit(cache=True)
def t_pillage_cards(S, n):
    if n <= 0:
        return
    for seat in range(S[S_NPL] - 1, -1, -1):
        push(S, TK_MILL, seat, n)


@njit(cache=True)
def t_may_draw(S):
    """One player may draw: the bot draws while the hand is short and the deck long."""
    best, key = -1, -(10**9)
    for i in range(S[S_NPL]):
        k = deck_size(S, i) - S[S_NHAND + i]
        if k > key:
            best, key = i, k
    if deck_size(S, best) >= DRAW_KEEP and S[S_NHAND + best] < DRAW_HAND:
        push(S, TK_DRAW, best, 1)


@njit(cache=True)
def card_value(C, c):
    return C[c, C_COST] + (2 if C[c, C_TYPE] == T_ALLY else 0)


@njit(cache=True)
def t_discard_hand(S, C, seat, n):
    if n <= 0 or S[S_NHAND + seat] == 0:
        return
    best = -1
    for c in range(MAXC):
        if S[O_HAND + seat * MAXC + c] > 0:
            if best < 0 or card_value(C, c) < card_value(C, best):
                best = c
    S[O_HAND + seat * MAXC + best] -= 1
    S[S_NHAND + seat] -= 1
    card_to_discard(S, seat, best)
    if n > 1:
        push(S, TK_DISCARD_HAND, seat, n - 1)


@njit(cache=True)
def t_rebuild(S, n, seat):
    """The bot takes the first option: the first player's first discarded card (id order)."""
    for i in range(S[S_NPL]):
        for c in range(MAXC):
            if S[O_DISC + i * MAXC + c] > 0:
                S[O_DISC + i * MAXC + c] -= 1
                S[S_NDISC + i] -= 1
                bottom_push(S, i, c)
                if n > 1:
                    push(S, TK_REBUILD, n - 1, seat)
                return


@njit(cache=True)
def t_flux(S, C, U, seat, x):
    """FLUX X: from the bottom until a card costing X or less; draw it; the rest go back."""
    revealed = np.empty(128, np.int64)
    k = 0
    bot = O_BOT + seat * 64
    mid = O_MID + seat * MAXC
    while True:
        if k > 0 and C[revealed[k - 1], C_COST] <= x:
            break
        if S[S_NBOT + seat]:
            S[S_NBOT + seat] -= 1
            revealed[k] = S[bot + S[S_NBOT + seat]]
        elif S[S_NMID + seat]:
            c = pick_counts(S, U, mid, S[S_NMID + seat])
            S[mid + c] -= 1
            S[S_NMID + seat] -= 1
            revealed[k] = c
        elif S[S_NTOP + seat]:
            S[S_NTOP + seat] -= 1
            revealed[k] = S[O_TOP + seat * 16 + S[S_NTOP + seat]]
        else:
            break
        k += 1
    hit = k > 0 and C[revealed[k - 1], C_COST] <= x
    keep = k - 1 if hit else k
    for j in range(keep - 1, -1, -1):  # back in order: the first revealed deepest
        bottom_push(S, seat, revealed[j])
    if hit:
        card_to_hand(S, seat, revealed[k - 1])
