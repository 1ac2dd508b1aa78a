"""The rule lookup page: every rule and ruling of every game, searchable as you type.

Each rule shows its title, the book's own words beside the kit's short version (and, for
a ruling, the kit's reading and why), whether it is the rulebook's or our reading (with
the table option that changes it, where there is one) and the walkthrough steps that
show it, as links. ``rules.ipynb?rule=<id>`` shows that rule first (every rule chip
links there), ``?game=<name>`` picks a game and ``?q=<words>`` fills the search box.
"""

from __future__ import annotations

import html
from urllib.parse import quote

import ipywidgets as w

from hordes_kit.core.cardref import CardRef, search_cards, search_charts
from hordes_kit.core.glossary import Term
from hordes_kit.core.lookup import (
    Entry,
    StepRef,
    entries,
    entry,
    games_with_rules,
    search,
    search_terms,
    walkthrough_page,
)
from hordes_kit.core.options import value_text
from hordes_kit.core.query import one_of, words
from hordes_kit.core.registry import Game, get_game
from hordes_kit.core.table_rules import Reading, TableRule, table_rules
from hordes_kit.ui.book_tables import chart_html
from hordes_kit.ui.controls import page
from hordes_kit.ui.log import CARDS_PAGE, lookup_url, rule_sides
from hordes_kit.ui.query import at_address, page_query

__all__ = ["RuleLookup", "rule_lookup", "entry_html", "step_url", "SHOWN"]

SHOWN = 40  # rules drawn at once; "Show all" draws the rest
CARDS_SHOWN = 8  # cards listed before "and N more in the card reference"
STEPS_SHOWN = 6  # walkthrough steps listed under a rule before "and N more"


def step_url(game: Game, step: StepRef) -> str:
    """The walkthrough page opened at this step ("" if the game has no walkthrough page)."""
    nb = walkthrough_page(game)
    return f"{nb}?scenario={quote(step.scenario, safe='')}&step={step.step}" if nb else ""


def _steps_html(e: Entry) -> str:
    if not e.steps:
        return ""
    links = []
    for s in e.steps[:STEPS_SHOWN]:
        words_ = f"{html.escape(s.title)}, step {s.step}"
        url = step_url(e.game, s)
        tip = html.escape(s.say[:160], quote=True)
        links.append(
            f"<li><a href='{html.escape(url, quote=True)}' target='_self' title='{tip}'>"
            f"{words_}</a></li>"
            if url
            else f"<li>{words_}</li>"
        )
    more = len(e.steps) - STEPS_SHOWN
    if more > 0:
        links.append(f"<li class='hk-muted'>and {more} more</li>")
    return (
        "<div class='hk-lookup-steps'><span class='hk-lookup-label'>Shown in the "
        f"walkthroughs:</span><ul>{''.join(links)}</ul></div>"
    )


def _reading_html(r: Reading) -> str:
    default = " <span class='hk-muted'>(the kit's default)</span>" if r.default else ""
    value = html.escape(value_text(r.value), quote=True)
    return (
        f"<li class='hk-lookup-reading' data-value='{value}' data-default='{r.default}'>"
        f"<b>{html.escape(r.label)}</b>{default}: {html.escape(r.text)}</li>"
    )


def _readings_html(t: TableRule) -> str:
    """Every reading of a table rule: its button words, its rule, the kit's default marked."""
    return f"<ul class='hk-lookup-readings'>{''.join(map(_reading_html, t.readings))}</ul>"


def _sentence(text: str) -> str:
    """``text`` ending as a sentence: a full stop unless it already ends in . ? or !

    >>> _sentence("Dizzy heroes?"), _sentence("Dizzy heroes")
    ('Dizzy heroes?', 'Dizzy heroes.')
    """
    text = text.rstrip()
    return text if text.endswith((".", "?", "!")) else text + "."


def _option_html(e: Entry) -> str:
    r = e.rule
    if not r.option:
        return ""
    table = next((t for t in table_rules(e.game.name) if t.field == r.option), None)
    if table is not None:
        return (
            "<div class='hk-lookup-option'><span class='hk-lookup-label'>Table rule:</span> "
            f"{html.escape(_sentence(table.label))} A table may choose its reading on every board, "
            f"walkthrough and calculator (the Table rules panel):{_readings_html(table)}</div>"
        )
    other = f" The other choice: {html.escape(r.other)}" if r.other else ""
    return (
        "<p class='hk-lookup-option'><span class='hk-lookup-label'>Table option:</span> "
        f"{html.escape(_sentence(r.option_title or r.option))}{other}</p>"
    )


def entry_html(e: Entry, pinned: bool = False) -> str:
    """One rule of the lookup as HTML (its id only in ``data-rule``, never on screen)."""
    r = e.rule
    cls = "hk-lookup-rule" + (" hk-pinned" if pinned else "")
    why = {
        "rulebook": "the rulebook says so",
        "ruling": "our reading where the rulebook is unclear (a ruling the kit follows)",
        "table": "a reading a table may choose instead of the kit's (Table rules panel)",
    }[r.source]
    return (
        f"<li class='{cls}' id='rule-{html.escape(r.id, quote=True)}' "
        f"data-rule='{html.escape(r.id, quote=True)}' data-source='{r.source}'>"
        f"<div class='hk-lookup-head'><span class='hk-badge hk-badge-{r.source}' "
        f"title='{why}'>{r.badge}</span> <b class='hk-lookup-title'>{html.escape(r.title)}</b> "
        f"<span class='hk-lookup-game'>{html.escape(e.game.title)}</span></div>"
        f"<div class='hk-lookup-text'>{rule_sides(r)}</div>"
        f"{_option_html(e)}{_steps_html(e)}</li>"
    )


def _term_html(game: Game, t: Term) -> str:
    also = f" <span class='hk-muted'>(also: {html.escape(', '.join(t.aliases))})</span>"
    return (
        f"<li class='hk-lookup-term'><b>{html.escape(t.term)}</b>"
        f"{also if t.aliases else ''} <span class='hk-lookup-game'>·&nbsp;"
        f"{html.escape(game.title)}</span> — {html.escape(t.text)} "
        f"<a href='{html.escape(lookup_url(t.rule), quote=True)}' target='_self'>the rule</a></li>"
    )


def _card_html(ref: CardRef) -> str:
    nums = ", ".join(f"{k} {v}" for k, v in ref.numbers[:3])
    url = f"{CARDS_PAGE}?game={quote(ref.game, safe='')}&card={quote(ref.key, safe='')}"
    what = " · ".join(x for x in (ref.kind, nums, "sample values" if ref.sample else "") if x)
    return (
        f"<li class='hk-lookup-card' data-card='{html.escape(ref.key, quote=True)}'>"
        f"<a href='{html.escape(url, quote=True)}' target='_self'><b>{html.escape(ref.name)}"
        f"</b></a> <span class='hk-lookup-game'>·&nbsp;{html.escape(get_game(ref.game).title)}"
        f"</span> — {html.escape(what)}</li>"
    )


def cards_html(query: str, game: str | None) -> tuple[str, int]:
    """The cards a search finds, as a fold of links into the card reference, and how many."""
    if not query.strip():
        return "", 0
    found = search_cards(query, game)
    if not found:
        return "", 0
    items = "".join(_card_html(r) for r in found[:CARDS_SHOWN])
    more = len(found) - CARDS_SHOWN
    if more > 0:
        where = (
            f"?game={quote(game, safe='')}&q={quote(query.strip(), safe='')}"
            if game
            else (f"?q={quote(query.strip(), safe='')}")
        )
        items += (
            f"<li><a href='{html.escape(CARDS_PAGE + where, quote=True)}' target='_self'>"
            f"and {more} more in the card reference</a></li>"
        )
    return (
        f"<details class='hk-lookup-words hk-lookup-cards' open><summary>Cards ({len(found)})"
        f"</summary><ul>{items}</ul></details>",
        len(found),
    )


def book_tables_html(query: str, game: str | None) -> tuple[str, int]:
    """The book's tables (a turn chart, a card list's notation) a search or a game asks for
    (a game's every table folded, a search's matches open, a row whose first cell is a
    number typed marked), and how many."""
    if not query.strip() and not game:
        return "", 0
    found = search_charts(query, game)
    numbers = [w for w in query.split() if w.isdigit()]
    out = []
    for g, c in found:
        mark = next((i for i, r in enumerate(c.rows) for n in numbers if r and r[0] == n), None)
        out.append(chart_html(g, c, open_=bool(query.strip()), mark=mark))
    return "".join(out), len(found)


class RuleLookup(w.VBox):
    """One search box (results as you type), a game filter, the rules that match."""

    def __init__(self) -> None:
        self.games = games_with_rules()
        self.box = w.Text(
            placeholder="words: vanguard, tax, Initiative…",
            description="Search the rules",
            continuous_update=True,
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="560px"),
        )
        self.box.add_class("hk-search")
        self.box.add_class("hk-lookup-search")
        self.game = w.Dropdown(
            options=[("Every game", "")] + [(g.title, g.name) for g in self.games],
            value="",
            description="Game",
            layout=w.Layout(width="100%", max_width="420px"),
        )
        self.game.add_class("hk-lookup-game-filter")
        self.count = w.HTML()
        self.count.add_class("hk-lookup-count")
        self.results = w.HTML()
        self.results.add_class("hk-lookup-results")
        self.more = w.Button(description="Show all")
        self.more.add_class("hk-lookup-more")
        self.more.on_click(lambda _b: self.show_all())
        self.note = w.HTML()
        self.pinned = ""  # a rule the address asked for: shown first
        self.limit: int | None = SHOWN
        self.shown: list[str] = []  # rule ids on screen, in order (tests read it)
        super().__init__([self.note, self.box, self.game, self.count, self.results, self.more])
        self.add_class("hk-lookup")
        self.open_from_url()
        self.box.observe(lambda _c: self.refresh(), "value")
        self.game.observe(lambda _c: self.refresh(), "value")
        self.refresh()

    # --- what the controls do --------------------------------------------------------

    def find(self, text: str) -> None:
        """What typing ``text`` in the search box does."""
        self.box.value = text

    def open_rule(self, rule_id: str) -> None:
        """Show this rule first (``?rule=<id>``), with its game picked."""
        e = entry(rule_id)
        if e is None:
            raise KeyError(rule_id)
        self.pinned = rule_id
        self.box.value = ""
        self.game.value = e.game.name

    def show_all(self) -> None:
        """Draw every rule that matches, not only the first ``SHOWN``."""
        self.limit = None
        self.refresh()

    def open_from_url(self) -> str:
        """Open what the address asks (``?rule=``, ``?game=``, ``?q=``); the problem in words."""
        return at_address(self._open_from_url)

    def _open_from_url(self) -> str:
        ids = {e.id for e in entries()}  # and the readings a table may choose (rule chips)
        ids |= {r.rule.id for g in self.games for t in table_rules(g.name) for r in t.readings}
        wanted, problem = page_query(
            {"rule": one_of(ids), "game": one_of({g.name for g in self.games}), "q": words}
        )
        if "game" in wanted:
            self.game.value = str(wanted["game"])
        if "rule" in wanted:
            self.open_rule(str(wanted["rule"]))
        if "q" in wanted:
            self.box.value = str(wanted["q"])
        if problem:
            self.note.value = (
                f"<div class='hk-note' role='status'>{html.escape(problem)}: showing every "
                "rule instead.</div>"
            )
        return problem

    # --- drawing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw the rules (and words) that match the search and the game."""
        query, game = self.box.value, self.game.value or None
        found = search(query, game)
        if self.pinned:
            pin = [e for e in found if e.id == self.pinned]
            if not pin and not query.strip():  # a table's reading: listed under its rule
                pin = [entry(self.pinned)]
            found = pin + [e for e in found if e.id != self.pinned]
        limit = len(found) if self.limit is None else self.limit
        shown = found[:limit]
        self.shown = [e.id for e in shown]
        terms = search_terms(query, game) if (query.strip() or game) else []
        parts = []
        if terms:
            items = "".join(_term_html(g, t) for g, t in terms)
            # open, unless it would push the rule the address asked for out of sight
            shut = self.pinned and not query.strip()
            parts.append(
                f"<details class='hk-lookup-words'{'' if shut else ' open'}>"
                f"<summary>Words of the table ({len(terms)})</summary><ul>{items}</ul></details>"
            )
        cards, n_cards = cards_html(query, game)
        parts.append(cards)
        tables, n_tables = book_tables_html(query, game)
        parts.append(tables)
        rules = "".join(entry_html(e, pinned=e.id == self.pinned) for e in shown)
        if rules:
            parts.append(f"<ol class='hk-lookup-list'>{rules}</ol>")
        self.results.value = "".join(parts)
        where = "every game" if game is None else self._title(game)
        if not found:
            elsewhere = [
                f"{n} {what}{'s' if n != 1 else ''}"
                for n, what in ((n_cards, "card"), (n_tables if query.strip() else 0, "table"))
                if n
            ]
            also = (
                f" Found above: {' and '.join(elsewhere)} of the book."
                if elsewhere
                else " Try fewer words."
            )
            self.count.value = (
                f"<p role='status'>No rule of {html.escape(where)} holds every word of "
                f"“{html.escape(query.strip())}”.{also}</p>"
            )
        else:
            rest = f" (the first {len(shown)} shown)" if len(shown) < len(found) else ""
            self.count.value = (
                f"<p role='status'>{len(found)} rule{'s' if len(found) != 1 else ''} of "
                f"{html.escape(where)}{rest}.</p>"
            )
        self.more.layout.display = None if len(shown) < len(found) else "none"
        self.more.description = f"Show all {len(found)}"

    def _title(self, name: str) -> str:
        return next(g.title for g in self.games if g.name == name)


def rule_lookup() -> w.VBox:
    """The rule lookup page (for the notebook's one code cell)."""
    return page(RuleLookup())
