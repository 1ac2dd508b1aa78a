"""Shadows rules as data and small pure functions (the game's declaration comes first).

Nothing here touches a game state or a random number generator: plain values in,
plain values out. The modules that move the game (setup, flow, combat) call these.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "GAME",
    "TITLE",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "STEPS",
    "MONSTER_STEP",
    "STUDY_COST",
    "END_STONES",
    "LIBRARY_DRAWS",
    "MISSIONS_DEALT",
    "POOL_MIN",
    "POOL_COPIES",
    "PHASES",
    "hand_size",
    "market_slots",
    "meets",
    "amount",
    "standings",
    "mission_met",
    "dice_faces",
]

GAME = "shadows"
TITLE = "Shadows: Heroes & Monsters"
MIN_PLAYERS, MAX_PLAYERS = 2, 3  # the base game's Market board has a 2- and a 3-player side
STEPS = (1, 2, 3, 4, 5, 6)  # Initiative Steps of the Combat Phase
MONSTER_STEP = 3  # "Initiative Step 3: ... each player reveals a Monster-Action card"
STUDY_COST = 3  # "For every 3 Experience tokens a player spends ..."
END_STONES = 9  # CleanUp: "A player has 9 or more Shadow Stones"
LIBRARY_DRAWS = (10, 9, 8)  # Play with Another Base Game: draw 10, mulligan to 9, then 8
MISSIONS_DEALT = 2  # "deal 2 to each player. Each player then chooses 1 to keep"
# Play with Another Base Game: "your Pool must have at least 50 cards, and your Pool can't
# have more than 2 copies of any single card"
POOL_MIN, POOL_COPIES = 50, 2
PHASES = ("TeamUp", "Plan", "Combat", "BuildUp", "CleanUp", "Refresh")
STATS = ("strength", "tech", "magic", "health")


def hand_size(level: int) -> int:
    """Plan Phase hand size by the current Monster's level (I: 3, II: 4, III: 5).

    >>> [hand_size(lv) for lv in (1, 2, 3)]
    [3, 4, 5]
    """
    return 2 + max(1, min(3, level))


def market_slots(players: int) -> int:
    """Market slots: the board's side for the player count (one more than the players).

    >>> market_slots(2), market_slots(3)
    (3, 4)
    """
    return players + 1


def meets(stats: Sequence[int], requires: Sequence[tuple[str, int, bool]]) -> bool:
    """True when a Hero's stats meet a card's Stat Requirements (``=<``: Health at most).

    >>> eras = (1, 3, 5, 8)  # the rulebook's Eras with her three Items
    >>> meets(eras, [("magic", 5, False)]), meets(eras, [("tech", 3, False), ("health", 7, True)])
    (True, False)
    """
    for stat, value, at_most in requires:
        have = stats[STATS.index(stat)]
        if (have > value) if at_most else (have < value):
            return False
    return True


def amount(text: str, stats: Sequence[int], target_damage: int = 0, die: int | None = None) -> int:
    """The number an amount stands for: ``3``, ``magic``, ``strength+2``, ``x``, ``die+1``.

    >>> amount("magic", (1, 2, 3, 7)), amount("strength+2", (3, 1, 1, 9)), amount("x", (0,) * 4, 5)
    (3, 5, 5)
    """
    base, _, plus = text.partition("+")
    extra = int(plus) if plus else 0
    if base.isdigit():
        return int(base) + extra
    if base == "x":
        return target_damage + extra
    if base == "die":
        if die is None:
            raise ValueError("a die amount needs the roll")
        return die + extra
    return stats[STATS.index(base)] + extra


def dice_faces(text: str) -> bool:
    """True when an amount is rolled on the die (the Glossary's Die symbol)."""
    return text.split("+")[0] == "die"


def mission_met(verb: str, need: int, facts: dict[str, int]) -> bool:
    """A Mission's condition against a player's end-of-game counts.

    >>> mission_met("monsters", 2, {"monsters": 2}), mission_met("gold", 5, {"gold": 4})
    (True, False)
    """
    return facts.get(verb, 0) >= need


def standings(rows: Sequence[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """Seats best first and the winners (Victory: Stones, Items' cost, Experience).

    Still tied after both tie-breaks: a shared victory.

    >>> standings([(7, 5, 2), (7, 5, 1), (6, 9, 9)])
    ([0, 1, 2], [0])
    >>> standings([(7, 5, 2), (7, 5, 2)])[1]
    [0, 1]
    """
    order = sorted(range(len(rows)), key=lambda i: rows[i], reverse=True)
    best = rows[order[0]]
    return order, [i for i in range(len(rows)) if rows[i] == best]
