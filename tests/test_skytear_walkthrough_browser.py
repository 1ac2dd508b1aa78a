"""The Skytear walkthrough page in a real browser, at phone width (390 px) then widened to
1280 px (one page load): nothing sideways, axe-core, every button reached by Tab, a clean
console; the first lesson's question answered by clicking the table, and a rule question
graded by the engine."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect
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
SHOTS = os.environ.get("HK_SCREENSHOTS", "")  # a folder: save what the test saw


def _open(page: Page, voila_url: str, size: dict, query: str, ready: str) -> dict:
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size(size)
    seen = watch_console(page, voila_url)
    page.goto(f"{voila_url}/voila/render/skytear_walkthrough.ipynb{query}", timeout=TIMEOUT)
    wait_for_widgets(page, ready, timeout=TIMEOUT)
    return seen


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"skytear-walkthrough-{name}.png"))
        table = page.locator(".sky-table >> visible=true").first
        table.screenshot(path=os.path.join(SHOTS, f"skytear-walkthrough-{name}-table.png"))


def test_walkthrough_at_phone_width_then_1280_a_rule_question(page: Page, voila_url):
    """At 390 px the first lesson asks by the table; widened to 1280 px (one page load),
    the first game's rule question at step 9 is graded by the engine."""
    seen = _open(page, voila_url, PHONE, "", ".hk-point-view .sky-table")
    _shot(page, "390-lesson")
    problems = check_page(page, [".hk-next", ".hk-point-view .sky-table", ".hk-quiz-check"])
    problems += keyboard_unreached(page, KEYBOARD) + console_problems(seen)
    assert not problems, "\n".join(problems)
    # "click the castle": a wrong click says what was clicked and asks again; Show me the
    # answer gives it away (outlined), then Next goes on
    page.locator(".hk-point-view [data-thing='portal']").click()
    expect(page.locator(".hk-feedback")).to_contain_text("Not that one: you clicked Portal I")
    expect(page.locator(".hk-feedback")).to_contain_text("Try again")
    expect(page.locator(".hk-point-view [data-thing='castle']")).to_be_visible()
    page.locator(".hk-next", has_text="Show me the answer").click()
    expect(page.locator(".hk-feedback")).to_contain_text("Here it is, outlined: Pools of Flyema")
    page.locator(".hk-next").click()
    expect(page.locator(".hk-narration")).to_contain_text("Setup: the castle Pools of Flyema")
    expect(page.locator(".hk-narration .hk-rule-chip").first).to_contain_text("Setup")
    _shot(page, "390-step1")
    # widened: the first game, its step 9 picked from the list (a step opened by its
    # address is test_tutor_browser's)
    page.set_viewport_size(DESKTOP)
    page.locator(".widget-dropdown select").first.select_option(
        label="Your first game: setup and the first turn, phase by phase"
    )
    page.locator(".hk-steps select").select_option(index=9)
    expect(page.locator(".hk-ask[data-grade='rule']")).to_contain_text("lowest health")
    problems = check_page(page, [".hk-next", ".hk-answer", ".sky-table", ".hk-steps select"])
    problems += console_problems(seen)
    assert not problems, "\n".join(f"at 1280 px: {p}" for p in problems)
    _shot(page, "1280-rule-question")
    page.locator(".hk-answer", has_text="Reinforce Ratamil Minions").click()
    grade = page.locator(".hk-grade-rule")
    expect(grade).to_contain_text("Not legal")
    expect(grade).to_contain_text("lowest health")
    # not played: the question is asked again, the refused answer crossed out
    expect(page.locator(".hk-answer", has_text="✘ Reinforce Ratamil Minions")).to_be_disabled()
    page.locator(".hk-answer", has_text="Reinforce Gorrok Minions").click()
    expect(page.locator(".hk-narration")).to_contain_text("Gorrok comes back")
    _shot(page, "1280-graded")
