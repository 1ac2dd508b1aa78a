"""Browser checks every page gets (issue 12, section 6): phone-width layout, axe-core,
keyboard, a clean console. A page test opens its page and calls :func:`check_page`:

    problems = check_page(page, main_controls=[".hk-next", ".hk-board"])
    assert not problems, "\\n".join(problems)

or the single checks (:func:`overflow_problems`, :func:`axe_violations`,
:func:`keyboard_unreached`, :func:`console_problems`). Each returns a list of
readable problems (empty: fine), so one failure shows everything that is wrong.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

__all__ = [
    "asyncio_apart",
    "without_rule_boxes",
    "PHONE",
    "cut_choices",
    "DESKTOP",
    "SCROLLERS",
    "watch_console",
    "console_problems",
    "wait_for_widgets",
    "overflow_problems",
    "hidden_controls",
    "axe_violations",
    "keyboard_unreached",
    "check_page",
    "widened",
    "deal_seed",
]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
AXE = Path(__file__).parent / "vendor" / "axe.min.js"

# Boxes that may scroll sideways on purpose: a table too wide for a phone scrolls inside
# its own frame (keyboard-focusable, labelled) rather than widening the page, and the
# game log scrolls down. Nothing else may be wider than its column.
SCROLLERS = ".hk-table-wrap, .hk-log"


def watch_console(page: Page, base_url: str) -> dict[str, list[str]]:
    """Start recording console errors, page errors and requests to other hosts."""
    seen: dict[str, list[str]] = {"errors": [], "external": []}

    def on_console(msg) -> None:
        if msg.type == "error":
            seen["errors"].append(f"console error: {msg.text[:300]}")

    def on_request(req) -> None:
        url = req.url
        if not url.startswith((base_url, "data:", "blob:", "about:")):
            seen["external"].append(url)

    page.on("console", on_console)
    page.on("pageerror", lambda e: seen["errors"].append(f"page error: {str(e)[:300]}"))
    page.on("request", on_request)
    return seen


def console_problems(seen: dict[str, list[str]]) -> list[str]:
    """Errors in the console and requests to other hosts (the kit's server asks none)."""
    return list(seen["errors"]) + [f"request to another host: {u}" for u in seen["external"]]


def wait_for_widgets(page: Page, selector: str, timeout: float = 120_000) -> None:
    """Wait until Voila has run the page and ``selector`` is drawn, then let it settle."""
    page.wait_for_selector(selector, timeout=timeout)
    page.wait_for_function("() => !document.querySelector('.voila-spinner')", timeout=timeout)
    page.wait_for_timeout(500)


_OVERFLOW_JS = (Path(__file__).parent / "ui_overflow.js").read_text()


def overflow_problems(page: Page, scrollers: str = SCROLLERS) -> list[str]:
    """Anything wider than the screen, cut by its box, or in an unplanned sideways scroll;
    and button or label text truncated with an ellipsis."""
    return page.evaluate(_OVERFLOW_JS, scrollers)


def hidden_controls(page: Page, selectors: list[str], wait: float = 30_000) -> list[str]:
    """Main controls that are missing, invisible or not fully within the screen's width.

    Each is given up to ``wait`` ms to be drawn (on a busy machine a page's widgets can
    take seconds after its first control).
    """
    out = []
    width = page.viewport_size["width"]
    for sel in selectors:
        loc = page.locator(sel).first
        try:
            loc.wait_for(state="visible", timeout=wait)
        except PlaywrightTimeoutError:
            out.append(f"main control not visible: {sel}")
            continue
        box = loc.bounding_box()
        if box is None or box["x"] < -1 or box["x"] + box["width"] > width + 1:
            out.append(f"main control not within the screen's width: {sel} ({box})")
    return out


def axe_violations(page: Page, impacts=("serious", "critical")) -> list[str]:
    """axe-core's violations of these impacts, one line per rule with where it failed."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    out = []
    for v in result:
        if v["impact"] in impacts:
            where = "; ".join(
                f"{' '.join(map(str, n['target']))}: {n.get('failureSummary', '')[:160]}"
                for n in v["nodes"][:4]
            )
            out.append(f"axe {v['impact']} {v['id']} ({v['help']}) x{len(v['nodes'])}: {where}")
    return out


_TAB_WATCH = """(sel) => {
  document.querySelectorAll(sel).forEach((e, i) => e.dataset.kbd = String(i));
  window.hkTabbed = [];
  if (!window.hkTabWatch) {
    window.hkTabWatch = true;
    document.addEventListener('focusin', () => {
      const a = document.activeElement;
      if (!a || a === document.body || !window.hkTabbed) return;
      if (!a.dataset.kbdSeen) a.dataset.kbdSeen = String(Math.random());
      window.hkTabbed.push([a.dataset.kbdSeen, a.dataset.kbd || null]);
    }, true);
  }
}"""
# Tabs pressed between two looks at what they reached: each look is a round trip from the
# test to the page, and a whole page takes 40-150 presses
TAB_BATCH = 10


def keyboard_unreached(page: Page, must_reach: str, max_tabs: int = 600) -> list[str]:
    """Press Tab through the page; every visible element matching ``must_reach`` (buttons,
    dice) must receive focus. (What each Tab reached is recorded in the page as focus
    moves, and read every few presses.)"""
    page.evaluate(_TAB_WATCH, must_reach)
    page.locator("body").click(position={"x": 1, "y": 1})
    page.evaluate(
        "() => { document.activeElement && document.activeElement.blur(); window.hkTabbed = []; }"
    )
    reached: set[str] = set()
    for _batch in range(max_tabs // TAB_BATCH):
        for _ in range(TAB_BATCH):
            page.keyboard.press("Tab")
        tabbed = page.evaluate("() => window.hkTabbed")
        ids = [seen_id for seen_id, _ in tabbed]
        back = ids.index(ids[0], 1) if ids and ids[0] in ids[1:] else None
        for _, kbd in tabbed[:back]:
            if kbd is not None:
                reached.add(kbd)
        if back is not None:
            break  # back at the start: the whole page has been tabbed through
    page.evaluate("() => { window.hkTabbed = null; }")
    missing = page.evaluate(
        """(reached) => Array.from(document.querySelectorAll('[data-kbd]'))
             .filter(e => !reached.includes(e.dataset.kbd))
             .filter(e => { const r = e.getBoundingClientRect();
                            return r.width > 0 && r.height > 0 && !e.disabled
                                   && getComputedStyle(e).visibility !== 'hidden'; })
             .map(e => `<${e.tagName.toLowerCase()}.${(e.className.baseVal ?? e.className)
                         .toString().split(' ').join('.')}> "${(e.innerText
                         || e.getAttribute('aria-label') || '').trim().slice(0, 40)}"`)""",
        sorted(reached),
    )
    return [f"Tab never reaches {m}" for m in missing]


_CUT_CHOICES = r"""() => {
  const canvas = document.createElement("canvas"), ctx = canvas.getContext("2d"), out = [];
  const flat = (t) => t.replace(/\s+/g, " ").trim();  // ipywidgets writes options with nbsp
  for (const select of document.querySelectorAll(".hk-page select")) {
    const r = select.getBoundingClientRect(), option = select.options[select.selectedIndex];
    if (!option || r.width === 0 || r.height === 0) continue;
    const css = getComputedStyle(select);
    ctx.font = `${css.fontStyle} ${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
    const pad = parseFloat(css.paddingLeft) + parseFloat(css.paddingRight);
    // (as widgets/choices.js: a box sized to its longest option is within 2 px of it)
    if (ctx.measureText(option.text).width <= select.clientWidth - pad + 2) continue;
    const box = select.closest(".widget-dropdown");
    const note = box && box.nextElementSibling;
    const shown = note && note.classList.contains("hk-choice-note") && note.offsetHeight > 0 &&
      flat(note.innerText).includes(flat(option.text).replace(/\u2026$/, ""));
    if (!shown) out.push(flat(option.text));
  }
  return out;
}"""


def cut_choices(page: Page) -> list[str]:
    """Drop-downs whose chosen option the box cuts with no full text under it (a phone)."""
    return [f"drop-down cuts its choice: {t!r}" for t in page.evaluate(_CUT_CHOICES)]


def check_page(
    page: Page,
    main_controls: list[str],
    *,
    axe: bool = True,
    scrollers: str = SCROLLERS,
) -> list[str]:
    """Layout (at the page's current size), main controls, drop-downs that cut their choice
    and axe-core, together."""
    problems = overflow_problems(page, scrollers) + hidden_controls(page, main_controls)
    problems += cut_choices(page)
    if axe:
        problems += axe_violations(page)
    return problems


TOUCHING = """(gap) => {
  const out = [];
  const boxed = [...document.querySelectorAll('.widget-inline-hbox')];
  const rows = new Set(boxed.map((e) => e.parentElement));
  for (const row of rows) {
    const boxes = [...row.children].filter(
      (e) => e.classList.contains('widget-inline-hbox') && e.offsetParent);
    for (let i = 1; i < boxes.length; i++) {
      const a = boxes[i - 1].getBoundingClientRect(), b = boxes[i].getBoundingClientRect();
      if (Math.abs(a.top - b.top) < 4 && b.left - a.right < gap)
        out.push(`"${boxes[i].innerText.trim().split('\\n')[0]}" sits `
          + `${Math.round(b.left - a.right)} px after the box before it`);
    }
  }
  return out;
}"""


def touching_labels(page: Page, gap: int = 8) -> list[str]:
    """Labelled boxes side by side on one line with less than ``gap`` px between a box and
    the next one's label (a player reads "solo Horde" as one thing)."""
    return page.evaluate(TOUCHING, gap)


def widened(page: Page, check) -> list[str]:
    """``check(page)``'s problems once the page is widened to 1280 px (one page load seen
    at both widths, as a player turns a tablet), each marked with the width."""
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(600)
    return [f"at 1280 px: {p}" for p in check(page)]


KEYBOARD = "button, summary, [data-action]"  # what Tab must reach on a dashboard


def open_dashboard(
    page: Page, base_url: str, notebook: str, ready: str, size: dict = PHONE
) -> dict[str, list[str]]:
    """Open a served dashboard at ``size``, watching its console; wait for ``ready``."""
    page.set_default_timeout(90_000)
    page.set_viewport_size(size)
    seen = watch_console(page, base_url)
    page.goto(f"{base_url}/voila/render/{notebook}", timeout=90_000)
    wait_for_widgets(page, ready, timeout=90_000)
    return seen


def dashboard_problems(page: Page, seen: dict[str, list[str]], main: list[str]) -> list[str]:
    """Everything a player would trip over: layout and axe (check_page), a button Tab never
    reaches, and the console."""
    return check_page(page, main) + keyboard_unreached(page, KEYBOARD) + console_problems(seen)


def deal_seed(page: Page, seed: int, new_game: Locator) -> None:
    """Type ``seed`` into the board's seed box and press its New game button (``new_game``):
    the test plays that seed's game, not the random one the page opened on (a random deal
    can make a step a test takes impossible)."""
    box = page.locator(".hk-seed input")
    box.fill(str(seed))
    box.press("Enter")
    new_game.click()


RULE_SIDES = re.compile(r"<div class='hk-rule-sides'>.*?</div></div>", re.S)


def without_rule_boxes(fragment: str) -> str:
    """An HTML fragment without its rule boxes' two sides (the book's words and the kit's):
    what the rest of it says is the page's own, which a test may hold to its claims (a rule
    box quotes the book whatever the example)."""
    return RULE_SIDES.sub("", fragment)


T = TypeVar("T")


def asyncio_apart(main: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run(main())`` in a thread of its own, with its own loop. A test worker that
    ran a browser test before has Playwright's loop running in its main thread, where
    ``asyncio.run`` refuses to start and code that looks for the running loop finds that
    one (which never runs while the test waits)."""
    out: dict[str, object] = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(main())
        except BaseException as e:  # noqa: BLE001 - raised again in the test's thread
            out["error"] = e

    thread = threading.Thread(target=run, name="hk-test-loop")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]  # type: ignore[misc]
    return out["value"]  # type: ignore[return-value]
