"""Rules quizzes: questions whose answers a game's engine works out (never written by hand)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Question"]


def _number(text: str) -> Fraction | None:
    t = text.strip().replace(" ", "")
    try:
        if t.endswith("%"):
            return Fraction(t[:-1]) / 100
        return Fraction(t)
    except (ValueError, ZeroDivisionError):
        return None


@dataclass(frozen=True)
class Question:
    """One question; ``answer`` and ``choices`` are computed by the engine.

    ``detail`` is what the game's dashboard shows after an answer (a battle report...),
    ``why`` a sentence explaining the answer.
    """

    ask: str
    kind: str
    answer: str
    choices: tuple[str, ...] = ()
    detail: Any = None
    why: str = ""

    def grade(self, given: str) -> bool:
        """True when ``given`` is the engine's answer (numbers compare by value: 1/2 = 3/6).

        >>> Question("?", "odds", "1/2").grade("3/6"), Question("?", "x", "horde").grade("Horde")
        (True, True)
        """
        g = str(given).strip().lower()
        if g == self.answer.lower():
            return True
        a, b = _number(g), _number(self.answer)
        return a is not None and a == b
