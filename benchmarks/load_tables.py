"""`make load`, the tables: 5 tables of 2 seats, each seat a page in Chromium, clicking moves
for 2 minutes; the time a move takes to reach the other page (from the click on one page to
the other page showing it, both read on the browser's clock), its median and 99th
percentile (target: p99 under 1 s on the 2-core machine), once the server has refilled the
preheated kernels the pages took. Also how long the pages took to connect to their kernels
once their HTML had arrived (the server gives a page whose browser never connects 30 s:
``serve.liveness.CONNECT_WITHIN``). Figures are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _server import Server, mb
from playwright.async_api import async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import CHROMIUM_ARGS  # noqa: E402 - the browser tests' Chromium flags

from hordes_kit.core.tables import TableSession, TableStore  # noqa: E402

__all__ = ["run_tables"]

PLAY = "/voila/render/fantahzee_play.ipynb"
FOREGROUND = [
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
TIMEOUT = 120_000
# the moves shown, and when each count was first shown (the browser's clock)
WATCH = """() => {
  window.hkSeen = [];
  const note = () => {
    const s = document.querySelector('.hk-fz-play .hk-step');
    const n = s ? Number(s.dataset.moves) : -1;
    const last = window.hkSeen[window.hkSeen.length - 1];
    if (!last || last[0] !== n) window.hkSeen.push([n, Date.now()]);
  };
  new MutationObserver(note).observe(document.body,
    { subtree: true, childList: true, attributes: true, attributeFilter: ['data-moves'] });
  note();
}"""
# this page's moves now (enabled buttons that play one: a die's button only marks it), or none
_MOVES_NOW = """Array.from(document.querySelectorAll('.hk-fz-play [data-action]'))
  .filter((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true'
    && !b.dataset.action.startsWith('die:') && !b.closest('.hk-shared-table')
    && b.offsetParent !== null)"""
CHOICES = f"() => {_MOVES_NOW}.length"
# click one of them at random; the browser's clock at the click
CLICK = (
    """(k) => {
  const all = """
    + _MOVES_NOW
    + """;
  const t = Date.now();
  all[k % all.length].click();
  return t;
}"""
)
MOVES = "() => window.hkSeen.length ? window.hkSeen[window.hkSeen.length - 1][0] : -1"
SEEN_FROM = "(m) => { const e = window.hkSeen.find((x) => x[0] >= m); return e ? e[1] : null; }"


def _tables(db: Path, n: int) -> list[tuple[str, str]]:
    """``n`` new two-seat Fantahzee tables: each its code and the first seat's key."""
    store = TableStore(db)
    out = []
    try:
        for i in range(n):
            session, secret = TableSession.create(
                store,
                "fantahzee",
                {"players": 2, "names": [f"Ana {i + 1}", f"Ben {i + 1}"]},
                [(f"Ana {i + 1}", "person"), (f"Ben {i + 1}", "person")],
                lambda state, rng: rng.choice(state.legal_actions()),
            )
            out.append((session.code, secret))
    finally:
        store.close()
    return out


async def _until(page, script: str, arg, test, timeout: float):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = await page.evaluate(script, arg)
        if test(value):
            return value
        await asyncio.sleep(0.02)
    return None


async def _play(pages, seconds: float, rng: random.Random, out: list[float], lost: list):
    """One table: whichever page may move clicks a choice; the other page's time to show it."""
    end = time.monotonic() + seconds
    idle_since = time.monotonic()
    while time.monotonic() < end:
        counts = [await p.evaluate(CHOICES) for p in pages]
        movers = [i for i, c in enumerate(counts) if c]
        if len(movers) != 1:  # nobody's turn on screen yet (a move arriving), or game over
            if time.monotonic() - idle_since > 15:
                lost.append("no choice on either page for 15 s (game over?)")
                return
            await asyncio.sleep(0.1)
            continue
        idle_since = time.monotonic()
        mover, other = pages[movers[0]], pages[1 - movers[0]]
        before = await mover.evaluate(MOVES)
        clicked = await mover.evaluate(CLICK, rng.randrange(1000))
        after = await _until(mover, MOVES, None, lambda m, b=before: m > b, 5)
        if after is None:  # refused (a card the rules do not allow now): another choice
            continue
        seen = await _until(other, SEEN_FROM, after, lambda t: t is not None, 10)
        if seen is None:
            lost.append(f"move {after} not on the other page within 10 s")
            continue
        out.append((seen - clicked) / 1000)
        await asyncio.sleep(rng.uniform(0.5, 1.5))  # the player looks before moving again


async def _main(server: Server, tables: list[tuple[str, str]], seconds: float) -> dict:
    connect: list[float] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium-headless-shell"),
            # each page stands for a player's own device, in front of them: none is
            # throttled as a background tab of one browser would be
            args=[*CHROMIUM_ARGS, *FOREGROUND],
        )
        try:
            ctx = await browser.new_context()

            async def seat(address: str):
                page = await ctx.new_page()
                page.set_default_timeout(TIMEOUT)
                got: dict[str, float] = {}

                def finished(request):
                    if request.resource_type == "document" and "sent" not in got:
                        got["sent"] = time.monotonic()

                def socket(ws):
                    if "/channels" in ws.url and "ws" not in got:
                        got["ws"] = time.monotonic()

                page.on("requestfinished", finished)
                page.on("websocket", socket)
                await page.goto(server.url + PLAY + address, wait_until="commit")
                await page.locator(".hk-table-status").wait_for(state="visible")
                if "sent" in got and "ws" in got:
                    connect.append(got["ws"] - got["sent"])
                await page.evaluate(WATCH)
                return page

            full = server.times_pools_full()
            t0 = time.monotonic()
            pages = await asyncio.gather(
                *(
                    seat(address)
                    for code, secret in tables
                    for address in (f"?table={code}&seat={secret}", f"?table={code}&take=2")
                )
            )
            opened = time.monotonic() - t0
            # the pages took preheated kernels: the server starts others in their place
            # (several seconds of a core each), then the tables play on a settled server
            await asyncio.to_thread(server.wait_pools, 120, full)
            rng = random.Random(39)
            times: list[float] = []
            lost: list[str] = []
            kernels_rss = server.kernel_rss()
            await asyncio.gather(
                *(
                    _play(
                        pages[2 * i : 2 * i + 2], seconds, random.Random(rng.random()), times, lost
                    )
                    for i in range(len(tables))
                )
            )
        finally:
            await browser.close()
    return {
        "opened": opened,
        "connect": connect,
        "times": times,
        "lost": lost,
        "kernels": kernels_rss,
    }


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run_tables(n_tables: int = 5, seconds: float = 120) -> None:
    """Print the figures of ``n_tables`` two-seat tables played for ``seconds``."""
    db = Path(tempfile.mkdtemp(prefix="hk-load-tables-")) / "tables.sqlite3"
    server = Server(f"--db={db}", "--preheat=4", "--cull-idle=600")
    try:
        server.wait_pools()
        tables = _tables(db, n_tables)
        load = os.getloadavg()
        r = asyncio.run(_main(server, tables, seconds))
        times, connect = r["times"], r["connect"]
        print(
            f"tables: {n_tables} tables x 2 seats, {2 * n_tables} pages in one Chromium, opened"
            f" together in {r['opened']:.1f} s; each page connected to its kernel "
            f"{min(connect):.1f}-{max(connect):.1f} s after its HTML had arrived"
            if connect
            else "tables: pages opened (connect times not seen)"
        )
        if times:
            print(
                f"    {len(times)} moves in {seconds:.0f} s: a move reached the other page in "
                f"median {statistics.median(times):.2f} s, p90 {_pct(times, 90):.2f} s, "
                f"p99 {_pct(times, 99):.2f} s, slowest {max(times):.2f} s "
                f"(target: p99 under 1 s)"
            )
        for what in sorted(set(r["lost"])):
            print(f"    {r['lost'].count(what)} x {what}")
        k = r["kernels"]
        print(
            f"    {len(k)} kernels, {mb(sum(k))} in all; server RSS {mb(server.rss())}; "
            f"load average at the start {load[0]:.1f}, at the end {os.getloadavg()[0]:.1f}"
        )
    finally:
        server.stop()


if __name__ == "__main__":
    run_tables(
        int(sys.argv[1]) if len(sys.argv) > 1 else 5,
        float(sys.argv[2]) if len(sys.argv) > 2 else 120,
    )
