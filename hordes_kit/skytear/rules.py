"""Skytear Horde's declaration as data (players, limits, options) and small pure rule functions.

Each function names the rulebook section it implements; inputs are plain values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

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

__all__ = [
    "GAME",
    "R",
    "LANES",
    "HAND_LIMIT",
    "START_HAND",
    "MANA_MAX",
    "GOLD_MAX",
    "X_MAX",
    "START_GOLD",
    "CAMPAIGN_GAMES",
    "PHASES",
    "MAX_PILE",
    "MAX_HORDE_PILE",
    "MAX_UNITS",
    "POSITION",
    "SkyConfig",
    "clamp",
    "absorb",
    "trample_excess",
    "reinforce_choices",
    "boosted_lane",
    "leftmost_free",
    "colossal_lanes",
    "rank_key",
]

GAME = "skytear"
R = GAME + "."  # rule id prefix (data/skytear/rules.toml)
DATA_DIR = "skytear"  # data/skytear: rules.toml, options.toml (the table rules)
MIN_PLAYERS, MAX_PLAYERS = 1, 2
LANES = 6  # "The front line consists of 6 lanes"
HAND_LIMIT = 7  # "at most 7 cards in hand at the end of the turn"
START_HAND = 5  # "Each player draws five cards"
MANA_MAX = 10  # mana "cannot be more than 10 or less than 0"
GOLD_MAX = 40  # "Gold can be at most 40"
START_GOLD = 10  # "Set your gold to 10"
X_MAX = 10  # ruling: an X the player chooses is 0-10 (the book: any number from zero up)
CAMPAIGN_GAMES = 4
MODES = ("standard", "campaign")
# The bounds of a config, each checked while it is read (``SkyConfig.SCHEMA``), before any
# card is looked up: a described position's piles, units and tokens, the names of hordes.
PHASES = ("turn", "alliance", "treachery", "fight", "pillage", "end")  # where a position starts
MAX_PILE = 100  # cards in a hand, deck or discard (a deck is 40, a campaign recruits more)
MAX_HORDE_PILE = 100  # cards in the horde deck or discard (difficulty 5 of three hordes: 33)
MAX_UNITS = 2 * LANES + 12  # units on the table: both sides of six lanes, minions behind
MAX_LINE = 12  # cards of the outsider pile or line, or attached to one unit
MAX_HORDES = 10  # hordes named in a game (the box has three)
TOKENS = Whole(-99, 99)  # tokens, attack and armor on a card; the castle's health

CARD = Text(NAME_LIMIT, 1)  # a card by name (found in the card set when the game is set up)
PILE = ListOf(CARD, MAX_PILE, noun="cards")
UNIT = Record(
    {
        "lane": Whole(0, LANES),
        "card": CARD,
        "owner": Whole(1, Ref("players")),
        **{k: TOKENS for k in ("hp", "atk", "tatk", "arm", "tarm", "charges")},
        "exhausted": Flag(),
        "token": Flag(),
        "attached": ListOf(CARD, MAX_LINE, noun="cards"),
    },
    required=frozenset({"card"}),
)
EACH = Ref("players")
POSITION = Record(
    {
        "phase": OneOf(PHASES),
        "turn": Whole(0, 99),
        "castle": TOKENS,
        "portal": CARD,
        "portal_damage": Whole(0, 99),
        "rotation": Whole(0, 3),
        "mana": ListOf(Whole(0, MANA_MAX), EACH, exactly=EACH, noun="mana values"),
        **{k: ListOf(PILE, EACH, exactly=EACH, noun=k) for k in ("hands", "decks", "discards")},
        "horde_deck": ListOf(CARD, MAX_HORDE_PILE, noun="cards"),
        "horde_discard": ListOf(CARD, MAX_HORDE_PILE, noun="cards"),
        "minions": MapOf(CARD, Whole(1, 99), MAX_LINE),
        "units": ListOf(UNIT, MAX_UNITS, noun="units"),
        "outsider_pile": ListOf(CARD, MAX_LINE, noun="cards"),
        "outsider_line": ListOf(CARD, MAX_LINE, noun="cards"),
        "treachery": CARD,
    }
)


@dataclass(frozen=True)
class SkyConfig:
    """A game's setup and rules options (defaults: the rulebook's first game and our rulings).

    ``SCHEMA`` (below) declares every field's type and bounds; ``from_dict`` reads by it.
    """

    DATA: ClassVar[str] = DATA_DIR  # data/skytear/options.toml: the table rules
    SCHEMA: ClassVar[Record]

    players: int = 1
    mode: str = "standard"  # standard or campaign
    difficulty: int = 2
    hordes: tuple[str, ...] = ()  # () = Skybooter (standard), every horde (campaign)
    decks: tuple[str, ...] = ()  # one per player ("" = the castle's faction deck)
    castle: str = "Pools of Flyema"
    castle2: str = ""  # co-op: the second player's castle (deck restrictions only)
    portal: str = "Portal I"  # the stage I portal
    outsider: str = "Atlas"  # or two henchmen "Captain Rusk + Gunner Mae"
    cards: str = ""  # a player's own card file, as text ("" = the shipped cards)
    limited: bool = False  # campaign: the Limited Format market decks
    empty_deck: str = "at-zero"  # ruling: a deck at 0 cards loses; "on-draw": when drawn from
    reactions: str = "symbol"  # ruling: only treachery-symbol cards; "any": every Play/Exhaust
    mutaform_monster: str = "one-type"  # ruling: one token type on a monster; "each": per token
    position: Mapping[str, Any] | None = None  # start from a described position (walkthroughs)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SkyConfig:
        """Options from a plain dict, read by ``SCHEMA``: the kit's error names what is wrong."""
        v = cls.SCHEMA.read(d)
        for key in ("hordes", "decks"):
            if key in v:
                v[key] = tuple(v[key])
        return cls(**v)

    def to_dict(self) -> dict:
        """The options that differ from the defaults, as JSON types (save files)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            val = getattr(self, f.name)
            if val != f.default:
                out[f.name] = list(val) if isinstance(val, tuple) else val
        return out


SkyConfig.SCHEMA = config_schema(
    SkyConfig,
    "Skytear Horde",
    players=seats(MIN_PLAYERS, MAX_PLAYERS),
    mode=OneOf(MODES),
    difficulty=Whole(1, 5),
    hordes=ListOf(CARD, MAX_HORDES, noun="hordes", single=True),
    decks=ListOf(Text(NAME_LIMIT), Ref("players"), noun="decks (one a player)", single=True),
    castle=CARD,
    castle2=Text(NAME_LIMIT),
    portal=CARD,
    outsider=Text(2 * NAME_LIMIT + 3, 1),  # "Captain Rusk + Gunner Mae"
    cards=Text(CARD_TEXT_LIMIT, lines=True),
    limited=Flag(),
    empty_deck=TableRule(DATA_DIR, "empty_deck"),
    reactions=TableRule(DATA_DIR, "reactions"),
    mutaform_monster=TableRule(DATA_DIR, "mutaform_monster"),
    position=Nullable(POSITION),
)


def clamp(value: int, low: int, high: int) -> int:
    """``value`` kept within ``[low, high]`` (mana 0-10, gold 0-40).

    >>> clamp(12, 0, 10), clamp(-1, 0, 10)
    (10, 0)
    """
    return max(low, min(high, value))


def absorb(amount: int, armor_left: int, barrier: bool, damaged: bool) -> tuple[int, int]:
    """(damage tokens taken, armor used) when a card would take ``amount`` damage.

    Glossary ARMOR and BARRIER: armor first, then a Barrier on an undamaged card turns
    any damage into a single damage.

    >>> absorb(3, 1, False, False), absorb(3, 0, True, False), absorb(3, 5, True, False)
    ((2, 1), (1, 0), (0, 3))
    """
    used = min(max(0, armor_left), amount)
    rest = amount - used
    if rest > 0 and barrier and not damaged:
        rest = 1
    return rest, used


def trample_excess(amount: int, armor_left: int, barrier: bool, damaged: bool, health: int) -> int:
    """Trample: damage beyond what destroys the struck card (glossary TRAMPLE).

    >>> trample_excess(3, 0, False, False, 1), trample_excess(3, 1, False, False, 1)
    (2, 1)
    >>> trample_excess(3, 0, True, False, 1), trample_excess(2, 0, False, False, 3)
    (0, 0)
    """
    taken, used = absorb(amount, armor_left, barrier, damaged)
    if barrier and not damaged and amount - used > 0:
        return 0  # the barrier turned the strike into a single damage
    return max(0, taken - health) if taken >= health else 0


def reinforce_choices(tokens: Mapping[str, int]) -> tuple[str, ...]:
    """The minions a "Reinforce 1" may go to: those with the fewest health tokens.

    >>> reinforce_choices({"a": 2, "b": 0, "c": 0, "d": 1})
    ('b', 'c')
    """
    if not tokens:
        return ()
    low = min(tokens.values())
    return tuple(sorted(m for m, n in tokens.items() if n == low))


def boosted_lane(occupied: Sequence[bool], side: str) -> int:
    """The boosted monster's lane: the leftmost or rightmost monster in the front line.

    >>> boosted_lane([False, True, False, True, False, False], "left")
    1
    >>> boosted_lane([False, True, False, True, False, False], "right")
    3
    >>> boosted_lane([False] * 6, "left")
    -1
    """
    lanes = [i for i, o in enumerate(occupied) if o]
    if not lanes:
        return -1
    return lanes[0] if side == "left" else lanes[-1]


def leftmost_free(occupied: Sequence[bool]) -> int:
    """The leftmost lane not occupied, or -1 when all six are full.

    >>> leftmost_free([True, False, True, False, False, False])
    1
    """
    return next((i for i, o in enumerate(occupied) if not o), -1)


def colossal_lanes(occupied: Sequence[bool], width: int) -> tuple[bool, int]:
    """(compact first?, first lane) for a colossal outsider ``width`` lanes wide; lane -1: no room.

    Rulebook "Colossal Outsiders": enough free adjacent lanes, compacting the horde
    cards to the left if that makes a difference; the leftmost run is taken.

    >>> colossal_lanes([True, False, False, True, False, False], 2)
    (False, 1)
    >>> colossal_lanes([True, False, True, False, True, False], 3)
    (True, 3)
    >>> colossal_lanes([True, True, True, True, False, False], 3)
    (False, -1)
    """
    n = len(occupied)
    for start in range(n - width + 1):
        if not any(occupied[start : start + width]):
            return False, start
    if n - sum(occupied) >= width:
        return True, sum(occupied)
    return False, -1


def rank_key(attack: int, health: int) -> tuple[int, int]:
    """STRONGEST / WEAKEST CARD: compare attack, then health (then the players choose)."""
    return (attack, health)
