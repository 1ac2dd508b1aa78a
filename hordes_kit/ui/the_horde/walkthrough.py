"""The Horde's walkthroughs (worked examples step by step, drawn with the board's card
faces) and its rules quiz.

Grading (issue "the tutor"): a question about a choice shows the player's move, the
book's and the best one by the odds, each with its figure (turns Chauncey lasts after a
Recruit-phase move; his chance to live through the Horde phase for a Healing Rock);
a question about a rule offers illegal moves too, and the engine says which are legal
and why not.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.the_horde.advice import move_values
from hordes_kit.the_horde.game import THState
from hordes_kit.the_horde.odds import HORDE_STEPS, phase_odds
from hordes_kit.the_horde.rules import GAME
from hordes_kit.ui.common import note_html, percent
from hordes_kit.ui.controls import page
from hordes_kit.ui.quiz import QuizPlayer
from hordes_kit.ui.the_horde.faces import table_html
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = [
    "walkthrough",
    "walkthrough_page",
    "quiz",
    "RulesQuiz",
    "Figures",
    "rule_choices",
]

GAMES = 3000  # games per move for a Recruit-phase figure (all moves on the same games)
RUNS = 600  # simulated Horde phases when a phase is too big to count exactly


class Figures:
    """The odds behind a choice question, by the measure of its kind of move: turns
    Chauncey lasts after a Recruit-phase move, his chance to live through the Horde phase
    after a Healing Rock choice. A question's figures are worked out once."""

    def __init__(self, games: int = GAMES, runs: int = RUNS) -> None:
        self.games, self.runs = games, runs
        self._cache: dict[tuple, dict[str, tuple[float, str]]] = {}

    def all(self, state: THState) -> dict[str, tuple[float, str]]:
        """Every legal move's value (higher is better) and its figure in words."""
        moves = tuple(state.legal_actions())
        key = (state.config, state.history)
        if key not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = self._compute(state, moves)
        return self._cache[key]

    def _compute(self, state: THState, moves: tuple[str, ...]) -> dict[str, tuple[float, str]]:
        if state.step == "recruit":
            vals = move_values(state, moves, games=self.games)
            return {m: (v[0], f"he lasts {v[0]:.2f} turns") for m, v in vals.items()}
        if state.step == "rock":
            out = {}
            for m in moves:
                after = state.apply(m)
                alive = 1.0
                if not after.is_terminal and after.step in HORDE_STEPS:
                    alive = 1 - phase_odds(after, budget=1500, runs=self.runs).p_chauncey
                out[m] = (alive, f"{percent(alive)} to live through this phase")
            return out
        return {}

    def score(self, state: THState, move: str) -> str:
        """A move's figure (the walkthrough's ``score``)."""
        return self.all(state).get(move, (0.0, ""))[1]

    def best(self, state: THState, offered: Sequence[str]) -> str | None:
        """The best offered move by that measure (None when the step has none)."""
        figs = self.all(state)
        scored = [m for m in offered if m in figs]
        return max(scored, key=lambda m: figs[m][0]) if scored else None

    def note(self, state: THState) -> str:
        """What the figures measure."""
        if state.step == "recruit":
            return note_html(
                "The figures: turns Chauncey lasts on average (20 = he survives) after the "
                "move, the balanced policy then buying the rest of this turn and every later "
                f"turn; {self.games:,} games per move, the same games for every move. Moves "
                "that end with the same cards bought score alike."
            )
        if state.step == "rock":
            return note_html(
                "The figures: the chance Chauncey lives through the rest of this Horde phase "
                f"(counted exactly where the engine can, else {self.runs} simulated phases). "
                "The Grimthwackers come back in the End phase either way."
            )
        return ""


def rule_choices(state: THState, move: str) -> list[str]:
    """A rules question's answers: buying any card of the row, affordable or not, and
    ending the phase (the engine then says which are legal)."""
    if state.step != "recruit":
        return list(state.legal_actions())
    buys = [f"buy:{c}" for c in dict.fromkeys(state.row)]
    return buys + ["done"]


def walkthrough(games: int = GAMES, runs: int = RUNS) -> WalkthroughPlayer:
    """The walkthrough player over the shipped scenarios (graded as above; ``games`` and
    ``runs`` set how many games stand behind a figure)."""
    scenarios = [load_scenario(p) for p in scenario_files("the_horde")]
    figures = Figures(games, runs)

    def explain(state: THState, _move: str) -> str:
        return figures.note(state) if wp.grade and wp.grade.kind == "choice" else ""

    wp = WalkthroughPlayer(
        scenarios,
        table_html,
        label=lambda s, a: s.label(a),
        explain=explain,
        score=figures.score,
        best=figures.best,
        rule_choices=rule_choices,
    )
    return wp


def walkthrough_page() -> w.VBox:
    """The walkthrough page in The Horde's colours."""
    return page(walkthrough(), theme=GAME)


class RulesQuiz(QuizPlayer):
    """The The Horde rules quiz; the engine works out every answer."""

    def __init__(self) -> None:
        from hordes_kit.the_horde.quiz import load_quiz

        super().__init__(load_quiz(), theme=GAME)


def quiz() -> w.VBox:
    """The rules quiz in The Horde's colours."""
    return page(RulesQuiz(), theme=GAME)
