"""`make test`'s order of files (tests/longest_first.py): a new file first, then the longest,
a file's tests together and in their order; the recorded times read back."""

from __future__ import annotations

import json
from types import SimpleNamespace

from longest_first import order, record


def _items(*nodeids: str) -> list:
    return [SimpleNamespace(nodeid=n) for n in nodeids]


def test_new_files_first_then_the_longest_and_a_files_tests_stay_together(tmp_path):
    items = _items(
        "tests/test_a.py::one",
        "tests/test_b.py::one",
        "tests/test_a.py::two",
        "notebooks/c.ipynb::Cell 0",
        "tests/test_new.py::one",
        "notebooks/c.ipynb::Cell 1",
    )
    path = tmp_path / "durations.json"
    record({"tests/test_a.py": 2.04, "tests/test_b.py": 30.0, "notebooks/c.ipynb": 9.0}, path)
    order(items, json.loads(path.read_text()))
    assert [i.nodeid for i in items] == [
        "tests/test_new.py::one",
        "tests/test_b.py::one",
        "notebooks/c.ipynb::Cell 0",
        "notebooks/c.ipynb::Cell 1",
        "tests/test_a.py::one",
        "tests/test_a.py::two",
    ]
    assert json.loads(path.read_text())["tests/test_a.py"] == 2.0
