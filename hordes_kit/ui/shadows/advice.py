"""The odds behind a Shadows decision, drawn for a player: one ranked table per decision
(the measure the advice ranks by, its tie-breaks, the best move), the figure of any one
move, and the calculators' tables (next Monster-Action card, Predict, this round against
the Monster). The numbers come from ``shadows.advice``, ``shadows.odds`` and
``shadows.hands``; this module only lays them out."""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

from hordes_kit.core.svgchart import BarChart, Series
from hordes_kit.shadows.advice import decision_odds
from hordes_kit.shadows.hands import NUMBERS, predict_odds
from hordes_kit.shadows.odds import RoundOdds, icon_chances, monster_round, next_reveal
from hordes_kit.shadows.state import Position
from hordes_kit.shadows.words import action_card_words, chart_words, icon_words
from hordes_kit.ui.common import percent, table_html
from hordes_kit.ui.table import RankedTable

__all__ = [
    "Measure",
    "MEASURES",
    "odds_table",
    "move_figure",
    "odds_block",
    "decision_block",
    "best_moves",
    "odds_name",
    "headline",
    "model_html",
    "reveal_html",
    "predict_html",
    "round_html",
]


def _pct(p) -> str:
    return percent(p)


def _num(x) -> str:
    return f"{float(x):.2f}"


class Measure:
    """How one kind of decision is ranked: columns (value key, heading, format), the sort
    key (best first when smallest) and a phrase for one move's figure."""

    def __init__(
        self,
        measure: str,
        choice: str,
        columns: tuple[tuple[str, str, Callable], ...],
        key: Callable[[dict], tuple],
        phrase: Callable[[dict], str],
        higher: bool = True,
        tiebreak: str = "",
    ) -> None:
        self.measure, self.choice, self.columns = measure, choice, columns
        self.key, self.phrase, self.higher, self.tiebreak = key, phrase, higher, tiebreak


def _v(values: dict, k: str) -> Fraction:
    return values.get(k, Fraction(0))


IDLE = "does nothing now: the same as passing"


def _plan_phrase(v: dict) -> str:
    """One move's figure against the Monster, saying what it measures: the whole round
    with the Attacks still planned, not what this one card does."""
    if _v(v, "idle"):
        return IDLE
    return (
        f"this round with the Attacks you still plan: {percent(_v(v, 'defeat'))} that you "
        f"defeat the Monster, {_num(_v(v, 'xp'))} Experience expected"
    )


PLAN = Measure(
    "This round against the Monster after this move, with your Attacks still planned (exact)",
    "Move",
    (
        ("defeat", "Chance you defeat the Monster", _pct),
        ("xp", "Expected Experience", _num),
        ("gold", "Expected Gold", _num),
        ("damage", "Expected damage the Monster deals you", _num),
    ),
    lambda v: (-_v(v, "defeat"), -_v(v, "xp"), -_v(v, "gold"), _v(v, "idle")),
    _plan_phrase,
    tiebreak="Ties: more Experience, then more Gold; a move that does nothing ranks below "
    "passing and is never the advice.",
)
MEASURES = {
    "!predict": Measure(
        "Chance the guess hits, from what you can know of their Hand (exact)",
        "Guess",
        (("hit", "Chance it hits", _pct),),
        lambda v: (-_v(v, "hit"),),
        lambda v: f"{percent(_v(v, 'hit'))} to hit",
    ),
    "!target": Measure(
        "What this Attack or Spell earns on each target (exact, expected)",
        "Target",
        (
            ("reward", "Expected reward (Gold + Experience)", _num),
            ("damage", "Expected damage dealt", _num),
            ("answered", "Chance it is blocked or answered", _pct),
        ),
        lambda v: (-_v(v, "reward"), -_v(v, "damage")),
        lambda v: f"{_num(_v(v, 'reward'))} reward expected, {_num(_v(v, 'damage'))} damage",
        tiebreak="Ties: more damage dealt.",
    ),
    "!defend": Measure(
        "Damage you expect to take this round after this answer (exact)",
        "Answer",
        (
            ("this_round", "Damage expected this round", _num),
            ("now", "Damage taken now", _num),
            ("gain", "You gain", _num),
            ("their_reward", "The attacker gains", _num),
        ),
        lambda v: (_v(v, "this_round"), -_v(v, "gain")),
        lambda v: f"{_num(_v(v, 'this_round'))} damage expected this round",
        higher=False,
        tiebreak="Ties: what you gain.",
    ),
    "!turn": PLAN,
    "!next": PLAN,
    "!pick": PLAN,
}


def odds_table(result: dict, mark: dict[str, str] | None = None) -> RankedTable | None:
    """The decision's moves as a ranked table (None when there are no odds for it).

    ``mark`` adds words to a move's name ("your choice", "the book's choice").
    """
    m = MEASURES.get(result["decision"])
    if m is None or not result["options"]:
        return None
    mark = mark or {}
    rows, values = [], {}
    for r in result["options"]:
        idle = " (does nothing now)" if r["values"].get("idle") else ""
        name = r["label"] + idle + (f" ({mark[r['action']]})" if r["action"] in mark else "")
        row = (name, *(r["values"].get(k, Fraction(0)) for k, _, _ in m.columns))
        rows.append(row)
        values[row] = r["values"]
    return RankedTable(
        m.measure,
        (m.choice, *(h for _, h, _ in m.columns)),
        rows,
        rank_by=1,
        higher_is_better=m.higher,
        formats=(str, *(f for _, _, f in m.columns)),
        numeric=tuple(range(1, len(m.columns) + 1)),
        key=lambda row: m.key(values[row]),
        note=m.tiebreak,
    )


def move_figure(result: dict, action: str) -> str:
    """One move's figure by the decision's measure ("71.4% to hit"), or ""."""
    m = MEASURES.get(result["decision"])
    if m is None:
        return ""
    for r in result["options"]:
        if r["action"] == action:
            return m.phrase(r["values"])
    return ""


def _option(result: dict, row: tuple) -> dict:
    """The option a table row shows (its name is the label, maybe with words added)."""
    return next(
        o for o in result["options"] if row[0] == o["label"] or row[0].startswith(o["label"] + " (")
    )


def best_moves(result: dict, table: RankedTable) -> tuple[str, ...]:
    """The actions of the table's best row and of the rows just as good."""
    if table.best is None:
        return ()
    return tuple(_option(result, row)["action"] for row in (table.best, *table.tied_with_best()))


def headline(result: dict, table: RankedTable) -> str:
    """The advice in words, from the table's own best row and its figure."""
    best = table.best
    if best is None:
        return "No move to rank."
    r = _option(result, best)
    text = f"Best by these odds: {best[0]} — {move_figure(result, r['action'])}"
    ties = table.tied_with_best()
    if ties:
        names = ", ".join(t[0] for t in ties)
        text += f"; {names} {'is' if len(ties) == 1 else 'are'} just as good"
    return text


def model_html(result: dict) -> str:
    """The model and assumptions behind the numbers, folded."""
    if not result["model"]:
        return ""
    items = "".join(f"<li>{html.escape(x)}</li>" for x in result["model"])
    return (
        "<details class='sh-model'><summary>How these odds are worked out</summary>"
        f"<ul>{items}</ul></details>"
    )


def odds_block(s: Position, mark: dict[str, str] | None = None) -> str:
    """The decision on top's odds: headline and ranked table from the same ranking, model."""
    return decision_block(s, mark)[0]


def decision_block(
    s: Position, mark: dict[str, str] | None = None
) -> tuple[str, tuple[tuple[str, ...], str] | None]:
    """``odds_block`` and what it recommends: the best moves (and those just as good) and
    its name in words, for the coach to say how it stands to it (None: no ranking)."""
    result = decision_odds(s)
    table = odds_table(result, mark)
    if table is None:
        why = result["model"][0] if result["model"] else "No odds for this decision."
        return f"<p class='hk-note'>{html.escape(why)}</p>", None
    block = (
        "<div class='sh-odds-box'>"
        + table.html(headline=headline(result, table))
        + model_html(result)
        + "</div>"
    )
    return block, (best_moves(result, table), odds_name(result))


def odds_name(result: dict) -> str:
    """What the odds' best is, in words, for the coach's sentence beside it."""
    return f"the odds' best for this step (“{MEASURES[result['decision']].measure}”)"


def reveal_html(s: Position, seat: int, viewer: int) -> str:
    """The next Monster-Action card ``seat`` reveals, as ``viewer`` sees it: each card and
    each icon with its chance and what it does on this Monster."""
    dist = next_reveal(s, seat, viewer)
    if not dist or not s.monster:
        return "<p class='hk-note'>No Monster-Action card can be revealed now.</p>"
    mon = s.card(s.monster)
    cards = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
    rows = [(action_card_words(k), percent(p), f"{p.numerator}/{p.denominator}") for k, p in cards]
    icons = icon_chances(dist)
    irows = [
        (icon_words(i), chart_words(mon.action(i)), percent(p))
        for i, p in sorted(icons.items(), key=lambda x: -x[1])
    ]
    who, they = ("you reveal", "you") if seat == viewer else (f"{s.who(seat)} reveals", "they")
    return table_html(
        ["Card", "Chance", "Exact"],
        rows,
        caption=f"The Monster-Action card {who} next (when {they} Attack the Monster, or at "
        "Initiative Step 3): the chance of each card, from the cards you have not seen (exact)",
    ) + table_html(
        ["Icon", f"What it does on {mon.name}", "Chance it shows"],
        irows,
        caption="The chance each icon shows on that card (a two-icon card counts for both)",
    )


def predict_html(s: Position, viewer: int, target: int, model: str = "uniform") -> str:
    """What ``target`` may hold, as ``viewer`` can know it: each Initiative number's chance."""
    p = predict_odds(s, viewer, target, model)
    rows = [(str(n), c) for n, c in p["chance"].items()]
    table = RankedTable(
        f"Chance {s.who(target)}'s Hand holds each Initiative number (exact)",
        ("Number", "Chance"),
        rows,
        formats=(str, percent),
        numeric=(1,),
        note=f"Model: {p['model_text']}.",
    )
    extra = []
    if p["closed"]:
        extra.append(
            f"Already predicted against them this round: {', '.join(map(str, p['closed']))}."
        )
    if p["answers"]:
        said = ", ".join(f"{n}: {'yes' if hit else 'no'}" for n, hit in p["answers"])
        extra.append(f"Their answers this round: {said}.")
    shown = [n for n in NUMBERS if n in p["could_hold"]]
    extra.append(f"Numbers they could hold at all: {', '.join(map(str, shown)) or 'none'}.")
    notes = "".join(f"<p class='hk-note'>{html.escape(x)}</p>" for x in extra)
    return table.html(headline=table.headline("Best guess")) + notes


def round_html(odds: RoundOdds, names: list[str]) -> str:
    """This round against the Monster for a planned Hand: the figures and assumptions."""
    rows = [
        ("Chance the Monster is defeated", percent(odds.defeat)),
        ("Chance the Monster KnocksDown your Hero", percent(odds.knockdown)),
        ("Expected Gold", _num(odds.gold)),
        ("Expected Experience", _num(odds.xp)),
        ("Expected Shadow Stones", _num(odds.stones)),
        ("Expected random Items", _num(odds.items)),
        ("Expected damage the Monster deals you", _num(odds.damage)),
    ]
    plan = ", ".join(names) or "no cards"
    items = "".join(f"<li>{html.escape(a)}</li>" for a in odds.assumptions)
    return (
        table_html(
            ["This round", "Value"],
            rows,
            caption=f"Your planned Hand against the Monster this round (exact): {plan}",
        )
        + f"<details class='sh-model'><summary>Assumptions</summary><ul>{items}</ul></details>"
    )


def round_for(s: Position, seat: int, plan) -> RoundOdds:
    """``monster_round`` for a seat's planned cards (as that seat knows the table)."""
    return monster_round(s, seat, list(plan))


__all__ += ["round_for", "bar_chart"]


ACCENT = "#4a2d73"


def bar_chart(x, y, title: str, text=None, interval=None, x_label: str = "") -> BarChart:
    """A bar chart of chances in the Shadows colour; ``interval`` is each bar's (low, high)."""
    low = high = None
    if interval is not None:
        low, high = tuple(lo for lo, _ in interval), tuple(hi for _, hi in interval)
    labels = tuple(text) if text is not None else None
    return BarChart(
        title, tuple(x), (Series("chance", tuple(y), ACCENT, low, high, labels=labels),), x_label
    )
