"""Rules quizzes: questions whose answers a game's engine works out (never written by hand).

A question names the rules it draws on (``rules = ["the-horde.horde.battle-roll"]`` in
``data/<game>/quiz.toml``): the walkthrough steps that show those rules teach it. A quiz
asks nothing its game's walkthroughs have not shown, in the order they show it
(``tests/test_walkthrough_answers.py`` checks every game's), and after an answer the page
says where the walkthrough shows it (:func:`taught_at`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from hordes_kit.core.data import read_toml
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.scenario import load_scenario, scenario_files

__all__ = ["Question", "Taught", "load_questions", "taught_at", "teaching_place"]


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
    ``why`` a sentence explaining the answer, ``rules`` the rule ids it draws on.
    """

    ask: str
    kind: str
    answer: str
    choices: tuple[str, ...] = ()
    detail: Any = None
    why: str = ""
    rules: tuple[str, ...] = ()

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


def load_questions(
    path: str | Path, make: Callable[[str, int, Mapping[str, Any]], Question]
) -> tuple[Question, ...]:
    """A quiz file's questions, each built by the game's ``make(file, number, raw)``, with
    the rules it draws on (``rules``: a list of rule ids)."""
    file = str(path)
    raws = read_toml(path).get("question", [])
    if not isinstance(raws, list):
        raise CardDataError(file, None, "question", "must be a list of [[question]] tables")
    out = []
    for i, raw in enumerate(raws, 1):
        if not isinstance(raw, dict):
            raise CardDataError(file, f"question {i}", None, "must be a table")
        rules = raw.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) and r for r in rules):
            raise CardDataError(file, f"question {i}", "rules", "must be a list of rule ids")
        out.append(replace(make(file, i, raw), rules=tuple(rules)))
    return tuple(out)


@dataclass(frozen=True, order=True)
class Taught:
    """Where a game's walkthroughs first show a rule: the walkthrough (in the page's
    order) and the step."""

    scenario: int
    step: int
    scenario_id: str = ""
    title: str = ""


@lru_cache(maxsize=8)
def taught_at(game_dir: str) -> Mapping[str, Taught]:
    """Every rule a game's walkthrough steps show (a step's rule and its ``also``), where it
    is first shown."""
    first: dict[str, Taught] = {}
    for k, path in enumerate(scenario_files(game_dir)):
        sc = load_scenario(path)
        for n, step in enumerate(sc.steps, 1):
            for rid in (step.rule, *step.also):
                if rid and rid not in first:
                    first[rid] = Taught(k, n, sc.id, sc.title)
    return first


def teaching_place(question: Question, game_dir: str) -> Taught | None:
    """Where the walkthroughs have shown everything ``question`` draws on: the place of the
    last of its rules to be shown (None: a rule no step shows, or no rules named)."""
    taught = taught_at(game_dir)
    if not question.rules or any(r not in taught for r in question.rules):
        return None
    return max(taught[r] for r in question.rules)
