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


@pytest.fixture
def odds_page(page: Page, voila_url):
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{voila_url}/voila/render/fantahzee_odds.ipynb")
    expect(page.locator(".hk-result .hk-odds-pct")).to_have_text(odds_text(5, 3, "XXXX"))
    return page


def test_front_page_is_the_index_and_links_work(page: Page, voila_url):
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


def test_changing_the_cost_updates_the_probability(odds_page: Page):
    page = odds_page
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


def test_keep_advisor_follows_clicked_dice(odds_page: Page):
    page = odds_page
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


def _settled(page: Page) -> int:
    """Wait until the prompt and the choices show the same move; return it."""
    page.wait_for_function(
        """() => {
          const p = document.querySelector('.hk-step');
          if (!p) return false;
          const n = p.dataset.moves, step = p.dataset.step;
          if (!document.querySelector(`.hk-choices[data-moves="${n}"]`)) return false;
          if (step === 'search') return document.querySelector('.hk-put') !== null;
          return step === 'draw' || step === 'over' ||
                 document.querySelector(`.hk-choices[data-moves="${n}"] [data-action]`) !== null;
        }"""
    )
    return int(page.locator(".hk-step").get_attribute("data-moves"))


def _click_and_settle(page: Page, locator) -> None:
    """Click, then wait until the board offers the next move."""
    moves = _settled(page)
    locator.click()
    page.wait_for_function(f"() => document.querySelector('.hk-step').dataset.moves !== '{moves}'")
    _settled(page)


def _choices(page: Page):
    n = _settled(page)
    return page.locator(f".hk-choices[data-moves='{n}'] [data-action], .hk-put")


def test_heroes_hordes_board_plays_through_a_battle(page: Page, voila_url):
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{voila_url}/voila/render/heroes_hordes_play.ipynb")
    expect(page.locator(".hk-board")).to_contain_text("Cards left in the deck: 109")
    log = page.locator(".hk-log")
    fought = re.compile(r"hold against|overwhelm|No hero pile can block")
    for _ in range(150):
        if fought.search(log.inner_text()):
            break
        actions = _choices(page)
        _click_and_settle(page, actions.first if actions.count() else page.locator(".hk-draw"))
    else:
        pytest.fail("no battle in 150 clicks")
    # finish the discards (hero cards of the battle as it was fought, clicked one by one)
    while page.locator(".hk-step").get_attribute("data-step") == "discard":
        _click_and_settle(page, _choices(page).first)
    # the battle's rule: fought (heroes-hordes.battle) or unblocked (...battle.unblocked)
    expect(log.locator("[data-rule^='heroes-hordes.battle']").first).to_be_attached()
    expect(log).to_contain_text("Battle Phase")  # the rule's title, never its id
    assert "heroes-hordes." not in log.inner_text()
    expect(log).to_contain_text("horde is discarded")
    # undo steps back to before the last click
    board = page.locator(".hk-board").inner_text()
    page.locator(".hk-undo").click()
    expect(page.locator(".hk-board")).not_to_have_text(board)


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


def _fz_click(page: Page, locator) -> None:
    """Click, then wait for the board to show a later move and its buttons."""
    moves = page.locator(".hk-step").get_attribute("data-moves")
    locator.click()
    page.wait_for_function(
        """(before) => {
          const p = document.querySelector('.hk-step');
          if (!p || p.dataset.moves === before) return false;
          if (p.classList.contains('hk-over')) return true;
          const any = document.querySelector('.hk-action');
          return any === null || document.querySelector('.hk-m' + p.dataset.moves) !== null;
        }""",
        arg=moves,
    )


def _fz_my_turn(page: Page) -> None:
    """Skip the bots' paced moves ("Skip to my turn", "Continue") until a person decides."""
    for _ in range(40):
        step = page.locator(".hk-step")
        if step.count() and "hk-bots" not in (step.get_attribute("class") or ""):
            return
        button = page.locator(".hk-continue:visible, .hk-skip:visible").first
        if button.count():
            button.click()
        page.wait_for_timeout(300)
    pytest.fail("the bots' turn did not end")


def _fz_next(page: Page):
    """The plainest move on offer: finish rolling, stop attacking, else the first choice or
    the first card that can be clicked (a hero to discard, a treasure's place)."""
    for sel in (".hk-done", ".hk-stop", ".hk-action", ".hk-fz-play [data-action]:not(.hk-die)"):
        loc = page.locator(sel)
        if loc.count():
            return loc.first
    return None


def test_fantahzee_board_plays_turns_by_clicking(page: Page, voila_url):
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{voila_url}/voila/render/fantahzee_play.ipynb")
    expect(page.locator(".hk-step")).to_be_attached()
    # the starting player is drawn at random: the bot may play turn 1 first
    _fz_my_turn(page)
    expect(page.locator(".hk-step")).to_have_attribute("data-phase", "action")
    turn = int(re.search(r"Turn (\d+)", page.locator(".hk-fz-head").inner_text()).group(1))
    log = page.locator(".hk-log")
    recruit = page.locator("[data-action^='recruit:']")
    if recruit.count():
        _fz_click(page, recruit.first)  # a click on the card in the hand
        expect(log.locator("[data-rule='fantahzee.action.recruit']").first).to_be_attached()
    _fz_click(page, page.locator(".hk-roll"))
    expect(page.locator(".hk-step")).to_have_attribute("data-phase", "roll")
    # hold the first die, reroll the others
    die = page.locator(".hk-fz-dicerow button.hk-die[data-index='0']")
    die.click()
    expect(die).to_have_attribute("aria-pressed", "true")
    _fz_click(page, page.locator(".hk-reroll"))
    expect(log.locator("[data-rule='fantahzee.dice.reroll']").first).to_be_attached()
    assert "fantahzee." not in log.inner_text()
    # play on with the plainest moves until the bot has had its turn
    for _ in range(60):
        _fz_my_turn(page)
        if (
            log.locator("[data-rule='fantahzee.end.clear']").count()
            and page.locator(".hk-step").get_attribute("data-phase") == "action"
        ):
            break
        move = _fz_next(page)
        if move is None:
            pytest.fail("no move on offer")
        _fz_click(page, move)
    else:
        pytest.fail("the turn did not come round in 60 clicks")
    expect(page.locator(".hk-fz-head")).to_contain_text(f"Turn {turn + 2}:")
    expect(log).to_contain_text("Player 2")
    # the odds for a decision, on demand
    page.locator(".hk-odds-button").click()
    expect(page.locator(".hk-note, .hk-ranked, .hk-strength").first).to_be_visible()
    before = page.locator(".hk-log").inner_text()
    page.locator(".hk-undo").click()
    expect(page.locator(".hk-log")).not_to_have_text(before)


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
