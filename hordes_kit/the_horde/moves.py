"""The Horde's moves: one function per kind of action id, each giving the position after
it, run on to the next chance outcome or decision (``recruit.py``, ``horde.py``,
``battle.py``)."""

from __future__ import annotations

from hordes_kit.the_horde.battle import (
    do_archer,
    do_flame,
    do_reinforce,
    do_roll,
    do_shaman,
    do_village,
)
from hordes_kit.the_horde.horde import do_attacker, do_defender, do_horde, do_rock
from hordes_kit.the_horde.recruit import do_buy, do_done, do_flip, do_recruit
from hordes_kit.the_horde.state import THPosition

__all__ = ["do", "HANDLERS"]

HANDLERS = {
    "recruit": do_recruit,
    "flip": do_flip,
    "buy": do_buy,
    "done": do_done,
    "horde": do_horde,
    "attacker": do_attacker,
    "defender": do_defender,
    "rock": do_rock,
    "roll": do_roll,
    "archer": do_archer,
    "shaman": do_shaman,
    "reinforce": do_reinforce,
    "flame": do_flame,
    "village": do_village,
}


def do(state: THPosition, action: tuple[str, str]) -> THPosition:
    """The position after a legal action (kind, argument)."""
    kind, arg = action
    return HANDLERS[kind](state, arg)
