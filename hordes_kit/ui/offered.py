"""A drop-down the browser may only move among the choices the kernel offered.

ipywidgets applies whatever state a page sends (``Widget.set_state``), read-only traits
included: from the browser's console a page can send a drop-down an index it never
showed, or new labels. :class:`OfferedChoice` takes only a new index among its own
options; anything else is refused in words and the page is shown the real choice again.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

__all__ = ["OfferedChoice"]


class OfferedChoice(w.Dropdown):
    """A ``Dropdown`` whose page may pick one of its options and nothing else; ``say``
    tells the player what was refused."""

    def __init__(self, *args, say: Callable[[str], object], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._say = say

    def set_state(self, sync_data: dict) -> None:
        """A change from the page: a choice offered, else refused in words."""
        index = sync_data.get("index")
        offered = (
            set(sync_data) == {"index"}
            and isinstance(index, int)
            and not isinstance(index, bool)
            and 0 <= index < len(self._options_values)
        )
        if not offered:
            self._say(f"{self.description}: that is not a choice this page offers; refused.")
            self.send_state()  # the page shows the real choice again
            return
        super().set_state(sync_data)
