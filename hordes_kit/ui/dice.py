"""The dice tray widget (anywidget; front end in ``widgets/dice_tray.js``)."""

from __future__ import annotations

from collections.abc import Sequence

import anywidget
import traitlets

from hordes_kit.core.data import widgets_path

__all__ = ["DiceTray"]


class DiceTray(anywidget.AnyWidget):
    """Dice a player can set by clicking; highlighted dice are the advised keep."""

    _esm = widgets_path("dice_tray.js")
    _css = widgets_path("dice_tray.css")
    values = traitlets.List(traitlets.Int(), default_value=[6, 6, 4, 3, 2]).tag(sync=True)
    locked = traitlets.List(traitlets.Bool(), default_value=[False] * 5).tag(sync=True)
    highlight = traitlets.List(traitlets.Bool(), default_value=[False] * 5).tag(sync=True)
    editable = traitlets.Bool(True).tag(sync=True)

    @traitlets.validate("values")
    def _valid_values(self, proposal):
        vals = list(proposal["value"])
        if any(not 1 <= v <= 6 for v in vals):
            raise traitlets.TraitError(f"die faces must be 1-6, got {vals}")
        return vals

    def set_dice(self, values: Sequence[int], locked: Sequence[bool] | None = None) -> None:
        """Show these dice (all unlocked unless ``locked`` says otherwise)."""
        locked = list(locked) if locked is not None else [False] * len(values)
        with self.hold_trait_notifications():
            self.highlight = [False] * len(values)
            self.locked = locked
            self.values = list(values)

    def click_die(self, i: int) -> None:
        """What a click on die ``i`` does: turn it to the next number (6 -> 1)."""
        vals = list(self.values)
        vals[i] = vals[i] % 6 + 1
        self.values = vals

    def toggle_lock(self, i: int) -> None:
        """What a click on the lock under die ``i`` does."""
        lk = list(self.locked)
        lk[i] = not lk[i]
        self.locked = lk

    @property
    def showing(self) -> tuple[int, ...]:
        """Faces of the dice that are not locked."""
        return tuple(v for v, lk in zip(self.values, self.locked) if not lk)

    @property
    def locked_values(self) -> tuple[int, ...]:
        """Faces of the locked dice."""
        return tuple(v for v, lk in zip(self.values, self.locked) if lk)

    def mark_keep(self, keep: Sequence[int]) -> None:
        """Highlight unlocked dice matching the multiset ``keep``."""
        want = list(keep)
        marks = []
        for v, lk in zip(self.values, self.locked):
            hit = not lk and v in want
            if hit:
                want.remove(v)
            marks.append(hit)
        self.highlight = marks
