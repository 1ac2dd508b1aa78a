"""Shadows' printable odds sheet: the next Monster-Action card from a fresh deck (each card,
each icon and what it does to each Monster), and what a Predict can expect of each Hero's
starting Hand at every Monster level (two models of their choice)."""

from __future__ import annotations

from hordes_kit.core.sheet import Bars, Cell, Section, Sheet, Table, cell, rules_of
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.card_model import ICONS
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.hands import MODELS, NUMBERS, predict_odds
from hordes_kit.shadows.odds import deck_next, icon_chances
from hordes_kit.shadows.words import chart_words

__all__ = ["LEVELS", "position", "sheet"]

LEVELS = (1, 2, 3)
ROMAN = {1: "I", 2: "II", 3: "III"}


def position(hero: str, level: int):
    """A 2-player table at the start of round 1: ``hero`` in seat 1 against a Monster of
    this level, before anything is studied, played or predicted."""
    cards = load_cards("")
    monster = next(m.id for m in cards.monsters if m.level == level)
    other = next(h.id for h in cards.heroes if h.id != hero)
    seats = [{"hero": hero}, {"hero": other}]
    return new_game(
        {"players": 2, "position": {"round": 1, "leader": 1, "monster": monster, "seats": seats}}
    )


def _icons(chances) -> Table:
    cards = load_cards("")
    rows = []
    for icon in sorted(ICONS, key=lambda i: -chances[i]):
        by_words: dict[str, list[str]] = {}
        for m in cards.monsters:
            by_words.setdefault(chart_words(m.action(icon)), []).append(m.name)
        what = "\n".join(f"{w}: {', '.join(names)}" for w, names in by_words.items())
        rows.append((icon, cell(chances[icon]), Cell(what)))
    return Table(
        "Each icon on the next card, and what it does",
        "Chance each icon shows on the next card from a fresh deck (a two-icon card counts "
        "for both), exact; and what that icon does, Monster by Monster.",
        ("Icon", "Chance", "What it does"),
        tuple(rows),
        heat=False,
    )


def _predict(model: str) -> Table:
    cards = load_cards("")
    rows = []
    for hero in cards.heroes:
        for level in LEVELS:
            odds = predict_odds(position(hero.id, level), 1, 0, model)
            label = f"{hero.name}, level {ROMAN[level]} ({odds['hand']} of {len(odds['cards'])})"
            rows.append((label, *(cell(odds["chance"][n]) for n in NUMBERS)))
    return Table(
        "Predict: " + ("every Hand equally likely" if model == "uniform" else "a bot's Hand"),
        "Chance a Hero's Hand, chosen from their starting Current Deck, holds a card of each "
        f"Initiative number, by the Monster's level (Hand size of the deck), exact. Model: "
        f"{MODELS[model]}.",
        ("Hero, Monster level", *(f"a {n}" for n in NUMBERS)),
        tuple(rows),
    )


def sheet() -> Sheet:
    """The sheet: the next Monster-Action card (exact) and Predict's chances (exact)."""
    cards = load_cards("")
    total = sum(n for _, n in cards.actions)
    dist = deck_next(cards.actions, [])
    bars = Bars(
        f"The next card of a fresh deck ({total} cards)",
        "Chance of each Monster-Action card, before any card of the deck is seen (exact).",
        tuple((k.replace("+", " + "), p) for k, p in sorted(dist.items(), key=lambda kv: -kv[1])),
    )
    return Sheet(
        "Shadows: Heroes & Monsters",
        "What the Monster does next, and what a Predict can expect of each Hero's Hand.",
        (
            Section(
                "The next Monster-Action card",
                "Count the cards you have seen: every card not seen is equally likely. These "
                "are the chances before any card is seen.",
                (bars, _icons(icon_chances(dist))),
            ),
            Section(
                "Predict: what can their Hand hold?",
                "A Predict names an Initiative number: it hits when the target's Hand holds a "
                "card with it. Best guess: the highest number in the Hero's row.",
                (_predict("uniform"), _predict("bot")),
            ),
        ),
        assumptions=(
            "A fresh Monster-Action deck: no card in the discard pile, revealed or dealt.",
            "Predict: round 1, a 2-player table; the target has studied nothing, played "
            "nothing and answered no Predict yet this round; Hand size "
            + ", ".join(f"{R.hand_size(lv)} at level {ROMAN[lv]}" for lv in LEVELS)
            + ".",
        ),
        rules=rules_of(
            R.GAME,
            "monster.action",
            "monster.icon",
            "ruling.ma-reshuffle",
            "plan.hand-size",
            "plan.choose",
            "predict.call",
            "predict.once",
        ),
    )
