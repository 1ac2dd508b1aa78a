"""Serve every dashboard to a playgroup with Voila, opening on the index dashboard.

Voila starts one kernel per page load and never stops it on its own; we turn on
the kernel culler so a dashboard's kernel is shut down once it has been idle
with no page connected (toolchain notes: "kernels that pile up").
"""

from __future__ import annotations

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


def _warm_up() -> None:
    try:
        from hordes_kit.heroes_hordes.fastsim import warm_up

        warm_up()
    except Exception as e:  # noqa: BLE001 - a warm-up failure must not stop the server
        print(f"(fast simulator warm-up skipped: {e})", flush=True)


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
    threading.Thread(target=_warm_up, daemon=True).start()
    KitVoila.launch_instance(argv=voila_argv(port, host, open_browser, cull_idle))
    return 0


if __name__ == "__main__":  # the tests start the server this way
    import sys

    from hordes_kit.cli import main

    sys.exit(main(["serve", *sys.argv[1:]]))
