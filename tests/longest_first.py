"""The order `make test` deals files to its workers: the longest first, by measured time.

xdist (``--dist loadfile``) gives each worker whole files, in collection order, as it
asks for more. Dealt longest first, the last files to start are the short ones, so the
workers finish together (greedy scheduling, longest processing time first). A list of
names kept by hand went stale as files grew: a run ended with one worker busy for 300 s
after the others had finished (`make test` 517 s; its user CPU would have filled two
cores in 330 s). The order now comes from ``durations.json``: each file's seconds
(setup, call and teardown of its tests) measured by a whole run, written by
``HK_RECORD_DURATIONS=1 make test``. A file it does not name (a new one) goes first,
its length unknown.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path

__all__ = ["DURATIONS", "file_of", "order", "record"]

DURATIONS = Path(__file__).with_name("durations.json")
RECORD_ENV = "HK_RECORD_DURATIONS"
# a worker's last teardown waits for the end of the whole run: not the file's own time
MOST_TEARDOWN = 20.0
# a phase longer than this waited for something (a loaded machine, a lock), no file's
# test works that long: counted as this much, so one odd run cannot reorder everything
MOST_PHASE = 120.0

_seconds: defaultdict[str, float] = defaultdict(float)


def file_of(nodeid: str) -> str:
    """The file of a test id: ``tests/test_a.py::test_b[x]`` -> ``tests/test_a.py``."""
    return nodeid.split("::", 1)[0]


def order(items: list, durations: dict[str, float]) -> None:
    """Sort ``items`` in place: unmeasured files first, then the longest; a file's tests
    stay together and in their own order."""

    def key(item) -> tuple[float, str]:
        name = file_of(item.nodeid)
        return (-durations.get(name, float("inf")), name)

    items.sort(key=key)


def pytest_collection_modifyitems(config, items):
    try:
        durations = json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        durations = {}
    order(items, durations)


def pytest_runtest_logreport(report):
    # on the controller (reports come back from the workers) and in a run without workers
    seconds = min(report.duration, MOST_TEARDOWN if report.when == "teardown" else MOST_PHASE)
    _seconds[file_of(report.nodeid)] += seconds


def record(seconds: dict[str, float], path: Path = DURATIONS) -> None:
    """Write each file's seconds, rounded, in name order (a small diff from run to run)."""
    data = {name: round(s, 1) for name, s in sorted(seconds.items())}
    path.write_text(json.dumps(data, indent=0) + "\n")


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get(RECORD_ENV) and not hasattr(session.config, "workerinput") and _seconds:
        record(_seconds)
