"""Issue 39 part 3 in a real browser: on a server with a token whose dashboards wait
preheated, a seat link, a position link and a short link each open what they name. A
preheated page learns its address by asking the server (``/voila/query/<kernel>``); the
token gate turned that request away, so every such link opened a fresh game, silently.
The kernel now asks with the key the server gave its kernels."""

from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

import conftest
import pytest
from playwright.sync_api import BrowserContext, expect
from ui_harness import wait_for_widgets

from hordes_kit.core.links import POSITION, position_from_link, position_link
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.tables import TableStore
from hordes_kit.core.tables.session import TableSession

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
TOKEN = "table-key-1234"
ODDS = "costs=XX%2B5&dice=6&rolls=2&show=552613&locked=110000"  # kept behind a short link
# the dashboards kept preheated by --preheat=3 (serve.kernels.MOST_USED), each opened once
POOLED = ("fantahzee_odds.ipynb", "fantahzee_play.ipynb", "heroes_hordes_play.ipynb")


def _a_position(game: str, moves: int):
    state = get_game(game).start({})
    rng = random.Random(5)
    while len(state.history) < moves and not state.is_terminal:
        chance = state.chance_outcomes() if state.is_chance else None
        state = state.apply(
            sample_outcome(chance, rng) if chance else rng.choice(state.legal_actions())
        )
    return state


def test_links_open_what_they_name_on_a_token_server_with_preheated_pages(
    context: BrowserContext, tmp_path
):
    db = tmp_path / "tables.sqlite3"
    store = TableStore(db)
    try:
        table, secret = TableSession.create(
            store,
            "fantahzee",
            {},
            [("Ana", "person"), ("Ben", "person")],
            bot=lambda s, r: r.choice(s.legal_actions()),
            me=0,
        )
        table.advance()
        short = store.shorten(ODDS)
    finally:
        store.close()
    state = _a_position("heroes-hordes", 25)
    server = conftest.VoilaServer(
        tmp_path, 600, f"--db={db}", f"--token={TOKEN}", "--preheat=3", "--max-kernels=8"
    )
    try:
        assert f"kernel pools: {', '.join(POOLED)}" in server.log()
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server.url}/?token={TOKEN}", timeout=TIMEOUT)  # the shared link, once

        # a seat link: the seat it keeps, at its table
        page.goto(
            f"{server.url}/voila/render/fantahzee_play.ipynb?table={table.code}&seat={secret}"
        )
        wait_for_widgets(page, ".hk-fz-play .hk-step", timeout=TIMEOUT)
        expect(page.locator(".hk-table-status")).to_contain_text("you play Ana")
        expect(page.locator(".hk-table-code")).to_have_text(table.code)

        # a position link: that position
        board = "/voila/render/heroes_hordes_play.ipynb"
        link = position_link("heroes-hordes", {}, state)
        page.goto(f"{server.url}{board}?{POSITION}={link}")
        wait_for_widgets(page, ".hk-page .hk-board .hk-lane", timeout=TIMEOUT)
        expect(page.get_by_text("Opened from the link")).to_be_visible()
        page.locator(".hk-copy-link:visible").first.click()
        box = page.locator(".hk-link-text:visible").first
        expect(box).to_be_visible()
        copied = parse_qs(urlsplit(box.input_value()).query)
        again = position_from_link(copied[POSITION][0], "heroes-hordes")[1]
        # that position, then the cards the board turns over by itself (the Spy's)
        assert again.history[: len(state.history)] == state.history

        # a short link: the question it keeps
        page.goto(f"{server.url}/voila/render/fantahzee_odds.ipynb?short={short}")
        wait_for_widgets(page, ".hk-cost input", timeout=TIMEOUT)
        expect(page.locator(".hk-cost input")).to_have_value("XX + 5")

        # each page opened on its preheated kernel (the case that lost the address)
        used = re.findall(r"Using pre-heated kernel: \S+ for (\S+)", server.log())
        assert sorted(used) == sorted(POOLED), server.log()[-3000:]
    finally:
        server.stop()
