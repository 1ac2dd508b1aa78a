"""The task stack and the bookkeeping every rule module shares (no rule decided here)."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows.state import Position, Task, parse_seat

__all__ = ["push", "pop", "earn", "log", "gain", "entity_name", "RESOURCE"]

RESOURCE = {"xp": "Experience", "gold": "Gold", "stone": "Shadow Stone", "stones": "Shadow Stone"}


def push(s: Position, *tasks: Task) -> Position:
    """Tasks on top of the stack (the last one given is done first)."""
    return evolve(s, tasks=s.tasks + tasks)


def pop(s: Position) -> Position:
    """The stack without its top task."""
    return evolve(s, tasks=s.tasks[:-1])


def earn(s: Position, seat: int, gold: int = 0, xp: int = 0, stones: int = 0) -> Position:
    """Resources placed on the Combat Field (collected in the BuildUp Phase)."""
    g, x, st = s.seats[seat].earned
    return evolve(s, seats=s.seat_with(seat, earned=(g + gold, x + xp, st + stones)))


def log(s: Position, rule: str, text: str, **data) -> Position:
    """The position with one more event citing ``shadows.<rule>``."""
    return evolve(s, log=s.log + (s.ev(rule, text, **data),))


def gain(s: Position, seat: int, kind: str, n: int, card: str) -> Position:
    """A card's ``gain`` effect: the resource goes on the Combat Field."""
    s = earn(s, seat, **{{"xp": "xp", "gold": "gold", "stone": "stones"}[kind]: n})
    return log(s, "gain", f"{s.who(seat)} gains {n} {RESOURCE[kind]} ({s.name(card)}).", seat=seat)


def entity_name(s: Position, target: str) -> str:
    """An entity in words: the Monster, its Creature, a Hero or an Allied card."""
    if target == "monster":
        return s.name(s.monster) if s.monster else "the Monster"
    if target == s.creature and target:
        return s.name(target)
    head, _, card = target.partition(".")
    k = parse_seat(head, s.n)
    if k is None:
        return target
    if card:
        return f"{s.who(k)}'s {s.name(card)}"
    return f"{s.who(k)} ({s.name(s.seats[k].hero)})"
