"""The Skytear Horde odds page: the coming turn's exact forecast for a position set up or
loaded from the board, deck questions (a named card or a kind within N draws), pillage
emptying a deck within N turns, and the bots' win odds by difficulty (Monte Carlo, 95%
intervals). Every number comes from ``skytear.forecast``, ``skytear.odds`` and
``skytear.simulate``; each table says what it measures. What takes longer than a moment
waits for its Run button."""

from __future__ import annotations

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.svgchart import BarChart, Series
from hordes_kit.skytear.card_model import KIT_SAMPLE, kit_sample
from hordes_kit.skytear.forecast import forecast
from hordes_kit.skytear.odds import KINDS, card_chance, pillage_risk
from hordes_kit.skytear.simulate import simulate
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.common import error_html, percent
from hordes_kit.ui.controls import SearchableChoice, page, row, section
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.sheet import sheet_link
from hordes_kit.ui.skytear.advice import forecast_block, table
from hordes_kit.ui.skytear.odds_links import (
    deck_params,
    open_deck,
    open_pillage,
    open_win,
    pillage_params,
    position_params,
    win_params,
)
from hordes_kit.ui.skytear.position import PositionSetup
from hordes_kit.ui.skytear.setup import CARDS, HORDES
from hordes_kit.ui.table_rules import PlaysTheReadings, TableRulesPanel

__all__ = ["ForecastTool", "DeckTool", "PillageTool", "WinTool", "odds_tools", "odds_page"]

ACCENT = "#1d5f8a"
WIDE = {"description_width": "initial"}
KIND_WORDS = {
    "ally": "any ally",
    "tower": "any tower",
    "spell": "any spell",
    "attachment": "any attachment",
    "reaction": "any reaction card (treachery symbol)",
    "cheap": "any card costing 2 mana or less",
}
WHAT = tuple((words, kind) for kind, words in KIND_WORDS.items() if kind in KINDS) + tuple(
    (f"{c.name} ({KIT_SAMPLE})" if kit_sample(c) else c.name, c.name)
    for c in sorted(CARDS.cards.values(), key=lambda c: c.name)
    if c.kind == "alliance"
)


def bar_chart(x, y, title: str, xaxis: str, interval=None) -> BarChart:
    """Chances as bars in the Skytear colour; ``interval`` is each bar's (low, high)."""
    low = high = None
    if interval is not None:
        low, high = tuple(lo for lo, _ in interval), tuple(hi for _, hi in interval)
    return BarChart(title, tuple(x), (Series("chance", tuple(y), ACCENT, low, high),), xaxis)


class ForecastTool(w.VBox):
    """The rest of the turn for the position, exactly (recomputed as the position changes)."""

    def __init__(self, position: PositionSetup) -> None:
        self.position = position
        self.out = w.HTML()
        self.chart = SvgChart()
        self.links = LinkBox(lambda: position_params(position))
        super().__init__([self.out, self.chart, self.links])
        position.on_change(self.update)
        self.update()

    def update(self) -> None:
        """Forecast the position as it is set."""
        try:
            s = self.position.state()
            f = forecast(s)
        except HordesKitError as e:
            self.out.value = self.position.error(e)
            return
        self.out.value = forecast_block(s, f)
        dist = sorted(f.dist("castle").items())
        self.chart.show(
            bar_chart(
                [str(k) for k, _ in dist],
                [float(p) for _, p in dist],
                "Castle damage (exact)",
                "damage to the castle",
            )
        )


class DeckTool(w.VBox):
    """A named card or a kind within N draws from player 1's deck in the position."""

    def __init__(self, position: PositionSetup) -> None:
        self.position = position
        self.what = SearchableChoice(WHAT, label="Card or kind", what="card or kind", value="ally")
        self.draws = w.BoundedIntText(
            value=3, min=1, max=40, description="Within draws", style=WIDE
        )
        self.at_least = w.BoundedIntText(value=1, min=1, max=10, description="At least", style=WIDE)
        self.out = w.HTML()
        self.chart = SvgChart()
        self.message = w.HTML()
        self.links = LinkBox(lambda: deck_params(self))
        super().__init__(
            [
                self.what,
                row(self.draws, self.at_least),
                self.message,
                self.out,
                self.chart,
                self.links,
            ]
        )
        self.what.on_change(lambda _v: self.update())
        for x in (self.draws, self.at_least):
            x.observe(lambda _c: self.update(), "value")
        position.on_change(self.update)
        self.update()
        open_deck(self)  # now, or when a preheated page is opened

    def update(self) -> None:
        """The chance for the question as set, and for 1 to 15 draws."""
        what = self.what.value
        if not what:
            self.out.value = error_html("Choose a card or a kind of card.")
            return
        try:
            s = self.position.state()
            n, k = self.draws.value, self.at_least.value
            p = card_chance(s, 0, what, n, k)
            curve = [card_chance(s, 0, what, d, k) for d in range(1, 16)]
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        name = self.what.label_of(what)
        deck = s.seats[0].deck.size
        self.out.value = (
            f"<p class='sk-deck-answer'>Chance of at least {k} × {name} in the next {n} "
            f"draws from a deck of {deck} cards: <b>{percent(p)}</b> (exact).</p>"
        ) + table(
            ["Draws", "Chance"],
            [(d + 1, percent(q)) for d, q in enumerate(curve)][:10],
            caption=f"At least {k} × {name} within this many draws (exact, hypergeometric)",
        )
        self.chart.show(
            bar_chart(
                [str(d) for d in range(1, 16)],
                [float(q) for q in curve],
                "Chance by number of draws",
                "draws",
            )
        )


class PillageTool(w.VBox):
    """The chance pillage empties a deck within N turns (exact; waits for Run)."""

    def __init__(self, position: PositionSetup) -> None:
        self.position = position
        self.turns = w.BoundedIntText(value=6, min=1, max=12, description="Turns", style=WIDE)
        self.run_button = w.Button(description="Work out the pillage risk", button_style="primary")
        self.run_button.add_class("sk-pillage-run")
        self.out = w.HTML(
            "<p class='hk-note'>Press the button: up to 12 turns are worked out exactly "
            "(a few seconds at high difficulty).</p>"
        )
        self.chart = SvgChart()
        self.message = w.HTML()
        self.links = LinkBox(lambda: pillage_params(self))
        super().__init__(
            [
                w.HBox([self.turns, self.run_button], layout=w.Layout(flex_flow="row wrap")),
                self.message,
                self.out,
                self.chart,
                self.links,
            ]
        )
        self.run_button.on_click(lambda _b: self.run())
        open_pillage(self)  # now, or when a preheated page is opened

    def run(self) -> None:
        """Work out the chance for each turn up to the number set."""
        try:
            s = self.position.state()
            risk = pillage_risk(s, self.turns.value)
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        self.out.value = table(
            ["By the end of turn", "Chance a deck is empty"],
            [(s.turn + k, percent(p)) for k, p in enumerate(risk)],
            caption="Pillage empties an alliance deck (you lose): exact, if nobody fights "
            "the back line and nobody draws; the monsters that arrive stay",
        )
        if not any(risk):
            self.out.value = (
                f"<p><b>No risk in these {len(risk)} turns:</b> the back line cannot pillage "
                "a deck empty this soon (every bar below is 0%).</p>" + self.out.value
            )
        self.chart.show(
            bar_chart(
                [str(s.turn + k) for k in range(len(risk))],
                [float(p) for p in risk],
                "Deck emptied, by turn",
                "turn",
            )
        )


class WinTool(PlaysTheReadings, w.VBox):
    """Win odds by difficulty for the kit's bots (Monte Carlo; waits for Run)."""

    def __init__(self, rules: dict | None = None) -> None:
        self.horde = w.Dropdown(options=HORDES, value="Skybooter", description="Horde", style=WIDE)
        self.players = w.Dropdown(
            options=(("solo", 1), ("co-op", 2)), description="Players", style=WIDE
        )
        self.games = w.BoundedIntText(
            value=500, min=50, max=20_000, step=50, description="Games per level", style=WIDE
        )
        self.seed = w.BoundedIntText(value=1, min=0, max=10**9, description="Seed", style=WIDE)
        self.run_button = w.Button(description="Play the games", button_style="primary")
        self.run_button.add_class("sk-win-run")
        self.progress = w.IntProgress(value=0, min=0, max=5, description="Levels done")
        self.out = w.HTML(
            "<p class='hk-note'>Press <b>Play the games</b>: 500 games at each of the five "
            "levels take a few seconds.</p>"
        )
        self.chart = SvgChart()
        box = row(self.horde, self.players, self.games, self.seed)
        self.message = w.HTML()
        self.table_rules = dict(rules or {})  # the readings the table changed: games play them
        self.links = LinkBox(lambda: win_params(self))
        super().__init__(
            [box, self.message, self.run_button, self.progress, self.out, self.chart, self.links]
        )
        self.run_button.on_click(lambda _b: self.run())
        open_win(self)  # now, or when a preheated page is opened

    def run(self) -> None:
        """Play the games at each difficulty and show the win rates with 95% intervals."""
        rows, self.progress.value = [], 0
        try:
            for d in range(1, 6):
                cfg = {"players": self.players.value, "hordes": [self.horde.value], "difficulty": d}
                cfg |= self.table_rules
                if self.players.value == 2:
                    cfg["castle2"] = "Rootwall Hold"
                r = simulate(cfg, self.games.value, self.seed.value)
                rows.append((d, r.win_rate, r.interval, r.mean_turns()))
                self.progress.value = d
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        mode = "solo" if self.players.value == 1 else "co-op"
        self.out.value = table(
            ["Difficulty", "Games won", "95% interval", "Average length (turns)"],
            [
                (d, percent(p), f"{percent(lo)} to {percent(hi)}", f"{t:.1f}")
                for d, p, (lo, hi), t in rows
            ],
            caption=f"Share of {self.games.value:,} games won by the kit's sensible bot, "
            f"{self.horde.value}, {mode}, at each difficulty (seed {self.seed.value})",
        )
        self.chart.show(
            bar_chart(
                [f"Level {d}" for d, *_ in rows],
                [p for _, p, _, _ in rows],
                "Games won (95% interval)",
                "difficulty",
                interval=[iv for _, _, iv, _ in rows],
            )
        )


def odds_tools() -> tuple:
    """The page's parts: ``(panel, position, forecast, deck, pillage, win)``; the Table
    rules are read from the address first, so a link's position and games follow them."""
    panel = TableRulesPanel("skytear")
    panel.open_from_url()
    pos, win = PositionSetup(panel.changed()), WinTool(panel.changed())
    for tool in (pos, win):
        panel.on_change(lambda _c, tool=tool: tool.use_rules(panel.changed()))
    return panel, pos, ForecastTool(pos), DeckTool(pos), PillageTool(pos), win


def odds_page() -> w.VBox:
    """The odds page: the Table rules, the position, then each question with its answer."""
    panel, pos, forecast, deck, pillage, win = odds_tools()
    return page(
        panel,
        section("The position", pos),
        section("The coming turn: exact forecast", forecast),
        section("Deck questions: a card within N draws", deck),
        section("Pillage: a deck emptied within N turns", pillage),
        section("Win odds by difficulty (the kit's bots)", win),
        sheet_link("skytear"),
        theme="skytear",
    )
