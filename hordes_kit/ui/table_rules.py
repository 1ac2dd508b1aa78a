"""The "Table rules" panel: where the rulebook can be read more than one way, the table
picks its reading (the kit's default marked), and sees each reading's rule in words.

Built from ``core.table_rules`` (the game's ``options.toml``), so it names no game: any
registered game with table rules gets its panel. ``panel.config()`` is the dict of the
table's choices, ready to merge into the game's config (a save file or a link keeps
them); ``panel.set(field, value)`` does what a click does.

>>> from hordes_kit.core.registry import registered_games
>>> game = next(g.name for g in registered_games() if table_rules(g.name))
>>> panel = TableRulesPanel(game)
>>> rule = panel.rules[0]
>>> panel.config()[rule.field] == rule.default, panel.changed()
(True, {})
>>> other = rule.readings[-1].value
>>> panel.set(rule.field, other); panel.changed() == {rule.field: other}
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import ipywidgets as w

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.options import same_value, value_text
from hordes_kit.core.query import one_of
from hordes_kit.core.table_rules import (
    TableRule,
    choices_of,
    from_link,
    link_params,
    summary,
    table_rules,
)
from hordes_kit.ui.log import rule_chip
from hordes_kit.ui.query import at_address, page_query
from hordes_kit.ui.theme import theme_class

__all__ = ["TableRulesPanel", "DEFAULT_MARK", "PlaysTheReadings"]

DEFAULT_MARK = "(the kit's default)"
TITLE = "Table rules"


def _choice_label(t: TableRule, value: Any) -> str:
    r = t.reading(value)
    return f"{r.label} {DEFAULT_MARK}" if r.default else r.label


class PlaysTheReadings:
    """A simulation tool that plays the table's readings: ``table_rules``, a ``chart`` and
    an ``out`` box; figures of other readings are cleared until the games are played again."""

    table_rules: dict
    RERUN_WORDS = "Play the games"

    def use_rules(self, changed: dict) -> None:
        """Play the table's readings from the next run on (old figures cleared)."""
        if changed == self.table_rules:
            return
        self.table_rules = dict(changed)
        if self.chart.fig is not None:
            self.chart.clear()
            self.out.value = (
                "<p class='hk-note'>Your table's rules changed: press "
                f"<b>{html.escape(self.RERUN_WORDS)}</b> again.</p>"
            )


class TableRulesPanel(w.VBox):
    """A collapsible "Table rules" panel: each rule the table may read its own way, its
    choices as radio buttons and the rule text of the reading chosen.

    ``config``: the game's config (dataclass or dict) whose readings to show first;
    ``on_change(config_dict)`` is called after every change. ``guard()`` is asked before a
    change takes effect: True refuses it (the guard says why) and the choice goes back.
    """

    def __init__(
        self,
        game_name: str,
        config: Any = None,
        on_change: Callable[[dict[str, Any]], object] | None = None,
        guard: Callable[[], bool] | None = None,
    ) -> None:
        self.game = game_name
        self.guard = guard
        self._putting_back = False
        self.rules = table_rules(game_name)
        self._handlers: list[Callable[[dict[str, Any]], object]] = []
        if on_change is not None:
            self._handlers.append(on_change)
        values = choices_of(game_name, config)
        self.radios: dict[str, w.RadioButtons] = {}
        self.texts: dict[str, w.HTML] = {}
        rows = []
        for t in self.rules:
            radio = w.RadioButtons(
                options=[(_choice_label(t, r.value), r.value) for r in t.readings],
                value=values[t.field],
                description=t.label,
                style={"description_width": "initial"},
                layout=w.Layout(width="100%"),
            )
            text = w.HTML(self._reading_html(t, values[t.field]))
            self.radios[t.field], self.texts[t.field] = radio, text
            radio.observe(partial(self._changed, t.field), "value")
            row = w.VBox([radio, text], layout=w.Layout(width="100%"))
            row.add_class("hk-table-rule")
            rows.append(row)
        self.note = w.HTML()
        self.reset_button = w.Button(
            description="Back to the kit's rules",
            tooltip="Every rule as the kit reads it (the defaults)",
            layout=w.Layout(width="auto"),
        )
        self.reset_button.on_click(lambda _b: self.reset())
        empty = (
            "<p class='hk-table-rule-note'>This game has no rules a table may read its own way.</p>"
        )
        body = w.VBox(
            [self.note, *rows, self.reset_button] if rows else [w.HTML(empty)],
            layout=w.Layout(width="100%"),
        )
        self.accordion = w.Accordion(children=[body])
        self.accordion.selected_index = None  # folded until a player opens it
        super().__init__([self.accordion], layout=w.Layout(width="100%", max_width="100%"))
        self.add_class("hk-table-rules")
        self.add_class(theme_class(game_name))
        self._show_state()

    # --- what a player does ---------------------------------------------------------------

    def set(self, field: str, value: Any) -> None:
        """What clicking the choice ``value`` of the rule ``field`` does."""
        t = self._rule(field)
        t.reading(value)  # the kit's error lists the choices
        radio = self.radios[field]
        if same_value(radio.value, value):
            return
        radio.value = next(r.value for r in t.readings if same_value(r.value, value))

    def reset(self) -> None:
        """Every rule back to the kit's reading (what the "Back to the kit's rules" button does)."""
        for t in self.rules:
            self.set(t.field, t.default)

    def unfold(self, show: bool = True) -> None:
        """Unfold (or fold) the panel, as a click on its title does."""
        self.accordion.selected_index = 0 if show else None

    def on_change(self, handler: Callable[[dict[str, Any]], object]) -> None:
        """Call ``handler(config_dict)`` after every change."""
        self._handlers.append(handler)

    # --- what the page reads ----------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        """The table's choice for every rule: config keys and values of the game."""
        return {t.field: self.radios[t.field].value for t in self.rules}

    def changed(self) -> dict[str, Any]:
        """Only the rules read differently from the kit's defaults."""
        return {
            t.field: self.radios[t.field].value
            for t in self.rules
            if not same_value(self.radios[t.field].value, t.default)
        }

    def link_params(self) -> dict[str, str]:
        """The changed rules as words for a page's address (``dizzy=off``)."""
        return link_params(self.game, self.config())

    def summary(self) -> str:
        """One line naming the readings the table changed ("" when none)."""
        return summary(self.game, self.config())

    def open_from_url(self) -> str:
        """Show the readings the page's address names (``?dizzy=off``, as
        :meth:`link_params` writes them); returns what was wrong with it in words ("")."""
        return at_address(self._open_from_url)

    def _open_from_url(self) -> str:
        checks = {t.field: one_of({value_text(r.value) for r in t.readings}) for t in self.rules}
        wanted, problem = page_query(checks)
        if wanted:
            self.load(from_link(self.game, {k: str(v) for k, v in wanted.items()}))
        if problem:
            self.note.value += f"<p class='hk-table-rule-note'>{html.escape(problem)}</p>"
        return problem

    def load(self, config: Mapping[str, Any] | Any) -> None:
        """Show the readings of a config (a loaded save file, a link's options)."""
        for field, value in choices_of(self.game, config).items():
            self.set(field, value)

    # --- drawing ------------------------------------------------------------------------------

    def _rule(self, field: str) -> TableRule:
        for t in self.rules:
            if t.field == field:
                return t
        known = ", ".join(t.field for t in self.rules) or "none"
        raise InvalidInputError(f"no table rule {field!r} in this game (its rules: {known})")

    @staticmethod
    def _reading_html(t: TableRule, value: Any) -> str:
        return (
            f"<div class='hk-table-rule-reading'>{rule_chip(t.reading(value).rule, open_=True)}"
            "</div>"
        )

    def _show_state(self) -> None:
        n = len(self.changed())
        title = TITLE if not n else f"{TITLE} ({n} changed from the kit's)"
        self.accordion.set_title(0, title)
        self.note.value = (
            "<p class='hk-table-rule-note'>Where the rulebook can be read more than one way, "
            "choose your table's reading; the game, its log and its odds follow it.</p>"
            + (f"<p class='hk-table-rule-note'>{html.escape(self.summary())}</p>" if n else "")
        )
        self.reset_button.disabled = not n

    def _changed(self, field: str, change) -> None:
        if self._putting_back:
            return
        if self.guard is not None and self.guard():
            self._putting_back = True  # a refused choice (a value from the browser) goes back
            try:
                self.radios[field].value = change["old"]
            finally:
                self._putting_back = False
            return
        t = self._rule(field)
        self.texts[field].value = self._reading_html(t, change["new"])
        self._show_state()
        cfg = self.config()
        for h in list(self._handlers):
            h(cfg)
