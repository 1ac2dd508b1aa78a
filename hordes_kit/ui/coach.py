"""The "Coach" control of every board: the moves of the position on screen ranked for the
player whose turn it is (``core.coach``), in players' words.

The first answer comes after about a second of simulated games; then the coach goes on
by itself while the player reads (up to ten seconds more, a step at a time on the kernel's
loop), and "Think longer" goes on further: the same search, the same games, more of them.
At a shared table (``ui/roles.py``) a seat is coached on its own turn only, and a watcher
gets no coach in a game with hidden hands (the answer would come from a seat's hand the
watcher may not see); a board passed round a table coaches the person to move once their
cards are on screen. The coach never reads another seat's hidden cards: it samples them
(``core.coach``).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable

import ipywidgets as w

from hordes_kit.core.coach import FIRST_SECONDS, Coach, rules_for
from hordes_kit.core.coach_answer import CoachAnswer
from hordes_kit.core.coach_words import agreement, how_sure, percent
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.state import GameState
from hordes_kit.ui.common import error_html, note_html
from hordes_kit.ui.controls import section
from hordes_kit.ui.playback import KernelClock
from hordes_kit.ui.roles import SEAT, WATCHER

__all__ = [
    "CoachPanel",
    "answer_html",
    "WATCHER_WORDS",
    "NOT_YOUR_TURN",
    "NOT_ON_SCREEN",
    "LONGER_SECONDS",
]

LONGER_SECONDS = 4.0  # what "Think longer" adds
# after the first answer the coach goes on by itself while the player reads: a step of
# thinking now and then on the kernel's own loop (a click waits at most a step), until the
# best is told apart or this much more thinking is done
WHILE_READING = 10.0
STEP_SECONDS = 0.4
STEP_EVERY = 0.2
WATCHER_WORDS = (
    "The coach is for the players: a watcher gets no coach here, as its answer would come "
    "from a player's hidden hand."
)
NOT_YOUR_TURN = "The coach answers on your own turn."
NOT_ON_SCREEN = (
    "The coach answers on a player's turn (not a bot's), once their cards are on this "
    "screen (pass the device to them first)."
)
START = "The coach ranks the moves of the player whose turn it is."


def _signed(x: float) -> str:
    return ("+" if x > 0 else "-" if x < 0 else "±") + percent(abs(x))


def answer_html(a: CoachAnswer, also: str = "") -> str:
    """The coach's answer as the board shows it: the top three, the reason, how sure;
    ``also``: how it stands to another answer on the same screen (``CoachPanel``)."""
    e = html.escape
    rows = []
    for i, v in enumerate(a.top, 1):
        figs = [f"wins <b>{percent(v.win)}</b> (95%: {percent(v.win_low)}–{percent(v.win_high)})"]
        if v.score is not None:
            figs.append(f"{e(a.score_name)} {v.score:.1f} on average")
        elif a.tiebreak and v.measures:
            figs.append(f"{e(a.tiebreak)}: {v.measures[a.tiebreak_index]:.1f} on average")
        if i > 1:
            if v.diff_low == v.diff_high == 0:
                figs.append("the same wins as the best in the same games")
            else:
                figs.append(
                    f"{_signed(v.diff)} against the best in the same games "
                    f"(95%: {_signed(v.diff_low)} to {_signed(v.diff_high)})"
                )
        rows.append(f"<li><b>{e(v.label)}</b>: {'; '.join(figs)}.</li>")
    how = "The only move." if len(a.moves) == 1 else how_sure(a)
    return (
        f"<div class='hk-coach'><p>Best moves for <b>{e(a.seat_name)}</b> "
        f"({len(a.moves)} possible), from {a.games:,} simulated games played on by "
        f"{e(a.policy)}; {a.seconds:.1f} s:</p><ol>{''.join(rows)}</ol>"
        f"<p>{e(a.why)}</p>{f'<p>{e(a.exact)}</p>' if a.exact else ''}"
        f"{f'<p class={chr(39)}hk-coach-also{chr(39)}>{e(also)}</p>' if also else ''}"
        f"<p class='hk-note'>{e(how)}</p></div>"
    )


class CoachPanel(w.VBox):
    """The board's "Coach" section: a button, "Think longer", and the answer."""

    def __init__(
        self,
        game: str,
        state: Callable[[], GameState],
        role: Callable[[], str] = lambda: "solo",
        seat: Callable[[], int | None] = lambda: None,
        on_screen: Callable[[GameState], bool] = lambda s: True,
        other: Callable[[GameState], tuple[tuple[str, ...], str] | None] = lambda s: None,
    ) -> None:
        self.game, self._state, self._role, self._seat = game, state, role, seat
        # whether the cards of the seat to move are on this screen (a device passed round
        # a table shows one player's hand at a time: the answer would show it to another)
        self._on_screen = on_screen
        # another answer the board shows for this position (The Horde's "What should I
        # buy?"): the moves that follow it and its words; the coach says how it stands to it
        self._other = other
        self._answer: CoachAnswer | None = None
        self.button = w.Button(description="Coach", tooltip="the best moves here")
        self.longer = w.Button(description="Think longer", disabled=True)
        self.out = w.HTML(note_html("The coach ranks the moves of the player whose turn it is."))
        self.button.on_click(lambda _b: self.ask())
        self.longer.on_click(lambda _b: self.refine())
        self._search: Coach | None = None
        self.clock = KernelClock(self.keep_thinking, STEP_EVERY)
        self._more = 0.0  # seconds thought by itself since the last answer asked for
        super().__init__([section("Coach", w.HBox([self.button, self.longer]), self.out)])

    def show_for(self, shown: bool) -> None:
        """Shown or hidden (a walkthrough shows it at a choice); hidden, it forgets its answer."""
        self.layout.display = "" if shown else "none"
        if not shown:
            self.forget()

    def forget(self) -> None:
        """No answer shown (the position it was about is gone)."""
        self.clock.stop()
        self._search = self._answer = None
        self.longer.disabled = True
        self.out.value = note_html(START)

    def seen(self, state: GameState) -> None:
        """The board shows ``state``: an answer about another position is taken away."""
        if self._search is not None and self._search.state is not state:
            self.forget()

    def _refused(self, state: GameState) -> str:
        """Why this page gets no coach here ("" when it does)."""
        rules = rules_for(self.game)
        role = self._role()
        if role == WATCHER and rules.sample is not None:
            return WATCHER_WORDS
        if role == SEAT and self._seat() != state.current_player:
            return NOT_YOUR_TURN
        if role not in (SEAT, WATCHER) and not self._on_screen(state):
            return NOT_ON_SCREEN
        return ""

    def ask(self, seconds: float = FIRST_SECONDS, games: int | None = None) -> CoachAnswer | None:
        """What the Coach button does: a new search of the position on screen."""
        state = self._state()
        self._search = None
        self.longer.disabled = True
        if state.is_terminal or state.is_chance:
            self.out.value = note_html(
                "The game is over: no move to coach."
                if state.is_terminal
                else "Nothing to choose now: the dice or a card come first."
            )
            return None
        try:
            words = self._refused(state)
            if words:
                self.out.value = note_html(words)
                return None
            self._search = Coach(state, rules_for(self.game))
            answer = self._search.think(seconds, games)
        except HordesKitError as e:  # a position the simulated games cannot play on
            self.out.value = error_html(f"The coach cannot answer here: {e}")
            return None
        self._shown(answer)
        return answer

    def _also(self, answer: CoachAnswer) -> str:
        """How the answer stands to the board's other answer for this position ("" if none):
        of the moves that follow it, the one the coach ranks highest."""
        if answer.exact or self._search is None:
            return ""
        other = self._other(self._search.state)
        if other is None:
            return ""
        moves, words = other
        follows = [v for v in answer.moves if v.move in moves]
        return agreement(answer.moves, follows[0].move, words) if follows else ""

    def redraw(self) -> None:
        """Show the last answer again (the board's other answer for it came or went)."""
        if self._answer is not None and self._search is not None:
            self.out.value = answer_html(self._answer, self._also(self._answer))

    def _shown(self, answer: CoachAnswer) -> None:
        """Show an answer; until the best is told apart, go on thinking while it is read."""
        self.longer.disabled = not answer.more
        self._answer = answer
        self.out.value = answer_html(answer, self._also(answer))
        self._more = 0.0
        if not answer.more:
            self.clock.stop()
        else:
            self.clock.start()  # where no loop runs (a test, a script): by hand

    def keep_thinking(self) -> CoachAnswer | None:
        """One step of thinking while the answer is read (the clock's tick)."""
        if self._search is None or self._search.state is not self._state():
            self.clock.stop()
            return None
        began = time.perf_counter()
        answer = self._search.think(STEP_SECONDS)
        # the time it took, not the time asked: a step can overrun (a slow first game), and
        # the kernel's loop is given back after WHILE_READING seconds of thinking in all
        self._more += max(STEP_SECONDS, time.perf_counter() - began)
        self.longer.disabled = not answer.more
        self._answer = answer
        self.out.value = answer_html(answer, self._also(answer))
        if not answer.more or self._more >= WHILE_READING:
            self.clock.stop()
        return answer

    def refine(
        self, seconds: float = LONGER_SECONDS, games: int | None = None
    ) -> CoachAnswer | None:
        """What "Think longer" does: more games of the same search (a new one if the
        position on screen changed)."""
        if self._search is None or self._search.state is not self._state():
            return self.ask(seconds, games)
        answer = self._search.think(seconds, games)
        self._shown(answer)
        return answer
