"""Small game pieces drawn as HTML: pip dice, tokens and token tracks.

Every piece renders to an HTML string with the shared classes of ``widgets/hk.css``,
so a static picture (a walkthrough's board) and a clickable one (an
:class:`~hordes_kit.ui.surface.ActionView`) look the same. A clickable piece is a
``<button data-action="...">``: the browser sends the action id back to Python.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "TOKEN_KINDS",
    "icon_svg",
    "die_svg",
    "die_html",
    "dice_html",
    "Token",
    "TokenTrack",
    "attrs",
    "render",
    "marked",
]

# pip centres on a 100x100 face
PIPS = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((28, 28), (50, 50), (72, 72)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((28, 28), (72, 28), (50, 50), (28, 72), (72, 72)),
    6: ((28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)),
}

# token kind -> (words for it, SVG path on a 24x24 box); colours live in the stylesheet
_ICONS = {
    "health": (
        "health",
        "M12 21s-7.5-4.6-9.6-9.4A5.2 5.2 0 0 1 12 6.3a5.2 5.2 0 0 1 9.6 5.3C19.5 16.4 12 21 12 21z",
    ),
    "damage": ("damage", "M12 2.5s6.5 7.2 6.5 11.5a6.5 6.5 0 0 1-13 0C5.5 9.7 12 2.5 12 2.5z"),
    "attack": (
        "attack",
        "M20.5 2.5 21.5 3.5 12 14l1.8 1.8-1.4 1.4-1.6-1.6-4.6 4.6H4.4v-1.8"
        "L9 13.8 7.4 12.2 8.8 10.8 10.6 12.6z",
    ),
    "armor": ("armor", "M12 2.2 20 5v6.2c0 5-3.4 9-8 10.6-4.6-1.6-8-5.6-8-10.6V5z"),
    "mana": ("mana", "M12 2 19 9.5 12 22 5 9.5z"),
    "gold": (
        "gold",
        "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 3.2a5.8 5.8 0 1 1 0 11.6 5.8 5.8 0 0 1 0-11.6z",
    ),
    "crowns": ("Crowns", "M3 8l4.5 3.5L12 5l4.5 6.5L21 8l-2 11H5z"),
    "xp": ("XP", "M12 2.5l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.4l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z"),
    "doom": (
        "doom",
        "M12 2.5a8 8 0 0 0-8 8c0 3 1.4 5 3 6.1V20h3v-2h4v2h3v-3.4"
        "c1.6-1.1 3-3.1 3-6.1a8 8 0 0 0-8-8z"
        "M8.8 9.2a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8z"
        "m6.4 0a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8z",
    ),
    "stun": ("stun", "M13.5 2 4.5 13.5h6.3L9.8 22l9.2-11.8h-6.4z"),
    "stone": ("Shadow Stone", "M12 2l8 5v10l-8 5-8-5V7z"),
    "lock": ("locked", "M7 10V7.5a5 5 0 0 1 10 0V10h1.5v11h-13V10zm2.5 0h5V7.5a2.5 2.5 0 0 0-5 0z"),
}
TOKEN_KINDS = tuple(k for k in _ICONS if k != "lock")


def attrs(**values: object) -> str:
    """HTML attributes from keywords (``data_action`` -> ``data-action``); None/False left out."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(name if value is True else f'{name}="{html.escape(str(value), quote=True)}"')
    return " ".join(out)


def render(*parts: object) -> str:
    """Join pieces (anything with ``.html()``, or HTML strings) into one fragment."""
    return "".join(p.html() if hasattr(p, "html") else str(p) for p in parts if p is not None)


def marked(thing: str, inner: str, tag: str = "span") -> str:
    """``inner`` (HTML) marked as the thing of the table ``thing`` (``data-thing``, the id
    a "point at it" question answers with, see ``ui.pointing``)."""
    return f"<{tag} {attrs(data_thing=thing)}>{inner}</{tag}>"


def icon_svg(kind: str) -> str:
    """A small decorative icon of a token kind (hidden from screen readers)."""
    _, path = _ICONS.get(kind, ("", "M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16z"))
    return (
        f"<svg class='hk-icon hk-icon-{html.escape(kind)}' viewBox='0 0 24 24' "
        f"aria-hidden='true' focusable='false'><path d='{path}' fill-rule='evenodd'/></svg>"
    )


def die_svg(face: int) -> str:
    """A die face with pips (1-6) as inline SVG; other faces are drawn blank."""
    pips = "".join(
        f"<circle class='hk-pip' cx='{x}' cy='{y}' r='9'/>" for x, y in PIPS.get(face, ())
    )
    return (
        "<svg class='hk-die-face' viewBox='0 0 100 100' aria-hidden='true' focusable='false'>"
        f"<rect class='hk-die-body' x='4' y='4' width='92' height='92' rx='18'/>{pips}</svg>"
    )


def die_html(
    face: int,
    *,
    action: str | None = None,
    index: int | None = None,
    held: bool = False,
    locked: bool = False,
    highlight: bool = False,
    pressed: bool | None = None,
    label: str | None = None,
    disabled: bool = False,
    small: bool = False,
) -> str:
    """One pip die: a button when it has an ``action``, else a picture.

    ``held``: kept by the player; ``locked``: on a hero, out of play; ``highlight``:
    the advised keep. ``pressed`` sets ``aria-pressed`` for a die that toggles.
    """
    states = [s for s, on in (("held", held), ("locked", locked), ("advised", highlight)) if on]
    words = label or f"die showing {face}" + (f", {', '.join(states)}" if states else "")
    cls = " ".join(
        c
        for c, on in (
            ("hk-die", True),
            ("hk-die-sm", small),
            ("hk-held", held),
            ("hk-locked", locked),
            ("hk-keep", highlight),
        )
        if on
    )
    lock = f"<span class='hk-die-lock'>{icon_svg('lock')}</span>" if locked else ""
    common = attrs(class_=cls, data_index=index, data_value=face)
    if action is None:
        return f"<span {common} role='img' {attrs(aria_label=words)}>{die_svg(face)}{lock}</span>"
    extra = attrs(
        type="button",
        data_action=action,
        aria_label=words,
        aria_pressed=None if pressed is None else str(pressed).lower(),
        disabled=disabled,
        title=words,
    )
    return f"<button {common} {extra}>{die_svg(face)}{lock}</button>"


def dice_html(
    values: Sequence[int],
    *,
    held: Sequence[bool] = (),
    locked: Sequence[bool] = (),
    highlight: Sequence[bool] = (),
    label: str = "Dice",
    small: bool = False,
) -> str:
    """A row of pictured dice (not clickable) that wraps on a narrow screen."""

    def at(seq: Sequence[bool], i: int) -> bool:
        return bool(seq[i]) if i < len(seq) else False

    dice = "".join(
        die_html(
            v,
            index=i,
            held=at(held, i),
            locked=at(locked, i),
            highlight=at(highlight, i),
            small=small,
        )
        for i, v in enumerate(values)
    )
    return f"<div class='hk-dice' role='group' {attrs(aria_label=label)}>{dice}</div>"


@dataclass(frozen=True)
class Token:
    """Tokens of one kind on a card: ``Token('damage', 2)``; temporary ones are dashed."""

    kind: str
    n: int = 1
    temporary: bool = False

    def words(self) -> str:
        """``'2 damage'``, ``'1 temporary armor'``."""
        name = _ICONS.get(self.kind, (self.kind, ""))[0]
        return f"{self.n} {'temporary ' if self.temporary else ''}{name}"

    def html(self) -> str:
        """A round chip: the token's icon and how many."""
        cls = "hk-token" + (" hk-temporary" if self.temporary else "")
        return (
            f"<span {attrs(class_=cls, data_token=self.kind, title=self.words())}>"
            f"{icon_svg(self.kind)}<b>{self.n}</b>"
            f"<span class='hk-sr'> {html.escape(self.words())}</span></span>"
        )


@dataclass(frozen=True)
class TokenTrack:
    """A counter on the table: mana 0-10 on a track, doom pips, a pile of Crowns or XP.

    ``style``: ``"track"`` (a numbered strip with the marker on the value),
    ``"pips"`` (``maximum`` icons, ``value`` of them filled) or ``"count"``.
    ``thing``: the id of the thing of the table it is (``data-thing``, see ``ui.pointing``).
    """

    label: str
    value: int
    maximum: int | None = None
    kind: str = "gold"
    style: str = "count"
    minimum: int = 0
    note: str = ""
    thing: str = ""

    def words(self) -> str:
        """What a screen reader says: ``'Mana: 4 of 10'``."""
        of = f" of {self.maximum}" if self.maximum is not None else ""
        return f"{self.label}: {self.value}{of}" + (f" ({self.note})" if self.note else "")

    def html(self) -> str:
        """The track, with its words for screen readers."""
        head = f"<span class='hk-track-label' aria-hidden='true'>{html.escape(self.label)}</span>"
        if self.style == "track" and self.maximum is not None:
            cells = "".join(
                f"<span class='hk-cell{' hk-on' if n == self.value else ''}'>"
                + (icon_svg(self.kind) if n == self.value else str(n))
                + "</span>"
                for n in range(self.minimum, self.maximum + 1)
            )
            body = f"<span class='hk-cells' aria-hidden='true'>{cells}</span>"
        elif self.style == "pips" and self.maximum is not None:
            body = (
                "<span class='hk-pips' aria-hidden='true'>"
                + "".join(
                    f"<span class='hk-pipmark{' hk-on' if n < self.value else ''}'>"
                    f"{icon_svg(self.kind)}</span>"
                    for n in range(self.maximum)
                )
                + "</span>"
            )
        else:
            body = (
                f"<span class='hk-count' aria-hidden='true'>{icon_svg(self.kind)}"
                f"<b>{self.value}</b>"
                + (f"<small>/{self.maximum}</small>" if self.maximum is not None else "")
                + "</span>"
            )
        note = (
            f"<span class='hk-track-note' aria-hidden='true'>{html.escape(self.note)}</span>"
            if self.note
            else ""
        )
        cls = f"hk-track hk-track-{self.style}"
        tag = attrs(class_=cls, data_token=self.kind, data_thing=self.thing or None)
        return (
            f"<div {tag}>"
            f"{head}{body}{note}<span class='hk-sr'>{html.escape(self.words())}</span></div>"
        )
