"""`hordes-kit serve` for a playgroup: one-line refusals, the cap, the token, no tracebacks."""

from __future__ import annotations

import http.cookiejar
import json
import re
import socket
import time
import urllib.error
import urllib.request

import pytest
from conftest import VoilaServer, free_port

from hordes_kit.cli import main
from hordes_kit.core.errors import HordesKitError
from hordes_kit.serve.server import check_address, resolve_token

TOKEN = "table-key-1234"


def refused(capsys, *args: str) -> str:
    """Run `hordes-kit serve ARGS`: it must exit 2 with one line on stderr; return that line."""
    start = time.monotonic()
    code = main(["serve", "--no-browser", *args])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert err.count("\n") == 1 and err.startswith("hordes-kit") and "Traceback" not in err
    assert out == ""  # refused before anything started
    assert time.monotonic() - start < 10
    return err


def test_serve_refuses_a_taken_port(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        err = refused(capsys, "--port", str(port))
    assert f"port {port} is already in use" in err and "--port" in err


def test_serve_refuses_an_address_not_on_this_machine(capsys):
    err = refused(capsys, "--host", "192.0.2.7", "--port", str(free_port()))  # TEST-NET-1
    assert "--host 192.0.2.7 is not an address of this machine" in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--token", "short"], "--token must be 8 to 128 letters"),
        (["--token", "has spaces in it"], "--token must be 8 to 128 letters"),
        (["--token", "auto", "--no-token"], "--token and --no-token contradict"),
        (["--max-kernels", "0"], "--max-kernels: must be 1-1,000, got 0"),
        (["--preheat", "-1"], "--preheat: must be 0-100, got -1"),
        (["--cull-idle", "0"], "--cull-idle: must be 1-86,400, got 0"),
    ],
)
def test_serve_refuses_bad_options_in_one_line(capsys, args, says):
    err = refused(capsys, "--port", str(free_port()), *args)
    assert says in err


def test_token_rules():
    assert resolve_token(None, False, loopback=True) is None  # this computer only: no key
    made = resolve_token(None, False, loopback=False)  # shared: a key unless --no-token
    assert made and made != resolve_token(None, False, loopback=False)
    assert resolve_token(None, True, loopback=False) is None
    assert resolve_token("auto", False, loopback=True)
    assert resolve_token(TOKEN, False, loopback=False) == TOKEN
    with pytest.raises(HordesKitError):
        resolve_token("bad/token/x", False, loopback=True)


def test_loopback_is_told_apart():
    assert check_address("127.0.0.1", free_port()) is True
    assert check_address("localhost", free_port()) is True
    assert check_address("0.0.0.0", free_port()) is False


# --- a server on the tests' own pages ----------------------------------------------------------
def notebook(path, *cells: tuple[str, str]) -> None:
    """Write a notebook of (kind, source) cells."""
    nb = {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": src}
            | ({"outputs": [], "execution_count": None} if kind == "code" else {})
            for kind, src in cells
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb))


def page_folder(root, name: str, code: str):
    """Pages for a server of a test's own: an index, and ``name``.ipynb running ``code``."""
    d = root / "pages"
    d.mkdir()
    notebook(d / "index.ipynb", ("markdown", "# Our table"))
    notebook(d / f"{name}.ipynb", ("code", code))
    return d


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    d = tmp_path_factory.mktemp("pages")
    notebook(d / "index.ipynb", ("markdown", "# Our table\n[the sum](sum.ipynb)"))
    notebook(d / "sum.ipynb", ("code", "print('the sum is', 20 + 22)"))
    notebook(d / "other.ipynb", ("code", "print('another page')"))
    notebook(d / "third.ipynb", ("code", "print('a third page')"))
    notebook(
        d / "broken.ipynb",
        ("code", "print('before the error')"),
        ("code", "raise ValueError('the-secret-detail ' + 'from-the-kernel')"),
        ("code", "# Self-check: not run for visitors\nraise SystemExit('self-check ran')"),
    )
    return d


def get(url: str, opener=None) -> tuple[int, dict, str]:
    opener = opener or urllib.request.build_opener()
    try:
        with opener.open(url, timeout=120) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()


@pytest.fixture
def small_server(tmp_path, pages):
    servers = []

    def start(*args: str) -> VoilaServer:
        servers.append(VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", *args))
        return servers[-1]

    yield start
    for s in servers:
        s.stop()


def test_a_page_beyond_the_cap_is_told_the_table_is_full(small_server):
    server = small_server("--max-kernels=2", "--preheat=0")
    for page in ("sum", "other"):
        status, _h, body = get(f"{server.url}/voila/render/{page}.ipynb")
        assert status == 200 and "table is full" not in body
    status, headers, body = get(f"{server.url}/voila/render/third.ipynb")
    assert status == 503
    assert headers["Retry-After"] == "60"
    assert "The table is full" in body and "try again in a minute" in body
    assert "Traceback" not in body
    # the index needs no kernel: still open to everyone
    status, _h, body = get(f"{server.url}/voila/render/index.ipynb")
    assert status == 200 and "Our table" in body


def test_preheated_kernels_count_against_the_cap(small_server):
    server = small_server("--max-kernels=3", "--preheat=3")
    log = server.log()
    assert "kernel pools: broken.ipynb, other.ipynb, sum.ipynb" in log
    # three pooled kernels fill the cap: a page without one is turned away...
    status, _h, _b = get(f"{server.url}/voila/render/third.ipynb")
    assert status == 503
    # ...while a page with one opens on it at once
    status, _h, body = get(f"{server.url}/voila/render/sum.ipynb")
    assert status == 200 and "the sum is 42" in body


def test_pools_fill_one_kernel_at_a_time_in_the_plans_order(small_server):
    server = small_server("--max-kernels=9", "--preheat=3")
    log = server.log()
    assert "kernel pools: broken.ipynb, other.ipynb, sum.ipynb" in log
    events = re.findall(r"Kernel started|Kernel pool of (\S+) is filled", log)
    # started, filled, started, filled...: never two kernels starting together
    assert [e or "started" for e in events] == [
        "started",
        "broken.ipynb",
        "started",
        "other.ipynb",
        "started",
        "sum.ipynb",
    ], log


def test_a_pool_moves_to_the_page_the_table_opens_most(small_server):
    server = small_server("--max-kernels=5", "--preheat=1")
    assert "kernel pools: broken.ipynb" in server.log()
    for _ in range(3):  # third.ipynb opened three times, broken.ipynb never
        status, _h, body = get(f"{server.url}/voila/render/third.ipynb")
        assert status == 200 and "a third page" in body
    deadline = time.monotonic() + 90
    moved = "preheating third.ipynb instead of broken.ipynb (opened 3 and 0 times)"
    while moved not in server.log() or "Kernel pool of third.ipynb is filled" not in server.log():
        assert time.monotonic() < deadline, server.log()[-2000:]
        time.sleep(0.5)
    time.sleep(3)  # the preheated kernel runs the page
    status, _h, body = get(f"{server.url}/voila/render/third.ipynb")
    assert status == 200 and "a third page" in body
    assert "Using pre-heated kernel" in server.log().split(moved)[1]


def test_token_is_asked_for_then_travels_as_a_cookie(small_server):
    server = small_server(f"--token={TOKEN}", "--preheat=0")
    status, _h, body = get(server.url + "/voila/render/sum.ipynb")
    assert status == 403 and "Ask the host for the link" in body
    status, _h, _b = get(server.url + "/?token=wrong-key-9999")
    assert status == 403
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    status, _h, body = get(f"{server.url}/?token={TOKEN}", browser)
    assert status == 200 and "Our table" in body  # front page, then the index
    assert any(c.value == TOKEN and c.has_nonstandard_attr("HttpOnly") for c in jar)
    # links between dashboards keep working: the cookie carries the key
    status, _h, body = get(server.url + "/voila/render/sum.ipynb", browser)
    assert status == 200 and "the sum is 42" in body
    assert get(server.url + "/voila/static/voila.js", browser)[0] == 200
    assert get(server.url + "/voila/static/voila.js")[0] == 403


def test_no_traceback_reaches_the_page(small_server):
    server = small_server("--preheat=0")
    status, _h, body = get(server.url + "/voila/render/broken.ipynb")
    assert status == 200 and "before the error" in body
    assert "the-secret-detail" not in body and "Traceback" not in body
    assert "The details are in the server" in body
    assert "self-check ran" not in body  # self-check cells are tests, not run for visitors
    time.sleep(1)
    assert "the-secret-detail from-the-kernel" in server.log()  # the host can see it
    status, _h, body = get(server.url + "/voila/render/no-such-page.ipynb")
    assert status == 404 and "Traceback" not in body


def test_a_page_kernel_runs_without_the_debugger(tmp_path):
    """Each page's kernel is ipykernel without debugpy (``hordes_kit.serve.kernel``): it starts in
    less CPU and memory, and a visitor's kernel has no debugger to attach to."""
    d = page_folder(
        tmp_path,
        "kernel",
        "import sys\nfrom ipykernel import debugger\n"
        "print('debugger:', debugger._is_debugpy_available, sys.argv[0].replace('/', '.'))",
    )
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={d}", "--preheat=0")
    try:
        status, _h, body = get(f"{server.url}/voila/render/kernel.ipynb")
    finally:
        server.stop()
    assert status == 200 and "debugger: False" in body and "hordes_kit.serve.kernel.py" in body


def test_a_pages_templates_are_compiled_once_per_server():
    """Voila makes a new exporter (a new Jinja environment) for every page: the server's
    exporter takes its templates' compiled code from the server's cache after the first."""
    from voila import notebook_renderer
    from voila.paths import collect_template_paths

    from hordes_kit.serve.server import TEMPLATES, KitExporter

    assert notebook_renderer.VoilaExporter is KitExporter  # what Voila makes for a page
    paths = [str(TEMPLATES), *collect_template_paths(["voila", "nbconvert"], "lab")]

    def compiles() -> int:
        env = KitExporter(template_name="lab", template_paths=paths).environment
        calls = []
        compile_ = env.compile
        env.compile = lambda *a, **k: calls.append(1) or compile_(*a, **k)
        env.get_template("index.html.j2")
        return len(calls)

    KitExporter.templates._code.clear()  # as a server that has rendered no page yet
    assert compiles() > 0  # the first page's templates are compiled
    assert compiles() == 0  # the second page's exporter compiles nothing
