"""The Horde's Master Turn Chart (``data/the_horde/turns.csv``) as a table: on the
walkthrough page and the rule lookup, and on the board with the turn being played marked."""

from __future__ import annotations

import ipywidgets as w

from hordes_kit.core.cardref import chart
from hordes_kit.the_horde.rules import GAME
from hordes_kit.ui.book_tables import chart_html
from hordes_kit.ui.controls import page

__all__ = ["turn_chart_html", "TurnChart", "turn_chart", "TITLE"]

TITLE = "Master Turn Chart"


def turn_chart_html(turn: int | None = None, *, fold: bool = False) -> str:
    """The chart, the row of ``turn`` marked and said in words (none marked if None)."""
    c = chart(GAME, "turns")
    if c is None:
        return ""
    row = next((i for i, r in enumerate(c.rows) if r[0] == str(turn)), None)
    now = ""
    if row is not None:
        t = c.rows[row]
        now = (
            f"Now: turn {t[0]} of {len(c.rows)}, {t[1]}, {t[2]}: {t[3]} attackers, natives {t[4]}."
        )
    return chart_html(GAME, c, mark=row, mark_note=now, fold=fold, open_=True)


class TurnChart(w.Accordion):
    """The chart in a fold that stays as the player left it while the turn changes."""

    def __init__(self, turn: int | None = None) -> None:
        self.body = w.HTML()
        super().__init__(children=[self.body])
        self.add_class("hk-th-turn-chart")
        self.turn: int | None = None
        self.show(turn)

    def show(self, turn: int | None) -> None:
        """Mark this turn (redrawn only when it changes)."""
        if turn == self.turn and self.body.value:
            return
        self.turn = turn
        self.body.value = turn_chart_html(turn)
        self.set_title(0, TITLE + (f": turn {turn} marked" if turn else ""))


def turn_chart() -> w.VBox:
    """The walkthrough page's chart (for a notebook cell)."""
    return page(w.HTML(turn_chart_html()), theme=GAME)
