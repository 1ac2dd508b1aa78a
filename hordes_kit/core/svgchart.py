"""Charts drawn as inline SVG: bars, lines and grids of chances, with no script.

One drawing code for the dashboards (``ui.charts.SvgChart``) and the printable sheets
(``core.sheet``). A chart is a frozen description (``BarChart``, ``LineChart``,
``GridChart``) whose ``svg()`` is one ``<svg>`` element: a ``viewBox`` that scales to its
box (``width:100%``), ``role='img'`` with an ``aria-label`` saying what it shows, axis
titles, a legend when there are several series, and a ``<title>`` on every bar, point and
cell, so hovering shows its exact value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hordes_kit.core.svgdraw import (
    INK,
    PAD_L,
    PAD_R,
    PAD_T,
    WIDTH,
    Series,
    axis_ticks,
    dash_attr,
    escape,
    heat_colour,
    number,
    pct,
    svg_heading,
    svg_legend,
    svg_open,
    svg_text,
    value_text,
    wrap_label,
    y_axis_svg,
)

__all__ = ["Series", "BarChart", "LineChart", "GridChart", "pct", "heat_colour"]


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
    full_scale: bool = True  # chances on a 0-100% axis; False: up to the largest bar (small rates)

    def top(self) -> float:
        """The value axis' end: 100% for chances, else the largest bar (or stack)."""
        if self.stacked:
            big = max((sum(v) for v in zip(*(s.values for s in self.series))), default=0)
        else:
            big = max(max((*s.values, *(s.high or ())), default=0) for s in self.series)
        if self.percent and self.full_scale:
            return 1.0 if big <= 1.0001 else big
        if self.percent and big <= 0:
            return 1.0
        if self.percent:
            return big * 1.05
        return axis_ticks(big, False)[-1] if big > 0 else 1

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
        text = f"{self.categories[k]}: {name}{value_text(s.values[k], self.percent)}"
        if s.low is not None and s.high is not None:
            low, high = value_text(s.low[k], self.percent), value_text(s.high[k], self.percent)
            text += f" (95% interval {low} to {high})"
        return f"<title>{escape(text)}</title>"

    def _svg_columns(self) -> str:
        width, top_v = WIDTH, self.top()
        n, m = len(self.categories), len(self.series)
        longest = max((len(c) for c in self.categories), default=1)
        slanted = n * longest * 7.5 > width - PAD_L - PAD_R
        ticks_h = 22 + (min(longest, 24) * 4 if slanted else 0)
        plot_b = self.height - ticks_h - (20 if self.x_label else 0)
        legend, legend_h = svg_legend(self.series, self.height, width, False)
        height = self.height + legend_h

        def y_of(v: float) -> float:
            return plot_b - (plot_b - PAD_T) * min(max(v / top_v, 0), 1)

        out = [
            svg_open(width, height, self.title, self.describe()),
            svg_heading(self.title),
            y_axis_svg(
                axis_ticks(top_v, self.percent),
                y_of,
                self.percent,
                width,
                self.y_label,
                PAD_T,
                plot_b,
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
                label = s.labels[k] if s.labels is not None else value_text(v, self.percent)
                size = 12 if bar_w > 7 * len(label) + 4 else 10
                fits = bar_w > 6 * len(label) + 2
                if fits and (m == 1 or (self.stacked and y2 - y1 > 16)):
                    inside = self.stacked or (y2 - y1 > 20 and size == 12)
                    ty = (y1 + y2) / 2 + 4 if self.stacked else (y1 + 16 if inside else y1 - 4)
                    if s.low is not None and not inside:
                        ty = y_of(s.high[k]) - 4
                    colour = "#fff" if inside else INK
                    out.append(svg_text(x + bar_w / 2, ty, label, size=size, fill=colour))
                out.append("</g>")
                base += v
            cx = x0 + group / 2
            if slanted:
                out.append(
                    f"<text transform='translate({cx:.1f} {plot_b + 14:.1f}) rotate(-35)' "
                    f"text-anchor='end' font-size='12'>{escape(cat[:24])}</text>"
                )
            else:
                out.append(svg_text(cx, plot_b + 17, cat, size=13))
        out.append(
            f"<line x1='{PAD_L}' x2='{width - PAD_R}' y1='{plot_b:.1f}' y2='{plot_b:.1f}' "
            f"stroke='{INK}'/>"
        )
        if self.x_label:
            mid = PAD_L + (width - PAD_L - PAD_R) / 2
            out.append(svg_text(mid, plot_b + ticks_h + 12, self.x_label))
        out.append(legend)
        return "".join(out) + "</svg>"

    def _svg_rows(self) -> str:
        s = self.series[0]
        n = len(self.categories)
        label_w = min(170, 12 + 7 * max((len(c) for c in self.categories), default=4))
        bar_w = WIDTH - label_w - 60
        wraps = max((len(wrap_label(c, (label_w - 10) // 7)) for c in self.categories), default=1)
        row_h, pad_t = 10 + 14 * wraps if wraps > 1 else 24, PAD_T if self.heading else 0
        height = pad_t + row_h * n + 6
        top_v = self.top()
        out = [
            svg_open(WIDTH, height, self.title, self.describe()),
            svg_heading(self.title) if self.heading else "",
            f"<line x1='{label_w}' y1='{pad_t}' x2='{label_w}' y2='{height}' stroke='{INK}'/>",
        ]
        for k, label in enumerate(self.categories):
            v = float(s.values[k])
            y, w = pad_t + 3 + k * row_h, bar_w * min(1.0, max(0.0, v / top_v))
            mid = y + row_h / 2
            words = wrap_label(label, (label_w - 10) // 7)
            first = mid + 4 - 7 * (len(words) - 1)
            names = (
                svg_text(label_w - 6, first + 14 * i, t, "end", 12) for i, t in enumerate(words)
            )
            whisker, end = "", w
            if s.low is not None and s.high is not None:
                lo = bar_w * min(1.0, max(0.0, float(s.low[k]) / top_v))
                end = bar_w * min(1.0, max(0.0, float(s.high[k]) / top_v))
                whisker = (
                    f"<path class='hk-interval' d='M{label_w + lo:.1f} {mid:.1f}"
                    f"H{label_w + end:.1f}M{label_w + lo:.1f} {mid - 5:.1f}v10"
                    f"M{label_w + end:.1f} {mid - 5:.1f}v10' stroke='{INK}' fill='none'/>"
                )
            out.append(
                "<g class='hk-bar'>"
                + "".join(names)
                + f"<rect x='{label_w}' y='{mid - 9}' width='{w:.1f}' height='18' "
                f"fill='{s.colour}' data-value='{v!r}'>{self._hover(k, s)}</rect>"
                + whisker
                + svg_text(
                    label_w + max(w, end) + 4,
                    mid + 4,
                    s.labels[k] if s.labels is not None else value_text(v, self.percent),
                    "start",
                    12,
                )
                + "</g>"
            )
        return "".join(out) + "</svg>"


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
        legend, legend_h = svg_legend(self.series, self.height, width, True)
        height = self.height + legend_h
        values = [v for s in self.series for v in s.values]
        top_v = 1.0 if self.percent and max(values, default=0) <= 1.0001 else max(values, default=1)
        top_v = axis_ticks(top_v, self.percent)[-1] or 1
        lo_x, hi_x = min(self.x, default=0), max(self.x, default=1)
        span = (hi_x - lo_x) or 1
        inner = width - PAD_L - PAD_R - 16

        def x_of(v: float) -> float:
            return PAD_L + 8 + inner * (v - lo_x) / span

        def y_of(v: float) -> float:
            return plot_b - (plot_b - PAD_T) * min(max(v / top_v, 0), 1)

        out = [
            svg_open(width, height, self.title, self.describe()),
            svg_heading(self.title),
            y_axis_svg(
                axis_ticks(top_v, self.percent),
                y_of,
                self.percent,
                width,
                self.y_label,
                PAD_T,
                plot_b,
            ),
            f"<line x1='{PAD_L}' x2='{width - PAD_R}' y1='{plot_b:.1f}' y2='{plot_b:.1f}' "
            f"stroke='{INK}'/>",
        ]
        every = max(1, math.ceil(len(self.x) / 10))
        for k, v in enumerate(self.x):
            if k % every == 0 or k == len(self.x) - 1:
                out.append(svg_text(x_of(v), plot_b + 17, number(v), size=13))
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
                f"stroke-width='2.5'{dash_attr(s.dash)}/>"
            )
            for x, y in zip(self.x, s.values):
                name = f"{s.name}, " if len(self.series) > 1 else ""
                hover = f"{self.x_label or 'x'} {number(x)}: {name}{value_text(y, self.percent)}"
                r = 4 if self.markers else 7
                opacity = "" if self.markers else " fill-opacity='0'"
                out.append(
                    f"<circle cx='{x_of(x):.1f}' cy='{y_of(y):.1f}' r='{r}' fill='{s.colour}'"
                    f"{opacity} data-value='{float(y)!r}'><title>{escape(hover)}</title></circle>"
                )
            out.append("</g>")
        if self.mark is not None:
            mx, my = self.mark
            hover = (
                f"{self.mark_name} ({self.x_label} {number(mx)}): {value_text(my, self.percent)}"
            )
            out.append(
                f"<circle class='hk-mark' cx='{x_of(mx):.1f}' cy='{y_of(my):.1f}' r='8' "
                f"fill='#d4a017' stroke='{INK}' data-value='{float(my)!r}'>"
                f"<title>{escape(hover)}</title></circle>"
            )
        if self.x_label:
            mid = PAD_L + (width - PAD_L - PAD_R) / 2
            out.append(svg_text(mid, plot_b + 34, self.x_label))
        out.append(legend)
        return "".join(out) + "</svg>"


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
        out = [svg_open(WIDTH, height, self.title or self.describe(), self.describe())]
        if self.title:
            out.append(svg_heading(self.title))
        for i, r in enumerate(self.rows):
            y = top + cell_h * i
            out.append(svg_text(left - 6, y + cell_h / 2 + 5, number(r), "end", 12))
            for j, c in enumerate(self.columns):
                v = float(self.values[i][j])
                x = left + cell_w * j
                hover = f"{self.y_label} {number(r)}, {self.x_label} {number(c)}: {pct(v)}"
                ink = "#fff" if v < 0.12 or v > 0.85 else INK
                out.append(
                    f"<g class='hk-cell'><rect x='{x + 0.5:.1f}' y='{y + 0.5:.1f}' "
                    f"width='{cell_w - 1:.1f}' height='{cell_h - 1}' fill='{heat_colour(v)}' "
                    f"data-value='{v!r}'><title>{escape(hover)}</title></rect>"
                    + svg_text(x + cell_w / 2, y + cell_h / 2 + 4, pct(v, 0), size=10, fill=ink)
                    + "</g>"
                )
        for j, c in enumerate(self.columns):
            out.append(svg_text(left + cell_w * (j + 0.5), bottom + 15, number(c), size=12))
        if self.box is not None and self.box[0] in self.rows and self.box[1] in self.columns:
            i, j = self.rows.index(self.box[0]), self.columns.index(self.box[1])
            out.append(
                f"<rect class='hk-box' x='{left + cell_w * j:.1f}' y='{top + cell_h * i:.1f}' "
                f"width='{cell_w:.1f}' height='{cell_h}' fill='none' stroke='{INK}' "
                "stroke-width='3'/>"
            )
        if self.x_label:
            out.append(svg_text(left + (WIDTH - left) / 2, bottom + 34, self.x_label))
        if self.y_label:
            mid = (top + bottom) / 2
            out.append(
                f"<text transform='translate(13 {mid:.1f}) rotate(-90)' text-anchor='middle' "
                f"font-size='13'>{escape(self.y_label)}</text>"
            )
        return "".join(out) + "</svg>"
