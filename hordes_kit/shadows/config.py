"""Shadows table setup and rules options (``SConfig``), read by its declared schema
(``SConfig.SCHEMA``: every field's type and bounds, a described position's too)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from hordes_kit.core.options import check_options
from hordes_kit.core.schema import (
    CARD_TEXT_LIMIT,
    NAME_LIMIT,
    Flag,
    ListOf,
    MapOf,
    Nullable,
    OneOf,
    Record,
    Ref,
    TableRule,
    Text,
    Whole,
    config_schema,
    seats,
)
from hordes_kit.shadows.cards import CardSet, load_cards
from hordes_kit.shadows.rules import MAX_PLAYERS, MIN_PLAYERS, STATS

__all__ = ["SConfig", "POSITION", "MAX_ROUND", "MAX_PILE", "MAX_ITEMS"]

# The bounds of a described position, checked while the config is read (before any card
# is looked up); the card set decides which ids exist when the position is laid out.
MAX_ROUND = 100  # a described position's round (games last about ten)
MAX_PILE = 60  # Skill cards in a library, a Station or a Current Deck
MAX_ITEMS = 20  # Items a Hero holds
EACH = Ref("players")
ID = Text(NAME_LIMIT, 1)  # a card id of the card set
NUMBER = Whole(0, 99)  # gold, experience, Shadow Stones, damage, bounty
SEAT = Record(
    {
        "hero": ID,
        "items": ListOf(ID, MAX_ITEMS, noun="Items"),
        "library": ListOf(ID, MAX_PILE, noun="Skill cards"),
        "station": ListOf(ID, MAX_PILE, noun="Skill cards"),
        "deck": ListOf(ID, MAX_PILE, noun="Skill cards"),
        "mission": Text(NAME_LIMIT),
        **{k: NUMBER for k in ("gold", "xp", "stones", "damage", "bounty")},
        "bonus": MapOf(OneOf(STATS), Whole(-20, 20), len(STATS)),
        "dodge": Flag(),
    },
    required=frozenset({"hero"}),
)
POSITION = Record(
    {
        "round": Whole(1, MAX_ROUND),
        "phase": OneOf(("teamup", "buildup")),
        "leader": Whole(0, Ref("players", -1)),
        "monster": ID,
        # each seat's Damage tokens on the Monster (fewer than its Health: set at layout)
        "monster_damage": ListOf(Whole(0, 39), EACH, exactly=EACH, noun="seats' tokens"),
        "market": ListOf(ID, Ref("players", 1), noun="Market Items (one a slot)"),
        "seats": ListOf(SEAT, EACH, exactly=EACH, noun="seats"),
    },
    required=frozenset({"monster", "seats"}),
)


@dataclass(frozen=True)
class SConfig:
    """Table setup and rules options (defaults = the rulebook and our rulings).

    The table rules (``data/shadows/options.toml``, checked on construction): ``library``,
    ``mulligan`` and ``unmet``.
    """

    DATA: ClassVar[str] = "shadows"  # data/shadows/options.toml: the table rules
    SCHEMA: ClassVar[Record]
    players: int = 2
    names: tuple[str, ...] = ()
    cards: str = ""  # a player's own card file, as its text; "" = the shipped cards
    library: str = "beginner"  # ruling: the Beginner list, or "pool" (10 drawn, mulligans)
    mulligan: bool = True  # with library = "pool": the 10/9/8 mulligan
    unmet: str = "blank"  # ruling (FAQ): a Station card whose requirement fails is blank
    position: Mapping[str, Any] | None = None  # start from a described position (scenarios)

    def __post_init__(self) -> None:
        check_options(self, "Shadows")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SConfig:
        """Options from a plain dict, read by ``SCHEMA``: the kit's error names what is wrong."""
        v = cls.SCHEMA.read(d)
        if "names" in v:
            v["names"] = tuple(v["names"])
        return cls(**v)

    def to_dict(self) -> dict:
        """The options as JSON types (save files): what differs from the defaults."""
        out: dict[str, Any] = {"players": self.players}
        if self.names:
            out["names"] = list(self.names)
        if self.cards:
            out["cards"] = self.cards
        if self.library != "beginner":
            out["library"] = self.library
        if not self.mulligan:
            out["mulligan"] = False
        if self.unmet != "blank":
            out["unmet"] = self.unmet
        if self.position is not None:
            out["position"] = self.position
        return out

    def card_set(self) -> CardSet:
        """The card lists this game plays with."""
        return load_cards(self.cards)

    def name(self, seat: int) -> str:
        """A seat's name ("Player 2" unless the table named it)."""
        return self.names[seat] if self.names else f"Player {seat + 1}"


SConfig.SCHEMA = config_schema(
    SConfig,
    "Shadows",
    players=seats(MIN_PLAYERS, MAX_PLAYERS),
    names=ListOf(Text(40, 1), EACH, exactly=EACH, or_none=True, noun="names (one a player)"),
    cards=Text(CARD_TEXT_LIMIT, lines=True),
    library=TableRule(SConfig.DATA, "library"),
    mulligan=TableRule(SConfig.DATA, "mulligan"),
    unmet=TableRule(SConfig.DATA, "unmet"),
    position=Nullable(POSITION),
)
