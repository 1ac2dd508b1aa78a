"""The 'Printable sheet' link of the odds pages: the game's odds sheet, saved by the browser.

The page is made when the player asks for it, and travels inside the link (a ``data:`` address
with the ``download`` attribute): nothing is written on the server, no file path is used.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as w

from hordes_kit.core.registry import get_game
from hordes_kit.core.sheet import render_game

__all__ = ["SheetLink", "sheet_link", "sheet_href"]


def sheet_href(text: str) -> str:
    """A page as a ``data:`` address (UTF-8, base64).

    >>> sheet_href("<p>hi</p>")
    'data:text/html;charset=utf-8;base64,PHA+aGk8L3A+'
    """
    return "data:text/html;charset=utf-8;base64," + base64.b64encode(text.encode()).decode()


class SheetLink(w.HBox):
    """'Printable sheet': a click makes the game's sheet, then a link saves it.

    The sheet is made on the click, not with the page, so the odds page opens as quickly
    without it (Fantahzee's rules of thumb take the solver about a second to confirm).
    """

    def __init__(self, game: str) -> None:
        self.game = get_game(game)
        self.button = w.Button(description="Printable sheet", tooltip="make this game's odds sheet")
        self.button.add_class("hk-file-button")
        self.link = w.HTML(
            "<span class='hk-file-message'>this game's odds on one web page, to print "
            "(A4 or Letter) or send to the group</span>"
        )
        self.button.on_click(lambda _b: self.make())
        super().__init__([self.button, self.link])
        self.add_class("hk-ui")
        self.add_class("hk-files")
        self.add_class("hk-sheet")

    @property
    def value(self) -> str:
        """The link's HTML (empty of a link until the sheet is made)."""
        return self.link.value

    def make(self) -> None:
        """Make the sheet and offer it as a download link."""
        self.button.disabled = True
        self.button.description = "Making the sheet..."
        try:
            page = render_game(self.game)
        finally:
            self.button.description = "Printable sheet"
            self.button.disabled = False
        name = f"{self.game.name}-odds-sheet.html"
        self.link.value = (
            f"<a class='hk-file-button hk-sheet-link' download='{html.escape(name)}' "
            f"href='{sheet_href(page)}'>Save the sheet</a><span class='hk-file-message'>"
            f"{len(page.encode()) // 1024 + 1} KB, one web page: open it to print (A4 or "
            "Letter) or send it to the group</span>"
        )


def sheet_link(game: str) -> SheetLink:
    """The odds pages' 'Printable sheet' button (the sheet is made when it is clicked)."""
    return SheetLink(game)
