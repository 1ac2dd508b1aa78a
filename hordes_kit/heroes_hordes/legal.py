"""What the Heroes & Hordes player may decide now: every legal decision id."""

from __future__ import annotations

from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.rules import HERO_PILES, HORDE_PILES
from hordes_kit.heroes_hordes.state import HHPosition

__all__ = ["legal"]


def legal(state: HHPosition) -> tuple[str, ...]:
    """Every legal decision id (unsorted) at a decision step."""
    if state.step == "order":
        return tuple(f"attack:{p}" for p in state.ready_hordes())
    if state.step == "place":
        return tuple(f"place:{p}" for p in state.card(state.pending).piles())
    if state.step == "defend":
        return tuple(f"defend:{p}" for p in HERO_PILES if state.piles[PILES.index(p)])
    if state.step == "discard":
        return tuple(f"discard:{c}" for c in state.piles[PILES.index(state.defender)])
    if state.step == "slay":
        return tuple(f"slay:{c}" for p in HORDE_PILES for c in state.piles[PILES.index(p)])
    if state.step == "search":
        return tuple(f"search:{c}" for c in state._search_pool())
    raise AssertionError(f"no decision at step {state.step!r}")
