"""Shadows' cards drawn for the card reference with the board's own faces
(``ui/shadows/faces.py``): Skill, Item, Monster, Mission and Leader cards as the table
shows them; a Hero with its printed Stat Points; a Monster-Action card with its icons."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from hordes_kit.core.cardref import CardRef
from hordes_kit.shadows.card_model import Creature, Hero, Item, Mission, Monster, Skill
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.state import Position
from hordes_kit.ui.cardface import CardFace
from hordes_kit.ui.shadows.faces import (
    item_face,
    leader_face,
    mission_face,
    monster_face,
    skill_face,
)

__all__ = ["face"]


@lru_cache(maxsize=1)
def _table() -> Position:
    return new_game({})  # the faces read the cards through a game's data


def face(ref: CardRef) -> CardFace:
    """The card as the board draws it."""
    c, s = ref.source, _table()
    if isinstance(c, Skill):
        return skill_face(s, c.id)
    if isinstance(c, Item):
        return item_face(s, c.id)
    if isinstance(c, Monster):
        return monster_face(replace(s, monster=c.id))
    if isinstance(c, Mission):
        return mission_face(s, c.id)
    if isinstance(c, Hero):
        return CardFace(
            c.name, "Hero", stats=ref.numbers[-1:] + ref.numbers[:-1], text=ref.text,
            subtitle="Hero" + (" · sample values" if c.sample else ""),
        )  # fmt: skip
    if isinstance(c, Creature):
        return CardFace(c.name, "Monster", stats=ref.numbers, text=ref.text,
                        subtitle="The Monster's Creature")  # fmt: skip
    if c == "leader":
        return leader_face(s)
    return CardFace(ref.name, ref.kind, stats=ref.numbers, text=ref.text)
