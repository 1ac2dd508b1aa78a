"""Links in a real browser: a board position and an odds question opened from the address
of the served page, and "Copy link" giving this page's own address with the same state
(the read-only box: headless Chromium may have no clipboard)."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

import pytest
from budget import LONG
from playwright.sync_api import Page, expect
from ui_harness import PHONE, wait_for_widgets

from hordes_kit.core.links import POSITION, position_from_link, position_link
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.registry import get_game

pytestmark = pytest.mark.browser
TIMEOUT = 90_000


def _copied(page: Page) -> tuple[str, dict]:
    page.locator(".hk-copy-link:visible").first.click()  # not the folded table panel's
    box = page.locator(".hk-link-text:visible").first
    expect(box).to_be_visible()
    link = box.input_value()
    parts = urlsplit(link)
    return parts.path, parse_qs(parts.query)


def test_a_board_link_and_an_odds_link_open_on_the_served_page(page: Page, voila_url):
    page.set_viewport_size(PHONE)
    page.set_default_timeout(TIMEOUT)
    state = get_game("the-horde").start({"dizzy": "restart"})
    rng = random.Random(3)
    while len(state.history) < 25:
        moves = state.chance_outcomes() if state.is_chance else None
        state = state.apply(
            sample_outcome(moves, rng) if moves else rng.choice(state.legal_actions())
        )
    token = position_link("the-horde", {"dizzy": "restart"}, state)
    board = "/voila/render/the_horde_play.ipynb"
    page.goto(f"{voila_url}{board}?{POSITION}={token}", timeout=TIMEOUT)
    wait_for_widgets(page, ".hk-board .hk-step", timeout=TIMEOUT)
    expect(page.get_by_text("Opened from the link")).to_be_visible()
    path, query = _copied(page)
    assert path == board  # the page's own address, never a server path
    config, again = position_from_link(query[POSITION][0], "the-horde")
    assert again == state and config["dizzy"] == "restart"

    odds = "/voila/render/fantahzee_odds.ipynb"
    page.goto(f"{voila_url}{odds}?costs=XX%2B5&dice=6&rolls=2&show=552613&locked=110000")
    wait_for_widgets(page, ".hk-cost input", timeout=TIMEOUT)
    expect(page.locator(".hk-cost input")).to_have_value("XX + 5")
    path, query = _copied(page)
    assert path == odds
    assert {k: v[0] for k, v in query.items()} | {"left": "-"} == {
        "costs": "XX + 5",
        "dice": "6",
        "rolls": "2",
        "show": "552613",
        "locked": "110000",
        "left": "-",
    }


def _copied_in(page: Page, heading: str) -> dict:
    """Press the Copy link of the section under ``heading``: its link's parameters."""
    part = page.locator(".hk-section").filter(has=page.locator(".hk-heading", has_text=heading))
    part.locator(".hk-copy-link").first.click()
    box = part.locator(".hk-link-text").first
    expect(box).to_be_visible()
    return {k: v[0] for k, v in parse_qs(urlsplit(box.input_value()).query).items()}


NEW_LINKS = [
    (
        "the_horde_odds.ipynb",
        "policy=thrifty&reserve=2&games=200&seed=3&run=policy",
        "Whole games by buying policy",
        ["Chance Chauncey survives all 20 turns", "200 games each", "thrifty"],
    ),
    (
        "heroes_hordes_odds.ipynb",
        "goblins=4&undead=1&dragons=0&draws=6",
        "Risk ahead",
        ["within the next 6 Fate draws"],
    ),
    (
        "shadows_odds.ipynb",
        "their_hero=akintunde&level=2&asked=4:no&model=bot",
        "Predict: what can their Hand hold?",
        ["Chance their Hand of 4 still holds", "chosen like the kit"],
    ),
    (
        "skytear_odds.ipynb",
        "players=1&horde=Skybooter&difficulty=3&at=alliance&turn=4&castle=12"
        "&lane2=Plank+Walker&minions=none&card=tower&draws=7&least=2",
        "Deck questions: a card within N draws",
        ["Chance of at least 2 × any tower in the next 7 draws"],
    ),
]


# Each game's link is read and written by Python (test_links_odds.py, every game); what the
# browser adds is shared by all four (the page's address reaching its kernel, the Copy link
# box): `make test` opens one game's link, `make test-long` (run by CI) all four.
BROWSER_LINKS = NEW_LINKS if LONG else [NEW_LINKS[1]]


@pytest.mark.parametrize(
    "notebook, query, heading, shown", BROWSER_LINKS, ids=lambda x: str(x)[:14]
)
def test_an_odds_tool_link_opens_the_question_it_names(
    page: Page, voila_url, notebook, query, heading, shown
):
    """One link per game to a tool that had none: the page opens showing the question the
    link asks, and the tool's Copy link gives the same question back."""
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{voila_url}/voila/render/{notebook}?{query}", timeout=TIMEOUT)
    wait_for_widgets(page, ".hk-copy-link", timeout=TIMEOUT)
    part = page.locator(".hk-section").filter(has=page.locator(".hk-heading", has_text=heading))
    expect(part).to_be_visible()
    for words in shown:
        expect(part).to_contain_text(words)
    expect(part.locator(".hk-error")).to_have_count(0)
    got = _copied_in(page, heading)
    asked = {k: v[0] for k, v in parse_qs(query).items()}
    assert {k: got.get(k) for k in asked} == asked
