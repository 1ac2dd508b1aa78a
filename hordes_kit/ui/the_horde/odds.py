"""The Horde's odds page: one battle's exact odds (with its die and the level × force
chart), and survival of whole games by buying policy (Monte Carlo, run on demand)."""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import one_of
from hordes_kit.core.svgchart import BarChart, GridChart, LineChart, Series
from hordes_kit.the_horde.bots import POLICIES
from hordes_kit.the_horde.cards import load_data
from hordes_kit.the_horde.odds import effective_force, kill_probability
from hordes_kit.the_horde.rules import GAME
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.common import error_html, note_html, odds_html, percent
from hordes_kit.ui.controls import SearchablePicker, columns, page, section
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.pieces import die_html
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.sheet import sheet_link
from hordes_kit.ui.table import RankedTable
from hordes_kit.ui.table_rules import TableRulesPanel
from hordes_kit.ui.the_horde.odds_links import open_survival, survival_params

__all__ = ["BattleOdds", "SurvivalExplorer", "hordlings", "defenders", "odds_page"]

LEVELS = list(range(1, 8))
FORCES = list(range(0, 11))
LABELLED = {"description_width": "initial"}
# the battle's bonuses as the table's rules allow them (options.toml: dizzy, *_stack)
DIZZY_WORDS = {
    "window": "Dizzy: a Grimthwacker after two in a row (−3)",
    "restart": "Dizzy: the third Grimthwacker in a row, counting again after him (−3)",
    "off": "Dizzy: your table plays without it",
}
ITEMS = {"add": (0, 1, 2, 3, 4, 5), "highest": (0, 1, 2)}
NEXT_GC = {"add": (0, 2, 4), "highest": (0, 2)}
_PANEL: list[TableRulesPanel] = []  # the page's one Table rules panel (one page a kernel)


def _bonus_options(values: tuple[int, ...]) -> list[tuple[str, int]]:
    return [("none" if v == 0 else f"+{v}", v) for v in values]


def page_rules() -> tuple[TableRulesPanel, bool]:
    """The odds page's Table rules panel, and whether this part shows it (the first does)."""
    first = not _PANEL
    if first:
        _PANEL.append(TableRulesPanel(GAME))
        _PANEL[0].open_from_url()
    return _PANEL[0], first


def hordlings() -> list[tuple[str, int]]:
    """Every hordling a player meets, with its level: (label, level)."""
    d = load_data()
    out = [(f"{h.name} (level {h.level})", h.level) for h in d.horde if h.level is not None]
    seen = set()
    for t in d.turns:
        if t.indigenous not in seen:
            seen.add(t.indigenous)
            out.append((f"{t.indigenous}, native to {t.location} (level {t.level})", t.level))
    return sorted(out, key=lambda x: x[1])


def defenders() -> list[tuple[str, tuple[int, bool]]]:
    """The fighting defenders: (label, (force, is a Grimthwacker))."""
    return [
        (f"{c.name} (force {c.force})", (c.force, c.effect == "grimthwacker"))
        for c in load_data().recruit
        if c.fights
    ]


class BattleOdds(w.VBox):
    """One battle roll: pick the hordling, the defender and the bonuses; see the exact odds.

    With the page's Table rules panel (``rules``) it offers the bonuses the table allows
    and its link carries the table's readings too.
    """

    def __init__(self, rules: TableRulesPanel | None = None) -> None:
        self.hordling = w.Dropdown(options=hordlings(), description="Hordling", style=LABELLED)
        opts = defenders()
        self.defender = w.Dropdown(
            options=opts,
            value=next(v for label, v in opts if "Grimthwacker" in label),
            description="Defender",
            style=LABELLED,
        )
        self.items = w.ToggleButtons(
            options=_bonus_options(ITEMS["add"]),
            value=0,
            description="Flute / Haunch of Meat",
            style={**LABELLED, "button_width": "auto"},
        )
        self.next_gc = w.ToggleButtons(
            options=_bonus_options(NEXT_GC["add"]),
            value=0,
            description="Boots / Ring (Grimthwacker only)",
            style={**LABELLED, "button_width": "auto"},
        )
        self.dizzy = w.Checkbox(value=False, description=DIZZY_WORDS["window"], indent=False)
        self.dizzy_rule = "window"
        for c in (self.items, self.next_gc):
            c.add_class("hk-choices")
        self.result = w.HTML()
        self.result.add_class("hk-battle-odds")
        self.message = w.HTML()
        self.chart = SvgChart()
        super().__init__(
            [
                columns(
                    w.VBox([self.hordling, self.defender, self.dizzy]),
                    w.VBox([self.items, self.next_gc]),
                ),
                self.message,
                self.result,
                w.HTML(
                    note_html(
                        "Chance to kill, every hordling level against every battle force "
                        "(the box is the battle above):"
                    )
                ),
                self.chart,
            ]
        )
        for c in (self.hordling, self.defender, self.items, self.next_gc, self.dizzy):
            c.observe(lambda _c: self.update(), "value")
        self.rules = rules
        if rules is not None:
            self.use_rules(rules.config())
            rules.on_change(self.use_rules)
        self.update()
        at_address(self._open_url)  # now, or when a preheated page is opened
        self.links = LinkBox(self.link_params)

    # --- links: the battle on screen in the page's address ----------------------------------

    def link_params(self) -> dict[str, object]:
        """The battle on screen as a link's parameters (the table's readings included)."""
        params = {
            "level": self.hordling.value,
            "defender": self.defender.label.split(" (")[0],
            "items": self.items.value,
            "boots": self.next_gc.value,
            "dizzied": "yes" if self.dizzy.value else "no",
        }
        return params | (self.rules.link_params() if self.rules is not None else {})

    def _open_url(self) -> str:
        """Show the battle the page's address names; what was wrong with it ("")."""
        names = {label.split(" (")[0]: v for label, v in self.defender.options}
        checks = {
            "level": one_of({str(v) for _, v in self.hordling.options}),
            "defender": one_of(names),
            "items": one_of({str(v) for _, v in self.items.options}),
            "boots": one_of({str(v) for _, v in self.next_gc.options}),
            "dizzied": one_of({"yes", "no"}),
        }
        wanted, problem = page_query(checks)
        if "level" in wanted:
            self.hordling.value = int(wanted["level"])
        if "defender" in wanted:
            self.defender.value = names[wanted["defender"]]
        if "items" in wanted:
            self.items.value = int(wanted["items"])
        if "boots" in wanted:
            self.next_gc.value = int(wanted["boots"])
        if "dizzied" in wanted:
            self.dizzy.value = wanted["dizzied"] == "yes" and self.dizzy_rule != "off"
        if problem:
            self.message.value = error_html(f"{problem}; the page opened as usual.")
        return problem

    @staticmethod
    def heatmap(level: int | None = None, force: int | None = None) -> GridChart:
        """Every level against every force, the chosen battle boxed."""
        z = tuple(tuple(float(kill_probability(lv, f)) for f in FORCES) for lv in LEVELS)
        return GridChart(
            "Chance to kill, by level and battle force",
            tuple(FORCES),
            tuple(LEVELS),
            z,
            x_label="defender's battle force",
            y_label="hordling level",
            box=(level, force) if level in LEVELS and force in FORCES else None,
        )

    @property
    def force(self) -> int:
        """The defender's battle force with the chosen bonuses."""
        base, grim = self.defender.value
        return effective_force(
            base,
            item_bonus=self.items.value,
            next_gc_bonus=self.next_gc.value if grim else 0,
            dizzy=self.dizzy.value and grim,
            grimthwacker=grim,
        )

    def use_rules(self, config: dict) -> None:
        """Offer the bonuses the table's rules allow (Dizzy, stacking) and recompute."""
        self.dizzy_rule = config["dizzy"]
        self.dizzy.description = DIZZY_WORDS[self.dizzy_rule]
        if self.dizzy_rule == "off":
            self.dizzy.value = False
        for box, values in (
            (self.items, ITEMS[config["item_stack"]]),
            (self.next_gc, NEXT_GC[config["boots_ring_stack"]]),
        ):
            box.options = _bonus_options(values)
            box.value = box.value if box.value in values else values[-1]
        self.update()

    def update(self) -> None:
        """Recompute the odds for the current choices."""
        level, (_, grim) = self.hordling.value, self.defender.value
        self.next_gc.disabled = not grim
        self.dizzy.disabled = not grim or self.dizzy_rule == "off"
        force = self.force
        p = kill_probability(level, force)
        need = 4 + level - force
        roll = "any roll" if need <= 1 else "no roll at all" if need > 6 else f"{need} or more"
        dice = "".join(
            die_html(f, small=True, highlight=f >= need, label=f"{f}: {word}")
            for f in range(1, 7)
            for word in ("kills" if f >= need else "loses",)
        )
        self.result.value = (
            odds_html(p, "Chance the hordling is killed")
            + f"<div class='hk-ui hk-surface hk-kill-faces' style='display:flex;gap:4px;"
            f"align-items:center;flex-wrap:wrap'><span>Faces that kill:</span>{dice}</div>"
            + note_html(
                f"Battle roll 1d6 − {level} (level) + {force} (battle force) must reach 4: "
                f"{roll} on the die. Otherwise the defender dies and the hordling attacks the "
                "village."
            )
        )
        self.chart.show(self.heatmap(level, force))


class SurvivalExplorer(w.VBox):
    """Choose and tune a buying policy, then Run: whole games, 10,000 in about a second."""

    def __init__(self, games: int = 10_000, run: bool = False) -> None:
        d = load_data()
        cards = [(c.name, c.id) for c in d.recruit if c.effect != "grimthwacker"]
        self.policy = w.Dropdown(
            options=list(POLICIES), value="balanced", description="Policy", style=LABELLED
        )
        self.about = w.HTML()
        self.wants = SearchablePicker(cards, label="Add a card", what="card")
        self.reserve = w.BoundedIntText(
            min=0, max=10, description="Keep Crowns for this many taxes ahead", style=LABELLED
        )
        self.extra = w.ToggleButtons(
            options=list(range(d.setup["extra_flips"] + 1)),
            description="Extra flips a turn",
            style={**LABELLED, "button_width": "auto"},
        )
        self.heal = w.Checkbox(description="Spend Healing Rocks on Grimthwackers", indent=False)
        self.games = w.BoundedIntText(
            value=games, min=1, max=1_000_000, description="Games", style=LABELLED
        )
        self.seed = w.BoundedIntText(value=1, min=0, max=2**31, description="Seed", style=LABELLED)
        self.run_button = w.Button(description="Run", button_style="primary")
        self.compare_button = w.Button(description="Compare the named policies")
        self.run_button.add_class("hk-run")
        self.compare_button.add_class("hk-compare")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Playing")
        self.progress.layout.display = "none"
        self.status = w.HTML()
        self.result = w.HTML(
            note_html("Press Run to play the policy above (10,000 games take about a second).")
        )
        self.result.add_class("hk-survival-result")
        self.curve, self.ends = SvgChart(), SvgChart()
        self.causes = w.HTML()
        self.results: list = []
        self.ran = "policy"  # what the results on screen are: "policy" or "compare"
        self.table_rules: dict = {}  # the readings the table changed: the games play them
        self.links = LinkBox(lambda: survival_params(self))
        super().__init__(
            [
                w.VBox([self.policy, self.about]),
                w.HTML(
                    note_html(
                        "The cards the policy buys, most wanted first: it buys the first one "
                        "in the row it can afford while keeping the reserve. Type a card's "
                        "name to add it at the end; × removes it."
                    )
                ),
                self.wants,
                columns(w.VBox([self.reserve, self.extra]), w.VBox([self.heal])),
                w.HBox([self.games, self.seed]),
                w.HBox([self.run_button, self.compare_button]),
                self.progress,
                self.status,
                self.result,
                columns(self.curve, self.ends),
                self.causes,
                self.links,
            ]
        )
        self.policy.observe(lambda _c: self._load_policy(), "value")
        self.run_button.on_click(lambda _b: self.run())
        self.compare_button.on_click(lambda _b: self.compare())
        self._load_policy()
        if run:
            self.run()

    def _load_policy(self) -> None:
        p = POLICIES[self.policy.value]
        self.wants.set(p.wants)
        self.reserve.value, self.extra.value, self.heal.value = (
            p.reserve_turns,
            p.extra_flips,
            p.heal,
        )
        self.about.value = note_html(p.about)

    def tuned_policy(self):
        """The policy with the parameters on screen (validated)."""
        base = POLICIES[self.policy.value]
        wants = tuple(self.wants.value)
        changed = (
            wants != base.wants
            or self.reserve.value != base.reserve_turns
            or self.extra.value != base.extra_flips
            or self.heal.value != base.heal
        )
        return base.tuned(
            name=base.name + (" (tuned)" if changed else ""),
            wants=wants,
            reserve_turns=self.reserve.value,
            extra_flips=self.extra.value,
            heal=self.heal.value,
        )

    def _simulate(self, policy, offset: int = 0, total: int | None = None):
        from hordes_kit.the_horde.simulate import simulate  # the simulator loads on first Run

        n = self.games.value
        if not 1 <= n <= 1_000_000:
            raise HordesKitError("games must be 1 to 1,000,000")
        self.progress.max = total or n
        return simulate(
            policy,
            n,
            self.seed.value,
            progress=lambda d, _t: setattr(self.progress, "value", offset + d),
            config=self.table_rules,
        )

    def use_rules(self, changed: dict) -> None:
        """Play the table's readings from the next Run on (the last results are cleared)."""
        if changed == self.table_rules:
            return
        self.table_rules = dict(changed)
        had, self.results = bool(self.results), []
        if had:  # figures of other rules would mislead
            self.result.value = note_html("Your table's rules changed: press Run to play them.")
            self.curve.clear()
            self.ends.clear()
            self.causes.value = ""

    def _play(self, policies) -> None:
        self.progress.layout.display = None
        try:
            n = self.games.value
            self.results = [
                self._simulate(p, k * n, len(policies) * n) for k, p in enumerate(policies)
            ]
        except HordesKitError as e:
            self.status.value = error_html(str(e))
            return
        finally:
            self.progress.layout.display = "none"
        self.status.value = ""
        self._show()

    def run(self) -> None:
        """What Run does: the tuned policy over N seeded games."""
        try:
            pol = self.tuned_policy()
        except HordesKitError as e:
            self.status.value = error_html(str(e))
            return
        self.ran = "policy"
        self._play([pol])

    def compare(self) -> None:
        """Every named policy over the same seeded games."""
        self.ran = "compare"
        self._play(list(POLICIES))

    def _show(self) -> None:
        if not self.results:
            return
        self.result.value = self._table_html()
        curves = [
            dict(zip(c["turn"].to_list(), c["alive"].to_list()))
            for c in (r.curve() for r in self.results)
        ]
        turns = tuple(sorted({t for c in curves for t in c}))
        palette = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
        lines = []
        for k, (r, alive) in enumerate(zip(self.results, curves)):
            ys, last = [], 1.0  # before its first turn every game is alive; then its last share
            for t in turns:
                last = float(alive.get(t, last))
                ys.append(last)
            lines.append(Series(r.policy, tuple(ys), palette[k % len(palette)]))
        self.curve.show(
            LineChart(
                "Games still alive after each turn",
                turns,
                tuple(lines),
                x_label="turn",
                y_label="games alive",
                markers=False,
            )
        )
        ends = (
            ("win", "survived", "#2e8b57"),
            ("taxes", "unpaid tax", "#b8860b"),
            ("chauncey", "Chauncey killed", "#b22222"),
        )
        self.ends.show(
            BarChart(
                "How the games end",
                tuple(r.policy for r in self.results),
                tuple(
                    Series(label, tuple(r.count(code) / r.games for r in self.results), colour)
                    for code, label, colour in ends
                ),
                y_label="share of games",
                stacked=True,
            )
        )
        parts = []
        for r in self.results:
            df = r.deaths_by_turn()
            worst = df.with_columns(total=df["taxes"] + df["chauncey"]).sort(
                "total", descending=True
            )
            top = ", ".join(
                f"turn {t['turn']} ({t['chauncey']:,} to the horde, {t['taxes']:,} to the tax)"
                for t in worst.head(3).iter_rows(named=True)
            )
            parts.append(f"{html.escape(r.policy)}: most games end on {top}")
        self.causes.value = note_html(" · ".join(parts))

    def table(self) -> RankedTable:
        """The results ranked by the share of games that survive, with 95% intervals (how
        the other games end is the chart beside it)."""
        rows = [(r.policy, r.survival, "{:.2%}–{:.2%}".format(*r.interval)) for r in self.results]
        spans = {r.policy: r.interval for r in self.results}
        n = self.results[0].games if self.results else 0
        return RankedTable(
            f"Chance Chauncey survives all 20 turns, the policy buying from a new game "
            f"({n:,} games each, the same games for every policy)",
            ("Policy", "Survives 20 turns", "95% interval"),
            rows,
            rank_by=1,
            formats=(None, lambda p: percent(p, 2), None),
            interval=lambda row: spans[row[0]],
            numeric=(1, 2),
        )

    def _table_html(self) -> str:
        table = self.table()
        head = table.headline("Survives most often") if len(self.results) > 1 else None
        return table.html(headline=head)


def odds_page(part: str = "battle") -> w.VBox:
    """One part of the odds page (``battle`` or ``survival``) in The Horde's colours."""
    if part not in ("battle", "survival"):
        raise ValueError(f"part must be 'battle' or 'survival', got {part!r}")
    panel, shown = page_rules()
    if part == "battle":
        calc = BattleOdds(panel)
        body = w.VBox([section("One battle, exactly", calc), calc.links, sheet_link(GAME)])
    else:
        calc = SurvivalExplorer()
        body = section("Whole games by buying policy", calc)
        calc.use_rules(panel.changed())
        panel.on_change(lambda _c: calc.use_rules(panel.changed()))
        open_survival(calc)  # after the table's rules: a link's games play them
    return page(*([panel] if shown else []), body, theme=GAME)
