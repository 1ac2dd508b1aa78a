"""A hidden button is not a permission (issue 39 part 2), in a real browser: at a Shadows
table whose seats hold secret Missions, a seat's page and a watcher's page have every
hidden or disabled control pressed through JavaScript (the whole of Save, Load, New game,
the seats and the seed, Undo, the Table rules, the playback, Create table and Join), the
way a visitor's console can. No file is downloaded, no card the page may not see reaches
its page, the table's game and seats stay as they were, and the page says why in words."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import conftest
import pytest
from playwright.sync_api import Page, expect

from hordes_kit.core.conformance import _mentioned
from hordes_kit.core.savefile import dump_save
from hordes_kit.core.tables import TableSession, TableStore
from hordes_kit.shadows import new_game
from hordes_kit.ui.shadows.board import SEAT_KINDS

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
PLAY = "/voila/render/shadows_play.ipynb"
# Press every control of the board that is hidden (it or a box around it shows nothing)
# or disabled, as a visitor's console can: buttons clicked, drop-downs and radio buttons
# moved on, boxes typed into (the table code box gets a real table's code). Leaving the
# table is every page's right, and a file is given to Load by Playwright (below).
PRESS_HIDDEN = """([root, code]) => {
  const board = document.querySelector(root);
  const hidden = (e) => {
    for (let n = e; n && n !== board.parentElement; n = n.parentElement)
      if (getComputedStyle(n).display === "none") return true;
    return false;
  };
  const pressed = [];
  for (const c of board.querySelectorAll("button, input, select")) {
    if (!(hidden(c) || c.disabled) || c.closest(".hk-table-leave") || c.type === "file")
      continue;
    c.disabled = false;
    if (c.tagName === "SELECT") {
      c.selectedIndex = (c.selectedIndex + 1) % c.options.length;
      c.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (c.type === "text" || c.type === "number") {
      c.value = c.type === "number" ? "4242" : code;
      for (const kind of ["input", "change"]) c.dispatchEvent(new Event(kind, { bubbles: true }));
      c.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    } else {
      c.click();
    }
    pressed.push(c.className || c.type || c.tagName);
  }
  return pressed;
}"""


def _table(db):
    """A two-seat Shadows table played by the kit's bot to its first Plan Phase: each seat
    holds a secret Mission (and the first a Hand). Returns its code, the seats' secrets,
    and the engine's state."""
    store = TableStore(db)
    bot = SEAT_KINDS["Sensible bot"]
    config = {"players": 2, "names": ["Ana", "Ben"]}
    seats = [("Ana", "person"), ("Ben", "person")]
    ana, secret_a = TableSession.create(store, "shadows", config, seats, bot)
    ben, secret_b, _ = TableSession.join(store, ana.code, bot, take=1)
    sessions, rng = [ana, ben], random.Random(3)
    for _ in range(100):
        for s in sessions:
            s.refresh()
            s.advance()
        state = ana.state
        if state.phase == "plan" and state.seats[state.current_player].hand:
            break
        assert sessions[state.current_player].play(bot(state, rng)).ok
    state = ana.state
    assert all(st.mission for st in state.seats)
    elsewhere, _ = TableSession.create(store, "shadows", config, seats, bot)
    store.close()
    return ana.code, (secret_a, secret_b), state, elsewhere.code


def _counts(db, code) -> tuple[int, int]:
    """The moves of the table and the tables on the server."""
    with sqlite3.connect(db) as con:
        moves = con.execute("SELECT count(*) FROM moves WHERE code=?", (code,)).fetchone()[0]
        return moves, con.execute("SELECT count(*) FROM tables").fetchone()[0]


def test_every_hidden_control_of_a_seat_and_a_watcher_through_javascript(page: Page, tmp_path):
    db = tmp_path / "tables.sqlite3"
    code, secrets, state, elsewhere = _table(db)
    before = _counts(db, code)
    other_save = tmp_path / "shadows-save.json"
    other_save.write_text(dump_save("shadows", {"players": 2}, new_game({"players": 2})))
    # the Shadows board runs no fast simulator: the server need not wait for them
    server = conftest.VoilaServer(tmp_path, 120, f"--db={db}", simulators=False)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    page.set_default_timeout(TIMEOUT)
    try:
        for query, seat, who in (
            (f"table={code}&seat={secrets[0]}", 0, "you play Ana"),
            (f"table={code}", None, "you are watching"),
        ):
            page.goto(f"{server.url}{PLAY}?{query}", timeout=TIMEOUT)
            expect(page.locator(".hk-table-status")).to_contain_text(who, timeout=TIMEOUT)
            pressed = page.evaluate(PRESS_HIDDEN, [".sh-board-page", elsewhere])
            assert len(pressed) > 15 and any("hk-save" in p for p in pressed), pressed
            page.locator(".sh-board-page .hk-files input[type=file]").set_input_files(other_save)
            # the kernel answers in order: once the page's link is made, every press before
            # it was taken in
            page.locator(".sh-board-page .hk-links .hk-copy-link").first.click()
            expect(page.locator(".sh-board-page .hk-link-text").first).to_have_attribute(
                "data-query", re.compile(".")
            )
            shown = page.evaluate(
                "() => { const b = document.body.cloneNode(true); b.querySelectorAll("
                "'.hk-table-rules').forEach((e) => e.remove()); return b.innerHTML; }"
            )
            hidden = (
                state.hidden_from(seat)
                if seat is not None
                else frozenset().union(*(state.hidden_from(k) for k in range(state.num_players)))
            )
            files = [Path(d.path()).read_text() for d in downloads]
            assert not files, f"a file was downloaded, holding {_mentioned(files, hidden)}"
            assert hidden and not _mentioned([shown], hidden), _mentioned([shown], hidden)
            # the page is where it was, the table's game and the tables as they were
            expect(page.locator(".hk-table-status")).to_contain_text(f"Table {code}: {who}")
            assert _counts(db, code) == before
            expect(page.locator(".sh-board-page .hk-error").first).to_be_visible()
            said = page.locator(".sh-board-page").inner_text()
            assert f"You are at table {code}" in said or "cannot change" in said, said
    finally:
        server.stop()
