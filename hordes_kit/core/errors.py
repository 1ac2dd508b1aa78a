"""The error classes every engine, calculator and loader raises.

Malformed input and illegal input are different errors (python-chess's
``InvalidMoveError`` / ``IllegalMoveError``); every message quotes the input.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "HordesKitError",
    "InvalidInputError",
    "InvalidActionError",
    "IllegalActionError",
    "CardDataError",
    "ScenarioError",
    "SaveFileError",
]


class HordesKitError(Exception):
    """Base class: every error the kit raises on purpose (the CLI prints its one line)."""


class InvalidInputError(HordesKitError, ValueError):
    """A calculator input that cannot be read (unknown symbol, out of range)."""


class InvalidActionError(HordesKitError, ValueError):
    """An action id that is malformed: it does not name any action of this game."""

    def __init__(self, action: str, reason: str = "not an action of this game") -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"invalid action {action!r}: {reason}")


class IllegalActionError(HordesKitError, ValueError):
    """A well-formed action that is not legal now; the message says why and lists what is."""

    def __init__(self, action: str, reason: str, legal: Sequence[str]) -> None:
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        shown = ", ".join(self.legal[:12]) + (" ..." if len(self.legal) > 12 else "")
        super().__init__(f"illegal action {action!r}: {reason}. Legal now: {shown or 'nothing'}")


class CardDataError(HordesKitError, ValueError):
    """A card file that fails validation; names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str) -> None:
        self.file, self.card, self.field, self.problem = file, card, field, problem
        where = file
        if card is not None:
            where += f", card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class ScenarioError(HordesKitError, ValueError):
    """A scenario file that is malformed, or whose expected facts do not hold."""


class SaveFileError(HordesKitError, ValueError):
    """A save file that is corrupt or belongs to another game; nothing was changed."""
