"""Heroes & Hordes' printable odds sheet: the chance each horde pile reaches 5 cards, and
attacks, within the next Fate draws, by the cards it holds now and the deck left."""

from __future__ import annotations

from hordes_kit.core.sheet import Bars, Section, Sheet, Table, cell, rules_of
from hordes_kit.heroes_hordes.cards import HORDES, PILE_OF_RACE, load_cards
from hordes_kit.heroes_hordes.odds import risk_ahead
from hordes_kit.heroes_hordes.rules import GAME, hypergeom_at_least

__all__ = ["ATTACK_AT", "DRAWS", "SIZES", "deck_without", "sheet"]

ATTACK_AT = 5  # a horde pile of 5 cards attacks (Battle Phase)
SIZES = tuple(range(ATTACK_AT))  # cards in the pile now
DRAWS = (1, 2, 3, 4, 5, 6, 8, 10, 15)  # Fate draws from now
LEFT = (100, 80, 60, 40, 20)  # cards left in the deck, later in the game
HORDE_LEFT = (2, 4, 6, 8, 10, 12, 15)  # of them, cards of the pile's horde


def deck_without(pile: str, have: int) -> list:
    """Every card of the game but ``have`` single-race cards of ``pile`` (they are in it)."""
    deck = list(load_cards())
    race = {v: k for k, v in PILE_OF_RACE.items()}[pile]
    for _ in range(have):
        deck.remove(next(c for c in deck if c.types == {race}))
    return deck


def _pile_table(pile: str) -> Table:
    rows = []
    for have in SIZES:
        deck = deck_without(pile, have)
        rows.append(
            (
                f"{have} card{'s' * (have != 1)}",
                *(
                    cell(risk_ahead({pile: have}, deck, draws=d, size=ATTACK_AT)[pile])
                    for d in DRAWS
                ),
            )
        )
    return Table(
        f"The {pile.capitalize()}",
        f"Chance the {pile.capitalize()} pile holds {ATTACK_AT} cards (and attacks) within the "
        "next Fate draws, by the cards it holds now; a full deck less the pile's cards (exact).",
        ("In the pile \\ draws", *map(str, DRAWS)),
        tuple(rows),
    )


def _by_deck(have: int) -> Table:
    """A pile of ``have``, the next 3 draws, by the deck left and its cards of that horde."""
    need = ATTACK_AT - have
    rows = tuple(
        (
            f"{k} of that horde",
            *(cell(hypergeom_at_least(n, k, 3, need) if k <= n else None) for n in LEFT),
        )
        for k in HORDE_LEFT
    )
    return Table(
        f"A pile of {have}, later in the game",
        f"Chance a pile of {have} reaches {ATTACK_AT} within the next 3 Fate draws, by the "
        "cards left in the deck (columns) and how many of them are that horde's (rows), exact.",
        ("Horde cards \\ deck", *map(str, LEFT)),
        rows,
    )


def sheet() -> Sheet:
    """The sheet: attack risk by pile size and draws for each horde, exact."""
    cards = load_cards()
    mix = ", ".join(
        f"{sum(r in c.types for c in cards)} {PILE_OF_RACE[r].capitalize()}" for r in HORDES
    )
    piles = [PILE_OF_RACE[r] for r in HORDES]
    bars = Bars(
        "A pile of 3, the next 3 draws",
        f"Chance a horde pile holding 3 cards reaches {ATTACK_AT} within 3 Fate draws, "
        "full deck less those 3 (exact).",
        tuple((p.capitalize(), risk_ahead({p: 3}, deck_without(p, 3), draws=3)[p]) for p in piles),
    )
    return Sheet(
        "Heroes & Hordes",
        "How soon each horde pile attacks: by the cards it holds and the Fate draws ahead.",
        (
            Section(
                "When does a horde attack?",
                f"Each Fate draw of a horde's card adds it to that pile; a pile of {ATTACK_AT} "
                "attacks a hero pile in the Battle Phase.",
                (bars, *(_pile_table(p) for p in piles), _by_deck(3), _by_deck(4)),
            ),
        ),
        assumptions=(
            f"The deck is every card of the game ({len(cards)} cards: {mix}, counting the "
            "split Undead Dragon for both) less the cards in the pile, shuffled.",
            "The split Undead Dragon counts for every pile it may join (the worst case).",
            "Piles emptied by a battle in between, and Events that move cards, are not counted.",
        ),
        rules=rules_of(
            GAME,
            "fate",
            "goblins-phase",
            "undead-phase",
            "dragon-phase",
            "battle",
            "battle.discard-horde",
        ),
    )
