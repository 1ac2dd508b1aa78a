"""A move as one int64 (numba): ``pack(verb, a, b)`` (``codes.M_*``) and its parts, as the
rules engine's action ids are a verb and its arguments; and which Response Trait answers
damage of a kind."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K

__all__ = ["pack", "verb_of", "arg_a", "arg_b", "resp_trait", "MASK"]

MASK = (1 << K.MOVE_SHIFT) - 1


@njit(cache=True, _nrt=False)
def pack(verb, a, b):
    """One move as an int64: (verb, a, b)."""
    return (verb << (2 * K.MOVE_SHIFT)) | ((a & MASK) << K.MOVE_SHIFT) | (b & MASK)


@njit(cache=True, _nrt=False)
def verb_of(m):
    return m >> (2 * K.MOVE_SHIFT)


@njit(cache=True, _nrt=False)
def arg_a(m):
    return (m >> K.MOVE_SHIFT) & MASK


@njit(cache=True, _nrt=False)
def arg_b(m):
    return m & MASK


@njit(cache=True, _nrt=False)
def resp_trait(via):
    """The Response Trait that answers damage of this kind (its Main Trait number)."""
    if via == K.V_ATTACK:
        return 6
    if via == K.V_PREDICT:
        return 8
    return 7
