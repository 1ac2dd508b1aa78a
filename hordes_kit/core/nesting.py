"""How deep a TOML or JSON text nests its arrays and tables, found before it is parsed.

The parsers recurse; a text is refused when it nests deeper than ``MAX_DEPTH`` before any
parser sees it (``core.inputs``). The scan jumps from one piece that matters to the next
with plain searches, so its time is linear in the text and its memory does not grow with
it, whatever its strings hold.
"""

from __future__ import annotations

import re
from json.decoder import scanstring

__all__ = ["MAX_DEPTH", "nesting_depth"]

MAX_DEPTH = 32  # nesting of arrays and tables in TOML and JSON

# The scan jumps from one piece that matters to the next with plain searches, so its memory
# stays flat whatever the text holds: a regex skipping a whole string as "(?:[^"\\]|\\.)*"
# keeps a backtracking mark for every character (a save holding 480 KB of card text took
# 63 MB there), and Python 3.11's possessive repeats, which would not, mismatch.
_JSON_PIECES = re.compile(r'["\[\]{}]')
_TOML_PIECES = re.compile(r'"""' + r"|'''" + r"""|["'#\[\]{}]""")
_TOML_BASIC = re.compile(r'\\.|["\n]', re.S)  # in "...": an escape, its end, or a newline
_TOML_MULTI = re.compile(r'\\.|"""', re.S)  # in """...""": an escape or its end


def _after(pieces: re.Pattern, closer: str, text: str, pos: int) -> int:
    """Where a TOML string that began before ``pos`` ends, or -1 (not a string there)."""
    while True:
        m = pieces.search(text, pos)
        if m is None or m.group() == "\n":
            return -1
        pos = m.end()
        if m.group() == closer:
            return pos


def _skip_toml(text: str, tok: str, start: int) -> int:
    """Where the string or comment starting with ``tok`` at ``start`` ends (-1: none does;
    the scan then goes on from the next character, as a regex's alternatives would)."""
    if tok == '"""':
        end = _after(_TOML_MULTI, '"""', text, start + 3)
        return end if end >= 0 else _skip_toml(text, '"', start)
    if tok == "'''":
        q = text.find("'''", start + 3)
        return q + 3 if q >= 0 else _skip_toml(text, "'", start)
    if tok == '"':
        return _after(_TOML_BASIC, '"', text, start + 1)
    if tok == "'":
        q, nl = text.find("'", start + 1), text.find("\n", start + 1)
        return q + 1 if q >= 0 and (nl < 0 or q < nl) else -1
    nl = text.find("\n", start)  # a comment, to the end of its line
    return len(text) if nl < 0 else nl


def nesting_depth(text: str, syntax: str = "json", stop: int = MAX_DEPTH) -> int:
    """Deepest nesting of brackets and braces outside strings and comments (no recursion;
    memory that does not grow with the text).

    Counting stops once ``stop`` is passed, so the answer is at most ``stop + 1``. A JSON
    string that does not end where JSON says stops the count (the parser refuses it then).

    >>> nesting_depth('{"a": [[1], "]]]"]}'), nesting_depth("a = [[1], ']]', \\"[\\"]", "toml")
    (3, 2)
    """
    pieces = _TOML_PIECES if syntax == "toml" else _JSON_PIECES
    depth = deepest = pos = 0
    while True:
        m = pieces.search(text, pos)
        if m is None:
            return deepest
        ch, pos = m.group(), m.end()
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    return deepest
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif syntax != "toml":  # a JSON string: the C scanner finds its end
            try:
                pos = scanstring(text, pos)[1]
            except ValueError:
                return deepest
        else:
            end = _skip_toml(text, ch, m.start())
            pos = end if end >= 0 else m.start() + 1
