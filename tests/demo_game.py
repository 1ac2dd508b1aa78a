"""A tiny game used only by the tests to prove the core: "Swap or Stay".

Each player is dealt one card (one at a time, from what remains). In seat order
each may stay or swap (discard face up, draw again). Highest card wins.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hordes_kit.core import (
    CHANCE,
    TERMINAL,
    Event,
    Game,
    GameState,
    InvalidActionError,
    InvalidInputError,
)

GAME = "demo"
RANKS = {f"c{i}": i for i in range(1, 10)}


@dataclass(frozen=True)
class DemoState(GameState):
    game = GAME
    players: int
    deck: tuple[str, ...]
    hands: tuple[str | None, ...]
    discard: tuple[str, ...] = ()
    turn: int = 0  # seat deciding (once every hand is dealt)
    redraw: bool = False  # the deciding seat swapped and waits for a new card
    history: tuple[str, ...] = ()
    log: tuple[Event, ...] = ()

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int:
        if None in self.hands or self.redraw:
            return CHANCE
        return TERMINAL if self.turn >= self.players else self.turn

    def _legal(self):
        return ("stay", "swap") if self.deck else ("stay",)

    def _chance(self):
        return tuple((f"deal:{c}", Fraction(1, len(self.deck))) for c in self.deck)

    def parse_action(self, action_id: str) -> Any:
        if action_id in ("stay", "swap"):
            return (action_id,)
        kind, _, card = action_id.partition(":")
        if kind == "deal" and card in RANKS:
            return ("deal", card)
        raise InvalidActionError(action_id, "demo actions are stay, swap and deal:<card>")

    def format_action(self, action: Any) -> str:
        return ":".join(action)

    def why_illegal(self, action, action_id):
        if action[0] == "swap" and not self.deck:
            return "the deck is empty"
        return super().why_illegal(action, action_id)

    def _do(self, action, action_id):
        if action[0] == "deal":
            card = action[1]
            seat = self.turn if self.redraw else self.hands.index(None)
            hands = self.hands[:seat] + (card,) + self.hands[seat + 1 :]
            deck = tuple(c for c in self.deck if c != card)
            ev = Event("demo.deal", f"Player {seat + 1} is dealt a card", {"seat": seat})
            turn = self.turn + 1 if self.redraw else self.turn
            return self.with_events(ev, hands=hands, deck=deck, redraw=False, turn=turn)
        if action[0] == "stay":
            ev = Event("demo.stay", f"Player {self.turn + 1} stays")
            return self.with_events(ev, turn=self.turn + 1)
        old = self.hands[self.turn]
        hands = self.hands[: self.turn] + (None,) + self.hands[self.turn + 1 :]
        ev = Event("demo.swap", f"Player {self.turn + 1} discards {old}", {"card": old})
        return self.with_events(ev, hands=hands, discard=self.discard + (old,), redraw=True)

    def view(self, player):
        over = self.is_terminal

        def show(seat, card):
            if card is None:
                return None
            return card if (over or player is None or player == seat) else "hidden"

        return {
            "players": self.players,
            "hands": [show(i, c) for i, c in enumerate(self.hands)],
            "deck": list(self.deck) if player is None else len(self.deck),
            "discard": list(self.discard),
            "to_move": self.current_player,
            "log": [e.text for e in self.log[-5:]],
            "winner": self.winner() if over else None,
        }

    def census(self):
        return Counter(self.deck + self.discard + tuple(c for c in self.hands if c))

    def hidden_from(self, player):
        if self.is_terminal:
            return frozenset(self.deck)
        others = {c for i, c in enumerate(self.hands) if i != player and c}
        return frozenset(self.deck) | others

    def winner(self) -> int:
        return max(range(self.players), key=lambda i: RANKS[self.hands[i]])

    def returns(self):
        w = self.winner()
        return tuple(1.0 if i == w else 0.0 for i in range(self.players))


def new_demo(config) -> DemoState:
    players = int(config.get("players", 2))
    size = int(config.get("deck", 6))
    if not 2 <= players <= 3 or not players < size <= 9:
        raise InvalidInputError(f"demo needs 2-3 players and a deck of players+1..9, got {config}")
    return DemoState(players, tuple(f"c{i}" for i in range(1, size + 1)), (None,) * players)


DEMO = Game(GAME, "Swap or Stay (test demo)", 2, 3, new_demo)
