"""Fantahzee's cards drawn for the card reference with the board's own faces
(``ui/fantahzee/faces.py``): a hero with its dice cost, a monster with XP, Counterattack
and Ambush, a town, a treasure with both levels, an action."""

from __future__ import annotations

from dataclasses import dataclass

from hordes_kit.core.cardref import CardRef
from hordes_kit.ui.cardface import CardFace
from hordes_kit.ui.fantahzee.faces import card_face

__all__ = ["face"]


@dataclass(frozen=True)
class _One:
    """What the board's faces read a card through (a game's ``card(id)``), for one card."""

    one: object

    def card(self, _cid: str) -> object:
        return self.one


def face(ref: CardRef) -> CardFace:
    """The card as the board draws it."""
    return card_face(_One(ref.source), ref.key)
