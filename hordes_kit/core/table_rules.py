"""The table rules of every registered game: where the rulebook can be read more than one
way, each reading as a player reads it (the words, the rule it changes, the kit's default).

Built from ``data/<game>/options.toml`` and the rule index, and checked against the
game's config dataclass (``Game.config``): every option is a real field whose default is
the file's default, every rule id resolves. The "Table rules" panel
(``hordes_kit.ui.table_rules``) is drawn from :func:`table_rules`; links carry the
readings a table changed as words (:func:`link_params`, :func:`from_link`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
from functools import lru_cache
from typing import Any

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, InvalidInputError
from hordes_kit.core.options import OPTIONS_FILE, option_specs, same_value, value_text
from hordes_kit.core.registry import get_game, registered_games
from hordes_kit.core.rules_index import RuleEntry, rule_index

__all__ = [
    "Reading",
    "TableRule",
    "table_rules",
    "all_table_rules",
    "choices_of",
    "link_params",
    "from_link",
    "summary",
]


@dataclass(frozen=True)
class Reading:
    """One choice of a table rule: its value, button words, sentence and cited rule."""

    value: str | int | bool
    label: str
    text: str
    rule: RuleEntry  # what the log cites while this reading is in force
    default: bool  # the kit's own reading (our ruling, or the rulebook's words)


@dataclass(frozen=True)
class TableRule:
    """A rule a table may read its own way: the config field and its readings."""

    game: str
    field: str
    label: str
    changes: RuleEntry  # the rule or ruling the kit's default follows
    default: str | int | bool
    readings: tuple[Reading, ...]

    def reading(self, value: Any) -> Reading:
        """The reading of this value; the kit's error lists the choices."""
        for r in self.readings:
            if same_value(r.value, value):
                return r
        listed = ", ".join(repr(r.value) for r in self.readings)
        raise InvalidInputError(f"{self.field} must be one of {listed}; got {value!r:.40}")


@lru_cache(maxsize=16)
def table_rules(game_name: str) -> tuple[TableRule, ...]:
    """The table rules of a registered game, in the order of its ``options.toml``.

    >>> [t.field for t in table_rules("the-horde")][:2]
    ['dizzy', 'bomb']
    """
    game = get_game(game_name)
    specs = option_specs(game.data_dir)
    if not specs:
        return ()
    path = str(data_path(game.data_dir, OPTIONS_FILE))
    if game.config is None or not is_dataclass(game.config):
        raise CardDataError(path, None, None, f"{game.title} declares no config dataclass")
    own = {f.name: f for f in fields(game.config)}
    index = rule_index(game.data_dir, game.rule_prefix)
    out = []
    for field, spec in specs.items():
        f = own.get(field)
        if f is None:
            raise CardDataError(path, field, None, f"{game.title}'s config has no such field")
        if f.default is MISSING or not same_value(f.default, spec.default):
            raise CardDataError(
                path, field, "default", f"the config's default is {f.default!r:.40}"
            )
        readings = tuple(
            Reading(
                c.value,
                c.label,
                c.text,
                index[game.rule_prefix + c.rule],
                same_value(c.value, spec.default),
            )
            for c in spec.choices
        )
        changes = index[game.rule_prefix + spec.rule]
        out.append(TableRule(game.name, field, spec.label, changes, spec.default, readings))
    return tuple(out)


def all_table_rules() -> dict[str, tuple[TableRule, ...]]:
    """Every registered game's table rules, by game name."""
    return {g.name: table_rules(g.name) for g in registered_games()}


def choices_of(game_name: str, config: Any = None) -> dict[str, Any]:
    """The table rules' values of a config (a dataclass or a plain dict; None: defaults)."""
    rules = table_rules(game_name)
    if isinstance(config, Mapping):
        config = get_game(game_name).config.from_dict(dict(config))
    out = {}
    for t in rules:
        value = t.default if config is None else getattr(config, t.field)
        out[t.field] = t.reading(value).value
    return out


def link_params(game_name: str, config: Any = None) -> dict[str, str]:
    """The readings a table changed, as words for a link (the kit's defaults left out).

    >>> link_params("the-horde", {"dizzy": "off"})
    {'dizzy': 'off'}
    """
    values = choices_of(game_name, config)
    return {
        t.field: value_text(values[t.field])
        for t in table_rules(game_name)
        if not same_value(values[t.field], t.default)
    }


def from_link(game_name: str, params: Mapping[str, str]) -> dict[str, Any]:
    """The table rules a link names (``dizzy=off``), as config values; other keys ignored.

    A value that is not one of the rule's choices is refused, naming the rule and its
    choices.

    >>> from_link("the-horde", {"dizzy": "restart", "scenario": "x"})
    {'dizzy': 'restart'}
    """
    out = {}
    for t in table_rules(game_name):
        if t.field not in params:
            continue
        raw = params[t.field]
        match = [r for r in t.readings if isinstance(raw, str) and value_text(r.value) == raw]
        if not match:
            listed = ", ".join(value_text(r.value) for r in t.readings)
            raise InvalidInputError(
                f"{t.field}={str(raw)[:40]!r} in the address: choose one of {listed}"
            )
        out[t.field] = match[0].value
    return out


def summary(game_name: str, config: Any = None) -> str:
    """One line naming the readings that differ from the kit's ("" when none do): for the
    caption of a table of odds or a saved game's description."""
    values = choices_of(game_name, config)
    parts = [
        f"{t.label}{'' if t.label.endswith('?') else ':'} {t.reading(values[t.field]).label}"
        for t in table_rules(game_name)
        if not same_value(values[t.field], t.default)
    ]
    return ("Table rules: " + "; ".join(parts) + ".") if parts else ""
