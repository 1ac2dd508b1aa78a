"""Charts: plotly figures that fit a phone, with no zoom/lasso toolbar.

Why not ``go.FigureWidget``: each FigureWidget model carries all of plotly.js (about
5 MB) as its anywidget code, sent and parsed once per chart. On a busy page that
parse outlasts anywidget's 2-second start-up limit and the console shows
"[anywidget] Failed to initialize model.", and every chart slows the page's opening.
A :class:`Chart` is an ipywidgets ``Output`` holding the figure as plotly's own
mimetype, drawn by the plotly renderer already on the page: one copy of plotly.js.
"""

from __future__ import annotations

import json

import ipywidgets as w
import plotly.graph_objects as go

__all__ = ["PLOT_CONFIG", "MIMETYPE", "figure", "figure_bundle", "Chart"]

# No zoom/lasso toolbar. Not plotly's "responsive" mode: it sizes the plot to 100% of a
# parent whose height is not set (a page column), which draws it 0 px tall; the page's
# plotly renderer already refits the width ("autosize") when the page is resized.
PLOT_CONFIG = {"displayModeBar": False, "scrollZoom": False, "doubleClick": False}
MIMETYPE = "application/vnd.plotly.v1+json"


def figure(fig: go.Figure | None = None, *, height: int = 320, **layout) -> go.Figure:
    """A figure laid out for every screen: full width, small margins, legend below."""
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
