"""Serve every dashboard to a playgroup with Voila, opening on the index dashboard.

What the server adds to Voila (the helpers live in kernels and pages):
- a cap on kernels (preheated ones included); a page beyond it gets "the table is full"
  (HTTP 503, Retry-After) instead of a kernel the machine cannot hold;
- preheated kernels for the dashboards (all of them when a third of the cap allows),
  started one at a time, most used first, within the cap, never culled; a pool moves to
  the page this table opens most (kernels.rebalance); up to six kernels for the pages a
  playgroup opens together, the play pages and walkthroughs (kernels.pool_sizes);
- a cell's output may lag 120 s behind its reply (a starved kernel), not 4 s;
- an access token when shared beyond this computer: it travels once in the link, then
  as a cookie; a visitor without it is asked to get the link from the host (HTTP 403);
- answers only to IP addresses and the names it serves on (DNS rebinding), lets only its
  own kernels ask for their page's address, and hands its kernels the host's Dask
  cluster, the only one a page can run on (gate.py);
- bounds on connections and websockets per address and per kernel, idle connections
  closed, the open-files limit raised, odd addresses not found (guard.py); TLS
  with --certfile (listen.py); the kernel of a page whose browser never came or is
  gone shut down (liveness.py); repeated log lines counted (log.py);
- no tracebacks in the browser (they go to the server's log), friendly error pages;
- text-only dashboards (the index) served without a kernel;
- memory handed back to the system after idle kernels are culled;
- the front end's static files sent gzip-compressed and kept by the browser, so a
  visitor's second page takes its scripts from the cache (assets.py);
- the pages' script is the kit's lean front end, not Voila's JupyterLab application:
  six friends' browsers opening a page at once each need a third of the CPU (lean.py);
- pages load no MathJax (16 scripts and a typesetter built on every page; no dashboard
  shows formulas): none at all, or with Voila's front end a stand-in (frontend.py);
- pages fetch nothing from other hosts (Voila's bundled Font Awesome, not its CDN copy);
  charts are inline SVG (``ui.charts.SvgChart``), so plotly's 4.8 MB renderer is not
  loaded at all; a FigureWidget, if a page makes one, fetches its code once from here
  (see dashboard.py), and so does a plotly ``Chart`` (plotly.js, lean.py).
"""

from __future__ import annotations

import errno
import hmac
import ipaddress
import os
import re
import secrets
import socket
import ssl
import subprocess
import sys
import threading
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlencode

import jinja2
import plotly
import tornado.web
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from jupyter_server.utils import url_path_join
from nbformat import NotebookNode
from tornado.web import RedirectHandler
from traitlets.config import Config
from voila import notebook_renderer
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from hordes_kit.core.data import notebooks_dir
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.tables.quota import CLIENT_HEADER
from hordes_kit.serve.assets import compressed
from hordes_kit.serve.dashboard import ENV, KERNEL_KEY_ENV, PLOTLY_PATH, SCHEDULER_ENV
from hordes_kit.serve.frontend import NO_MATH_PATH, NoMathHandler, no_math
from hordes_kit.serve.gate import (
    check_host_scheduler,
    host_allowed,
    host_name,
    kernel_address,
    kernel_key_ok,
    log_request,
    served_names,
    wrong_host,
)
from hordes_kit.serve.guard import (
    IDLE_CONNECTION_S,
    Limits,
    harden_handlers,
    page_path_ok,
    raise_open_files,
)
from hordes_kit.serve.kernels import (
    KitKernelManager,
    TableFull,
    default_max_kernels,
    fewer_arenas,
    memory_limit_mb,
    pool_plan,
    pool_sizes,
)
from hordes_kit.serve.launch import can_fork
from hordes_kit.serve.lean import LEAN_DIR, LEAN_PATH, LeanStatic, frontend_choice, lean_version
from hordes_kit.serve.listen import listen_guarded, tls_context
from hordes_kit.serve.liveness import CONNECT_WITHIN, HEARTBEAT_WITHIN, WatchedPage
from hordes_kit.serve.pages import (
    ask_for_link,
    is_text_only,
    not_found,
    refused,
    table_full,
    text_page,
    went_wrong,
)

__all__ = ["INDEX", "KitVoila", "voila_argv", "serve", "check_address", "resolve_token"]

INDEX = "index.ipynb"
RETRY_AFTER = 60
IOPUB_TIMEOUT = 120  # seconds a cell's output may lag behind its reply (nbclient's default: 4)
SELF_CHECK = "# self-check"  # a dashboard's last cell: a test for nbval, not run for visitors
TEMPLATES = Path(__file__).resolve().parent / "templates"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,128}")


# --- the gate: token, friendly errors ------------------------------------------------------
class KitGate:
    """Mixed into every handler: the names the server answers to, the access token (its
    kernels' own key for their page's address), and error pages in players' words."""

    def _hk_token_ok(self) -> bool:
        token = self.settings.get("hk_token")
        if not token:
            return True
        name = self.settings["hk_cookie"]
        given = self.get_query_argument("token", None)
        if given is not None and hmac.compare_digest(given.encode(), token.encode()):
            secure = self.request.protocol == "https"  # (--certfile: never sent in the clear)
            self.set_cookie(name, token, httponly=True, samesite="Lax", path="/", secure=secure)
            query = {k: v[-1].decode() for k, v in self.request.query_arguments.items()}
            query.pop("token")
            if self.request.method == "GET" and "Upgrade" not in self.request.headers:
                # the token leaves the address bar; the cookie carries it from now on
                self.redirect(self.request.path + ("?" + urlencode(query) if query else ""))
                return False
            return True
        cookie = self.get_cookie(name)
        return cookie is not None and hmac.compare_digest(cookie.encode(), token.encode())

    def prepare(self, *args, **kwargs):
        names = self.settings.get("hk_names")
        if names is not None and not host_allowed(self.request.host, names):
            name = host_name(self.request.host)
            self.settings["hk_log"].warning(
                "hordes-kit: refused a request for %r, not a name of this server "
                "(a page of another site?); allow a name with --allow-host NAME",
                name[:100],
            )
            self.hk_explained = True  # that line is the request's only one
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            return self.finish(wrong_host(name[:100]))
        if isinstance(self, RequestInfoSocketHandler):
            # a page's address, asked for by its preheated kernel: with the key the server
            # gave its kernels, token or not; never by a visitor
            if kernel_key_ok(self.request.headers, self.settings.get("hk_kernel_key")):
                return super().prepare(*args, **kwargs)
            self.set_status(403)
            return self.finish()
        if not self._hk_token_ok():
            if not self._finished:  # not redirected: refused
                self.set_status(403)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(ask_for_link())
            return None
        return super().prepare(*args, **kwargs)

    def write_error(self, status_code: int, **kwargs) -> None:
        if isinstance(self, APIHandler):
            return super().write_error(status_code, **kwargs)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, TableFull):
            self.set_header("Retry-After", str(RETRY_AFTER))
            cap = self.settings["kernel_manager"].max_kernels
            return self.finish(table_full(RETRY_AFTER, cap))
        if status_code == 403:  # (a missing key is refused in prepare, with ask_for_link)
            return self.finish(refused(getattr(exc, "log_message", None)))
        if status_code == 404:
            return self.finish(not_found())
        return self.finish(went_wrong())


def is_static(cls: object) -> bool:
    """Whether a handler serves the front end's static files (not the notebooks' files)."""
    return (
        isinstance(cls, type)
        and issubclass(cls, tornado.web.StaticFileHandler)
        and not issubclass(cls, AllowListFileHandler)
    )


def gated(cls: type) -> type:
    """``cls`` behind the gate."""
    return type(f"Gated{cls.__name__}", (KitGate, cls), {})


class PlotlyBundle(tornado.web.StaticFileHandler):
    """plotly's widget code, and plotly.js for the lean front end's charts (serve/lean.py),
    and nothing else from its folder."""

    def validate_absolute_path(self, root, absolute_path):
        if Path(absolute_path).name not in ("widgetbundle.js", "plotly.min.js"):
            raise tornado.web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)

    def parse_url_path(self, url_path):
        return "widgetbundle.js" if url_path == "plotly-widget.js" else url_path


class _TemplateCache(jinja2.BytecodeCache):
    """Compiled page templates, kept for the server's life: Voila makes a new exporter, with
    a new Jinja environment, for every page it renders, and compiled its templates from
    source each time (about 0.15 s of the server's CPU a page). Jinja checks each template's
    source against the one a cached build was made from, so an edited template is
    compiled again."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


class KitExporter(VoilaExporter):
    """Voila's exporter, its templates compiled once per server (``_TemplateCache``)."""

    templates = _TemplateCache()

    def _create_environment(self):
        env = super()._create_environment()
        env.bytecode_cache = self.templates
        # the pages' script: the kit's lean front end or Voila's (serve/lean.py)
        env.globals["hk_frontend"] = frontend_choice()
        env.globals["hk_lean_version"] = lean_version()
        env.globals["hk_plotly_version"] = plotly.__version__  # (plotly.js's address)
        return env


# Voila's page renderer names the exporter class it makes for each page in its own module
notebook_renderer.VoilaExporter = KitExporter


class NotFoundHandler(tornado.web.RequestHandler):
    def prepare(self):
        raise tornado.web.HTTPError(404)


class KitRenderHandler(WatchedPage, TornadoVoilaHandler):
    """A dashboard page: text-only notebooks without a kernel; the cap before any kernel; its
    kernel watched until its browser connects (liveness)."""

    _text_pages: dict[tuple[str, float], str | None] = {}

    async def get(self, path=None):
        if not page_path_ok(path):
            raise tornado.web.HTTPError(404)
        self._hk_notebook = path
        # the page's kernel learns from here (never from the browser: a header of this name
        # that came with the request is overwritten) the address it serves, for the limits
        # on new tables and short links (core.tables.quota); Voila hands it on to the kernel
        self.request.headers[CLIENT_HEADER] = self.request.remote_ip or ""
        page = self._text_page(path)
        if page is not None:
            self.set_header("Content-Type", "text/html; charset=utf-8")
            return self.finish(page)
        km = self.kernel_manager
        if isinstance(km, KitKernelManager):
            km.note_visit(path)
        if isinstance(km, KitKernelManager) and not km.pooled_ready(path) and not km.has_room():
            raise TableFull()
        # the page's script posts this cookie back when the page is left, which shuts its
        # kernel down at once (Voila never sets it: kernels waited for the idle cull)
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie
        self.hk_begin_visit()
        return await super().get(path)

    def _text_page(self, path: str | None) -> str | None:
        root = Path(self.settings["voila"].root_dir).resolve()
        file = (root / (path or "")).resolve()
        if file.suffix != ".ipynb" or not file.is_relative_to(root) or not file.is_file():
            return None
        key = (str(file), file.stat().st_mtime)
        if key not in self._text_pages:
            self._text_pages[key] = text_page(file) if is_text_only(file) else None
        return self._text_pages[key]

    def should_use_rendered_notebook(self, notebook_data, pool_size, *args, **kwargs):
        km = self.kernel_manager
        ready = not isinstance(km, KitKernelManager) or km.pooled_ready(self._hk_notebook)
        return ready and super().should_use_rendered_notebook(
            notebook_data, pool_size, *args, **kwargs
        )


# --- the app ---------------------------------------------------------------------------------
class KitVoila(Voila):
    """Voila in directory mode behind the gate, opening on the index dashboard."""

    hk_token: str | None = None
    hk_share_url: str | None = None
    hk_names: frozenset[str] | None = None  # names answered to besides IP addresses
    hk_kernel_key: str | None = None  # the key of the kernels' own requests
    hk_tls: ssl.SSLContext | None = None
    hk_limits: Limits = Limits()

    def setup_template_dirs(self):
        super().setup_template_dirs()
        self.template_paths.insert(0, str(TEMPLATES))  # the page without CDN requests

    def init_settings(self):
        settings = super().init_settings()
        self.contents_manager = DashboardContents(parent=self)
        settings["contents_manager"] = self.contents_manager
        settings["hk_token"] = self.hk_token
        settings["hk_names"] = self.hk_names
        settings["hk_kernel_key"] = self.hk_kernel_key
        settings["hk_log"] = self.log
        settings["log_function"] = log_request
        settings["hk_cookie"] = f"hordes_kit_token_{self.port}"
        settings["default_handler_class"] = gated(NotFoundHandler)
        return settings

    def init_handlers(self):
        handlers = harden_handlers(super().init_handlers())
        handlers.append(  # plotly's widget code, fetched once and cached (see dashboard.py)
            (
                url_path_join(self.server_url, PLOTLY_PATH.replace("plotly-widget.js", "(.*)")),
                PlotlyBundle,
                {"path": str(Path(plotly.__file__).parent / "package_data")},
            )
        )
        handlers.append(  # the lean front end (lean.py): compressed, kept a year below
            (url_path_join(self.server_url, LEAN_PATH, "(.*)"), LeanStatic, {"path": str(LEAN_DIR)})
        )
        target = self.base_url.rstrip("/") + "/voila/render/" + INDEX
        root = self.server_url
        out = []
        for h in handlers:
            if h[0] in (root, root.rstrip("/") or "/"):
                continue
            cls = KitRenderHandler if h[1] is TornadoVoilaHandler else h[1]
            if is_static(cls):  # the front end: compressed, kept by the browser (assets.py)
                cls = compressed(cls)
            out.append((h[0], gated(cls), *h[2:]))
        out.insert(0, (root.rstrip("/") + "/?", gated(RedirectHandler), {"url": target}))
        # MathJax's stand-in (frontend.py), before the pages' own addresses
        out.insert(1, (url_path_join(self.base_url, NO_MATH_PATH), gated(NoMathHandler)))
        return out

    def listen(self):
        km = self.kernel_manager
        if isinstance(km, KitKernelManager):
            km.start_keeper()
        listen_guarded(self, self.hk_tls, self.hk_limits)
        super().listen()

    def launch_browser(self):
        url = self.hk_share_url or self.connection_url
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()


def _drop_self_checks(nb: NotebookNode) -> NotebookNode:
    nb.cells = [
        c
        for c in nb.cells
        if not (c.cell_type == "code" and c.source.lstrip().lower().startswith(SELF_CHECK))
    ]
    return nb


class DashboardContents(LargeFileManager):
    """Notebooks as visitors get them: without the self-check cells (tests, not pages)."""

    def get(self, path, content=True, type=None, format=None, **kwargs):
        model = super().get(path, content=content, type=type, format=format, **kwargs)
        if model.get("type") == "notebook" and model.get("content") is not None:
            model["content"] = _drop_self_checks(model["content"])
        return model


# --- checks before starting --------------------------------------------------------------------
def check_address(host: str, port: int) -> bool:
    """Refuse a taken port or an address not on this machine; True if ``host`` is loopback."""
    if not 1 <= port <= 65535:
        raise HordesKitError(f"--port must be 1-65535, got {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise HordesKitError(
            f"--host {host!r} is not an address or host name of this machine"
        ) from None
    loopback = True
    for family, kind, proto, _name, addr in infos:
        ip = ipaddress.ip_address(addr[0].split("%")[0])
        loopback = loopback and ip.is_loopback
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Voila's server does
            try:
                s.bind(addr)
            except OSError as e:
                if e.errno == errno.EADDRNOTAVAIL and host == "localhost" and ip.version == 6:
                    continue  # no IPv6 loopback here: Voila skips it too
                if e.errno == errno.EADDRINUSE:
                    raise HordesKitError(
                        f"port {port} is already in use (is a server already running?): "
                        "choose another with --port"
                    ) from None
                if e.errno == errno.EADDRNOTAVAIL:
                    raise HordesKitError(
                        f"--host {host} is not an address of this machine: use 0.0.0.0 to "
                        "share on every network it is on, or 127.0.0.1 for this computer only"
                    ) from None
                if e.errno == errno.EACCES:
                    raise HordesKitError(
                        f"port {port} needs administrator rights: choose one above 1023"
                    ) from None
                raise HordesKitError(f"cannot serve on {host} port {port}: {e.strerror}") from None
    return loopback


def resolve_token(token: str | None, no_token: bool, loopback: bool) -> str | None:
    """The access token: required off this computer unless --no-token; ``auto`` makes one."""
    if token is not None and no_token:
        raise HordesKitError("--token and --no-token contradict each other: give one")
    if no_token:
        return None
    if token is None:
        return None if loopback else secrets.token_urlsafe(16)
    if token == "auto":
        return secrets.token_urlsafe(16)
    if not _TOKEN.fullmatch(token):
        raise HordesKitError(
            "--token must be 8 to 128 letters, digits, '-' or '_' (or 'auto' to make one)"
        )
    return token


def _lan_address() -> str:
    """This machine's address on its network, for the link to share (best effort)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()


def voila_argv(port: int, host: str, open_browser: bool, cull_idle: int) -> list[str]:
    """Command-line settings for Voila (also used by the tests)."""
    return [
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={host}",
        "--no-browser" if not open_browser else "--Voila.open_browser=True",
        "--show_tracebacks=False",
        "--VoilaExecutor.cell_error_instruction=The details are in the server's log.",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull_idle // 2))}",
        "--MappingKernelManager.cull_connected=False",
        "--VoilaExecutor.timeout=180",
        # A cell's output may reach the server well after its reply when kernels warm up
        # together on two cores; nbclient's 4 s default then dropped the rest of the cell's
        # output (its controls): the page opened without widgets, with only a warning logged.
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
    ]


def _voila_config(
    root: Path, max_kernels: int, pooled: dict[str, int], watch: tuple[int, int] | None = None
) -> Config:
    c = Config()
    c.VoilaConfiguration.multi_kernel_manager_class = KitKernelManager
    c.KitKernelManager.max_kernels = max_kernels
    connect, beat = watch or (CONNECT_WITHIN, HEARTBEAT_WITHIN)
    c.KitKernelManager.connect_within, c.KitKernelManager.heartbeat_within = connect, beat
    # plotly's JupyterLab renderer (4.8 MB of script, parsed on every page even when cached)
    # is not loaded: every dashboard draws its charts as inline SVG (ui.charts.SvgChart).
    # A page that shows a plotly figure (ui.charts.Chart) would need it back: remove
    # "jupyterlab-plotly" from this list.
    # jupyterlab_pygments colours code cells, and a dashboard shows none (Voila strips
    # them): one stylesheet and script fewer per page.
    c.VoilaConfiguration.extension_denylist = ["jupyterlab-plotly", "jupyterlab_pygments"]
    c.VoilaConfiguration.http_header_envs = [CLIENT_HEADER]  # see KitRenderHandler.get
    c.VoilaConfiguration.page_config_hook = no_math  # no MathJax: no page shows formulas
    if pooled:
        c.VoilaConfiguration.preheat_kernel = True
        c.VoilaKernelManager.kernel_pools_config = {
            "default": {"pool_size": 0},
            **{nb: {"pool_size": n} for nb, n in pooled.items()},
        }
        c.VoilaKernelManager.fill_delay = 15  # refill once the visitor's page has settled
    return c


def _warm_up() -> subprocess.Popen | None:
    """Compile every game's fast simulator into numba's on-disk cache, low priority.

    A separate process, not a thread: compiling holds the GIL for half a minute and
    would stall the server's event loop (pages stop streaming). A cached build loads in
    about a second.
    """
    code = (
        "import importlib\n"
        "from hordes_kit.core.registry import registered_games\n"
        "for g in registered_games():\n"
        "    if g.fastsim:\n"
        "        importlib.import_module(g.fastsim).warm_up()\n"
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
    port: int = 8866,
    host: str = "127.0.0.1",
    open_browser: bool = True,
    cull_idle: int = 600,
    max_kernels: int | None = None,
    token: str | None = None,
    no_token: bool = False,
    preheat: int | None = None,
    notebook_dir: str | Path | None = None,
    warm_up: bool = True,
    scheduler: str | None = None,
    allow_hosts: Sequence[str] = (),
    certfile: str | None = None,
    keyfile: str | None = None,
    timeouts: tuple[int, int, int] | None = None,
) -> int:
    """Run Voila on the dashboards until interrupted; ``warm_up`` compiles the fast
    simulators into numba's cache in the background first; ``scheduler``: the host's Dask
    cluster for the lab page; ``allow_hosts``: names to answer to besides addresses;
    ``certfile``/``keyfile`` serve over TLS; ``timeouts`` (idle connection, browser to
    connect, table beat, in seconds) are shortened by the tests."""
    root = Path(notebook_dir or notebooks_dir()).resolve()
    if cull_idle < 1:
        raise HordesKitError(f"--cull-idle must be at least 1 second, got {cull_idle}")
    if max_kernels is not None and not 1 <= max_kernels <= 1000:
        raise HordesKitError(f"--max-kernels must be 1-1000, got {max_kernels}")
    if preheat is not None and not 0 <= preheat <= 100:
        raise HordesKitError(f"--preheat must be 0-100, got {preheat}")
    if not (root / INDEX).is_file():
        raise HordesKitError(f"no dashboards found in {root}")
    tls = tls_context(certfile, keyfile)
    loopback = check_address(host, port)
    secret = resolve_token(token, no_token, loopback)
    raise_open_files()  # before any connection: floods of half-open ones ran out of them
    idle_s, connect_s, beat_s = timeouts or (IDLE_CONNECTION_S, CONNECT_WITHIN, HEARTBEAT_WITHIN)
    cap = max_kernels or default_max_kernels()
    pages = sorted(p.name for p in root.glob("*.ipynb") if not is_text_only(p))
    pooled = pool_plan(pages, cap, preheat)
    sizes = pool_sizes(pooled, cap, forked=can_fork())
    shown = "127.0.0.1" if loopback else (_lan_address() if host in ("0.0.0.0", "::") else host)
    names = served_names(host, shown, allow_hosts)
    if scheduler is not None:
        check_host_scheduler(scheduler)
    scheme = "https" if tls else "http"
    url = f"{scheme}://{shown}:{port}/" + (f"?token={secret}" if secret else "")
    print(f"Serving the dashboards on {url}  (Ctrl+C to stop)", flush=True)
    if scheduler is not None:
        print("  The strategy lab may run on this server's Dask cluster (--scheduler).")
    if secret:
        print("  Share that whole link: it holds the key (visitors without it are turned away).")
    elif not loopback:
        print("  No token (--no-token): anyone who can reach this computer can open the pages.")
    if secret and not tls and not loopback:
        print("  The key travels in plain HTTP: on a network you do not trust, add --certfile.")
    print(
        f"  At most {cap} pages open at once (--max-kernels; {memory_limit_mb():,} MB here), "
        f"{len(pooled)} dashboard(s) preheated; a page idle for {cull_idle} s is closed.",
        flush=True,
    )
    print(f"  kernel pools: {', '.join(pooled) if pooled else 'none'}", flush=True)
    together = [f"{nb} ({n})" for nb, n in sizes.items() if n > 1]
    if together:
        print(f"  kernels waiting for a playgroup: {', '.join(together)}", flush=True)
    # Compile the fast simulators into numba's on-disk cache while the server starts, so
    # the first dashboard that simulates does not wait half a minute for one.
    warm = _warm_up() if warm_up else None
    KitVoila.hk_token, KitVoila.hk_share_url = secret, url
    KitVoila.hk_names, KitVoila.hk_kernel_key = names, secrets.token_urlsafe(32)
    # the kernels' side of the server (hordes_kit/dashboard.py); a page cannot
    # change its kernel's environment
    os.environ[ENV] = "1"
    os.environ[KERNEL_KEY_ENV] = KitVoila.hk_kernel_key
    os.environ["VOILA_APP_IP"] = kernel_address(host)  # where a kernel asks for its address
    if scheduler is not None:
        os.environ[SCHEDULER_ENV] = scheduler
    else:
        os.environ.pop(SCHEDULER_ENV, None)
    KitVoila.hk_tls, KitVoila.hk_limits = tls, Limits.for_server(cap, idle_s)
    fewer_arenas()
    try:
        KitVoila.launch_instance(
            argv=[str(root), *voila_argv(port, host, open_browser, cull_idle)],
            config=_voila_config(root, cap, sizes, (connect_s, beat_s)),
        )
    finally:
        if warm is not None and warm.poll() is None:
            warm.terminate()
    return 0
