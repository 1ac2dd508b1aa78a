"""A printable sheet for the demo game, registered by tests/test_sheets.py to show that any
game declaring ``Game(..., sheet=...)`` gets ``hordes-kit sheet`` and a page."""

from __future__ import annotations

from fractions import Fraction

from demo_game import RANKS

from hordes_kit.core.sheet import Section, Sheet, Table, cell


def sheet() -> Sheet:
    """The chance the first card dealt beats each rank (exact, over the 9 cards)."""
    n = len(RANKS)
    rows = tuple(
        (f"beats a {r}", cell(Fraction(sum(v > r for v in RANKS.values()), n)))
        for r in sorted(RANKS.values())
    )
    table = Table(
        "First card",
        "Chance the first card dealt is higher than this rank.",
        ("Rank", "Chance"),
        rows,
    )
    return Sheet("Swap or Stay", "A toy sheet.", (Section("Cards", "Nine cards.", (table,)),))
