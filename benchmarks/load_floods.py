"""`make load`, the floods (issue 39): 50 page loads at once on a server of 6 kernels (how
many are served and refused, the server's memory, how soon the seats of pages no browser
showed are free again); 1,000 half-open connections from another address in 4 s while
players use their pages (every real page must stay usable within 5 s). Figures are
printed, never asserted.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _server import NOTEBOOKS, ROOT, Server, mb
from browser import PAGES, open_page
from load import load
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import CHROMIUM_ARGS  # noqa: E402 - the browser tests' Chromium flags

from hordes_kit.serve.pages import is_text_only  # noqa: E402

__all__ = ["run_burst", "run_half_open"]

KERNEL_PAGES = [n for n in NOTEBOOKS if not is_text_only(ROOT / "notebooks" / n)]


class Sampler(threading.Thread):
    """The server's memory and kernels, every 0.2 s, in the background: their peaks."""

    def __init__(self, server: Server) -> None:
        super().__init__(daemon=True)
        self.server, self.rss, self.kernels, self.done = server, 0, 0, threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                self.rss = max(self.rss, self.server.rss())
                self.kernels = max(self.kernels, len(self.server.kernels()))
            except Exception:  # noqa: BLE001 - a process gone between two looks
                pass
            time.sleep(0.2)


def run_burst(n: int = 50, max_kernels: int = 6) -> None:
    """``n`` dashboard loads at once (no browser) on a server of ``max_kernels`` kernels."""
    server = Server(f"--max-kernels={max_kernels}")
    try:
        server.wait_pools()
        pooled = len(server.kernels())
        start_rss = server.rss()
        sampler = Sampler(server)
        sampler.start()
        load_avg = os.getloadavg()[0]
        urls = [
            f"{server.url}/voila/render/{KERNEL_PAGES[i % len(KERNEL_PAGES)]}" for i in range(n)
        ]
        t0 = time.monotonic()
        with ThreadPoolExecutor(n) as ex:
            results = list(ex.map(load, urls))
        wall = time.monotonic() - t0
        served = [t for t, s in results if s == 200]
        refused = [t for t, s in results if s == 503]
        other = len(results) - len(served) - len(refused)
        print(
            f"burst: {n} dashboard loads at once, --max-kernels {max_kernels} ({pooled} "
            f"preheated): {len(served)} served, {len(refused)} refused (the table is full)"
            + (f", {other} failed" if other else "")
            + f", all answered in {wall:.1f} s (load average {load_avg:.1f})"
        )
        if served:
            print(f"    served in {min(served):.1f}-{max(served):.1f} s", end="")
        if refused:
            print(f"; refused in {min(refused):.2f}-{max(refused):.2f} s", end="")
        print(
            f"\n    server RSS {mb(start_rss)} before, {mb(sampler.rss)} at its peak; at most "
            f"{sampler.kernels} kernels at once"
        )
        # no browser showed these pages: their kernels go home (serve/liveness.py)
        t1 = time.monotonic()
        while len(server.kernels()) > pooled and time.monotonic() - t1 < 240:
            time.sleep(0.5)
        sampler.done.set()
        freed = time.monotonic() - t1
        print(
            f"    the pages' kernels (no browser ever connected) shut down {freed + wall:.0f} s "
            f"after the burst began; server RSS then {mb(server.rss())}"
        )
    finally:
        server.stop()


def _half_open(port: int, n: int, seconds: float, out: list, source: str = "127.0.0.2") -> None:
    start = time.monotonic()
    for i in range(n):
        s = socket.socket()
        s.settimeout(5)
        try:
            s.bind((source, 0))
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /voila/render/fantahzee_odds.ipynb HTTP/1.1\r\nHost: x\r\n")
            out.append(s)
        except OSError:
            s.close()
        time.sleep(max(0.0, start + seconds * (i + 1) / n - time.monotonic()))


def run_half_open(n: int = 1000, seconds: float = 4) -> None:
    """Players' pages during ``n`` half-open connections from one other address."""
    server = Server()
    socks: list[socket.socket] = []
    try:
        server.wait_pools()
        before_lines = len(server.log_text().splitlines())
        load_avg = os.getloadavg()[0]
        timings: list[tuple[str, float]] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium-headless-shell"),
                args=CHROMIUM_ARGS,
            )
            ctx = browser.new_context()
            try:
                # a player's page open before the flood
                odds = ctx.new_page()
                odds.set_default_timeout(120_000)
                odds.goto(f"{server.url}/voila/render/fantahzee_odds.ipynb")
                odds.locator(".hk-preset select").wait_for()
                flood = threading.Thread(
                    target=_half_open, args=(server.port, n, seconds, socks), daemon=True
                )
                flood.start()
                time.sleep(seconds / 2)  # in the middle of the flood
                t = time.perf_counter()
                PAGES["fantahzee_odds.ipynb"][1](odds)  # its next click answered
                timings.append(("a click on an open page", time.perf_counter() - t))
                for name in ("heroes_hordes_walkthrough.ipynb", "index.ipynb"):
                    selector, act = PAGES[name]
                    _drawn, usable = open_page(
                        ctx, f"{server.url}/voila/render/{name}", selector, act
                    )
                    timings.append((f"{name} opened and usable", usable))
                t, status = load(f"{server.url}/voila/render/fantahzee_walkthrough.ipynb")
                timings.append((f"a page fetched without a browser (HTTP {status})", t))
                flood.join()
            finally:
                browser.close()
        held = sum(1 for s in socks if _open(s))
        log = server.log_text().splitlines()[before_lines:]
        tracebacks = sum("Traceback" in line for line in log)
        print(
            f"half-open: {n} connections from one other address in {seconds:.0f} s "
            f"({len(socks)} accepted by the system, {held} still held by the server at the end;"
            f" load average {load_avg:.1f})"
        )
        for what, t in timings:
            print(f"    {what}: {t:.1f} s" + ("" if t <= 5 else "  (over 5 s)"))
        worst = max(t for _w, t in timings)
        print(
            f"    every real page usable within {worst:.1f} s (target 5 s); the server's log "
            f"grew {len(log)} lines ({tracebacks} tracebacks); server RSS {mb(server.rss())}"
        )
        time.sleep(25)  # the server closes what sends no request for 20 s
        print(f"    25 s later {sum(1 for s in socks if _open(s))} of them still open")
    finally:
        for s in socks:
            s.close()
        server.stop()


def _open(s: socket.socket) -> bool:
    s.setblocking(False)
    try:
        return s.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


if __name__ == "__main__":
    run_burst()
    run_half_open()
