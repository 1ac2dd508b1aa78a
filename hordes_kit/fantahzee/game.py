"""The Fantahzee rules engine: 2-5 players, the whole game by the book.

``FState`` is the position of ``state.py`` with the rules wired in: legal moves from
``legal.py``, moves applied by ``flow.py`` (through ``moves.py``, ``activation.py``,
``effects.py``), what a player sees from ``view.py``.

Action ids (``label`` in ``view.py`` says them in words):

* chance: ``first:2`` (seat 2 starts), ``card:<monster>``, ``draw:<card>``,
  ``die:<face>``, ``town:<town>``, ``treasure:<treasure>``;
* Action phase: ``recruit:<hero>`` or ``recruit:<hero>:<ref>`` (a full party discards
  ``<ref>``), ``play:<action>``, ``roll`` (on to the Dice Phase);
* Roll step: ``roll``, ``keep:<dice>`` (reroll every other die), ``activate:<ref>:<dice>``
  (or ``:steam``, ``:free``), ``done``;
* a card's choice: ``target:<ref>``, ``capture:<stack>``, ``move:<stack>:<position>``,
  ``skip``;
* Attack step: ``attack:<stack>``, ``flip:<stack>``, ``stop``;
* damage: ``lose:<ref>``; Treasure step: ``attach:<ref>`` / ``attach:none``;
* End Phase: ``discard:<card>``.

``<ref>`` names a hero in the current player's party: ``2.paladin`` is the second.
Stacks keep the letter they had at setup (A-E, left to right) when the line changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hordes_kit.fantahzee import view as V
from hordes_kit.fantahzee.flow import do
from hordes_kit.fantahzee.legal import legal
from hordes_kit.fantahzee.rules import FConfig
from hordes_kit.fantahzee.setup import new_position
from hordes_kit.fantahzee.state import FPosition

__all__ = ["FState", "new_game"]


@dataclass(frozen=True)
class FState(FPosition):
    """A Fantahzee position that plays: ``apply``, ``legal_actions`` and ``view`` work."""

    def _legal(self) -> tuple[str, ...]:
        return legal(self)

    def _do(self, action, action_id):
        return do(self, action)

    def why_illegal(self, action, action_id):
        base = super().why_illegal(action, action_id)
        if self.is_terminal or self.is_chance:
            return base
        return V.why_illegal(self, action) or base

    def view(self, player: int | None) -> dict:
        return V.view(self, player)

    def label(self, action_id: str) -> str:
        """Plain words for an action id (buttons, step lists, logs)."""
        return V.label(self, action_id)


def new_game(config: Mapping[str, Any] | FConfig | None = None) -> FState:
    """A new game (Setup steps 1-8 as chance draws), or the configured position."""
    return new_position(FState, config)
