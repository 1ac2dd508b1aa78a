"""Fantahzee card lists as data (``data/fantahzee/cards.toml``), validated on load.

The rulebook prints no full card lists. The shipped file has every card it names with
the numbers it states; what it leaves out is filled with sample values marked
``sample = true``, and sample cards complete the decks to the component counts. A
player who owns the game can write their own file and check it with
``hordes-kit check-data FILE``.

File format (TOML), one array of tables per kind of card:

* ``[[hero]]``: ``name``, ``class`` (Artificer, Mage, Warrior), ``copies``,
  ``strength`` (0 or more), ``cost`` (dice, the odds solver's notation: ``XXXX``
  four of a kind, ``5`` a five, ``XX5``...), optional ``steam_cost`` (may be paid
  with steam instead), ``effects``, ``sample``, ``note``.
* ``[[action]]``: ``name``, ``copies``, ``effects``, ``sample``, ``note``.
* ``[[monster]]``: ``name``, ``level`` (1, 2 or "boss"), ``copies``, ``strength``,
  ``counterattack``, ``ambush``, ``xp``, ``treasure`` (0 none, else the level of the
  treasure side it gives), ``effects``, ``sample``, ``note``.
* ``[[town]]``: ``name``, ``xp`` (negative), ``effects``, ``sample``, ``note``.
* ``[[treasure]]``: ``name``, ``level1`` and ``level2`` (effects), ``sample``, ``note``.

Effects are strings ``"verb [number]"`` from this vocabulary (``EFFECTS``):

==========================  ===============================================================
``steam N``                 get N steam this turn
``shield N``                Shield N this turn (against Counterattack and Ambush)
``extra_dice N``            N extra dice this turn
``extra_rolls N``           N extra rolls this turn
``reduce_x N``              a chosen hero costs N fewer X dice this turn (never a number)
``discount_per_active N``   this hero costs N fewer X dice per active hero (Captain)
``activate_other``          activate one of your heroes with strength <= this hero's
``capture N``               put a monster of strength <= N into your victory pile,
                            ignoring Counterattack (Archmage)
``capture_other N``         on defeat: the same, from another stack (Ice Giant)
``move_stack any``          move a horde stack to any position in the horde line
``front_to_back``           move the front horde stack to the back of the line
==========================  ===============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hordes_kit.core.cardcheck import MAX_ROWS, IdSpace, check_size, text_of
from hordes_kit.core.data import data_path, slug
from hordes_kit.core.errors import CardDataError, HordesKitError, InvalidInputError
from hordes_kit.core.inputs import (
    DigestCache,
    digest,
    int_value,
    parse_toml,
    read_text,
    shown,
)
from hordes_kit.fantahzee.costs import parse_cost

__all__ = [
    "EFFECTS",
    "COUNTS",
    "Effect",
    "Hero",
    "Action",
    "Monster",
    "Town",
    "Treasure",
    "CardSet",
    "load_cards",
    "cards_from_text",
    "cards_of_config",
    "shipped_cards",
    "check_file",
    "CARDS_FILE",
    "LIMITS",
]

CARDS_FILE = data_path("fantahzee", "cards.toml")
# verb -> what its argument is: "n" a whole number >= 0, "any" the word any, None nothing
EFFECTS = {
    "steam": "n",
    "shield": "n",
    "extra_dice": "n",
    "extra_rolls": "n",
    "reduce_x": "n",
    "discount_per_active": "n",
    "activate_other": None,
    "capture": "n",
    "capture_other": "n",
    "move_stack": "any",
    "front_to_back": None,
}
CLASSES = ("Artificer", "Mage", "Warrior")
STACKS = 5  # Setup 2: one horde stack per Boss, five at most (named A-E)
# Bounds on a card file's numbers (the box's largest is far below each) and its size
LIMITS = {
    "copies": 99,  # copies of one card
    "cards": 1000,  # cards in the whole file, copies counted
    "number": 99,  # strength, counterattack, ambush, XP, steam cost, an effect's number
    "name": 100,  # characters of a card name
    "effects": 20,  # effects on one card
}
# Components: the counts a full game needs (the shipped file meets them; a player's own
# file is checked against them too, as warnings are not errors: see ``CardSet.problems``)
COUNTS = {
    "hero": 75,
    "action": 20,
    "level 1": 30,
    "level 2": 25,
    "boss": 5,
    "town": 10,
    "treasure": 9,
}


@dataclass(frozen=True)
class Effect:
    """One effect: a verb from ``EFFECTS`` and its number (0 when it takes none)."""

    verb: str
    amount: int = 0
    text: str = ""


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    cls: str
    copies: int
    strength: int
    cost: str
    steam_cost: int | None
    effects: tuple[Effect, ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class Action:
    id: str
    name: str
    copies: int
    effects: tuple[Effect, ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class Monster:
    id: str
    name: str
    level: str  # "1", "2" or "boss"
    copies: int
    strength: int
    counterattack: int
    ambush: int
    xp: int
    treasure: int
    effects: tuple[Effect, ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    xp: int
    effects: tuple[Effect, ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class Treasure:
    id: str
    name: str
    level1: tuple[Effect, ...]
    level2: tuple[Effect, ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class CardSet:
    """Every card of a Fantahzee card file."""

    path: str
    heroes: tuple[Hero, ...]
    actions: tuple[Action, ...]
    monsters: tuple[Monster, ...]
    towns: tuple[Town, ...]
    treasures: tuple[Treasure, ...]

    def counts(self) -> dict[str, int]:
        """How many cards of each component the file makes (copies counted)."""
        lv = {"1": 0, "2": 0, "boss": 0}
        for m in self.monsters:
            lv[m.level] += m.copies
        return {
            "hero": sum(h.copies for h in self.heroes),
            "action": sum(a.copies for a in self.actions),
            "level 1": lv["1"],
            "level 2": lv["2"],
            "boss": lv["boss"],
            "town": len(self.towns),
            "treasure": len(self.treasures),
        }

    def problems(self) -> list[str]:
        """Where the file's decks differ from the box's component counts."""
        got = self.counts()
        return [f"{k}: {got[k]} cards, the box has {n}" for k, n in COUNTS.items() if got[k] != n]

    def samples(self) -> int:
        """How many cards carry sample values."""
        every = self.heroes + self.actions + self.monsters + self.towns + self.treasures
        return sum(c.sample for c in every)


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, card, field, problem):
        raise CardDataError(self.file, card, field, problem)

    def text(self, raw: dict, card: str | None, field: str, required: bool = True) -> str:
        v = raw.get(field, "" if not required else None)
        if v is None or not isinstance(v, str) or (required and not v.strip()):
            self.fail(card, field, "must be a non-empty text" if required else "must be text")
        return v.strip()

    def name(self, raw: dict) -> str:
        name = self.text(raw, None, "name")
        if len(name) > LIMITS["name"]:
            self.fail(name[:40] + "...", "name", f"longer than {LIMITS['name']} characters")
        if not slug(name):
            self.fail(name, "name", "a name needs a letter or a digit (it makes the card id)")
        return name

    def int_(
        self, raw: dict, card: str, field: str, lo: int = 0, default=None, hi: int | None = None
    ) -> int:
        hi = LIMITS["copies" if field == "copies" else "number"] if hi is None else hi
        return int_value(raw.get(field, default), self.file, card, field, lo, hi)

    def flag(self, raw: dict, card: str) -> bool:
        v = raw.get("sample", False)
        if not isinstance(v, bool):
            self.fail(card, "sample", "must be true or false")
        return v

    def effects(self, raw: dict, card: str, field: str = "effects") -> tuple[Effect, ...]:
        items = raw.get(field, [])
        if not isinstance(items, list):
            self.fail(card, field, 'must be a list like ["steam 4", "shield 1"]')
        if len(items) > LIMITS["effects"]:
            self.fail(card, field, f"more than {LIMITS['effects']} effects")
        out = []
        for item in items:
            if not isinstance(item, str) or not item.split():
                self.fail(card, field, f"{item!r} is not an effect")
            verb, *args = item.split()
            kind = EFFECTS.get(verb)
            if verb not in EFFECTS:
                known = ", ".join(EFFECTS)
                self.fail(card, field, f"unknown effect {verb!r} (known: {known})")
            if kind is None and args:
                self.fail(card, field, f"{verb!r} takes no number")
            if kind == "n":
                top = LIMITS["number"]
                if len(args) != 1 or not re.fullmatch(r"[0-9]{1,2}", args[0]):
                    self.fail(
                        card, field, f"{verb!r} needs one whole number 0-{top}, like '{verb} 2'"
                    )
                out.append(Effect(verb, int(args[0]), item))
            elif kind == "any":
                if args != ["any"]:
                    self.fail(card, field, f"write '{verb} any'")
                out.append(Effect(verb, 0, item))
            else:
                out.append(Effect(verb, 0, item))
        return tuple(out)

    def known(self, raw: dict, card: str | None, fields: set[str]) -> None:
        bad = sorted(set(raw) - fields)
        if bad:
            self.fail(card, bad[0], "unknown field")


HERO_FIELDS = {
    "name",
    "class",
    "copies",
    "strength",
    "cost",
    "steam_cost",
    "effects",
    "sample",
    "note",
}
MONSTER_FIELDS = {
    "name",
    "level",
    "copies",
    "strength",
    "counterattack",
    "ambush",
    "xp",
    "treasure",
    "effects",
    "sample",
    "note",
}


def _hero(r: _Reader, raw: dict) -> Hero:
    name = r.name(raw)
    r.known(raw, name, HERO_FIELDS)
    cls = r.text(raw, name, "class")
    if cls not in CLASSES:
        r.fail(name, "class", f"must be one of {', '.join(CLASSES)}, got {cls!r}")
    cost = r.text(raw, name, "cost")
    try:
        parse_cost(cost)
    except HordesKitError as e:
        r.fail(name, "cost", str(e))
    steam = raw.get("steam_cost")
    if steam is not None:
        steam = r.int_(raw, name, "steam_cost", 1)
    return Hero(
        slug(name),
        name,
        cls,
        r.int_(raw, name, "copies", 1, 1),
        r.int_(raw, name, "strength"),
        cost,
        steam,
        r.effects(raw, name),
        r.flag(raw, name),
        r.text(raw, name, "note", False),
    )


def _monster(r: _Reader, raw: dict) -> Monster:
    name = r.name(raw)
    r.known(raw, name, MONSTER_FIELDS)
    level = raw.get("level")
    level = str(level) if level in (1, 2, "boss") and not isinstance(level, bool) else ""
    if level not in ("1", "2", "boss"):
        r.fail(name, "level", f'must be 1, 2 or "boss", got {raw.get("level")!r}')
    treasure = r.int_(raw, name, "treasure", 0, 0)
    if treasure > 2:
        r.fail(name, "treasure", "must be 0 (none), 1 or 2 (the treasure side it gives)")
    return Monster(
        slug(name),
        name,
        level,
        r.int_(raw, name, "copies", 1, 1),
        r.int_(raw, name, "strength"),
        r.int_(raw, name, "counterattack", 0, 0),
        r.int_(raw, name, "ambush", 0, 0),
        r.int_(raw, name, "xp", 0),
        treasure,
        r.effects(raw, name),
        r.flag(raw, name),
        r.text(raw, name, "note", False),
    )


def _rows(r: _Reader, doc: dict, kind: str) -> list[dict]:
    rows = doc.get(kind, [])
    if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
        r.fail(None, kind, f"write each card as a [[{kind}]] table")
    if len(rows) > MAX_ROWS:  # before a card is made
        r.fail(None, kind, f"{len(rows):,} [[{kind}]] tables: at most {MAX_ROWS}")
    return rows


def load_cards(path: str | Path = CARDS_FILE) -> CardSet:
    """Read and validate a Fantahzee card file; errors name the file, card and field."""
    if Path(path) == CARDS_FILE:
        return shipped_cards()
    return cards_from_text(read_text(path), shown(path))


@lru_cache(maxsize=1)
def shipped_cards() -> CardSet:
    """The shipped card file (read once)."""
    return cards_from_text(read_text(CARDS_FILE), shown(CARDS_FILE))


_CACHE = DigestCache()
CONFIG_LABEL = "the card data in the game's config ('cards')"


def cards_from_text(text: str, file: str = CONFIG_LABEL) -> CardSet:
    """Validate the text of a card file (``file`` names it in errors); cached by digest."""
    check_size(text_of(text, file), file)
    return _CACHE.get((digest(text), file), lambda: _cards(parse_toml(text, file), file))


def cards_of_config(cards: str) -> CardSet:
    """The cards a game config names: ``""`` the shipped file, else a card file's text."""
    if not cards:
        return shipped_cards()
    if "\n" not in cards and ("=" not in cards or cards.endswith(".toml")):
        raise InvalidInputError(
            "the config's 'cards' holds the text of a card file, not a file name "
            "(a game never opens a file named in its config)"
        )
    return cards_from_text(cards)


def _cards(doc: dict, file: str) -> CardSet:
    r = _Reader(file)
    r.known(doc, None, {"hero", "action", "monster", "town", "treasure"})
    for kind in ("hero", "action", "monster", "town", "treasure"):
        _rows(r, doc, kind)  # every count bounded before a card is made
    heroes = tuple(_hero(r, raw) for raw in _rows(r, doc, "hero"))
    actions = []
    for raw in _rows(r, doc, "action"):
        name = r.name(raw)
        r.known(raw, name, {"name", "copies", "effects", "sample", "note"})
        actions.append(
            Action(
                slug(name),
                name,
                r.int_(raw, name, "copies", 1, 1),
                r.effects(raw, name),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    monsters = tuple(_monster(r, raw) for raw in _rows(r, doc, "monster"))
    towns = []
    for raw in _rows(r, doc, "town"):
        name = r.name(raw)
        r.known(raw, name, {"name", "xp", "effects", "sample", "note"})
        if isinstance(raw.get("xp"), int) and raw["xp"] > 0:
            r.fail(name, "xp", f"a town's XP is a penalty (0 or less), got {raw['xp']}")
        xp = r.int_(raw, name, "xp", -LIMITS["number"], hi=0)
        towns.append(
            Town(
                slug(name),
                name,
                xp,
                r.effects(raw, name),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    treasures = []
    for raw in _rows(r, doc, "treasure"):
        name = r.name(raw)
        r.known(raw, name, {"name", "level1", "level2", "sample", "note"})
        treasures.append(
            Treasure(
                slug(name),
                name,
                r.effects(raw, name, "level1"),
                r.effects(raw, name, "level2"),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    every = [*heroes, *actions, *monsters, *towns, *treasures]
    ids = IdSpace(file)  # every card of the file: one id space, both places named
    for kind, cards in (
        ("hero", heroes),
        ("action", actions),
        ("monster", monsters),
        ("town", towns),
        ("treasure", treasures),
    ):
        for i, c in enumerate(cards, 1):
            ids.add(c.id, c.name, f"[[{kind}]] {i}")
    if not heroes or not monsters:
        r.fail(None, "hero" if not heroes else "monster", "the file needs heroes and monsters")
    cards = CardSet(file, heroes, tuple(actions), monsters, tuple(towns), tuple(treasures))
    total = sum(getattr(c, "copies", 1) for c in every)
    if total > LIMITS["cards"]:
        r.fail(
            None, None, f"{total:,} cards in all (copies counted); the limit is {LIMITS['cards']:,}"
        )
    bosses = cards.counts()["boss"]
    if not 1 <= bosses <= STACKS:
        r.fail(
            None,
            "monster",
            f"{bosses} Boss monsters (copies counted): Setup makes one horde stack per Boss, "
            f"so a game needs 1 to {STACKS}",
        )
    return cards


def check_file(path: str | Path) -> tuple[list[str], list[dict]]:
    """``check-data`` for a card file: the lines to print and the game configs to try."""
    text = read_text(path)
    cards = cards_from_text(text, shown(path))
    n = cards.counts()
    out = [
        f"OK: Fantahzee card file {shown(path)}: {n['hero']} heroes, {n['action']} actions, "
        f"{n['level 1']} level 1 + {n['level 2']} level 2 + {n['boss']} boss monsters, "
        f"{n['town']} towns, {n['treasure']} treasures ({cards.samples()} with sample values)."
    ]
    out += [f"note: {x}" for x in cards.problems()]
    configs = [{"players": p, "cards": text} for p in (5, 4, 3, 2)]
    return out, configs
