"""Heroes & Hordes odds dashboard: battle calculator, risk ahead, policy comparison."""

from __future__ import annotations

import time

import ipywidgets as w
import plotly.graph_objects as go

from hordes_kit.core.errors import HordesKitError
from hordes_kit.heroes_hordes.cards import PILES, RACE_OF_PILE, load_cards
from hordes_kit.heroes_hordes.odds import battle_report, risk_ahead
from hordes_kit.heroes_hordes.simulate import simulate
from hordes_kit.ui.common import error_html, note_html, percent, table_html
from hordes_kit.ui.heroes_hordes.board import _report_html

__all__ = ["BattleCalculator", "RiskAhead", "PolicyComparison"]

STYLE = {"description_width": "110px"}


class BattleCalculator(w.VBox):
    """Pick a horde pile and a hero pile card by card; see every modifier and the winner."""

    def __init__(
        self,
        horde=("Warlord", "Goblins", "Orks", "Trolls", "Ogre"),
        heroes=("Dwarf Lord", "Clansmen", "Troll Slayer"),
    ) -> None:
        self.cards = load_cards()
        self.horde_pile = w.Dropdown(
            options=PILES[3:], value="goblins", description="Horde pile", style=STYLE
        )
        self.hero_pile = w.Dropdown(
            options=PILES[:3], value="dwarves", description="Hero pile", style=STYLE
        )
        self.horde = w.SelectMultiple(
            rows=10, description="Horde cards", style=STYLE, layout=w.Layout(width="340px")
        )
        self.heroes = w.SelectMultiple(
            rows=10, description="Hero cards", style=STYLE, layout=w.Layout(width="340px")
        )
        self.result = w.HTML()
        self.result.add_class("hk-battle-result")
        super().__init__(
            [
                w.HTML(
                    note_html(
                        "Ctrl/Cmd-click to pick several cards. Split cards appear in "
                        "every pile they may join."
                    )
                ),
                w.HBox(
                    [w.VBox([self.horde_pile, self.horde]), w.VBox([self.hero_pile, self.heroes])]
                ),
                self.result,
            ]
        )
        self._fill(self.horde, self.horde_pile.value, horde)
        self._fill(self.heroes, self.hero_pile.value, heroes)
        self.horde_pile.observe(lambda c: self._fill(self.horde, c["new"], ()), "value")
        self.hero_pile.observe(lambda c: self._fill(self.heroes, c["new"], ()), "value")
        self.horde.observe(lambda _c: self.update(), "value")
        self.heroes.observe(lambda _c: self.update(), "value")
        self.update()

    def _fill(self, box: w.SelectMultiple, pile: str, chosen) -> None:
        race = RACE_OF_PILE[pile]
        names = sorted({c.name for c in self.cards if race in c.types})
        box.options = names
        box.value = tuple(n for n in chosen if n in names)

    def pick(self, horde=None, heroes=None) -> None:
        """What selecting cards does (by name)."""
        if horde is not None:
            self.horde.value = tuple(horde)
        if heroes is not None:
            self.heroes.value = tuple(heroes)

    def update(self) -> None:
        """Recompute the battle."""
        if not self.horde.value or not self.heroes.value:
            self.result.value = note_html("Pick at least one card on each side.")
            return
        by = {c.name: c for c in self.cards}
        try:
            self.report = battle_report(
                [by[n] for n in self.horde.value],
                [by[n] for n in self.heroes.value],
                horde_pile=self.horde_pile.value,
                hero_pile=self.hero_pile.value,
            )
        except HordesKitError as e:
            self.result.value = error_html(str(e))
            return
        self.result.value = _report_html(self.report)


class RiskAhead(w.VBox):
    """P(each horde pile reaches 5 cards within k draws) from a fresh deck, exact."""

    def __init__(self) -> None:
        self.cards = [c for c in load_cards()]
        self.sizes = {
            p: w.IntSlider(2, 0, 4, description=f"{p.capitalize()} now", style=STYLE)
            for p in PILES[3:]
        }
        self.draws = w.IntSlider(3, 1, 15, description="Next draws", style=STYLE)
        self.result = w.HTML()
        super().__init__([*self.sizes.values(), self.draws, self.result])
        for s in [*self.sizes.values(), self.draws]:
            s.observe(lambda _c: self.update(), "value")
        self.update()

    def update(self) -> None:
        """Recompute the table (the deck = every card not shown in the horde piles)."""
        deck = list(self.cards)
        for pile, slider in self.sizes.items():
            race = RACE_OF_PILE[pile]
            for _ in range(slider.value):
                deck.remove(next(c for c in deck if c.types == {race}))
        risk = risk_ahead({p: s.value for p, s in self.sizes.items()}, deck, draws=self.draws.value)
        rows = [[p.capitalize(), self.sizes[p].value, percent(r)] for p, r in risk.items()]
        self.risk = risk
        self.result.value = note_html(
            f"Chance each horde pile holds 5 cards within the next {self.draws.value} Fate draws "
            f"({len(deck)} cards left in the deck; exact, hypergeometric):"
        ) + table_html(["Horde pile", "Cards now", "Chance to attack"], rows)


class PolicyComparison(w.VBox):
    """Win, tie and loss rates of the shipped policies, with 95% intervals."""

    def __init__(self) -> None:
        self.games = w.IntSlider(10_000, 1000, 100_000, step=1000, description="Games", style=STYLE)
        self.seed = w.IntText(1, description="Seed", style=STYLE)
        self.policies = w.SelectMultiple(
            options=["random", "greedy", "lookahead"],
            value=("random", "greedy", "lookahead"),
            description="Policies",
            rows=3,
            style=STYLE,
        )
        self.run_button = w.Button(description="Compare", button_style="primary")
        self.progress = w.IntProgress(0, 0, 1, layout=w.Layout(width="320px"))
        self.status = w.HTML()
        self.table = w.HTML()
        self.tokens_table = w.HTML()
        self.chart = go.FigureWidget(self._figure([]))
        super().__init__(
            [
                w.HBox([self.games, self.seed]),
                self.policies,
                w.HBox([self.run_button, self.progress, self.status]),
                self.table,
                self.chart,
                self.tokens_table,
            ]
        )
        self.run_button.on_click(lambda _b: self.run())

    @staticmethod
    def _figure(results) -> go.Figure:
        fig = go.Figure()
        for outcome, colour in (("win", "#2e8b57"), ("tie", "#d4a017"), ("loss", "#b22222")):
            ys = [r.rate(outcome) for r in results]
            fig.add_bar(
                name=outcome,
                x=[r.policy for r in results],
                y=ys,
                marker_color=colour,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [r.interval(outcome)[1] - y for r, y in zip(results, ys)],
                    "arrayminus": [y - r.interval(outcome)[0] for r, y in zip(results, ys)],
                },
            )
        fig.update_layout(
            barmode="group",
            height=320,
            width=640,
            yaxis_tickformat=".0%",
            margin={"l": 50, "r": 20, "t": 30, "b": 40},
        )
        return fig

    def run(self) -> None:
        """What Compare does: every chosen policy over the same seeded games."""
        chosen = list(self.policies.value)
        n = self.games.value
        start = time.perf_counter()
        self.progress.max = n * len(chosen)
        self.results = []
        for k, name in enumerate(chosen):
            self.status.value = f"&nbsp;playing {name}…"
            done = k * n
            res = simulate(
                name,
                n,
                self.seed.value,
                progress=lambda d, _t, done=done: setattr(self.progress, "value", done + d),
            )
            self.results.append(res)
        took = time.perf_counter() - start
        self.status.value = (
            f"&nbsp;done: {n * len(chosen):,} games in {took:.1f} s "
            "(fast simulator, checked against the rules engine)"
        )
        rows = [
            [
                r.policy,
                f"{r.games:,}",
                *(
                    f"{percent(r.rate(o))} ({percent(r.interval(o)[0])}–"
                    f"{percent(r.interval(o)[1])})"
                    for o in ("win", "tie", "loss")
                ),
            ]
            for r in self.results
        ]
        tokens = sorted({t for r in self.results for t in r.tokens})
        token_rows = [
            [r.policy, *(percent(r.tokens.get(t, 0) / r.games) for t in tokens)]
            for r in self.results
        ]
        self.tokens_table.value = note_html("Final Devastation Tokens (share of games):") + (
            table_html(["Policy", *map(str, tokens)], token_rows)
        )
        self.table.value = table_html(
            ["Policy", "Games", "Win (95%)", "Tie (95%)", "Loss (95%)"], rows
        )
        fig = self._figure(self.results)
        with self.chart.batch_update():
            self.chart.data = []
            for t in fig.data:
                self.chart.add_trace(t)
