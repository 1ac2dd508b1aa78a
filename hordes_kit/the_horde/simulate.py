"""Survival analysis by Monte Carlo: whole games played by a buying policy.

``simulate`` gives P(survive all 20 turns) with a 95% interval, the survival curve by
turn and the causes of defeat (unpaid taxes vs Chauncey killed), as polars tables.
The fast simulator plays new games and positions in a Recruit phase or drawing the
attack deck; from anywhere else each game first plays the rest of the turn through the
reference engine.
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
from hordes_kit.the_horde.bots import Policy, as_bot, get_policy
from hordes_kit.the_horde.game import THState, new_game
from hordes_kit.the_horde.rules import THConfig, data_of

__all__ = ["SimResult", "simulate", "play_one", "CAUSES"]

CAUSES = {"win": "survived", "taxes": "unpaid tax", "chauncey": "Chauncey killed"}
CODES = ("win", "taxes", "chauncey")


def play_one(
    policy: str | Policy,
    index: int,
    rng: random.Random,
    start: THState | None = None,
    config: THConfig | None = None,
) -> tuple[str, int]:
    """One whole game from ``start`` (a new game of ``config`` by default): (result, last turn)."""
    state = playout(start or new_game(config), rng, {0: as_bot(policy)})
    return state.result, state.turn


@dataclass(frozen=True)
class SimResult:
    """Outcomes of a run: (result, last turn) counts, with intervals and the curve."""

    policy: str
    games: int
    seed: int
    outcomes: dict[tuple[str, int], int]  # (result, turn it ended) -> games
    start_turn: int = 1
    turns: int = 20
    engine: str = "reference"

    def count(self, result: str) -> int:
        """Games with this result (win, taxes, chauncey)."""
        return sum(n for (r, _), n in self.outcomes.items() if r == result)

    @property
    def survival(self) -> float:
        """Share of games that survived all the turns."""
        return self.count("win") / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the survival rate."""
        return wilson_interval(self.count("win"), self.games)

    def survived_turns(self, result: str, turn: int) -> int:
        """Turns completed in a game that ended so (a loss in turn t completes t - 1)."""
        return self.turns if result == "win" else turn - 1

    def curve(self):
        """polars table: turn, share of games still alive after it, 95% interval."""
        import polars as pl

        rows = []
        for t in range(self.start_turn - 1, self.turns + 1):
            alive = sum(
                n for (r, tn), n in self.outcomes.items() if self.survived_turns(r, tn) >= t
            )
            lo, hi = wilson_interval(alive, self.games)
            rows.append({"turn": t, "alive": alive / self.games, "low95": lo, "high95": hi})
        return pl.DataFrame(rows)

    def causes(self):
        """polars table: how games ended (survived, unpaid tax, Chauncey killed)."""
        import polars as pl

        rows = []
        for code in CODES:
            k = self.count(code)
            lo, hi = wilson_interval(k, self.games)
            rows.append(
                {
                    "outcome": CAUSES[code],
                    "games": k,
                    "rate": k / self.games,
                    "low95": lo,
                    "high95": hi,
                }
            )
        return pl.DataFrame(rows)

    def deaths_by_turn(self):
        """polars table: turn, games lost to taxes and to the horde in that turn."""
        import polars as pl

        return pl.DataFrame(
            {
                "turn": list(range(self.start_turn, self.turns + 1)),
                "taxes": [
                    self.outcomes.get(("taxes", t), 0)
                    for t in range(self.start_turn, self.turns + 1)
                ],
                "chauncey": [
                    self.outcomes.get(("chauncey", t), 0)
                    for t in range(self.start_turn, self.turns + 1)
                ],
            }
        )

    def to_json(self) -> dict:
        """JSON-ready summary (the CLI's ``--json``)."""
        lo, hi = self.interval
        return {
            "game": "the-horde",
            "policy": self.policy,
            "games": self.games,
            "seed": self.seed,
            "engine": self.engine,
            "p_survive": self.survival,
            "p_survive_95": [lo, hi],
            "defeats": {CAUSES[c]: self.count(c) for c in CODES[1:]},
            "survival_curve": [round(x, 6) for x in self.curve()["alive"].to_list()],
        }


def _fast_chunk(args):
    from hordes_kit.the_horde.fast.sim import run_fast

    policy, first, count, seed, start, config = args
    return run_fast(policy, count, seed, config=config, first=first, start=start)


def _bridge_chunk(args):
    """Games from a mid-turn position: the reference engine to the next Recruit phase."""
    from hordes_kit.the_horde.fast.sim import export, run_fast

    policy, first, count, seed, start, config = args
    bot = as_bot(policy)
    out = []
    for g in range(first, first + count):
        state = play_until(
            start,
            game_rng(seed, g),
            {0: bot},
            lambda s: s.turn > start.turn and s.step == "recruit-flip",
        )
        if state.is_terminal:
            out.append((state.result, state.turn))
            continue
        row = run_fast(policy, 1, seed, config=config, first=g, start=export(state))[0]
        out.append((CODES[row[0]], int(row[1])))
    return out


def simulate(
    policy: str | Policy,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    start: THState | None = None,
    progress: Callable[[int, int], None] | None = None,
    engine: str = "auto",
    config: THConfig | Mapping | None = None,
) -> SimResult:
    """Play ``games`` seeded games with a policy; identical for any number of ``workers``.

    ``engine``: ``fast`` (numba), ``reference`` (the rules engine only) or ``auto``
    (fast). ``start``: a position to play from (default: a new game of ``config``, whose
    table rules both engines play; a start position plays its own config).
    """
    pol = get_policy(policy)
    check_run(games, seed, workers)
    if engine not in ("auto", "fast", "reference"):
        raise InvalidInputError(f"engine must be auto, fast or reference, got {engine!r}")
    if start is not None and start.is_terminal:
        raise InvalidInputError("the game is over: nothing left to simulate")
    if start is not None:
        cfg = start.config
    elif isinstance(config, Mapping):
        cfg = THConfig.from_dict(config)
    else:
        cfg = config or THConfig()
    turns = len(data_of(cfg).turns)
    first_turn = start.turn if start is not None else 1
    name = pol.name
    if engine == "reference":
        one = partial(play_one, pol, start=start, config=cfg)
        out = run_games(one, games, seed, workers=workers, progress=progress)
        return SimResult(name, games, seed, dict(Counter(out)), first_turn, turns)
    size = chunk_size(games, workers, 5000 if start is None else 200)
    fn = _fast_chunk
    arg = None
    if start is not None:
        from hordes_kit.the_horde.fast.sim import START_STEPS, export

        if start.step in START_STEPS:
            arg = export(start)
        else:
            fn, arg = _bridge_chunk, start
    chunks = ((pol, a, n, seed, arg, cfg) for a, n in chunk_ranges(games, size))
    parts = map_chunks(fn, chunks, games, workers=workers, progress=progress)
    counts: Counter = Counter()
    for part in parts:
        if fn is _fast_chunk:
            counts.update((CODES[r], int(t)) for r, t, _ in part)
        else:
            counts.update(part)
    return SimResult(name, games, seed, dict(counts), first_turn, turns, "fast")
