"""Page layout and the form controls every dashboard shares.

- :func:`page` wraps a dashboard: the stylesheet, the game's colours, controls that
  wrap at phone width; :func:`columns` and :func:`section` lay it out.
- :func:`spell_out_choices`: under every drop-down, the chosen option in full when it is
  too long for a phone's drop-down ("Level 2: the two weakest power levels (about 18
  c…"); :func:`page` applies it to the whole page.
- :class:`SearchableChoice` / :class:`SearchablePicker`: a type-to-search box for one
  or several of many items (cards, heroes), with a visible box and an error naming an
  unknown name, never a Ctrl-click list.
"""

from __future__ import annotations

import difflib
import html
from collections.abc import Callable, Sequence

import ipywidgets as w

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.ui.pieces import attrs
from hordes_kit.ui.surface import ActionView, Stylesheet
from hordes_kit.ui.theme import theme_class

__all__ = [
    "page",
    "columns",
    "section",
    "row",
    "spell_out_choices",
    "choice_note",
    "seed_box",
    "new_game_row",
    "SearchableChoice",
    "SearchablePicker",
]

# A chosen option longer than this may be cut in a drop-down (at 390 px the box is as wide
# as its column, some 37 characters, less in a narrow column): it is also written out under
# the drop-down, shown only where the box cuts it (widgets/choices.js measures it).
LONG_CHOICE = 16


def page(*children: w.Widget, theme: str | None = None) -> w.VBox:
    """A dashboard: the shared stylesheet, the game's colours, everything wrapping on a phone."""
    box = w.VBox([Stylesheet(), *children], layout=w.Layout(width="100%"))
    box.add_class("hk-page")
    box.add_class(theme_class(theme))
    spell_out_choices(box)
    return box


def seed_box(value: int = 0, maximum: int = 2**31) -> w.BoundedIntText:
    """The "Seed" box of a New game row: its label beside the number on one line, at any
    width. It shows the seed of the game on the table (the same seed deals the same game);
    the board's New game deals a fresh one unless a seed was typed in."""
    box = w.BoundedIntText(
        value=value,
        min=0,
        max=maximum,
        description="Seed",
        tooltip=(
            "The seed of the game on the table: the same seed deals the same game. "
            "New game deals a fresh one, or the game of a seed you type here."
        ),
        style={"description_width": "initial"},
        layout=w.Layout(width="auto"),
    )
    box.add_class("hk-seed")
    return box


def new_game_row(button: w.Button, seed: w.BoundedIntText) -> w.HBox:
    """A board's New game button with its seed box beside it (below it on a phone)."""
    return w.HBox([button, seed], layout=w.Layout(flex_flow="row wrap", align_items="center"))


def choice_note(dropdown: w.Dropdown) -> w.HTML:
    """The chosen option of ``dropdown`` in full, kept up to date ("" while it is short)."""
    note = w.HTML()
    note.add_class("hk-choice-note")

    def show(_change=None) -> None:
        label = dropdown.label or ""
        long = len(label) > LONG_CHOICE
        note.value = f"<div class='hk-choice-full'>{html.escape(label)}</div>" if long else ""

    dropdown.observe(show, "label")
    show()
    dropdown._hk_note = note  # type: ignore[attr-defined] - once per drop-down
    return note


def spell_out_choices(root: w.Widget) -> w.Widget:
    """Put :func:`choice_note` right after every drop-down inside ``root`` (once each);
    drop-downs built later call it themselves. Returns ``root``."""
    kids = getattr(root, "children", None)
    if not isinstance(kids, tuple):
        return root
    out: list[w.Widget] = []
    for c in kids:
        out.append(c)
        if isinstance(c, w.Dropdown):
            if getattr(c, "_hk_note", None) is None:
                out.append(choice_note(c))
        else:
            spell_out_choices(c)
    if len(out) != len(kids):
        root.children = tuple(out)
    return root


def columns(*children: w.Widget, min_width: int = 320) -> w.Box:
    """Side by side on a wide screen, one under the other on a phone."""
    box = w.Box(list(children), layout=w.Layout(width="100%"))
    box.add_class("hk-columns")
    for c in children:
        if hasattr(c, "layout"):
            c.layout.min_width = "0"
            c.layout.flex = f"1 1 {int(min_width)}px"
    return box


def section(title: str, *children: w.Widget, level: int = 2) -> w.VBox:
    """A titled block of a page (its heading is a real heading, for screen readers)."""
    head = w.HTML(f"<h{level} class='hk-heading'>{html.escape(title)}</h{level}>")
    box = w.VBox([head, *children])
    box.add_class("hk-section")
    return box


def row(*widgets: w.Widget) -> w.Box:
    """Labelled boxes side by side, wrapping at phone width, with a gap before each next
    label; a number box in the row is a few digits wide, not the row's width (hk.css
    .hk-row)."""
    box = w.Box(list(widgets), layout=w.Layout(flex_flow="row wrap"))
    box.add_class("hk-row")
    return box


def _options(items: Sequence[str | tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """``(label, id)`` pairs from names or pairs; labels must be unique."""
    out = tuple((i, i) if isinstance(i, str) else (str(i[0]), str(i[1])) for i in items)
    labels = [lab for lab, _ in out]
    dup = next((lab for lab in labels if labels.count(lab) > 1), None)
    if dup is not None:
        raise ValueError(f"two items are both called {dup!r}")
    return out


def _lookup(options: Sequence[tuple[str, str]], text: str, what: str) -> str:
    """The id of the item a player typed (label, any case); the error suggests close names."""
    want = " ".join(text.split()).casefold()
    if not want:
        raise InvalidInputError(f"type the name of a {what}")
    for label, ident in options:
        if label.casefold() == want:
            return ident
    labels = [lab for lab, _ in options]
    close = difflib.get_close_matches(text.strip(), labels, n=3, cutoff=0.5)
    hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise InvalidInputError(f"there is no {what} called {text.strip()!r}.{hint}")


def _error(message: str) -> str:
    return f"<div class='hk-error' role='alert'>⚠ {html.escape(message, quote=False)}</div>"


class SearchableChoice(w.VBox):
    """Type to search one item among many; Enter or picking a suggestion chooses it.

    >>> c = SearchableChoice([("Ring of Teleport", "ring-of-teleport")], what="card")
    >>> c.choose("ring of teleport"), c.value
    (True, 'ring-of-teleport')
    >>> c.choose("Ring of Teleprot"), c.value
    (False, 'ring-of-teleport')
    >>> "Did you mean 'Ring of Teleport'" in c.message.value
    True
    """

    def __init__(
        self,
        items: Sequence[str | tuple[str, str]],
        *,
        label: str = "Choose",
        what: str = "item",
        value: str | None = None,
        placeholder: str = "type to search…",
    ) -> None:
        self.options = _options(items)
        self.what = what
        self.value: str | None = None
        self._handlers: list[Callable[[str | None], object]] = []
        self.box = w.Combobox(
            options=[lab for lab, _ in self.options],
            placeholder=placeholder,
            description=label,
            ensure_option=False,
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="420px"),
        )
        self.box.add_class("hk-search")
        self.message = w.HTML()
        super().__init__([self.box, self.message], layout=w.Layout(max_width="100%"))
        self.add_class("hk-choice")
        if value is not None:
            self.choose(self.label_of(value))
        self.box.observe(self._typed, "value")

    def label_of(self, ident: str) -> str:
        """The label shown for an item id."""
        return next(lab for lab, i in self.options if i == ident)

    def on_change(self, handler: Callable[[str | None], object]) -> None:
        """Call ``handler(id)`` whenever a valid item is chosen."""
        self._handlers.append(handler)

    def choose(self, text: str) -> bool:
        """What typing ``text`` and pressing Enter does; an unknown name says so and keeps
        the last choice."""
        try:
            ident = _lookup(self.options, text, self.what)
        except InvalidInputError as e:
            self.message.value = _error(str(e)[:1].upper() + str(e)[1:])
            return False
        self.message.value = ""
        self.value = ident
        if self.box.value != self.label_of(ident):
            self.box.value = self.label_of(ident)
        for h in list(self._handlers):
            h(ident)
        return True

    def _typed(self, change) -> None:
        if change["new"] and change["new"] != (self.label_of(self.value) if self.value else None):
            self.choose(change["new"])


class SearchablePicker(w.VBox):
    """Type to add items to a list (the chosen ones are chips with a remove button).

    >>> p = SearchablePicker(["Dwarf Lord", "Gunners"], what="card")
    >>> p.add("dwarf lord"), p.add("Gunners"), p.value
    (True, True, ('Dwarf Lord', 'Gunners'))
    >>> p.chips.click("remove:0"); p.value
    ('Gunners',)
    """

    def __init__(
        self,
        items: Sequence[str | tuple[str, str]],
        *,
        label: str = "Add",
        what: str = "item",
        value: Sequence[str] = (),
        allow_duplicates: bool = False,
        max_items: int = 60,
        empty: str = "none chosen",
    ) -> None:
        self.options = _options(items)
        self.what, self.allow_duplicates, self.max_items, self.empty = (
            what,
            allow_duplicates,
            max_items,
            empty,
        )
        self.value: tuple[str, ...] = ()
        self._handlers: list[Callable[[tuple[str, ...]], object]] = []
        self.box = w.Combobox(
            options=[lab for lab, _ in self.options],
            placeholder="type a name, then Enter",
            description=label,
            ensure_option=False,
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="420px"),
        )
        self.box.add_class("hk-search")
        self.message = w.HTML()
        self.chips = ActionView(label=f"Chosen {what}s")
        self.chips.on_action(self._chip_click)
        super().__init__([self.box, self.message, self.chips], layout=w.Layout(max_width="100%"))
        self.add_class("hk-picker")
        self.set(value)
        self.box.observe(self._typed, "value")

    def on_change(self, handler: Callable[[tuple[str, ...]], object]) -> None:
        """Call ``handler(ids)`` whenever the list changes."""
        self._handlers.append(handler)

    def add(self, text: str) -> bool:
        """What typing a name and pressing Enter does: add it, or say why not."""
        try:
            ident = _lookup(self.options, text, self.what)
            if not self.allow_duplicates and ident in self.value:
                raise InvalidInputError(f"{self._label(ident)} is already chosen")
            if len(self.value) >= self.max_items:
                raise InvalidInputError(f"at most {self.max_items} {self.what}s")
        except InvalidInputError as e:
            self.message.value = _error(str(e)[:1].upper() + str(e)[1:])
            return False
        self.message.value = ""
        self._set(self.value + (ident,))
        self.box.value = ""
        return True

    def remove(self, index: int) -> None:
        """What the remove button on chip ``index`` does."""
        self._set(self.value[:index] + self.value[index + 1 :])

    def set(self, ids: Sequence[str]) -> None:
        """Replace the list (ids must be known)."""
        known = {i for _, i in self.options}
        bad = [i for i in ids if i not in known]
        if bad:
            raise InvalidInputError(f"unknown {self.what} id {bad[0]!r}")
        self._set(tuple(ids))

    def _label(self, ident: str) -> str:
        return next(lab for lab, i in self.options if i == ident)

    def _set(self, ids: tuple[str, ...]) -> None:
        self.value = ids
        chips = "".join(
            f"<span class='hk-chip'>{html.escape(self._label(i))}<button "
            + attrs(
                type="button",
                class_="hk-remove",
                data_action=f"remove:{n}",
                aria_label=f"Remove {self._label(i)}",
                title=f"Remove {self._label(i)}",
            )
            + ">×</button></span>"
            for n, i in enumerate(ids)
        )
        self.chips.html = f"<div class='hk-picked'>{chips or html.escape(self.empty)}</div>"
        for h in list(self._handlers):
            h(ids)

    def _chip_click(self, action_id: str) -> None:
        self.remove(int(action_id.split(":")[1]))

    def _typed(self, change) -> None:
        if change["new"]:
            self.add(change["new"])
