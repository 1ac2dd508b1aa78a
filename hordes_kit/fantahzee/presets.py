"""Cost presets for the odds explorer, loaded from ``data/fantahzee/cost_presets.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError, InvalidInputError
from hordes_kit.fantahzee.costs import parse_costs

__all__ = ["CostPreset", "load_presets", "common_costs"]

PRESETS_FILE = data_path("fantahzee", "cost_presets.toml")


@dataclass(frozen=True)
class CostPreset:
    """A named set of costs, e.g. "Paladin: four of a kind" = XXXX."""

    label: str
    costs: str
    source: str


def _checked_costs(file: str, card: str, text: object) -> str:
    if not isinstance(text, str):
        raise CardDataError(file, card, "costs", f"must be a string, got {text!r}")
    try:
        return " + ".join(c.text for c in parse_costs(text))
    except InvalidInputError as e:
        raise CardDataError(file, card, "costs", str(e)) from None


@lru_cache(maxsize=4)
def _load(path: Path) -> tuple[tuple[CostPreset, ...], tuple[str, ...]]:
    doc = read_toml(path)
    f = str(path)
    presets = []
    for i, raw in enumerate(doc.get("preset", []), 1):
        label = raw.get("label")
        if not isinstance(label, str) or not label:
            raise CardDataError(f, f"preset {i}", "label", "must be a non-empty string")
        presets.append(
            CostPreset(
                label, _checked_costs(f, label, raw.get("costs")), str(raw.get("source", ""))
            )
        )
    if len({p.label for p in presets}) != len(presets):
        raise CardDataError(f, None, "label", "preset labels must be unique")
    common = tuple(_checked_costs(f, "common", c) for c in doc.get("common", {}).get("costs", []))
    return tuple(presets), common


def load_presets(path: Path = PRESETS_FILE) -> tuple[CostPreset, ...]:
    """The presets, validated (a bad cost names the file, preset and field)."""
    return _load(Path(path))[0]


def common_costs(path: Path = PRESETS_FILE) -> tuple[str, ...]:
    """The costs of the "common costs" table, normalised (``XX + XXX``)."""
    return _load(Path(path))[1]
