"""The server's kernel budget: a cap on kernels (preheated ones included), pools kept warm
within it, and memory handed back to the system after kernels are shut down.

Every dashboard page runs in its own kernel (a Python process of 60-260 MB). The cap
bounds them; a page beyond it is turned away with a friendly page (``TableFull``)
instead of starting a kernel the machine cannot hold.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import os
import time
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from tornado.web import HTTPError
from traitlets import Bool, Int, default

from hordes_kit.serve.guard import roomy_zmq_context
from hordes_kit.serve.launch import KernelTemplate, adopt_orphans, can_fork
from hordes_kit.serve.listen import PREHEAT_ENV, kernel_env
from hordes_kit.serve.liveness import CONNECT_WITHIN, HEARTBEAT_WITHIN, PageWatch, WatchedKernels

__all__ = [
    "KERNEL_MB",
    "TableFull",
    "KitKernelManager",
    "memory_limit_mb",
    "default_max_kernels",
    "pool_plan",
    "pool_sizes",
    "rebalance",
    "give_memory_back",
    "fewer_arenas",
]

KERNEL_MB = 300  # one dashboard kernel, with room to grow while played (measured 60-260 MB)
SERVER_MB = 400  # the server itself, with headroom (measured 80 MB idle, ~300 MB at its peak)
MOST_USED = (  # dashboards to keep preheated first, most used at the table first
    "fantahzee_odds.ipynb",
    "fantahzee_play.ipynb",
    "heroes_hordes_play.ipynb",
    "the_horde_play.ipynb",
    "heroes_hordes_odds.ipynb",
    "the_horde_odds.ipynb",
    "fantahzee_walkthrough.ipynb",
    "heroes_hordes_walkthrough.ipynb",
    "the_horde_walkthrough.ipynb",
)

BURST = 6  # friends opening one page at the same moment (issue 44's playgroup)
TOGETHER = ("_play.ipynb", "_walkthrough.ipynb")  # pages a playgroup opens together, in order


class TableFull(HTTPError):
    """Every kernel the server may run is in use: the page is turned away (HTTP 503)."""

    def __init__(self) -> None:
        super().__init__(503, reason="The table is full")


def _read_int(path: str) -> int | None:
    try:
        text = Path(path).read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def memory_limit_mb() -> int:
    """Memory this server may use: the machine's, or a container's limit if lower (Binder)."""
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        limit = _read_int(path)  # "max" (no limit) reads as None
        if limit is not None:
            total = min(total, limit // 2**20)
    return total


def default_max_kernels(limit_mb: int | None = None) -> int:
    """How many kernels fit: 2 GB (Binder) -> 5, 24 GB -> 64 (at most 64, at least 2).

    >>> default_max_kernels(2048), default_max_kernels(24 * 1024), default_max_kernels(512)
    (5, 64, 2)
    """
    limit_mb = memory_limit_mb() if limit_mb is None else limit_mb
    return max(2, min(64, (limit_mb - SERVER_MB) // KERNEL_MB))


def pool_plan(dashboards: list[str], max_kernels: int, preheat: int | None = None) -> list[str]:
    """The dashboards kept preheated (one kernel each), most used first.

    By default at most a third of the cap is held by waiting kernels, so pages
    without a pool still find seats: 5 kernels (Binder) -> 1 preheated page, 64 (24 GB)
    -> every page. The pools fill one kernel at a time in this order
    (``KitKernelManager.keep_pools``), so warming them never starves a visitor.

    >>> pool_plan(["index.ipynb", "the_horde_play.ipynb", "fantahzee_odds.ipynb"], 5)
    ['fantahzee_odds.ipynb']
    >>> pool_plan(["a.ipynb", "fantahzee_odds.ipynb"], 64)
    ['fantahzee_odds.ipynb', 'a.ipynb']
    >>> pool_plan([f"{c}.ipynb" for c in "abcdef"], 12)
    ['a.ipynb', 'b.ipynb', 'c.ipynb', 'd.ipynb']
    """
    n = max_kernels // 3 if preheat is None else min(preheat, max_kernels)
    ranked = [d for d in MOST_USED if d in dashboards]
    ranked += sorted(d for d in dashboards if d not in ranked)
    return ranked[: max(0, n)]


def pool_sizes(
    pooled: list[str], max_kernels: int, forked: bool = True, burst: int = BURST
) -> dict[str, int]:
    """Kernels kept preheated for each pooled page: one each, then up to ``burst`` for the
    pages a playgroup opens at the same moment (the play pages, then the walkthroughs, in
    the plan's order), so six friends arriving together are each sent a page at once, not
    one at once and five after their notebooks ran (1.3-2.7 s). The extra kernels leave
    room under the cap for two playgroups' kernels started afresh, and are kept only when
    kernels are forked from the template (a pooled fork holds 26-35 MB of its own, not the
    300 MB the cap gives a played kernel). 24 GB (a cap of 64): the five play pages and
    Fantahzee's walkthrough keep six each, the next walkthrough four (52 kernels waiting,
    about 1.7 GB of their own); 8 GB (25): Fantahzee's play page six.

    >>> pool_sizes(["fantahzee_odds.ipynb", "fantahzee_play.ipynb"], 64)
    {'fantahzee_odds.ipynb': 1, 'fantahzee_play.ipynb': 6}
    >>> pool_sizes(["a_walkthrough.ipynb", "a_play.ipynb", "b_play.ipynb"], 21)
    {'a_walkthrough.ipynb': 1, 'a_play.ipynb': 6, 'b_play.ipynb': 2}
    >>> pool_sizes(["a_play.ipynb"], 5), pool_sizes(["a_play.ipynb"], 64, forked=False)
    ({'a_play.ipynb': 1}, {'a_play.ipynb': 1})
    """
    sizes = dict.fromkeys(pooled, 1)
    spare = max_kernels - 2 * burst - len(pooled) if forked else 0
    for suffix in TOGETHER:
        for page in pooled:
            if page.endswith(suffix) and spare > 0:
                more = min(burst - 1, spare)
                sizes[page] += more
                spare -= more
    return sizes


def rebalance(pooled: list[str], visits: Mapping[str, int], margin: int = 3) -> list[str] | None:
    """Preheating by measured use: the pools after one swap, or None to keep them.

    The page opened most often without a pool takes the place of the pooled page opened
    least (the last of the plan among equals) once it has been opened ``margin`` times
    more: the same number of kernels wait, for the pages this table actually opens. A page
    opened once or twice (a benchmark, a curious visitor) moves nothing.

    >>> rebalance(["a.ipynb", "b.ipynb"], {"c.ipynb": 3})
    ['a.ipynb', 'c.ipynb']
    >>> rebalance(["a.ipynb", "b.ipynb"], {"c.ipynb": 3, "a.ipynb": 1, "b.ipynb": 1}) is None
    True
    >>> rebalance([], {"c.ipynb": 9}) is None
    True
    """
    if not pooled:
        return None
    outside = [(n, k) for k, n in visits.items() if k not in pooled]
    if not outside:
        return None
    most, page = max(outside)
    least, victim = min((visits.get(k, 0), -i, k) for i, k in enumerate(pooled))[::2]
    if most < least + margin:
        return None
    return [page if k == victim else k for k in pooled]


_libc = None
M_ARENA_MAX = -8  # glibc's mallopt parameter


def _glibc():
    global _libc
    if _libc is None:
        name = ctypes.util.find_library("c")
        _libc = ctypes.CDLL(name) if name else False
    return _libc if _libc and hasattr(_libc, "malloc_trim") else None


def fewer_arenas() -> None:
    """Two malloc arenas for the server's threads, not 8 per core: less memory kept idle."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(M_ARENA_MAX, 2)


def give_memory_back() -> None:
    """Collect garbage cycles and hand freed heap pages back to the system (glibc)."""
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


class KitKernelManager(WatchedKernels, AsyncMappingKernelManager):
    """Kernels within a cap; preheated kernels count, are kept topped up and never culled; a
    page's kernel goes home when its browser does (``liveness.WatchedKernels``)."""

    max_kernels = Int(8, config=True, help="Most kernels running at once, preheated ones included.")
    warm_at_once = Int(
        1, config=True, help="Preheated kernels warming up (running their notebook) at once."
    )
    trim_delay = Int(3, config=True, help="Seconds after a shutdown before memory is given back.")
    connect_within = Int(
        CONNECT_WITHIN, config=True, help="Seconds a page's browser has to connect to its kernel."
    )
    heartbeat_within = Int(
        HEARTBEAT_WITHIN, config=True, help="Seconds a table page's browser may miss its beat."
    )
    fork_kernels = Bool(
        True, config=True, help="Fork page kernels from a template that has imported the kit."
    )

    def __init_subclass__(cls, **kwargs):
        # Voila makes its preheating manager a subclass of this one: a page takes a pool's
        # warmest kernel (Voila takes the oldest, which may still be starting while a later
        # one waits ready), and Voila's delayed refill after a take (every missing kernel at
        # once, fill_delay s later) is left to keep_pools, one kernel at a time
        super().__init_subclass__(**kwargs)
        take = cls.__dict__.get("get_rendered_notebook")
        fill = cls.__dict__.get("fill_if_needed")
        if take is not None:

            async def get_rendered_notebook(self, notebook_name=None, *args, **kw):
                self.ready_first(notebook_name)
                return await take(self, notebook_name, *args, **kw)

            cls.get_rendered_notebook = get_rendered_notebook
        if fill is not None:

            def fill_if_needed(self, delay=None, notebook_name=None, **kw):
                if delay is None:  # Voila's refill after a take (its only call without one)
                    return None
                return fill(self, delay=delay, notebook_name=notebook_name, **kw)

            cls.fill_if_needed = fill_if_needed

    @default("kernel_manager_class")
    def _default_kernel_manager_class(self):
        return "hordes_kit.serve.launch.KitKernel"

    @default("context")
    def _context_default(self):
        return roomy_zmq_context(super()._context_default())

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Voila starts every pool at once as soon as this returns (16 notebooks running
        # together kept a 2-core machine busy and the first visitors waiting): it is shown
        # empty pools, and keep_pools fills the real ones one kernel at a time, in order.
        self._hk_pools: dict | None = None
        self._last_visit = -1e9  # time.monotonic() when a page was last opened
        if self.has_trait("kernel_pools_config"):
            self._hk_pools = dict(self.kernel_pools_config)
            self.kernel_pools_config = {"default": {"pool_size": 0}}
        self._trim_handle: asyncio.TimerHandle | None = None
        self._keeper: PeriodicCallback | None = None
        self._pools_full = False
        self.visits: Counter[str] = Counter()  # pages opened since the server started
        self.watch = PageWatch(self.connect_within, self.heartbeat_within)
        self.hk_loopback_port: int | None = None  # with TLS: where preheated kernels ask
        self.hk_template: KernelTemplate | None = None  # what KitKernel forks kernels from

    # --- the cap -------------------------------------------------------------------------
    def kernels_in_use(self) -> int:
        """Kernels running or starting (a failed start does not count)."""
        starting = {k for k, t in self._pending_kernels.items() if not t.done()}
        return len(set(self._kernels) | starting)

    def has_room(self) -> bool:
        return self.kernels_in_use() < self.max_kernels

    async def start_kernel(self, *, kernel_id=None, **kwargs):  # type: ignore[override]
        """Start a kernel if the cap allows it; otherwise raise TableFull."""
        if kernel_id is None or kernel_id not in self:
            # no await between this check and the kernel being registered as pending,
            # so pages arriving together cannot all slip under the cap
            if not self.has_room():
                raise TableFull()
        env = kwargs.get("env")
        kernel_env(env, self.hk_loopback_port)
        kernel_id = await super().start_kernel(kernel_id=kernel_id, **kwargs)
        if (env or {}).get(PREHEAT_ENV) != "True":  # a pool's kernel is nobody's yet
            self.watch.claimed(kernel_id)
        return kernel_id

    # --- preheated pools -------------------------------------------------------------------
    def pooled_ready(self, notebook: str) -> bool:
        """True if ``notebook`` has a preheated kernel ready (failed pool starts are dropped)."""
        pool = getattr(self, "_pools", {}).get(notebook)
        if not pool:
            return False
        for task in list(pool):
            if task.done() and (task.cancelled() or task.exception() is not None):
                pool.remove(task)
        return any(t.done() for t in pool)

    def ready_first(self, notebook: str | None) -> None:
        """Order ``notebook``'s pool for the next page: kernels that have run the whole
        notebook first, then kernels started and still running it, then kernels starting
        (each group oldest first); failed starts are dropped."""
        pool = getattr(self, "_pools", {}).get(notebook)
        if not pool:
            return
        self.pooled_ready(notebook)  # drops failed starts

        def rank(task: asyncio.Task) -> int:
            if not task.done():
                return 2
            return 0 if task.result()["task"].done() else 1

        pool.sort(key=rank)  # stable: oldest first within each group

    def pooled_warm(self, notebook: str) -> int:
        """How many preheated kernels of ``notebook`` have run the whole notebook."""
        if not self.pooled_ready(notebook):
            return 0
        return sum(t.done() and t.result()["task"].done() for t in self._pools[notebook])

    def pooled_kernel_ids(self) -> set[str]:
        out = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    out.add(task.result()["kernel_id"])
        return out

    def warming(self) -> int:
        """Pooled kernels starting or still running their notebook."""
        n = 0
        for pool in getattr(self, "_pools", {}).values():
            for t in pool:
                if not t.done():
                    n += 1
                elif not t.cancelled() and t.exception() is None:
                    n += not t.result()["task"].done()
        return n

    def note_visit(self, notebook: str) -> None:
        """A page was opened: counted for preheating by measured use (``rebalance``)."""
        self.visits[notebook] += 1
        self._last_visit = time.monotonic()

    def _rebalance(self) -> None:
        """Move a pool to the page opened most, once its old page's kernel is idle."""
        config = dict(getattr(self, "kernel_pools_config", {}))
        pooled = [n for n, c in config.items() if n != "default" and c.get("pool_size", 0) > 0]
        plan = rebalance(pooled, self.visits)
        if plan is None:
            return
        (old,) = set(pooled) - set(plan)
        (new,) = set(plan) - set(pooled)
        tasks = list(self._pools.get(old, []))
        if not all(t.done() for t in tasks) or not all(
            t.cancelled() or t.exception() is not None or t.result()["task"].done() for t in tasks
        ):
            return  # its kernel is still starting: swap on a later round
        config[new] = config.pop(old)  # the same number of kernels, for the page opened most
        self.kernel_pools_config = config
        for t in tasks:
            if not t.cancelled() and t.exception() is None:
                asyncio.ensure_future(self.shutdown_kernel(t.result()["kernel_id"]))
        self._pools.pop(old, None)
        self.log.info(
            "hordes-kit: preheating %s instead of %s (opened %d and %d times)",
            new,
            old,
            self.visits[new],
            self.visits[old],
        )

    def keep_pools(self) -> None:
        """Refill pools while there is room, one kernel warming at a time, the most used
        page first; pooled kernels always look fresh to the culler; a pool moves to the
        page opened most (``rebalance``); a kernel template that died is started again."""
        if self.hk_template is not None:
            self.hk_template.ensure_running()  # a template that died: a new one
        pools = getattr(self, "_pools", None)
        if pools is None:
            return
        if self._hk_pools is not None:  # Voila has set up its (empty) pools: ours now
            self.kernel_pools_config, self._hk_pools = self._hk_pools, None
        self._rebalance()
        now = utcnow()
        for kid in self.pooled_kernel_ids():
            if kid in self._kernels:  # taken from a pool a moment ago: not culled before use
                self._kernels[kid].last_activity = now
        config = getattr(self, "kernel_pools_config", {})
        # every page's first kernel before any page's second (the plan's order within each)
        wanted = [(n, c.get("pool_size", 0)) for n, c in config.items() if n != "default"]
        for notebook, _size in wanted:
            self.pooled_ready(notebook)  # drops failed starts
        wanted.sort(key=lambda w: len(pools.get(w[0], [])) > 0)
        for notebook, size in wanted:
            settling = time.monotonic() - self._last_visit < getattr(self, "fill_delay", 0)
            if settling or self.warming() >= self.warm_at_once or not self.has_room():
                break  # (a page just opened has the machine to itself for fill_delay s)
            if len(pools.get(notebook, [])) < size:
                self._fill_one(notebook)
        warm = [(self.pooled_warm(n), size) for n, size in wanted]
        full = all(n >= size for n, size in warm)
        if full and not self._pools_full:
            self.log.info("hordes-kit: kernel pools are full (%d kernels)", sum(n for n, _ in warm))
        self._pools_full = full

    def _fill_one(self, notebook: str) -> None:
        """Start one more preheated kernel for ``notebook`` (Voila's fill_if_needed starts
        every missing one at once: it is shown a pool one larger than it is)."""
        pools = self._pools
        config = self.kernel_pools_config
        shown = {
            **config,
            notebook: {**config[notebook], "pool_size": len(pools.get(notebook, [])) + 1},
        }
        self.kernel_pools_config = shown
        try:
            self.fill_if_needed(delay=0, notebook_name=notebook)
        finally:
            self.kernel_pools_config = config  # (no await in between: nobody saw it)

    def start_template(self) -> None:
        """Start the kernel template (``launch.KernelTemplate``): kernels are forked from it
        once it has imported the kit, started from nothing until then or without it."""
        if self.hk_template is None and self.fork_kernels and can_fork():
            adopt_orphans()  # the kernels of a template that died are reaped here
            self.hk_template = KernelTemplate(self.root_dir, self.log)
            self.hk_template.start()

    async def shutdown_all(self, *args, **kwargs):  # type: ignore[override]
        try:
            return await super().shutdown_all(*args, **kwargs)
        finally:
            if self.hk_template is not None:
                self.hk_template.stop()

    def start_keeper(self, every_s: float = 1) -> None:
        self.start_template()
        if self._keeper is None:
            asyncio.get_event_loop().call_soon(self.keep_pools)
            self._keeper = PeriodicCallback(self.keep_pools, every_s * 1000)
            self._keeper.start()
            self.watch.start(self.shut_pageless)

    # --- memory --------------------------------------------------------------------------
    async def shutdown_kernel(self, kernel_id, *args, **kwargs):  # type: ignore[override]
        self.watch.forget(kernel_id)
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._schedule_trim()

    def _schedule_trim(self) -> None:
        """Give memory back once, a moment after the last of a batch of shutdowns."""
        loop = asyncio.get_event_loop()
        if self._trim_handle is not None:
            self._trim_handle.cancel()
        self._trim_handle = loop.call_later(self.trim_delay, self._trim)

    def _trim(self) -> None:
        self._trim_handle = None
        give_memory_back()
        self.log.info("memory given back after kernel shutdown")
