"""Abilities that act by themselves: Auto triggers (``active.on``) and progress tracks
(``track``) of a player's Station cards and Items, when that player uses a Predict, an
Attack, a Spell or a Response, KnocksDown a Hero, or sees another Hero KnockedDown.

A triggered ability resolves as a card of its own (``card`` task, ``active``, ``trigger``),
on top of whatever was resolving; what the card under it reads (``last``) is kept for it.
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows.stack import log, push
from hordes_kit.shadows.state import Placed, Position, Task, seat_id

__all__ = ["fire", "WHEN_WORDS"]

WHEN_WORDS = {
    "predict": "uses a Predict",
    "attack": "uses an Attack",
    "spell": "uses a Spell",
    "response": "uses a Response",
    "knockdown-other": "sees another Hero KnockedDown",
    "knockdown-by-you": "KnocksDown a Hero",
}


def _ready(s: Position, seat: int, p: Placed, active: dict, item: bool) -> bool:
    """Its player may still use it: requirement met (not blank), uses left."""
    if not item and not s.usable_by(seat, s.card(p.card)):
        return False
    return p.used_round < active.get("per_round", 99) and p.used_game < active.get("times", 99)


def fire(s: Position, seat: int, event: str) -> Position:
    """``seat``'s abilities waiting for ``event``: Auto triggers act, tracks move on."""
    st = s.seats[seat]
    todo: list[Task] = []
    zones = {"station": list(st.station), "items": list(st.items)}
    for zone, placed in zones.items():
        item = zone == "items"
        for i, p in enumerate(placed):
            card = s.card(p.card)
            side = card if item else card.side(p.back)
            active, track = side.active, side.track
            src = f"{seat_id(seat)}.{p.card}" if not item and card.entity else seat_id(seat)
            notes = ("active",) + (("item",) if item else ()) + ((f"on:{p.on}",) if p.on else ())
            if active.get("on") == event and _ready(s, seat, p, active, item):
                p = evolve(p, used_round=p.used_round + 1, used_game=p.used_game + 1)
                s = log(
                    s,
                    "auto.predict" if event == "predict" else "auto",
                    f"{s.name(p.card)} (Auto) acts: {s.who(seat)} {WHEN_WORDS[event]}.",
                    seat=seat,
                )
                todo.append(Task("card", seat, p.card, source=src, notes=(*notes, "trigger")))
            if track.get("on") == event and (item or s.usable_by(seat, card)):
                p = evolve(p, progress=p.progress + 1)
                if p.progress >= track["steps"]:
                    p = evolve(p, progress=0)
                    s = log(
                        s,
                        "track",
                        f"{s.name(p.card)}: the token reaches '!': its effect resolves and the "
                        "token goes back to Start.",
                        seat=seat,
                    )
                    todo.append(
                        Task("card", seat, p.card, source=src, notes=(*notes, "track", "trigger"))
                    )
                else:
                    s = log(
                        s,
                        "track",
                        f"{s.name(p.card)}: the token moves on ({p.progress} of {track['steps']}).",
                        seat=seat,
                    )
            placed[i] = p
    s = evolve(
        s, seats=s.seat_with(seat, station=tuple(zones["station"]), items=tuple(zones["items"]))
    )
    return push(s, *reversed(todo)) if todo else s
