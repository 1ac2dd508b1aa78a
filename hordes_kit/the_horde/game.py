"""The Horde rules engine: the whole solo game by the book.

``THState`` is the position of ``state.py`` with the rules wired in: legal decisions
from ``legal.py``, moves applied by ``moves.py`` (through ``recruit.py``, ``horde.py``,
``battle.py`` and ``flow.py``), what the player sees from ``view.py``. The action ids are
listed in ``state.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hordes_kit.the_horde import view as V
from hordes_kit.the_horde.legal import legal
from hordes_kit.the_horde.moves import do
from hordes_kit.the_horde.rules import THConfig
from hordes_kit.the_horde.setup import new_position
from hordes_kit.the_horde.state import THPosition

__all__ = ["THState", "new_game"]


@dataclass(frozen=True)
class THState(THPosition):
    """A position of The Horde that plays: ``apply``, ``legal_actions`` and ``view`` work."""

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


def new_game(config: Mapping[str, Any] | THConfig | None = None) -> THState:
    """Setup (8 Crowns, 4 Grimthwackers defend, 2 Villagers and 1 Crops), then turn 1 begins."""
    return new_position(THState, config)
