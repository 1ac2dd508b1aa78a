"""Cards drawn as card faces, piles of them, and lanes of a board that wrap on a phone.

A :class:`CardFace` is the JSON-able picture of one card (never a rule: the game's
``view`` decides what it shows). Give it an ``action`` and it becomes a button whose
click sends that action id. A :class:`Pile` is a titled stack, row, fan or column of
faces with its count; a :class:`Lane` is one column of a board; :func:`board_grid`
lays lanes out in columns that wrap.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from hordes_kit.core.data import slug
from hordes_kit.ui.pieces import Token, attrs, die_html, icon_svg, render

__all__ = ["CardFace", "Pile", "Lane", "board_grid", "PILE_LAYOUTS", "title_case"]

PILE_LAYOUTS = ("row", "fan", "column", "stack", "list")
_DICE_COST = re.compile(r"^[1-6Xx]{1,6}$")


def title_case(text: str) -> str:
    """First letter up (``'dwarves'`` -> ``'Dwarves'``); the rest as written."""
    return text[:1].upper() + text[1:]


def _cost_html(cost: str | int, icon: str = "gold") -> str:
    if isinstance(cost, str) and _DICE_COST.match(cost):
        # a Fantahzee dice cost: digits are exact faces, X any face (all X's equal)
        dice = "".join(
            die_html(int(c), small=True, label=f"a {c}")
            if c.isdigit()
            else "<span class='hk-die hk-die-sm hk-die-x' data-value='X' role='img' "
            "aria-label='any number'>X</span>"
            for c in cost
        )
        return (
            f"<span class='hk-card-cost hk-cost-dice' title='cost {html.escape(cost)}'>"
            f"<span class='hk-sr'>cost {html.escape(cost)}</span>"
            f"<span class='hk-cost-faces' aria-hidden='true'>{dice}</span></span>"
        )
    return (
        f"<span class='hk-card-cost' title='cost'>{icon_svg(icon)}"
        f"<span class='hk-sr'>cost </span><b>{html.escape(str(cost))}</b></span>"
    )


@dataclass(frozen=True)
class CardFace:
    """One card as the player sees it (face up or down), optionally a button.

    ``stats`` are ``(label, value)`` pairs; the first is printed big (strength,
    battle force, level). ``kind`` picks the band colour from the game's theme.
    ``exhausted`` turns the card sideways; ``highlight`` marks the advised card;
    ``selected`` the one the player picked; ``action`` + ``verb`` make it clickable.
    ``thing``: the id of the thing of the table it is (``data-thing``, see ``ui.pointing``).
    """

    name: str
    kind: str = ""
    cost: str | int | None = None
    stats: tuple[tuple[str, object], ...] = ()
    text: str = ""
    subtitle: str = ""
    tokens: tuple[Token, ...] = ()
    badge: str = ""
    exhausted: bool = False
    face_down: bool = False
    selected: bool = False
    highlight: bool = False
    action: str | None = None
    verb: str = ""
    disabled: bool = False
    note: str = ""
    back: str = ""
    thing: str = ""
    cost_icon: str = "gold"  # the token a cost is paid in (Skytear: "mana")

    def to_json(self) -> dict:
        """The face as JSON types (what a front end or a test needs)."""
        d = asdict(self)
        d["stats"] = [list(s) for s in self.stats]
        d["tokens"] = [asdict(t) for t in self.tokens]
        return d

    def words(self) -> str:
        """The card in one sentence, for screen readers and tooltips."""
        if self.face_down:
            return f"face-down card{': ' + self.back if self.back else ''}"
        bits = [self.name]
        if self.kind:
            bits.append(self.kind)
        if self.subtitle:
            bits.append(self.subtitle)
        if self.cost is not None:
            bits.append(f"cost {self.cost}")
        bits += [f"{k} {v}" for k, v in self.stats]
        bits += [t.words() for t in self.tokens]
        if self.exhausted:
            bits.append("exhausted")
        if self.badge:
            bits.append(self.badge)
        if self.text:
            bits.append(self.text)
        if self.note:
            bits.append(self.note)
        return ", ".join(bits)

    def html(self) -> str:
        """The card face (or back), inside a slot that makes room when it is turned."""
        cls = ["hk-card", "hk-face"]
        cls += [
            c for c, on in (("hk-selected", self.selected), ("hk-highlight", self.highlight)) if on
        ]
        if self.face_down:
            cls.append("hk-back")
            body = "<span class='hk-back-art' aria-hidden='true'></span>" + (
                f"<span class='hk-back-text'>{html.escape(self.back)}</span>" if self.back else ""
            )
        else:
            body = self._face()
        if self.action:
            cls.append("hk-clickable")
            verb = self.verb or "Choose"
            body += f"<span class='hk-card-verb'>{html.escape(verb)}</span>"
            tag_attrs = attrs(
                type="button",
                class_=" ".join(cls),
                data_kind=slug(self.kind) or None,
                data_action=self.action,
                aria_pressed="true" if self.selected else None,
                disabled=self.disabled,
                title=self.note or None,
            )
            card = f"<button {tag_attrs}>{body}</button>"
        else:
            tag_attrs = attrs(
                class_=" ".join(cls),
                data_kind=slug(self.kind) or None,
                role="img" if self.face_down else "group",
                aria_label=self.words(),
                title=self.note or None,
            )
            card = f"<div {tag_attrs}>{body}</div>"
        slot = "hk-slot" + (" hk-exhausted" if self.exhausted else "")
        return f"<div {attrs(class_=slot, data_thing=self.thing or None)}>{card}</div>"

    def _face(self) -> str:
        esc = html.escape
        cost = _cost_html(self.cost, self.cost_icon) if self.cost is not None else ""
        dice_cost = isinstance(self.cost, str) and bool(_DICE_COST.match(self.cost))
        band = (
            f"<span class='hk-card-band'><span class='hk-card-name'>{esc(self.name)}</span>"
            f"{'' if dice_cost else cost}</span>"
        )
        if dice_cost:  # a row of dice does not fit beside the name
            band += f"<span class='hk-card-costrow'><small>Cost</small> {cost}</span>"
        kind = f"<span class='hk-card-kind'>{esc(self.kind)}</span>" if self.kind else ""
        sub = f"<span class='hk-card-sub'>{esc(self.subtitle)}</span>" if self.subtitle else ""
        text = f"<span class='hk-card-text'>{esc(self.text)}</span>" if self.text else ""
        stats = ""
        if self.stats:
            (k0, v0), rest = self.stats[0], self.stats[1:]
            stats = (
                f"<span class='hk-stat hk-stat-main' title='{esc(k0)}'>"
                f"<span class='hk-sr'>{esc(k0)} </span><b>{esc(str(v0))}</b>"
                f"<small aria-hidden='true'>{esc(k0)}</small></span>"
                + "".join(
                    f"<span class='hk-stat'><small>{esc(k)}</small> <b>{esc(str(v))}</b></span>"
                    for k, v in rest
                )
            )
        tokens = render(*self.tokens)
        foot = (
            f"<span class='hk-card-foot'>{stats}<span class='hk-card-tokens'>{tokens}</span></span>"
            if stats or tokens
            else ""
        )
        badge = f"<span class='hk-card-badge'>{esc(self.badge)}</span>" if self.badge else ""
        turned = "<span class='hk-sr'>, exhausted</span>" if self.exhausted else ""
        return band + kind + sub + text + foot + badge + turned


@dataclass(frozen=True)
class Pile:
    """A titled pile of cards: ``cards[0]`` is the top; ``count`` the whole pile's size.

    ``layout``: ``"row"`` (cards side by side, wrapping), ``"fan"`` (a hand, overlapping),
    ``"column"`` (overlapping downwards, names visible), ``"stack"`` (only the top
    card, on a stack as deep as the count) or ``"list"`` (names with counts, for big
    open piles: ``counts`` holds ``(name, n, kind)``). ``thing``: the id of the thing of
    the table it is (``data-thing``, see ``ui.pointing``).
    """

    title: str
    cards: tuple[CardFace, ...] = ()
    count: int | None = None
    layout: str = "row"
    counts: tuple[tuple[str, int, str], ...] = ()
    empty: str = "empty"
    note: str = ""
    highlight: bool = False
    thing: str = ""

    def __post_init__(self) -> None:
        if self.layout not in PILE_LAYOUTS:
            raise ValueError(f"pile layout {self.layout!r}: use one of {', '.join(PILE_LAYOUTS)}")

    @property
    def size(self) -> int:
        """How many cards the pile holds."""
        if self.count is not None:
            return self.count
        if self.layout == "list":
            return sum(n for _, n, _ in self.counts)
        return len(self.cards)

    def html(self) -> str:
        """The pile with its title and count."""
        esc = html.escape
        n = self.size
        head = (
            f"<div class='hk-pile-head'><span class='hk-pile-title'>{esc(title_case(self.title))}"
            f"</span> <span class='hk-pile-count'>{n} card{'s' if n != 1 else ''}</span></div>"
        )
        if self.layout == "list":
            body = "".join(
                f"<span class='hk-chip' {attrs(data_kind=slug(kind) or None)}>"
                + (f"<b>{k}×</b> " if k > 1 else "")
                + f"{esc(name)}</span>"
                for name, k, kind in self.counts
            )
        elif self.layout == "stack":
            top = self.cards[0].html() if self.cards else ""
            depth = min(3, max(0, n - 1))
            body = f"<div class='hk-stack' data-depth='{depth}'>{top}</div>" if top else ""
        else:
            body = "".join(c.html() for c in self.cards)
        if not body:
            body = f"<span class='hk-empty'>{esc(self.empty)}</span>"
        note = f"<div class='hk-pile-note'>{esc(self.note)}</div>" if self.note else ""
        cls = f"hk-pile hk-pile-{self.layout}" + (" hk-highlight" if self.highlight else "")
        label = f"{title_case(self.title)}, {n} cards"
        return (
            f"<section {attrs(class_=cls, data_thing=self.thing or None, aria_label=label)}>"
            f"{head}<div class='hk-pile-body'>{body}</div>{note}</section>"
        )


@dataclass(frozen=True)
class Lane:
    """One column of a board (a lane, a stack of monsters, a player's area), top to bottom.

    ``parts`` are pieces with ``.html()`` (piles, cards, tracks) or HTML strings;
    ``thing``: the id of the thing of the table it is (``data-thing``, see ``ui.pointing``).
    """

    title: str
    parts: tuple = field(default_factory=tuple)
    note: str = ""
    highlight: bool = False
    kind: str = ""
    thing: str = ""

    def html(self) -> str:
        """The lane: a titled column."""
        cls = "hk-lane" + (" hk-highlight" if self.highlight else "")
        note = f"<div class='hk-lane-note'>{html.escape(self.note)}</div>" if self.note else ""
        tag = attrs(class_=cls, data_kind=slug(self.kind) or None, data_thing=self.thing or None)
        return (
            f"<section {tag}>"
            f"<h3 class='hk-lane-title'>{html.escape(title_case(self.title))}</h3>"
            f"{render(*self.parts)}{note}</section>"
        )


def board_grid(lanes: Sequence[object], min_width: int = 220, label: str = "Board") -> str:
    """Lanes side by side in columns that wrap (one column on a phone)."""
    return (
        f"<div class='hk-grid' style='--hk-col-min:{int(min_width)}px' "
        f"{attrs(role='group', aria_label=label)}>{render(*lanes)}</div>"
    )
