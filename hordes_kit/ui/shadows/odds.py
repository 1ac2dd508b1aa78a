"""The Shadows odds page: the next Monster-Action card, Predict (what an opponent's Hand can
hold), this round against the Monster for a planned Hand, and who wins with which Hero
(Monte Carlo with 95% intervals). Every number comes from ``shadows.odds``,
``shadows.hands`` and ``shadows.simulate``; each table says what it measures."""

from __future__ import annotations

import html
import re
from itertools import combinations

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.query import one_of
from hordes_kit.core.svgchart import BarChart, Series
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.bots import plan_weight
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.hands import MODELS, NUMBERS, Call, hand_posterior, number_chances
from hordes_kit.shadows.odds import deck_next, icon_chances, monster_round
from hordes_kit.shadows.words import (
    ICON_SHORT,
    action_card_words,
    card_kind_short,
    chart_words,
    deck_words,
    icon_short,
    icon_words,
)
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.common import error_html, percent, table_html
from hordes_kit.ui.controls import SearchablePicker, page, section
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.shadows.advice import bar_chart, round_html
from hordes_kit.ui.shadows.odds_links import (
    open_predict,
    open_round,
    open_wins,
    predict_params,
    round_params,
)
from hordes_kit.ui.shadows.odds_links import position_for as _position
from hordes_kit.ui.shadows.seating import ShadowsStyle
from hordes_kit.ui.shadows.wins import WinsTool
from hordes_kit.ui.sheet import sheet_link
from hordes_kit.ui.table import RankedTable
from hordes_kit.ui.table_rules import TableRulesPanel

__all__ = ["RevealTool", "PredictTool", "RoundTool", "odds_page"]

CARDS = load_cards("")
HEROES = [(h.name, h.id) for h in CARDS.heroes]
MONSTERS = [(f"{m.name} (level {'I' * m.level})", m.id) for m in CARDS.monsters]
ACCENT = "#4a2d73"
WIDE = {"description_width": "initial"}
TOTAL = sum(n for _, n in CARDS.actions)


def _offer(picker: SearchablePicker, ids) -> None:
    """Let a picker offer these cards (the ones chosen that are still offered stay)."""
    picker.options = tuple((CARDS.by_id[c].name, c) for c in ids)
    picker.box.options = [lab for lab, _ in picker.options]
    picker.set([c for c in picker.value if c in ids])


def _seen_counts(name: str, value: str) -> dict[str, int]:
    """The ``seen`` parameter: ``MxAttack:2,MxSpell:1``, each kind once, at most its count."""
    limits, out = dict(CARDS.actions), {}
    for part in value.split(",") if value else ():
        kind, _, n = part.partition(":")
        if kind not in limits or kind in out or not re.fullmatch(r"[0-9]{1,2}", n):
            raise InvalidInputError(
                f"{name}= in the address: {part[:40]!r} is not a card kind and a count"
            )
        if int(n) > limits[kind]:
            raise InvalidInputError(
                f"{name}= in the address: the deck has only {limits[kind]} {kind} cards"
            )
        out[kind] = int(n)
    return out


_seen_counts.max_value = 400  # type: ignore[attr-defined]


class RevealTool(w.VBox):
    """The next Monster-Action card: each card and icon, exactly, after the cards seen."""

    def __init__(self) -> None:
        self.monster = w.Dropdown(options=MONSTERS, description="Monster", style=WIDE)
        self.seen = {
            kind: w.BoundedIntText(
                value=0,
                min=0,
                max=n,
                description=card_kind_short(kind),
                style=WIDE,
                layout=w.Layout(width="auto", margin="2px 14px 2px 0"),
            )
            for kind, n in CARDS.actions
        }
        self.out = w.HTML()
        self.chart = SvgChart()
        legend = "".join(f"<li>{html.escape(icon_words(i))}</li>" for i in ICON_SHORT)
        intro = w.HTML(
            f"<p>The Monster-Action deck: {html.escape(deck_words(CARDS.actions))} (the kit's "
            "sample counts: the rulebook does not list them). Count the cards you have seen "
            "this round and in the discard pile (and, as the Leader, the ones you dealt): the "
            "rest are equally likely.</p><details class='sh-icons'><summary>What each icon "
            "means (the book's names: MxAttack, MxResponse…)</summary><p>Each "
            "Monster-Action card shows one or two icons; the Monster's Icon Chart says what "
            "each does (the table below shows it for the Monster chosen).</p>"
            f"<ul>{legend}</ul></details>"
        )
        seen_label = w.HTML("<p class='hk-note'>Cards seen so far, of each kind:</p>")
        grid = w.Box(list(self.seen.values()), layout=w.Layout(flex_flow="row wrap"))
        self.message = w.HTML()
        super().__init__(
            [intro, self.monster, seen_label, grid, self.message, self.out, self.chart]
        )
        for x in (self.monster, *self.seen.values()):
            x.observe(lambda _c: self.update(), "value")
        self.update()
        at_address(self._open_url)  # now, or when a preheated page is opened
        self.links = LinkBox(self.link_params)

    def link_params(self) -> dict[str, object]:
        """The Monster and the cards seen as a link's parameters."""
        seen = ",".join(f"{k}:{box.value}" for k, box in self.seen.items() if box.value)
        return {"monster": self.monster.value, "seen": seen}

    def _open_url(self) -> str:
        """Show the Monster and the cards seen the page's address names; what was wrong
        with it ("")."""
        checks = {"monster": one_of({m for _, m in MONSTERS}), "seen": _seen_counts}
        wanted, problem = page_query(checks)
        if problem:
            self.message.value = error_html(f"{problem}; the page opened as usual.")
            return problem
        if "monster" in wanted:
            self.monster.value = wanted["monster"]
        for kind, n in wanted.get("seen", {}).items():
            self.seen[kind].value = n
        return ""

    def update(self) -> None:
        """Recompute for the Monster and the cards seen."""
        seen = [k for k, box in self.seen.items() for _ in range(box.value)]
        try:
            dist = deck_next(CARDS.actions, seen)
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        mon = CARDS.by_id[self.monster.value]
        cards = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
        icons = sorted(icon_chances(dist).items(), key=lambda kv: -kv[1])
        self.out.value = table_html(
            ["Card", "Chance", "Exact"],
            [
                (action_card_words(k), percent(p), f"{p.numerator}/{p.denominator}")
                for k, p in cards
            ],
            caption=f"The next Monster-Action card, from the {TOTAL - len(seen)} "
            "cards not seen (exact)",
        ) + table_html(
            ["Icon", f"What it does on {mon.name}", "Chance it shows"],
            [(icon_words(i), chart_words(mon.action(i)), percent(p)) for i, p in icons],
            caption="The chance each icon shows on the next card (a two-icon card counts for both)",
        )
        self.chart.show(
            bar_chart(
                [icon_short(i) for i, _ in icons],
                [float(p) for _, p in icons],
                "Icons on the next card",
                [percent(p) for _, p in icons],
            )
        )


class PredictTool(w.VBox):
    """Predict: the Initiative numbers an opponent's Hand can hold, each with its chance."""

    def __init__(self) -> None:
        self.hero = w.Dropdown(
            options=HEROES, value="akintunde", description="Their Hero", style=WIDE
        )
        neutral = [(s.name, s.id) for s in CARDS.neutral() if s.initiative and s.initiative != (0,)]
        self.studied = SearchablePicker(neutral, label="Cards they studied", what="card")
        self.level = w.Dropdown(
            options=[("I (3 cards)", 1), ("II (4 cards)", 2), ("III (5 cards)", 3)],
            description="Monster level",
            style=WIDE,
        )
        self.played = SearchablePicker([], label="Played this round", what="card", empty="none yet")
        self.answers = {
            n: w.Dropdown(
                options=[("not asked", ""), ("yes", "yes"), ("no", "no")],
                description=f"Has a {n}?",
                layout=w.Layout(width="180px"),
                style=WIDE,
            )
            for n in NUMBERS
        }
        self.model = w.Dropdown(
            options=[
                ("every Hand equally likely", "uniform"),
                ("chosen like the kit's bot", "bot"),
            ],
            description="Model",
            style=WIDE,
        )
        self.out = w.HTML()
        self.chart = SvgChart()
        self.message = w.HTML()
        self.links = LinkBox(lambda: predict_params(self))
        answers = w.Box(list(self.answers.values()), layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            [
                self.hero,
                self.studied,
                self.level,
                self.played,
                w.HTML(
                    "<p>Their answers to earlier Predicts this round (given before the cards "
                    "above were played):</p>"
                ),
                answers,
                self.model,
                self.message,
                self.out,
                self.chart,
                self.links,
            ]
        )
        for x in (self.hero, self.level, self.model, *self.answers.values()):
            x.observe(lambda _c: self.update(), "value")
        self.hero.observe(lambda _c: self._deck_changed(), "value")
        self.studied.on_change(lambda _ids: self._deck_changed())
        self.played.on_change(lambda _ids: self.update())
        self._deck_changed()
        open_predict(self)  # now, or when a preheated page is opened

    def deck(self) -> tuple[object, list[str]]:
        """A table with their Hero and studied cards; their Current Deck."""
        s = _position(self.hero.value, "cave-stalker", deck=list(self.studied.value))
        return s, list(s.seats[0].deck)

    def _deck_changed(self) -> None:
        _, deck = self.deck()
        _offer(self.played, sorted(set(deck)))

    def update(self) -> None:
        """Recompute the chances from the inputs."""
        s, deck = self.deck()
        cards = sorted(set(deck))
        pool = [tuple(CARDS.by_id[c].initiative) for c in cards]
        size = min(R.hand_size(self.level.value), len(cards))
        played = [cards.index(c) for c in self.played.value]
        calls = [Call(n, box.value == "yes", 0) for n, box in self.answers.items() if box.value]
        weights = [plan_weight(s, 0, c) for c in cards] if self.model.value == "bot" else None
        try:
            post = hand_posterior(pool, size, played, calls, weights)
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        chances = number_chances(pool, post)
        rows = [(str(n), chances[n]) for n in NUMBERS if not self.answers[n].value]
        table = RankedTable(
            f"Chance their Hand of {size} still holds a card of each Initiative number (exact)",
            ("Number", "Chance"),
            rows,
            formats=(str, percent),
            numeric=(1,),
            note=f"Model: {MODELS[self.model.value]}. Numbers they already answered are left out.",
        )
        self.out.value = table.html(headline=table.headline("Best guess"))
        self.chart.show(
            bar_chart(
                [f"guess {n}" for n, _ in rows],
                [float(p) for _, p in rows],
                "Chance each guess hits",
                [percent(p) for _, p in rows],
            )
        )


class RoundTool(w.VBox):
    """This round against the Monster: a planned Hand's chance to defeat it and the
    expected Gold, Experience and Shadow Stones; every Hand of that size ranked."""

    def __init__(self) -> None:
        self.hero = w.Dropdown(options=HEROES, value="eras", description="Your Hero", style=WIDE)
        self.monster = w.Dropdown(options=MONSTERS, description="Monster", style=WIDE)
        items = [(i.name, i.id) for i in CARDS.items]
        self.items = SearchablePicker(items, label="Your Items", what="Item")
        self.hand = SearchablePicker([], label="Your planned Hand", what="card")
        self.damage = w.BoundedIntText(
            value=0, min=0, max=20, description="Damage on you", style=WIDE
        )
        self.dodge = w.Checkbox(value=False, description="Your Dodge is ready")
        self.rank_button = w.Button(description="Rank every Hand", button_style="primary")
        self.rank_button.add_class("sh-rank")
        self.out = w.HTML()
        self.ranked = w.HTML()
        self.chart = SvgChart()
        self.message = w.HTML()
        self.links = LinkBox(lambda: round_params(self))
        super().__init__(
            [
                self.hero,
                self.monster,
                self.items,
                self.hand,
                w.HBox([self.damage, self.dodge]),
                self.message,
                self.out,
                self.rank_button,
                self.ranked,
                self.chart,
                self.links,
            ]
        )
        for x in (self.monster, self.damage, self.dodge):
            x.observe(lambda _c: self.update(), "value")
        self.hero.observe(lambda _c: self._hero_changed(), "value")
        self.items.on_change(lambda _ids: self.update())
        self.hand.on_change(lambda _ids: self.update())
        self.rank_button.on_click(lambda _b: self.rank())
        self._hero_changed()
        open_round(self)  # now, or when a preheated page is opened

    def table(self):
        """The position: your Hero, Items and damage against the Monster, round 1."""
        return _position(
            self.hero.value,
            self.monster.value,
            items=list(self.items.value),
            damage=self.damage.value,
            dodge=self.dodge.value,
        )

    def _hero_changed(self) -> None:
        s = _position(self.hero.value, "cave-stalker")
        deck = sorted(set(s.seats[0].deck))
        _offer(self.hand, deck)
        pick = [
            c
            for c in deck
            if CARDS.by_id[c].front.effects and CARDS.by_id[c].front.effects[0].verb == "attack"
        ][:2]
        self.hand.set(pick)
        self.ranked.value = ""
        self.update()

    def update(self) -> None:
        """The planned Hand's odds."""
        try:
            s = self.table()
            odds = monster_round(s, 0, list(self.hand.value))
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        self.out.value = round_html(odds, [CARDS.by_id[c].name for c in self.hand.value])

    def rank(self) -> None:
        """Every Hand of the Plan's size from your Current Deck, by the chance to defeat."""
        try:
            s = self.table()
        except HordesKitError as e:
            self.ranked.value = error_html(str(e))
            return
        deck = sorted(set(s.seats[0].deck))
        size = min(s.hand_size(), len(deck))
        seen: dict = {}
        rows = []
        for hand in combinations(deck, size):
            odds = monster_round(s, 0, list(hand))
            names = ", ".join(CARDS.by_id[c].name for c in hand)
            rows.append((names, odds.defeat, odds.xp, odds.gold, odds.damage))
            seen[hand] = odds
        table = RankedTable(
            f"Every Hand of {size} from your Current Deck against "
            f"{CARDS.by_id[self.monster.value].name} this round (exact)",
            (
                "Hand",
                "Chance to defeat",
                "Expected Experience",
                "Expected Gold",
                "Expected damage taken",
            ),
            rows,
            formats=(str, percent, _n, _n, _n),
            numeric=(1, 2, 3, 4),
            key=lambda r: (-r[1], -r[2], -r[3]),
            note="Ties: more Experience, then more Gold.",
        )
        self.ranked.value = table.html(limit=10, headline=table.headline("Best Hand"))
        top = table.ranked[:6]  # best at the top of a sideways chart
        self.chart.show(
            BarChart(
                "Best Hands: chance to defeat",
                tuple(r[0] for r in top),
                (Series("chance to defeat", tuple(float(r[1]) for r in top), ACCENT),),
                y_label="chance to defeat",
                horizontal=True,
            )
        )


def _n(x) -> str:
    return f"{float(x):.2f}"


def odds_page() -> w.VBox:
    """The odds page: four tools, each in its own section; the Table rules panel above
    them (the whole games follow it; the other tools start from a described position,
    after the Libraries are drawn)."""
    panel, wins = TableRulesPanel("shadows"), WinsTool()
    panel.on_change(lambda _c: wins.use_rules(panel.changed()))
    panel.open_from_url()
    open_wins(wins)  # after the table's rules: a link's games play them
    reveal = RevealTool()
    return page(
        ShadowsStyle(),
        panel,
        section("The next Monster-Action card", reveal, reveal.links),
        section("Predict: what can their Hand hold?", PredictTool()),
        section("This round against the Monster", RoundTool()),
        section("Who wins with which Hero (whole games, Monte Carlo)", wins),
        sheet_link("shadows"),
        theme="shadows",
    )
