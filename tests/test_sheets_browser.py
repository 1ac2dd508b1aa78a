"""The printable sheets in a real browser (Debian's Chromium through Playwright): opened
from a file with every other request refused, no sideways scroll on a phone or a desktop,
and printed to PDF on A4 and on Letter."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from ui_harness import DESKTOP, PHONE, overflow_problems, wait_for_widgets

from hordes_kit.core.registry import registered_games
from hordes_kit.core.sheet import render_game

pytestmark = pytest.mark.browser
GAMES = [g for g in registered_games() if g.sheet]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_sheet_reads_offline_on_any_screen_and_prints(page: Page, tmp_path, game):
    path = tmp_path / f"{game.name}-odds-sheet.html"
    path.write_text(render_game(game), encoding="utf-8")
    asked: list[str] = []

    def refuse(route):
        asked.append(route.request.url)
        route.abort()

    page.route(re.compile(r"^(?!file:).*"), refuse)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.goto(path.as_uri())
        assert page.locator("h1").inner_text().endswith("odds sheet")
        assert page.locator("table").count() >= 1
        # wide tables scroll inside their own block; the page itself never scrolls sideways
        assert overflow_problems(page, ".block") == [], size
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert pdf.startswith(b"%PDF")
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert 1 <= pages <= 8, (paper, pages)
    assert asked == [] and errors == []


def test_the_odds_page_button_saves_the_sheet(page: Page, voila_url):
    """The Printable sheet button of a served odds page: the browser saves the page itself
    (from the link), and it is the game's sheet."""
    page.set_default_timeout(120_000)
    page.goto(f"{voila_url}/voila/render/the_horde_odds.ipynb")
    wait_for_widgets(page, ".hk-sheet button")
    make = page.locator(".hk-sheet button").first
    assert make.inner_text().strip() == "Printable sheet" and make.is_visible()
    make.click()
    link = page.locator(".hk-sheet-link").first
    link.wait_for()
    assert link.inner_text().strip() == "Save the sheet"
    with page.expect_download() as got:
        link.click()
    saved = got.value
    assert saved.suggested_filename == "the-horde-odds-sheet.html"
    text = open(saved.path(), encoding="utf-8").read()
    assert text.startswith("<!DOCTYPE html>") and "The Horde: odds sheet" in text
    assert "Chance to kill the hordling" in text
