"""Skytear Horde's walkthroughs (the first lesson, the first game phase by phase, the
rulebook's examples and the cases its rules settle) and the rules quiz.

Questions come in the two kinds a scenario names (``grade``):

- a **rule question**: the answers include moves the rules forbid (a minion that does not
  have the lowest health, a lane an ally already holds, a mana boost of 1 split between
  two players); the engine says legal or not, and why, beside the rule;
- a **choice question**: every answer is legal; the player's choice is shown beside the
  book's, and a different one reads "legal, and the book chose differently".
"""

from __future__ import annotations

import ipywidgets as w

from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.skytear.quiz import load_quiz
from hordes_kit.skytear.state import Position
from hordes_kit.ui.controls import page, section
from hordes_kit.ui.quiz import QuizPlayer
from hordes_kit.ui.skytear.picture import table_html
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = ["THEME", "walkthrough", "walkthrough_page", "RulesQuiz", "rule_choices", "render"]

THEME = "skytear"
MINIONS = ("gorrok-minions", "ratamil-minions", "vesp-minions", "zephylite-minions")


def render(state: Position) -> str:
    """A walkthrough step's picture: the whole table."""
    return table_html(state)


def rule_choices(state: Position, book: str) -> tuple[str, ...]:
    """The answers a rule question offers: the legal moves of the book's kind and the moves
    of that kind the rules forbid here (every minion for a reinforce, every lane for an
    ally, splitting a mana boost), so the engine decides which are legal."""
    verb = book.split(":")[0]
    legal = [a for a in state.legal_actions() if a.split(":")[0] == verb]
    more = {
        "reinforce": [f"reinforce:{m}" for m in MINIONS],
        "lane": [f"lane:{n}" for n in range(1, 7)],
        "boost": [f"boost:{p}" for p in range(1, state.players + 1)] + ["boost:split"],
    }.get(verb, [])
    return tuple(dict.fromkeys(more + legal))


def _label(state: Position, move: str) -> str:
    return state.label(move)


def walkthrough() -> WalkthroughPlayer:
    """Every Skytear scenario file (the first lesson first), step by step."""
    scenarios = [load_scenario(p) for p in scenario_files("skytear")]
    return WalkthroughPlayer(scenarios, render, label=_label, rule_choices=rule_choices)


class RulesQuiz(QuizPlayer):
    """The Skytear rules quiz; the engine, the forecast and the deck odds work out every answer."""

    def __init__(self) -> None:
        super().__init__(load_quiz(), theme=THEME)


def walkthrough_page() -> w.VBox:
    """The walkthrough dashboard: the scenarios step by step, then the rules quiz."""
    return page(
        section("Walkthroughs", walkthrough()),
        section("Rules quiz", RulesQuiz()),
        theme=THEME,
    )
