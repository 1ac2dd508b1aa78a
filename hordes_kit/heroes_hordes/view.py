"""What the Heroes & Hordes player sees: ``view(state, player)`` (JSON only), action labels
and why an action is refused, in words."""

from __future__ import annotations

from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.rules import (
    ATTACK_SIZE,
    GAME,
    HERO_PILES,
    RULE,
    HHConfig,
    card_forces,
    pile_force,
)
from hordes_kit.heroes_hordes.state import HHPosition
from hordes_kit.heroes_hordes.things import table_things

__all__ = ["view", "label", "why_illegal", "ending_words"]


def view(self: HHPosition, player: int | None) -> dict:
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
    # between two turns the next Fate card waits: the table shows the turn just played
    played = self.turn - 1 if self.step == "draw" else self.turn
    out = {
        "game": GAME,
        "turn": self.turn,
        "turn_played": played,
        "turn_words": (
            f"Turn {self.turn}"
            if played == self.turn
            else f"Turn {played} is over · next: turn {self.turn}"
            if played
            else f"Turn {self.turn}: its Fate card is next"
        ),
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
                {k: list(v) if isinstance(v, tuple) else v for k, v in e.data.items()}
                for e in reversed(self.log)
                if e.rule.startswith(RULE + "battle.") and "horde_force" in e.data
            ),
            None,
        ),
    }
    out["deck"] = sorted(self.card(c).name for c in self.deck)
    out["things"] = table_things(out)
    return out


def label(self: HHPosition, action_id: str) -> str:
    """Plain words for a legal action (buttons, step lists)."""
    kind, arg = action_id.split(":", 1)
    name = self.card(arg).name if arg in self.cards else arg.capitalize()
    return {
        "attack": f"The {name} attack first",
        "place": f"Put {self.card(self.pending).name if self.pending else ''} in the {name} pile",
        "defend": f"Defend with the {name}",
        "discard": f"Discard {name}",
        "slay": f"Discard {name} from the horde",
        "search": f"Put {name} into play",
    }.get(kind, action_id)


def why_illegal(self: HHPosition, action: tuple[str, str]) -> str:
    """Why a well-formed action is not legal now."""
    kind, arg = action
    waits = {
        "draw": "the Fate draw",
        "spy": "the Spy's look at the deck",
        "mine": "a Mine's draw",
        "raid": "the raid's random pile",
        "order": "which horde pile attacks first",
        "place": "where the split card goes",
        "defend": "which hero pile defends",
        "discard": "which heroes to discard",
        "slay": "which horde card the event discards",
        "search": "which card to put in play",
    }
    if self.result:
        return "the game is over"
    if kind == "defend" and self.step == "defend":
        if arg not in HERO_PILES:
            return f"the {arg.capitalize()} are a horde pile: only a hero pile defends"
        return f"the {arg.capitalize()} pile is empty"
    if kind == "attack" and self.step == "order":
        return f"the {arg.capitalize()} pile has fewer than {ATTACK_SIZE} cards: it does not attack"
    if kind == "place" and self.step == "place":
        card = self.card(self.pending)
        piles = " or the ".join(p.capitalize() for p in card.piles())
        return f"{card.name} may only go to the {piles} pile"
    return f"the game waits for {waits.get(self.step, self.step)}"


def ending_words(config: HHConfig) -> str:
    """How the tokens end the game under the table's reading (the token bar's words).

    >>> ending_words(HHConfig())
    '2 or fewer at the end win, 3 ties, 4 lose; 5 lose at once'
    >>> ending_words(HHConfig(loss_at=5))
    '2 or fewer at the end win, 3 or 4 tie; 5 lose at once'
    """
    win, lose, sudden = 2, config.loss_at, config.sudden_defeat
    ties = " or ".join(str(n) for n in range(win + 1, lose))
    end = f"{win} or fewer at the end win, {ties} {'tie' if lose - win > 2 else 'ties'}"
    if lose < sudden:
        end += f", {lose}{' or more' if sudden - lose > 1 else ''} lose"
    return f"{end}; {sudden} lose at once"
