"""Rows of pip dice a player clicks: hold and release (a keep), or set by hand (a tray).

Both draw through :class:`~hordes_kit.ui.surface.ActionView`, so every die is a real
button (Tab reaches it, Enter or Space presses it) with words for screen readers, and
``row.click("die:2")`` does what a click on the third die does.
"""

from __future__ import annotations

from collections.abc import Sequence

import traitlets

from hordes_kit.ui.pieces import attrs, die_html, icon_svg
from hordes_kit.ui.surface import ActionView

__all__ = ["DiceRow", "DiceTray", "DICE_MODES"]

DICE_MODES = ("hold", "edit", "view")


def _fit(seq: Sequence[bool], n: int) -> list[bool]:
    return [bool(x) for x in list(seq)[:n]] + [False] * max(0, n - len(seq))


class DiceRow(ActionView):
    """A row of dice. ``mode``: ``"hold"`` (a click holds or releases a die), ``"edit"``
    (a click turns it to the next number) or ``"view"`` (no clicks).

    ``held``: dice the player keeps; ``locked``: dice on a hero (out of play, not
    clickable); ``highlight``: the advised keep. With ``lockable`` each die has a lock
    button below it (``"lock:i"``).

    >>> row = DiceRow(values=[6, 6, 4, 3, 2])
    >>> row.click("die:0"); row.click("die:1"); row.kept
    (6, 6)
    >>> row.actions[:2]
    ('die:0', 'die:1')
    """

    values = traitlets.List(traitlets.Int(), default_value=[6, 6, 4, 3, 2])
    held = traitlets.List(traitlets.Bool(), default_value=[])
    locked = traitlets.List(traitlets.Bool(), default_value=[])
    highlight = traitlets.List(traitlets.Bool(), default_value=[])
    mode = traitlets.Enum(DICE_MODES, default_value="hold")
    lockable = traitlets.Bool(False)
    caption = traitlets.Unicode("Dice")

    def __init__(self, **kwargs) -> None:
        super().__init__(label=kwargs.pop("label", ""), **kwargs)
        self.on_action(self._act)
        self.observe(
            lambda _c: self._draw(),
            ["values", "held", "locked", "highlight", "mode", "lockable", "caption"],
        )
        self._draw()

    @traitlets.validate("values")
    def _valid_values(self, proposal):
        vals = list(proposal["value"])
        if any(not 1 <= v <= 6 for v in vals):
            raise traitlets.TraitError(f"die faces must be 1-6, got {vals}")
        return vals

    # --- what clicks do ----------------------------------------------------------------

    def _act(self, action_id: str) -> None:
        kind, _, index = action_id.partition(":")
        i = int(index)
        if kind == "lock":
            lk = _fit(self.locked, len(self.values))
            lk[i] = not lk[i]
            self.locked = lk
        elif self.mode == "edit":
            vals = list(self.values)
            vals[i] = vals[i] % 6 + 1
            self.values = vals
        else:
            hd = _fit(self.held, len(self.values))
            hd[i] = not hd[i]
            self.held = hd

    def set_dice(
        self,
        values: Sequence[int],
        locked: Sequence[bool] | None = None,
        held: Sequence[bool] | None = None,
    ) -> None:
        """Show these dice (none held, none advised; unlocked unless ``locked`` says)."""
        n = len(values)
        with self.hold_trait_notifications():
            self.highlight = [False] * n
            self.held = _fit(held or (), n)
            self.locked = _fit(locked or (), n)
            self.values = list(values)

    def mark_keep(self, keep: Sequence[int]) -> None:
        """Highlight unlocked dice matching the multiset ``keep`` (the advice)."""
        want = list(keep)
        marks = []
        for v, lk in zip(self.values, _fit(self.locked, len(self.values))):
            hit = not lk and v in want
            if hit:
                want.remove(v)
            marks.append(hit)
        self.highlight = marks

    @property
    def kept(self) -> tuple[int, ...]:
        """Faces of the dice the player holds."""
        return tuple(v for v, h in zip(self.values, _fit(self.held, len(self.values))) if h)

    @property
    def showing(self) -> tuple[int, ...]:
        """Faces of the dice that are not locked."""
        return tuple(v for v, lk in zip(self.values, _fit(self.locked, len(self.values))) if not lk)

    @property
    def locked_values(self) -> tuple[int, ...]:
        """Faces of the locked dice."""
        return tuple(v for v, lk in zip(self.values, _fit(self.locked, len(self.values))) if lk)

    # --- drawing -------------------------------------------------------------------------

    def _words(self, i: int, v: int, held: bool, locked: bool, advised: bool) -> str:
        what = f"Die {i + 1} shows {v}"
        if locked:
            return what + ", locked on a hero"
        bits = [what]
        if held:
            bits.append("held")
        if advised:
            bits.append("advised keep")
        if self.mode == "edit":
            bits.append("press to turn it to the next number")
        elif self.mode == "hold":
            bits.append("press to release it" if held else "press to hold it")
        return ", ".join(bits)

    def _draw(self) -> None:
        n = len(self.values)
        held, locked, adv = (_fit(x, n) for x in (self.held, self.locked, self.highlight))
        slots = []
        for i, v in enumerate(self.values):
            words = self._words(i, v, held[i], locked[i], adv[i])
            die = die_html(
                v,
                action=None if self.mode == "view" else f"die:{i}",
                index=i,
                held=held[i],
                locked=locked[i],
                highlight=adv[i],
                pressed=held[i] if self.mode == "hold" and not locked[i] else None,
                label=words,
                disabled=locked[i],
            )
            lock = ""
            if self.lockable:
                lock_attrs = attrs(
                    type="button",
                    class_="hk-lock",
                    data_action=f"lock:{i}",
                    data_index=i,
                    aria_pressed=str(locked[i]).lower(),
                    aria_label=f"Lock die {i + 1} on a hero",
                    disabled=self.mode == "view",
                )
                lock = f"<button {lock_attrs}>{icon_svg('lock')}Lock</button>"
            tag = "<span class='hk-die-tag'>held</span>" if held[i] and not locked[i] else ""
            slots.append(f"<div class='hk-die-slot'>{die}{tag}{lock}</div>")
        self.html = (
            f"<div class='hk-dice' role='group' {attrs(aria_label=self.caption)}>"
            + "".join(slots)
            + "</div>"
        )


class DiceTray(DiceRow):
    """Dice a player sets by clicking (to mirror the dice on the table), with locks;
    highlighted dice are the advised keep. ``editable=False`` shows them only."""

    editable = traitlets.Bool(True)

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("mode", "edit" if kwargs.get("editable", True) else "view")
        kwargs.setdefault("lockable", True)
        kwargs.setdefault("caption", "Your dice")
        super().__init__(**kwargs)
        self.observe(lambda c: setattr(self, "mode", "edit" if c["new"] else "view"), "editable")

    def click_die(self, i: int) -> None:
        """What a click on die ``i`` does: turn it to the next number (6 -> 1)."""
        self.click(f"die:{i}")

    def toggle_lock(self, i: int) -> None:
        """What a click on the lock under die ``i`` does."""
        self.click(f"lock:{i}")
