"""The shared table on the Fantahzee board (issue 15 part 1), driven without a browser:
two pages at one table each see only their own hand, act only for their own seat, see
each other's moves at the next look, and no widget of a page ever holds another seat's
hidden cards (the hidden-information test of the engines, extended to the page)."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import sqlite3
import threading
import time

import ipywidgets as w
import pytest
from budget import sized
from test_edges import finishes
from ui_harness import asyncio_apart

from hordes_kit.core.tables import open_store
from hordes_kit.fantahzee.bots import BOTS
from hordes_kit.ui.board import _action_views
from hordes_kit.ui.fantahzee.board import FZBoard
from hordes_kit.ui.log import rules_of
from hordes_kit.ui.playback import KernelClock
from hordes_kit.ui.table_rules import TableRulesPanel

MOVES = re.compile(r"""data-action=["'](?!odds:)([^"']*)""")  # a move's button (odds aside)


@pytest.fixture(autouse=True)
def table_db(tmp_path, monkeypatch):
    monkeypatch.setenv("HORDES_KIT_DB", str(tmp_path / "tables.sqlite3"))


@pytest.fixture
def seeded_table(monkeypatch):
    """The table draws its cards and dice with the system's randomness (no page can know
    them in advance): seeded here, so a test that checks which steps come up plays the same
    game every run (an unseeded Heroes & Hordes game, now and then, never asked for a
    discard)."""
    from types import SimpleNamespace

    from hordes_kit.core.tables import session as table_session

    seeded = SimpleNamespace(SystemRandom=lambda: random.Random(5), Random=random.Random)
    monkeypatch.setattr(table_session, "random", seeded)


def widget_strings(widget: w.Widget, out: list[str] | None = None) -> list[str]:
    """Every string in the synced state of a widget and everything under it: what the
    browser receives."""
    out = [] if out is None else out
    if isinstance(widget, TableRulesPanel):  # the rulebook's own words, on every page alike
        return out

    def walk(value):
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    state = widget.get_state()
    for key, value in state.items():
        if key in ("_esm", "_css"):  # the widget's code, the same on every page
            continue
        walk(value)
    for child in getattr(widget, "children", ()):
        widget_strings(child, out)
    return out


def where(widget: w.Widget, text: str) -> list[str]:
    """The widgets (by class) and traits holding ``text``, for a failure's message."""
    out = [
        f"{type(widget).__name__}.{k}: ...{str(v)[max(0, str(v).find(text) - 200) :][:260]}"
        for k, v in widget.get_state().items()
        if k not in ("_esm", "_css") and text in str(v)
    ]
    for child in getattr(widget, "children", ()):
        out += where(child, text)
    return out


def hidden_cards(state, seat) -> set[str]:
    """Names and ids of the cards in the other seats' hands that this seat's own view
    does not show anywhere (a card also in a party or played earlier is not secret; the
    log is public: the engines' conformance test checks it shows no hidden card; so are
    the rulebook's words its rule chips open, such as the FAQ entry titled "Sergeant")."""
    rules = rules_of("fantahzee")
    cited = [rules[e.rule] for e in state.log if e.rule in rules]
    seen = json.dumps(state.view(seat)) + "\n".join(e.text for e in state.log)
    seen += "\n".join(f"{r.title}\n{r.text}\n{r.why}" for r in cited)
    seen += "\n".join(q.words for r in cited for q in r.quotes)  # the book's words beside it
    out = set()
    for other in range(state.num_players):
        if other == seat:
            continue
        for cid in state.seats[other].hand:
            name = state.card(cid).name
            if cid not in seen and name not in seen:
                out |= {cid, name, html.escape(name)}
    return out


def _table():
    ana = FZBoard(players=3, kinds=["Person", "Person", "Strong bot"])
    for (box, _k), name in zip(ana.seat_boxes, ["Ana", "Ben", "Cy"]):
        box.value = name
    code = ana.table_panel.create()
    ben = FZBoard()
    assert ben.table_panel.join(code, take=2 - 1)
    seats = lambda: " ".join(r.children[0].value for r in ana.table_panel.seat_box.children)  # noqa: E731
    assert "Ben</b> (free)" in seats()
    ana.table_panel.poll()  # Ana's page sees that Ben sat down
    assert "Ben</b> (taken)" in seats()
    return code, ana, ben


def test_two_pages_each_see_only_their_own_hand_and_act_only_for_their_seat():
    code, ana, ben = _table()
    assert ana.table_seat() == 0 and ben.table_seat() == 1
    assert ana.state.history == ben.state.history
    pages = [ana, ben]
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        for p in pages:
            p.table_panel.poll()
        s = ana.state
        assert ben.state == s  # a move on one page is on the other at its next look
        if s.is_terminal or s.turn > 6:
            break
        me = s.current_player
        for seat, page in enumerate(pages):
            hidden = hidden_cards(s, seat)
            texts = "\n".join(widget_strings(page))
            leaked = sorted(h for h in hidden if h in texts)
            assert not leaked, f"seat {seat + 1}'s page holds {leaked}: {where(page, leaked[0])}"
            checked += bool(hidden)
            # its own hand is on its page
            assert all(html.escape(s.card(c).name) in texts for c in s.seats[seat].hand)
        waiting = pages[1 - me]
        assert waiting.message.value and "Waiting for" in waiting.message.value
        n = len(s.history)
        waiting.act(s.legal_actions()[0])  # a page cannot act for another seat
        assert len(waiting.state.history) == n
        move = BOTS["strong"](s, rng)
        if move.startswith("keep:"):
            pages[me].click(move)
        else:
            pages[me].act(move)
        assert len(pages[me].state.history) > n, pages[me].message.value
    assert checked > 20


def test_a_kernel_clock_ticks_on_the_running_loop_only_and_stops():
    def without_a_loop():
        seen = []
        clock = KernelClock(lambda: seen.append(1), 0.01)
        clock.start()
        return clock.running, seen

    assert finishes(without_a_loop) == (False, [])  # a script: poll() is called by hand

    def on_a_loop():
        seen = []
        clock = KernelClock(lambda: seen.append(1), 0.01)

        async def run():
            clock.start()
            clock.start()  # a second start adds no second clock
            await asyncio.sleep(0.2)
            clock.stop()
            n = len(seen)
            await asyncio.sleep(0.05)
            return n, len(seen), clock.running

        return asyncio_apart(run)

    ticked, after_stop, running = finishes(on_a_loop)
    assert 5 <= ticked <= 21 and after_stop == ticked and not running

    def a_failing_tick():
        calls = []

        def tick():
            calls.append(1)
            raise ValueError("the table's database went away")

        clock = KernelClock(tick, 0.01)

        async def run():
            clock.start()
            await asyncio.sleep(0.1)
            return len(calls), clock.running

        return asyncio_apart(run)

    assert finishes(a_failing_tick) == (1, False)  # logged, and no tick after it

    def a_tick_that_restarts_it():
        calls = []

        def tick():
            calls.append(1)
            clock.stop()
            clock.start()  # (a page that leaves a table and joins another in one look)

        clock = KernelClock(tick, 0.02)

        async def run():
            clock.start()
            await asyncio.sleep(0.21)
            clock.stop()
            return len(calls)

        return asyncio_apart(run)

    assert 3 <= finishes(a_tick_that_restarts_it) <= 11  # one clock still, not two


def test_a_page_at_a_table_sees_a_move_by_its_kernels_own_clock():
    """No tick from a browser: the page's kernel looks four times a second by itself while
    at a table, and stops looking when it leaves."""

    def at_a_table():
        async def run():
            code, ana, ben = _table()  # on the loop: each page's kernel clock runs
            assert ana.table_panel.watcher.running and ben.table_panel.watcher.running
            s = ana.state
            me = s.current_player
            n = len(s.history)
            mover, other = (ana, ben)[me], (ana, ben)[1 - me]
            move = BOTS["strong"](s, random.Random(1))
            mover.click(move) if move.startswith("keep:") else mover.act(move)
            assert len(mover.state.history) > n
            await asyncio.sleep(0.6)  # two of the kernel's looks, and no browser's
            seen = other.state == mover.state
            other.table_panel.leave()
            return seen, other.table_panel.watcher.running, ben.table_panel.clock.ticks

        return asyncio_apart(run)

    seen, still_watching, browser_ticks = finishes(at_a_table)
    assert seen and not still_watching and browser_ticks == 0


def test_a_click_made_before_another_pages_move_came_in_says_who_moved_first():
    """Two pages of one seat (a laptop and a phone): the phone takes in the laptop's move
    just before its own click on the old picture arrives. The click finds its piece gone,
    and the phone says the other page's move landed first (not silence)."""
    code, ana, ben = _table()
    s = ana.state
    me = s.current_player
    laptop = (ana, ben)[me]
    phone = FZBoard()
    assert phone.table_panel.join(code, laptop.table_panel.secret)
    assert phone.table_seat() == me
    # a move that takes its piece away (not one of two copies of a card in hand)
    move, view = next(
        (a, v)
        for a in s.legal_actions()
        if a not in s.apply(a).legal_actions()
        for v in _action_views(phone)
        if a in v.actions
    )
    laptop.act(move)
    assert len(laptop.state.history) == len(s.history) + 1
    assert phone.table_panel.poll() >= 1  # the phone's kernel takes the move in
    sent = []
    view.send = sent.append
    view._on_browser_msg(view, {"type": "action", "id": move}, [])  # the late click
    assert sent == [{"type": "stale"}]
    assert "Your move from another page landed first; this page refreshed" in (phone.message.value)
    assert len(phone.state.history) == len(s.history) + 1  # one move, the laptop's
    # long after the last news, a click on a gone piece is a double click: nothing said
    phone.message.value = ""
    phone.table_panel._news = (phone.table_panel._news[0] - 60, phone.table_panel._news[1])
    assert not phone.table_panel.stale_click() and phone.message.value == ""


def test_a_spectator_sees_the_public_view_and_a_late_page_takes_a_free_seat():
    code, ana, ben = _table()
    watcher = FZBoard()
    watcher.table_panel.join(code.lower())
    assert watcher.table_seat() is None
    s = watcher.state
    texts = "\n".join(widget_strings(watcher))
    for seat in range(3):
        hidden = hidden_cards(s, seat) & {s.card(c).name for c in s.seats[seat].hand}
        assert not [h for h in hidden if h in texts and h not in json.dumps(s.view(-1))]
    assert not watcher.choices.actions
    # the spectator's "Copy link" is the table's, never the whole position
    assert watcher.link_query() == f"table={code}"
    assert ana.link_query() == f"table={code}"


def test_at_a_table_nothing_changes_the_game_behind_the_others_backs():
    code, ana, ben = _table()
    ana.act(ana.state.legal_actions()[0])
    n = len(ana.state.history)
    ana.undo()
    assert len(ana.state.history) == n and "cannot be undone" in ana.message.value
    assert ana.setup.layout.display == "none" and ana.files.layout.display == "none"
    ana.table_panel.leave()
    assert not ana.at_table() and ana.setup.layout.display is None
    assert open_store().count(code) == n  # the table goes on without this page


def test_a_bad_code_is_said_in_words():
    page = FZBoard()
    assert not page.table_panel.join("OIL123")
    assert "not a table code" in page.table_panel.problem.value
    assert not page.table_panel.join("ABCDEF")
    assert "no table ABCDEF" in page.table_panel.problem.value


def test_a_long_game_gets_a_short_link_that_opens_it_exactly(monkeypatch):
    from hordes_kit.core.tables.shortlinks import LONG_LINK

    board = FZBoard(players=2, seed=4, kinds=["Strong bot", "Strong bot"])
    while not board.playback.done:
        board.playback.skip()
    long_query = board.link_query()
    assert len(long_query) > LONG_LINK  # a whole game: about 4,000 characters
    query = board.links.make()
    assert query.startswith("short=") and len(query) < 20
    assert "short link" in board.links.message
    monkeypatch.setenv("QUERY_STRING", query)
    again = FZBoard()
    assert again.state == board.state and "Opened from the link" in again.message.value
    monkeypatch.setenv("QUERY_STRING", "short=zzzzzzzzzz")
    refused = FZBoard()
    assert "not kept on this server" in refused.message.value
    assert board.links.make() == query  # the same game, the same short id


def test_fuzz_short_links():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from hordes_kit.core.errors import HordesKitError
    from hordes_kit.core.tables.shortlinks import expand_short

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=60).map(lambda t: "short=" + t))
    def check(text):
        try:
            expand_short(text)
        except HordesKitError as e:
            assert str(e)

    check()


def test_a_page_opens_the_table_its_address_names(monkeypatch):
    code, ana, ben = _table()
    monkeypatch.setenv("QUERY_STRING", f"table={code}&seat={ana.table_panel.secret}")
    phone = FZBoard()  # Ana's seat on a second device: the same seat, the same game
    assert phone.table_seat() == 0 and phone.state == ana.state
    assert phone.table_panel.accordion.selected_index == 0  # unfolded: the table is open
    monkeypatch.setenv("QUERY_STRING", f"table={code}&take=3")
    watcher = FZBoard()
    assert watcher.table_seat() is None and "played by the kit" in watcher.table_panel.problem.value
    monkeypatch.setenv("QUERY_STRING", "table=KX&seat=1")
    lost = FZBoard()
    assert not lost.at_table() and "not a table code" in lost.table_panel.problem.value


def test_shadows_at_one_table_each_page_keeps_its_own_secrets():
    from hordes_kit.core.conformance import _mentioned
    from hordes_kit.ui.shadows.board import SEAT_KINDS, ShadowsBoard

    bot = SEAT_KINDS["Sensible bot"]
    ana = ShadowsBoard(
        players=3, kinds=["Person", "Person", "Sensible bot"], names=["Ana", "Ben", "Cy"]
    )
    code = ana.table_panel.create()
    ben = ShadowsBoard()
    assert ben.table_panel.join(code, take=1) and ben.table_seat() == 1
    watcher = ShadowsBoard()
    assert watcher.table_panel.join(code)
    pages = {0: ana, 1: ben}
    rng = random.Random(11)
    checked = phases = 0
    seen_phases = set()
    for _ in range(600):
        for p in (ana, ben, watcher):
            p.table_panel.poll()
        s = ana.state
        assert ben.state == s == watcher.state
        if s.is_terminal or s.round > 3:
            break
        seen_phases.add(s.phase)
        for seat, page in [*pages.items(), (None, watcher)]:
            hidden = (
                s.hidden_from(seat)
                if seat is not None
                else frozenset().union(*(s.hidden_from(k) for k in range(s.n)))
            )
            leaked = _mentioned(widget_strings(page), hidden)
            assert not leaked, f"{seat}: {leaked} {where(page, leaked[0])}"
            checked += bool(hidden)
        me = s.current_player
        assert me in pages, "the table's bot and chance moves are made before a person decides"
        other = pages[1 - me]
        n = len(s.history)
        other.act(s.legal_actions()[0])
        assert len(other.state.history) == n  # only the seat deciding can move
        pages[me].act(bot(s, rng))
        assert len(pages[me].state.history) > n, pages[me].message.value
        phases += 1
    assert checked > 20 and "plan" in seen_phases and phases > 30


def test_skytear_co_op_at_one_table_and_a_solo_game_watched_along(seeded_table):
    from hordes_kit.skytear.bots import sensible_policy
    from hordes_kit.ui.skytear.board import SkyBoard

    ana = SkyBoard(mode="people")
    code = ana.table_panel.create()
    ben = SkyBoard()
    assert ben.table_panel.join(code, take=1) and ben.table_seat() == 1
    pages = {0: ana, 1: ben}
    rng = random.Random(2)
    moved = {0: 0, 1: 0}
    for _ in range(120):
        for p in pages.values():
            p.table_panel.poll()
        s = ana.state
        assert ben.state == s
        if s.is_terminal:
            break
        me = s.current_player
        other = pages[1 - me]
        assert not MOVES.findall(other.table.html), MOVES.findall(other.table.html)
        n = len(s.history)
        pages[me].act(sensible_policy(s, rng))
        assert len(pages[me].state.history) > n, pages[me].message.value
        moved[me] += 1
    assert moved[0] > 5 and moved[1] > 5  # both players played their own seats

    solo = SkyBoard(mode="solo")
    code = solo.table_panel.create()
    friend = SkyBoard()
    friend.table_panel.join(code)
    assert friend.table_seat() is None and "watching" in friend.table_panel.status.value
    s = solo.state
    solo.act(sensible_policy(s, rng))
    assert friend.table_panel.poll() and friend.state == solo.state  # watch along
    assert not MOVES.findall(friend.table.html)


def test_a_seat_nobody_takes_can_be_played_by_the_kit():
    ana = FZBoard(players=2, kinds=["Person", "Person"])
    ana.table_panel.create()
    rows = ana.table_panel.seat_box.children
    bot = [b for b in rows[1].children if "hk-table-bot" in b._dom_classes]
    assert bot and bot[0].description == "Let the kit play Player 2"
    ana.table_panel.fill_with_bot(1)
    assert "played by the kit" in ana.table_panel.seat_box.children[1].children[0].value
    for _ in range(30):  # the kit plays seat 2 whenever it is its turn
        if ana.state.current_player == 0:
            break
        ana.table_panel.poll()
    s = ana.state
    assert s.current_player == 0 and "Waiting" not in ana.message.value
    ana.act(s.legal_actions()[0])
    assert len(ana.state.history) > len(s.history)


def test_the_horde_solo_game_watched_along(seeded_table):
    from hordes_kit.the_horde.bots import POLICIES, choose
    from hordes_kit.ui.the_horde.board import THBoard

    me = THBoard(seed=3)
    code = me.table_panel.create()
    friend = THBoard()
    friend.table_panel.join(code)
    assert me.table_seat() == 0 and friend.table_seat() is None
    moves = 0
    for _ in range(40):
        friend.table_panel.poll()
        s = me.state
        assert friend.state == s  # the friend watches every move
        if s.is_terminal:
            break
        assert not s.is_chance  # the table drew the cards and dice at once
        assert MOVES.findall(me.table.html) and not MOVES.findall(friend.table.html)
        friend.act(s.legal_actions()[0])  # a watcher's click changes nothing
        assert len(friend.state.history) == len(s.history)
        me.act(choose(POLICIES["balanced"], s.view(0)))
        assert len(me.state.history) > len(s.history), me.message.value
        moves += 1
    assert moves > 0 and (me.state.is_terminal or moves == 40)
    me.restart()  # New game at a table: refused in words, the page stays at it
    assert me.at_table() and "leave it" in me.message.value
    me.table_panel.leave()  # Leave the table: a game of its own; the table goes on
    assert not me.at_table() and open_store().count(code) > moves


def test_heroes_and_hordes_solo_game_watched_along(seeded_table):
    from hordes_kit.ui.heroes_hordes import advice
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    me = HHBoard(seed=5)
    assert me.table_panel.accordion.get_title(0) == "Play at one table on several devices"
    code = me.table_panel.create()
    friend = HHBoard()
    friend.table_panel.join(code)
    assert me.table_seat() == 0 and friend.table_seat() is None
    assert me.draw_button.layout.display == "none"  # the table draws the Fate cards
    moves, steps = 0, set()
    for _ in range(300):
        friend.table_panel.poll()
        s = me.state
        assert friend.state == s  # the friend watches every move
        if s.is_terminal:
            break
        assert not s.is_chance  # the table drew the Fate card (and Mines, raids) at once
        # nothing is hidden in this solo game: the deck has no order until the table
        # draws (shown sorted), so the watcher sees the player's whole table
        assert s.hidden_from(0) == frozenset() and s.view(0)["deck"] == sorted(s.view(0)["deck"])
        assert friend.table.html == me.table.html
        steps.add(s.step)
        mine = MOVES.findall(me.choices.html) or me.search_box.children
        assert mine and not MOVES.findall(friend.choices.html) and not friend.search_box.children
        assert friend.auto_button.layout.display == "none" and not me.auto_button.disabled
        if s.step == "place":  # the card to place is shown to the watcher too
            assert f">{s.card(s.pending).name}<" in friend.choices.html
        friend.act(s.legal_actions()[0])  # a watcher's click changes nothing
        friend.bot_move()
        assert len(friend.state.history) == len(s.history)
        me.act(advice.advised_move(s))
        assert len(me.state.history) > len(s.history), me.message.value
        moves += 1
    assert me.state.is_terminal and {"place", "defend", "discard"} <= steps, steps
    me.restart()  # New game at a table: refused in words, the page stays at it
    assert me.at_table() and "leave it" in me.message.value
    me.table_panel.leave()  # Leave the table: a game of its own; the table goes on
    assert not me.at_table() and open_store().count(code) > moves
    assert me.draw_button.layout.display is None and me.state.step == "draw"


# --- issue 39 part 4: tables cannot be wiped, the store never hangs -----------------------
def test_a_click_on_a_busy_table_is_kept_and_lands_when_the_table_frees(monkeypatch):
    from hordes_kit.ui import shared_table

    monkeypatch.setattr(shared_table, "RETRY_S", 0.0, raising=False)  # sent again every look
    code, ana, ben = _table()
    s = ana.state
    mover, other = (ana, ben) if s.current_player == 0 else (ben, ana)
    move = next(a for a in s.legal_actions() if not a.startswith("keep:"))
    store = open_store()
    store._db.execute("PRAGMA busy_timeout=100")
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the database
    n = len(s.history)
    mover.act(move)
    said = mover.message.value
    assert "The table is busy" in said and "your move is kept" in said
    assert len(mover.state.history) == n and store.count(code) == n
    mover.table_panel.poll()  # still held: still kept, nothing lost or doubled
    assert mover.table_panel.pending is not None and store.count(code) == n
    holder.execute("ROLLBACK")
    mover.table_panel.poll()  # free again: the kept move lands
    assert mover.table_panel.pending is None and mover.state.history[n] == move
    other.table_panel.poll()
    assert other.state.history[: n + 1] == mover.state.history[: n + 1]
    assert store.moves(code, n)[0] == (move, s.current_player)


def test_a_kept_click_made_on_an_old_picture_is_not_played_on_a_new_one(monkeypatch):
    from hordes_kit.ui import shared_table

    monkeypatch.setattr(shared_table, "RETRY_S", 0.0, raising=False)
    code, ana, ben = _table()
    s = ana.state
    mover = (ana, ben)[s.current_player]
    phone = FZBoard()  # the same seat on a second device
    assert phone.table_panel.join(code, mover.table_panel.secret)
    move = next(a for a in s.legal_actions() if not a.startswith("keep:"))
    store = open_store()
    store._db.execute("PRAGMA busy_timeout=100")
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    mover.act(move)
    assert mover.table_panel.pending is not None
    holder.execute("ROLLBACK")
    phone.act(move)  # the phone plays first once the table frees
    mover.table_panel.poll()  # the kept click was made before that move: not played
    assert mover.table_panel.pending is None
    assert "landed first" in mover.message.value and store.count(code) == len(s.history) + 1


def test_sitting_down_creating_and_filling_a_seat_on_a_busy_table_say_so():
    ana = FZBoard(players=3, kinds=["Person", "Person", "Person"])
    code = ana.table_panel.create()
    watcher = FZBoard()
    assert watcher.table_panel.join(code)
    store = open_store()
    store._db.execute("PRAGMA busy_timeout=100")
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    assert not watcher.table_panel.take(1)
    assert "Not seated: the table is busy" in watcher.table_panel.problem.value
    assert not ana.table_panel.fill_with_bot(2)
    assert "Not changed: the table is busy" in ana.table_panel.problem.value
    late = FZBoard()
    assert late.table_panel.create() == ""
    assert "No table: the table is busy" in late.table_panel.problem.value
    assert "try again" in late.table_panel.problem.value
    holder.execute("ROLLBACK")  # and again, once the other program is done
    assert watcher.table_panel.take(1) and ana.table_panel.fill_with_bot(2)
    assert late.table_panel.create()


def test_create_table_clicked_again_and_again_is_limited_in_words(monkeypatch):
    from hordes_kit.ui import query

    # the client's address, as `hordes-kit serve` hands it to the page's kernel (quota.CLIENT_ENV)
    monkeypatch.setenv("HTTP_X_HORDES_KIT_CLIENT", "192.0.2.44")
    n = sized(300, 5000)
    made: list[str] = []
    start = time.perf_counter()
    for reload in range(n // 20):  # the attacker reloads: a new page, a new kernel
        monkeypatch.setattr(query, "_PAGE", f"page-{reload}", raising=False)
        page = FZBoard(players=2, kinds=["Person", "Strong bot"])
        for _ in range(20):
            code = page.table_panel.create()
            if code:
                made.append(code)
                page.table_panel.leave()  # and create again
        said = page.table_panel.problem.value
        assert "No table: too many new tables from" in said and "the next one in" in said
    took = time.perf_counter() - start
    print(f"{n:,} Create table clicks from one address: {len(made)} tables, {took:.1f} s")
    from hordes_kit.core.tables.quota import CLIENT_ENV, TABLE_LIMITS

    assert CLIENT_ENV == "HTTP_X_HORDES_KIT_CLIENT" and len(made) == TABLE_LIMITS["address"].burst
    assert "your network address" in said
    assert all(open_store().table(c) for c in made)  # nothing was cleared to make room


def test_a_store_full_of_live_tables_says_so_on_the_page(monkeypatch):
    from hordes_kit.core.tables import store as store_mod

    monkeypatch.setattr(store_mod, "MAX_TABLES", 1)
    code, ana, ben = _table()
    late = FZBoard(players=2, kinds=["Person", "Strong bot"])
    assert late.table_panel.create() == ""
    said = late.table_panel.problem.value
    assert "this server holds 1 live table " in said and "ask the host" in said
    assert open_store().table(code) and ana.table_panel.poll() == 0  # played on


def test_copy_link_again_and_again_is_limited_and_the_long_link_still_opens():
    from hordes_kit.core.tables.shortlinks import LONG_LINK
    from hordes_kit.ui.links import LinkBox

    queries = (f"position={i}-" + "x" * LONG_LINK for i in range(10**6))
    box = LinkBox(lambda: next(queries))
    made = [box.make() for _ in range(sized(100, 5000))]
    from hordes_kit.core.tables.quota import LINK_LIMITS

    short = [q for q in made if q.startswith("short=")]
    assert len(short) == LINK_LIMITS["page"].burst
    assert made[-1].startswith("position=")  # the long link: it still opens the page
    assert "no short one: too many new short links from this page" in box.message


def test_a_pages_kernel_learns_its_clients_address_from_the_server_not_the_browser(tmp_path):
    """The per-address limits rest on this: the address a page's kernel reads is the one
    the server saw, for a kernel started for the page and for a preheated one alike (its
    widgets read the address when the page is opened: ``at_address``); a header of the
    same name sent by the browser is not believed."""
    import urllib.request

    from conftest import VoilaServer
    from test_serve import get, page_folder

    said = tmp_path / "client.txt"
    probe = (
        "from pathlib import Path\n"
        "from hordes_kit.ui.query import at_address, client_address\n"
        f"at_address(lambda: Path({str(said)!r}).write_text(client_address() + '.') and '')\n"
    )
    pages = page_folder(tmp_path, "probe", probe)
    # the first page opened takes the preheated kernel; the pool is refilled only 15 s
    # later, so the second gets a kernel started for it
    server = VoilaServer(tmp_path, 600, f"--notebook-dir={pages}", "--preheat=1")
    try:
        for kind in ("preheated", "started for the page"):
            said.unlink(missing_ok=True)
            forged = urllib.request.Request(
                f"{server.url}/voila/render/probe.ipynb",
                headers={"X-Hordes-Kit-Client": "203.0.113.9"},
            )
            assert get(forged)[0] == 200
            deadline = time.monotonic() + 60
            while not said.exists() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert said.read_text() == "127.0.0.1.", kind
        assert server.log().count("Using pre-heated kernel") == 1
    finally:
        server.stop()


def test_a_preheated_page_opens_its_table_on_the_kernels_loop(monkeypatch):
    """What a preheated kernel's page does when it is opened (a table page joins its table
    and starts its clocks) runs on the kernel's own loop. It ran in the thread that waited
    for the page: the table's KernelClock found no loop there and never ran, so that page
    took in the other pages' moves only at its browser's 2-second check (`make load`'s
    tables: a move took up to 2 s to reach it, p99 1.3 s)."""
    from hordes_kit.ui import query as ui_query

    opened = threading.Event()

    def waits_for_the_request():
        opened.wait(10)
        return {"QUERY_STRING": "table=KXMPRT"}

    monkeypatch.setattr(ui_query, "_request_info", waits_for_the_request)
    monkeypatch.setattr(ui_query, "_preheated", None)
    monkeypatch.setattr(ui_query, "_loop", None)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    ticks: list[str] = []

    async def the_notebook_then_the_player():
        clock = KernelClock(lambda: ticks.append(threading.current_thread().name), 0.01)
        assert ui_query.at_address(lambda: clock.start() or "") == ""  # the notebook's cell
        opened.set()  # a player opens the page
        for _ in range(300):
            await asyncio.sleep(0.01)
            if len(ticks) >= 3:
                break
        clock.stop()

    asyncio_apart(the_notebook_then_the_player)
    assert len(ticks) >= 3 and set(ticks) == {"hk-test-loop"}  # the loop's own thread
