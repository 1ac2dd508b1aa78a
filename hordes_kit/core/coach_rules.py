"""A game's side of the coach (``core.coach`` searches with it): what one simulated game
from a position is (``Rollout``, or a batch of them, ``Rollouts``), what is measured in each
(``Measure``, ``Outcome``), and, in a game with hidden cards, how what the seat cannot see
is sampled (``Sampler``). Each game's ``coach.py`` builds its ``COACH`` from these.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import Policy, playout
from hordes_kit.core.state import GameState

__all__ = [
    "Measure",
    "Outcome",
    "Rollout",
    "Rollouts",
    "Sampler",
    "CoachRules",
    "engine_rollout",
    "rules_for",
]


@dataclass(frozen=True)
class Measure:
    """Something counted at the end of each simulated game, in a player's words."""

    name: str  # "Devastation Tokens at the end", "games that reach turn 10"
    better: int = 1  # +1: more is better; -1: fewer is better
    share: bool = False  # a yes/no per game, told as a share of games


@dataclass(frozen=True)
class Outcome:
    """One simulated game for the seat: its win (1, 0, or a share of a shared win), its
    score (None in a game without one) and each of the game's measures."""

    win: float
    score: float | None = None
    measures: tuple[float, ...] = ()


# (position after the move, seat, seed, game index) -> that game's outcome for the seat
Rollout = Callable[[GameState, int, int, int], Outcome]
# (position after the move, seat, seed, first game, games) -> games first .. first+games-1,
# each the outcome ``Rollout`` gives for its index (a fast simulator's batch)
Rollouts = Callable[[GameState, int, int, int, int], Sequence[Outcome]]
# (position, seat, generator) -> the position with what the seat cannot see sampled anew
Sampler = Callable[[GameState, int, random.Random], GameState]


@dataclass(frozen=True)
class CoachRules:
    """A game's side of the coach."""

    policy: str  # in words: who plays the simulated games ("the lab's best policy")
    rollout: Rollout
    measures: tuple[Measure, ...] = ()
    score: str = ""  # the name of the seat's score ("XP"), "" in a game without one
    sample: Sampler | None = None  # games with hidden cards: sample what the seat cannot see
    moves: Callable[[GameState], Sequence[str]] | None = None  # default: every legal move
    # the measure that ranks moves of equal win chance (and score): in The Horde, where
    # the best policy survives about 1% of games, the turns held
    tiebreak: int = -1
    # an exact answer the same screen gives (the best discard for this battle): (its move,
    # what it is best at, in words), or None where it has none; the coach agrees with it
    # or says why the whole game differs
    exact: Callable[[GameState], tuple[str, str] | None] | None = None
    bot: Policy | None = None  # the best policy as a rules-engine bot (core.coach_bot)
    # the same games as ``rollout`` in one call, where a fast simulator can play them from
    # the position at once (no per-game export, no per-game call); None: one at a time
    rollouts: Rollouts | None = None
    # whether ``rollouts`` plays a position's games in one call (None: wherever it exists);
    # where not, each game is played on its own (The Horde's Healing Rock choice)
    batched: Callable[[GameState], bool] | None = None

    def second(self, o: Outcome) -> float:
        """What ranks moves of equal win chance: the score, else the tiebreak measure."""
        if self.score:
            return 0.0 if o.score is None else o.score
        if self.tiebreak >= 0:
            return o.measures[self.tiebreak] * self.measures[self.tiebreak].better
        return 0.0


def engine_rollout(
    policies: Callable[[GameState], Mapping[int, Policy]],
    measures: Callable[[GameState, int], tuple[float, ...]] = lambda s, seat: (),
    score: Callable[[GameState, int], float] | None = None,
) -> Rollout:
    """A rollout in the rules engine: the game's bots play to the end with game ``g``'s luck."""

    def rollout(state: GameState, seat: int, seed: int, index: int) -> Outcome:
        end = playout(state, game_rng(seed, index), policies(state))
        return Outcome(
            end.returns()[seat],
            None if score is None else float(score(end, seat)),
            tuple(float(x) for x in measures(end, seat)),
        )

    return rollout


def rules_for(game: str) -> CoachRules:
    """The coach's rules of a registered game (its ``coach`` module's ``COACH``)."""
    import importlib

    from hordes_kit.core.registry import get_game

    g = get_game(game)
    if not g.coach:
        raise InvalidInputError(f"{g.title} has no coach yet")
    return importlib.import_module(g.coach).COACH
