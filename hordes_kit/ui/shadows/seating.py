"""The table's set-up for a new Shadows game (2 or 3 seats, each a person or a bot, the
rules options) and the Shadows pages' own stylesheet."""

from __future__ import annotations

import ipywidgets as w

from hordes_kit.core.data import widgets_path
from hordes_kit.shadows.bots import random_bot, sensible_bot
from hordes_kit.ui.controls import new_game_row, seed_box
from hordes_kit.ui.roles import KernelWidget

__all__ = ["SEAT_KINDS", "TableSetup", "ShadowsStyle"]

SEAT_KINDS = {"Person": None, "Sensible bot": sensible_bot, "Random bot": random_bot}
WIDE = {"description_width": "initial"}


class ShadowsStyle(KernelWidget):
    """The Shadows pages' own few styles (the status line, the pass screen, grading)."""

    _esm = "export default {\n  render({ el }) { el.classList.add('sh-stylesheet'); },\n};\n"
    _css = widgets_path("shadows.css").read_text(encoding="utf-8")


class TableSetup(w.VBox):
    """Players, each seat's name and who plays it, the seed, and New game."""

    def __init__(self, players: int = 2, kinds=None, names=None, seed: int | None = None) -> None:
        self.players = w.ToggleButtons(options=[2, 3], value=players, description="Players")
        self.seat_boxes = []
        for i in range(3):
            name = w.Text(
                value=(names[i] if names and i < len(names) else f"Player {i + 1}"),
                description=f"Seat {i + 1}",
                style=WIDE,
                layout=w.Layout(width="220px"),
            )
            default = "Person" if i == 0 else "Sensible bot"
            kind = w.Dropdown(
                options=list(SEAT_KINDS),
                value=kinds[i] if kinds and i < len(kinds) else default,
                description="played by",
                style=WIDE,
                layout=w.Layout(width="240px"),
            )
            self.seat_boxes.append(w.HBox([name, kind]))
        self.new_button = w.Button(description="New game", button_style="primary")
        self.new_button.add_class("sh-new")
        self.seed_box = seed_box(seed or 0)
        self.seats = w.VBox()
        super().__init__([self.players, self.seats, new_game_row(self.new_button, self.seed_box)])
        self.players.observe(lambda _c: self.show_seats(), "value")
        self.show_seats()

    def show_seats(self) -> None:
        """Show as many seats as players."""
        self.seats.children = tuple(self.seat_boxes[: self.players.value])

    def kinds(self, n: int) -> list[str]:
        """Who plays each of the first ``n`` seats: 'Person', 'Sensible bot', 'Random bot'."""
        return [b.children[1].value for b in self.seat_boxes[:n]]

    def show_kinds(self, kinds: list[str]) -> None:
        """Who plays each seat, from the first: 'Person', 'Sensible bot' or 'Random bot'."""
        for box, kind in zip(self.seat_boxes, kinds):
            box.children[1].value = kind

    def show_config(self, config) -> None:
        """A loaded game's players and seat names, from its config (``SConfig``); who plays
        each seat: ``show_kinds``."""
        if config.players in self.players.options:
            self.players.value = config.players
        for i, box in enumerate(self.seat_boxes[: config.players]):
            box.children[0].value = config.name(i)

    def config(self) -> dict:
        """The new game's config: players and names (made unique); the table rules come
        from the board's Table rules panel."""
        n = self.players.value
        names = [
            b.children[0].value.strip() or f"Player {i + 1}"
            for i, b in enumerate(self.seat_boxes[:n])
        ]
        if len(set(names)) < n:
            names = [f"{x} ({i + 1})" for i, x in enumerate(names)]
        return {"players": n, "names": names}
