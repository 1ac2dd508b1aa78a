"""The Horde's declaration as data (one player, the die, the rules options) and where its
card lists come from; every number of the game (Crowns, flips, the battle threshold,
Dizzy's penalty...) is data in ``data/the_horde/setup.toml`` and the charts.

Rules options: where the rulebook is unclear the engine follows our rulings
(``data/the_horde/rules.toml``, kind = "ruling"); ``THConfig`` holds the choices a
playgroup may make otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.options import check_options, solo_options
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
        """Build from a plain dict; unknown keys and bad values are clear errors."""
        cfg = solo_options(cls, d, "The Horde")
        files = cfg.data or {}
        if not isinstance(files, Mapping) or set(files) - set(FILES):
            raise InvalidInputError(f"data must map the files {', '.join(FILES)} to their texts")
        return replace(cfg, data=tuple(sorted(dict(files).items())))

    def to_dict(self) -> dict:
        """Plain dict (for save files)."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "data"}
        return out | ({"data": dict(self.data)} if self.data else {})


def data_of(config: THConfig) -> HordeData:
    """The card lists and charts this configuration plays with."""
    return data_of_files(config.data)
