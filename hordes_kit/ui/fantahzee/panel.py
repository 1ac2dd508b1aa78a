"""The board's "Odds for this decision" and "My strength this turn": one headline over
one ranked table, from the same numbers as the gold dice on the table (the best keep).

The measures are those of ``advice.py``: the party solver's expected strength for the
dice, the attack planner's net XP for attacks, the strength lost for damage.
"""

from __future__ import annotations

import html

from hordes_kit.fantahzee.advice import party_strength
from hordes_kit.fantahzee.planner import plan_attacks
from hordes_kit.ui.common import note_html, percent, table_html
from hordes_kit.ui.fantahzee.advice import NET_XP, STRENGTH, decision
from hordes_kit.ui.table import RankedTable

__all__ = ["attack_plans_table", "dice_advice", "odds_html", "strength_html", "headline"]


def headline(table: RankedTable, lead: str) -> str:
    """The advice from the table's best row; rows as good are named as a tie, as the
    table tags them ("tied best")."""
    best = table.best
    if best is None:
        return f"{lead}: nothing to choose"
    ties = table.tied_with_best()
    if ties:
        names = ", ".join(table.cell(r, 0) for r in (best, *ties))
        return f"{lead}, a tie of {len(ties) + 1}: {names} ({table.cell(best, 1)})"
    return f"{lead}: {table.cell(best, 0)} ({table.cell(best, 1)})"


def attack_plans_table(state, limit: int = 6) -> RankedTable:
    """Whole attack plans from here, ranked by net XP (the board's Attack Step odds)."""
    names = {x.name: state.name(x.top) for x in state.line if x.top}
    rows = [
        (
            p.label(names)[:1].upper() + p.label(names)[1:],
            p.value,
            f"{p.xp:.2f}",
            percent(p.town_risk),
            f"{p.counter_damage + p.ambush:.1f}",
        )
        for p in plan_attacks(state)[: max(limit, 1) * 4]
    ]
    return RankedTable(
        NET_XP.caption,
        ("Plan", NET_XP.column, "Expected XP", "Town lost", "Damage"),
        rows,
        formats=(str, NET_XP.fmt),
        numeric=(1, 2, 3, 4),
    )


def _solver_words(label: str) -> str:
    """The party solver's option in a player's words."""
    if label == "stop":
        return "Stop rolling: activate the heroes these dice pay"
    if label.startswith("keep "):
        kept = label[5:]
        return "Reroll everything" if kept == "nothing" else f"Keep {kept}, reroll the rest"
    return label[:1].upper() + label[1:] + " now"


def dice_advice(state) -> tuple[RankedTable, tuple[int, ...]] | None:
    """The Roll Step's moves ranked by the party solver's expected strength, and the dice
    its best move keeps (or locks) - the table and the gold dice from the same numbers."""
    if state.phase != "roll" or not state.rolled or state.pending or state.is_chance:
        return None
    _odds, advice = party_strength(state)
    if advice is None:
        return None
    rows = [(_solver_words(lb), v) for lb, v in advice.options]
    table = RankedTable(
        STRENGTH.caption,
        ("Move", STRENGTH.column),
        rows,
        formats=(str, STRENGTH.fmt),
        numeric=(1,),
    )
    marks = advice.keep if advice.move == "keep" else advice.pay
    return table, tuple(marks)


def odds_html(state) -> tuple[str, tuple[int, ...]]:
    """The odds behind the decision now, as one headline over one ranked table; and the
    dice to mark gold on the table (the best keep)."""
    dice = dice_advice(state)
    if dice is not None:
        table, marks = dice
        return table.html(limit=8, headline=headline(table, "Best move")), marks
    if state.phase == "attack" and not state.pending:
        table = attack_plans_table(state)
        return table.html(limit=6, headline=headline(table, "Best plan")), ()
    d = decision(state)
    if d is not None and d.values:
        return d.table().html(limit=8, headline=d.headline()), ()
    return "", ()


def strength_html(state) -> str:
    """The party solver for the current player: this turn's expected strength and the
    chance to reach each total, each with the play best for it."""
    if state.is_chance or state.phase not in ("action", "roll") or state.pending:
        return note_html("Ask in the Action Phase or during the Roll Step.")
    odds, best = party_strength(state)
    if not odds.heroes:
        return note_html("Every hero in the party is active already (or there are none).")
    rows = [(f"{k} or more", percent(p)) for k, p in sorted(odds.at_least.items())]
    head = f"Expected total strength this turn: {odds.expected:.2f}, with the best play."
    if best is not None:
        head += f" Best move now: {best.text}."
    return (
        f"<div class='hk-strength'><div class='hk-advice-head'>{html.escape(head)}</div>"
        + table_html(
            ["Total strength", "Chance"],
            rows,
            caption="Chance to reach each total this turn (each with the play best for it, "
            "party solver, exact)",
        )
        + "</div>"
    )
