"""What the Heroes & Hordes player sees: ``view(state, player)`` and action labels (JSON only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.rules import card_forces, pile_force

if TYPE_CHECKING:
    from hordes_kit.heroes_hordes.state import HHState

__all__ = ["view", "label"]

R = "heroes-hordes."
GAME = "heroes-hordes"


def view(self: HHState, player: int | None) -> dict:
    """JSON picture of the game: piles with forces, tokens, deck, prompt, legal moves, log."""
    piles = {}
    for p in PILES:
        cards = self.pile(p)
        piles[p] = {
            "cards": [
                {"id": f.card.id, "name": f.card.name, "force": f.total} for f in card_forces(cards)
            ],
            "force": pile_force(cards),
        }
    out = {
        "game": GAME,
        "turn": self.turn,
        "tokens": self.tokens,
        "deck_count": self.deck_size(),
        "known_top": [self.card(c).name for c in self.known],
        "piles": piles,
        "discard": [self.card(c).name for c in self.discard],
        "fate": self.card(self.drawn).name if self.drawn else None,
        "pending": self.card(self.pending).name if self.pending else None,
        "attack": self.attack,
        "defender": self.defender,
        "need": self.need,
        "step": self.step,
        "result": self.result or None,
        "legal": [
            {"id": a, "label": label(self, a)}
            for a in self.legal_actions()
            if self.current_player == 0
        ],
        "log": [e.text for e in self.log[-12:]],
        "last_battle": next(
            (
                dict(e.data)
                for e in reversed(self.log)
                if e.rule.startswith(R + "battle.") and "horde_force" in e.data
            ),
            None,
        ),
    }
    out["deck"] = sorted(self.card(c).name for c in self.deck)
    return out


def label(self: HHState, action_id: str) -> str:
    """Plain words for a legal action (buttons, step lists)."""
    kind, arg = action_id.split(":", 1)
    name = self.card(arg).name if arg in self.cards else arg
    return {
        "place": f"Put {self.card(self.pending).name if self.pending else ''} in {arg}",
        "defend": f"Defend with the {arg}",
        "discard": f"Discard {name}",
        "slay": f"Discard {name} from the horde",
        "search": f"Put {name} into play",
    }.get(kind, action_id)
