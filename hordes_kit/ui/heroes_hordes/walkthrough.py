"""Heroes & Hordes' walkthroughs (worked examples step by step, drawn with the board's
pictures) and its rules quiz."""

from __future__ import annotations

from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.ui.heroes_hordes.board import _explain, _report_html, board_html
from hordes_kit.ui.quiz import QuizPlayer
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = ["walkthrough", "RulesQuiz"]


def walkthrough() -> WalkthroughPlayer:
    """The Heroes & Hordes walkthrough player over the shipped scenarios."""
    scenarios = [load_scenario(p) for p in scenario_files("heroes_hordes")]
    return WalkthroughPlayer(scenarios, board_html, label=lambda s, a: s.label(a), explain=_explain)


class RulesQuiz(QuizPlayer):
    """The Heroes & Hordes rules quiz; answers and battle reports come from the engine."""

    def __init__(self) -> None:
        from hordes_kit.heroes_hordes.quiz import load_quiz

        super().__init__(load_quiz(), detail_html=_report_html)
