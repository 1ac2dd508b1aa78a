"""Win odds by Monte Carlo: whole games (or the rest of one) played by a bot, with 95% intervals.

Game ``i`` of a run seeded ``s`` uses its own generator (``core.montecarlo.game_rng``), so
a result is the same for any number of worker processes; games are tallied as they
finish, so memory does not grow with the number of games. The fast simulator
(``fast/sim.py``, checked against the rules engine) plays the sensible bot's standard games
from the start of a turn; from the middle of a turn the rules engine finishes the turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import (
    MAX_GAMES,
    check_run,
    chunk_ranges,
    chunk_size,
    game_rng,
    stream_chunks,
    wilson_interval,
)
from hordes_kit.core.playout import playout
from hordes_kit.skytear.bots import POLICIES, get_policy
from hordes_kit.skytear.game import SkyState, new_game

__all__ = ["SimResult", "simulate", "win_odds", "win_table", "win_chart", "MAX_GAMES", "play_chunk"]

ENGINES = ("auto", "fast", "reference")


def _why(s: SkyState) -> str:
    if s.result == "win":
        return "win"
    rule = s.log[-1].rule.rsplit(".", 1)[-1]
    return {"castle": "castle destroyed", "empty-deck": "deck empty"}.get(rule, rule)


def play_chunk(config: Mapping[str, Any] | None, policy: str, seed: int, start, first, count):
    """Play games ``first`` .. ``first + count - 1`` in the rules engine; their tally."""
    bot = get_policy(policy)
    tally: Counter = Counter()
    for i in range(first, first + count):
        s0 = start if start is not None else new_game(config)
        final = playout(s0, game_rng(seed, i), {p: bot for p in range(s0.num_players)})
        tally[("result", final.result or "unfinished")] += 1
        tally[("why", _why(final))] += 1
        tally[("turns", final.turn)] += 1
    return tally


@dataclass(frozen=True)
class SimResult:
    """The tally of a run: wins, how games were lost, game lengths; 95% Wilson intervals."""

    games: int
    seed: int
    policy: str
    tally: Counter
    engine: str = "reference"
    label: str = ""

    @property
    def wins(self) -> int:
        """Games won."""
        return self.tally[("result", "win")]

    @property
    def win_rate(self) -> float:
        """Share of games won."""
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    def reasons(self) -> dict[str, int]:
        """How the games ended: win, castle destroyed, deck empty."""
        return {k[1]: v for k, v in sorted(self.tally.items()) if k[0] == "why"}

    def turns(self) -> dict[int, int]:
        """Games by the turn they ended on."""
        return {k[1]: v for k, v in sorted(self.tally.items()) if k[0] == "turns"}

    def mean_turns(self) -> float:
        """The average number of turns of a game."""
        t = self.turns()
        return sum(k * v for k, v in t.items()) / max(1, sum(t.values()))

    def to_json(self) -> dict:
        """JSON-ready summary (the CLI's ``--json``)."""
        lo, hi = self.interval
        return {
            "game": "skytear",
            "setup": self.label,
            "policy": self.policy,
            "games": self.games,
            "seed": self.seed,
            "engine": self.engine,
            "p_win": self.win_rate,
            "p_win_95": [lo, hi],
            "endings": self.reasons(),
            "mean_turns": self.mean_turns(),
        }


def _check(games: int, seed: int, workers: int, policy: str, engine: str) -> None:
    check_run(games, seed, workers)
    if policy not in POLICIES:
        raise InvalidInputError(f"unknown bot {policy!r:.60}; choose one of {', '.join(POLICIES)}")
    if engine not in ENGINES:
        raise InvalidInputError(f"engine must be {', '.join(ENGINES)}, got {engine!r:.60}")


def _run_chunk(job: tuple[Callable[[int, int], Counter], int, int]) -> Counter:
    fn, first, count = job
    return fn(first, count)


def _tally(
    fn: Callable[[int, int], Counter],
    games: int,
    chunk: int,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> Counter:
    """Sum the chunk tallies of ``fn(first, count)`` as they come (core's streaming)."""
    total: Counter = Counter()
    jobs = ((fn, a, n) for a, n in chunk_ranges(games, chunk))
    sizes = chunk_ranges(games, chunk)
    done = 0
    for part, (_a, n) in zip(stream_chunks(_run_chunk, jobs, workers=workers), sizes):
        total.update(part)
        done += n
        if progress:
            progress(done, games)
    return total


def simulate(
    config: Mapping[str, Any] | None,
    games: int,
    seed: int = 0,
    *,
    policy: str = "sensible",
    workers: int = 1,
    start: SkyState | None = None,
    engine: str = "auto",
    progress: Callable[[int, int], None] | None = None,
) -> SimResult:
    """Play ``games`` seeded games (from ``start``, else a new game of ``config``) with a bot."""
    _check(games, seed, workers, policy, engine)
    if start is None:
        new_game(config)  # checks the config before any work starts
    elif start.is_terminal:
        raise InvalidInputError("the game is over: nothing left to simulate")
    use_fast = engine != "reference" and policy == "sensible"
    if use_fast:
        from hordes_kit.skytear.fast.sim import can_play, fast_chunk

        reason = can_play(start if start is not None else new_game(config))
        if reason and engine == "fast":
            raise InvalidInputError(f"the fast simulator cannot play this: {reason}")
        use_fast = not reason
    label = _label(config, start)
    if use_fast:
        fn = partial(fast_chunk, dict(config or {}), seed, start)
        tally = _tally(fn, games, chunk_size(games, workers, 2000), workers, progress)
        return SimResult(games, seed, policy, tally, "fast", label)
    fn = partial(play_chunk, dict(config or {}), policy, seed, start)
    tally = _tally(fn, games, chunk_size(games, workers, 50), workers, progress)
    return SimResult(games, seed, policy, tally, "reference", label)


def _label(config, start) -> str:
    if start is not None:
        return f"from turn {start.turn} ({start.phase} phase)"
    c = dict(config or {})
    hordes = ", ".join(c.get("hordes", ["Skybooter"]))
    mode = "co-op" if c.get("players", 1) == 2 else "solo"
    return f"{hordes}, difficulty {c.get('difficulty', 2)}, {mode}"


def win_odds(state: SkyState, games: int = 1000, seed: int = 0, policy: str = "sensible"):
    """Win odds from this position (``games`` games by the bot, 95% interval)."""
    return simulate(None, games, seed, policy=policy, start=state)


def win_table(
    hordes: tuple[str, ...] = ("Skybooter", "Animerk", "Scaleson"),
    difficulties: tuple[int, ...] = (1, 2, 3, 4, 5),
    games: int = 500,
    seed: int = 0,
    *,
    base: Mapping[str, Any] | None = None,
    policy: str = "sensible",
    workers: int = 1,
):
    """polars table of the win rate by horde and difficulty (95% intervals)."""
    import polars as pl

    rows = []
    for h in hordes:
        for d in difficulties:
            cfg = {**dict(base or {}), "hordes": [h], "difficulty": d}
            r = simulate(cfg, games, seed, policy=policy, workers=workers)
            lo, hi = r.interval
            rows.append(
                {
                    "horde": h,
                    "difficulty": d,
                    "games": games,
                    "wins": r.wins,
                    "win_rate": r.win_rate,
                    "low95": lo,
                    "high95": hi,
                    "mean_turns": r.mean_turns(),
                }
            )
    return pl.DataFrame(rows)


def win_chart(table):
    """A plotly chart of ``win_table``: win rate by difficulty, one line per horde."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for h in table["horde"].unique(maintain_order=True):
        t = table.filter(table["horde"] == h)
        rate = t["win_rate"].to_list()
        fig.add_trace(
            go.Scatter(
                x=t["difficulty"].to_list(),
                y=rate,
                name=h,
                mode="lines+markers",
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [hi - r for hi, r in zip(t["high95"].to_list(), rate)],
                    "arrayminus": [r - lo for lo, r in zip(t["low95"].to_list(), rate)],
                },
            )
        )
    fig.update_layout(
        title="Skytear Horde: the sensible bot's win rate (95% intervals)",
        xaxis_title="difficulty level",
        yaxis_title="games won",
        yaxis_tickformat=".0%",
    )
    return fig
