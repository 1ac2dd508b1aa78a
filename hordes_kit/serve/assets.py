"""The front end once per visitor: static files sent gzip-compressed, kept by the browser.

A page's front end is Voila's and the widgets' scripts, 5.4 MB in about 90 files. Voila
sent them uncompressed, its labextensions marked "no-cache" (every page asked again for
each file) and its own chunks without any lifetime. Here every static handler of the
server (``compressed``) sends a text file (scripts, styles, SVG, JSON) gzip-compressed
to a browser that accepts it, compressed once per server in a thread (not on its event
loop), and tells the browser how long to keep it (``cache_control``):

- a file whose name carries its content's hash (``remoteEntry.698dcaf7.js``) or whose
  address carries a version (``?v=...``) is the same file for as long as it exists: kept
  a year, never asked for again;
- any other (Voila's ``voila.js``, its numbered chunks, whose names do not change when
  Voila is upgraded): used from the cache for an hour, then still used at once while the
  browser checks it in the background, so a new Voila reaches a visitor one page later.

The notebooks' own files (``/voila/files/``) are left as they were.
"""

from __future__ import annotations

import asyncio
import gzip
import os
import re
import threading
from typing import Any

import tornado.web

__all__ = ["YEAR", "HOUR", "cache_control", "wants_gzip", "compressible", "gzipped", "compressed"]

YEAR, HOUR, WEEK = 365 * 24 * 3600, 3600, 7 * 24 * 3600
COMPRESSIBLE = (".js", ".mjs", ".css", ".json", ".svg", ".html", ".map", ".txt", ".ttf", ".eot")
MOST_BYTES = 16 << 20  # a larger file is sent as it is
_HASHED = re.compile(r"[.-][0-9a-f]{8,}\.[a-z0-9]+$")  # remoteEntry.698dcaf7.js, 9834b8...woff2
_GZIPPED: dict[tuple[str, int, int], bytes] = {}  # (path, mtime, size) -> its gzip body
_LOCKS: dict[str, threading.Lock] = {}  # one compression of a file at a time
_LOCKS_LOCK = threading.Lock()


def cache_control(path: str, versioned: bool) -> str:
    """How long a browser keeps a static file (see the module's text).

    >>> cache_control("anywidget/static/remoteEntry.698dcaf7.js", False)
    'public, max-age=31536000, immutable'
    >>> cache_control("index.css", True)
    'public, max-age=31536000, immutable'
    >>> cache_control("7883.voila.js", False)
    'public, max-age=3600, stale-while-revalidate=604800'
    """
    if versioned or _HASHED.search(path):
        return f"public, max-age={YEAR}, immutable"
    return f"public, max-age={HOUR}, stale-while-revalidate={WEEK}"


def wants_gzip(accept_encoding: str) -> bool:
    """Whether a request's Accept-Encoding takes gzip.

    >>> wants_gzip("gzip, deflate, br"), wants_gzip("br;q=1, gzip;q=0"), wants_gzip("")
    (True, False, False)
    """
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = re.search(r"q\s*=\s*([0-9.]+)", params)
            try:
                return q is None or float(q.group(1)) > 0
            except ValueError:
                return False
    return False


def compressible(path: str) -> bool:
    """Whether a file is sent compressed: text (scripts, styles, SVG), not images or woff2
    (compressed already)."""
    return path.lower().endswith(COMPRESSIBLE)


def gzipped(path: str) -> bytes | None:
    """The file's gzip body, compressed once per version of the file (None: too large).
    Six friends' browsers asking for a file at once wait for one compression of it."""
    st = os.stat(path)
    if st.st_size > MOST_BYTES:
        return None
    key = (path, st.st_mtime_ns, st.st_size)
    with _LOCKS_LOCK:
        lock = _LOCKS.setdefault(path, threading.Lock())
    with lock:
        body = _GZIPPED.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            for old in [k for k in _GZIPPED if k[0] == path]:  # an older version of the file
                del _GZIPPED[old]
            _GZIPPED[key] = body
    return body


class _Compressed:
    """A mixin for a static file handler: gzip when the browser takes it, cache lifetimes."""

    _hk_body: bytes | None = None

    async def get(self, path: str, include_body: bool = True) -> None:
        self._hk_body = None
        headers = self.request.headers  # type: ignore[attr-defined]
        if wants_gzip(headers.get("Accept-Encoding", "")) and "Range" not in headers:
            found = self._hk_file(path)
            if found is not None and compressible(found):
                # compressed in a thread: the server's loop keeps serving meanwhile
                self._hk_body = await asyncio.to_thread(gzipped, found)
        return await super().get(path, include_body)  # type: ignore[misc]

    def _hk_file(self, path: str) -> str | None:
        """The file ``path`` names, as the handler will find and check it (None: not a
        file it serves; the handler's own get says why)."""
        try:
            rel = self.path = self.parse_url_path(path)  # (as get sets it: checks read it)
            found = self.get_absolute_path(self.root, rel)  # type: ignore[attr-defined]
            if not os.path.isfile(found):
                return None
            return self.validate_absolute_path(self.root, found)  # type: ignore[attr-defined]
        except (tornado.web.HTTPError, OSError, ValueError, AssertionError):
            return None

    def set_headers(self) -> None:
        super().set_headers()  # type: ignore[misc]
        versioned = "v" in self.request.arguments  # type: ignore[attr-defined]
        self.set_header("Cache-Control", cache_control(self.request.path, versioned))  # type: ignore[attr-defined]
        if compressible(self.request.path):  # type: ignore[attr-defined]
            self.set_header("Vary", "Accept-Encoding")  # type: ignore[attr-defined]

    def compute_etag(self) -> str | None:
        tag = super().compute_etag()  # type: ignore[misc]
        if tag and self._hk_body is not None:  # the compressed body is another entity
            tag = tag.rstrip('"') + '-gz"'
        return tag

    def get_content_size(self) -> int:
        if self._hk_body is None:
            return super().get_content_size()  # type: ignore[misc]
        self.set_header("Content-Encoding", "gzip")  # type: ignore[attr-defined]
        body = self._hk_body
        # (the handler reads its content through this name: the compressed body instead)
        self.get_content = lambda _path, start=None, end=None: [body[start:end]]
        return len(body)


def compressed(cls: type) -> type:
    """``cls`` (a static file handler) sending gzip-compressed text and cache lifetimes."""
    if not issubclass(cls, tornado.web.StaticFileHandler):
        raise TypeError(f"{cls.__name__} is not a static file handler")
    out: Any = type(f"Compressed{cls.__name__}", (_Compressed, cls), {})
    # jupyter_server serves a handler's get without login only when it is marked so
    marked = getattr(cls.get, "__allow_unauthenticated", False)

    async def get(self, path: str, include_body: bool = True) -> None:
        return await _Compressed.get(self, path, include_body)

    if marked:
        setattr(get, "__allow_unauthenticated", True)  # noqa: B010 - a dunder-like name
    out.get = get
    return out
