"""Write the bytecode of what a test run imports, once, before the run (``make bytecode``).

``make`` installs the packages without compiling them (``pip install --no-compile``):
compiling every installed file took 18 of the install's 32 s of CPU, mostly for modules no
process ever imports (plotly's 1,500 files, dask, debugpy, pip's own). What the run does
import is compiled here, in one process (about 4 s), before the test workers, the
simulators' compiles, the Voila servers and their kernels all start at once and would each
compile the same modules from source. A module this misses is compiled by the first
process that imports it, as Python always does.
"""

from __future__ import annotations

import compileall
import importlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the server, the kernels, the test run and its plugins
STACK = (
    "voila.app",
    "voila.tornado.handler",
    "jupyter_server.serverapp",
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.debugger",  # every kernel imports debugpy's pydevd (81 modules)
    "ipywidgets",
    "anywidget",
    "numba",
    "numpy",
    "polars",
    "plotly",
    "plotly.graph_objects",
    "pytest",
    "xdist.plugin",
    "xdist.remote",
    "nbval.plugin",
    "playwright.sync_api",
    "pytest_playwright.pytest_playwright",
    "hypothesis",
    "hypothesis.strategies",
)


def main() -> int:
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # (debugpy's warning)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("bytecode: PYTHONDONTWRITEBYTECODE is set, nothing written", file=sys.stderr)
        return 0
    ok = compileall.compile_dir(ROOT / "hordes_kit", quiet=1)
    from hordes_kit.core.registry import registered_games

    kit = ["hordes_kit.cli", "hordes_kit.serve", "hordes_kit.ui"]
    for game in registered_games():
        kit += [m for m in (game.cli, game.fastsim, game.sheet) if m]
    for name in (*STACK, *kit):
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - a module that does not import is the run's to report
            print(f"bytecode: {name} not imported ({type(e).__name__})", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
