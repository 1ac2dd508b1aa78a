"""The task queue that runs a Skytear turn, and what a task may ask for.

Every step of the game is a ``Task`` in ``Position.tasks`` (front first). A handler
(registered by kind) looks at its task and returns one of:

* a new ``Position`` - the task is done (it may have pushed more tasks in front);
* ``Ask(seat, options)`` - a player's decision; each option is ``(action_id, pick)``;
* ``Roll(outcomes)`` - a chance node; each outcome is ``(action_id, probability, pick)``.

A decision or outcome appends its ``pick`` to the task's ``picks`` and the handler runs
again, so every task is a pure function of the position and the picks made so far.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hordes_kit.core.state import evolve
from hordes_kit.skytear.state import Position, Task

__all__ = ["Ask", "Roll", "HANDLERS", "handles", "push", "push_back", "draw_outcomes", "Step"]


@dataclass(frozen=True)
class Ask:
    """A decision of ``seat`` between options ``(action_id, pick)``; ``prompt`` in words."""

    seat: int
    options: tuple[tuple[str, Any], ...]
    prompt: str = ""


@dataclass(frozen=True)
class Roll:
    """A chance node: outcomes ``(action_id, probability, pick)`` summing to 1."""

    outcomes: tuple[tuple[str, Fraction, Any], ...]


Step = Position | Ask | Roll
HANDLERS: dict[str, Callable[[Position, Task], Step]] = {}


def handles(kind: str):
    """Decorator registering the handler of a task kind."""

    def deco(fn):
        HANDLERS[kind] = fn
        return fn

    return deco


def push(s: Position, *tasks: Task) -> Position:
    """The position with ``tasks`` to do first, in the order given."""
    if not tasks:
        return s  # nothing to add (a card without abilities of the trigger): no copy
    return evolve(s, tasks=tasks + s.tasks)


def push_back(s: Position, *tasks: Task) -> Position:
    """The position with ``tasks`` to do after everything queued."""
    if not tasks:
        return s
    return evolve(s, tasks=s.tasks + tasks)


def draw_outcomes(prefix: str, cards: Sequence[str]) -> tuple[tuple[str, Fraction, str], ...]:
    """One card drawn uniformly from a multiset: outcomes by distinct card, exact weights.

    >>> [(o, str(p)) for o, p, _ in draw_outcomes("card", ["a", "b", "b"])]
    [('card:a', '1/3'), ('card:b', '2/3')]
    """
    return _draw_outcomes(prefix, tuple(cards))


@lru_cache(maxsize=4096)
def _draw_outcomes(prefix: str, cards: tuple[str, ...]) -> tuple[tuple[str, Fraction, str], ...]:
    n = len(cards)
    return tuple((f"{prefix}:{c}", Fraction(k, n), c) for c, k in sorted(Counter(cards).items()))
