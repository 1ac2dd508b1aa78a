"""The coach's side of Skytear Horde (``core.coach``): each game played on by the lab's best
member of the sensible bot's family (``BEST``) in the fast simulator, the rules engine first
to the next position it can take over (a choice half made), as ``fast/sim.py``'s
``fast_chunk`` does. A campaign game, or cards the fast simulator cannot play, is played in
the rules engine.
"""

from __future__ import annotations

from hordes_kit.core.coach_rules import CoachRules, Measure, Outcome
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import play_until, playout
from hordes_kit.skytear.bots import Sensible
from hordes_kit.skytear.game import SkyState

__all__ = ["COACH", "BEST", "rollout", "rollouts"]

# the lab's answer to "Is there a way to play the sensible bot that wins more often?"
# (data/lab/answers.toml: 41.4% solo at level 2 against the shipped bot's 36.2%; ahead at
# levels 1-3 solo and co-op too, 4,000 fast games each)
BEST = Sensible(mulligan=7, castle_draw=-1, reserve=0, defend="strongest")


def _end(state: SkyState) -> Outcome:
    castle = state.castle_hp
    return Outcome(float(state.result == "win"), None, (float(castle), float(state.turn)))


def _row(row) -> Outcome:
    return Outcome(float(row[0] == 1), None, (float(row[2]), float(row[1])))


def rollout(state: SkyState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` played on from ``state``: won, the castle's health, turns."""
    from hordes_kit.skytear.fast.sim import can_play, run_fast, supports

    bots = {p: BEST for p in range(state.num_players)}
    rng = game_rng(seed, index)
    if can_play(state):
        return _end(playout(state, rng, bots))
    if supports(state):
        state = play_until(state, rng, bots, lambda s: not supports(s))
    if state.is_terminal:
        return _end(state)
    row = run_fast(state, 1, seed, index, policy=BEST)[0]
    if row[4]:  # out of the fast simulator's room: the rules engine plays this one
        return _end(playout(state, game_rng(seed, index), bots))
    return _row(row)


def rollouts(state: SkyState, seat: int, seed: int, first: int, count: int) -> list[Outcome]:
    """Games ``first .. first+count-1`` of ``seed`` played on from ``state``, each the game
    ``rollout`` plays: one fast-simulator call where it takes the position over at once."""
    from hordes_kit.skytear.fast.sim import can_play, run_fast, supports

    if state.is_terminal or can_play(state) or supports(state):
        return [rollout(state, seat, seed, g) for g in range(first, first + count)]
    rows = run_fast(state, count, seed, first, policy=BEST)
    # a game out of the fast simulator's room is played in the rules engine, as rollout does
    return [rollout(state, seat, seed, first + k) if r[4] else _row(r) for k, r in enumerate(rows)]


COACH = CoachRules(
    "the lab's best sensible bot at every seat (mulligan at 7, no castle draw)",
    rollout,
    (
        Measure("health left on the castle at the end", better=1),
        Measure("turns played", better=1),
    ),
    tiebreak=0,
    bot=BEST,
    rollouts=rollouts,
)
