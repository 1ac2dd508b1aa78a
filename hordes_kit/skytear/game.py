"""``SkyState``: the Skytear Horde position on the core engine API (the only module wiring all).

Action ids (``view.label`` says each in words):

* chance: ``horde:<card>`` (a horde card summoned), ``treachery:<card>``, ``reveal:<card>``
  (a concealed card), ``card:<card>`` (the top card of an alliance deck), ``bottom:<card>``
  (Flux), ``random:<card>`` (difficulty 3), ``remove:<card>`` (a heroic ally out of a
  41-card pre-made deck), and in a campaign ``scenario:<id>``,
  ``portal:<id>``, ``henchman:<id>``, ``market:<card>``;
* setup: ``minion:<minion>``, ``mulligan:<card>``, ``keep``;
* alliance phase and reactions: ``play:<card>``, ``use:<ref>:<ability>`` (``<ref>`` is ``a3``
  for the ally or tower in lane 3, or ``castle``; ``<ability>`` is ``move``, ``swap``,
  ``engage``, ``fast``, ``draw`` or the number of the card's exhaust ability),
  ``discard:<ref>``, ``done``, ``handover`` (co-op: let your partner act);
* choices inside abilities and steps: ``lane:<n>``, ``target:<ref>`` (``m2`` monster in
  lane 2, ``b1`` first card of the back line, ``portal``, ``none``), ``first:<...>`` (order),
  ``draw:<player>`` / ``draw:none``, ``mana:<player>``, ``boost:<player>`` / ``boost:split``,
  ``reinforce:<minion>``, ``bless:health`` / ``bless:damage``, ``x:<n>`` (an X), ``token:attack`` /
  ``token:health``, ``fast:move-first`` / ``fast:engage-first``, ``stay``, ``drop:<card>``,
  ``rebuild:<player>:<card>``;
* campaign: ``pick:<card>``, ``action:<n>``, ``offer:<n>``, ``top:<card>``, ``exile:<card>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hordes_kit.core.errors import InvalidActionError
from hordes_kit.core.state import GameState
from hordes_kit.skytear import campaign as _campaign  # noqa: F401 - registers its handlers
from hordes_kit.skytear import treachery as _treachery  # noqa: F401 - registers its handlers
from hordes_kit.skytear import view as _view
from hordes_kit.skytear.cards import load_cards
from hordes_kit.skytear.flow import pending, settle
from hordes_kit.skytear.legal import chance, legal, to_act, waits_for
from hordes_kit.skytear.machine import Ask, Roll
from hordes_kit.skytear.moves import do
from hordes_kit.skytear.rules import GAME, SkyConfig
from hordes_kit.skytear.setup import setup_position
from hordes_kit.skytear.state import Position
from hordes_kit.skytear.why import why_not

__all__ = ["SkyState", "new_game", "ACTION_SHAPES"]

ACTION_SHAPES = {
    "horde": 1,
    "treachery": 1,
    "reveal": 1,
    "card": 1,
    "bottom": 1,
    "random": 1,
    "remove": 1,
    "scenario": 1,
    "portal": 1,
    "henchman": 1,
    "market": 1,
    "minion": 1,
    "mulligan": 1,
    "keep": 0,
    "play": 1,
    "use": 2,
    "discard": 1,
    "done": 0,
    "handover": 0,
    "lane": 1,
    "target": 1,
    "first": 1,
    "draw": 1,
    "mana": 1,
    "boost": 1,
    "reinforce": 1,
    "bless": 1,
    "x": 1,
    "token": 1,
    "fast": 1,
    "stay": 0,
    "drop": 1,
    "rebuild": 2,
    "pick": 1,
    "action": 1,
    "offer": 1,
    "top": 1,
    "exile": 1,
}


@dataclass(frozen=True)
class SkyState(Position, GameState):
    """A Skytear Horde position on the engine API (solo or 2-player co-op, standard or campaign)."""

    game = GAME

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def current_player(self) -> int:
        return to_act(self)

    def _legal(self) -> tuple[str, ...]:
        return legal(self)

    def _chance(self) -> tuple[tuple[str, Fraction], ...]:
        return chance(self)

    def parse_action(self, action_id: str) -> tuple[str, ...]:
        verb, _, rest = action_id.partition(":")
        args = tuple(rest.split(":")) if rest else ()
        want = ACTION_SHAPES.get(verb)
        if want is None:
            raise InvalidActionError(
                action_id, "Skytear actions look like play:temple-guard, use:a3:move, lane:2, done"
            )
        if len(args) != want or any(not a for a in args):
            raise InvalidActionError(action_id, f"{verb!r:.60} takes {want} part(s) after the verb")
        return (verb, *args)

    def format_action(self, action: tuple[str, ...]) -> str:
        return ":".join(action)

    def _do(self, action, action_id: str) -> SkyState:
        return do(self, action_id)

    def why_illegal(self, action, action_id: str) -> str:
        return why_not(self, action_id) or waits_for(self)

    def returns(self) -> tuple[float, ...]:
        won = 1.0 if self.result == "win" else 0.0
        return (won,) * self.num_players

    def choice(self) -> Ask | Roll | None:
        """What the game waits for: the decision (options with their picks) or chance node."""
        return pending(self)

    def head(self):
        """The task the game is at (its ``kind`` names the step; bots read it)."""
        return self.tasks[0] if self.tasks else None

    def prompt(self) -> str:
        """What the game waits for, in words."""
        r = pending(self)
        if isinstance(r, Ask):
            return r.prompt
        return "" if r is None else "A card is drawn (chance)."

    def view(self, player: int | None) -> dict:
        return _view.view(self, player)

    def label(self, action_id: str) -> str:
        """Plain words for a legal action id (buttons, logs)."""
        return _view.label(self, action_id)


def new_game(config: Mapping[str, Any] | SkyConfig | None = None) -> SkyState:
    """A new game (or campaign) for this config, settled to its first decision or chance."""
    cfg = config if isinstance(config, SkyConfig) else SkyConfig.from_dict(dict(config or {}))
    cards = load_cards(cfg.cards)
    if cfg.mode == "campaign":
        start = _campaign.campaign_position(cfg, cards)
    else:
        start = setup_position(cfg, cards)
    s = SkyState(**{k: getattr(start, k) for k in start.__dataclass_fields__})
    return settle(s)
