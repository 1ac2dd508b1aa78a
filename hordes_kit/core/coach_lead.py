"""The coach's lead over the best policy, measured move by move (issue 45 part 2).

Where the best policy wins about one game in a hundred (The Horde), whole games are a blunt
measure of a better move: a purchase that lifts the win chance from 1.4% to 2.1% changes
the outcome of one game in 140, and which one is luck. The same difference is measured far
more finely where it is made. The coach's win chance minus the best policy's is the sum,
over the coach's own games, of what each of its moves that differs from the policy's is
worth, with the best policy playing on from there (the performance difference identity:
J(coach) - J(policy) = E over the coach's games of the sum over its moves of
Q(position, coach's move) - Q(position, policy's move), Q the best policy's win chance
after a move). Each such move is checked on ``check`` fresh simulated games after each of
the two moves (keyed luck: the same games for both; a seed of their own, so the coach's
pick is not graded on the games that made it look best), which measures the term without
bias; the sum over a game is then an unbiased measure of the coach's lead, and its mean
over many games, with the 95% interval of that mean, the lead itself.

``play_coach_lead`` is a lab experiment's ``play``: arm 0 is the best policy's win chance
(``check`` fresh games from the start), arm 1 the same plus the coach's lead in that game,
both counted in wins among ``check`` games (``Experiment.scale``), so each arm's mean is its
win chance and their difference, game by game, the lead.
"""

from __future__ import annotations

import hashlib

import numpy as np

from hordes_kit.core.coach import rules_for
from hordes_kit.core.coach_bot import COMPETITIVE, _games_words, coach_choice
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.core.playout import KeyedLuck, playout
from hordes_kit.core.registry import get_game

__all__ = ["play_coach_lead", "lead", "coach_lead_question", "CHECK_GAMES", "SLOW_SHARE"]

CHECK_GAMES = 20_000  # fresh games a move where the coach leaves the policy's move
# where a position's games cannot be played in one fast-simulator call (The Horde's
# Healing Rock choice: the rules engine plays each to the next turn), 1/SLOW_SHARE of them,
# each counting SLOW_SHARE times (the sum stays a whole number of wins in ``check`` games)
SLOW_SHARE = 32


def _check_seed(seed: int, g: int, k: int, what: str) -> int:
    """The seed of game ``g``'s ``k``-th check (``what``: "start" or "move")."""
    digest = hashlib.blake2b(f"hordes-kit-lead:{seed}:{g}:{k}:{what}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") & MAX_SEED


def _wins(rules, state, seat: int, seed: int, games: int) -> int:
    """The best policy's wins in ``games`` simulated games from ``state`` (a whole win each;
    a shared win counts as the game's win, as in the lab's coach question)."""
    if rules.rollouts is not None:
        out = rules.rollouts(state, seat, seed, 0, games)
    else:
        out = [rules.rollout(state, seat, seed, i) for i in range(games)]
    return sum(1 for o in out if o.win >= 1)


def lead(rules, start, seed: int, g: int, choose, check: int) -> int:
    """Game ``g`` of ``seed`` played by ``choose(state, rng) -> (policy's move, move
    played)`` (the coach: ``coach_choice``): over its moves that differ from the best
    policy's, the wins after each in ``check`` fresh games minus the policy's move's."""
    if check < SLOW_SHARE or check % SLOW_SHARE:  # a slow position's share stays whole
        raise ValueError(f"check {check}: a multiple of {SLOW_SHARE}")
    if rules.bot is None:  # no policy's move to measure against: every lead would be 0
        raise ValueError("the lead is measured against the game's best policy as a bot")
    gain, k = 0, 0

    def coach(state, rng):
        nonlocal gain, k
        own, move = choose(state, rng)
        if own is not None and move != own:
            k += 1
            s, seat = _check_seed(seed, g, k, "move"), state.current_player
            a, b = state.apply(move), state.apply(own)
            fast = rules.batched is None or (rules.batched(a) and rules.batched(b))
            n, w = (check, 1) if fast else (check // SLOW_SHARE, SLOW_SHARE)
            gain += w * (_wins(rules, a, seat, s, n) - _wins(rules, b, seat, s, n))
        return move

    n = start.num_players
    playout(start, KeyedLuck(f"hordes-kit:{seed}:{g}"), {p: coach for p in range(n)})
    return gain


def play_coach_lead(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed``, ``spec = (game, config, games a move, check, arm)``:
    each game's number counts wins among ``check`` simulated games (module docstring).

    Arm 0: the best policy's wins in ``check`` games from the start. Arm 1: the same plus,
    over the coach's game ``g`` (``KeyedLuck("hordes-kit:SEED:g")``, the lab's coach arm
    of the same seed), each move that differs from the policy's: its wins minus the
    policy's move's wins in ``check`` fresh games after each."""
    game, config, per_move, check, arm = spec
    if game in COMPETITIVE:
        raise ValueError(f"{game}: the lead is measured in solo and co-op games only")
    rules = rules_for(game)
    start = get_game(game).start(dict(config))

    def choose(state, rng):
        return coach_choice(rules, state, rng, per_move)

    out = np.zeros(count, np.int64)
    for i, g in enumerate(range(first, first + count)):
        out[i] = _wins(rules, start, 0, _check_seed(seed, g, 0, "start"), check)
        if arm:
            out[i] += lead(rules, start, seed, g, choose, check)
    return out


def coach_lead_question(
    game: str,
    measure: str,
    config: dict | None = None,
    *,
    key: str = "coach-lead",
    games: int,
    check: int = CHECK_GAMES,
):
    """The lab's question "How much does the coach gain, move by move?" for a solo or
    co-op ``game``: the coach (at most ``games`` simulated games a move, keyed luck) and
    the best policy, each game's figure a win chance counted in ``check`` games."""
    from hordes_kit.core.lab.search import Question
    from hordes_kit.core.lab.tasks import Arm, Experiment

    if check < SLOW_SHARE or check % SLOW_SHARE:
        raise ValueError(f"check {check}: a multiple of {SLOW_SHARE}")
    config = dict(config or {})

    def experiment() -> Experiment:
        arms = (
            Arm("The lab's best policy", (game, config, 0, check, 0)),
            Arm(f"The coach ({_games_words(games)} a move)", (game, config, games, check, 1)),
        )
        return Experiment(play_coach_lead, arms, measure, False, games_per_second=0.2, scale=check)

    return Question(
        key,
        "How much does the coach gain, move by move?",
        'The coach plays whole games in the rules engine as in "Does the coach beat the '
        "best policy?\"; wherever it leaves the best policy's move, both moves are checked "
        f"on {check:,} fresh simulated games each (the same games for both), and the "
        "difference in games won counts as that move's gain. A game's figure for the coach "
        "is the best policy's win chance from the start (measured on games of its own) "
        "plus every gain in that game; for the policy, that win chance alone. Their "
        "difference, game by game, measures the coach's lead over the best policy without "
        "waiting for the rare games that only one of them wins.",
        experiment=experiment,
        default_games=50,
    )
