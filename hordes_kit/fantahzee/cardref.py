"""Fantahzee's cards for the card reference (``core/cardref.py``): heroes, actions,
monsters, towns and treasures of the shipped card file, with the book's notation for a
hero's activation cost (X any number, a digit that number) and which values are samples
(the rulebook prints no full card list; each card's note says which numbers are its)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from hordes_kit.core.cardref import CardRef, Chart
from hordes_kit.fantahzee.cards import shipped_cards
from hordes_kit.fantahzee.rules import GAME

RULE = GAME + "."  # rule id prefix (data/fantahzee/rules.toml)

__all__ = ["GROUP", "EFFECT_WORDS", "cards", "charts", "cost_words"]

GROUP = "Class or level"
# an effect's verb -> the keyword a player filters by, and the rule behind it
EFFECT_WORDS = {
    "steam": ("Steam", "steam.get"),
    "shield": ("Shield", "shields"),
    "extra_dice": ("Extra dice", "dice.extra"),
    "extra_rolls": ("Extra roll", "dice.extra"),
    "reduce_x": ("Cost reduction", "reduce-x"),
    "discount_per_active": ("Cost reduction", "ruling.reduce-x"),
    "activate_other": ("Activates a hero", "activate.other"),
    "capture": ("Capture", "ruling.capture"),
    "capture_other": ("Capture", "ruling.capture"),
    "move_stack": ("Moves a stack", "card.move-stack"),
    "front_to_back": ("Moves a stack", "card.front-to-back"),
}
LEVELS = {"1": "Level 1", "2": "Level 2", "boss": "Boss Monster"}
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def cost_words(cost: str) -> str:
    """A hero's dice cost in words.

    >>> cost_words("55"), cost_words("X"), cost_words("XX5")
    ('two 5s', 'one die of any number', 'two dice of one number and a 5')
    """
    xs, digits = cost.count("X"), sorted(c for c in cost if c.isdigit())
    parts = []
    if xs == 1:
        parts.append("one die of any number")
    elif xs:
        parts.append(f"{NUMBERS.get(xs, xs)} dice of one number")
    for d in dict.fromkeys(digits):
        n = digits.count(d)
        parts.append(f"a {d}" if n == 1 else f"{NUMBERS.get(n, n)} {d}s")
    return " and ".join(parts) or "free"


def _keywords(effects) -> tuple[tuple[str, ...], tuple[str, ...]]:
    words = dict.fromkeys(EFFECT_WORDS[e.verb][0] for e in effects if e.verb in EFFECT_WORDS)
    rules = dict.fromkeys(RULE + EFFECT_WORDS[e.verb][1] for e in effects if e.verb in EFFECT_WORDS)
    return tuple(words), tuple(rules)


def _source(sample: bool, note: str) -> str:
    return note if note else ("A sample card." if sample else "The rulebook's card.")


def cards() -> Iterator[CardRef]:
    """Every card of the shipped file: heroes, actions, monsters, towns, treasures."""
    cs = shipped_cards()
    for h in cs.heroes:
        kws, rules = _keywords(h.effects)
        numbers = [("Strength", str(h.strength)), ("Cost", h.cost or "free")]
        if h.steam_cost is not None:
            numbers.append(("Steam cost", str(h.steam_cost)))
            kws, rules = (*dict.fromkeys((*kws, "Steam")),), (*rules, RULE + "steam.pay")
        yield CardRef(
            GAME,
            h.id,
            h.name,
            "Hero",
            (h.cls,),
            tuple(numbers),
            "",  # the ability is on the face; the note says which values are the book's
            kws,
            copies=h.copies,
            notation=f"Cost {h.cost}" + (f" or {h.steam_cost} steam" if h.steam_cost else ""),
            notation_words=cost_words(h.cost)
            + (f", or {h.steam_cost} steam" if h.steam_cost else ""),
            sample=h.sample,
            note=_source(h.sample, h.note),
            rules=(RULE + "activate.lock", *rules),
            source=h,
        )
    for a in cs.actions:
        kws, rules = _keywords(a.effects)
        yield CardRef(
            GAME, a.id, a.name, "Action", (), (), "", kws, copies=a.copies,
            sample=a.sample, note=_source(a.sample, a.note), rules=(RULE + "action.play", *rules),
            source=a,
        )  # fmt: skip
    for m in cs.monsters:
        kws, rules = _keywords(m.effects)
        numbers = [("Strength", str(m.strength)), ("XP", str(m.xp))]
        extra = []
        for label, value in (("Counterattack", m.counterattack), ("Ambush", m.ambush)):
            if value:
                numbers.append((label, str(value)))
                extra.append(label)
        if m.treasure:
            numbers.append(("Treasure", f"level {m.treasure}"))
            extra.append("Treasure")
        yield CardRef(
            GAME,
            m.id,
            m.name,
            "Boss Monster" if m.level == "boss" else "Monster",
            (LEVELS[str(m.level)],),
            tuple(numbers),
            "",
            (*extra, *kws),
            copies=m.copies,
            notation=LEVELS[str(m.level)]
            + (f", treasure symbol {m.treasure}" if m.treasure else ""),
            notation_words="the level symbol"
            + (" and a treasure symbol (the level of the treasure it gives)" if m.treasure else ""),
            sample=m.sample,
            note=_source(m.sample, m.note),
            rules=rules,
            source=m,
        )
    for t in cs.towns:
        kws, rules = _keywords(t.effects)
        yield CardRef(
            GAME, t.id, t.name, "Town", (), (("XP", str(t.xp)),), "", kws, copies=1,
            sample=t.sample, note=_source(t.sample, t.note), rules=(RULE + "horde.town", *rules),
            source=t,
        )  # fmt: skip
    for tr in cs.treasures:
        kws, rules = _keywords(chain(tr.level1, tr.level2))
        yield CardRef(
            GAME, tr.id, tr.name, "Treasure", (), (), "", kws, copies=1,
            notation="Level 1 / Level 2", notation_words="two abilities: the side the monster's "
            "treasure symbol names is the one that shows", sample=tr.sample,
            note=_source(tr.sample, tr.note), rules=(RULE + "treasure.attach", *rules), source=tr,
        )  # fmt: skip


def charts() -> tuple[Chart, ...]:
    """How a hero's activation cost is written."""
    return (
        Chart(
            "notation",
            "Activation cost (dice on a hero card)",
            ("Printed", "Means"),
            (
                ("X", "a die of any number"),
                ("XX, XXX, ...", "that many dice all showing one number (a pair, three of a kind)"),
                ("5, 55, 444", "dice showing exactly that number"),
                ("or N steam", "the hero may be paid with N steam instead of dice"),
            ),
            note="Dice paid are locked on the hero until the End Phase.",
            rule="activate.lock",
        ),
    )
