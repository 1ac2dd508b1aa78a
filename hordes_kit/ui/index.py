"""The index page's list of games and their dashboards, built from the registry.

Every game of the kit appears under its heading in the registry's ``SHELF`` order, a
built game with its pages (``Game.dashboards``), a planned one as "not built yet"; a
game registered from elsewhere follows. A game that ships a first lesson
(``scenarios/00-first-lesson.toml``) gets a "start here" link to it first. The kit's own
pages, for every game (``KIT_PAGES``), come last; a game with a rule index links to its
words and rules there, a game with a card reference to its cards. Nothing here names a game.
"""

from __future__ import annotations

import html
from urllib.parse import quote

from hordes_kit.core.lookup import has_rules, walkthrough_page
from hordes_kit.core.registry import Dashboard, Game, Planned, registered_games, shelf
from hordes_kit.core.scenario import first_lesson
from hordes_kit.ui.log import CARDS_PAGE, LOOKUP_PAGE

__all__ = ["index_html", "games_index", "KIT_PAGES", "lesson_link"]

# Pages of the kit that are not one game's, listed after the games
KIT_PAGES: tuple[Dashboard, ...] = (
    Dashboard(
        "rules.ipynb",
        "Rule lookup",
        "every rule and ruling of every game, searchable as you type: its text, whether "
        "it is the rulebook's or our reading (and the option that changes it), the "
        "walkthrough steps that show it, and the words of each game's table",
    ),
    Dashboard(
        "cards.ipynb",
        "Card reference",
        "every card of every game, searchable and filterable as you type: its face as the "
        "board draws it, its numbers, the rulebook's notation, the count in the box, which "
        "values are samples, and the rules and walkthrough steps that name it",
    ),
    Dashboard(
        "lab.ipynb",
        "Strategy lab",
        "ask a question that takes many games (is the first player favoured, which cards are "
        "worth buying, the best policy, what a table rule changes) and get rates with intervals",
    ),
    Dashboard(
        "lab_answers.ipynb",
        "Answers from the lab",
        "questions we answered over many seeded games: how many games, the seeds, the "
        "intervals, and where no difference was found",
    ),
)


def _link(href: str, title: str, blurb: str, tag: str = "Ready.") -> str:
    # target _self: an HTML output's links would otherwise open a new tab in Voila
    return (
        f'<li><strong><a href="{html.escape(href)}" target="_self">{html.escape(title)}</a>'
        f"</strong> — {html.escape(blurb)} <em>{tag}</em></li>"
    )


def lesson_link(game: Game) -> str:
    """The address of a game's first lesson ("" if it has none or no walkthrough page)."""
    page = walkthrough_page(game)
    lesson = first_lesson(game.data_dir) if page else None
    return f"{page}?scenario={quote(lesson.id, safe='')}" if lesson else ""


def _game_html(game: Game | Planned) -> str:
    title = html.escape(game.title)
    tagline = html.escape(game.tagline)
    if isinstance(game, Planned):
        return f"<h2>{title}</h2>\n<p><em>{tagline}</em> — <em>Not built yet.</em></p>"
    lesson = lesson_link(game)
    first = (
        [
            _link(
                lesson,
                "First lesson",
                "new to the game? What it is about and how you win, the table set up step by "
                "step, one turn in brief and the score, with the table to click",
                "Start here.",
            )
        ]
        if lesson
        else []
    )
    words = (
        [
            _link(
                f"{LOOKUP_PAGE}?game={quote(game.name, safe='')}",
                "Words and rules",
                "every word of the table in one sentence, and every rule and ruling of the "
                "game, searchable",
            )
        ]
        if has_rules(game)
        else []
    )
    if game.cards:
        words.insert(
            0,
            _link(
                f"{CARDS_PAGE}?game={quote(game.name, safe='')}",
                "Card reference",
                "every card of the game with its face, numbers and notation, searchable",
            ),
        )
    pages = [_link(d.notebook, d.title, d.blurb) for d in game.dashboards]
    if not game.dashboards:
        pages = ["<li><em>Its pages are coming soon.</em></li>"]
    items = "\n".join(first + pages + words)
    return f"<h2>{title}</h2>\n<p><em>{tagline}</em></p>\n<ul>\n{items}\n</ul>"


def index_html() -> str:
    """HTML for every game of the kit: heading, one line on the game, its dashboards."""
    games: list[Game | Planned] = list(shelf())
    games += [g for g in registered_games() if g.dashboards and g not in games]
    kit = "\n".join(_link(d.notebook, d.title, d.blurb) for d in KIT_PAGES)
    every = f"<h2>For every game</h2>\n<ul>\n{kit}\n</ul>"
    return "\n".join([*(_game_html(g) for g in games), every])


def games_index():
    """The index page's list of games, for a notebook cell to show."""
    from IPython.display import HTML

    return HTML(index_html())
