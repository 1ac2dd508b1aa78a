"""Serve every dashboard to a playgroup with Voila, opening on the index dashboard.

Voila starts one kernel per page load and never stops it on its own; we turn on
the kernel culler so a dashboard's kernel is shut down once it has been idle
with no page connected (toolchain notes: "kernels that pile up").
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

from tornado.web import RedirectHandler
from voila.app import Voila

from hordes_kit.core.data import notebooks_dir
from hordes_kit.core.errors import HordesKitError

__all__ = ["INDEX", "KitVoila", "voila_argv", "serve"]

INDEX = "index.ipynb"


class KitVoila(Voila):
    """Voila in directory mode whose front page is the index dashboard, not a file list."""

    def init_handlers(self):
        handlers = super().init_handlers()
        target = self.base_url.rstrip("/") + "/voila/render/" + INDEX
        root = self.server_url
        out = [h for h in handlers if h[0] not in (root, root.rstrip("/") or "/")]
        out.insert(0, (root.rstrip("/") + "/?", RedirectHandler, {"url": target}))
        return out


def voila_argv(port: int, host: str, open_browser: bool, cull_idle: int) -> list[str]:
    """Command-line settings for Voila (also used by the tests' Voila fixture)."""
    return [
        str(notebooks_dir()),
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={host}",
        "--no-browser" if not open_browser else "--Voila.open_browser=True",
        "--show_tracebacks=True",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull_idle // 2))}",
        "--MappingKernelManager.cull_connected=False",
        "--VoilaExecutor.timeout=180",
    ]


def _warm_up() -> subprocess.Popen | None:
    """Compile the fast simulator into numba's on-disk cache in a low-priority process.

    A separate process, not a thread: compiling holds the GIL for half a minute and
    would stall the server's event loop (pages stop streaming).
    """
    code = (
        "from hordes_kit.heroes_hordes.fastsim import warm_up; warm_up(); "
        "from hordes_kit.the_horde.fastsim import warm_up; warm_up()"
    )
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=lambda: os.nice(10),  # noqa: PLW1509 - POSIX only, like the kit
        )
    except OSError as e:  # a warm-up failure must not stop the server
        print(f"(fast simulator warm-up skipped: {e})", flush=True)
        return None
    threading.Thread(target=proc.wait, daemon=True).start()  # reap it when it is done
    return proc


def serve(
    port: int = 8866, host: str = "127.0.0.1", open_browser: bool = True, cull_idle: int = 600
) -> int:
    """Run Voila on the dashboards until interrupted."""
    if not 1 <= port <= 65535:
        raise HordesKitError(f"--port must be 1-65535, got {port}")
    if cull_idle < 1:
        raise HordesKitError(f"--cull-idle must be at least 1 second, got {cull_idle}")
    if not (notebooks_dir() / INDEX).is_file():
        raise HordesKitError(f"no dashboards found in {notebooks_dir()}")
    print(f"Serving the dashboards on http://{host}:{port}/ (Ctrl+C to stop)", flush=True)
    # Compile the fast simulator into numba's on-disk cache while the server starts, so
    # the first dashboard that simulates does not wait half a minute for it.
    warm = _warm_up()
    try:
        KitVoila.launch_instance(argv=voila_argv(port, host, open_browser, cull_idle))
    finally:
        if warm is not None and warm.poll() is None:
            warm.terminate()
    return 0
