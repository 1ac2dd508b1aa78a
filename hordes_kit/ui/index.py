"""The index page's list of games and their dashboards, built from the registry.

Every game of the kit appears under its heading in the registry's ``SHELF`` order, a
built game with its pages (``Game.dashboards``), a planned one as "not built yet"; a
game registered from elsewhere follows. Nothing here names a game.
"""

from __future__ import annotations

import html

from hordes_kit.core.registry import Game, Planned, registered_games, shelf

__all__ = ["index_html", "games_index"]


def _game_html(game: Game | Planned) -> str:
    title = html.escape(game.title)
    tagline = html.escape(game.tagline)
    if isinstance(game, Planned):
        return f"<h2>{title}</h2>\n<p><em>{tagline}</em> — <em>Not built yet.</em></p>"
    # target _self: an HTML output's links would otherwise open a new tab in Voila
    items = "\n".join(
        f'<li><strong><a href="{html.escape(d.notebook)}" target="_self">'
        f"{html.escape(d.title)}</a></strong>"
        f" — {html.escape(d.blurb)} <em>Ready.</em></li>"
        for d in game.dashboards
    )
    if not game.dashboards:
        items = "<li><em>Its pages are coming soon.</em></li>"
    return f"<h2>{title}</h2>\n<p><em>{tagline}</em></p>\n<ul>\n{items}\n</ul>"


def index_html() -> str:
    """HTML for every game of the kit: heading, one line on the game, its dashboards."""
    games: list[Game | Planned] = list(shelf())
    games += [g for g in registered_games() if g.dashboards and g not in games]
    return "\n".join(_game_html(g) for g in games)


def games_index():
    """The index page's list of games, for a notebook cell to show."""
    from IPython.display import HTML

    return HTML(index_html())
