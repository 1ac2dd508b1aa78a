"""Bot against bot by Monte Carlo: whole Fantahzee games played by the shipped bots.

``simulate(("strong", "random"), 100)`` plays 100 two-player games. The bots take the
seats in turn (in game ``i`` bot ``b`` sits in seat ``(b + i) % players``, so nobody
always starts), every game is played to its end by the rules engine, and each bot's
wins are counted with a 95% Wilson interval. A shared win counts for every bot sharing
it. Game ``i``'s chance comes from ``(seed, i)`` alone: any number of worker processes
plays the same games. The fast simulator (``fast/sim.py``, tested move for move against the
rules engine on the same chance) plays by default; ``engine="reference"`` asks for the
rules engine itself (the two draw their chance differently: the same seed gives other
games, from the same distribution).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import (
    check_run,
    chunk_ranges,
    chunk_size,
    map_chunks,
    run_games,
    wilson_interval,
)
from hordes_kit.core.playout import playout
from hordes_kit.fantahzee.bots import BOTS
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.rules import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["SimResult", "simulate", "play_one", "seat_of"]

MAX_MOVES = 100_000  # a game still going after this many moves is counted unfinished


def seat_of(bot: int, index: int, players: int) -> int:
    """The seat of the ``bot``-th bot in game ``index`` (the bots move round the table).

    >>> [seat_of(0, i, 2) for i in range(4)]
    [0, 1, 0, 1]
    """
    return (bot + index) % players


def play_one(
    bots: tuple[str, ...], index: int, rng: random.Random, config: Mapping | None = None
) -> tuple[tuple[int, ...], int, bool]:
    """Game ``index``: (the bots that won, by their place in ``bots``; turns; finished)."""
    n = len(bots)
    seats = {seat_of(b, index, n): BOTS[name] for b, name in enumerate(bots)}
    start = new_game({**dict(config or {}), "players": n})
    final = playout(start, rng, seats, max_steps=MAX_MOVES)
    if not final.is_terminal:
        return (), final.turn, False
    score = final.returns()
    return tuple(b for b in range(n) if score[seat_of(b, index, n)] > 0), final.turn, True


@dataclass(frozen=True)
class SimResult:
    """Each bot's wins over a run, with 95% intervals."""

    bots: tuple[str, ...]
    games: int
    seed: int
    wins: tuple[int, ...]  # games won (or shared) by each bot, in the order of ``bots``
    turns: int  # turns played over all the games
    unfinished: int = 0  # games stopped after MAX_MOVES moves
    engine: str = "reference"  # which engine played them: "reference" or "fast"

    def rate(self, bot: int) -> float:
        """Share of the games the ``bot``-th bot won (or shared)."""
        return self.wins[bot] / self.games

    def interval(self, bot: int) -> tuple[float, float]:
        """95% Wilson interval of that share."""
        return wilson_interval(self.wins[bot], self.games)

    def to_json(self) -> dict:
        """JSON-ready summary."""
        return {
            "game": "fantahzee",
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "p_win": [self.rate(b) for b in range(len(self.bots))],
            "p_win_95": [list(self.interval(b)) for b in range(len(self.bots))],
            "mean_turns": self.turns / self.games,
            "unfinished": self.unfinished,
            "engine": self.engine,
        }


def simulate(
    bots: Sequence[str] = ("strong", "random"),
    games: int = 100,
    seed: int = 0,
    *,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    engine: str = "auto",
    config: Mapping[str, Any] | None = None,
) -> SimResult:
    """Play ``games`` seeded games between the named bots (one seat each, 2-5 bots).

    ``engine``: ``fast`` (the numba simulator, ``fast/sim.py``), ``reference`` (the rules
    engine) or ``auto`` (fast). ``config``: the table rules both engines play."""
    bots = tuple(bots)
    for name in bots:
        if name not in BOTS:
            raise InvalidInputError(f"unknown bot {name!r:.40}: choose from {', '.join(BOTS)}")
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise InvalidInputError(f"Fantahzee is for 2-5 players, got {len(bots)} bots")
    if engine not in ("auto", "fast", "reference"):
        raise InvalidInputError(f"engine must be auto, fast or reference, got {engine!r:.40}")
    check_run(games, seed, workers)
    cfg = dict(config or {})
    new_game({**cfg, "players": len(bots)})  # checks the config before any work starts
    wins = [0] * len(bots)
    turns = unfinished = 0
    if engine != "reference":
        size = chunk_size(games, workers, 500)
        chunks = ((cfg, bots, n, seed, a) for a, n in chunk_ranges(games, size))
        for part in map_chunks(_fast_chunk, chunks, games, workers=workers, progress=progress):
            for g in part:
                for b in g.winners:
                    wins[b] += 1
                turns += g.turns
                unfinished += not g.finished
        return SimResult(bots, games, seed, tuple(wins), turns, unfinished, "fast")
    for won, t, finished in run_games(
        partial(play_one, bots, config=cfg), games, seed, workers=workers, progress=progress,
        chunk=5,
    ):  # fmt: skip
        for b in won:
            wins[b] += 1
        turns += t
        unfinished += not finished
    return SimResult(bots, games, seed, tuple(wins), turns, unfinished)


def _fast_chunk(args):
    from hordes_kit.fantahzee.fast.sim import play_games

    config, bots, count, seed, first = args
    return play_games(config, bots, count, seed, first)
