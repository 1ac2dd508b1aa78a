"""A Skytear position for the odds page: set up by the player (horde, difficulty, the six
lanes, minions, castle health, the phase) or loaded from the board's save file. The
engine's own position description (``SkyConfig.position``) builds it, so a bad setup is
the engine's refusal, in words."""

from __future__ import annotations

from contextlib import contextmanager

import ipywidgets as w

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.ui.common import error_html, note_html
from hordes_kit.ui.controls import row
from hordes_kit.ui.files import SaveLoad
from hordes_kit.ui.skytear.odds_links import open_position
from hordes_kit.ui.skytear.setup import CARDS, DIFFICULTY_WORDS, HORDES

__all__ = ["PositionSetup", "MONSTERS", "ALLIES", "MINIONS"]

WIDE = {"description_width": "initial"}
MONSTERS = (("no monster", ""),) + tuple(
    (f"{c.name} ({c.horde}, attack {c.attack}, health {c.health})", c.name)
    for c in sorted(CARDS.cards.values(), key=lambda c: (c.horde, c.name))
    if c.kind == "horde" and c.type == "monster"
)
ALLIES = (("no ally or tower", ""),) + tuple(
    (f"{c.name} ({c.type}, attack {c.attack}, health {c.health})", c.name)
    for c in sorted(CARDS.cards.values(), key=lambda c: c.name)
    if c.kind == "alliance" and c.type in ("ally", "tower")
)
MINIONS = tuple(sorted(c.name for c in CARDS.cards.values() if c.kind == "minion"))
PHASES = (
    ("the alliance phase (the wave is on the table)", "alliance"),
    ("the treachery phase (you are done playing cards)", "treachery"),
    ("the start of a turn (the wave still to come)", "turn"),
)


def _box(widget: w.Widget) -> w.Widget:
    widget.layout = w.Layout(width="auto", max_width="100%")
    return widget


class PositionSetup(w.VBox):
    """The position the odds are about; ``state`` is the engine's position."""

    def __init__(self, rules: dict | None = None) -> None:
        self.players = _box(
            w.Dropdown(options=(("solo", 1), ("co-op", 2)), description="Players", style=WIDE)
        )
        self.horde = _box(
            w.Dropdown(options=HORDES, value="Skybooter", description="Horde", style=WIDE)
        )
        self.difficulty = _box(
            w.Dropdown(options=DIFFICULTY_WORDS, value=2, description="Difficulty", style=WIDE)
        )
        self.phase = _box(
            w.Dropdown(options=PHASES, value="alliance", description="At", style=WIDE)
        )
        self.turn = w.BoundedIntText(value=2, min=1, max=30, description="Turn", style=WIDE)
        self.castle = w.BoundedIntText(
            value=20, min=1, max=40, description="Castle health", style=WIDE
        )
        self.monsters = [
            _box(
                w.Dropdown(
                    options=MONSTERS, value="", description=f"Lane {k + 1} monster", style=WIDE
                )
            )
            for k in range(6)
        ]
        self.allies = [
            _box(w.Dropdown(options=ALLIES, value="", description=f"Lane {k + 1} ally", style=WIDE))
            for k in range(6)
        ]
        self.minions = [
            w.BoundedIntText(value=1 if k < 2 else 0, min=0, max=9, description=m, style=WIDE)
            for k, m in enumerate(MINIONS)
        ]
        self.monsters[0].value = "Skyboot Gunner"
        self.monsters[1].value = "Plank Walker"
        self.message = w.HTML()
        self.loaded = None  # a position loaded from a save file (overrides the form)
        self.files = SaveLoad(self._save, self._load, filename="skytear-position.json")
        self.files.save_label = "Save this position"
        self.files.load_label = "Load a game saved on the board…"
        self.use_form = w.Button(description="Use the position set here")
        self.use_form.add_class("sk-use-form")
        self.use_form.on_click(lambda _b: self._drop_loaded())
        self._handlers = []
        self._held = False
        self.table_rules = dict(rules or {})  # the readings the table changed (Table rules)
        lanes = w.Box(
            [
                w.VBox([m, a], layout=w.Layout(margin="0 12px 8px 0"))
                for m, a in zip(self.monsters, self.allies)
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [
                w.HTML(
                    "<p class='hk-note'>Set up the table as it is (or load a game saved on "
                    "the board). The horde deck holds the chosen horde's cards at this "
                    "difficulty, less the monsters on the table; each player's deck is "
                    "the castle's faction deck.</p>"
                ),
                row(self.players, self.horde, self.difficulty, self.phase, self.turn, self.castle),
                lanes,
                w.HTML("<b>Minions in the back line (health tokens; 0: out of play)</b>"),
                row(*self.minions),
                w.HBox([self.files, self.use_form], layout=w.Layout(flex_flow="row wrap")),
                self.message,
            ]
        )
        for x in self.form_widgets():
            x.observe(lambda _c: self._changed(), "value")
        self.use_form.layout.display = "none"
        open_position(self)  # now, or when a preheated page is opened

    def form_widgets(self) -> tuple[w.Widget, ...]:
        """Every box of the form, in order."""
        return (
            self.players,
            self.horde,
            self.difficulty,
            self.phase,
            self.turn,
            self.castle,
            *self.monsters,
            *self.allies,
            *self.minions,
        )

    @contextmanager
    def held(self):
        """Change several boxes at once: the tools hear of it once, at the end."""
        self._held = True
        try:
            yield
        finally:
            self._held = False
            self._changed()

    def on_change(self, handler) -> None:
        """Call ``handler()`` when the position changes."""
        self._handlers.append(handler)

    def _changed(self) -> None:
        if self.loaded is None and not self._held:
            for h in self._handlers:
                h()

    def config(self) -> dict:
        """The engine's config for the position set in the form."""
        units = [{"lane": k + 1, "card": m.value} for k, m in enumerate(self.monsters) if m.value]
        units += [{"lane": k + 1, "card": a.value} for k, a in enumerate(self.allies) if a.value]
        pos = {
            "phase": self.phase.value,
            "turn": self.turn.value,
            "castle": self.castle.value,
            "units": units,
            "minions": {m.description: m.value for m in self.minions if m.value},
        }
        cfg = {
            "players": self.players.value,
            "hordes": [self.horde.value],
            "difficulty": self.difficulty.value,
            "position": pos,
        }
        if self.players.value == 2:
            cfg["castle2"] = "Rootwall Hold"
        return cfg | self.table_rules

    def use_rules(self, changed: dict) -> None:
        """Set up the position by the table's readings (the tools work it out again)."""
        if changed != self.table_rules:
            self.table_rules = dict(changed)
            self._changed()

    def state(self):
        """The position (the loaded game, else the form's); the engine refuses a bad one."""
        if self.loaded is not None:
            return self.loaded[1]
        return get_game("skytear").start(self.config())

    def _save(self) -> str:
        if self.loaded is not None:
            return dump_save("skytear", *self.loaded)
        return dump_save("skytear", self.config(), self.state())

    def _load(self, text: str) -> str:
        config, state = load_save(text, expect_game="skytear")
        self.open_game(config, state, "Using the loaded game")
        return f"Loaded: turn {state.turn}, {state.phase} phase."

    def open_game(self, config: dict, state, how: str = "Opened from the link") -> None:
        """Use a game from the board (a save file, a position link) as the position."""
        if state.is_terminal:
            raise HordesKitError("that game is over: there is nothing left to forecast")
        self.loaded = (config, state)
        self.use_form.layout.display = None
        self.message.value = note_html(f"{how}: turn {state.turn}, {state.phase} phase.")
        for h in self._handlers:
            h()

    def _drop_loaded(self) -> None:
        self.loaded = None
        self.use_form.layout.display = "none"
        self.message.value = ""
        self._changed()

    def error(self, e: Exception) -> str:
        """A refused position in words."""
        return error_html(f"This position cannot be set up: {e}")
