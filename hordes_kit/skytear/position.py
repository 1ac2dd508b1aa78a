"""A described position (walkthrough scenarios, tests): the game starts from the units,
tokens, hands, decks and phase a scenario file writes down, every field checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hordes_kit.core.data import slug
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import new_unit, place
from hordes_kit.skytear.cards import CardSet
from hordes_kit.skytear.decks import find_card, portal_stages
from hordes_kit.skytear.horde import TURN_TASKS
from hordes_kit.skytear.state import Deck, Position, Seat, Task, Unit, emit, take

__all__ = ["describe", "POSITION_KEYS", "UNIT_KEYS"]

POSITION_KEYS = {
    "phase",
    "turn",
    "castle",
    "portal",
    "portal_damage",
    "rotation",
    "mana",
    "hands",
    "decks",
    "discards",
    "horde_deck",
    "horde_discard",
    "minions",
    "units",
    "outsider_pile",
    "outsider_line",
    "treachery",
}
UNIT_KEYS = {
    "lane",
    "card",
    "owner",
    "hp",
    "atk",
    "tatk",
    "arm",
    "tarm",
    "exhausted",
    "charges",
    "token",
    "attached",
}
START = {
    "turn": "turn",
    "alliance": "alliance_phase",
    "treachery": "treachery",
    "fight": "fight_phase",
    "pillage": "pillage_phase",
    "end": "end_phase",
}


def _ids(cards: CardSet, names: Any, what: str) -> tuple[str, ...]:
    if not isinstance(names, list):
        raise InvalidInputError(f"position: {what} must be a list of card names")
    return tuple(sorted(find_card(cards, str(n)) for n in names))


def _int(v: Any, what: str, lo: int = -99, hi: int = 99) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidInputError(f"position: {what} must be a whole number {lo}-{hi}, got {v!r:.60}")
    return v


def describe(s: Position, pos: Mapping[str, Any]) -> Position:
    """Start from a described position (scenario files): units, tokens, hands, decks, phase."""
    cards = s.cards
    bad = sorted(set(pos) - POSITION_KEYS)
    if bad:
        raise InvalidInputError(f"position: unknown key {bad[0]!r:.60}")
    phase = pos.get("phase", "turn")
    if not isinstance(phase, str) or phase not in START:
        raise InvalidInputError(f"position: phase must be one of {', '.join(START)}")
    n = s.players
    changes: dict[str, Any] = {
        "turn": _int(pos.get("turn", 0 if phase == "turn" else 1), "turn", 0)
    }
    if "castle" in pos:
        changes["castle_hp"] = _int(pos["castle"], "castle", -99)
    if "portal" in pos:
        pid = slug(str(pos["portal"]))
        if pid not in cards.portals:
            raise InvalidInputError(f"position: no portal {pos['portal']!r:.60}")
        changes["portal"] = pid
        later = [
            p for p in portal_stages(cards) if cards.portals[p].stage > cards.portals[pid].stage
        ]
        changes["portal_pile"] = tuple(later)
    changes["portal_damage"] = _int(pos.get("portal_damage", 0), "portal_damage", 0)
    changes["rotation"] = _int(pos.get("rotation", 0), "rotation", 0, 3)
    used = [list() for _ in range(n)]
    seats = list(s.seats)
    hands = pos.get("hands", [[] for _ in range(n)])
    mana = pos.get("mana", [0] * n)
    if (
        not isinstance(hands, list)
        or len(hands) != n
        or not isinstance(mana, list)
        or len(mana) != n
    ):
        raise InvalidInputError(f"position: hands and mana need one entry per player ({n})")
    units: list[Unit] = []
    for key in ("units", "discards", "decks"):
        if key in pos and not isinstance(pos[key], list):
            raise InvalidInputError(f"position: {key} must be a list")
    for key in ("discards", "decks"):
        if key in pos and len(pos[key]) != n:
            raise InvalidInputError(f"position: {key} need one entry per player ({n})")
    for raw in pos.get("units", []):
        if not isinstance(raw, Mapping) or set(raw) - UNIT_KEYS:
            raise InvalidInputError(f"position: a unit is a table with {sorted(UNIT_KEYS)}")
        cid = find_card(cards, str(raw.get("card", "")))
        c = cards.cards[cid]
        side = "horde" if c.is_monster_side else "alliance"
        owner = _int(raw.get("owner", 1), "owner", 1, n) - 1 if side == "alliance" else -1
        if side == "alliance" and not raw.get("token", c.kind == "token"):
            used[owner].append(cid)
        attached = raw.get("attached", [])
        if not isinstance(attached, list):
            raise InvalidInputError("position: a unit's attached is a list of card names")
        atts = tuple((find_card(cards, str(a)), owner) for a in attached)
        s, u = new_unit(
            s,
            cid,
            side,
            owner,
            **{
                k: _int(raw[k], k)
                for k in ("hp", "atk", "tatk", "arm", "tarm", "charges")
                if k in raw
            },
            exhausted=bool(raw.get("exhausted", False)),
            token=bool(raw.get("token", c.kind == "token")),
            charged=bool(raw.get("charges", 0)),
            attached=atts,
        )
        lane = _int(raw.get("lane", 0), "lane", 0, 6) - 1
        if lane < 0 and c.kind != "minion":
            raise InvalidInputError(
                f"position: {c.name} needs a lane 1-6 (the back line holds minions only)"
            )
        if lane >= 0 and ((s.monsters if side == "horde" else s.allies)[lane] is not None):
            raise InvalidInputError(f"position: two cards on one side of lane {lane + 1}")
        s = place(s, u, lane)
        units.append(u)
    minions = pos.get("minions", {})
    if not isinstance(minions, Mapping):
        raise InvalidInputError("position: minions is a table of minion name = health tokens")
    for name, tokens in minions.items():
        m = find_card(cards, str(name), ("minion",))
        s, u = new_unit(s, m, "horde", hp=_int(tokens, f"minions.{name}", 1))
        s = place(s, u, -1)
    alive = {u.card for _, _, u in s.units() if u.card in s.dead_minions}
    changes["dead_minions"] = tuple(m for m in s.dead_minions if m not in alive)
    for i in range(n):
        hand = _ids(cards, hands[i], "hands")
        decks = pos.get("decks")
        discard = _ids(cards, pos.get("discards", [[]] * n)[i], "discards")
        if decks is not None:
            deck = _ids(cards, decks[i], "decks")
        else:
            deck = seats[i].deck.cards()
            for c in hand + discard + tuple(used[i]):
                if c in deck:
                    deck = take(deck, c)
        seats[i] = Seat(
            mana=_int(mana[i], "mana", 0, 10), hand=hand, deck=Deck(middle=deck), discard=discard
        )
    changes["seats"] = tuple(seats)
    horde_in_play = [
        u.card for u in units if u.side == "horde" and cards.cards[u.card].kind == "horde"
    ]
    hd = s.horde_deck
    if "horde_deck" in pos:
        hd = _ids(cards, pos["horde_deck"], "horde_deck")
    else:
        for c in horde_in_play + list(_ids(cards, pos.get("horde_discard", []), "horde_discard")):
            if c in hd:
                hd = take(hd, c)
    changes["horde_deck"] = hd
    changes["horde_discard"] = _ids(cards, pos.get("horde_discard", []), "horde_discard")
    for key in ("outsider_pile", "outsider_line"):  # in order, top first
        if key in pos:
            if not isinstance(pos[key], list):
                raise InvalidInputError(f"position: {key} must be a list of card names")
            changes[key] = tuple(find_card(cards, c) for c in pos[key])
    if "treachery" in pos:
        changes["treachery"] = find_card(cards, pos["treachery"])
    start = START[phase]
    rest = TURN_TASKS[TURN_TASKS.index(start) :] if start != "turn" else ()
    tasks = (Task("turn"),) if start == "turn" else tuple(Task(k) for k in rest)
    s = evolve(s, tasks=tasks, phase=phase if phase != "turn" else "horde", **changes)
    return emit(s, "setup", f"Start from the described position ({phase} phase).")
