"""Save and Load as two real buttons: a download and an upload, no "(1)" counter.

The save file is made only when Save is pressed (Python sends it to the browser,
which downloads it). Load reads the chosen file in the browser and sends its text;
a file bigger than ``max_bytes`` is refused before it is read.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import traitlets

from hordes_kit.core.data import widgets_path
from hordes_kit.core.errors import HordesKitError
from hordes_kit.ui.roles import KernelWidget

__all__ = ["SaveLoad"]


class SaveLoad(KernelWidget):
    """A "Save game" download button and a "Load game" upload button.

    ``get_text()`` makes the save file; ``on_load(text)`` loads one and returns a
    message for the player. Either may raise the kit's error (a save refused at a
    shared table, a corrupt file): its message is shown and nothing is sent.
    """

    _esm = widgets_path("files.js")
    filename = traitlets.Unicode("game-save.json").tag(sync=True)
    save_label = traitlets.Unicode("Save game").tag(sync=True)
    load_label = traitlets.Unicode("Load game…").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    max_bytes = traitlets.Int(512_000).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    bad = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        get_text: Callable[[], str],
        on_load: Callable[[str], str | None],
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.get_text, self.on_load = get_text, on_load
        self.on_msg(self._on_browser_msg)

    def save_text(self) -> str:
        """What Save downloads."""
        return self.get_text()

    def save(self) -> str:
        """What a click on Save does: send the file to the browser (and return its text;
        "" when it is refused, and why is shown)."""
        try:
            text = self.save_text()
        except HordesKitError as e:
            said = str(e)
            self._say(said[:1].upper() + said[1:])
            return ""
        self.send({"type": "download", "filename": self.filename, "text": text})
        return text

    def load(self, text: str | bytes) -> bool:
        """What choosing a file under Load does; the answer is shown beside the buttons."""
        size = len(text.encode() if isinstance(text, str) else text)
        if size > self.max_bytes:
            self._say(f"That file is {size:,} bytes; a save file is at most {self.max_bytes:,}.")
            return False
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                self._say("That file is not a save file (it is not text).")
                return False
        try:
            said = self.on_load(text)
        except HordesKitError as e:
            self._say(f"Not loaded: {e}")
            return False
        self._say(said or "Loaded.", bad=False)
        return True

    def _say(self, message: str, bad: bool = True) -> None:
        self.bad = bad
        self.message = html.escape(message)

    def _on_browser_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "save":
            self.save()
        elif content.get("type") == "load" and isinstance(content.get("text"), str):
            self.load(content["text"])
        elif content.get("type") == "too-big":
            self._say(f"That file is too big for a save file (at most {self.max_bytes:,} bytes).")
