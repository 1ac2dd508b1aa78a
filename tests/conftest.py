"""Shared fixtures: the demo game registered for the core tests, Voila and Chromium for e2e."""

from __future__ import annotations

import pytest
from demo_game import DEMO

from hordes_kit.core.registry import register

register(DEMO)


@pytest.fixture
def demo():
    return DEMO


import gc  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import urllib.error  # noqa: E402
import urllib.request  # noqa: E402
import uuid  # noqa: E402
import weakref  # noqa: E402
from pathlib import Path  # noqa: E402

import ipykernel.kernelspec  # noqa: E402
import numba_warm  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from hordes_kit.serve.launch import without_debugger  # noqa: E402
from hordes_kit.ui.playback import KernelClock  # noqa: E402

# --- the fast simulators: compiled into numba's cache once per test run --------------------

_compiling: list[subprocess.Popen] = []


def warm_fast_simulators(*games: str) -> None:
    """Compile each game's fast simulator into numba's cache once for the run (numba_warm)."""
    numba_warm.warm(*games)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "fast_simulators(*games): the tests run these games' fast simulators (compiled into"
        " numba's cache once per run, see warm_fast_simulators)",
    )
    # A parallel run (make test): its first process starts compiling every simulator at
    # once, in the background, each under the run's lock; a test that needs one waits for
    # it there, and a worker that needs none runs on. (A single-file run compiles lazily.)
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    os.environ[numba_warm.RUN] = uuid.uuid4().hex  # the workers inherit it
    script = Path(numba_warm.__file__)
    for game in numba_warm.fast_games():
        _compiling.append(
            subprocess.Popen(
                [sys.executable, str(script), game],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )


# The longest files first, by each file's measured seconds (tests/longest_first.py)
from longest_first import (  # noqa: E402, F401 - pytest's hooks, found here by name
    pytest_collection_modifyitems,
    pytest_runtest_logreport,
    pytest_sessionfinish,
)

# A kernel clock (ui.playback.KernelClock) started by a test's widgets ticks on whatever
# loop runs in the worker: after a browser test, Playwright's, run whenever a later
# browser test waits. The coach went on thinking there (a Fantahzee rollout a tick) and
# slowed the worker's last browser files for minutes. No clock outlives its test.
_clocks: weakref.WeakSet = weakref.WeakSet()
_clock_init = KernelClock.__init__


def _tracked_clock_init(self, *args, **kwargs):
    _clock_init(self, *args, **kwargs)
    _clocks.add(self)


KernelClock.__init__ = _tracked_clock_init


@pytest.fixture(autouse=True)
def _no_clock_outlives_its_test():
    yield
    for clock in list(_clocks):
        clock.stop()


# nbval's kernels (--nbval-current-env: this Python's ipykernel) are started as the
# server starts a page's kernel, without ipykernel's debugger (hordes_kit.serve.kernel): the
# notebooks are checked in the kernel they are served in, each 0.15-0.25 s of CPU sooner.
_ipykernel_kernel_dict = ipykernel.kernelspec.get_kernel_dict


def _kit_kernel_dict(*args, **kwargs):
    spec = _ipykernel_kernel_dict(*args, **kwargs)
    return {**spec, "argv": without_debugger(spec["argv"])}


ipykernel.kernelspec.get_kernel_dict = _kit_kernel_dict


# Python's cyclic garbage collector, once the tests are collected: what collection built
# (every module of the kit and the tests, their functions and constants) is set aside for
# good, and the young generation is looked at every 10,000 allocations, not every 700.
# The tests build many short-lived objects (states, widgets, examples): the collector took
# 7-8% of a test worker's CPU, 3% after (the same 200 tests on three workers: 8.3 s of
# 106 s, then 3.4 s).
GC_THRESHOLDS = (10_000, 20, 20)


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_unconfigure(config):
    for proc in _compiling:
        if proc.poll() is None:
            proc.terminate()
        proc.wait()


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
    path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium-headless-shell")
    if not os.path.exists(path):
        pytest.fail(
            f"Chromium not found at {path}: run `make test` (installs Debian's"
            " chromium-headless-shell)"
        )
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def chromium_profile(playwright, browser_name, browser_type_launch_args, tmp_path_factory):
    """One Chromium profile per test worker, shared by its tests' pages (``context`` below).

    A fresh browser context a test (pytest-playwright's) fetched and compiled Voila's 5 MB
    of JavaScript again on every page load: about 2 s of Chromium's CPU a load, half of it
    saved when the scripts come from the profile's HTTP and code caches."""
    profile = playwright[browser_name].launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"), **browser_type_launch_args
    )
    yield profile
    profile.close()


@pytest.fixture
def context(chromium_profile, request, output_path):
    """The worker's Chromium profile, left as a new one finds it after each test: the pages
    the test opened closed (a screenshot of each first if the test failed), cookies and the
    pages' stored data cleared (the HTTP cache is kept: that is the point)."""
    before = set(chromium_profile.pages)  # a module's page (test_ui_gallery) stays open
    yield chromium_profile
    report = getattr(request.node, "rep_call", None)
    kept = _tab.get("tab")  # the worker's shared tab (``page`` below) stays open
    opened = [p for p in chromium_profile.pages if p not in before and p is not kept]
    for i, page in enumerate(opened, 1):
        try:
            if report is not None and report.failed:
                page.screenshot(
                    path=os.path.join(output_path, f"test-failed-{i}.png"), timeout=5000
                )
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        except PlaywrightError:  # about:blank has no storage; a crashed page answers nothing
            pass
        page.close()
    chromium_profile.clear_cookies()
    chromium_profile.clear_permissions()


DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # a new tab's (Playwright's default)
_tab: dict = {}


def _listeners(page) -> dict:
    """The page's event listeners (Playwright's own among them), by identity."""
    events = page._impl_obj._events
    return {
        (kind, id(f)): (kind, f)
        for kind, fs in events.items()
        for f in (fs if isinstance(fs, list) else [fs])
    }


@pytest.fixture
def page(context, request, output_path):
    """One tab per test worker, navigated from test to test, as a player's tab goes from
    page to page (pytest-playwright opens a new tab a test).

    Chromium keeps the tab's renderer process and the scripts it compiled: Voila's pages
    share 5 MB of them. Six dashboard loads took 6.7-7.5 core-s of Chromium's CPU in a new
    tab each, 4.9-5.8 in one tab. Between tests the tab is left as a new one is: what the
    test listened for, routed or stored is dropped, the page is left (its kernel is shut
    down, as when a player leaves it), size and timeouts are Playwright's defaults."""
    tab = _tab.get("tab")
    if tab is None or tab.is_closed():
        tab = _tab["tab"] = context.new_page()
    before = _listeners(tab)
    tab.set_viewport_size(DEFAULT_VIEWPORT)
    tab.set_default_timeout(30_000)
    tab.set_default_navigation_timeout(30_000)
    yield tab
    if tab.is_closed():  # the test closed it: the next test opens another
        return
    report = getattr(request.node, "rep_call", None)
    try:
        if report is not None and report.failed:
            tab.screenshot(path=os.path.join(output_path, "test-failed-tab.png"), timeout=5000)
        for key, (kind, f) in _listeners(tab).items():
            if key not in before:
                tab._impl_obj.remove_listener(kind, f)
        tab.unroute_all(behavior="ignoreErrors")
        tab.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch {} }")
        tab.goto("about:blank")
    except PlaywrightError:  # a crashed or stuck page: the next test opens another
        tab.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class VoilaServer:
    """`hordes-kit serve` in a subprocess on a free port; stopped (with its kernels) after."""

    def __init__(self, log_dir, cull_idle: int = 120, *extra: str, simulators: bool = True):
        # the kit's pages run the fast simulators: have them compiled into numba's cache
        # first. A server of the tests' own pages (--notebook-dir), or one whose test opens
        # only pages that simulate nothing (simulators=False), starts at once, while the
        # simulators compile.
        if simulators and not any(a.startswith("--notebook-dir=") for a in extra):
            warm_fast_simulators(*numba_warm.fast_games())
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
                # no preheated pages: each test worker runs its own server, and the kernels
                # a pool keeps waiting at the end are CPU the run spends for nothing (a test
                # of the pools asks for them); the simulators are compiled just above
                "--preheat=0",
                "--no-warm-up",
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
