"""Charts: inline SVG (``SvgChart``), or plotly figures that fit a phone with no toolbar.

Every dashboard draws its charts as SVG (``core.svgchart``: bars, lines, grids, the same
drawing code as the printable sheets): nothing to load or run in the browser, so a page
is usable sooner. ``Chart`` (plotly) stays for a chart SVG cannot draw.

Why not ``go.FigureWidget``: each FigureWidget model carries all of plotly.js (about
5 MB) as its anywidget code, sent and parsed once per chart. On a busy page that
parse outlasts anywidget's 2-second start-up limit and the console shows
"[anywidget] Failed to initialize model.", and every chart slows the page's opening.
A :class:`Chart` is an ipywidgets ``Output`` holding the figure as plotly's own
mimetype, drawn by the plotly renderer already on the page: one copy of plotly.js.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Protocol

import ipywidgets as w

if TYPE_CHECKING:  # plotly is imported only by a page that draws a plotly chart
    import plotly.graph_objects as go

__all__ = ["PLOT_CONFIG", "MIMETYPE", "figure", "figure_bundle", "Chart", "SvgChart"]

# No zoom/lasso toolbar. Not plotly's "responsive" mode: it sizes the plot to 100% of a
# parent whose height is not set (a page column), which draws it 0 px tall; the page's
# plotly renderer already refits the width ("autosize") when the page is resized.
PLOT_CONFIG = {"displayModeBar": False, "scrollZoom": False, "doubleClick": False}
MIMETYPE = "application/vnd.plotly.v1+json"


def figure(fig: go.Figure | None = None, *, height: int = 320, **layout) -> go.Figure:
    """A figure laid out for every screen: full width, small margins, legend below."""
    import plotly.graph_objects as go

    fig = fig if fig is not None else go.Figure()
    settings = {
        "autosize": True,
        "width": None,
        "height": height,
        "margin": {"l": 48, "r": 12, "t": 36, "b": 40},
        "legend": {"orientation": "h", "yanchor": "top", "y": -0.18, "x": 0},
        "font": {"family": "DejaVu Sans, Arial, sans-serif", "size": 13},
        "paper_bgcolor": "rgba(0,0,0,0)",
        "dragmode": False,
    }
    fig.update_layout(**{**settings, **layout})
    return fig


def figure_bundle(fig: go.Figure) -> dict:
    """The display data of a figure: plotly's mimetype with the kit's config."""
    spec = json.loads(fig.to_json())
    return {
        MIMETYPE: {
            "data": spec.get("data", []),
            "layout": spec.get("layout", {}),
            "config": dict(PLOT_CONFIG),
        },
        "text/plain": f"[chart: {fig.layout.title.text or 'plot'}]",
    }


class Chart(w.Output):
    """A chart on a page; :meth:`show` replaces the figure it shows."""

    def __init__(self, fig: go.Figure | None = None, **kwargs) -> None:
        super().__init__(layout=w.Layout(width="100%", max_width="100%"), **kwargs)
        self.add_class("hk-chart")
        self.fig: go.Figure | None = None
        if fig is not None:
            self.show(fig)

    def clear(self) -> None:
        """Show nothing (figures of another question would mislead)."""
        self.fig = None
        self.outputs = ()

    def show(self, fig: go.Figure) -> None:
        """Draw this figure (made responsive, toolbar off)."""
        self.fig = fig
        self.outputs = (
            {"output_type": "display_data", "data": figure_bundle(fig), "metadata": {}},
        )


class Drawing(Protocol):
    """What an :class:`SvgChart` shows: a ``core.svgchart`` chart (``BarChart``...)."""

    title: str

    def svg(self) -> str: ...


class SvgChart(w.HTML):
    """A chart drawn as inline SVG; :meth:`show` replaces the chart it shows.

    ``fig`` is the chart shown (a ``core.svgchart`` description: its values, labels and
    title), or None.
    """

    def __init__(self, fig: Drawing | None = None, **kwargs) -> None:
        super().__init__(layout=w.Layout(width="100%", max_width="100%"), **kwargs)
        self.add_class("hk-chart")
        self.add_class("hk-svg")
        self.fig: Drawing | None = None
        if fig is not None:
            self.show(fig)

    def clear(self) -> None:
        """Show nothing (a chart of another question would mislead)."""
        self.fig = None
        self.value = ""

    def show(self, fig: Drawing) -> None:
        """Draw this chart."""
        self.fig = fig
        self.value = fig.svg()
