"""`make bench-browser`: how soon each dashboard is usable in a real browser.

Starts `hordes-kit serve` on a free port, waits for its preheated kernels, then opens
every dashboard in Chromium (Playwright) and times, from navigation:
  drawn   the page's first control is on screen;
  usable  a click (or choice) on it has been answered by the dashboard.
Each page is opened cold (its first load after the server started) and warm (again,
once the server has refilled its pools), in one browser whose cache is kept, as a
player's is. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _server import ROOT, Server
from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import CHROMIUM_ARGS  # noqa: E402 - the browser tests' Chromium flags

from hordes_kit.serve.pages import is_text_only  # noqa: E402

TIMEOUT = 120_000


def _text_changes(page: Page, target: str, click: Callable[[], None]) -> None:
    before = page.locator(target).first.inner_text()
    click()
    expect(page.locator(target).first).not_to_have_text(before, timeout=TIMEOUT)


def _moves_change(page: Page, click: Callable[[], None]) -> None:
    page.wait_for_selector(".hk-step[data-moves]")
    moves = page.locator(".hk-step").get_attribute("data-moves")
    click()
    page.wait_for_function(
        "(m) => document.querySelector('.hk-step').dataset.moves !== m", arg=moves
    )


def _walkthrough(page: Page) -> None:
    def click() -> None:
        step = page.locator(".hk-next").first
        if step.is_enabled():
            step.click()
        elif page.locator(".hk-answer").count():
            page.locator(".hk-answer").first.click()
        else:  # a first lesson's "point at it" question: click a piece of the table
            page.locator("[data-pointable]").first.click()

    _text_changes(page, ".hk-narration", click)


def _fz_odds(page: Page) -> None:
    page.locator(".hk-preset select").select_option(label="Sergeant: a pair")
    expect(page.locator(".hk-cost input")).to_have_value("XX", timeout=TIMEOUT)


def _dropdown(result: str) -> Callable[[Page], None]:
    def act(page: Page) -> None:
        box = page.locator(".widget-dropdown select").first
        _text_changes(page, result, lambda: box.select_option(index=2))

    return act


def _hh_play(page: Page) -> None:
    def click() -> None:
        n = page.locator(".hk-step").get_attribute("data-moves")
        choice = page.locator(f".hk-action.hk-m{n}")
        (choice.first if choice.count() else page.locator(".hk-draw")).click()

    _moves_change(page, click)


def _first_move(page: Page) -> None:
    """Click the board's first move (a card or button with an action) and see it played."""

    def click() -> None:
        n = page.locator(".hk-step").first.get_attribute("data-moves")
        choice = page.locator(f".hk-m{n}, .hk-board [data-action]:not([disabled])")
        choice.first.click()

    _moves_change(page, click)


# page -> (selector of its first control, the interaction that must be answered)
PAGES: dict[str, tuple[str, Callable[[Page], None] | None]] = {
    "index.ipynb": ("a[href='fantahzee_odds.ipynb']", None),
    "fantahzee_odds.ipynb": (".hk-preset select", _fz_odds),
    "fantahzee_play.ipynb": (".hk-step[data-moves]", None),
    "fantahzee_walkthrough.ipynb": (".hk-next", _walkthrough),
    "heroes_hordes_odds.ipynb": (".hk-battle-result", _dropdown(".hk-battle-result")),
    "heroes_hordes_play.ipynb": (".hk-step", _hh_play),
    "heroes_hordes_walkthrough.ipynb": (".hk-next", _walkthrough),
    "the_horde_odds.ipynb": (".hk-battle-odds", _dropdown(".hk-battle-odds")),
    "the_horde_play.ipynb": (".hk-fast", lambda p: _moves_change(p, p.locator(".hk-fast").click)),
    "the_horde_walkthrough.ipynb": (".hk-next", _walkthrough),
    "shadows_odds.ipynb": (".sh-run", None),
    "shadows_play.ipynb": (".sh-status", None),
    "shadows_walkthrough.ipynb": (".hk-next", _walkthrough),
    "skytear_odds.ipynb": (".sk-forecast", None),
    "skytear_play.ipynb": (".sk-status", None),
    "skytear_walkthrough.ipynb": (".hk-next", _walkthrough),
    "rules.ipynb": (".hk-lookup-rule", None),
    "lab.ipynb": (".hk-lab-about", _dropdown(".hk-lab-about")),
    "lab_answers.ipynb": (".hk-note", None),
}


def open_page(ctx, url: str, selector: str, act) -> tuple[float, float]:
    """Seconds from navigation to the control drawn, and to the interaction answered."""
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.locator(selector).first.wait_for(state="visible")
        drawn = time.perf_counter() - t0
        if act is not None:
            act(page)
        return drawn, time.perf_counter() - t0
    finally:
        page.close()


def kernel(server: Server, name: str, _seen: dict[str, int] = {}) -> str:  # noqa: B006
    """How the page got its kernel: preheated (waiting in a pool), new, or none needed."""
    if is_text_only(ROOT / "notebooks" / name):
        return "(no kernel)"
    used = len(
        re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(name)}", server.log_text())
    )
    before, _seen[name] = _seen.get(name, 0), used
    return "(preheated)" if used > before else "(new)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("serve_args", nargs="*", help="more `hordes-kit serve` options (after --)")
    ap.add_argument("--refill-wait", type=float, default=60, help="most seconds to wait for pools")
    ap.add_argument(
        "--pages",
        nargs="+",
        metavar="WORD",
        help="only the dashboards whose file name contains one of these words (served on "
        "their own, so only they are preheated)",
    )
    ap.add_argument("--repeat", type=int, default=1, help="warm opens per page (default 1)")
    args = ap.parse_args(argv)
    pages = {n: v for n, v in PAGES.items() if not args.pages or any(w in n for w in args.pages)}
    if not pages:
        ap.error(f"no dashboard matches {args.pages}")
    extra: list[str] = []
    if args.pages:  # a folder of only these pages: the server preheats them and no others
        folder = Path(tempfile.mkdtemp(prefix="hk-bench-pages-"))
        for name in {*pages, "index.ipynb"}:  # the server opens on the index
            shutil.copy(ROOT / "notebooks" / name, folder / name)
        extra = [f"--notebook-dir={folder}"]
    server = Server("--cull-idle=600", *extra, *args.serve_args)
    rows = []
    try:
        pools = server.wait_pools()
        print(
            f"browser benchmark: server ready in {server.ready:.1f} s"
            + (f", preheated kernels ready after {pools:.1f} s" if pools else ", no preheating")
        )
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=CHROMIUM_ARGS,
            )
            ctx = browser.new_context()  # one player's browser: its cache is kept between pages
            try:
                for name, (selector, act) in pages.items():
                    url = f"{server.url}/voila/render/{name}"
                    full = server.times_pools_full()
                    cold = open_page(ctx, url, selector, act) + (kernel(server, name),)
                    for _ in range(max(1, args.repeat)):
                        if name in server.pooled:
                            server.wait_pools(timeout=args.refill_wait, after=full)
                        else:
                            time.sleep(1)
                        full = server.times_pools_full()
                        warm = open_page(ctx, url, selector, act) + (kernel(server, name),)
                        rows.append((name, cold, warm))
                        print(
                            f"  {name:32s} cold: drawn {cold[0]:4.1f} s, usable {cold[1]:4.1f} s"
                            f" {cold[2]:9s} | warm: drawn {warm[0]:4.1f} s, usable"
                            f" {warm[1]:4.1f} s {warm[2]}",
                            flush=True,
                        )
            finally:
                browser.close()
    finally:
        server.stop()
    worst = max(max(c[1], w[1]) for _n, c, w in rows)
    print(f"  slowest page usable after {worst:.1f} s (target: 2 s on the 2-core machine)")


if __name__ == "__main__":
    main()
