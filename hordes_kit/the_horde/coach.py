"""The coach's side of The Horde (``core.coach``): each game played on by the lab's best
buying policy, the rules engine to the end of the recruiting (or, from later in a turn, to
the next turn's Recruit phase), then the fast simulator.
"""

from __future__ import annotations

from hordes_kit.core.coach import CoachRules, Measure, Outcome
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import play_until
from hordes_kit.the_horde.bots import as_bot
from hordes_kit.the_horde.game import THState

__all__ = ["COACH", "BEST", "rollout"]

# the lab's best buying policy: "balanced" (data/lab/answers.toml: the search's winner is
# not told apart from it)
BEST = "balanced"
ENDS = ("win", "taxes", "chauncey")  # the fast simulator's result codes


def _outcome(result: str, turn: int) -> Outcome:
    return Outcome(
        float(result == "win"),
        None,
        (float(turn), float(result == "taxes"), float(result == "chauncey")),
    )


def _handover(state: THState, turn: int) -> bool:
    """Where the fast simulator takes the game over: this turn's Horde draw, once the
    recruiting is done (as "what should I buy?" does), or the next turn's Recruit phase."""
    return not state.is_terminal and (
        state.step == "horde-draw" or (state.turn > turn and state.step == "recruit-flip")
    )


def rollout(state: THState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` played on from ``state``: survived, turns, how it ended."""
    from hordes_kit.the_horde.fast.sim import export, run_fast

    turn = state.turn
    if not _handover(state, turn):
        state = play_until(
            state, game_rng(seed, index), {0: as_bot(BEST)}, lambda s: _handover(s, turn)
        )
    if state.is_terminal:
        return _outcome(state.result, state.turn)
    row = run_fast(BEST, 1, seed, config=state.config, first=index, start=export(state))[0]
    return _outcome(ENDS[int(row[0])], int(row[1]))


COACH = CoachRules(
    "the lab's best buying policy (balanced)",
    rollout,
    (
        Measure("turns held", better=1),
        Measure("games lost to an unpaid tax", better=-1, share=True),
        Measure("games lost with every Grimthwacker killed", better=-1, share=True),
    ),
    tiebreak=0,
    bot=as_bot(BEST),
)
