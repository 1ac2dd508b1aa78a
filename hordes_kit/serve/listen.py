"""How `hordes-kit serve` listens: over TLS when the host gives a certificate, through the
bounded HTTP server of ``guard``, with the log's limit on repeated lines
(``log``), telling the page watch (``liveness``) what each browser fetches.

With TLS, the preheated kernels still ask the server for their page's address (Voila's
``/voila/query``) over plain HTTP on a loopback port of their own: a kernel cannot check the
host's certificate (made for the LAN address, often self-signed), and loopback traffic
never leaves this computer.
"""

from __future__ import annotations

import logging
import ssl
from pathlib import Path
from typing import Any

from tornado.ioloop import PeriodicCallback
from tornado.log import access_log
from tornado.netutil import bind_sockets

from hordes_kit.core.errors import HordesKitError
from hordes_kit.serve.guard import GuardedHTTPServer, Limits
from hordes_kit.serve.log import RepeatLimit, limit_repeats

__all__ = ["tls_context", "listen_guarded", "PREHEAT_ENV", "IP_ENV", "PORT_ENV", "kernel_env"]

# Voila's names (voila.utils): a preheated kernel's, and where it asks for its page's address
PREHEAT_ENV, IP_ENV, PORT_ENV = "VOILA_PREHEAT", "VOILA_APP_IP", "VOILA_APP_PORT"
FLUSH_S = 10  # how often the log's summary of left-out lines may be written


def tls_context(certfile: str | None, keyfile: str | None = None) -> ssl.SSLContext | None:
    """The server side of TLS from ``--certfile`` (and ``--keyfile`` if the key is not in
    the same file), checked now; None without a certificate. A missing, unreadable or
    mismatched file is refused in words naming it."""
    if certfile is None:
        if keyfile is not None:
            raise HordesKitError("--keyfile needs --certfile: give the certificate too")
        return None
    for option, name in (("--certfile", certfile), ("--keyfile", keyfile)):
        if name is None:
            continue
        path = Path(name)
        if not path.is_file():
            raise HordesKitError(f"{option} {name}: no such file")
        try:
            path.open("rb").close()
        except OSError as e:
            raise HordesKitError(f"{option} {name}: cannot be read ({e.strerror})") from None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (ssl.SSLError, ValueError) as e:
        files = f"--certfile {certfile}" + (f" with --keyfile {keyfile}" if keyfile else "")
        why = getattr(e, "reason", None) or str(e)
        raise HordesKitError(
            f"{files}: not a certificate and its private key in PEM form ({why})"
        ) from None
    return context


def kernel_env(env: dict[str, str] | None, loopback_port: int | None) -> None:
    """A preheated kernel asks for its page's address on the loopback port (TLS servers)."""
    if env is not None and loopback_port and env.get(PREHEAT_ENV) == "True":
        env[IP_ENV], env[PORT_ENV] = "127.0.0.1", str(loopback_port)


def listen_guarded(voila: Any, tls: ssl.SSLContext | None, limits: Limits) -> RepeatLimit:
    """Make Voila's ``app.listen`` start a :class:`GuardedHTTPServer` (TLS if given, plus the
    loopback port for preheated kernels); limit the log's repeated lines."""
    app, km = voila.app, voila.kernel_manager
    voila.hk_servers = []

    def listen(port: int, address: str | None = None, **_kwargs: Any) -> GuardedHTTPServer:
        server = GuardedHTTPServer(app, limits=limits, ssl_options=tls)
        server.listen(port, address)
        voila.hk_servers.append(server)
        if tls is not None:
            local = GuardedHTTPServer(app, limits=limits)
            sockets = bind_sockets(0, "127.0.0.1")
            local.add_sockets(sockets)
            voila.hk_servers.append(local)
            km.hk_loopback_port = sockets[0].getsockname()[1]
        return server

    app.listen = listen
    watch = getattr(km, "watch", None)
    previous = app.settings.get("log_function")

    def log_request(handler) -> None:
        if watch is not None:
            watch.fetched(handler.request.remote_ip, handler.request.path)
        if previous is not None:
            return previous(handler)
        status = handler.get_status()  # tornado's own access line
        say = (
            access_log.info
            if status < 400
            else access_log.warning
            if status < 500
            else access_log.error
        )
        ms = 1000.0 * handler.request.request_time()
        say("%d %s %.2fms", status, handler._request_summary(), ms)

    app.settings["log_function"] = log_request
    loggers = [voila.log, *(logging.getLogger(n) for n in ("tornado", "asyncio"))]
    limit = limit_repeats(loggers)
    PeriodicCallback(limit.flush, FLUSH_S * 1000).start()
    return limit
