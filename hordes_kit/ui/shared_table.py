"""The "Play at one table on several devices" panel every board shares.

A player creates a table from the board's New game seats (people and bots) and gets a
short code and a link; every other player opens the link on their own phone or laptop,
takes a free seat and from then on sees the game as that seat sees it and acts only for
it. The table lives in the kit's database (``core.tables``): each page replays its
history, writes its own moves, and looks for new moves four times a second (a clock in
the page's kernel, :class:`~hordes_kit.ui.playback.KernelClock`). A small clock in the
browser (:class:`TableClock`) checks every two seconds that the kernel still answers.
The page's address keeps the table's code and this browser's seat key, so a reload, a
bookmark or a server restart comes back to the same seat. A move the table's database
could not take (held by another program) is kept and sent again, and the page says so; it
is never lost without a word. Every control has a Python twin (``create``, ``join``,
``take``, ``watch``, ``leave``, ``poll``) so tests drive it without a browser.
"""

from __future__ import annotations

import html
import random
import time
from typing import Protocol

import ipywidgets as w
import traitlets

from hordes_kit.core.data import widgets_path
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.state import GameState
from hordes_kit.core.tables import TableBusy, TableSession, open_store
from hordes_kit.core.tables.codes import code_check, parse_code, seat_check, secret_check
from hordes_kit.ui.common import error_html
from hordes_kit.ui.links import LinkBox, query_of
from hordes_kit.ui.playback import KernelClock, Ticker
from hordes_kit.ui.query import page_query, who_asks
from hordes_kit.ui.roles import CREATE, JOIN, Refusal, refused_at_table
from hordes_kit.ui.theme import theme_class

__all__ = [
    "TablePanel",
    "TableClock",
    "TableHost",
    "TITLE",
    "POLL_MS",
    "HEARTBEAT_MS",
    "TABLE_QUERY",
]

TITLE = "Play at one table on several devices"
POLL_MS = 250  # how often a page's kernel looks for new moves
# How often the browser asks the kernel (a round trip through the server: each cost the
# machine 20 ms of CPU, so a page at a table asking four times a second took 8% of a core
# doing nothing). It only checks the kernel still answers, and looks for moves as well.
HEARTBEAT_MS = 2000
STALE = 1.5  # seconds an automatic move may wait for the page that should make it
# A click on a piece the page no longer shows, this soon after the page took in another
# page's move, was made on the picture before that move: the page says who moved first
LATE_CLICK = 2.0
NOTE = "class='hk-table-note' style='color:#555'"  # a grey line of the panel
RETRY_S = 2.0  # a move the busy database did not take is sent again this often...
KEEP_S = 60.0  # ...for this long; then the page says it was not made
BUSY = "The table is busy (its database is held by another program)"
TABLE_QUERY = {"table": code_check, "seat": secret_check, "take": seat_check}


class TableClock(Ticker):
    """The browser side of a page at a table: checks the kernel answers (and has it look for
    moves), keeps the address."""

    _esm = widgets_path("tables.js")
    address = traitlets.Unicode("-").tag(sync=True)  # "-": leave the address alone
    patience_ms = traitlets.Int(8000).tag(sync=True)  # no answer this long: reconnect


def _button(text: str, cls: str, style: str = "") -> w.Button:
    b = w.Button(description=text, button_style=style, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class TableHost(Protocol):
    """What the panel asks of the board it sits on (``ui.board.BoardMixin`` is one): the
    board imports the panel, so the panel names the board only by what it uses."""

    game: str

    def _new_config(self) -> dict: ...

    def table_config(self) -> dict: ...

    def table_seats(self) -> list[tuple[str, str]] | None: ...

    def table_bot(self, state: GameState, rng: random.Random) -> str: ...

    def _table_show(self, session: TableSession, message: str = "") -> None: ...

    def _table_left(self) -> None: ...


class TablePanel(w.VBox):
    """The folded panel: create or join a table; at a table, its code, links and seats."""

    def __init__(self, board: TableHost) -> None:
        self.board = board
        self.session: TableSession | None = None
        self.secret: str | None = None
        self.changed_at = time.monotonic()
        self._news: tuple[float, int] | None = None  # when moves last came in, from how many
        # a move the busy database did not take: (action, moves it was made on, since when)
        self.pending: tuple[str, int, float] | None = None
        self._tried = 0.0  # when the pending move was last sent
        self._seats_drawn: tuple = ()
        self.clock = TableClock(self.poll, interval_ms=HEARTBEAT_MS)
        self.watcher = KernelClock(self.poll, POLL_MS / 1000)
        self.clock.observe(self._clock_running, "running")
        self.intro = w.HTML(
            f"<p {NOTE}>Each player plays on their own phone or laptop and sees only "
            "their own hand. The seats are those of <b>New game</b>: a Person seat is taken "
            "by a player who opens the table's link, a bot seat is played by the kit. You "
            "take the first Person seat (with no Person seat, you watch).</p>"
        )
        self.create_button = _button("Create table", "hk-table-create", "primary")
        self.code_box = w.Text(
            placeholder="such as KXMPRT",
            description="Table code",
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="260px"),
        )
        self.join_button = _button("Join table", "hk-table-join")
        self.start_box = w.VBox(
            [self.intro, self.create_button, w.HBox([self.code_box, self.join_button])]
        )
        self.status = w.HTML()
        self.problem = w.HTML()
        self.table_link = LinkBox(self._table_query, label="Copy table link")
        self.table_link.add_class("hk-table-link")
        self.seat_box = w.VBox()
        self.leave_button = _button("Leave the table", "hk-table-leave")
        self.at_box = w.VBox([self.status, self.table_link, self.seat_box, self.leave_button])
        self.at_box.layout.display = "none"
        body = w.VBox([self.problem, self.start_box, self.at_box, self.clock])
        self.accordion = w.Accordion(children=[body])
        self.accordion.set_title(0, TITLE)
        self.accordion.selected_index = None  # folded until a player opens it
        super().__init__([self.accordion], layout=w.Layout(width="100%", max_width="100%"))
        self.add_class("hk-shared-table")
        self.add_class(theme_class(board.game))
        self.create_button.on_click(lambda _b: self.create())
        self.join_button.on_click(lambda _b: self.join(self.code_box.value))
        self.leave_button.on_click(lambda _b: self.leave())

    # --- what a player does ----------------------------------------------------------------

    def unfold(self, show: bool = True) -> None:
        """Unfold (or fold) the panel, as a click on its title does."""
        self.accordion.selected_index = 0 if show else None

    # --- what the page's role allows (ui/roles.py) ---------------------------------------

    def table_code(self) -> str | None:
        """The code of the table this page is at (None: none)."""
        return self.session.code if self.session is not None else None

    def say_refused(self, words: str) -> None:
        """Say why a control of the panel was refused, on the panel."""
        self.problem.value = error_html(words)

    @refused_at_table(Refusal(CREATE, ""))  # its button is hidden there, not gone
    def create(self) -> str:
        """Create a table with the board's New game seats; returns its code ("" refused)."""
        b = self.board
        try:
            session, secret = TableSession.create(
                open_store(),
                b.game,
                b._new_config() | b.table_config(),
                b.table_seats(),
                b.table_bot,
                asker=who_asks(),
            )
        except HordesKitError as e:
            self.problem.value = error_html(f"No table: {e}")
            return ""
        session.advance()
        self._enter(session, secret, "")
        return session.code

    @refused_at_table(Refusal(JOIN, False))
    def join(self, code: str, secret: str | None = None, take: int | None = None) -> bool:
        """Open a table by its code (with a seat key or a seat to take: that seat)."""
        try:
            code = parse_code(code, "table code")
            session, secret, problem = TableSession.join(
                open_store(), code, self.board.table_bot, secret=secret, take=take
            )
        except HordesKitError as e:
            self.problem.value = error_html(f"Not opened: {e}")
            return False
        self._enter(session, secret, problem)
        return True

    def take(self, seat: int) -> bool:
        """A watcher takes this free seat (what its "Sit here" button does). A page that
        plays a seat takes no other (a click on an old "Sit here" button of its)."""
        if self.session is None:
            return False
        if self.session.seat is not None:
            self.say_refused(
                f"You play {self.session.name(self.session.seat)} at this table: a page "
                "plays one seat. To play another, open its seat link on another device."
            )
            return False
        try:
            secret = self.session.take(seat)
        except HordesKitError as e:
            self.problem.value = error_html(f"Not seated: {e}.")
            return False
        if secret is None:
            self.session.refresh()
            self.problem.value = error_html(
                f"{self.session.name(seat)}'s seat was taken by someone else just now."
            )
            self._draw()
            return False
        self.secret = secret
        self.problem.value = ""
        self._sync()
        return True

    def fill_with_bot(self, seat: int) -> bool:
        """A free seat nobody came to take is played by the kit from now on."""
        if self.session is None:
            return False
        try:
            done = self.session.fill_with_bot(seat)
        except HordesKitError as e:
            self.problem.value = error_html(f"Not changed: {e}.")
            return False
        if done:
            self.session.advance()
            self.changed_at = time.monotonic()
        self._sync()
        return done

    def leave(self) -> None:
        """Leave the table: this page plays a game of its own again (the table goes on)."""
        self.session, self.secret, self.pending = None, None, None
        self.clock.running = False
        self.clock.address = ""
        self.clock.status = ""
        self.start_box.layout.display = None
        self.at_box.layout.display = "none"
        self.problem.value = ""
        self.board._table_left()

    def _clock_running(self, change) -> None:
        if change["new"]:
            self.watcher.start()
        else:
            self.watcher.stop()

    def poll(self) -> int:
        """What one tick of the clock does: take in the moves made since; make the table's
        automatic moves if the page that should have made them did not. Returns the number
        of new moves seen."""
        s = self.session
        if s is None:
            return 0
        if self.pending is not None and time.monotonic() - self._tried >= RETRY_S:
            before = s.moves_seen
            self._send_move(*self.pending)
            return s.moves_seen - before
        try:
            before = s.moves_seen
            new = s.refresh()
            if new:
                self._news = (time.monotonic(), before)
            if not new and s.seats_changed():
                self._sync()
            if not new and s.automatic() and time.monotonic() - self.changed_at > STALE:
                new = s.advance()
        except TableBusy:  # the next look tries again (a click is kept: _send_move)
            return 0
        except HordesKitError as e:
            self.clock.running = False
            self.problem.value = error_html(f"The table stopped: {e}")
            return 0
        if new:
            self.changed_at = time.monotonic()
            self._sync()
        return new

    def stale_click(self) -> bool:
        """A click on a piece this page no longer shows: just after another page's move came
        in, it was made on the picture before that move, and the page says who moved first
        (as it does when both moves reach the table together). True if it said so."""
        s = self.session
        if s is None or self._news is None:
            return False
        at, before = self._news
        if time.monotonic() - at > LATE_CLICK:
            return False
        self._sync(s.moved_first(before))
        return True

    def play(self, action: str) -> bool:
        """This seat's move at the table (the board's ``act`` calls it); then the table's
        automatic moves. A refused move changes nothing and the page says why."""
        s = self.session
        assert s is not None
        self.pending = None
        return self._send_move(action, s.moves_seen, time.monotonic())

    def _send_move(self, action: str, at: int, since: float) -> bool:
        """Send a move made on the picture of ``at`` moves; a busy database keeps it (sent
        again by :meth:`poll` until ``KEEP_S`` after the click ``since``)."""
        s = self.session
        assert s is not None
        played = s.play(action, at)
        self._tried = time.monotonic()
        if played.busy:
            if self._tried - since < KEEP_S:
                self.pending = (action, at, since)
                self._sync(f"{BUSY}: your move is kept and sent again in a moment.")
            else:
                self.pending = None
                self._sync(f"{BUSY} for a minute: your move was not made. Please play it again.")
            return False
        self.pending = None
        if played.ok:
            s.advance()
        self.changed_at = time.monotonic()
        self._sync(played.message)
        return played.ok

    # --- reading the page's address ----------------------------------------------------------

    def open_from_address(self) -> bool:
        """Open the table the page's address names (``?table=CODE`` and ``seat=KEY`` or
        ``take=N``); True when it names one."""
        wanted, problem = page_query(TABLE_QUERY)
        if problem:
            self.unfold()
            self.problem.value = error_html(f"{problem}. A game of your own opened instead.")
            return False
        if "table" not in wanted:
            return False
        self.unfold()
        return self.join(wanted["table"], wanted.get("seat"), wanted.get("take"))

    # --- drawing -----------------------------------------------------------------------------

    def _table_query(self) -> str:
        return query_of({"table": self.session.code}) if self.session else ""

    def _enter(self, session: TableSession, secret: str | None, problem: str) -> None:
        self.session, self.secret = session, secret
        self.changed_at = time.monotonic()
        self.start_box.layout.display = "none"
        self.at_box.layout.display = None
        said = html.escape(problem[:1].upper() + problem[1:] + ".")
        self.problem.value = f"<p class='hk-table-note' role='status'>{said}</p>" if problem else ""
        self.clock.running = True
        self._sync()

    def _sync(self, message: str = "") -> None:
        """Show the table's position on the board and the seats here."""
        s = self.session
        if s is None:
            return
        self.board._table_show(s, message)
        self._draw()

    def _address(self) -> str:
        s = self.session
        if s is None:
            return ""
        return query_of({"table": s.code, "seat": self.secret})

    def _draw(self) -> None:
        s = self.session
        if s is None:
            return
        self.clock.address = self._address()
        me = (
            f"you play <b>{html.escape(s.name(s.seat))}</b>"
            if s.seat is not None
            else "you are watching (the public view: nobody's hand)"
        )
        keep = (
            " This page's address now holds your seat: reopen or bookmark it to come back."
            if s.seat is not None
            else ""
        )
        self.status.value = (
            f"<p class='hk-table-status'>Table <b class='hk-table-code'>{s.code}</b>: {me}."
            f"{keep}</p><p {NOTE}>Send the table link to the other players: each "
            "opens it on their own device and takes a free seat.</p>"
        )
        self.clock.status = (
            f"<span {NOTE}>Live: moves at table {s.code} appear as they are made.</span>"
        )
        shape = (s.code, s.seat, s.info.seats)
        if shape == self._seats_drawn:
            return  # the same seats: keep the rows (and any link a player just copied)
        self._seats_drawn = shape
        rows = []
        for i, seat in enumerate(s.info.seats):
            if i == s.seat:
                what = "you"
            elif seat.is_bot:
                what = "played by the kit"
            elif seat.taken:
                what = "taken"
            else:
                what = "free"
            line = w.HTML(
                f"<span class='hk-seat' data-seat='{i + 1}'>Seat {i + 1}: "
                f"<b>{html.escape(seat.name)}</b> ({what})</span>"
            )
            parts: list[w.Widget] = [line]
            if what == "free":
                if s.seat is None:
                    sit = _button(f"Sit here as {seat.name}", "hk-table-sit")
                    sit.on_click(lambda _b, i=i: self.take(i))
                    parts.append(sit)
                bot = _button(f"Let the kit play {seat.name}", "hk-table-bot")
                bot.on_click(lambda _b, i=i: self.fill_with_bot(i))
                parts.append(bot)
                link = LinkBox(
                    lambda i=i: query_of({"table": s.code, "take": i + 1}),
                    label=f"Copy {seat.name}'s seat link",
                )
                link.add_class("hk-seat-link")
                parts.append(link)
            row = w.HBox(parts, layout=w.Layout(flex_flow="row wrap", align_items="center"))
            rows.append(row)
        self.seat_box.children = tuple(rows)
