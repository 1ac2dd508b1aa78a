"""Fantahzee's rulebook walkthroughs: every worked example and FAQ answer, step by step,
drawn with the board's pictures."""

from __future__ import annotations

from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.ui.fantahzee.board import _explain, answer_choices, board_html
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = ["walkthrough"]


def walkthrough() -> WalkthroughPlayer:
    """The rulebook's worked examples and FAQ answers, step by step."""
    scenarios = [load_scenario(p) for p in scenario_files("fantahzee")]
    return WalkthroughPlayer(
        scenarios,
        board_html,
        label=lambda s, a: s.label(a),
        explain=_explain,
        choices=answer_choices,
    )
