"""How a walkthrough grades an answer, and the verdict in words (``ui.walkthrough`` asks).

Two kinds of question (a scenario step's ``grade``):

- ``"choice"`` (a question of strategy): every answer offered is legal, so none is
  "wrong". The player's choice, the example's and the best by the odds are shown side by
  side, each with the game's figure; moves the odds cannot tell apart are named as a tie,
  and where the example's move is not the best, the step's ``because`` says why it is
  played.
- ``"rule"`` (a question of the rules): the engine says whether the move is legal, and
  if not, why; a move the rules forbid is not played: the player tries again.

Whose moves the example's are: "the book" for the rulebook's own worked examples, "the
walkthrough" where the rulebook has none (``Scenario.chooser``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Grade", "best_moves", "choice_html", "rule_html", "retry_html"]


@dataclass(frozen=True)
class Grade:
    """How an answer was graded (what the feedback says, for tests and tools).

    ``kind``: ``"choice"`` or ``"rule"``; ``legal``: the engine accepts the move;
    ``reason``: why not (rule questions); ``best``: the best move by the odds among those
    offered ("" when the game has no measure), the example's own first when it is among
    the best; ``tied``: every offered move as good as ``best`` (``best`` included; empty
    when one move is best); ``figures``: each named move's figure as the game states it;
    ``chooser``: whose the example's move is ("the book", "the walkthrough").
    """

    kind: str
    chosen: str
    book: str
    legal: bool
    reason: str = ""
    best: str = ""
    figures: tuple[tuple[str, str], ...] = ()
    tied: tuple[str, ...] = ()
    chooser: str = "the book"

    @property
    def same_as_book(self) -> bool:
        """The player chose the example's move."""
        return self.chosen == self.book

    @property
    def best_moves(self) -> tuple[str, ...]:
        """Every best move by the odds (one, or the tie)."""
        return self.tied or ((self.best,) if self.best else ())


def best_moves(found: str | Sequence[str] | None) -> tuple[str, ...]:
    """A game's answer to "which is best" as a tuple: one move, or the moves tied for best.

    >>> best_moves("keep:5"), best_moves(("a", "b")), best_moves(None)
    (('keep:5',), ('a', 'b'), ())
    """
    if not found:
        return ()
    return (found,) if isinstance(found, str) else tuple(found)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def choice_html(g: Grade, label: Callable[[str], str], because: str = "") -> str:
    """A choice question's verdict: the player's move, the example's and the best by the
    odds (a tie named as one), each with its figure; ``because`` where the example's move
    is not among the best."""
    figs = dict(g.figures)
    who_ = g.chooser
    esc = html.escape

    def named(move: str, mark: str = "") -> str:
        return f"<b>{esc(label(move))}</b>" + (f" <i>({esc(mark)})</i>" if mark else "")

    def row(who: str, moves: str, fig: str, cls: str) -> str:
        return (
            f"<li class='{cls}'><span class='hk-who'>{esc(who)}</span> {moves}"
            + (f" <span class='hk-figure'>{esc(fig)}</span>" if fig else "")
            + "</li>"
        )

    if g.same_as_book:
        head = f"<p class='hk-verdict hk-agree'>✔ {esc(_cap(who_))}'s choice.</p>"
        rows = [
            row(
                f"Your choice and {who_}'s",
                named(g.chosen),
                figs.get(g.chosen, ""),
                "hk-mine hk-book",
            )
        ]
    else:
        head = f"<p class='hk-verdict hk-differs'>Legal, and {esc(who_)} chose differently.</p>"
        rows = [
            row("Your choice", named(g.chosen), figs.get(g.chosen, ""), "hk-mine"),
            row(_cap(who_), named(g.book), figs.get(g.book, ""), "hk-book"),
        ]
    best = g.best_moves
    if len(best) > 1:

        def mark(m: str) -> str:
            return f"{who_}'s" if m == g.book else "yours" if m == g.chosen else ""

        listed = ", ".join(named(m, mark(m)) for m in best)
        who = f"Best by the odds, a tie of {len(best)} moves:"
        rows.append(row(who, listed, figs.get(best[0], ""), "hk-bestmove hk-tie"))
    elif best:
        who = "Best by the odds"
        if best[0] == g.book:
            who += f" ({who_}'s)"
        elif best[0] == g.chosen:
            who += " (yours)"
        rows.append(row(who, named(best[0]), figs.get(best[0], ""), "hk-bestmove"))
    why = ""
    if best and g.book not in best and because:
        why = (
            f"<p class='hk-because'><b>Why {esc(who_)} plays {esc(label(g.book))}:</b> "
            f"{esc(because)}</p>"
        )
    return f"<div class='hk-grade'>{head}<ul class='hk-compare'>{''.join(rows)}</ul>{why}</div>"


def rule_html(g: Grade, label: Callable[[str], str]) -> str:
    """A rule question's verdict: legal, or not legal and why (the example's move is told
    only once the player found a legal one: a wrong answer is tried again)."""
    esc = html.escape
    mine = esc(label(g.chosen))
    if g.legal:
        head = f"<p class='hk-verdict hk-agree'>✔ Legal: {mine}.</p>"
        tail = (
            ""
            if g.same_as_book
            else f"<p class='hk-book-move'>{esc(_cap(g.chooser))} plays: {esc(label(g.book))}.</p>"
        )
        return f"<div class='hk-grade hk-grade-rule'>{head}{tail}</div>"
    why = esc(_cap(g.reason)) if g.reason else ""
    head = f"<p class='hk-verdict hk-illegal'>✘ Not legal: {mine}.</p>" + (
        f"<p class='hk-why'>{why}.</p>" if why else ""
    )
    # the step's rule is shown with the narration once the question is answered
    return f"<div class='hk-grade hk-grade-rule'>{head}</div>"


def retry_html() -> str:
    """What a wrong answer adds: the question stays open."""
    return (
        "<p class='hk-retry'><b>Try again:</b> the question is still open - pick another "
        "answer below.</p>"
    )
