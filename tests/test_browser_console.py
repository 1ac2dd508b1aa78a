"""Every page in Chromium: a clean console, and nothing fetched from another host.

Most pages are watched by their own game's browser tests, which open them at both widths
and play them (``ui_harness.console_problems``); a page open costs the run about 4.5 s of
CPU (3.5 s of it Chromium's), so this file opens only the pages nobody else watches, and
checks that every other page's test file does watch it.

(Its own file, so it runs on another worker than the server's other browser tests.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
HARMLESS = ("r.setData is not a function",)  # jupyterlab-plotly (not loaded by our server)
SETTLE = 3.0  # seconds a page stays open: anywidget reports a model not ready after 2 s
TABS = 3  # pages open at once (each holds a kernel): their settling overlaps
WATCHED_ELSEWHERE = {  # test file: the pages it opens with their console watched
    "test_browser_horde.py": ("the_horde_odds", "the_horde_play", "the_horde_walkthrough"),
    "test_fantahzee_pages.py": ("fantahzee_odds", "fantahzee_play", "fantahzee_walkthrough"),
    "test_heroes_hordes_browser.py": (
        "heroes_hordes_odds",
        "heroes_hordes_play",
        "heroes_hordes_walkthrough",
    ),
    "test_shadows_browser.py": ("shadows_odds", "shadows_play", "shadows_walkthrough"),
    "test_skytear_browser.py": ("skytear_odds", "skytear_play"),
    "test_skytear_walkthrough_browser.py": ("skytear_walkthrough",),
    "test_tutor_browser.py": ("rules",),
    "test_cardref_browser.py": ("cards",),
}


def test_every_page_watched_elsewhere_is_opened_there_with_its_console_watched():
    here = Path(__file__).parent
    for file, pages in WATCHED_ELSEWHERE.items():
        text = (here / file).read_text(encoding="utf-8")
        assert "console_problems" in text or "dashboard_problems" in text, file
        for stem in pages:
            assert stem in text, f"{file} no longer opens {stem}"


def test_every_page_has_a_clean_console_and_fetches_only_from_this_server(page: Page, voila_url):
    from hordes_kit.core.data import notebooks_dir

    problems: list[str] = []

    def watch(tab: Page, name: str) -> None:
        def note(kind: str, text: str) -> None:
            if not any(h in text for h in HARMLESS):
                problems.append(f"{name}: {kind}: {text[:300]}")

        tab.set_default_timeout(TIMEOUT)
        tab.on("console", lambda m: note("console", m.text) if m.type == "error" else None)
        tab.on("pageerror", lambda e: note("page error", str(e)))
        tab.on(
            "requestfailed",
            lambda r: (
                None
                if "/voila/api/shutdown/" in r.url and "ERR_ABORTED" in (r.failure or "")
                else note("failed request", f"{r.url} {r.failure}")
            ),
        )  # (the beacon sent on leaving a page is sent; the browser drops its answer)
        tab.on(
            "request",
            lambda r: (
                None
                if r.url.startswith(("data:", "blob:", voila_url, voila_url.replace("http", "ws")))
                else note("request to another host", r.url)
            ),
        )

    def settle(tab: Page, shown: float) -> None:
        """Leave the page open SETTLE seconds after its controls were drawn, then close it."""
        tab.wait_for_timeout(max(0.0, SETTLE - (time.monotonic() - shown)) * 1000)
        tab.close()

    everything = sorted(p.name for p in notebooks_dir().glob("*.ipynb"))
    assert len(everything) >= 10
    elsewhere = {f"{stem}.ipynb" for pages in WATCHED_ELSEWHERE.values() for stem in pages}
    assert elsewhere <= set(everything), elsewhere - set(everything)
    names = [n for n in everything if n not in elsewhere]
    assert "index.ipynb" in names and "lab.ipynb" in names
    open_tabs: list[tuple[Page, float]] = []
    for i, name in enumerate(names):
        tab = page if i == 0 else page.context.new_page()
        watch(tab, name)
        tab.goto(f"{voila_url}/voila/render/{name}")
        if name == "index.ipynb":
            expect(tab.get_by_role("link", name="Dice-odds explorer")).to_be_visible()
        else:
            expect(tab.locator(".jupyter-widgets").first).to_be_visible()
        if name.endswith("_odds.ipynb"):  # charts drawn (inline SVG, no script)
            expect(tab.locator(".hk-chart svg").first).to_be_visible()
        open_tabs.append((tab, time.monotonic()))
        if len(open_tabs) >= TABS:
            settle(*open_tabs.pop(0))
    for tab, shown in open_tabs:
        settle(tab, shown)
    assert not problems, "\n".join(problems)
