"""The Fantahzee dice-odds explorer dashboard (``notebooks/fantahzee_odds.ipynb``).

Every control has a Python twin so tests drive it without a browser: set
``explorer.cost.value``, ``explorer.dice.value``, call ``explorer.tray.click_die(i)``,
``explorer.roll()``. Charts are inline SVG (``ui.charts.SvgChart``), one per question,
so they stack on a phone.
"""

from __future__ import annotations

import random

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import matching, parsed_by, whole_number
from hordes_kit.core.svgchart import LineChart, Series
from hordes_kit.fantahzee.costs import Cost, parse_costs
from hordes_kit.fantahzee.odds import (
    MAX_DICE,
    MAX_ROLLS,
    advise_keep,
    probability_rows,
    success_probability,
)
from hordes_kit.fantahzee.presets import common_costs, load_presets
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.common import error_html, note_html, odds_html, percent, table_html
from hordes_kit.ui.controls import columns, page
from hordes_kit.ui.dice import DiceTray
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.sheet import sheet_link
from hordes_kit.ui.table import RankedTable
from hordes_kit.ui.table_rules import TableRulesPanel

__all__ = ["DiceOddsExplorer", "odds_page"]

OWN = "Your own cost (type it below)"
START_FACES = [6, 6, 4, 3, 2, 1, 5, 5, 3, 1]  # fill-in faces when the tray grows


def _heading(text: str) -> w.HTML:
    return w.HTML(f"<h2 class='hk-heading'>{text}</h2>")


def _control(widget: w.Widget) -> w.Widget:
    """A labelled control as wide as its column, at most 520 px, its label above it on a
    phone (``hk-control``)."""
    widget.layout = w.Layout(width="100%", max_width="520px")
    widget.style = {"description_width": "initial"}
    widget.add_class("hk-control")
    return widget


def _numbers(value: int, low: int, high: int, label: str) -> w.ToggleButtons:
    """A number picked by tapping it (buttons that wrap on a phone, each reached by Tab)."""
    box = w.ToggleButtons(
        options=list(range(low, high + 1)),
        value=value,
        description=label,
        tooltips=[f"{label}: {n}" for n in range(low, high + 1)],
        style={"description_width": "initial", "button_width": "38px"},
        layout=w.Layout(width="auto", max_width="100%"),
    )
    box.add_class("hk-numbers")
    return box


class DiceOddsExplorer(w.VBox):
    """Chance to pay hero costs, by rolls and dice, plus the keep advisor."""

    def __init__(self, dice: int = 5, rolls: int = 3, costs: str = "XXXX") -> None:
        self.presets = load_presets()
        self.preset = _control(
            w.Dropdown(
                options=[(p.label, p.costs) for p in self.presets] + [(OWN, "")],
                description="Hero cost",
            )
        )
        self.preset.add_class("hk-preset")
        self.cost = _control(
            w.Text(
                value=costs,
                description="Costs to pay",
                placeholder="e.g. XXXX, or XX + 5 for two heroes",
                continuous_update=False,
            )
        )
        self.cost.add_class("hk-cost")
        self.dice = _numbers(dice, 1, MAX_DICE, "Dice")
        self.dice.add_class("hk-dice-count")
        self.rolls = _numbers(rolls, 1, MAX_ROLLS, "Rolls (1st + rerolls)")
        self.rolls.add_class("hk-rolls-count")
        # the table's own rules (distinct_values changes these odds)
        self.table_rules = TableRulesPanel("fantahzee")
        self.table_rules.open_from_url()
        self.message = w.HTML()
        self.result = w.HTML()
        self.result.add_class("hk-result")
        self.chart_rolls = SvgChart()
        self.chart_dice = SvgChart()
        self.charts = columns(self.chart_rolls, self.chart_dice, min_width=300)
        self.table = w.HTML()
        self.table.add_class("hk-common-table")

        self.tray = DiceTray()
        self.rolls_left = _numbers(2, 0, MAX_ROLLS - 1, "Rerolls left")
        self.rolls_left.add_class("hk-rolls-left")
        self.roll_button = w.Button(description="Reroll the unlocked dice")
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
                self.table_rules,
                _heading("Chance to activate"),
                self.preset,
                self.cost,
                help_text,
                self.dice,
                self.rolls,
                self.message,
                self.result,
                self.charts,
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
                self.rolls_left,
                self.roll_button,
                self.advice,
            ]
        )
        self.preset.observe(self._on_preset, "value")
        self.cost.observe(self._on_inputs, "value")
        for ctl in (self.dice, self.rolls):
            ctl.observe(self._on_inputs, "value")
        self.table_rules.on_change(lambda _c: self._on_inputs())
        self.dice.observe(self._resize_tray, "value")
        self.tray.observe(self._on_tray, ["values", "locked"])
        self.rolls_left.observe(self._on_tray, "value")
        self.rolls_left.observe(self._label_roll_button, "value")
        self.roll_button.on_click(lambda _b: self.roll())
        self._match_preset()
        self._resize_tray()
        self.refresh()
        at_address(self._open_url)  # now, or when a preheated page is opened
        self.links = LinkBox(self.link_params)

    def _open_url(self) -> str:
        """Show the question the page's address names; what was wrong with it ("")."""
        wanted, problem = self._read_url()
        if wanted:
            self._match_preset()
            self._resize_tray()
            self._show_url(wanted)
            self.refresh()
        if problem:
            self.message.value = error_html(f"{problem}; the page opened as usual.")
        return problem

    # --- links: the question on screen in the page's address ------------------------------

    def link_params(self) -> dict[str, object]:
        """The question on screen as a link's parameters (the table's readings included)."""
        locked = "".join("1" if x else "0" for x in self.tray.locked)
        return {
            "costs": self.cost.value.strip(),
            "dice": self.dice.value,
            "rolls": self.rolls.value,
            "show": "".join(map(str, self.tray.values)),
            "locked": locked if "1" in locked else "",
            "left": self.rolls_left.value,
        } | self.table_rules.link_params()

    def _read_url(self) -> tuple[dict, str]:
        """Set the costs, dice and rolls the address names (before the first drawing);
        what it names, and what was wrong with it in words ("")."""
        checks = {
            "costs": parsed_by(parse_costs),
            "dice": whole_number(1, MAX_DICE),
            "rolls": whole_number(1, MAX_ROLLS),
            "show": matching(f"[1-6]{{1,{MAX_DICE}}}", "dice faces 1-6"),
            "locked": matching(f"[01]{{1,{MAX_DICE}}}", "0s and 1s (1: locked)"),
            "left": whole_number(0, MAX_ROLLS - 1),
        }
        wanted, problem = page_query(checks)
        n = wanted.get("dice", self.dice.value)
        for key in ("show", "locked"):
            if key in wanted and len(wanted[key]) != n:
                problem = f"{key}= in the address has {len(wanted[key])} dice, not {n}"
        if problem:
            return {}, problem
        if "costs" in wanted:
            self.cost.value = " + ".join(c.text for c in wanted["costs"])
        if "dice" in wanted:
            self.dice.value = wanted["dice"]
        if "rolls" in wanted:
            self.rolls.value = wanted["rolls"]
        return wanted, ""

    def _show_url(self, wanted: dict) -> None:
        if "show" in wanted or "locked" in wanted:
            values = [int(c) for c in wanted.get("show", "")] or list(self.tray.values)
            locked = [c == "1" for c in wanted.get("locked", "")]
            self.tray.set_dice(values, locked or None)
        if "left" in wanted:
            self.rolls_left.value = wanted["left"]

    @property
    def distinct_values(self) -> bool:
        """The table's reading: must two heroes' X dice show different numbers?"""
        return self.table_rules.config()["distinct_values"]

    # --- what the controls do ---------------------------------------------------

    def roll(self, seed: int | None = None) -> None:
        """What the roll button does: reroll the unlocked dice, one reroll fewer left; with
        none left, a new turn: every die rolled and unlocked, the rerolls of the Rolls
        setting."""
        rng = random.Random(seed) if seed is not None else self._rng
        if self.rolls_left.value == 0:
            n = len(self.tray.values)
            with self.hold_trait_notifications():
                self.tray.set_dice([rng.randint(1, 6) for _ in range(n)])
                self.rolls_left.value = min(self.rolls.value - 1, MAX_ROLLS - 1)
            return
        vals = [v if lk else rng.randint(1, 6) for v, lk in zip(self.tray.values, self.tray.locked)]
        self.tray.values = vals
        self.rolls_left.value -= 1

    def _label_roll_button(self, _change=None) -> None:
        if self.rolls_left.value:
            self.roll_button.description = "Reroll the unlocked dice"
        else:
            self.roll_button.description = "New turn: roll every die"

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
                self.dice.value, self.rolls.value, costs, distinct_values=self.distinct_values
            )
        except HordesKitError as e:
            self.probability = None
            self.message.value = error_html(f"Costs to pay {self.cost.value!r}: {e}")
            self.result.value = (
                "<div class='hk-odds'><span class='hk-odds-pct'>—</span> "
                "<span class='hk-note'>No chance to show until the cost can be read.</span></div>"
            )
            for chart in (self.chart_rolls, self.chart_dice):
                chart.clear()
            self.charts.layout.display = "none"
            return
        self.message.value = ""
        self.charts.layout.display = None
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
        d, r, opt = self.dice.value, self.rolls.value, self.distinct_values
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

    @staticmethod
    def _figure(x, y, now, axis: str, title: str) -> LineChart:
        return LineChart(
            title,
            tuple(x),
            (Series("chance", tuple(y), "#6a3d9a"),),
            x_label=axis,
            mark=now,
        )

    def _update_chart(self, costs) -> None:
        s = self._series(costs)
        self.chart_rolls.show(
            self._figure(
                s[0]["x"],
                s[0]["y"],
                (s[1]["x"][0], s[1]["y"][0]),
                "rolls",
                f"By number of rolls ({self.dice.value} dice)",
            )
        )
        self.chart_dice.show(
            self._figure(
                s[2]["x"],
                s[2]["y"],
                (s[3]["x"][0], s[3]["y"][0]),
                "dice",
                f"By number of dice ({self.rolls.value} rolls)",
            )
        )

    def _update_table(self) -> None:
        n = self.dice.value
        table = probability_rows(
            [n], range(1, MAX_ROLLS + 1), common_costs(), distinct_values=self.distinct_values
        )
        headers = ["Cost"] + [f"{r} roll{'s' * (r > 1)}" for r in range(1, MAX_ROLLS + 1)]
        rows = [
            [row["cost"]]
            + [
                ("needs more dice" if row[f"rolls_{r}"] is None else percent(row[f"rolls_{r}"]))
                for r in range(1, MAX_ROLLS + 1)
            ]
            for row in table
        ]
        self.table.value = table_html(
            headers,
            rows,
            caption=f"Chance to pay each common cost with {n} dice, by the number of rolls "
            "(exact, keeping the best dice each time)",
        )

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
                distinct_values=self.distinct_values,
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
        table = RankedTable(
            f"Chance to pay {names} with {self.rolls_left.value} reroll(s) left, by what you "
            "keep now (exact, best play after)",
            ("Keep", "Chance to pay"),
            [(o.label, o.probability) for o in adv.options],
            formats=(str, lambda p: percent(p, 2)),
            numeric=(1,),
        )
        self.advice.value = f"<div class='hk-advice-best'>{head}</div>" + table.html(limit=12)


def odds_page() -> w.VBox:
    """The dice-odds dashboard (``notebooks/fantahzee_odds.ipynb``)."""
    explorer = DiceOddsExplorer()
    return page(explorer, explorer.links, sheet_link("fantahzee"), theme="fantahzee")
