"""Real-browser tests: Voila serves the dashboards, Playwright drives Debian's Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hordes_kit.fantahzee.odds import advise_keep, success_probability
from hordes_kit.fantahzee.presets import load_presets
from hordes_kit.ui.common import percent

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
expect.set_options(timeout=TIMEOUT)


def odds_text(dice, rolls, costs) -> str:
    return percent(success_probability(dice, rolls, costs), 2)


def test_front_page_links_to_the_odds_explorer_which_answers_and_advises(page: Page, voila_url):
    """The index, its link to the dice-odds explorer, then the explorer itself: costs typed
    or picked, and the keep advice following clicked dice (one page load for all three)."""
    page.set_default_timeout(TIMEOUT)
    page.goto(voila_url + "/")
    expect(page).to_have_url(re.compile(r"/voila/render/index\.ipynb$"))
    expect(page.get_by_role("heading", name="Fantahzee: Hordes & Heroes")).to_be_visible()
    for game in ("Skytear Horde", "Shadows: Heroes & Monsters", "The Horde", "Heroes & Hordes"):
        expect(page.get_by_role("heading", name=game, exact=True)).to_be_visible()
    page.wait_for_load_state("load")
    link = page.get_by_role("link", name="Dice-odds explorer")
    assert link.get_attribute("href") == "fantahzee_odds.ipynb"
    # A click that lands while Voila's page script is still starting was once seen to
    # do nothing (1 run in 6): click again rather than wait forever.
    for _ in range(3):
        link.click()
        try:
            page.wait_for_url(re.compile(r"fantahzee_odds\.ipynb$"), timeout=20_000)
            break
        except PlaywrightTimeoutError:
            continue
    expect(page).to_have_url(re.compile(r"fantahzee_odds\.ipynb$"))
    expect(page.locator(".hk-result .hk-odds-pct")).to_have_text(odds_text(5, 3, "XXXX"))
    _the_cost_changes_the_probability(page)
    _the_keep_advice_follows_clicked_dice(page)


def _the_cost_changes_the_probability(page: Page) -> None:
    page.locator(".hk-preset select").select_option(label="Sergeant: a pair")
    expect(page.locator(".hk-cost input")).to_have_value("XX")
    expect(page.locator(".hk-result .hk-odds-pct")).to_have_text(odds_text(5, 3, "XX"))
    box = page.locator(".hk-cost input")
    box.fill("XX + XXX")
    box.press("Enter")
    expect(page.locator(".hk-result .hk-odds-pct")).to_have_text(odds_text(5, 3, "XX XXX"))
    expect(page.locator(".hk-preset select")).to_have_value(
        next(p.label for p in load_presets() if p.costs == "XX + XXX")
    )
    box.fill("XQ")
    box.press("Enter")
    expect(page.locator(".hk-error")).to_contain_text("unknown symbol 'Q'")
    expect(page.locator(".hk-chart svg")).to_have_count(0)  # the old cost's charts go


def _the_keep_advice_follows_clicked_dice(page: Page) -> None:
    box = page.locator(".hk-cost input")
    box.fill("XXX")
    box.press("Enter")
    best = advise_keep("6,6,4,3,2", "XXX", 2).best
    advice = page.locator(".hk-advice-best")
    expect(advice).to_contain_text(f"Best: {best.label}")
    expect(page.locator(".hk-die.hk-keep")).to_have_count(2)
    # click the 4 twice: 4 -> 5 -> 6, now three 6s show and the cost is paid
    die = page.locator(".hk-die[data-index='2']")
    die.click()
    expect(page.locator(".hk-die[data-index='2']")).to_have_attribute("data-value", "5")
    page.locator(".hk-die[data-index='2']").click()
    expect(page.locator(".hk-die[data-index='2']")).to_have_attribute("data-value", "6")
    expect(advice).to_contain_text("You can pay it now: lock 6, 6, 6 for XXX")
    expect(page.locator(".hk-die.hk-keep")).to_have_count(3)
    # lock two of the 6s on a hero: they can no longer pay XXX
    page.locator(".hk-lock[data-index='0']").click()
    page.locator(".hk-lock[data-index='1']").click()
    expect(page.locator(".hk-die.hk-locked")).to_have_count(2)
    locked_best = advise_keep("6,3,2", "XXX", 2, locked="6,6").best
    expect(advice).to_contain_text(percent(locked_best.probability, 2))


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


def test_the_horde_board_buys_a_card_and_fights_a_horde_phase(page: Page, voila_url):
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{voila_url}/voila/render/the_horde_play.ipynb")
    expect(page.locator(".hk-board")).to_contain_text("Turn 1 of 20")
    _th_settle(page)
    # the recruit flips (shown one at a time), then buy the first card of the row by clicking it
    page.locator(".hk-fast").click()
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


def test_fantahzee_walkthrough_steps_through_the_example_turn(page: Page, voila_url):
    from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files

    # the first lesson comes first in the list: open the example turn by its address
    sc = next(load_scenario(p) for p in scenario_files("fantahzee") if "example-turn" in p.stem)
    frames = run_scenario(sc)
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{voila_url}/voila/render/fantahzee_walkthrough.ipynb?scenario={sc.id}")
    expect(page.locator(".hk-say")).to_contain_text("Set-up")
    for f in frames:
        if f.step.ask:
            expect(page.locator(".hk-ask")).to_contain_text(f.step.ask[:40])
            page.locator(".hk-answer", has_text=f.before.label(f.step.move)).first.click()
            expect(page.locator(".hk-feedback")).to_contain_text("The book's choice")
        else:
            page.locator(".hk-next").click()
        expect(page.locator(".hk-say")).to_contain_text(f.step.say[:30])
    expect(page.get_by_text(f"step {len(frames)} of {len(frames)}")).to_be_visible()
    expect(page.locator(".hk-rule").first).to_contain_text("End Phase")
    expect(page.locator(".hk-narration")).to_contain_text("Draw four cards from the hero deck")


# --- what a player's browser sees: a clean console, nothing from other hosts, no tracebacks ----
