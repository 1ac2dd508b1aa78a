"""The fast simulator (being built): until it exists every game is played by the rules engine."""

from __future__ import annotations

__all__ = ["supports", "fast_chunk"]


def supports(state) -> str:
    """Why the fast simulator cannot play from this position ("" when it can)."""
    return "the fast simulator is not built yet"


def fast_chunk(config, seed, start, first, count):
    """Play games in the fast simulator (not built yet)."""
    raise NotImplementedError
