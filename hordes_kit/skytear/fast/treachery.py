"""Fast simulator handlers (numba) for the treachery card, mirroring ``treachery.py``."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.skytear.fast.board import (
    horde_take,
    pick_counts,
)
from hordes_kit.skytear.fast.core import (
    O_HDECK,
    O_HDISC,
    O_MON,
    PH_TREACHERY,
    S_BOOSTED,
    S_HIDDEN,
    S_NHDECK,
    S_NHDISC,
    S_PHASE,
    S_TREACH,
    SC_TREACHERY,
    U_UID,
    scratch,
    ug,
    us,
)
from hordes_kit.skytear.fast.tables import (
    A_TRIG,
    C_AB0,
    C_NAB,
    C_TBONUS,
    C_TSIDE,
)
from hordes_kit.skytear.fast.tasks import (
    TK_ABILITY,
    TK_REVEAL,
    TK_TREACHERY_BONUS,
    push,
)
from hordes_kit.skytear.fast.turn import (
    TRIG_TREACHERY,
    reshuffle,
)


@njit(cache=True, _nrt=False)
def boosted_lane(S, side):
    first, last = -1, -1
    for i in range(6):
        if S[O_MON + i] >= 0:
            if first < 0:
                first = i
            last = i
    return first if side == 1 else last


@njit(cache=True, _nrt=False)
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
    rows = scratch(S, SC_TREACHERY, 16)
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


@njit(cache=True, _nrt=False)
def t_treachery_bonus(S, C, card):
    lane = boosted_lane(S, C[card, C_TSIDE])
    if lane < 0:
        return
    u = S[O_MON + lane]
    us(S, u, 7, ug(S, u, 7) + C[card, C_TBONUS])
    S[S_BOOSTED] = ug(S, u, U_UID)
