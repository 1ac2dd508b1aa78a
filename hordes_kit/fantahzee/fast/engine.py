"""The fast simulator's rules (numba): a Fantahzee position as one integer array, its
chance nodes, the moves applied and the steps walked on, as ``flow.py`` and ``moves.py``.

A position is the array ``S`` (the offsets below); cards are indexes into the table
``C`` built by ``tables.py``: the hand cards (heroes and actions) in id order, then
the monsters, the towns and the two sides of each treasure, each kind in id order, so
"sorted by id" is "sorted by index". Stacks are named 0-4 (A-E). A move is a row
``(verb, a, b, c, d)``; the verbs are numbered in the alphabetical order of their ids,
so the rules engine's sorted legal moves are rows in this order (``legal.py``).
"""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit

__all__ = [
    "SIZE", "member", "stack", "stack_at", "strength", "cost_x_now", "n_exact",
    "next_combination",
]  # fmt: skip

# phases (state.PHASES order)
SETUP, ACTION, ROLL, ATTACK, COUNTER, TREASURE, HORDE, END, OVER = range(9)
HAND_SIZE, DICE, ROLLS, RECRUITS, ACTIONS, END_DRAW, DOOM_TOKENS, PARTY_LIMIT = (
    5,
    5,
    3,
    2,
    2,
    4,
    3,
    5,
)

MAXP, MAXK, MAXM, MAXT, MAXR, MAXLINE, MAXPEND, MAXSET, MAXEFF = 5, 32, 24, 16, 16, 5, 16, 32, 6
MF_HERO, MF_TRE, MF_LEVEL, MF_ACTIVE, MF_REDUCE, MF_XVAL, MF = range(7)  # a party member
SF_NAME, SF_TOP, SF_L1, SF_L2, SF_BOSS, SF = range(6)  # a horde stack

# scalars of S
(PLAYER, TURN, PHASE, RECRUITED, PLAYED, TO_ROLL, UNROLLED, ROLLS_LEFT, ROLLED, STEAM, SHIELD,
 STRENGTH_LEFT, LOCKED, FLIPPING, DRAWN, DRAWN_LEVEL, DAMAGE, AMBUSHED, TOWN_DUE, DRAWS_LEFT,
 DOOM, FIRST, LAST, NPL, NLINE, NPEND, NSET, NDUE, CLEARED, DECKN, DISCN, MOVES, UI, RNG,
 STATUS) = range(35)  # fmt: skip
# the table rules (FConfig): 1 when an ability must be used ("must-use"), 1 when two
# heroes' X dice must show different numbers (``distinct_values``)
OPT_MUST, OPT_DISTINCT = 35, 36
FREE = 40  # six counts: dice showing 1..6 not locked
HANDN = FREE + 6  # cards in each hand
HAND = HANDN + MAXP  # per seat, per hand card: copies held
NPARTY = HAND + MAXP * MAXK
PARTY = NPARTY + MAXP  # per seat, per member: the MF_ fields
VXP = PARTY + MAXP * PARTY_LIMIT * MF  # victory pile XP
VMON = VXP + MAXP  # monsters in the victory pile
LINE = VMON + MAXP  # the stacks left to right (the last is the vanguard)
POOL1 = LINE + MAXLINE * SF  # unseen level 1 / level 2 monsters and Bosses, per monster
POOL2 = POOL1 + MAXM
BOSSES = POOL2 + MAXM
DECK = BOSSES + MAXM  # the hero deck and discard pile, per hand card
DISC = DECK + MAXK
TOWNS = DISC + MAXK  # towns and treasures still in their decks
TREAS = TOWNS + MAXT
PEND = TREAS + MAXR  # pending choices (kind, n, other), the first first
SETA = PEND + MAXPEND * 3  # monsters set aside this turn
DUE = SETA + MAXSET  # treasure levels due
SIZE = DUE + MAXSET

# pending choices
P_REDUCE, P_INSPIRE, P_CAPTURE, P_MOVE = 1, 2, 3, 4
# statuses: running, over, stopped at the move cap, waiting for a table, errors
RUNNING, FINISHED, CAPPED, NEED, TAPE_END, TOO_BIG, BOT_ERROR = range(7)

# the card table C: one row per card; the first row of the meta table M says where
# each kind begins
C_KIND, C_STR, C_X, C_EX, C_NDICE, C_STEAMC, C_CA, C_AMB, C_XP, C_LEVEL = (
    0,
    1,
    2,
    3,
    9,
    10,
    11,
    12,
    13,
    14,
)
C_TREAS, C_NEFF, C_EFF, C_COLS = 15, 16, 17, 17 + 2 * MAXEFF
K_HERO, K_ACTION, K_MONSTER, K_TOWN, K_TREASURE = range(5)
M_NK, M_NM, M_NT, M_NR, M_OMON, M_OTOWN, M_OTRE1, M_OTRE2, M_NEG, M_COLS = range(10)
(E_STEAM, E_SHIELD, E_EXTRA_DICE, E_EXTRA_ROLLS, E_REDUCE_X, E_DISCOUNT, E_ACTIVATE_OTHER,
 E_CAPTURE, E_CAPTURE_OTHER, E_MOVE_STACK, E_FRONT_TO_BACK) = range(1, 12)  # fmt: skip

# move verbs: decisions in the alphabetical order of their ids, then chance outcomes
(V_ACTIVATE, V_ATTACH, V_ATTACK, V_CAPTURE, V_DISCARD, V_DONE, V_FLIP, V_KEEP, V_LOSE, V_MOVE,
 V_PLAY, V_RECRUIT, V_ROLL, V_SKIP, V_STOP, V_TARGET) = range(16)  # fmt: skip
V_FIRST, V_CARD, V_DIE, V_DRAW, V_TOWN, V_TREASURE = range(20, 26)
PAY_DICE, PAY_FREE, PAY_STEAM = 0, 1, 2
# a set of dice (high to low) is the base-7 number of its faces, padded with zeros to
# MAXDICE places: the numbers sort as the rules engine's dice texts do ("6" < "6,5")
MAXDICE = 20
POW7 = np.array([7 ** (MAXDICE - 1 - j) for j in range(MAXDICE)], np.int64)
# chance kinds
CH_NONE, CH_FIRST, CH_CARD, CH_DEAL, CH_DIE, CH_TREASURE, CH_TOWN, CH_DRAW = range(8)


# --- small queries ------------------------------------------------------------------------


@njit(cache=True, inline="always")
def member(S, p, i):
    """Offset of seat ``p``'s ``i``-th party member."""
    return PARTY + (p * PARTY_LIMIT + i) * MF


@njit(cache=True, inline="always")
def stack(S, j):
    """Offset of the ``j``-th stack of the line."""
    return LINE + j * SF


@njit(cache=True)
def stack_at(S, name):
    """Position in the line of the stack named ``name`` (-1: gone)."""
    for j in range(S[NLINE]):
        if S[LINE + j * SF + SF_NAME] == name:
            return j
    return -1


@njit(cache=True)
def hidden(S, o):
    return S[o + SF_L1] + S[o + SF_L2] + S[o + SF_BOSS]


@njit(cache=True)
def nfree(S):
    n = 0
    for f in range(6):
        n += S[FREE + f]
    return n


@njit(cache=True)
def n_actives(S):
    p = S[PLAYER]
    n = 0
    for i in range(S[NPARTY + p]):
        n += S[member(S, p, i) + MF_ACTIVE]
    return n


@njit(cache=True)
def strength(S, C):
    """Total strength of the current player's active heroes."""
    p = S[PLAYER]
    t = 0
    for i in range(S[NPARTY + p]):
        o = member(S, p, i)
        if S[o + MF_ACTIVE]:
            t += C[S[o + MF_HERO], C_STR]
    return t


@njit(cache=True)
def n_exact(C, h):
    """The exact dice card ``h``'s cost names (no array view: it runs in the bot's loops)."""
    n = 0
    for f in range(6):
        n += C[h, C_EX + f]
    return n


@njit(cache=True)
def cost_x_now(S, C, i):
    """The X dice a party member's cost has now (every reduction counted)."""
    o = member(S, S[PLAYER], i)
    h = S[o + MF_HERO]
    cut = S[o + MF_REDUCE]
    na = -1
    for e in range(C[h, C_NEFF]):
        if C[h, C_EFF + 2 * e] == E_DISCOUNT:
            if na < 0:
                na = n_actives(S)
            cut += C[h, C_EFF + 2 * e + 1] * na
    if cut < 0:
        cut = 0
    return max(0, C[h, C_X] - cut)


@njit(cache=True)
def min_top_strength(S, C):
    """The weakest face-up monster's strength (0 when none shows)."""
    best = -1
    for j in range(S[NLINE]):
        t = S[stack(S, j) + SF_TOP]
        if t >= 0 and (best < 0 or C[t, C_STR] < best):
            best = C[t, C_STR]
    return max(best, 0)


@njit(cache=True)
def flip_target(S):
    """The stack whose facedown top is turned over next (-1: none)."""
    if S[FLIPPING] >= 0:
        return S[FLIPPING]
    ph = S[PHASE]
    if ph == SETUP or ph == HORDE:
        for j in range(S[NLINE]):
            o = stack(S, j)
            if S[o + SF_TOP] < 0 and hidden(S, o) > 0:
                return S[o + SF_NAME]
    return -1


@njit(cache=True)
def has_capture_target(S, C, limit, other):
    for j in range(S[NLINE]):
        o = stack(S, j)
        t = S[o + SF_TOP]
        if t >= 0 and S[o + SF_NAME] != other and C[t, C_STR] <= limit:
            return True
    return False


@njit(cache=True)
def any_attack(S, C):
    """The Attack Step still offers a move (``legal.attack_moves`` is not empty)."""
    left = S[STRENGTH_LEFT]
    if left <= 0:
        return False
    for j in range(S[NLINE]):
        o = stack(S, j)
        t, name = S[o + SF_TOP], S[o + SF_NAME]
        if t >= 0 and S[LOCKED] < 0 and C[t, C_STR] <= left:
            return True
        if t < 0 and hidden(S, o) > 0 and (S[CLEARED] >> name) & 1:
            if S[LOCKED] < 0 or S[LOCKED] == name:
                return True
    return False


@njit(cache=True)
def pending_targets(S, C):
    """How many targets the first pending choice has (``skip`` not counted)."""
    o = PEND
    kind, n, other = S[o], S[o + 1], S[o + 2]
    p = S[PLAYER]
    out = 0
    if kind == P_REDUCE or kind == P_INSPIRE:
        for i in range(S[NPARTY + p]):
            m = member(S, p, i)
            if S[m + MF_ACTIVE]:
                continue
            if kind == P_REDUCE and cost_x_now(S, C, i) > 0:
                out += 1
            elif kind == P_INSPIRE and C[S[m + MF_HERO], C_STR] <= n:
                out += 1
    elif kind == P_CAPTURE:
        for j in range(S[NLINE]):
            st = stack(S, j)
            t = S[st + SF_TOP]
            if t >= 0 and S[st + SF_NAME] != other and C[t, C_STR] <= n:
                out += 1
    else:
        out = S[NLINE] * (S[NLINE] - 1)
    return out


# --- changes ------------------------------------------------------------------------------


@njit(cache=True)
def push_pending(S, kinds, ns, others, k):
    """Put ``k`` new choices before the pending ones (the first of them first)."""
    n = S[NPEND]
    for j in range(n - 1, -1, -1):
        for f in range(3):
            S[PEND + (j + k) * 3 + f] = S[PEND + j * 3 + f]
    for j in range(k):
        S[PEND + j * 3], S[PEND + j * 3 + 1], S[PEND + j * 3 + 2] = kinds[j], ns[j], others[j]
    S[NPEND] = n + k


@njit(cache=True)
def pop_pending(S):
    n = S[NPEND]
    for j in range(1, n):
        for f in range(3):
            S[PEND + (j - 1) * 3 + f] = S[PEND + j * 3 + f]
    S[NPEND] = n - 1


@njit(cache=True)
def apply_effects(S, C, row, strength_):
    """A card's effects (row ``row`` of C): ``effects.apply_effects``."""
    kinds = np.zeros(MAXEFF, np.int64)
    ns = np.zeros(MAXEFF, np.int64)
    others = np.full(MAXEFF, -1, np.int64)
    k = 0
    for e in range(C[row, C_NEFF]):
        v, n = C[row, C_EFF + 2 * e], C[row, C_EFF + 2 * e + 1]
        if v == E_STEAM:
            S[STEAM] += n
        elif v == E_SHIELD:
            S[SHIELD] += n
        elif v == E_EXTRA_DICE:
            S[UNROLLED] += n
        elif v == E_EXTRA_ROLLS:
            S[ROLLS_LEFT] += n
        elif v == E_REDUCE_X:
            kinds[k], ns[k] = P_REDUCE, n
            k += 1
        elif v == E_ACTIVATE_OTHER:
            kinds[k], ns[k] = P_INSPIRE, strength_
            k += 1
        elif v == E_CAPTURE:
            kinds[k], ns[k] = P_CAPTURE, n
            k += 1
        elif v == E_MOVE_STACK:
            kinds[k] = P_MOVE
            k += 1
        elif v == E_FRONT_TO_BACK and S[NLINE] >= 2:
            last = stack(S, S[NLINE] - 1)
            van = S[last : last + SF].copy()
            for j in range(S[NLINE] - 1, 0, -1):
                S[stack(S, j) : stack(S, j) + SF] = S[stack(S, j - 1) : stack(S, j - 1) + SF]
            S[LINE : LINE + SF] = van
    if k:
        push_pending(S, kinds, ns, others, k)


@njit(cache=True)
def remove_stack(S, j):
    for q in range(j, S[NLINE] - 1):
        S[stack(S, q) : stack(S, q) + SF] = S[stack(S, q + 1) : stack(S, q + 1) + SF]
    S[NLINE] -= 1


@njit(cache=True)
def clear_top(S, C, name, mid):
    """A stack loses its top; an empty stack leaves the line; a Boss flips a doom token."""
    j = stack_at(S, name)
    o = stack(S, j)
    S[o + SF_TOP] = -1
    if hidden(S, o) == 0:
        remove_stack(S, j)
    if C[mid, C_LEVEL] == 3 and S[DOOM] < DOOM_TOKENS:
        S[DOOM] += 1
    S[CLEARED] |= 1 << name


@njit(cache=True)
def defeat(S, C, name):
    o = stack(S, stack_at(S, name))
    mid = S[o + SF_TOP]
    S[STRENGTH_LEFT] -= C[mid, C_STR]
    S[SETA + S[NSET]] = mid
    S[NSET] += 1
    clear_top(S, C, name, mid)
    for e in range(C[mid, C_NEFF]):
        if C[mid, C_EFF + 2 * e] == E_CAPTURE_OTHER:
            n = C[mid, C_EFF + 2 * e + 1]
            if has_capture_target(S, C, n, name):
                kinds = np.full(1, P_CAPTURE, np.int64)
                push_pending(S, kinds, np.full(1, n, np.int64), np.full(1, name, np.int64), 1)


@njit(cache=True)
def end_attack(S, C):
    ca = 0
    for j in range(S[NSET]):
        ca += C[S[SETA + j], C_CA]
    S[PHASE] = COUNTER
    S[DAMAGE] = max(0, ca - S[SHIELD])


@njit(cache=True)
def lose(S, C, i):
    """A party member is discarded to take damage."""
    p = S[PLAYER]
    o = member(S, p, i)
    h = S[o + MF_HERO]
    n = S[NPARTY + p]
    for q in range(i, n - 1):
        S[member(S, p, q) : member(S, p, q) + MF] = S[
            member(S, p, q + 1) : member(S, p, q + 1) + MF
        ]
    S[NPARTY + p] = n - 1
    S[DISC + h] += 1
    S[DISCN] += 1
    S[DAMAGE] = max(0, S[DAMAGE] - C[h, C_STR])


@njit(cache=True)
def activated(S, C, M, i):
    """A member just activated: its hero's effects, then its treasure's."""
    o = member(S, S[PLAYER], i)
    S[o + MF_ACTIVE] = 1
    h = S[o + MF_HERO]
    apply_effects(S, C, h, C[h, C_STR])
    t = S[o + MF_TRE]
    if t >= 0:
        apply_effects(
            S, C, (M[0, M_OTRE1] if S[o + MF_LEVEL] == 1 else M[0, M_OTRE2]) + t, C[h, C_STR]
        )


@njit(cache=True)
def begin_turn(S, p):
    S[PLAYER] = p
    S[TURN] += 1
    S[PHASE] = ACTION
    for f in (RECRUITED, PLAYED, TO_ROLL, ROLLED, STEAM, SHIELD, NPEND, STRENGTH_LEFT, CLEARED,
              NSET, NDUE, DAMAGE, AMBUSHED, TOWN_DUE, DRAWS_LEFT):  # fmt: skip
        S[f] = 0
    S[FREE : FREE + 6] = 0
    S[UNROLLED], S[ROLLS_LEFT] = DICE, ROLLS
    S[LOCKED] = S[FLIPPING] = S[DRAWN] = -1


@njit(cache=True)
def new_state(players):
    """An empty position (``tables.start`` fills in the decks and the line)."""
    S = np.zeros(SIZE, np.int64)
    S[NPL] = players
    S[FIRST] = S[LAST] = -1
    S[LOCKED] = S[FLIPPING] = S[DRAWN] = -1
    S[UNROLLED], S[ROLLS_LEFT] = DICE, ROLLS
    return S


@njit(cache=True, inline="always")
def next_combination(idx, r, n):
    """Step ``idx[:r]`` to the next combination of r out of n (``itertools.combinations``
    order); False after the last."""
    q = r - 1
    while q >= 0 and idx[q] == n - r + q:
        q -= 1
    if q < 0:
        return False
    idx[q] += 1
    for z in range(q + 1, r):
        idx[z] = idx[z - 1] + 1
    return True
