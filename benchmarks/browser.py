"""`make bench-browser`: how soon each dashboard is usable in a real browser.

Starts `hordes-kit serve` on a free port, waits for its preheated kernels, then opens
every dashboard in Chromium (Playwright) and times, from navigation:
  drawn   the page's first control is on screen;
  usable  a click (or choice) on it has been answered by the dashboard.
Each page is opened cold (its first load after the server started) and warm (again,
once the server has refilled its pools), in one browser whose cache is kept, as a
player's is. Then the friends scenario (friends.py): six browser contexts open each page
of a path (the index, a walkthrough, the five play pages) at the same moment, on a server
of its own. Every figure is printed with the machine's load average (the machine may be
shared); figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from _server import ROOT, Server
from playwright.async_api import Browser, BrowserContext, Page, async_playwright, expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import CHROMIUM_ARGS  # noqa: E402 - the browser tests' Chromium flags

from hordes_kit.serve.pages import is_text_only  # noqa: E402

TIMEOUT = 120_000
Act = Callable[[Page], Awaitable[None]]


async def _text_changes(page: Page, target: str, click: Callable[[], Awaitable[None]]) -> None:
    before = await page.locator(target).first.inner_text()
    await click()
    await expect(page.locator(target).first).not_to_have_text(before, timeout=TIMEOUT)


async def _moves_change(page: Page, click: Callable[[], Awaitable[None]]) -> None:
    await page.wait_for_selector(".hk-step[data-moves]")
    moves = await page.locator(".hk-step").get_attribute("data-moves")
    await click()
    await page.wait_for_function(
        "(m) => document.querySelector('.hk-step').dataset.moves !== m", arg=moves
    )


async def _walkthrough(page: Page) -> None:
    async def click() -> None:
        step = page.locator(".hk-next").first
        if await step.is_enabled():
            await step.click()
        elif await page.locator(".hk-answer").count():
            await page.locator(".hk-answer").first.click()
        else:  # a first lesson's "point at it" question: click a piece of the table
            await page.locator("[data-pointable]").first.click()

    await _text_changes(page, ".hk-narration", click)


async def _fz_odds(page: Page) -> None:
    await page.locator(".hk-preset select").select_option(label="Sergeant: a pair")
    await expect(page.locator(".hk-cost input")).to_have_value("XX", timeout=TIMEOUT)


def _dropdown(result: str) -> Act:
    async def act(page: Page) -> None:
        box = page.locator(".widget-dropdown select").first

        async def choose() -> None:
            await box.select_option(index=2)

        await _text_changes(page, result, choose)

    return act


async def _hh_play(page: Page) -> None:
    async def click() -> None:
        n = await page.locator(".hk-step").get_attribute("data-moves")
        choice = page.locator(f".hk-action.hk-m{n}")
        await (choice.first if await choice.count() else page.locator(".hk-draw")).click()

    await _moves_change(page, click)


async def _th_play(page: Page) -> None:
    await _moves_change(page, page.locator(".hk-fast").click)


# page -> (selector of its first control, the interaction that must be answered)
PAGES: dict[str, tuple[str, Act | None]] = {
    "index.ipynb": ("a[href='fantahzee_odds.ipynb']", None),
    "fantahzee_odds.ipynb": (".hk-preset select", _fz_odds),
    "fantahzee_play.ipynb": (".hk-step[data-moves]", None),
    "fantahzee_walkthrough.ipynb": (".hk-next", _walkthrough),
    "heroes_hordes_odds.ipynb": (".hk-battle-result", _dropdown(".hk-battle-result")),
    "heroes_hordes_play.ipynb": (".hk-step", _hh_play),
    "heroes_hordes_walkthrough.ipynb": (".hk-next", _walkthrough),
    "the_horde_odds.ipynb": (".hk-battle-odds", _dropdown(".hk-battle-odds")),
    "the_horde_play.ipynb": (".hk-fast", _th_play),
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
# seconds from navigation to the page's last byte: the server's part of an open (its kernel
# started or taken, the notebook run); the rest is the browser's
SENT = "performance.getEntriesByType('navigation')[0].responseEnd / 1000"


async def launch(pw) -> Browser:
    """Chromium as the browser tests launch it (``CHROMIUM_PATH``, else Debian's)."""
    return await pw.chromium.launch(
        executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"), args=CHROMIUM_ARGS
    )


async def open_page(
    ctx: BrowserContext, url: str, name: str, close: bool = True
) -> tuple[float, float, float, Page]:
    """Seconds from navigation to the page sent, its control drawn, and the interaction
    answered (``PAGES``); and the page (closed unless ``close`` is False)."""
    selector, act = PAGES[name]
    page = await ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        t0 = time.perf_counter()
        await page.goto(url, wait_until="commit")
        await page.locator(selector).first.wait_for(state="visible")
        drawn = time.perf_counter() - t0
        if act is not None:
            await act(page)
        usable = time.perf_counter() - t0
        sent = await page.evaluate(SENT)
        return sent, drawn, usable, page
    finally:
        if close:
            await page.close(run_before_unload=True)  # its kernel shut down as it is left


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
    ap.add_argument(
        "--friends",
        type=int,
        default=6,
        metavar="N",
        help="the friends scenario: N browser contexts open each page of a path at once, on a "
        "server of its own (default 6; 0: skip it)",
    )
    ap.add_argument(
        "--path",
        nargs="+",
        metavar="PAGE",
        help="the friends' pages, in order (default: the index, a walkthrough, the five play "
        "pages)",
    )
    ap.add_argument("--no-single", action="store_true", help="only the friends scenario")
    ap.add_argument(
        "--alone",
        action="store_true",
        help="friends: after each page, one friend opens it again on their own (a separate "
        "figure: one browser's own time, beside the six-at-once headline)",
    )
    ap.add_argument(
        "--kit",
        type=Path,
        metavar="DIR",
        help="serve the kit of another checkout (e.g. a worktree of main: figures before a "
        "change); the benchmark itself is this one",
    )
    args = ap.parse_args(argv)
    if not args.no_single:
        single(args)
    if args.friends > 0:
        from friends import PATH, run_friends

        path = args.path or PATH
        server = Server("--cull-idle=600", *args.serve_args, kit=args.kit)
        try:
            pools = server.wait_pools()
            print(
                f"friends: server ready in {server.ready:.1f} s"
                + (f", preheated kernels ready after {pools:.1f} s" if pools else "")
                + f" [{load_average()}]"
            )
            steps = run_friends(server, args.friends, path, alone=args.alone)
        finally:
            failed = any(s.failed for s in locals().get("steps", ()))
            server.stop(keep_log=failed)
            if failed:
                print(f"  (the server's log, for the failures: {server.log.name})")


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as `uptime` shows it."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def single(args: argparse.Namespace) -> None:
    """Each dashboard opened alone, cold then warm, in one browser."""
    pages = [n for n in PAGES if not args.pages or any(w in n for w in args.pages)]
    if not pages:
        raise SystemExit(f"no dashboard matches {args.pages}")
    extra: list[str] = []
    if args.pages:  # a folder of only these pages: the server preheats them and no others
        folder = Path(tempfile.mkdtemp(prefix="hk-bench-pages-"))
        for name in {*pages, "index.ipynb"}:  # the server opens on the index
            shutil.copy(ROOT / "notebooks" / name, folder / name)
        extra = [f"--notebook-dir={folder}"]
    server = Server("--cull-idle=600", *extra, *args.serve_args, kit=args.kit)
    try:
        pools = server.wait_pools()
        print(
            f"browser benchmark: server ready in {server.ready:.1f} s"
            + (f", preheated kernels ready after {pools:.1f} s" if pools else ", no preheating")
        )
        rows = asyncio.run(_single(server, pages, args))
    finally:
        server.stop()
    worst = max(max(c[2], w[2]) for _n, c, w in rows)
    print(f"  slowest page usable after {worst:.1f} s (target: 2 s on the 2-core machine)")


async def _single(server: Server, pages: list[str], args: argparse.Namespace) -> list:
    rows = []
    async with async_playwright() as pw:
        browser = await launch(pw)
        ctx = await browser.new_context()  # one player's browser: its cache kept between pages
        try:
            for name in pages:
                url = f"{server.url}/voila/render/{name}"
                full = server.times_pools_full()
                cold = (*(await open_page(ctx, url, name))[:3], kernel(server, name))
                for _ in range(max(1, args.repeat)):
                    if name in server.pooled:
                        await asyncio.to_thread(
                            server.wait_pools, timeout=args.refill_wait, after=full
                        )
                    else:
                        await asyncio.sleep(1)
                    full = server.times_pools_full()
                    warm = (*(await open_page(ctx, url, name))[:3], kernel(server, name))
                    rows.append((name, cold, warm))
                    print(
                        f"  {name:32s} cold: drawn {cold[1]:4.1f} s, usable {cold[2]:4.1f} s"
                        f" {cold[3]:9s} | warm: drawn {warm[1]:4.1f} s, usable"
                        f" {warm[2]:4.1f} s {warm[3]} [{load_average()}]",
                        flush=True,
                    )
        finally:
            await browser.close()
    return rows


if __name__ == "__main__":
    main()
