"""The Horde odds dashboard: battle odds (with a level x force heatmap) and survival."""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from hordes_kit.core.errors import HordesKitError
from hordes_kit.the_horde.bots import POLICIES
from hordes_kit.the_horde.cards import load_data
from hordes_kit.the_horde.odds import effective_force, kill_probability
from hordes_kit.the_horde.simulate import simulate
from hordes_kit.ui.common import error_html, note_html, odds_html, percent, table_html

__all__ = ["BattleOdds", "SurvivalExplorer", "hordlings", "defenders"]

STYLE = {"description_width": "150px"}
LEVELS = list(range(1, 8))
FORCES = list(range(0, 11))


def hordlings() -> list[tuple[str, int]]:
    """Every hordling a player meets, with its level: (label, level)."""
    d = load_data()
    out = []
    for h in d.horde:
        if h.level is not None:
            out.append((f"{h.name} (level {h.level})", h.level))
    seen = set()
    for t in d.turns:
        if t.indigenous not in seen:
            seen.add(t.indigenous)
            out.append((f"{t.indigenous}, indigenous in {t.location} (level {t.level})", t.level))
    return sorted(out, key=lambda x: x[1])


def defenders() -> list[tuple[str, tuple[int, bool]]]:
    """The fighting defenders: (label, (force, is a Grimthwacker))."""
    return [
        (f"{c.name} (force {c.force})", (c.force, c.effect == "grimthwacker"))
        for c in load_data().recruit
        if c.fights
    ]


class BattleOdds(w.VBox):
    """One battle roll: pick the hordling, the defender and the bonuses; see the exact odds."""

    def __init__(self) -> None:
        wide = w.Layout(width="480px")
        self.hordling = w.Dropdown(
            options=hordlings(), description="Hordling", style=STYLE, layout=wide
        )
        opts = defenders()
        self.defender = w.Dropdown(
            options=opts,
            value=next(v for label, v in opts if "Grimthwacker" in label),
            description="Defender",
            style=STYLE,
            layout=wide,
        )
        self.items = w.IntSlider(
            value=0, min=0, max=6, description="Flute/Haunch bonus", style=STYLE
        )
        self.next_gc = w.IntSlider(
            value=0, min=0, max=4, step=2, description="Boots/Ring bonus", style=STYLE
        )
        self.dizzy = w.Checkbox(
            value=False,
            description="Dizzy (third Grimthwacker in a row)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.result = w.HTML()
        self.result.add_class("hk-battle-odds")
        self.chart = None
        fig = self._heatmap()
        fig.update_layout(height=360, width=620, shapes=self._marker())
        self.chart = go.FigureWidget(fig)  # built with its first data (see ui/fantahzee_odds)
        super().__init__(
            [
                w.HBox(
                    [w.VBox([self.hordling, self.defender]), w.VBox([self.items, self.next_gc])]
                ),
                self.dizzy,
                self.result,
                w.HTML(note_html("Chance to kill, every level against every battle force:")),
                self.chart,
            ]
        )
        for c in (self.hordling, self.defender, self.items, self.next_gc, self.dizzy):
            c.observe(lambda _c: self.update(), "value")
        self.update()

    @staticmethod
    def _heatmap() -> go.Figure:
        z = [[float(kill_probability(lv, f)) for f in FORCES] for lv in LEVELS]
        text = [[percent(x, 0) for x in row] for row in z]
        fig = go.Figure(
            go.Heatmap(
                z=z,
                x=FORCES,
                y=LEVELS,
                text=text,
                texttemplate="%{text}",
                colorscale="RdYlGn",
                zmin=0,
                zmax=1,
                colorbar={"title": "kill", "tickformat": ".0%"},
                hovertemplate="level %{y}, force %{x}: %{text}<extra></extra>",
            )
        )
        fig.update_layout(
            xaxis_title="defender's battle force",
            yaxis_title="hordling level",
            margin={"l": 60, "r": 20, "t": 20, "b": 50},
        )
        return fig

    @property
    def force(self) -> int:
        """The defender's battle force with the chosen bonuses."""
        base, grim = self.defender.value
        return effective_force(
            base,
            item_bonus=self.items.value,
            next_gc_bonus=self.next_gc.value,
            dizzy=self.dizzy.value,
            grimthwacker=grim,
        )

    def update(self) -> None:
        """Recompute the odds for the current choices."""
        level, (_, grim) = self.hordling.value, self.defender.value
        self.next_gc.disabled = self.dizzy.disabled = not grim
        force = self.force
        p = kill_probability(level, force)
        need = 4 + level - force
        roll = "any roll" if need <= 1 else "no roll at all" if need > 6 else f"{need} or more"
        self.result.value = odds_html(p, "Chance the hordling is killed") + note_html(
            f"Battle roll 1d6 − {level} (level) + {force} (battle force) must reach 4: "
            f"{roll} on the die. Otherwise the defender dies and the hordling attacks the village."
        )
        if self.chart is not None:
            with self.chart.batch_update():
                self.chart.layout.shapes = self._marker()

    def _marker(self) -> list[dict]:
        level, force = self.hordling.value, self.force
        if force not in FORCES or level not in LEVELS:
            return []
        box = {"x0": force - 0.5, "x1": force + 0.5, "y0": level - 0.5, "y1": level + 0.5}
        return [{"type": "rect", **box, "line": {"color": "black", "width": 3}}]


class SurvivalExplorer(w.VBox):
    """Choose and tune a buying policy; 10,000 games a second show how long Chauncey lasts."""

    def __init__(self, games: int = 10_000) -> None:
        d = load_data()
        ids = [c.id for c in d.recruit if c.effect != "grimthwacker"]
        self.policy = w.Dropdown(
            options=list(POLICIES), value="balanced", description="Policy", style=STYLE
        )
        self.about = w.HTML()
        self.wants = w.TagsInput(allowed_tags=ids, allow_duplicates=False)
        self.reserve = w.IntSlider(min=0, max=10, description="Reserve: taxes ahead", style=STYLE)
        self.extra = w.IntSlider(
            min=0, max=d.setup["extra_flips"], description="Extra flips/turn", style=STYLE
        )
        self.heal = w.Checkbox(
            description="Spend Healing Rocks on Grimthwackers",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.games = w.IntText(
            value=games, description="Games", style=STYLE, layout=w.Layout(width="260px")
        )
        self.seed = w.IntText(value=1, description="Seed", layout=w.Layout(width="160px"))
        self.run_button = w.Button(description="Run", button_style="primary")
        self.compare_button = w.Button(
            description="Compare the named policies", layout=w.Layout(width="auto")
        )
        self.run_button.add_class("hk-run")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="260px"))
        self.status = w.HTML()
        self.result = w.HTML()
        self.result.add_class("hk-survival-result")
        self._load_policy()
        self.results = [self._simulate(self.tuned_policy())]
        fig = go.Figure(self._traces())
        fig.update_layout(
            height=340,
            width=680,
            title="Games still alive after each turn",
            xaxis_title="turn",
            yaxis_title="games still alive",
            yaxis_tickformat=".0%",
            yaxis_range=[0, 1.02],
            margin={"l": 60, "r": 20, "t": 40, "b": 50},
        )
        self.curve = go.FigureWidget(fig)  # built with its first data (see ui/fantahzee_odds)
        bars = go.Figure(self._bars())
        bars.update_layout(
            height=300,
            width=680,
            barmode="stack",
            title="How the games end",
            yaxis_tickformat=".0%",
            margin={"l": 60, "r": 20, "t": 40, "b": 40},
        )
        self.ends = go.FigureWidget(bars)
        self.causes = w.HTML()
        super().__init__(
            [
                w.HBox([self.policy, self.about]),
                w.HTML(
                    note_html(
                        "Cards the policy buys, most wanted first (drag to reorder, × to drop, "
                        "type a card id to add). It buys the first card in the row it can "
                        "afford while keeping the reserve."
                    )
                ),
                self.wants,
                w.HBox([self.reserve, self.extra, self.heal]),
                w.HBox([self.games, self.seed]),
                w.HBox([self.run_button, self.compare_button, self.progress, self.status]),
                self.result,
                self.curve,
                self.ends,
                self.causes,
            ]
        )
        self.policy.observe(lambda _c: self._load_policy(), "value")
        self.run_button.on_click(lambda _b: self.run())
        self.compare_button.on_click(lambda _b: self.compare())
        self._show()

    def _traces(self) -> list:
        out = []
        for r in self.results:
            c = r.curve()
            out.append(
                go.Scatter(
                    x=c["turn"].to_list(),
                    y=c["alive"].to_list(),
                    mode="lines+markers",
                    name=r.policy,
                )
            )
        return out

    def _bars(self) -> list:
        names = [r.policy for r in self.results]
        out = []
        for code, label, colour in (
            ("win", "survived", "#2e8b57"),
            ("taxes", "unpaid tax", "#d4a017"),
            ("chauncey", "Chauncey killed", "#b22222"),
        ):
            out.append(
                go.Bar(
                    x=names,
                    y=[r.count(code) / r.games for r in self.results],
                    name=label,
                    marker_color=colour,
                )
            )
        return out

    def _load_policy(self) -> None:
        p = POLICIES[self.policy.value]
        self.wants.value = list(p.wants)
        self.reserve.value, self.extra.value, self.heal.value = (
            p.reserve_turns,
            p.extra_flips,
            p.heal,
        )
        self.about.value = note_html(p.about)

    def tuned_policy(self):
        """The policy with the parameters on screen (validated)."""
        base = POLICIES[self.policy.value]
        changed = (
            tuple(self.wants.value) != base.wants
            or self.reserve.value != base.reserve_turns
            or self.extra.value != base.extra_flips
            or self.heal.value != base.heal
        )
        return base.tuned(
            name=base.name + (" (tuned)" if changed else ""),
            wants=tuple(self.wants.value),
            reserve_turns=self.reserve.value,
            extra_flips=self.extra.value,
            heal=self.heal.value,
        )

    def _simulate(self, policy, offset: int = 0, total: int | None = None):
        n = self.games.value
        if not 1 <= n <= 1_000_000:
            raise HordesKitError("games must be 1 to 1,000,000")
        self.progress.max = total or n
        return simulate(
            policy,
            n,
            self.seed.value,
            progress=lambda d, _t: setattr(self.progress, "value", offset + d),
        )

    def run(self) -> None:
        """What Run does: the tuned policy over N seeded games."""
        try:
            pol = self.tuned_policy()
            self.status.value = "&nbsp;playing…"
            res = self._simulate(pol)
        except HordesKitError as e:
            self.status.value = error_html(str(e))
            return
        self.results = [res]
        self._show()

    def compare(self) -> None:
        """Every named policy over the same seeded games."""
        try:
            self.results = [
                self._simulate(name, k * self.games.value, len(POLICIES) * self.games.value)
                for k, name in enumerate(POLICIES)
            ]
        except HordesKitError as e:
            self.status.value = error_html(str(e))
            return
        self._show()

    def _show(self) -> None:
        rows = []
        for r in self.results:
            lo, hi = r.interval
            rows.append(
                [
                    r.policy,
                    f"{r.games:,}",
                    percent(r.survival, 2),
                    f"{percent(lo, 2)}–{percent(hi, 2)}",
                    percent(r.count("taxes") / r.games),
                    percent(r.count("chauncey") / r.games),
                ]
            )
        best = max(range(len(self.results)), key=lambda i: self.results[i].survival)
        self.status.value = "&nbsp;done (fast simulator, checked against the rules engine)"
        self.result.value = table_html(
            [
                "Policy",
                "Games",
                "Survive 20 turns",
                "95% interval",
                "Unpaid tax",
                "Chauncey killed",
            ],
            rows,
            highlight=best if len(rows) > 1 else None,
        )
        with self.curve.batch_update():
            self.curve.data = []
            for t in self._traces():
                self.curve.add_trace(t)
        self.ends.data = []
        self.ends.add_traces(self._bars())
        deaths = [(r.policy, r.deaths_by_turn()) for r in self.results]
        parts = []
        for name, df in deaths:
            worst = df.with_columns(total=df["taxes"] + df["chauncey"]).sort(
                "total", descending=True
            )
            top = worst.head(3).iter_rows(named=True)
            parts.append(
                f"{name}: most games end on turns "
                + ", ".join(f"{t['turn']} ({t['chauncey']} horde, {t['taxes']} tax)" for t in top)
            )
        self.causes.value = note_html(" · ".join(parts))
