"""The things on the table a player can point at, as a game's view names them.

A game's ``view(state, None)`` lists them under ``"things"``: each has an ``id`` (what
a board marks the piece with, ``data-thing="stack:E"``), a ``name`` in words ("Stack
E") and what it ``is`` in the game's terms (``["horde stack", "vanguard"]``). A
walkthrough's "point at it" question (``point = "vanguard"``) is answered by a click on
a thing, and the engine's view, not the page, says whether the thing is called so.
"""

from __future__ import annotations

from dataclasses import dataclass

from hordes_kit.core.state import GameState

__all__ = ["Thing", "things", "things_called", "thing_names", "is_called", "thing"]


@dataclass(frozen=True)
class Thing:
    """A thing on the table: its id, its name in words and what it is in the game's terms."""

    id: str
    name: str
    kinds: tuple[str, ...]

    def is_a(self, term: str) -> bool:
        """Whether the game calls this thing ``term`` (letter case aside)."""
        t = term.casefold()
        return any(k.casefold() == t for k in self.kinds)


def things(state: GameState) -> tuple[Thing, ...]:
    """Every thing on the table the view names (none if the game names none)."""
    return tuple(
        Thing(str(t["id"]), str(t["name"]), tuple(str(k) for k in t.get("is", ())))
        for t in state.view(None).get("things", ())
    )


def thing(state: GameState, thing_id: str) -> Thing | None:
    """The thing with this id on the table now, if there is one."""
    return next((t for t in things(state) if t.id == thing_id), None)


def things_called(state: GameState, term: str) -> tuple[Thing, ...]:
    """The things the game calls ``term`` now (the right answers to "point at the <term>")."""
    return tuple(t for t in things(state) if t.is_a(term))


def is_called(state: GameState, thing_id: str, term: str) -> bool:
    """Whether the thing ``thing_id`` is a ``term`` on this table."""
    t = thing(state, thing_id)
    return t is not None and t.is_a(term)


def thing_names(state: GameState) -> list[str]:
    """What the table's things are called, for error messages."""
    return sorted({k for t in things(state) for k in t.kinds})
