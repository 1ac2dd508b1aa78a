"""The playable Skytear Horde board: solo or 2-player co-op (a person or the kit's bot as
partner), every legal choice a click, the horde's cards and the bot's moves paced one at a
time, the forecast of the coming turn and the win odds from here on demand, undo, save
and load.

Chance (the horde deck, treachery cards, alliance draws) is drawn by the page; undo takes
back a player's own choices until a card is drawn (a drawn card is never redrawn).
"""

from __future__ import annotations

import random

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.schema import PERSON
from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.common import error_html, note_html
from hordes_kit.ui.controls import page, section
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.skytear.advice import forecast_block, win_block
from hordes_kit.ui.skytear.setup import SkySetup
from hordes_kit.ui.skytear.table import table_html
from hordes_kit.ui.surface import ActionView

__all__ = ["SkyBoard", "board_page"]

MAX_AUTO = 5_000
BOT = "sensible"  # the kit's bot partner, as a save or link records the seat it plays
ODDS = (
    ("odds:forecast", "Forecast of this turn"),
    ("odds:win", "Win odds from here"),
)


class SkyBoard(BoardMixin, w.VBox):
    """Play Skytear Horde: solo or co-op at one device; every choice is a click."""

    game = "skytear"

    def __init__(self, seed: int | None = None, speed: str = "Normal", mode: str = "solo"):
        self.setup = SkySetup()
        self.setup.mode.value = mode
        self.message = w.HTML()
        self.odds_out = w.HTML()  # BoardMixin's name; the odds are drawn inside the table
        self.odds_html = ""
        self.table = ActionView(theme="skytear", label="The table")
        self.table.add_class("sk-board")
        self.table.on_action(self.act)
        self.playback = PacedPlayback(
            self._show_frame,
            turn_of=lambda s: s.turn,
            turn_name=lambda t: f"Turn {t}" if t else "Setup",
            on_done=self._show,
            speed=speed,
            done_text="Your choice.",
            speed_label="Horde speed",  # the horde moves in every game, a bot only in some
        )
        self.log_box = w.HTML()
        self.undo_button = w.Button(description="Undo my last choice")
        self.undo_button.add_class("sk-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.files = self.save_load_widget()
        self.seed_box = self.setup.seed_box
        self.setup.new_button.on_click(lambda _b: self.restart())
        self.bots: tuple[int, ...] = ()
        super().__init__(
            [
                self.table,
                self.playback,
                self.message,
                self.coach_panel(),
                w.HBox([self.undo_button, self.files], layout=w.Layout(flex_flow="row wrap")),
                self.link_box(),
                section("Log (newest first; a rule chip opens the rule)", self.log_box),
                section("New game", self.table_rules_panel(), self.setup),
            ]
        )
        self.add_class("sk-board-page")
        self.new_game(seed)
        self.setup.started.value = ""  # the first game needs no note
        self.open_link()

    # --- moving ------------------------------------------------------------------------

    def _new_config(self) -> dict:
        return self.setup.config() | self.table_config()

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the setup as chosen (chance from ``seed``; none: a random
        seed, shown in the seed box)."""
        try:
            config = self._new_config()
            state = get_game(self.game).start(config)
        except HordesKitError as e:
            self.message.value = error_html(f"Cannot start this game: {e}")
            self.setup.started.value = self.message.value
            return
        self.rng = random.Random(self._deal_seed(seed))
        self.config, self.state = config, state
        self.bots = self.setup.bots()
        self.setup.started.value = (
            "<p class='hk-note' role='status'>A new game has begun: "
            "<a href='#sk-table'>the table is at the top of the page</a>.</p>"
        )
        self.undo_stack = []
        self.message.value = ""
        self.odds_html = ""
        self._continue()

    def act(self, action_id: str) -> None:
        """What a click does; a refused move says why and changes nothing."""
        if action_id.startswith("odds:"):
            self.show_odds(action_id[5:])
            return
        if self.at_table():  # a shared table: the move goes to the table's database
            super().act(action_id)
            return
        s = self.state
        if not self.playback.done or s.is_terminal or s.is_chance:
            return
        if s.current_player in self.bots:
            return
        try:
            nxt = s.apply(action_id)
        except HordesKitError as e:
            self.message.value = error_html(str(e))
            return
        self.state = nxt
        self.message.value = ""
        self.odds_html = ""
        moves = self._continue()
        if moves:
            self.undo_stack = []  # a card was drawn or the bot moved: no taking back
        else:
            self.undo_stack.append(s)
        self._buttons()

    # --- one table on several devices ----------------------------------------------------

    def table_seats(self) -> list[tuple[str, str]]:
        """The seats of a shared table: solo (others watch along) or co-op, the partner a
        person on another device or the kit's bot."""
        bots = self.setup.bots()
        return [
            (f"Player {i + 1}", "bot" if i in bots else "person")
            for i in range(self.setup.players())
        ]

    def table_bot(self, state, rng) -> str:
        """The table's bot partner plays as the sensible bot."""
        return sensible_policy(state, rng)

    def _table_show(self, session, message: str = "") -> None:
        """At a shared table the choices on this page are its own seat's (``_show``; co-op:
        every card is open to both players; a spectator watches along)."""
        self.bots = tuple(i for i, seat in enumerate(session.info.seats) if seat.is_bot)
        self.odds_html = ""
        super()._table_show(session, message)

    def _advance(self) -> list:
        """Chance and the bot's moves until a person decides (or the game ends)."""
        s, out = self.state, []
        for _ in range(MAX_AUTO):
            if s.is_terminal:
                break
            if s.is_chance:
                a = sample_outcome(s.chance_outcomes(), self.rng)
            elif s.current_player in self.bots:
                a = sensible_policy(s, self.rng)
            else:
                break
            s = s.apply(a)
            out.append(s)
        return out

    def _continue(self) -> list:
        """Play the automatic moves, shown one at a time, then the next decision."""
        before = self.state
        moves = self._advance()
        if moves:
            self.state = moves[-1]
            self.playback.play(moves, start=before)
        else:
            self._show()
        return moves

    def undo(self) -> None:
        """Take back my last choice (only while no card was drawn and the bot did not move)."""
        if self.undo_stack and self.playback.done:
            self.state = self.undo_stack.pop()
            self.message.value = note_html("Undone.")
            self.odds_html = ""
            self._show()

    # --- drawing -----------------------------------------------------------------------

    def _show_frame(self, state, index: int) -> None:
        busy = "The horde and the bot move…" if self.bots else "The horde moves…"  # solo: no bot
        self.table.show(table_html(state, interactive=False, bots=self.bots, busy=busy))
        self.log_box.value = log_html(state, new=1)

    def _show(self) -> None:
        s = self.state
        self.coach.seen(s)
        extra = () if s.is_terminal or s.turn < 1 else ODDS
        if self.odds_html:
            extra = (*extra, ("odds:hide", "Hide the odds"))
        mine = not self.at_table() or s.current_player == self.table_seat()
        self.table.show(
            table_html(s, interactive=mine, bots=self.bots, extra=extra, below=self.odds_html)
        )
        self.log_box.value = log_html(s, new=self._new_lines())
        self._buttons()

    def _new_lines(self) -> int:
        """Log lines since the last undo point (tinted in the log)."""
        if self.undo_stack:
            return max(1, len(self.state.log) - len(self.undo_stack[-1].log))
        return 1

    def _buttons(self) -> None:
        self.undo_button.disabled = not self.undo_stack

    def show_odds(self, key: str) -> None:
        """The forecast of this turn or the win odds from here, on demand."""
        s = self.state
        try:
            if key == "hide" or s.is_terminal:
                out = ""
            elif key == "forecast":
                out = forecast_block(s)
            else:
                out = win_block(s, seed=0)
        except HordesKitError as e:
            out = error_html(str(e))
        self.odds_html = (
            f"<div class='sk-odds' role='region' aria-label='Odds'>{out}</div>" if out else ""
        )
        self._show()

    # --- save and load -------------------------------------------------------------------

    def seat_players(self) -> list[str]:
        """Who plays each seat of the game in progress: "person" or "sensible" (the bot)."""
        return [BOT if i in self.bots else PERSON for i in range(self.state.players)]

    def _show_seat_players(self, seats: list[str]) -> None:
        """A loaded or linked game's bot seats (``_show_new_game`` shows them as the mode)."""
        self.bots = tuple(i for i, seat in enumerate(seats) if seat != PERSON)

    def _show_new_game(self, config: dict) -> None:
        self.setup.show_config(config, self.bots)

    def _install(self, config: dict, state) -> str:
        self._show_new_game(config)
        self._show_table_rules(config)
        self.config = dict(config)
        self.state = state
        self.undo_stack = []
        self.odds_html = ""
        self.message.value = ""
        if state.players == 1:
            self.bots = ()
        self._continue()
        return f"Loaded a game at turn {state.turn} ({state.phase} phase)."

    # --- what tests and the notebook use ------------------------------------------------

    def click(self, action_id: str) -> None:
        """What clicking the piece or button with this action id does (refused if not shown)."""
        self.table.click(action_id)

    def finish_playback(self) -> None:
        """Skip through the automatic moves to the next decision (as the buttons would)."""
        for _ in range(10_000):
            if self.playback.done:
                return
            if self.playback.waiting:
                self.playback.continue_turn()
            else:
                self.playback.skip()


def board_page(**kw) -> w.VBox:
    """The play page: the board with the shared look and the Skytear colours."""
    return page(SkyBoard(**kw), theme="skytear")
