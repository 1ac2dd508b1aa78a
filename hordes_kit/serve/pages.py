"""The server's own pages (the table is full, ask for the link, went wrong) and text-only ones.

Each page stands alone (inline style, no script, nothing fetched from elsewhere) so it
shows even when the server is too busy to serve anything else.
"""

from __future__ import annotations

import html
from pathlib import Path

import nbformat

__all__ = [
    "page",
    "table_full",
    "ask_for_link",
    "refused",
    "went_wrong",
    "not_found",
    "is_text_only",
    "text_page",
]

STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#222;
background:#fafafa;margin:0;line-height:1.5}
main{max-width:760px;margin:6vh auto;padding:2em 2.5em;background:#fff;border-radius:6px;
box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.6em;margin-top:0}
.hk-small{color:#555;font-size:.9em}
a{color:#1565c0}
table{border-collapse:collapse}th,td{padding:3px 10px;text-align:left}
code{background:#f0f0f0;padding:0 .25em;border-radius:3px}
.anchor-link{visibility:hidden;text-decoration:none;margin-left:.3em}
h1:hover .anchor-link,h2:hover .anchor-link,h3:hover .anchor-link{visibility:visible}
"""


def page(title: str, body_html: str, *, refresh: int | None = None) -> str:
    """A complete, self-contained HTML page (``refresh``: reload after that many seconds)."""
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<link rel='icon' href='data:;base64,='>{meta}<title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body><main>{body_html}</main></body></html>"
    )


def table_full(retry_after: int, max_kernels: int) -> str:
    """HTTP 503: every seat at the table is taken."""
    return page(
        "The table is full",
        "<h1>The table is full — try again in a minute</h1>"
        f"<p>This computer is already running as many dashboards as it can hold "
        f"({max_kernels} open pages). A page that nobody uses is closed after a while, "
        "which frees a seat.</p>"
        f"<p>This page tries again by itself in {retry_after} seconds, or "
        "<a href=''>try again now</a>.</p>"
        "<p class='hk-small'>Closing dashboards you no longer look at frees seats for the "
        "others. Whoever runs the server can allow more with "
        "<code>hordes-kit serve --max-kernels N</code>.</p>",
        refresh=retry_after,
    )


def ask_for_link() -> str:
    """HTTP 403: the visitor came without the sharing link's key."""
    return page(
        "Ask for the link",
        "<h1>Ask the host for the link</h1>"
        "<p>These dashboards are shared with a playgroup, and opening them needs the "
        "link the host was given when the server started (it ends in "
        "<code>?token=…</code>).</p>"
        "<p>Ask whoever runs <code>hordes-kit serve</code> to send you that link. Open it "
        "once: this browser then remembers it, and links between dashboards keep working.</p>",
    )


def went_wrong() -> str:
    """HTTP 500: a short apology; the details are in the server's log, never on the page."""
    return page(
        "Something went wrong",
        "<h1>Something went wrong on the server</h1>"
        "<p>The page could not be shown. Try again in a moment, or go back to "
        "<a href='/'>all dashboards</a>.</p>"
        "<p class='hk-small'>The details are in the server's log: whoever runs "
        "<code>hordes-kit serve</code> can see them there.</p>",
    )


def not_found() -> str:
    """HTTP 404 in players' words."""
    return page(
        "Page not found",
        "<h1>No such page</h1><p>This address is not one of the dashboards. "
        "<a href='/'>All dashboards</a>.</p>",
    )


# Code cells whose output is fixed HTML: the server draws them without a kernel (the index
# is every visitor's first page; a kernel each would take a seat at the table for nothing).
STATIC_CELLS = {
    ("from hordes_kit.ui.index import games_index", "games_index()"): (
        "hordes_kit.ui.index",
        "index_html",
    ),
}


def _static_html(source: str) -> str | None:
    """The HTML of a static code cell (None if the cell needs a kernel)."""
    lines = tuple(line.strip() for line in source.splitlines() if line.strip())
    if not lines:
        return ""
    target = STATIC_CELLS.get(lines)
    if target is None:
        return None
    import importlib

    module, name = target
    return getattr(importlib.import_module(module), name)()


def is_text_only(path: Path) -> bool:
    """True for a notebook of text and static cells: it needs no kernel to be shown."""
    nb = nbformat.read(path, as_version=4)
    return all(
        _static_html_known(c.source) for c in nb.cells if c.cell_type == "code" and c.source.strip()
    )


def _static_html_known(source: str) -> bool:
    lines = tuple(line.strip() for line in source.splitlines() if line.strip())
    return lines in STATIC_CELLS


def text_page(path: Path) -> str:
    """A notebook of text cells as a plain page (no kernel, nothing fetched from elsewhere)."""
    from nbconvert.filters.markdown import markdown2html

    nb = nbformat.read(path, as_version=4)
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(f"<section class='hk-cell'>{markdown2html(cell.source)}</section>")
        elif cell.cell_type == "raw":
            parts.append(f"<pre>{html.escape(cell.source)}</pre>")
        elif cell.cell_type == "code" and cell.source.strip():
            parts.append(f"<section class='hk-cell'>{_static_html(cell.source) or ''}</section>")
    first = next((c.source for c in nb.cells if c.cell_type == "markdown"), "")
    title = first.lstrip("# ").splitlines()[0] if first.strip() else path.stem
    return page(title, "\n".join(parts))


# Why a request was refused (HTTP 403) other than a missing key, by tornado's and Jupyter's
# words for it, in the visitor's words
_REFUSALS = (
    (
        ("xsrf",),
        "It did not carry this page's own check (the server refuses a request that another "
        "site's page could have sent). Reload the page you came from and try again.",
    ),
    (
        ("origin", "referer"),
        "It came from a page of another site or address, and only the dashboards' own pages "
        "may ask this. Open the dashboard from its own link.",
    ),
    (("static directory",), "The address points outside the server's files."),
)


def refused(why: str | None) -> str:
    """HTTP 403 for a reason other than the key: what is wrong, in words."""
    said = (why or "").lower()
    text = next(
        (t for words, t in _REFUSALS if any(w in said for w in words)),
        "The server does not allow this request.",
    )
    return page(
        "Not allowed",
        f"<h1>This request is not allowed</h1><p>{html.escape(text)}</p>"
        "<p class='hk-small'><a href='/'>All dashboards</a>.</p>",
    )
