"""The Shadows card language: Traits, effects, conditions, triggers (no file reading here).

``card_model.py`` documents what each word does and holds the cards; this module reads
one effect string and knows how a card's effects are grouped by Trait.

Traits have a priority (the rulebook's "Traits: Priority"): a **Main Trait** (``Attack``,
``Predict``, ``Spell``, ``Response (...)``, ``Self``, ``Creature``, ``Object``,
``Attachment``) and **Sub-Traits**, printed in brackets (``[Spell]``). An effect may begin
with its Sub-Trait in brackets (``"[Spell] recover 1"``): it is available only when its
Main Trait was activated or used. A card with two Main Traits begins each group of
effects with its Main Trait and a colon (``"Spell: gain gold 1"``, ``"Response (Attack):
block 3"``); either or both may be resolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

__all__ = [
    "STATS",
    "TRAITS",
    "MAIN_TRAITS",
    "SUB_TRAITS",
    "ATTACK_TRAITS",
    "RESPONSE_TRAITS",
    "STATION_TRAITS",
    "EFFECTS",
    "CONDITIONS",
    "TRIGGERS",
    "DESTROY_KINDS",
    "Effect",
    "parse_effect",
    "main_traits",
    "group_effects",
    "group_of",
    "ORDINALS",
    "is_sub",
]

STATS = ("strength", "tech", "magic", "health")
ATTACK_TRAITS = frozenset({"Attack", "Attack X2", "Attack X3", "Attack (Standalone)"})
RESPONSE_TRAITS = frozenset({"Response (Attack)", "Response (Spell)", "Response (Predict)"})
STATION_TRAITS = frozenset({"Self", "Creature", "Object", "Attachment"})
MAIN_TRAITS = ATTACK_TRAITS | RESPONSE_TRAITS | STATION_TRAITS | {"Predict", "Spell"}
TRAITS = MAIN_TRAITS | frozenset(
    {
        "Auto",
        "Delay I",
        "Delay II",
        "Repeat",
        "Destroy",
        "One Time",
        "Once/Round",
        "Twice/Round",
        "Restricted",
        "Invincible",
        "StartSide",
        "BackSide",
        "Choose One",
    }
)
# what may stand in brackets before an effect: a Trait, or one Attack of an Attack X2/X3
ORDINALS = frozenset({"1st Attack", "2nd Attack", "3rd Attack"})
SUB_TRAITS = TRAITS | ORDINALS
EFFECTS = ("attack", "lose", "block", "gain", "recover", "recover-shields", "search")
EFFECTS += ("destroy-item", "destroy", "stat", "invincible")
CONDITIONS = ("hit", "miss", "no-response", "lost-health", "response", "knockdown")
# what an Auto trigger (``active.on``) or a progress track (``track.on``) waits for
TRIGGERS = ("predict", "attack", "spell", "response", "knockdown-other", "knockdown-by-you")
# what a ``destroy`` effect removes from the game: a Market Item, an Item an opponent's
# Hero holds, or a card on an opponent's Station Field
DESTROY_KINDS = ("market", "item", "card")
_AMOUNT = re.compile(r"^([0-9]{1,2}|strength|tech|magic|health|x|die)(\+[0-9]{1,2})?$")
_NUM = re.compile(r"^[0-9]{1,2}$")
_MAIN = re.compile(r"^([A-Z][A-Za-z0-9 ()]*):\s*(.*)$")
_SUB = re.compile(r"^\[([^\]]{1,30})\]\s*(.*)$")


@dataclass(frozen=True)
class Effect:
    """One effect: ``verb``, its arguments, the condition it waits for ("" = none), the
    Main Trait it belongs to (``trait``; "" on a card with one Main Trait until the
    loader names it) and its Sub-Trait in brackets (``sub``; "" = a Main Trait's own)."""

    verb: str
    args: tuple[str, ...] = ()
    when: str = ""
    text: str = ""
    options: tuple[Effect, ...] = ()  # a Choose One effect's two options (verb "choose")
    trait: str = ""
    sub: str = ""
    label: bool = False  # the text named its Main Trait ("Spell: ...")


def parse_effect(item: Any) -> Effect:
    """One effect string of the vocabulary; ``ValueError`` says what is wrong.

    ``A | B`` is a Choose One effect: the player picks one of the two.

    >>> e = parse_effect("gain xp 1 when no-response")
    >>> e.verb, e.args, e.when
    ('gain', ('xp', '1'), 'no-response')
    >>> [o.verb for o in parse_effect("lose 2 | recover 2").options]
    ['lose', 'recover']
    >>> e = parse_effect("Response (Attack): [Spell] gain xp 1")
    >>> e.trait, e.sub, e.verb
    ('Response (Attack)', 'Spell', 'gain')
    """
    if not isinstance(item, str) or not item.split() or len(item) > 200:
        raise ValueError(f"{item!r} is not an effect")
    rest, trait, sub = item.strip(), "", ""
    m = _MAIN.match(rest)
    if m:
        trait, rest = m.group(1).strip(), m.group(2)
        if trait not in MAIN_TRAITS:
            raise ValueError(
                f"{item!r}: {trait[:30]!r} is not a Main Trait "
                f"(known: {', '.join(sorted(MAIN_TRAITS))})"
            )
    m = _SUB.match(rest)
    if m:
        sub, rest = m.group(1).strip(), m.group(2)
        if sub not in SUB_TRAITS:
            raise ValueError(f"{item!r}: [{sub[:30]}] is not a Trait to write in brackets")
    if "[" in rest or "]" in rest:
        raise ValueError(f"{item!r}: write one [Sub-Trait] before the effect")
    if "|" in rest:
        parts = rest.split("|")
        if len(parts) != 2:
            raise ValueError(f"{item!r}: Choose One takes exactly two options, 'A | B'")
        opts = tuple(_one_effect(p.strip(), item) for p in parts)
        return Effect("choose", (), "", item, opts, trait, sub, bool(trait))
    return replace(_one_effect(rest, item), trait=trait, sub=sub, label=bool(trait))


def _one_effect(item: str, whole: str) -> Effect:
    words = item.split()
    if not words:
        raise ValueError(f"{whole!r} is not an effect")
    when = ""
    if "when" in words:
        k = words.index("when")
        if k != len(words) - 2 or words[-1] not in CONDITIONS:
            raise ValueError(f"{whole!r}: write 'when' and one of {', '.join(CONDITIONS)} last")
        when, words = words[-1], words[:k]
    if not words:
        raise ValueError(f"{whole!r} is not an effect")
    verb, *args = words
    if verb not in EFFECTS:
        raise ValueError(f"unknown effect {verb!r} (known: {', '.join(EFFECTS)})")
    ok = True
    if verb in ("attack", "lose", "block"):
        extra = {"attack": {"hero", "other"}, "lose": set(), "block": {"shields"}}[verb]
        ok = bool(args) and bool(_AMOUNT.match(args[0])) and set(args[1:]) <= extra
        if ok and verb == "block" and args[0].startswith("die"):
            raise ValueError(f"{whole!r}: a Response blocks a number or a stat, not a die roll")
        if ok and verb == "attack" and re.fullmatch(r"0+(\+0+)?", args[0]):
            raise ValueError(f"{whole!r}: an Attack for 0 damage is never a valid use (FAQ)")
    elif verb == "gain":
        ok = len(args) == 2 and args[0] in ("xp", "gold", "stone") and bool(_NUM.match(args[1]))
    elif verb in ("recover", "recover-shields"):
        ok = len(args) == 1 and bool(_NUM.match(args[0]))
    elif verb in ("search", "destroy-item", "invincible"):
        ok = not args
    elif verb == "destroy":
        ok = len(args) == 1 and args[0] in DESTROY_KINDS
    elif verb == "stat":
        ok = len(args) == 2 and args[0] in STATS and bool(_NUM.match(args[1]))
    if not ok:
        raise ValueError(f"{whole!r}: wrong arguments for {verb!r}")
    return Effect(verb, tuple(args), when, item)


def is_sub(e: Effect) -> bool:
    """A Sub-Trait's effect: bracketed, other than one Attack of an Attack X2/X3 (``[1st
    Attack]``), which is its Main Trait's own Attack."""
    return bool(e.sub) and e.sub not in ORDINALS


def main_traits(traits: frozenset[str]) -> list[str]:
    """A card's Main Traits, in a fixed order (Attack first, then Predict, Spell, the
    Responses and the Station Traits)."""
    order = sorted(ATTACK_TRAITS) + ["Predict", "Spell"] + sorted(RESPONSE_TRAITS)
    order += ["Self", "Creature", "Object", "Attachment"]
    return [t for t in order if t in traits]


def group_effects(traits: frozenset[str], effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """Each effect with the Main Trait it belongs to: the one its group names, the card's
    only Main Trait otherwise. ``ValueError`` when a card with two Main Traits leaves its
    first effect without its Trait, or names a Trait the card does not have."""
    mains = main_traits(traits)
    current = mains[0] if len(mains) == 1 else ""
    out = []
    for e in effects:
        if e.label:
            if e.trait not in mains:
                raise ValueError(f"{e.text!r} names {e.trait!r}, not a Main Trait of this card")
            current = e.trait
        elif not current:
            raise ValueError(
                f"{e.text!r}: a card with the Main Traits {' and '.join(mains) or 'none'} "
                "begins each group of effects with its Trait, like 'Spell: gain gold 1'"
            )
        opts = tuple(replace(o, trait=current, sub=e.sub) for o in e.options)
        out.append(replace(e, trait=current, options=opts))
    return tuple(out)


def group_of(effects: tuple[Effect, ...], trait: str) -> tuple[Effect, ...]:
    """The effects of one Main Trait's group (its own and its Sub-Traits')."""
    return tuple(e for e in effects if e.trait == trait)
