"""Starting a Heroes & Hordes game: the whole deck shuffled, nothing in play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hordes_kit.heroes_hordes.rules import HHConfig, card_index
from hordes_kit.heroes_hordes.state import HHPosition

__all__ = ["new_position"]


def new_position(
    cls: type[HHPosition], config: Mapping[str, Any] | HHConfig | None = None
) -> HHPosition:
    """A new game of class ``cls``: the whole deck shuffled (drawn one card at a time)."""
    cfg = config if isinstance(config, HHConfig) else HHConfig.from_dict(dict(config or {}))
    cards = card_index(cfg)
    return cls(config=cfg, deck=tuple(sorted(cards)), cards=cards)
