"""What the player of The Horde may decide now: buy, flip, done, or the Healing Rock."""

from __future__ import annotations

from hordes_kit.the_horde.state import THPosition

__all__ = ["legal"]


def legal(state: THPosition) -> tuple[str, ...]:
    """Every legal decision id (unsorted) at a decision step."""
    if state.step == "rock":
        return ("rock:heal", "rock:keep")
    if state.step != "recruit":
        raise AssertionError(f"no decision at step {state.step!r}")
    out = ["done"]
    out += [f"buy:{c}" for c in set(state.row) if state.data.card(c).cost <= state.crowns]
    if state._can_flip():
        out.append("flip")
    return tuple(out)
