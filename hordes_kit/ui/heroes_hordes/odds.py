"""Heroes & Hordes odds dashboard: the battle calculator, the risk ahead, the bots compared.

Nothing is simulated before the page is drawn: the calculator and the risk ahead are
exact and instant; the bots play only when Compare is pressed.
"""

from __future__ import annotations

import time

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import list_of, one_of
from hordes_kit.core.svgchart import BarChart, LineChart, Series
from hordes_kit.heroes_hordes.cards import PILES, RACE_OF_PILE, load_cards
from hordes_kit.heroes_hordes.odds import battle_report, risk_ahead
from hordes_kit.heroes_hordes.rules import GAME, HHConfig, card_index
from hordes_kit.heroes_hordes.simulate import simulate
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.common import error_html, note_html, percent, table_html
from hordes_kit.ui.controls import SearchablePicker, columns, page, section
from hordes_kit.ui.heroes_hordes.odds_links import (
    MAX_SEED,
    bots_params,
    open_bots,
    open_risk,
    risk_params,
)
from hordes_kit.ui.heroes_hordes.pictures import KIND_OF_PILE, pile_name, report_html
from hordes_kit.ui.links import LinkBox
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.sheet import sheet_link
from hordes_kit.ui.surface import ActionView
from hordes_kit.ui.table import RankedTable
from hordes_kit.ui.table_rules import TableRulesPanel
from hordes_kit.ui.theme import theme

__all__ = ["BattleCalculator", "RiskAhead", "PolicyComparison", "odds_page"]

THEME = "heroes-hordes"
WIDE = {"description_width": "initial"}
POLICY_WORDS = {
    "random": "Random: any legal move",
    "greedy": "Greedy: the strongest pile first",
    "lookahead": "Lookahead: uses the battle calculator",
}


def _pile_toggle(piles, value: str, label: str) -> w.ToggleButtons:
    t = w.ToggleButtons(
        options=[(pile_name(p), p) for p in piles], value=value, description=label, style=WIDE
    )
    t.add_class("hk-pile-toggle")
    return t


def _names(cards, pile: str) -> list[str]:
    race = RACE_OF_PILE[pile]
    return sorted({c.name for c in cards if race in c.types})


class BattleCalculator(w.VBox):
    """Choose a horde pile and a hero pile card by card; see every card's battle force with
    its modifiers, the winner and (if the heroes win) the best discard; with the page's
    Table rules panel (``rules``) it follows the table's readings and its link carries them."""

    def __init__(
        self,
        horde=("Warlord", "Goblins", "Orks", "Trolls", "Ogre"),
        heroes=("Dwarf Lord", "Clansmen", "Troll Slayer"),
        horde_pile: str = "goblins",
        hero_pile: str = "dwarves",
        rules: TableRulesPanel | None = None,
    ) -> None:
        self.cards = load_cards()
        self.by_name = {c.name: c for c in self.cards}
        self.horde_pile = _pile_toggle(PILES[3:], horde_pile, "Horde pile")
        self.hero_pile = _pile_toggle(PILES[:3], hero_pile, "Hero pile")
        self.horde = SearchablePicker(
            _names(self.cards, horde_pile), label="Add a horde card", what="card", value=horde
        )
        self.heroes = SearchablePicker(
            _names(self.cards, hero_pile), label="Add a hero card", what="card", value=heroes
        )
        self.horde.add_class("hk-horde-picker")
        self.heroes.add_class("hk-hero-picker")
        self.result = ActionView(theme=THEME, label="The battle")
        self.result.add_class("hk-battle-result")
        self.report = None
        self.message = w.HTML()
        super().__init__(
            [
                columns(
                    w.VBox([self.horde_pile, self.horde]),
                    w.VBox([self.hero_pile, self.heroes]),
                    min_width=300,
                ),
                self.message,
                self.result,
            ]
        )
        self.horde_pile.observe(lambda c: self._restock(self.horde, c["new"]), "value")
        self.hero_pile.observe(lambda c: self._restock(self.heroes, c["new"]), "value")
        self.horde.on_change(lambda _ids: self.update())
        self.heroes.on_change(lambda _ids: self.update())
        self.rules = rules
        if rules is not None:
            rules.on_change(self.use_rules)
        self.update()
        at_address(self._open_url)  # now, or when a preheated page is opened
        self.links = LinkBox(self.link_params)

    # --- links: the battle on screen in the page's address ----------------------------------

    def link_params(self) -> dict[str, object]:
        """The battle on screen as a link's parameters (the table's readings included)."""
        params = {
            "horde_pile": self.horde_pile.value,
            "hero_pile": self.hero_pile.value,
            "horde": ",".join(self.horde.value),
            "heroes": ",".join(self.heroes.value),
        }
        return params | (self.rules.link_params() if self.rules is not None else {})

    def _open_url(self) -> str:
        """Show the battle the page's address names; what was wrong with it ("")."""
        known = set(self.by_name)
        checks = {
            "horde_pile": one_of(PILES[3:]),
            "hero_pile": one_of(PILES[:3]),
            "horde": list_of(known, self.horde.max_items),
            "heroes": list_of(known, self.heroes.max_items),
        }
        wanted, problem = page_query(checks)
        sides = (("horde", "horde_pile", self.horde_pile), ("heroes", "hero_pile", self.hero_pile))
        for key, pile_key, pile in sides:
            fits = _names(self.cards, wanted.get(pile_key, pile.value))
            stray = [n for n in wanted.get(key, ()) if n not in fits]
            if stray and not problem:
                problem = f"{key}= in the address: {stray[0]} is not in that pile"
        if problem:
            self.message.value = error_html(f"{problem}; the page opened as usual.")
            return problem
        for _key, pile_key, pile in sides:
            if pile_key in wanted:
                pile.value = wanted[pile_key]
        self.pick(wanted.get("horde"), wanted.get("heroes"))
        return ""

    def use_rules(self, config: dict) -> None:
        """The cards as the table's rules read them (a lord counting itself or not)."""
        self.cards = tuple(card_index(HHConfig.from_dict(config)).values())
        self.by_name = {c.name: c for c in self.cards}
        self.update()

    def _restock(self, picker: SearchablePicker, pile: str) -> None:
        """A new pile: its cards to choose from; the chosen cards that fit it stay."""
        names = _names(self.cards, pile)
        picker.options = tuple((n, n) for n in names)
        picker.box.options = names
        picker.set([n for n in picker.value if n in names])

    def pick(self, horde=None, heroes=None) -> None:
        """What choosing cards does (by name)."""
        if horde is not None:
            self.horde.set(tuple(horde))
        if heroes is not None:
            self.heroes.set(tuple(heroes))

    def update(self) -> None:
        """Recompute the battle."""
        if not self.horde.value or not self.heroes.value:
            self.report = None
            self.result.show(note_html("Choose at least one card on each side."))
            return
        try:
            self.report = rep = battle_report(
                [self.by_name[n] for n in self.horde.value],
                [self.by_name[n] for n in self.heroes.value],
                horde_pile=self.horde_pile.value,
                hero_pile=self.hero_pile.value,
            )
        except HordesKitError as e:
            self.report = None
            self.result.show(error_html(str(e)))
            return
        score = (
            f"{pile_name(rep.horde_pile)} {rep.horde_force} against "
            f"{pile_name(rep.hero_pile)} {rep.hero_force}: "
        )
        if rep.winner == "heroes":
            gone = ", ".join(c.name for c in rep.discard) or "nothing"
            advice = (
                f"{score}the heroes win. Best discard: {gone} (battle forces reaching "
                f"{rep.horde_force}); the {pile_name(rep.hero_pile)} keep force {rep.kept_force}."
            )
        else:
            advice = (
                f"{score}the horde wins by {rep.horde_force - rep.hero_force}. The whole "
                f"{pile_name(rep.hero_pile)} pile is discarded and you take 1 Devastation Token."
            )
        self.result.show(
            f"<div class='hk-advice-head'>{advice}</div>" + report_html(rep, headline="")
        )


class RiskAhead(w.VBox):
    """P(each horde pile reaches 5 cards within the next draws) from a fresh deck, exact."""

    def __init__(self) -> None:
        self.cards = list(load_cards())
        self.sizes = {
            p: w.ToggleButtons(
                options=[0, 1, 2, 3, 4], value=2, description=f"{pile_name(p)} now", style=WIDE
            )
            for p in PILES[3:]
        }
        self.draws = w.Dropdown(
            options=list(range(1, 16)), value=3, description="Next Fate draws", style=WIDE
        )
        self.result = w.HTML()
        self.chart = SvgChart()
        self.message = w.HTML()
        self.links = LinkBox(lambda: risk_params(self))
        super().__init__(
            [*self.sizes.values(), self.draws, self.message, self.result, self.chart, self.links]
        )
        for s in [*self.sizes.values(), self.draws]:
            s.observe(lambda _c: self.update(), "value")
        self.update()
        open_risk(self)  # now, or when a preheated page is opened

    def _deck(self) -> list:
        deck = list(self.cards)
        for pile, toggle in self.sizes.items():
            race = RACE_OF_PILE[pile]
            for _ in range(toggle.value):
                deck.remove(next(c for c in deck if c.types == {race}))
        return deck

    def update(self) -> None:
        """Recompute the table and the chart (the deck = every card not in a horde pile)."""
        deck = self._deck()
        sizes = {p: s.value for p, s in self.sizes.items()}
        risk = risk_ahead(sizes, deck, draws=self.draws.value)
        self.risk = risk
        rows = [[pile_name(p), sizes[p], percent(r)] for p, r in risk.items()]
        self.result.value = table_html(
            ["Horde pile", "Cards now", "Chance to attack"],
            rows,
            caption=f"Chance each horde pile holds 5 cards (and attacks) within the next "
            f"{self.draws.value} Fate draws: exact, from the {len(deck)} cards left in the deck",
        )
        xs = tuple(range(1, 16))
        curves = {p: [float(risk_ahead(sizes, deck, draws=k)[p]) for k in xs] for p in sizes}
        self.chart.show(
            LineChart(
                "Chance to attack within N draws",
                xs,
                tuple(
                    Series(
                        pile_name(p),
                        tuple(ys),
                        theme(THEME).kind_colour(KIND_OF_PILE[p]),
                        dash=dash,
                    )
                    for (p, ys), dash in zip(curves.items(), ("", "dash", "dot"))
                ),
                x_label="Fate draws from now",
                y_label="chance to attack",
                vline=self.draws.value,
            )
        )


class PolicyComparison(w.VBox):
    """Win, tie and loss rates of the shipped bots over the same seeded games, with 95%
    intervals; ranked by wins."""

    def __init__(self) -> None:
        self.games = w.ToggleButtons(
            options=[("1,000", 1000), ("10,000", 10_000), ("100,000", 100_000)],
            value=10_000,
            description="Games per bot",
            style=WIDE,
        )
        self.seed = w.BoundedIntText(
            1, min=0, max=MAX_SEED, description="Seed", style=WIDE, layout=w.Layout(width="160px")
        )
        self.checks = {
            p: w.Checkbox(value=True, description=words, indent=False, style=WIDE)
            for p, words in POLICY_WORDS.items()
        }
        self.run_button = w.Button(description="Compare", button_style="primary")
        self.run_button.add_class("hk-compare")
        self.progress = w.IntProgress(0, 0, 1, layout=w.Layout(width="200px"))
        self.progress.layout.visibility = "hidden"
        self.status = w.HTML()
        self.table = w.HTML()
        self.tokens_table = w.HTML()
        self.chart = SvgChart()
        self.results = []
        self.table_rules: dict = {}  # the readings the table changed: the bots play them
        self.links = LinkBox(lambda: bots_params(self))
        super().__init__(
            [
                w.HBox([self.games, self.seed]),
                w.VBox(list(self.checks.values())),
                w.HBox([self.run_button, self.progress]),
                self.status,
                self.table,
                self.chart,
                self.tokens_table,
                self.links,
            ]
        )
        self.run_button.on_click(lambda _b: self.run())

    def use_rules(self, changed: dict) -> None:
        """Play the table's readings from the next Compare on (old figures cleared)."""
        if changed == self.table_rules:
            return
        self.table_rules = dict(changed)
        if self.results:
            self.results = []
            self.table.value = self.tokens_table.value = ""
            self.chart.clear()
            self.status.value = note_html("Your table's rules changed: press Compare again.")

    @property
    def policies(self) -> tuple[str, ...]:
        """The bots ticked."""
        return tuple(p for p, c in self.checks.items() if c.value)

    @staticmethod
    def _figure(results) -> BarChart:
        series = []
        for outcome, colour in (("win", "#2d7a4b"), ("tie", "#b07800"), ("loss", "#9b2226")):
            bounds = [r.interval(outcome) for r in results]
            series.append(
                Series(
                    outcome,
                    tuple(r.rate(outcome) for r in results),
                    colour,
                    tuple(lo for lo, _ in bounds),
                    tuple(hi for _, hi in bounds),
                )
            )
        return BarChart(
            "How the games end, by bot (95% intervals)",
            tuple(r.policy for r in results),
            tuple(series),
            y_label="share of games",
        )

    def run(self) -> None:
        """What Compare does: every ticked bot over the same seeded games."""
        chosen = list(self.policies)
        if not chosen:
            self.status.value = error_html("Tick at least one bot.")
            return
        n = self.games.value
        start = time.perf_counter()
        self.progress.layout.visibility = "visible"
        self.progress.max = n * len(chosen)
        self.results = []
        for k, name in enumerate(chosen):
            self.status.value = note_html(f"playing {name}…")
            done = k * n
            res = simulate(
                name,
                n,
                self.seed.value,
                progress=lambda d, _t, done=done: setattr(self.progress, "value", done + d),
                config=self.table_rules,
            )
            self.results.append(res)
        took = time.perf_counter() - start
        self.progress.layout.visibility = "hidden"
        self.status.value = note_html(
            f"done: {n * len(chosen):,} games in {took:.1f} s "
            "(fast simulator, checked against the rules engine)"
        )
        by = {r.policy: r for r in self.results}
        table = RankedTable(
            "Share of games each bot wins (2 or fewer Devastation Tokens at the end), "
            "over the same seeded deals",
            ("Bot", "Win", "Tie", "Loss"),
            [(r.policy, r.rate("win"), r.rate("tie"), r.rate("loss")) for r in self.results],
            rank_by=1,
            formats=(None, percent, percent, percent),
            interval=lambda row: by[row[0]].interval("win"),
            numeric=(1, 2, 3),
            note=f"{n:,} games per bot.",
        )
        self.ranking = table
        self.table.value = table.html(headline=table.headline("Most wins"))
        tokens = sorted({t for r in self.results for t in r.tokens})
        # one row per token count, one column per bot: narrow enough for a phone
        self.tokens_table.value = table_html(
            ["Tokens at the end", *(r.policy for r in self.results)],
            [[t, *(percent(r.tokens.get(t, 0) / r.games) for r in self.results)] for t in tokens],
            caption="Devastation Tokens at the end: share of each bot's games",
        )
        self.chart.show(self._figure(self.results))


def odds_page() -> w.VBox:
    """The odds dashboard: calculator, risk ahead and the bots compared, one section each;
    the Table rules panel above them (the calculator and the bots follow it)."""
    panel = TableRulesPanel(GAME)
    calc, bots = BattleCalculator(rules=panel), PolicyComparison()
    panel.on_change(lambda _cfg: bots.use_rules(panel.changed()))
    panel.open_from_url()
    open_bots(bots)  # after the table's rules: a link's games play them
    return page(
        panel,
        section(
            "Battle calculator",
            w.HTML(
                note_html(
                    "Type a card's name and press Enter to add it. Split cards can be "
                    "chosen in every pile they may join."
                )
            ),
            calc,
            calc.links,
        ),
        section(
            "Risk ahead",
            w.HTML(
                note_html(
                    "How likely is each horde pile to reach 5 cards, and attack, within "
                    "the next few Fate draws?"
                )
            ),
            RiskAhead(),
        ),
        section(
            "Which way of playing wins most?",
            w.HTML(note_html("Whole games played by three bots; press Compare.")),
            bots,
        ),
        sheet_link("heroes-hordes"),
        theme=THEME,
    )
