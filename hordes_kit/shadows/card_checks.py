"""The semantic checks of a Shadows card file, run by the loader wherever card text enters
(check-data, a game's start, a save's Load, a link, a table): the decks Setup draws from
hold enough cards for every player count the file's Heroes allow. Each failure is a
``CardDataError`` naming the file and the table."""

from __future__ import annotations

from hordes_kit.core.errors import CardDataError
from hordes_kit.shadows.card_model import CardSet
from hordes_kit.shadows.rules import MAX_PLAYERS, MISSIONS_DEALT, POOL_MIN

__all__ = ["check_playable", "pool_notes"]


def check_playable(cards: CardSet) -> None:
    """A game can start and play with these cards at every player count its Heroes allow:
    Setup draws players + 1 Basic Items and players + 1 Market Items, and deals
    2 Missions to each player."""
    players = min(MAX_PLAYERS, len(cards.heroes))
    n = cards.counts()
    needs = (
        ("item", n["basic item"], players + 1, 'Basic Items (kind = "basic", copies counted)'),
        ("item", n["market item"], players + 1, 'Market Items (kind = "market", copies counted)'),
        ("mission", n["mission"], MISSIONS_DEALT * players, "Missions"),
    )
    for table, have, need, what in needs:
        if have < need:
            raise CardDataError(
                cards.file,
                None,
                table,
                f"{have} {what}: Setup for {players} players needs at least {need}",
            )


def pool_notes(cards: CardSet) -> list[str]:
    """What ``check-data`` notes about the file as a Skill Pool (Play with Another Base
    Game: "your Pool must have at least 50 cards")."""
    n = cards.counts()["neutral skill"]
    if n >= POOL_MIN:
        return []
    return [
        f"{n} Neutral Skill cards: too few for a Skill Pool game (library = pool needs a Pool "
        f"of at least {POOL_MIN}); games with the Beginner Libraries still play"
    ]
