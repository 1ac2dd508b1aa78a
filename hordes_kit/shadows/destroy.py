"""The Destroy Trait: a card removed from the game (Glossary: Destroy).

"When a card is destroyed, it is removed from the current game ... it no longer counts for
any Victory conditions or other Card Requirements. No player may play that card again."
A Market Item goes out of the game; an opponent's Item or Station card goes to its owner's
box pile (``Seat.boxed``), so it no longer counts for the Items' cost, a Mission, or the
Study of its title.
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.shadows.damage import detach
from hordes_kit.shadows.items import blank_cards, enforce_unmet
from hordes_kit.shadows.stack import log
from hordes_kit.shadows.state import Position, parse_seat, seat_id

__all__ = ["destroy_targets", "destroy"]


def destroy_targets(s: Position, seat: int, kind: str) -> list[str]:
    """What a destroy effect may remove: a Market Item (``market``, or ``""`` for the
    optional ``destroy-item``), an opponent's Item (``p2.<item>``) or a card on an
    opponent's Station Field (``p2.<card>``, not an Invincible entity)."""
    if kind in ("", "market"):
        return sorted(set(s.market))
    out = []
    for k in range(s.n):
        if k == seat:
            continue
        zone = s.seats[k].items if kind == "item" else s.seats[k].station
        out += [f"{seat_id(k)}.{p.card}" for p in zone]
    return sorted({x for x in out if not s.is_invincible(x)})


def destroy(s: Position, seat: int, target: str) -> Position:
    """``seat`` destroys ``target`` (a Market Item id or ``p2.<card>``): out of the game."""
    who = s.who(seat)
    head, _, card = target.partition(".")
    k = parse_seat(head, s.n)
    if k is None:
        s = evolve(s, market=take(s.market, target))
        return log(s, "destroy", f"{who} destroys {s.name(target)}: out of the game.")
    st = s.seats[k]
    was = blank_cards(s, k)
    items = list(st.items)
    station = list(st.station)
    on_station = not any(p.card == card for p in items)
    if on_station:
        station.pop(next(i for i, p in enumerate(station) if p.card == card))
    else:
        items.pop(max(i for i, p in enumerate(items) if p.card == card))
    s = evolve(
        s,
        seats=s.seat_with(k, items=tuple(items), station=tuple(station), boxed=put(st.boxed, card)),
    )
    s = log(
        s,
        "destroy.card",
        f"{who} destroys {s.who(k)}'s {s.name(card)}: out of the game (it no longer counts "
        "for anything).",
    )
    if on_station and s.card(card).entity:
        s = detach(s, f"{seat_id(k)}.{card}")  # its Attachments go back to their decks
    return enforce_unmet(s, k, was)
