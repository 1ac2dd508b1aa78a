"""The coach's side of Fantahzee (``core.coach``): each game played on in the fast simulator
by the lab's best policy at every seat; the seat's value is its win (a share of a shared
win) and its XP at the end.

Hidden cards: the other seats' hands. The coach never reads them: each simulated game
deals them anew, at their sizes, from the hero cards this seat has not seen (the hero deck
and those hands together, which is all this seat knows of them), so two positions that
differ only in another seat's hand get the same answer (tests/test_coach.py).
"""

from __future__ import annotations

import random

from hordes_kit.core.coach_rules import CoachRules, Measure, Outcome
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import playout
from hordes_kit.core.state import evolve
from hordes_kit.fantahzee.bots import bot_named
from hordes_kit.fantahzee.game import FState
from hordes_kit.fantahzee.policy import StrongPolicy

__all__ = ["COACH", "BEST", "rollout", "sample", "exact_roll"]

# the lab's best policy (data/lab/answers.toml, "best-policy": prefers Captain and
# Shieldbearer (+4), never Spearman, never flips)
BEST = StrongPolicy(
    favour=("captain", "shieldbearer"), favour_bonus=4.0, never=("spearman",), flip_chance=0.0
).name


def sample(state: FState, seat: int, rng: random.Random) -> FState:
    """The position with every other seat's hand dealt anew from the cards ``seat`` has not seen."""
    others = [i for i in range(state.num_players) if i != seat and state.seats[i].hand]
    if not others:
        return state
    unseen = sorted(state.hero_deck + tuple(c for i in others for c in state.seats[i].hand))
    rng.shuffle(unseen)
    seats = list(state.seats)
    for i in others:
        k = len(seats[i].hand)
        seats[i] = evolve(seats[i], hand=tuple(sorted(unseen[:k])))
        unseen = unseen[k:]
    return evolve(state, seats=tuple(seats), hero_deck=tuple(sorted(unseen)))


def _engine(state: FState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` in the rules engine, the best policy at every seat."""
    bot = bot_named(BEST)
    end = playout(state, game_rng(seed, index), {i: bot for i in range(state.num_players)})
    xp = float(end.xp(seat))
    ended = (xp, float(end.monsters_defeated(seat)), float(len(end.seats[seat].party)))
    return Outcome(end.returns()[seat], xp, ended)


def rollout(state: FState, seat: int, seed: int, index: int) -> Outcome:
    """Game ``index`` of ``seed`` played on from ``state``: the seat's win, XP and more."""
    from hordes_kit.fantahzee.fast.play import OUT_WON, OUT_XP
    from hordes_kit.fantahzee.fast.sim import run_fast
    from hordes_kit.fantahzee.fast.tables import Unsupported

    n = state.num_players
    if state.is_terminal:  # the move ended the game: its own figures
        return _engine(state, seat, seed, index)
    try:
        row = run_fast((BEST,) * n, 1, seed, index, start=state)[0]
    except Unsupported:  # cards or a position the fast simulator has no room for
        return _engine(state, seat, seed, index)
    won = [b for b in range(n) if (int(row[OUT_WON]) >> b) & 1]
    xp = float(row[OUT_XP + seat])
    return Outcome(
        1.0 / len(won) if seat in won else 0.0,
        xp,
        (xp, float(row[OUT_XP + 5 + seat]), float(row[OUT_XP + 10 + seat])),
    )


def exact_roll(state: FState) -> tuple[str, str] | None:
    """The board's exact answer in the Roll Step: the party solver's best move for this
    turn's expected strength, as a move (None where it names none, or more than one)."""
    from hordes_kit.fantahzee.advice import party_strength
    from hordes_kit.fantahzee.rules import dice_text

    if state.is_chance or state.is_terminal or state.phase != "roll" or not state.rolled:
        return None
    if state.pending:
        return None
    _odds, advice = party_strength(state)
    legal = state.legal_actions()
    if advice is None:
        return None
    if advice.move == "keep":
        moves = [f"keep:{dice_text(advice.keep)}"]
    elif advice.move == "activate":
        tail = f".{advice.hero}:{dice_text(advice.pay)}"
        moves = [a for a in legal if a.startswith("activate:") and a.endswith(tail)]
    else:  # stop rolling: "done", unless heroes are left to activate (then it names none)
        moves = [] if any(a.startswith("activate:") for a in legal) else ["done"]
    if len(moves) != 1 or moves[0] not in legal:
        return None
    return moves[0], "the party solver's best move for this turn's strength"


COACH = CoachRules(
    "the lab's best policy at every seat",
    rollout,
    (
        Measure("XP at the end", better=1),
        Measure("monsters defeated", better=1),
        Measure("heroes in the party at the end", better=1),
    ),
    score="XP",
    sample=sample,
    exact=exact_roll,
    bot=bot_named(BEST),
)
