"""Skytear Horde cards as data (``data/skytear/cards.toml``), validated on load.

The rulebook prints no card lists, only the components, the card anatomy and the
glossary. The shipped file holds every card the rulebook names with what it states
(Pools of Flyema, Atlas, the minions, the portal pile, Wind Riders, the Troop token)
and sample values, marked ``sample = true``, for everything it leaves out, so every
mode can be played. A player with the box writes their own file in the same format and
checks it with ``hordes-kit check-data FILE``; a game carries the file's text in its
config (never a path).

File format (TOML), one array of tables per kind of card. Every card has ``name``,
``code`` (``"CAM.014 2x"``: set, number, copies), ``sample`` and ``note``.

* ``[[horde]]``: ``horde`` (its horde), ``level`` (power level 1 weakest, 2, 3
  strongest), ``type`` (monster, spell, attachment), ``attack``/``health`` (monsters),
  ``boost`` (mana boost 0-2), ``treachery`` (``"left N"``, ``"right N"``, ``"ability"``
  or ``"none"``), ``treachery_only`` (the treachery-only symbol), ``keywords``,
  ``abilities``.
* ``[[alliance]]``: ``faction``, ``type`` (ally, tower, spell, attachment), ``subtype``,
  ``rarity`` (base = common, rare, mythic, legendary), ``cost``, ``attack``/``health``
  (allies, towers), ``hero`` (related hero), ``reaction`` (the treachery-phase
  symbol), ``keywords``, ``abilities``.
* ``[[castle]]``: ``faction``, ``health``, ``abilities`` (besides the universal Draw),
  ``deck_size`` and ``limits`` (the card back: ``{rarity, factions, max}`` per rarity).
* ``[[portal]]``: ``stage`` 1-4, ``horde`` (stage 1 portals may name one), and a
  ``solo`` and a ``coop`` face: ``{health, rotations = [[wave, reinforce, mana] x 4]}``.
* ``[[outsider]]``: ``type`` (immortal with ``stage``, enchanter with ``enchantment``,
  colossal with ``layout`` = names left to right, appendage with ``of``), ``attack``,
  ``health``, ``keywords``, ``abilities``.
* ``[[minion]]``: ``keywords`` (the minions: ``pillager``, ``attack-per-health 1``,
  ``trample-at 4``).
* ``[[scenario]]``: ``horde``, ``difficulty``, ``flavor``, ``mandatory`` (effects),
  ``actions`` (``{name, gold, effects, repeat}``: negative gold is spent, positive
  earned; ``repeat`` = the infinity symbol), ``income``, ``henchman`` (the back:
  ``{name, attack, health, keywords, abilities}``).
* ``[[token]]``: card tokens: ``side`` (ally or monster), ``attack``, ``health``.
* ``[[deck]]``: a pre-made deck (``faction`` and ``set``: every card of that faction in
  the set) or a custom one (``castle`` and ``cards = { "Card name" = copies }``).

Bounds, checked while the file is read (before anything is built from it): the text is
at most 1,000,000 characters; at most 500 tables of each kind; a name is 1-100
characters with a letter or a digit (the card's id is made from it, and no two cards,
castles, portals, scenarios or decks make the same id); at most 40 copies of a card
(``Nx``) and 2,000 cards in the file, copies counted; at most 20 keywords, abilities,
effects in one ability, layout names, scenario actions each; a number written in a text
(``armor 2``, ``left 3``, ``draw 1``) is ASCII digits, at most 99; a custom deck names at
most 500 cards, 1-40 copies each. Then a game must be able to start: horde cards, a
castle, a stage 1 portal, an outsider, at least two minions, and custom decks that keep
their castle's rules (``card_checks.py``).

Keywords: ``armor N``, ``barrier``, ``defender``, ``elusive N``, ``epic``, ``fast``,
``heroic N``, ``pillager``, ``taunt``, ``trample``, ``trample-at N``,
``attack-per-health N``, and what a card cannot do: ``cannot-strike``,
``cannot-pillage``, ``cannot-move``, ``cannot-engage``, ``cannot-be-engaged``.
Abilities: ``"trigger[, mana N][, charge N][, reaction][, if CONDITION]: effect[;
effect]"`` with the triggers (``damaged``: after this card is damaged), conditions,
effects and targets listed in ``vocabulary.py`` (ADD X MANA is ``mana X``, tower charges
are ``charges N`` and the ``charge N`` exhaust cost, card tokens are ``token NAME N``).
A number may be ``x`` (``-x``): the player chooses it as the ability resolves, and
``mana x`` pays it. A keyword is granted with its number (``gain ally heroic 2``, for the
rest of the turn ``temp-gain``); ``temp-health``, ``remove``, ``return`` and
``conceal-back`` write the glossary's other effects.
"""

from __future__ import annotations

import os
from functools import lru_cache

from hordes_kit.core.cardcheck import check_size
from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.inputs import parse_toml, read_text, shown
from hordes_kit.skytear.card_model import (
    COMPONENTS,
    COPY_LIMIT,
    RARITIES,
    Card,
    CardSet,
    Castle,
    Deck,
    Portal,
    PortalFace,
    Scenario,
    ScenarioAction,
)
from hordes_kit.skytear.card_reader import parse_cards

__all__ = [
    "CARDS_FILE",
    "COMPONENTS",
    "RARITIES",
    "COPY_LIMIT",
    "Card",
    "Castle",
    "PortalFace",
    "Portal",
    "ScenarioAction",
    "Scenario",
    "Deck",
    "CardSet",
    "load_cards",
    "load_card_text",
    "load_card_file",
    "shipped_cards",
]

CARDS_FILE = data_path("skytear", "cards.toml")


@lru_cache(maxsize=8)
def load_card_text(text: str, source: str = "your card file") -> CardSet:
    """Parse a card file's text (a player's own file travels as text in the config): its
    size first, then every field, bound, id and the semantic checks (``card_checks``)."""
    check_size(text, source)
    return parse_cards(parse_toml(text, source), source)


def load_card_file(path: str | os.PathLike) -> CardSet:
    """Read and validate a card file from disk (``hordes-kit check-data``), read safely."""
    return load_card_text(read_text(path), shown(path))


@lru_cache(maxsize=2)
def shipped_cards() -> CardSet:
    """The card file shipped with the kit."""
    return parse_cards(read_toml(CARDS_FILE), str(CARDS_FILE))


def load_cards(text: str = "") -> CardSet:
    """The cards of a game: the shipped file when ``text`` is empty, else that file's text."""
    if not text:
        return shipped_cards()
    if "\n" not in text:
        raise InvalidInputError(
            "the config's 'cards' holds the text of a card file, not a file name "
            "(a game never opens a file named in its config)"
        )
    return load_card_text(text)
