"""The "Copy link" button every page shares: a link that opens the page as it is now.

The page gives a function that makes its query (``position=...`` for a board, the odds
question's parameters for a calculator); the link is built when the button is pressed
and is the page's own address in the browser (``window.location``) with that query,
never a server path. It goes on the clipboard where the browser allows, and into a
read-only text box either way (a phone user presses and holds it to copy). Any page
adopts it in one line: ``LinkBox(lambda: urlencode(params))``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import urlencode

import traitlets

from hordes_kit.core.data import widgets_path
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.tables.shortlinks import is_long, shorten
from hordes_kit.ui.query import who_asks
from hordes_kit.ui.roles import KernelWidget

__all__ = ["LinkBox", "query_of"]


def query_of(params: Mapping[str, object]) -> str:
    """A query string of these parameters (``None`` and "" left out), in their order."""
    return urlencode({k: str(v) for k, v in params.items() if v is not None and v != ""})


class LinkBox(KernelWidget):
    """A "Copy link" button and the link's read-only text box.

    ``get_query()`` returns the page's query now (a string or a dict of parameters); a
    kit error it raises (a game too long for a link) is shown beside the button.
    ``warning`` is said next to the button (what a link reveals).
    """

    _esm = widgets_path("links.js")
    label = traitlets.Unicode("Copy link").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    bad = traitlets.Bool(False).tag(sync=True)
    warning = traitlets.Unicode("").tag(sync=True)
    query = traitlets.Unicode("")  # the last link's query (what the text box shows)

    def __init__(self, get_query: Callable[[], str | Mapping[str, object]], **kwargs) -> None:
        super().__init__(**kwargs)
        self.get_query = get_query
        self.on_msg(self._on_browser_msg)

    def make(self) -> str | None:
        """What a press on the button does: the link's query, sent to the browser (None and
        the reason shown when the page cannot be linked now)."""
        try:
            made = self.get_query()
        except HordesKitError as e:
            self.bad, self.message = True, f"No link: {e}"
            return None
        self.query = made if isinstance(made, str) else query_of(made)
        self.bad, self.message = False, ""
        if is_long(self.query):
            try:
                self.query = shorten(self.query, who_asks())
            except HordesKitError as e:  # no short link now: the long link still opens it
                self.message = f"A long link (no short one: {e}): it still opens."
            else:
                self.message = "A short link: it opens on this server (it keeps the long one)."
        self.send({"type": "link", "query": self.query})
        return self.query

    def _on_browser_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "make":
            self.make()
