"""Charts drawn as inline SVG (core.svgchart, ui.charts.SvgChart): values placed where they
belong, labels and hover values present, accessible, and shared with the printable sheets."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from hordes_kit.core.sheet import bar_svg
from hordes_kit.core.svgchart import BarChart, GridChart, LineChart, Series, heat_colour
from hordes_kit.ui.charts import SvgChart

NS = ""  # inline SVG in HTML: no namespace (nothing in a sheet may name a host)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def rects(root: ET.Element, cls: str = "hk-bar") -> list[ET.Element]:
    return [g.find(f"{NS}rect") for g in root.iter(f"{NS}g") if g.get("class") == cls]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def hovers(root: ET.Element) -> list[str]:
    return [t.text for el in root.iter() for t in el.findall(f"{NS}title")]


def test_bar_heights_are_proportional_to_values_and_share_one_baseline():
    values = (0.2, 0.5, 0.8, 0.1)
    chart = BarChart("Won by level", ("1", "2", "3", "4"), (Series("won", values),), "level")
    root = parse(chart.svg())
    bars = rects(root)
    heights = [float(r.get("height")) for r in bars]
    assert len(bars) == 4
    # the axis runs 0-100%: height / value is the same for every bar
    ratios = [h / v for h, v in zip(heights, values)]
    assert max(ratios) - min(ratios) < 0.2, ratios
    bottoms = {round(float(r.get("y")) + float(r.get("height")), 1) for r in bars}
    assert len(bottoms) == 1  # one baseline
    xs = [float(r.get("x")) for r in bars]
    assert xs == sorted(xs)  # categories in order, left to right
    assert [float(r.get("data-value")) for r in bars] == list(values)


def test_a_chart_says_what_it_shows_labels_units_and_exact_values_on_hover():
    chart = BarChart(
        "Games won (95% interval)",
        ("Level 1", "Level 2"),
        (Series("won", (0.5, 0.25), "#1d5f8a", (0.45, 0.2), (0.55, 0.3)),),
        "difficulty",
    )
    root = parse(chart.svg())
    assert root.get("role") == "img"
    assert root.get("aria-label").startswith("Games won (95% interval). Bar chart of chance")
    assert "100%" in texts(root) and "0%" in texts(root)  # the unit on the axis
    assert {"Level 1", "Level 2", "difficulty", "chance", "50.0%", "25.0%"} <= set(texts(root))
    assert "Level 2: 25.0% (95% interval 20.0% to 30.0%)" in hovers(root)
    assert re.search(r"viewBox='0 0 \d+ \d+'", chart.svg()) and "width:100%" in chart.svg()
    assert all(r.get("fill") == "#1d5f8a" for r in rects(root))  # the game's colour


def test_grouped_and_stacked_bars_with_a_legend():
    series = (Series("win", (0.6, 0.2), "#2d7a4b"), Series("loss", (0.4, 0.8), "#9b2226"))
    grouped = parse(BarChart("Ends", ("a", "b"), series).svg())
    assert len(rects(grouped)) == 4 and {"win", "loss"} <= set(texts(grouped))  # the legend
    assert "a: loss, 40.0%" in hovers(grouped)
    stacked = parse(BarChart("Ends", ("a", "b"), series, stacked=True).svg())
    bars = rects(stacked)
    # a's two parts stack into one full column: win on the bottom, loss above it
    win, loss = bars[0], bars[1]
    assert float(loss.get("y")) + float(loss.get("height")) == pytest.approx(
        float(win.get("y")), abs=0.2
    )
    total = float(win.get("height")) + float(loss.get("height"))
    assert total == pytest.approx(float(bars[2].get("height")) + float(bars[3].get("height")), 0.01)


def test_horizontal_bars_best_first_with_long_labels_wrapped():
    chart = BarChart(
        "Best Hands: chance to defeat",
        ("Fight, Cast a very long spell name indeed", "Rest"),
        (Series("chance to defeat", (0.9, 0.3)),),
        horizontal=True,
    )
    root = parse(chart.svg())
    bars = rects(root)
    assert float(bars[0].get("width")) == pytest.approx(3 * float(bars[1].get("width")), 0.01)
    assert float(bars[0].get("y")) < float(bars[1].get("y"))  # first row on top
    assert "Rest: 30.0%" in hovers(root)
    assert any(t.startswith("Fight, Cast") for t in texts(root))


def test_line_chart_places_points_the_setting_and_a_marker_line():
    chart = LineChart(
        "By number of rolls",
        (1, 2, 3),
        (Series("chance", (0.0, 0.5, 1.0), "#6a3d9a"),),
        x_label="rolls",
        mark=(2, 0.5),
        vline=3,
    )
    root = parse(chart.svg())
    points = [c for c in root.iter(f"{NS}circle") if c.get("class") != "hk-mark"]
    cx = [float(c.get("cx")) for c in points]
    cy = [float(c.get("cy")) for c in points]
    assert cx[1] - cx[0] == pytest.approx(cx[2] - cx[1])  # evenly spaced x
    assert cy[0] - cy[1] == pytest.approx(cy[1] - cy[2])  # 0, 50%, 100% evenly up
    assert cy[0] > cy[2]  # higher chance higher on screen
    mark = next(c for c in root.iter(f"{NS}circle") if c.get("class") == "hk-mark")
    assert (float(mark.get("cx")), float(mark.get("cy"))) == (cx[1], cy[1])
    vline = next(li for li in root.iter(f"{NS}line") if li.get("class") == "hk-vline")
    assert float(vline.get("x1")) == pytest.approx(cx[2])
    assert "rolls 2: 50.0%" in hovers(root) and "your setting (rolls 2): 50.0%" in hovers(root)


def test_grid_cells_shaded_by_chance_and_the_chosen_cell_boxed():
    chart = GridChart("Kill", (0, 1), (1, 2), ((0.0, 0.5), (1.0, 0.25)), "force", "level", (2, 1))
    root = parse(chart.svg())
    cells = rects(root, "hk-cell")
    assert [c.get("fill") for c in cells[:3]] == [
        heat_colour(0.0),
        heat_colour(0.5),
        heat_colour(1.0),
    ]
    box = next(r for r in root.iter(f"{NS}rect") if r.get("class") == "hk-box")
    assert (box.get("x"), box.get("y")) == (
        f"{float(cells[3].get('x')) - 0.5:.1f}",
        f"{float(cells[3].get('y')) - 0.5:.1f}",
    )
    assert "level 2, force 1: 25.0%" in hovers(root)


def test_text_is_escaped():
    root = parse(BarChart("<b>&", ("a<b", "c"), (Series("x", (0.1, 0.2)),)).svg())
    assert "a<b" in texts(root)


def test_svg_chart_widget_shows_and_clears():
    chart = BarChart("t", ("a",), (Series("x", (0.5,)),))
    widget = SvgChart(chart)
    assert widget.fig is chart and widget.value == chart.svg()
    assert "hk-chart" in widget._dom_classes
    widget.clear()
    assert widget.fig is None and widget.value == ""


def test_the_printable_sheet_draws_its_bars_with_the_same_code():
    svg = bar_svg([("a pair", 0.5), ("three of a kind", 0.25)], "Chance")
    assert (
        svg
        == BarChart(
            "Chance",
            ("a pair", "three of a kind"),
            (Series("chance", (0.5, 0.25), "#555"),),
            horizontal=True,
            heading=False,
        ).svg()
    )
    bars = rects(parse(svg))
    assert float(bars[0].get("width")) == pytest.approx(2 * float(bars[1].get("width")), 0.01)


def test_no_dashboard_draws_a_plotly_chart():
    """The server does not load plotly's renderer (serve/server.py's extension_denylist): a page
    module that made a plotly figure would show the words "[chart: plot]" instead."""
    from pathlib import Path

    import hordes_kit.ui as ui

    root = Path(ui.__file__).parent
    offenders = [
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if p.name != "charts.py"
        and re.search(r"import plotly|from plotly|(?<!\w)Chart\(|(?<![\w.])figure\(", p.read_text())
    ]
    assert not offenders, offenders


def test_row_bars_zoom_to_small_rates_and_draw_each_interval_from_low_to_high():
    """The lab's chart: rates near 1% fill the width (not a 0-100% axis) and each bar's
    whisker runs from its interval's low to its high on the bars' own scale."""
    means, lows, highs = (0.013, 0.012, 0.001), (0.011, 0.010, 0.0), (0.016, 0.015, 0.002)
    chart = BarChart(
        "Survived",
        ("best", "balanced", "thrifty"),
        (Series("rate", means, "#333", lows, highs),),
        horizontal=True,
        full_scale=False,
    )
    root = parse(chart.svg())
    bars = rects(root)
    widths = [float(r.get("width")) for r in bars]
    assert max(widths) > 200  # zoomed: 1.3% is most of the width, not 1% of it
    whiskers = [p.get("d") for p in root.iter(f"{NS}path") if p.get("class") == "hk-interval"]
    assert len(whiskers) == 3
    x0 = float(bars[0].get("x"))
    per_unit = widths[0] / means[0]
    for d, lo, hi in zip(whiskers, lows, highs):
        start, end = (float(t) for t in re.findall(r"M([\d.]+) [\d.]+H([\d.]+)", d)[0])
        assert abs(start - (x0 + lo * per_unit)) < 0.2 and abs(end - (x0 + hi * per_unit)) < 0.2
    assert any("95% interval 1.1% to 1.6%" in h for h in hovers(root))
