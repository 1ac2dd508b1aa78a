"""Shadows' cards for the card reference (``core/cardref.py``): Heroes, Hero Special and
Skill cards (Initiative, Traits, Stat Requirements), Items, Monsters, the Monster's
Creature, Monster-Action cards, Missions and the Status cards, with which values are
samples (the rulebook prints no full card list; each card's note says what it states)."""

from __future__ import annotations

from collections.abc import Iterator

from hordes_kit.core.cardref import CardRef, Chart
from hordes_kit.core.data import slug
from hordes_kit.shadows.card_model import STATS
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.rules import GAME
from hordes_kit.shadows.words import (
    action_card_words,
    chart_words,
    initiative_words,
    item_text,
    mission_words,
    requires_words,
    skill_text,
)

__all__ = ["GROUP", "cards", "charts", "LEVELS"]

GROUP = "Hero or type"
LEVELS = {1: "I", 2: "II", 3: "III"}
NAMES = ("Strength", "Tech", "Magic", "Health")


def _stats(values) -> tuple[tuple[str, str], ...]:
    return tuple((n, str(v)) for n, v in zip(NAMES, values))


def _note(sample: bool, note: str) -> str:
    return note or ("A sample card." if sample else "A card the rulebook names.")


def _initiative_means(corner: str) -> str:
    """A Skill card's Initiative corner in words.

    >>> _initiative_means("4/5"), _initiative_means("0")
    ('played in Initiative Step 4 or 5', 'placed on the Station Field as soon as it is gained')
    """
    if corner == "★":
        return "a Hero Special card"
    if corner == "?":
        return "played only as its Traits and text say"
    if corner == "0":
        return "placed on the Station Field as soon as it is gained"
    return "played in Initiative Step " + " or ".join(corner.split("/"))


def _skills(cs, heroes: dict[str, str]) -> Iterator[CardRef]:
    for sk in cs.skills:
        hero = heroes.get(sk.hero, "")
        kind = "Hero Special" if sk.special else ("Hero Skill" if sk.hero else "Neutral Skill")
        traits = sorted(sk.front.traits | (sk.back.traits if sk.back else frozenset()))
        numbers = [("Initiative", initiative_words(sk))]
        if sk.front.shield:
            numbers.append(("Shield", str(sk.front.shield)))
        if sk.entity:
            numbers.append(("Health", str(sk.health)))
        req = requires_words(sk, hero)
        yield CardRef(
            GAME,
            sk.id,
            sk.name,
            kind,
            (hero or "Neutral",),
            tuple(numbers),
            skill_text(sk),
            tuple(traits),
            copies=sk.copies,
            notation=f"Initiative {initiative_words(sk)} · {req}",
            notation_words=f"{_initiative_means(initiative_words(sk))}; {req}",
            sample=sk.sample,
            note=_note(sk.sample, sk.note),
            source=sk,
        )


def cards() -> Iterator[CardRef]:
    """Every card of the shipped file: Heroes, their Specials and Skills, Neutral Skills,
    Items, Monsters, the Creature, Monster-Action cards, Missions, Status cards."""
    cs = load_cards()
    heroes = {h.id: h.name for h in cs.heroes}
    for h in cs.heroes:
        yield CardRef(
            GAME, h.id, h.name, "Hero", (h.name,), _stats(h.stats),
            "Printed Stat Points: " + ", ".join(f"{n} {v}" for n, v in _stats(h.stats)) + ".",
            copies=1, notation="Stat Points " + "/".join(map(str, h.stats)),
            notation_words="Strength / Tech / Magic / Health", sample=h.sample,
            note=_note(h.sample, h.note), rules=(GAME + ".setup.hero",), source=h,
        )  # fmt: skip
    yield from _skills(cs, heroes)
    for it in cs.items:
        traits = [t for t, on in (("Restricted", it.restricted), ("One Time", it.one_time)) if on]
        numbers = [("Cost", str(it.cost))] + [
            (n.title(), f"+{v}") for n, v in zip(STATS, it.stats) if v
        ]
        if it.shield:
            numbers.append(("Shield", str(it.shield)))
        yield CardRef(
            GAME, it.id, it.name, "Item", ("Basic Item" if it.basic else "Market Item",),
            tuple(numbers), item_text(it), tuple(traits), copies=it.copies,
            notation=f"Cost {it.cost} Gold", notation_words="Item Cost (Value): the Gold it costs",
            sample=it.sample, note=_note(it.sample, it.note), source=it,
        )  # fmt: skip
    for m in cs.monsters:
        chart = "; ".join(f"{i}: {chart_words(a)}" for i, a in m.chart)
        reward = ", ".join(f"{n} {k}" for k, n in m.reward)
        yield CardRef(
            GAME, m.id, m.name, "Monster", (f"Level {LEVELS[m.level]}",),
            (("Health", str(m.health)), ("Level", LEVELS[m.level])),
            f"Icon Chart: {chart}. Reward: {reward}.", (m.species,), copies=1,
            notation=f"Level {LEVELS[m.level]} · {m.species}",
            notation_words="Monster Level (I, II, III) and Monster Species", sample=m.sample,
            note=_note(m.sample, m.note), rules=(GAME + ".monster.icon",), source=m,
        )  # fmt: skip
    for c in cs.creatures:
        yield CardRef(
            GAME, c.id, c.name, "Monster's Creature", (), (("Health", str(c.health)),),
            chart_words(c.action, c.name), copies=1, sample=c.sample,
            note=_note(c.sample, c.note), rules=(GAME + ".monster.creature",), source=c,
        )  # fmt: skip
    for kind, n in cs.actions:
        yield CardRef(
            GAME, "ma-" + slug(kind), kind.replace("+", " + "), "Monster-Action", (),
            (), action_card_words(kind), tuple(kind.split("+")), copies=n,
            notation=kind, notation_words="the icons on the card, looked up on the Monster's "
            "Icon Chart", note="The icons follow the rulebook; how many of each is a sample.",
            sample=True, rules=(GAME + ".monster.action",), called=(), source=kind,
        )  # fmt: skip
    for m in cs.missions:
        yield CardRef(
            GAME, m.id, m.name, "Mission", ("Status",), (("Shadow Stones", f"+{m.reward}"),),
            mission_words(m), copies=1, sample=m.sample, note=_note(m.sample, ""),
            rules=(GAME + ".victory.missions",), source=m,
        )  # fmt: skip
    yield CardRef(
        GAME, "leader", "Leader", "Status", ("Status",), (("Shield", str(cs.leader_shield)),),
        "The first player marker: its holder does the TeamUp Phase; its Shield Point "
        "recovers when it passes to the next player.", copies=1,
        note="The rulebook's Leader card.", rules=(GAME + ".cleanup.leader",), called=(),
        source="leader",
    )  # fmt: skip
    yield CardRef(
        GAME, "bounty", "Bounty", "Status", ("Status",), (("Extra Gold", str(cs.bounty_gold)),),
        "Gained by KnockingDown another Hero; whoever KnocksDown its holder gets extra Gold. "
        "Double-sided: Bounty and Bounty X2.", copies=cs.bounty_cards, sample=True,
        note="The rulebook's Bounty cards (5, double-sided); the extra Gold is a sample.",
        rules=(GAME + ".knockdown.player",), called=(), source="bounty",
    )  # fmt: skip


def charts() -> tuple[Chart, ...]:
    """How a Skill card's corner and requirements are written."""
    return (
        Chart(
            "notation",
            "A Skill card's corners",
            ("Printed", "Means"),
            (
                ("1 to 6", "the Initiative Step it is played in (4/5: either)"),
                ("0", "placed on the Station Field as soon as it joins the Current Deck"),
                ("?", "played only as its Traits and text say"),
                ("★", "a Hero Special card"),
                ("Needs Magic 5", "Stat Requirements: the Hero's Magic must be 5 or more"),
                ("Health =< 7", "the Hero's Health must be 7 or less"),
                ("Hero Symbol", "only that Hero may use it"),
            ),
            note="Level I, II, III: a Monster's level.",
            rule="requirements",
        ),
    )
