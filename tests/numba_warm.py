"""The fast simulators, in numba's on-disk cache once per test run.

The kit ships them compiled (``hordes_kit.core.fastcache``): from an empty cache, a
simulator is copied in and loaded in about a second. Compiled from nothing (a simulator
changed and its shipped build not remade yet) they cost about three minutes of CPU across
the five, and three test workers and every Voila server would each pay it. A file lock per
game, shared by the run's processes, lets one copy or compile while the others wait, then
load the cached build. ``python tests/numba_warm.py GAME`` is the background process the
test run starts for each game at once (see conftest.pytest_configure).
"""

from __future__ import annotations

import fcntl
import importlib
import os
import sys
import tempfile
from pathlib import Path

RUN = "HORDES_KIT_TEST_RUN"  # set by the test run's first process, inherited by the rest
_warm: set[str] = set()


def fast_games() -> tuple[str, ...]:
    """The modules of every registered game's fast simulator."""
    from hordes_kit.core.registry import registered_games

    return tuple(g.fastsim for g in registered_games() if g.fastsim)


def _module(game: str) -> str:
    return game if "." in game else f"hordes_kit.{game}.fast.sim"


def warm(*games: str) -> None:
    """Compile (or load) each game's fast simulator, under the run's lock for that game."""
    run = os.environ.get(RUN) or os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    for game in map(_module, games):
        if game in _warm:
            continue
        lock = Path(tempfile.gettempdir()) / f"hordes-kit-{run}-{game}.numba-lock"
        with open(lock, "w") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            try:
                importlib.import_module(game).warm_up()
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)
        _warm.add(game)


if __name__ == "__main__":
    warm(*sys.argv[1:])
