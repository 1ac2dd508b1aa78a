"""A rules quiz widget for any game: the engine works out every answer and grades it, and
says where the walkthroughs show the rules a question draws on (``core.quiz``)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as w

from hordes_kit.core.quiz import Question, teaching_place
from hordes_kit.core.registry import get_game
from hordes_kit.ui.surface import Stylesheet
from hordes_kit.ui.theme import theme_class

__all__ = ["QuizPlayer"]


class QuizPlayer(w.VBox):
    """A short rules quiz; the rules engine works out and grades every answer."""

    def __init__(
        self,
        questions: Sequence[Question],
        detail_html: Callable[[object], str] | None = None,
        theme: str | None = None,
        game: str | None = None,
    ) -> None:
        self.questions = tuple(questions)
        self.detail_html = detail_html
        # the game whose walkthroughs teach the questions (default: the theme's)
        self.game = game or theme
        self.i = 0
        self.score = 0
        self.done: set[int] = set()
        self.text = w.HTML()
        self.entry = w.Text(placeholder="your answer", layout=w.Layout(width="160px"))
        self.choice = w.ToggleButtons(options=[], value=None)
        self.check_button = w.Button(description="Check", button_style="primary")
        self.next_button = w.Button(description="Next question")
        self.feedback = w.HTML()
        self.tally = w.HTML()
        self.check_button.add_class("hk-quiz-check")
        super().__init__(
            [
                Stylesheet(),
                self.text,
                w.HBox([self.entry, self.choice, self.check_button]),
                self.feedback,
                w.HBox([self.next_button, self.tally]),
            ]
        )
        self.add_class("hk-page")
        self.add_class(theme_class(theme))
        self.check_button.on_click(lambda _b: self.submit(self._given()))
        self.next_button.on_click(lambda _b: self.goto(self.i + 1))
        self.goto(0)

    def _given(self) -> str:
        q = self.questions[self.i]
        return str(self.choice.value or "") if q.choices else self.entry.value

    def goto(self, i: int) -> None:
        """Show question ``i`` (wraps around)."""
        self.i = i % len(self.questions)
        q = self.questions[self.i]
        self.text.value = (
            f"<b>Question {self.i + 1} of {len(self.questions)}.</b> {html.escape(q.ask)}"
        )
        self.entry.layout.display = "none" if q.choices else None
        self.choice.layout.display = None if q.choices else "none"
        self.choice.options = q.choices
        self.entry.value, self.choice.value, self.feedback.value = "", None, ""
        self._tally()

    def submit(self, given: str) -> bool:
        """What Check does: the engine grades the answer and shows why."""
        q = self.questions[self.i]
        right = q.grade(given)
        if self.i not in self.done:
            self.done.add(self.i)
            self.score += right
        verdict = (
            "<b style='color:#1b7f3b'>✔ Right.</b>"
            if right
            else f"<b style='color:#b00020'>✘ The answer is {html.escape(q.answer)}.</b>"
        )
        if q.why:
            verdict += f" {html.escape(q.why)}"
        if q.detail is not None and self.detail_html:
            verdict += self.detail_html(q.detail)
        verdict += self._taught_html(q)
        self.feedback.value = verdict
        self._tally()
        return right

    def _taught_html(self, q: Question) -> str:
        """Where the walkthroughs on this page show what the question draws on."""
        if not self.game:
            return ""
        place = teaching_place(q, get_game(self.game).data_dir)
        if place is None:
            return ""
        return (
            f"<div class='hk-taught'>Shown in the walkthrough <i>{html.escape(place.title)}"
            f"</i>, step {place.step}.</div>"
        )

    def _tally(self) -> None:
        self.tally.value = f"&nbsp; score {self.score} / {len(self.done)} answered"
