"""Shadows games that never break: a described position (a save's, a scenario's) the loader
accepts plays to its end; one that cannot exist is refused in words naming it."""

from __future__ import annotations

import json

import pytest

from hordes_kit.core.errors import InvalidInputError, SaveFileError
from hordes_kit.core.savefile import load_save
from hordes_kit.shadows import new_game
from hordes_kit.shadows.cards import CARDS_FILE

SWORDS = ["training-sword"] * 5


def _save(seats, **pos) -> str:
    position = {"round": 2, "phase": "buildup", "monster": "cave-stalker", "seats": seats, **pos}
    doc = {"players": 2, "position": position}
    return json.dumps({"format": "hordes-kit-save/2", "game": "shadows", "config": doc})[:-1] + (
        ',"history":[]}'
    )


def test_five_training_swords_are_refused_in_words():
    # the save: both seats hold five Training Swords (the box has one, and a Hero
    # holds one Restricted Item); buying a Restricted Item then broke the game
    text = _save(
        [{"hero": "akintunde", "items": SWORDS, "gold": 9}, {"hero": "eras", "items": SWORDS}],
        market=["rusty-orb", "royal-boots"],
    )
    with pytest.raises(SaveFileError, match="5 Restricted Items"):
        load_save(text)


def test_more_copies_than_the_box_are_refused_across_seats_and_market():
    seats = [{"hero": "akintunde", "items": ["goblin-wand"]}, {"hero": "eras"}]
    with pytest.raises(InvalidInputError, match="2 copies of Goblin Wand"):
        new_game(
            {
                "players": 2,
                "position": {"monster": "cave-stalker", "seats": seats, "market": ["goblin-wand"]},
            }
        )


def _two_copies_of_a_restricted_item() -> str:
    text = CARDS_FILE.read_text()
    old = 'name = "Royal Boots"\nkind = "market"\ncost = 4\nrestricted = true'
    assert old in text
    return text.replace(old, old + "\ncopies = 2")


def test_keeping_one_of_two_copies_of_a_restricted_item_plays_on():
    # a card file may hold two copies of a Restricted Market Item: buying the second makes
    # its player keep one of two equal cards (before: IndexError in moves.py)
    cards = _two_copies_of_a_restricted_item()
    pos = {
        "round": 2,
        "phase": "buildup",
        "monster": "cave-stalker",
        "market": ["royal-boots", "royal-boots"],
        "seats": [{"hero": "akintunde", "items": [], "gold": 9}, {"hero": "eras"}],
    }
    s = new_game({"players": 2, "cards": cards, "position": pos})
    s = s.apply("buy:royal-boots")  # Eras has no Gold: Akintunde buys on
    assert s.legal_actions() == ("buy:royal-boots", "pass")
    s = s.apply("buy:royal-boots")
    assert [p.card for p in s.seats[0].items] == ["royal-boots"]
    assert s.seats[0].stones == 2 and "royal-boots" in s.item_discard
    while not s.is_terminal and s.phase != "teamup":
        s = s.apply(s.legal_actions()[0] if not s.is_chance else s.chance_outcomes()[0][0])
    assert s.phase == "teamup"
