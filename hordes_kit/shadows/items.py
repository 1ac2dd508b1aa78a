"""Items on a Hero: equipping, the one Restricted Item, Station cards whose requirement
stops being met (FAQ: blank; option ``unmet = "discard"``: discarded), and Initiative 0
cards that go to the Station Field once their requirement is met."""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import evolve
from hordes_kit.shadows.stack import log, push
from hordes_kit.shadows.state import Placed, Position, Task

__all__ = ["restricted_pair", "blank_cards", "enforce_unmet", "equip", "place_ready"]


def restricted_pair(s: Position, seat: int) -> list[str]:
    """The Restricted Items a player holds (more than one: they must keep one)."""
    return [p.card for p in s.seats[seat].items if s.card(p.card).restricted]


def blank_cards(s: Position, seat: int) -> list[str]:
    """Station cards whose Stat Requirements the Hero does not meet now (blank, FAQ)."""
    stats = s.hero_stats(seat)
    return [p.card for p in s.seats[seat].station if not s.usable_by(seat, s.card(p.card), stats)]


def enforce_unmet(s: Position, seat: int, was: list[str] | None = None) -> Position:
    """Station cards after the Hero's stats change: blank (FAQ) or discarded (option).

    By default a card whose requirement fails stays, blank, and works again once it is
    met; with ``unmet = "discard"`` (the Eras example) it leaves the Station Field.
    """
    now = blank_cards(s, seat)
    if s.config.unmet != "discard":
        who = s.who(seat)
        for c in now:
            if was is None or c not in was:
                s = log(
                    s, "ruling.unmet", f"{who}'s {s.name(c)}: requirement not met, it is blank."
                )
        for c in was or ():
            if c not in now:
                s = log(s, "ruling.unmet", f"{who}'s {s.name(c)}: requirement met again, it works.")
        return s
    st = s.seats[seat]
    keep = tuple(p for p in st.station if p.card not in now)
    if len(keep) == len(st.station):
        return s
    once = tuple(c for c in now if s.card(c).front.has("One Time"))  # used: out of the game
    back = tuple(c for c in now if c not in once)
    seats = s.seat_with(
        seat, station=keep, deck=tuple(sorted(st.deck + back)), boxed=tuple(sorted(st.boxed + once))
    )
    s = evolve(s, seats=seats)
    return log(
        s,
        reading_of(s.config, "unmet"),
        f"{s.who(seat)}'s {', '.join(s.name(c) for c in now)}: requirement no longer met, "
        "discarded (option" + ("; a One Time card leaves the game" if once else "") + ").",
    )


def equip(s: Position, seat: int, item: str) -> Position:
    """An Item to the Inventory Field; a second Restricted Item means keeping one."""
    st = s.seats[seat]
    was = blank_cards(s, seat)
    s = evolve(s, seats=s.seat_with(seat, items=st.items + (Placed(item),)))
    if len(restricted_pair(s, seat)) > 1:
        return push(s, Task("!keep", seat))
    return enforce_unmet(s, seat, was)


def place_ready(s: Position, seat: int) -> Position:
    """Initiative 0 cards in the Current Deck whose Stat Requirements the Hero meets go to
    the Station Field ("placed to a player's Station Field as soon as that player gains the
    Skill card in their Current Deck and meets the card's Stat Requirements"); one whose
    requirement is not met waits in the Current Deck."""
    st = s.seats[seat]
    if not st.hero:
        return s
    zero = [c for c in dict.fromkeys(st.deck) if 0 in s.card(c).initiative]
    stats = s.hero_stats(seat) if zero else ()
    ready = [c for c in zero if s.usable_by(seat, s.card(c), stats)]
    if not ready:
        return s
    deck = list(st.deck)
    for c in ready:
        deck.remove(c)
    station = st.station + tuple(Placed(c) for c in ready)
    s = evolve(s, seats=s.seat_with(seat, deck=tuple(deck), station=station))
    return log(
        s,
        "study.initiative-zero",
        f"{s.who(seat)}'s Hero meets the requirement of {', '.join(s.name(c) for c in ready)} "
        "(Initiative 0): from the Current Deck to the Station Field.",
        seat=seat,
    )
