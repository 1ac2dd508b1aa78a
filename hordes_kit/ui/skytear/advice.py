"""Odds on the Skytear board, each saying what it measures: the exact forecast of the rest
of this turn (``skytear.forecast``) and the win chance from here (``skytear.simulate``,
the fast simulator, 95% interval). Neither is advice on a move: the forecast is what the
horde does to the board as it stands, the win odds what the kit's bot makes of it."""

from __future__ import annotations

import html

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.skytear.forecast import Forecast, forecast
from hordes_kit.skytear.simulate import simulate
from hordes_kit.ui.common import percent, table_html

__all__ = [
    "forecast_block",
    "forecast_rows",
    "win_block",
    "table",
    "MEASURE_WORDS",
    "WIN_GAMES",
]

WIN_GAMES = 1000
MEASURE_WORDS = {
    "castle": ("Castle damage", "health the castle loses (strikes, Fight abilities, trample)"),
    "portal": ("Portal damage", "damage your unengaged allies deal to the portal"),
    "pillage": ("Cards pillaged", "cards each player discards from the top of the deck"),
    "allies_lost": ("Allies and towers lost", "your cards in play destroyed"),
}


def table(headers, rows, caption: str) -> str:
    """A table that says what it measures; on a phone it scrolls inside its own box, which
    the keyboard can reach (Tab, then the arrow keys)."""
    out = table_html(headers, rows, caption=caption)
    label = html.escape(caption, quote=True)
    return out.replace(
        "<div class='hk-table-wrap'>",
        f"<div class='hk-table-wrap' tabindex='0' role='region' aria-label='{label}'>",
        1,
    )


def forecast_rows(f: Forecast) -> list[tuple[str, str, str, str]]:
    """One row per measure: name, average, chance of 1 or more, most likely."""
    rows = []
    for m, (name, _what) in MEASURE_WORDS.items():
        dist = f.dist(m)
        likely = next(iter(dist.items()))
        rows.append(
            (
                name,
                f"{float(f.expected(m)):.2f}",
                percent(f.at_least(m, 1)),
                f"{likely[0]} ({percent(likely[1])})",
            )
        )
    return rows


def _dist_table(f: Forecast, measure: str) -> str:
    name, _ = MEASURE_WORDS[measure]
    dist = sorted(f.dist(measure).items())
    return table(
        [name, "Chance exactly", "This much or more"],
        [(k, percent(p), percent(f.at_least(measure, k))) for k, p in dist],
        caption=f"{name} this turn: every value it can take, exact",
    )


def forecast_block(state, f: Forecast | None = None) -> str:
    """The forecast of the rest of this turn as tables that say what they measure."""
    f = f if f is not None else forecast(state)
    dist = f.dist("result")
    end = [
        f"{'you lose' if r == 'loss' else 'you win'} this turn: {percent(p)}"
        for r, p in dist.items()
        if r
    ]
    head = (
        f"<h3>Forecast of the rest of turn {state.turn} (exact)</h3>"
        "<p class='hk-note'>If nobody plays or uses another card this turn and nobody draws: "
        "every way the horde deck can fall (the wave and the treachery card), with its "
        "chance. It measures the threat, not your best move.</p>"
    )
    summary = table(
        ["Measure", "Average", "1 or more", "Most likely"],
        forecast_rows(f),
        caption="The rest of this turn, exact (the board as it stands)",
    )
    summary += (
        "<dl class='sk-measures'>"
        + "".join(
            f"<dt>{html.escape(name)}</dt><dd>{html.escape(what)}</dd>"
            for name, what in MEASURE_WORDS.values()
        )
        + "</dl>"
    )
    tre = f.dist("treachery")
    tre_rows = [(t or "no treachery card still to come", percent(p)) for t, p in tre.items()]
    treachery = table(
        ["Treachery card's effect", "Chance"],
        tre_rows[:8],
        caption="What the treachery card does (the boosted monster named)",
    )
    ending = (
        f"<p class='sk-ending'><b>{html.escape('; '.join(end))}</b></p>"
        if end
        else "<p class='sk-ending'>The game does not end this turn.</p>"
    )
    return (
        f"<div class='sk-forecast'>{head}{ending}{summary}{_dist_table(f, 'castle')}"
        f"{treachery}</div>"
    )


def win_block(state, seed: int = 0, games: int = WIN_GAMES) -> str:
    """The win chance from here: ``games`` games played on by the kit's sensible bot."""
    if state.config.mode == "campaign":
        raise InvalidInputError(
            "win odds are for standard games: the fast simulator does not play campaigns"
        )
    r = simulate(None, games, seed, start=state)
    lo, hi = r.interval
    ends = ", ".join(f"{k}: {v}" for k, v in r.reasons().items())
    return (
        "<div class='sk-win'>"
        f"<h3>Win chance from here: <span class='sk-win-pct'>{percent(r.win_rate)}</span></h3>"
        f"<p>95% interval {percent(lo)} to {percent(hi)}, from {r.games:,} games played on "
        "from this position by the kit's sensible bot for every player (seed "
        f"{r.seed}). It measures the position, not you: a better player wins more often.</p>"
        f"<p class='hk-note'>How those games ended: {html.escape(ends)}; "
        f"average length {r.mean_turns():.1f} turns.</p></div>"
    )
