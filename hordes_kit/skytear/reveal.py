"""Revealing a concealed horde card (glossary CONCEALED HORDE CARDS).

"To reveal a concealed card, flip it face-up and summon it following the usual rule with
one exception: if it was a monster it stays in that lane instead of being summoned in the
leftmost empty lane as usual." A face-down card in the back line is revealed the same way
and a monster stays there (the kit's reading, ``ruling.concealed-back-line``); a monster
revealed in the lane of an ally it cannot engage goes to the closest lane it may enter.
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, take
from hordes_kit.skytear.board import discard_to, move_to_back, remove_unit, replace_unit
from hordes_kit.skytear.effects import ability_tasks
from hordes_kit.skytear.engage import shunned
from hordes_kit.skytear.machine import Roll, draw_outcomes, handles, push
from hordes_kit.skytear.state import Position, Task, emit
from hordes_kit.skytear.stats import keyword

__all__ = ["reveal"]


@handles("reveal")
def reveal(s: Position, t: Task):
    """A concealed card is turned face up and summoned (a monster stays in its lane)."""
    (uid,) = t.args
    u = s.unit(uid)
    if u is None or not u.concealed:
        return s
    pool = s.concealed_pool if u.old_pool else s.horde_deck
    if not t.picks:
        return Roll(draw_outcomes("reveal", pool))
    card = t.picks[0]
    if u.old_pool:
        s = evolve(s, concealed_pool=take(s.concealed_pool, card))
    else:
        s = evolve(s, horde_deck=take(s.horde_deck, card), hidden=s.hidden - 1)
    c = s.card(card)
    lane = s.lane_of(uid)
    where = f"lane {lane + 1}" if lane >= 0 else "the back line"
    s = emit(
        s,
        "keywords.concealed" if lane >= 0 else "ruling.concealed-back-line",
        f"The face-down card in {where} is {c.name}."
        + (" A monster stays in the back line." if lane < 0 and c.type == "monster" else ""),
        {"card": card},
    )
    if c.type == "monster":
        s = replace_unit(s, evolve(u, card=card))
        if keyword(s, s.unit(uid), "pillager"):
            s = move_to_back(s, uid)
        tasks = [*ability_tasks(s, uid, card, "play", -1), Task("boost", (card,))]
        if lane >= 0 and s.lane_of(uid) == lane and shunned(s, s.unit(uid), lane):
            tasks.insert(0, Task("closest_lane", (card, False, lane, uid)))
        return push(s, *tasks)
    for att, owner in u.attached:  # not a monster: nothing stays beneath it (glossary)
        s = discard_to(s, att, owner)
    s = remove_unit(s, uid)  # (in a lane or the back line)
    return push(s, Task("enter", (card, "reveal")), Task("boost", (card,)))
