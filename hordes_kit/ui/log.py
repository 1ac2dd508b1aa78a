"""Rule chips (a short rule title that opens the rule's text) and the game log.

A chip is an HTML ``<details>``: a tap or Enter opens it in place, no script needed,
so it works in a static walkthrough picture as well as on a board. Opened, it shows the
book's own words (quoted, with their section) beside the kit's short version, and where
the kit reads the book (a ruling), its reading and why, side by side (``rule_sides``).
Rule ids never reach the screen: an id missing from the game's rule index gets no chip.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from urllib.parse import quote

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.registry import get_game
from hordes_kit.core.rules_index import RuleEntry, rule_index
from hordes_kit.core.state import Event

__all__ = [
    "rule_chip",
    "rule_sides",
    "book_words_html",
    "rule_kind",
    "rules_of",
    "log_lines_html",
    "lookup_url",
    "LOOKUP_PAGE",
    "CARDS_PAGE",
]

LOOKUP_PAGE = "rules.ipynb"  # the rule lookup (notebooks/rules.ipynb)
CARDS_PAGE = "cards.ipynb"  # the card reference (notebooks/cards.ipynb)


def lookup_url(rule_id: str) -> str:
    """The rule lookup's address that opens this rule first.

    >>> lookup_url("the-horde.tax")
    'rules.ipynb?rule=the-horde.tax'
    """
    return f"{LOOKUP_PAGE}?rule={quote(rule_id, safe='')}"


def rules_of(game_name: str) -> Mapping[str, RuleEntry]:
    """The rule index of a registered game (empty if the game has none)."""
    try:
        game = get_game(game_name)
        return rule_index(game.data_dir, game.rule_prefix)
    except HordesKitError:
        return {}


def rule_kind(rule: RuleEntry) -> str:
    """Whose rule it is, in words: "Rule", "Our ruling" or "Your table's rule"."""
    return "Your table's rule" if rule.table else "Our ruling" if rule.ruling else "Rule"


def book_words_html(rule: RuleEntry) -> str:
    """The book's own words of a rule, each passage quoted with its section ("" if none)."""
    return "".join(
        f"<blockquote class='hk-rule-book'><span class='hk-rule-kind'>The book, "
        f"{html.escape(q.section)}:</span> “{html.escape(q.words)}”</blockquote>"
        for q in rule.quotes
    )


def rule_sides(rule: RuleEntry) -> str:
    """The book's words and the kit's: side by side where there is room (a phone stacks
    them), the book's first. A rule's short version is "In short"; a ruling's is the kit's
    reading with why; a table's reading says it is the table's."""
    book = book_words_html(rule)
    if not book:
        book = (
            "<div class='hk-rule-book hk-rule-silent'><span class='hk-rule-kind'>The book:"
            "</span> no words of its own on this.</div>"
        )
    if rule.table:
        head = "Your table's reading"
    elif rule.ruling:
        head = "Our ruling (the kit reads the book so)"
    else:
        head = "In short (the kit's words)"
    why = (
        f" <span class='hk-rule-why'><span class='hk-rule-kind'>Why:</span> "
        f"{html.escape(rule.why)}</span>"
        if rule.why
        else ""
    )
    kit = (
        f"<div class='hk-rule-kit'><span class='hk-rule-kind'>{head}:</span> "
        f"{html.escape(rule.text)}{why}</div>"
    )
    return f"<div class='hk-rule-sides'>{book}{kit}</div>"


def rule_chip(rule: RuleEntry | None, open_: bool = False) -> str:
    """A chip with the rule's short title; opening it shows the book's words beside the
    kit's (or our ruling and why, or the reading a table chose instead: see
    ``hordes_kit.ui.table_rules``).

    >>> rule_chip(RuleEntry("g.tax", "Tax Phase", "Pay the turn number in Crowns."))[:60]
    "<details class='hk-rule-chip'><summary><span class='hk-sr'>R"
    """
    if rule is None:
        return ""
    kind = rule_kind(rule)
    cls = (
        "hk-rule-chip" + (" hk-ruling" if rule.ruling else "") + (" hk-table" if rule.table else "")
    )
    return (
        f"<details class='{cls}'{' open' if open_ else ''}><summary>"
        f"<span class='hk-sr'>{kind}: </span>{html.escape(rule.title)}</summary>"
        f"<div class='hk-rule-text'><span class='hk-rule-kind hk-rule-head'>{kind}, "
        f"{html.escape(rule.title)}</span>{rule_sides(rule)}"
        f"<a class='hk-rule-more' href='{html.escape(lookup_url(rule.id), quote=True)}' "
        "target='_self'>more in the rule lookup</a></div></details>"
    )


def log_lines_html(
    events: Sequence[Event],
    rules: Mapping[str, RuleEntry],
    *,
    new: int = 1,
    limit: int = 40,
    height: int | None = 220,
    label: str = "Game log, newest first",
) -> str:
    """The log, newest first: the last ``new`` lines (moves since your last decision)
    are tinted and the newest is marked as the last move; each line has its rule chip."""
    shown = list(events[-limit:]) if limit else list(events)
    lines = []
    for age, e in enumerate(reversed(shown)):
        cls = "hk-log-line" + (" hk-last" if age == 0 else "") + (" hk-new" if age < new else "")
        # data-rule: for tests and tools, never shown
        lines.append(
            f"<li class='{cls}' data-rule='{html.escape(e.rule, quote=True)}'>"
            f"<span class='hk-log-text'>{html.escape(e.text)}</span> "
            f"{rule_chip(rules.get(e.rule))}</li>"
        )
    if not lines:
        lines.append("<li class='hk-log-line hk-empty'>Nothing has happened yet.</li>")
    style = f" style='max-height:{int(height)}px'" if height else ""
    # a scrolling list must be reachable by keyboard (tabindex) to be scrolled without a mouse
    return (
        f"<ol class='hk-log' tabindex='0' aria-label='{html.escape(label, quote=True)}'{style}>"
        + "".join(lines)
        + "</ol>"
    )
