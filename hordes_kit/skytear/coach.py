"""The coach's side of Skytear Horde (``core.coach``): each game played on by the sensible
bot (the strongest the kit has) in the fast simulator, the rules engine first to the next
position it can take over (a choice half made), as ``fast/sim.py``'s ``fast_chunk`` does.
A campaign game, or cards the fast simulator cannot play, is played in the rules engine.
"""

from __future__ import annotations

from hordes_kit.core.coach import CoachRules, Measure, Outcome
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import play_until, playout
from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.skytear.game import SkyState

__all__ = ["COACH", "rollout"]


def _end(state: SkyState) -> Outcome:
    castle = state.castle_hp
    return Outcome(float(state.result == "win"), None, (float(castle), float(state.turn)))


def rollout(state: SkyState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` played on from ``state``: won, the castle's health, turns."""
    from hordes_kit.skytear.fast.sim import can_play, run_fast, supports

    bots = {p: sensible_policy for p in range(state.num_players)}
    rng = game_rng(seed, index)
    if can_play(state):
        return _end(playout(state, rng, bots))
    if supports(state):
        state = play_until(state, rng, bots, lambda s: not supports(s))
    if state.is_terminal:
        return _end(state)
    row = run_fast(state, 1, seed, index)[0]
    if row[4]:  # out of the fast simulator's room: the rules engine plays this one
        return _end(playout(state, game_rng(seed, index), bots))
    return Outcome(float(row[0] == 1), None, (float(row[2]), float(row[1])))


COACH = CoachRules(
    "the sensible bot at every seat",
    rollout,
    (
        Measure("health left on the castle at the end", better=1),
        Measure("turns played", better=1),
    ),
    tiebreak=0,
    bot=sensible_policy,
)
