"""Skytear Horde's cards for the card reference (``core/cardref.py``): horde and alliance
cards, outsiders, minions, card tokens, castles, portals and scenarios of the shipped card
file, each with its card code as the book writes it (``CAM.014 2x``: set, number, copies)
and which values are samples (the rulebook prints no card lists)."""

from __future__ import annotations

from collections.abc import Iterator

from hordes_kit.core.cardref import CardRef, Chart
from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.skytear.card_model import KIT_SAMPLE, kit_sample
from hordes_kit.skytear.cards import shipped_cards
from hordes_kit.skytear.rules import GAME
from hordes_kit.skytear.words import ability_words

__all__ = ["GROUP", "cards", "charts", "code_words", "treachery_words"]

GROUP = "Horde or faction"
KINDS = {
    ("horde", "monster"): "Horde monster",
    ("horde", "spell"): "Horde spell",
    ("horde", "attachment"): "Horde attachment",
    ("alliance", "ally"): "Ally",
    ("alliance", "tower"): "Tower",
    ("alliance", "spell"): "Spell",
    ("alliance", "attachment"): "Attachment",
    ("minion", "minion"): "Minion",
    ("henchman", "henchman"): "Outsider henchman",
}
SETS = {"CAM": "Campaigns"}


def treachery_words(side: str, bonus: int) -> str:
    """A horde card's treachery symbols as a player reads them (Treachery Phase: "the
    leftmost (symbols on the left) or rightmost monster gains a temporary attack token per
    symbol").

    >>> treachery_words("left", 2), treachery_words("", 0)
    ('2 symbols on the left: the leftmost monster gains 2 attack this turn', 'no symbol')
    """
    if side not in ("left", "right") or not bonus:
        return "no symbol" if not side else f"{side} {bonus}".strip()
    symbols = f"{bonus} symbol{'s' if bonus != 1 else ''}"
    return f"{symbols} on the {side}: the {side}most monster gains {bonus} attack this turn"


def code_words(code) -> str:
    """A card code in words: ``CAM.014 2x`` -> ``set CAM (Campaigns), card 014, 2 copies``."""
    if code is None:
        return "no code of its own: it is printed on the back of a scenario card"
    copies = f"{code.copies} copies" if code.copies > 1 else "one copy (no number)"
    return f"set {code.set} ({SETS.get(code.set, code.set)}), card {code.number:03d}, {copies}"


def _keywords(kw, abilities) -> tuple[str, ...]:
    """The card's keywords (Armor, Trample...) and the glossary words its abilities use
    (Play, Destroyed, Bless, Reinforce...)."""
    terms = glossary("skytear", GAME + ".")
    out = {k.split("-")[0].capitalize(): None for k in kw}
    for a in abilities:
        for word in (a.trigger, *(e.verb for e in a.effects)):
            t = find_term(terms, word)
            if t is not None:
                out[t.term[:1].upper() + t.term[1:]] = None
    return tuple(out)


def _text(abilities) -> str:
    return " ".join(ability_words(a) for a in abilities)


def _note(sample: bool, note: str) -> str:
    return note or ("A sample card." if sample else "A card the rulebook names.")


def _card(c) -> CardRef:
    kind = "Outsider" if c.kind == "outsider" else KINDS.get((c.kind, c.type), "Card token")
    numbers: list[tuple[str, str]] = []
    if c.kind == "alliance":
        numbers.append(("Mana cost", str(c.cost)))
    if c.type in ("monster", "ally", "minion", "henchman") or c.kind in ("outsider", "token"):
        numbers += [("Attack", str(c.attack)), ("Health", str(c.health))]
    elif c.type == "tower":
        numbers.append(("Health", str(c.health)))
    if c.kind == "horde":
        numbers += [
            ("Power level", str(c.level)),
            ("Mana boost", str(c.boost)),
            ("Treachery", treachery_words(c.treachery_side, c.treachery_bonus)),
        ]
    if c.rarity:
        numbers.append(("Rarity", c.rarity))
    if c.kind == "outsider":
        numbers.append(("Type", c.type + (f", stage {c.stage}" if c.stage else "")))
    group = c.horde or c.faction
    words, note = code_words(c.code), _note(c.sample, c.note)
    if kit_sample(c):  # a made-up card: never taken for one of the box's
        kind = f"{kind} ({KIT_SAMPLE})"
        words += "; a number the kit gave its sample, after the base box's 001 to 184"
        note = (
            "Made up by the kit for a word of the rulebook's glossary that no card of the "
            f"box carries; a game plays it only when you choose it. {note}"
        )
    return CardRef(
        GAME,
        c.id,
        c.name,
        kind,
        (group,) if group else (),
        tuple(numbers),
        _text((*c.abilities, *c.enchantment)),
        _keywords(c.kw, (*c.abilities, *c.enchantment)),
        copies=c.copies,
        notation=str(c.code) if c.code else "",
        notation_words=words,
        sample=c.sample,
        note=note,
        made_up=kit_sample(c),
        source=c,
    )


def cards() -> Iterator[CardRef]:
    """Every card of the shipped file: horde, alliance, outsiders, minions, tokens, then
    the castles, portals and scenarios."""
    cs = shipped_cards()
    order = ("horde", "alliance", "outsider", "henchman", "minion", "token")
    for kind in order:
        for c in cs.of_kind(kind):
            yield _card(c)
    for c in cs.castles.values():
        yield CardRef(
            GAME, c.id, c.name, "Castle", (c.faction,),
            (("Health", str(c.health)), ("Deck size", str(c.deck_size))),
            _text(c.abilities), _keywords({}, c.abilities), copies=1,
            notation=str(c.code) if c.code else "", notation_words=code_words(c.code),
            sample=c.sample, note=_note(c.sample, c.note), source=c,
        )  # fmt: skip
    for p in cs.portals.values():
        yield CardRef(
            GAME, p.id, p.name, "Portal", (p.horde,) if p.horde else (),
            (("Stage", str(p.stage)), ("Health solo", str(p.solo.health)),
             ("Health co-op", str(p.coop.health))),
            "Each horde phase: wave, reinforce and mana boost by its rotation.", (), copies=1,
            notation=str(p.code) if p.code else "", notation_words=code_words(p.code),
            sample=p.sample, note=_note(p.sample, p.note), source=p,
        )  # fmt: skip
    for s in cs.scenarios.values():
        acts = "; ".join(f"{a.name} ({a.gold:+d} gold)" for a in s.actions)
        yield CardRef(
            GAME, s.id, s.name, "Scenario", (s.horde,) if s.horde else (),
            (("Difficulty", str(s.difficulty)), ("Income", str(s.income))),
            f"{s.flavor} Actions: {acts}. Henchman on the back: {s.henchman.name}.", (),
            copies=1, notation=str(s.code) if s.code else "", notation_words=code_words(s.code),
            sample=s.sample, note=_note(s.sample, s.note), source=s,
        )  # fmt: skip


def charts() -> tuple[Chart, ...]:
    """How a card code is written (Card Inventory Explained)."""
    return (
        Chart(
            "notation",
            "Card codes (Card Inventory Explained)",
            ("Part", "Means"),
            (
                ("CAM", "three letters: the set (CAM = Campaigns)"),
                ("014", "three digits: the card, unique in its set"),
                ("2x", "copies of the card in the set; no number means one copy"),
            ),
            note="Base box cards are 001 to 184. A sample card's code is the kit's own, not "
            "the box's.",
            rule="setup",
        ),
    )
