"""The Horde's cards and charts for the card reference (``core/cardref.py``): the recruit
and horde deck lists as the rulebook prints them (``#``, cost, type letter, force), and
its Master Turn Chart and Indigenous Hordlings Chart. Every value is the book's."""

from __future__ import annotations

from collections.abc import Iterator

from hordes_kit.core.cardref import CardRef, Chart
from hordes_kit.core.rules_index import rule_index
from hordes_kit.the_horde.cards import TYPES, load_data
from hordes_kit.the_horde.rules import GAME, RULE

__all__ = ["GROUP", "SEASONS", "cards", "charts", "force_column"]

GROUP = "Deck"
SEASONS = {"S": "Summer", "F": "Fall", "W": "Winter"}  # as the Master Turn Chart writes them
RECRUIT, HORDE = "Recruit deck", "Horde deck"
# the effects the engine reads whose own card note has no rule id named after it
EFFECT_RULES = {
    "grimthwacker": ("special.dizzy", "end"),
    "long-range": ("special.archer",),
    "crown": ("ruling.trees",),
    "shaman": ("special.shaman-teleport", "special.shaman-wins"),
}


def force_column(c) -> str:
    """A recruit card's Force as the book's list writes it: ``4``, ``+2`` or ``-``."""
    return str(c.force) if c.fights else f"+{c.bonus}" if c.bonus else "-"


def _rules(effect: str) -> tuple[str, ...]:
    known = rule_index("the_horde", RULE)
    keys = EFFECT_RULES.get(effect, (f"card.{effect}",) if effect else ())
    return tuple(RULE + k for k in keys if RULE + k in known)


def cards() -> Iterator[CardRef]:
    """Every recruit and horde card of the shipped lists, deck by deck, by name."""
    d = load_data()
    for c in d.recruit:
        force = force_column(c)
        numbers = [("Cost", str(c.cost)), ("Force", force)]
        if c.income:
            numbers.append(("Income", str(c.income)))
        kind = TYPES[c.type]
        yield CardRef(
            GAME,
            c.id,
            c.name,
            kind,
            (RECRUIT,),
            tuple(numbers),
            c.note,
            copies=c.copies,
            notation=f"# {c.copies} · Cost {c.cost} · {c.type} · Force {force}",
            notation_words=f"{c.copies} copies, costs {c.cost} Crowns, {c.type} = {kind}, "
            + ("no Force" if force == "-" else f"Force {force}"),
            note="Every value is the rulebook's Recruit Deck Card List.",
            rules=_rules(c.effect),
            source=c,
        )
    for h in d.horde:
        level = str(h.level) if h.level is not None else "chart"
        words = (
            f"level {h.level}"
            if h.level is not None
            else "its level is the location's, on the Indigenous Hordlings Chart"
        )
        yield CardRef(
            GAME,
            h.id,
            h.name,
            "Hordling",
            (HORDE,),
            (("Level", level if h.level is not None else "2-6, by the land"),),
            h.note,
            copies=h.copies,
            notation=f"# {h.copies} · Level "
            + (level if h.level is not None else "Per Indigenous Hordlings Chart"),
            notation_words=f"{h.copies} copies, {words}",
            note="Every value is the rulebook's Horde Deck Card List.",
            rules=_rules(h.effect),
            source=h,
        )


def charts() -> tuple[Chart, ...]:
    """The Master Turn Chart, the Indigenous Hordlings Chart and the card lists' letters."""
    d = load_data()
    turns = Chart(
        "turns",
        "Master Turn Chart",
        ("Turn", "Location", "Season", "Attackers", "Indigenous (level)"),
        tuple(
            (
                str(t.turn),
                t.location,
                f"{t.season} {SEASONS.get(t.season, t.season)}",
                str(t.attackers),
                f"{t.indigenous} ({t.level})",
            )
            for t in d.turns
        ),
        note=f"The game has {len(d.turns)} turns; the tax of a turn is its number. Attackers: "
        "how many Horde cards become the turn's Attack deck.",
        rule="horde.attack-deck",
    )
    levels = {t.indigenous: t.level for t in d.turns}
    native = Chart(
        "indigenous",
        "Indigenous Hordlings Chart",
        ("Type", "Level"),
        tuple((name, str(level)) for name, level in levels.items()),
        note="An Indigenous card fights at the level of the land you are in.",
        rule="horde.attacker",
    )
    letters = Chart(
        "notation",
        "Recruit Deck Nomenclature",
        ("Letter", "Means"),
        (
            ("V", "Village"),
            ("D", "Defender"),
            ("X", "Special"),
            ("#", "Copies of that card in the deck"),
            ("Force -", "no Force: the card does not fight"),
            ("Force +N", "an item: its bonus to a defender's Force"),
        ),
        note="The book's recruit list: name, #, Cost, Type, Force.",
        rule="recruit.buy",
    )
    return (turns, native, letters)
