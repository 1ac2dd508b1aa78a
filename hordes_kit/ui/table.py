"""Tables that say what they measure and rank by the measure the advice uses.

One screen, one recommendation: :class:`RankedTable` sorts its rows by one measure,
marks the best row, and :meth:`RankedTable.headline` writes the advice from that same
row, so a heading can never name a different choice than the table's top row. Rows equal
by the measure are each tagged "tied best" (none is singled out); with intervals (Monte
Carlo), rows whose 95% interval overlaps the best one are marked as "as good" (they
cannot be told apart) instead of pretending to a ranking.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["RankedTable"]


@dataclass(frozen=True)
class RankedTable:
    """Rows ranked by column ``rank_by``; the caption names the measure.

    ``formats`` turn a column's raw value into text (default ``str``); ``interval``
    gives a row's 95% interval of the measure, when it is an estimate. ``key`` ranks
    with tie-breaks (a row's sort key, best first when smallest; rows tie only when
    their keys are equal); by default the ``rank_by`` column alone.

    >>> t = RankedTable("Chance to pay the Paladin this turn, best play after this keep",
    ...                 ("Keep", "Chance"), [("3", 0.205), ("3,3", 0.31), ("5", 0.098)],
    ...                 rank_by=1, formats=(str, lambda p: f"{p:.1%}"), choice_col=0)
    >>> t.best, t.headline("Best keep")
    (('3,3', 0.31), 'Best keep: 3,3 (31.0%)')
    """

    measure: str
    columns: tuple[str, ...]
    rows: Sequence[tuple] = ()
    rank_by: int = 1
    higher_is_better: bool = True
    formats: tuple[Callable[[object], str] | None, ...] = ()
    interval: Callable[[tuple], tuple[float, float]] | None = None
    choice_col: int = 0
    note: str = ""
    numeric: tuple[int, ...] = field(default=())
    key: Callable[[tuple], object] | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.rank_by < len(self.columns):
            raise ValueError(f"rank_by={self.rank_by} is not a column of {self.columns}")
        for r in self.rows:
            if len(r) != len(self.columns):
                raise ValueError(f"row {r!r} has {len(r)} cells for {len(self.columns)} columns")

    @property
    def ranked(self) -> tuple[tuple, ...]:
        """The rows, best first by the measure (ties keep their given order)."""
        return tuple(sorted(self.rows, key=self._key))

    def _key(self, row: tuple) -> object:
        if self.key is not None:
            return self.key(row)
        return (-1 if self.higher_is_better else 1) * row[self.rank_by]

    @property
    def best(self) -> tuple | None:
        """The recommended row (None for an empty table)."""
        return self.ranked[0] if self.rows else None

    def tied_with_best(self) -> tuple[tuple, ...]:
        """Other rows that cannot be told apart from the best (equal measure, or
        overlapping 95% intervals)."""
        best = self.best
        if best is None:
            return ()
        out = []
        for r in self.ranked[1:]:
            if self._key(r) == self._key(best):
                out.append(r)
            elif self.interval is not None:
                lo_b, hi_b = self.interval(best)
                lo, hi = self.interval(r)
                if lo <= hi_b and lo_b <= hi:
                    out.append(r)
        return tuple(out)

    def cell(self, row: tuple, col: int) -> str:
        """A cell's text."""
        fmt = self.formats[col] if col < len(self.formats) and self.formats[col] else str
        return fmt(row[col])

    def headline(self, lead: str = "Best") -> str:
        """The advice in words, from the table's own best row."""
        best = self.best
        if best is None:
            return f"{lead}: nothing to choose"
        text = f"{lead}: {self.cell(best, self.choice_col)} ({self.cell(best, self.rank_by)})"
        ties = self.tied_with_best()
        if ties and self.interval is not None:
            names = ", ".join(self.cell(r, self.choice_col) for r in ties)
            text += f"; {names} cannot be told apart from it with this many games"
        elif ties:
            names = ", ".join(self.cell(r, self.choice_col) for r in ties)
            text += f"; {names} {'is' if len(ties) == 1 else 'are'} just as good"
        return text

    def html(self, limit: int | None = None, headline: str | None = None) -> str:
        """The table: caption (what it measures), ranked rows, the best one marked."""
        esc = html.escape
        tied = self.tied_with_best()
        ties = {id(r) for r in tied}
        # equal by the measure: every one of them is "tied best", none singled out
        best = self.best
        equal = {id(r) for r in tied if best is not None and self._key(r) == self._key(best)}
        rows = self.ranked[:limit] if limit else self.ranked
        rank_cls = " class='hk-rank-col'"
        num_cls = " class='hk-num'"
        head = "".join(
            f"<th scope='col'{rank_cls if i == self.rank_by else ''}>{esc(c)}</th>"
            for i, c in enumerate(self.columns)
        )
        body = []
        for n, r in enumerate(rows):
            cls, tag = "", ""
            if n == 0:
                word = "tied best" if equal else "best"
                cls, tag = " class='hk-best'", f"<span class='hk-tag'>{word}</span>"
            elif id(r) in equal:
                cls, tag = " class='hk-tie'", "<span class='hk-tag hk-tag-tie'>tied best</span>"
            elif id(r) in ties:
                cls, tag = " class='hk-tie'", "<span class='hk-tag hk-tag-tie'>as good</span>"
            cells = "".join(
                f"<td{num_cls if i in self.numeric else ''}>{esc(self.cell(r, i))}"
                + (tag if i == self.choice_col else "")
                + "</td>"
                for i in range(len(self.columns))
            )
            body.append(f"<tr{cls}>{cells}</tr>")
        order = "highest" if self.higher_is_better else "lowest"
        sub = f"Ranked by {self.columns[self.rank_by].lower()}, {order} first."
        if self.note:
            sub += " " + self.note
        if limit and len(self.rows) > limit:
            sub += f" Top {limit} of {len(self.rows)}."
        lead = f"<div class='hk-advice-head'>{esc(headline)}</div>" if headline else ""
        return (
            f"{lead}<div class='hk-table-wrap' tabindex='0' role='region' "
            f"aria-label='{esc(self.measure, quote=True)}'><table class='hk-table hk-ranked'>"
            f"<caption>{esc(self.measure)}<small>{esc(sub)}</small></caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        )
