"""The rule index of a game (``data/<game>/rules.toml``): what each cited rule id means.

An entry is the rulebook's rule (``kind = "rule"``, the default) or our reading of a gap
(``kind = "ruling"``); ``source`` says which. Where a table may play it another way,
``option`` names the config option that changes it, ``option_title`` says it in words
and ``other`` what the other choice does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError

__all__ = ["RuleEntry", "rule_index", "SOURCES"]

# source -> the badge a player reads
SOURCES = {"rulebook": "Rulebook", "ruling": "Our reading"}
_OPTIONAL = ("option", "option_title", "other")


@dataclass(frozen=True)
class RuleEntry:
    """One rule: the rulebook section it comes from and our one-sentence paraphrase."""

    id: str
    title: str
    text: str
    ruling: bool = False
    option: str = ""  # the config option that changes it ("" = none)
    option_title: str = ""  # that option in words
    other: str = ""  # what the other choice does

    @property
    def source(self) -> str:
        """``"rulebook"`` (the book says so) or ``"ruling"`` (the kit's reading of a gap)."""
        return "ruling" if self.ruling else "rulebook"

    @property
    def badge(self) -> str:
        """``"Rulebook"`` or ``"Our reading"``: the source in a player's words."""
        return SOURCES[self.source]


@lru_cache(maxsize=16)
def rule_index(game_dir: str, prefix: str) -> dict[str, RuleEntry]:
    """Rule id (``prefix`` + key) -> entry, validated."""
    path = data_path(game_dir, "rules.toml")
    out = {}
    for key, raw in read_toml(path).items():
        if not isinstance(raw, dict):
            raise CardDataError(str(path), key, None, "must be a table")
        for fld in ("title", "text"):
            if not isinstance(raw.get(fld), str) or not raw[fld]:
                raise CardDataError(str(path), key, fld, "must be a non-empty string")
        if raw.get("kind", "rule") not in ("rule", "ruling"):
            raise CardDataError(str(path), key, "kind", "must be 'rule' or 'ruling'")
        unknown = set(raw) - {"title", "text", "kind", *_OPTIONAL}
        if unknown:
            raise CardDataError(str(path), key, sorted(unknown)[0], "unknown field")
        for fld in _OPTIONAL:
            if not isinstance(raw.get(fld, ""), str):
                raise CardDataError(str(path), key, fld, "must be a string")
        if (raw.get("option_title") or raw.get("other")) and not raw.get("option"):
            raise CardDataError(str(path), key, "option", "name the option its words describe")
        rid = prefix + key
        out[rid] = RuleEntry(
            rid,
            raw["title"],
            raw["text"],
            raw.get("kind") == "ruling",
            *(raw.get(f, "") for f in _OPTIONAL),
        )
    return out
