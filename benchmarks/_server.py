"""A `hordes-kit serve` in a subprocess on a free port, for the server benchmarks."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

from hordes_kit.serve.launch import kernel_processes

__all__ = ["NOTEBOOKS", "Server", "free_port", "mb"]

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def mb(n: float) -> str:
    return f"{n / 2**20:,.0f} MB"


class Server:
    """The server as a player starts it, with extra `serve` options; stopped with its kernels."""

    def __init__(self, *args: str, ready_timeout: float = 120, kit: Path | None = None) -> None:
        """``kit``: serve that checkout of the kit (a before/after comparison), not this one."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed in stop()
            "w+", prefix="hordes-kit-serve-", suffix=".log", delete=False
        )
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hordes_kit", "serve", "--no-browser", f"--port={self.port}"]
            + list(args),
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=tempfile.gettempdir(),  # `-m hordes_kit` imports the installed kit, not ./
            env={**os.environ, "PYTHONUNBUFFERED": "1"}
            | ({"PYTHONPATH": str(Path(kit).resolve())} if kit else {}),
        )
        self.ps = psutil.Process(self.proc.pid)
        deadline = time.monotonic() + ready_timeout
        while True:
            try:
                urllib.request.urlopen(self.url + "/voila/static/voila.js", timeout=2).read()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop(keep_log=True)
                    raise RuntimeError(f"the server did not start, see {self.log.name}") from None
                time.sleep(0.2)
        self.ready = time.monotonic() - self.started

    def log_text(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    @property
    def pooled(self) -> list[str]:
        """The dashboards the server keeps preheated (from its start-up lines)."""
        for line in self.log_text().splitlines():
            if line.strip().startswith("kernel pools:"):
                names = line.split(":", 1)[1].strip()
                return [] if names == "none" else names.split(", ")
        return []

    def times_pools_full(self) -> int:
        return self.log_text().count("kernel pools are full")

    def wait_pools(self, timeout: float = 300, after: int = 0) -> float | None:
        """Seconds from start until the preheated pools are full (None: no pools).

        ``after``: until they are full for the (after+1)-th time (a page takes a kernel
        from its pool, the server refills it).
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log_text()
            if text.count("kernel pools are full") > after:
                return time.monotonic() - self.started
            if (
                "kernel pools: none" in text
                or "kernel pools" not in text
                and (time.monotonic() - self.started > self.ready + 5)
            ):
                return None
            time.sleep(0.25)
        return None

    def kernels(self) -> list[psutil.Process]:
        """The page kernels running under the server, forked ones included."""
        return kernel_processes(self.proc.pid)

    def kernel_rss(self) -> list[int]:
        out = []
        for k in self.kernels():
            try:
                out.append(k.memory_info().rss)
            except psutil.Error:
                continue
        return out

    def rss(self) -> int:
        return self.ps.memory_info().rss

    def stop(self, keep_log: bool = False) -> None:
        try:
            os.killpg(self.proc.pid, 15)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)
            self.proc.wait()
        self.log.close()
        if not keep_log:
            Path(self.log.name).unlink(missing_ok=True)
