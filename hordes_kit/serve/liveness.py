"""Kernels of pages nobody is at go home: the server watches each page's browser.

The idle cull (``--cull-idle``) counts a kernel's own output as activity, and a page at a
shared table has a kernel that looks at the table four times a second by itself and
draws every move: a phone tab killed without ``beforeunload`` kept its kernel for as long
as the table was played. And a page fetched with no browser at all (a curl loop) held a
kernel for the whole idle cull. So the server also watches the browser of every page
that took a kernel:

- a page whose browser never opens the kernel's websocket gives its kernel back
  ``connect_within`` seconds after the page was sent (longer, up to ``loading_max``,
  while that address is still fetching the page's scripts and styles: a slow phone);
- a page whose table clock beats (the browser asks its kernel every 2 s while at a
  table, ``ui.shared_table.TableClock``) and then falls silent for
  ``heartbeat_within`` seconds gives its kernel back: its browser is gone. A page that
  leaves its table says so (``rest``) and is left to the idle cull.

Preheated kernels waiting in a pool belong to no page yet: the watch never sees them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field

from tornado.ioloop import PeriodicCallback

__all__ = [
    "CONNECT_WITHIN",
    "LOADING_MAX",
    "HEARTBEAT_WITHIN",
    "ASSET_PREFIXES",
    "Page",
    "PageWatch",
    "Visit",
    "WatchedPage",
    "WatchedKernels",
    "beat_of",
]

CONNECT_WITHIN = 30  # s after a page was sent for its browser to open the kernel's websocket
LOADING_MAX = 180  # s a page still fetching its files may take to connect (a slow phone)
# s a table page's browser may go without a beat (it beats every 2 s; a tab in the
# background beats at least once a minute, Chrome's slowest timer): with the check
# every 5 s, a gone browser's kernel is shut down within 105 s, under the 2 minutes
HEARTBEAT_WITHIN = 100
CHECK_EVERY_S = 5
# what a page fetches while its browser loads it (a curl loop fetches none of these); the
# kit's lean front end (lean.py) is under /hordes-kit/static/
ASSET_PREFIXES = (
    "/voila/static/",
    "/voila/templates/",
    "/voila/labextensions/",
    "/voila/api/",
    "/hordes-kit/static/",
)

_visit: ContextVar[Visit | None] = ContextVar("hordes_kit_page_visit", default=None)


@dataclass(eq=False)
class Visit:
    """One page request: who asked, and the kernels started or taken for it."""

    address: str
    kernels: list[str] = field(default_factory=list)
    over: bool = False


@dataclass
class Page:
    """What the server knows of one page's browser."""

    address: str
    sent: float | None = None  # when the page was sent (None: still being sent)
    sockets: int = 0  # websockets open now
    connected: bool = False  # the browser opened the kernel's websocket at least once
    heard: float = 0.0  # the browser's last message
    beating: bool = False  # its table clock beats


def beat_of(message: bytes | str) -> str | None:
    """``"beat"`` or ``"rest"`` when a browser's websocket message is its table clock's beat
    or its word that it stopped (it left the table), else None.

    >>> beat_of(json.dumps({"header": {"msg_type": "comm_msg"}, "content": {"data": {
    ...     "method": "custom", "content": {"type": "tick", "n": 3, "beat": True}}}}))
    'beat'
    >>> beat_of('{"header": {"msg_type": "comm_msg"}, "content": {"data": {"text": "beat"}}}')
    """
    if isinstance(message, str):
        raw = message.encode("utf-8", "replace")
    else:
        raw = bytes(message)
    if b"beat" not in raw and b"rest" not in raw:  # cheap: most messages are neither
        return None
    try:
        content = _content(raw)
        said = content["data"]["content"]
    except (ValueError, KeyError, TypeError, IndexError):
        return None
    if not isinstance(said, dict):
        return None
    if said.get("type") == "tick" and said.get("beat") is True:
        return "beat"
    if said.get("type") == "rest":
        return "rest"
    return None


def _content(raw: bytes) -> dict:
    """The content of a kernel message as the browser sent it (Jupyter's v1 binary framing,
    or the older JSON text)."""
    if raw[:1] == b"{":
        return json.loads(raw)["content"]
    # v1: the number of offsets, the offsets, then channel, header, parent, metadata, content
    count = int.from_bytes(raw[:8], "little")
    if not 6 <= count <= 64:
        raise ValueError("not a v1 message")
    offsets = [int.from_bytes(raw[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    return json.loads(raw[offsets[4] : offsets[5]])


class PageWatch:
    """The browsers of the pages that took a kernel; ``due`` says which kernels to shut down."""

    def __init__(
        self,
        connect_within: float = CONNECT_WITHIN,
        heartbeat_within: float = HEARTBEAT_WITHIN,
        loading_max: float = LOADING_MAX,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.connect_within = connect_within
        self.heartbeat_within = heartbeat_within
        self.loading_max = max(loading_max, connect_within)
        self.clock = clock
        self.pages: dict[str, Page] = {}
        self.fetching: dict[str, float] = {}  # address -> when it last fetched a page's file
        self._timer: PeriodicCallback | None = None

    # --- what the server tells it ----------------------------------------------------------
    def begin_visit(self, address: str) -> Visit:
        """A page request begins (in its own task): kernels claimed from here are its."""
        visit = Visit(address)
        _visit.set(visit)
        return visit

    def claimed(self, kernel_id: str) -> None:
        """A kernel was started or taken from a pool for the page request running now."""
        visit = _visit.get()
        if visit is not None and not visit.over:
            visit.kernels.append(kernel_id)
            self.pages[kernel_id] = Page(visit.address)

    def sent(self, visit: Visit) -> None:
        """The page was sent (or its request cut off): its browser's clock starts."""
        visit.over = True
        now = self.clock()
        for kid in visit.kernels:
            page = self.pages.get(kid)
            if page is not None and page.sent is None:
                page.sent = now

    def fetched(self, address: str, path: str) -> None:
        """A request finished: an asset fetch means a browser at that address is loading."""
        if path.startswith(ASSET_PREFIXES):
            self.fetching[address] = self.clock()

    def opened(self, kernel_id: str) -> None:
        page = self.pages.get(kernel_id)
        if page is not None:
            page.sockets += 1
            page.connected = True
            page.heard = self.clock()

    def closed(self, kernel_id: str) -> None:
        page = self.pages.get(kernel_id)
        if page is not None:
            page.sockets = max(0, page.sockets - 1)

    def heard(self, kernel_id: str, message: bytes | str) -> None:
        """A message from the page's browser to its kernel."""
        page = self.pages.get(kernel_id)
        if page is None:
            return
        page.heard = self.clock()
        said = beat_of(message)
        if said is not None:
            page.beating = said == "beat"

    def forget(self, kernel_id: str) -> None:
        self.pages.pop(kernel_id, None)

    # --- what it decides ---------------------------------------------------------------------
    def due(self, busy: Callable[[str], bool] = lambda _kid: False) -> list[tuple[str, str]]:
        """The kernels whose page has no browser, each with the reason in words."""
        now = self.clock()
        out = []
        for kid, page in self.pages.items():
            if busy(kid):
                continue  # a kernel still working (a page being drawn) is never cut off
            if not page.connected and page.sent is not None:
                waited = now - page.sent
                loading = now - self.fetching.get(page.address, -1e18) < self.connect_within
                if waited > self.connect_within and not (loading and waited < self.loading_max):
                    out.append((kid, f"its browser never connected ({waited:.0f} s)"))
            elif page.beating and now - page.heard > self.heartbeat_within:
                out.append((kid, f"its browser stopped answering ({now - page.heard:.0f} s)"))
        for address, at in list(self.fetching.items()):
            if now - at > self.loading_max:
                del self.fetching[address]
        return out

    def start(self, check: Callable[[], object], every_s: float = CHECK_EVERY_S) -> None:
        """Run ``check`` every ``every_s`` seconds on the server's loop."""
        if self._timer is None:
            self._timer = PeriodicCallback(check, every_s * 1000)
            self._timer.start()


class WatchedPage:
    """Mixed into the page handler: tells the kernel manager's watch when a page request
    begins and when the page has been sent."""

    def hk_begin_visit(self) -> None:
        watch = getattr(self.kernel_manager, "watch", None)
        self._hk_visit = watch.begin_visit(self.request.remote_ip) if watch else None

    def _hk_page_sent(self) -> None:
        visit = getattr(self, "_hk_visit", None)
        if visit is not None and not visit.over:
            self.kernel_manager.watch.sent(visit)

    def on_finish(self) -> None:
        super().on_finish()
        self._hk_page_sent()

    def on_connection_close(self) -> None:
        super().on_connection_close()
        self._hk_page_sent()


class WatchedKernels:
    """Mixed into the kernel manager (which makes ``self.watch``): kernels claimed by the
    page that takes them, and shut down when ``PageWatch.due`` says their browser is gone."""

    def __init_subclass__(cls, **kwargs):
        # Voila makes its preheating manager a subclass of ours: a kernel taken from a pool
        # belongs to the page that took it from then on
        super().__init_subclass__(**kwargs)
        take = cls.__dict__.get("get_rendered_notebook")
        if take is not None:

            async def get_rendered_notebook(self, *args, **kw):
                task, cache, kernel_id = await take(self, *args, **kw)
                self.watch.claimed(kernel_id)
                return task, cache, kernel_id

            cls.get_rendered_notebook = get_rendered_notebook

    async def shut_pageless(self) -> None:
        """Shut down the kernels whose page has no browser."""
        kernels = self._kernels

        def busy(kid: str) -> bool:
            return kid in kernels and getattr(kernels[kid], "execution_state", "") == "busy"

        for kid, why in self.watch.due(busy):
            self.watch.forget(kid)
            if kid in kernels:
                self.log.info("hordes-kit: closing a page's kernel %s: %s", kid, why)
                await self.shutdown_kernel(kid)
