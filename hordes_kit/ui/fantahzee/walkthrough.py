"""Fantahzee's rulebook walkthroughs: every worked example and FAQ answer, step by step,
drawn with the table's card faces and dice.

A choice question shows the player's move, the book's (the first lesson's: the
walkthrough's) and the best by the odds, each with the figure of the one measure that
decision is weighed by (``advice.py``), above a table of the moves offered ranked by that
measure: moves the measure cannot tell apart are a tie in the words and in the table, and
a move is named whole (a discard that takes a second hero with it names both). A rule
question is graded legal or illegal by the engine, with the rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.ui.controls import page
from hordes_kit.ui.fantahzee.advice import decision
from hordes_kit.ui.fantahzee.table import board_html
from hordes_kit.ui.walkthrough import WalkthroughPlayer

__all__ = [
    "walkthrough",
    "walkthrough_page",
    "answer_choices",
    "rule_choices",
    "score",
    "best",
    "label",
    "explain",
]

KEEPS_OFFERED = 8  # dice keeps offered at a question: the best few, the book's, none


def answer_choices(state, move: str) -> list[str]:
    """The answers a choice question offers: legal moves of the same kind as the book's.

    Dice keeps are narrowed to the ones the party solver ranks best (with the book's own
    and "reroll everything"), so the choice reads like a player's, not a list of 100.
    """
    legal = state.legal_actions()
    verb = move.split(":")[0]
    same = [a for a in legal if a.split(":")[0] == verb]
    if verb in ("attack", "flip", "stop"):
        same = [a for a in legal if a.split(":")[0] in ("attack", "flip", "stop")]
    if verb == "keep" and len(same) > KEEPS_OFFERED:
        d = decision(state)
        ranked = sorted(
            (a for a in same if d and a in d.values), key=lambda a: -d.values[a] if d else 0
        )
        picked = {move, *ranked[:KEEPS_OFFERED], "keep:none"}
        same = [a for a in same if a in picked]
    if verb in ("activate", "keep"):
        same += [a for a in legal if a == "done"]
    return same


def rule_choices(state, move: str) -> list[str]:
    """The answers a rule question offers: in the Attack Step, every stack's attack and
    flip a player might think of - legal or not - and stopping; the engine grades them."""
    legal = state.legal_actions()
    if state.phase != "attack" or state.pending:
        return answer_choices(state, move)
    out = [f"attack:{x.name}" for x in state.line if x.top]
    out += [a for a in legal if a.startswith("flip:")]
    if move.startswith("flip:") and move not in out:
        out.append(move)
    out += [a for a in legal if a == "stop"]
    return list(dict.fromkeys(out))


def score(state, move: str) -> str:
    """A move's figure by the measure its decision is weighed by (``'net XP 1.41'``)."""
    d = decision(state)
    return d.score(move) if d else ""


def best(state, moves: Sequence[str]) -> tuple[str, ...]:
    """Every one of ``moves`` best by that measure, in the order given (more than one: a
    tie, named as one)."""
    d = decision(state)
    return d.best_all(moves) if d else ()


def label(state, move: str) -> str:
    """A move in words, named whole as the odds weigh it (a discard that takes another
    hero with it: "Discard Alchemist, then Sergeant")."""
    d = decision(state) if not state.is_chance else None
    return d.labels[move] if d and move in d.labels else state.label(move)


def explain(state, move: str, chooser: str = "the book") -> str:
    """The moves offered, ranked by the decision's measure, ``chooser``'s marked (of equal
    ones it comes first, as in the words above the table)."""
    d = decision(state)
    if d is None:
        return ""
    moves = [move, *(m for m in answer_choices(state, move) if m != move)]
    table = d.table(moves, mark=move, whose=f"{chooser}'s choice")
    return f"<div class='hk-advice'>{table.html()}</div>" if table.rows else ""


def walkthrough() -> WalkthroughPlayer:
    """The rulebook's worked examples and FAQ answers, step by step."""
    scenarios = [load_scenario(p) for p in scenario_files("fantahzee")]
    wp = WalkthroughPlayer(
        scenarios,
        board_html,
        label=label,
        explain=lambda s, m: explain(s, m, wp.scenario.chooser),
        choices=answer_choices,
        score=score,
        best=best,
        rule_choices=rule_choices,
    )
    return wp


def walkthrough_page() -> w.VBox:
    """The walkthrough dashboard (``notebooks/fantahzee_walkthrough.ipynb``)."""
    return page(walkthrough(), theme="fantahzee")
