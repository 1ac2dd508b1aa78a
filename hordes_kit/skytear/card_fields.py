"""Readers of a Skytear Horde card file's fields: each checks a field's type and bound and
raises ``CardDataError`` naming the file, the card and the field (``card_reader.py`` puts
them together; the bounds are documented in ``cards.py``)."""

from __future__ import annotations

from typing import Any

from hordes_kit.core.cardcheck import MAX_LIST, MAX_NAME, MAX_ROWS, card_id
from hordes_kit.core.errors import CardDataError
from hordes_kit.skytear.abilities import (
    Ability,
    Code,
    Effect,
    parse_ability,
    parse_code,
    parse_effect,
    parse_keywords,
)

__all__ = ["Reader"]


def _shown(v: Any) -> str:
    r = repr(v)
    return r if len(r) <= 60 else r[:50] + f"... ({len(r):,} characters)"


class Reader:
    """Field readers that fail with ``CardDataError`` naming the file, card and field."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, card: str | None, fld: str | None, problem: str):
        """Raise the error naming the file, card and field."""
        raise CardDataError(self.file, card, fld, problem)

    def name(self, raw: dict, card: str | None = None) -> tuple[str, str]:
        """A card's name and the id it makes (a letter or a digit, at most ``MAX_NAME``)."""
        name = self.text(raw, card, "name")
        if len(name) > MAX_NAME:
            self.fail(name[:40] + "...", "name", f"longer than {MAX_NAME} characters")
        return name, card_id(self.file, name, "name", name, card or "")

    def text(self, raw: dict, card: str | None, fld: str, required: bool = True) -> str:
        """A text field (required: not empty)."""
        v = raw.get(fld, None if required else "")
        if not isinstance(v, str) or (required and not v.strip()):
            self.fail(card, fld, "must be a non-empty text" if required else "must be text")
        return v.strip()

    def int_(self, raw: dict, card: str | None, fld: str, lo=0, hi=99, default=None) -> int:
        """A whole number from ``lo`` to ``hi`` (not a bool, not a float)."""
        v = raw.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(card, fld, f"must be a whole number {lo}-{hi}, got {_shown(v)}")
        if not lo <= v <= hi:
            shown = v if abs(v) < 10**15 else "a number of more than 15 digits"
            self.fail(card, fld, f"must be {lo}-{hi}, got {shown}")
        return v

    def flag(self, raw: dict, card: str | None, fld: str, default: bool = False) -> bool:
        """A true/false field."""
        v = raw.get(fld, default)
        if not isinstance(v, bool):
            self.fail(card, fld, "must be true or false")
        return v

    def choice(self, raw: dict, card: str | None, fld: str, options, default=None) -> str:
        """One word of ``options`` (any case)."""
        v = raw.get(fld, default)
        if isinstance(v, str):
            v = v.strip().lower()
        if v not in options:
            self.fail(card, fld, f"must be one of {', '.join(options)}, got {_shown(raw.get(fld))}")
        return v

    def strings(self, raw: dict, card: str | None, fld: str, most: int = MAX_LIST) -> list[str]:
        """A list of at most ``most`` texts."""
        v = raw.get(fld, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(card, fld, "must be a list of texts")
        if len(v) > most:
            self.fail(card, fld, f"{len(v):,} items: at most {most}")
        return v

    def tables(self, raw: dict, card: str | None, fld: str, shape: str, most: int) -> list[dict]:
        """A list of at most ``most`` inline tables (``shape`` says what each holds)."""
        v = raw.get(fld, [])
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            self.fail(card, fld, f"must be a list of tables, each {shape}")
        if len(v) > most:
            self.fail(card, fld, f"{len(v):,} items: at most {most}")
        return v

    def table(self, raw: dict, card: str | None, fld: str, shape: str) -> dict:
        """An inline table (``shape`` says what it holds)."""
        v = raw.get(fld)
        if not isinstance(v, dict):
            self.fail(card, fld, f"must be a table {shape}")
        return v

    def code(self, raw: dict, card: str | None) -> Code | None:
        """The card code (``"CAM.014 2x"``); its copies are bounded while it is read."""
        v = raw.get("code")
        if v is None:
            return None
        if not isinstance(v, str):
            self.fail(card, "code", "must be a text like 'CAM.014 2x'")
        try:
            return parse_code(v)
        except ValueError as e:
            self.fail(card, "code", str(e))

    def keywords(self, raw: dict, card: str | None) -> dict[str, int]:
        """The keywords (``["armor 1", "trample"]``)."""
        try:
            return parse_keywords(self.strings(raw, card, "keywords"))
        except ValueError as e:
            self.fail(card, "keywords", str(e))

    def abilities(self, raw: dict, card: str | None, fld: str = "abilities") -> tuple[Ability, ...]:
        """Ability lines, parsed."""
        out = []
        for line in self.strings(raw, card, fld):
            try:
                out.append(parse_ability(line))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def effects(self, raw: dict, card: str | None, fld: str) -> tuple[Effect, ...]:
        """Effect lines, parsed."""
        out = []
        for line in self.strings(raw, card, fld):
            try:
                out.append(parse_effect(line))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def known(self, raw: dict, card: str | None, fields) -> None:
        """A table whose keys are all known fields."""
        bad = sorted(set(raw) - set(fields))
        if bad:
            self.fail(card, bad[0][:60], "unknown field")

    def rows(self, doc: dict, kind: str) -> list[tuple[str, dict]]:
        """The ``[[kind]]`` tables (at most ``MAX_ROWS``), each with its place for errors."""
        rows = doc.get(kind, [])
        if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
            self.fail(None, kind, f"write each card as a [[{kind}]] table")
        if len(rows) > MAX_ROWS:
            self.fail(None, kind, f"{len(rows):,} [[{kind}]] tables: at most {MAX_ROWS}")
        return [(f"[[{kind}]] {i}", x) for i, x in enumerate(rows, 1)]
