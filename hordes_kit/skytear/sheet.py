"""Skytear Horde's printable odds sheet: the kit's bot's win odds by horde and difficulty
(the fast simulator, fixed seeds, 95% intervals), the chance of drawing each kind of card
from a fresh faction deck, and when pillage empties a deck if nobody stops it."""

from __future__ import annotations

from functools import cache

from hordes_kit.core.registry import get_game
from hordes_kit.core.sheet import Bars, Cell, Section, Sheet, Table, cell, rules_of
from hordes_kit.skytear.cards import load_cards
from hordes_kit.skytear.odds import KINDS, card_chance, pillage_risk
from hordes_kit.skytear.rules import GAME
from hordes_kit.skytear.simulate import simulate

__all__ = ["GAMES", "SEED", "DIFFICULTIES", "DRAWS", "TURNS", "hordes", "win_rows", "sheet"]

GAMES = 1000  # games of each horde at each difficulty
SEED = 1
DIFFICULTIES = (1, 2, 3, 4, 5)
DRAWS = (5, 6, 7, 8, 10, 12)  # cards drawn from a fresh deck (the opening hand is five)
TURNS = 10
PILLAGE_LEVEL = 2
KIND_WORDS = {
    "ally": "an ally",
    "tower": "a tower",
    "spell": "a spell",
    "attachment": "an attachment",
    "reaction": "a reaction card",
    "cheap": "a card costing 2 mana or less",
}


def hordes() -> tuple[str, ...]:
    """The hordes of the base box's shipped cards, by name (the sample expansion's horde is
    left out: its cards exist to show the glossary's words, not to be measured)."""
    return tuple(sorted(load_cards().box_hordes()))


@cache
def win_rows(games: int = GAMES, seed: int = SEED) -> tuple[tuple, ...]:
    """(horde, difficulty, win rate, 95% interval, average turns) of solo games by the
    kit's sensible bot, ``games`` seeded games each (the fast simulator)."""
    rows = []
    for h in hordes():
        for d in DIFFICULTIES:
            r = simulate({"players": 1, "hordes": [h], "difficulty": d}, games, seed)
            rows.append((h, d, r.win_rate, r.interval, r.mean_turns()))
    return tuple(rows)


def _wins() -> tuple[Table, Bars]:
    rows = win_rows()
    table = Table(
        "Games won, by horde and difficulty",
        f"Share of {GAMES:,} solo games the kit's sensible bot wins against each horde at each "
        f"difficulty (seed {SEED}; its 95% interval in brackets): how hard a level is, not how "
        "well you will do.",
        ("Horde", *(f"Level {d}" for d in DIFFICULTIES)),
        tuple(
            (
                h,
                *(
                    Cell(f"{p * 100:.1f}% ({lo * 100:.1f}–{hi * 100:.1f})", p)
                    for hh, _d, p, (lo, hi), _t in rows
                    if hh == h
                ),
            )
            for h in hordes()
        ),
        note="Each cell: the share won, then its 95% interval (Wilson) in brackets.",
    )
    bars = Bars(
        "Games won at level 2 (the first game's difficulty)",
        f"Share of {GAMES:,} solo games the kit's sensible bot wins at difficulty 2, by horde.",
        tuple((h, p) for h, d, p, _iv, _t in rows if d == 2),
    )
    return table, bars


def _lengths() -> Table:
    rows = win_rows()
    return Table(
        "How long a game lasts",
        f"Average number of turns of the same {GAMES:,} solo games (won or lost), by horde "
        "and difficulty.",
        ("Horde", *(f"Level {d}" for d in DIFFICULTIES)),
        tuple((h, *(Cell(f"{t:.1f}") for hh, _d, _p, _iv, t in rows if hh == h)) for h in hordes()),
        heat=False,
    )


def _draws() -> tuple[Table, ...]:
    cards, out = load_cards(), []
    seen: set[str] = set()
    for castle in cards.castles.values():
        if castle.faction in seen:
            continue
        seen.add(castle.faction)
        s = get_game(GAME).start({"players": 1, "castle": castle.name})
        deck = s.seats[0].deck
        rows = tuple(
            (KIND_WORDS.get(k, k), *(cell(card_chance(s, 0, k, n)) for n in DRAWS)) for k in KINDS
        )
        out.append(
            Table(
                f"The {castle.faction} deck ({deck.size} cards)",
                f"Chance that the first N cards drawn from a freshly shuffled {castle.faction} "
                "faction deck hold at least one card of each kind (exact; the opening hand "
                "is the first five, before a mulligan).",
                ("At least one", *(f"{n} cards" for n in DRAWS)),
                rows,
            )
        )
    return tuple(out)


def _pillage() -> Table:
    rows = []
    for h in hordes():
        start = get_game(GAME).start(
            {
                "players": 1,
                "hordes": [h],
                "difficulty": PILLAGE_LEVEL,
                "position": {"phase": "turn", "turn": 1, "castle": 20, "units": [], "minions": {}},
            }
        )
        risk = pillage_risk(start, TURNS)
        rows.append((h, *(cell(p) for p in risk)))
    return Table(
        "Pillage: a deck emptied by the end of turn N",
        f"Chance pillage empties the alliance deck by the end of each turn, from the start of "
        f"turn 1 at difficulty {PILLAGE_LEVEL} with no minion in the back line, if nobody "
        "fights the back line and nobody draws (exact): how long you can leave the back line "
        "alone.",
        ("Horde", *(f"Turn {t}" for t in range(1, TURNS + 1))),
        tuple(rows),
    )


def sheet() -> Sheet:
    """The sheet: win odds by horde and difficulty, the decks' draws and pillage."""
    wins, bars = _wins()
    return Sheet(
        "Skytear Horde",
        "How hard each horde is at each level, what your deck will give you, and how long "
        "the back line can be left to pillage.",
        (
            Section(
                "Win odds by horde and difficulty",
                "Whole solo games played by the kit's sensible bot with the Pools of Flyema "
                "castle, from a new game of each horde at each level; the same seed gives "
                "the same games.",
                (wins, bars, _lengths()),
            ),
            Section(
                "Your deck: a kind of card within N cards",
                "A fresh faction deck of 40 cards, shuffled. Count the cards you have drawn: "
                "the opening hand is five, then one a turn and one for each Draw.",
                _draws(),
            ),
            Section(
                "Pillage: when the deck runs out",
                "Every monster left in the back line pillages its attack in cards each turn; "
                "an empty alliance deck loses the game.",
                (_pillage(),),
            ),
        ),
        assumptions=(
            f"Win odds: solo, the Pools of Flyema castle and its faction deck, {GAMES:,} games "
            f"of each horde at each level, seed {SEED}, played by the fast simulator (checked "
            "against the rules engine); the kit's default table rules.",
            "Decks: the shipped faction decks, shuffled; kinds as printed on the cards "
            "(a reaction card has the treachery symbol).",
            f"Pillage: difficulty {PILLAGE_LEVEL}, no minion in the back line at the start, "
            "no monster fought and no card drawn; the horde deck's Reinforce, Pillage and "
            "Pillager cards come by chance and stay.",
        ),
        rules=rules_of(
            GAME,
            "setup.difficulty",
            "ruling.difficulty",
            "setup.draw",
            "pillage",
            "keywords.pillager",
            "ruling.empty-deck",
            "winning.castle",
            "winning.end-of-turn",
        ),
    )
