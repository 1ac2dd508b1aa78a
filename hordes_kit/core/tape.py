"""Chance tapes, the part every game shares: a tape is a stream of uniform numbers in
[0, 1) written down in advance, so the rules engine and a fast simulator can be fed the
same game. A chance node's exact probabilities become integer weights over their least
common denominator (in the outcomes' sorted order), and a number ``u`` picks the outcome
``k = int(u * total)`` walking them in that order: exactly the engine's chance, written
ahead. Each game's ``tape.py`` says which numbers its chance nodes and bots take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

__all__ = ["uniform_tape", "integer_weights", "pick"]


def uniform_tape(seed: int, numbers: int) -> tuple[float, ...]:
    """``numbers`` numbers drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return tuple(rng.random() for _ in range(numbers))


def integer_weights(outcomes: Sequence[tuple[str, Fraction]]) -> list[tuple[str, int]]:
    """Exact probabilities as integer weights over their least common denominator.

    >>> integer_weights((("a", Fraction(1, 4)), ("b", Fraction(3, 4))))
    [('a', 1), ('b', 3)]
    """
    den = lcm(*(p.denominator for _, p in outcomes))
    return [(o, p.numerator * (den // p.denominator)) for o, p in outcomes]


def pick(ws: Sequence[tuple[str, int]], u: float) -> str:
    """The outcome the number ``u`` in [0, 1) selects among integer-weighted outcomes.

    >>> pick([("a", 1), ("b", 3)], 0.3)
    'b'
    """
    k = int(u * sum(w for _, w in ws))
    for outcome, w in ws:
        k -= w
        if k < 0:
            return outcome
    raise AssertionError("u must lie in [0, 1)")
