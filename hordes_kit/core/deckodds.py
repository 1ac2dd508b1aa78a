"""Exact card-drawing odds shared by the games: draws without replacement from a deck."""

from __future__ import annotations

from fractions import Fraction
from math import comb

__all__ = ["hypergeom_at_least"]


def hypergeom_at_least(population: int, successes: int, draws: int, at_least: int) -> Fraction:
    """P(X >= at_least) for X ~ Hypergeometric(population, successes, draws), exact.

    >>> hypergeom_at_least(10, 3, 2, 1)
    Fraction(8, 15)
    """
    draws = min(draws, population)
    if at_least <= 0:
        return Fraction(1)
    total = comb(population, draws)
    hit = sum(
        comb(successes, x) * comb(population - successes, draws - x)
        for x in range(at_least, min(successes, draws) + 1)
    )
    return Fraction(hit, total)
