"""The Shadows pages in a real browser at phone width (390 px): nothing sideways, axe-core,
every button and card reachable by Tab, a clean console; and a whole round of a game
against a bot played by clicking the cards and buttons."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from ui_harness import (
    console_problems,
    dashboard_problems,
    open_dashboard,
)

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
MOVE = ".sh-board [data-action]:not([data-action^='odds:'])"


def test_walkthrough_page_at_phone_width(page: Page, voila_url):
    seen = open_dashboard(
        page, voila_url, "shadows_walkthrough.ipynb?scenario=sh-example-of-play", ".sh-table"
    )
    problems = dashboard_problems(
        page, seen, [".hk-next", ".hk-answer", ".sh-status", ".hk-quiz-check"]
    )
    assert not problems, "\n".join(problems)
    # the first question: answer it by clicking; the grading says legal and shows the figures
    page.locator(".hk-answer", has_text="Gold").click()
    expect(page.locator(".sh-grade")).to_contain_text("Legal, and the book chose differently")
    expect(page.locator(".sh-grade")).to_contain_text("Every player gains 1 Experience")
    expect(page.locator(".hk-next")).to_be_enabled()


def test_odds_page_at_phone_width(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "shadows_odds.ipynb", ".hk-chart svg")
    main = [".hk-chart svg", ".hk-ranked", ".sh-rank", ".sh-run"]
    problems = dashboard_problems(page, seen, main)
    assert not problems, "\n".join(problems)


def _moves(page: Page) -> int:
    return int(page.locator(".sh-status").get_attribute("data-moves"))


def test_play_page_at_phone_width_and_a_whole_round_by_clicking(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "shadows_play.ipynb", MOVE)
    problems = dashboard_problems(
        page, seen, [MOVE, ".sh-status", ".hk-save", ".hk-load", ".sh-new"]
    )
    assert not problems, "\n".join(problems)
    page.locator(".hk-speed button", has_text="Instant").click()
    clicked = []
    for _ in range(300):
        if page.locator(".sh-status").get_attribute("data-round") == "2":
            break
        go_on = page.locator(".hk-continue")
        if go_on.is_visible():  # the bots' moves stop at a phase's end and ask
            try:
                go_on.click(timeout=3_000)
            except PlaywrightTimeoutError:  # it went on by itself meanwhile
                pass
            continue
        if page.locator(MOVE).count() == 0:  # the bots are still moving
            page.wait_for_timeout(200)
            continue
        move = page.locator(MOVE).first
        action = move.get_attribute("data-action")
        before = _moves(page)
        move.click()
        page.wait_for_function(
            "(n) => { const s = document.querySelector('.sh-status');"
            " return s && Number(s.dataset.moves) > n; }",
            arg=before,
        )
        clicked.append(action)
    else:
        raise AssertionError(f"round 1 did not end; clicked {clicked}")
    verbs = {a.split(":")[0] for a in clicked}
    assert {"hero", "pick"} <= verbs and len(clicked) >= 6, clicked
    # the round's story is in the log, each line with its rule chip
    expect(page.locator(".hk-log-line").first).to_be_visible()
    assert page.locator(".hk-log .hk-rule-chip").count() > 10
    assert not console_problems(seen), console_problems(seen)
