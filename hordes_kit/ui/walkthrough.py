"""A reusable walkthrough player: a scenario file played step by step with its rules.

Any game plugs in with a ``render(state) -> html`` function. Each step shows the
board after it, the narration and the rule it rests on (from ``data/<game>/rules.toml``).
At a step with an ``ask``, the player first answers by clicking one of the moves
offered; ``ui.grading`` grades it by the step's ``grade`` (a choice beside the example's
and the best by the odds, or a rule: legal or not). A move the rules forbid is not
played: the player is told why and tries again. A game may instead write the feedback
itself (``feedback_html``: given the question's frame, the answer and whose the
example's moves are). At a step with a ``point`` question the player clicks the thing
asked for on the board (``ui.pointing``). ◀ Back over a question asks it again. A page
address ``?scenario=<id>&step=<n>`` opens that step (``ui.query``).

The set-up (step 0) says what the engine did before the first step (a game's first
position may already hold automatic phases: The Horde's turn 1 Income and Tax).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import replace

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import one_of, whole_number
from hordes_kit.core.registry import get_game
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import Frame, Scenario, ScenarioError, run_scenario
from hordes_kit.core.state import GameState
from hordes_kit.ui.coach import CoachPanel
from hordes_kit.ui.grading import Grade, best_moves, choice_html, retry_html, rule_html
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.log import rule_chip
from hordes_kit.ui.pointing import SHOW_ME, PointQuestions
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.surface import Stylesheet
from hordes_kit.ui.table_rules import TableRulesPanel
from hordes_kit.ui.theme import theme_class

__all__ = ["WalkthroughPlayer", "Grade", "humanize"]


def humanize(action_id: str) -> str:
    """Words for an action id no game label covers: ``'draw:zombies'`` -> ``'Draw zombies'``.

    >>> humanize("draw:zombies"), humanize("roll:6,5,4")
    ('Draw zombies', 'Roll 6, 5, 4')
    """
    text = action_id.replace(":", " ").replace("-", " ").replace("_", " ").replace(",", ", ")
    return text[:1].upper() + text[1:]


class WalkthroughPlayer(PointQuestions, w.VBox):
    """Back/Next through a scenario; questions at decision points, checked by the engine."""

    def __init__(
        self,
        scenarios: Sequence[Scenario],
        render: Callable[[GameState], str],
        label: Callable[[GameState, str], str] | None = None,
        explain: Callable[[GameState, str], str] | None = None,
        choices: Callable[[GameState, str], Sequence[str]] | None = None,
        score: Callable[[GameState, str], str] | None = None,
        best: Callable[[GameState, Sequence[str]], str | Sequence[str] | None] | None = None,
        rule_choices: Callable[[GameState, str], Sequence[str]] | None = None,
        feedback_html: Callable[[Frame, str, str], str] | None = None,
    ) -> None:
        self.scenarios = list(scenarios)
        self.render, self.label, self.explain = render, label, explain
        # one line rating a move by the measure the game's advice uses ("20.5% to pay")
        self.score = score
        # the best of the offered moves by that same measure: one, or the moves tied for
        # best (None or empty: no measure here)
        self.best = best
        # the answers offered at a rule question (may include illegal moves)
        self.rule_choices = rule_choices
        self.grade: Grade | None = None
        # a game's own feedback (HTML) on an answer, given the question's frame, the
        # answer and whose the example's moves are; without it, ui.grading's
        self.feedback_html = feedback_html
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
        # the table's own rules: a walkthrough is played by them where its steps allow
        self.table_rules = TableRulesPanel(self.scenarios[0].game if self.scenarios else "")
        self.table_rules.open_from_url()
        self.table_rules.on_change(lambda _c: self.load(self.picker.value))
        self.links = LinkBox(self.link_params)
        # the coach at a step that asks for a choice: the moves of the question's position
        self.coach = CoachPanel(
            self.scenarios[0].game if self.scenarios else "", self._asked, other=self.coach_other
        )
        super().__init__(
            [
                Stylesheet(),
                self.picker,
                self.table_rules,
                self.intro,
                w.HBox([self.back_button, self.next_button, self.position]),
                self.narration,
                self.question,
                self.coach,
                self.board,
                self.steps,
                self.links,
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
        self.open_from_url()

    # --- what the buttons do -----------------------------------------------------------

    def load(self, index: int) -> None:
        """Open scenario ``index`` at its start."""
        self.scenario = self.scenarios[index]
        self.frames: tuple[Frame, ...] = run_scenario(self.scenario)
        game = get_game(self.scenario.game)
        self.rules = rule_index(game.data_dir, game.rule_prefix)
        self.start = game.start(self.scenario.config)
        ruled = self._by_table_rules()
        self.answered: set[int] = set()
        self.pointed: dict[int, str] = {}  # point questions answered: step -> thing shown
        self.tried: set[str] = set()  # wrong answers tried at the open question
        self.feedback = ""
        self.i = 0
        src = f"<div style='color:#666'>{html.escape(self.scenario.source)}</div>"
        self.intro.value = f"<p>{html.escape(self.scenario.intro)}</p>{src}{ruled}"
        self._syncing = True
        self.steps.options = [("Start", 0)] + [
            (f"{f.index}. {self._short(f)}", f.index) for f in self.frames
        ]
        self._syncing = False
        self.goto(0)

    def _by_table_rules(self) -> str:
        """Replay the scenario by the table's rules (its own config still wins); a note.

        A walkthrough is a rulebook example: when a reading the table chose changes what
        its steps show (a move, a cited rule, a fact), it stays as the kit reads the rules
        and the note says so."""
        changed = {
            k: v for k, v in self.table_rules.changed().items() if k not in self.scenario.config
        }
        if not changed:
            return ""
        ours = replace(self.scenario, config={**self.scenario.config, **changed})
        try:
            frames = run_scenario(ours)
        except ScenarioError:
            return (
                "<div class='hk-note hk-table-note'>Your table's rules change what this "
                "walkthrough shows, so it follows the kit's rules (the rulebook's example)."
                "</div>"
            )
        self.scenario, self.frames = ours, frames
        self.start = get_game(ours.game).start(ours.config)
        return (
            "<div class='hk-note hk-table-note'>Played by your table's rules. "
            f"{html.escape(self.table_rules.summary())}</div>"
        )

    def goto(self, i: int) -> None:
        """Show the board after step ``i`` (0 = the set-up). Going back asks the questions
        of the steps ahead again."""
        i = max(0, min(i, len(self.frames)))
        if i < self.i:
            self.answered = {k for k in self.answered if k <= i}
            self.pointed = {k: v for k, v in self.pointed.items() if k <= i}
        if i != self.i:
            self.tried = set()
        self.i = i
        self.feedback = ""
        self._show()

    def next(self) -> None:
        """Next step (at a question, the answer comes first; at a point question, Next
        shows the answer)."""
        if self.pending_question() is not None or self.show_point():
            return
        self.goto(self.i + 1)

    def back(self) -> None:
        """Previous step (a question it passed is asked again)."""
        self.goto(self.i - 1)

    def pending_question(self) -> Frame | None:
        """The next step, if it asks a question the player has not answered yet."""
        if self.i < len(self.frames):
            f = self.frames[self.i]
            if f.step.ask and f.index not in self.answered:
                return f
        return None

    def open_at(self, scenario_id: str, step: int = 0) -> None:
        """Open the walkthrough ``scenario_id`` at step ``step`` (0 = its set-up)."""
        index = next(i for i, s in enumerate(self.scenarios) if s.id == scenario_id)
        if index != self.picker.value:
            self.picker.value = index  # loads it
        else:
            self.load(index)
        self.goto(step)

    def open_from_url(self) -> str:
        """Open what the page address asks (``?scenario=<id>&step=<n>``); returns the
        problem with the address in words ("" if none), also shown on the page."""
        return at_address(self._open_from_url)

    def _open_from_url(self) -> str:
        ids = [s.id for s in self.scenarios]
        wanted, problem = page_query({"scenario": one_of(ids), "step": whole_number(0, 999)})
        if "scenario" in wanted:
            self.open_at(str(wanted["scenario"]), int(wanted.get("step", 0)))  # type: ignore[arg-type]
        elif "step" in wanted:
            self.goto(int(wanted["step"]))  # type: ignore[arg-type]
        if problem:
            self.intro.value += f"<div class='hk-note'>{html.escape(problem)}</div>"
        return problem

    def link_params(self) -> dict[str, object]:
        """This walkthrough and step as a link's parameters (the table's readings too)."""
        return {"scenario": self.scenario.id, "step": self.i} | self.table_rules.link_params()

    def answer(self, action_id: str) -> bool:
        """What a click on an answer does: graded (``ui.grading``); a legal answer plays
        the example's move, a move the rules forbid is not played and the question stays
        open. True when the answer is the example's choice (a rule question: legal)."""
        f = self.pending_question()
        if f is None:
            return False
        legal = action_id in f.before.legal_actions()  # the engine decides, never the page
        who = self.scenario.chooser
        if self.feedback_html is not None:
            self.grade = None
            self.feedback = self.feedback_html(f, action_id, who)
            ok = action_id == f.step.move
        elif f.step.grade == "rule":
            self.grade = self._grade_rule(f, action_id)
            self.feedback = rule_html(self.grade, lambda m: self._move_label(f.before, m))
            ok = self.grade.legal
        else:
            self.grade = self._grade_choice(f, action_id)
            self.feedback = choice_html(
                self.grade, lambda m: self._move_label(f.before, m), f.step.because
            )
            ok = self.grade.same_as_book
        if not legal:
            self.tried.add(action_id)
            self.feedback += retry_html()
            self._show(keep_feedback=True)
            return False
        if self.explain and f.step.grade != "rule":
            self.feedback += self.explain(f.before, f.step.move)
        self.answered.add(f.index)
        self.tried = set()
        self.i += 1
        self._show(keep_feedback=True)
        return ok

    def offered(self, f: Frame) -> list[str]:
        """The answers offered at question ``f``."""
        if f.step.grade == "rule" and self.rule_choices:
            return list(self.rule_choices(f.before, f.step.move))
        if self.choices:
            return list(self.choices(f.before, f.step.move))
        return list(f.before.legal_actions())

    # --- grading -------------------------------------------------------------------------

    def _figure(self, state: GameState, move: str) -> str:
        return self.score(state, move) if self.score and move else ""

    def _grade_rule(self, f: Frame, move: str) -> Grade:
        who = self.scenario.chooser
        try:
            f.before.apply(move)
        except HordesKitError as e:
            reason = getattr(e, "reason", str(e))
            return Grade("rule", move, f.step.move, False, reason, chooser=who)
        return Grade("rule", move, f.step.move, True, chooser=who)

    def _grade_choice(self, f: Frame, move: str) -> Grade:
        state = f.before
        # of moves as good as each other, the example's first
        order = [f.step.move, *(m for m in self.offered(f) if m != f.step.move)]
        tied = best_moves(self.best(state, order)) if self.best else ()
        named = dict.fromkeys(m for m in (move, f.step.move, *tied) if m)
        figures = tuple((m, self._figure(state, m)) for m in named)
        return Grade(
            "choice",
            move,
            f.step.move,
            True,
            best=tied[0] if tied else "",
            figures=figures,
            tied=tied if len(tied) > 1 else (),
            chooser=self.scenario.chooser,
        )

    # --- drawing -------------------------------------------------------------------------

    def _short(self, f: Frame) -> str:
        text = f.step.say or self._move_label(f.before, f.step.move)
        return text if len(text) < 90 else text[:87] + "…"

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
        p = self._point_state(q)
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
        else:
            parts.append(self._setup_html(q, p))
        if keep_feedback and self.feedback:
            parts.insert(0, f"<div class='hk-feedback'>{self.feedback}</div>")
        self.narration.value = "".join(parts)
        self.question.children = (
            self._question_widgets(q) if q else self._point_widgets(p) if p else ()
        )
        self.coach.show_for(q is not None and q.step.grade != "rule")

    def coach_other(self, state: GameState) -> tuple[tuple[str, ...], str] | None:
        """Another answer this page shows for the question's position (the moves that
        follow it, its name in words), for the coach to say how it stands to it."""
        return None

    def _asked(self) -> GameState:
        """The position of the open question (the coach's), else the one on screen."""
        q = self.pending_question()
        return q.before if q else self.frames[self.i - 1].after if self.i else self.start

    def _setup_html(self, q: Frame | None, p: Frame | None) -> str:
        """The set-up's narration: what the rules engine did before the first step (a
        first position may already hold automatic phases), then how to start."""
        done = "".join(f"<li>{html.escape(e.text)}</li>" for e in self.start.log)
        before = (
            "<div class='hk-setup-log'>Before the first step the rules engine has done this "
            f"(the table below shows the result):<ul>{done}</ul></div>"
            if done
            else ""
        )
        if p is not None:  # a "point at it" question: answered on the table, not by a button
            how = (
                "Set-up. Click the thing the question below asks for on the table under it "
                f"(or press {SHOW_ME}: it outlines the answer for you)."
            )
        elif q is not None:
            how = "Set-up. Pick your answer to the question below (one of its buttons) to start."
        else:
            how = "Set-up. Press Next to start."
        return f"<p class='hk-say'>{how}</p>{before}"

    def _question_widgets(self, f: Frame) -> tuple:
        lead = "Rules question:" if f.step.grade == "rule" else "Your call:"
        ask = w.HTML(
            f"<div class='hk-ask' data-grade='{f.step.grade}'><b>{lead}</b> "
            f"{html.escape(f.step.ask)}</div>"
        )
        buttons = []
        for a in self.offered(f):
            b = w.Button(description=self._move_label(f.before, a), layout=w.Layout(width="auto"))
            b.add_class("hk-answer")
            if a in self.tried:  # tried and refused by the rules: not offered again
                b.disabled = True
                b.description = "✘ " + b.description
                b.add_class("hk-tried")
            b.on_click(lambda _b, a=a: self.answer(a))
            buttons.append(b)
        return (ask, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
