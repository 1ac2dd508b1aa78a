"""Shadows table setup and rules options (``SConfig``), checked completely on entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.options import check_options
from hordes_kit.shadows.cards import CardSet, load_cards

__all__ = ["SConfig"]


@dataclass(frozen=True)
class SConfig:
    """Table setup and rules options (defaults = the rulebook and our rulings).

    The table rules (``data/shadows/options.toml``, checked on construction): ``library``,
    ``mulligan`` and ``unmet``.
    """

    DATA: ClassVar[str] = "shadows"  # data/shadows/options.toml: the table rules
    players: int = 2
    names: tuple[str, ...] = ()
    cards: str = ""  # a player's own card file, as its text; "" = the shipped cards
    library: str = "beginner"  # ruling: the Beginner list, or "pool" (10 drawn, mulligans)
    mulligan: bool = True  # with library = "pool": the 10/9/8 mulligan
    unmet: str = "blank"  # ruling (FAQ): a Station card whose requirement fails is blank
    position: Mapping[str, Any] | None = None  # start from a described position (scenarios)

    def __post_init__(self) -> None:
        check_options(self, "Shadows")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SConfig:
        """Options from a plain dict; unknown keys and bad values are clear errors."""
        known = {"players", "names", "cards", "library", "mulligan", "unmet", "position"}
        bad = sorted(set(d) - known)
        if bad:
            raise InvalidInputError(f"unknown Shadows option {bad[0]!r:.40}")
        players = d.get("players", 2)
        if isinstance(players, bool) or players not in (2, 3):
            raise InvalidInputError(f"Shadows is for 2-3 players, got players = {players!r:.40}")
        names = d.get("names") or ()
        if not isinstance(names, list | tuple) or (
            names and (len(names) != players or not all(isinstance(n, str) and n for n in names))
        ):
            raise InvalidInputError(f"names must give {players} non-empty names, got {names!r:.40}")
        cards = d.get("cards", "")
        if not isinstance(cards, str) or len(cards) > 1_000_000:
            raise InvalidInputError("cards must be the text of a card file (at most 1 MB)")
        library = d.get("library", "beginner")
        unmet = d.get("unmet", "blank")
        mull = d.get("mulligan", True)
        pos = d.get("position")
        if pos is not None and not isinstance(pos, Mapping):
            raise InvalidInputError("position must be a table")
        return cls(players, tuple(names), cards, library, mull, unmet, pos)

    def to_dict(self) -> dict:
        """The options as JSON types (save files): what differs from the defaults."""
        out: dict[str, Any] = {"players": self.players}
        if self.names:
            out["names"] = list(self.names)
        if self.cards:
            out["cards"] = self.cards
        if self.library != "beginner":
            out["library"] = self.library
        if not self.mulligan:
            out["mulligan"] = False
        if self.unmet != "blank":
            out["unmet"] = self.unmet
        if self.position is not None:
            out["position"] = self.position
        return out

    def card_set(self) -> CardSet:
        """The card lists this game plays with."""
        return load_cards(self.cards)

    def name(self, seat: int) -> str:
        """A seat's name ("Player 2" unless the table named it)."""
        return self.names[seat] if self.names else f"Player {seat + 1}"
