"""Fantahzee's declaration as data (players, limits, the rules options) and its rules as
small pure functions; the engine modules apply them to a position.

Each function names the rulebook section it implements. Nothing here touches an RNG
or a game state object: inputs are plain values, outputs are new values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from hordes_kit.core.options import check_options
from hordes_kit.core.schema import (
    CARD_TEXT_LIMIT,
    NAME_LIMIT,
    AnyOf,
    Flag,
    ListOf,
    Nullable,
    Record,
    Ref,
    TableRule,
    Text,
    Whole,
    config_schema,
    seats,
)
from hordes_kit.fantahzee.cards import CardSet, cards_of_config
from hordes_kit.fantahzee.costs import Cost, counts_of

__all__ = [
    "GAME",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "PARTY_LIMIT",
    "HAND_SIZE",
    "DICE",
    "ROLLS",
    "RECRUITS",
    "ACTIONS",
    "END_DRAW",
    "DOOM_TOKENS",
    "STACKS",
    "STACK_L1",
    "STACK_L2",
    "MAX_PILE",
    "POSITION",
    "FConfig",
    "reduced_cost",
    "payments",
    "dice_text",
    "remove_dice",
    "Standing",
    "standings",
    "flip_weights",
]

# The game's declaration (rulebook "Components", "Setup", "How to Play")
GAME = "fantahzee"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
PARTY_LIMIT = 5  # "You can only have up to five heroes in your party"
HAND_SIZE = 5  # "Draw Cards: a hand of 5"; End Phase discards down to five
DICE = 5  # "Take five dice and roll them"
ROLLS = 3  # the roll and two rerolls
RECRUITS = 2  # "recruit up to 2 heroes"
ACTIONS = 2  # "and play up to 2 action cards"
END_DRAW = 4  # End Phase: "Draw four cards"
DOOM_TOKENS = 3
STACKS = "ABCDE"  # five horde stacks, named left to right at setup
STACK_L1 = 6  # six level 1 monsters on top of each stack
STACK_L2 = 5  # five level 2 monsters and the Boss Monster below them

# A described position (``config.position``, the walkthroughs' scenarios), its shape and
# every count checked while the config is read; which cards exist, and that the position
# holds no more copies than the card set, when it is laid out (``setup.py``).
MAX_PILE = 200  # cards in a hand, a victory pile, the discard or a stack (the box: 95 + 60)
ID = Text(NAME_LIMIT, 1)  # a card id of the card set
EACH = Ref("players")
SEAT = Record(
    {
        "party": ListOf(
            AnyOf(
                (
                    ID,
                    Record(
                        {"hero": ID, "treasure": Text(NAME_LIMIT), "level": Whole(0, 2)},
                        required=frozenset({"hero"}),
                    ),
                )
            ),
            PARTY_LIMIT,
            noun="heroes",
        ),
        "hand": ListOf(ID, MAX_PILE, noun="cards"),
        "victory": ListOf(ID, MAX_PILE, noun="cards"),
    }
)
STACK = Record(
    {
        "name": Text(10, 1, pattern="[A-Za-z0-9]+", what="a short word like A, B, C"),
        "top": Text(NAME_LIMIT),
        "l1": Whole(0, MAX_PILE),
        "l2": Whole(0, MAX_PILE),
        "boss": Flag(),
    }
)
POSITION = Record(
    {
        **{k: Whole(0, Ref("players", -1)) for k in ("player", "first", "last")},
        "turn": Whole(1, 100_000),
        "doom": Whole(0, DOOM_TOKENS),
        "seats": ListOf(SEAT, EACH, exactly=EACH, noun="seats"),
        "stacks": ListOf(STACK, len(STACKS), least=1, noun="stacks"),
        "discard": ListOf(ID, MAX_PILE, noun="cards"),
    },
    required=frozenset({"seats", "stacks"}),
)


@dataclass(frozen=True)
class FConfig:
    """Rules options and table setup (defaults = the rulebook and our rulings).

    The table rules (``data/fantahzee/options.toml``, checked on construction):
    ``distinct_values`` and ``imperative`` (``"may-decline"``: an ability that offers a
    choice may be left unused; ``"must-use"``: it must be used while it has a target).
    """

    DATA: ClassVar[str] = "fantahzee"  # data/fantahzee/options.toml: the table rules
    SCHEMA: ClassVar[Record]  # every field's type and bounds (declared below the class)
    players: int = 2
    names: tuple[str, ...] = ()
    cards: str = ""  # the text of a player's own card file; "" = the shipped one
    distinct_values: bool = False  # two heroes' X-groups must show different numbers
    position: Mapping[str, Any] | None = None  # start from a described position (scenarios)
    imperative: str = "may-decline"  # Paladin, Archmage, Ice Giant: or "must-use"

    def __post_init__(self) -> None:
        check_options(self, "Fantahzee")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> FConfig:
        """Options from a plain dict, read by ``SCHEMA``: the kit's error names what is wrong."""
        v = cls.SCHEMA.read(d)
        if "names" in v:
            v["names"] = tuple(v["names"])
        return cls(**v)

    def to_dict(self) -> dict:
        """The options as JSON types (save files)."""
        out: dict[str, Any] = {"players": self.players}
        if self.names:
            out["names"] = list(self.names)
        if self.cards:
            out["cards"] = self.cards
        if self.distinct_values:
            out["distinct_values"] = True
        if self.position is not None:
            out["position"] = self.position
        if self.imperative != "may-decline":
            out["imperative"] = self.imperative
        return out

    def card_set(self) -> CardSet:
        """The card lists this game plays with."""
        return cards_of_config(self.cards)

    def name(self, seat: int) -> str:
        """A seat's name ("Player 2" unless the table named it)."""
        return self.names[seat] if self.names else f"Player {seat + 1}"


FConfig.SCHEMA = config_schema(
    FConfig,
    "Fantahzee",
    players=seats(MIN_PLAYERS, MAX_PLAYERS),
    names=ListOf(Text(40, 1), EACH, exactly=EACH, or_none=True, noun="names (one a player)"),
    cards=Text(CARD_TEXT_LIMIT, lines=True),
    distinct_values=TableRule(FConfig.DATA, "distinct_values"),
    position=Nullable(POSITION),
    imperative=TableRule(FConfig.DATA, "imperative"),
)


def reduced_cost(cost: Cost, reduction: int) -> Cost:
    """A cost with ``reduction`` fewer X dice (ruling: reducers never touch a number).

    >>> from hordes_kit.fantahzee.costs import parse_cost
    >>> reduced_cost(parse_cost("XXXX"), 1).text, reduced_cost(parse_cost("55"), 1).text
    ('XXX', '55')
    """
    return Cost(cost.exact, max(0, cost.x - max(0, reduction)))


def payments(
    free: Sequence[int], cost: Cost, forbidden: frozenset[int] = frozenset()
) -> list[tuple[int, ...]]:
    """Every distinct set of free dice that pays ``cost`` ("Activating Heroes").

    The X-group must show one number (``forbidden``: numbers other heroes' X-groups
    already use, under the ``distinct_values`` option). A cost of no dice is paid by
    the empty tuple.

    >>> from hordes_kit.fantahzee.costs import parse_cost
    >>> payments([6, 5, 5, 5, 2, 2], parse_cost("XX5"))
    [(5, 5, 5), (5, 2, 2)]
    """
    left = list(counts_of(free))
    for i, n in enumerate(cost.exact):
        left[i] -= n
    if min(left) < 0:
        return []
    digits = [f for f in range(1, 7) for _ in range(cost.exact[f - 1])]
    if cost.x == 0:
        return [tuple(sorted(digits, reverse=True))]
    out = []
    for face in range(6, 0, -1):
        if left[face - 1] >= cost.x and face not in forbidden:
            out.append(tuple(sorted(digits + [face] * cost.x, reverse=True)))
    return out


def dice_text(dice: Sequence[int]) -> str:
    """Dice as an action id writes them: ``6,3,3`` (high to low); ``none`` for no dice."""
    return ",".join(str(d) for d in sorted(dice, reverse=True)) or "none"


def remove_dice(free: Sequence[int], used: Sequence[int]) -> tuple[int, ...] | None:
    """``free`` without the dice ``used`` (high to low), or None when they are not there."""
    left = list(free)
    for d in used:
        if d not in left:
            return None
        left.remove(d)
    return tuple(sorted(left, reverse=True))


@dataclass(frozen=True)
class Standing:
    """One player's final score and the tie-break counts ("End of the Game")."""

    seat: int
    xp: int
    monsters: int
    party: int

    @property
    def key(self) -> tuple[int, int, int]:
        """Highest XP, then most defeated monsters, then most heroes in the party."""
        return (self.xp, self.monsters, self.party)


def standings(scores: Sequence[tuple[int, int, int]]) -> tuple[list[Standing], list[int]]:
    """Standings best first and the winning seats (a tie on every count shares the win).

    >>> standings([(48, 9, 4), (48, 9, 5), (30, 12, 5)])[1]
    [1]
    """
    rows = [Standing(i, *s) for i, s in enumerate(scores)]
    rows.sort(key=lambda r: r.key, reverse=True)
    best = rows[0].key
    return rows, sorted(r.seat for r in rows if r.key == best)


def flip_weights(
    l1: int,
    l2: int,
    boss: bool,
    pool1: dict[str, int],
    pool2: dict[str, int],
    bosses: dict[str, int],
) -> tuple[dict[str, int], int]:
    """Weights of the monster under a stack's top ("Setup" steps 2-4), exactly.

    The level 1 monsters were dealt at random onto the stacks, so a facedown level 1
    card is any unseen level 1 monster with equal chance; the level 2 part of a stack
    holds its Boss among five level 2 monsters in random order. Returns
    ``(weights, denominator)``.
    """
    if l1:
        total = sum(pool1.values())
        return dict(pool1), total
    n = l2 + boss
    out: dict[str, int] = {}
    nb, n2 = sum(bosses.values()), sum(pool2.values())
    # P(boss) = boss/n, shared among unseen bosses; else a level 2 card from the pool
    den = n * max(nb, 1) * max(n2, 1)
    if boss:
        for b, c in bosses.items():
            out[b] = out.get(b, 0) + c * max(n2, 1)
    if l2:
        for m, c in pool2.items():
            out[m] = out.get(m, 0) + l2 * c * max(nb, 1)
    return out, den
