"""Rules options: a game's config dataclass built from a plain dict, checked the same way,
and its table rules as data (``data/<game>/options.toml``).

A table rule is a config field whose value is one of a few readings of the rulebook.
``options.toml`` lists, for each such field, the label a player reads, the rule or ruling
it changes (whose ``rules.toml`` entry names the field back with ``option = "<field>"``),
the default (the kit's ruling) and its choices::

    [dizzy]
    label = "Dizzy"
    rule = "ruling.dizzy"        # the ruling the default follows (rules.toml)
    default = "window"

    [[dizzy.choices]]
    value = "window"             # a string, a whole number or true/false
    label = "Every Grimthwacker after two"   # the words on its button
    text = "One sentence: the rule as this choice reads it."
    # rule = "some.rule"         # optional: the rule the log cites for this choice

The log cites the default's ``rule`` while the kit's reading is in force, and for any
other choice its own ``rule``, else the entry ``option.<field>.<value>`` that
``core.rules_index`` makes from the choice's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError, InvalidInputError

__all__ = [
    "Choice",
    "OptionSpec",
    "option_specs",
    "reading_key",
    "reading_of",
    "check_options",
    "same_value",
    "value_text",
]

OPTIONS_FILE = "options.toml"
_FIELD = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_VALUE = re.compile(r"^[a-z0-9][a-z0-9-]{0,29}$")
_OPTION_KEYS = {"label", "rule", "default", "choices"}
_CHOICE_KEYS = {"value", "label", "text", "rule"}


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type (``True`` is not the choice ``1``)."""
    return type(a) is type(b) and a == b


def value_text(value: str | int | bool) -> str:
    """A choice's value as a word: ``'window'``, ``'5'``, ``'true'`` (rule ids, links).

    >>> value_text(True), value_text(5), value_text("off")
    ('true', '5', 'off')
    """
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Choice:
    """One reading of a table rule: its value, the words on its button, its rule in a
    sentence, and the rule id (without the game's prefix) the log cites for it."""

    value: str | int | bool
    label: str
    text: str
    rule: str


@dataclass(frozen=True)
class OptionSpec:
    """A table rule as ``options.toml`` declares it."""

    field: str
    label: str
    rule: str  # the rule or ruling the default reading follows
    default: str | int | bool
    choices: tuple[Choice, ...]

    @property
    def values(self) -> tuple:
        """The allowed values, in the file's order."""
        return tuple(c.value for c in self.choices)

    def choice(self, value: Any) -> Choice:
        """The choice of this value; the kit's error lists the choices."""
        for c in self.choices:
            if same_value(c.value, value):
                return c
        listed = ", ".join(repr(v) for v in self.values)
        raise InvalidInputError(f"{self.field} must be one of {listed}; got {value!r:.40}")


def _choice(path: str, field: str, default_rule: str, n: int, raw: Any, is_default: bool):
    where = f"{field}.choices[{n}]"
    if not isinstance(raw, dict):
        raise CardDataError(path, where, None, "must be a table")
    extra = sorted(set(raw) - _CHOICE_KEYS)
    if extra:
        raise CardDataError(path, where, extra[0], "unknown key")
    value = raw.get("value")
    if isinstance(value, bool) or isinstance(value, int) and 0 <= value <= 99:
        pass
    elif not (isinstance(value, str) and _VALUE.match(value)):
        raise CardDataError(
            path, where, "value", "must be a short lowercase word, a number 0-99 or true/false"
        )
    for key in ("label", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise CardDataError(path, where, key, "must be a non-empty string")
    rule = raw.get("rule", default_rule if is_default else "")
    if not isinstance(rule, str):
        raise CardDataError(path, where, "rule", "must be a rule id")
    if is_default and rule != default_rule:
        raise CardDataError(path, where, "rule", "the default cites the option's own rule")
    return Choice(value, raw["label"], raw["text"], rule or f"option.{field}.{value_text(value)}")


def _spec(path: str, field: str, raw: Any) -> OptionSpec:
    if not _FIELD.match(field):
        raise CardDataError(path, field, None, "an option is named by its config field")
    if not isinstance(raw, dict):
        raise CardDataError(path, field, None, "must be a table")
    extra = sorted(set(raw) - _OPTION_KEYS)
    if extra:
        raise CardDataError(path, field, extra[0], "unknown key")
    for key in ("label", "rule"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise CardDataError(path, field, key, "must be a non-empty string")
    if "default" not in raw:
        raise CardDataError(path, field, "default", "missing")
    default = raw["default"]
    items = raw.get("choices")
    if not isinstance(items, list) or not 2 <= len(items) <= 6:
        raise CardDataError(path, field, "choices", "must list 2 to 6 choices")
    choices = tuple(
        _choice(
            path,
            field,
            raw["rule"],
            n,
            c,
            isinstance(c, dict) and same_value(c.get("value"), default),
        )
        for n, c in enumerate(items)
    )
    texts = [value_text(c.value) for c in choices]
    if len(set(texts)) != len(texts):
        raise CardDataError(path, field, "choices", "two choices have the same value")
    if not any(same_value(c.value, default) for c in choices):
        raise CardDataError(path, field, "default", f"{default!r:.40} is not one of the choices")
    return OptionSpec(field, raw["label"], raw["rule"], default, choices)


@lru_cache(maxsize=16)
def option_specs(game_dir: str) -> dict[str, OptionSpec]:
    """The table rules of the game whose data folder is ``data/<game_dir>``, by field
    (file order); empty when the game has no ``options.toml``. Validated."""
    path = data_path(game_dir, OPTIONS_FILE)
    if not path.is_file():
        return {}
    return {f: _spec(str(path), f, raw) for f, raw in read_toml(path).items()}


def reading_key(game_dir: str, field: str, value: Any) -> str:
    """The rule id (without the game's prefix) the log cites for this reading.

    >>> reading_key("the_horde", "dizzy", "window"), reading_key("the_horde", "dizzy", "off")
    ('ruling.dizzy', 'option.dizzy.off')
    """
    return option_specs(game_dir)[field].choice(value).rule


def reading_of(config: Any, field: str) -> str:
    """The rule id (without the game's prefix) the log cites for this config's reading of
    ``field``; the config class names its data folder in ``DATA``."""
    return reading_key(type(config).DATA, field, getattr(config, field))


def check_options(config: Any, title: str) -> None:
    """Refuse a config whose table rule holds a value that is not one of its choices (the
    config class names its data folder in ``DATA``)."""
    for field, spec in option_specs(type(config).DATA).items():
        try:
            spec.choice(getattr(config, field))
        except InvalidInputError as e:
            raise InvalidInputError(f"{title} option {e}") from None
