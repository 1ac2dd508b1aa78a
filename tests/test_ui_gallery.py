"""The shared components in a real browser: the test-only gallery page at phone and
desktop width, axe-core, the keyboard, a clean console, and the clicks that round-trip.

This is also the template of a dashboard's browser test: open the page, then
``check_page(page, main_controls=[...])`` and ``keyboard_unreached(page, ...)``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import VoilaServer
from playwright.sync_api import BrowserContext, Page, expect
from ui_harness import (
    PHONE,
    check_page,
    console_problems,
    keyboard_unreached,
    wait_for_widgets,
    watch_console,
    widened,
)

pytestmark = pytest.mark.browser
GALLERY = Path(__file__).parent / "gallery" / "gallery.ipynb"
TIMEOUT = 90_000
MAIN = [
    ".hk-die",
    ".hk-card[data-action='buy:cow']",
    ".hk-lane",
    ".hk-rule-chip summary",
    ".hk-play",
    ".hk-search input",
    ".hk-save",
    ".hk-load",
    ".hk-ranked",
    ".hk-chart svg",
]
KEYBOARD = "button, summary, [data-action]"


@pytest.fixture(scope="module")
def gallery_url(tmp_path_factory):
    """The gallery served as the kit serves its dashboards (`hordes-kit serve`)."""
    server = VoilaServer(
        tmp_path_factory.mktemp("gallery"), 600, f"--notebook-dir={GALLERY.parent}", "--preheat=0"
    )
    yield f"{server.url}/voila/render/{GALLERY.name}"
    server.stop()


def _open(page: Page, url: str, viewport: dict) -> dict:
    page.set_viewport_size(viewport)
    page.set_default_timeout(TIMEOUT)
    seen = watch_console(page, url.split("/voila/")[0])
    page.goto(url, timeout=TIMEOUT)
    wait_for_widgets(page, ".hk-page .hk-chart svg", timeout=TIMEOUT)
    return seen


@pytest.fixture(scope="module")
def phone(chromium_profile: BrowserContext, gallery_url):
    page = chromium_profile.new_page()  # the module's tests share it
    seen = _open(page, gallery_url, PHONE)
    yield page, seen
    page.close()


def test_phone_width_nothing_sideways_and_no_serious_axe_violations(phone):
    page, seen = phone
    problems = check_page(page, MAIN)
    assert not problems, "\n".join(problems)
    assert not console_problems(seen), console_problems(seen)


def test_tab_reaches_every_button_and_die(phone):
    page, _ = phone
    missing = keyboard_unreached(page, KEYBOARD)
    assert not missing, "\n".join(missing)


def test_enter_and_space_do_what_a_click_does(phone):
    page, _ = phone
    last = page.locator(".hk-last-click")
    die = page.locator("button.hk-die[data-action='die:2']").first  # the hold row
    die.focus()
    page.keyboard.press("Space")
    expect(last).to_have_text("hold die:2")
    expect(page.locator("button.hk-die[data-action='die:2']").first).to_have_attribute(
        "aria-pressed", "true"
    )
    # focus stays on the die that was redrawn, so the next key works too
    page.keyboard.press("Enter")
    expect(page.locator("button.hk-die[data-action='die:2']").first).to_have_attribute(
        "aria-pressed", "false"
    )
    card = page.locator(".hk-card[data-action='buy:cow']")
    card.focus()
    page.keyboard.press("Enter")
    expect(last).to_have_text("buy:cow")
    # a disabled card (cannot afford) does nothing
    expect(page.locator(".hk-card[data-action='buy:wizard']")).to_be_disabled()
    chip = page.locator(".hk-rule-chip summary").first
    chip.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hk-rule-chip").first).to_have_attribute("open", "")
    expect(page.locator(".hk-rule-chip .hk-rule-text").first).to_be_visible()


def test_dice_tray_turns_and_locks(phone):
    page, _ = phone
    tray = page.locator(".hk-view", has=page.locator(".hk-lock"))
    die = tray.locator(".hk-die[data-index='4']")
    expect(die).to_have_attribute("data-value", "2")
    die.click()
    expect(tray.locator(".hk-die[data-index='4']")).to_have_attribute("data-value", "3")
    tray.locator(".hk-lock[data-index='4']").click()
    expect(tray.locator(".hk-die.hk-locked")).to_have_count(1)
    expect(tray.locator(".hk-die[data-index='4']")).to_be_disabled()


def test_search_box_refuses_unknown_names_and_picks_known_ones(phone):
    page, _ = phone
    box = page.locator(".hk-choice input")
    box.fill("Gunnars")
    box.press("Enter")
    expect(page.locator(".hk-choice .hk-error")).to_contain_text("no card called 'Gunnars'")
    expect(page.locator(".hk-choice .hk-error")).to_contain_text("Did you mean 'Gunners'")
    box.fill("gunners")
    box.press("Enter")
    expect(page.locator(".hk-last-click")).to_have_text("chose gunners")
    expect(page.locator(".hk-choice .hk-error")).to_have_count(0)
    add = page.locator(".hk-picker input")
    add.fill("Wizard")
    add.press("Enter")
    expect(page.locator(".hk-picker .hk-chip")).to_have_text("Wizard×")
    page.get_by_role("button", name="Remove Wizard").click()
    expect(page.locator(".hk-picker .hk-chip")).to_have_count(0)


def test_save_downloads_and_load_uploads_without_a_counter(phone, tmp_path):
    page, _ = phone
    with page.expect_download() as info:
        page.locator(".hk-save").click()
    saved = json.loads(Path(info.value.path()).read_text())
    assert saved["game"] == "the-horde"
    expect(page.locator(".hk-load")).to_have_text("Load game…")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"x" * 600_000)
    page.locator(".hk-files input[type=file]").set_input_files(str(bad))
    expect(page.locator(".hk-file-message")).to_contain_text("too big")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(saved))
    page.locator(".hk-files input[type=file]").set_input_files(str(good))
    expect(page.locator(".hk-file-message")).to_have_text("Loaded.")
    expect(page.locator(".hk-load")).to_have_text("Load game…")


def test_bot_moves_are_paced_and_stop_at_the_end_of_a_turn(phone):
    page, _ = phone
    page.locator(".hk-play").click()
    status = page.locator(".hk-ticker")
    expect(status).to_contain_text("Move ")
    expect(status).to_contain_text("Turn 1 is over", timeout=TIMEOUT)
    shown = page.locator(".hk-shown")
    at_end = shown.get_attribute("data-index")
    page.wait_for_timeout(1000)  # it waits for the answer: nothing moves on
    assert shown.get_attribute("data-index") == at_end
    expect(page.locator(".hk-log-line.hk-last")).to_have_count(1)
    page.locator(".hk-continue").click()
    expect(status).not_to_contain_text("Turn 1 is over")
    page.locator(".hk-skip").click()  # to the end of turn 2, and asks again
    expect(status).to_contain_text("Turn 2 is over")


def test_the_checks_see_a_page_that_breaks_them(phone):
    """The harness is not blind: a too-wide box, a nameless low-contrast button and a
    clickable piece that Tab cannot reach are each reported (then removed again)."""
    page, _ = phone
    page.evaluate(
        """() => {
          const box = document.createElement('div');
          box.id = 'hk-broken';
          box.innerHTML = `<div style="width:600px;height:20px;background:#eee">wide</div>
            <button style="color:#ccc;background:#fff"></button>
            <div data-action="nowhere" style="width:40px;height:40px">x</div>`;
          document.querySelector('.hk-page').appendChild(box);
        }"""
    )
    try:
        problems = check_page(page, MAIN)
        assert any("sticks out" in p and "wide" in p for p in problems), problems
        assert any("axe critical button-name" in p for p in problems), problems
        missing = keyboard_unreached(page, KEYBOARD)
        assert any("nowhere" in m or '"x"' in m for m in missing), missing
    finally:
        page.evaluate("() => document.getElementById('hk-broken').remove()")


def test_desktop_width_and_a_clean_console(phone):
    """Last of the module: the same page (played on above) widened to 1280 px, as a
    player turns a tablet, and its console still clean."""
    page, seen = phone
    problems = widened(page, lambda p: check_page(p, MAIN))
    assert not problems, "\n".join(problems)
    assert not console_problems(seen), console_problems(seen)
