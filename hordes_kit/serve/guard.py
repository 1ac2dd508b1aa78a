"""The server survives floods: connections and websockets are bounded, idle ones closed.

Measured before these bounds (issue 39): 1,100 connections that never finished their request,
opened in 4 s by one machine with no token, used up the server's 1,024 open files; every
accept then failed with a traceback, hundreds of thousands a minute, and no page loaded.
1,000 websockets to one page's kernel took the server from 157 to 496 MB and left file
descriptors open for good (each websocket holds four ZeroMQ sockets; ZeroMQ stops at 1,023).

- the open-files limit is raised to the system's hard limit at start (``raise_open_files``),
  and ZeroMQ may open as many sockets as half of it (``roomy_zmq_context``);
- one client address holds at most ``CONNECTIONS_PER_ADDRESS`` connections (the server's
  own kernels talk to it over loopback, one each: a loopback address gets one more per
  kernel), all addresses together what the open files leave after the kernels' share;
  more are closed as soon as they are accepted (``GuardedHTTPServer``);
- a connection that has not sent a whole request ``idle_s`` after it opened or after its
  last answer is closed; a body must arrive within ``BODY_TIMEOUT_S``;
- when the open files run out all the same, the server stops accepting for a moment
  (one line in the log) instead of failing on every try;
- websockets: at most ``WEBSOCKETS_PER_KERNEL`` to one kernel (a page and its reconnect),
  ``WEBSOCKETS_PER_ADDRESS`` from one address (``CappedKernelWebsocket``), counted before
  any kernel work is done for them;
- an address that is not a page's, a template file or any odd path gets a 404, not a
  traceback (``harden_handlers``, ``page_path_ok``).

How the server listens with these (and TLS) is ``listen``; the log's limit on
repeated lines is ``log``.
"""

from __future__ import annotations

import errno
import ipaddress
import re
import resource
import ssl
from collections import Counter
from dataclasses import dataclass

import zmq
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream, SSLIOStream
from tornado.netutil import ssl_wrap_socket
from tornado.web import HTTPError
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from hordes_kit.serve.log import LOG

__all__ = [
    "CONNECTIONS_PER_ADDRESS",
    "WEBSOCKETS_PER_ADDRESS",
    "WEBSOCKETS_PER_KERNEL",
    "IDLE_CONNECTION_S",
    "Limits",
    "raise_open_files",
    "roomy_zmq_context",
    "GuardedHTTPServer",
    "CappedKernelWebsocket",
    "StrictTemplates",
    "harden_handlers",
    "page_path_ok",
]

OPEN_FILES_MOST = 1 << 20  # a hard limit of "unlimited" is taken as this
CONNECTIONS_PER_ADDRESS = 64  # a browser opens 6 per server, plus one websocket per tab
WEBSOCKETS_PER_ADDRESS = 24  # a phone or laptop with many tabs of the kit open
WEBSOCKETS_PER_KERNEL = 3  # a page's own, a reconnect while the old one times out, one spare
# open files the server keeps for each kernel (measured: 6 for the kernel, 8 for each of its
# websockets' ZeroMQ sockets, 8 more kept for a page that reconnects)
FILES_PER_KERNEL = 40
IDLE_CONNECTION_S = 20  # a connection with no whole request this long is closed
BODY_TIMEOUT_S = 60
MAX_BODY_BYTES = 1 << 20  # the pages post nothing bigger (uploads travel on the websocket)
PAUSE_S = 0.5  # no open file left: accept again after this long


def raise_open_files() -> int:
    """Raise this process's open-files limit to the hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = OPEN_FILES_MOST if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_MOST)
    if want > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        except (ValueError, OSError):  # a container may refuse: keep what we have
            pass
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def roomy_zmq_context(context: zmq.Context) -> zmq.Context:
    """``context`` allowed half the open files as ZeroMQ sockets (its default is 1,023);
    to be called before its first socket, after which ZeroMQ ignores the setting."""
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    context.set(zmq.MAX_SOCKETS, max(1023, min(files // 2, 65535)))
    return context


def _loopback(ip: str) -> bool:
    try:
        return ipaddress.ip_address(ip.split("%")[0]).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Limits:
    """The connection bounds of one server."""

    idle_s: float = IDLE_CONNECTION_S
    per_address: int = CONNECTIONS_PER_ADDRESS
    kernels: int = 8  # the kernel cap: loopback may hold one connection more per kernel
    total: int = 1000

    @classmethod
    def for_server(cls, max_kernels: int, idle_s: float = IDLE_CONNECTION_S) -> Limits:
        """The bounds for a server of ``max_kernels`` kernels under this process's open files.

        >>> Limits.for_server(6).per_address
        64
        """
        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        spare = files - 64 - FILES_PER_KERNEL * max_kernels
        return cls(
            idle_s, CONNECTIONS_PER_ADDRESS, max_kernels, max(2 * CONNECTIONS_PER_ADDRESS, spare)
        )

    def for_address(self, ip: str) -> int:
        """Connections one client address may hold.

        >>> Limits(kernels=6).for_address("192.168.1.20"), Limits(kernels=6).for_address("::1")
        (64, 70)
        """
        return self.per_address + (self.kernels if _loopback(ip) else 0)


class _Counted:
    """An IOStream that tells its server when it closes (every path to closing goes
    through ``close``)."""

    _hk_release = None

    def close(self, exc_info=False) -> None:
        release, self._hk_release = self._hk_release, None
        if release is not None:
            release()
        super().close(exc_info)


class _CountedStream(_Counted, IOStream):
    pass


class _CountedSSLStream(_Counted, SSLIOStream):
    pass


class GuardedHTTPServer(HTTPServer):
    """Tornado's HTTP server with bounds on connections (see the module's docstring)."""

    def initialize(self, *args, limits: Limits | None = None, **kwargs) -> None:
        self.limits = limits or Limits()
        kwargs.setdefault("idle_connection_timeout", self.limits.idle_s)
        kwargs.setdefault("body_timeout", BODY_TIMEOUT_S)
        kwargs.setdefault("max_body_size", MAX_BODY_BYTES)
        super().initialize(*args, **kwargs)
        self.open_by_address: Counter[str] = Counter()
        self.open_total = 0
        self.refused = 0

    # --- accepting ---------------------------------------------------------------------------
    def add_sockets(self, sockets) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = self._accept_on(sock)

    def _accept_on(self, sock):
        """Accept connections on ``sock``; out of open files, pause instead of failing."""
        loop = IOLoop.current()
        state = {"listening": True, "removed": False}

        def resume() -> None:
            if not state["removed"] and not state["listening"]:
                loop.add_handler(sock, ready, IOLoop.READ)
                state["listening"] = True

        def ready(_fd, _events) -> None:
            for _ in range(128):  # as tornado: a bounded batch, other work comes first
                if state["removed"]:
                    return
                try:
                    connection, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as e:
                    if e.errno not in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                        raise
                    LOG.warning(
                        "hordes-kit: no open file left for a new connection (%s): "
                        "not accepting any for %.1f s",
                        e.strerror,
                        PAUSE_S,
                    )
                    loop.remove_handler(sock)
                    state["listening"] = False
                    loop.call_later(PAUSE_S, resume)
                    return
                self._handle_connection(connection, address)

        def remove() -> None:
            state["removed"] = True
            if state["listening"]:
                loop.remove_handler(sock)

        loop.add_handler(sock, ready, IOLoop.READ)
        return remove

    def _handle_connection(self, connection, address) -> None:
        ip = address[0] if isinstance(address, tuple) and address else "local"
        if (
            self.open_by_address[ip] >= self.limits.for_address(ip)
            or self.open_total >= self.limits.total
        ):
            connection.close()
            self.refused += 1
            LOG.warning(
                "hordes-kit: refused a connection from %s: it holds %d (at most %d), "
                "%d open in all (at most %d)",
                ip,
                self.open_by_address[ip],
                self.limits.for_address(ip),
                self.open_total,
                self.limits.total,
            )
            return
        if self.ssl_options is not None:
            try:
                connection = ssl_wrap_socket(
                    connection, self.ssl_options, server_side=True, do_handshake_on_connect=False
                )
            except (ssl.SSLError, OSError):  # closed at once (a port scan): nothing to serve
                connection.close()
                return
            stream: IOStream = _CountedSSLStream(
                connection,
                max_buffer_size=self.max_buffer_size,
                read_chunk_size=self.read_chunk_size,
            )
        else:
            stream = _CountedStream(
                connection,
                max_buffer_size=self.max_buffer_size,
                read_chunk_size=self.read_chunk_size,
            )
        self.open_by_address[ip] += 1
        self.open_total += 1
        stream._hk_release = lambda: self._release(ip)
        self.handle_stream(stream, address)

    def _release(self, ip: str) -> None:
        self.open_total -= 1
        self.open_by_address[ip] -= 1
        if self.open_by_address[ip] <= 0:
            del self.open_by_address[ip]


# --- websockets ----------------------------------------------------------------------------------
class CappedKernelWebsocket(VoilaKernelWebsocketHandler):
    """A page's websocket to its kernel, within the caps per kernel and per address; it
    also tells the kernel manager's page watch (``liveness``) the browser is there."""

    by_address: Counter[str] = Counter()
    by_kernel: Counter[str] = Counter()

    async def get(self, kernel_id, *args, **kwargs):
        ip = self.request.remote_ip
        if self.by_kernel[kernel_id] >= WEBSOCKETS_PER_KERNEL:
            raise HTTPError(429, f"{WEBSOCKETS_PER_KERNEL} connections to this page already")
        if self.by_address[ip] >= WEBSOCKETS_PER_ADDRESS:
            raise HTTPError(429, f"{WEBSOCKETS_PER_ADDRESS} connections from {ip} already")
        self.by_kernel[kernel_id] += 1
        self.by_address[ip] += 1
        self._hk_counted = (kernel_id, ip)
        return await super().get(kernel_id, *args, **kwargs)

    def _hk_uncount(self) -> None:
        counted, self._hk_counted = getattr(self, "_hk_counted", None), None
        if counted is None:
            return
        for book, key in zip((self.by_kernel, self.by_address), counted):
            book[key] -= 1
            if book[key] <= 0:
                del book[key]

    def _hk_watch(self):
        return getattr(self.kernel_manager, "watch", None)

    async def open(self, kernel_id, *args, **kwargs):
        watch = self._hk_watch()
        if watch is not None:
            watch.opened(kernel_id)
            self._hk_opened = kernel_id
        return await super().open(kernel_id, *args, **kwargs)

    def on_message(self, message):
        watch = self._hk_watch()
        if watch is not None:
            watch.heard(self.kernel_id, message)
        return super().on_message(message)

    def on_close(self) -> None:
        self._hk_uncount()
        opened, self._hk_opened = getattr(self, "_hk_opened", None), None
        watch = self._hk_watch()
        if opened is not None and watch is not None:
            watch.closed(opened)
        if getattr(self, "connection", None) is not None:
            super().on_close()

    def on_finish(self) -> None:
        # tornado finishes a websocket's request as it upgrades it (status 101): only a
        # refused or failed upgrade ends here for good
        if self.get_status() != 101:
            self._hk_uncount()
        super().on_finish()


# --- odd addresses -------------------------------------------------------------------------------
_ODD = re.compile(r"[\x00-\x1f\x7f\\]")
_TEMPLATE_FILE = re.compile(r"[A-Za-z0-9_.-]+/static/[^\x00-\x1f\x7f\\]*")


def page_path_ok(path: str | None) -> bool:
    """Whether a page's address can name a file at all (no control characters, no
    backslash, no ``..`` step); anything else is simply not found.

    >>> page_path_ok("fantahzee_play.ipynb"), page_path_ok("a\\x00b"), page_path_ok("../x")
    (True, False, False)
    """
    if path is None:
        return True
    return not _ODD.search(path) and ".." not in path.split("/")


class StrictTemplates(TemplateStaticFileHandler):
    """Voila's template files: ``<template>/static/<file>`` or not found (Voila's own handler
    failed with a traceback on anything else, such as ``..%2f``)."""

    def parse_url_path(self, path):
        if not _TEMPLATE_FILE.fullmatch(path) or ".." in path.split("/"):
            raise HTTPError(404)
        return super().parse_url_path(path)

    def validate_absolute_path(self, root, absolute_path):
        if not getattr(self, "roots", None):
            raise HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)


def harden_handlers(handlers: list) -> list:
    """Voila's handlers with the capped websocket and the strict template files; no
    ``/logout`` (the kit has no login; Voila's logout page failed with a traceback)."""
    out = []
    for h in handlers:
        pattern, cls = h[0], h[1]
        if isinstance(pattern, str) and pattern.rstrip("$").endswith("/logout"):
            continue
        if cls is VoilaKernelWebsocketHandler:
            cls = CappedKernelWebsocket
        elif cls is TemplateStaticFileHandler:
            cls = StrictTemplates
        out.append((pattern, cls, *h[2:]))
    return out
