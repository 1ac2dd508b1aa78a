"""The card reference in a real browser (issue 46, part 1): the page opens on a game from
its address, typing filters the cards as you type, a filter narrows them, and at phone
width nothing is wider than the screen (then the same page widened to 1280 px); the rule
lookup finds a card by its name and links it. One server, one tab."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from ui_harness import PHONE, check_page, console_problems, wait_for_widgets, watch_console, widened

from hordes_kit.core.cardref import search_cards

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
expect.set_options(timeout=TIMEOUT)
CONTROLS = [
    ".hk-cardref-search input",
    ".hk-cardref-game select",
    ".hk-cardref-kind select",
    ".hk-cardref",
]


def test_the_card_reference_filters_as_you_type_and_fits_a_phone(page: Page, voila_url):
    page.set_viewport_size(PHONE)
    page.set_default_timeout(TIMEOUT)
    seen = watch_console(page, voila_url)
    page.goto(f"{voila_url}/voila/render/cards.ipynb?game=heroes-hordes", timeout=TIMEOUT)
    wait_for_widgets(page, ".hk-cardref", timeout=TIMEOUT)
    expect(page.locator(".hk-cardref-game select")).to_have_value(
        "Heroes & Hordes"
    )  # the option shown
    problems = check_page(page, main_controls=CONTROLS)
    assert not problems, "\n".join(problems)
    # typing filters: each letter narrows the list to the cards the search finds
    box = page.locator(".hk-cardref-search input")
    box.press_sequentially("rang", delay=40)
    want = [r.key for r in search_cards("rang", "heroes-hordes")]
    assert want == ["ranger"]
    cards = page.locator(".hk-cardref")
    expect(cards).to_have_count(1)
    expect(cards.first).to_have_attribute("data-card", "ranger")
    expect(cards.first).to_contain_text("M/E")  # the card list's letters
    expect(cards.first.locator(".hk-card")).to_be_visible()  # its face, as on the board
    expect(page.locator(".hk-lookup-count")).to_contain_text("1 of 109 cards")
    # a filter, with the search emptied: only the race's cards
    box.fill("")
    page.locator(".hk-cardref-group select").select_option("Dragons")
    dragons = [r.key for r in search_cards("", "heroes-hordes", group="Dragons")]
    expect(cards).to_have_count(min(len(dragons), 24))
    expect(cards.first).to_have_attribute("data-card", dragons[0])
    problems = check_page(page, main_controls=CONTROLS, axe=False)
    problems += widened(page, lambda p: check_page(p, main_controls=CONTROLS, axe=False))
    assert not problems, "\n".join(problems)
    # the rule lookup finds a card by its name, with a link to it here
    page.goto(f"{voila_url}/voila/render/rules.ipynb?game=the-horde&q=Juggernaught")
    wait_for_widgets(page, ".hk-lookup-card", timeout=TIMEOUT)
    link = page.locator(".hk-lookup-card a").first
    expect(link).to_have_attribute(
        "href", re.compile(r"cards\.ipynb\?game=the-horde&card=juggernaught")
    )
    assert not console_problems(seen)
