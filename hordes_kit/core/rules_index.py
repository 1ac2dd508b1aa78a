"""The rule index of a game (``data/<game>/rules.toml``): what each cited rule id means."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError

__all__ = ["RuleEntry", "rule_index"]


@dataclass(frozen=True)
class RuleEntry:
    """One rule: the rulebook section it comes from and our one-sentence paraphrase."""

    id: str
    title: str
    text: str
    ruling: bool = False


@lru_cache(maxsize=16)
def rule_index(game_dir: str, prefix: str) -> dict[str, RuleEntry]:
    """Rule id (``prefix`` + key) -> entry, validated."""
    path = data_path(game_dir, "rules.toml")
    out = {}
    for key, raw in read_toml(path).items():
        for fld in ("title", "text"):
            if not isinstance(raw.get(fld), str) or not raw[fld]:
                raise CardDataError(str(path), key, fld, "must be a non-empty string")
        if raw.get("kind", "rule") not in ("rule", "ruling"):
            raise CardDataError(str(path), key, "kind", "must be 'rule' or 'ruling'")
        rid = prefix + key
        out[rid] = RuleEntry(rid, raw["title"], raw["text"], raw.get("kind") == "ruling")
    return out
