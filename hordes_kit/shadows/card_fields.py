"""Readers for the fields of a Shadows card file: each raises ``CardDataError`` naming
the file, the card and the field (``cards.py`` puts them together)."""

from __future__ import annotations

import re
from typing import Any

from hordes_kit.core.cardcheck import MAX_NAME, MAX_ROWS, IdSpace, card_id
from hordes_kit.core.errors import CardDataError
from hordes_kit.shadows.card_model import (
    ATTACH_MODES,
    CHART,
    STATS,
    TRAITS,
    Effect,
    parse_effect,
)

__all__ = [
    "SMALL",
    "Reader",
    "chart_action",
    "reward_table",
    "active_box",
    "requirements",
    "traits_agree",
    "rows",
]

SMALL = re.compile(r"^[0-9]{1,2}$")


class Reader:
    """Field readers that raise ``CardDataError`` naming the file, card and field."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.ids = IdSpace(file)  # every card of the file: one id space

    def name(self, raw: dict, where: str) -> tuple[str, str]:
        """A card's name (1-``MAX_NAME`` characters) and the id it makes, taken in the
        file's id space: a second card making the same id is refused, naming both."""
        name = self.text(raw, where, "name")
        if len(name) > MAX_NAME:
            self.fail(name[:40] + "...", "name", f"longer than {MAX_NAME} characters")
        cid = card_id(self.file, name, "name", name, where)
        self.ids.add(cid, name, where)
        return name, cid

    def fail(self, card: str | None, fld: str | None, problem: str):
        """Raise the error naming the file, card and field."""
        raise CardDataError(self.file, card, fld, problem)

    def text(self, raw: dict, card: str | None, fld: str, required: bool = True) -> str:
        """A text field (required: non-empty)."""
        v = raw.get(fld, None if required else "")
        if not isinstance(v, str) or (required and not v.strip()) or len(v) > 2000:
            self.fail(card, fld, "must be a non-empty text" if required else "must be text")
        return v.strip()

    def num(self, raw: dict, card: str, fld: str, lo: int = 0, hi: int = 99, default=None) -> int:
        """A whole number in a range."""
        v = raw.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            shown = repr(v) if len(repr(v)) < 40 else repr(v)[:37] + "..."
            self.fail(card, fld, f"must be a whole number {lo}-{hi}, got {shown}")
        return v

    def flag(self, raw: dict, card: str, fld: str = "sample") -> bool:
        """A true/false field."""
        v = raw.get(fld, False)
        if not isinstance(v, bool):
            self.fail(card, fld, "must be true or false")
        return v

    def table(self, raw: dict, card: str | None, fld: str) -> dict:
        """A sub-table field."""
        v = raw.get(fld, {})
        if not isinstance(v, dict):
            self.fail(card, fld, "must be a table")
        return v

    def known(self, raw: Any, card: str | None, fields: set[str], fld: str | None = None) -> None:
        """A table whose keys are all known fields."""
        if not isinstance(raw, dict):
            self.fail(card, fld, "must be a table")
        bad = sorted(set(raw) - fields)
        if bad:
            self.fail(card, bad[0] if fld is None else f"{fld}.{bad[0]}", "unknown field")

    def strings(self, raw: dict, card: str, fld: str, hint: str) -> list[str]:
        """A list of texts."""
        items = raw.get(fld, [])
        if not isinstance(items, list) or not all(isinstance(t, str) for t in items):
            self.fail(card, fld, f"must be a list like {hint}")
        return items

    def traits(self, raw: dict, card: str) -> frozenset[str]:
        """The Traits, each one of the vocabulary."""
        items = self.strings(raw, card, "traits", '["Attack", "Delay I"]')
        for t in items:
            if t not in TRAITS and not re.fullmatch(r"[1-9] Times", t):
                shown = t if len(t) < 40 else t[:37] + "..."
                self.fail(
                    card, "traits", f"unknown Trait {shown!r} (known: {', '.join(sorted(TRAITS))})"
                )
        return frozenset(items)

    def effects(self, raw: dict, card: str, fld: str = "effects") -> tuple[Effect, ...]:
        """A list of effect strings, parsed."""
        items = raw.get(fld, [])
        if not isinstance(items, list) or len(items) > 20:
            self.fail(card, fld, 'must be a list like ["attack 2", "gain xp 1 when hit"]')
        out = []
        for item in items:
            try:
                out.append(parse_effect(item))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def stats(self, raw: dict, card: str, fld: str) -> tuple[int, int, int, int]:
        """A table of Stat Points."""
        d = self.table(raw, card, fld)
        self.known(d, card, set(STATS), fld)
        return tuple(self.num(d, card, s, -9, 20, 0) for s in STATS)  # type: ignore[return-value]


def chart_action(r: Reader, card: str, icon: str, text: Any) -> Effect:
    """One action of a Monster's Icon Chart (``attack 2``, ``none``)."""
    if not isinstance(text, str) or not text.split():
        r.fail(card, "chart", f"{icon}: write an action like 'attack 2'")
    verb, *args = text.split()
    if verb not in CHART:
        r.fail(card, "chart", f"{icon}: unknown action {verb[:20]!r} (known: {', '.join(CHART)})")
    need = 0 if verb in ("creature", "none") else 1
    if len(args) != need or (need and not SMALL.match(args[0])):
        r.fail(card, "chart", f"{icon}: {verb!r} takes {need} number(s) 0-99")
    return Effect(verb, tuple(args), "", text)


def reward_table(r: Reader, raw: dict, card: str) -> tuple[tuple[str, int], ...]:
    """A Monster's or Creature's reward table."""
    d = r.table(raw, card, "reward")
    r.known(d, card, {"gold", "xp", "stones", "item"}, "reward")
    return tuple((k, r.num(d, card, k, 0, 20)) for k in sorted(d))


def active_box(r: Reader, raw: dict, card: str, fld: str = "active") -> dict:
    """A card's Active Abilities box."""
    a = r.table(raw, card, fld)
    r.known(a, card, {"step", "effects", "per_round", "times", "flip", "on"}, fld)
    out: dict[str, Any] = {}
    if "step" in a:
        out["step"] = r.num(a, card, "step", 1, 6)
    if "effects" in a:
        out["effects"] = r.effects(a, card)
        if any(e.verb == "choose" for e in out["effects"]):
            r.fail(card, fld, "Choose One is for a card's own effects, not its Active Abilities")
    for k in ("per_round", "times"):
        if k in a:
            out[k] = r.num(a, card, k, 1, 9)
    if "flip" in a:
        if a["flip"] not in ("no-response", "knockdown"):
            r.fail(card, fld, "flip must be 'no-response' or 'knockdown'")
        out["flip"] = a["flip"]
    if "on" in a:
        if a["on"] not in ("knockdown-other", "knockdown-by-you"):
            r.fail(card, fld, "on must be 'knockdown-other' or 'knockdown-by-you'")
        out["on"] = a["on"]
    return out


def requirements(r: Reader, raw: dict, name: str) -> tuple[tuple[str, int, bool], ...]:
    """A Neutral Skill card's Stat Requirements."""
    req = r.table(raw, name, "requires")
    r.known(req, name, set(STATS), "requires")
    out = []
    for s in STATS:
        if s not in req:
            continue
        v = req[s]
        at_most = isinstance(v, str) and v.startswith("=<")
        if at_most and s != "health":
            r.fail(name, "requires", "only Health takes '=<'")
        if at_most and SMALL.match(v[2:].strip()):
            n = int(v[2:])
        elif isinstance(v, int) and not isinstance(v, bool):
            n = v
        else:
            n = -1
        if not 0 <= n <= 20:
            r.fail(name, "requires", f"{s}: a number 0-20 or '=<N', got {str(v)[:20]!r}")
        out.append((s, n, at_most))
    return tuple(out)


def traits_agree(r: Reader, name: str, traits: frozenset[str], effects, raw: dict) -> None:
    """The Traits that need effects or fields say so, both ways."""
    chooses = any(e.verb == "choose" for e in effects)
    if chooses != ("Choose One" in traits):
        r.fail(name, "effects", "a Choose One card has one 'A | B' effect; only such a card does")
    if any(e.verb == "invincible" for e in effects) and "Invincible" not in traits:
        r.fail(name, "traits", "the 'invincible' effect goes with the Invincible Trait")
    attach = raw.get("attach", "")
    if ("Attachment" in traits) != bool(attach) or (attach and attach not in ATTACH_MODES):
        r.fail(
            name, "attach", f"an Attachment names what it attaches to: {' or '.join(ATTACH_MODES)}"
        )


def rows(r: Reader, doc: dict, kind: str) -> list[tuple[str, dict]]:
    """The ``[[kind]]`` tables of a file, each with a label for errors."""
    rows = doc.get(kind, [])
    if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
        r.fail(None, kind, f"write each card as a [[{kind}]] table")
    if len(rows) > MAX_ROWS:
        r.fail(None, kind, f"{len(rows):,} cards: at most {MAX_ROWS}")
    return [(f"[[{kind}]] {k}", x) for k, x in enumerate(rows, 1)]
