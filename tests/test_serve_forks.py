"""Page kernels forked from the server's kernel template (serve/template.py): each visitor's
kernel is a process of its own that shares nothing it writes, does what a dashboard does
under the server, and is shut down by the liveness watch like any other kernel."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import psutil
from conftest import VoilaServer
from test_serve import get, page_folder

# what a page's kernel says about itself: whose child it is, what an earlier visitor left
# in the kit's modules, its chance, and whether a click's traceback goes to the server's log
VISITOR = """
import os, random
import hordes_kit.core as core
import hordes_kit.ui
from IPython import get_ipython
seen = getattr(core, "_visitor_mark", "none")
core._visitor_mark = os.getpid()
import comm
import ipywidgets
hidden = getattr(get_ipython(), "_hk_quiet", False)
control = "jupyter.widget.control" in comm.get_comm_manager().targets
print(f"visitor pid={os.getpid()} parent={os.getppid()} seen={seen} "
      f"draw={random.random()!r} quiet={hidden} widgets={control}")
"""
SAID = re.compile(r"visitor pid=(\d+) parent=(\d+) seen=(\S+) draw=(\S+) quiet=(\w+) widgets=(\w+)")
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _visit(server: VoilaServer, page: str = "visitor") -> tuple[dict, str]:
    status, _h, body = get(f"{server.url}/voila/render/{page}.ipynb")
    said = SAID.search(body)
    assert status == 200 and said, body[-2000:]
    pid, parent, seen, draw, quiet, widgets = said.groups()
    found = {"pid": int(pid), "parent": int(parent), "seen": seen, "draw": draw}
    found |= {"quiet": quiet, "widgets": widgets}
    return found, KERNEL_ID.search(body).group(1)


def _templates(server: VoilaServer) -> list[psutil.Process]:
    out = []
    for p in psutil.Process(server.proc.pid).children():
        try:
            if "hordes_kit.serve.template" in p.cmdline() and p.status() != "zombie":
                out.append(p)
        except psutil.Error:
            continue
    return out


def _template(server: VoilaServer) -> psutil.Process:
    (template,) = _templates(server)
    return template


def test_two_visitors_kernels_share_nothing(tmp_path):
    """Two visitors of a page get kernels forked from the template (not started from
    nothing): neither sees what the other's kernel wrote in the kit's modules, their chance
    differs, each sends a click's traceback to the server's log, not to its page, and has
    the widgets' comm targets (``template.in_kernel``: the template imported
    ``hordes_kit.ui`` and ipywidgets before it was anyone's kernel, so the imports alone
    no longer did what they do in a kernel)."""
    pages = page_folder(tmp_path, "visitor", VISITOR)
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}")
    try:
        first, _ = _visit(server)
        second, _ = _visit(server)
        template = _template(server).pid
    finally:
        server.stop()
    assert first["parent"] == second["parent"] == template  # forked, both
    assert first["pid"] != second["pid"]
    assert first["seen"] == second["seen"] == "none"  # the other's mark is not there
    assert first["draw"] != second["draw"]  # each kernel's own chance
    assert first["quiet"] == second["quiet"] == "True"
    # the widgets' comm targets are registered: the browser asks for every widget's state
    # in one message (without them, one message a widget: 166 for The Horde's board)
    assert first["widgets"] == second["widgets"] == "True"


def test_a_forked_kernel_is_culled_and_the_template_forks_on(tmp_path):
    """A page fetched without a browser (a curl loop) has its forked kernel shut down once
    its browser does not come (4 s here), the process gone; the template is still there,
    and the next visitor's kernel is forked from it."""
    pages = page_folder(tmp_path, "visitor", VISITOR)
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--timeouts=20,4,5")
    try:
        first, kernel_id = _visit(server)
        template = _template(server)
        closed = f"closing a page's kernel {kernel_id}: its browser never connected"
        deadline = time.monotonic() + 60
        while closed not in server.log() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert closed in server.log(), server.log()[-3000:]
        deadline = time.monotonic() + 20
        while psutil.pid_exists(first["pid"]) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not psutil.pid_exists(first["pid"])  # shut down and reaped, no zombie left
        assert template.is_running()
        second, _ = _visit(server)
    finally:
        server.stop()
    assert first["parent"] == second["parent"] == template.pid
    assert second["quiet"] == "True"


def test_a_template_that_dies_is_replaced_and_its_kernels_play_on(tmp_path):
    """The template killed while a visitor plays: the visitor's kernel lives on (it follows
    the server, not the template), the next visitor's page opens, its kernel forked from a
    new template the server started, and the server's stop still ends the orphaned
    kernel (adopted and reaped by the server: no zombie)."""
    pages = page_folder(tmp_path, "visitor", VISITOR)
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--timeouts=20,600,600")
    try:
        first, _ = _visit(server)
        old = _template(server)
        assert first["parent"] == old.pid
        old.kill()
        old.wait(10)
        time.sleep(2)  # a kernel that followed its template exited within a second
        playing = psutil.Process(first["pid"])
        assert playing.is_running() and playing.status() != psutil.STATUS_ZOMBIE
        deadline = time.monotonic() + 60  # the server starts a new template (keep_pools)
        new = None
        while time.monotonic() < deadline:
            # (the orphaned kernel is the server's child now, with the template's command line)
            found = [t for t in _templates(server) if t.pid not in (old.pid, first["pid"])]
            if found and "kernel template stopped" in server.log():
                new = found[0]
                break
            time.sleep(0.3)
        assert new is not None, server.log()[-3000:]
        second, _ = _visit(server)
        assert second["parent"] in (new.pid, server.proc.pid), server.log()[-4000:]
        third, _ = _visit(server)  # by now the new template is ready
        assert third["parent"] == new.pid, server.log()[-3000:]
        assert third["widgets"] == "True" and third["seen"] == "none"
        assert playing.is_running()
    finally:
        server.stop()
    deadline = time.monotonic() + 10
    while psutil.pid_exists(first["pid"]) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not psutil.pid_exists(first["pid"])  # ended with the server, and reaped


def test_a_playgroup_opening_a_play_page_together_finds_a_kernel_each(tmp_path):
    """Three friends open a play page at the same moment: each is sent a page run in a
    preheated kernel of its own (a pool of three waits for a play page under a cap of 15:
    room for two playgroups of six besides),
    none a kernel started as they arrived (a pool of one sent the others' pages only after
    their notebooks ran)."""
    pages = page_folder(tmp_path, "game_play", VISITOR)
    server = VoilaServer(
        tmp_path, 600, f"--notebook-dir={pages}", "--max-kernels=15", "--preheat=1"
    )
    try:
        log = server.log()
        assert "kernels waiting for a playgroup: game_play.ipynb (3)" in log, log[-2000:]
        assert "kernel pools are full (3 kernels)" in log, log[-2000:]
        with ThreadPoolExecutor(3) as friends:
            seen = list(friends.map(lambda _: _visit(server, "game_play")[0]["pid"], range(3)))
        used = re.findall(r"Using pre-heated kernel: \S+ for game_play.ipynb", server.log())
    finally:
        server.stop()
    assert len(set(seen)) == 3  # a kernel each
    assert len(used) == 3, server.log()[-3000:]
