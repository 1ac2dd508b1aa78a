"""The 'Printable sheet' link of the odds pages: the game's odds sheet, saved by the browser.

The page is made when the odds page is, and travels inside the link (a ``data:`` address
with the ``download`` attribute): nothing is written on the server, no file path is used.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as w

from hordes_kit.core.registry import get_game
from hordes_kit.core.sheet import render_game

__all__ = ["sheet_link", "sheet_href"]


def sheet_href(text: str) -> str:
    """A page as a ``data:`` address (UTF-8, base64).

    >>> sheet_href("<p>hi</p>")
    'data:text/html;charset=utf-8;base64,PHA+aGk8L3A+'
    """
    return "data:text/html;charset=utf-8;base64," + base64.b64encode(text.encode()).decode()


def sheet_link(game: str) -> w.HTML:
    """A button-styled link that saves the game's printable odds sheet (one HTML page)."""
    g = get_game(game)
    page = render_game(g)
    name = f"{g.name}-odds-sheet.html"
    link = w.HTML(
        f"<div class='hk-ui hk-files'><a class='hk-file-button hk-sheet-link' "
        f"download='{html.escape(name)}' href='{sheet_href(page)}'>Printable sheet</a>"
        f"<span class='hk-file-message'>this game's odds on one web page, to print (A4 "
        f"or Letter) or send to the group ({len(page.encode()) // 1024 + 1} KB)</span></div>"
    )
    link.add_class("hk-sheet")
    return link
