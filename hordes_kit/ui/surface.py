"""The clickable surface every game piece is shown on, and the shared stylesheet.

Why one anywidget that shows HTML rendered in Python: a board is hundreds of pieces;
as ipywidgets that is hundreds of models and a slow page, as one widget it is one
string. Python draws every piece (``pieces.py``, ``cardface.py``), so a static picture
and a clickable one are the same code; the browser only sends back the
``data-action`` of the button clicked, and :meth:`ActionView.click` does exactly what
that click does, so tests drive a board without a browser.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from html import unescape

import traitlets

from hordes_kit.core.data import widgets_path
from hordes_kit.core.errors import IllegalActionError
from hordes_kit.ui.pieces import render
from hordes_kit.ui.roles import KernelWidget
from hordes_kit.ui.theme import theme_class, themes_css

__all__ = ["kit_css", "Stylesheet", "ActionView", "actions_in"]

_BUTTON = re.compile(r"<button\b([^>]*)>", re.S)
_ACTION = re.compile(r'\bdata-action="([^"]*)"')
_DISABLED = re.compile(r"\sdisabled(?:[\s=>]|$)")


@lru_cache(maxsize=1)
def kit_css() -> str:
    """The shared stylesheet: ``widgets/hk.css`` plus every game's theme."""
    return widgets_path("hk.css").read_text(encoding="utf-8") + "\n" + themes_css()


def actions_in(fragment: str) -> tuple[str, ...]:
    """The action ids of the enabled buttons in an HTML fragment, in page order."""
    out = []
    for m in _BUTTON.finditer(fragment):
        inside = m.group(1)
        a = _ACTION.search(inside)
        if a and not _DISABLED.search(inside):
            out.append(unescape(a.group(1)))
    return tuple(out)


class Stylesheet(KernelWidget):
    """Puts the shared stylesheet on the page (shows nothing); :func:`ui.controls.page` adds it.
    It also shows a drop-down's written-out choice only where the drop-down cuts it.

    It is the only widget that carries the stylesheet: the browser keeps one copy of a
    widget class's CSS per class and sets it again for every instance, so the kit's pieces
    (each its own class) carrying it too sent 40 KB a piece and stacked the same rules
    five or six times on every page."""

    _esm = widgets_path("choices.js")
    _css = kit_css()


class ActionView(KernelWidget):
    """Pieces drawn in Python; a click on a ``data-action`` button calls the handlers.

    >>> from hordes_kit.ui.cardface import CardFace
    >>> seen = []
    >>> v = ActionView(CardFace("Cow", kind="Village", cost=3, action="buy:cow", verb="Buy"))
    >>> v.on_action(seen.append)
    >>> v.actions
    ('buy:cow',)
    >>> v.click("buy:cow"); seen
    ['buy:cow']
    """

    _esm = widgets_path("surface.js")
    html = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        *parts: object,
        theme: str | None = None,
        label: str = "",
        on_action: Callable[[str], object] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], object]] = []
        self._stale_handlers: list[Callable[[str], object]] = []
        self.label = label
        self.add_class("hk-view")
        if theme:
            self.add_class(theme_class(theme))
        if on_action:
            self.on_action(on_action)
        self.on_msg(self._on_browser_msg)
        if parts:
            self.show(*parts)

    def show(self, *parts: object) -> None:
        """Draw these pieces (objects with ``.html()`` or HTML strings), replacing the last."""
        self.html = render(*parts)

    @property
    def actions(self) -> tuple[str, ...]:
        """The action ids a click can send now (enabled buttons on screen)."""
        return actions_in(self.html)

    def on_action(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(action_id)`` on every click."""
        self._handlers.append(handler)

    def on_stale(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(action_id)`` on a click on a piece that is no longer shown (the
        picture was redrawn after the browser drew the piece and before the click came)."""
        self._stale_handlers.append(handler)

    def click(self, action_id: str) -> None:
        """What a click on the button with this action id does; refused if it is not shown."""
        if action_id not in self.actions:
            raise IllegalActionError(action_id, "there is no such button on screen", self.actions)
        for handler in list(self._handlers):
            handler(action_id)

    def _on_browser_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("type") != "action":
            return
        action = content.get("id")
        if not (isinstance(action, str) and action in self.actions):
            # a second click on a button that an earlier click already replaced, or a click
            # on a picture redrawn meanwhile (another page's move at a shared table)
            self.send({"type": "stale"})
            if isinstance(action, str):
                for handler in list(self._stale_handlers):
                    handler(action)
            return
        before = self.html
        try:
            self.click(action)
        finally:
            # the browser dims a clicked piece until it is drawn again: a click that
            # leaves the picture as it was (nothing to redraw) says so instead
            if self.html == before:
                self.send({"type": "done"})
