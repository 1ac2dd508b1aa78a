"""Voila's front end, with what no dashboard uses left out: the pages' front end until
the kit's lean one replaced it (lean.py), kept for ``HORDES_KIT_FRONTEND=voila``.

Measured (issue 44, headless Chromium on the 2-core machine, a page opened alone with its
scripts in the browser's cache): opening a play page takes about 1.0 s of the browser's
CPU, 0.65-0.8 s of it in the page's renderer. A CPU profile of the renderer's main thread
shows where: the JupyterLab application Voila is built on (webpack loading and running
its modules, ``@jupyterlab/apputils`` and ``@jupyterlab/notebook`` among them, then its
plugins' activation), about half; style, layout and HTML parsing, about a quarter; the
widgets themselves (models, views, anywidget's runtime), under a tenth. Those are
Voila's and cannot be configured away. One part could: every page loaded MathJax, 16
script files, and built its TeX typesetter with every package, to typeset the pages'
Markdown, which holds no mathematics (a ``$`` in a page's text would even have been
taken for one).

Here a page is told to use the older MathJax 2 typesetter (Voila chooses it when the
page's settings name a MathJax address), which loads one script from that address: this
server's ``NO_MATH_PATH``, MathJax 2's interface doing nothing (``NoMathHandler``), one
small file kept by the browser. A dashboard that one day shows formulas (Markdown
with ``$...$``, ``ipywidgets.HTMLMath``) needs MathJax back: drop ``no_math`` from the
server's Voila settings (server.py).
"""

from __future__ import annotations

from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join

from hordes_kit.serve.assets import YEAR

__all__ = ["NO_MATH_PATH", "NO_MATH_JS", "no_math", "NoMathHandler"]

# MathJax 2's typesetter loads "<fullMathjaxUrl>?config=<mathjaxConfig>&amp;...": Voila's
# page uses it (not its bundled MathJax 3) when either setting is other than "null"
NO_MATH_PATH = "hordes-kit/no-math.js"  # under the server's base address
NO_MATH_JS = (
    "// hordes-kit: the dashboards show no formulas; MathJax 2's interface, doing nothing\n"
    "window.MathJax = {Hub: {Config() {}, Configured() {}, Queue() {},"
    " Register: {StartupHook() {}}}, Ajax: {}, InputJax: {TeX: {resetEquationNumbers() {}}}};\n"
)


def no_math(page_config: dict[str, Any], base_url: str = "/", **_kwargs: Any) -> dict[str, Any]:
    """Voila's ``page_config_hook``: the page typesets with ``NO_MATH_JS``, not MathJax.

    >>> no_math({"appUrl": "voila/"}, base_url="/")["fullMathjaxUrl"]
    '/hordes-kit/no-math.js'
    """
    url = url_path_join(base_url, NO_MATH_PATH)
    return {**page_config, "fullMathjaxUrl": url, "mathjaxConfig": "none"}


class NoMathHandler(tornado.web.RequestHandler):
    """``NO_MATH_JS``, kept by the browser for a year (it never changes)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/javascript; charset=utf-8")
        self.set_header("Cache-Control", f"public, max-age={YEAR}, immutable")
        self.finish(NO_MATH_JS)
