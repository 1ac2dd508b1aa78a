"""The server's gate besides the token: the names it answers to, its kernels' own key, and
the host's Dask cluster (used by ``server.KitGate`` and ``server.serve``).

- DNS rebinding: a web page whose own name is made to point at this computer reaches the
  server from a visitor's browser as if it were that page's site, token cookie aside (a
  loopback server needs none). The browser says which name it thinks it reaches in the
  ``Host`` header, so the server answers only to IP addresses (a page cannot be served
  from an address it rebinds), ``localhost``, the name it serves on, and the names the
  host allows (``serve --allow-host NAME``).
- A preheated kernel asks the server for its page's address (``/voila/query/<kernel>``).
  It proves it is one of this server's kernels with a key made at each start and given
  only to the kernels (in their environment): the token gate lets that request in, and
  no visitor can make it in a kernel's place.
- The host's cluster (``serve --scheduler``): checked at start, then handed to the
  kernels; no page can name another (see ``ui.lab``).
"""

from __future__ import annotations

import hmac
import html
import ipaddress
import re
import socket
from collections.abc import Iterable, Mapping

from tornado.log import access_log

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.serve.dashboard import KERNEL_HEADER
from hordes_kit.serve.pages import page

__all__ = [
    "host_name",
    "check_allow_host",
    "served_names",
    "host_allowed",
    "kernel_key_ok",
    "kernel_address",
    "check_host_scheduler",
    "wrong_host",
    "log_request",
]

SCHEDULER_SECONDS = 5.0  # how long the host's scheduler has to answer at start
_LABEL = r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*")
_ANY = ("", "0.0.0.0", "::")  # addresses that bind every network: not a name to answer to


def host_name(host: str) -> str:
    """A ``Host`` header's name or address: lower case, without port, brackets or final dot.

    >>> host_name("LocalHost.:8866"), host_name("[::1]:8866"), host_name("::1")
    ('localhost', '::1', '::1')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    name, colon, port = host.rpartition(":")
    if colon and port.isdigit() and ":" not in name:
        host = name
    return host.rstrip(".")


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def check_allow_host(name: str) -> str:
    """A name given with ``--allow-host``, checked: a host name (letters, digits, '-', '.').

    >>> check_allow_host("Games.LAN")
    'games.lan'
    """
    wanted = host_name(name) if isinstance(name, str) else ""
    if not _NAME.fullmatch(wanted) or _is_ip(wanted):
        raise HordesKitError(
            f"--allow-host {name!r} is not a host name (letters, digits, '-' and '.'; "
            "addresses need no --allow-host)"
        )
    return wanted


def served_names(host: str, shown: str, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The names the server answers to besides IP addresses: ``localhost``, the name it
    was told to bind (``--host``), the name in the link it prints, and ``allowed``.

    >>> sorted(served_names("0.0.0.0", "192.168.1.20", ["games.lan"]))
    ['games.lan', 'localhost']
    """
    names = {"localhost", *(check_allow_host(n) for n in allowed)}
    for given in (host, shown):
        name = host_name(given)
        if name not in _ANY and not _is_ip(name):
            names.add(name)
    return frozenset(names)


def host_allowed(host: str, names: Iterable[str]) -> bool:
    """True if a request for ``host`` (its ``Host`` header) may be answered.

    >>> names = served_names("127.0.0.1", "127.0.0.1")
    >>> [host_allowed(h, names) for h in ("127.0.0.1:8866", "[::1]:1", "evil.example:8866")]
    [True, True, False]
    """
    name = host_name(host)
    return _is_ip(name) or name in names


def kernel_key_ok(headers: Mapping[str, str], key: str | None) -> bool:
    """True if a request carries the key the server gave its kernels."""
    given = headers.get(KERNEL_HEADER)
    return bool(key) and given is not None and hmac.compare_digest(given.encode(), key.encode())


def kernel_address(host: str) -> str:
    """The address a kernel reaches its server at, for the ``--host`` the server binds.

    >>> kernel_address("0.0.0.0"), kernel_address("192.168.1.20"), kernel_address("::1")
    ('127.0.0.1', '192.168.1.20', '::1')
    """
    return "127.0.0.1" if host in (*_ANY, "localhost") else host


def check_host_scheduler(address: str, timeout: float = SCHEDULER_SECONDS) -> str:
    """The host's Dask scheduler (``--scheduler``): a well-formed address where a
    scheduler answers now, else the kit's error naming it."""
    from hordes_kit.core.lab.cluster import check_scheduler

    try:
        check_scheduler(address)
        host, _, port = address.split("://", 1)[-1].rpartition(":")
        try:  # nothing listening: said at once (Dask's client tries until its timeout)
            socket.create_connection((host.strip("[]"), int(port)), timeout).close()
        except OSError as e:
            raise InvalidInputError(
                f"no Dask scheduler answered at {address}: {e.strerror or e}"
            ) from None
        from hordes_kit.core.lab.cluster import connect

        client, _own = connect(address, timeout)
    except InvalidInputError as e:
        raise HordesKitError(f"--scheduler: {e}") from None
    client.close()
    return address


def wrong_host(name: str) -> str:
    """HTTP 403: a request for a name this server was not told it has."""
    return page(
        "Open the link the host shared",
        "<h1>This server does not answer to that name</h1>"
        f"<p>This page was asked for as <code>{html.escape(name)}</code>, a name the server "
        "was not told it has. Open the link the host shared: it names this computer by "
        "its address.</p>"
        "<p class='hk-small'>Whoever runs the server can add a name with "
        "<code>hordes-kit serve --allow-host NAME</code>.</p>",
    )


def log_request(handler) -> None:
    """Tornado's access log line for a request (its ``log_function``), but none for a
    request the gate refused with a line of its own (``handler.hk_explained``)."""
    if getattr(handler, "hk_explained", False):
        return
    status = handler.get_status()
    log = (
        access_log.info
        if status < 400
        else access_log.warning
        if status < 500
        else access_log.error
    )
    log("%d %s %.2fms", status, handler._request_summary(), 1000.0 * handler.request.request_time())
