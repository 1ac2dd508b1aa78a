"""The page's address: what ``?scenario=...&step=...`` or ``?rule=...`` asks a page to open.

Voila hands a page's query string to its kernel in two ways. A kernel started for the
request has it in ``os.environ["QUERY_STRING"]``. A preheated kernel ran the notebook
before anyone asked, so its environment is empty until the page is opened: the kernel
asks the server for it (``/voila/query/<kernel>``, as ``voila.utils.get_query_string()``
does, but with the key ``hordes-kit serve`` gives its kernels: the server lets no one
else ask, with its token or without) and waits until the page is opened. Waiting in the
notebook would hold the preheated kernel's last cell until a player came (the server
gives a cell three minutes, then the page is broken), so :func:`at_address` waits in a
background thread and does what the address asks when the page is opened. In plain
Jupyter or Python there is no address: the query is empty. :func:`query_string` is the
address as known now; :func:`page_query` checks the parameters a page reads
(``core.query``).

The same request tells the kernel who the page was served to: ``hordes-kit serve`` writes
the client's address into a request header of its own (over any the browser sent), and
Voila hands that header to the kernel with the query (:func:`who_asks`, for the limits on
new tables and short links in ``core.tables.quota``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import Check, parse_query
from hordes_kit.core.tables.quota import CLIENT_ENV, Asker, client_key
from hordes_kit.core.tables.shortlinks import expand_short
from hordes_kit.serve.dashboard import KERNEL_HEADER, KERNEL_KEY_ENV

__all__ = [
    "query_string",
    "page_query",
    "at_address",
    "address_pending",
    "follow_address",
    "client_address",
    "who_asks",
]

_preheated: str | None = None  # the preheated kernel's query, once the page has been opened
_waiting: list[Callable[[], object]] = []  # what to do when it is
_loop: asyncio.AbstractEventLoop | None = None  # the kernel's loop, where the jobs run
_lock = threading.Lock()
_log = logging.getLogger(__name__)
CONNECT_SECONDS = 30  # the server may be busy starting kernels when the page's kernel asks
_PAGE = secrets.token_hex(8)  # this kernel's page (Voila: one page, one kernel)


def address_pending() -> bool:
    """True in a preheated kernel whose page has not been opened yet."""
    return os.environ.get("VOILA_PREHEAT") == "True" and _preheated is None


def query_string() -> str:
    """The query string of the page this kernel serves ("" outside Voila, and "" in a
    preheated kernel until its page is opened: see :func:`at_address`)."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        return _preheated or ""
    return os.environ.get("QUERY_STRING", "")


def _request_info() -> dict[str, str]:
    """What the server tells a preheated kernel once its page is opened (the page's
    request: ``QUERY_STRING`` and the like), asked for as Voila's ``wait_for_request``
    does, with the server's key for its kernels."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    env = os.environ
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    host = f"[{ip}]" if ":" in ip else ip
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (
        f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{host}:{env.get('VOILA_APP_PORT', '8866')}"
        f"{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    )
    key = env.get(KERNEL_KEY_ENV)
    request = HTTPRequest(
        url,
        headers={KERNEL_HEADER: key} if key else {},
        connect_timeout=CONNECT_SECONDS,
        request_timeout=CONNECT_SECONDS,  # until the server answers; then the wait is open
    )

    async def ask() -> str | None:
        conn = await websocket_connect(request)
        try:
            return await conn.read_message()
        finally:
            conn.close()

    text = asyncio.run(ask())  # in this thread's own event loop (the kernel runs another)
    info = json.loads(text) if text else {}
    for name, value in info.items():
        env[name] = value  # as Voila's wait_for_request does: the page's request
    return info


def client_address() -> str:
    """The address the page was served to, as the kit's server saw it (a
    ``quota.client_key``: an IPv6 client's /64); "" outside the kit's server, and in a
    preheated kernel until its page is opened."""
    if address_pending():
        return ""
    return client_key(os.environ.get(CLIENT_ENV, ""))


def who_asks() -> Asker:
    """This page as it asks for a new table or short link (its kernel, its address)."""
    return Asker(_PAGE, client_address())


def _wait_for_the_page() -> None:
    global _preheated
    try:
        query = _request_info().get("QUERY_STRING") or ""
    except Exception:  # noqa: BLE001 - no address is better than no page
        _log.exception("the page's address could not be read")
        query = ""
    with _lock:
        _preheated = query
        todo = list(_waiting)
        _waiting.clear()
        loop = _loop
    # the jobs draw widgets and start the page's clocks: on the kernel's own loop, where
    # its clicks and clocks run (in this thread a table page's KernelClock found no loop and
    # never ran: the page took in other pages' moves only at its browser's 2-second check)
    if loop is not None and loop.is_running():
        loop.call_soon_threadsafe(_run, todo)
    else:
        _run(todo)


def _run(jobs: list[Callable[[], object]]) -> None:
    for job in jobs:
        try:
            job()
        except Exception:  # noqa: BLE001 - one widget's trouble must not stop the others
            _log.exception("opening the page's address failed")


def _cells_loop() -> asyncio.AbstractEventLoop | None:
    """The loop the kernel's cells run on (None in plain Python: a job then runs in the
    thread that waited for the page)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def at_address(job: Callable[[], str]) -> str:
    """Run ``job`` (which reads :func:`query_string`) now, or, in a preheated kernel, when
    its page is opened; returns what ``job`` returns now ("" when it is to run later)."""
    global _loop
    with _lock:
        if address_pending():
            _waiting.append(job)
            _loop = _cells_loop()
            if len(_waiting) == 1 and not any(
                t.name == "hk-page-address" for t in threading.enumerate()
            ):
                threading.Thread(
                    target=_wait_for_the_page, name="hk-page-address", daemon=True
                ).start()
            return ""
    return job()


def page_query(checks: Mapping[str, Check]) -> tuple[dict[str, object], str]:
    """The parameters a page reads, checked, and what was wrong in words ("" if nothing).

    A bad address never stops the page: it opens as if the query were empty and says why.
    A short link (``?short=ID``) is read as the query it keeps.
    """
    try:
        return parse_query(expand_short(query_string()), checks), ""
    except HordesKitError as e:
        return {}, str(e)


def follow_address(
    checks: Callable[[], Mapping[str, Check]],
    show: Callable[[dict[str, Any]], object],
    say: Callable[[str], object],
) -> str:
    """Open the question the page's address asks, through :func:`at_address`.

    ``checks()`` names the parameters a tool reads; ``show(wanted)`` puts the checked
    values on screen, all or nothing (it raises the kit's error before it changes anything
    when they do not fit together); ``say(problem)`` tells the player what was refused
    (the tool then stays as it opened). Returns what was wrong ("" when nothing).
    """

    def job() -> str:
        wanted, problem = page_query(checks())
        if wanted and not problem:
            try:
                show(wanted)
            except HordesKitError as e:
                problem = str(e)
        if problem:
            say(f"{problem}; the page opened as usual.")
        return problem

    return at_address(job)
