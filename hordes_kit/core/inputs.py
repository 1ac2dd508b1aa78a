"""Input from outside (card files, data folders, save files), checked before anything uses it.

One safe reader for every loader: it refuses what is not a regular file and a file over
a size limit before reading it, never blocks on a FIFO, decodes UTF-8 strictly (a BOM is
accepted and stripped), refuses control characters, and parses TOML, CSV and JSON from
the text it read, with the nesting depth, the length of every text and the digits of
every number bounded. Every refusal is one ``CardDataError`` naming the file (and the
card and field where there is one), or the error class the caller asks for.
"""

from __future__ import annotations

import csv
import errno
import hashlib
import io
import json
import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterator
from typing import Any

from hordes_kit.core.errors import CardDataError
from hordes_kit.core.nesting import MAX_DEPTH, nesting_depth

__all__ = [
    "CARD_FILE_LIMIT",
    "MAX_DEPTH",
    "MAX_TEXT",
    "MAX_PATH",
    "shown",
    "file_kind",
    "read_bytes",
    "read_text",
    "decode_text",
    "parse_toml",
    "parse_csv",
    "parse_json",
    "nesting_depth",
    "whole_number",
    "int_value",
    "digest",
    "DigestCache",
]

CARD_FILE_LIMIT = 4 * 1024 * 1024  # bytes: a card file or a data folder's file
MAX_TEXT = 10_000  # characters in one CSV cell or one TOML / JSON string value
MAX_PATH = 4096  # characters in a path given on the command line
MAX_DIGITS = 12  # digits of a whole number written in a CSV cell
MAX_ROWS = 2000  # rows of a CSV file (a card list's kinds or a chart's rows)
MAX_COLUMNS = 64  # columns of a CSV file

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def shown(path: str | os.PathLike) -> str:
    """A path as an error message shows it (an absurdly long one cut short)."""
    s = os.fspath(path)
    s = s if isinstance(s, str) else s.decode("utf-8", "replace")
    return s if len(s) <= 200 else f"{s[:100]}...({len(s)} characters)...{s[-60:]}"


def _fail(file: str, problem: str) -> CardDataError:
    return CardDataError(file, None, None, problem)


def _stat(path: str | os.PathLike) -> os.stat_result:
    file = shown(path)
    if len(os.fspath(path)) > MAX_PATH:
        raise _fail(file, f"the path is longer than {MAX_PATH} characters")
    try:
        return os.stat(path)
    except ValueError:  # a NUL in the path
        raise _fail(file, "not a valid path (it contains a NUL character)") from None
    except OSError as e:
        if e.errno in (errno.ENOENT, errno.ENOTDIR):
            raise _fail(file, "file not found") from None
        raise _fail(file, f"cannot be read ({os.strerror(e.errno or 0) or e})") from None


def file_kind(path: str | os.PathLike) -> str:
    """``"file"`` (a regular file), ``"dir"`` or ``"other"``; a missing path is an error."""
    mode = _stat(path).st_mode
    return "file" if stat.S_ISREG(mode) else "dir" if stat.S_ISDIR(mode) else "other"


def _not_regular(mode: int) -> str:
    kind = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "not a regular file"
    )
    return f"is {kind}, not a file" if kind != "not a regular file" else kind


def read_bytes(path: str | os.PathLike, limit: int = CARD_FILE_LIMIT) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is refused.

    The path is checked with ``os.stat`` first and opened without blocking (a FIFO or a
    device never reaches ``read``); the size is checked again on the open file.
    """
    file = shown(path)
    st = _stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise _fail(file, _not_regular(st.st_mode))
    too_big = f"larger than the limit of {limit:,} bytes"
    if st.st_size > limit:
        raise _fail(file, f"{too_big} ({st.st_size:,} bytes)")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise _fail(file, f"cannot be read ({os.strerror(e.errno or 0) or e})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # changed since the first look
            raise _fail(file, _not_regular(st.st_mode))
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)  # a file that grows while read stops here
    except OSError as e:
        raise _fail(file, f"cannot be read ({os.strerror(e.errno or 0) or e})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise _fail(file, too_big)
    return data


def decode_text(data: bytes, file: str, error: Callable[[str], Exception] | None = None) -> str:
    """UTF-8 text (a leading BOM dropped); bad bytes and control characters are refused.

    >>> decode_text(b"\\xef\\xbb\\xbfname", "f.csv")
    'name'
    >>> decode_text(b"caf\\xe9", "f.csv")
    Traceback (most recent call last):
    hordes_kit.core.errors.CardDataError: f.csv: not UTF-8 text: byte 0xe9 at offset 3 ...
    """
    fail = error or (lambda problem: _fail(file, problem))
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as e:
        at = bom + e.start
        raise fail(
            f"not UTF-8 text: byte 0x{data[at : at + 1].hex()} at offset {at} "
            "(save the file as UTF-8)"
        ) from None
    m = _CONTROL.search(text)
    if m:
        line = text.count("\n", 0, m.start()) + 1
        raise fail(f"control character {m.group()!r} on line {line} (is this a text file?)")
    return text


def read_text(path: str | os.PathLike, limit: int = CARD_FILE_LIMIT) -> str:
    """The checked UTF-8 text of a regular file (see ``read_bytes`` and ``decode_text``)."""
    return decode_text(read_bytes(path, limit), shown(path))


# --- nesting ---------------------------------------------------------------------------


def _walk(doc: Any, fail: Callable[[str, str], Exception], max_text: int = MAX_TEXT) -> None:
    """Check a parsed tree iteratively: depth and the length of every text."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    while stack:
        node, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise fail(where, f"nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, dict):
            for k, v in node.items():
                if len(k) > MAX_TEXT:
                    raise fail(where, f"a key longer than {MAX_TEXT:,} characters")
                stack.append((v, f"{where}.{k}" if where else k, depth + 1))
        elif isinstance(node, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(node))
        elif isinstance(node, str) and len(node) > max_text:
            raise fail(where, f"text longer than {max_text:,} characters")


# --- formats ---------------------------------------------------------------------------


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """Parse TOML text; nesting, long texts and huge numbers are ``CardDataError``.

    >>> parse_toml("a = [[1]]", "x.toml")
    {'a': [[1]]}
    >>> parse_toml("a = " + "[" * 99 + "]" * 99, "x.toml")
    Traceback (most recent call last):
    hordes_kit.core.errors.CardDataError: x.toml: nested deeper than 32 levels
    """
    if nesting_depth(text, "toml") > MAX_DEPTH:
        raise _fail(file, f"nested deeper than {MAX_DEPTH} levels")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _fail(file, f"not valid TOML ({e})") from None
    except RecursionError:
        raise _fail(file, f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:  # a number of thousands of digits
        raise _fail(file, f"not valid TOML ({str(e).split(';')[0]})") from None

    def fail(where: str, problem: str) -> CardDataError:
        return CardDataError(file, None, where or None, problem)

    _walk(doc, fail)
    return doc


def parse_csv(
    text: str, file: str, required: list[str], max_rows: int = MAX_ROWS
) -> list[dict[str, str]]:
    """Rows of CSV text as dicts of stripped-header columns; every cell is a string.

    A missing column, a cell longer than ``MAX_TEXT`` characters, a row with more
    cells than the header, a header of more than ``MAX_COLUMNS`` columns, more than
    ``max_rows`` rows (counted while reading: nothing is built past the bound) or broken
    quoting is a ``CardDataError`` naming the line.

    >>> parse_csv("name,copies\\nOrc,2\\nElf", "x.csv", ["name"])
    [{'name': 'Orc', 'copies': '2'}, {'name': 'Elf', 'copies': ''}]
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: Iterator[list[str]] = iter(reader)
    try:
        header = next(rows, None)
    except csv.Error as e:
        raise _fail(file, f"line 1: not valid CSV ({e})") from None
    if header is None:
        raise _fail(file, "the file is empty (no header line)")
    if len(header) > MAX_COLUMNS:
        raise _fail(file, f"line 1: {len(header):,} columns, at most {MAX_COLUMNS}")
    header = [h.strip() for h in header]
    missing = [c for c in required if c not in header]
    if missing:
        raise CardDataError(file, None, missing[0], "column missing from the header")
    out = []
    while True:
        line = reader.line_num + 1
        try:
            cells = next(rows, None)
        except csv.Error as e:
            problem = str(e)
            if "field larger" in problem:
                problem = f"a cell is longer than {MAX_TEXT:,} characters"
            raise _fail(file, f"line {line}: not valid CSV ({problem})") from None
        if cells is None:
            return out
        if not any(c.strip() for c in cells):
            continue  # a blank line
        if len(out) == max_rows:
            raise _fail(file, f"line {line}: more than {max_rows:,} rows")
        if any(c.strip() for c in cells[len(header) :]):
            raise _fail(file, f"line {line}: {len(cells)} cells, the header has {len(header)}")
        for col, cell in zip(header, cells):
            if len(cell) > MAX_TEXT:
                raise CardDataError(
                    file, None, col, f"line {line}: longer than {MAX_TEXT:,} characters"
                )
        row = dict(zip(header, cells))
        for col in header[len(cells) :]:
            row[col] = ""
        out.append(row)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str, fail: Callable[[str], Exception], max_text: int = CARD_FILE_LIMIT) -> Any:
    """Parse JSON text with its nesting checked first; errors are ``fail(problem)``.

    >>> parse_json('{"a": [1, "b"]}', ValueError)
    {'a': [1, 'b']}
    """
    if nesting_depth(text, "json") > MAX_DEPTH:
        raise fail(f"nested deeper than {MAX_DEPTH} levels")
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise fail(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:
        raise fail(f"not JSON ({str(e).split(';')[0]})") from None
    _walk(doc, lambda where, problem: fail(f"{where}: {problem}" if where else problem), max_text)
    return doc


# --- numbers ---------------------------------------------------------------------------


def whole_number(raw: str | None, file: str, card: str | None, field: str, lo: int, hi: int) -> int:
    """A whole number written in a CSV cell: ASCII digits only, ``lo`` to ``hi``.

    >>> whole_number(" 7", "x.csv", "Orc", "copies", 1, 10)
    7
    >>> whole_number("²", "x.csv", "Orc", "copies", 1, 10)
    Traceback (most recent call last):
    hordes_kit.core.errors.CardDataError: x.csv, card 'Orc', field 'copies': must be a whole number 1-10, got '²'
    """  # noqa: E501
    s = (raw or "").strip()
    if not _ASCII_INT.fullmatch(s) or len(s.lstrip("+-")) > MAX_DIGITS:
        raise CardDataError(file, card, field, f"must be a whole number {lo}-{hi}, got {_q(s)}")
    v = int(s)
    if not lo <= v <= hi:
        raise CardDataError(file, card, field, f"must be {lo}-{hi}, got {v}")
    return v


def int_value(value: Any, file: str, card: str | None, field: str, lo: int, hi: int) -> int:
    """A whole number from a parsed TOML or JSON value (not a bool), ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardDataError(file, card, field, f"must be a whole number {lo}-{hi}, got {_q(value)}")
    if not lo <= value <= hi:
        digits = int(value.bit_length() * 0.30103) + 1
        shown_v = value if abs(value) < 10**15 else f"a number of about {digits} digits"
        raise CardDataError(file, card, field, f"must be {lo}-{hi}, got {shown_v}")
    return value


def _q(value: Any) -> str:
    """A value quoted for a message, cut short when long."""
    r = repr(value)
    return r if len(r) <= 60 else r[:50] + f"... ({len(r)} characters)"


# --- parsed data cached by content ------------------------------------------------------


def digest(*texts: str) -> str:
    """SHA-256 of some texts (a cache key that a changed file never matches)."""
    h = hashlib.sha256()
    for t in texts:
        h.update(t.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


class DigestCache:
    """A small cache of parsed data keyed by the digest of its text (oldest dropped)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._items: dict[Any, Any] = {}

    def get(self, key: Any, make: Callable[[], Any]) -> Any:
        """The cached value for ``key``, made (and kept) on a miss; errors are not kept."""
        if key in self._items:
            return self._items[key]
        value = make()
        if len(self._items) >= self.size:
            self._items.pop(next(iter(self._items)))
        self._items[key] = value
        return value
