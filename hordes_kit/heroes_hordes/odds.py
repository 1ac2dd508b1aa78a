"""Heroes & Hordes calculators: why a battle is won (every modifier shown) and risk ahead."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.heroes_hordes.cards import (
    HORDES,
    PILE_OF_RACE,
    RACE_OF_PILE,
    Card,
    load_cards,
)
from hordes_kit.heroes_hordes.rules import (
    CardForce,
    best_discard,
    card_forces,
    hypergeom_at_least,
    pile_force,
)

__all__ = ["BattleReport", "battle_report", "find_cards", "risk_ahead"]


@dataclass(frozen=True)
class BattleReport:
    """A battle worked out: each card's force with its modifiers, totals, winner, discard."""

    horde_pile: str
    hero_pile: str
    horde: tuple[CardForce, ...]
    heroes: tuple[CardForce, ...]
    discard: tuple[Card, ...] | None  # the best discard when the heroes win

    @property
    def horde_force(self) -> int:
        """Total force of the attacking horde."""
        return sum(f.total for f in self.horde)

    @property
    def hero_force(self) -> int:
        """Total force of the defending hero pile."""
        return sum(f.total for f in self.heroes)

    @property
    def winner(self) -> str:
        """``heroes`` (equal or greater force) or ``horde``."""
        return "heroes" if self.hero_force >= self.horde_force else "horde"

    @property
    def kept_force(self) -> int:
        """Force the hero pile keeps after the best discard (0 after a loss)."""
        if self.discard is None:
            return 0
        gone = {c.id for c in self.discard}
        return pile_force([f.card for f in self.heroes if f.card.id not in gone])

    def to_json(self) -> dict:
        """JSON-ready report (the CLI's ``--json``)."""

        def side(forces):
            return [
                {
                    "card": f.card.name,
                    "force": f.total,
                    "parts": [{"from": k, "amount": n} for k, n in f.parts],
                }
                for f in forces
            ]

        return {
            "horde_pile": self.horde_pile,
            "hero_pile": self.hero_pile,
            "horde_force": self.horde_force,
            "hero_force": self.hero_force,
            "winner": self.winner,
            "best_discard": [c.name for c in self.discard] if self.discard is not None else None,
            "kept_force": self.kept_force,
            "horde": side(self.horde),
            "heroes": side(self.heroes),
        }


def find_cards(names: str | Sequence[str], cards: Sequence[Card] | None = None) -> list[Card]:
    """Cards by name (case-insensitive, comma-separated); unknown names suggest the closest.

    >>> [c.name for c in find_cards("dwarf lord, Clansmen")]
    ['Dwarf Lord', 'Clansmen']
    """
    cards = list(cards) if cards is not None else list(load_cards())
    by_name: dict[str, list[Card]] = {}
    for c in cards:
        by_name.setdefault(c.name.lower(), []).append(c)
    wanted = [n.strip() for n in (names.split(",") if isinstance(names, str) else names)]
    out: list[Card] = []
    for name in wanted:
        if not name:
            continue
        pool = by_name.get(name.lower())
        taken = [c for c in (pool or []) if c not in out]
        if not pool:
            close = difflib.get_close_matches(name.lower(), list(by_name), n=3, cutoff=0.5)
            hint = ", ".join(by_name[c][0].name for c in close) or "none close"
            raise InvalidInputError(f"no card called {name!r} (closest: {hint})")
        if not taken:
            raise InvalidInputError(f"{name!r} is listed more times than there are copies")
        out.append(taken[0])
    if not out:
        raise InvalidInputError("no cards given")
    return out


def _common_pile(cards: Sequence[Card], races: Sequence[str], side: str) -> str:
    common = set(races)
    for c in cards:
        common &= c.types
    if len(common) == 1:
        return PILE_OF_RACE[common.pop()]
    if not common:
        raise InvalidInputError(f"these {side} cards cannot share one pile")
    options = " or ".join(PILE_OF_RACE[r] for r in races if r in common)
    raise InvalidInputError(f"the {side} cards fit the {options} pile: say which")


def battle_report(
    horde: Sequence[Card],
    heroes: Sequence[Card],
    *,
    horde_pile: str | None = None,
    hero_pile: str | None = None,
) -> BattleReport:
    """Work out a battle between a horde pile and a hero pile, by the book.

    >>> r = battle_report(find_cards("Warlord,Goblins,Orks,Trolls,Ogre"),
    ...                   find_cards("Dwarf Lord,Clansmen,Troll Slayer"))
    >>> r.horde_force, r.hero_force, r.winner
    (46, 24, 'horde')
    """
    horde_pile = horde_pile or _common_pile(horde, HORDES, "horde")
    hero_pile = hero_pile or _common_pile(heroes, ("M", "E", "D"), "hero")
    for cards, pile in ((horde, horde_pile), (heroes, hero_pile)):
        race = RACE_OF_PILE.get(pile)
        if race is None:
            raise InvalidInputError(f"unknown pile {pile!r}")
        bad = [c.name for c in cards if race not in c.types]
        if bad:
            raise InvalidInputError(f"{bad[0]} cannot be in the {pile} pile")
    if RACE_OF_PILE[horde_pile] not in HORDES or RACE_OF_PILE[hero_pile] in HORDES:
        raise InvalidInputError(
            "the horde must be goblins, undead or dragons; heroes men, elves or dwarves"
        )
    h = card_forces(horde, opponent_race=RACE_OF_PILE[hero_pile], opponent_size=len(heroes))
    d = card_forces(heroes, opponent_race=RACE_OF_PILE[horde_pile], opponent_size=len(horde))
    need = sum(f.total for f in h)
    discard = best_discard(d, need) if sum(f.total for f in d) >= need else None
    return BattleReport(horde_pile, hero_pile, h, d, discard)


def risk_ahead(
    pile_sizes: dict[str, int],
    deck: Sequence[Card],
    known_top: Sequence[Card] = (),
    draws: int = 1,
    size: int = 5,
) -> dict[str, Fraction]:
    """P(each horde pile holds ``size`` cards within the next ``draws`` Fate draws), exact.

    Hypergeometric over the unknown deck; known top cards (a Spy) count for sure. A
    split horde card (Undead Dragon) counts for every pile it may join (the worst case).
    Ignores piles emptied by battles in between.

    >>> from hordes_kit.heroes_hordes.cards import load_cards
    >>> deck = [c for c in load_cards() if not c.is_event]
    >>> round(float(risk_ahead({"goblins": 4}, deck, draws=1)["goblins"]), 3)
    0.149
    """
    out = {}
    seen = list(known_top[:draws])
    rest = max(0, draws - len(seen))
    for pile, have in pile_sizes.items():
        race = RACE_OF_PILE[pile]
        hits = sum(race in c.types for c in seen)
        need = size - have - hits
        k = sum(race in c.types for c in deck)
        out[pile] = (
            hypergeom_at_least(len(deck), k, rest, need)
            if deck or need <= 0
            else (Fraction(int(need <= 0)))
        )
    return out
