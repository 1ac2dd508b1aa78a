"""The shared server under floods and odd requests (issue 39, part 5), each test a hole that
was open: half-open connections that stalled every page and wrote a traceback a millisecond,
a thousand websockets to one kernel, kernels kept by pages nobody is at, odd addresses
answered with tracebacks, refusals that blamed the link, the key sent in the clear.

The floods are sized to run in seconds (`make test`); `make test-long` runs them at the sizes
the issue measured (1,100 half-open connections in 4 s, 1,000 websockets). The defences piece
by piece, without a server: test_serve_guard.py.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import os
import re
import resource
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import psutil
import pytest
from budget import LONG, sized
from conftest import free_port
from test_serve import notebook, pages  # noqa: F401 - the module's pages, as a fixture
from ui_harness import asyncio_apart

from hordes_kit.serve.launch import kernel_processes

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


class Server:
    """`hordes-kit serve` on the tests' pages, with its own open-files limit, over TLS if
    asked; stopped with its kernels."""

    def __init__(self, log_dir: Path, *args: str, files=None, context=None, ready=None) -> None:
        self.port = free_port()
        self.context = context
        scheme = "https" if context else "http"
        self.url = f"{scheme}://127.0.0.1:{self.port}"
        self.log_path = log_dir / f"serve-{self.port}.log"
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()

        def limit() -> None:
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, files)

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "hordes_kit", "serve", "--no-browser", "--no-warm-up"]
            + [f"--port={self.port}", "--preheat=0", *args],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=limit,  # noqa: PLW1509 - POSIX only, like the kit
        )
        try:
            self._wait(ready or r"kernel pools are full|kernel pools: none")
        except BaseException:
            self.stop()  # a server that did not start is not left behind
            raise

    def _wait(self, ready: str) -> None:
        deadline = time.monotonic() + 90
        while not re.search(ready, self.log()):
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log()[-3000:]
            time.sleep(0.3)
        while True:
            try:
                self.get("/voila/static/voila.js", timeout=5)
                break
            except OSError as e:
                assert time.monotonic() < deadline, (e, self.log()[-3000:])
                time.sleep(0.3)

    def get(self, path: str, timeout: float = 120, opener=None) -> tuple[int, str]:
        handlers = [urllib.request.HTTPSHandler(context=self.context)] if self.context else []
        opener = opener or urllib.request.build_opener(*handlers)
        try:
            with opener.open(self.url + path, timeout=timeout) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_log(self, text: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while text not in self.log():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.3)
        return True

    def kernels(self) -> int:
        return len(kernel_processes(self.proc.pid))

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()


@pytest.fixture
def serve(tmp_path):
    servers: list[Server] = []

    def start(*args: str, **kw) -> Server:
        servers.append(Server(tmp_path, *args, **kw))
        return servers[-1]

    yield start
    for s in servers:
        s.stop()


def _open_files_for(n: int) -> None:
    """The test itself holds ``n`` sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, n + 256), hard))


def half_open(port: int, n: int, seconds: float, source: str) -> list[socket.socket]:
    """``n`` connections from ``source`` (another machine on the LAN, as far as the server
    can tell) that start a request and never finish it, spread over ``seconds``."""
    out, start = [], time.monotonic()
    for i in range(n):
        s = socket.socket()
        s.settimeout(5)
        s.bind((source, 0))
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /voila/render/sum.ipynb HTTP/1.1\r\nHost: x\r\n")
        except OSError:  # refused or reset: the server may close what it will not hold
            s.close()
            continue
        out.append(s)
        time.sleep(max(0.0, start + seconds * (i + 1) / n - time.monotonic()))
    return out


def still_open(socks: list[socket.socket]) -> int:
    n = 0
    for s in socks:
        s.setblocking(False)
        try:
            n += s.recv(1) != b""
        except BlockingIOError:
            n += 1
        except OSError:
            pass
    return n


# --- half-open connections -----------------------------------------------------------------------
def test_half_open_connections_neither_stall_the_pages_nor_flood_the_log(serve, pages):  # noqa: F811
    """1,100 half-open connections in 4 s used up the server's open files: every accept then
    failed with a traceback (590,555 lines in 2.5 minutes) and no page loaded."""
    n, seconds, files = sized(300, 1100), sized(1, 4), sized(256, 1024)
    _open_files_for(n)
    server = serve(
        f"--notebook-dir={pages}", "--max-kernels=4", "--timeouts=3,30,100", files=(files, files)
    )
    socks = half_open(server.port, n, seconds, "127.0.0.2")
    try:
        status, body = server.get("/voila/render/sum.ipynb", timeout=60)
        assert status == 200 and "the sum is 42" in body  # a player's page, during the flood
        assert still_open(socks) <= 64 + 4  # what one address may hold (plus one per kernel)
        time.sleep(5)
        assert still_open(socks) == 0  # no request within 3 s: closed
        status, _body = server.get("/voila/static/voila.js", timeout=60)
        assert status == 200
    finally:
        for s in socks:
            s.close()
    log = server.log()
    assert "Traceback" not in log and "Too many open files" not in log, log[-3000:]
    assert log.count("refused a connection from 127.0.0.2") <= 20  # then counted, not written
    assert len(log.splitlines()) < 100, log[-3000:]


# --- websockets -------------------------------------------------------------------------------
async def _websockets(url: str, n: int) -> tuple[list, dict[str, int]]:
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    async def one():
        request = HTTPRequest(f"{url}?session_id={uuid.uuid4()}", request_timeout=90)
        try:
            return await websocket_connect(request)
        except HTTPClientError as e:
            return e.code
        except OSError:
            return "reset"

    opened, refused = [], {}
    for start in range(0, n, 50):
        for r in await asyncio.gather(*(one() for _ in range(min(50, n - start)))):
            if isinstance(r, (int, str)):
                refused[r] = refused.get(r, 0) + 1
            else:
                opened.append(r)
    return opened, refused


def test_a_thousand_websockets_to_one_kernel_are_turned_away(serve, pages):  # noqa: F811
    """1,000 websocket connects to one page's kernel took the server from 157 to 496 MB and
    left file descriptors open for good."""
    n = sized(40, 1000)
    _open_files_for(n)
    server = serve(f"--notebook-dir={pages}", "--max-kernels=4")
    status, body = server.get("/voila/render/sum.ipynb")
    kernel = KERNEL_ID.search(body).group(1)
    url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
    proc = psutil.Process(server.proc.pid)

    async def flood():
        first, _ = await _websockets(url, 1)  # the page's own websocket
        await asyncio.sleep(1)  # (its ZeroMQ sockets are made once it is open)
        base = proc.num_fds()
        opened, refused = await _websockets(url, n)
        for ws in opened + first:
            ws.close()
        deadline = time.monotonic() + 20  # (ZeroMQ closes its sockets in its own thread)
        while proc.num_fds() > base + 4 and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        return base, len(opened), refused

    base, opened, refused = asyncio_apart(flood)
    assert opened == 2 and refused == {429: n - 2}  # three to a kernel, the page's among them
    assert proc.num_fds() <= base + 4  # nothing left behind (the page's kept for its return)
    log = server.log()
    assert "Traceback" not in log and "Too many open files" not in log, log[-3000:]
    assert server.get("/voila/render/sum.ipynb")[0] == 200


@pytest.mark.skipif(not LONG, reason="nine kernels: make test-long")
def test_one_address_holds_a_bounded_number_of_websockets(serve, pages):  # noqa: F811
    server = serve(f"--notebook-dir={pages}", "--max-kernels=10")
    kernels = [
        KERNEL_ID.search(server.get("/voila/render/sum.ipynb")[1]).group(1) for _ in range(9)
    ]

    async def flood():
        got, refused = [], {}
        for k in kernels:
            url = f"ws://127.0.0.1:{server.port}/api/kernels/{k}/channels"
            opened, no = await _websockets(url, 3)
            got += opened
            for code, count in no.items():
                refused[code] = refused.get(code, 0) + count
        for ws in got:
            ws.close()
        return len(got), refused

    assert asyncio_apart(flood) == (24, {429: 3})


# --- odd addresses, refusals in words ---------------------------------------------------------
ODD = (
    "/voila/render/%00",
    "/voila/render/a%00b.ipynb",
    "/logout",
    "/voila/templates/..%2f",
    "/voila/templates/..%2f..%2fetc%2fpasswd",
    "/voila/templates/%00",
    "/voila/templates/lab/static/..%2f..%2f..%2fvoila.json",
)


@pytest.fixture(scope="module")
def odd_server(tmp_path_factory, pages):  # noqa: F811
    """A server started with fewer open files than the system allows it."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    server = Server(
        tmp_path_factory.mktemp("odd"), f"--notebook-dir={pages}", files=(min(512, hard), hard)
    )
    yield server
    server.stop()


def test_the_open_files_limit_is_raised_to_the_hard_limit_at_start(odd_server):
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limits = Path(f"/proc/{odd_server.proc.pid}/limits").read_text()
    assert re.search(rf"Max open files\s+{min(hard, 1 << 20)}\s", limits), limits


@pytest.mark.parametrize("path", ODD)
def test_an_odd_address_is_not_found_in_one_line(odd_server, path):
    """``%00``, ``/logout`` and ``/voila/templates/..%2f`` each wrote a 30-line traceback."""
    before = len(odd_server.log().splitlines())
    status, body = odd_server.get(path)
    time.sleep(0.3)
    added = odd_server.log().splitlines()[before:]
    assert status == 404 and "No such page" in body, (path, status)
    assert len(added) == 1 and "Traceback" not in "".join(added), (path, added)


def test_a_refusal_says_what_is_wrong_not_ask_for_the_link(odd_server):
    """A server without a token refused a request without the page's XSRF check, or an
    address outside its files, with "Ask the host for the link"."""
    server = odd_server
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    server.get("/voila/render/index.ipynb", opener=browser)
    request = urllib.request.Request(server.url + "/voila/render/sum.ipynb", data=b"x=1")
    try:
        browser.open(request, timeout=30)
        raise AssertionError("a post without the page's check was accepted")
    except urllib.error.HTTPError as e:
        status, body = e.code, e.read().decode()
    assert status == 403 and "did not carry this page's own check" in body.replace("&#x27;", "'")
    status, body = server.get("/voila/static/..%2f")
    assert status == 403 and "outside the server" in body and "Ask the host" not in body


# --- TLS --------------------------------------------------------------------------------------
QUERY_PAGE = (  # the address a preheated page's kernel reads when the page is opened, logged
    "import sys\nfrom hordes_kit.ui.query import at_address, query_string\n"
    "at_address(lambda: print('page address: [' + query_string() + ']', "
    "file=sys.__stderr__, flush=True) or '')"
)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the certificate")
def test_tls_serves_the_pages_and_preheated_kernels_read_their_address(serve, tmp_path):
    d = tmp_path / "tls-pages"
    d.mkdir()
    notebook(d / "index.ipynb", ("markdown", "# Our table"))
    notebook(d / "query.ipynb", ("code", QUERY_PAGE))
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=kit"]
        + ["-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )
    context = ssl.create_default_context(cafile=str(cert))
    server = serve(
        f"--notebook-dir={d}",
        "--preheat=1",
        "--token=table-key-1234",
        f"--certfile={cert}",
        f"--keyfile={key}",
        context=context,
    )
    assert f"https://127.0.0.1:{server.port}/?token=table-key-1234" in server.log()
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(
        urllib.request.HTTPSHandler(context=context), urllib.request.HTTPCookieProcessor(jar)
    )
    status, body = server.get("/?token=table-key-1234", opener=browser)
    assert status == 200 and "Our table" in body
    assert [c.secure for c in jar if c.value == "table-key-1234"] == [True]
    # the preheated kernel reads its page's address: it asks over loopback, not over TLS
    # (it could not check the host's certificate), with the server's key for its kernels
    status, _body = server.get("/voila/render/query.ipynb?table=KXMPRT", opener=browser)
    assert status == 200 and "Using pre-heated kernel" in server.log()
    assert server.wait_log("page address: [table=KXMPRT]", 60), server.log()[-3000:]
    with pytest.raises(OSError):  # nothing travels in the clear on this port
        urllib.request.urlopen(f"http://127.0.0.1:{server.port}/", timeout=10).read()


# --- kernels of pages nobody is at ------------------------------------------------------------
TABLE_PAGE = """import ipywidgets as w
from hordes_kit.ui.playback import KernelClock
from hordes_kit.ui.shared_table import TableClock

# a page at a table, as ui.shared_table.TablePanel makes it: the kernel looks at the table
# four times a second by itself and draws what it finds (here: always something), and the
# browser's clock asks the kernel every 0.5 s (the page's beat)
moves = w.IntText(0, description="Moves")
watcher = KernelClock(lambda: setattr(moves, "value", moves.value + 1), 0.25)
clock = TableClock(lambda: None, interval_ms=500)
clock.observe(lambda ch: watcher.start() if ch["new"] else watcher.stop(), "running")
clock.running = True
leave = w.Button(description="Leave the table")
leave.on_click(lambda _b: setattr(clock, "running", False))
w.VBox([moves, clock, leave])"""


@pytest.mark.browser
def test_kernels_of_gone_browsers_go_home_and_no_other(serve, context, tmp_path):
    """A killed tab kept its kernel while its table was played (every move its kernel drew
    counted as activity), and a page fetched by curl kept its kernel for the 10-minute
    idle cull. Here (the server's waits shortened: a browser has 4 s to connect, a table
    page's beat may stop for 5 s): the kernels of a page never opened in a browser, of a
    killed tab and of a frozen tab are shut down; a live table page's, a page's that left
    its table and a preheated kernel waiting in its pool are not."""
    d = tmp_path / "table-pages"
    d.mkdir()
    notebook(d / "index.ipynb", ("markdown", "# Our table"))
    notebook(d / "table.ipynb", ("code", TABLE_PAGE))
    notebook(d / "sum.ipynb", ("code", "print('the sum is', 20 + 22)"))
    notebook(d / "other.ipynb", ("code", "print('nobody opens this page')"))
    server = serve(f"--notebook-dir={d}", "--preheat=3", "--max-kernels=9", "--timeouts=20,4,5")
    status, body = server.get("/voila/render/sum.ipynb")  # no browser: a curl loop's page
    curled = KERNEL_ID.search(body).group(1)
    kernels = {}
    for name in ("killed", "frozen", "live", "left"):
        tab = context.new_page()
        tab.goto(server.url + "/voila/render/table.ipynb", timeout=90_000)
        tab.locator(".hk-table-live").wait_for(state="attached", timeout=90_000)
        kernels[name] = (tab, KERNEL_ID.search(tab.content()).group(1))
    time.sleep(2)  # every table page beats
    kernels["left"][0].get_by_role("button", name="Leave the table").click()
    frozen = context.new_cdp_session(kernels["frozen"][0])
    frozen.send("Debugger.enable")
    frozen.send("Debugger.pause")  # a phone tab in the background: its scripts stop
    kernels["killed"][0].close(run_before_unload=False)  # a killed tab: no word to the server
    try:
        for kid, why in ((curled, "never connected"),) + tuple(
            (kernels[n][1], "stopped answering") for n in ("killed", "frozen")
        ):
            assert server.wait_log(f"closing a page's kernel {kid}: its browser {why}", 40), (
                kid,
                server.log()[-3000:],
            )
        time.sleep(8)  # more than the beat's 5 s again, and a check of the watch
        log = server.log()
        assert log.count("closing a page's kernel") == 3, log[-3000:]  # and no other
        assert "kernel pools are full" in log
        # the live page still plays; other.ipynb's preheated kernel still waits for a visitor
        live = kernels["live"][0]
        assert int(live.locator("input").first.input_value()) > 0
        assert server.kernels() >= 3, log[-3000:]
    finally:
        frozen.send("Debugger.resume")
