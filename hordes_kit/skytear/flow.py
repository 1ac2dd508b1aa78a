"""Walking the game on: ``settle`` runs every task that needs neither a decision nor a chance
outcome (with the state checks between steps), ``pending`` says what the game waits for, and
``do`` plays an action id.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any

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

__all__ = ["settle", "pending", "do", "advance", "MAX_SETTLE"]

MAX_SETTLE = 100_000
_WAITS = (Ask, Roll)  # what a step may wait for (a tuple: ``Ask | Roll`` is made anew)
_CACHE: dict[int, tuple] = {}  # id(position) -> (position, what it waits for)


def _remember(s: Position, r) -> None:
    if len(_CACHE) > 512:
        _CACHE.clear()
    _CACHE[id(s)] = (s, r)


def _run(s: Position):
    head = s.tasks[0]
    return HANDLERS[head.kind](evolve(s, tasks=s.tasks[1:]), head)


def _checks_alike(s: Position, clean: Position | None) -> bool:
    """``check`` would find nothing in ``s``: it found nothing in ``clean`` (no loss, nothing
    doomed or being destroyed) and everything it reads is the same object or value."""
    return (
        clean is not None
        and s.monsters is clean.monsters
        and s.allies is clean.allies
        and s.back is clean.back
        and s.enchant is clean.enchant
        and s.castle_hp == clean.castle_hp
        and s.phase == clean.phase
        and not s.doomed
        and not s.destroying
        and not s.result
        and (
            s.seats is clean.seats
            or s.config.empty_deck != "at-zero"
            or all(a.deck is b.deck for a, b in zip(s.seats, clean.seats, strict=True))
        )
    )


def settle(
    s: Position, answers: Mapping[str, Any] | None = None, stops: Container[str] = ()
) -> Position:
    """Run automatic steps until a decision or a chance node with two or more options is due.

    A decision with one option, or a chance node with one outcome, is taken at once.
    ``answers`` (task kind -> pick) answers those tasks' first decision at once, without
    asking: the forecast's players never act, and listing every action they could take is
    most of an alliance step. ``stops``: kinds of steps that ask nothing, stopped before
    (``advance`` goes on): the forecast recognises positions it has seen there.
    """
    clean = None  # the last position ``check`` left as it was (most steps change no unit)
    for _ in range(MAX_SETTLE):
        if not _checks_alike(s, clean):
            checked = check(s)
            clean = checked if checked is s and not (s.doomed or s.destroying) else None
            s = checked
        if s.result or not s.tasks:
            return s
        tasks = s.tasks
        head = tasks[0]
        if not head.picks:
            if head.kind in stops:
                return s
            if answers is not None and head.kind in answers:
                head = head.with_pick(answers[head.kind])
        # The step runs on the position without its task (``_run``, inline); the task with
        # its picks goes back in front only if the step waits for a choice. A decision or
        # outcome with one option is taken at once: the step runs again on the same
        # position (the checks find nothing new: only the task's picks changed).
        rest = evolve(s, tasks=tasks[1:])
        for _ in range(MAX_SETTLE):
            r = HANDLERS[head.kind](rest, head)
            if not isinstance(r, _WAITS):
                break
            opts = r.options if isinstance(r, Ask) else r.outcomes
            if len(opts) != 1:
                if head is not tasks[0]:
                    s = evolve(s, tasks=(head,) + tasks[1:])
                _remember(s, r)
                return s
            head = head.with_pick(opts[0][-1])
        else:
            raise AssertionError("a step asks without end (one option each time)")
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


def do(
    s: Position, pick, answers: Mapping[str, Any] | None = None, stops: Container[str] = ()
) -> Position:
    """The position after the head task gets ``pick`` (a decision or outcome), settled."""
    head = s.tasks[0]
    return settle(evolve(s, tasks=(head.with_pick(pick),) + s.tasks[1:]), answers, stops)


def advance(
    s: Position, answers: Mapping[str, Any] | None = None, stops: Container[str] = ()
) -> Position:
    """The position after its head step, one ``settle`` stopped before (``stops``), settled."""
    r = _run(s)
    if isinstance(r, Ask | Roll):
        raise AssertionError(f"a {s.tasks[0].kind} step asks: it cannot be a stop")
    return settle(r, answers, stops)
