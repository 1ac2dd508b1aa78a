"""The coach as a bot (issue 45 part 2): at each choice among several moves it plays the
coach's best after a number of simulated games a move that does not depend on the machine's
speed (32 first, doubling up to the bot's most only while another move has won more of the
same games than the best policy's own), and the strategy lab plays it against the game's
best policy.

``play_coach`` is a lab experiment's ``play`` (``core.lab.tasks``): every game in the
rules engine, game ``g`` of a seed drawing its chance from ``game_rng(seed, g)`` whichever
arm plays it. In a solo or co-op game the coach decides for every seat; in a competitive
one it sits in one seat against the game's best policy at the other seats, and a game
counts as won when that seat wins (alone or shared). The seat goes round the table: game
``g`` is the ``g``-th of the tables (a config, or several: 2 then 3 players) and their
seats in turn, so every table and seat order is played as often.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np

from hordes_kit.core.coach import DROP_AFTER, MAX_SECONDS, Coach, rules_for
from hordes_kit.core.montecarlo import MAX_SEED, game_rng
from hordes_kit.core.playout import KeyedLuck, Policy, playout
from hordes_kit.core.registry import get_game

__all__ = ["coach_bot", "coach_choice", "play_coach", "coach_question", "COMPETITIVE", "PER_MOVE"]

COMPETITIVE = ("fantahzee", "shadows")  # a seat wins against the others
PER_MOVE = 16  # the lab's coach by default (Fantahzee, Shadows): simulated games a move


def _seed_of(rng: random.Random) -> int:
    """A search seed from the game's generator without drawing from it: the game's luck
    after this choice stays the luck the best policy's game draws (common random numbers
    between the lab's arms)."""
    state = repr(rng.getstate()).encode()
    return int.from_bytes(hashlib.blake2b(state, digest_size=8).digest(), "big") & MAX_SEED


def coach_choice(rules, state, rng: random.Random, games: int) -> tuple[str | None, str]:
    """The best policy's own move (None in a game without one) and the coach's move after
    ``games`` simulated games a move (``rules``: the game's ``CoachRules``)."""
    # the best policy first, drawing from the game's generator exactly as it does alone:
    # until the coach plays another move its game is the best policy's game
    own = rules.bot(state, rng) if rules.bot is not None else None
    if len(state.legal_actions()) == 1:
        return own, own if own is not None else state.legal_actions()[0]
    search = Coach(state, rules, seed=_seed_of(rng), policy_move=own)
    # the games go where the choice is close: past the first round the search plays on
    # (doubling) only while another move has won more of the same games than the
    # policy's, as only such a move can be told apart above it
    n = min(games, DROP_AFTER)
    answer = search.think(MAX_SECONDS, games=n)
    while n < games and search.promising():
        n = min(2 * n, games)
        answer = search.think(MAX_SECONDS, games=n)
    return own, answer.best.move


def coach_bot(game: str, games: int = 16) -> Policy:
    """A policy that plays the coach's best move after ``games`` simulated games a move:
    the best policy's own move unless the games tell another above it on win chance."""
    rules = rules_for(game)

    def policy(state, rng) -> str:
        return coach_choice(rules, state, rng, games)[1]

    return policy


def play_coach(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed``, ``spec = (game, config, games a move[, keyed])``: 1 won.

    ``games a move`` 0 plays the game's best policy alone (the lab's baseline arm); with
    ``keyed`` true, game ``g``'s chance is ``KeyedLuck("hordes-kit:SEED:g")`` (luck keyed by
    turn and kind, so it stays common after the coach plays another move) instead of
    ``game_rng(seed, g)``."""
    game, configs, per_move, *keyed = spec
    rules = rules_for(game)
    coach = coach_bot(game, per_move) if per_move else rules.bot
    configs = (configs,) if isinstance(configs, dict) else tuple(configs)
    starts = [get_game(game).start(dict(c)) for c in configs]
    tables = [(s, seat) for s in starts for seat in range(s.num_players)]
    if game not in COMPETITIVE:
        tables = [(s, 0) for s in starts]
    out = np.zeros(count, np.int64)
    for k in range(count):
        g = first + k
        start, seat = tables[g % len(tables)]
        n = start.num_players
        if game in COMPETITIVE:
            policies = {i: coach if i == seat else rules.bot for i in range(n)}
        else:
            policies = {i: coach for i in range(n)}
        luck = KeyedLuck(f"hordes-kit:{seed}:{g}") if any(keyed) else game_rng(seed, g)
        end = playout(start, luck, policies)
        value = end.returns()[seat]
        out[k] = int(value > 0 if game in COMPETITIVE else value >= 1)
    return out


def _games_words(games: int) -> str:
    """The coach bot's simulated games a move in words ("16 simulated games")."""
    return f"{'up to ' * (games > DROP_AFTER)}{games:,} simulated games"


def coach_question(
    game: str,
    measure: str,
    config: dict | tuple[dict, ...] | None = None,
    *,
    key: str = "coach",
    where: str = "",
    games: int = PER_MOVE,
    keyed_luck: bool = False,
):
    """The lab's question "Does the coach beat the best policy?" for ``game`` (``where``: the
    setup in words, "solo, level 2"): both on the same games, the coach with at most
    ``games`` simulated games a move (``core.lab.search.Question``); ``config``: the
    table, or the tables in turn; ``keyed_luck``: both arms' games draw ``KeyedLuck`` (for
    a game where the coach's better moves are rare and the plain stream's luck, parting
    after them, would drown them in noise)."""
    from hordes_kit.core.lab.search import Question
    from hordes_kit.core.lab.tasks import Arm, Experiment

    config = dict(config or {}) if not isinstance(config, tuple) else tuple(map(dict, config))

    def experiment() -> Experiment:
        arms = (
            Arm("The lab's best policy", (game, config, 0) + (True,) * keyed_luck),
            Arm(
                f"The coach ({_games_words(games)} a move)",
                (game, config, games) + (True,) * keyed_luck,
            ),
        )
        return Experiment(play_coach, arms, measure, True, games_per_second=0.2)

    return Question(
        key,
        "Does the coach beat the best policy?" + (f" ({where})" if where else ""),
        "Whole games in the rules engine: the coach, which plays the best policy's move "
        f"unless simulated games ({_games_words(games)} a move"
        + (
            f": {DROP_AFTER} first, doubling while another move has won more of them"
            if games > DROP_AFTER
            else ""
        )
        + ", on common random numbers) tell another above it on win chance (99% sure), "
        "against the game's best policy, on the same games: the difference is measured "
        "game by game."
        + (
            " Each chance draw's luck is keyed by the turn and what is drawn (the n-th Horde "
            "card of turn t, the n-th battle roll), so after the coach plays another move "
            "both games still meet the same Horde cards and the same n-th rolls: far less "
            "of the difference between them is luck."
            if keyed_luck
            else ""
        ),
        experiment=experiment,
        default_games=50,
    )
