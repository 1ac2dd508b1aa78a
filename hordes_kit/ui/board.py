"""What every playable board shares: undo, save and load, the rule-citing log."""

from __future__ import annotations

import random
from typing import ClassVar

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.links import POSITION, position_check, position_link
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import dump_save, read_save
from hordes_kit.core.state import GameState
from hordes_kit.ui.common import error_html, note_html
from hordes_kit.ui.files import SaveLoad
from hordes_kit.ui.links import LinkBox, query_of
from hordes_kit.ui.log import log_lines_html, rules_of
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.roles import (
    LOAD,
    NEW_GAME,
    PLAYBACK,
    RAISE,
    SAVE,
    SEAT,
    SOLO,
    TABLE_RULES,
    UNDO,
    WATCHER,
    Refusal,
    guard,
    refuse_at_table,
)
from hordes_kit.ui.shared_table import TablePanel
from hordes_kit.ui.surface import ActionView
from hordes_kit.ui.table_rules import TableRulesPanel

__all__ = ["BoardMixin", "log_html", "HIDDEN_WARNING"]

HIDDEN_WARNING = (
    "Like a save file, a link holds every move so far: whoever opens it can see every "
    "hand dealt (not the cards still to come). Share it with someone who may see them all."
)


def log_html(state: GameState, last: int = 40, height: int = 200, new: int = 1) -> str:
    """The event log, newest first: the last ``new`` lines tinted, the newest marked as
    the last move, each line with a chip naming its rule (a tap opens the rule)."""
    return log_lines_html(state.log, rules_of(state.game), new=new, limit=last, height=height)


def _action_views(widget) -> list[ActionView]:
    """Every ActionView in a widget's tree (the widget itself included)."""
    found = [widget] if isinstance(widget, ActionView) else []
    for child in getattr(widget, "children", ()):
        found += _action_views(child)
    return found


class BoardMixin:
    """New game, moves, undo, save and load for a board widget.

    The board sets ``game`` (registry name) and has ``message`` and ``odds_out`` HTML
    widgets; ``_show()`` redraws it. ``_after_move`` may resolve automatic chance.
    """

    game: str
    state: GameState
    config: dict
    undo_stack: list

    # What a page at a shared table may not do, whatever its browser sends (ui/roles.py):
    # each method named here is refused there in words and changes nothing, in this class
    # and in every board that overrides it. A board adds its own (The Horde's "Next").
    AT_TABLE: ClassVar[dict[str, Refusal]] = {
        "new_game": Refusal(NEW_GAME),
        "restart": Refusal(NEW_GAME),
        "undo": Refusal(UNDO),
        "load_text": Refusal(LOAD, False),
        "_install": Refusal(LOAD, RAISE),
        "save_text": Refusal(SAVE, RAISE),  # it would hold every hand dealt
    }

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        guard(cls, cls.AT_TABLE)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game (chance from this seed); refused at a shared table."""
        self.rng = random.Random(self._deal_seed(seed))
        self.config = self._new_config() | self.table_config()
        self.state = self._after_move(get_game(self.game).start(self.config))
        self.undo_stack = []
        self.message.value = ""
        self.odds_out.value = ""
        self._show()

    def _new_config(self) -> dict:
        """The config of a new game (a board with table options reads its widgets)."""
        return {}

    def _show_new_game(self, config: dict) -> None:
        """Set the New game section to a loaded or linked game's choices (its config), so
        that New game starts the same kind of game (who plays each seat: ``_seat_players``)."""

    def seat_players(self) -> list[str] | None:
        """Who plays each seat of the game on this page, as a save or link records it:
        "person" or the game's name of a bot (``Game.seat_bots``); None: every seat a person
        (a board without bot seats records nothing)."""
        return None

    def _show_seat_players(self, seats: list[str]) -> None:
        """Let these play the seats (a loaded or linked game's ``seat_players``), in the New
        game section too; a board without bot seats has nothing to set."""

    def _seat_players(self, seats: list[str] | None) -> None:
        # A save or link without seats (an old one) leaves the page's own. At a shared table
        # the table's seats win: a file or link never makes a person's seat a bot there
        # (Load is refused there anyway; this holds whoever calls it).
        if seats is not None and not self.at_table():
            self._show_seat_players(seats)

    def restart(self) -> None:
        """What the New game button does: a fresh random deal, or the seed typed into the
        board's seed box since the last game started (the same seed deals the same game)."""
        box = getattr(self, "seed_box", None)
        typed = box is not None and box.value != getattr(self, "_dealt_seed", None)
        self.new_game(box.value if typed else None)

    def _deal_seed(self, seed: int | None) -> int | None:
        """The seed a new game deals from. A board with a seed box deals a random game from
        a seed drawn here and shows it in the box, so the game on the table can be dealt
        again or shared; without a box, ``seed`` as given."""
        box = getattr(self, "seed_box", None)
        if box is None:
            return seed
        if seed is None:
            seed = random.SystemRandom().randrange(box.max)
        box.value = self._dealt_seed = seed
        return seed

    # --- the table's own rules -------------------------------------------------------------

    def table_rules_panel(self) -> TableRulesPanel:
        """The board's "Table rules" panel (folded): a change starts a new game that plays
        it; a loaded save shows its readings; the page's address may name readings
        (``?dizzy=off``). Build it before the first game."""
        self.rules_panel = TableRulesPanel(
            self.game,
            on_change=self._table_rules_changed,
            guard=lambda: refuse_at_table(self, TABLE_RULES),  # the table's rules are set
        )
        self._loading_rules = True  # the first game is yet to start
        try:
            self.rules_panel.open_from_url()
        finally:
            self._loading_rules = False
        return self.rules_panel

    def table_config(self) -> dict:
        """The readings the table changed from the kit's ({} without a panel)."""
        panel = getattr(self, "rules_panel", None)
        return panel.changed() if panel is not None else {}

    def _table_rules_changed(self, _config: dict) -> None:
        if self._loading_rules:
            return
        self.restart()
        self.message.value = note_html(
            "A new game started with your table's rules (a game's rules cannot change "
            "halfway: its save file replays every move by them)."
        )

    def _show_table_rules(self, config: dict) -> None:
        """Show a loaded game's readings on the panel without starting a new game."""
        panel = getattr(self, "rules_panel", None)
        if panel is None:
            return
        self._loading_rules = True
        try:
            panel.load({k: v for k, v in config.items() if k in panel.radios})
        finally:
            self._loading_rules = False

    def act(self, action_id: str) -> None:
        """What a click on a choice does; a refused move says why and changes nothing."""
        if self.at_table():
            self.table_panel.play(action_id)
            return
        try:
            nxt = self.state.apply(action_id)
        except HordesKitError as e:
            self.message.value = error_html(str(e))
            return
        self.undo_stack.append(self.state)
        self.state = self._after_move(nxt)
        self.message.value = ""
        self._show()

    def _after_move(self, state: GameState) -> GameState:
        """The state to show after a move (a board may resolve automatic chance here)."""
        return state

    def undo(self) -> None:
        """Back to before the last click."""
        if self.undo_stack:
            self.state = self.undo_stack.pop()
            self.message.value = note_html("Undone.")
            self._show()

    def save_text(self) -> str:
        """The save file of the game in progress."""
        return dump_save(self.game, self.config, self.state, self.seat_players())

    def load_text(self, text: str | bytes) -> bool:
        """Load a save file; a corrupt or foreign file is refused and nothing changes."""
        try:
            config, state, seats = read_save(text, expect_game=self.game)
        except HordesKitError as e:
            self.message.value = error_html(f"Not loaded: {e}. Your game is unchanged.")
            return False
        self._seat_players(seats)
        self.message.value = note_html(self._install(config, state))
        return True

    def _install(self, config: dict, state: GameState) -> str:
        before = self.config
        self.config = config  # the board's own moves after loading read it
        try:
            state = self._after_move(state)
        except BaseException:
            self.config = before  # nothing changed after all
            raise
        self.undo_stack.append(self.state)
        self.state = state
        self._show_table_rules(config)
        self._show_new_game(config)
        self.message.value = ""
        self._show()
        return f"Loaded a game at turn {state.turn}."

    def save_load_widget(self) -> SaveLoad:
        """Save and Load buttons for this board (a refused file leaves the game unchanged)."""

        def on_load(text: str) -> str:
            config, state, seats = read_save(text, expect_game=self.game)  # kit's error
            self._seat_players(seats)
            return self._install(config, state)

        return SaveLoad(self.save_text, on_load, filename=f"{self.game}-save.json")

    # --- links -------------------------------------------------------------------------------

    def link_query(self) -> str:
        """The query of a link to this position (``position=...``); a game too long for a
        link is refused with the kit's error. At a shared table: the table's link (a
        position link would show every hand)."""
        if self.at_table():
            return query_of({"table": self.table_panel.session.code})
        token = position_link(self.game, self.config, self.state, self.seat_players())
        return query_of({POSITION: token})

    def coach_panel(self):
        """The board's "Coach" section (ui/coach.py): the moves of the position on screen
        ranked for the player to move; at a shared table, by the page's role."""
        from hordes_kit.ui.coach import CoachPanel

        self.coach = CoachPanel(
            self.game,
            lambda: self.state,
            self.page_role,
            self.table_seat,
            self.coach_sees,
            self.coach_other,
        )
        return self.coach

    def coach_other(self, state: GameState) -> tuple[tuple[str, ...], str] | None:
        """Another answer this board shows for ``state`` (the moves that follow it, and its
        name in words), for the coach to say how it stands to it; None where there is none."""
        return None

    def coach_sees(self, state: GameState) -> bool:
        """Whether the cards of the seat to move are on this screen (the coach answers for
        it only then); a board passed round a table of several people says when."""
        return True

    def link_box(self) -> LinkBox:
        """The board's "Copy link" button (a link opens this very position)."""
        self.links = LinkBox(self.link_query)
        return self.links

    def open_link(self) -> str:
        """Open the position the page's address names (``?position=...``), after the first
        game started; a link that does not open exactly is refused, the new game stays and
        the message says why. Returns what was wrong ("" if nothing)."""
        if self._add_table_panel() is None:
            return at_address(self._open_link)
        return at_address(self._open_link_or_table)

    def _open_link_or_table(self) -> str:
        if self.table_panel.open_from_address():
            return ""
        return self._open_link()

    def _open_link(self) -> str:
        links = getattr(self, "links", None)
        if links is not None and self.state.num_players > 1:
            links.warning = HIDDEN_WARNING
        wanted, problem = page_query({POSITION: position_check(self.game, seats=True)})
        if problem:
            self.message.value = error_html(f"{problem}. A new game opened instead.")
            return problem
        if POSITION in wanted:
            config, state, seats = wanted[POSITION]
            self._seat_players(seats)
            said = self._install(config, state).replace("Loaded ", "", 1)
            self.undo_stack = []  # undo does not go back to the game the page opened with
            button = getattr(self, "undo_button", None)
            if button is not None:
                button.disabled = True
            self.message.value = note_html(f"Opened from the link: {said}")
        return ""

    # --- one table on several devices (ui/shared_table.py) ------------------------------------

    # the widgets a board hides at a shared table: what would change the game or show
    # every hand (New game's seats, table rules, undo, save and load). Hiding is for the
    # eye only: the kernel refuses what they do there (AT_TABLE, refuse_at_table).
    _TABLE_HIDES = ("setup", "rules_panel", "undo_button", "files", "playback")

    def table_seats(self) -> list[tuple[str, str]] | None:
        """The seats of a new shared table, ``(name, "person"|"bot")`` each (None: this
        board does not offer one yet)."""
        return None

    def table_bot(self, state: GameState, rng: random.Random) -> str:
        """A bot seat's move at a shared table (a board names its own bot)."""
        return rng.choice(state.legal_actions())

    def table_seat(self) -> int | None:
        """The seat this page plays at a shared table (None: none, or watching)."""
        return self.table_panel.session.seat if self.at_table() else None

    def at_table(self) -> bool:
        """True while this page is at a shared table."""
        panel = getattr(self, "table_panel", None)
        return panel is not None and panel.session is not None

    def page_role(self) -> str:
        """``SOLO`` (a game of this page's own), ``SEAT`` or ``WATCHER`` (at a shared table)."""
        if not self.at_table():
            return SOLO
        return SEAT if self.table_seat() is not None else WATCHER

    def table_code(self) -> str | None:
        """The code of the shared table this page is at (None: a game of its own)."""
        return self.table_panel.session.code if self.at_table() else None

    def say_refused(self, words: str) -> None:
        """Say why a control was refused (ui/roles.py), where the board's messages go."""
        self.message.value = error_html(words)

    def _add_table_panel(self) -> TablePanel | None:
        """The "Play at one table on several devices" panel, beside the board's Copy link."""
        if getattr(self, "table_panel", None) is not None or self.table_seats() is None:
            return getattr(self, "table_panel", None)
        self.table_panel = TablePanel(self)
        for view in _action_views(self):  # type: ignore[arg-type]
            view.on_stale(lambda _action: self.table_panel.stale_click())
        playback = getattr(self, "playback", None)
        if playback is not None:  # at a table nothing is played back: moves show as made
            playback.guard = lambda: refuse_at_table(self, PLAYBACK)
        parts = list(self.children)  # type: ignore[attr-defined]
        links = getattr(self, "links", None)
        at = parts.index(links) if links in parts else len(parts)
        parts.insert(at, self.table_panel)  # with the board's other way to share: its link
        self.children = tuple(parts)  # type: ignore[attr-defined]
        return self.table_panel

    def _table_show(self, session, message: str = "") -> None:
        """Show the shared table's position as this page's seat sees it."""
        for name in self._TABLE_HIDES:
            part = getattr(self, name, None)
            if part is not None:
                part.layout.display = "none"
        playback = getattr(self, "playback", None)
        if playback is not None and not playback.done:  # a bot turn of the page's own game
            self._frames = []
            playback.play([])
        links = getattr(self, "links", None)
        if links is not None:
            links.warning = ""  # the link is the table's: it shows nobody's hand
        self.config = dict(session.info.config)
        self.state = session.state
        self.undo_stack = []
        odds = getattr(self, "odds_out", None)
        if odds is not None:
            odds.value = ""
        self._show()
        said = message or session.waiting_for()
        if session.seat is None and any(
            not seat.taken and not seat.is_bot for seat in session.info.seats
        ):
            said = (
                f"You are watching table {session.code}: to play, take a free seat under "
                "'Play at one table on several devices' below."
            )
        self.message.value = (error_html(said) if message else note_html(said)) if said else ""

    def _table_left(self) -> None:
        """Back to a game of this page's own after leaving a shared table."""
        for name in self._TABLE_HIDES:
            part = getattr(self, name, None)
            if part is not None:
                part.layout.display = None
        links = getattr(self, "links", None)
        if links is not None and self.state.num_players > 1:
            links.warning = HIDDEN_WARNING
        self.restart()


guard(BoardMixin, BoardMixin.AT_TABLE)  # its own methods (a board's overrides: __init_subclass__)
