"""The coach's side of Heroes & Hordes (``core.coach``): each game played on by the lab's
best policy, in the fast simulator from the next Fate draw (the rules engine finishes the
turn in progress first, as ``simulate.py`` does).
"""

from __future__ import annotations

from hordes_kit.core.coach_rules import CoachRules, Measure, Outcome
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import play_until
from hordes_kit.heroes_hordes.bots import DISCARD_RULES, get_policy
from hordes_kit.heroes_hordes.game import HHState

__all__ = ["COACH", "BEST", "rollout", "rollouts", "exact_discard"]

# the lab's answer to "Which defend and discard rules lose least?" (data/lab/answers.toml)
BEST = "family:lookahead:weakest-winner:exact"
WIN = (1.0, 0.5, 0.0)  # the fast simulator's results: win, tie, loss


def rollout(state: HHState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` played on from ``state``: win, and the tokens at the end."""
    from hordes_kit.heroes_hordes.fast.sim import export, run_fast

    if state.step != "draw" or state.is_terminal:
        state = play_until(
            state, game_rng(seed, index), {0: get_policy(BEST)}, lambda s: s.step == "draw"
        )
    if state.is_terminal:
        return Outcome(
            state.returns()[0], None, (float(state.tokens), float(state.result == "loss"))
        )
    row = run_fast(BEST, 1, seed, config=state.config, first=index, start=export(state))[0]
    return Outcome(WIN[int(row[0])], None, (float(row[1]), float(row[0] == 2)))


def rollouts(state: HHState, seat: int, seed: int, first: int, count: int) -> list[Outcome]:
    """Games ``first .. first+count-1`` as ``rollout`` plays them, in one fast-simulator call
    where the position already waits for its Fate draw (one export for all: a game's chance
    depends only on the seed and its index); one at a time where the turn must finish first."""
    from hordes_kit.heroes_hordes.fast.sim import export, run_fast

    if state.step != "draw" or state.is_terminal:
        return [rollout(state, seat, seed, g) for g in range(first, first + count)]
    rows = run_fast(BEST, count, seed, config=state.config, first=first, start=export(state))
    return [Outcome(WIN[int(r[0])], None, (float(r[1]), float(r[0] == 2))) for r in rows]


def exact_discard(state: HHState) -> tuple[str, str] | None:
    """The board's exact answer at a discard: the next card of the best discard for this
    battle (the most force kept), as the lab's best policy discards."""
    if state.is_terminal or state.is_chance or state.step != "discard":
        return None
    return DISCARD_RULES["exact"](state), "the exact best discard for this battle"


COACH = CoachRules(
    "the lab's best policy (defends with the weakest pile that wins, discards the exact "
    "best cards)",
    rollout,
    (
        Measure("Devastation Tokens at the end", better=-1),
        Measure("games lost", better=-1, share=True),
    ),
    tiebreak=0,
    exact=exact_discard,
    bot=get_policy(BEST),
    rollouts=rollouts,
)
