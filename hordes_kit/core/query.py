"""A page's URL query string (``?scenario=fz-example-turn&step=4``), checked before use.

The one parser for query strings: a page names the parameters it reads and how to check
each; anything else in the URL is ignored (a link may carry more than one page reads),
but a named parameter with a bad value is refused with the kit's own error naming it,
before the page changes anything. Sizes are bounded: a long or odd URL costs nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from urllib.parse import parse_qsl

from hordes_kit.core.errors import InvalidInputError

__all__ = [
    "MAX_QUERY",
    "MAX_VALUE",
    "parse_query",
    "one_of",
    "whole_number",
    "words",
    "matching",
    "parsed_by",
    "list_of",
]

MAX_QUERY = 8192  # characters of query string read at all (a position link is the longest)
MAX_VALUE = 200  # characters of one parameter's value (a check may allow more: max_value)

Check = Callable[[str, str], object]  # (name, raw value) -> checked value


def _shown(value: str) -> str:
    return repr(value if len(value) <= 40 else value[:40] + "...")


def one_of(choices: Collection[str]) -> Check:
    """A value that must be one of ``choices`` (a scenario id, a rule id)."""

    def check(name: str, value: str) -> str:
        if value not in choices:
            raise InvalidInputError(f"{name}={_shown(value)} in the address is not known here")
        return value

    return check


def whole_number(low: int, high: int) -> Check:
    """An ASCII whole number from ``low`` to ``high``."""

    def check(name: str, value: str) -> int:
        if not re.fullmatch(r"[0-9]{1,9}", value):
            raise InvalidInputError(f"{name}={_shown(value)} in the address is not a number")
        n = int(value)
        if not low <= n <= high:
            raise InvalidInputError(f"{name}={n} in the address must be {low} to {high}")
        return n

    return check


def matching(pattern: str, what: str) -> Check:
    """A value the whole of which matches ``pattern`` (``what`` says what it must be).

    >>> matching("[1-6]{1,10}", "dice faces 1-6")("show", "6543")
    '6543'
    """
    compiled = re.compile(pattern)

    def check(name: str, value: str) -> str:
        if not compiled.fullmatch(value):
            raise InvalidInputError(f"{name}={_shown(value)} in the address is not {what}")
        return value

    return check


def list_of(choices: Collection[str], most: int) -> Check:
    """A comma-separated list of at most ``most`` distinct names, each one of ``choices``.

    >>> list_of({"Orks", "Ogre"}, 5)("horde", "Orks,Ogre")
    ('Orks', 'Ogre')
    """

    def check(name: str, value: str) -> tuple[str, ...]:
        picked = tuple(value.split(",")) if value else ()
        if len(picked) > most:
            raise InvalidInputError(f"{name} in the address names more than {most}")
        for item in picked:
            if item not in choices:
                raise InvalidInputError(f"{name} in the address: {_shown(item)} is not known here")
        if len(set(picked)) < len(picked):
            raise InvalidInputError(f"{name} in the address names one twice")
        return picked

    check.max_value = most * (1 + max(map(len, choices), default=0))  # type: ignore[attr-defined]
    return check


def parsed_by(parse: Callable[[str], object]) -> Check:
    """A value read by one of the kit's parsers (a cost, a card list); its error names
    the parameter."""

    def check(name: str, value: str) -> object:
        try:
            return parse(words(name, value))
        except InvalidInputError as e:
            raise InvalidInputError(f"{name}={_shown(value)} in the address: {e}") from None

    return check


def words(name: str, value: str) -> str:
    """Free text (a search), printable characters only, at most ``MAX_VALUE`` long."""
    if any(not ch.isprintable() for ch in value):
        raise InvalidInputError(f"{name} in the address holds control characters")
    return " ".join(value.split())


def parse_query(text: str | None, checks: Mapping[str, Check]) -> dict[str, object]:
    """The parameters named in ``checks``, each checked; others are ignored.

    >>> checks = {"scenario": one_of({"a"}), "step": whole_number(0, 9)}
    >>> parse_query("scenario=a&step=2&x=1", checks)
    {'scenario': 'a', 'step': 2}
    """
    text = (text or "").lstrip("?")
    if len(text) > MAX_QUERY:
        raise InvalidInputError(f"the address's query is longer than {MAX_QUERY} characters")
    out: dict[str, object] = {}
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=64, errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise InvalidInputError("the address's query cannot be read") from None
    for name, value in pairs:
        if name not in checks:
            continue
        if name in out:
            raise InvalidInputError(f"{name} is given twice in the address")
        limit = getattr(checks[name], "max_value", MAX_VALUE)
        if len(value) > limit:
            raise InvalidInputError(f"{name} in the address is longer than {limit} characters")
        out[name] = checks[name](name, value)
    return out
