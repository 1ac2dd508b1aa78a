"""Walking the game on: ``settle`` runs every task that needs neither a decision nor a chance
outcome (with the state checks between steps), ``pending`` says what the game waits for, and
``do`` plays an action id.
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.skytear import (  # noqa: F401 - handlers
    alliance,
    draws,
    effects,
    fight,
    horde,
    reveal,
    setup,
)
from hordes_kit.skytear.combat import check
from hordes_kit.skytear.machine import HANDLERS, Ask, Roll
from hordes_kit.skytear.state import Position

__all__ = ["settle", "pending", "do", "MAX_SETTLE"]

MAX_SETTLE = 100_000
_CACHE: dict[int, tuple] = {}  # id(position) -> (position, what it waits for)


def _remember(s: Position, r) -> None:
    if len(_CACHE) > 512:
        _CACHE.clear()
    _CACHE[id(s)] = (s, r)


def _run(s: Position):
    head = s.tasks[0]
    return HANDLERS[head.kind](evolve(s, tasks=s.tasks[1:]), head)


def settle(s: Position) -> Position:
    """Run automatic steps until a decision or a chance node with two or more options is due.

    A decision with one option, or a chance node with one outcome, is taken at once.
    """
    for _ in range(MAX_SETTLE):
        s = check(s)
        if s.result or not s.tasks:
            return s
        r = _run(s)
        if isinstance(r, Ask | Roll):
            opts = r.options if isinstance(r, Ask) else r.outcomes
            if len(opts) != 1:
                _remember(s, r)
                return s
            s = evolve(s, tasks=(s.tasks[0].with_pick(opts[0][-1]),) + s.tasks[1:])
            continue
        s = r
    raise AssertionError("the turn did not settle (a task loops)")


def pending(s: Position) -> Ask | Roll | None:
    """What a settled position waits for: a decision, a chance node, or nothing (game over)."""
    if s.result or not s.tasks:
        return None
    hit = _CACHE.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    r = _run(s)
    r = r if isinstance(r, Ask | Roll) else None
    _remember(s, r)
    return r


def do(s: Position, pick) -> Position:
    """The position after the head task gets ``pick`` (a decision or outcome), settled."""
    head = s.tasks[0]
    return settle(evolve(s, tasks=(head.with_pick(pick),) + s.tasks[1:]))
