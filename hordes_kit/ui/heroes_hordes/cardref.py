"""Heroes & Hordes' cards drawn for the card reference with the board's own face
(``ui/heroes_hordes/pictures.py``): the card alone, its strength as its force."""

from __future__ import annotations

from hordes_kit.core.cardref import CardRef
from hordes_kit.ui.cardface import CardFace
from hordes_kit.ui.heroes_hordes.pictures import card_face

__all__ = ["face"]


def face(ref: CardRef) -> CardFace:
    """The card as the board draws it (no pile around it: no bonus)."""
    return card_face(ref.source)
