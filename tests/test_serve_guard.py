"""The server's flood defences piece by piece, without a server (issue 39, part 5): the log's
limit on repeated lines, the page watch's rules, the websocket beat, the connection bounds,
TLS refused in one line. The same defences on a running server: test_serve_floods.py."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest
from conftest import free_port
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from test_serve import refused

from hordes_kit.core.errors import HordesKitError
from hordes_kit.serve.guard import Limits, page_path_ok
from hordes_kit.serve.listen import kernel_env, tls_context
from hordes_kit.serve.liveness import PageWatch, beat_of
from hordes_kit.serve.log import RepeatLimit


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


# --- the log -------------------------------------------------------------------------------------
def _traceback_record() -> logging.LogRecord:
    try:
        raise OSError(24, "Too many open files")
    except OSError:
        return logging.LogRecord(
            "asyncio",
            logging.ERROR,
            __file__,
            1,
            "Exception in callback %s",
            ("x",),
            sys.exc_info(),
        )


def test_a_repeated_traceback_is_written_a_few_times_then_counted(caplog):
    clock = Clock()
    limit = RepeatLimit(per_kind=3, total=100, window_s=60, clock=clock)
    passed = sum(limit.filter(_traceback_record()) for _ in range(10_000))
    assert passed == 3
    other = logging.LogRecord("x", logging.WARNING, __file__, 1, "something else", (), None)
    assert limit.filter(other)  # another kind of line still gets through
    assert limit.flush() is None  # the window is not over
    clock.t += 61
    with caplog.at_level(logging.WARNING, logger="hordes_kit.serve"):
        said = limit.flush()
    assert said and "9,997 repeated log lines left out in the last 60 s" in said
    assert said in caplog.text
    assert limit.filter(_traceback_record())  # a new window: written again


def test_lines_differing_only_in_numbers_and_addresses_are_one_kind():
    limit = RepeatLimit(per_kind=2, total=1000, clock=Clock())
    lines = [
        logging.LogRecord(
            "t", logging.WARNING, "", 1, "refused %s: it holds %d", (f"10.0.0.{i}", i), None
        )
        for i in range(50)
    ]
    assert sum(limit.filter(r) for r in lines) == 2


def test_all_kinds_together_are_bounded_too():
    limit = RepeatLimit(per_kind=5, total=20, clock=Clock())
    lines = [
        logging.LogRecord("t", logging.WARNING, "", 1, f"404 GET /{word}", (), None)
        for word in ("alpha", "beta", "gamma", "delta", "eps", "zeta") * 10
    ]
    # six kinds of path (the letters differ), five of each would be 30: the total stops at 20
    assert sum(limit.filter(r) for r in lines) == 20


# --- the page watch ------------------------------------------------------------------------------
def _watch(clock: Clock) -> PageWatch:
    return PageWatch(connect_within=30, heartbeat_within=100, loading_max=180, clock=clock)


def _page(watch: PageWatch, kid: str, address: str = "10.0.0.5") -> None:
    visit = watch.begin_visit(address)
    watch.claimed(kid)
    watch.sent(visit)


def test_a_page_whose_browser_never_connects_frees_its_kernel():
    clock = Clock()
    watch = _watch(clock)
    _page(watch, "curl")
    _page(watch, "browser")
    watch.opened("browser")
    clock.t += 29
    assert watch.due() == []
    clock.t += 2
    assert [k for k, _why in watch.due()] == ["curl"]
    assert "never connected" in watch.due()[0][1]


def test_a_page_still_loading_its_files_keeps_its_kernel_up_to_a_limit():
    clock = Clock()
    watch = _watch(clock)
    _page(watch, "slow phone", "10.0.0.9")
    _page(watch, "stalled phone", "10.0.0.8")
    watch.fetched("10.0.0.8", "/voila/static/voila.js")
    for _ in range(11):  # the slow phone fetches a script or a style every 15 s
        clock.t += 15
        watch.fetched("10.0.0.9", "/voila/labextensions/x.js")
        watch.fetched("10.0.0.8", "/voila/render/other.ipynb")  # (a page is not its file)
        due = [k for k, _ in watch.due()]
        assert "slow phone" not in due
        assert ("stalled phone" in due) == (clock.t - 1000 > 30)
    clock.t += 20  # 185 s: still fetching, but a page gets at most 180 s to connect
    assert [k for k, _ in watch.due()] == ["slow phone", "stalled phone"]


def test_a_page_loading_the_lean_front_end_keeps_its_kernel():
    """The pages' own script and styles (serve/lean.py) count as a browser still loading."""
    clock = Clock()
    watch = _watch(clock)
    _page(watch, "slow phone", "10.0.0.9")
    for _ in range(4):
        clock.t += 15
        watch.fetched("10.0.0.9", "/hordes-kit/static/lean.js")
        assert watch.due() == []


def test_a_page_being_sent_or_a_busy_kernel_is_never_cut_off():
    clock = Clock()
    watch = _watch(clock)
    visit = watch.begin_visit("10.0.0.5")
    watch.claimed("drawing")  # the page is still being sent (its notebook runs)
    clock.t += 500
    assert watch.due() == []
    watch.sent(visit)
    clock.t += 31
    assert watch.due(busy=lambda kid: kid == "drawing") == []
    assert [k for k, _ in watch.due()] == ["drawing"]


def test_kernels_claimed_by_no_page_are_not_watched():
    """A preheated kernel waiting in its pool is started outside any page request."""
    clock = Clock()
    watch = _watch(clock)
    watch.claimed("pooled")
    clock.t += 10_000
    assert watch.due() == [] and "pooled" not in watch.pages


def _beat(kind: str = "tick", n: int = 1, **extra) -> bytes:
    content = {"comm_id": "c1", "data": {"method": "custom", "content": {"type": kind, **extra}}}
    if kind == "tick":
        content["data"]["content"]["n"] = n
    parts = [{"msg_type": "comm_msg"}, {}, {}, content]
    return serialize_msg_to_ws_v1([json.dumps(p).encode() for p in parts], "shell")


def test_a_table_page_whose_beat_stops_frees_its_kernel_within_two_minutes():
    clock = Clock()
    watch = _watch(clock)
    for kid in ("killed", "alive", "left", "walkthrough"):
        _page(watch, kid)
        watch.opened(kid)
    for kid in ("killed", "alive", "left"):
        watch.heard(kid, _beat(beat=True))
    watch.heard("left", _beat("rest"))  # it left its table: no beat to wait for
    for _ in range(60):  # two minutes: the live page beats every 2 s, the killed one is silent
        clock.t += 2
        watch.heard("alive", _beat(beat=True))
    assert [k for k, _ in watch.due()] == ["killed"]
    assert "stopped answering (120 s)" in watch.due()[0][1]
    # the walkthrough (no table clock, its reader reading) waits for the idle cull only
    assert "walkthrough" not in dict(watch.due())


def test_a_playback_tick_is_not_a_table_beat():
    """The bot-move clock of a solo game ticks while bots play, then stops: that page must
    not be taken for a table page gone silent."""
    assert beat_of(_beat()) is None
    assert beat_of(_beat(beat=True)) == "beat" and beat_of(_beat("rest")) == "rest"
    said = {"data": {"method": "custom", "content": {"type": "tick", "beat": True}}}
    legacy = json.dumps({"header": {"msg_type": "comm_msg"}, "content": said})  # JSON text
    assert beat_of(legacy) == "beat"
    assert beat_of(b"\xff" * 64) is None and beat_of("rest" * 3) is None


# --- bounds, addresses, TLS ---------------------------------------------------------------
def test_an_address_holds_a_bounded_number_of_connections():
    limits = Limits(per_address=64, kernels=6, total=500)
    assert limits.for_address("192.168.1.20") == 64
    assert limits.for_address("127.0.0.1") == 70  # the server's own kernels, one each


@pytest.mark.parametrize("path", ["a\x00b", "..", "x/../y", "x\\y", "x\ny"])
def test_an_odd_page_address_names_no_file(path):
    assert not page_path_ok(path)


def test_preheated_kernels_ask_on_the_loopback_port_when_serving_tls():
    env = {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "192.168.1.20", "VOILA_APP_PORT": "8866"}
    kernel_env(env, 40123)
    assert env["VOILA_APP_IP"] == "127.0.0.1" and env["VOILA_APP_PORT"] == "40123"
    page_kernel = {"VOILA_PREHEAT": "False", "VOILA_APP_PORT": "8866"}
    kernel_env(page_kernel, 40123)
    assert page_kernel["VOILA_APP_PORT"] == "8866"


@pytest.mark.parametrize(
    ("files", "says"),
    [
        (("missing.pem", None), "--certfile missing.pem: no such file"),
        (("cert.pem", "missing-key.pem"), "--keyfile missing-key.pem: no such file"),
        (("junk.pem", None), "--certfile junk.pem: not a certificate and its private key"),
        ((None, "junk.pem"), "--keyfile needs --certfile"),
    ],
)
def test_a_certificate_that_cannot_serve_is_refused_in_words(tmp_path, monkeypatch, files, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "junk.pem").write_text("not a certificate\n")
    (tmp_path / "cert.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    with pytest.raises(HordesKitError) as e:
        tls_context(*files)
    assert says in str(e.value) and "\n" not in str(e.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_certificate_is_refused(tmp_path):
    cert = tmp_path / "cert.pem"
    cert.write_text("x")
    cert.chmod(0)
    with pytest.raises(HordesKitError, match="cannot be read"):
        tls_context(str(cert))


def test_serve_refuses_a_bad_certificate_in_one_line(capsys, tmp_path):
    junk = tmp_path / "junk.pem"
    junk.write_text("nothing\n")
    err = refused(capsys, "--port", str(free_port()), "--certfile", str(junk))
    assert "not a certificate and its private key in PEM form" in err


def test_the_open_files_limit_is_raised_to_the_hard_limit():
    code = (
        "import resource\n"
        "from hordes_kit.serve.guard import raise_open_files\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "print(soft, hard, raise_open_files())\n"
    )
    out = subprocess.run(
        ["bash", "-c", f'ulimit -Sn 256; exec "{sys.executable}" -c "$0"', code],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    soft, hard, now = (int(x) for x in out)
    assert soft == 256 and now == min(hard, 1 << 20) and now > soft


def test_a_page_repeating_a_failing_click_writes_its_traceback_a_few_times():
    """A kernel's tracebacks go to the server's log: the same one, clicked 100 times, is
    written 20 times, then counted (the page is told in one line each time)."""
    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "from hordes_kit.serve.dashboard import log_tracebacks\n"
        "shell = InteractiveShell.instance()\n"
        "log_tracebacks()\n"
        "for _ in range(100):\n"
        "    shell.run_cell(\"{}['the-secret-' + 'detail']\")\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stderr.count("[hordes-kit dashboard]") == 20, done.stderr[-2000:]
    assert done.stderr.count("KeyError: 'the-secret-detail'") == 20
    assert done.stdout.count("Something went wrong here") == 100
