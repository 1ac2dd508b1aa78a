"""Fast simulator, setup and the alliance decks: the level 3 random card, minions, draw and
mulligan, pillaged cards, the castle's draw, discards to the hand limit, Rebuild, Flux
(mirrors setup.py and draws.py)."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    bottom_push,
    deck_size,
    new_unit,
    pick_counts,
    place,
    record,
    uniform,
)
from hordes_kit.skytear.fast.bot import DRAW_HAND, DRAW_KEEP
from hordes_kit.skytear.fast.core import (
    HORDE,
    KW_HEROIC,
    MAXC,
    O_ASIDE,
    O_BOT,
    O_DEAD,
    O_DISC,
    O_HAND,
    O_HDECK,
    O_L3,
    O_MID,
    O_TOP,
    S_MULL,
    S_NASIDE,
    S_NBOT,
    S_NCARDS,
    S_NDISC,
    S_NHAND,
    S_NHDECK,
    S_NL3,
    S_NMID,
    S_NPL,
    S_NTOP,
    SC_FLUX,
    SC_TRIM,
    T_ALLY,
    U_HP,
    scratch,
    us,
)
from hordes_kit.skytear.fast.tables import (
    C_COST,
    C_KW,
    C_TYPE,
)
from hordes_kit.skytear.fast.tasks import (
    TK_DISCARD_HAND,
    TK_DRAW,
    TK_LEVEL3,
    TK_MILL,
    TK_MULLIGAN,
    TK_REBUILD,
    TK_SHUFFLE_BACK,
    card_to_discard,
    card_to_hand,
    push,
    take_from_deck,
)

TRIG_PLAY, TRIG_TREACHERY, TRIG_TURN = 0, 4, 8

# --- setup ---------------------------------------------------------------------------------------


@njit(cache=True, _nrt=False)
def t_level3(S, U, n):
    card = pick_counts(S, U, O_L3, S[S_NL3])
    S[O_L3 + card] -= 1
    S[S_NL3] -= 1
    S[O_HDECK + card] += 1
    S[S_NHDECK] += 1
    if n > 1:
        push(S, TK_LEVEL3, n - 1)


@njit(cache=True, _nrt=False)
def t_trim(S, C, U, seat):
    """setup.trim: a heroic ally out of a 41-card pre-made deck, at random (the deck's middle,
    where every card of a new deck is)."""
    counts = scratch(S, SC_TRIM, MAXC)
    for c in range(MAXC):
        counts[c] = 0
    total, first, distinct, g = 0, -1, 0, 0
    for c in range(S[S_NCARDS]):
        n = S[O_MID + seat * MAXC + c]
        if n > 0 and C[c, C_TYPE] == T_ALLY and C[c, C_KW + KW_HEROIC] > 0:
            counts[c] = n
            total += n
            distinct += 1
            first = c if first < 0 else first
            a, b = g, n  # g = gcd of the counts (the engine's outcomes: counts / gcd)
            while b:
                a, b = b, a % b
            g = a
    if distinct == 0:
        return
    card = first
    if distinct > 1:
        k = int(uniform(S, U) * (total // g))
        acc = 0
        for c in range(S[S_NCARDS]):
            acc += counts[c] // g
            if acc > k:
                card = c
                break
        record(S, card)
    S[O_MID + seat * MAXC + card] -= 1
    S[S_NMID + seat] -= 1


@njit(cache=True, _nrt=False)
def first_dead_minion(S, C):
    for c in range(S[S_NCARDS]):
        if S[O_DEAD + c]:
            return c
    return -1


@njit(cache=True, _nrt=False)
def minion_enters(S, m):
    S[O_DEAD + m] = 0
    k = new_unit(S, m, HORDE, -1)
    us(S, k, U_HP, 1)
    place(S, k, -1)


@njit(cache=True, _nrt=False)
def t_minion_all(S):
    for c in range(S[S_NCARDS]):
        if S[O_DEAD + c]:
            minion_enters(S, c)


@njit(cache=True, _nrt=False)
def t_mulligan(S, C, seat):
    """The bot sets aside the first card (id order) that is not an ally or costs its mulligan
    cost or more (5, the rulebook's advice; 0: it keeps its hand)."""
    cost = S[S_MULL]
    for c in range(S[S_NCARDS]):
        if cost == 0:
            break
        if S[O_HAND + seat * MAXC + c] > 0 and (C[c, C_TYPE] != T_ALLY or C[c, C_COST] >= cost):
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


@njit(cache=True, _nrt=False)
def t_shuffle_back(S, seat):
    mid = O_MID + seat * MAXC
    for j in range(S[S_NTOP + seat]):
        S[mid + S[O_TOP + seat * 16 + j]] += 1
    for j in range(S[S_NBOT + seat]):
        S[mid + S[O_BOT + seat * 64 + j]] += 1
    for c in range(S[S_NCARDS]):
        S[mid + c] += S[O_ASIDE + seat * MAXC + c]
        S[O_ASIDE + seat * MAXC + c] = 0
    S[S_NMID + seat] += S[S_NTOP + seat] + S[S_NBOT + seat] + S[S_NASIDE + seat]
    S[S_NTOP + seat] = 0
    S[S_NBOT + seat] = 0
    S[S_NASIDE + seat] = 0


# --- draws ---------------------------------------------------------------------------------------


@njit(cache=True, _nrt=False)
def t_draw(S, U, seat, n, to_hand):
    if n <= 0:
        return
    if not take_from_deck(S, U, seat, to_hand):
        return
    if n > 1:
        push(S, TK_DRAW if to_hand else TK_MILL, seat, n - 1)


@njit(cache=True, _nrt=False)
def t_pillage_cards(S, n):
    if n <= 0:
        return
    for seat in range(S[S_NPL] - 1, -1, -1):
        push(S, TK_MILL, seat, n)


@njit(cache=True, _nrt=False)
def t_may_draw(S):
    """One player may draw: the bot draws while the hand is short and the deck long."""
    best, key = -1, -(10**9)
    for i in range(S[S_NPL]):
        k = deck_size(S, i) - S[S_NHAND + i]
        if k > key:
            best, key = i, k
    if deck_size(S, best) >= DRAW_KEEP and S[S_NHAND + best] < DRAW_HAND:
        push(S, TK_DRAW, best, 1)


@njit(cache=True, _nrt=False)
def card_value(C, c):
    return C[c, C_COST] + (2 if C[c, C_TYPE] == T_ALLY else 0)


@njit(cache=True, _nrt=False)
def t_discard_hand(S, C, seat, n):
    if n <= 0 or S[S_NHAND + seat] == 0:
        return
    best = -1
    for c in range(S[S_NCARDS]):
        if S[O_HAND + seat * MAXC + c] > 0:
            if best < 0 or card_value(C, c) < card_value(C, best):
                best = c
    S[O_HAND + seat * MAXC + best] -= 1
    S[S_NHAND + seat] -= 1
    card_to_discard(S, seat, best)
    if n > 1:
        push(S, TK_DISCARD_HAND, seat, n - 1)


@njit(cache=True, _nrt=False)
def t_rebuild(S, n, seat):
    """The bot takes the first option: the first player's first discarded card (id order)."""
    for i in range(S[S_NPL]):
        for c in range(S[S_NCARDS]):
            if S[O_DISC + i * MAXC + c] > 0:
                S[O_DISC + i * MAXC + c] -= 1
                S[S_NDISC + i] -= 1
                bottom_push(S, i, c)
                if n > 1:
                    push(S, TK_REBUILD, n - 1, seat)
                return


@njit(cache=True, _nrt=False)
def t_flux(S, C, U, seat, x):
    """FLUX X: from the bottom until a card costing X or less; draw it; the rest go back."""
    revealed = scratch(S, SC_FLUX, 128)
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
