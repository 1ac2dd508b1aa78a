"""The server's log stays readable under a flood: a line repeated many times is written a few
times a minute, then counted.

1,100 half-open connections once wrote 590,555 traceback lines (366 MB) in 2.5 minutes: the
same error at the same place, over and over. :class:`RepeatLimit` lets each kind of line
(its text with numbers, addresses and ids masked, and for an error its type and the line
of code that raised it) through ``per_kind`` times a window, and all lines together
``total`` times a window; what it leaves out it counts, and says so in one line when the
window closes.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable

__all__ = ["RepeatLimit", "kind_of", "limit_repeats", "LOG"]

LOG = logging.getLogger("hordes_kit.serve")
_VARYING = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F-]{27}|0x[0-9a-fA-F]+|\d+")


def kind_of(record: logging.LogRecord) -> tuple:
    """What makes two log lines "the same": the message with its numbers, addresses and ids
    masked, and for an error its type and the line of code that raised it.

    >>> a = logging.makeLogRecord({"msg": "refused 10.0.0.7: %d open", "args": (64,)})
    >>> b = logging.makeLogRecord({"msg": "refused 10.0.0.9: %d open", "args": (70,)})
    >>> kind_of(a) == kind_of(b)
    True
    """
    try:
        text = record.getMessage()
    except Exception:  # a record whose arguments do not fit its message: its template
        text = str(record.msg)
    where = None
    if record.exc_info and record.exc_info[1] is not None:
        tb = record.exc_info[2]
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        frame = (tb.tb_frame.f_code.co_filename, tb.tb_lineno) if tb is not None else None
        where = (type(record.exc_info[1]).__name__, frame)
    return record.levelno, _VARYING.sub("#", text[:200]), where


class RepeatLimit(logging.Filter):
    """A log filter: each kind of line ``per_kind`` times a window, all lines ``total`` times a
    window; the rest are counted and summed up in one line (``flush``)."""

    def __init__(
        self,
        per_kind: int = 20,
        total: int = 300,
        window_s: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        report: logging.Logger = LOG,
    ) -> None:
        super().__init__()
        self.per_kind, self.total, self.window_s, self.clock = per_kind, total, window_s, clock
        self.report = report  # where the line saying what was left out goes
        self._lock = threading.Lock()  # kernels' threads and the server's loop both log
        self._start = clock()
        self._seen: Counter[tuple] = Counter()
        self._passed = 0
        self._left_out = 0
        self._example = ""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "hk_summary", False):
            return True
        summary = None
        with self._lock:
            if self.clock() - self._start >= self.window_s:
                summary = self._roll()
            kind = kind_of(record)
            self._seen[kind] += 1
            keep = self._seen[kind] <= self.per_kind and self._passed < self.total
            if keep:
                self._passed += 1
            else:
                self._left_out += 1
                if not self._example:
                    self._example = kind[1][:120]
        if summary:
            self._say(summary)
        return keep

    def flush(self) -> str | None:
        """Close the window if it is over: the line saying what was left out (also logged)."""
        with self._lock:
            if self.clock() - self._start < self.window_s:
                return None
            summary = self._roll()
        if summary:
            self._say(summary)
        return summary

    def _roll(self) -> str | None:
        left, example, window = self._left_out, self._example, self.window_s
        self._start = self.clock()
        self._seen.clear()
        self._passed = self._left_out = 0
        self._example = ""
        if not left:
            return None
        return (
            f"hordes-kit: {left:,} repeated log lines left out in the last {window:.0f} s "
            f"(such as: {example})"
        )

    def _say(self, text: str) -> None:
        self.report.warning(text, extra={"hk_summary": True})


def limit_repeats(
    loggers: Iterable[logging.Logger], limit: RepeatLimit | None = None
) -> RepeatLimit:
    """Put one :class:`RepeatLimit` on every handler of these loggers (the root logger gets a
    handler of its own if it has none: Python's last-resort handler takes no filter)."""
    limit = limit or RepeatLimit()
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)  # as the last-resort handler wrote them
        root.addHandler(handler)
    for logger in [root, *loggers]:
        for handler in logger.handlers:
            if limit not in handler.filters:
                handler.addFilter(limit)
    return limit
