"""A reusable walkthrough player: a scenario file played step by step with its rules.

Any game plugs in with a ``render(state) -> html`` function. Each step shows the
board after it, the narration and the rule it rests on (from ``data/<game>/rules.toml``).
At a step with an ``ask``, the player first answers by clicking one of the legal
moves; the engine checks the answer against the scenario's move, and ``score`` (if
the game gives one) rates the player's own choice beside the book's. A game may
``grade`` answers itself (a rule question graded legal/illegal with its rule, a choice
question with the player's, the book's and the best move's figures).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as w

from hordes_kit.core.registry import get_game
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import Frame, Scenario, run_scenario
from hordes_kit.core.state import GameState
from hordes_kit.ui.log import rule_chip
from hordes_kit.ui.surface import Stylesheet
from hordes_kit.ui.theme import theme_class

__all__ = ["WalkthroughPlayer", "humanize"]


def humanize(action_id: str) -> str:
    """Words for an action id no game label covers: ``'draw:zombies'`` -> ``'Draw zombies'``.

    >>> humanize("draw:zombies"), humanize("roll:6,5,4")
    ('Draw zombies', 'Roll 6, 5, 4')
    """
    text = action_id.replace(":", " ").replace("-", " ").replace("_", " ").replace(",", ", ")
    return text[:1].upper() + text[1:]


class WalkthroughPlayer(w.VBox):
    """Back/Next through a scenario; questions at decision points, checked by the engine."""

    def __init__(
        self,
        scenarios: Sequence[Scenario],
        render: Callable[[GameState], str],
        label: Callable[[GameState, str], str] | None = None,
        explain: Callable[[GameState, str], str] | None = None,
        choices: Callable[[GameState, str], Sequence[str]] | None = None,
        score: Callable[[GameState, str], str] | None = None,
        grade: Callable[[Frame, str], str] | None = None,
    ) -> None:
        self.scenarios = list(scenarios)
        self.render, self.label, self.explain = render, label, explain
        # one line rating a move by the measure the game's advice uses ("20.5% to pay")
        self.score = score
        # the feedback (HTML) on an answer, given the question's frame and the answer;
        # without it, the answer is compared with the book's move
        self.grade = grade
        # the answers offered at a question (default: every legal move); a game with
        # many similar moves (every way to keep dice) narrows them to the sensible ones
        self.choices = choices
        self.picker = w.Dropdown(
            options=[(s.title, i) for i, s in enumerate(self.scenarios)],
            description="Walkthrough",
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="720px"),
        )
        self.intro = w.HTML()
        self.board = w.HTML()
        self.narration = w.HTML()
        self.narration.add_class("hk-narration")
        self.question = w.VBox()
        self.steps = w.Dropdown(
            description="Go to step",
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="720px"),
        )
        self.steps.add_class("hk-steps")
        self.back_button = w.Button(description="◀ Back")
        self.next_button = w.Button(description="Next ▶", button_style="primary")
        self.back_button.add_class("hk-back")
        self.next_button.add_class("hk-next")
        self.position = w.HTML()
        super().__init__(
            [
                Stylesheet(),
                self.picker,
                self.intro,
                w.HBox([self.back_button, self.next_button, self.position]),
                self.narration,
                self.question,
                self.board,
                self.steps,
            ]
        )
        self.add_class("hk-page")
        if self.scenarios:
            self.add_class(theme_class(self.scenarios[0].game))
        self.picker.observe(lambda _c: self.load(self.picker.value), "value")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.steps.observe(self._on_select, "value")
        self.load(0)

    # --- what the buttons do -----------------------------------------------------------

    def load(self, index: int) -> None:
        """Open scenario ``index`` at its start."""
        self.scenario = self.scenarios[index]
        self.frames: tuple[Frame, ...] = run_scenario(self.scenario)
        game = get_game(self.scenario.game)
        self.rules = rule_index(game.data_dir, game.rule_prefix)
        self.start = game.start(self.scenario.config)
        self.answered: set[int] = set()
        self.feedback = ""
        src = f"<div style='color:#666'>{html.escape(self.scenario.source)}</div>"
        self.intro.value = f"<p>{html.escape(self.scenario.intro)}</p>{src}"
        self._syncing = True
        self.steps.options = [("Start", 0)] + [
            (f"{f.index}. {self._short(f)}", f.index) for f in self.frames
        ]
        self._syncing = False
        self.goto(0)

    def goto(self, i: int) -> None:
        """Show the board after step ``i`` (0 = the set-up)."""
        self.i = max(0, min(i, len(self.frames)))
        self.feedback = ""
        self._show()

    def next(self) -> None:
        """Next step (at a question, the answer comes first)."""
        if self.pending_question() is not None:
            return
        self.goto(self.i + 1)

    def back(self) -> None:
        """Previous step."""
        self.goto(self.i - 1)

    def pending_question(self) -> Frame | None:
        """The next step, if it asks a question the player has not answered yet."""
        if self.i < len(self.frames):
            f = self.frames[self.i]
            if f.step.ask and f.index not in self.answered:
                return f
        return None

    def answer(self, action_id: str) -> bool:
        """What a click on an answer does: the engine checks it, the step is revealed."""
        f = self.pending_question()
        if f is None:
            return False
        right = action_id == f.step.move
        name = self._move_label(f.before, f.step.move)
        book = self._scored(f.before, f.step.move)
        if self.grade is not None:
            self.feedback = self.grade(f, action_id)
        elif right:
            self.feedback = f"<b style='color:#1b6e34'>✔ Right:</b> {html.escape(name)}{book}."
        else:
            mine = self._move_label(f.before, action_id)
            self.feedback = (
                f"<b style='color:#a3001b'>✘ You chose {html.escape(mine)}"
                f"{self._scored(f.before, action_id)}.</b> "
                f"The walkthrough plays {html.escape(name)}{book}."
            )
        if self.explain:
            self.feedback += self.explain(f.before, f.step.move)
        self.answered.add(f.index)
        self.i += 1
        self._show(keep_feedback=True)
        return right

    # --- drawing -------------------------------------------------------------------------

    def _short(self, f: Frame) -> str:
        text = f.step.say or self._move_label(f.before, f.step.move)
        return text if len(text) < 90 else text[:87] + "…"

    def _scored(self, state: GameState, move: str) -> str:
        """`` (20.5% to pay the Paladin)``: the game's rating of a move, if it has one."""
        if not self.score:
            return ""
        text = self.score(state, move)
        return f" ({html.escape(text)})" if text else ""

    def _move_label(self, state: GameState, move: str) -> str:
        if self.label and not state.is_chance:
            return self.label(state, move)
        return humanize(move)

    def _on_select(self, change) -> None:
        if not self._syncing and change["new"] is not None and change["new"] != self.i:
            self.goto(change["new"])

    def _show(self, keep_feedback: bool = False) -> None:
        state = self.frames[self.i - 1].after if self.i else self.start
        self.board.value = self.render(state)
        self.position.value = f"&nbsp; step {self.i} of {len(self.frames)}"
        self.back_button.disabled = self.i == 0
        self._syncing = True
        self.steps.value = self.i
        self._syncing = False
        q = self.pending_question()
        self.next_button.disabled = self.i >= len(self.frames) or q is not None
        parts = []
        if self.i:
            f = self.frames[self.i - 1]
            say = f.step.say or self._move_label(f.before, f.step.move)
            parts.append(f"<p class='hk-say'>{html.escape(say)}</p>")
            for rid in (f.step.rule, *f.step.also):
                rule = self.rules.get(rid) if rid else None
                if rule:
                    parts.append(f"<div class='hk-rule'>{rule_chip(rule, open_=True)}</div>")
        elif q is not None:
            parts.append("<p class='hk-say'>Set-up. Answer the question below to start.</p>")
        else:
            parts.append("<p class='hk-say'>Set-up. Press Next to start.</p>")
        if keep_feedback and self.feedback:
            parts.insert(0, f"<div class='hk-feedback'>{self.feedback}</div>")
        self.narration.value = "".join(parts)
        self.question.children = self._question_widgets(q) if q else ()

    def _question_widgets(self, f: Frame) -> tuple:
        ask = w.HTML(f"<div class='hk-ask'><b>Your call:</b> {html.escape(f.step.ask)}</div>")
        buttons = []
        moves = self.choices(f.before, f.step.move) if self.choices else f.before.legal_actions()
        for a in moves:
            b = w.Button(description=self._move_label(f.before, a), layout=w.Layout(width="auto"))
            b.add_class("hk-answer")
            b.on_click(lambda _b, a=a: self.answer(a))
            buttons.append(b)
        return (ask, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
