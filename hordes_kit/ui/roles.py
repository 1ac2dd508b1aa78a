"""What a page may do, checked in the kernel: the browser is untrusted.

A board's page plays a game of its own (``SOLO``), holds a seat at a shared table
(``SEAT``) or watches one (``WATCHER``). A hidden button is not a permission: a click on a
hidden or disabled control, or a value set from the browser's console, reaches the kernel
all the same. So every way in is checked here, once, against the page's role:

- :func:`guard` wraps a board's methods by name (``BoardMixin.AT_TABLE`` lists them, a
  board adds its own): at a shared table each is refused in words and changes nothing,
  in every board, whichever of them overrides the method;
- :func:`refuse_at_table` is the same check for a control that is not a board method
  (a Table rules choice, a playback button, the table panel's own buttons);
- :class:`KernelWidget`: the kit's own widgets take no value from the browser. The
  browser only sends messages (a click, a file), each checked against what the kernel
  drew; a value it sends anyway is put back.

A seat's moves are checked by the table itself (``core.tables.TableSession.play``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import anywidget

from hordes_kit.core.errors import HordesKitError

__all__ = [
    "SOLO",
    "SEAT",
    "WATCHER",
    "RAISE",
    "Refusal",
    "TableRoleError",
    "AtTable",
    "KernelWidget",
    "refuse_at_table",
    "refused_at_table",
    "guard",
    "refusal_of",
    "NEW_GAME",
    "LOAD",
    "SAVE",
    "UNDO",
    "TABLE_RULES",
    "DRAWS",
    "PLAYBACK",
    "CREATE",
    "JOIN",
]

SOLO, SEAT, WATCHER = "solo", "seat", "watcher"

# What a page at a shared table is told ({code}: the table's code). The words say what
# to do instead: the table's controls are under its panel, "Play at one table on several
# devices".
NEW_GAME = (
    "You are at table {code}: a game of your own starts when you leave it (Leave the "
    "table, under 'Play at one table on several devices'). The table's game is unchanged."
)
LOAD = (
    "you are at table {code}: leave it to load a game of your own. The table's game is unchanged."
)
SAVE = (
    "no save file at a shared table: a save file holds every move, so every hand dealt. "
    "The table stays on this server: its link brings you back to it."
)
UNDO = "A move at a shared table cannot be undone."
TABLE_RULES = (
    "The rules of table {code} were chosen when it was made: they cannot change during its game."
)
DRAWS = "At a shared table the table itself draws the cards and rolls the dice."
PLAYBACK = "At a shared table every move shows as it is made: there is nothing to skip."
CREATE = "You are at table {code}: leave it first to create another table."
JOIN = "You are at table {code}: leave it first to open another table."

RAISE: Any = object()  # the answer of a refused method that hands back data: it raises


@dataclass(frozen=True)
class Refusal:
    """What a page at a shared table is told when a method is asked of it (``words``,
    ``{code}`` the table's code), and what the method then returns (``RAISE``: it raises
    :class:`TableRoleError` with the words)."""

    words: str
    answer: Any = None


class TableRoleError(HordesKitError):
    """Something a page at a shared table may not do (save, load): nothing changed."""


class AtTable(Protocol):
    """What a guarded object tells the check: its table, and where it says a refusal."""

    def table_code(self) -> str | None: ...

    def say_refused(self, words: str) -> None: ...


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def refuse_at_table(page: AtTable, words: str) -> bool:
    """True, and the words said on the page, when ``page`` is at a shared table (its
    control is refused there); False for a game of its own."""
    code = page.table_code()
    if code is None:
        return False
    page.say_refused(_sentence(words.format(code=code)))
    return True


def refused_at_table(refusal: Refusal) -> Callable[[Callable], Callable]:
    """Decorator: at a shared table the method is refused in words and changes nothing."""

    def wrap(method: Callable) -> Callable:
        @functools.wraps(method)
        def guarded(self, *args, **kwargs):
            if not refuse_at_table(self, refusal.words):
                return method(self, *args, **kwargs)
            if refusal.answer is RAISE:
                raise TableRoleError(refusal.words.format(code=self.table_code()))
            return refusal.answer

        guarded._hk_refusal = refusal  # type: ignore[attr-defined]
        return guarded

    return wrap


def guard(cls: type, refusals: Mapping[str, Refusal]) -> None:
    """Wrap each method that ``cls`` itself defines and ``refusals`` names (an override
    in a board is wrapped like the method it overrides)."""
    for name, refusal in refusals.items():
        method = cls.__dict__.get(name)
        if callable(method) and refusal_of(method) is None:
            setattr(cls, name, refused_at_table(refusal)(method))


def refusal_of(method: object) -> Refusal | None:
    """The refusal a guarded method answers with at a shared table (None: unguarded)."""
    return getattr(method, "_hk_refusal", None)


class KernelWidget(anywidget.AnyWidget):
    """An anywidget whose values only the kernel sets. The browser talks to it by
    messages (a click on a piece the kernel drew, a file chosen), never by setting a
    value: a value it sends anyway (from the browser's console: a picture with buttons
    of its own, a clock's count) is not taken, and the kernel's is sent back."""

    def set_state(self, sync_data: dict) -> None:
        """What a value sent by the browser does: nothing (the kernel's goes back)."""
        keys = [k for k in sync_data if k in self.keys]
        if keys:
            self.send_state(keys)
