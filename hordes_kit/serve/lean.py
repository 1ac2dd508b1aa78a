"""The dashboards' lean front end: a page script of the kit's own instead of Voila's.

Voila's page runs a JupyterLab application (its notebook, console, editor and settings
packages load and its plugins activate on every page) to show a column of widgets. With
six friends opening a page at once on two cores, the browsers' own CPU was what kept the
slowest one from playing within 2 s (issue 44), and half of a page's renderer time was
that application starting. ``static/lean.js`` (built from ``frontend/src`` by ``make
frontend``) does what the dashboards need and no more: it connects to the kernel Voila
started or took from a pool for the page, loads the widgets' state (ipywidgets 8's
controls and Output, anywidget), and draws each cell's outputs where Voila wrote them.

The page is still Voila's, rendered by the kit's template; only its script and the
widgets' stylesheet change. ``HORDES_KIT_FRONTEND=voila`` in the server's environment
gives the pages Voila's front end back (``frontend_choice``).
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

import tornado.web

__all__ = [
    "FRONTEND_ENV",
    "LEAN_DIR",
    "LEAN_PATH",
    "LEAN_FILES",
    "frontend_choice",
    "lean_version",
    "LeanStatic",
]

FRONTEND_ENV = "HORDES_KIT_FRONTEND"  # "lean" or "voila": the pages' script
LEAN_DIR = Path(__file__).resolve().parent / "static"
LEAN_PATH = "hordes-kit/static/"  # under the server's base address
LEAN_FILES = ("lean.js", "lean.css")


def frontend_choice() -> str:
    """The pages' front end: ``lean`` unless the server's environment says ``voila``.

    >>> os.environ.pop(FRONTEND_ENV, None) and None
    >>> frontend_choice()
    'voila'
    """
    return "lean" if os.environ.get(FRONTEND_ENV, "voila").strip().lower() == "lean" else "voila"


@cache
def lean_version() -> str:
    """A digest of the built files: their addresses carry it, so a browser keeps them a year."""
    digest = hashlib.sha256()
    for name in LEAN_FILES:
        digest.update((LEAN_DIR / name).read_bytes())
    return digest.hexdigest()[:16]


class LeanStatic(tornado.web.StaticFileHandler):
    """The lean front end's files and nothing else from its folder."""

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if Path(absolute_path).name not in LEAN_FILES:
            raise tornado.web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)
