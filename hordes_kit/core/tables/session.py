"""One page at a table: the game replayed from the database, as one seat (or a spectator)
plays it.

The page's state is the table's config and history replayed through the game's own
rules (``get_game(name).start(config)`` then every move), so every page computes the
same position. A move is checked by the rules on the page that makes it, then written at
the history length it was made on: if another page wrote first, nothing is written and
the page catches up (``refresh``) and says who moved. Dice, card draws and bot seats are
the table's automatic moves: any page may make them (``advance``), and the same rule
keeps exactly one of two pages' attempts. A page acts only for its own seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.state import GameState
from hordes_kit.core.tables.quota import Asker
from hordes_kit.core.tables.store import Table, TableBusy, TableError, TableStore

__all__ = ["TableSession", "Played", "Bot", "CHANCE_SEAT"]

Bot = Callable[[GameState, random.Random], str]  # a bot seat's policy
CHANCE_SEAT = -1  # the seat recorded for a chance outcome (the dice, the deck)
ADVANCE_LIMIT = 400  # automatic moves one call makes at most (the page stays responsive)
SEEN_EVERY = 60.0  # seconds between a page's notes that it still looks at its table


@dataclass(frozen=True)
class Played:
    """What became of a move: ``ok``, or refused with the reason in a player's words;
    ``busy``: not refused, the table's database was busy (the move may be sent again)."""

    ok: bool
    message: str = ""
    busy: bool = False


def _config_of(state: GameState, config: dict) -> dict:
    own = getattr(getattr(state, "config", None), "to_dict", None)
    return own() if callable(own) else dict(config)


class TableSession:
    """A page's view of one table: ``seat`` is the seat it plays (None: a spectator)."""

    def __init__(self, store: TableStore, code: str, seat: int | None, bot: Bot) -> None:
        self.store, self.code, self.seat, self.bot = store, code, seat, bot
        self.info: Table = store.table(code)
        self.rng = random.SystemRandom()
        try:
            self.state = get_game(self.info.game).start(self.info.config)
        except HordesKitError as e:
            raise TableError(f"table {code} cannot be opened here: {e}") from None
        self.movers: list[int] = []  # the seat behind each move of the history
        self._seen_at: float | None = None  # when this page last said it looks on
        self.refresh()

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        store: TableStore,
        game: str,
        config: dict,
        seats: Sequence[tuple[str, str]],
        bot: Bot,
        me: int | None = None,
        asker: Asker | None = None,
    ) -> tuple[TableSession, str | None]:
        """A new table (the config is checked by starting the game); the creator takes
        seat ``me`` (the first person's seat by default). Returns the session and the
        creator's seat secret (None: the creator only watches). A page names itself as
        the ``asker`` (how fast it may make tables is limited)."""
        try:
            first = get_game(game).start(config)
        except HordesKitError as e:
            raise TableError(f"no table: {e}") from None
        if len(seats) != first.num_players:
            raise TableError(f"this game has {first.num_players} seats, not {len(seats)}")
        code = store.create(game, _config_of(first, config), seats, asker)
        if me is None:
            me = next((i for i, (_n, k) in enumerate(seats) if k == "person"), None)
        secret = store.claim(code, me) if me is not None else None
        return cls(store, code, me if secret else None, bot), secret

    @classmethod
    def join(
        cls,
        store: TableStore,
        code: str,
        bot: Bot,
        secret: str | None = None,
        take: int | None = None,
    ) -> tuple[TableSession, str | None, str]:
        """Open a table: with a seat's ``secret`` as that seat; with ``take`` claiming that
        free seat; else as a spectator. Returns the session, the secret now held, and what
        went wrong in words ("" if nothing: a taken seat opens as a spectator)."""
        info = store.table(code)
        problem = ""
        if secret is not None:
            seat = store.seat_of(code, secret)
            if seat is not None:
                return cls(store, code, seat, bot), secret, ""
            problem = "this seat link is not for this table: you are watching"
        if take is not None:
            if take >= len(info.seats):
                problem = (
                    f"table {code} has {len(info.seats)} seats, not {take + 1}: you are watching"
                )
            else:
                got = store.claim(code, take)
                if got is not None:
                    return cls(store, code, take, bot), got, ""
                who = info.seats[take].name
                problem = (
                    f"{who}'s seat is played by the kit"
                    if info.seats[take].is_bot
                    else f"{who}'s seat is already taken"
                ) + ": you are watching"
        return cls(store, code, None, bot), None, problem

    def take(self, seat: int) -> str | None:
        """Claim a free seat for this page (a spectator sits down): its secret or None."""
        got = self.store.claim(self.code, seat)
        if got is not None:
            self.seat = seat
            self.info = self.store.table(self.code)
        return got

    def fill_with_bot(self, seat: int) -> bool:
        """Let the kit play a free seat nobody came to take (False: someone took it)."""
        done = self.store.to_bot(self.code, seat)
        self.info = self.store.table(self.code)
        return done

    # --- the table's history ---------------------------------------------------------------

    @property
    def moves_seen(self) -> int:
        """The length of the history this page shows."""
        return len(self.state.history)

    def refresh(self) -> int:
        """Catch up with the database: how many new moves were applied (0: none)."""
        n = self.moves_seen
        self._note_seen()
        if self.store.count(self.code) <= n:
            return 0
        new = self.store.moves(self.code, n)
        try:  # time linear in the moves, however long the table's history
            state = self.state.apply_all(action for action, _ in new)
        except HordesKitError as e:
            i = n + e.move  # type: ignore[attr-defined]
            raise TableError(
                f"table {self.code}: move {i} does not replay with this kit's rules ({e})"
            ) from None
        self.movers += [seat for _, seat in new]
        self.state = state
        self.info = self.store.table(self.code)
        return len(new)

    def _note_seen(self) -> None:
        """Tell the table this page still looks at it (about once a minute): a table whose
        seats are seen is not cleared to make room. A busy store is asked again later."""
        now = time.monotonic()
        if self._seen_at is not None and now - self._seen_at < SEEN_EVERY:
            return
        self._seen_at = now
        try:
            self.store.seen(self.code, self.seat)
        except TableBusy:
            pass

    def seats_changed(self) -> bool:
        """True (and the seats read again) when someone took a seat since this page looked."""
        taken = sum(seat.taken or seat.is_bot for seat in self.info.seats)
        if self.store.seats_taken(self.code) == taken:
            return False
        self.info = self.store.table(self.code)
        return True

    def name(self, seat: int) -> str:
        """A seat's name at this table."""
        return self.info.seats[seat].name

    def is_bot(self, seat: int) -> bool:
        """True for a seat the kit plays."""
        return self.info.seats[seat].is_bot

    def my_turn(self) -> bool:
        """True when this page's seat decides now."""
        return self.seat is not None and self.state.current_player == self.seat

    def automatic(self) -> bool:
        """True when the next move is the dice's, the deck's or a bot's."""
        s = self.state
        if s.is_terminal:
            return False
        return s.is_chance or self.is_bot(s.current_player)

    def waiting_for(self) -> str:
        """Whom the table waits for, in words ("" when it is this page's turn or over)."""
        s = self.state
        if s.is_terminal or s.is_chance or self.my_turn():
            return ""
        seat = s.current_player
        if self.is_bot(seat):
            return f"{self.name(seat)} (played by the kit) is playing"
        if not self.info.seats[seat].taken:
            return f"Waiting for someone to take {self.name(seat)}'s seat"
        return f"Waiting for {self.name(seat)}"

    # --- moves -----------------------------------------------------------------------------

    def moved_first(self, before: int) -> str:
        """Who moved since this page had seen ``before`` moves, in words (a click of this
        page's came too late)."""
        seats = [s for s in self.movers[before:] if s >= 0]
        if seats and seats[0] == self.seat:
            return "Your move from another page landed first; this page refreshed"
        who = self.name(seats[0]) if seats else "The table"
        return f"{who} moved first; your page refreshed"

    def play(self, action: str, at: int | None = None) -> Played:
        """This seat's move, made on the picture of ``at`` moves (default: what the page
        shows now): checked by the rules, then written if the table has not moved on
        since. A busy database changes nothing and says so (``busy``)."""
        if self.seat is None:
            return Played(False, "You are watching this table: take a free seat to play")
        before = self.moves_seen if at is None else at
        try:
            self.refresh()
            if self.moves_seen != before:
                return Played(False, self.moved_first(before))
            if not self.my_turn():
                return Played(False, self.waiting_for() or "It is not your turn")
            try:
                nxt = self.state.apply(action)
            except HordesKitError as e:
                return Played(False, str(e))
            if not self.store.record(self.code, before, action, self.seat):
                self.refresh()
                return Played(False, self.moved_first(before))
        except TableBusy as e:
            return Played(False, str(e), busy=True)
        self.state = nxt
        self.movers.append(self.seat)
        return Played(True)

    def advance(self, limit: int = ADVANCE_LIMIT) -> int:
        """Make the table's automatic moves (dice, cards, bot seats) until a person
        decides or ``limit``; stops as soon as another page made one first, or when the
        database is busy (the next look makes them)."""
        made = 0
        while made < limit and self.automatic():
            s, n = self.state, self.moves_seen
            if s.is_chance:
                action, seat = sample_outcome(s.chance_outcomes(), self.rng), CHANCE_SEAT
            else:
                action, seat = self.bot(s, self.rng), s.current_player
            nxt = s.apply(action)
            try:
                if not self.store.record(self.code, n, action, seat):
                    self.refresh()
                    return made
            except TableBusy:
                return made
            self.state = nxt
            self.movers.append(seat)
            made += 1
        return made
