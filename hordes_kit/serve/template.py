"""The kernel template: one process that has imported what every page's kernel needs, and
forks each new kernel from itself.

A page's kernel started from nothing spends most of a second of CPU importing ipykernel,
ipywidgets and the kit before it runs a cell; six friends opening a page at once queued
six of those on two cores. The server (``forks.KernelTemplate``) starts this process once
with ``python -m hordes_kit.serve.template FD ROOT``: it imports ipykernel (without its
debugger, as ``kernel.py``), every module the dashboards in ``ROOT`` import, and every game
of the kit (a page's first call loaded the other games through the registry), then waits
on the socket ``FD`` for the server's requests. Each request forks a kernel: the child
takes the kernel's environment, folder and arguments, then starts ipykernel as
``python -m hordes_kit.serve.kernel`` would; it shares the template's memory until it
writes to it (copy-on-write), and it opens its ZeroMQ sockets, threads and event loop
after the fork, so nothing of the kind is ever shared. The template checks before every
fork that it has none of them itself (:func:`fork_unsafe`); if it has, it says why and the
server starts that kernel the usual way.

The server gets a pidfd of each kernel with the answer (the kernel is the template's
child, not the server's): it signals and watches the kernel through it. The template
reaps its children, and exits when the server is gone. A kernel follows the server, not
the template (a pidfd of the server, opened by the template and inherited): it exits
when the server is gone, as a kernel the server started does, and it lives on if the
template dies (a crash, a kill), so a player's game outlives it; the server then adopts
the kernel (a child subreaper, ``launch.adopt_orphans``), reaps it, and starts a new
template (``launch.KernelTemplate.ensure_running``).
"""

from __future__ import annotations

import ast
import asyncio
import gc
import importlib
import json
import os
import select
import signal
import socket
import sys
import threading
import traceback
from pathlib import Path

from hordes_kit.serve.dashboard import ENV

__all__ = [
    "MAX_MESSAGE",
    "page_imports",
    "preload",
    "fork_unsafe",
    "in_kernel",
    "follow_server",
    "serve_forks",
    "main",
]

_WAKE: list[int] = []  # the template's own pipe, closed in each kernel
_SERVER: list[int] = []  # a pidfd of the server, inherited by each kernel (follow_server)
MAX_MESSAGE = 1 << 20  # a request: a kernel's arguments, environment and folder (JSON)
KERNEL_SCRIPT = str(Path(__file__).with_name("kernel.py"))  # a kernel's own sys.argv[0]
SELF_CHECK = "# self-check"  # a dashboard's test cell (server.SELF_CHECK): never run for visitors
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
BASE_MODULES = (  # what every page's kernel imports before its first cell
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "ipykernel.comm",
    "ipywidgets",
    "anywidget",
    "hordes_kit.serve.dashboard",
    "hordes_kit.ui.query",
)


def page_imports(root: Path) -> list[str]:
    """The modules the dashboards in ``root`` import (their visitors' cells, not self-checks).

    >>> import json, tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> cell = {"cell_type": "code", "source": "from hordes_kit.ui.index import games_index"}
    >>> check = {"cell_type": "code", "source": "# Self-check\\nimport fractions"}
    >>> _ = (d / "a.ipynb").write_text(json.dumps({"cells": [cell, check]}))
    >>> page_imports(d)
    ['hordes_kit.ui.index']
    """
    names: list[str] = []
    for path in sorted(root.glob("*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            continue
        for cell in cells:
            source = cell.get("source", "")
            source = "".join(source) if isinstance(source, list) else str(source)
            if cell.get("cell_type") != "code" or source.lstrip().lower().startswith(SELF_CHECK):
                continue
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names += [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.append(node.module)
    return list(dict.fromkeys(names))


def preload(root: Path) -> list[str]:
    """Import what the kernels need (a module that fails is left to the page, which shows
    its own error); load every game of the kit. The modules that failed."""
    failed = []
    for name in (*BASE_MODULES, *page_imports(root)):
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the page's kernel imports it again and says why
            failed.append(name)
    try:
        from hordes_kit.core.registry import registered_games

        registered_games()
    except Exception:  # noqa: BLE001 - as above
        failed.append("hordes_kit.core.registry")
    return failed


def fork_unsafe() -> str | None:
    """Why this process must not fork a kernel now (threads, a ZeroMQ context, an event
    loop: a child would share them), or None."""
    threads = len(os.listdir("/proc/self/task")) if Path("/proc/self/task").is_dir() else 1
    if threading.active_count() > 1 or threads > 1:
        return f"the template runs {max(threads, threading.active_count())} threads"
    zmq = sys.modules.get("zmq")
    if zmq is not None and getattr(zmq.Context, "_instance", None) is not None:
        return "the template has a ZeroMQ context"
    try:
        with_loop = asyncio.get_event_loop_policy()._local._loop is not None  # type: ignore[attr-defined]
    except AttributeError:
        with_loop = False
    if with_loop:
        return "the template has an event loop"
    return None


def in_kernel() -> None:
    """What the modules the template imported do as they are imported in a kernel, done
    now that this process is one (the template imported them without a shell): ipywidgets
    registers its comm targets (without them a page's browser asked for each widget's
    state in a message of its own, 166 for The Horde's board, not for all in one), and
    ``hordes_kit.ui`` does what a dashboard does under the server."""
    if "ipywidgets" in sys.modules:
        sys.modules["ipywidgets"].register_comm_target()
    if "hordes_kit.ui" in sys.modules:
        from hordes_kit.serve.dashboard import setup_kernel

        setup_kernel()


def follow_server(pidfd: int) -> None:
    """In a kernel: exit as soon as the server (``pidfd``) is gone, whatever became of the
    template (ipykernel's parent poller would follow the template, its parent)."""

    def watch() -> None:
        select.select([pidfd], [], [])  # readable once the server has exited
        os._exit(1)

    threading.Thread(target=watch, name="hk-follow-server", daemon=True).start()


def _become_kernel(sock: socket.socket, request: dict) -> None:
    """In the child: this process is the page's kernel from here on, until it exits."""
    code = 1
    try:
        sock.close()
        signal.set_wakeup_fd(-1)
        for fd in _WAKE:
            os.close(fd)
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()  # its own process group, as the server's own kernels (start_new_session)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.environ.clear()
        os.environ.update(request["env"])
        # the kernel follows the server, not this template (its parent): no parent poller
        # (given on its command line: ipykernel read JPY_PARENT_PID as the template
        # imported it), the server's pidfd watched instead
        os.environ.pop("JPY_PARENT_PID", None)
        os.chdir(request["cwd"])
        argv = [*request["argv"], "--IPKernelApp.parent_handle=0"]
        if _SERVER:
            follow_server(_SERVER[0])
        sys.argv = [KERNEL_SCRIPT, *argv]  # the kernel it stands for (kernel.py), as started
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance()  # as ipykernel's launch_new_instance, with a step between
        app.initialize(argv)
        in_kernel()
        app.start()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    except BaseException:  # noqa: BLE001 - the kernel's end, in the server's log
        traceback.print_exc()
    finally:
        for stream in (sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001, S110 - exiting anyway
                pass
        os._exit(code)  # never back into the template's loop (nor its atexit handlers)


def _reap() -> None:
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _answer(sock: socket.socket, message: dict, fds: list[int] = ()) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(sock, [data], list(fds))
    else:
        sock.send(data)


def _fork(sock: socket.socket, request: dict) -> None:
    why = fork_unsafe()
    if why is not None:
        return _answer(sock, {"error": why})
    pid = os.fork()
    if pid == 0:
        _become_kernel(sock, request)
    pidfd = os.pidfd_open(pid)  # before any reap: this pid is the child's, not a reused one
    try:
        _answer(sock, {"pid": pid}, [pidfd])
    finally:
        os.close(pidfd)


def serve_forks(sock: socket.socket, server_pid: int) -> None:
    """Fork a kernel for each request on ``sock``, until the server closes it or is gone."""
    wake_r, wake_w = os.pipe()
    _WAKE[:] = [wake_r, wake_w]
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)  # a child's exit wakes the loop: it is reaped at once
    signal.signal(signal.SIGCHLD, lambda *_: None)
    while os.getppid() == server_pid:
        ready, _, _ = select.select([sock, wake_r], [], [], 1.0)
        if wake_r in ready:
            os.read(wake_r, 4096)
        _reap()
        if sock not in ready:
            continue
        try:
            data = sock.recv(MAX_MESSAGE)
        except InterruptedError:
            continue
        if not data:
            return  # the server closed its end
        try:
            request = json.loads(data)
            if not isinstance(request, dict):
                raise ValueError("not a request")
            request = {
                "argv": [str(a) for a in request["argv"]],
                "env": {str(k): str(v) for k, v in request["env"].items()},
                "cwd": str(request["cwd"]),
            }
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            _answer(sock, {"error": f"a request the template does not understand ({e})"})
            continue
        _fork(sock, request)


def main(argv: list[str]) -> None:
    """``FD ROOT``: serve fork requests on socket FD, the dashboards of ROOT preloaded."""
    if sys.path and sys.path[0] in ("", os.getcwd()):  # as kernel.py: not the folder it runs in
        del sys.path[0]
    sys.modules["debugpy"] = None  # type: ignore[assignment] - kernels without the debugger
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server; this follows it
    for name in BLAS_THREADS:  # numpy's BLAS starts its threads as it loads, unless told not
        os.environ.setdefault(name, "1")  # to: the kit's simulations do not use it (numba's)
    server_pid = os.getppid()
    try:  # opened while the server is our parent: always the server, never a reused pid
        _SERVER[:] = [os.pidfd_open(server_pid)]
    except OSError:
        _SERVER.clear()  # (no pidfds: kernels are not forked, see launch.can_fork)
    sock = socket.socket(fileno=int(argv[0]))
    # what a dashboard's kernel does under the server (dashboard.setup_kernel) is done by
    # each kernel, in its own environment, not by this template
    os.environ.pop(ENV, None)
    failed = preload(Path(argv[1]))
    gc.collect()
    gc.freeze()  # the collector never touches (so never copies) what the kernels share
    _answer(sock, {"ready": True, "failed": failed, "unsafe": fork_unsafe()})
    serve_forks(sock, server_pid)


if __name__ == "__main__":
    main(sys.argv[1:])
