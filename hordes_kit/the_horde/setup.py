"""Starting a game of The Horde: the rulebook's Setup, then turn 1's Income and Tax."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hordes_kit.core.state import Event
from hordes_kit.the_horde.flow import start_turn
from hordes_kit.the_horde.rules import RULE, THConfig, data_of
from hordes_kit.the_horde.state import THPosition

__all__ = ["new_position"]


def new_position(
    cls: type[THPosition], config: Mapping[str, Any] | THConfig | None = None
) -> THPosition:
    """Setup of class ``cls`` (8 Crowns, 4 Grimthwackers defend, 2 Villagers and 1 Crops),
    then turn 1 begins."""
    cfg = config if isinstance(config, THConfig) else THConfig.from_dict(dict(config or {}))
    data = data_of(cfg)
    rid = {c.id: i for i, c in enumerate(data.recruit)}
    n, h = len(data.recruit), len(data.horde)
    defender, village = [0] * n, [0] * n
    for c, k in data.start_defender.items():
        defender[rid[c]] = k
    for c, k in data.start_village.items():
        village[rid[c]] = k
    s = cls(
        config=cfg,
        crowns=data.setup["crowns"],
        recruit_deck=data.recruit_pool(),
        recruit_discard=(0,) * n,
        village=tuple(village),
        defender_deck=tuple(defender),
        defender_discard=(0,) * n,
        horde_deck=tuple(c.copies for c in data.horde),
        horde_discard=(0,) * h,
        attack_deck=(0,) * h,
        attack_discard=(0,) * h,
        data=data,
    )
    ev = Event(
        RULE + "setup",
        f"Setup: {s.crowns} Crowns; the Defender deck holds "
        + ", ".join(f"{k} {data.card(c).name}" for c, k in data.start_defender.items())
        + "; the Village deck holds "
        + ", ".join(f"{k} {data.card(c).name}" for c, k in data.start_village.items())
        + f"; {sum(s.recruit_deck)} cards in the Recruit deck, {sum(s.horde_deck)} in the "
        "Horde deck.",
    )
    return start_turn(s.with_events(ev))
