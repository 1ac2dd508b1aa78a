"""Who wins with which Hero: whole Shadows games played by the kit's bots (Monte Carlo),
each seat's wins with a 95% interval (``shadows.simulate``)."""

from __future__ import annotations

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.simulate import simulate
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.common import error_html, percent
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.shadows.advice import bar_chart
from hordes_kit.ui.shadows.odds_links import wins_params
from hordes_kit.ui.table import RankedTable
from hordes_kit.ui.table_rules import PlaysTheReadings

__all__ = ["WinsTool"]

CARDS = load_cards("")
HEROES = [(h.name, h.id) for h in CARDS.heroes]
WIDE = {"description_width": "initial"}


class WinsTool(PlaysTheReadings, w.VBox):
    """Who wins with which Hero: whole games played by the kit's bots, 95% intervals."""

    def __init__(self) -> None:
        self.players = w.ToggleButtons(options=[2, 3], value=2, description="Players")
        self.heroes = [
            w.Dropdown(options=HEROES, value=HEROES[k][1], description=f"Seat {k + 1}", style=WIDE)
            for k in range(3)
        ]
        self.bot = w.Dropdown(
            options=[("the sensible bot", "sensible"), ("the random bot", "random")],
            description="Every seat plays",
            style=WIDE,
        )
        self.games = w.BoundedIntText(
            value=1000, min=10, max=5000, step=10, description="Games", style=WIDE
        )
        self.seed = w.BoundedIntText(value=1, min=0, max=10**9, description="Seed", style=WIDE)
        self.run_button = w.Button(description="Play the games", button_style="primary")
        self.run_button.add_class("sh-run")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Played")
        self.out = w.HTML(
            "<p class='hk-note'>Press <b>Play the games</b>: the sensible bot's 1,000 games take "
            "about a second (the fast simulator); the random bot plays on the rules engine, "
            "100 games in 10 to 20 seconds.</p>"
        )
        self.chart = SvgChart()
        self.table_rules: dict = {}  # the readings the table changed: the games play them
        self.seats = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.message = w.HTML()
        self.links = LinkBox(lambda: wins_params(self))
        super().__init__(
            [
                self.players,
                self.seats,
                self.bot,
                w.HBox([self.games, self.seed]),
                self.message,
                self.run_button,
                self.progress,
                self.out,
                self.chart,
                self.links,
            ]
        )
        self.players.observe(lambda _c: self._seats(), "value")
        self.run_button.on_click(lambda _b: self.run())
        self._seats()

    def _seats(self) -> None:
        self.seats.children = tuple(self.heroes[: self.players.value])

    def run(self) -> None:
        """Play the games and show each seat's wins with its 95% interval."""
        heroes = tuple(h.value for h in self.heroes[: self.players.value])
        if len(set(heroes)) < len(heroes):
            self.out.value = error_html(
                "Give each seat a different Hero (each Hero has one set of cards)."
            )
            return
        self.progress.max, self.progress.value = self.games.value, 0

        def tick(done: int, total: int) -> None:
            self.progress.value = done

        try:
            res = simulate(
                heroes,
                self.games.value,
                self.seed.value,
                bot=self.bot.value,
                progress=tick,
                rules=self.table_rules,
            )
        except HordesKitError as e:
            self.out.value = error_html(str(e))
            return
        rows = []
        for k, h in enumerate(heroes):
            lo, hi = res.interval(k)
            rows.append(
                (
                    f"Seat {k + 1}: {CARDS.by_id[h].name}",
                    res.outright[k] / res.games,
                    (lo, hi),
                    res.rate(k),
                )
            )
        table = RankedTable(
            f"Share of {res.games} games won outright, {res.bot} bots, seed {res.seed} "
            "(95% interval)",
            ("Seat and Hero", "Won outright", "95% interval", "Win share (shared wins split)"),
            rows,
            formats=(str, percent, lambda iv: f"{percent(iv[0])}–{percent(iv[1])}", percent),
            interval=lambda r: r[2],
            numeric=(1, 3),
            note=f"Shared victories: {res.shared}. Average game: {res.rounds:.1f} rounds.",
        )
        self.out.value = table.html(headline=table.headline("Most wins"))
        x = [r[0] for r in rows]
        y = [r[1] for r in rows]
        self.chart.show(
            bar_chart(
                x, y, "Won outright (95% interval)", [percent(v) for v in y], [r[2] for r in rows]
            )
        )
