"""Helpers the Shadows tests share: a described position and the way into its Combat Phase."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import new_game

AK_ERAS = [{"hero": "akintunde"}, {"hero": "eras"}]


def position(seats=AK_ERAS, monster="cave-stalker", players=2, config=None, **pos):
    """A game at the start of a round's TeamUp Phase (round 2 by default)."""
    pos = {"round": 2, "leader": 0, "monster": monster, "seats": seats, **pos}
    return new_game({"players": players, "position": pos, **(config or {})})


def with_deck(s, seat, *cards):
    """The position with more cards in a seat's Current Deck."""
    st = s.seats[seat]
    return evolve(s, seats=s.seat_with(seat, deck=tuple(sorted(st.deck + cards))))


def to_combat(s, hands, gives=None, teamup="teamup:xp"):
    """TeamUp (forced Monster-Action draws and gives), then each seat's Hand, in order."""
    if teamup and teamup in s.legal_actions():
        s = s.apply(teamup)
    for kind in gives or ["MxSpecial"] * s.n:
        s = s.apply(f"ma:{kind}")
    for kind in (gives or ["MxSpecial"] * s.n)[:-1]:
        if s.top().kind == "!give":
            s = s.apply(f"give:{kind}")
    for hand in hands:
        for c in hand:
            if s.top().kind == "!pick":
                s = s.apply(f"pick:{c}")
    return s


def until(s, seat, step, kind="!turn"):
    """Pass (or take the first legal move) until ``seat`` decides ``kind`` at ``step``."""
    while not (s.top().kind == kind and s.top().seat == seat and s.step == step):
        legal = s.legal_actions()
        s = s.apply("pass" if "pass" in legal else "take" if "take" in legal else legal[0])
    return s


def lay(s, *cards):
    """Lay cards in order and start resolving them (``go`` is made at once when forced)."""
    seat = s.top().seat
    for c in cards:
        s = s.apply(f"lay:{c}")
    if s.top().kind == "!turn" and s.top().seat == seat and "go" in s.legal_actions():
        s = s.apply("go")
    return s
