"""The tutor in a real browser: the rule lookup opened at a rule and searched as you type,
a walkthrough opened at a step by its address and its rule chip's link to the lookup; the
lookup at phone width. (A first lesson's question answered by clicking the table is played
on the Fantahzee walkthrough page's load, in test_fantahzee_pages.py.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from ui_harness import PHONE, check_page, console_problems, wait_for_widgets, watch_console

from hordes_kit.core.lookup import entry, search
from hordes_kit.core.scenario import first_lesson

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
expect.set_options(timeout=TIMEOUT)


def _open(page: Page, url: str, ready: str) -> None:
    page.set_default_timeout(TIMEOUT)
    page.goto(url, timeout=TIMEOUT)
    wait_for_widgets(page, ready, timeout=TIMEOUT)


def test_the_rule_lookup_opens_a_rule_first_and_answers_as_you_type(page: Page, voila_url):
    page.set_viewport_size(PHONE)
    seen = watch_console(page, voila_url)
    rid = "the-horde.special.dizzy"
    _open(page, f"{voila_url}/voila/render/rules.ipynb?rule={rid}", ".hk-lookup-rule")
    first = page.locator(".hk-lookup-rule").first
    expect(first).to_have_attribute("data-rule", rid)
    expect(first).to_have_class(re.compile("hk-pinned"))
    expect(first).to_contain_text(entry(rid).rule.text[:40])
    from hordes_kit.core.table_rules import table_rules

    dizzy = next(t for t in table_rules("the-horde") if t.field == "dizzy")
    expect(first).to_contain_text(f"Table rule: {dizzy.label}")  # its option, in words
    for r in dizzy.readings:  # and every reading a table may choose
        expect(first).to_contain_text(r.text[:40])
    problems = check_page(
        page,
        main_controls=[
            ".hk-lookup-search input",
            ".hk-lookup-game-filter select",
            ".hk-lookup-rule",
        ],
    )
    assert not problems, "\n".join(problems)
    # results as you type: every game, then a word of a rule's text
    page.locator(".hk-lookup-game-filter select").select_option(label="Every game")
    box = page.locator(".hk-lookup-search input")
    # words of the steam rule's text (its key was ruling.steam-pool before the merge)
    box.press_sequentially("part steam", delay=30)
    want = [e.id for e in search("part steam")]
    # the steam rule first (its title holds "steam"); the search reads the book's words too
    assert want[0] == "fantahzee.steam.pay" and len(want) <= 3
    expect(page.locator(".hk-lookup-rule")).to_have_count(len(want))
    expect(page.locator(".hk-lookup-rule").first).to_have_attribute("data-rule", want[0])
    expect(page.locator(".hk-lookup-count")).to_contain_text(f"{len(want)} rule")
    assert not console_problems(seen)


def test_a_walkthrough_address_opens_that_step_and_its_rule_chip_opens_the_lookup(
    page: Page, voila_url
):
    lesson = first_lesson("the_horde")
    _open(
        page,
        f"{voila_url}/voila/render/the_horde_walkthrough.ipynb?scenario={lesson.id}&step=2",
        ".hk-narration .hk-rule-chip",  # (the folded Table rules panel holds chips too)
    )
    expect(page.get_by_text(f"step 2 of {len(lesson.steps)}")).to_be_visible()
    expect(page.locator(".hk-say")).to_contain_text(lesson.steps[1].say[:40])
    rid = lesson.steps[1].rule
    chip = page.locator(".hk-narration .hk-rule-chip").first
    expect(chip).to_contain_text(entry(rid).rule.title)
    chip.locator("a.hk-rule-more").click()
    page.wait_for_url(re.compile(r"rules\.ipynb\?rule="), timeout=TIMEOUT)
    wait_for_widgets(page, ".hk-lookup-rule", timeout=TIMEOUT)
    expect(page.locator(".hk-lookup-rule").first).to_have_attribute("data-rule", rid)
