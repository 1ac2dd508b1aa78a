"""Heroes & Hordes' walkthroughs (worked examples step by step, drawn as the board's
card table) and its rules quiz.

Questions come in two kinds, graded differently:

- a **rule question** (the book's move was the only legal one, so the walkthrough also
  offers moves the rules forbid): graded legal or illegal, with the rule that decides;
- a **choice question** (several legal moves): any legal answer is legal; the player's
  choice, the walkthrough's and the best by the battle calculator are shown, each with its
  figure, and a different choice is "legal, and the walkthrough chose differently" (the
  rulebook has no worked example: these are the kit's; a step's ``because`` says why the
  walkthrough plays a move the calculator does not rank best).

A move the rules forbid is not played: the player tries again (``ui.walkthrough``).
"""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.core.scenario import Frame, load_scenario, scenario_files
from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.game import HHState
from hordes_kit.heroes_hordes.rules import GAME, HERO_PILES, RULE
from hordes_kit.ui.common import table_html
from hordes_kit.ui.controls import page, section
from hordes_kit.ui.heroes_hordes import advice
from hordes_kit.ui.heroes_hordes.pictures import battle_html, board_html, report_html
from hordes_kit.ui.log import rule_chip, rules_of
from hordes_kit.ui.quiz import QuizPlayer
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = ["walkthrough", "walkthrough_page", "RulesQuiz", "offered", "grade", "render"]

THEME = "heroes-hordes"
# the rule that decides whether a move of each kind is allowed
RULE_OF_KIND = {
    "defend": RULE + "battle",
    "place": RULE + "split-cards",
    "discard": RULE + "ruling.discard-covers",
    "slay": RULE + "event.slay",
    "search": RULE + "event.search",
}


def render(state: HHState) -> str:
    """A walkthrough step's picture: the battle (if one is being fought) and the table."""
    return battle_html(state) + board_html(state)


def offered(state: HHState, book: str) -> tuple[str, ...]:
    """The answers a question offers: every legal move; where the book's move is the only
    legal one, the moves the rules forbid too (it becomes a question about the rule)."""
    legal = state.legal_actions()
    if len(legal) > 1:
        return legal
    kind = book.split(":")[0]
    if kind == "defend":
        return tuple(f"defend:{p}" for p in HERO_PILES)
    if kind == "place":
        return tuple(f"place:{p}" for p in PILES)
    return legal


def _label(state: HHState, move: str) -> str:
    return state.label(move)


def grade(frame: Frame, chosen: str, chooser: str = "the walkthrough") -> str:
    """Feedback on an answer: legal or not (with the rule) for a rule question; for a
    choice question the player's, the walkthrough's (``chooser``: whose the example's
    moves are) and the best move, each with its figure, and why the walkthrough's move
    was played where the calculator ranks another best."""
    state, book = frame.before, frame.step.move
    rules = rules_of(GAME)
    chip = rule_chip(rules.get(RULE_OF_KIND.get(chosen.split(":")[0], "")), open_=True)
    legal = state.legal_actions()
    esc = html.escape
    if chosen not in legal:
        why = state.why_illegal(state.parse_action(chosen), chosen)
        return (
            f"<div class='hk-grade' data-grade='illegal'><b class='hk-error'>✘ Not legal:</b> "
            f"{esc(_label(state, chosen))}: {esc(why)}.</div>{chip}"
        )
    if any(a not in legal for a in offered(state, book)):
        same = f" It is {esc(chooser)}'s move too." if chosen == book else ""
        return (
            f"<div class='hk-grade' data-grade='legal'><b style='color:var(--hk-good)'>✔ Legal:"
            f"</b> {esc(_label(state, chosen))}.{same}</div>{chip}"
        )
    best = advice.advised_move(state)
    kind = chosen.split(":")[0]
    if chosen == book:
        head = f"<b style='color:var(--hk-good)'>✔ Legal, and {esc(chooser)}'s choice too.</b>"
        verdict = "book"
    else:
        head = f"<b>Legal, and {esc(chooser)} chose differently.</b>"
        verdict = "different"
    rows = [
        ["Your choice", _label(state, chosen), advice.score(state, chosen)],
        [
            f"{chooser[:1].upper()}{chooser[1:]}'s choice",
            _label(state, book),
            advice.score(state, book),
        ],
        ["Best by the battle calculator", _label(state, best), advice.score(state, best)],
    ]
    measure = advice.MEASURE.get(kind, "what the move does")
    why = ""
    if best != book and frame.step.because:
        why = (
            f"<p class='hk-because'><b>Why {esc(chooser)} plays {esc(_label(state, book))}:</b> "
            f"{esc(frame.step.because)}</p>"
        )
    return (
        f"<div class='hk-grade' data-grade='{verdict}'>{head}</div>"
        + table_html(
            ["", "Move", "What it does"],
            rows,
            caption=f"Three moves side by side, each with the {measure}",
        )
        + why
    )


def walkthrough() -> WalkthroughPlayer:
    """The Heroes & Hordes walkthrough player over the shipped scenarios."""
    scenarios = [load_scenario(p) for p in scenario_files("heroes_hordes")]
    return WalkthroughPlayer(
        scenarios,
        render,
        label=_label,
        choices=offered,
        score=advice.score,
        feedback_html=grade,
    )


class RulesQuiz(QuizPlayer):
    """The Heroes & Hordes rules quiz; answers and battle reports come from the engine."""

    def __init__(self) -> None:
        from hordes_kit.heroes_hordes.quiz import load_quiz

        super().__init__(load_quiz(), detail_html=lambda rep: report_html(rep), theme=THEME)


def walkthrough_page() -> w.VBox:
    """The walkthrough dashboard: the worked examples, then the rules quiz."""
    return page(
        section("Worked examples", walkthrough()),
        section("Rules quiz", RulesQuiz()),
        theme=THEME,
    )
