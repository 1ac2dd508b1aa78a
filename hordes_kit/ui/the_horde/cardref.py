"""The Horde's cards drawn for the card reference, with the board's own faces
(``ui/the_horde/faces.py``): a recruit card as the recruit row shows it, a hordling as the
battle shows it (an Indigenous card with the levels of the lands, not of turn 1's)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from hordes_kit.core.cardref import CardRef
from hordes_kit.the_horde.cards import RecruitCard
from hordes_kit.the_horde.game import THState, new_game
from hordes_kit.ui.cardface import CardFace
from hordes_kit.ui.the_horde.faces import fit, hordling_face, recruit_face

__all__ = ["face"]


@lru_cache(maxsize=1)
def _table() -> THState:
    return new_game({})  # the faces read the card lists through a game's data


def face(ref: CardRef) -> CardFace:
    """The card as the board draws it."""
    c = ref.source
    if isinstance(c, RecruitCard):
        return recruit_face(_table(), c.id)
    drawn = hordling_face(_table(), c.id)
    if c.level is None:  # on the board it takes the name and level of the land
        return replace(drawn, name=fit(c.name), stats=(("Level", "2-6"),), text=c.note)
    return drawn
