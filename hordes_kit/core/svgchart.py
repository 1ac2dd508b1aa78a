"""Charts drawn as inline SVG: bars, lines and grids of chances, with no script.

One drawing code for the dashboards (``ui.charts.SvgChart``) and the printable sheets
(``core.sheet``). A chart is a frozen description (``BarChart``, ``LineChart``,
``GridChart``) whose ``svg()`` is one ``<svg>`` element: a ``viewBox`` that scales to its
box (``width:100%``), ``role='img'`` with an ``aria-label`` saying what it shows, axis
titles, a legend when there are several series, and a ``<title>`` on every bar, point and
cell, so hovering shows its exact value.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Series", "BarChart", "LineChart", "GridChart", "pct", "heat_colour"]

FONT = "DejaVu Sans, Arial, sans-serif"
INK, GRID, MUTED = "#1f1f1f", "#d0d0d0", "#555"
WIDTH = 400  # viewBox width: a phone's column shows it at about 0.85, a desktop's at 1.4
PAD_L, PAD_R, PAD_T = 50, 12, 30


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def pct(v: float, digits: int = 1) -> str:
    """A chance in words of a table: ``0.375 -> '37.5%'``.

    >>> pct(0.375), pct(1, 0)
    ('37.5%', '100%')
    """
    return f"{float(v) * 100:.{digits}f}%"


def _num(v: float) -> str:
    v = float(v)
    return f"{v:g}" if v == int(v) or abs(v) >= 100 else f"{v:.2f}".rstrip("0").rstrip(".")


def _fmt(v: float, percent: bool, digits: int = 1) -> str:
    return pct(v, digits) if percent else _num(v)


def _ticks(top: float, percent: bool) -> list[float]:
    """Round axis ticks from 0 to ``top``."""
    if percent and top <= 1.0001:
        return [0, 0.25, 0.5, 0.75, 1.0]
    if top <= 0:
        return [0, 1]
    raw = top / 4
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    return [k * step for k in range(int(math.ceil(top / step - 1e-9)) + 1)]


@dataclass(frozen=True)
class Series:
    """One named row of values (a bar colour or a line), with optional 95% bounds."""

    name: str
    values: tuple[float, ...]
    colour: str = MUTED
    low: tuple[float, ...] | None = None  # lower bound of each value's interval
    high: tuple[float, ...] | None = None
    dash: str = ""  # lines only: "", "dash" or "dot"
    labels: tuple[str, ...] | None = None  # text written on each bar (default: its value)


def _svg_open(width: float, height: float, title: str, desc: str) -> str:
    label = f"{title}. {desc}" if desc else title
    return (
        f"<svg class='hk-svg-chart' viewBox='0 0 {width:.0f} {height:.0f}' role='img' "
        f"aria-label='{_esc(label)}' "
        f"style='display:block;width:100%;height:auto;max-width:min(100%, 560px)' "
        f"font-family='{FONT}' font-size='13' fill='{INK}'><title>{_esc(label)}</title>"
    )


def _text(x: float, y: float, s: object, anchor: str = "middle", size: int = 13, **kw) -> str:
    extra = "".join(f" {k.replace('_', '-')}='{_esc(v)}'" for k, v in kw.items())
    return (
        f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' font-size='{size}'{extra}>"
        f"{_esc(s)}</text>"
    )


def _heading(title: str) -> str:
    """The chart's title on its first line, smaller when long so it never runs off."""
    size = max(10, min(15, int((WIDTH - 8) / (0.62 * max(len(title), 1)))))
    return _text(4, 18, title, "start", size, font_weight="bold")


def _legend(series: Sequence[Series], top: float, width: float, line: bool) -> tuple[str, float]:
    """Legend entries in rows that fit ``width``; the SVG and the height it takes."""
    if len(series) < 2:
        return "", 0
    parts, x, y = ["<g class='hk-legend'>"], PAD_L, top + 14
    for s in series:
        w = 26 + 7.8 * len(s.name)
        if x + w > width - PAD_R and x > PAD_L:
            x, y = PAD_L, y + 20
        mark = (
            f"<line x1='{x}' y1='{y - 4}' x2='{x + 16}' y2='{y - 4}' stroke='{s.colour}' "
            f"stroke-width='3'{_dash(s.dash)}/>"
            if line
            else f"<rect x='{x}' y='{y - 11}' width='14' height='14' fill='{s.colour}'/>"
        )
        parts.append(mark + _text(x + 20, y + 1, s.name, "start"))
        x += w + 14
    parts.append("</g>")
    return "".join(parts), y - top + 10


def _dash(dash: str) -> str:
    return {"dash": " stroke-dasharray='8 5'", "dot": " stroke-dasharray='2 4'"}.get(dash, "")


def _y_axis(ticks, y_of, percent: bool, width: float, label: str, top: float, bottom: float):
    out = []
    for t in ticks:
        y = y_of(t)
        out.append(
            f"<line x1='{PAD_L}' x2='{width - PAD_R}' y1='{y:.1f}' y2='{y:.1f}' stroke='{GRID}'/>"
            + _text(PAD_L - 5, y + 4, _fmt(t, percent, 0), "end", 13)
        )
    if label:
        mid = (top + bottom) / 2
        out.append(
            f"<text transform='translate(13 {mid:.1f}) rotate(-90)' text-anchor='middle' "
            f"font-size='13'>{_esc(label)}</text>"
        )
    return "".join(out)


@dataclass(frozen=True)
class BarChart:
    """Bars by category: one series, several side by side (``stacked=False``) or stacked;
    ``horizontal`` draws one bar a row with its label on the left (long names)."""

    title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    x_label: str = ""
    y_label: str = "chance"
    percent: bool = True
    stacked: bool = False
    horizontal: bool = False
    height: int = 260
    heading: bool = True  # write the title above the bars (a sheet writes it in its page)

    def top(self) -> float:
        """The value axis' end: 100% for chances, else the largest bar (or stack)."""
        if self.stacked:
            big = max((sum(v) for v in zip(*(s.values for s in self.series))), default=0)
        else:
            big = max(max((*s.values, *(s.high or ())), default=0) for s in self.series)
        if self.percent:
            return 1.0 if big <= 1.0001 else big
        return _ticks(big, False)[-1] if big > 0 else 1

    def describe(self) -> str:
        """The aria-label's second sentence: what is against what."""
        what = self.y_label or "value"
        by = f" by {self.x_label}" if self.x_label else ""
        names = f" for {', '.join(s.name for s in self.series)}" if len(self.series) > 1 else ""
        return f"Bar chart of {what}{by}{names}."

    def svg(self) -> str:
        """The chart as one ``<svg>`` element."""
        return self._svg_rows() if self.horizontal else self._svg_columns()

    def _hover(self, k: int, s: Series) -> str:
        name = f"{s.name}, " if len(self.series) > 1 else ""
        text = f"{self.categories[k]}: {name}{_fmt(s.values[k], self.percent)}"
        if s.low is not None and s.high is not None:
            text += (
                f" (95% interval {_fmt(s.low[k], self.percent)} to {_fmt(s.high[k], self.percent)})"
            )
        return f"<title>{_esc(text)}</title>"

    def _svg_columns(self) -> str:
        width, top_v = WIDTH, self.top()
        n, m = len(self.categories), len(self.series)
        longest = max((len(c) for c in self.categories), default=1)
        slanted = n * longest * 7.5 > width - PAD_L - PAD_R
        ticks_h = 22 + (min(longest, 24) * 4 if slanted else 0)
        plot_b = self.height - ticks_h - (20 if self.x_label else 0)
        legend, legend_h = _legend(self.series, self.height, width, False)
        height = self.height + legend_h

        def y_of(v: float) -> float:
            return plot_b - (plot_b - PAD_T) * min(max(v / top_v, 0), 1)

        out = [
            _svg_open(width, height, self.title, self.describe()),
            _heading(self.title),
            _y_axis(
                _ticks(top_v, self.percent), y_of, self.percent, width, self.y_label, PAD_T, plot_b
            ),
        ]
        slot = (width - PAD_L - PAD_R) / max(n, 1)
        group = slot * 0.8
        bar_w = group if self.stacked else group / m
        for k, cat in enumerate(self.categories):
            x0 = PAD_L + slot * k + (slot - group) / 2
            base = 0.0
            for j, s in enumerate(self.series):
                v = float(s.values[k])
                lo, hi = (base, base + v) if self.stacked else (0.0, v)
                x = x0 if self.stacked else x0 + j * bar_w
                y1, y2 = y_of(hi), y_of(lo)
                out.append(
                    f"<g class='hk-bar'><rect x='{x:.1f}' y='{y1:.1f}' width='{bar_w - 1:.1f}' "
                    f"height='{max(y2 - y1, 0):.1f}' fill='{s.colour}' data-value='{v!r}'>"
                    f"{self._hover(k, s)}</rect>"
                )
                if s.low is not None and s.high is not None:
                    cx, ya, yb = x + (bar_w - 1) / 2, y_of(s.low[k]), y_of(s.high[k])
                    out.append(
                        f"<path d='M{cx - 5:.1f} {ya:.1f}h10M{cx:.1f} {ya:.1f}V{yb:.1f}"
                        f"M{cx - 5:.1f} {yb:.1f}h10' stroke='{INK}' stroke-width='1.5' "
                        "fill='none'/>"
                    )
                label = s.labels[k] if s.labels is not None else _fmt(v, self.percent)
                size = 12 if bar_w > 7 * len(label) + 4 else 10
                fits = bar_w > 6 * len(label) + 2
                if fits and (m == 1 or (self.stacked and y2 - y1 > 16)):
                    inside = self.stacked or (y2 - y1 > 20 and size == 12)
                    ty = (y1 + y2) / 2 + 4 if self.stacked else (y1 + 16 if inside else y1 - 4)
                    if s.low is not None and not inside:
                        ty = y_of(s.high[k]) - 4
                    colour = "#fff" if inside else INK
                    out.append(_text(x + bar_w / 2, ty, label, size=size, fill=colour))
                out.append("</g>")
                base += v
            cx = x0 + group / 2
            if slanted:
                out.append(
                    f"<text transform='translate({cx:.1f} {plot_b + 14:.1f}) rotate(-35)' "
                    f"text-anchor='end' font-size='12'>{_esc(cat[:24])}</text>"
                )
            else:
                out.append(_text(cx, plot_b + 17, cat, size=13))
        out.append(
            f"<line x1='{PAD_L}' x2='{width - PAD_R}' y1='{plot_b:.1f}' y2='{plot_b:.1f}' "
            f"stroke='{INK}'/>"
        )
        if self.x_label:
            mid = PAD_L + (width - PAD_L - PAD_R) / 2
            out.append(_text(mid, plot_b + ticks_h + 12, self.x_label))
        out.append(legend)
        return "".join(out) + "</svg>"

    def _svg_rows(self) -> str:
        s = self.series[0]
        n = len(self.categories)
        label_w = min(170, 12 + 7 * max((len(c) for c in self.categories), default=4))
        bar_w = WIDTH - label_w - 60
        wraps = max((len(_wrap(c, (label_w - 10) // 7)) for c in self.categories), default=1)
        row_h, pad_t = 10 + 14 * wraps if wraps > 1 else 24, PAD_T if self.heading else 0
        height = pad_t + row_h * n + 6
        top_v = self.top()
        out = [
            _svg_open(WIDTH, height, self.title, self.describe()),
            _heading(self.title) if self.heading else "",
            f"<line x1='{label_w}' y1='{pad_t}' x2='{label_w}' y2='{height}' stroke='{INK}'/>",
        ]
        for k, label in enumerate(self.categories):
            v = float(s.values[k])
            y, w = pad_t + 3 + k * row_h, bar_w * min(1.0, max(0.0, v / top_v))
            mid = y + row_h / 2
            words = _wrap(label, (label_w - 10) // 7)
            first = mid + 4 - 7 * (len(words) - 1)
            names = (_text(label_w - 6, first + 14 * i, t, "end", 12) for i, t in enumerate(words))
            out.append(
                "<g class='hk-bar'>"
                + "".join(names)
                + f"<rect x='{label_w}' y='{mid - 9}' width='{w:.1f}' height='18' "
                f"fill='{s.colour}' data-value='{v!r}'>{self._hover(k, s)}</rect>"
                + _text(
                    label_w + w + 4,
                    mid + 4,
                    s.labels[k] if s.labels is not None else _fmt(v, self.percent),
                    "start",
                    12,
                )
                + "</g>"
            )
        return "".join(out) + "</svg>"


def _wrap(text: str, width: int, lines: int = 3) -> list[str]:
    """At most ``lines`` lines of about ``width`` characters (the rest cut with an ellipsis).

    >>> _wrap("Arcane Bolt, Magic Missile, Mystical Cloak", 22)
    ['Arcane Bolt, Magic', 'Missile, Mystical', 'Cloak']
    """
    width = max(int(width), 6)
    out, rest = [], text.strip()
    while rest and len(out) < lines:
        if len(rest) <= width:
            out.append(rest)
            rest = ""
            break
        cut = rest.rfind(" ", 0, width + 1)
        cut = cut if cut > 0 else width
        out.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    if rest:
        out[-1] = out[-1][: width - 1] + "…"
    return out


@dataclass(frozen=True)
class LineChart:
    """Lines over numbers (one a series, markers on every point); ``mark`` rings one point
    (the player's setting), ``vline`` is a dotted line at an x (the draws chosen)."""

    title: str
    x: tuple[float, ...]
    series: tuple[Series, ...]
    x_label: str = ""
    y_label: str = "chance"
    percent: bool = True
    mark: tuple[float, float] | None = None
    mark_name: str = "your setting"
    vline: float | None = None
    markers: bool = True
    height: int = 260

    def describe(self) -> str:
        """The aria-label's second sentence: what is against what."""
        names = f" for {', '.join(s.name for s in self.series)}" if len(self.series) > 1 else ""
        return f"Line chart of {self.y_label or 'value'} by {self.x_label or 'x'}{names}."

    def svg(self) -> str:
        """The chart as one ``<svg>`` element."""
        width = WIDTH
        plot_b = self.height - 22 - (20 if self.x_label else 0)
        legend, legend_h = _legend(self.series, self.height, width, True)
        height = self.height + legend_h
        values = [v for s in self.series for v in s.values]
        top_v = 1.0 if self.percent and max(values, default=0) <= 1.0001 else max(values, default=1)
        top_v = _ticks(top_v, self.percent)[-1] or 1
        lo_x, hi_x = min(self.x, default=0), max(self.x, default=1)
        span = (hi_x - lo_x) or 1
        inner = width - PAD_L - PAD_R - 16

        def x_of(v: float) -> float:
            return PAD_L + 8 + inner * (v - lo_x) / span

        def y_of(v: float) -> float:
            return plot_b - (plot_b - PAD_T) * min(max(v / top_v, 0), 1)

        out = [
            _svg_open(width, height, self.title, self.describe()),
            _heading(self.title),
            _y_axis(
                _ticks(top_v, self.percent), y_of, self.percent, width, self.y_label, PAD_T, plot_b
            ),
            f"<line x1='{PAD_L}' x2='{width - PAD_R}' y1='{plot_b:.1f}' y2='{plot_b:.1f}' "
            f"stroke='{INK}'/>",
        ]
        every = max(1, math.ceil(len(self.x) / 10))
        for k, v in enumerate(self.x):
            if k % every == 0 or k == len(self.x) - 1:
                out.append(_text(x_of(v), plot_b + 17, _num(v), size=13))
        if self.vline is not None:
            xv = x_of(self.vline)
            out.append(
                f"<line class='hk-vline' x1='{xv:.1f}' x2='{xv:.1f}' y1='{PAD_T}' "
                f"y2='{plot_b:.1f}' stroke='#777' stroke-width='1.5' stroke-dasharray='2 4'/>"
            )
        for s in self.series:
            pts = " ".join(f"{x_of(x):.1f},{y_of(y):.1f}" for x, y in zip(self.x, s.values))
            out.append(
                f"<g class='hk-line'><polyline points='{pts}' fill='none' stroke='{s.colour}' "
                f"stroke-width='2.5'{_dash(s.dash)}/>"
            )
            for x, y in zip(self.x, s.values):
                name = f"{s.name}, " if len(self.series) > 1 else ""
                hover = f"{self.x_label or 'x'} {_num(x)}: {name}{_fmt(y, self.percent)}"
                r = 4 if self.markers else 7
                opacity = "" if self.markers else " fill-opacity='0'"
                out.append(
                    f"<circle cx='{x_of(x):.1f}' cy='{y_of(y):.1f}' r='{r}' fill='{s.colour}'"
                    f"{opacity} data-value='{float(y)!r}'><title>{_esc(hover)}</title></circle>"
                )
            out.append("</g>")
        if self.mark is not None:
            mx, my = self.mark
            hover = f"{self.mark_name} ({self.x_label} {_num(mx)}): {_fmt(my, self.percent)}"
            out.append(
                f"<circle class='hk-mark' cx='{x_of(mx):.1f}' cy='{y_of(my):.1f}' r='8' "
                f"fill='#d4a017' stroke='{INK}' data-value='{float(my)!r}'>"
                f"<title>{_esc(hover)}</title></circle>"
            )
        if self.x_label:
            mid = PAD_L + (width - PAD_L - PAD_R) / 2
            out.append(_text(mid, plot_b + 34, self.x_label))
        out.append(legend)
        return "".join(out) + "</svg>"


def heat_colour(p: float) -> str:
    """Red (0) through yellow (0.5) to green (1), as plotly's RdYlGn scale.

    >>> heat_colour(0), heat_colour(1)
    ('#d73027', '#1a9850')
    """
    stops = ((0.0, (215, 48, 39)), (0.5, (254, 224, 139)), (1.0, (26, 152, 80)))
    p = min(1.0, max(0.0, float(p)))
    (a, ca), (b, cb) = (stops[0], stops[1]) if p <= 0.5 else (stops[1], stops[2])
    t = (p - a) / (b - a)
    return "#" + "".join(f"{round(u + (v - u) * t):02x}" for u, v in zip(ca, cb))


@dataclass(frozen=True)
class GridChart:
    """A grid of chances (rows by columns), each cell shaded and written; ``box`` outlines
    one cell (the battle on screen)."""

    title: str
    columns: tuple[float, ...]
    rows: tuple[float, ...]
    values: tuple[tuple[float, ...], ...]  # values[row][column]
    x_label: str = ""
    y_label: str = ""
    box: tuple[float, float] | None = None  # (row value, column value)

    def describe(self) -> str:
        """The aria-label's second sentence: what is against what."""
        return f"Grid of chances: {self.y_label} down, {self.x_label} across."

    def svg(self) -> str:
        """The chart as one ``<svg>`` element."""
        left, top = 46, 28 if self.title else 6
        cell_w = (WIDTH - left - 6) / max(len(self.columns), 1)
        cell_h = 30
        bottom = top + cell_h * len(self.rows)
        height = bottom + 40
        out = [_svg_open(WIDTH, height, self.title or self.describe(), self.describe())]
        if self.title:
            out.append(_heading(self.title))
        for i, r in enumerate(self.rows):
            y = top + cell_h * i
            out.append(_text(left - 6, y + cell_h / 2 + 5, _num(r), "end", 12))
            for j, c in enumerate(self.columns):
                v = float(self.values[i][j])
                x = left + cell_w * j
                hover = f"{self.y_label} {_num(r)}, {self.x_label} {_num(c)}: {pct(v)}"
                ink = "#fff" if v < 0.12 or v > 0.85 else INK
                out.append(
                    f"<g class='hk-cell'><rect x='{x + 0.5:.1f}' y='{y + 0.5:.1f}' "
                    f"width='{cell_w - 1:.1f}' height='{cell_h - 1}' fill='{heat_colour(v)}' "
                    f"data-value='{v!r}'><title>{_esc(hover)}</title></rect>"
                    + _text(x + cell_w / 2, y + cell_h / 2 + 4, pct(v, 0), size=10, fill=ink)
                    + "</g>"
                )
        for j, c in enumerate(self.columns):
            out.append(_text(left + cell_w * (j + 0.5), bottom + 15, _num(c), size=12))
        if self.box is not None and self.box[0] in self.rows and self.box[1] in self.columns:
            i, j = self.rows.index(self.box[0]), self.columns.index(self.box[1])
            out.append(
                f"<rect class='hk-box' x='{left + cell_w * j:.1f}' y='{top + cell_h * i:.1f}' "
                f"width='{cell_w:.1f}' height='{cell_h}' fill='none' stroke='{INK}' "
                "stroke-width='3'/>"
            )
        if self.x_label:
            out.append(_text(left + (WIDTH - left) / 2, bottom + 34, self.x_label))
        if self.y_label:
            mid = (top + bottom) / 2
            out.append(
                f"<text transform='translate(13 {mid:.1f}) rotate(-90)' text-anchor='middle' "
                f"font-size='13'>{_esc(self.y_label)}</text>"
            )
        return "".join(out) + "</svg>"
