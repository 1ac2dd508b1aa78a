"""Parsing ability text (``"exhaust, mana 1: damage monster 2"``) into values.

The language is documented in ``cards.py``; its words live in ``vocabulary.py``.
Errors are ``ValueError`` with a sentence the card loader wraps with file, card, field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hordes_kit.core.cardcheck import MAX_LIST, small_int
from hordes_kit.skytear.vocabulary import (
    CHARGE_DIRECTIONS,
    CONDITIONS,
    EFFECTS,
    KEYWORDS,
    LANE_TOKEN_KINDS,
    REMOVABLE,
    SET_TARGETS,
    STATIC_TARGETS,
    STATIC_VERBS,
    TARGETS,
    TRIGGERS,
    X_WORD,
)

__all__ = [
    "MAX_COPIES",
    "MAX_NUMBER",
    "Effect",
    "Ability",
    "parse_ability",
    "parse_effect",
    "parse_keywords",
    "parse_code",
    "Code",
]


MAX_COPIES = 40  # copies of one card in a card file (a deck is 40 cards)
MAX_NUMBER = 99  # a number written in a keyword, an ability or an effect
_CODE = re.compile(r"([A-Z]{3})\.([0-9]{3})(?: +([0-9]+)x)?", re.ASCII)


@dataclass(frozen=True)
class Effect:
    """One effect: a verb, its target word, its number and any extra words; ``x`` is 1 (or -1
    for "-x") when its number is the X the player chooses as the ability resolves."""

    verb: str
    target: str = ""
    amount: int = 0
    extra: tuple[str, ...] = ()
    text: str = ""
    x: int = 0


@dataclass(frozen=True)
class Ability:
    """A triggered, exhaust or static ability with its bold costs and condition."""

    trigger: str
    effects: tuple[Effect, ...]
    mana: int = 0  # "Exhaust, pay 1 mana:"
    charge: int = 0  # "Exhaust, remove 1 charge:"
    reaction: bool = False  # the treachery-phase symbol: usable in the alliance reactions
    condition: str = ""
    text: str = ""
    mana_x: bool = False  # "Exhaust, pay X mana:" (X chosen as it resolves)

    @property
    def has_x(self) -> bool:
        """An effect's number is X: the player chooses it as the ability resolves."""
        return any(e.x for e in self.effects)


@dataclass(frozen=True)
class Code:
    """A card code: set, number and copies (``CAM.014 2x``)."""

    set: str
    number: int
    copies: int

    def __str__(self) -> str:
        return f"{self.set}.{self.number:03d}" + (f" {self.copies}x" if self.copies > 1 else "")


def parse_code(text: str) -> Code:
    """Read a card code: three letters, a dot, three digits, then ``Nx`` copies if any
    (1 to ``MAX_COPIES``, read as ASCII digits before any number is made).

    >>> parse_code("CAM.014 2x")
    Code(set='CAM', number=14, copies=2)
    >>> parse_code("CAM.150").copies
    1
    >>> parse_code("CAM.001 999999999x")
    Traceback (most recent call last):
    ValueError: 'CAM.001 999999999x': copies are 1-40, written like '2x'
    """
    m = _CODE.fullmatch(text.strip())
    if m is None:
        parts = text.strip().split()
        if len(parts) == 2 and _CODE.fullmatch(parts[0]):
            raise ValueError(f"{text!r:.60}: copies are 1-{MAX_COPIES}, written like '2x'")
        raise ValueError(f"{text!r:.60} is not a card code like 'CAM.014 2x'")
    copies = small_int(m.group(3), 1, MAX_COPIES) if m.group(3) is not None else 1
    if copies is None:
        raise ValueError(f"{text!r:.60}: copies are 1-{MAX_COPIES}, written like '2x'")
    return Code(m.group(1), int(m.group(2)), copies)


def _int(word: str, signed: bool, what: str) -> int:
    sign = -1 if signed and word[:1] == "-" else 1
    w = word[1:] if signed and word[:1] in "+-" else word
    n = small_int(w, 0, MAX_NUMBER)
    if n is None:
        if w.isascii() and w.isdigit():
            raise ValueError(f"{what}: {word!r:.60} is out of range (at most {MAX_NUMBER})")
        if word[:1] == "-":
            raise ValueError(f"{what}: {word!r:.60} must not be negative")
        raise ValueError(f"{what}: {word!r:.60} is not a whole number")
    return sign * n


def parse_keywords(items: list) -> dict[str, int]:
    """Keywords like ``["armor 1", "trample"]`` -> ``{"armor": 1, "trample": 1}``.

    >>> parse_keywords(["Armor 2", "elusive 1", "Fast"])
    {'armor': 2, 'elusive': 1, 'fast': 1}
    """
    out: dict[str, int] = {}
    for item in items:
        if not isinstance(item, str) or not item.split():
            raise ValueError(f"{item!r:.60} is not a keyword")
        word, *rest = item.lower().split()
        if word not in KEYWORDS:
            raise ValueError(f"unknown keyword {word!r:.60} (known: {', '.join(KEYWORDS)})")
        if KEYWORDS[word]:
            if len(rest) != 1:
                raise ValueError(f"keyword {word!r:.60} needs one number, like '{word} 1'")
            out[word] = out.get(word, 0) + _int(rest[0], False, word)
        else:
            if rest:
                raise ValueError(f"keyword {word!r:.60} takes no number")
            out[word] = 1
    return out


def _keyword_grant(words: list[str], verb: str) -> tuple[str, int]:
    """``heroic 2`` or ``fast``: a keyword and its number (0 for one that takes none)."""
    if not words or words[0] not in KEYWORDS:
        got = words[0] if words else "nothing"
        raise ValueError(f"{verb!r:.60} grants a keyword, not {got!r:.60}")
    kw, rest = words[0], words[1:]
    if KEYWORDS[kw]:
        if len(rest) != 1:
            raise ValueError(f"{verb!r:.60} {kw!r:.60} needs its number, like '{kw} 2'")
        return kw, _int(rest[0], False, kw)
    if rest:
        raise ValueError(f"keyword {kw!r:.60} takes no number")
    return kw, 0


def _amount(word: str, signed: bool, verb: str) -> tuple[int, int]:
    """(number, x): a written number, or X (``-x`` too where the number may be negative)."""
    if word == X_WORD:
        return 0, 1
    if signed and word == "-" + X_WORD:
        return 0, -1
    return _int(word, signed, verb), 0


def parse_effect(text: str, *, static: bool = False) -> Effect:
    """One effect, ``verb [target] [number] ...`` (static abilities use ``STATIC_VERBS``).

    >>> e = parse_effect("damage strongest-monster 2")
    >>> e.verb, e.target, e.amount
    ('damage', 'strongest-monster', 2)
    >>> parse_effect("token troop 2").extra
    ('troop',)
    >>> e = parse_effect("gain ally heroic 2")
    >>> e.extra, e.amount
    (('heroic',), 2)
    >>> parse_effect("damage monster x").x
    1
    """
    words = text.strip().lower().split()
    if not words:
        raise ValueError("an empty effect")
    verb, args = words[0], words[1:]
    if static:
        if verb not in STATIC_VERBS:
            raise ValueError(
                f"a static ability modifies with {', '.join(STATIC_VERBS)}, not {verb!r:.60}"
            )
        if len(args) != 2 and not (verb == "gain" and len(args) == 3):
            raise ValueError(f"write a static {verb!r:.60} as '{verb} TARGET VALUE'")
        target, value = args[0], args[1]
        if target not in STATIC_TARGETS:
            raise ValueError(
                f"static target {target!r:.60} unknown (known: {', '.join(STATIC_TARGETS)})"
            )
        if verb == "gain":
            kw, n = _keyword_grant(args[1:], verb)
            return Effect(verb, target, n, (kw,), text)
        if value in (X_WORD, "-" + X_WORD):
            raise ValueError(
                f"{text!r:.60}: X is chosen as an ability resolves; a static ability never "
                "resolves, so it has no X"
            )
        return Effect(verb, target, _int(value, True, verb), (), text)
    spec = EFFECTS.get(verb)
    if spec is None:
        raise ValueError(f"unknown effect {verb!r:.60} (known: {', '.join(EFFECTS)})")
    if "keyword" in spec:  # "gain TARGET KEYWORD [N]": the number only where the keyword takes one
        if len(args) < 2 or args[0] not in TARGETS:
            raise ValueError(
                f"write {verb!r:.60} as '{verb} TARGET KEYWORD', like '{verb} ally fast'"
            )
        kw, n = _keyword_grant(args[1:], verb)
        return Effect(verb, args[0], n, (kw,), text)
    if len(args) != len(spec):
        shape = " ".join(s.upper() for s in spec)
        raise ValueError(f"write {verb!r:.60} as '{verb} {shape}'".rstrip())
    target, amount, extra, x = "", 0, [], 0
    for kind, word in zip(spec, args):
        if kind == "target":
            if word not in TARGETS:
                raise ValueError(f"unknown target {word!r:.60} (known: {', '.join(TARGETS)})")
            target = word
        elif kind in ("n", "z"):
            amount, x = _amount(word, kind == "z", verb)
        elif kind == "dir":
            if word not in CHARGE_DIRECTIONS:
                raise ValueError(f"charge goes {', '.join(CHARGE_DIRECTIONS)}, not {word!r:.60}")
            extra.append(word)
        elif kind == "lane":
            if small_int(word, 1, 6) is None:
                raise ValueError(f"a lane is 1-6, not {word!r:.60}")
            extra.append(word)
        elif kind == "side":
            if word not in ("horde", "alliance"):
                raise ValueError(f"a lane side is horde or alliance, not {word!r:.60}")
            extra.append(word)
        elif kind == "kind":
            if word not in LANE_TOKEN_KINDS:
                raise ValueError(f"lane tokens are {', '.join(LANE_TOKEN_KINDS)}, not {word!r:.60}")
            extra.append(word)
        elif kind == "removable":
            if word not in REMOVABLE:
                raise ValueError(f"'remove' takes {', '.join(REMOVABLE)} tokens, not {word!r:.60}")
            extra.append(word)
        else:  # a card token's name, checked against the file's tokens by the loader
            extra.append(word)
    return Effect(verb, target, amount, tuple(extra), text, x)


def _check_it(text: str, effects: tuple[Effect, ...]) -> None:
    """``it`` (the card the previous effect chose) follows an effect on one card."""
    one = False  # the last effect with a target chose one card
    for e in effects:
        if e.target == "it" and not one:
            raise ValueError(
                f"{text!r:.60}: 'it' is the card an earlier effect of this ability chose, "
                "and no earlier effect chooses one card"
            )
        if e.target and e.target != "it":
            one = e.target not in (*SET_TARGETS, "castle", "portal")


def parse_ability(text: str) -> Ability:
    """An ability line: ``trigger[, cost][, reaction][, if condition]: effect[; effect]``.

    >>> a = parse_ability("exhaust, mana 1, reaction: assault 2")
    >>> a.trigger, a.mana, a.reaction, [e.verb for e in a.effects]
    ('exhaust', 1, True, ['assault'])
    >>> parse_ability("exhaust, mana x: damage monster x").mana_x
    True
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r:.60} is not an ability")
    head, colon, body = text.partition(":")
    if not colon or not body.strip():
        raise ValueError(f"{text!r:.60}: write 'trigger: effect', like 'play: draw 1'")
    parts = [p.strip().lower() for p in head.split(",")]
    trigger = parts[0]
    if trigger not in TRIGGERS:
        raise ValueError(f"unknown trigger {trigger!r:.60} (known: {', '.join(TRIGGERS)})")
    mana = charge = 0
    reaction = mana_x = False
    condition = ""
    for part in parts[1:]:
        words = part.split()
        if words == ["mana", X_WORD]:
            mana_x = True
        elif words[:1] == ["mana"] and len(words) == 2:
            mana = _int(words[1], False, "mana cost")
        elif words[:1] == ["charge"] and len(words) == 2:
            charge = _int(words[1], False, "charge cost")
        elif words == ["reaction"]:
            reaction = True
        elif words[:1] == ["if"] and len(words) == 2 and words[1] in CONDITIONS:
            condition = words[1]
        else:
            raise ValueError(
                f"{text!r:.60}: {part!r:.60} is not a cost (mana N, mana x, charge N), "
                f"'reaction' or a condition (if {', if '.join(CONDITIONS)})"
            )
    if (mana or charge or mana_x) and trigger != "exhaust":
        raise ValueError(f"{text!r:.60}: only exhaust abilities have bold costs")
    parts = [e.strip() for e in body.split(";", MAX_LIST) if e.strip()]
    if not parts:  # "play: ;" names no effect: a card that would do nothing by mistake
        raise ValueError(f"{text!r:.60}: write 'trigger: effect', like 'play: draw 1'")
    if len(parts) > MAX_LIST:
        raise ValueError(f"{text!r:.60}: at most {MAX_LIST} effects in one ability")
    effects = tuple(parse_effect(e, static=trigger == "static") for e in parts)
    if mana_x and not any(e.x for e in effects):
        raise ValueError(f"{text!r:.60}: it pays X mana, but no effect uses X")
    _check_it(text, effects)
    return Ability(trigger, effects, mana, charge, reaction, condition, text.strip(), mana_x)
