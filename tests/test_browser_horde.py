"""The Horde's three pages in a real browser at phone width (390 px): nothing sideways, the
main controls on screen, axe-core without serious or critical violations, every button
reached by Tab, a clean console, and each page's main click answered (the odds page's
Printable sheet button too)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from ui_harness import (
    check_page,
    dashboard_problems,
    deal_seed,
    open_dashboard,
)

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
SEED = 7  # the play page's game in test_play_page_on_a_phone (its self-check's seed too)


def test_play_page_on_a_phone(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "the_horde_play.ipynb", ".hk-board .hk-step")
    # the page opens on a random game; the test plays a known one, typed into the seed box
    # (one whose first Horde phase has a battle roll: a Flame Thrower bought in a random
    # game can kill the whole attack without one)
    deal_seed(page, SEED, page.get_by_role("button", name="New game"))
    page.locator(".hk-speed button", has_text="Instant").click()
    page.locator(".hk-fast").click()
    expect(page.locator(".hk-board .hk-step")).to_have_attribute("data-step", "recruit")
    for line in _row_flipped(SEED):  # the seed's game
        expect(page.locator(".hk-log")).to_contain_text(line)
    main = [
        ".hk-board .hk-crowns",
        ".hk-board button.hk-done",
        ".hk-board button.hk-face[data-action^='buy:']",
        ".hk-advice",
        ".hk-save",
        ".hk-load",
        ".hk-log",
        ".hk-lane .hk-face",
    ]
    problems = dashboard_problems(page, seen, main)
    assert not problems, "\n".join(problems)
    # what should I buy: one advice over its ranked table, the advised cards marked
    page.locator(".hk-advice").click()
    advice = page.locator(".hk-buy-advice")
    expect(advice.locator(".hk-advice-head")).to_contain_text("Advice: ")
    expect(advice.locator("tr.hk-best")).to_have_count(1)
    # a random game may advise flipping another card first: then no card is marked yet
    if "Flip one more card" not in advice.locator(".hk-advice-head").inner_text():
        expect(page.locator(".hk-board .hk-face.hk-highlight").first).to_be_visible()
    problems = check_page(page, [".hk-buy-advice table"], axe=False)
    assert not problems, "\n".join(problems)
    _buys_a_card_and_fights_a_horde_phase(page)
    _the_table_rules_panel_unfolds_and_a_reading_starts_a_game(page, seen)


def test_walkthrough_page_on_a_phone(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "the_horde_walkthrough.ipynb", ".hk-quiz-check")
    problems = dashboard_problems(page, seen, [".hk-next", ".hk-board .hk-face", ".hk-quiz-check"])
    assert not problems, "\n".join(problems)
    # the page opens on the first lesson; the first year's first question is a choice,
    # graded against the walkthrough's move (the rulebook has none) and the odds, and the
    # step says why the walkthrough plays a move the odds do not rank best
    page.locator(".hk-page select").first.select_option(
        label="Your first year in the Shimto Plains"
    )
    page.locator(".hk-next").click()
    ask = page.locator(".hk-ask")
    expect(ask).to_have_attribute("data-grade", "choice")
    page.locator(".hk-answer", has_text="Buy Cow").click()
    grade = page.locator(".hk-grade")
    expect(grade).to_contain_text("Legal, and the walkthrough chose differently")
    expect(grade).to_contain_text("Best by the odds")
    expect(grade.locator(".hk-because")).to_contain_text("Why the walkthrough plays")
    expect(page.locator(".hk-narration .hk-rule-chip").first).to_be_visible()
    problems = check_page(page, [".hk-grade"], axe=False)
    assert not problems, "\n".join(problems)


def test_odds_page_on_a_phone(page: Page, voila_url):
    seen = open_dashboard(page, voila_url, "the_horde_odds.ipynb", ".hk-run")
    main = [".hk-battle-odds .hk-odds-pct", ".hk-chart svg", ".hk-search input", ".hk-run"]
    problems = dashboard_problems(page, seen, main)
    assert not problems, "\n".join(problems)
    assert page.locator(".modebar").count() == 0  # no zoom/lasso toolbar
    page.locator(".hk-page select").first.select_option(label="Juggernaught (level 5)")
    expect(page.locator(".hk-battle-odds .hk-odds-pct")).to_have_text("33.33%")
    # a card name that is not a card is refused with a suggestion
    box = page.locator(".hk-search input")
    box.fill("Ring of Teleprot")
    box.press("Enter")
    expect(page.locator(".hk-picker .hk-error")).to_contain_text("Did you mean 'Ring of Teleport'")
    _the_printable_sheet_button_saves_the_sheet(page)


def _the_printable_sheet_button_saves_the_sheet(page: Page) -> None:
    """The Printable sheet button of a served odds page: the browser saves the page itself
    (from the link), and it is the game's sheet (test_sheets.py checks the sheets)."""
    make = page.locator(".hk-sheet button").first
    expect(make).to_have_text("Printable sheet")
    expect(make).to_be_visible()
    make.click()
    link = page.locator(".hk-sheet-link").first
    expect(link).to_have_text("Save the sheet")
    with page.expect_download() as got:
        link.click()
    saved = got.value
    assert saved.suggested_filename == "the-horde-odds-sheet.html"
    text = open(saved.path(), encoding="utf-8").read()
    assert text.startswith("<!DOCTYPE html>") and "The Horde: odds sheet" in text
    assert "Chance to kill the hordling" in text


def _the_table_rules_panel_unfolds_and_a_reading_starts_a_game(page: Page, seen: dict) -> None:
    fold = page.locator(".hk-table-rules .jupyter-widget-Collapse-header")
    expect(fold).to_contain_text("Table rules")
    expect(page.locator(".hk-table-rules label", has_text="No Dizzy")).to_be_hidden()  # folded
    fold.click()
    page.locator(".hk-table-rules label", has_text="No Dizzy").click()
    expect(fold).to_contain_text("1 changed")
    chip = page.locator(".hk-table-rules .hk-rule-chip.hk-table").first
    expect(chip).to_contain_text("Your table's rule")
    expect(page.locator(".hk-note", has_text="new game started")).to_be_visible()
    problems = dashboard_problems(page, seen, [".hk-table-rules input[type='radio']"])
    assert not problems, "\n".join(problems)


def _row_flipped(seed: int) -> list[str]:
    """The log's lines for the first recruit row of the game this seed starts."""
    from hordes_kit.ui.the_horde.board import THBoard

    board = THBoard(seed=seed, speed="Instant")
    board.advance(until_decision=True)
    return [e.text for e in board.state.log if e.text.startswith("Recruit card flipped")]


def _th_settle(page: Page, moves: str | None = None) -> None:
    """Wait until the table shows a move other than ``moves`` and offers what comes next."""
    page.wait_for_function(
        """(before) => {
          const p = document.querySelector('.hk-board .hk-step');
          if (!p || p.dataset.moves === before) return false;
          const step = p.dataset.step;
          if (step === 'recruit' || step === 'rock')
            return p.querySelector('button.hk-done, button.hk-rock-heal') !== null;
          if (step === 'over') return true;
          const b = document.querySelector('button.hk-next');
          return b !== null && !b.disabled;
        }""",
        arg=moves,
    )


def _th_click(page: Page, locator) -> None:
    moves = page.locator(".hk-board .hk-step").get_attribute("data-moves")
    locator.click()
    _th_settle(page, moves)


def _buys_a_card_and_fights_a_horde_phase(page: Page) -> None:
    """At the recruit: the first card of the row bought by clicking it, a card too dear
    refused, then the Horde phase clicked through card by card and roll by roll, each step
    cited in the log; Undo steps back."""
    expect(page.locator(".hk-board")).to_contain_text("Turn 1 of 20")
    expect(page.locator(".hk-board .hk-step")).to_have_attribute("data-step", "recruit")
    crowns = int(page.locator(".hk-crowns").get_attribute("data-crowns"))
    card = page.locator(".hk-board button.hk-face:not([disabled])").first
    name = card.locator(".hk-card-name").inner_text().replace("\u00ad", "")
    cost = int(card.locator(".hk-card-cost b").inner_text())
    _th_click(page, card)
    log = page.locator(".hk-log")
    expect(log).to_contain_text(re.compile(f"(buy|take) {name}", re.I))
    gain = 1 if cost == 0 else -cost  # Trees: +1 Crown
    left = crowns + gain
    expect(page.locator(".hk-crowns")).to_have_attribute("data-crowns", str(left))
    # a card that costs too much cannot be clicked, and says what it needs
    for b in page.locator(".hk-board button.hk-face").all():
        if int(b.locator(".hk-card-cost b").inner_text()) > left:
            expect(b).to_be_disabled()
            expect(b).to_contain_text("need")
            break
    _th_click(page, page.locator(".hk-done"))
    # the Horde phase, card by card and roll by roll, each step cited in the log
    for _ in range(300):
        ended = "[data-rule='the-horde.end'], [data-rule^='the-horde.defeat']"
        if (
            log.locator(ended).count()
            or page.locator(".hk-board .hk-step[data-step='over']").count()
        ):
            break  # the phase ended (or, in a random game, Chauncey fell in it)
        heal = page.locator(".hk-rock-heal")
        step = page.locator(".hk-next")
        # a choice the game asks mid-phase (a random game may meet one): its first button
        choice = page.locator(".hk-board button[data-action]:not([disabled])")
        _th_click(page, heal if heal.count() else step if step.count() else choice.first)
    else:
        pytest.fail("the Horde phase did not end in 300 clicks")
    expect(log.locator("[data-rule='the-horde.horde.battle-roll']").first).to_be_attached()
    assert "the-horde." not in log.inner_text()
    # undo steps back to before the last click
    board = page.locator(".hk-board").inner_text()
    page.locator(".hk-undo").click()
    expect(page.locator(".hk-board")).not_to_have_text(board)
