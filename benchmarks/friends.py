"""`make bench-browser`'s "friends" scenario: a playgroup opening the same page at once.

N friends, each a browser context of their own (its own cache, as a browser of their own
has), open a page at the same moment, and when every one of them can use it, the next
page of the path at the same moment again: the second page of a visitor may take its
scripts from that browser's cache. For each page it prints each friend's seconds from
navigation to the page sent (the server's part: a kernel started or taken, the notebook
run) and to the page's control usable (``browser.PAGES``), the kernels' own memory (unique
set size: what a kernel shares with no other process) while every friend's page is open,
what each friend fetched over the network (and how many files came from its cache), the
CPU seconds the browser, the server and the kernels took, and the machine's load
average as the page was opened: the machine may be shared, so compare figures taken at a
similar load. Every friend's browser runs on this machine, beside the server: the figures
include their contention for its cores. That is the headline figure. With ``--alone`` a
second, separately labelled line follows each page: once the server has refilled its
pools, one friend opens the page again on their own (what a friend sees from a device of
their own, where no other browser shares the cores), with that browser's CPU. Figures
are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import statistics
from dataclasses import dataclass, field

import psutil
from _server import Server, mb
from browser import PAGES, launch, load_average, open_page
from playwright.async_api import async_playwright

__all__ = ["PATH", "Step", "kernel_memory", "run_friends", "describe"]

# the index -> walkthrough path, then the five play pages, each opened by every friend
PATH = [
    "index.ipynb",
    "fantahzee_walkthrough.ipynb",
    "fantahzee_play.ipynb",
    "heroes_hordes_play.ipynb",
    "the_horde_play.ipynb",
    "shadows_play.ipynb",
    "skytear_play.ipynb",
]


def kernel_memory(server: Server) -> tuple[list[int], list[int]]:
    """Each running kernel's unique set size and resident size, in bytes."""
    uss, rss = [], []
    for k in server.kernels():
        try:
            full = k.memory_full_info()
        except psutil.Error:
            continue
        uss.append(full.uss)
        rss.append(full.rss)
    return uss, rss


class CpuClock:
    """CPU seconds taken by this machine's browser, server and kernel processes, sampled
    while they run (a process that exits keeps its last sample)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.seen: dict[tuple[int, float], tuple[str, float]] = {}

    def sample(self) -> None:
        kernels = {p.pid for p in self.server.kernels()}
        for p in [self.server.ps, *self._children(self.server.ps), *self._browsers()]:
            try:
                t = p.cpu_times()
                key = (p.pid, p.create_time())
            except psutil.Error:
                continue
            name = "kernels" if p.pid in kernels else "server" if p == self.server.ps else None
            try:
                if name is None:
                    name = "browser" if "chrom" in p.name() else "template"
            except psutil.Error:
                continue
            self.seen[key] = (name, t.user + t.system)

    @staticmethod
    def _children(p: psutil.Process) -> list[psutil.Process]:
        try:
            return p.children(recursive=True)
        except psutil.Error:
            return []

    @staticmethod
    def _browsers() -> list[psutil.Process]:
        out = []
        for c in CpuClock._children(psutil.Process()):
            try:
                if "chrom" in c.name():
                    out.append(c)
            except psutil.Error:  # a renderer that exited meanwhile
                continue
        return out

    def totals(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, t in self.seen.values():
            out[name] = out.get(name, 0.0) + t
        return out


@dataclass
class Step:
    """One page of the path: what each friend measured."""

    page: str
    sent: list[float] = field(default_factory=list)
    usable: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    load: str = ""
    uss: list[int] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)
    fetched: list[int] = field(default_factory=list)  # bytes over the network, each friend
    cached: list[tuple[int, int]] = field(default_factory=list)  # (from the cache, of files)
    alone: tuple[float, float, float, str] | None = None  # sent, usable, browser CPU, load


# what a page fetched: bytes over the network, and its files taken from the browser's cache
FETCHED = """() => {
  const all = performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .filter((e) => !e.name.startsWith('blob:'));
  const files = all.filter((e) => e.entryType === 'resource');
  return [all.reduce((n, e) => n + e.transferSize, 0),
          files.filter((e) => e.transferSize === 0 && e.decodedBodySize > 0).length,
          files.length];
}"""


async def _sampling(clock: CpuClock, stop: asyncio.Event) -> None:
    while not stop.is_set():
        await asyncio.to_thread(clock.sample)
        try:
            await asyncio.wait_for(stop.wait(), 0.25)
        except TimeoutError:
            pass


async def _step(server: Server, contexts: list, step: Step, clock: CpuClock) -> None:
    url = f"{server.url}/voila/render/{step.page}"
    step.load = load_average()
    before = clock.totals()
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sampling(clock, stop))
    results = await asyncio.gather(
        *(open_page(ctx, url, step.page, close=False) for ctx in contexts),
        return_exceptions=True,
    )
    step.uss, step.rss = await asyncio.to_thread(kernel_memory, server)
    stop.set()
    await sampler
    clock.sample()
    after = clock.totals()
    step.cpu = {k: after[k] - before.get(k, 0.0) for k in after}
    for r in results:
        if isinstance(r, BaseException):
            step.failed.append(f"{type(r).__name__}: {str(r).splitlines()[0] if str(r) else ''}")
        else:
            sent, _drawn, usable, page = r
            step.sent.append(sent)
            step.usable.append(usable)
            fetched, cached, files = await page.evaluate(FETCHED)
            step.fetched.append(fetched)
            step.cached.append((cached, files))
            await page.close(run_before_unload=True)  # its kernel shut down as it is left


async def _alone(server: Server, ctx, step: Step, clock: CpuClock, full: int) -> None:
    """One friend opens the page again on their own, once the pools are refilled."""
    if step.page in server.pooled:
        await asyncio.to_thread(server.wait_pools, timeout=180, after=full)
    else:
        await asyncio.sleep(1)
    load = load_average()
    clock.sample()
    before = clock.totals()
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sampling(clock, stop))  # the page's renderer is new
    sent, _drawn, usable, page = await open_page(
        ctx, f"{server.url}/voila/render/{step.page}", step.page, close=False
    )
    stop.set()
    await sampler
    clock.sample()  # before it is closed: a renderer that exits keeps its last sample
    browser = clock.totals().get("browser", 0.0) - before.get("browser", 0.0)
    step.alone = (sent, usable, browser, load)
    await page.close(run_before_unload=True)


async def _friends(server: Server, n: int, path: list[str], alone: bool) -> list[Step]:
    steps = [Step(name) for name in path]
    clock = CpuClock(server)
    clock.sample()  # the pools' kernels, already running: only what they take from here on
    async with async_playwright() as pw:
        browser = await launch(pw)
        try:
            contexts = [await browser.new_context() for _ in range(n)]
            for step in steps:
                full = server.times_pools_full()
                await _step(server, contexts, step, clock)
                await asyncio.sleep(1)  # the pages left, their kernels shut down
                if alone:
                    await _alone(server, contexts[0], step, clock, full)
                print("  " + describe(step), flush=True)
        finally:
            await browser.close()
    return steps


def run_friends(
    server: Server, n: int = 6, path: list[str] | None = None, alone: bool = False
) -> list[Step]:
    """``n`` friends follow ``path`` (each page opened by all at once); prints each page;
    ``alone``: then one of them opens it again on their own (a separate figure)."""
    path = path or PATH
    unknown = [p for p in path if p not in PAGES]
    if unknown:
        raise SystemExit(f"no dashboard {unknown[0]} (pages: {', '.join(PAGES)})")
    print(f"friends: {n} browser contexts open each page at the same moment", flush=True)
    steps = asyncio.run(_friends(server, n, path, alone))
    worst = max((max(s.usable) for s in steps if s.usable), default=float("nan"))
    print(f"  slowest friend usable after {worst:.1f} s (target: 2 s on the 2-core machine)")
    if alone:
        worst = max((s.alone[1] for s in steps if s.alone), default=float("nan"))
        print(f"  (one friend alone, not the target's figure: slowest page {worst:.1f} s)")
    return steps


def describe(step: Step) -> str:
    """A page's figures: each friend's, the kernels' memory, the CPU taken, the load."""
    usable = " ".join(f"{t:.1f}" for t in sorted(step.usable))
    sent = " ".join(f"{t:.1f}" for t in sorted(step.sent))
    line = f"{step.page:28s} usable {usable} s (page sent {sent} s) [{step.load}]"
    if step.uss:
        line += (
            f"\n    {len(step.uss)} kernels, USS {mb(min(step.uss))}-{mb(max(step.uss))}"
            f" (mean {mb(statistics.mean(step.uss))}), RSS {mb(min(step.rss))}-"
            f"{mb(max(step.rss))}"
        )
    if step.fetched:
        cached = sum(c for c, _ in step.cached) / len(step.cached)
        files = sum(f for _, f in step.cached) / len(step.cached)
        fetched = statistics.mean(step.fetched) / 2**20
        line += f"\n    each fetched {fetched:.2f} MB (mean), {cached:.0f} of {files:.0f} files"
        line += " from its cache"
    if step.cpu:
        taken = ", ".join(f"{k} {v:.1f}" for k, v in sorted(step.cpu.items()) if v >= 0.05)
        line += f"; CPU s: {taken}"
    if step.failed:
        line += f"\n    {len(step.failed)} failed: {step.failed[0]}"
    if step.alone:
        sent, usable, cpu, load = step.alone
        line += (
            f"\n    ALONE (one friend on their own once the pools refilled; not the six-at-once"
            f" figure): usable {usable:.1f} s (page sent {sent:.1f} s), browser CPU {cpu:.1f} s"
            f" [{load}]"
        )
    return line
