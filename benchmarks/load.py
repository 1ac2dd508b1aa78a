"""`make load`: a playgroup opening 10 dashboard pages at once, round after round; then the
floods and the tables of issue 39.

Starts `hordes-kit serve` on a free port with a short idle cull, then for each round
loads every dashboard at once over HTTP (the whole page, as a browser receives it) and
prints: render time of each page, memory per kernel, the server's own memory at its peak
and after the cull, and how long the cull took. Then, each on a server of its own:
50 page loads at once with --max-kernels 6 and 1,000 half-open connections
(load_floods.py), 5 tables of 2 seats clicking for 2 minutes (load_tables.py). Figures are
printed, never asserted, with the machine's load average (the machine may be shared).
"""

from __future__ import annotations

import argparse
import statistics
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from _server import NOTEBOOKS, ROOT, Server, mb

from hordes_kit.serve.pages import is_text_only

PAGES = list(NOTEBOOKS)  # the 10 dashboards, each opened once per round


def load(url: str) -> tuple[float, int]:
    """Seconds to receive the whole page, and its HTTP status (0: no answer in 180 s)."""
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=180) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        e.read()
        status = e.code
    except OSError:  # timed out: Voila sometimes never finishes a page
        status = 0
    return time.perf_counter() - t, status


def wait_culls(server: Server, before: int, n: int, timeout: float) -> float | None:
    """Seconds until the server has culled ``n`` more idle kernels (None: not within timeout)."""
    t = time.monotonic()
    while time.monotonic() - t < timeout:
        if server.log_text().count("due to") - before >= n:  # "Culling ... due to N s idle"
            return time.monotonic() - t
        time.sleep(0.25)
    return None


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cull-idle", type=int, default=10, help="the server's idle cull (s)")
    ap.add_argument(
        "--only",
        default="rounds,burst,half-open,tables",
        help="what to run, comma-separated: rounds, burst, half-open, tables (default: all)",
    )
    ap.add_argument("serve_args", nargs="*", help="more `hordes-kit serve` options (after --)")
    args = ap.parse_args(argv)
    parts = {p.strip() for p in args.only.split(",")}
    if "rounds" in parts:
        rounds(args)
    if "burst" in parts or "half-open" in parts:
        import load_floods

        if "burst" in parts:
            load_floods.run_burst()
        if "half-open" in parts:
            load_floods.run_half_open()
    if "tables" in parts:
        from load_tables import run_tables

        run_tables()


def rounds(args: argparse.Namespace) -> None:
    """The rounds of 10 dashboard loads at once, with the cull between them."""
    server = Server(f"--cull-idle={args.cull_idle}", *args.serve_args)
    try:
        pools = server.wait_pools()
        floor = len(server.kernels())
        print(
            f"load test: {len(PAGES)} dashboard pages at once, {args.rounds} rounds, idle cull "
            f"{args.cull_idle} s; server ready in {server.ready:.1f} s"
            + (f", kernel pools full after {pools:.1f} s ({floor} kernels)" if pools else "")
        )
        print(f"server RSS at start: {mb(server.rss())}")
        kernel_pages = sum(not is_text_only(ROOT / "notebooks" / n) for n in PAGES)
        for rnd in range(1, args.rounds + 1):
            culls, full = server.log_text().count("due to"), server.times_pools_full()
            t0 = time.monotonic()
            with ThreadPoolExecutor(len(PAGES)) as ex:
                results = list(ex.map(lambda n: load(f"{server.url}/voila/render/{n}"), PAGES))
            wall = time.monotonic() - t0
            kernels = server.kernel_rss()
            peak = server.rss()
            ok = [t for t, s in results if s == 200]
            refused = sum(1 for _t, s in results if s == 503)
            hung = sum(1 for _t, s in results if s == 0)
            print(
                f"round {rnd}: {len(ok)} pages in {wall:.1f} s (each {min(ok):.1f}-{max(ok):.1f} s,"
                f" median {statistics.median(ok):.1f} s)"
                + (f", {refused} turned away (table full)" if refused else "")
                + (f", {hung} never finished" if hung else "")
                if ok
                else f"round {rnd}: no page rendered ({[s for _t, s in results]})"
            )
            if rnd == 1:
                for name, (t, s) in zip(PAGES, results):
                    print(f"    {name:32s} {t:5.1f} s  HTTP {s}")
            if kernels:
                print(
                    f"    {len(kernels)} kernels, RSS per kernel {mb(min(kernels))}-"
                    f"{mb(max(kernels))} (mean {mb(statistics.mean(kernels))}); "
                    f"server RSS {mb(peak)}"
                )
            culled = wait_culls(server, culls, kernel_pages, timeout=args.cull_idle * 4 + 60)
            time.sleep(server_cleanup := 4)  # the server gives memory back a moment later
            print(
                "    cull: "
                + (
                    f"the {kernel_pages} page kernels shut down {culled:.1f} s after the pages"
                    " were served"
                    if culled is not None
                    else "kernels still running"
                )
                + f"; server RSS {server_cleanup} s later {mb(server.rss())}"
            )
            if pools is not None:  # the next round starts on full pools, as the first did
                refill = server.wait_pools(timeout=300, after=full)
                since = (refill or 0) - (t0 - server.started)
                print(f"    pools full again {since:.0f} s after the round began")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
