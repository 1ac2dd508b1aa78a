"""Skytear Horde's cards drawn for the card reference with the board's own faces
(``ui/skytear/faces.py``): an alliance card as the hand shows it, a horde card, outsider,
minion or token as it stands in a lane (its printed numbers), a castle as the table's."""

from __future__ import annotations

from dataclasses import dataclass, replace

from hordes_kit.core.cardref import CardRef
from hordes_kit.skytear.card_model import Card, Castle, Portal
from hordes_kit.skytear.vocabulary import KEYWORDS
from hordes_kit.skytear.words import ability_words
from hordes_kit.ui.cardface import CardFace
from hordes_kit.ui.skytear.faces import castle_html, hand_face, unit_face

__all__ = ["face"]


@dataclass(frozen=True)
class _Html:
    """A piece the board draws as HTML of its own (the castle)."""

    markup: str

    def html(self) -> str:
        return self.markup


def _unit(c: Card) -> dict:
    """The card as the view shows it in play (``skytear.view.unit_json``), with its
    printed values and no tokens."""
    return {
        "name": c.name,
        "kind": c.kind,
        "type": c.type,
        "attack": c.attack,
        "health": c.health,
        "keywords": [f"{k} {v}" if KEYWORDS.get(k) else k for k, v in c.kw.items()],
        "abilities": [ability_words(a) for a in (*c.abilities, *c.enchantment)],
    }


def face(ref: CardRef) -> CardFace | _Html:
    """The card as the board draws it."""
    c = ref.source
    if isinstance(c, Castle):
        v = {"castle": {"name": c.name, "health": c.health, "exhausted": False}}
        return _Html(castle_html(v, c, c.health))
    if isinstance(c, Portal):
        return CardFace(
            c.name, "Portal", stats=(("Health", c.solo.health), ("Stage", c.stage)),
            text=f"Solo health {c.solo.health}, co-op {c.coop.health}.",
        )  # fmt: skip
    if isinstance(c, Card) and c.kind == "alliance":
        return replace(hand_face(c, mana=10), badge="")
    if isinstance(c, Card) and c.type in ("spell", "attachment"):  # never stands in a lane
        return replace(unit_face(_unit(c)), stats=())
    if isinstance(c, Card):
        return unit_face(_unit(c))
    return CardFace(ref.name, "Scenario", text=ref.text)  # a scenario card: no board face
