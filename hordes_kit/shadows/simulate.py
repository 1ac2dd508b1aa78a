"""Monte Carlo of whole games: who wins with which Hero, with 95% intervals.

Games are streamed in chunks and only tallies are kept, so memory does not grow with
the number of games; game ``i`` of seed ``s`` is the same whatever the workers. The
sensible bot and its family play on the fast simulator (``fast/sim.py``: the rules
engine's games on the same chance, tests/test_shadows_fast.py), over a hundred times
faster; the random bot on the rules engine (``engine="reference"`` asks for it always). The two
draw their chance differently, so game ``i`` of a seed is one game on each.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import (
    check_run,
    chunk_ranges,
    chunk_size,
    game_rng,
    map_chunks,
    wilson_interval,
)
from hordes_kit.core.playout import playout
from hordes_kit.shadows.bots import get_policy
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.policy import policy_of

__all__ = ["SimResult", "simulate", "play_one", "MAX_GAMES", "ENGINES"]

MAX_GAMES = 1_000_000
ENGINES = ("auto", "fast", "reference")
FAST_CHUNK = 2_000  # games of one fast call: a progress tick every fraction of a second


def _heroes_policy(heroes: tuple[str, ...], bot):
    """The bot, except that seat k picks heroes[k] when it chooses its Hero."""

    def policy(state, rng: random.Random) -> str:
        t = state.top()
        if t is not None and t.kind == "!hero":
            want = f"hero:{heroes[t.seat]}"
            if want in state.legal_actions():
                return want
        return bot(state, rng)

    return policy


def play_one(
    heroes: tuple[str, ...],
    bot: str,
    index: int,
    rng: random.Random,
    rules: tuple[tuple[str, object], ...] = (),
) -> tuple:
    """One game (by the table rules ``rules``, (field, value) pairs): (winning seats, rounds)."""
    pol = _heroes_policy(heroes, get_policy(bot))
    start = new_game({"players": len(heroes), **dict(rules)})
    final = playout(start, rng, {k: pol for k in range(len(heroes))})
    if not final.is_terminal:
        return ((), final.round)
    _, winners = final.final_standings()
    return (tuple(winners), final.round)


@dataclass(frozen=True)
class SimResult:
    """Wins per Hero (a shared victory counts as a share), with 95% intervals."""

    heroes: tuple[str, ...]
    bot: str
    games: int
    seed: int
    wins: tuple[float, ...]
    outright: tuple[int, ...]
    shared: int
    rounds: float

    def rate(self, k: int) -> float:
        """Share of games won by seat k (shared victories split)."""
        return self.wins[k] / self.games

    def interval(self, k: int) -> tuple[float, float]:
        """95% Wilson interval of seat k's outright win rate."""
        return wilson_interval(self.outright[k], self.games)

    def to_json(self) -> dict:
        """JSON-ready summary."""
        return {
            "game": "shadows",
            "heroes": list(self.heroes),
            "bot": self.bot,
            "games": self.games,
            "seed": self.seed,
            "win_share": [self.rate(k) for k in range(len(self.heroes))],
            "outright": list(self.outright),
            "outright_95": [list(self.interval(k)) for k in range(len(self.heroes))],
            "shared": self.shared,
            "mean_rounds": self.rounds,
        }


def _chunk(args) -> tuple:
    heroes, bot, seed, first, count, rules = args
    wins = [0.0] * len(heroes)
    outright = [0] * len(heroes)
    shared = rounds = 0
    for i in range(first, first + count):
        winners, r = play_one(heroes, bot, i, game_rng(seed, i), rules)
        rounds += r
        if len(winners) == 1:
            outright[winners[0]] += 1
        elif winners:
            shared += 1
        for w in winners:
            wins[w] += 1 / len(winners)
    return [(tuple(wins), tuple(outright), shared, rounds, count)]


def _fast_chunk(args) -> tuple:
    """``_chunk``'s tallies of games ``first ..`` on the fast simulator."""
    from hordes_kit.shadows.fast.sim import OUT_ROUNDS, OUT_STATUS, OUT_WON, run_fast

    heroes, bot, seed, first, count, rules = args
    n = len(heroes)
    rows = run_fast(heroes, (bot,) * n, count, seed, first, dict(rules))
    wins = [0.0] * n
    outright = [0] * n
    shared = 0
    for status, mask in zip(rows[:, OUT_STATUS].tolist(), rows[:, OUT_WON].tolist()):
        winners = [k for k in range(n) if status == 0 and (mask >> k) & 1]
        if len(winners) == 1:
            outright[winners[0]] += 1
        elif winners:
            shared += 1
        for w in winners:
            wins[w] += 1 / len(winners)
    return [(tuple(wins), tuple(outright), shared, int(rows[:, OUT_ROUNDS].sum()), count)]


def simulate(
    heroes: tuple[str, ...],
    games: int,
    seed: int = 0,
    *,
    bot: str = "sensible",
    workers: int = 1,
    progress=None,
    rules: Mapping[str, object] | None = None,
    engine: str = "auto",
) -> SimResult:
    """Play ``games`` seeded games with those Heroes in seat order (2 or 3); ``rules``:
    the table rules the games play (``library``, ``mulligan``, ``unmet``; default the kit's);
    ``engine``: ``auto`` (the fast simulator for the sensible bot and its family), ``fast``
    or ``reference`` (the rules engine)."""
    get_policy(bot)
    if engine not in ENGINES:
        raise InvalidInputError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r:.20}")
    fast = engine != "reference" and policy_of(bot) is not None
    if engine == "fast" and not fast:
        raise InvalidInputError(
            f"the fast simulator plays the sensible bot and its family, not {bot!r:.40}"
        )
    if not 2 <= len(heroes) <= 3:
        raise InvalidInputError("give 2 or 3 Heroes")
    check_run(games, seed, workers, max_games=MAX_GAMES)
    table = tuple(sorted(dict(rules or {}).items()))
    bad = sorted(set(dict(table)) - {"library", "mulligan", "unmet"})
    if bad:
        raise InvalidInputError(f"{bad[0]!r:.40} is not a table rule of Shadows")
    SConfig.from_dict({"players": len(heroes), **dict(table)})  # refused here, named
    size = chunk_size(games, workers, FAST_CHUNK if fast else 200)
    chunks = ((tuple(heroes), bot, seed, a, n, table) for a, n in chunk_ranges(games, size))
    play = _fast_chunk if fast else _chunk
    parts = map_chunks(play, chunks, games, workers=workers, progress=progress)
    n = len(heroes)
    wins, outright, shared, rounds = [0.0] * n, [0] * n, 0, 0
    for part in parts:
        for w, o, sh, r, _ in part:
            wins = [a + b for a, b in zip(wins, w)]
            outright = [a + b for a, b in zip(outright, o)]
            shared += sh
            rounds += r
    return SimResult(
        tuple(heroes), bot, games, seed, tuple(wins), tuple(outright), shared, rounds / games
    )
