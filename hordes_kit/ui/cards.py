"""The card reference page: every card of a game's shipped data, searched and filtered as
you type, each drawn with the board's own card face beside its numbers, the book's
notation, its count in the box, whether a value is a sample, and the rules and
walkthrough steps that name it.

``cards.ipynb?game=<name>`` opens a game, ``?q=<words>`` fills the search box and
``?card=<key>`` shows that card first. The data and the search are ``core.cardref``'s;
each game draws its faces with its board's pieces (``Game.card_faces``).
"""

from __future__ import annotations

import html
import importlib
from urllib.parse import quote

import ipywidgets as w

from hordes_kit.core.cardref import (
    VALUES,
    CardRef,
    card_ref,
    card_refs,
    facets,
    games_with_cards,
    group_label,
    rules_about,
    search_cards,
    steps_about,
)
from hordes_kit.core.query import one_of, words
from hordes_kit.core.registry import get_game
from hordes_kit.ui.book_tables import charts_html
from hordes_kit.ui.controls import page, row
from hordes_kit.ui.log import CARDS_PAGE, LOOKUP_PAGE, rule_chip, rules_of
from hordes_kit.ui.offered import OfferedChoice
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.rules import step_url
from hordes_kit.ui.theme import theme_class

__all__ = ["CardReference", "card_reference", "card_html", "card_url", "CARDS_PAGE", "SHOWN"]

SHOWN = 24  # cards drawn at once; "Show all" draws the rest
STEPS_SHOWN = 4  # walkthrough steps listed under a card before "and N more"
ANY = ""


def card_url(ref: CardRef) -> str:
    """The card reference opened at this card."""
    return f"{CARDS_PAGE}?game={quote(ref.game, safe='')}&card={quote(ref.key, safe='')}"


def _face(ref: CardRef) -> str:
    module = get_game(ref.game).card_faces
    return importlib.import_module(module).face(ref).html() if module else ""


def _steps_html(ref: CardRef) -> str:
    steps = steps_about(ref)
    if not steps:
        return ""
    game = get_game(ref.game)
    items = []
    for s in steps[:STEPS_SHOWN]:
        url = html.escape(step_url(game, s), quote=True)
        words_ = f"{html.escape(s.title)}, step {s.step}"
        items.append(f"<li><a href='{url}' target='_self'>{words_}</a></li>" if url else words_)
    if len(steps) > STEPS_SHOWN:
        items.append(f"<li class='hk-muted'>and {len(steps) - STEPS_SHOWN} more</li>")
    return (
        "<div class='hk-lookup-steps'><span class='hk-lookup-label'>In the walkthroughs:"
        f"</span><ul>{''.join(items)}</ul></div>"
    )


def _keyword_link(game: str, kw: str) -> str:
    url = f"{LOOKUP_PAGE}?game={quote(game, safe='')}&q={quote(kw, safe='')}"
    return (
        f"<a class='hk-chip' href='{html.escape(url, quote=True)}' target='_self'>"
        f"{html.escape(kw)}</a>"
    )


def card_html(ref: CardRef, pinned: bool = False) -> str:
    """One card of the reference: its face as the board draws it, then what it is."""
    esc = html.escape
    rules = rules_of(ref.game)
    chips = "".join(rule_chip(rules.get(rid)) for rid in rules_about(ref))
    numbers = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in ref.numbers)
    what = " · ".join(
        x
        for x in (
            esc(ref.kind),
            esc(", ".join(ref.groups)),
            f"{ref.copies} in the kit's card file, none in the box"
            if ref.made_up
            else f"{ref.copies} in the box"
            if ref.copies is not None
            else "",
        )
        if x
    )
    mark = (
        "<span class='hk-badge hk-badge-sample' title='the rulebook does not print every "
        "value of this card: the kit made some up so the game can be played'>Sample values"
        "</span>"
        if ref.sample
        else "<span class='hk-badge' title='every value is as the rulebook prints it'>"
        "The book's values</span>"
    )
    notation = (
        f"<p class='hk-cardref-notation'><span class='hk-lookup-label'>As the book writes it:"
        f"</span> <code>{esc(ref.notation)}</code> — {esc(ref.notation_words)}</p>"
        if ref.notation
        else ""
    )
    kws = "".join(_keyword_link(ref.game, k) for k in ref.keywords)
    cls = "hk-cardref" + (" hk-pinned" if pinned else "")
    return (
        f"<li class='{cls}' id='card-{esc(ref.key, quote=True)}'"
        f" data-card='{esc(ref.key, quote=True)}' data-sample='{str(ref.sample).lower()}'>"
        f"<div class='hk-cardref-face'>{_face(ref)}</div><div class='hk-cardref-info'>"
        f"<div class='hk-lookup-head'><b class='hk-cardref-name'>{esc(ref.name)}</b> {mark}</div>"
        f"<p class='hk-cardref-what'>{what}</p>"
        + (f"<dl class='hk-cardref-numbers'>{numbers}</dl>" if numbers else "")
        + notation
        + (f"<p class='hk-cardref-text'>{esc(ref.text)}</p>" if ref.text else "")
        + (f"<p class='hk-cardref-keywords'>{kws}</p>" if kws else "")
        + f"<p class='hk-muted hk-cardref-source'>{esc(ref.note)}</p>"
        + (f"<div class='hk-cardref-rules'>{chips}</div>" if chips else "")
        + f"{_steps_html(ref)}</div></li>"
    )


def _choices(label: str, values: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(label, ANY)] + [(v, v) for v in values]


class CardReference(w.VBox):
    """A game, a search box (results as you type), filters, and the cards that match."""

    def __init__(self, game: str = "") -> None:
        self.games = games_with_cards()
        names = [g.name for g in self.games]
        self.note = w.HTML()
        self.game = OfferedChoice(
            say=self._say,
            options=[(g.title, g.name) for g in self.games],
            value=game if game in names else names[0],
            description="Game",
            layout=w.Layout(width="100%", max_width="420px"),
        )
        self.game.add_class("hk-cardref-game")
        self.box = w.Text(
            placeholder="a name, a number, a word of its text…",
            description="Search the cards",
            continuous_update=True,
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="560px"),
        )
        self.box.add_class("hk-search")
        self.box.add_class("hk-cardref-search")
        # drop-downs a page may move only among the choices shown (ui/offered.py)
        self.kind, self.group, self.keyword, self.values = (
            OfferedChoice(say=self._say) for _ in range(4)
        )
        for d, cls in (
            (self.kind, "kind"),
            (self.group, "group"),
            (self.keyword, "keyword"),
            (self.values, "values"),
        ):
            d.add_class(f"hk-cardref-{cls}")
            d.layout = w.Layout(width="auto", max_width="100%")
            d.style = {"description_width": "initial"}  # "Horde or faction" in full
        self.values.options = [(v, k) for k, v in VALUES.items()]
        self.values.value = ANY
        self.values.description = "Values"
        self.kind.description = "Kind"
        self.keyword.description = "Keyword"
        self.charts = w.HTML()
        self.count = w.HTML()
        self.count.add_class("hk-lookup-count")
        self.results = w.HTML()
        self.results.add_class("hk-cardref-results")
        self.more = w.Button(description="Show all")
        self.more.add_class("hk-lookup-more")
        self.more.on_click(lambda _b: self.show_all())
        self.pinned = ""
        self.limit: int | None = SHOWN
        self.shown: list[str] = []  # card keys on screen, in order (tests read it)
        self._theme = ""
        self._quiet = False
        self._starting = True  # drawn once, when the address has been read
        filters = row(self.kind, self.group, self.keyword, self.values)
        super().__init__(
            [self.note, self.game, self.box, filters, self.count, self.results, self.more,
             self.charts]
        )  # fmt: skip
        self.add_class("hk-lookup")
        self.add_class("hk-cardref-page")
        self._game_changed()
        for d in (self.box, self.kind, self.group, self.keyword, self.values):
            d.observe(lambda _c: self.refresh(), "value")
        self.game.observe(lambda _c: self._game_changed(), "value")
        self.open_from_url()
        self._starting = False
        self.refresh()

    # --- what the controls do ----------------------------------------------------------

    def _say(self, text: str) -> None:
        self.note.value = f"<div class='hk-note' role='status'>{html.escape(text)}</div>"

    def find(self, text: str) -> None:
        """What typing ``text`` in the search box does."""
        self.box.value = text

    def pick(self, game: str) -> None:
        """What choosing a game does."""
        self.game.value = game

    def open_card(self, key: str) -> None:
        """Show this card of the current game first (``?card=<key>``)."""
        if card_ref(self.game.value, key) is None:
            raise KeyError(key)
        self.pinned = key
        self.refresh()

    def show_all(self) -> None:
        """Draw every card that matches, not only the first ``SHOWN``."""
        self.limit = None
        self.refresh()

    def open_from_url(self) -> str:
        """Open what the address asks (``?game=``, ``?q=``, ``?card=``); the problem in words."""
        return at_address(self._open_from_url)

    def _open_from_url(self) -> str:
        wanted, problem = page_query(
            {"game": one_of({g.name for g in self.games}), "q": words, "card": words}
        )
        if "game" in wanted:
            self.game.value = str(wanted["game"])
        if "q" in wanted:
            self.box.value = str(wanted["q"])
        if "card" in wanted:
            try:
                self.open_card(str(wanted["card"]))
            except KeyError:
                problem = f"no card {str(wanted['card'])[:40]!r} in {self._title()}"
        if problem:
            self.note.value = (
                f"<div class='hk-note' role='status'>{html.escape(problem)}: showing every "
                "card instead.</div>"
            )
        return problem

    # --- drawing -------------------------------------------------------------------------

    def _title(self) -> str:
        return next(g.title for g in self.games if g.name == self.game.value)

    def _game_changed(self) -> None:
        """New filters for the game's cards, its colours and its charts."""
        name = self.game.value
        found = facets(name)
        self._quiet = True
        try:
            self.kind.options = _choices("Every kind", found["kind"])
            label = group_label(name)
            self.group.description = label or "Group"
            self.group.options = _choices(f"Every {label.lower() or 'group'}", found["group"])
            self.group.layout.display = None if found["group"] else "none"
            self.keyword.options = _choices("Every keyword", found["keyword"])
            self.keyword.layout.display = None if found["keyword"] else "none"
            for d in (self.kind, self.group, self.keyword):
                d.value = ANY
        finally:
            self._quiet = False
        if self._theme:
            self.remove_class(self._theme)
        self._theme = theme_class(name)
        self.add_class(self._theme)
        self.pinned, self.limit = "", SHOWN
        book = charts_html(name)
        self.charts.value = f"<h3>The book's tables</h3>{book}" if book else ""
        self.refresh()

    def _filtered(self) -> bool:
        return bool(
            self.box.value.strip()
            or self.kind.value
            or self.group.value
            or self.keyword.value
            or self.values.value
        )

    def refresh(self) -> None:
        """Draw the cards that match the search and the filters."""
        if self._quiet or self._starting:
            return
        game = self.game.value
        found = search_cards(
            self.box.value,
            game,
            kind=self.kind.value or "",
            group=self.group.value or "",
            keyword=self.keyword.value or "",
            values=self.values.value or "",
        )
        if self.pinned:  # first, unless the search or a filter leaves it out
            pin = [r for r in found if r.key == self.pinned]
            if not pin and not self._filtered():
                pin = [card_ref(game, self.pinned)]
            found = pin + [r for r in found if r.key != self.pinned]
        limit = len(found) if self.limit is None else self.limit
        shown = found[:limit]
        self.shown = [r.key for r in shown]
        cards = "".join(card_html(r, pinned=r.key == self.pinned) for r in shown)
        self.results.value = f"<ol class='hk-cardref-list'>{cards}</ol>" if cards else ""
        total = len(card_refs(game))
        where = html.escape(self._title())
        if not found:
            self.count.value = (
                f"<p role='status'>No card of {where} matches"
                + (f" “{html.escape(self.box.value.strip())}”" if self.box.value.strip() else "")
                + ". Try fewer words or every kind.</p>"
            )
        else:
            rest = f" (the first {len(shown)} shown)" if len(shown) < len(found) else ""
            self.count.value = (
                f"<p role='status'>{len(found)} of {total} cards of {where}{rest}.</p>"
            )
        self.more.layout.display = None if len(shown) < len(found) else "none"
        self.more.description = f"Show all {len(found)}"


def card_reference(game: str = "") -> w.VBox:
    """The card reference page (for the notebook's one code cell)."""
    return page(CardReference(game))
