"""The Fantahzee board's New game section: players, each seat's name and who plays it
(a person or a bot), the seed; and what the board reads from it (``SeatSetup``, mixed
into ``FZBoard``)."""

from __future__ import annotations

import ipywidgets as w

from hordes_kit.core.schema import PERSON
from hordes_kit.ui.controls import section, seed_box

__all__ = ["SEAT_KINDS", "SeatSetup"]

SEAT_KINDS = {"Person": None, "Random bot": "random", "Strong bot": "strong"}


class SeatSetup:
    """The New game section of a board (``setup``) and the seats it sets up."""

    def _build_setup(self, players: int, seed: int | None, kinds) -> None:
        self.players_box = w.Dropdown(
            options=[2, 3, 4, 5],
            value=players,
            description="Players",
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.seat_boxes = []
        for i in range(5):
            name = w.Text(
                value=f"Player {i + 1}",
                description=f"Seat {i + 1}",
                style={"description_width": "initial"},
                layout=w.Layout(width="auto", max_width="260px"),
            )
            kind = w.Dropdown(
                options=list(SEAT_KINDS),
                value="Person" if i == 0 else "Strong bot",
                description="plays as",
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            self.seat_boxes.append((name, kind))
        if kinds:
            for (_n, k), kind in zip(self.seat_boxes, kinds):
                k.value = kind
        self.seed_box = seed_box(seed or 0)
        self.new_button = w.Button(description="New game", button_style="primary")
        self.new_button.add_class("hk-new-game")
        self.seats_row = w.VBox()
        self.setup = section(
            "New game",
            w.HBox([self.players_box, self.seed_box]),
            self.seats_row,
            self.new_button,
            level=3,
        )

    # --- the table ---------------------------------------------------------------------

    def _show_seats(self) -> None:
        n = self.players_box.value
        self.seats_row.children = tuple(w.HBox([name, kind]) for name, kind in self.seat_boxes[:n])

    def kinds(self) -> list[str | None]:
        """Each seat's bot (None = a person). At a shared table only this page's own seat
        is a person here: every other seat plays on another device or is the table's bot."""
        if self.at_table():
            me = self.table_seat()
            return [None if i == me else "table" for i in range(self.config["players"])]
        return [SEAT_KINDS[k.value] for _n, k in self.seat_boxes[: self.config["players"]]]

    def table_seats(self) -> list[tuple[str, str]]:
        """The seats of a shared table: New game's names, people and bots."""
        n = self.players_box.value
        names = self._new_config()["names"]
        return [
            (names[i], "person" if SEAT_KINDS[k.value] is None else "bot")
            for i, (_n, k) in enumerate(self.seat_boxes[:n])
        ]

    def seat_players(self) -> list[str]:
        """Who plays each seat of the game in progress: "person", "random" or "strong"."""
        return [kind or PERSON for kind in self.kinds()]

    def _show_seat_players(self, seats: list[str]) -> None:
        """A loaded or linked game's people and bots in the seats' "plays as" boxes."""
        words = {kind or PERSON: word for word, kind in SEAT_KINDS.items()}
        for (_name, kind), seat in zip(self.seat_boxes, seats):
            kind.value = words[seat]

    def _show_new_game(self, config: dict) -> None:
        """A loaded game's players and seat names in the New game section (read from its
        state: a save's config leaves out what is the kit's default)."""
        cfg = self.state.config
        if cfg.players in self.players_box.options:
            self.players_box.value = cfg.players
        for i, (name, _kind) in enumerate(self.seat_boxes[: cfg.players]):
            name.value = cfg.name(i)

    def _new_config(self) -> dict:
        n = self.players_box.value
        names = [
            name.value.strip() or f"Player {i + 1}"
            for i, (name, _k) in enumerate(self.seat_boxes[:n])
        ]
        return {"players": n, "names": names}
