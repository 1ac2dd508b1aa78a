"""The coach's answer as figures (``core.coach`` makes it, ``core.coach_words`` says it):
each move's games, win chance with its 95% interval, score, and its difference from the
best move on the same games."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from hordes_kit.core.montecarlo import Z95

__all__ = ["MoveValue", "CoachAnswer", "mean_and_half"]


def mean_and_half(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval.

    >>> [round(x, 4) for x in mean_and_half([1.0, 2.0, 3.0])]
    [2.0, 1.1316]
    """
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    m = sum(values) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in values) / (n - 1)
    return m, Z95 * math.sqrt(var / n)


@dataclass(frozen=True)
class MoveValue:
    """One move's figures: its games, win chance (95%), score, and the difference from the
    best move on the same games (95%; zero for the best itself)."""

    move: str
    label: str
    games: int
    win: float
    win_low: float
    win_high: float
    diff: float = 0.0
    diff_low: float = 0.0
    diff_high: float = 0.0
    score: float | None = None
    score_half: float | None = None
    score_diff: float | None = None
    score_diff_half: float | None = None
    dropped: bool = False  # stopped being played: clearly behind the best
    measures: tuple[float, ...] = ()  # the mean of each of the game's measures

    def to_json(self) -> dict:
        """JSON-ready figures."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["measures"] = list(self.measures)
        return {
            k: (None if isinstance(v, float) and not math.isfinite(v) else v)
            for k, v in out.items()
        }


@dataclass(frozen=True)
class CoachAnswer:
    """The coach's ranking of a position's moves, best first, and why the best is better."""

    game: str
    seat: int
    seat_name: str
    policy: str
    score_name: str
    moves: tuple[MoveValue, ...]
    why: str
    games: int  # simulated games in all
    seconds: float
    settled: bool  # the best is told apart from every other move
    seed: int
    measure_names: tuple[str, ...] = ()
    tiebreak_index: int = -1  # the measure that ranks moves of equal win chance (-1 none)
    exact: str = ""  # how the answer stands to the screen's exact answer ("" none)
    more: bool = True  # thinking longer plays more games (False: told apart, or enough)

    @property
    def tiebreak(self) -> str:
        """The name of the measure that ranks moves of equal win chance ("" none)."""
        return self.measure_names[self.tiebreak_index] if self.tiebreak_index >= 0 else ""

    @property
    def top(self) -> tuple[MoveValue, ...]:
        """The three best moves."""
        return self.moves[:3]

    @property
    def best(self) -> MoveValue:
        """The best move."""
        return self.moves[0]
