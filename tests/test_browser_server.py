"""The server as a player's browser meets it (Debian's Chromium through Playwright): idle
kernels culled, no traceback sent to the page, a left page's kernel shut down (the clean
console of every page is test_browser_console.py). (A file of its own, so its servers and
waits run on another worker than the longest page tests.)"""

from __future__ import annotations

import time
import urllib.request

import psutil
import pytest
from conftest import VoilaServer
from playwright.sync_api import Page, expect

from hordes_kit.serve.launch import kernel_processes

pytestmark = pytest.mark.browser
TIMEOUT = 90_000


def _kernels(proc: psutil.Process) -> int:
    """Live kernel processes under the server, forked ones included (a culled kernel may
    linger as a zombie: not counted)."""
    return len(kernel_processes(proc.pid))


def test_idle_kernels_are_culled(tmp_path):
    server = VoilaServer(tmp_path, 3, "--preheat=0", simulators=False)  # a walkthrough
    try:
        for _ in range(2):  # (the index page needs no kernel: a dashboard does)
            page = "/voila/render/heroes_hordes_walkthrough.ipynb"
            urllib.request.urlopen(server.url + page, timeout=60).read()
        proc = psutil.Process(server.proc.pid)
        assert _kernels(proc) >= 1
        deadline = time.monotonic() + 45
        while _kernels(proc) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _kernels(proc) == 0, f"kernels still running, see {server.log_path}"
    finally:
        server.stop()


def test_a_failing_click_sends_no_traceback_to_the_browser(page: Page, tmp_path):
    from test_serve import page_folder

    pages = page_folder(
        tmp_path,
        "boom",
        "import hordes_kit.ui\nimport ipywidgets as w\n"
        "b = w.Button(description='Boom')\n"
        "b.on_click(lambda _b: {}['the-secret-' + 'detail'])\nb",
    )
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--preheat=0")
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda f: frames.append(f if isinstance(f, str) else f.decode("utf-8", "replace")),
        ),
    )
    try:
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server.url}/voila/render/boom.ipynb")
        page.get_by_role("button", name="Boom").click()
        deadline = time.monotonic() + 30
        while "the-secret-detail" not in server.log() and time.monotonic() < deadline:
            time.sleep(0.3)
        page.wait_for_timeout(1000)
        assert "KeyError: 'the-secret-detail'" in server.log()  # the host can read it
        seen = "".join(frames)
        assert "Something went wrong here" in seen  # the page was told, in one line
        assert "the-secret-detail" not in seen and "Traceback" not in seen
    finally:
        server.stop()


def test_leaving_a_page_shuts_its_kernel_down(page: Page, tmp_path):
    server = VoilaServer(tmp_path, 600, "--preheat=0", simulators=False)  # a walkthrough
    try:
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server.url}/voila/render/heroes_hordes_walkthrough.ipynb")
        expect(page.locator(".hk-next").first).to_be_visible()
        proc = psutil.Process(server.proc.pid)
        assert _kernels(proc) == 1
        page.goto(f"{server.url}/voila/render/index.ipynb")  # the index needs no kernel
        deadline = time.monotonic() + 20
        while _kernels(proc) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert _kernels(proc) == 0, "the page's kernel waited for the idle cull"
    finally:
        server.stop()


SLOW_IOPUB = """import time
import ipywidgets as w
from IPython import get_ipython
from IPython.display import display

kernel = get_ipython().kernel
button = w.Button(description="Ready")
idle = kernel._publish_status_and_flush


def late(status, channel, stream, parent=None):
    # a starved kernel (or server): the page's controls reach the server 6 s after the
    # cell's reply, as when many kernels warm up at once on two cores
    if status == "idle" and channel == "shell":
        kernel._publish_status_and_flush = idle
        time.sleep(6)
        display(button)
    idle(status, channel, stream, parent)


kernel._publish_status_and_flush = late"""


@pytest.mark.parametrize("preheat", ["--preheat=0", "--preheat=1"])
def test_a_starved_kernel_still_sends_its_page_its_controls(tmp_path, preheat):
    """Kernels warming up together on two cores get their output to the server late: Voila's
    executor waited 4 s for it, then sent the page without its controls (the page stayed
    empty, with only a warning in the log). ``--preheat=16`` showed it on every page."""
    pages = tmp_path / "pages"
    pages.mkdir()
    from test_serve import notebook

    notebook(pages / "index.ipynb", ("markdown", "# index"))
    notebook(pages / "slow.ipynb", ("code", SLOW_IOPUB))
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", preheat)
    try:
        if preheat != "--preheat=0":
            assert "kernel pools are full" in server.log(), server.log()
        html = urllib.request.urlopen(server.url + "/voila/render/slow.ipynb", timeout=120)
        text = html.read().decode()
        assert "application/vnd.jupyter.widget-view+json" in text, server.log()[-2000:]
    finally:
        server.stop()


def test_a_page_loads_no_mathjax_and_keeps_its_dollar_signs(page: Page, tmp_path):
    """A page's Markdown keeps "$3 ... $5" as written and the page loads no MathJax (Voila's
    bundled MathJax 3 took its scripts and built a typesetter on every page, and read the
    text between two dollar signs as a formula). The kit's lean front end (serve/lean.py)
    loads none; Voila's (``HORDES_KIT_FRONTEND=voila``) is given the server's MathJax 2
    stand-in, which does nothing (serve/frontend.py)."""
    from test_serve import notebook

    pages = tmp_path / "pages"
    pages.mkdir()
    notebook(pages / "index.ipynb", ("markdown", "# Our table"))
    notebook(
        pages / "prices.ipynb",
        ("markdown", "A dragon costs $3 and a knight $5 at the market."),
        ("code", "print('the market is open')"),
    )
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--preheat=0")
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    try:
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server.url}/voila/render/prices.ipynb")
        expect(page.get_by_text("the market is open")).to_be_visible()
        page.wait_for_timeout(1500)  # what the page typesets, it typesets at once
        text = page.locator(".jp-MarkdownOutput").first.inner_text()
        mathjax = page.evaluate("window.MathJax ? Object.keys(window.MathJax).sort() : null")
        assert "costs $3 and a knight $5 at" in text, text
        assert mathjax is None  # no typesetter at all
        no_math = urllib.request.urlopen(server.url + "/hordes-kit/no-math.js", timeout=10)
        headers = dict(no_math.headers)
    finally:
        server.stop()
    assert not [u for u in fetched if "mathjax" in u.lower() or "no-math" in u]
    assert "immutable" in headers["Cache-Control"]  # (the stand-in, for Voila's front end)
