"""Heroes & Hordes' declaration as data (the piles, limits, the rules options) and its
rules as small pure functions: battle force, discards, risk ahead.

Rulings applied (``data/heroes_hordes/rules.toml``): modifiers count only inside the pile
that fights; "All X cards get +N" includes the card itself; "+N vs R" applies when the
opposing pile is of race R; Troop/Troops and Bow/Bows are one keyword.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from typing import Any, ClassVar

from hordes_kit.core.deckodds import hypergeom_at_least
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.options import check_options
from hordes_kit.core.schema import (
    CARD_TEXT_LIMIT,
    Nullable,
    Record,
    TableRule,
    Text,
    Whole,
    config_schema,
    seats,
)
from hordes_kit.heroes_hordes.cards import (
    PILE_OF_RACE,
    PILES,
    SYNERGY,
    Card,
    cards_of_config,
)

__all__ = [
    "GAME",
    "RULE",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "HERO_PILES",
    "HORDE_PILES",
    "ATTACK_SIZE",
    "SPY_LOOK",
    "HHConfig",
    "card_index",
    "lord_counts_itself",
    "CardForce",
    "card_forces",
    "pile_force",
    "best_discard",
    "hypergeom_at_least",
]


# The game's declaration (rulebook "Components", "Battle Phase", "Spy cards")
GAME = "heroes-hordes"
RULE = GAME + "."  # rule id prefix (data/heroes_hordes/rules.toml)
MIN_PLAYERS = MAX_PLAYERS = 1  # solo
HERO_PILES = PILES[:3]
HORDE_PILES = PILES[3:]
ATTACK_SIZE = 5  # BATTLE PHASE: a horde pile of 5 or more cards attacks
SPY_LOOK = 7  # SPY CARDS: look at the next 7 cards
#  # data/heroes_hordes: rules.toml, options.toml (table rules)


@dataclass(frozen=True)
class HHConfig:
    """Rules options (defaults = the rulebook and our rulings).

    The table rules (``data/heroes_hordes/options.toml``, checked on construction):
    ``lords_self``, ``search_shuffle``, ``search_events`` and ``loss_at`` (4: four tokens
    at the end lose; 5: they tie).
    """

    DATA: ClassVar[str] = "heroes_hordes"  # data/heroes_hordes/options.toml: table rules
    SCHEMA: ClassVar[Record]  # every field's type and bounds (declared below the class)
    copies: int | None = None  # copies of every card (None: the card file's column, 1)
    cards: str = ""  # the text of a player's own card file ("" = the shipped list)
    loss_at: int = 4  # this many tokens or more at the end is a loss (3 ties)
    sudden_defeat: int = 5  # the game stops at once at this many tokens
    lords_self: str = "included"  # a lord's "All X get +N" counts for itself, or "excluded"
    search_shuffle: str = "shuffle"  # Summon/Dragons Hoard shuffle the deck, or "no-shuffle"
    search_events: str = "no-events"  # a deck search may take an event card: "events-too"

    def __post_init__(self) -> None:
        check_options(self, "Heroes & Hordes")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> HHConfig:
        """Build from a plain dict, read by ``SCHEMA``: the kit's error names what is wrong."""
        v = cls.SCHEMA.read(d)
        v.pop("players", None)  # solo: 1, the only value the schema lets through
        cfg = cls(**v)
        if cfg.loss_at > cfg.sudden_defeat:
            raise InvalidInputError(
                f"Heroes & Hordes option loss_at: {cfg.loss_at} tokens lose, but the game "
                f"stops at {cfg.sudden_defeat} (sudden_defeat): loss_at must not be more"
            )
        return cfg

    def to_dict(self) -> dict:
        """Plain dict (for save files)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


HHConfig.SCHEMA = config_schema(
    HHConfig,
    "Heroes & Hordes",
    players=seats(MIN_PLAYERS, MAX_PLAYERS),
    copies=Nullable(Whole(1, 4)),
    cards=Text(CARD_TEXT_LIMIT, lines=True),
    loss_at=TableRule(HHConfig.DATA, "loss_at"),
    sudden_defeat=Whole(1, 100),
    lords_self=TableRule(HHConfig.DATA, "lords_self"),
    search_shuffle=TableRule(HHConfig.DATA, "search_shuffle"),
    search_events=TableRule(HHConfig.DATA, "search_events"),
)


@lru_cache(maxsize=16)
def card_index(cfg: HHConfig) -> dict[str, Card]:
    """Card id -> card for this configuration's card list (and its lords' reading)."""
    cards = cards_of_config(cfg.cards, cfg.copies)
    if cfg.lords_self == "excluded":
        cards = tuple(
            replace(c, bonuses=tuple(replace(b, self_too=False) for b in c.bonuses)) for c in cards
        )
    return {c.id: c for c in cards}


def lord_counts_itself(card: Card) -> bool:
    """True when one of the card's own bonuses would reach the card itself (the Elf Lord
    is an Elf card): the cards the table rule ``lords_self`` is about."""
    return any(b.applies_to(card) for b in card.bonuses)


@dataclass(frozen=True)
class CardForce:
    """One card's force in a battle, with every modifier named."""

    card: Card
    parts: tuple[tuple[str, int], ...]
    # strength plus every modifier (worked out once: a discard search reads it often)
    total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(n for _, n in self.parts))


def card_forces(
    cards: Sequence[Card],
    *,
    opponent_race: str | None = None,
    opponent_size: int | None = None,
) -> tuple[CardForce, ...]:
    """Each card's force in its pile (against an opponent pile, when given).

    >>> from hordes_kit.heroes_hordes.cards import load_cards
    >>> by = {c.name: c for c in load_cards()}
    >>> [f.total for f in card_forces([by["Dwarf Lord"], by["Clansmen"], by["Greybeards"]],
    ...                               opponent_race="G")]
    [8, 9, 6]

    A game asks about the same piles again and again (every bot decision, every view), so
    the answers are kept, by the card objects asked about (each answer holds its cards, so
    their identities stay theirs) and the battle.
    """
    cards = tuple(cards)
    return _kept(
        _FORCES,
        cards,
        (opponent_race, opponent_size),
        lambda: _card_forces(cards, opponent_race, opponent_size),
    )


_FORCES: dict = {}
_KEPT: dict = {}
_FORCES_KEPT = 50_000  # answers kept at most in each (then forgotten at once)


def _kept(store: dict, cards: tuple[Card, ...], battle: tuple, make):
    """``make()``, kept in ``store`` by the card objects asked about and the battle (the
    answer holds its cards, so their identities stay theirs); the store is emptied at once
    past ``_FORCES_KEPT`` answers."""
    key = (tuple(map(id, cards)), *battle)
    hit = store.get(key)
    if hit is not None:
        return hit[1]
    if len(store) >= _FORCES_KEPT:
        store.clear()
    out = make()
    store[key] = (cards, out)
    return out


def _card_forces(cards, opponent_race, opponent_size) -> tuple[CardForce, ...]:
    counts = {kw: sum(kw in c.keywords for c in cards) for kw in SYNERGY}
    synergy = [  # the keywords shared in this pile, with their modifier
        (kw, f"{kw} ({counts[kw]} in pile)", counts[kw] - 1) for kw in SYNERGY if counts[kw] > 1
    ]
    # the pile's bonuses, source by source (most cards give none)
    given = [(j, source.name, b) for j, source in enumerate(cards) for b in source.bonuses]
    out = []
    for i, card in enumerate(cards):
        parts: list[tuple[str, int]] = [("strength", card.strength)]
        for j, name, bonus in given:
            if bonus.applies_to(card) and (i != j or bonus.self_too):
                parts.append((name, bonus.amount))
        for kw, label, n in synergy:
            if kw in card.keywords:
                parts.append((label, n))
        for race, n in card.vs:
            if race == opponent_race:
                parts.append((f"vs {PILE_OF_RACE[race].capitalize()}", n))
        if card.berserk and opponent_size is not None and opponent_size > len(cards):
            parts.append(("horde has more cards", card.berserk))
        out.append(CardForce(card, tuple(parts)))
    return tuple(out)


def pile_force(cards: Sequence[Card], **battle) -> int:
    """Total force of a pile (battle context as in ``card_forces``)."""
    return sum(f.total for f in card_forces(cards, **battle))


def _kept_force(cards: tuple[Card, ...]) -> int:
    """``pile_force`` of a kept pile, remembered: the lookahead bot weighs the same piles
    in every game it plays from one position (a quarter of a million times for 400 games).
    Kept by the card objects weighed, as ``card_forces`` keeps its answers (hashing the
    cards themselves hashed every field of each)."""
    return _kept(_KEPT, cards, (), lambda: _plain_force(cards))


def _plain_force(cards: Sequence[Card]) -> int:
    """``pile_force(cards)`` outside a battle, summed without naming each modifier."""
    total = sum(c.strength for c in cards)
    for j, source in enumerate(cards):
        for bonus in source.bonuses:
            for i, card in enumerate(cards):
                if bonus.applies_to(card) and (i != j or bonus.self_too):
                    total += bonus.amount
    for kw in SYNERGY:
        n = sum(kw in c.keywords for c in cards)
        if n > 1:
            total += n * (n - 1)  # each of the n cards: +1 per other one
    return total


def best_discard(forces: Sequence[CardForce], need: int) -> tuple[Card, ...] | None:
    """The cards to discard after a win: battle force reaching ``need``, keeping the most.

    "Keeping the most" is the force the pile keeps for later (no battle context),
    exact over every minimal covering set (a superset never keeps more, since no
    modifier grows when a card leaves). None if the whole pile cannot reach ``need``.

    >>> from hordes_kit.heroes_hordes.cards import load_cards
    >>> by = {c.name: c for c in load_cards()}
    >>> pile = [by["King"], by["Pikemen"], by["Longbowmen"], by["Farms"]]
    >>> [c.name for c in best_discard(card_forces(pile), 9)]
    ['Longbowmen', 'Farms']
    """
    items = sorted(forces, key=lambda f: (-f.total, f.card.id))
    if sum(f.total for f in items) < need:
        return None
    if need <= 0:
        return ()
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + max(items[i].total, 0)
    pile = [f.card for f in forces]
    best: tuple[int, int, tuple[str, ...]] | None = None
    best_set: tuple[Card, ...] = ()
    chosen: list[CardForce] = []

    def visit(i: int, total: int) -> None:
        nonlocal best, best_set
        if total >= need:
            if total - min(f.total for f in chosen) >= need:
                return  # not minimal: a smaller discard covers too
            gone = {id(f.card) for f in chosen}
            kept = _kept_force(tuple(c for c in pile if id(c) not in gone))
            key = (kept, -len(chosen), tuple(sorted(f.card.id for f in chosen)))
            if best is None or key[:2] > best[:2] or (key[:2] == best[:2] and key[2] < best[2]):
                best, best_set = key, tuple(f.card for f in chosen)
            return
        if i == len(items) or total + suffix[i] < need:
            return
        chosen.append(items[i])
        visit(i + 1, total + items[i].total)
        chosen.pop()
        visit(i + 1, total)

    visit(0, 0)
    return best_set
