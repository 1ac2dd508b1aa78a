"""Playing a Skytear action id: the pick it stands for goes to the task at the head of the
queue, and the game runs on to the next decision or chance node (``flow.do``)."""

from __future__ import annotations

from hordes_kit.skytear.flow import do as do_pick
from hordes_kit.skytear.flow import pending
from hordes_kit.skytear.machine import Ask
from hordes_kit.skytear.state import Position

__all__ = ["do", "pick_of"]


def pick_of(s: Position, action_id: str):
    """The pick a legal action id (decision or chance outcome) stands for."""
    r = pending(s)
    opts = r.options if isinstance(r, Ask) else [(a, pick) for a, _, pick in r.outcomes]
    return next(p for a, p in opts if a == action_id)


def do(s: Position, action_id: str) -> Position:
    """The position after a legal action id, settled to the next decision or chance."""
    return do_pick(s, pick_of(s, action_id))
