"""The playable Shadows board: 2-3 seats, each a person or a bot, at one device.

What a seat may not see never reaches the screen: the table and the log are drawn from
``view(state, viewer)`` for the person holding the device, and between two people a
pass-the-device screen hides everything until the next one says who they are. Undo takes
back only the viewer's own last choices while nothing else has happened (no card
revealed, no answer heard, nobody else moved). Bots' moves are paced, one visible move at
a time.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.schema import PERSON
from hordes_kit.shadows.view import PHASE_NAMES
from hordes_kit.ui.board import BoardMixin
from hordes_kit.ui.common import error_html, note_html
from hordes_kit.ui.controls import page, section
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.shadows.advice import (
    decision_block,
    predict_html,
    reveal_html,
    round_for,
    round_html,
)
from hordes_kit.ui.shadows.seating import SEAT_KINDS, ShadowsStyle, TableSetup
from hordes_kit.ui.shadows.table import log_for, table_html, visible_events
from hordes_kit.ui.surface import ActionView

# who plays a seat, as a save or link records it (core.schema.seat_players), and back
SEAT_NAMES = {"Person": PERSON, "Sensible bot": "sensible", "Random bot": "random"}
SEAT_WORDS = {name: word for word, name in SEAT_NAMES.items()}

__all__ = ["ShadowsBoard", "ShadowsStyle", "SEAT_KINDS", "board_page", "SAFE_UNDO"]

# own moves that reveal nothing: choosing the Hand, laying cards in line, studying
SAFE_UNDO = ("pick", "lay", "study")
SPECTATOR = -1  # the viewer of a page watching a shared table: no seat's cards
MAX_AUTO = 20_000


def _turn(state) -> tuple[int, str]:
    return (state.round, state.phase)


def _turn_name(t) -> str:
    return f"Round {t[0]}, {PHASE_NAMES.get(t[1], t[1])}" if t and t[0] else "Setup"


class ShadowsBoard(BoardMixin, w.VBox):
    """Play Shadows: people and bots at one device; every choice is a click."""

    game = "shadows"

    def __init__(
        self,
        players: int = 2,
        kinds=None,
        names=None,
        seed: int | None = None,
        speed: str = "Normal",
    ) -> None:
        self.setup = TableSetup(players, kinds, names, seed)
        self.seed_box = self.setup.seed_box
        self.message = w.HTML()
        self.odds_html = ""
        self._odds_pick = None  # (position, what the decision odds recommend) for the coach
        self.table = ActionView(theme="shadows", label="The table")
        self.table.add_class("sh-board")
        self.table.on_action(self.act)
        self.pass_box = w.VBox()
        self.playback = PacedPlayback(
            self._show_frame, turn_of=_turn, turn_name=_turn_name, on_done=self._played, speed=speed
        )
        self.log_box = w.HTML()
        self.undo_button = w.Button(description="Undo my last choice")
        self.undo_button.add_class("sh-undo")
        self.files = self.save_load_widget()
        self.setup.new_button.on_click(lambda _b: self.restart())
        self.table_rules_panel()
        self.undo_button.on_click(lambda _b: self.undo())
        self.viewer: int | None = None
        self.waiting_for: int | None = None  # a person the device must be passed to
        super().__init__(
            [
                self.pass_box,
                self.table,
                self.playback,
                self.message,
                self.coach_panel(),
                section("Log (newest first; a § chip opens the rule)", self.log_box),
                w.HBox([self.undo_button, self.files]),
                self.link_box(),
                section("New game", self.setup),
                self.rules_panel,
            ]
        )
        self.add_class("sh-board-page")
        self.new_game(seed)
        self.open_link()

    # --- the table's seats -------------------------------------------------------------

    def kinds(self) -> list[str]:
        """Each seat's player: 'Person', 'Sensible bot' or 'Random bot'."""
        return self.setup.kinds(self.state.n)

    def people(self) -> list[int]:
        """The seats a person plays."""
        return [k for k, kind in enumerate(self.kinds()) if SEAT_KINDS[kind] is None]

    def _new_config(self) -> dict:
        return self.setup.config()

    def seat_players(self) -> list[str]:
        """Who plays each seat of the game in progress: "person", "sensible" or "random"."""
        return [SEAT_NAMES[kind] for kind in self.kinds()]

    def _show_seat_players(self, seats: list[str]) -> None:
        """A loaded or linked game's people and bots in the seats' "played by" boxes."""
        self.setup.show_kinds([SEAT_WORDS[seat] for seat in seats])

    # --- one table on several devices ----------------------------------------------------

    def table_seats(self) -> list[tuple[str, str]]:
        """The seats of a shared table: New game's names, people and bots."""
        names = self.setup.config()["names"]
        kinds = self.setup.kinds(len(names))
        return [(n, "person" if SEAT_KINDS[k] is None else "bot") for n, k in zip(names, kinds)]

    def table_bot(self, state, rng) -> str:
        """The table's bot seats play as the sensible bot."""
        return SEAT_KINDS["Sensible bot"](state, rng)

    def _table_show(self, session, message: str = "") -> None:
        """At a shared table the page is its own seat's device (a spectator: -1, the view
        of nobody's cards); nobody passes it on."""
        self.viewer = session.seat if session.seat is not None else SPECTATOR
        self.waiting_for = None
        super()._table_show(session, message)

    def _table_left(self) -> None:
        self.viewer = None
        super()._table_left()

    # --- moving ------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with the seats as set (chance from ``seed``; none: a random
        seed, shown in the seed box)."""
        self.rng = random.Random(self._deal_seed(seed))
        self.config = self._new_config() | self.table_config()
        self.state = get_game(self.game).start(self.config)
        self.undo_stack = []
        self.message.value = ""
        self.odds_html = ""
        people = self.people()
        self.viewer = people[0] if len(people) == 1 else None
        self.waiting_for = None
        self._continue()

    def coach_sees(self, state) -> bool:
        """The coach answers for the person to move once the device shows their cards."""
        return self.waiting_for is None and state.current_player == self.viewer

    def act(self, action_id: str) -> None:
        """What a click on a choice does; a refused move says why and changes nothing."""
        if action_id.startswith("odds:"):
            self.show_odds(action_id[5:])
            return
        if self.at_table():  # a shared table: the move goes to the table's database
            super().act(action_id)
            return
        if self.waiting_for is not None or not self.playback.done:
            return
        if self.state.is_terminal or self.state.current_player != self.viewer:
            return
        try:
            nxt = self.state.apply(action_id)
        except HordesKitError as e:
            self.message.value = error_html(str(e))
            return
        before = self.state
        self.state = nxt
        self.message.value = ""
        self.odds_html = ""
        frames = self._continue()
        if action_id.partition(":")[0] in SAFE_UNDO and not frames:
            self.undo_stack.append(before)
        else:
            self.undo_stack = []
        self._buttons()

    def _advance(self) -> list:
        """Chance and bots' moves until a person decides (or the game ends): the states
        after each, and whether a bot made the move."""
        s, out, kinds = self.state, [], self.kinds()
        for _ in range(MAX_AUTO):
            if s.is_terminal:
                break
            if s.is_chance:
                a, bot_move = sample_outcome(s.chance_outcomes(), self.rng), False
            else:
                bot = SEAT_KINDS[kinds[s.current_player]]
                if bot is None:
                    break
                a, bot_move = bot(s, self.rng), True
            s = s.apply(a)
            out.append((s, bot_move))
        return out

    def _continue(self) -> list:
        """Play the automatic moves, show the bots' moves paced, then the next turn."""
        before = self.state
        moves = self._advance()
        if moves:
            self.state = moves[-1][0]
        shown = self._visible(before, moves)
        if shown and (self.viewer is not None or not self.people()):
            self.playback.play(shown, start=before)
        else:
            self._played()
        return moves

    def _visible(self, before, moves: list) -> list:
        """The states to show one at a time: after each bot move that adds a line to the
        viewer's log (chance draws show with the next one); none if no bot moved."""
        if not any(bot for _, bot in moves):
            return []
        out, seen = [], len(visible_events(before, self.viewer))
        for state, bot in moves:
            n = len(visible_events(state, self.viewer))
            if bot and n != seen:
                out.append(state)
                seen = n
        last = moves[-1][0]
        if not out or out[-1] is not last:
            out.append(last)
        return out

    def _show_frame(self, state, index: int) -> None:
        self.table.show(table_html(state, self.viewer, interactive=False))
        self.log_box.value = log_for(state, self.viewer, new=1)

    def _played(self) -> None:
        """After the bots: pass the device if another person decides next, else draw."""
        s, people = self.state, self.people()
        nxt = s.current_player if not s.is_terminal and not s.is_chance else None
        if nxt is not None and nxt in people and nxt != self.viewer and len(people) > 1:
            self.waiting_for = nxt
            self.undo_stack = []
        self._show()

    def reveal(self) -> None:
        """The next person says who they are: their cards are shown."""
        if self.waiting_for is None:
            return
        self.viewer, self.waiting_for = self.waiting_for, None
        self._show()

    def undo(self) -> None:
        """Take back my last choice (only while nothing else has happened since)."""
        if self.undo_stack and self.waiting_for is None and self.playback.done:
            self.state = self.undo_stack.pop()
            self.message.value = note_html("Undone.")
            self.odds_html = ""
            self._show()

    # --- drawing -----------------------------------------------------------------------

    def _show(self) -> None:
        s = self.state
        self.coach.seen(s)
        if self.waiting_for is not None:
            who = html.escape(s.who(self.waiting_for))
            button = w.Button(
                description=f"I am {s.who(self.waiting_for)}: show my cards", button_style="primary"
            )
            button.add_class("sh-reveal")
            button.on_click(lambda _b: self.reveal())
            self.pass_box.children = (
                w.HTML(
                    f"<div class='sh-pass' role='status'>Pass the device to {who}. "
                    f"{who}: press the "
                    "button when nobody else can see the screen.</div>"
                ),
                button,
            )
            self.table.show("")
            self.log_box.value = ""
            self.odds_html = ""
        else:
            self.pass_box.children = ()
            self.table.show(
                table_html(
                    s,
                    self.viewer,
                    interactive=self.viewer is not None,
                    extra=self.odds_buttons(),
                    below=self.odds_html,
                )
            )
            self.log_box.value = log_for(s, self.viewer, new=self._new_lines())
        self._buttons()

    def _new_lines(self) -> int:
        """Log lines since the viewer's last decision (tinted in the log)."""
        if self.viewer is None:
            return 1
        events = visible_events(self.state, self.viewer)
        for back, e in enumerate(reversed(events)):
            if e.data.get("seat") == self.viewer:
                return max(1, back + 1)
        return 1

    def _buttons(self) -> None:
        hidden = self.waiting_for is not None or self.viewer is None
        self.undo_button.disabled = not self.undo_stack or hidden

    def odds_buttons(self) -> tuple[tuple[str, str], ...]:
        """The odds a person may ask for now (none on the pass screen or for a spectator)."""
        s = self.state
        if self.viewer in (None, SPECTATOR) or self.waiting_for is not None or s.is_terminal:
            return ()
        out = []
        if s.current_player == self.viewer:
            out.append(("odds:decision", "Odds for this decision"))
        if s.monster and s.phase != "setup":
            out += [
                ("odds:reveal", "Next Monster-Action card"),
                ("odds:predict", "Predict: what can they hold?"),
                ("odds:round", "My Hand against the Monster"),
            ]
        if self.odds_html:
            out.append(("odds:hide", "Hide the odds"))
        return tuple(out)

    def show_odds(self, key: str) -> None:
        """Odds on demand, for the person holding the device (from what they can know)."""
        s, me = self.state, self.viewer
        if me in (None, SPECTATOR) or self.waiting_for is not None:
            return
        try:
            if key == "hide":
                out = ""
            elif key == "decision":
                if s.current_player == me:
                    out, pick = decision_block(s)
                    self._odds_pick = (s.history, pick) if pick else None
                else:
                    out = note_html("It is not your decision.")
            elif key == "reveal":
                out = reveal_html(s, me, me)
            elif key == "predict":
                out = "".join(predict_html(s, me, k) for k in range(s.n) if k != me)
            else:
                st = s.seats[me]
                plan = list(st.hand) + (list(s.queue) if s.queue_owner() == me else [])
                out = round_html(round_for(s, me, plan), [s.name(c) for c in plan])
        except HordesKitError as e:
            out = error_html(str(e))
        self.odds_html = (
            f"<div class='sh-odds' role='region' aria-label='Odds'>{out}</div>" if out else ""
        )
        self._show()
        self.coach.redraw()  # a coach's answer on screen says how it stands to the odds

    def coach_other(self, state) -> tuple[tuple[str, ...], str] | None:
        """The decision odds on screen for this position: their best move(s) and name."""
        pick = self._odds_pick
        if not self.odds_html or pick is None or pick[0] != state.history:
            return None
        return pick[1]

    # --- save and load -------------------------------------------------------------------

    def _show_new_game(self, config: dict) -> None:
        self.setup.show_config(self.state.config)  # the state's: a save leaves out defaults

    def _install(self, config: dict, state) -> str:
        self.config = dict(config)
        self.state = state
        self._show_new_game(config)
        self._show_table_rules(self.config)
        self.undo_stack = []
        self.odds_html = ""
        self.message.value = ""
        people = self.people()
        self.viewer = people[0] if len(people) == 1 else None
        self.waiting_for = None
        self._continue()
        return (
            f"Loaded a game at round {state.round} ({PHASE_NAMES.get(state.phase, state.phase)})."
        )

    # --- what tests and the notebook use ------------------------------------------------

    def click(self, action_id: str) -> None:
        """What clicking the piece or button with this action id does (refused if not shown)."""
        self.table.click(action_id)

    def finish_playback(self) -> None:
        """Skip through the bots' moves to the next decision (as "Skip to my turn" and
        "Continue" would)."""
        for _ in range(10_000):
            if self.playback.done:
                return
            if self.playback.waiting:
                self.playback.continue_turn()
            else:
                self.playback.skip()


def board_page(**kw) -> w.VBox:
    """The play page: the board with the shared look and the Shadows colours."""
    return page(ShadowsStyle(), ShadowsBoard(**kw), theme="shadows")
