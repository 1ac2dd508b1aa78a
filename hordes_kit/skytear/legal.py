"""What a Skytear position waits for, as action ids: the legal decisions or the chance outcomes.

The task at the head of the queue says which (``flow.pending``): an ``Ask`` is a player's
decision, a ``Roll`` a chance node, nothing at all the end of the game.
"""

from __future__ import annotations

from fractions import Fraction

from hordes_kit.core.state import CHANCE, TERMINAL
from hordes_kit.skytear.flow import pending
from hordes_kit.skytear.machine import Ask, Roll
from hordes_kit.skytear.state import Position

__all__ = ["legal", "chance", "to_act", "waits_for"]


def legal(s: Position) -> tuple[str, ...]:
    """Every legal decision id (empty at a chance node or the end)."""
    r = pending(s)
    return tuple(a for a, _ in r.options) if isinstance(r, Ask) else ()


def chance(s: Position) -> tuple[tuple[str, Fraction], ...]:
    """The chance outcomes with their probabilities (empty at a decision or the end)."""
    r = pending(s)
    return tuple((a, p) for a, p, _ in r.outcomes) if isinstance(r, Roll) else ()


def to_act(s: Position) -> int:
    """The seat that decides now, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
    r = pending(s)
    if r is None:
        return TERMINAL
    return CHANCE if isinstance(r, Roll) else r.seat


def waits_for(s: Position) -> str:
    """Why no other action is legal now, in words (the engine's refusal of an action)."""
    if s.result:
        return "the game is over"
    r = pending(s)
    if isinstance(r, Roll):
        return "the game waits for a chance outcome (a card to be drawn)"
    return f"the game waits for: {r.prompt}" if r is not None else "nothing is possible now"
