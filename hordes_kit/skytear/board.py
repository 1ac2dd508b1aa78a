"""Small changes to a position: units in and out of lanes, tokens, mana, castle, portal, decks.

Each function returns a new position (and logs what the rulebook would have you do).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.machine import draw_outcomes, push
from hordes_kit.skytear.rules import MANA_MAX, clamp
from hordes_kit.skytear.state import Deck, Position, Task, Unit, emit

__all__ = [
    "TOKEN_FIELD",
    "replace_unit",
    "remove_unit",
    "place",
    "move_to_lane",
    "move_to_back",
    "new_unit",
    "add_tokens",
    "damaged_tasks",
    "add_lane_tokens",
    "gain_mana",
    "hurt_castle",
    "hurt_portal",
    "deck_outcomes",
    "take_drawn",
    "horde_outcomes",
    "discard_to",
    "to_outsider_pile",
]

TOKEN_FIELD = {
    "health": ("hp", 1),
    "damage": ("hp", -1),
    "attack": ("atk", 1),
    "temp-attack": ("tatk", 1),
    "armor": ("arm", 1),
    "temp-armor": ("tarm", 1),
    "charge": ("charges", 1),
}


def replace_unit(s: Position, u: Unit) -> Position:
    """The position with the unit of the same uid replaced by ``u``."""
    w = s.find(u.uid)
    if w is None:
        raise AssertionError(f"unit {u.uid} is not in play")
    zone, i, _ = w
    if zone == "m":
        return evolve(s, monsters=s.monsters[:i] + (u,) + s.monsters[i + 1 :])
    if zone == "a":
        return evolve(s, allies=s.allies[:i] + (u,) + s.allies[i + 1 :])
    return evolve(s, back=s.back[:i] + (u,) + s.back[i + 1 :])


def remove_unit(s: Position, uid: int, **changes: Any) -> Position:
    """The position without that unit (its place left empty), and ``changes`` made."""
    zone, i, _ = s.find(uid)
    if zone == "m":
        return evolve(s, monsters=s.monsters[:i] + (None,) + s.monsters[i + 1 :], **changes)
    if zone == "a":
        return evolve(s, allies=s.allies[:i] + (None,) + s.allies[i + 1 :], **changes)
    return evolve(s, back=s.back[:i] + s.back[i + 1 :], **changes)


def _take_lane_tokens(s: Position, u: Unit, lane: int) -> tuple[Position, Unit]:
    """Ruling: tokens on a lane's side move onto the card that enters that lane."""
    here = [t for t in s.lane_tokens if t[0] == lane and t[1] == u.side]
    if not here:
        return s, u
    for _, _, kind, n in here:
        fld, sign = TOKEN_FIELD[kind]
        u = evolve(u, **{fld: getattr(u, fld) + sign * n})
    rest = tuple(t for t in s.lane_tokens if t not in here)
    text = ", ".join(f"{n} {kind}" for _, _, kind, n in here)
    s = emit(
        s,
        "ruling.lane-tokens",
        f"{s.name(u.card)} enters lane {lane + 1} and gains its tokens ({text}).",
        lane_tokens=rest,
    )
    return s, u


def place(s: Position, u: Unit, lane: int) -> Position:
    """Put a unit into a lane on its side (the lane must be free there); -1: the back line."""
    if lane < 0:
        return evolve(s, back=s.back + (u,))
    s, u = _take_lane_tokens(s, u, lane)
    if u.side == "horde":
        assert s.monsters[lane] is None
        return evolve(s, monsters=s.monsters[:lane] + (u,) + s.monsters[lane + 1 :])
    assert s.allies[lane] is None
    return evolve(s, allies=s.allies[:lane] + (u,) + s.allies[lane + 1 :])


def move_to_lane(s: Position, uid: int, lane: int) -> Position:
    """Move a unit (tokens and attachments kept) into a lane on its side."""
    u = s.unit(uid)
    return place(remove_unit(s, uid), u, lane)


def move_to_back(s: Position, uid: int) -> Position:
    """Move a monster to the back line (tokens kept)."""
    zone, _, u = s.find(uid)
    if zone == "b":
        return s
    s = remove_unit(s, uid)
    return evolve(s, back=s.back + (u,))


def new_unit(s: Position, card: str, side: str, owner: int = -1, **fields) -> tuple[Position, Unit]:
    """A fresh unit with the next uid (not placed yet)."""
    u = Unit(s.next_uid, card, side, owner, **fields)
    return evolve(s, next_uid=s.next_uid + 1), u


def add_tokens(s: Position, uid: int, kind: str, n: int) -> Position:
    """``n`` tokens of a kind on a unit (opposite tokens cancel: the counts are net); damage
    tokens queue its "after this card is damaged" abilities."""
    u = s.unit(uid)
    fld, sign = TOKEN_FIELD[kind]
    s = replace_unit(s, evolve(u, **{fld: getattr(u, fld) + sign * n}))
    if kind == "damage" and n > 0:
        s = push(s, *damaged_tasks(s, uid))
    return s


def damaged_tasks(s: Position, uid: int) -> list[Task]:
    """The "after this card is damaged" abilities of a card that just gained damage tokens
    (glossary DAMAGED: "A card is damaged when it gains one or more damage tokens")."""
    u = s.unit(uid)
    c = s.unit_card(u) if u is not None else None
    if c is None:
        return []
    return [
        Task("ability", (uid, u.card, a, u.owner)) for a in c.abilities if a.trigger == "damaged"
    ]


def add_lane_tokens(s: Position, lane: int, side: str, kind: str, n: int) -> Position:
    """Tokens on one side of a lane; a card already there gains them at once."""
    row = s.monsters if side == "horde" else s.allies
    here = row[lane]
    if here is not None and not here.concealed:
        s = add_tokens(s, here.uid, kind, n)
        return emit(
            s, "ruling.lane-tokens", f"{s.name(here.card)} gains {n} {kind} (lane {lane + 1})."
        )
    merged = list(s.lane_tokens)
    for i, (ln, sd, kd, k) in enumerate(merged):
        if (ln, sd, kd) == (lane, side, kind):
            merged[i] = (ln, sd, kd, k + n)
            break
    else:
        merged.append((lane, side, kind, n))
    return emit(
        s,
        "ruling.lane-tokens",
        f"{n} {kind} token(s) on the {side} side of lane {lane + 1}.",
        lane_tokens=tuple(merged),
    )


def gain_mana(s: Position, seat: int, n: int, rule: str, why: str) -> Position:
    """A player's mana changes by ``n``, kept within 0-10 ("Mana")."""
    before = s.seats[seat].mana
    after = clamp(before + n, 0, MANA_MAX)
    who = f"Player {seat + 1}" if s.players > 1 else "You"
    text = f"{why}: {who} {'gain' if s.players == 1 else 'gains'} {n} mana ({before} -> {after})."
    if after - before != n:
        text += " Mana is 0-10."
    return emit(s, rule, text, {"seat": seat, "mana": after}, seats=s.seat_with(seat, mana=after))


def hurt_castle(s: Position, n: int, rule: str, why: str) -> Position:
    """The castle takes ``n`` damage (its health token moves down the track)."""
    if n <= 0:
        return s
    after = s.castle_hp - n
    return emit(
        s,
        rule,
        f"{why}: the castle takes {n} ({s.castle_hp} -> {after}).",
        {"castle_damage": n},
        castle_hp=after,
    )


def hurt_portal(s: Position, n: int, rule: str, why: str) -> Position:
    """The portal takes ``n`` damage; destroyed, it gives way to the next stage (excess lost)."""
    if n <= 0 or s.portal_down:
        if n > 0:
            return emit(s, "ruling.last-portal", f"{why}: the last portal stays at 0 health.")
        return s
    left = s.portal_health()
    dealt = min(n, left)
    s = emit(
        s,
        rule,
        f"{why}: the portal takes {dealt}.",
        {"portal_damage": dealt},
        portal_damage=s.portal_damage + dealt,
    )
    if s.portal_health() > 0:
        return s
    return _portal_destroyed(s, n - dealt)


def _portal_destroyed(s: Position, excess: int) -> Position:
    portal = s.cards.portals[s.portal]
    lost = f" The {excess} excess damage is lost." if excess else ""
    s = emit(s, "destruction.portal", f"{portal.name} is destroyed.{lost}", {"stage": portal.stage})
    if portal.stage == 1:
        if s.campaign is not None and s.campaign.game == 1:
            s = emit(
                s,
                "campaign.first-game",
                "In the first campaign game the stage I portal is the "
                "outsider: you win at the end of this turn.",
                win_pending=True,
            )
        elif s.outsider_line:
            nxt = s.outsider_line[0]
            s = emit(
                to_outsider_pile(s, nxt, waits=False),
                "portal.stage-one",
                f"Stage I portal destroyed: {s.name(nxt)} goes to the bottom of the outsider pile.",
                outsider_line=s.outsider_line[1:],
            )
    if not s.portal_pile:
        return emit(
            s,
            "ruling.last-portal",
            "No next stage: the portal stays at 0 health.",
            portal_down=True,
        )
    nxt = s.portal_pile[0]
    return emit(
        s,
        "destruction.portal",
        f"{s.name(nxt)} replaces it, upright.",
        portal=nxt,
        portal_pile=s.portal_pile[1:],
        portal_damage=0,
        rotation=0,
    )


def deck_outcomes(deck: Deck) -> tuple[str, tuple]:
    """The next card from the top of a deck: ("sure", card) or ("chance", outcomes)."""
    if deck.top:
        return "sure", deck.top[0]
    if deck.middle:
        if deck.middle[0] == deck.middle[-1]:
            return "sure", deck.middle[0]
        return "chance", draw_outcomes("card", deck.middle)
    return "sure", deck.bottom[0]


def take_drawn(deck: Deck, card: str) -> Deck:
    """The deck after its top card (``card``) left it."""
    if deck.top:
        return evolve(deck, top=deck.top[1:])
    if deck.middle:
        return evolve(deck, middle=take(deck.middle, card))
    return evolve(deck, bottom=deck.bottom[1:])


def horde_outcomes(s: Position) -> tuple[tuple[str, Fraction, str], ...]:
    """The top card of the horde deck (concealed cards' identities are among them)."""
    return draw_outcomes("horde", s.horde_deck)


def to_outsider_pile(s: Position, card: str, waits: bool = True) -> Position:
    """A card to the bottom of the outsider pile; ``waits``: it found no room to be summoned,
    so it "cannot be summoned until the next turn" (step 4 of this Horde phase leaves it)."""
    wait = s.pile_wait + 1 if waits or s.pile_wait else 0
    return evolve(s, outsider_pile=s.outsider_pile + (card,), pile_wait=wait)


def discard_to(s: Position, card: str, owner: int) -> Position:
    """A card to its discard pile (horde: ``owner`` -1); card tokens go to the reserve."""
    c = s.cards.cards.get(card)
    if c is None or c.kind == "token":
        return s
    if owner < 0:
        return evolve(s, horde_discard=put(s.horde_discard, card))
    return evolve(s, seats=s.seat_with(owner, discard=put(s.seats[owner].discard, card)))
