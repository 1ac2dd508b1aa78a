"""Printable odds sheets: one self-contained HTML page per game, for paper or a group chat.

A game's ``sheet.py`` (named by ``Game.sheet`` in its registration) holds ``sheet()``,
which returns a ``Sheet``: sections of tables (each saying what it measures) built from
the game's own calculators, its assumptions and the rules they follow. ``render`` turns
it into one page: print styles for A4 and Letter, charts drawn as inline SVG and shaded
tables (no script, no font or image fetched, nothing that needs the network).
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from hordes_kit.core.rules_index import RuleEntry, rule_index
from hordes_kit.core.svgchart import BarChart, Series

__all__ = [
    "Cell",
    "Table",
    "Bars",
    "Section",
    "Sheet",
    "cell",
    "render",
    "render_game",
    "rules_of",
    "bar_svg",
]


@dataclass(frozen=True)
class Cell:
    """One table cell: its text, and the chance behind it (0..1, shades the cell) if any."""

    text: str
    value: Fraction | float | None = None


def cell(p: Fraction | float | None, digits: int = 1) -> Cell:
    """A chance as a cell: ``37.5%`` shaded by its size (``–`` when there is none).

    >>> cell(Fraction(3, 8)).text
    '37.5%'
    """
    if p is None:
        return Cell("–")
    return Cell(f"{float(p) * 100:.{digits}f}%", p)


@dataclass(frozen=True)
class Table:
    """A table with its title and a line on what it measures; ``heat`` shades chance cells."""

    title: str
    measures: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell | str, ...], ...]
    heat: bool = True
    note: str = ""


@dataclass(frozen=True)
class Bars:
    """A horizontal bar chart of chances (drawn as inline SVG), with what it measures."""

    title: str
    measures: str
    bars: tuple[tuple[str, Fraction | float], ...]  # (label, chance 0..1)
    note: str = ""


@dataclass(frozen=True)
class Section:
    """A titled part of the sheet: a paragraph, then its tables and charts in order."""

    title: str
    intro: str
    blocks: tuple[Table | Bars, ...]


@dataclass(frozen=True)
class Sheet:
    """A game's whole sheet: what it is, its sections, assumptions and the rules it follows."""

    game: str  # the game's title
    summary: str  # one line under the title
    sections: tuple[Section, ...]
    assumptions: tuple[str, ...] = ()
    rules: tuple[RuleEntry, ...] = field(default=())


# No @page size: the printer's paper (A4 or Letter) is used, and the page fits the
# narrower of the two (A4: 186 mm inside 12 mm margins). Greys only, so it prints in black
# and white; no table or chart is split across pages.
CSS = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; max-width: 186mm; padding: 12px; color: #111; background: #fff;
  font: 11pt/1.35 Georgia, "DejaVu Serif", "Times New Roman", serif; overflow-wrap: anywhere; }
h1 { font-size: 18pt; margin: 0 0 2px; }
h2 { font-size: 13pt; margin: 18px 0 4px; border-bottom: 1.5px solid #111; break-after: avoid; }
.head { break-inside: avoid; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 11pt; margin: 0 0 2px; }
p, li { margin: 2px 0; }
.meta { color: #333; font-size: 9pt; margin: 2px 0 8px; }
.blocks { display: flex; flex-wrap: wrap; gap: 0 16px; }
.block.wide { flex: 1 1 100%; }
.block { margin: 10px 0 12px; break-inside: avoid; page-break-inside: avoid; max-width: 100%;
  overflow-x: auto; }
.measures { font-size: 9pt; color: #333; margin: 0 0 4px; }
.note { font-size: 8.5pt; color: #333; margin-top: 3px; }
table { border-collapse: collapse; font-size: 9pt; overflow-wrap: normal; break-inside: avoid;
  page-break-inside: avoid; }
th, td { border: 1px solid #666; padding: 2px 5px; text-align: right; }
th { background: #eee; font-weight: 600; }
th:first-child, td:first-child { text-align: left; }
td.t, table.text th { text-align: left; }
td.t { white-space: pre-line; }
td.c { font-variant-numeric: tabular-nums; white-space: nowrap; }
svg { display: block; width: 100%; max-width: 150mm; height: auto; }
ul.rules { padding-left: 18px; font-size: 9pt; }
.badge { font-size: 8pt; border: 1px solid #666; border-radius: 3px; padding: 0 3px; }
footer { margin-top: 14px; font-size: 8.5pt; color: #333; border-top: 1px solid #999; }
@media print {
  body { padding: 0; max-width: none; }
  .blocks { display: block; }
  .block { display: inline-block; vertical-align: top; margin-right: 14px; overflow: visible; }
  .block.wide { display: block; margin-right: 0; }
}
"""


def _shade(p: float) -> str:
    """A grey for a chance (white at 0, dark at 1) and a text colour that stays readable."""
    p = min(1.0, max(0.0, p))
    level = round(255 - 175 * p)
    ink = "#fff" if level < 150 else "#111"
    return f"background:rgb({level},{level},{level});color:{ink}"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _table(t: Table) -> str:
    head = "".join(f"<th scope='col'>{_esc(c)}</th>" for c in t.columns)
    body = []
    for row in t.rows:
        cells = []
        for k, c in enumerate(row):
            c = c if isinstance(c, Cell) else Cell(str(c))
            if k == 0:
                cells.append(f"<th scope='row'>{_esc(c.text)}</th>")
            elif c.value is not None and t.heat:
                cells.append(f"<td class='c' style='{_shade(float(c.value))}'>{_esc(c.text)}</td>")
            else:
                cls = " class='c'" if c.value is not None else " class='t'"
                cells.append(f"<td{cls}>{_esc(c.text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f"<div class='block{'' if t.heat else ' wide'}'><h3>{_esc(t.title)}</h3>"
        f"<p class='measures'>{_esc(t.measures)}</p>"
        f"<table{'' if t.heat else ' class=text'}><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
        + (f"<p class='note'>{_esc(t.note)}</p>" if t.note else "")
        + "</div>"
    )


def bar_svg(bars: Sequence[tuple[str, Fraction | float]], title: str) -> str:
    """Horizontal bars, one a row, each with its label and percentage: inline SVG, greys only
    (drawn by ``core.svgchart``, as the dashboards' charts are)."""
    chart = BarChart(
        title,
        tuple(label for label, _ in bars),
        (Series("chance", tuple(float(p) for _, p in bars), "#555"),),
        horizontal=True,
        heading=False,
    )
    return chart.svg()


def _bars(b: Bars) -> str:
    return (
        f"<div class='block wide'><h3>{_esc(b.title)}</h3>"
        f"<p class='measures'>{_esc(b.measures)}</p>"
        + bar_svg(b.bars, b.title)
        + (f"<p class='note'>{_esc(b.note)}</p>" if b.note else "")
        + "</div>"
    )


def render(sheet: Sheet, version: str, date: datetime.date | None = None) -> str:
    """The sheet as one HTML page: no script, nothing fetched, print styles for A4/Letter."""
    day = (date or datetime.date.today()).isoformat()
    out = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{_esc(sheet.game)}: odds sheet</title><style>{CSS}</style></head><body>",
        f"<header><h1>{_esc(sheet.game)}: odds sheet</h1><p>{_esc(sheet.summary)}</p>",
        f"<p class='meta'>hordes_kit {_esc(version)} · made {day} · every number is "
        "computed by the kit's own calculators, exactly (rounded to 0.1%) unless a table "
        "says otherwise.</p></header>",
    ]
    if sheet.assumptions:
        out.append("<section class='block'><h2>Assumptions</h2><ul>")
        out += [f"<li>{_esc(a)}</li>" for a in sheet.assumptions]
        out.append("</ul></section>")
    for sec in sheet.sections:
        out.append(
            f"<section><div class='head'><h2>{_esc(sec.title)}</h2><p>{_esc(sec.intro)}</p></div>"
        )
        out.append("<div class='blocks'>")
        out += [_table(b) if isinstance(b, Table) else _bars(b) for b in sec.blocks]
        out.append("</div></section>")
    if sheet.rules:
        out.append(
            "<section><h2>The rules these numbers follow</h2><p class='note'>"
            "Each rule: the book's own words in quotes, then ours; 'Our reading' is the "
            "kit's ruling where the rulebook leaves a gap, with why.</p><ul class='rules'>"
        )
        out += [
            f"<li><span class='badge'>{_esc(r.badge)}</span> <b>{_esc(r.title)}</b>: "
            + "".join(f"<q>{_esc(q.words)}</q> ({_esc(q.section)}) " for q in r.quotes)
            + f"{_esc(r.text)}{' Why: ' + _esc(r.why) if r.why else ''}</li>"
            for r in sheet.rules
        ]
        out.append("</ul></section>")
    out.append(
        f"<footer>{_esc(sheet.game)} odds sheet · hordes_kit {_esc(version)} · {day}</footer>"
    )
    return "".join(out) + "</body></html>\n"


_MADE: dict = {}  # a sheet module's ``sheet`` function -> the sheet it made


def render_game(game, date: datetime.date | None = None) -> str:
    """The sheet of a registered game (its ``Game.sheet`` module's ``sheet()``), rendered.

    A sheet is made once a process: every number on it comes from the shipped cards and
    fixed seeds, and making one takes seconds (its exact odds and simulated games), so a
    second click of a page's button, or a second page in one server, renders at once."""
    from importlib.metadata import PackageNotFoundError, version

    from hordes_kit.core.errors import HordesKitError

    module = game.sheet_module()
    if module is None:
        raise HordesKitError(f"{game.title} has no printable sheet yet")
    try:
        kit = version("hordes-kit")
    except PackageNotFoundError:
        kit = "development copy"
    made = _MADE.get(module.sheet)
    if made is None:
        made = _MADE[module.sheet] = module.sheet()
    return render(made, kit, date)


def rules_of(game_name: str, *keys: str) -> tuple[RuleEntry, ...]:
    """The rule entries a sheet follows, from ``data/<game>/rules.toml`` (keys unprefixed)."""
    index = rule_index(game_name.replace("-", "_"), game_name + ".")
    return tuple(index[f"{game_name}.{k}"] for k in keys)
