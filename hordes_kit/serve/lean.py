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
import json
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
    "digest",
    "source_names",
    "built_record",
    "lean_version",
    "LeanStatic",
]

FRONTEND_ENV = "HORDES_KIT_FRONTEND"  # "lean" or "voila": the pages' script
LEAN_DIR = Path(__file__).resolve().parent / "static"
LEAN_PATH = "hordes-kit/static/"  # under the server's base address
LEAN_FILES = ("lean.js", "lean.css")


def frontend_choice() -> str:
    """The pages' front end: ``lean`` unless the server's environment says ``voila``
    (tests/test_lean_frontend.py; no doctest here: it would change the test run's own
    environment, which its servers inherit)."""
    return "voila" if os.environ.get(FRONTEND_ENV, "").strip().lower() == "voila" else "lean"


def digest(root: Path, names: list[str]) -> str:
    """The digest ``frontend/build.mjs`` records of files (each name, NUL, bytes, NUL)."""
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return h.hexdigest()


def source_names(frontend: Path) -> list[str]:
    """The front end's sources, as ``frontend/build.mjs`` lists them (relative, sorted)."""
    names = ["build.mjs", "package.json", "package-lock.json"]
    names += [f"src/{p.name}" for p in (frontend / "src").iterdir() if p.is_file()]
    return sorted(names)


def built_record() -> dict:
    """What the last ``make frontend`` built from what (``static/BUILT.json``)."""
    return json.loads((LEAN_DIR / "BUILT.json").read_text())


@cache
def lean_version() -> str:
    """A digest of the built files: their addresses carry it, so a browser keeps them a year."""
    return digest(LEAN_DIR, list(LEAN_FILES))[:16]


class LeanStatic(tornado.web.StaticFileHandler):
    """The lean front end's folder (its script, stylesheet and the icons' font)."""
