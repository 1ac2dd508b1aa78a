"""The Horde's declaration as data (one player, the die, the rules options) and where its
card lists come from; every number of the game (Crowns, flips, the battle threshold,
Dizzy's penalty...) is data in ``data/the_horde/setup.toml`` and the charts.

Rules options: where the rulebook is unclear the engine follows our rulings
(``data/the_horde/rules.toml``, kind = "ruling"); ``THConfig`` holds the choices a
playgroup may make otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from hordes_kit.core.options import check_options
from hordes_kit.core.schema import (
    CARD_TEXT_LIMIT,
    AnyOf,
    Flag,
    MapOf,
    OneOf,
    Record,
    TableRule,
    Text,
    config_schema,
    seats,
)
from hordes_kit.the_horde.cards import FILES, HordeData, data_of_files

__all__ = ["GAME", "RULE", "MIN_PLAYERS", "MAX_PLAYERS", "DIE", "THConfig", "data_of"]

GAME = "the-horde"
RULE = GAME + "."  # rule id prefix (data/the_horde/rules.toml)
MIN_PLAYERS = MAX_PLAYERS = 1  # solo: you are Chauncey
DIE = tuple(range(1, 7))  # battle rolls, the Archer's and the Shaman's: 1d6


@dataclass(frozen=True)
class THConfig:
    """Rules options (defaults = the rulebook and our rulings).

    The table rules (``data/the_horde/options.toml``, checked on construction): ``dizzy``
    (``"window"``, ``"restart"`` or ``"off"``; an old save's true/false reads as window /
    off), ``bomb``, ``boots_ring_lasts``, ``boots_ring_stack`` and ``item_stack``.
    """

    DATA: ClassVar[str] = "the_horde"  # data/the_horde/options.toml: the table rules
    SCHEMA: ClassVar[Record]  # every field's type and bounds (declared below the class)
    # a player's own data folder as (file name, text) pairs (() = the shipped lists)
    data: tuple[tuple[str, str], ...] = ()
    dizzy: str = "window"  # SPECIAL RULES: which Grimthwacker in a row gets -3
    bomb: str = "horde-discard"  # where a bombed attacker goes
    boots_ring_lasts: str = "next-grimthwacker"  # or "this-turn"
    boots_ring_stack: str = "add"  # two waiting Boots/Ring bonuses add up, or "highest"
    item_stack: str = "add"  # Flute/Haunch bonuses in a chain add up, or "highest"

    def __post_init__(self) -> None:
        if isinstance(self.dizzy, bool):  # configs and saves from before the three readings
            object.__setattr__(self, "dizzy", "window" if self.dizzy else "off")
        check_options(self, "The Horde")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> THConfig:
        """Build from a plain dict, read by ``SCHEMA``: the kit's error names what is wrong."""
        v = cls.SCHEMA.read(d)
        v.pop("players", None)  # solo: 1, the only value the schema lets through
        if "data" in v:
            v["data"] = tuple(sorted(v["data"].items()))
        return cls(**v)

    def to_dict(self) -> dict:
        """Plain dict (for save files)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "data"}
        return out | ({"data": dict(self.data)} if self.data else {})


THConfig.SCHEMA = config_schema(
    THConfig,
    "The Horde",
    players=seats(MIN_PLAYERS, MAX_PLAYERS),
    # a player's own data folder: its files' texts (every one of FILES, checked when read)
    data=MapOf(OneOf(FILES), Text(CARD_TEXT_LIMIT, lines=True), len(FILES), CARD_TEXT_LIMIT),
    dizzy=AnyOf((TableRule(THConfig.DATA, "dizzy"), Flag())),  # true/false: an old save's
    bomb=TableRule(THConfig.DATA, "bomb"),
    boots_ring_lasts=TableRule(THConfig.DATA, "boots_ring_lasts"),
    boots_ring_stack=TableRule(THConfig.DATA, "boots_ring_stack"),
    item_stack=TableRule(THConfig.DATA, "item_stack"),
)


def data_of(config: THConfig) -> HordeData:
    """The card lists and charts this configuration plays with."""
    return data_of_files(config.data)
