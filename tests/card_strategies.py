"""Hypothesis strategies for card files: every field of every card given every kind of
TOML value, copy counts at and just past their bounds, rows cut and duplicated, names
that make no id or another card's id (issue 40; the fuzz tests build on these).

A card file is handled as its parsed document (``dict`` of ``[[kind]]`` rows) and
written back with ``toml_text``, so a strategy edits fields, never bytes.
"""

from __future__ import annotations

import copy
import datetime
import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from hordes_kit.core.data import data_path

__all__ = [
    "toml_text",
    "shipped_doc",
    "CARD_FILES",
    "ANY_VALUE",
    "NUMBER_BOMBS",
    "counts_around",
    "rows_of",
    "field_edits",
    "row_edits",
    "BOUNDS",
    "bound_edits",
    "card_file_edits",
    "worst_toml",
]

CARD_FILES = {
    "skytear": data_path("skytear", "cards.toml"),
    "shadows": data_path("shadows", "cards.toml"),
    "fantahzee": data_path("fantahzee", "cards.toml"),
}


# --- writing TOML -------------------------------------------------------------------------


def _key(k: str) -> str:
    return k if k and all(c.isalnum() or c in "_-" for c in k) and k.isascii() else _str(k)


def _str(s: str) -> str:
    # JSON's string escapes are TOML's basic-string escapes (\uXXXX for the rest)
    return json.dumps(s, ensure_ascii=True)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return "nan"
        return {float("inf"): "inf", float("-inf"): "-inf"}.get(v, repr(v))
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, datetime.date | datetime.time):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def toml_text(doc: dict) -> str:
    """A TOML document for ``doc``: lists of tables as ``[[kind]]`` rows, other tables
    as ``[name]``, everything nested inline."""
    head, tail = [], []
    for k, v in doc.items():
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for row in v:
                tail.append(f"[[{_key(k)}]]")
                tail += [f"{_key(f)} = {_value(x)}" for f, x in row.items()]
                tail.append("")
        elif isinstance(v, dict):
            tail.append(f"[{_key(k)}]")
            tail += [f"{_key(f)} = {_value(x)}" for f, x in v.items()]
            tail.append("")
        else:
            head.append(f"{_key(k)} = {_value(v)}")
    return "\n".join(head + [""] + tail)


@cache
def _shipped(game: str) -> str:
    return Path(CARD_FILES[game]).read_text(encoding="utf-8")


def shipped_doc(game: str) -> dict:
    """A fresh copy of a game's shipped card file, parsed."""
    return tomllib.loads(_shipped(game))


# --- values -------------------------------------------------------------------------------

NUMBER_BOMBS = [0, -1, 1, 2**31, 2**63, 10**30, -(10**30), 10**4000, 999_999_999]

_SCALAR = (
    st.none().map(lambda _: "")  # TOML has no null: the empty text stands in
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.sampled_from(NUMBER_BOMBS)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([float("inf"), float("nan")])
    | st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
    | st.sampled_from(["!!!", "   ", "²", "٣", "left ²", "left " + "9" * 5000, "x" * 3000])
    | st.dates()
)
ANY_VALUE = st.recursive(
    _SCALAR,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def counts_around(bound: int) -> st.SearchStrategy[int]:
    """Counts at, just inside and just past ``bound``, and absurd ones."""
    return st.sampled_from([bound - 1, bound, bound + 1, 0, -1, 10**9, 10**30])


# --- edits of a parsed card file ----------------------------------------------------------


def rows_of(doc: dict) -> list[tuple[str, int]]:
    """Every ``[[kind]]`` row of a document, as (kind, index)."""
    return [
        (k, i)
        for k, v in doc.items()
        if isinstance(v, list) and all(isinstance(x, dict) for x in v)
        for i in range(len(v))
    ]


@st.composite
def field_edits(draw, doc: dict) -> dict:
    """``doc`` with one field of one card (or of a table in it) set to any value, or removed."""
    doc = copy.deepcopy(doc)
    kind, i = draw(st.sampled_from(rows_of(doc)))
    row = doc[kind][i]
    tables = [row] + [v for v in row.values() if isinstance(v, dict)]
    target = draw(st.sampled_from(tables))
    if target and draw(st.integers(0, 4)) == 0:
        del target[draw(st.sampled_from(sorted(target)))]
        return doc
    fld = draw(st.sampled_from(sorted(target)) if target else st.just("name"))
    old = target.get(fld)
    if isinstance(old, int) and not isinstance(old, bool) and draw(st.booleans()):
        target[fld] = draw(counts_around(max(old, 1)) | st.sampled_from(NUMBER_BOMBS))
    elif isinstance(old, str) and draw(st.booleans()):
        # a number written in the text bent out of shape ("CAM.001 3x", "left 2")
        words = old.split()
        target[fld] = " ".join(words[:-1] + [draw(_bent_word(words[-1] if words else ""))])
    else:
        target[fld] = draw(ANY_VALUE)
    return doc


@st.composite
def _bent_word(draw, word: str) -> str:
    suffix = "x" if word.endswith("x") else ""
    n = draw(
        st.sampled_from(["0", "-1", "²", "٣", "9" * 5000, "999999999", "1" + "0" * 30, "", "1.5"])
        | st.integers(0, 200).map(str)
    )
    return n + suffix


@st.composite
def row_edits(draw, doc: dict) -> dict:
    """``doc`` with rows removed, repeated, renamed to another row's name (any case) or
    to a name that makes no id, or a whole kind emptied."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        rows = rows_of(doc)
        if not rows:
            break
        kind, i = draw(st.sampled_from(rows))
        how = draw(st.sampled_from(["drop", "repeat", "rename", "noid", "empty", "keep-one"]))
        if how == "drop":
            del doc[kind][i]
        elif how == "repeat":
            doc[kind].append(copy.deepcopy(doc[kind][i]))
        elif how == "rename" and "name" in doc[kind][i]:
            other = doc[kind][draw(st.integers(0, len(doc[kind]) - 1))].get("name", "")
            doc[kind][i]["name"] = draw(st.sampled_from([other, str(other).upper(), f" {other}!"]))
        elif how == "noid":
            doc[kind][i]["name"] = draw(st.sampled_from(["!!!", "---", "¿?", "✓"]))
        elif how == "empty":
            doc[kind] = []
        else:
            doc[kind] = doc[kind][i : i + 1]
        doc = {k: v for k, v in doc.items() if v != []}
    return doc


# (kind, field, how a count is written, its documented bound) of each game's card file
BOUNDS = {
    "skytear": [
        ("horde", "code", lambda n: f"CAM.001 {n}x", 40),
        ("horde", "keywords", lambda n: ["fast"] * n, 20),
        ("horde", "abilities", lambda n: ["play: draw 1"] * n, 20),
        ("horde", "abilities", lambda n: ["play: " + "; ".join(["draw 1"] * n)], 20),
        ("horde", "treachery", lambda n: f"left {n}", 5),
        ("alliance", "cost", int, 10),
        ("castle", "deck_size", int, 100),
    ],
    "shadows": [
        ("item", "copies", int, 4),
        ("skill", "copies", int, 2),
        ("monster_action", "copies", int, 19),
        ("skill", "effects", lambda n: ["gain xp 1"] * n, 20),
        ("monster", "health", int, 40),
    ],
    "fantahzee": [
        ("action", "copies", int, 99),
        ("hero", "effects", lambda n: ["steam 1"] * n, 20),
        ("monster", "strength", int, 99),
    ],
}
MAX_ROWS = 500  # tables of one kind (core.cardcheck.MAX_ROWS)


@st.composite
def bound_edits(draw, game: str) -> dict:
    """The shipped file with one documented count at, just inside or just past its bound
    (or absurd), or one kind's tables repeated to just under or past ``MAX_ROWS``."""
    doc = shipped_doc(game)
    if draw(st.integers(0, 5)) == 0:
        kind, _ = draw(st.sampled_from(rows_of(doc)))
        n = draw(st.sampled_from([MAX_ROWS - len(doc[kind]), MAX_ROWS + 1 - len(doc[kind])]))
        extra = [dict(doc[kind][0], name=f"Extra {i}") for i in range(max(0, n))]
        doc[kind] = doc[kind] + [r for r in extra if "name" in doc[kind][0]]
        return doc
    kind, field, write, bound = draw(st.sampled_from(BOUNDS[game]))
    n = draw(st.sampled_from([bound - 1, bound, bound + 1, 0, 10**9]))
    if isinstance(n, int) and n > 10_000 and write is not int:
        n = bound + 1  # a list of a billion items is the test's memory, not the loader's
    row = doc[kind][draw(st.integers(0, len(doc[kind]) - 1))]
    row[field] = write(n)
    return doc


def card_file_edits(game: str) -> st.SearchStrategy[str]:
    """The text of a game's shipped card file after field, row or bound edits."""
    doc = shipped_doc(game)
    return st.one_of(field_edits(doc), row_edits(doc), bound_edits(game)).map(toml_text)


# --- the worst files of a size -------------------------------------------------------------


def worst_toml(limit: int) -> dict[str, str]:
    """TOML texts just under ``limit`` characters that cost a parser the most: tables,
    empty inline tables, numbers and keys by the hundred thousand."""

    def fill(unit: str, head: str = "", tail: str = "") -> str:
        n = (limit - len(head) - len(tail)) // len(unit)
        return head + unit * n + tail

    return {
        "tables": fill("[[minion]]\n"),
        "inline tables": fill("{},", "a = [", "]\n"),
        "numbers": fill("1,", "a = [", "]\n"),
        "keys": "".join(f"k{i} = 1\n" for i in range(limit // 12)),
    }
