"""The Horde's odds on screen: "What should I buy?" as one ranked table with its advice,
the rest of a Horde phase, and survival from a position."""

from __future__ import annotations

import html

from hordes_kit.the_horde.advice import BuyAdvice, PlanEstimate
from hordes_kit.the_horde.odds import phase_odds
from hordes_kit.ui.common import note_html, percent, table_html
from hordes_kit.ui.table import RankedTable

__all__ = ["buy_table", "buy_headline", "buy_advice_html", "phase_odds_html", "survival_html"]


def _signed(x: float) -> str:
    """``-0.23`` as ``'−0.23'``; a value that rounds to zero keeps a third decimal, so an
    interval just short of 0 never reads "to −0.00"."""
    text = f"{x:+.2f}" if abs(x) >= 0.005 or x == 0 else f"{x:+.3f}"
    return text.replace("-", "−")


def _diff(r: PlanEstimate, best: bool) -> str:
    if best:
        return "best"
    lo, hi = r.diff95
    return f"{_signed(r.diff)} ({_signed(lo)} to {_signed(hi)})"


def buy_table(advice: BuyAdvice) -> RankedTable:
    """The finalists ranked by the measure the advice uses, with the difference from the
    best on the same games (a row whose interval holds 0 cannot be told apart)."""
    best = advice.best
    rows = [
        (
            r.plan.words + (" (the policy's own choice)" if r.plan.policy_choice else ""),
            r.mean,
            _diff(r, r is best),
        )
        for r in advice.rows
    ]
    spans = {row[0]: r.diff95 for row, r in zip(rows, advice.rows)}
    return RankedTable(
        f"Turns Chauncey lasts, on average, after each way to spend this turn's Crowns "
        f"({advice.turns} = he survives)",
        ("What to do now", "Turns he lasts", "Difference from the best (95% interval)"),
        rows,
        rank_by=1,
        formats=(None, lambda m: f"{m:.2f}", None),
        interval=lambda row: spans[row[0]],
        numeric=(1,),
        note=f"Each on the same {advice.games:,} games; later turns bought by the "
        f"{advice.policy} policy.",
    )


def buy_headline(advice: BuyAdvice, table: RankedTable | None = None) -> str:
    """The one recommendation, from the table's own best row, and what cannot be told
    apart from it."""
    table = table or buy_table(advice)
    best = table.best
    text = f"Advice: {best[0]} ({best[1]:.2f} turns on average)."
    ties = [r[0] for r in table.tied_with_best()]
    if ties:
        text += (
            f" {' · '.join(ties)}: cannot be told apart from it with {advice.games:,} games "
            f"each (the difference's interval holds 0)."
        )
    else:
        text += " Every other choice shown is worse beyond doubt (95% intervals)."
    return text


def buy_advice_html(advice: BuyAdvice) -> str:
    """The advice, the ranked table and how it was measured."""
    table = buy_table(advice)
    how = (
        f"How: {advice.plans} ways to spend the Crowns on this row (Trees are always "
        f"taken: free, +1 Crown) played {advice.screen_games:,} games each; the "
        f"{len(advice.rows)} best then played {advice.games:,} fresh games each. Every "
        "plan meets the same cards and dice in game 1, game 2, … (common random numbers), "
        "so the difference between two plans is measured far more sharply than either "
        f"alone. {advice.seconds:.1f} s."
    )
    return (
        f"<div class='hk-buy-advice' data-best='{html.escape(advice.best.plan.key, quote=True)}'>"
        + table.html(headline=buy_headline(advice, table))
        + note_html(how)
        + "</div>"
    )


def phase_odds_html(state, po=None) -> str:
    """What the rest of this Horde phase costs (exact or Monte Carlo, and says which): a
    Monte Carlo cell is a share of the playouts with its count, never a bare "0%" for an
    outcome the playouts did not happen to meet (``po``: the odds, if worked out)."""
    po = phase_odds(state) if po is None else po
    v, g = po.marginal(0), po.marginal(1)
    top = max([*v, *g, 0])

    def cell(p: float) -> str:
        if po.exact:
            return percent(p)
        seen = round(p * po.runs)
        if seen == 0:
            return f"not seen in {po.runs:,} (under {percent(po.interval(0.0)[1])})"
        return f"{percent(p)} ({seen:,} of {po.runs:,})"

    rows = [[n, cell(v.get(n, 0.0)), cell(g.get(n, 0.0))] for n in range(top + 1)]
    note = (
        f"Chance Chauncey is killed in this phase: <b>{percent(po.p_chauncey)}</b>. "
        f"Expected: {po.expected(0):.2f} village cards lost, {po.expected(1):.2f} "
        f"Grimthwackers killed. <i>{html.escape(po.method)}</i>"
    )
    what = "Chance" if po.exact else f"Share of {po.runs:,} playouts"
    return (
        f"<div class='hk-phase-odds'>{note}"
        + table_html(
            ["How many", "Village cards lost", "Grimthwackers killed"],
            rows,
            caption=f"{what} of each loss in the rest of this Horde phase (a Grimthwacker "
            "healed and killed again counts twice)",
        )
        + "</div>"
    )


def survival_html(res) -> str:
    """A simulation result in words and a small table."""
    lo, hi = res.interval
    head = (
        f"<b>{percent(res.survival)}</b> of {res.games:,} games survive all {res.turns} turns "
        f"(95% interval {percent(lo)}–{percent(hi)}), playing the <b>{html.escape(res.policy)}"
        f"</b> policy from here."
    )
    rows = [
        [r["outcome"], f"{percent(r['rate'])} ({r['games']:,})",
         f"{percent(r['low95'])}–{percent(r['high95'])}"]
        for r in res.causes().iter_rows(named=True)
    ]  # fmt: skip
    alive = {r["turn"]: r["alive"] for r in res.curve().iter_rows(named=True)}
    marks = [t for t in (4, 8, 12, 16, 20) if t >= res.start_turn and t in alive]
    years = " · ".join(f"after turn {t}: {percent(alive[t])}" for t in marks)
    return (
        f"<div class='hk-survival'>{head}<div class='hk-note'>Still alive {years}</div>"
        + table_html(
            ["How it ends", "Share (games)", "95% interval"],
            rows,
            caption="How the games from here end",
        )
        + "</div>"
    )
