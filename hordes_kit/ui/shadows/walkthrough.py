"""Shadows' rulebook walkthroughs (the Example of Play, Jack and Emma's Shield Points, the
three-player Predict, Eras' stats and the requirement examples, every FAQ answer) and the
rules quiz.

A question is graded honestly: an answer a rule forbids is "not allowed", with the rule
that says so, and the player tries again; a legal answer is legal, and when the book (the
first lesson: the walkthrough) chose otherwise the player sees their choice, the book's
and the best one by the odds (``shadows.advice``), each with its figure and the table
they come from.
"""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.core.scenario import Frame, load_scenario, scenario_files
from hordes_kit.shadows.advice import decision_odds
from hordes_kit.shadows.quiz import load_quiz
from hordes_kit.shadows.why import candidates, refusal
from hordes_kit.ui.controls import page, section
from hordes_kit.ui.log import rule_chip
from hordes_kit.ui.quiz import QuizPlayer
from hordes_kit.ui.shadows.advice import (
    best_moves,
    headline,
    model_html,
    move_figure,
    odds_name,
    odds_table,
)
from hordes_kit.ui.shadows.seating import ShadowsStyle
from hordes_kit.ui.shadows.table import table_html
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = ["ShadowsWalkthrough", "walkthrough", "RulesQuiz", "grade", "walkthrough_page"]


def grade(state, mine: str, book: str, rules, chooser: str = "the book") -> dict:
    """How an answer stands: ``verdict`` ("not allowed", "the book's choice", "legal, the
    book chose differently"; ``chooser`` names whose the example's moves are), the rule
    that forbids it, the three figures, the HTML."""
    why = refusal(state, mine)
    result = decision_odds(state)
    marks = {mine: "your choice", book: f"{chooser}'s choice"}
    if mine == book:
        marks = {book: f"your choice and {chooser}'s"}
    table = odds_table(result, marks)
    label = state.label
    figs = {a: move_figure(result, a) for a in (mine, book)}

    def named(a: str) -> str:
        fig = figs.get(a) or ""
        return html.escape(label(a)) + (f" — {html.escape(fig)}" if fig else "")

    parts = []
    if why is not None:
        verdict = "not allowed"
        rule = rules.get(why[1])
        parts.append(
            f"<div class='sh-verdict sh-illegal'>✘ Not allowed: {html.escape(why[0])}.</div>"
            + (rule_chip(rule, open_=True) if rule else "")
        )
        lines = ["Try again: the question is still open."]
    elif mine == book:
        verdict = f"{chooser}'s choice"
        verdict_html = f"✔ Legal, and {chooser}'s choice: {named(book)}."
        parts.append(f"<div class='sh-verdict sh-legal'>{verdict_html}</div>")
        lines = []
    else:
        verdict = f"legal, {chooser} chose differently"
        parts.append(
            f"<div class='sh-verdict sh-legal'>✔ Legal, and {chooser} chose differently.</div>"
        )
        lines = [f"Your choice: {named(mine)}", f"{chooser.capitalize()}'s choice: {named(book)}"]
    if table is not None:
        lines.append(html.escape(headline(result, table)))
    elif result["model"] or result["decision"]:
        lines.append("The odds do not rank these moves: it is a choice of plan.")
    if lines:
        parts.append("<ul>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>")
    if table is not None:
        parts.append(table.html() + model_html(result))
    return {
        "verdict": verdict,
        "position": state.history,
        # what the odds recommend, for the coach beside a question still open
        "best_moves": best_moves(result, table) if table is not None else (),
        "best_words": odds_name(result) if table is not None else "",
        "rule": why[1] if why else "",
        "figures": {
            "mine": figs.get(mine, ""),
            "book": figs.get(book, ""),
            "best": headline(result, table) if table is not None else "",
        },
        "html": "<div class='sh-grade'>" + "".join(parts) + "</div>",
    }


class ShadowsWalkthrough(WalkthroughPlayer):
    """The walkthrough player with Shadows' table pictures and honest grading."""

    def __init__(self, scenarios) -> None:
        super().__init__(scenarios, lambda s: table_html(s, None), label=lambda s, a: s.label(a))
        self.last_grade: dict | None = None

    def coach_other(self, state) -> tuple[tuple[str, ...], str] | None:
        """The odds' best shown by the grade of a question still open at this position."""
        g = self.last_grade
        if g is None or g["position"] != state.history or not g["best_moves"]:
            return None
        return g["best_moves"], g["best_words"]

    def answers(self, f: Frame) -> tuple[str, ...]:
        """The answers offered: every legal move and the moves a rule forbids here."""
        return candidates(f.before)

    def _question_widgets(self, f: Frame) -> tuple:
        moves = self.answers(f)
        rule_q = any(refusal(f.before, m) is not None for m in moves)
        hint = (
            "<div class='hk-note'>A rules question: some of these moves are not allowed.</div>"
            if rule_q
            else ""
        )
        ask = w.HTML(f"<div class='hk-ask'><b>Your call:</b> {html.escape(f.step.ask)}</div>{hint}")
        buttons = []
        for a in moves:
            b = w.Button(description=self._move_label(f.before, a), layout=w.Layout(width="auto"))
            b.add_class("hk-answer")
            if a in self.tried:  # tried and not allowed: not offered again
                b.disabled = True
                b.description = "✘ " + b.description
                b.add_class("hk-tried")
            b.on_click(lambda _b, a=a: self.answer(a))
            buttons.append(b)
        return (ask, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))

    def answer(self, action_id: str) -> str:
        """What a click on an answer does: graded by the engine; a legal answer shows the
        book's step, an answer a rule forbids leaves the question open to try again."""
        f = self.pending_question()
        if f is None:
            return ""
        g = grade(f.before, action_id, f.step.move, self.rules, self.scenario.chooser)
        self.last_grade = g
        self.feedback = g["html"]
        if g["verdict"] == "not allowed":
            self.tried.add(action_id)
            self._show(keep_feedback=True)
            self.coach.redraw()  # the odds' table is on screen beside the coach's answer
            return g["verdict"]
        self.answered.add(f.index)
        self.tried = set()
        self.i += 1
        self._show(keep_feedback=True)
        return g["verdict"]


def walkthrough() -> ShadowsWalkthrough:
    """Every Shadows scenario file, step by step."""
    return ShadowsWalkthrough([load_scenario(p) for p in scenario_files("shadows")])


def _detail_html(detail) -> str:
    if not isinstance(detail, dict) or "assumptions" not in detail:
        return ""
    items = "".join(f"<li>{html.escape(a)}</li>" for a in detail["assumptions"])
    return (
        "<details class='sh-model'><summary>How this is worked out</summary>"
        f"<ul>{items}</ul></details>"
    )


class RulesQuiz(QuizPlayer):
    """The Shadows rules quiz; the engine works out and grades every answer."""

    def __init__(self) -> None:
        super().__init__(load_quiz(), detail_html=_detail_html, theme="shadows")


def walkthrough_page() -> w.VBox:
    """The walkthrough page: the scenarios step by step, then the rules quiz."""
    return page(
        ShadowsStyle(),
        walkthrough(),
        section("Rules quiz", RulesQuiz()),
        theme="shadows",
    )
