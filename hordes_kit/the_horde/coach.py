"""The coach's side of The Horde (``core.coach``): each game played on by the lab's best
buying policy in the fast simulator, with keyed luck (a purchase's games meet the same
Horde as the other purchases'); from a Healing Rock's choice the rules engine first plays
to the next Recruit phase or attack deck draw.
"""

from __future__ import annotations

from hordes_kit.core.coach_rules import CoachRules, Measure, Outcome
from hordes_kit.core.playout import KeyedLuck, play_until
from hordes_kit.the_horde.bots import as_bot
from hordes_kit.the_horde.game import THState

__all__ = ["COACH", "BEST", "rollout", "rollouts"]

# the lab's best buying policy: "balanced" (data/lab/answers.toml: the search's winner is
# not told apart from it)
BEST = "balanced"
ENDS = ("win", "taxes", "chauncey")  # the fast simulator's result codes
# where the fast simulator takes a position over at once (its START_STEPS, named here so
# that importing the coach does not compile the simulator)
START_STEP_NAMES = ("recruit-flip", "recruit", "horde-draw")


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
    """Game ``index`` of ``seed`` played on from ``state``: survived, turns, how it ended.

    Its luck is keyed (``run_fast(keyed=True)``, ``KeyedLuck`` where the rules engine plays
    first): the n-th Horde card, roll or flip of a turn is the same in the games after
    every candidate move, so two purchases are compared on the same Horde, not on luck
    that parted when one of them flipped a card more. From a Recruit phase or an attack
    deck draw (every purchase's position) the fast simulator plays the whole game; from
    elsewhere (a Healing Rock's choice) the rules engine plays to the next of those."""
    from hordes_kit.the_horde.fast.sim import START_STEPS, export, run_fast

    turn = state.turn
    if state.step not in START_STEPS and not _handover(state, turn):
        state = play_until(
            state,
            KeyedLuck(f"hordes-kit:{seed}:{index}"),
            {0: as_bot(BEST)},
            lambda s: _handover(s, turn),
        )
    if state.is_terminal:
        return _outcome(state.result, state.turn)
    start = export(state)
    row = run_fast(BEST, 1, seed, config=state.config, first=index, start=start, keyed=True)[0]
    return _row(row)


def _row(row) -> Outcome:
    return _outcome(ENDS[int(row[0])], int(row[1]))


def rollouts(state: THState, seat: int, seed: int, first: int, count: int) -> list[Outcome]:
    """Games ``first .. first+count-1`` of ``seed`` from ``state``, each the game ``rollout``
    plays: one fast-simulator call where it takes the position over at once."""
    from hordes_kit.the_horde.fast.sim import START_STEPS, export, run_fast

    if state.is_terminal or state.step not in START_STEPS:
        return [rollout(state, seat, seed, g) for g in range(first, first + count)]
    rows = run_fast(
        BEST, count, seed, config=state.config, first=first, start=export(state), keyed=True
    )
    return [_row(r) for r in rows]


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
    rollouts=rollouts,
    batched=lambda s: s.is_terminal or s.step in START_STEP_NAMES,
)
