"""The front end once per visitor (serve/assets.py): the server's static files are sent
gzip-compressed to a browser that takes it, with cache lifetimes that let a second page
take them from the browser's cache."""

from __future__ import annotations

import gzip
import re
import urllib.request

import pytest
from conftest import VoilaServer
from test_serve import page_folder

ENTRY = re.compile(r'"load": "\./static/(remoteEntry\.[0-9a-f]{8,}\.js)", "name": "([^"]+)"')


def fetch(url: str, **headers: str) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    d = tmp_path_factory.mktemp("assets")
    running = VoilaServer(d, 600, f"--notebook-dir={page_folder(d, 'p', '1')}")
    yield running
    running.stop()


def test_static_files_are_sent_compressed_and_kept(server):
    """voila.js (no hash in its name): gzip to a browser that takes it, the same bytes
    once unpacked, plain to one that does not; kept an hour, then used while checked."""
    url = f"{server.url}/voila/static/voila.js"
    status, plain_h, plain = fetch(url)
    assert status == 200 and "Content-Encoding" not in plain_h and plain
    status, gz_h, packed = fetch(url, **{"Accept-Encoding": "gzip, deflate"})
    assert status == 200 and gz_h["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2
    assert gz_h["Vary"] == "Accept-Encoding"
    for h in (plain_h, gz_h):
        assert (
            "max-age=3600" in h["Cache-Control"] and "stale-while-revalidate" in h["Cache-Control"]
        )
    assert gz_h["Etag"] != plain_h["Etag"]  # two entities: a cache never mixes them up
    status, _h, body = fetch(url, **{"Accept-Encoding": "gzip", "If-None-Match": gz_h["Etag"]})
    assert status == 304 and body == b""


def test_hashed_files_are_kept_a_year(server):
    """A widget manager's remoteEntry.<hash>.js (Voila marked it "no-cache": every page
    asked for it again) is the same file for as long as its name exists."""
    _status, _h, page = fetch(f"{server.url}/voila/render/p.ipynb")
    entry = ENTRY.search(page.decode())  # the page's list of widget extensions
    assert entry, page.decode()[:3000]
    path = f"/voila/labextensions/{entry.group(2)}/static/{entry.group(1)}"
    status, h, _body = fetch(server.url + path, **{"Accept-Encoding": "gzip"})
    assert status == 200 and h["Content-Encoding"] == "gzip"
    assert h["Cache-Control"] == "public, max-age=31536000, immutable"


def test_missing_and_outside_files_are_refused_as_before(server):
    """What Voila's handlers refused (403 or 404) is refused the same way, compressed or
    not: the compression finds a file only as the handler itself does."""
    for path in ("/voila/static/no-such.js", "/voila/static/..%2f..%2f..%2fetc%2fpasswd"):
        status, _h, body = fetch(server.url + path, **{"Accept-Encoding": "gzip"})
        assert status in (403, 404) and b"root:" not in body


def test_a_file_asked_for_by_six_at_once_is_compressed_once(tmp_path, monkeypatch):
    """Six friends' browsers ask for the same script at the same moment: one compression,
    the five others wait for it (each had compressed the 5 MB front end for itself)."""
    import threading
    import time

    from hordes_kit.serve import assets

    script = tmp_path / "chunk.js"
    script.write_text("let x = 1;\n" * 5000)
    calls, compress = [], gzip.compress

    def slow_compress(data, **kw):
        calls.append(1)
        time.sleep(0.2)  # long enough for every thread to ask meanwhile
        return compress(data, **kw)

    monkeypatch.setattr(assets.gzip, "compress", slow_compress)
    bodies = []
    threads = [
        threading.Thread(target=lambda: bodies.append(assets.gzipped(str(script))))
        for _ in range(6)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len(bodies) == 6
    assert all(gzip.decompress(b) == script.read_bytes() for b in bodies)
