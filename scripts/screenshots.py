"""`make screenshots`: the README's pictures, taken from the real served pages.

Starts `hordes-kit serve` on a free port, opens each game's board, a walkthrough step and
its odds page in headless Chromium at 1280 px (the board at 390 px too, as on a phone),
and writes them as WebP to docs/img/ (each under 150 KB). The boards deal a fixed seed,
so a picture changes only when its page does. Run it after changing what a page shows.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests")]
from _server import Server  # noqa: E402 - benchmarks/_server.py: the server as players start it
from conftest import CHROMIUM_ARGS  # noqa: E402 - the browser tests' Chromium flags

OUT = ROOT / "docs" / "img"
GAMES = ("fantahzee", "skytear", "shadows", "the_horde", "heroes_hordes")
LIMIT = 150 * 1024  # bytes a picture may take
NEW_GAME = re.compile(r"^(Start a )?[Nn]ew game$")  # each board's button
SEED = 7  # the boards' deal (the seed the browser tests play)
TIMEOUT = 180_000
WIDE, PHONE = (1280, 820), (390, 844)
# the first control of each kind of page: drawn means the page is ready
READY = {
    "play": ".hk-seed input",
    "walkthrough": ".hk-next",
    "odds": ".widget-html, .widget-button",
}
MOVES = {  # a board's moves before its picture: (its "decide for me" button, or None: the
    # first move offered, clicked) and how many
    "fantahzee": (None, 0),  # it opens on the bot's turn, under way
    "skytear": (None, 4),
    "shadows": (None, 3),
    "the_horde": (re.compile(r"^Decide for me"), 6),
    "heroes_hordes": (re.compile(r"^(Draw the Fate card|Let the bot choose)$"), 12),
}
BOARD_TOP = {  # where a board's picture starts: its status line, above the table
    "fantahzee": ".hk-step[data-moves]",
    "skytear": ".sk-status",
    "shadows": ".sh-status",
    "the_horde": "h1",
    "heroes_hordes": "h1",
}
ODDS_READY = {  # an odds page's own answer, drawn once its first computation is done
    "fantahzee": ".hk-preset select",
    "skytear": ".sk-forecast",
    "shadows": ".sh-run",
    "the_horde": ".hk-battle-odds",
    "heroes_hordes": ".hk-battle-result",
}


def settle(page: Page) -> None:
    """Wait until the page stops changing (widgets drawn, fonts loaded)."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")
    time.sleep(1.0)


def top(page: Page, selector: str) -> None:
    """Scroll the page (Voila scrolls a panel, not the window) so ``selector`` is at the top."""
    page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.3)


def shoot(page: Page, path: Path, width: int, height: int) -> int:
    """The visible window as WebP (Chromium's own encoder), at the best quality that fits
    the limit; returns its size in bytes."""
    x, y = page.evaluate("[window.scrollX, window.scrollY]")
    cdp = page.context.new_cdp_session(page)
    try:
        for quality in (82, 72, 62, 52, 42):
            shot = cdp.send(
                "Page.captureScreenshot",
                {
                    "format": "webp",
                    "quality": quality,
                    "clip": {"x": x, "y": y, "width": width, "height": height, "scale": 1},
                },
            )
            data = base64.b64decode(shot["data"])
            if len(data) <= LIMIT:
                break
    finally:
        cdp.detach()
    path.write_bytes(data)
    return len(data)


def play(page: Page, game: str) -> None:
    """Make a few moves (a picture of a game under way, not of an empty table): press the
    board's "decide for me" button, or click the first move it offers; stops early where
    nothing is offered."""
    button, moves = MOVES[game]
    for _ in range(moves):
        if button is not None:
            target = page.get_by_role("button", name=button).first
        else:
            target = page.locator(
                ".sk-board [data-action]:not([data-action^='odds:']), "
                ".sh-board [data-action]:not([data-action^='odds:'])"
            ).first
        if not target.count() or not target.is_enabled():
            return
        target.click()
        time.sleep(1.0)


def open_board(page: Page, url: str, game: str) -> None:
    page.goto(url)
    page.locator(READY["play"]).first.wait_for(state="visible")
    box = page.locator(".hk-seed input").first
    box.fill(str(SEED))
    box.press("Enter")
    page.get_by_role("button", name=NEW_GAME).first.click()
    time.sleep(2.0)  # the bot's paced moves, if it opens
    play(page, game)
    settle(page)
    top(page, BOARD_TOP[game])


def open_walkthrough(page: Page, url: str) -> None:
    """The game's first worked example (its second scenario file, after the first lesson)
    at its fourth step, scrolled to the step."""
    page.goto(url)
    page.locator(READY["walkthrough"]).first.wait_for(state="visible")
    settle(page)
    top(page, ".hk-next")


def open_odds(page: Page, url: str, game: str) -> None:
    page.goto(url)
    page.locator(ODDS_READY[game]).first.wait_for(state="visible")
    settle(page)


def example(game: str, step: int = 3) -> str:
    """The address of the game's first worked example at ``step``."""
    from hordes_kit.core.scenario import load_scenario, scenario_files

    files = scenario_files(game)
    scenario = load_scenario(files[1] if len(files) > 1 else files[0])
    return f"scenario={scenario.id}&step={step}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    server = Server("--cull-idle=600", "--preheat=0")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=CHROMIUM_ARGS,
            )
            try:
                for game in args.games:
                    base = f"{server.url}/voila/render/{game}"
                    jobs = [
                        (
                            "board",
                            WIDE,
                            lambda p, b=base, g=game: open_board(p, f"{b}_play.ipynb", g),
                        ),
                        (
                            "phone",
                            PHONE,
                            lambda p, b=base, g=game: open_board(p, f"{b}_play.ipynb", g),
                        ),
                        (
                            "walkthrough",
                            WIDE,
                            lambda p, b=base, g=game: open_walkthrough(
                                p, f"{b}_walkthrough.ipynb?{example(g)}"
                            ),
                        ),
                        (
                            "odds",
                            WIDE,
                            lambda p, b=base, g=game: open_odds(p, f"{b}_odds.ipynb", g),
                        ),
                    ]
                    for kind, (width, height), opener in jobs:
                        ctx = browser.new_context(viewport={"width": width, "height": height})
                        page = ctx.new_page()
                        page.set_default_timeout(TIMEOUT)
                        try:
                            opener(page)
                            path = OUT / f"{game}-{kind}.webp"
                            size = shoot(page, path, width, height)
                            print(f"  {path.relative_to(ROOT)}: {size / 1024:.0f} KB", flush=True)
                        finally:
                            ctx.close()
            finally:
                browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
