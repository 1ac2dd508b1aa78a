"""Heroes & Hordes' cards for the card reference (``core/cardref.py``): the rulebook's card
list, each card with its type letters (M E D G U Z, A, V; ``M/E`` for a split card), its
STR and its notes, and the list's notation. Every value is the book's."""

from __future__ import annotations

from collections.abc import Iterator

from hordes_kit.core.cardref import CardRef, Chart
from hordes_kit.heroes_hordes.cards import RACES, load_cards
from hordes_kit.heroes_hordes.rules import GAME, RULE

__all__ = ["GROUP", "LETTERS", "cards", "charts", "type_words"]

GROUP = "Race"
# CARD LIST NOTATION, letter by letter
LETTERS = {
    "M": "Men",
    "E": "Elf",
    "D": "Dwarf",
    "G": "Goblin",
    "U": "Undead",
    "Z": "Dragon",
    "A": "Men, Elf, or Dwarf",
    "V": "Event",
}
RACE_GROUPS = {
    "M": "Men",
    "E": "Elves",
    "D": "Dwarves",
    "G": "Goblins",
    "U": "Undead",
    "Z": "Dragons",
}


def type_words(letters: str) -> str:
    """The card list's type column in words: ``'M/E'`` -> ``'Men or Elf (split card)'``."""
    if letters in LETTERS and "/" not in letters:
        split = " (split card)" if letters == "A" else ""
        return LETTERS[letters] + split
    return " or ".join(LETTERS.get(p, p) for p in letters.split("/")) + " (split card)"


def _rules(c) -> tuple[str, ...]:
    keys = []
    if len(c.types) > 1:
        keys.append("split-cards")
    if c.mine:
        keys.append("mines")
    if c.vs:
        keys.append("vs")
    if c.berserk:
        keys.append("berserkers")
    if any(b.races for b in c.bonuses):
        keys.append("ruling.lords")
    if any(b.keyword and not b.races for b in c.bonuses):
        keys.append("keyword-bonus")
    if c.event:
        keys.append({"slay": "event.slay", "raid": "ruling.random-horde-attacks"}.get(
            c.event, "event.search"))  # fmt: skip
    return tuple(RULE + k for k in keys)


def cards() -> Iterator[CardRef]:
    """Every card of the shipped list, in the book's order (copies counted once)."""
    seen: dict[str, list] = {}
    for c in load_cards():
        seen.setdefault(c.name, []).append(c)
    for name, copies in seen.items():
        c = copies[0]
        letters = c.type_text.strip()
        if c.is_event:
            kind, groups = "Event", ()
        else:
            kind = "Hero" if c.is_hero else "Horde"
            groups = tuple(RACE_GROUPS[r] for r in RACES if r in c.types)
        keywords = sorted(c.keywords) + (["Mine"] if c.mine else [])
        strength = "-" if c.is_event else str(c.strength)
        called = () if name in RACE_GROUPS.values() else None  # "Goblins": the race, mostly
        yield CardRef(
            GAME,
            c.id.rsplit("-", 1)[0] if len(copies) > 1 else c.id,
            name,
            kind,
            groups,
            (("STR", strength),),
            c.note.strip() if c.note.strip() not in ("", "-") else "",
            tuple(keywords),
            copies=len(copies),
            notation=f"{letters} {strength}",
            notation_words=f"{letters} = {type_words(letters)}, STR (strength) {strength}",
            note="Every value is the rulebook's Card List.",
            rules=_rules(c),
            called=called,
            source=c,
        )


def charts() -> tuple[Chart, ...]:
    """The card list's notation, letter by letter."""
    rows = tuple((k, v) for k, v in LETTERS.items()) + (("STR", "Strength (= Force)"),)
    return (
        Chart(
            "notation",
            "Card List Notation",
            ("Letter", "Means"),
            rows,
            note="Split cards (two or more letters, such as M/E) go to the pile of your choice.",
            rule="split-cards",
        ),
    )
