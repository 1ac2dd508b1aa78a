"""How a page's kernel is started: forked from the kernel template (``template.py``) when it
can be, else ipykernel's own launcher without its debugger (``kernel.py``).

``KernelTemplate`` starts the template process and asks it for kernels over a socket pair
only the two of them hold; ``ForkProvisioner`` is jupyter_client's local provisioner with
its launch replaced by a fork of the template, and ``KitKernel`` (the server's manager of
one kernel) uses it. Everything else the server does with a kernel (the cap, the pools,
the cull, the page watch, interrupts, shutdown) is unchanged: a forked kernel is a kernel
like any other, watched through a pidfd since it is the template's child, not the
server's. A kernel the template cannot fork (it is not ready or not safe to fork,
another Python, a kernel not ours) starts as before, from nothing.

Compared before this was built (issue 44): Voila's own preheated pools (the server keeps
them, and a pooled kernel is now forked too, so a pool costs a fraction of the memory);
jupyter_client's kernel provisioners (this is one: the hook meant for a kernel started
another way); ipykernel's fork of a kernel that has run its notebook (ipykernel#410,
closed unmerged: a running kernel's event loop, sockets and threads cannot cross a fork);
Sage Cell's forking kernel manager and the "fork server" launchers of other projects (the
design kept here: fork a process that has only imported, before any socket or thread).

Measured (issue 44, the 2-core machine, shared): a page's kernel takes 0.15-0.20 s of CPU
instead of 0.43-0.58 s, and its unique memory is 26-35 MB instead of 39-68 MB; six opens
of one page at once are sent in 1.7-2.3 s instead of 2.4-3.7 s (no pools, no browser).
Voila's pools sized six per page (an experiment) sent every page in 0.1 s, but with six
browsers on the same two cores each page was usable no sooner: the browsers' own CPU
(1.3-1.5 s a page) was then all that was left.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from jupyter_client.provisioning import LocalProvisioner
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from hordes_kit.serve.template import MAX_MESSAGE

__all__ = [
    "TEMPLATE_MODULE",
    "TemplateError",
    "ForkedProcess",
    "KernelTemplate",
    "ForkProvisioner",
    "KitKernel",
    "can_fork",
    "adopt_orphans",
    "launcher_args",
    "without_debugger",
    "is_kernel",
    "kernel_processes",
]

LAUNCHER, KIT_LAUNCHER = "ipykernel_launcher", "hordes_kit.serve.kernel"  # python -m ...
TEMPLATE_MODULE = "hordes_kit.serve.template"
READY_WITHIN = 120  # s for the template to import everything (a cold disk, a busy machine)
ANSWER_WITHIN = 30  # s for a fork's answer (a fork takes milliseconds)
RESTART_AFTER = 5  # s between two starts of a template that died (never a tight loop)
PR_SET_CHILD_SUBREAPER = 36  # prctl: orphaned descendants are re-parented to this process


class TemplateError(RuntimeError):
    """The template did not fork a kernel (the kernel is started the usual way)."""


def can_fork() -> bool:
    """Whether this system forks kernels from a template (Linux: fork, pidfds, fd passing)."""
    return (
        sys.platform == "linux"
        and hasattr(os, "pidfd_open")
        and hasattr(signal, "pidfd_send_signal")
        and hasattr(socket, "send_fds")
    )


def launcher_args(cmd: list[str]) -> list[str] | None:
    """The kernel's own arguments when ``cmd`` runs the kit's kernel launcher with this
    Python (what a forked kernel is given), else None (started the usual way).

    >>> launcher_args([sys.executable, "-m", "hordes_kit.serve.kernel", "-f", "c.json"])
    ['-f', 'c.json']
    >>> launcher_args(["/usr/bin/R", "-f", "c.json"]) is None
    True
    """
    if len(cmd) < 3 or cmd[1:3] != ["-m", KIT_LAUNCHER]:
        return None
    return list(cmd[3:]) if os.path.realpath(cmd[0]) == os.path.realpath(sys.executable) else None


def adopt_orphans() -> bool:
    """Make this process (the server) the parent of its kernels whose template died, so it
    reaps them (``ForkedProcess.poll``) whatever the machine's init does; True if done."""
    name = ctypes.util.find_library("c")
    if sys.platform != "linux" or not name:
        return False
    try:
        return ctypes.CDLL(name, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


class ForkedProcess:
    """A forked kernel as the server sees it: what jupyter_client asks of a ``Popen``."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, pidfd: int) -> None:
        self.pid = pid
        self._pidfd: int | None = pidfd
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """None while the kernel runs; then 0 (its exit code is its parent's, the template's)."""
        if self._pidfd is not None:
            ready, _, _ = select.select([self._pidfd], [], [], 0)
            if ready:
                # the server's child once its template died (adopt_orphans): reaped here;
                # the template's child otherwise, which the template reaps
                with contextlib.suppress(ChildProcessError, OSError, AttributeError):
                    os.waitid(os.P_PIDFD, self._pidfd, os.WEXITED | os.WNOHANG)
                os.close(self._pidfd)
                self._pidfd, self.returncode = None, 0
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self._pidfd is not None:
            ready, _, _ = select.select([self._pidfd], [], [], timeout)
            if not ready:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0)
        return self.poll() or 0

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:  # the pidfd: never a process that took this pid since
            signal.pidfd_send_signal(self._pidfd, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def __del__(self) -> None:
        if self._pidfd is not None:
            os.close(self._pidfd)


class KernelTemplate:
    """The template process (``python -m hordes_kit.serve.template``) and the server's end of
    the socket pair it forks kernels on."""

    def __init__(self, root: str | Path, log: Any = None) -> None:
        self.root = Path(root)
        self.log = log
        self.proc: subprocess.Popen | None = None
        self.unsafe: str | None = "not started"
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()  # one request at a time on the socket
        self._ready = threading.Event()
        self._started = 0.0  # time.monotonic() of the last start
        self._restart_lock = threading.Lock()  # the keeper and a fork may both see it dead
        self.restarts = 0  # templates started after one died

    def start(self) -> None:
        """Start the template; it is ready once it has imported everything (a thread waits)."""
        self._started = time.monotonic()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", TEMPLATE_MODULE, str(theirs.fileno()), str(self.root)],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
            )
        except OSError as e:
            ours.close()
            self.unsafe = f"the template did not start ({e})"
            return
        finally:
            theirs.close()
        self._sock = ours
        threading.Thread(target=self._await_ready, daemon=True).start()

    def _await_ready(self) -> None:
        sock, ready_event = self._sock, self._ready
        ready, _, _ = select.select([sock], [], [], READY_WITHIN)
        try:
            answer = json.loads(sock.recv(MAX_MESSAGE)) if ready else {}
        except (OSError, ValueError):
            answer = {}
        if not answer.get("ready"):
            self.unsafe = "the template did not get ready"
        else:
            self.unsafe = answer.get("unsafe")
            if answer.get("failed") and self.log is not None:
                self.log.warning(
                    "hordes-kit: the kernel template could not import %s (their pages import "
                    "them again and say why)",
                    ", ".join(answer["failed"]),
                )
        if self.unsafe and self.log is not None and self._sock is not None:  # (not stopped)
            self.log.warning("hordes-kit: kernels start without the template: %s", self.unsafe)
        ready_event.set()

    def ensure_running(self) -> bool:
        """Start a new template if this one died after it got ready (a crash, a kill), at
        most once every ``RESTART_AFTER`` s; True if one was started. Its kernels live on
        (they follow the server); new ones start from nothing until the new one is ready.
        A template that never got ready (its imports fail) is not started again."""
        with self._restart_lock:
            return self._restart()

    def _restart(self) -> bool:
        if self._sock is None or self.proc is None or self.proc.poll() is None:
            return False  # stopped, never started, or running
        if not self._ready.is_set() or (self.unsafe and self.unsafe != "the template died"):
            return False  # still getting ready, or never could
        if time.monotonic() - self._started < RESTART_AFTER:
            return False
        code = self.proc.returncode
        if self.log is not None:
            self.log.warning(
                "hordes-kit: the kernel template stopped (exit code %s): starting a new one; "
                "kernels start without it meanwhile",
                code,
            )
        self._sock.close()
        self._sock, self._ready, self.unsafe = None, threading.Event(), "the template died"
        self.restarts += 1
        self.start()
        return True

    def wait_ready(self, timeout: float = READY_WITHIN) -> bool:
        """True once the template may fork kernels (False: not within ``timeout``, or never)."""
        return self._ready.wait(timeout) and self.unsafe is None and self.alive()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> ForkedProcess:
        """A new kernel forked with these arguments, environment and folder (blocking, a few
        milliseconds); TemplateError if the template cannot."""
        proc = self.proc
        if proc is not None and proc.poll() is not None and self._ready.is_set():
            self.ensure_running()  # a new one for the next kernels; this one starts as usual
            raise TemplateError(f"the template died (exit code {proc.returncode})")
        if not self.wait_ready():
            raise TemplateError(self.unsafe or "the template is gone")
        request = json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode()
        with self._lock:
            try:
                self._sock.send(request)
                ready, _, _ = select.select([self._sock], [], [], ANSWER_WITHIN)
                if not ready:
                    raise TemplateError(f"no answer within {ANSWER_WITHIN} s")
                data, fds, _flags, _addr = socket.recv_fds(self._sock, MAX_MESSAGE, 1)
            except OSError as e:
                raise TemplateError(f"the template is gone ({e})") from None
        answer = json.loads(data) if data else {"error": "the template is gone"}
        if "pid" not in answer or len(fds) != 1:
            for fd in fds:
                os.close(fd)
            raise TemplateError(answer.get("error", "the template did not fork"))
        return ForkedProcess(int(answer["pid"]), fds[0])

    def stop(self) -> None:
        """Close the socket (the template exits) and wait for it."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        self.unsafe = "stopped"
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class ForkProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, its kernels forked from the server's template."""

    template: KernelTemplate | None = None

    async def launch_kernel(self, cmd: list[str], **kwargs: Any):
        args = launcher_args(cmd)
        streams = any(kwargs.get(k) is not None for k in ("stdin", "stdout", "stderr"))
        if self.template is not None and args is not None and not streams:
            env = dict(kwargs.get("env") or os.environ)
            cwd = str(kwargs.get("cwd") or os.getcwd())
            try:
                proc = await asyncio.to_thread(self.template.fork, args, env, cwd)
            except TemplateError as e:
                self.log.warning("hordes-kit: a kernel started without the template: %s", e)
            else:
                self.process, self.pid, self.pgid, self.cwd = proc, proc.pid, proc.pid, cwd
                return self.connection_info
        return await super().launch_kernel(cmd, **kwargs)

    async def send_signal(self, signum: int) -> None:
        if isinstance(self.process, ForkedProcess) and self.process.poll() is not None:
            return  # gone: its group's number may belong to someone else by now
        return await super().send_signal(signum)


def without_debugger(cmd: list[str]) -> list[str]:
    """A kernel command that runs ipykernel's launcher, as one that runs ``hordes_kit.serve.kernel``
    (the same kernel without its debugger); any other command as it is.

    >>> without_debugger(["/py", "-m", "ipykernel_launcher", "-f", "c.json"])
    ['/py', '-m', 'hordes_kit.serve.kernel', '-f', 'c.json']
    >>> without_debugger(["/usr/bin/R", "--slave", "-f", "c.json"])
    ['/usr/bin/R', '--slave', '-f', 'c.json']
    """
    for i in range(len(cmd) - 1):
        if cmd[i] == "-m" and cmd[i + 1] == LAUNCHER:
            return [*cmd[: i + 1], KIT_LAUNCHER, *cmd[i + 2 :]]
    return list(cmd)


def is_kernel(cmdline: list[str]) -> bool:
    """Whether a process's command line is a Python kernel's (ours, or ipykernel's own); a
    forked kernel has its template's (:func:`kernel_processes` finds those too).

    >>> is_kernel(["/py", "-m", "hordes_kit.serve.kernel", "-f", "c.json"])
    True
    >>> is_kernel(["/py", "-m", "hordes_kit", "serve"])
    False
    """
    return any(a in (KIT_LAUNCHER, LAUNCHER) for a in cmdline)


def kernel_processes(server_pid: int) -> list:
    """The page kernels running under a server's process (``psutil.Process`` each): those it
    started, and those its template forked (the template itself is none)."""
    import psutil

    out = []
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.Error:
        return out
    for child in children:
        try:
            if child.status() == psutil.STATUS_ZOMBIE:
                continue
            cmdline = child.cmdline()
            forked = TEMPLATE_MODULE in cmdline and TEMPLATE_MODULE in child.parent().cmdline()
        except psutil.Error:
            continue
        if forked or is_kernel(cmdline):
            out.append(child)
    return out


class KitKernel(ServerKernelManager):
    """One page's kernel: forked from the server's template (``parent.hk_template``) when it
    can be, else ipykernel started without its debugger (``hordes_kit.serve.kernel``)."""

    async def _async_pre_start_kernel(self, **kw):
        template = getattr(self.parent, "hk_template", None)
        if self.provisioner is None and template is not None:  # (a restart keeps its own)
            if not self.kernel_id:
                self.kernel_id = kw.pop("kernel_id", None) or str(uuid.uuid4())
            self.provisioner = ForkProvisioner(
                kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self
            )
            self.provisioner.template = template
        cmd, kw = await super()._async_pre_start_kernel(**kw)
        return without_debugger(cmd), kw
