"""Decks: the horde deck by difficulty, alliance decks (pre-made or custom) and their rules.

Rulebook "Setup" (steps 3 and 6), "Customizing Decks" and "Campaign Setup". The
difficulty table takes power levels from the card data (ruling: the icons are lost):
level 1 the weakest, 2 weakest and middle, 3 middle and one random card of the
strongest, 4 middle and strongest, 5 the strongest.
"""

from __future__ import annotations

from hordes_kit.core.data import slug
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.skytear.card_checks import deck_cards, deck_problems, find_deck, team_problems
from hordes_kit.skytear.cards import CardSet
from hordes_kit.skytear.state import ROMAN

__all__ = [
    "find_card",
    "portal_stages",
    "DIFFICULTY",
    "horde_deck",
    "find_deck",
    "find_horde",
    "game_hordes",
    "deck_cards",
    "deck_problems",
    "team_problems",
    "starting_deck_limits",
]

# difficulty -> (power levels taken whole, random cards added from the strongest level)
DIFFICULTY = {1: ((1,), 0), 2: ((1, 2), 0), 3: ((2,), 1), 4: ((2, 3), 0), 5: ((3,), 0)}
STRONGEST = 3
CAMPAIGN_HORDES = 3  # Campaign Setup: "Choose three different Hordes for this campaign"
# Campaign Setup: at most 18 base cards and 2 legendary cards in the starting deck
STARTING_BASE, STARTING_LEGENDARY = 18, 2


def find_horde(cards: CardSet, name: str) -> str:
    """The horde called ``name`` (case-insensitive); the error lists the hordes."""
    for h in cards.hordes():
        if h.lower() == name.strip().lower():
            return h
    raise InvalidInputError(f"no horde {name!r:.60}; the card file has {', '.join(cards.hordes())}")


def game_hordes(cards: CardSet, names: tuple[str, ...], campaign: bool) -> tuple[str, ...]:
    """The hordes a game fights: the names given, else Skybooter (the first game's horde) for a
    standard game and the base box's three hordes for a campaign ("Choose three different
    Hordes for this campaign"; a file without them: its first three)."""
    if names:
        return tuple(find_horde(cards, h) for h in names)
    if campaign:
        return (cards.box_hordes() or cards.hordes())[:CAMPAIGN_HORDES]
    return ("Skybooter",) if "Skybooter" in cards.hordes() else cards.hordes()[:1]


def horde_deck(
    cards: CardSet, hordes: tuple[str, ...], difficulty: int, *, campaign: bool = False
) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """(cards taken whole, the pool of the random extra cards, how many of them) by difficulty.

    A campaign never takes cards with the treachery-only symbol.

    >>> from hordes_kit.skytear.cards import shipped_cards
    >>> fixed, pool, extra = horde_deck(shipped_cards(), ("Skybooter",), 2)
    >>> len(fixed), extra
    (18, 0)
    >>> fixed, pool, extra = horde_deck(shipped_cards(), ("Skybooter",), 3)
    >>> len(fixed), len(pool), extra
    (9, 11, 1)
    """
    if difficulty not in DIFFICULTY:
        raise InvalidInputError(f"difficulty is 1-5, got {difficulty!r:.60}")
    levels, extra = DIFFICULTY[difficulty]
    fixed: list[str] = []
    pool: list[str] = []
    for c in cards.of_kind("horde"):
        if c.horde not in hordes or (campaign and c.treachery_only):
            continue
        if c.level in levels:
            fixed += [c.id] * c.copies
        elif extra and c.level == STRONGEST:
            pool += [c.id] * c.copies
    if not fixed and not pool:
        raise InvalidInputError(
            f"no horde cards for {', '.join(hordes)} at difficulty {difficulty}"
        )
    return tuple(sorted(fixed)), tuple(sorted(pool)), extra if pool else 0


def starting_deck_limits(cards: CardSet, card_id: str) -> str | None:
    """The rarity class a campaign's starting deck counts a card in (None: not allowed)."""
    rarity = cards.cards[slug(card_id)].rarity
    return {"base": "base", "legendary": "legendary"}.get(rarity)


def find_card(cards: CardSet, name: str, kinds: tuple[str, ...] = ()) -> str:
    """A card id by its name or id; the error names the input."""
    if not isinstance(name, str):
        raise InvalidInputError(f"a card name must be text, got {name!r:.60}")
    cid = slug(name)
    c = cards.cards.get(cid)
    if c is None:  # an immortal's stage by its shown name: "Atlas III"
        for x in cards.of_kind("outsider"):
            if x.stage and slug(f"{x.name} {ROMAN[x.stage]}") == cid:
                cid, c = x.id, x
    if c is None or (kinds and c.kind not in kinds):
        raise InvalidInputError(f"no card {name!r:.60} in the card file")
    return cid


def portal_stages(cards: CardSet) -> tuple[str, ...]:
    """The portals of stages II, III and IV (the first of each in the file), in order."""
    out = []
    for stage in (2, 3, 4):
        p = next((x.id for x in cards.portals.values() if x.stage == stage), None)
        if p is not None:
            out.append(p)
    return tuple(out)
