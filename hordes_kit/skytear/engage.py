"""Where cards may stand when one cannot engage or be engaged, or cannot move.

Glossary CANNOT ENGAGE / BE ENGAGED: "If a monster would be summoned engaged with an ally
that they cannot engage, summon them in the closest free lane instead (or place them in
the outsider pile if there is no available lane). An ally cannot enter a lane of a monster
that they cannot engage." Clarifications: "If an ability says to do something and another
says you cannot do it, the 'cannot' takes precedence" - so no rule or card moves a card
that cannot move, and no ally is put in a lane it may not share.
"""

from __future__ import annotations

from hordes_kit.skytear.board import move_to_lane, new_unit, place, remove_unit, to_outsider_pile
from hordes_kit.skytear.machine import Ask, handles, push
from hordes_kit.skytear.state import Position, Task, Unit, emit
from hordes_kit.skytear.stats import can, may_share_lane

__all__ = ["probe", "monster_lanes", "ally_lanes", "shunned", "held"]


def probe(card: str, side: str, owner: int = -1) -> Unit:
    """A card about to enter play, to ask what it may do (uid -1: never a card in play)."""
    return Unit(-1, card, side, owner)


def monster_lanes(s: Position, m: Unit) -> list[int]:
    """Lanes without monsters that the monster may enter (no ally there it cannot share)."""
    return [
        i
        for i, x in enumerate(s.monsters)
        if (x is None or x.uid == m.uid) and may_share_lane(s, m, s.allies[i])
    ]


def ally_lanes(s: Position, a: Unit) -> list[int]:
    """Lanes without alliance cards that the ally (or tower) may enter."""
    return [
        i
        for i, x in enumerate(s.allies)
        if (x is None or x.uid == a.uid) and may_share_lane(s, s.monsters[i], a)
    ]


def shunned(s: Position, m: Unit, lane: int) -> bool:
    """The monster would be summoned engaged with an ally it cannot engage."""
    return not may_share_lane(s, m, s.allies[lane])


@handles("closest_lane")
def closest_lane(s: Position, t: Task):
    """A monster that cannot engage the ally of its lane is summoned in the closest free lane
    it may enter instead (a tie: you choose), or goes to the bottom of the outsider pile.
    ``uid`` > 0: a revealed card already on the table moves there."""
    card, token, lane, uid = t.args
    m = s.unit(uid) if uid > 0 else probe(card, "horde")
    name = s.name(card)
    ally = s.allies[lane]
    why = f"{name} cannot be engaged with {s.name(ally.card)} (lane {lane + 1})"
    options = monster_lanes(s, m)
    if not options:
        if uid > 0:
            s = remove_unit(s, uid)
        return emit(
            to_outsider_pile(s, card),
            "keywords.cannot-engage",
            f"{why}, and no free lane is open to it: it goes to the bottom of the outsider pile "
            "(it cannot be summoned until the next turn).",
            {"card": card},
        )
    near = min(abs(i - lane) for i in options)
    best = [i for i in options if abs(i - lane) == near]
    if len(best) > 1 and not t.picks:
        opts = tuple((f"lane:{i + 1}", i) for i in best)
        return Ask(0, opts, f"{why}: it enters the closest free lane. Which one?")
    to = t.picks[0] if t.picks else best[0]
    text = f"{why}: it enters lane {to + 1} instead, the closest free lane."
    if uid > 0:
        return emit(move_to_lane(s, uid, to), "keywords.cannot-engage", text)
    s, u = new_unit(s, card, "horde", token=token)
    s = emit(place(s, u, to), "keywords.cannot-engage", text, {"card": card, "lane": to + 1})
    # its "Play:" abilities once it has entered (effects.ability_tasks, which sits above)
    return push(s, *(Task("ability", (u.uid, card, a, -1)) for a in s.card(card).triggered("play")))


def held(s: Position, u: Unit, doing: str) -> Position | None:
    """The position with a note when a card that cannot move is told to (else None)."""
    if can(s, u, "move"):
        return None
    name = s.name(u.card) if u.card else "a face-down card"
    return emit(
        s, "abilities.cannot", f"{name} cannot move: it does not {doing} (a 'cannot' wins)."
    )
