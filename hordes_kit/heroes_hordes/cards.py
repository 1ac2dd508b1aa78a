"""Heroes & Hordes cards: the rulebook's card list as data, its notes parsed into modifiers.

The file is ``data/heroes_hordes/cards.csv`` (columns ``name, types, strength, copies,
note``), exactly the rulebook's CARD LIST. ``types`` uses the rulebook notation
(M Men, E Elf, D Dwarf, G Goblin, U Undead, Z Dragon, A = M/E/D, V Event; split cards
``M/E``). Each note is parsed by the small grammar below; an unknown note is a
``CardDataError`` naming the file, the card and the field.

Note grammar (parts separated by ``;`` or ``,``):

* keywords: ``Troops`` (``Troop``), ``Bows`` (``Bow``), ``Fast``, ``Tech``, ``Magic``, ``Spy``
* ``All <Race> [Troop] cards get Force +N`` / ``All <Races> get Force +N`` - a lord bonus
* ``<Keyword> cards get +N`` - a bonus to every card of that keyword in the pile
* ``+N vs <Races>`` - when the opposing pile is of that race
* ``+N if Horde has more cards`` - Berserkers
* ``Mine for <Races>`` - an extra draw per turn (Mines)
* events: ``Random Horde Attacks``, ``Discard target Horde card``,
  ``Search deck for card & put it in play``, ``Search discard for card & put it in play``
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from hordes_kit.core.cardcheck import MAX_ROWS, check_size, text_of
from hordes_kit.core.data import data_path, slug
from hordes_kit.core.errors import CardDataError, InvalidInputError
from hordes_kit.core.inputs import (
    DigestCache,
    digest,
    parse_csv,
    read_text,
    shown,
    whole_number,
)

__all__ = [
    "HEROES",
    "HORDES",
    "RACES",
    "PILES",
    "RACE_OF_PILE",
    "PILE_OF_RACE",
    "SYNERGY",
    "Bonus",
    "Card",
    "load_cards",
    "cards_from_text",
    "cards_of_config",
    "check_file",
    "parse_note",
    "slug",
    "CARDS_FILE",
]

CARDS_FILE = data_path("heroes_hordes", "cards.csv")
HEROES = ("M", "E", "D")
HORDES = ("G", "U", "Z")
RACES = HEROES + HORDES
PILES = ("men", "elves", "dwarves", "goblins", "undead", "dragons")
RACE_OF_PILE = dict(zip(PILES, RACES))
PILE_OF_RACE = dict(zip(RACES, PILES))
RACE_NAMES = {"M": "Men", "E": "Elf", "D": "Dwarf", "G": "Goblin", "U": "Undead", "Z": "Dragon"}
MAX_CARDS = 1000  # cards in a file, copies counted
MAX_NAME = 100  # characters of a card name
MAX_NOTE = 300  # characters of a note (the grammar's longest is under 60)
KEYWORDS = ("Troops", "Bows", "Fast", "Tech", "Magic", "Spy")
SYNERGY = ("Troops", "Bows", "Fast")  # +1 per other card of the keyword in the pile
EVENTS = {
    "random horde attacks": "raid",
    "discard target horde card": "slay",
    "search deck for card & put it in play": "search-deck",
    "search discard for card & put it in play": "search-discard",
}

# spellings in the notes -> race code (Troop/Troops and Bow/Bows are one keyword: ruling)
_RACE_WORDS = {
    "man": "M",
    "men": "M",
    "elf": "E",
    "elves": "E",
    "dwarf": "D",
    "dwarves": "D",
    "goblin": "G",
    "goblins": "G",
    "undead": "U",
    "dragon": "Z",
    "dragons": "Z",
}
_KEYWORD_WORDS = {
    "troop": "Troops",
    "troops": "Troops",
    "bow": "Bows",
    "bows": "Bows",
    "fast": "Fast",
    "tech": "Tech",
    "magic": "Magic",
    "spy": "Spy",
}


@dataclass(frozen=True)
class Bonus:
    """A force bonus a card gives to cards of its pile (itself included unless
    ``self_too`` is false: the table rule ``lords_self``).

    ``races``: the receiving card must have one of these types (empty: any);
    ``keyword``: ... and this keyword (None: any).
    """

    amount: int
    races: frozenset[str] = frozenset()
    keyword: str | None = None
    self_too: bool = field(default=True, repr=False)

    def applies_to(self, card: Card) -> bool:
        """True when ``card`` receives this bonus."""
        if self.races and not (self.races & card.types):
            return False
        return self.keyword is None or self.keyword in card.keywords


@dataclass(frozen=True)
class Card:
    """One card: types (several for split cards), strength, keywords and modifiers."""

    id: str
    name: str
    types: frozenset[str]
    strength: int
    keywords: frozenset[str] = frozenset()
    bonuses: tuple[Bonus, ...] = ()
    vs: tuple[tuple[str, int], ...] = ()  # (race, +N) against a pile of that race
    berserk: int = 0
    mine: frozenset[str] = frozenset()
    event: str | None = None
    note: str = ""
    type_text: str = field(default="", compare=False)

    @property
    def is_event(self) -> bool:
        """True for the eight event cards."""
        return self.event is not None

    @property
    def is_hero(self) -> bool:
        """True for Men, Elf and Dwarf cards (split included)."""
        return bool(self.types & set(HEROES))

    @property
    def is_horde(self) -> bool:
        """True for Goblin, Undead and Dragon cards."""
        return bool(self.types & set(HORDES))

    def piles(self) -> tuple[str, ...]:
        """The piles this card may go to (the player chooses among several)."""
        return tuple(PILE_OF_RACE[r] for r in RACES if r in self.types)


def _races(words: str) -> frozenset[str] | None:
    out = set()
    for w in re.split(r"[/\s]+|,|\band\b|\bor\b", words.strip().lower()):
        if not w:
            continue
        if w not in _RACE_WORDS:
            return None
        out.add(_RACE_WORDS[w])
    return frozenset(out) or None


def parse_note(note: str) -> dict:
    """Parse a card note into keywords and modifiers; raises ``ValueError`` if unknown.

    >>> parse_note("All Dwarf Troop cards get Force +3")["bonuses"]
    (Bonus(amount=3, races=frozenset({'D'}), keyword='Troops'),)
    >>> sorted(parse_note("Bows; Spy, +2 vs Goblins")["keywords"])
    ['Bows', 'Spy']
    """
    out: dict = {
        "keywords": set(),
        "bonuses": [],
        "vs": [],
        "berserk": 0,
        "mine": set(),
        "event": None,
    }
    text = note.strip()
    if len(text) > MAX_NOTE:
        raise ValueError(f"a note is at most {MAX_NOTE} characters")
    if text in ("", "-"):
        return _frozen(out)
    if text.lower() in EVENTS:
        out["event"] = EVENTS[text.lower()]
        return _frozen(out)
    for part in (p.strip() for p in re.split(r"[;,]", text)):
        low = part.lower()
        if not part:
            continue
        if low in _KEYWORD_WORDS:
            out["keywords"].add(_KEYWORD_WORDS[low])
            continue
        m = re.fullmatch(r"all (.+?) (troop )?cards get force \+([0-9]{1,2})", low) or re.fullmatch(
            r"all (.+?)()() get force \+([0-9]{1,2})", low
        )
        if m:
            amount = int(m.groups()[-1])
            races = _races(m.group(1))
            if races is None:
                raise ValueError(f"unknown race in {part!r}")
            out["bonuses"].append(Bonus(amount, races, "Troops" if m.group(2) else None))
            continue
        m = re.fullmatch(r"(\w+) cards get \+([0-9]{1,2})", low)
        if m and m.group(1) in _KEYWORD_WORDS:
            out["bonuses"].append(Bonus(int(m.group(2)), frozenset(), _KEYWORD_WORDS[m.group(1)]))
            continue
        m = re.fullmatch(r"\+([0-9]{1,2}) vs (.+)", low)
        if m and _races(m.group(2)):
            out["vs"].extend((r, int(m.group(1))) for r in sorted(_races(m.group(2))))
            continue
        m = re.fullmatch(r"\+([0-9]{1,2}) if horde has more cards", low)
        if m:
            out["berserk"] = int(m.group(1))
            continue
        m = re.fullmatch(r"mine for (.+)", low)
        if m and _races(m.group(1)):
            out["mine"] |= _races(m.group(1))
            continue
        raise ValueError(f"cannot read {part!r}")
    return _frozen(out)


def _frozen(d: dict) -> dict:
    return {
        "keywords": frozenset(d["keywords"]),
        "bonuses": tuple(d["bonuses"]),
        "vs": tuple(d["vs"]),
        "berserk": d["berserk"],
        "mine": frozenset(d["mine"]),
        "event": d["event"],
    }


def _types(text: str) -> frozenset[str] | None:
    if text == "A":
        return frozenset(HEROES)
    parts = text.split("/")
    if not parts or any(p not in RACES + ("V",) for p in parts):
        return None
    return frozenset(parts)


_CACHE = DigestCache()
CONFIG_LABEL = "the card data in the game's config ('cards')"


def _load(text: str, f: str, copies: int | None) -> tuple[Card, ...]:
    cards: list[Card] = []
    ids: dict[str, str] = {}
    rows = parse_csv(text, f, ["name", "types", "strength", "copies", "note"], MAX_ROWS)
    for line, row in enumerate(rows, start=2):  # line numbers as an editor shows them
        name = row["name"].strip()
        if not name:
            raise CardDataError(f, f"line {line}", "name", "empty name")
        if len(name) > MAX_NAME or not slug(name):
            raise CardDataError(
                f, name[:40], "name", f"1-{MAX_NAME} characters with a letter or a digit"
            )
        types = _types(row["types"].strip())
        if types is None:
            raise CardDataError(
                f, name, "types", f"{row['types'][:20]!r}: use M, E, D, G, U, Z, V, A or e.g. M/E"
            )
        try:
            mods = parse_note(row["note"])
        except ValueError as e:
            raise CardDataError(f, name, "note", str(e)) from None
        is_event = types == {"V"}
        if is_event != (mods["event"] is not None):
            raise CardDataError(f, name, "note", "events (type V) and event notes go together")
        raw = row["strength"].strip()
        if is_event:
            if raw not in ("", "-"):
                raise CardDataError(f, name, "strength", "an event has no strength")
            strength = 0
        else:
            strength = whole_number(raw, f, name, "strength", 0, 30)
        n = whole_number(row["copies"].strip() or "1", f, name, "copies", 0, 10)
        n = n if copies is None else copies
        for k in range(1, n + 1):
            cid = slug(name) if n == 1 else f"{slug(name)}-{k}"
            if cid in ids:
                raise CardDataError(
                    f, name, "name", f"makes the card id {cid!r}, as {ids[cid]!r} does: rename one"
                )
            ids[cid] = name
            cards.append(
                Card(
                    id=cid,
                    name=name,
                    types=types,
                    strength=strength,
                    note=row["note"],
                    type_text=row["types"],
                    **mods,
                )
            )
        if len(cards) > MAX_CARDS:
            raise CardDataError(f, name, "copies", f"more than {MAX_CARDS} cards in all")
    if not cards:
        raise CardDataError(f, None, None, "no cards")
    if not any(c.is_hero for c in cards) or not any(c.is_horde for c in cards):
        raise CardDataError(f, None, "types", "a game needs hero cards and horde cards")
    return tuple(cards)


def cards_from_text(
    text: str, file: str = CONFIG_LABEL, copies: int | None = None
) -> tuple[Card, ...]:
    """Every card (one per copy) of a card file's text, validated; cached by digest."""
    check_size(text_of(text, file), file)
    return _CACHE.get((digest(text), file, copies), lambda: _load(text, file, copies))


@lru_cache(maxsize=8)
def _shipped(copies: int | None) -> tuple[Card, ...]:
    return cards_from_text(read_text(CARDS_FILE), shown(CARDS_FILE), copies)


def load_cards(path: str | Path = CARDS_FILE, copies: int | None = None) -> tuple[Card, ...]:
    """Every card (one per copy), validated; ``copies`` overrides the file's column."""
    if Path(path) == CARDS_FILE:
        return _shipped(copies)
    return cards_from_text(read_text(path), shown(path), copies)


def cards_of_config(cards: str, copies: int | None = None) -> tuple[Card, ...]:
    """The cards a game config names: ``""`` the shipped list, else a card file's text."""
    if not cards:
        return _shipped(copies)
    if "\n" not in cards:
        raise InvalidInputError(
            "the config's 'cards' holds the text of a card file, not a file name "
            "(a game never opens a file named in its config)"
        )
    return cards_from_text(cards, CONFIG_LABEL, copies)


def check_file(path: str | Path) -> tuple[list[str], list[dict]]:
    """``check-data`` for a card file: the lines to print and the game configs to try."""
    text = read_text(path)
    cards = cards_from_text(text, shown(path))
    return [f"OK: Heroes & Hordes card file {shown(path)}: {len(cards)} cards."], [{"cards": text}]
