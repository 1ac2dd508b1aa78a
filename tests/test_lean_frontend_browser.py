"""The lean front end in Chromium (serve/lean.py): what a page shows besides the controls
the dashboards' own browser tests click. An Output widget's outputs (text, HTML, an
image, a plotly chart, with plotly.js fetched from this server only once one is shown),
what a click prints ``with out:``, a cell that fails, and a clean console."""

from __future__ import annotations

import gzip
import socket
import urllib.request

import pytest
from conftest import VoilaServer
from playwright.sync_api import BrowserContext, Page, expect

TIMEOUT = 90_000
PNG = (  # a 1x1 red PNG
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)
CODE = f"""
import ipywidgets as w
from hordes_kit.ui.charts import Chart, figure
import plotly.graph_objects as go

out = w.Output()
out.outputs = (
    {{"output_type": "stream", "name": "stdout", "text": "plain words\\n"}},
    {{"output_type": "display_data", "metadata": {{}},
      "data": {{"text/html": "<b class='hk-bold'>bold words</b>", "text/plain": "x"}}}},
    {{"output_type": "display_data", "metadata": {{}},
      "data": {{"image/png": "{PNG}", "text/plain": "an image"}}}},
)
said = w.Output()
button = w.Button(description="Say")

def say(_b):
    with said:
        print("said after a click")

button.on_click(say)
chart = Chart(figure(go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))))
w.VBox([out, button, said, chart])
"""


def test_outputs_a_click_prints_and_a_chart_are_shown(page: Page, tmp_path):
    from test_serve import notebook

    pages = tmp_path / "pages"
    pages.mkdir()
    notebook(pages / "index.ipynb", ("markdown", "# Our table"))
    notebook(
        pages / "outputs.ipynb",
        ("code", CODE),
        ("code", "{}['a-missing-key']"),
    )
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--preheat=0")
    console: list[str] = []
    fetched: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"error: {e}"))
    page.on("request", lambda r: fetched.append(r.url))
    try:
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server.url}/voila/render/outputs.ipynb")
        expect(page.get_by_text("plain words")).to_be_visible()
        expect(page.locator(".widget-output b.hk-bold")).to_have_text("bold words")
        expect(page.locator(".widget-output img[src^='data:image/png']")).to_have_count(1)
        page.get_by_role("button", name="Say").click()
        expect(page.get_by_text("said after a click")).to_be_visible()
        expect(page.locator(".hk-chart .main-svg").first).to_be_visible()  # plotly drew it
        # Voila stops at a failing cell and says so (its page text, shown as it was)
        expect(page.get_by_text("error when executing cell [2]")).to_be_visible()
        page.wait_for_timeout(500)
        script = next(u for u in fetched if "/hordes-kit/static/lean.js?v=" in u)
        asked = urllib.request.Request(script, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked, timeout=30) as answer:
            headers, body = dict(answer.headers), answer.read()
    finally:
        server.stop()
    assert [u for u in fetched if "plotly.min.js?v=" in u]
    assert not [u for u in fetched if not u.startswith(server.url) and not u.startswith("data:")]
    assert not [m for m in console if m.startswith(("error", "warning"))], console
    # the script as the other static files: compressed, kept by the browser for a year
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body)
    assert "immutable" in headers["Cache-Control"]


def test_a_dropped_connection_is_opened_again_and_one_that_stays_down_is_said(
    context: BrowserContext, tmp_path
):
    """A phone asleep or a Wi-Fi blip drops the page's websocket: the page opens it again
    with its session (the server kept the kernel's messages) and a click still answers;
    when the server cannot be reached again, the page says so instead of going dead."""
    from test_serve import notebook

    pages = tmp_path / "pages"
    pages.mkdir()
    notebook(pages / "index.ipynb", ("markdown", "# Our table"))
    notebook(pages / "outputs.ipynb", ("code", CODE))
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--preheat=0")
    sockets: list = []
    refuse = []

    def through(ws) -> None:  # every kernel websocket, passed on to the server
        if refuse:
            ws.close()
            return
        ws.connect_to_server()
        sockets.append(ws)

    # a tab of its own: a websocket route outlives unroute_all, and the worker's shared
    # tab (conftest's ``page``) would refuse every later test's kernel connection
    page = context.new_page()
    try:
        page.set_default_timeout(TIMEOUT)
        page.route_web_socket("**/api/kernels/**", through)
        page.goto(f"{server.url}/voila/render/outputs.ipynb")
        say = page.get_by_role("button", name="Say")
        expect(say).to_be_visible()
        sockets[-1].close()  # the connection drops
        say.click()  # sent once the connection is open again
        expect(page.get_by_text("said after a click")).to_be_visible()
        assert len(sockets) == 2
        expect(page.locator("#hk-connection-lost")).to_have_count(0)
        refuse.append(True)  # now the server cannot be reached
        sockets[-1].close()
        expect(page.get_by_role("alert")).to_contain_text("lost its connection", timeout=30_000)
    finally:
        page.close()
        server.stop()


def _lan_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # (UDP: nothing is sent)
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_a_page_opened_over_plain_http_on_the_lan_plays(page: Page, tmp_path):
    """A playgroup's friends open the host's address over plain http: not a secure page
    to the browser, where some of its functions (crypto.randomUUID) do not exist."""
    from test_serve import notebook

    address = _lan_address()
    if address is None:
        pytest.skip("this machine has no network address but loopback")
    pages = tmp_path / "pages"
    pages.mkdir()
    notebook(pages / "index.ipynb", ("markdown", "# Our table"))
    notebook(pages / "outputs.ipynb", ("code", CODE))
    server = VoilaServer(
        tmp_path,
        600,
        f"--notebook-dir={pages}",
        "--preheat=0",
        "--host=0.0.0.0",
        "--token=lan-key-1234",
    )
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.set_default_timeout(TIMEOUT)
        lan = f"http://{address}:{server.port}"
        page.goto(f"{lan}/?token=lan-key-1234")  # the link the host shares, once
        page.goto(f"{lan}/voila/render/outputs.ipynb")
        assert page.evaluate("window.isSecureContext") is False
        page.get_by_role("button", name="Say").click()
        expect(page.get_by_text("said after a click")).to_be_visible()
    finally:
        server.stop()
    assert not errors, errors
