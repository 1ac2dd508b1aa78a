"""The Skytear Horde pages in Chromium at 390 and 1280 px: nothing sideways, the main
controls visible, no serious axe-core violation, every button reached by Tab, a clean
console with no other host; and a turn of a solo game played by clicking the table.

One page load per page: at 390 px, then widened to 1280 px (as a player turns a tablet)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from ui_harness import (
    PHONE,
    check_page,
    console_problems,
    dashboard_problems,
    deal_seed,
    open_dashboard,
    touching_labels,
    widened,
)

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
MOVE = ".sk-board [data-action]:not([data-action^='odds:'])"


SERVE = Path(__file__).resolve().parents[1] / "hordes_kit" / "serve" / "server.py"


def _at_both_widths(page: Page, seen: dict, main: list[str]) -> None:
    """Every check at the page's 390 px, then again widened to 1280 px."""
    problems = dashboard_problems(page, seen, main)
    problems += widened(page, lambda p: dashboard_problems(p, seen, main))
    assert not problems, "\n".join(problems)


def test_odds_page(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "skytear_odds.ipynb", ".sk-forecast", PHONE)
    main = [".sk-forecast", ".sk-pillage-run", ".sk-win-run", ".hk-load"]
    _at_both_widths(page, seen, main)
    touching = touching_labels(page)  # (at 1280 px: the rows on one line each)
    assert not touching, touching
    expect(page.locator(".sk-forecast")).to_contain_text("Castle damage")
    page.locator(".sk-pillage-run").click()
    expect(page.locator(".hk-table", has_text="Chance a deck is empty")).to_be_visible()
    page.locator(".hk-chart svg").first.wait_for(state="visible", timeout=30_000)


def _play_a_turn(page: Page) -> list[str]:
    """Click through setup and turn 1 (a card played if the mana pays for one) to turn 2."""
    clicked: list[str] = []
    for _ in range(120):
        status = page.locator(".sk-status")
        if status.get_attribute("data-turn") == "2" or status.get_attribute("data-result"):
            break
        go_on = page.locator(".hk-continue")
        if go_on.is_visible():  # the horde's moves stop at the turn's end and ask
            try:
                go_on.click(timeout=3_000)
            except PlaywrightTimeoutError:
                pass
            continue
        if page.locator(MOVE).count() == 0:  # the horde is still moving
            page.wait_for_timeout(200)
            continue
        # (read in one go: the board may redraw between reading one move and the next)
        actions = page.eval_on_selector_all(MOVE, "els => els.map(e => e.dataset.action)")
        if not actions:  # the board redrew between counting its moves and reading them
            continue
        played = any(a.startswith("play:") for a in clicked)
        pick = next((a for a in actions if a.startswith("play:") and not played), None)
        pick = pick or next((a for a in actions if a in ("keep", "done")), actions[0])
        try:
            page.locator(f".sk-board [data-action='{pick}']").first.click(timeout=5_000)
        except PlaywrightTimeoutError:  # the board moved on after the moves were read
            continue
        clicked.append(pick)
        page.wait_for_timeout(150)
    return clicked


def _settle(page: Page) -> None:
    """Wait until the horde's moves are shown and a choice is on the table."""
    for _ in range(300):
        if page.locator("[data-action='odds:forecast']").count():
            return
        if page.locator(".hk-continue").is_visible():
            try:
                page.locator(".hk-continue").click(timeout=3_000)
            except PlaywrightTimeoutError:
                pass
        page.wait_for_timeout(200)


def test_play_page_and_a_turn_by_clicking(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "skytear_play.ipynb", MOVE, PHONE)
    main = [MOVE, ".sk-status", ".sk-lanes", ".hk-save", ".hk-load", ".sk-new", ".sk-undo"]
    _at_both_widths(page, seen, main)
    page.set_viewport_size(PHONE)  # the turn is played on the phone
    expect(page.locator(".sk-lanes .hk-lane")).to_have_count(6)
    # the page opens on a random game; the test plays seed 7's, typed into the seed box (a
    # random turn 1 may offer no card the mana pays for: a Plank Walker's discard)
    deal_seed(page, 7, page.locator(".sk-new"))
    expect(page.locator(".sk-setup")).to_contain_text("A new game has begun")
    page.locator(".hk-speed button", has_text="Instant").click()
    clicked = _play_a_turn(page)
    assert "2" == page.locator(".sk-status").get_attribute("data-turn"), clicked
    # a card was played by clicking, then the phase ended (with "done", or by itself when
    # the card played left nothing else to do)
    assert any(a.startswith("play:") for a in clicked), clicked
    expect(page.locator(".hk-log")).to_contain_text("Horde phase")
    _settle(page)
    # the forecast on demand, then the page is still clean
    page.locator("[data-action='odds:forecast']").click()
    expect(page.locator(".sk-forecast")).to_contain_text("Castle damage")
    problems = check_page(page, [".sk-forecast"]) + console_problems(seen)
    problems += widened(page, lambda p: check_page(p, [".sk-forecast"]))
    assert not problems, "\n".join(problems)
