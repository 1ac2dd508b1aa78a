"""The strategy lab page (notebooks/lab.ipynb) and the shipped answers (lab_answers.ipynb).

Pick a game, a question, how many games and where to run them (this server's cores, or
the host's own Dask cluster when ``hordes-kit serve --scheduler`` gave one); the answer
comes back as a chart of each choice's rate with its 95% interval and a table with the
difference from the best on the same games.

The page never names a cluster: a Dask scheduler can run code on its clients (this
kernel unpickles what it sends back), so which cluster the server reaches is the host's
choice on the command line, never a visitor's. The kernel runs only on what it offered.
"""

from __future__ import annotations

import html
import os
from dataclasses import replace

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.lab.report import read_answers
from hordes_kit.core.lab.search import SearchResult, ask, best_label
from hordes_kit.core.montecarlo import max_workers
from hordes_kit.core.svgchart import BarChart, Series
from hordes_kit.fantahzee.lab import QUESTIONS as FANTAHZEE
from hordes_kit.heroes_hordes.lab import QUESTIONS as HEROES
from hordes_kit.serve.dashboard import ENV, host_scheduler
from hordes_kit.shadows.lab import QUESTIONS as SHADOWS
from hordes_kit.skytear.lab import QUESTIONS as SKYTEAR
from hordes_kit.the_horde.lab import QUESTIONS as HORDE
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.controls import page
from hordes_kit.ui.offered import OfferedChoice

__all__ = ["GAMES", "LabPage", "lab_page", "answers_html", "answers_page", "result_html"]

GAMES = {
    "The Horde": HORDE,
    "Heroes & Hordes": HEROES,
    "Fantahzee": FANTAHZEE,
    "Shadows": SHADOWS,
    "Skytear Horde": SKYTEAR,
}
MAX_PAGE_GAMES = 10_000_000
ACCENT = "#3b5b92"
CLUSTER = "This server's cluster"  # the host's (serve --scheduler); its address is never shown


def result_html(result) -> str:
    """An answer as an HTML table (rates, intervals, difference from the best, verdict)."""
    final = result.final if isinstance(result, SearchResult) else result
    head = ""
    if isinstance(result, SearchResult):
        head = (
            f"<p><b>{html.escape(best_label(result.family, result.winner))}:</b> "
            f"{html.escape(result.family.describe(result.winner.spec))}"
            "<br>Checked on fresh games, never the ones the search was tuned on.</p>"
        )
    rows = "".join(
        f"<tr><td>{html.escape(r['choice'])}</td><td>{r['mean']:.2%}</td>"
        f"<td>{r['low95']:.2%} – {r['high95']:.2%}</td>"
        f"<td>{r['vs_best']:+.2%} ({r['vs_best_low95']:+.2%} – {r['vs_best_high95']:+.2%})</td>"
        f"<td>{html.escape(r['verdict'])}</td></tr>"
        for r in final.table().iter_rows(named=True)
    )
    return (
        f"{head}<p>{final.games:,} games, seed {final.seed}; measured: "
        f"{html.escape(final.exp.measure)}.</p><table class='hk-table'><tr><th>Choice</th>"
        "<th>Rate</th><th>95% interval</th><th>Against the best, same games</th><th>Verdict</th>"
        f"</tr>{rows}</table>"
    )


def result_figure(result) -> BarChart:
    """Each choice's rate with its 95% interval as a whisker, best first."""
    final = result.final if isinstance(result, SearchResult) else result
    t = final.table()
    rate = Series(
        "rate",
        tuple(t["mean"].to_list()),
        ACCENT,
        tuple(t["low95"].to_list()),
        tuple(t["high95"].to_list()),
    )
    return BarChart(
        f"{final.exp.measure.capitalize()}: each choice with its 95% interval",
        tuple(t["choice"].to_list()),
        (rate,),
        y_label=final.exp.measure,
        horizontal=True,
        full_scale=False,
    )


class LabPage:
    """The lab's controls, progress bar and answer."""

    def __init__(self) -> None:
        self.game = w.Dropdown(options=list(GAMES), description="Game")
        self.question = w.Dropdown(
            description="Question", layout=w.Layout(width="auto", max_width="95%")
        )
        self.games = w.BoundedIntText(value=10_000, min=1, max=MAX_PAGE_GAMES, description="Games")
        self.message = w.HTML()
        # where a run may go, decided here and never by the page: this machine, and the
        # host's cluster when the server was given one
        here = "This server" if os.environ.get(ENV) == "1" else "This computer"
        self.places: dict[str, str | None] = {here: None}
        if host_scheduler():
            self.places[CLUSTER] = host_scheduler()
        self.where = OfferedChoice(options=list(self.places), description="Run on", say=self._say)
        self.workers = w.BoundedIntText(value=1, min=1, max=max_workers(), description="Cores")
        self.run = w.Button(description="Answer", button_style="primary")
        self.bar = w.IntProgress(value=0, min=0, max=1, description="Games")
        self.answer = w.HTML()
        self.chart = SvgChart()
        self.about = w.HTML()
        self.about.add_class("hk-lab-about")
        self.play_button = w.Button(description="Play a game with the best found deciding")
        self.play_button.layout.display = "none"
        self.play_button.on_click(lambda _: self.play_best())
        self.board_area = w.VBox()
        self.best = None  # (game, policy) of the last answer, for the board
        self.where.observe(lambda _: self._where(), "value")
        self.game.observe(lambda _: self._questions(), "value")
        self.question.observe(lambda _: self._about(), "value")
        self.run.on_click(lambda _: self.answer_now())
        self._questions()
        self._where()
        self.widget = w.VBox(
            [
                self.game,
                self.question,
                self.about,
                self.games,
                w.HBox([self.where, self.workers], layout=w.Layout(flex_flow="row wrap")),
                self.run,
                self.bar,
                self.message,
                self.chart,
                self.answer,
            ]
        )

    def _say(self, text: str) -> None:
        self.message.value = f"<p>{html.escape(text)}</p>"

    def _where(self) -> None:
        local = self.places.get(self.where.value) is None
        self.workers.layout.display = None if local else "none"

    def _questions(self) -> None:
        qs = GAMES[self.game.value]
        self.question.options = [(q.title, q.key) for q in qs]
        self.question.value = qs[0].key
        # every game's first question has the same key: the value may not change, and the
        # words and games under it would still be the last game's
        self._about()

    def _q(self):
        return next(q for q in GAMES[self.game.value] if q.key == self.question.value)

    def _about(self) -> None:
        if self.question.value is None:
            return
        q = self._q()
        self.about.value = f"<p><em>{html.escape(q.about)}</em></p>"
        self.games.value = min(q.default_games, self.games.max)

    def answer_now(self, candidates: int = 16):
        """Play the games and show the answer (or say in words what is wrong)."""
        q = self._q()
        if self.where.value not in self.places:
            self._say("Run on: that is not a choice this page offers; nothing was run.")
            return None
        scheduler = self.places[self.where.value]
        if not 1 <= int(self.games.value) <= MAX_PAGE_GAMES:
            self._say(f"Games: 1 to {MAX_PAGE_GAMES:,} on this page; nothing was run.")
            return None

        def tick(stage: str, done: int, total: int) -> None:
            self.bar.max, self.bar.value = total, done
            self.message.value = (
                f"<p>Playing: {html.escape(stage)}, {done:,} of {total:,} games…</p>"
            )

        self.message.value = "<p>Playing…</p>"
        try:
            res = ask(
                q,
                int(self.games.value),
                0,
                workers=int(self.workers.value),
                scheduler=scheduler,
                candidates=candidates,
                progress=tick,
            )
        except HordesKitError as exc:
            self.message.value = f"<p>{html.escape(str(exc))}</p>"
            return None
        self.message.value = ""
        self.answer.value = result_html(res)
        self.chart.show(result_figure(res))
        self.best = best_policy(self.game.value, res)
        self.play_button.layout.display = None if self.best else "none"
        return res

    def play_best(self):
        """A board below the answer whose "decide for me" button plays the best found."""
        if not self.best:
            return None
        game, policy = self.best
        if game == "The Horde":
            from hordes_kit.ui.the_horde.board import THBoard

            board = THBoard(policy=replace(policy, name="the lab's best"))
        else:
            from hordes_kit.ui.heroes_hordes.board import HHBoard

            board = HHBoard(bot=policy)
        self.board_area.children = (board,)
        return board


def best_policy(game: str, result):
    """(game, policy) of an answer's best choice when a board can play it, else None."""
    if game not in ("The Horde", "Heroes & Hordes"):
        return None
    if isinstance(result, SearchResult):
        spec = result.winner.spec
    else:
        spec = result.exp.arms[result.best()].spec
    policy = spec[0]
    if game == "The Horde":
        from hordes_kit.the_horde.bots import get_policy

        return game, get_policy(policy)
    return game, policy


def lab_page() -> w.Widget:
    """The lab page's widget (the shared page: its stylesheet, drop-downs a phone can read)."""
    return page(LabPage().widget)


def answer_sentence(rows: list[dict]) -> str:
    """The answer in one sentence: the best, and which choices cannot be told from it.

    >>> answer_sentence([{"choice": "A", "mean": 0.5, "low95": 0.4, "high95": 0.6,
    ...   "verdict": "best"}, {"choice": "B", "mean": 0.45, "low95": 0.35, "high95": 0.55,
    ...   "verdict": "no difference found"}])
    'Best: A, 50.00% (40.00% – 60.00%). No difference found from it: B.'
    """
    best = next(r for r in rows if r["verdict"] == "best")
    ties = [r["choice"] for r in rows if r["verdict"] == "no difference found"]
    worse = [r for r in rows if r["verdict"] == "worse than the best"]
    text = (
        f"Best: {best['choice']}, {best['mean']:.2%} ({best['low95']:.2%} – {best['high95']:.2%})."
    )
    if ties:
        text += " No difference found from it: " + ", ".join(ties) + "."
    if worse and ties:
        text += f" The other {len(worse)} are worse."
    elif worse:
        text += " Every other choice is worse, beyond doubt."
    return text


def answers_html(answers: list[dict] | None = None) -> str:
    """The shipped answers as HTML: games, seeds, intervals and verdicts."""
    answers = read_answers() if answers is None else answers
    if not answers:
        return "<p>No answers computed yet.</p>"
    parts = [
        "<p class='hk-note'>Each question plays its own games (its own seed and number of "
        "games), so the same policy's rate differs a little from one table to the next, "
        "within its intervals. Compare the rows of one table: they played the same games.</p>"
    ]
    for a in answers:
        rows = "".join(
            f"<tr><td>{html.escape(r['choice'])}</td><td>{r['mean']:.2%}</td>"
            f"<td>{r['low95']:.2%} – {r['high95']:.2%}</td>"
            f"<td>{r['vs_best']:+.2%} ({r['vs_best_low95']:+.2%} – {r['vs_best_high95']:+.2%})</td>"
            f"<td>{html.escape(r['verdict'])}</td></tr>"
            for r in a["rows"]
        )
        extra = ""
        command = a["command"]
        recompute = "Recompute"
        if "winner_policy" in a:
            extra = (
                f"<p><b>Best found ({html.escape(a['winner'])}):</b> "
                f"{html.escape(a['winner_policy'])} "
                f"(search: {a['search_games']:,} games; the rows are fresh games). A search "
                "only looks inside its family of policies ("
                f"{html.escape(a.get('family', 'orders of buying, savings, healing, extra flips'))}"
                "); another question below may find a better policy outside it.</p>"
            )
            recompute = (
                f"Recompute (the search starts at {a.get('first_games', a['games']):,} games "
                "a candidate and doubles them for the ones it keeps)"
            )
        if "paired" in a:  # two arms on the same games: the difference game by game
            second, _, first = a["paired"].removesuffix(", game by game").partition(" minus ")
            # a difference told within a tenth of a percent is written to a thousandth
            f = "+.3%" if a["paired_high95"] - a["paired_low95"] < 0.002 else "+.2%"
            extra += (
                f"<p>Game by game, {html.escape(second)} minus {html.escape(first)}: "
                f"<b>{a['paired_difference']:{f}}</b> ({a['paired_low95']:{f}} – "
                f"{a['paired_high95']:{f}})"
                + (
                    f"; games only {html.escape(second)} won: {a['won_by_second_only']:,}, "
                    f"only {html.escape(first)}: {a['won_by_first_only']:,}.</p>"
                    if "won_by_second_only" in a
                    else ". Each game counts a chance measured on simulated games, not a win "
                    "or a loss, so a small difference is told apart without waiting for the "
                    "rare games only one of them wins.</p>"
                )
            )
        parts.append(
            f"<h2>{html.escape(a.get('game_title', a['game']))}: {html.escape(a['title'])}</h2>"
            f"<p><b>{html.escape(answer_sentence(a['rows']))}</b></p>{extra}"
            f"<p>{a['games']:,} games per choice, seed {a['seed']}, measured: "
            f"{html.escape(a['measure'])}. {recompute}: <code>{html.escape(command)}</code></p>"
            "<table class='hk-table'><tr><th>Choice</th><th>Rate</th><th>95% interval</th>"
            f"<th>Against the best, same games</th><th>Verdict</th></tr>{rows}</table>"
        )
    return "\n".join(parts)


def answers_page() -> w.Widget:
    """The shipped answers' page widget (the shared page: its stylesheet draws the tables)."""
    return page(w.HTML(answers_html()))
