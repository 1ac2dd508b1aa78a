"""The tables a rulebook prints besides its cards (The Horde's Master Turn Chart, a card
list's notation) drawn as one HTML table each, folded under their title, with the rule
behind them; one row can be marked (the turn being played)."""

from __future__ import annotations

import html

from hordes_kit.core.cardref import Chart, charts
from hordes_kit.core.registry import get_game
from hordes_kit.ui.log import rule_chip, rules_of

__all__ = ["chart_html", "charts_html", "chart_table"]


def _breakable(text: str) -> str:
    """A heading whose long words may break on a phone (a soft hyphen in their middle)."""
    return " ".join(
        w[: len(w) // 2] + "&shy;" + w[len(w) // 2 :] if len(w) > 8 else w for w in text.split(" ")
    )


def chart_table(c: Chart, mark: int | None = None) -> str:
    """The chart's table, in a frame that scrolls sideways on its own if a phone is too
    narrow for it (focusable, labelled); row ``mark`` highlighted."""
    esc = html.escape
    head = "".join(f"<th scope='col'>{_breakable(esc(h))}</th>" for h in c.columns)
    rows = []
    for i, r in enumerate(c.rows):
        cells = "".join(
            f"<th scope='row'>{esc(x)}</th>" if j == 0 else f"<td>{esc(x)}</td>"
            for j, x in enumerate(r)
        )
        now = " class='hk-best' aria-current='true'" if i == mark else ""
        rows.append(f"<tr{now}>{cells}</tr>")
    label = esc(c.title, quote=True)
    return (
        f"<div class='hk-table-wrap' tabindex='0' role='region' aria-label='{label}'>"
        f"<table class='hk-table hk-book-table'><caption>{esc(c.title)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def chart_html(
    game_name: str,
    c: Chart,
    *,
    mark: int | None = None,
    open_: bool = False,
    mark_note: str = "",
    fold: bool = True,
) -> str:
    """One chart: its title (a fold that opens on a tap, unless ``fold`` is false), the
    table, its note and rule chip. ``mark``: the index of a row to highlight, said in
    ``mark_note`` too."""
    rule = rules_of(game_name).get(get_game(game_name).rule_prefix + c.rule) if c.rule else None
    said = f"<p class='hk-chart-now'>{html.escape(mark_note)}</p>" if mark_note else ""
    note = f"<p class='hk-muted'>{html.escape(c.note)}</p>" if c.note else ""
    body = f"{said}{chart_table(c, mark)}{note}"
    body += rule_chip(rule)
    key = html.escape(c.key, quote=True)
    if not fold:
        return f"<div class='hk-book-chart' data-chart='{key}'>{body}</div>"
    return (
        f"<details class='hk-book-chart' data-chart='{key}'{' open' if open_ else ''}>"
        f"<summary>{html.escape(c.title)}</summary>{body}</details>"
    )


def charts_html(game_name: str, keys: tuple[str, ...] = (), *, open_: bool = False) -> str:
    """Every chart of a game (or those named in ``keys``), each in its fold."""
    return "".join(
        chart_html(game_name, c, open_=open_)
        for c in charts(game_name)
        if not keys or c.key in keys
    )
