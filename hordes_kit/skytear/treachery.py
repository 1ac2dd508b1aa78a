"""The Treachery phase, step 1: the treachery card revealed from the horde deck; its symbols
give the leftmost or rightmost monster temporary attack, or its treachery ability resolves.

Rulebook "Treachery Phase"; our readings: a treachery-ability card's boosted monster is the
leftmost (ruling.treachery-ability-boosted), no horde card left (ruling.no-horde-cards).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.board import add_tokens, horde_outcomes
from hordes_kit.skytear.horde import monsters_present, physical_deck, reshuffle
from hordes_kit.skytear.machine import Roll, handles, push
from hordes_kit.skytear.rules import boosted_lane
from hordes_kit.skytear.state import Position, Task, emit
from hordes_kit.skytear.targets import unit_label

__all__ = ["treachery", "treachery_bonus"]


@handles("treachery")
def treachery(s: Position, t: Task):
    """Treachery step 1: reveal the top horde card; its symbols boost a monster, or its ability."""
    if not t.picks:
        s = evolve(s, phase="treachery")
        if physical_deck(s) <= 0:
            if not s.horde_discard:
                return emit(
                    s, "ruling.no-horde-cards", "No horde card left for the treachery card."
                )
            return push(reshuffle(s), t)
        return Roll(tuple((f"treachery:{c}", p, c) for _, p, c in horde_outcomes(s)))
    card = t.picks[0]
    c = s.card(card)
    s = emit(
        s,
        "treachery.card",
        f"The treachery card is {c.name}.",
        {"card": card},
        horde_deck=take(s.horde_deck, card),
        horde_discard=put(s.horde_discard, card),
        treachery=card,
    )
    if c.treachery_side:
        lane = boosted_lane(monsters_present(s), c.treachery_side)
        if lane < 0:
            return emit(
                s,
                "treachery.boosted",
                "No monster in the front line: nothing is boosted.",
                {"bonus": c.treachery_bonus, "side": c.treachery_side, "target": ""},
            )
        u = s.monsters[lane]
        if u.concealed:
            return push(s, Task("reveal", (u.uid,)), Task("treachery_bonus", (card,)))
        return push(s, Task("treachery_bonus", (card,)))
    abilities = [a for a in c.abilities if a.trigger == "treachery"]
    if not abilities:
        return emit(s, "treachery.card", f"{c.name} shows no treachery symbol: nothing happens.")
    first = [u for u in s.monsters if u is not None]
    s = evolve(s, boosted=first[0].uid if first else 0)
    if first:
        s = emit(
            s,
            "ruling.treachery-ability-boosted",
            "A treachery ability card: its boosted "
            f"monster, if it names one, is the leftmost, {unit_label(s, first[0])}.",
        )
    return push(s, *(Task("ability", (0, card, a, -1)) for a in abilities))


@handles("treachery_bonus")
def treachery_bonus(s: Position, t: Task):
    """The boosted monster gains one temporary attack token per symbol."""
    (card,) = t.args
    c = s.card(card)
    lane = boosted_lane(monsters_present(s), c.treachery_side)
    if lane < 0:
        return s
    u = s.monsters[lane]
    s = add_tokens(s, u.uid, "temp-attack", c.treachery_bonus)
    return emit(
        s,
        "treachery.boosted",
        f"Attack bonus on the {c.treachery_side}: the "
        f"{c.treachery_side}most monster, {unit_label(s, u)}, gains {c.treachery_bonus} "
        "temporary attack token(s).",
        {
            "uid": u.uid,
            "bonus": c.treachery_bonus,
            "side": c.treachery_side,
            "target": unit_label(s, u),
            "card": u.card,
        },
        boosted=u.uid,  # set in the line's copy of the position
    )
