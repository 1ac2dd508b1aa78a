"""The fast simulator's board changes and chance (numba), mirroring ``board.py`` and the
engine's chance nodes (one uniform number per node with two or more
different outcomes: ``sorted multiset[int(u * size)]``)."""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.core import (
    HORDE,
    MAXATT,
    MAXB,
    MAXBOT,
    MAXC,
    MAXP,
    MAXREC,
    MAXTOP,
    MAXU,
    O_ALY,
    O_BACK,
    O_BOT,
    O_DISC,
    O_HDECK,
    O_HDISC,
    O_LINE,
    O_LT,
    O_MID,
    O_MON,
    O_PILE,
    O_PPILE,
    O_REC,
    O_TOP,
    O_UNITS,
    S_ERR,
    S_MANA,
    S_NBACK,
    S_NBOT,
    S_NCARDS,
    S_NDISC,
    S_NEXTUID,
    S_NHDECK,
    S_NHDISC,
    S_NLINE,
    S_NMID,
    S_NPILE,
    S_NPPILE,
    S_NREC,
    S_NTOP,
    S_PDMG,
    S_PDOWN,
    S_PORTAL,
    S_PWAIT,
    S_ROT,
    S_TAPE,
    S_WIN,
    U_ATK,
    U_ATT,
    U_ATTOWN,
    U_HP,
    U_LIVE,
    U_NATT,
    U_OWNER,
    U_SIDE,
    U_TATK,
    U_UID,
    UF,
    note_statics,
    ug,
    us,
)
from hordes_kit.skytear.fast.stats import (
    portal_health,
)
from hordes_kit.skytear.fast.tables import C_KIND, P_STAGE

K_TOKEN = 4
# lane token kinds -> (unit field, sign): health, damage, attack, temp-attack, armor, temp-armor
LT_FIELD = np.array([U_HP, U_HP, U_ATK, U_TATK, 8, 9], np.int64)
LT_SIGN = np.array([1, -1, 1, 1, 1, 1], np.int64)


@njit(cache=True, _nrt=False)
def uniform(S, U):
    """The next number of the chance stream: the tape's, else the generator's."""
    k = S[S_TAPE]
    S[S_TAPE] = k + 1
    if k < U.shape[0]:
        return U[k]
    return np.random.random()


@njit(cache=True, _nrt=False)
def pick_counts(S, U, off, total):
    """One card from a multiset given as counts at ``off`` (card order); a chance node if two
    or more different cards are there."""
    first, distinct, g = -1, 0, 0
    for c in range(S[S_NCARDS]):
        n = S[off + c]
        if n > 0:
            distinct += 1
            if first < 0:
                first = c
            a, b = g, n  # g = gcd of the counts
            while b:
                a, b = b, a % b
            g = a
            if g == 1 and distinct > 1:
                break  # a chance node whose outcomes are the counts themselves
    if distinct <= 1:
        return first
    k = int(uniform(S, U) * (total // g))  # the engine's outcomes: counts / gcd
    acc = 0
    for c in range(first, S[S_NCARDS]):
        acc += S[off + c] if g == 1 else S[off + c] // g
        if acc > k:
            record(S, c)
            return c
    return first


@njit(cache=True, _nrt=False)
def record(S, card):
    """Note a chance outcome drawn from the tape (the lockstep checks read them)."""
    n = S[S_NREC]
    if n < MAXREC:
        S[O_REC + n] = card
        S[S_NREC] = n + 1


@njit(cache=True, _nrt=False)
def new_unit(S, card, side, owner):
    """A fresh unit in a free slot (not placed yet); its slot."""
    for k in range(MAXU):
        if ug(S, k, U_LIVE) == 0:
            base = O_UNITS + k * UF
            S[base : base + UF] = 0
            us(S, k, U_LIVE, 1)
            us(S, k, U_UID, S[S_NEXTUID])
            S[S_NEXTUID] += 1
            us(S, k, 2, card)
            note_statics(S, card)
            us(S, k, U_SIDE, side)
            us(S, k, U_OWNER, owner)
            return k
    S[S_ERR] = 1  # too many cards in play for the fast simulator
    return 0


@njit(cache=True, _nrt=False)
def remove_from_zone(S, slot):
    """Take a unit out of its place (the slot stays alive)."""
    for i in range(6):
        if S[O_MON + i] == slot:
            S[O_MON + i] = -1
            return
        if S[O_ALY + i] == slot:
            S[O_ALY + i] = -1
            return
    n = S[S_NBACK]
    for i in range(n):
        if S[O_BACK + i] == slot:
            for j in range(i, n - 1):
                S[O_BACK + j] = S[O_BACK + j + 1]
            S[S_NBACK] = n - 1
            return


@njit(cache=True, _nrt=False)
def place(S, slot, lane):
    """Put a unit in a lane on its side (tokens on that side move onto it); -1: back line."""
    if lane < 0:
        n = S[S_NBACK]
        if n >= MAXB:
            S[S_ERR] = 2
            return
        S[O_BACK + n] = slot
        S[S_NBACK] = n + 1
        return
    side = ug(S, slot, U_SIDE)
    base = O_LT + (lane * 2 + side) * 6
    for k in range(6):
        n = S[base + k]
        if n:
            f = LT_FIELD[k]
            us(S, slot, f, ug(S, slot, f) + LT_SIGN[k] * n)
            S[base + k] = 0
    S[(O_MON if side == HORDE else O_ALY) + lane] = slot


@njit(cache=True, _nrt=False)
def move_to_lane(S, slot, lane):
    remove_from_zone(S, slot)
    place(S, slot, lane)


@njit(cache=True, _nrt=False)
def move_to_back(S, slot):
    if back_pos(S, slot) >= 0:
        return
    remove_from_zone(S, slot)
    place(S, slot, -1)


@njit(cache=True, _nrt=False)
def back_pos(S, slot):
    for i in range(S[S_NBACK]):
        if S[O_BACK + i] == slot:
            return i
    return -1


@njit(cache=True, _nrt=False)
def add_lane_tokens(S, lane, side, kind, n):
    o = S[(O_MON if side == HORDE else O_ALY) + lane]
    if o >= 0 and ug(S, o, 2) >= 0:
        f = LT_FIELD[kind]
        us(S, o, f, ug(S, o, f) + LT_SIGN[kind] * n)
        return
    S[O_LT + (lane * 2 + side) * 6 + kind] += n


@njit(cache=True, _nrt=False)
def gain_mana(S, seat, n):
    S[S_MANA + seat] = max(0, min(10, S[S_MANA + seat] + n))


@njit(cache=True, _nrt=False)
def hurt_portal(S, P, n, campaign_first):
    """The portal takes damage; destroyed, the next stage replaces it (excess lost)."""
    if n <= 0 or S[S_PDOWN]:
        return
    left = portal_health(S, P)
    S[S_PDMG] += min(n, left)
    if portal_health(S, P) > 0:
        return
    if P[S[S_PORTAL], P_STAGE] == 1:
        if campaign_first:
            S[S_WIN] = 1
        elif S[S_NLINE] > 0:
            nxt = S[O_LINE]
            for j in range(S[S_NLINE] - 1):
                S[O_LINE + j] = S[O_LINE + j + 1]
            S[S_NLINE] -= 1
            pile_push(S, nxt, False)
    if S[S_NPPILE] == 0:
        S[S_PDOWN] = 1
        return
    S[S_PORTAL] = S[O_PPILE]
    for j in range(S[S_NPPILE] - 1):
        S[O_PPILE + j] = S[O_PPILE + j + 1]
    S[S_NPPILE] -= 1
    S[S_PDMG] = 0
    S[S_ROT] = 0


@njit(cache=True, _nrt=False)
def pile_push(S, card, waits):
    """board.to_outsider_pile: ``waits``, it found no room (summoned in the next turn)."""
    n = S[S_NPILE]
    if n >= MAXP:
        S[S_ERR] = 3
        return
    S[O_PILE + n] = card
    S[S_NPILE] = n + 1
    if waits or S[S_PWAIT] > 0:
        S[S_PWAIT] += 1


@njit(cache=True, _nrt=False)
def discard_to(S, C, card, owner):
    """A card to its discard pile (horde: owner -1); card tokens go to the reserve."""
    if card < 0 or C[card, C_KIND] == K_TOKEN:
        return
    if owner < 0:
        S[O_HDISC + card] += 1
        S[S_NHDISC] += 1
    else:
        S[O_DISC + owner * MAXC + card] += 1
        S[S_NDISC + owner] += 1


@njit(cache=True, _nrt=False)
def deck_size(S, seat):
    return S[S_NTOP + seat] + S[S_NMID + seat] + S[S_NBOT + seat]


@njit(cache=True, _nrt=False)
def deck_take_top(S, U, seat):
    """The top card of a seat's deck, taken off (a chance node when it is unknown)."""
    if S[S_NTOP + seat]:
        base = O_TOP + seat * MAXTOP
        card = S[base]
        for j in range(S[S_NTOP + seat] - 1):
            S[base + j] = S[base + j + 1]
        S[S_NTOP + seat] -= 1
        return card
    if S[S_NMID + seat]:
        off = O_MID + seat * MAXC
        card = pick_counts(S, U, off, S[S_NMID + seat])
        S[off + card] -= 1
        S[S_NMID + seat] -= 1
        return card
    base = O_BOT + seat * MAXBOT
    card = S[base]
    for j in range(S[S_NBOT + seat] - 1):
        S[base + j] = S[base + j + 1]
    S[S_NBOT + seat] -= 1
    return card


@njit(cache=True, _nrt=False)
def bottom_push(S, seat, card):
    n = S[S_NBOT + seat]
    if n >= MAXBOT:
        S[S_ERR] = 4
        return
    S[O_BOT + seat * MAXBOT + n] = card
    S[S_NBOT + seat] = n + 1


@njit(cache=True, _nrt=False)
def top_push(S, seat, card):
    n = S[S_NTOP + seat]
    if n >= MAXTOP:
        S[S_ERR] = 5
        return
    base = O_TOP + seat * MAXTOP
    for j in range(n, 0, -1):
        S[base + j] = S[base + j - 1]
    S[base] = card
    S[S_NTOP + seat] = n + 1


@njit(cache=True, _nrt=False)
def horde_pick(S, U, hidden):
    """The top horde card (uniform over the deck's multiset, concealed identities included)."""
    return pick_counts(S, U, O_HDECK, S[S_NHDECK])


@njit(cache=True, _nrt=False)
def horde_take(S, card):
    S[O_HDECK + card] -= 1
    S[S_NHDECK] -= 1


@njit(cache=True, _nrt=False)
def attach_to(S, slot, card, owner):
    n = ug(S, slot, U_NATT)
    if n >= MAXATT:
        S[S_ERR] = 6
        return
    us(S, slot, U_ATT + n, card)
    note_statics(S, card)
    us(S, slot, U_ATTOWN + n, owner)
    us(S, slot, U_NATT, n + 1)


@njit(cache=True, _nrt=False)
def uid_of(S, slot):
    return ug(S, slot, U_UID)


@njit(cache=True, _nrt=False)
def temp_attack(S, slot, n):
    us(S, slot, U_TATK, ug(S, slot, U_TATK) + n)
