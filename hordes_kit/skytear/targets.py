"""Which cards an ability's target word can mean now, and who chooses among them.

"If something is tied or not specified, you are free to decide" (General Rules for
Abilities): a target word that fits several cards is a player's decision; STRONGEST,
WEAKEST and MOST WOUNDED ask only on a tie.
"""

from __future__ import annotations

from hordes_kit.skytear.rules import rank_key
from hordes_kit.skytear.state import Position, Unit, emit
from hordes_kit.skytear.stats import attack, engaged_with, health, keyword

__all__ = ["SETS", "SPECIAL", "TARGET_RULE", "candidates", "cite_target", "decider", "unit_label"]

SETS = ("all-monsters", "all-lane-monsters", "all-allies", "all-minions", "neighbors")
SPECIAL = ("castle", "portal")


def decider(s: Position, card: str, seat: int) -> int:
    """The seat that makes an ability's choices: an alliance card's player; else player 1.

    Ruling: the players decide together what the rulebook leaves to "you"; the engine
    asks player 1 (solo: the player).
    """
    c = s.cards.cards.get(card)
    alliance = (c is not None and c.kind == "alliance") or card in s.cards.castles
    if alliance and 0 <= seat < s.players:
        return seat
    return 0


def _monsters(s: Position) -> list[Unit]:
    return [u for _, _, u in s.units() if u.side == "horde"]


def _allies(s: Position) -> list[Unit]:
    return [u for _, _, u in s.units() if s.is_ally(u)]


def _best(s: Position, units: list[Unit], key) -> list[Unit]:
    if not units:
        return []
    top = max(key(u) for u in units)
    return [u for u in units if key(u) == top]


def candidates(s: Position, word: str, src: int) -> list[Unit] | list[str]:
    """The units (or ``["castle"]`` / ``["portal"]``) a target word fits now; ties all listed."""
    if word in SPECIAL:
        return [word]
    me = s.unit(src) if src else None
    if word == "self":
        return [me] if me is not None else []
    if word == "engaged":
        other = engaged_with(s, me) if me is not None else None
        return [other] if other is not None else []
    if word == "boosted":
        u = s.unit(s.boosted) if s.boosted else None
        return [u] if u is not None else []
    mons, allies = _monsters(s), _allies(s)
    lane_mons = [u for u in mons if s.lane_of(u.uid) >= 0]
    if word == "ally":
        return allies
    if word == "other-ally":
        return [u for u in allies if u.uid != src]
    if word == "monster":
        return mons
    if word == "lane-monster":
        return lane_mons
    if word == "non-epic-monster":
        return [u for u in mons if not keyword(s, u, "epic")]
    if word == "unengaged-monster":
        return [u for u in lane_mons if engaged_with(s, u) is None]
    if word == "wounded-monster":
        return [u for u in mons if u.damage > 0]
    if word == "minion":
        return [u for u in mons if s.is_minion(u)]
    if word == "tower":
        return [u for _, _, u in s.units() if u.side == "alliance" and not s.is_ally(u)]
    if word in ("strongest-monster", "weakest-monster", "strongest-ally", "weakest-ally"):
        pool = mons if word.endswith("monster") else allies
        sign = 1 if word.startswith("strongest") else -1
        return _best(
            s, pool, lambda u: tuple(sign * x for x in rank_key(attack(s, u), health(s, u)))
        )
    if word in ("most-wounded-monster", "most-wounded-ally"):
        pool = mons if word.endswith("monster") else allies
        return _best(s, [u for u in pool if u.damage > 0], lambda u: u.damage)
    if word in ("leftmost-monster", "rightmost-monster"):
        row = [u for u in s.monsters if u is not None]
        if not row:
            return []
        return [row[0] if word.startswith("left") else row[-1]]
    if word == "all-monsters":
        return mons
    if word == "all-lane-monsters":
        return lane_mons
    if word == "all-allies":
        return allies
    if word == "all-minions":
        return [u for u in mons if s.is_minion(u)]
    if word == "neighbors":
        lane = s.lane_of(src) if me is not None else -1
        if lane < 0:
            return []
        row = s.monsters if me.side == "horde" else s.allies
        return [row[i] for i in (lane - 1, lane + 1) if 0 <= i < len(row) and row[i] is not None]
    if word in ("adjacent-monster", "monster-within-1"):
        lane = s.lane_of(src) if me is not None else -1
        near = (lane - 1, lane + 1) if word == "adjacent-monster" else (lane - 1, lane, lane + 1)
        row = s.monsters
        return [row[i] for i in near if lane >= 0 and 0 <= i < len(row) and row[i] is not None]
    if word == "host":
        return []  # only static abilities use the host (stats.py)
    raise AssertionError(f"unknown target {word!r:.60}")


def unit_label(s: Position, u: Unit) -> str:
    """A unit in words: ``Skyboot Gunner (lane 3)``, ``Ratamil Minions (back line)``."""
    zone, i, _ = s.find(u.uid)
    name = s.name(u.card) if u.card else "a face-down horde card"
    where = f"lane {i + 1}" if zone in "ma" else "back line"
    return f"{name} ({where})"


# target words the glossary defines: the rule a chosen target cites (the log says why it fits)
TARGET_RULE = {
    "strongest-monster": ("keywords.strongest", "the STRONGEST monster"),
    "strongest-ally": ("keywords.strongest", "the STRONGEST ally"),
    "weakest-monster": ("keywords.weakest", "the WEAKEST monster"),
    "weakest-ally": ("keywords.weakest", "the WEAKEST ally"),
    "most-wounded-monster": ("keywords.most-wounded", "the MOST WOUNDED monster"),
    "most-wounded-ally": ("keywords.most-wounded", "the MOST WOUNDED ally"),
    "wounded-monster": ("keywords.wounded", "a wounded monster"),
    "non-epic-monster": ("keywords.epic", "a non-epic monster"),
    "unengaged-monster": ("keywords.engaged", "an unengaged monster"),
    "engaged": ("keywords.engaged", "the card it is engaged with"),
    "neighbors": ("keywords.neighbor", "a neighbor"),
    "adjacent-monster": ("keywords.adjacent", "a monster in an adjacent lane"),
    "monster-within-1": ("keywords.within-1-lane", "a monster within 1 lane"),
}


def cite_target(s: Position, word: str, units: list) -> Position:
    """Say why each chosen target fits a target word the glossary defines."""
    if word not in TARGET_RULE:
        return s
    rule, what = TARGET_RULE[word]
    if word == "non-epic-monster":
        epic = [m for m in _monsters(s) if keyword(s, m, "epic")]
        if epic:
            names = ", ".join(unit_label(s, m) for m in epic)
            what += f" (epic, and so out of its reach: {names})"
    for u in units:
        if isinstance(u, Unit) and s.unit(u.uid) is not None:
            s = emit(
                s,
                rule,
                f"{unit_label(s, u)} is {what} (attack {attack(s, u)}, health {health(s, u)}).",
            )
    return s
