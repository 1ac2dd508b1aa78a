"""The rule index of a game (``data/<game>/rules.toml``): what each cited rule id means.

An entry is the rulebook's rule or our reading of a gap (``kind = "ruling"``); where a
table may play it another way, ``option`` names the config field of that table rule
(``data/<game>/options.toml``, see ``core.options``). Each other reading of a table rule
that names no rule of its own is an entry too, ``option.<field>.<value>``, made from the
choice's words: the log cites it while a table plays that way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.options import OPTIONS_FILE, option_specs

__all__ = ["RuleEntry", "rule_index"]


@dataclass(frozen=True)
class RuleEntry:
    """One rule: the rulebook section it comes from and our one-sentence paraphrase."""

    id: str
    title: str
    text: str
    ruling: bool = False
    option: str = ""  # the table rule (config field) that can change it
    table: bool = False  # a reading a table chose instead of the kit's (options.toml)


def _table_entries(game_dir: str, prefix: str, rules: dict[str, RuleEntry]) -> dict:
    """The readings of the table rules, checked against the rules they change."""
    path = str(data_path(game_dir, OPTIONS_FILE))
    specs = option_specs(game_dir)
    out = {}
    for field, spec in specs.items():
        own = rules.get(prefix + spec.rule)
        if own is None:
            raise CardDataError(path, field, "rule", f"{spec.rule!r} is not in rules.toml")
        if own.option != field:
            raise CardDataError(
                path, field, "rule", f"rules.toml's {spec.rule!r} must say option = {field!r}"
            )
        for c in spec.choices:
            rid = prefix + c.rule
            if c.rule.startswith("option."):
                out[rid] = RuleEntry(rid, spec.label, c.text, option=field, table=True)
            elif rid not in rules:
                raise CardDataError(path, field, "choices", f"{c.rule!r} is not in rules.toml")
    for e in rules.values():
        if e.option and e.option not in specs:
            raise CardDataError(path, e.id, "option", f"no table rule {e.option!r}")
    return out


@lru_cache(maxsize=16)
def rule_index(game_dir: str, prefix: str) -> dict[str, RuleEntry]:
    """Rule id (``prefix`` + key) -> entry, validated; the table rules' readings included."""
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
        if key.startswith("option."):
            raise CardDataError(str(path), key, None, "option.* ids are made from options.toml")
        if not isinstance(raw.get("option", ""), str):
            raise CardDataError(str(path), key, "option", "must name a config field")
        rid = prefix + key
        out[rid] = RuleEntry(
            rid, raw["title"], raw["text"], raw.get("kind") == "ruling", raw.get("option", "")
        )
    out.update(_table_entries(game_dir, prefix, out))
    return out
