"""The three Fantahzee pages in a real browser (issue 12, section 6): at phone width
nothing sticks out sideways and the main controls show, axe-core finds nothing serious,
Tab reaches every button and die, the console is clean; and the clicks a player makes
there (a walkthrough's graded answers, the dice tray's rolls, the board's bot turns).

One page load per page (the session's Voila server): at 390 px, then widened to 1280 px.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from ui_harness import (
    DESKTOP,
    PHONE,
    check_page,
    console_problems,
    keyboard_unreached,
    wait_for_widgets,
    watch_console,
)

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
KEYBOARD = "button, summary, [data-action]"
PAGES = {
    "fantahzee_odds": (
        ".hk-result .hk-odds-pct",
        [
            ".hk-preset select",
            ".hk-cost input",
            ".hk-dice-count button",
            ".hk-rolls-count button",
            ":nth-match(.hk-chart svg.hk-svg-chart, 1)",
            ":nth-match(.hk-chart svg.hk-svg-chart, 2)",
            ".hk-roll",
        ],
    ),
    "fantahzee_walkthrough": (
        ".hk-fz-board .hk-lane",
        [".hk-next", ".hk-back", ".hk-steps select", ".hk-fz-board .hk-face", ".hk-say"],
    ),
    "fantahzee_play": (
        ".hk-fz-head",
        [".hk-fz-head", ".hk-lane .hk-face", ".hk-new-game", ".hk-save", ".hk-load", ".hk-undo"],
    ),
}


def _open(browser: Browser, url: str, name: str, viewport: dict) -> tuple[Page, dict]:
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(TIMEOUT)
    expect.set_options(timeout=TIMEOUT)
    seen = watch_console(page, url)
    page.goto(f"{url}/voila/render/{name}.ipynb", timeout=TIMEOUT)
    wait_for_widgets(page, PAGES[name][0], timeout=TIMEOUT)
    return page, seen


def _problems(page: Page, name: str, seen: dict, keyboard: bool) -> list[str]:
    out = check_page(page, PAGES[name][1]) + console_problems(seen)
    if keyboard:
        out += keyboard_unreached(page, KEYBOARD)
    return out


def _at_desktop_width(page: Page, name: str) -> None:
    """The same page widened to 1280 px: still nothing cut, nothing serious for axe."""
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(600)
    problems = check_page(page, PAGES[name][1])
    assert not problems, "\n".join(problems)


def test_odds_page_on_a_phone(browser: Browser, voila_url):
    page, seen = _open(browser, voila_url, "fantahzee_odds", PHONE)
    try:
        problems = _problems(page, "fantahzee_odds", seen, keyboard=True)
        assert not problems, "\n".join(problems)
        # three rolls of the tray: 2 rerolls left, 1, 0, then a new turn with 2 again
        left = page.locator(".hk-rolls-left button.mod-active")
        expect(left).to_have_text("2")
        roll = page.locator(".hk-roll")
        for want in ("1", "0"):
            roll.click()
            expect(left).to_have_text(want)
        expect(roll).to_have_text("New turn: roll every die")
        roll.click()
        expect(left).to_have_text("2")
        # a cost that cannot be read: the old charts go and the message says why
        box = page.locator(".hk-cost input")
        box.fill("XX7")
        box.press("Enter")
        expect(page.locator(".hk-error").first).to_contain_text("Costs to pay 'XX7'")
        expect(page.locator(".hk-chart svg.hk-svg-chart")).to_have_count(0)
        box.fill("XXX")
        box.press("Enter")
        expect(page.locator(".hk-chart svg.hk-svg-chart")).to_have_count(2)
        _at_desktop_width(page, "fantahzee_odds")
    finally:
        page.close()


def test_walkthrough_page_on_a_phone_grades_choices_and_rules(browser: Browser, voila_url):
    page, seen = _open(browser, voila_url, "fantahzee_walkthrough", PHONE)
    try:
        expect(page.locator(".hk-next")).to_be_enabled()  # the first step is never blocked
        # Maureen's second decision: keep the 5 and a 3 instead of the book's 5 (the page
        # opens on the first lesson; the Example Turn is picked)
        page.locator(".widget-dropdown select").first.select_option(label="Example Turn: Maureen")
        page.locator(".hk-steps select").select_option(index=7)
        expect(page.locator(".hk-ask")).to_contain_text("Which dice should she keep")
        page.locator(".hk-answer", has_text="Keep 5,3, reroll the rest").click()
        feedback = page.locator(".hk-feedback")
        expect(feedback).to_contain_text("Legal, and the book chose differently")
        expect(feedback.locator(".hk-compare li")).to_have_count(3)
        expect(feedback.locator(".hk-ranked caption")).to_contain_text("Expected total strength")
        problems = _problems(page, "fantahzee_walkthrough", seen, keyboard=True)
        assert not problems, "\n".join(problems)
        # flip-and-commit: stopping is legal; the other stacks are not
        page.locator(".widget-dropdown select").first.select_option(label="FAQ: flip and commit")
        page.locator(".hk-steps select").select_option(index=9)
        expect(page.locator(".hk-ask")).to_contain_text("Can she attack them")
        page.locator(".hk-answer", has_text="Stop attacking").click()
        expect(feedback).to_contain_text("✔ Legal: Stop attacking")
        expect(feedback).to_contain_text("The book plays: Flip stack D and attack")
        _at_desktop_width(page, "fantahzee_walkthrough")
    finally:
        page.close()


def test_play_page_on_a_phone(browser: Browser, voila_url):
    page, seen = _open(browser, voila_url, "fantahzee_play", PHONE)
    try:
        for _ in range(40):  # the bot may start: skip its paced moves to the person's turn
            if page.locator(".hk-step.hk-bots").count() == 0:
                break
            page.locator(".hk-continue:visible, .hk-skip:visible").first.click()
            page.wait_for_timeout(300)
        expect(page.locator(".hk-roll")).to_be_visible()
        problems = _problems(page, "fantahzee_play", seen, keyboard=True)
        assert not problems, "\n".join(problems)
        # the log names rules by their titles, never by id
        assert "fantahzee." not in page.locator(".hk-log").inner_text()
        expect(page.locator(".hk-fz-tracks [data-token='doom']")).to_contain_text("Doom tokens")
        _at_desktop_width(page, "fantahzee_play")
    finally:
        page.close()
