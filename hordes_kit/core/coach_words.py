"""The coach's answer in a player's words: the sentence on why the best move is better,
the ranking as lines (the command, the boards) and as JSON (``--json``).

The sentence comes from the measured differences of the simulated games: of the game's
measures (``core.coach.Measure``), the one where the best move and the runner-up differ
most clearly on the same games (the largest difference for its spread), said in the
measure's words, with the win chance's own difference first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["why_better", "agreement", "how_sure", "answer_lines", "answer_json", "percent"]

CLEAR = 2.0  # a difference this many of its standard errors from 0 is worth saying
TOP = 3  # the moves an answer shows


def percent(x: float) -> str:
    """A share as a player reads it.

    >>> percent(0.975), percent(0.0004), percent(1.0)
    ('97.5%', '0.04%', '100%')
    """
    x100 = 100 * x
    if x100 in (0, 100):
        return f"{x100:.0f}%"
    for digits in (1, 2, 3):
        text = f"{x100:.{digits}f}"
        if float(text) != 0:
            return text.rstrip("0").rstrip(".") + "%"
    return f"{x100:.3f}%"


def _signed(x: float) -> str:
    return ("+" if x > 0 else "-" if x < 0 else "±") + percent(abs(x))


def _paired(best, other, k: int) -> tuple[float, float, float, float]:
    """Means of measure k for both, and the mean and standard error of their difference."""
    n = min(len(best.outcomes), len(other.outcomes))
    if n == 0:
        return 0.0, 0.0, 0.0, math.inf
    a = [best.outcomes[g].measures[k] for g in range(n)]
    b = [other.outcomes[g].measures[k] for g in range(n)]
    d = [x - y for x, y in zip(a, b)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else math.inf
    return sum(a) / n, sum(b) / n, m, math.sqrt(var / n) if var else 0.0


def why_better(rules, best, second) -> str:
    """Why the best move is better than the runner-up, from their games' measures."""
    if second is None:
        return f"{best.label} is the only move."
    n = min(len(best.outcomes), len(second.outcomes))
    if n == 0:
        return "No game played yet."
    found = []
    for k, m in enumerate(rules.measures):
        a, b, d, se = _paired(best, second, k)
        if d * m.better <= 0:
            continue
        strength = math.inf if se == 0 else abs(d) / se
        if strength >= CLEAR:
            found.append((strength, k, a, b, d))
    if not found:
        return (
            f"In {n:,} game{'s' * (n != 1)} each, {best.label} and {second.label} cannot be "
            "told apart yet by what the games measure: think longer for a surer answer."
        )
    _, k, a, b, d = max(found)
    m = rules.measures[k]
    if m.share:
        said = f"{m.name} in {percent(a)} of games, against {percent(b)} after {second.label}"
    else:
        more = "more" if d > 0 else "fewer"
        said = f"{abs(d):.2g} {more} {m.name} on average than {second.label}"
    return f"On the same {n:,} game{'s' * (n != 1)}, {best.label} gives {said}."


def kept_words(policy: str, best, n: int, runner=None) -> str:
    """Why the best policy's own move ``best`` (a ``MoveValue``) stays first after ``n``
    games each: no move is told apart above it (99% sure, as the coach asks before it
    leaves the policy's move); a runner-up that won more of the same games is named with
    its difference, so the table's order reads as the advice."""
    said = (
        f"{best.label} is what {policy} plays, and in {n:,} game{'s' * (n != 1)} each no "
        "other move is told apart above it on win chance"
    )
    if runner is None or runner.diff <= 0:
        return said + "."
    return (
        f"{said} with the 99% certainty the coach asks before it leaves that move: "
        f"{runner.label} won {percent(runner.diff)} more of the same games (95%: "
        f"{_signed(runner.diff_low)} to {_signed(runner.diff_high)})."
    )


def agreement(values, move: str, words: str) -> str:
    """How the coach's ranking stands to the screen's exact answer ``move`` (``words``: what
    it is best at): it agrees, or the whole game's difference in the same games."""
    best = values[0]
    if move == best.move:
        return f"This agrees with {words}, {best.label}."
    other = next((v for v in values if v.move == move), None)
    if other is None:
        return ""
    more = "more" if other.diff > 0 else "fewer"
    against = (
        f"{other.label} wins {percent(abs(other.diff))} {more} of the same games (95%: "
        f"{_signed(other.diff_low)} to {_signed(other.diff_high)})"
        if other.diff
        else f"{other.label} wins as many of the same games (95%: {_signed(other.diff_low)} "
        f"to {_signed(other.diff_high)})"
    )
    if other.dropped or other.diff_high < 0:
        return (
            f"{words[:1].upper() + words[1:]} is {other.label}; over the whole game the coach "
            f"finds {best.label} better: {against}."
        )
    return (
        f"{words[:1].upper() + words[1:]} is {other.label}; over the whole game the coach "
        f"cannot tell it apart from {best.label} yet: {against}."
    )


def _score_text(v, score: str) -> str:
    if v.score is None:
        return ""
    return (
        f"; {score} {v.score:.1f} ± {v.score_half:.1f}"
        if math.isfinite(v.score_half or 0)
        else f"; {score} {v.score:.1f}"
    )


def answer_lines(a) -> list[str]:
    """The answer as lines for a terminal or a board: the top moves and the reason."""
    lines = [
        f"Coach for {a.seat_name}: the best moves by win chance"
        + (f" and {a.score_name}" if a.score_name else "")
        + f", from {a.games:,} simulated games played on by {a.policy}; {a.seconds:.1f} s."
    ]
    for i, v in enumerate(a.moves[:TOP], 1):
        text = (
            f"{i}. {v.label}: wins {percent(v.win)} "
            f"(95%: {percent(v.win_low)}-{percent(v.win_high)}){_score_text(v, a.score_name)}"
        )
        if a.tiebreak and v.measures:
            text += f"; {a.tiebreak} {v.measures[a.tiebreak_index]:.1f}"
        if i > 1 and v.diff_low == v.diff_high == 0:
            text += "; the same win chance as the best on the same games"
        elif i > 1:
            text += (
                f"; against the best on the same games {_signed(v.diff)} "
                f"(95%: {_signed(v.diff_low)} to {_signed(v.diff_high)})"
            )
            if v.score_diff is not None:
                text += f", {a.score_name} {v.score_diff:+.1f}"
        lines.append(text + f" [{v.games:,} games]")
    lines.append(a.why)
    if a.exact:
        lines.append(a.exact)
    if len(a.moves) > 1:
        lines.append(how_sure(a))
    return lines


def how_sure(a) -> str:
    """Whether the best is told apart, and whether thinking longer could tell it."""
    if a.settled:
        return "The best is told apart from every other move."
    if a.more:
        return "The best is not told apart from every move yet: think longer for a surer answer."
    return (
        "The games are enough and the best is not told apart from every move: those left "
        "are as good as each other, as far as the games can tell."
    )


def answer_json(a, top: int | None = TOP) -> dict:
    """The answer as JSON types (the command's ``--json``)."""
    moves: Sequence = a.moves if top is None else a.moves[:top]
    return {
        "game": a.game,
        "seat": a.seat,
        "seat_name": a.seat_name,
        "policy": a.policy,
        "score": a.score_name or None,
        "moves": [v.to_json() for v in moves],
        "why": a.why,
        "games": a.games,
        "seconds": a.seconds,
        "settled": a.settled,
        "more": a.more,
        "seed": a.seed,
        "legal_moves": len(a.moves),
        "measures": list(a.measure_names),
        "exact": a.exact or None,
    }
