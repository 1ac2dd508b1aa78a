"""The kernel side of `hordes-kit serve`: what a dashboard does differently there.

The server marks its kernels with ``HORDES_KIT_SERVE=1`` (nbval and plain Voila do not):
- plotly's FigureWidget would send all of plotly.js (5 MB) to the browser inside every
  chart's widget state, on every page load: its code is fetched once from the server
  instead (cached by the browser), which keeps pages quick to open;
- a traceback from a click goes to the server's log, not to the browser;
- the host's own Dask cluster, when ``serve --scheduler`` names one (``HORDES_KIT_SCHEDULER``):
  the only cluster a page may run on (a page never names one);
- the server's key for its kernels' own requests (``HORDES_KIT_KERNEL_KEY``): a preheated
  kernel asks the server for its page's address with it (``ui.query``).

A page cannot change its kernel's environment: Voila adds only the request's address
(``QUERY_STRING`` and the like) to it.
"""

from __future__ import annotations

import logging
import os
import re
import sys

__all__ = [
    "ENV",
    "SCHEDULER_ENV",
    "KERNEL_KEY_ENV",
    "KERNEL_HEADER",
    "PLOTLY_PATH",
    "plotly_loader",
    "use_served_plotly",
    "log_tracebacks",
    "setup_kernel",
    "host_scheduler",
]

ENV = "HORDES_KIT_SERVE"
SCHEDULER_ENV = "HORDES_KIT_SCHEDULER"  # the host's cluster (serve --scheduler), for the lab
KERNEL_KEY_ENV = "HORDES_KIT_KERNEL_KEY"  # the server's secret for its kernels' own requests
KERNEL_HEADER = "X-Hordes-Kit-Kernel"  # the header that carries it
PLOTLY_PATH = "voila/hk/plotly-widget.js"  # served by hordes_kit.serve


def plotly_loader(base_url: str, version: str) -> str:
    """A tiny ES module that loads plotly's widget code from the server and re-exports it."""
    url = f"{base_url.rstrip('/')}/{PLOTLY_PATH}?v={version}"
    return (
        f"const m = await import(new URL({url!r}, document.baseURI).href);\n"
        "export default m.default;\n"
    )


def use_served_plotly() -> None:
    """Make plotly's FigureWidget (when it is defined) load its code from the server."""
    import anywidget

    original = anywidget.AnyWidget.__dict__["__init_subclass__"].__func__
    base_url = os.environ.get("VOILA_BASE_URL", "/")

    def init_subclass(cls, **kwargs):
        original(cls, **kwargs)
        esm = cls.__dict__.get("_esm")
        if esm is not None and str(getattr(esm, "_path", "")).endswith("widgetbundle.js"):
            import plotly

            cls._esm = plotly_loader(base_url, plotly.__version__)

    anywidget.AnyWidget.__init_subclass__ = classmethod(init_subclass)


def _dashboard_log() -> logging.Logger:
    """The kernel's lines for the server's log (its stderr), a repeated one counted: a page
    clicking a failing button wrote the same traceback on every click."""
    from hordes_kit.serve.log import RepeatLimit

    log = logging.getLogger("hordes_kit.dashboard")
    if not log.handlers:
        handler = logging.StreamHandler(sys.__stderr__)  # (sys.stderr goes to the page)
        handler.addFilter(RepeatLimit(report=log))
        log.addHandler(handler)
        log.propagate = False
    return log


def log_tracebacks() -> None:
    """Tracebacks (a failing click, a failing cell) go to the server's log; the page gets a line."""
    try:
        from IPython import get_ipython
    except ImportError:  # not in a kernel
        return
    shell = get_ipython()
    if shell is None or getattr(shell, "_hk_quiet", False):
        return
    show = shell._showtraceback
    log = _dashboard_log()

    def quiet(etype, evalue, stb):
        text = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(stb))
        log.error("[hordes-kit dashboard] %s", text)
        line = "Something went wrong here; the details are in the server's log."
        show(etype, "see the server's log", [line])

    shell._showtraceback = quiet
    shell._hk_quiet = True


def setup_kernel() -> None:
    """What a dashboard's kernel does differently under `hordes-kit serve` (``ENV`` set):
    run as ``hordes_kit.ui`` is imported, and again by a kernel forked from the server's
    template, which imported it before it was anyone's kernel (serve/template.py)."""
    if os.environ.get(ENV) == "1":
        use_served_plotly()
        log_tracebacks()


def host_scheduler() -> str | None:
    """The Dask scheduler the host gave the server (``serve --scheduler``), or None."""
    return os.environ.get(SCHEDULER_ENV) or None
