"""Win odds by Monte Carlo: whole games played by a policy.

The fast simulator (``fast/sim.py``, checked against the rules engine) plays from a new
game or from any position waiting for its Fate draw; from the middle of a turn, each
game finishes the turn in the rules engine, then goes on in the fast simulator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import (
    check_run,
    chunk_ranges,
    chunk_size,
    game_rng,
    map_chunks,
    run_games,
    wilson_interval,
)
from hordes_kit.core.playout import play_until, playout
from hordes_kit.heroes_hordes.bots import get_policy
from hordes_kit.heroes_hordes.game import HHState, new_game
from hordes_kit.heroes_hordes.rules import HHConfig

__all__ = ["SimResult", "simulate", "play_one"]

RESULTS = ("win", "tie", "loss")


def play_one(
    policy: str,
    index: int,
    rng: random.Random,
    start: HHState | None = None,
    config: HHConfig | None = None,
) -> tuple:
    """One whole game from ``start`` (a new game of ``config`` by default): (result, tokens)."""
    state = playout(start or new_game(config), rng, {0: get_policy(policy)})
    return state.result, state.tokens


@dataclass(frozen=True)
class SimResult:
    """Outcome counts of a run, with 95% intervals and the tokens' distribution."""

    policy: str
    games: int
    seed: int
    results: dict[str, int]
    tokens: dict[int, int]
    engine: str = "reference"

    def rate(self, outcome: str) -> float:
        """Share of games with this outcome (win, tie, loss)."""
        return self.results.get(outcome, 0) / self.games

    def interval(self, outcome: str) -> tuple[float, float]:
        """95% Wilson interval of that share."""
        return wilson_interval(self.results.get(outcome, 0), self.games)

    def table(self):
        """polars table: outcome, games, rate, 95% interval."""
        import polars as pl

        rows = [
            {
                "outcome": o,
                "games": self.results.get(o, 0),
                "rate": self.rate(o),
                "low95": self.interval(o)[0],
                "high95": self.interval(o)[1],
            }
            for o in RESULTS
        ]
        return pl.DataFrame(rows)

    def token_table(self):
        """polars table: final Devastation Tokens, games, share."""
        import polars as pl

        top = max(self.tokens) if self.tokens else 0
        return pl.DataFrame(
            {
                "tokens": list(range(top + 1)),
                "games": [self.tokens.get(t, 0) for t in range(top + 1)],
                "share": [self.tokens.get(t, 0) / self.games for t in range(top + 1)],
            }
        )

    def to_json(self) -> dict:
        """JSON-ready summary (the CLI's ``--json``)."""
        return {
            "game": "heroes-hordes",
            "policy": self.policy,
            "games": self.games,
            "seed": self.seed,
            "engine": self.engine,
            **{f"p_{o}": self.rate(o) for o in RESULTS},
            **{f"p_{o}_95": list(self.interval(o)) for o in RESULTS},
            "tokens": {str(k): v for k, v in sorted(self.tokens.items())},
        }


def simulate(
    policy: str,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    start: HHState | None = None,
    progress: Callable[[int, int], None] | None = None,
    engine: str = "auto",
    config: HHConfig | Mapping | None = None,
) -> SimResult:
    """Play ``games`` seeded games with a named policy; identical for any ``workers``.

    ``engine``: ``fast`` (numba; from the middle of a turn, the rules engine finishes
    the turn first), ``reference`` (the rules engine only) or ``auto`` (fast).
    ``start``: a position to play from (default: a new game of ``config``, whose table
    rules both engines play; a start position plays its own config).
    """
    get_policy(policy)
    check_run(games, seed, workers)
    if engine not in ("auto", "fast", "reference"):
        raise InvalidInputError(f"engine must be auto, fast or reference, got {engine!r}")
    if start is not None and start.is_terminal:
        raise InvalidInputError("the game is over: nothing left to simulate")
    if engine == "auto":
        engine = "fast"
    if start is not None:
        cfg = start.config
    elif isinstance(config, Mapping):
        cfg = HHConfig.from_dict(config)
    else:
        cfg = config or HHConfig()
    results: Counter = Counter()
    tokens: Counter = Counter()
    if engine == "fast":
        for rows in _fast(policy, games, seed, workers, progress, start, cfg):
            results.update(RESULTS[r] for r in rows[:, 0])
            tokens.update(int(t) for t in rows[:, 1])
        return SimResult(policy, games, seed, dict(results), dict(tokens), "fast")
    one = partial(play_one, policy, start=start, config=cfg)
    for r, t in run_games(one, games, seed, workers=workers, progress=progress):
        results[r] += 1
        tokens[t] += 1
    return SimResult(policy, games, seed, dict(results), dict(tokens))


def _fast_chunk(args):
    from hordes_kit.heroes_hordes.fast.sim import run_fast

    policy, first, count, seed, start, config = args
    return run_fast(policy, count, seed, config=config, first=first, start=start)


def _bridge_chunk(args):
    """Games from the middle of a turn: the rules engine to the next Fate draw, then fast."""
    import numpy as np

    from hordes_kit.heroes_hordes.fast.sim import export, run_fast

    policy, first, count, seed, start, config = args
    bot = get_policy(policy)
    code = {r: i for i, r in enumerate(RESULTS)}
    exported: dict = {}  # positions reached by earlier games (a turn often ends alike)
    rows = []
    for g in range(first, first + count):
        state = play_until(start, game_rng(seed, g), {0: bot}, lambda s: s.step == "draw")
        if state.is_terminal:
            rows.append((code[state.result], state.tokens, state.turn))
            continue
        key = (state.piles, state.deck, state.known, state.discard, state.tokens, state.turn)
        if key not in exported:
            exported[key] = export(state)
        rows.append(
            tuple(run_fast(policy, 1, seed, config=config, first=g, start=exported[key])[0])
        )
    return np.array(rows, np.int64).reshape(-1, 3)


def _fast(policy, games, seed, workers, progress, start=None, config=None):
    """The fast simulator's rows (result, tokens, turn), chunk by chunk."""
    from hordes_kit.heroes_hordes.fast.sim import export

    fn, arg = _fast_chunk, None
    if start is not None:
        if start.step == "draw":
            arg = export(start)
        else:
            fn, arg = _bridge_chunk, start
    most = 5000 if fn is _fast_chunk else 100
    size = chunk_size(games, workers, most)
    chunks = ((policy, a, n, seed, arg, config) for a, n in chunk_ranges(games, size))
    return map_chunks(fn, chunks, games, workers=workers, progress=progress)
