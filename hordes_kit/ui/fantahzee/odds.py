"""The Fantahzee dice-odds explorer dashboard (``notebooks/fantahzee_odds.ipynb``).

Every control has a Python twin so tests drive it without a browser: set
``explorer.cost.value``, ``explorer.dice.value``, call ``explorer.tray.click_die(i)``.
"""

from __future__ import annotations

import random

import ipywidgets as w
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from hordes_kit.core.errors import HordesKitError
from hordes_kit.fantahzee.costs import Cost, parse_costs
from hordes_kit.fantahzee.odds import (
    MAX_DICE,
    MAX_ROLLS,
    advise_keep,
    probability_table,
    success_probability,
)
from hordes_kit.fantahzee.presets import common_costs, load_presets
from hordes_kit.ui.common import error_html, note_html, odds_html, percent, table_html
from hordes_kit.ui.dice import DiceTray

__all__ = ["DiceOddsExplorer"]

OWN = "Your own cost (type it below)"
START_FACES = [6, 6, 4, 3, 2, 1, 5, 5, 3, 1]  # fill-in faces when the tray grows


def _heading(text: str) -> w.HTML:
    return w.HTML(f"<h3 style='margin:14px 0 4px'>{text}</h3>")


class DiceOddsExplorer(w.VBox):
    """Chance to pay hero costs, by rolls and dice, plus the keep advisor."""

    def __init__(self, dice: int = 5, rolls: int = 3, costs: str = "XXXX") -> None:
        self.presets = load_presets()
        style = {"description_width": "150px"}
        wide = w.Layout(width="520px")
        self.preset = w.Dropdown(
            options=[(p.label, p.costs) for p in self.presets] + [(OWN, "")],
            description="Hero cost",
            style=style,
            layout=wide,
        )
        self.preset.add_class("hk-preset")
        self.cost = w.Text(
            value=costs,
            description="Costs to pay",
            placeholder="e.g. XXXX, or XX + 5 for two heroes",
            continuous_update=False,
            style=style,
            layout=wide,
        )
        self.cost.add_class("hk-cost")
        self.dice = w.IntSlider(dice, 1, MAX_DICE, description="Dice", style=style, layout=wide)
        self.rolls = w.IntSlider(
            rolls, 1, MAX_ROLLS, description="Rolls (1st + rerolls)", style=style, layout=wide
        )
        self.distinct = w.Checkbox(
            False,
            description="Different heroes' X-groups must show different numbers (house rule)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.message = w.HTML()
        self.result = w.HTML()
        self.result.add_class("hk-result")
        # A FigureWidget shows the data it was built with and later restyles, but drops
        # restyles made before its view exists; and fig.show() inside an Output widget can
        # stall Voila's rendering (voila#1428). So the widget is built with the first data.
        self.chart = go.FigureWidget(self._build_figure())
        self.table = w.HTML()
        self.table.add_class("hk-common-table")

        self.tray = DiceTray()
        self.rolls_left = w.IntSlider(
            2, 0, MAX_ROLLS - 1, description="Rerolls left", style=style, layout=wide
        )
        self.roll_button = w.Button(
            description="Roll the unlocked dice", layout=w.Layout(width="200px")
        )
        self.roll_button.add_class("hk-roll")
        self.advice = w.HTML()
        self.advice.add_class("hk-advice")
        self._rng = random.Random()
        self._syncing = False

        help_text = w.HTML(
            note_html(
                "How costs are written (as on the cards): X is any die; XX, XXX, XXXX are a pair, "
                "three and four of a kind (the X dice must match); 1-6 are exact faces. Several "
                "heroes are separated by + and paid with separate dice."
            )
        )
        super().__init__(
            [
                _heading("Chance to activate"),
                self.preset,
                self.cost,
                help_text,
                self.dice,
                self.rolls,
                self.distinct,
                self.message,
                self.result,
                self.chart,
                _heading("Common costs with these dice"),
                self.table,
                _heading("What should I keep?"),
                w.HTML(
                    note_html(
                        "Click a die to set the number it shows; click the tag under it to mark it "
                        "locked on a hero (locked dice cannot pay another cost). The gold dice are "
                        "the best keep for the costs above."
                    )
                ),
                self.tray,
                w.HBox([self.rolls_left, self.roll_button]),
                self.advice,
            ]
        )
        self.preset.observe(self._on_preset, "value")
        self.cost.observe(self._on_inputs, "value")
        for ctl in (self.dice, self.rolls, self.distinct):
            ctl.observe(self._on_inputs, "value")
        self.dice.observe(self._resize_tray, "value")
        self.tray.observe(self._on_tray, ["values", "locked"])
        self.rolls_left.observe(self._on_tray, "value")
        self.roll_button.on_click(lambda _b: self.roll())
        self._match_preset()
        self._resize_tray()
        self.refresh()

    # --- what the controls do ---------------------------------------------------

    def roll(self, seed: int | None = None) -> None:
        """Roll every unlocked die (what the Roll button does)."""
        rng = random.Random(seed) if seed is not None else self._rng
        vals = [v if lk else rng.randint(1, 6) for v, lk in zip(self.tray.values, self.tray.locked)]
        self.tray.values = vals

    def costs(self) -> tuple[Cost, ...] | None:
        """The costs typed in, or None (the message says why) when they cannot be read."""
        try:
            return parse_costs(self.cost.value)
        except HordesKitError:
            return None

    def refresh(self) -> None:
        """Recompute everything shown (odds, chart, table, advice)."""
        self._update_odds()
        self._update_table()
        self._update_advice()

    # --- callbacks -------------------------------------------------------------------

    def _on_preset(self, change) -> None:
        if change["new"] and not self._syncing:
            self.cost.value = change["new"]

    def _on_inputs(self, _change=None) -> None:
        self._match_preset()
        self.refresh()

    def _on_tray(self, _change=None) -> None:
        self._update_advice()

    def _match_preset(self) -> None:
        costs = self.costs()
        text = " + ".join(c.text for c in costs) if costs else None
        match = next((p.costs for p in self.presets if p.costs == text), "")
        self._syncing = True
        try:
            self.preset.value = match
        finally:
            self._syncing = False

    def _resize_tray(self, _change=None) -> None:
        n = self.dice.value
        vals = list(self.tray.values)[:n]
        locked = list(self.tray.locked)[:n]
        while len(vals) < n:
            vals.append(START_FACES[len(vals)])
            locked.append(False)
        self.tray.set_dice(vals, locked)

    # --- the panels ------------------------------------------------------------------

    def _update_odds(self) -> None:
        try:
            costs = parse_costs(self.cost.value)
            p = success_probability(
                self.dice.value, self.rolls.value, costs, distinct_values=self.distinct.value
            )
        except HordesKitError as e:
            self.message.value = error_html(str(e))
            self.result.value = "<div class='hk-odds'><span class='hk-odds-pct'>—</span></div>"
            return
        self.message.value = ""
        names = " + ".join(c.text for c in costs)
        self.probability = p
        self.result.value = odds_html(
            p,
            f"Chance to pay {names} with {self.dice.value} dice in {self.rolls.value} roll(s), "
            "keeping the best dice each time",
        )
        self._update_chart(costs)

    def _series(self, costs) -> list[dict]:
        """The four traces' data: chance by rolls (+ current point), by dice (+ current)."""
        d, r, opt = self.dice.value, self.rolls.value, self.distinct.value
        need = sum(c.dice for c in costs)
        rolls_axis = list(range(1, MAX_ROLLS + 1))
        by_rolls = [
            float(success_probability(d, k, costs, distinct_values=opt)) for k in rolls_axis
        ]
        dice_axis = list(range(need, MAX_DICE + 1))
        by_dice = [float(success_probability(n, r, costs, distinct_values=opt)) for n in dice_axis]
        return [
            {"x": rolls_axis, "y": by_rolls},
            {"x": [r], "y": [by_rolls[r - 1]]},
            {"x": dice_axis, "y": by_dice},
            {"x": [d], "y": [by_dice[d - need]]},
        ]

    def _build_figure(self) -> go.Figure:
        fig = make_subplots(
            rows=1, cols=2, subplot_titles=("By number of rolls", "By number of dice")
        )
        costs = self.costs()
        series = self._series(costs) if costs else [{"x": [], "y": []}] * 4
        hover = "%{x}: %{y:.1%}<extra></extra>"
        for i, col in enumerate((1, 1, 2, 2)):
            main = i % 2 == 0
            fig.add_trace(
                go.Scatter(
                    mode="lines+markers" if main else "markers",
                    line={"color": "#3b5ba9"},
                    marker={"size": 7} if main else {"size": 14, "color": "#d4a017"},
                    hovertemplate=hover,
                    name="chance" if main else "now",
                    **series[i],
                ),
                row=1,
                col=col,
            )
        fig.update_yaxes(range=[0, 1.02], tickformat=".0%", title_text="chance")
        fig.update_xaxes(title_text="rolls", dtick=1, row=1, col=1)
        fig.update_xaxes(title_text="dice", dtick=1, row=1, col=2)
        fig.update_layout(
            height=320, width=760, showlegend=False, margin={"l": 60, "r": 20, "t": 40, "b": 50}
        )
        return fig

    def _update_chart(self, costs) -> None:
        series = self._series(costs)
        with self.chart.batch_update():
            for trace, data in zip(self.chart.data, series):
                trace.update(**data)

    def _update_table(self) -> None:
        n = self.dice.value
        df = probability_table(
            [n], range(1, MAX_ROLLS + 1), common_costs(), distinct_values=self.distinct.value
        )
        headers = ["Cost"] + [f"{r} roll{'s' * (r > 1)}" for r in range(1, MAX_ROLLS + 1)]
        rows = [
            [row["cost"]]
            + [
                ("needs more dice" if row[f"rolls_{r}"] is None else percent(row[f"rolls_{r}"]))
                for r in range(1, MAX_ROLLS + 1)
            ]
            for row in df.iter_rows(named=True)
        ]
        self.table.value = note_html(f"With {n} dice, best play:") + table_html(headers, rows)

    def _update_advice(self) -> None:
        costs = self.costs()
        if costs is None:
            self.advice.value = note_html("Fix the costs above to get keep advice.")
            self.tray.highlight = [False] * len(self.tray.values)
            return
        try:
            adv = advise_keep(
                self.tray.showing,
                costs,
                self.rolls_left.value,
                locked=self.tray.locked_values,
                distinct_values=self.distinct.value,
            )
        except HordesKitError as e:
            self.advice.value = error_html(str(e))
            self.tray.highlight = [False] * len(self.tray.values)
            return
        self.advice_result = adv
        best = adv.best
        names = " + ".join(c.text for c in costs)
        paid = adv.payment
        if paid:
            # the dice showing already pay: say which dice to lock on which hero
            self.tray.mark_keep([d for group in paid for d in group])
            locks = "; ".join(f"{', '.join(map(str, g))} for {c.text}" for g, c in zip(paid, costs))
            head = f"<b>You can pay it now:</b> lock {locks}."
        elif self.rolls_left.value == 0:
            self.tray.mark_keep([])
            head = "<b>No rerolls left.</b> These dice cannot pay it."
        else:
            self.tray.mark_keep(best.keep)
            head = (
                f"<b>Best: {best.label}</b> — {percent(best.probability, 2)} to pay {names} "
                f"with {self.rolls_left.value} reroll(s) left."
            )
        rows = [[i + 1, o.label, percent(o.probability, 2)] for i, o in enumerate(adv.options[:12])]
        more = len(adv.options) - 12
        tail = note_html(f"… and {more} more ways to keep.") if more > 0 else ""
        self.advice.value = (
            f"<div class='hk-advice-best'>{head}</div>"
            + table_html(["#", "Keep", "Chance"], rows, highlight=0)
            + tail
        )
