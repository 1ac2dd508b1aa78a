"""Issue 39 parts 1 and 3, the server's side: no page makes the server connect out (the
host's Dask cluster is given on the command line and checked at start), the server
answers only to its own names (DNS rebinding) and to websockets from its own pages, and a
preheated kernel's own request for its page's address passes the token gate with the
key the server gave its kernels (and nobody else's does)."""

from __future__ import annotations

import base64
import html
import http.cookiejar
import ipaddress
import os
import re
import socket
import time
import urllib.request

import pytest
from budget import LONG, sized
from conftest import VoilaServer, free_port
from hypothesis import given, settings
from hypothesis import strategies as st
from test_serve import TOKEN, get, notebook, refused

from hordes_kit.core.errors import HordesKitError
from hordes_kit.serve.dashboard import KERNEL_HEADER
from hordes_kit.serve.gate import check_allow_host, host_allowed, host_name, served_names

EVIL = ("evil.example", "127.0.0.1.nip.io", "localhost.evil.example", "games.lan.evil.example")


def upgrade(url: str, path: str, **headers: str) -> int:
    """The status a websocket handshake for ``path`` gets (101: open), with ``headers``
    (``Host`` defaults to the server's address, as a browser sends it)."""
    host, port = url.removeprefix("http://").split(":")
    fields = {
        "Host": f"{host}:{port}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
        "Sec-WebSocket-Version": "13",
        **{k.replace("_", "-"): v for k, v in headers.items()},
    }
    head = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items())
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall((head + "\r\n").encode())
        status = s.recv(4096).decode(errors="replace").split("\r\n", 1)[0]
    return int(status.split()[1])


def get_as(url: str, host: str, opener=None) -> tuple[int, str]:
    """GET ``url`` as a browser that reached the server by the name ``host``."""
    request = urllib.request.Request(url, headers={"Host": host})
    status, _headers, body = get(request, opener)  # type: ignore[arg-type]
    return status, body


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    d = tmp_path_factory.mktemp("gate-pages")
    notebook(d / "index.ipynb", ("markdown", "# Our table"))
    notebook(d / "sum.ipynb", ("code", "print('the sum is', 20 + 22)"))
    # the address a preheated page's kernel reads when the page is opened, in the log
    notebook(
        d / "address.ipynb",
        (
            "code",
            "import sys\nfrom hordes_kit.ui.query import at_address, query_string\n"
            "at_address(lambda: print('page address: [' + query_string() + ']', "
            "file=sys.__stderr__, flush=True) or '')",
        ),
    )
    # what the lab page offers in this server's kernels
    notebook(
        d / "lab.ipynb",
        (
            "code",
            "from hordes_kit.ui.lab import LabPage\n"
            "print('run on:', ' | '.join(LabPage().where.options))",
        ),
    )
    return d


# --- DNS rebinding: the server answers to its own names only ---------------------------------
def test_a_request_for_a_name_not_the_servers_is_refused(tmp_path, pages):
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}")
    try:
        port = server.port
        for name in EVIL:  # a page of another site whose name now points at this computer
            for path in ("/", "/voila/render/sum.ipynb", "/voila/static/voila.js", "/api/x"):
                status, body = get_as(server.url + path, f"{name}:{port}")
                assert status == 403 and "does not answer to that name" in body, (name, path)
                assert "the sum is" not in body and "--allow-host NAME" in body
        # the names the server has: its addresses and localhost
        for name in ("127.0.0.1", "[::1]", "localhost", "LocalHost."):
            status, body = get_as(f"{server.url}/voila/render/sum.ipynb", f"{name}:{port}")
            assert status == 200 and "the sum is 42" in body, name
        # websockets too (a kernel's channels, named by any id)
        channels = "/api/kernels/0bd8a2b4-1f4c-4a47-8e37-6a0a3c1f3a11/channels"
        assert upgrade(server.url, channels, Host=f"evil.example:{port}") == 403
        time.sleep(1)
        log = server.log()
        lines = [x for x in log.splitlines() if "refused a request for" in x]
        assert len(lines) == 4 * len(EVIL) + 1  # one line a refused request, and only one
        assert "'evil.example', not a name of this server" in lines[0]
        assert "--allow-host NAME" in lines[0] and "Traceback" not in log
        assert not re.search(r"403 GET \S+ \(", log)  # no second (access log) line for them
    finally:
        server.stop()


def test_a_name_the_host_allows_is_answered(tmp_path, pages):
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--allow-host=Games.LAN")
    try:
        status, body = get_as(f"{server.url}/voila/render/sum.ipynb", f"games.lan:{server.port}")
        assert status == 200 and "the sum is 42" in body
        assert get_as(server.url + "/", f"other.lan:{server.port}")[0] == 403
    finally:
        server.stop()


def test_a_websocket_from_another_sites_page_is_refused(tmp_path, pages):
    """Already true with Voila (kept as a test): a page of another site may not open a
    websocket to a kernel, even when the browser sends the server's own name."""
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}")
    try:
        status, _h, body = get(f"{server.url}/voila/render/sum.ipynb")
        assert status == 200
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)[1]
        channels = f"/api/kernels/{kernel}/channels"
        assert upgrade(server.url, channels, Origin="http://evil.example") == 403
        assert upgrade(server.url, channels, Origin=f"http://evil.example:{server.port}") == 403
        assert upgrade(server.url, channels, Origin=server.url) == 101  # the page's own
    finally:
        server.stop()


# --- a preheated kernel asks for its page's address with the kernels' key ---------------------
def test_a_preheated_page_reads_its_address_on_a_token_server(tmp_path, pages):
    """The page's kernel asks for its address with the kernels' key: on a token server
    the gate turned that request away, and every seat link opened a fresh game."""
    server = VoilaServer(
        tmp_path, 600, f"--notebook-dir={pages}", f"--token={TOKEN}", "--preheat=1"
    )
    try:
        assert "Kernel pool of address.ipynb is filled" in server.log(), server.log()[-2000:]
        ids = re.findall(r"Kernel started: ([0-9a-f-]{36})", server.log())
        jar = http.cookiejar.CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        assert get(f"{server.url}/?token={TOKEN}", browser)[0] == 200
        status, _h, _b = get(f"{server.url}/voila/render/address.ipynb?table=KXMPRT", browser)
        assert status == 200
        deadline = time.monotonic() + 60
        while "page address: [" not in server.log() and time.monotonic() < deadline:
            time.sleep(0.5)
        log = server.log()
        assert "Using pre-heated kernel" in log
        assert "page address: [table=KXMPRT]" in log, log[-3000:]
        # a visitor, with the token or without, cannot ask in a kernel's place (a page's
        # address may hold a seat's key), nor with a wrong key
        cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
        for kernel_id in ids:
            path = f"/voila/query/{kernel_id}"
            assert upgrade(server.url, path) == 403
            assert upgrade(server.url, path, Cookie=cookie) == 403
            assert upgrade(server.url, path, Cookie=cookie, **{KERNEL_HEADER: "x" * 43}) == 403
    finally:
        server.stop()


# --- the host's cluster, given on the command line --------------------------------------------
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--scheduler", "not an address"], "--scheduler: the scheduler address 'not an"),
        (["--scheduler", "tcp://127.0.0.1"], "must look like tcp://HOST:PORT"),
        (["--allow-host", "bad name!"], "--allow-host 'bad name!' is not a host name"),
        (["--allow-host", "*"], "--allow-host '*' is not a host name"),
    ],
)
def test_serve_refuses_a_bad_scheduler_or_name_in_one_line(capsys, args, says):
    assert says in refused(capsys, "--port", str(free_port()), *args)


def test_serve_refuses_a_scheduler_that_does_not_answer(capsys):
    with socket.socket() as s:  # a port where nothing answers
        s.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
        err = refused(capsys, "--port", str(free_port()), "--scheduler", address)
    assert f"--scheduler: no Dask scheduler answered at {address}" in err


def test_the_hosts_cluster_is_the_lab_pages_only_cluster(tmp_path, pages):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", f"--scheduler={address}")
        try:
            status, _h, body = get(f"{server.url}/voila/render/lab.ipynb")
        finally:
            server.stop()
    body = html.unescape(body)
    assert status == 200 and "run on: This server | This server's cluster" in body
    assert address not in body and address.rsplit(":", 1)[1] not in body  # never shown
    assert "may run on this server's Dask cluster" in server.log()


# --- the parsers of names: fuzzed ---------------------------------------------------------------
HOSTS = st.text(max_size=80) | st.from_regex(
    r"\[?[0-9a-fA-F:.]{1,40}\]?(:[0-9]{1,6})?|[a-zA-Z0-9.-]{1,40}\.?(:[0-9]{1,6})?", fullmatch=True
)


@settings(max_examples=sized(300, 6000), deadline=None, derandomize=not LONG)
@given(HOSTS, st.lists(st.text(max_size=30), max_size=3))
def test_the_host_check_fuzz_never_fails_any_other_way(host, allowed):
    """Any Host header is answered or refused, never an error; a name is answered only
    when it is an address, localhost or a name given; --allow-host refuses in words."""
    names = set()
    for name in allowed:
        try:
            names.add(check_allow_host(name))
        except HordesKitError as e:
            assert "--allow-host" in str(e) and "is not a host name" in str(e)
    served = served_names("127.0.0.1", "127.0.0.1", names)
    answered = host_allowed(host, served)
    name = host_name(host)
    try:
        ipaddress.ip_address(name)
        is_ip = True
    except ValueError:
        is_ip = False
    assert answered == (is_ip or name in names | {"localhost"})
    for name in names:  # a name allowed is answered as a browser sends it
        assert host_allowed(f"{name.upper()}:8866", served)
