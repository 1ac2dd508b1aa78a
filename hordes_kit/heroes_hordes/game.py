"""The Heroes & Hordes rules engine: the whole solo game by the book.

``HHState`` is the position of ``state.py`` with the rules wired in: legal decisions
from ``legal.py``, moves applied by ``moves.py`` (the turn run on by ``flow.py``), what
the player sees from ``view.py``. The action ids are listed in ``state.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hordes_kit.heroes_hordes import view as V
from hordes_kit.heroes_hordes.legal import legal
from hordes_kit.heroes_hordes.moves import do
from hordes_kit.heroes_hordes.rules import HHConfig
from hordes_kit.heroes_hordes.setup import new_position
from hordes_kit.heroes_hordes.state import HHPosition

__all__ = ["HHState", "new_game"]


@dataclass(frozen=True)
class HHState(HHPosition):
    """A Heroes & Hordes position that plays: ``apply``, ``legal_actions`` and ``view`` work."""

    def _legal(self) -> tuple[str, ...]:
        return legal(self)

    def _do(self, action, action_id):
        return do(self, action)

    def why_illegal(self, action, action_id):
        return V.why_illegal(self, action)

    def view(self, player: int | None) -> dict:
        return V.view(self, player)

    def label(self, action_id: str) -> str:
        """Plain words for a legal action (buttons, step lists)."""
        return V.label(self, action_id)


def new_game(config: Mapping[str, Any] | HHConfig | None = None) -> HHState:
    """A new game: the whole deck shuffled (drawn one card at a time), nothing in play."""
    return new_position(HHState, config)
