"""A "point at it" question: the board itself is the answer sheet.

A board marks each thing of the table it draws with ``data-thing="<id>"`` (the ids of
the view's ``things``, see ``core.pointing``). For a question, :func:`pointable` turns
every marked piece into something to click (and to reach by Tab and press with Enter),
:class:`PointView` shows it and sends back ``point:<id>``; a thing the board does not
draw is a button by its name, so a board that marks nothing still asks the question. The
engine's view, never the page, says whether the thing clicked is the one asked for.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import ipywidgets as w

from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.core.pointing import Thing, thing, things, things_called
from hordes_kit.core.registry import get_game
from hordes_kit.ui.surface import ActionView

__all__ = [
    "PREFIX",
    "SHOW_ME",
    "pointable",
    "highlighted",
    "PointView",
    "thing_buttons_html",
    "PointQuestions",
]

PREFIX = "point:"
SHOW_ME = "Show me the answer ▶"  # the Next button at a point question: it gives it away
_MARK = re.compile(r"""\bdata-thing=(["'])([^"']*)\1""")


def pointable(board: str, things: Sequence[Thing]) -> str:
    """The board with every marked thing clickable (``data-action="point:<id>"``)."""
    names = {t.id: t.name for t in things}

    def mark(m: re.Match) -> str:
        tid = html.unescape(m.group(2))
        if tid not in names:
            return m.group(0)
        # no aria-label: the piece's own text is its name (what a player sees is what a
        # screen reader says), and the buttons below name every thing in words
        action = html.escape(PREFIX + tid, quote=True)
        return f'{m.group(0)} data-action="{action}" role="button" tabindex="0" data-pointable="1"'

    marked = _MARK.sub(mark, board)
    # a button's name is its text: a label of its own would hide what it shows (a pile's
    # cards) from a screen reader, and say less than a player sees (axe's name mismatch)
    return re.sub(r"""(data-pointable="1")\s+aria-label=(["'])[^"']*\2""", r"\1", marked)


def highlighted(board: str, thing_id: str) -> str:
    """The board with the piece of ``thing_id`` outlined (the answer, after a question)."""
    want = html.escape(thing_id, quote=True)

    def mark(m: re.Match) -> str:
        if m.group(2) != want:
            return m.group(0)
        return f'{m.group(0)} data-pointed="1"'

    return _MARK.sub(mark, board)


def thing_buttons_html(things: Sequence[Thing]) -> str:
    """One button per thing of the table, by name: the question without the picture."""
    buttons = "".join(
        f"<button type='button' class='hk-btn hk-point-name' "
        f"data-action='{html.escape(PREFIX + t.id, quote=True)}'>{html.escape(t.name)}</button>"
        for t in things
    )
    return (
        "<div class='hk-point-names' role='group' aria-label='Also on the table'>"
        f"<span class='hk-point-or'>Also on the table:</span> {buttons}</div>"
    )


class PointView(ActionView):
    """The board with its things to click, and the things by name; sends ``point:<id>``."""

    @property
    def actions(self) -> tuple[str, ...]:
        """``point:<id>`` of every thing on screen (a piece of the board or a name)."""
        found = re.findall(r"""data-action=(["'])(point:[^"']*)\1""", self.html)
        return tuple(dict.fromkeys(html.unescape(a) for _q, a in found))


class PointQuestions:
    """What a walkthrough player needs for point questions (``WalkthroughPlayer`` mixes it
    in): its ``frames``, ``i``, ``scenario``, ``render``, ``board``, ``next_button``,
    ``feedback`` and ``_show``; ``pointed`` (step -> the thing outlined) is reset by
    ``load``."""

    pointed: dict[int, str]

    def pending_point(self):
        """The next step, if it asks to point at a thing the player has not found yet."""
        pointed = getattr(self, "pointed", {})
        if self.i < len(self.frames):
            f = self.frames[self.i]
            if f.step.point and f.index not in pointed:
                return f
        return None

    def point(self, thing_id: str, shown: bool = False) -> bool:
        """What a click on a thing of the board does: the engine's view says whether it is
        the thing asked for. Right: it is outlined and the step goes on; wrong: the player
        is told what they clicked and tries again (``shown``: the player asked for the
        answer, which is outlined)."""
        f = self.pending_point()
        if f is None:
            return False
        thing_id = thing_id.removeprefix(PREFIX)
        term = f.step.point
        mine = thing(f.before, thing_id)
        ok = mine is not None and mine.is_a(term) and not shown
        game = get_game(self.scenario.game)
        entry = find_term(glossary(game.data_dir, game.rule_prefix), term)
        about = f" <span class='hk-term'>{html.escape(entry.text)}</span>" if entry else ""
        if not ok and not shown:
            kinds = [k for k in (mine.kinds if mine else ()) if k.lower() not in mine.name.lower()]
            what = f" ({html.escape(', '.join(kinds))})" if kinds else ""
            clicked = html.escape(mine.name if mine else thing_id)
            self.feedback = (
                f"<b style='color:#a3001b'>✘ Not that one:</b> you clicked {clicked}{what}. "
                f"<span class='hk-retry'>Try again, or press {SHOW_ME} (it gives the answer "
                "away).</span>"
            )
            self._show(keep_feedback=True)
            return False
        answer = mine if ok else things_called(f.before, term)[0]
        named = html.escape(answer.name)
        if ok:
            self.feedback = f"<b style='color:#1b6e34'>✔ Yes, that is it:</b> {named}.{about}"
        else:
            self.feedback = f"<b>Here it is, outlined:</b> {named}.{about}"
        if not hasattr(self, "pointed"):
            self.pointed = {}
        self.pointed[f.index] = answer.id
        self._show(keep_feedback=True)
        return ok

    def show_point(self) -> bool:
        """Next at a point question: show the answer (True if there was one to show)."""
        f = self.pending_point()
        if f is None:
            return False
        self.point(things_called(f.before, f.step.point)[0].id, shown=True)
        return True

    def _point_state(self, move_question) -> object:
        """For ``_show``: the pending point question (board hidden, its picture is the
        question) or the answer just found, outlined on the board."""
        p = self.pending_point() if move_question is None else None
        self.next_button.description = SHOW_ME if p is not None else "Next ▶"
        pointed = getattr(self, "pointed", {})
        if p is None and self.i < len(self.frames) and self.frames[self.i].index in pointed:
            self.board.value = highlighted(self.board.value, pointed[self.frames[self.i].index])
        self.board.layout.display = "none" if p is not None else None
        return p

    def _point_widgets(self, f) -> tuple:
        ask = w.HTML(
            f"<div class='hk-ask'><b>Your turn:</b> {html.escape(f.step.point_ask)} "
            "<span class='hk-point-or'>(click it on the table below; a wrong click can be "
            f"tried again, {SHOW_ME} gives the answer away)</span></div>"
        )
        table = things(f.before)
        board = pointable(self.render(f.before), table)
        # a thing the board does not draw is still a button, by name
        drawn = {html.unescape(m.group(2)) for m in _MARK.finditer(board)}
        others = [t for t in table if t.id not in drawn]
        view = PointView(
            board + (thing_buttons_html(others) if others else ""),
            label="The table: click the thing asked for",
        )
        view.add_class("hk-point-view")
        view.on_action(self.point)
        return (ask, view)
