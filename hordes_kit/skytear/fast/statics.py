"""Which cards have static abilities, and which of those reach past their host (the bits of
``core.S_STATIC``): worked out once per card set, and for the cards in play when a position
is handed to the fast simulator (``export``)."""

from __future__ import annotations

import numpy as np

from hordes_kit.skytear.fast.core import (
    MAXU,
    O_ENCH,
    O_HASST,
    O_UNITS,
    S_NENCH,
    S_STATIC,
    ST_ANY,
    ST_FAR,
    TG_HOST,
    TRIG_STATIC,
    U_ATT,
    U_CARD,
    U_LIVE,
    U_NATT,
    UF,
)
from hordes_kit.skytear.fast.tables import A_TRIG, C_EN0, C_NEN, C_NST, C_ST0, E_TARGET, FastTables

__all__ = ["note_statics_in_play"]


_BITS: dict[int, tuple[FastTables, np.ndarray]] = {}  # id(tables) -> (tables, their bits)


def _static_bits(t: FastTables) -> np.ndarray:
    """Each card's static bits, worked out once per tables (every call of ``run_fast`` from a
    position exports it: the coach and the forecast ask for few games many times)."""
    hit = _BITS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    C, E = t.C, t.E
    bits = np.zeros(len(C), np.int64)
    for c in range(len(C)):
        rows = range(C[c, C_ST0], C[c, C_ST0] + C[c, C_NST])
        if len(rows):
            bits[c] = ST_ANY | (ST_FAR if any(E[e, E_TARGET] != TG_HOST for e in rows) else 0)
    _BITS[id(t)] = (t, bits)
    return bits


def note_statics_in_play(S, t: FastTables) -> None:
    """Each card's static bits (core.ST_ANY, ST_FAR), and those of the cards in play already
    (a unit's card or attachment, or an enchantment with a static ability: ST_FAR)."""
    C, A = t.C, t.A
    bits = _static_bits(t)
    S[O_HASST : O_HASST + len(bits)] = bits
    enchanted = any(
        A[ab, A_TRIG] == TRIG_STATIC
        for j in range(S[S_NENCH])
        for ab in range(C[S[O_ENCH + j], C_EN0], C[S[O_ENCH + j], C_EN0] + C[S[O_ENCH + j], C_NEN])
    )
    static = ST_ANY | ST_FAR if enchanted else 0
    for k in range(MAXU):
        b = O_UNITS + k * UF
        if S[b + U_LIVE]:
            cards = [S[b + U_CARD]] + [S[b + U_ATT + a] for a in range(S[b + U_NATT])]
            for c in cards:
                if c >= 0:
                    static |= int(bits[c])
    S[S_STATIC] = static
