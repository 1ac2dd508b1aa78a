"""A seat's rights are the kernel's (issue 39 part 2), on every board, driven without a
browser but by the very messages a browser sends (ipywidgets' ``_handle_msg``).

At a shared table each page (a seat, a watcher) gets every control of its board pressed,
hidden or disabled as it may be (a button's click, a value set as from the console, a save
asked of the Save button, a file given to Load, a picture with buttons of the browser's own
making), and every method the kernel refuses there is asked directly. The table's game
does not change, no page changes its seat or its table, a refusal says why in words, and
no message the kernel sends the browser (nor any widget's state) holds a card the page may
not see (another seat's hand or Mission)."""

from __future__ import annotations

import html
import json
import random
import sqlite3

import ipywidgets as w
import pytest
from test_tables_ui import hidden_cards, widget_strings

from hordes_kit.core.conformance import _mentioned
from hordes_kit.core.tables import open_store
from hordes_kit.ui.board import BoardMixin
from hordes_kit.ui.files import SaveLoad
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.roles import (
    JOIN,
    SEAT,
    WATCHER,
    KernelWidget,
    TableRoleError,
    refusal_of,
)
from hordes_kit.ui.surface import ActionView
from hordes_kit.ui.table_rules import TableRulesPanel


@pytest.fixture(autouse=True)
def table_db(tmp_path, monkeypatch):
    db = tmp_path / "tables.sqlite3"
    monkeypatch.setenv("HORDES_KIT_DB", str(db))
    return db


@pytest.fixture
def sent(monkeypatch):
    """Every message the kernel sends a browser from now on (widget states, downloads)."""
    out: list[str] = []
    real = w.Widget._send

    def record(self, msg, buffers=None):
        out.append(json.dumps(msg, default=str))
        return real(self, msg, buffers)

    monkeypatch.setattr(w.Widget, "_send", record)
    return out


# --- the tables: each game with its seats taken and a watcher -----------------------------


def _fantahzee():
    from hordes_kit.ui.fantahzee.board import FZBoard

    ana = FZBoard(players=3, kinds=["Person", "Person", "Person"])  # seat 3 stays free
    code = ana.table_panel.create()
    ben = FZBoard()
    assert ben.table_panel.join(code, take=1)
    return code, [ana, ben]


def _shadows():
    from hordes_kit.ui.shadows.board import SEAT_KINDS, ShadowsBoard

    ana = ShadowsBoard(players=2, kinds=["Person", "Person"], names=["Ana", "Ben"])
    code = ana.table_panel.create()
    ben = ShadowsBoard()
    assert ben.table_panel.join(code, take=1)
    pages, bot, rng = [ana, ben], SEAT_KINDS["Sensible bot"], random.Random(3)
    for _ in range(100):  # to the first Plan Phase: each seat holds a secret Mission
        for p in pages:
            p.table_panel.poll()
        s = ana.state
        if s.phase == "plan" and s.seats[s.current_player].hand:
            break
        pages[s.current_player].act(bot(s, rng))
    assert all(st.mission for st in ana.state.seats) and ana.state.hidden_from(0)
    return code, pages


def _skytear():
    from hordes_kit.ui.skytear.board import SkyBoard

    ana = SkyBoard(mode="people")
    code = ana.table_panel.create()
    ben = SkyBoard()
    assert ben.table_panel.join(code, take=1)
    return code, [ana, ben]


def _the_horde():
    from hordes_kit.ui.the_horde.board import THBoard

    me = THBoard(seed=3)
    return me.table_panel.create(), [me]


def _heroes_hordes():
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    me = HHBoard(seed=5)
    return me.table_panel.create(), [me]


TABLES = {
    "fantahzee": _fantahzee,
    "shadows": _shadows,
    "skytear": _skytear,
    "the-horde": _the_horde,
    "heroes-hordes": _heroes_hordes,
}


def _table(game):
    """The table's code, its pages (every seat taken, then a watcher) and a save file of
    another game of the same kind (what a player might Load)."""
    code, seats = TABLES[game]()
    board = type(seats[0])
    watcher = board()
    assert watcher.table_panel.join(code) and _where(watcher) == (code, None)
    other = board()  # a game of its own: its save file, and another table's code
    save = other.save_text()
    elsewhere = other.table_panel.create()
    for p in seats:
        p.table_panel.poll()
    assert [_where(p) for p in seats] == [(code, i) for i in range(len(seats))]
    return code, [*seats, watcher], save, elsewhere


def _where(page) -> tuple[str | None, int | None]:
    """The table a page is at and its seat there (None, None: a game of its own)."""
    return (page.table_panel.session.code, page.table_seat()) if page.at_table() else (None, None)


def secrets(state, seat: int | None) -> set[str]:
    """What a page may not see: the engine's hidden things (a watcher: every seat's);
    Fantahzee names none, so the other seats' hand cards its view shows nowhere."""
    if state.game == "fantahzee":
        return hidden_cards(state, -1 if seat is None else seat)
    seats = [seat] if seat is not None else range(state.num_players)
    return set().union(*(state.hidden_from(k) for k in seats))


def _tables_made(db) -> int:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT count(*) FROM tables").fetchone()[0]


# --- what a browser can send --------------------------------------------------------------


def _browser(widget: w.Widget, data: dict) -> None:
    """A message from the page's browser, as ipywidgets receives it."""
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def _click(widget: w.Widget, content: dict | None = None) -> None:
    _browser(widget, {"method": "custom", "content": content or {"event": "click"}})


def _set(widget: w.Widget, **state) -> None:
    _browser(widget, {"method": "update", "state": state})


def _controls(widget: w.Widget, hidden: bool = False):
    """Every widget under ``widget`` with whether it is hidden (it or a box around it)."""
    hidden = hidden or getattr(getattr(widget, "layout", None), "display", None) == "none"
    yield widget, hidden
    for child in getattr(widget, "children", ()):
        yield from _controls(child, hidden)


def _other_value(widget: w.Widget, code: str) -> dict | None:
    """A value the browser's console could set on this control (None: not a value)."""
    if isinstance(widget, (w.Dropdown, w.RadioButtons, w.ToggleButtons)) and widget.options:
        return {"index": ((widget.index or 0) + 1) % len(widget.options)}
    if isinstance(widget, (w.Text, w.Combobox)):
        return {"value": code}  # a real table's code (the code box), else just a name
    if isinstance(widget, (w.BoundedIntText, w.IntText)):
        return {"value": widget.value + 1}
    if isinstance(widget, w.Checkbox):
        return {"value": not widget.value}
    return None


def _press_everything_hidden(page, code: str, save: str) -> int:
    """Press every hidden or disabled control of the page, set every hidden value, ask
    Save and Load as their buttons do, and give each picture the page does not act on now
    buttons of the browser's own making. Returns how many controls were pressed."""
    pressed = 0
    for widget, hidden in list(_controls(page)):
        if isinstance(widget, w.Button) and (hidden or widget.disabled):
            _click(widget)
            pressed += 1
        elif hidden and (value := _other_value(widget, code)) is not None:
            _set(widget, **value)
            pressed += 1
        elif isinstance(widget, SaveLoad):
            _click(widget, {"type": "save"})
            _click(widget, {"type": "load", "name": "game.json", "text": save})
            pressed += 2
    s = page.state
    deciding = page.table_seat() == s.current_player
    fake = {"reroll", "next", "fast", "die:0", "remove:0", "odds:reveal", "odds:predict"}
    fake |= set(s.legal_actions()) if not deciding else set()
    for view in (v for v, _h in _controls(page) if isinstance(v, ActionView)):
        for action in sorted(fake):
            _set(view, html=f'<button data-action="{html.escape(action)}">x</button>')
            _click(view, {"type": "action", "id": action})
            pressed += 1
    return pressed


@pytest.mark.parametrize("game", TABLES)
def test_every_hidden_control_of_every_role_changes_nothing_and_shows_no_hidden_card(
    game, sent, table_db
):
    code, pages, save, elsewhere = _table(game)
    before = open_store().count(code)
    tables = _tables_made(table_db)
    for page in pages:
        seat = page.table_seat()
        sent.clear()
        assert _press_everything_hidden(page, elsewhere, save) > 10
        s = page.state
        assert _where(page) == (code, seat)  # the same table, the same seat (or watching)
        assert s.history == page.table_panel.session.state.history  # the table's own game
        assert open_store().count(code) == before and _tables_made(table_db) == tables
        hidden = secrets(s, seat)
        leaked = _mentioned(sent + widget_strings(page), frozenset(hidden))
        assert not leaked, f"{game}, seat {seat}: the browser was sent {leaked}"
    assert game not in ("fantahzee", "shadows") or hidden  # there was something to hide


@pytest.mark.parametrize("game", TABLES)
def test_each_method_refused_at_a_table_says_why_and_changes_nothing(game):
    code, pages, save, elsewhere = _table(game)
    for page in pages:
        board = type(page)
        s = page.state
        assert page.page_role() == (WATCHER if page.table_seat() is None else SEAT)
        for name in board.AT_TABLE:
            refusal = refusal_of(getattr(board, name))
            assert refusal is not None, f"{board.__name__}.{name} is not checked at a table"
            page.message.value = ""
            call = getattr(page, name)
            if name == "_install":
                with pytest.raises(TableRoleError):
                    call(page.config, s)
            elif name == "save_text":
                with pytest.raises(TableRoleError, match="no save file at a shared table"):
                    call()
            elif name == "load_text":
                assert call(save) is False
            else:
                call()
            said = html.unescape(page.message.value)
            words = refusal.words.format(code=code)
            assert words[:1].upper() + words[1:] in said, (name, said)
            assert page.state is s and page.table_code() == code
        # the Save button says it too, and sends no file
        page.files.message = ""
        assert page.files.save() == "" and "No save file" in page.files.message
        # the table panel's own: no other table is created or opened from this page
        panel = page.table_panel
        assert panel.create() == "" and "leave it first" in panel.problem.value
        assert panel.join(elsewhere) is False
        assert JOIN.format(code=code) in html.unescape(panel.problem.value)
        assert page.table_code() == code and page.state is s
        # the table's rules: a choice is refused and put back
        rules: TableRulesPanel = page.rules_panel
        if rules.radios:
            field, radio = next(iter(rules.radios.items()))
            was = radio.value
            _set(radio, index=(radio.index + 1) % len(radio.options))
            assert radio.value == was and "cannot change during its game" in page.message.value
        # the playback's buttons: nothing to skip
        playback: PacedPlayback | None = getattr(page, "playback", None)
        if playback is not None:
            page.message.value = ""
            playback.skip()
            assert "nothing to skip" in page.message.value


def test_a_seated_page_takes_no_second_seat_and_a_watcher_takes_a_free_one():
    code, pages, _save, _elsewhere = _table("fantahzee")
    ana, ben, watcher = pages
    assert not ana.table_panel.take(2) and ana.table_seat() == 0  # seat 3 is free
    assert "a page plays one seat" in ana.table_panel.problem.value
    assert watcher.table_panel.take(2) and watcher.page_role() == SEAT
    assert watcher.table_seat() == 2


def test_solo_pages_keep_every_control():
    """The checks are the table's: a game of one's own saves, loads, undoes and starts
    again as before."""
    from board_makers import BOARDS

    for make in BOARDS.values():
        board = make(seed=1)
        assert board.page_role() == "solo" and board.table_code() is None
        text = board.save_text()
        assert board.load_text(text)
        board.restart()
        assert not board.message.value or "hk-error" not in board.message.value


def test_the_kits_widgets_take_no_value_from_the_browser(sent):
    """A value the browser sets (from its console) is not taken: the kernel's goes back.
    Every anywidget of the kit is such a widget."""
    import importlib
    import pkgutil

    import anywidget

    import hordes_kit.ui as ui

    for mod in pkgutil.walk_packages(ui.__path__, "hordes_kit.ui."):
        importlib.import_module(mod.name)

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    kit = {c for c in subclasses(anywidget.AnyWidget) if c.__module__.startswith("hordes_kit")}
    names = {c.__name__ for c in kit}
    assert {"ActionView", "SaveLoad", "LinkBox", "Ticker", "TableClock"} <= names, names
    assert [c.__name__ for c in kit if not issubclass(c, KernelWidget)] == []
    seen = []
    view = ActionView("<p>the kernel's picture</p>", on_action=seen.append)
    sent.clear()
    _set(view, html='<button data-action="recruit:paladin">x</button>')
    _click(view, {"type": "action", "id": "recruit:paladin"})
    assert view.html == "<p>the kernel's picture</p>" and not seen
    assert any("the kernel's picture" in m for m in sent)  # sent back to the browser


def test_every_board_method_a_table_refuses_is_checked_in_every_board():
    """Whichever board overrides a method the table refuses, its override is checked too."""
    import hordes_kit.ui.fantahzee.board
    import hordes_kit.ui.heroes_hordes.board
    import hordes_kit.ui.shadows.board
    import hordes_kit.ui.skytear.board
    import hordes_kit.ui.the_horde.board  # noqa: F401

    boards = [c for c in _all_subclasses(BoardMixin) if c.__module__.startswith("hordes_kit.")]
    assert len(boards) == 5
    for cls in boards:
        for name in cls.AT_TABLE:
            assert refusal_of(getattr(cls, name)) is not None, f"{cls.__name__}.{name}"


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)
