"""Skytear Horde card data model: the card, castle, portal, scenario and deck records a card
file is read into (the file format is documented in ``cards.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hordes_kit.skytear.abilities import Ability, Code, Effect

__all__ = [
    "RARITIES",
    "COPY_LIMIT",
    "HORDE_TYPES",
    "ALLIANCE_TYPES",
    "OUTSIDER_TYPES",
    "SCENARIO_VERBS",
    "COMPONENTS",
    "BOX_LAST",
    "in_box",
    "kit_sample",
    "KIT_SAMPLE",
    "Card",
    "Castle",
    "PortalFace",
    "Portal",
    "ScenarioAction",
    "Scenario",
    "Deck",
    "CardSet",
]

RARITIES = ("base", "rare", "mythic", "legendary")
# copies of one card across all players' decks ("Customizing Decks")
COPY_LIMIT = {"base": 3, "rare": 2, "mythic": 1, "legendary": 1}
HORDE_TYPES = ("monster", "spell", "attachment")
ALLIANCE_TYPES = ("ally", "tower", "spell", "attachment")
OUTSIDER_TYPES = ("immortal", "enchanter", "colossal", "appendage")
SCENARIO_VERBS = ("reinforce", "lane-tokens", "gold", "recruit", "exile", "mana", "heal", "damage")
# the Campaigns base box ("Components and Card Anatomy")
COMPONENTS = {
    "horde": 87,
    "scenario": 6,
    "alliance": 120,
    "castle": 6,
    "portal": 7,
    "outsider": 8,
    "minion": 4,
}
BOX_LAST = 184  # "Campaigns base box: 001 to 184" (Card Inventory Explained); 185 and up:
# the set's expansion and promo packs


def in_box(code: Code | None) -> bool:
    """A card of the Campaigns base box (a card without a code, or of another set, counts as
    one: only the Campaigns set's numbers say which product a card comes from).

    >>> from hordes_kit.skytear.abilities import parse_code
    >>> in_box(parse_code("CAM.184")), in_box(parse_code("CAM.185 3x")), in_box(None)
    (True, False, True)
    """
    return code is None or code.set != "CAM" or code.number <= BOX_LAST


# what a made-up card is, wherever a player meets one (card reference, check-data, New game)
KIT_SAMPLE = "the kit's sample, in no Skytear box"


def kit_sample(card) -> bool:
    """A made-up card: marked sample and numbered after the base box (the shipped file's
    Faefolk horde and Nupten cards, written for the glossary's words no base-box card
    carries), never a card of a Skytear product; a player's own card marked ``sample =
    false`` is theirs."""
    return bool(card.sample) and not in_box(card.code)


@dataclass(frozen=True)
class Card:
    """A card that can be in play: horde card, alliance card, outsider, minion or token."""

    id: str
    name: str
    kind: str  # horde, alliance, outsider, minion, token, henchman
    type: str  # monster/spell/attachment, ally/tower/spell/attachment, immortal..., ally/monster
    attack: int = 0
    health: int = 0
    kw: Mapping[str, int] = field(default_factory=dict)
    abilities: tuple[Ability, ...] = ()
    code: Code | None = None
    sample: bool = True
    note: str = ""
    horde: str = ""
    level: int = 0
    boost: int = 0
    treachery_side: str = ""  # left, right, or "" (a treachery ability, or nothing)
    treachery_bonus: int = 0
    treachery_only: bool = False
    faction: str = ""
    subtype: str = ""
    rarity: str = ""
    cost: int = 0
    hero: str = ""
    reaction: bool = False
    stage: int = 0
    layout: tuple[str, ...] = ()  # colossal: card ids left to right
    of: str = ""  # appendage: its colossal outsider's id
    enchantment: tuple[Ability, ...] = ()
    statics: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    static_health: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        flat = tuple(e for a in self.abilities if a.trigger == "static" for e in a.effects)
        object.__setattr__(self, "statics", flat)
        object.__setattr__(self, "static_health", any(e.verb == "health" for e in flat))

    @property
    def copies(self) -> int:
        """Copies in the set (the code's ``2x``)."""
        return self.code.copies if self.code else 1

    @property
    def is_monster_side(self) -> bool:
        """True for cards that enter play above the lane markers (horde side)."""
        return self.kind in ("horde", "outsider", "minion", "henchman") or (
            self.kind == "token" and self.type == "monster"
        )

    def triggered(self, trigger: str) -> tuple[Ability, ...]:
        """The card's abilities with this trigger."""
        return tuple(a for a in self.abilities if a.trigger == trigger)


@dataclass(frozen=True)
class Castle:
    """A castle: health, its own exhaust abilities and the deck rules on its back."""

    id: str
    name: str
    faction: str
    health: int
    abilities: tuple[Ability, ...]
    deck_size: int
    limits: tuple[tuple[str, tuple[str, ...], int], ...]  # (rarity, factions, max)
    code: Code | None = None
    sample: bool = True
    note: str = ""


@dataclass(frozen=True)
class PortalFace:
    """One side of a portal card: health and the four rotations (wave, reinforce, mana)."""

    health: int
    rotations: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Portal:
    """A portal card: its stage and a solo and a co-op face."""

    id: str
    name: str
    stage: int
    horde: str
    solo: PortalFace
    coop: PortalFace
    code: Code | None = None
    sample: bool = True
    note: str = ""

    def face(self, players: int) -> PortalFace:
        """The face for this player count."""
        return self.solo if players == 1 else self.coop


@dataclass(frozen=True)
class ScenarioAction:
    """A scenario action: gold it costs (negative) or earns, effects, repeatable (infinity)."""

    name: str
    gold: int
    effects: tuple[Effect, ...]
    repeat: bool = False


@dataclass(frozen=True)
class Scenario:
    """A scenario card and the henchman on its back."""

    id: str
    name: str
    horde: str
    difficulty: int
    flavor: str
    mandatory: tuple[Effect, ...]
    actions: tuple[ScenarioAction, ...]
    income: int
    henchman: Card
    code: Code | None = None
    sample: bool = True
    note: str = ""


@dataclass(frozen=True)
class Deck:
    """A named deck: pre-made (a faction of a set) or custom (a castle and card counts)."""

    name: str
    faction: str = ""
    set: str = ""
    castle: str = ""
    cards: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class CardSet:
    """Every card of a Skytear card file."""

    source: str
    cards: Mapping[str, Card]
    castles: Mapping[str, Castle]
    portals: Mapping[str, Portal]
    scenarios: Mapping[str, Scenario]
    decks: tuple[Deck, ...]

    def of_kind(self, kind: str) -> tuple[Card, ...]:
        """Cards of one kind (horde, alliance, outsider, minion, token, henchman)."""
        return tuple(c for c in self.cards.values() if c.kind == kind)

    def hordes(self) -> tuple[str, ...]:
        """The hordes named by the horde cards, in file order."""
        return tuple(dict.fromkeys(c.horde for c in self.of_kind("horde")))

    def box_hordes(self) -> tuple[str, ...]:
        """The hordes of the base box's horde cards (not those of the set's later products)."""
        return tuple(dict.fromkeys(c.horde for c in self.of_kind("horde") if in_box(c.code)))

    def counts(self) -> dict[str, int]:
        """Cards of each component of the base box, copies counted (outsiders: appendages
        included); the set's later products are ``extras``."""

        def box(kind: str) -> tuple[Card, ...]:
            return tuple(c for c in self.of_kind(kind) if in_box(c.code))

        out = {k: sum(c.copies for c in box(k)) for k in ("horde", "alliance")}
        out["outsider"] = sum(c.copies for c in box("outsider"))
        out["minion"] = len(box("minion"))
        out["castle"] = len(self.castles)
        out["portal"] = len(self.portals)
        out["scenario"] = len(self.scenarios)
        return out

    def extras(self, made_up: bool = False) -> dict[str, int]:
        """Cards numbered after the base box (185 and up), by kind, copies counted: the set's
        later products, or with ``made_up`` the made-up samples (``kit_sample``)."""
        out: dict[str, int] = {}
        for c in self.cards.values():
            if not in_box(c.code) and kit_sample(c) == made_up:
                out[c.kind] = out.get(c.kind, 0) + c.copies
        return out

    def sample_hordes(self) -> tuple[str, ...]:
        """The hordes whose every card is made up (``kit_sample``): the shipped Faefolk."""
        hordes = self.hordes()
        return tuple(
            h for h in hordes if all(kit_sample(c) for c in self.of_kind("horde") if c.horde == h)
        )

    def problems(self) -> list[str]:
        """Where the file differs from the base box's component counts (notes, not errors)."""
        got = self.counts()
        return [
            f"{k}: {got[k]} cards, the box has {n}" for k, n in COMPONENTS.items() if got[k] != n
        ]

    def samples(self) -> int:
        """How many cards carry sample values."""
        every = (*self.cards.values(), *self.castles.values(), *self.portals.values())
        return sum(c.sample for c in every) + sum(s.sample for s in self.scenarios.values())
