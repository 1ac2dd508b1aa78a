"""Shared fixtures: the demo game registered for the core tests, Voila and Chromium for e2e."""

from __future__ import annotations

import pytest
from demo_game import DEMO

from hordes_kit.core.registry import register

register(DEMO)


@pytest.fixture
def demo():
    return DEMO


import fcntl  # noqa: E402
import importlib  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import urllib.error  # noqa: E402
import urllib.request  # noqa: E402
from pathlib import Path  # noqa: E402

# --- the fast simulators: compiled into numba's cache once per test run --------------------

_warm: set[str] = set()


def warm_fast_simulators(*games: str) -> None:
    """Compile each game's fast simulator into numba's on-disk cache, once for the whole run.

    A cold cache costs about two minutes of CPU across the four simulators; three test workers
    and every Voila server started at once would each compile them. A file lock shared by
    the run's workers lets one compile while the others wait, then load the cached build.
    """
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
    for game in games:
        if game in _warm:
            continue
        lock = Path(tempfile.gettempdir()) / f"hordes-kit-{run}-{game}.numba-lock"
        with open(lock, "w") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            try:
                importlib.import_module(f"hordes_kit.{game}.fastsim").warm_up()
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)
        _warm.add(game)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "fast_simulators(*games): the tests run these games' fast simulators (compiled into"
        " numba's cache once per run, see warm_fast_simulators)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    for mark in item.iter_markers("fast_simulators"):
        warm_fast_simulators(*mark.args)


# --- real-browser tests: Debian's Chromium driven by Playwright, Voila from a fixture -------

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not os.path.exists(path):
        pytest.fail(f"Chromium not found at {path}: run `make test` (installs Debian's chromium)")
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class VoilaServer:
    """`hordes-kit serve` in a subprocess on a free port; stopped (with its kernels) after."""

    def __init__(self, log_dir, cull_idle: int = 120, *extra: str) -> None:
        # the server compiles these into numba's cache at start: load them instead
        warm_fast_simulators("heroes_hordes", "the_horde", "fantahzee")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_dir / "voila.log"
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hordes_kit",
                "serve",
                "--no-browser",
                f"--port={self.port}",
                f"--cull-idle={cull_idle}",
                # four preheated pages as before (each test worker runs its own server: all
                # 18 on three workers would warm 54 kernels on two cores); a test may ask more
                "--preheat=4",
                *extra,
            ],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(self.url + "/voila/static/voila.js", timeout=2)
                break
            except urllib.error.HTTPError:  # it answers (a token is asked for)
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"voila did not start, see {self.log_path}") from None
                time.sleep(0.2)
        # preheated kernels: start the tests once they are ready (not while they warm up)
        while time.monotonic() < deadline + 60:
            log = self.log_path.read_text()
            if "kernel pools are full" in log or "kernel pools: none" in log:
                break
            time.sleep(0.5)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._log.close()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    server = VoilaServer(tmp_path_factory.mktemp("voila"))
    yield server.url
    server.stop()
