"""Bot turns played out one move at a time, never past the end of a turn without asking.

A board hands :meth:`PacedPlayback.play` the states between two human decisions (each
after one automatic move); the driver shows them one by one at the chosen speed
through the board's ``show(state, index)``. A move belongs to the turn it was made in:
the last move of a turn often leaves a state already in the next turn (the End phase and
the next turn's start play by themselves). Once that state is shown - the whole turn,
its last move too - it stops and asks ("Turn 4 is over. Continue to Turn 5?").
"Skip to my turn" jumps to the end of the turn being shown (or, at a question, answers it
and goes on without pausing inside the next turn). The clock is a tiny widget in the
browser that ticks only while a playback runs; :meth:`tick` is what one tick does, so
tests need no clock.
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w
import traitlets

from hordes_kit.core.data import widgets_path
from hordes_kit.ui.roles import KernelWidget

__all__ = ["PacedPlayback", "Ticker", "KernelClock", "SPEEDS"]

SPEEDS = {"Slow": 1600, "Normal": 800, "Fast": 300, "Instant": 0}  # ms between moves


def _turn(state: Any) -> object:
    return getattr(state, "turn", None)


class Ticker(KernelWidget):
    """The browser-side clock of a playback, and its status line."""

    _esm = widgets_path("ticker.js")
    running = traitlets.Bool(False).tag(sync=True)
    interval_ms = traitlets.Int(800).tag(sync=True)
    ticks = traitlets.Int(0).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_tick: Callable[[], object], **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_tick = on_tick
        self.on_msg(self._on_browser_msg)

    def _on_browser_msg(self, _widget, content, _buffers) -> None:
        # several views of one clock send the same tick: only the first counts
        if isinstance(content, dict) and content.get("type") == "tick":
            if content.get("n") == self.ticks:
                self.ticks += 1
                self._on_tick()


class KernelClock:
    """Calls ``on_tick`` every ``interval_s`` seconds on the kernel's own event loop while
    started: a page's kernel looks for news itself, with no message from the browser
    each time (a browser's tick is a round trip through the server and back).

    Where no event loop is running (a test, a script) :meth:`start` does nothing and
    ``on_tick`` is called by hand. An ``on_tick`` that raises stops the clock (logged).
    (Tested in tests/test_tables_ui.py, each case in a thread of its own: a doctest would
    see whatever loop the test process runs.)
    """

    def __init__(self, on_tick: Callable[[], object], interval_s: float) -> None:
        self._on_tick = on_tick
        self.interval_s = interval_s
        self.running = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handle: asyncio.TimerHandle | None = None  # the next tick, while waiting

    def start(self) -> None:
        if self.running:
            return
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.running = True
        self._handle = self._loop.call_later(self.interval_s, self._fire)

    def stop(self) -> None:
        self.running = False
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fire(self) -> None:
        self._handle = None
        try:
            self._on_tick()
        except Exception:
            logging.getLogger(__name__).exception("a kernel clock's tick failed; it stops")
            self.running = False
            return
        # (a tick that stopped the clock, or stopped and started it again, is obeyed)
        if self.running and self._handle is None and self._loop is not None:
            self._handle = self._loop.call_later(self.interval_s, self._fire)


class PacedPlayback(w.VBox):
    """Plays automatic moves at a readable pace; the human can skip, and is asked at
    the end of each turn.

    >>> from types import SimpleNamespace as S
    >>> shown = []
    >>> pb = PacedPlayback(lambda s, i: shown.append(s.name))
    >>> pb.play([S(turn=1, name="a"), S(turn=1, name="b"), S(turn=2, name="c"),
    ...          S(turn=2, name="d")])
    >>> pb.tick(); pb.tick(); pb.waiting, shown, pb.ticker.status
    (True, ['a', 'b', 'c'], "<span class='hk-turn-end'>Turn 1 is over.</span> Continue to Turn 2?")
    >>> pb.continue_turn(); pb.done, shown
    (True, ['a', 'b', 'c', 'd'])
    """

    def __init__(
        self,
        show: Callable[[Any, int], object],
        *,
        turn_of: Callable[[Any], object] = _turn,
        turn_name: Callable[[object], str] = lambda t: f"Turn {t}",
        on_done: Callable[[], object] | None = None,
        speed: str = "Normal",
        done_text: str = "Your turn.",
        speed_label: str = "Bot speed",
    ) -> None:
        self.show, self.turn_of, self.turn_name, self.on_done = show, turn_of, turn_name, on_done
        self.done_text = done_text  # the status line once every move is shown
        # asked before Skip or Continue does anything: True refuses it (the guard says why)
        self.guard: Callable[[], bool] | None = None
        self.frames: tuple = ()
        self.start: Any = None  # the state the frames start from (None: unknown)
        self.index = -1
        self.waiting = False
        self.done = True
        # (``speed_label``: what moves at this pace, e.g. the horde in a game without bots)
        self.speed = w.ToggleButtons(options=list(SPEEDS), value=speed, description=speed_label)
        self.speed.style.button_width = "auto"
        self.speed.add_class("hk-speed")
        self.skip_button = w.Button(description="Skip to my turn", icon="")
        self.skip_button.add_class("hk-skip")
        self.continue_button = w.Button(description="Continue", button_style="primary")
        self.continue_button.add_class("hk-continue")
        self.ticker = Ticker(self.tick)
        self.buttons = w.HBox([self.skip_button, self.continue_button])
        super().__init__([self.ticker, self.buttons, self.speed])
        self.add_class("hk-playback")
        self.skip_button.on_click(lambda _b: self.skip())
        self.continue_button.on_click(lambda _b: self.continue_turn())
        self.speed.observe(self._speed_changed, "value")
        self._sync()

    # --- what the board and the buttons call ---------------------------------------------

    def play(self, states: Sequence[Any], start: Any = None) -> None:
        """Show these states (each after one automatic move) one at a time; ``start``: the
        state before the first (its turn tells whether the first move ended a turn)."""
        self.frames = tuple(states)
        self.start = start
        self.index = -1
        self.waiting = False
        self.done = False
        if not self.frames:
            self._finish()
            return
        self._step()
        self._run()

    def tick(self) -> None:
        """What one tick of the clock does: show the next move (and stop at a turn's end)."""
        if self.done or self.waiting:
            return
        self._step()
        self._run()

    def skip(self) -> None:
        """Skip to my turn: straight to the end of this turn (at a turn's end: into the next
        turn and to its end). It never runs past a turn's end without asking."""
        if self.guard is not None and self.guard():
            return
        if self.done:
            return
        self.waiting = False
        self.index = self._turn_end(self.index + 1)
        self.show(self.frames[self.index], self.index)
        self._after()
        self._run()

    def continue_turn(self) -> None:
        """The answer "Continue" at the end of a turn: go on into the next turn."""
        if self.guard is not None and self.guard():
            return
        if not self.waiting:
            return
        self.waiting = False
        self._step()
        self._run()

    # --- the driver ------------------------------------------------------------------------

    @property
    def interval(self) -> int:
        """Milliseconds between two moves at the chosen speed (0: no pause)."""
        return SPEEDS[self.speed.value]

    def _before(self, j: int) -> Any:
        """The state frame ``j``'s move was made in (None: not known)."""
        return self.frames[j - 1] if j else self.start

    def _ends_turn(self, j: int) -> bool:
        """Frame ``j``'s move was the last of its turn: the state it leaves is in another."""
        before = self._before(j)
        return before is not None and self.turn_of(self.frames[j]) != self.turn_of(before)

    def _turn_end(self, start: int) -> int:
        """The frame that ends the turn frame ``start``'s move belongs to (or the last)."""
        j = start
        while j + 1 < len(self.frames) and not self._ends_turn(j):
            j += 1
        return j

    def _step(self) -> None:
        self.index += 1
        self.show(self.frames[self.index], self.index)
        self._after()

    def _after(self) -> None:
        """After a frame is shown: finished, or at a turn's end (ask), or go on."""
        if self.index + 1 >= len(self.frames):
            self._finish()
        elif self._ends_turn(self.index):
            self.waiting = True
            self._sync()
        else:
            self._sync()

    def _run(self) -> None:
        if self.done or self.waiting:
            self.ticker.running = False
        elif self.interval == 0:
            self.index = self._turn_end(self.index + 1)
            self.show(self.frames[self.index], self.index)
            self._after()
        else:
            self.ticker.interval_ms = self.interval
            self.ticker.running = True
        self._sync()

    def _finish(self) -> None:
        self.done, self.waiting = True, False
        self.ticker.running = False
        self._sync()
        if self.on_done:
            self.on_done()

    def _speed_changed(self, _change) -> None:
        if not self.done and not self.waiting:
            self._run()
        else:
            self._sync()

    def _sync(self) -> None:
        n = len(self.frames)
        if self.done:
            self.ticker.status = self.done_text if n else ""
        elif self.waiting:
            now = self.turn_name(self.turn_of(self._before(self.index)))
            nxt = self.turn_name(self.turn_of(self.frames[self.index]))
            self.ticker.status = (
                f"<span class='hk-turn-end'>{html.escape(now)} is over.</span> "
                f"Continue to {html.escape(nxt)}?"
            )
        else:
            self.ticker.status = f"Move {self.index + 1} of {n}"
        self.continue_button.layout.display = None if self.waiting else "none"
        if self.waiting:
            nxt = self.turn_name(self.turn_of(self.frames[self.index]))
            self.continue_button.description = f"Continue to {nxt}"
        self.skip_button.disabled = self.done
        self.buttons.layout.display = "none" if self.done else None
