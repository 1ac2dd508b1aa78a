"""The Horde's walkthroughs (worked examples step by step, drawn with the board's
pictures) and its rules quiz."""

from __future__ import annotations

from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.ui.quiz import QuizPlayer
from hordes_kit.ui.the_horde.board import _explain, board_html
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = ["walkthrough", "RulesQuiz"]


def walkthrough() -> WalkthroughPlayer:
    """The The Horde walkthrough player over the shipped scenarios."""
    scenarios = [load_scenario(p) for p in scenario_files("the_horde")]
    return WalkthroughPlayer(scenarios, board_html, label=lambda s, a: s.label(a), explain=_explain)


class RulesQuiz(QuizPlayer):
    """The The Horde rules quiz; the engine works out every answer."""

    def __init__(self) -> None:
        from hordes_kit.the_horde.quiz import load_quiz

        super().__init__(load_quiz())
