"""The drawing pieces of the SVG charts (``core.svgchart``): text, axes, legends, colours.

Plain functions returning SVG text; sizes are in the chart's ``viewBox`` units.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "FONT",
    "INK",
    "GRID",
    "MUTED",
    "WIDTH",
    "PAD_L",
    "PAD_R",
    "PAD_T",
    "Series",
    "escape",
    "pct",
    "number",
    "value_text",
    "axis_ticks",
    "svg_open",
    "svg_text",
    "svg_heading",
    "svg_legend",
    "dash_attr",
    "y_axis_svg",
    "wrap_label",
    "heat_colour",
]

FONT = "DejaVu Sans, Arial, sans-serif"
INK, GRID, MUTED = "#1f1f1f", "#d0d0d0", "#555"
WIDTH = 400  # viewBox width: a phone's column shows it at about 0.85, a desktop's at 1.4
PAD_L, PAD_R, PAD_T = 50, 12, 30


def escape(text: object) -> str:
    """Text made safe inside SVG text and attributes."""
    return html.escape(str(text), quote=True)


def pct(v: float, digits: int = 1) -> str:
    """A chance in words of a table: ``0.375 -> '37.5%'``.

    >>> pct(0.375), pct(1, 0)
    ('37.5%', '100%')
    """
    return f"{float(v) * 100:.{digits}f}%"


def number(v: float) -> str:
    """A number as an axis or hover shows it (no needless decimals)."""
    v = float(v)
    return f"{v:g}" if v == int(v) or abs(v) >= 100 else f"{v:.2f}".rstrip("0").rstrip(".")


def value_text(v: float, percent: bool, digits: int = 1) -> str:
    """A value as a chart writes it: a percentage for chances, else a number."""
    return pct(v, digits) if percent else number(v)


def axis_ticks(top: float, percent: bool) -> list[float]:
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


def svg_open(width: float, height: float, title: str, desc: str) -> str:
    """The ``<svg>`` start tag: a viewBox at 100% width, role=img and its label."""
    label = f"{title}. {desc}" if desc else title
    return (
        f"<svg class='hk-svg-chart' viewBox='0 0 {width:.0f} {height:.0f}' role='img' "
        f"aria-label='{escape(label)}' "
        f"style='display:block;width:100%;height:auto;max-width:min(100%, 560px)' "
        f"font-family='{FONT}' font-size='13' fill='{INK}'><title>{escape(label)}</title>"
    )


def svg_text(x: float, y: float, s: object, anchor: str = "middle", size: int = 13, **kw) -> str:
    """One ``<text>`` element at (x, y)."""
    extra = "".join(f" {k.replace('_', '-')}='{escape(v)}'" for k, v in kw.items())
    return (
        f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' font-size='{size}'{extra}>"
        f"{escape(s)}</text>"
    )


def svg_heading(title: str) -> str:
    """The chart's title on its first line, smaller when long so it never runs off."""
    size = max(10, min(15, int((WIDTH - 8) / (0.62 * max(len(title), 1)))))
    return svg_text(4, 18, title, "start", size, font_weight="bold")


def svg_legend(series: Sequence[Series], top: float, width: float, line: bool) -> tuple[str, float]:
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
            f"stroke-width='3'{dash_attr(s.dash)}/>"
            if line
            else f"<rect x='{x}' y='{y - 11}' width='14' height='14' fill='{s.colour}'/>"
        )
        parts.append(mark + svg_text(x + 20, y + 1, s.name, "start"))
        x += w + 14
    parts.append("</g>")
    return "".join(parts), y - top + 10


def dash_attr(dash: str) -> str:
    """The stroke-dasharray of a line style ('', 'dash' or 'dot')."""
    return {"dash": " stroke-dasharray='8 5'", "dot": " stroke-dasharray='2 4'"}.get(dash, "")


def y_axis_svg(ticks, y_of, percent: bool, width: float, label: str, top: float, bottom: float):
    """The value axis: grid lines with their labels, and its title turned upright."""
    out = []
    for t in ticks:
        y = y_of(t)
        out.append(
            f"<line x1='{PAD_L}' x2='{width - PAD_R}' y1='{y:.1f}' y2='{y:.1f}' stroke='{GRID}'/>"
            + svg_text(PAD_L - 5, y + 4, value_text(t, percent, 0), "end", 13)
        )
    if label:
        mid = (top + bottom) / 2
        out.append(
            f"<text transform='translate(13 {mid:.1f}) rotate(-90)' text-anchor='middle' "
            f"font-size='13'>{escape(label)}</text>"
        )
    return "".join(out)


def wrap_label(text: str, width: int, lines: int = 3) -> list[str]:
    """At most ``lines`` lines of about ``width`` characters (the rest cut with an ellipsis).

    >>> wrap_label("Arcane Bolt, Magic Missile, Mystical Cloak", 22)
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
