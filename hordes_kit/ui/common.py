"""Small helpers shared by every dashboard: formatting odds, HTML tables, messages."""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["percent", "one_in", "odds_html", "table_html", "error_html", "note_html"]


def percent(p: Fraction | float, digits: int = 1) -> str:
    """``0.0460`` -> ``'4.6%'``; keeps tiny and near-certain chances honest.

    >>> percent(Fraction(1, 1000)), percent(Fraction(999, 1000)), percent(1)
    ('0.1%', '99.9%', '100%')
    """
    x = float(p) * 100
    if p == 1:
        return "100%"
    if p == 0:
        return "0%"
    text = f"{x:.{digits}f}%"
    if text in (f"{0:.{digits}f}%",):
        return f"<{10**-digits:g}%"
    if text == f"{100:.{digits}f}%":
        return f">{100 - 10**-digits:g}%"
    return text


def one_in(p: Fraction | float) -> str:
    """Plain-words odds: ``'about 1 in 22'`` (empty for likely events)."""
    x = float(p)
    if x <= 0:
        return "impossible"
    if x >= 0.5:
        return ""
    return f"about 1 in {round(1 / x):,}"


def odds_html(p: Fraction, label: str = "") -> str:
    """The big result line: percentage, plain odds and the exact fraction."""
    extra = one_in(p)
    return (
        "<div class='hk-odds'>"
        + (f"<div class='hk-odds-label'>{html.escape(label)}</div>" if label else "")
        + "<span class='hk-odds-pct' style='font-size:2.2em;font-weight:700'>"
        + f"{percent(p, 2)}</span>"
        + (f" <span style='color:#555'>({extra})</span>" if extra else "")
        + f"<div class='hk-odds-exact' style='color:#666'>exact: {p.numerator:,}/{p.denominator:,}"
        + "</div></div>"
    )


def table_html(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    highlight: int | None = None,
    caption: str | None = None,
) -> str:
    """A plain readable HTML table (row ``highlight`` in gold); ``caption`` says what it
    measures. A table whose rows are choices ranked by a measure is a
    :class:`hordes_kit.ui.table.RankedTable` instead."""
    head = "".join(
        f"<th scope='col' style='padding:4px 10px;text-align:left'>{html.escape(h)}</th>"
        for h in headers
    )
    body = []
    for i, row in enumerate(rows):
        style = (
            " class='hk-best' style='background:#fff3c4;font-weight:600'" if i == highlight else ""
        )
        cells = "".join(f"<td style='padding:3px 10px'>{html.escape(str(c))}</td>" for c in row)
        body.append(f"<tr{style}>{cells}</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        "<div class='hk-table-wrap'><table class='hk-table' style='border-collapse:collapse'>"
        f"{cap}<thead style='border-bottom:2px solid #999'><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def error_html(message: str) -> str:
    """A red one-line message for bad input (what was wrong and how to write it)."""
    return (
        f"<div class='hk-error' role='alert' style='color:#b00020'>⚠ {html.escape(message)}</div>"
    )


def note_html(message: str) -> str:
    """A grey explanatory line."""
    return f"<div class='hk-note' style='color:#555'>{html.escape(message)}</div>"
