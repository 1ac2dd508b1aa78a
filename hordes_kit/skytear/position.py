"""A described position (walkthrough scenarios, tests): the game starts from the units,
tokens, hands, decks and phase a scenario file writes down.

Its shape, types and every count were checked when the config was read
(``rules.POSITION``, part of ``SkyConfig.SCHEMA``: at most ``MAX_PILE`` cards in a hand,
``MAX_UNITS`` units...); here each name is found in the card set and the pieces must fit
on the table (one card a side of a lane, a lane for every card but a minion)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hordes_kit.core.data import slug
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve, take
from hordes_kit.skytear.board import new_unit, place
from hordes_kit.skytear.cards import CardSet
from hordes_kit.skytear.decks import find_card, portal_stages
from hordes_kit.skytear.horde import TURN_TASKS
from hordes_kit.skytear.state import Deck, Position, Seat, Task, Unit, emit

__all__ = ["describe", "START"]

# where a described position starts: its phase (rules.PHASES) -> the first task of the turn
START = {
    "turn": "turn",
    "alliance": "alliance_phase",
    "treachery": "treachery",
    "fight": "fight_phase",
    "pillage": "pillage_phase",
    "end": "end_phase",
}


def _ids(cards: CardSet, names: list[str]) -> tuple[str, ...]:
    return tuple(sorted(find_card(cards, n) for n in names))


def describe(s: Position, pos: Mapping[str, Any]) -> Position:
    """Start from a described position (scenario files): units, tokens, hands, decks, phase.

    ``pos`` is as ``SkyConfig.SCHEMA`` read it (every key known, every count bounded).
    """
    cards = s.cards
    phase = pos.get("phase", "turn")
    n = s.players
    changes: dict[str, Any] = {"turn": pos.get("turn", 0 if phase == "turn" else 1)}
    if "castle" in pos:
        changes["castle_hp"] = pos["castle"]
    if "portal" in pos:
        pid = slug(pos["portal"])
        if pid not in cards.portals:
            raise InvalidInputError(f"position: no portal {pos['portal']!r:.60}")
        changes["portal"] = pid
        later = [
            p for p in portal_stages(cards) if cards.portals[p].stage > cards.portals[pid].stage
        ]
        changes["portal_pile"] = tuple(later)
    changes["portal_damage"] = pos.get("portal_damage", 0)
    changes["rotation"] = pos.get("rotation", 0)
    used = [list() for _ in range(n)]
    seats = list(s.seats)
    hands = pos.get("hands", [[] for _ in range(n)])
    mana = pos.get("mana", [0] * n)
    units: list[Unit] = []
    for raw in pos.get("units", []):
        cid = find_card(cards, raw["card"])
        c = cards.cards[cid]
        side = "horde" if c.is_monster_side else "alliance"
        owner = raw.get("owner", 1) - 1 if side == "alliance" else -1
        token = raw.get("token", c.kind == "token")
        if side == "alliance" and not token:
            used[owner].append(cid)
        atts = tuple((find_card(cards, a), owner) for a in raw.get("attached", []))
        s, u = new_unit(
            s,
            cid,
            side,
            owner,
            **{k: raw[k] for k in ("hp", "atk", "tatk", "arm", "tarm", "charges") if k in raw},
            exhausted=raw.get("exhausted", False),
            token=token,
            charged=bool(raw.get("charges", 0)),
            attached=atts,
        )
        lane = raw.get("lane", 0) - 1
        if lane < 0 and c.kind != "minion":
            raise InvalidInputError(
                f"position: {c.name} needs a lane 1-6 (the back line holds minions only)"
            )
        if lane >= 0 and ((s.monsters if side == "horde" else s.allies)[lane] is not None):
            raise InvalidInputError(f"position: two cards on one side of lane {lane + 1}")
        s = place(s, u, lane)
        units.append(u)
    for name, tokens in pos.get("minions", {}).items():
        m = find_card(cards, name, ("minion",))
        s, u = new_unit(s, m, "horde", hp=tokens)
        s = place(s, u, -1)
    alive = {u.card for _, _, u in s.units() if u.card in s.dead_minions}
    changes["dead_minions"] = tuple(m for m in s.dead_minions if m not in alive)
    for i in range(n):
        hand = _ids(cards, hands[i])
        decks = pos.get("decks")
        discard = _ids(cards, pos.get("discards", [[]] * n)[i])
        if decks is not None:
            deck = _ids(cards, decks[i])
        else:
            deck = seats[i].deck.cards()
            for c in hand + discard + tuple(used[i]):
                if c in deck:
                    deck = take(deck, c)
        seats[i] = Seat(mana=mana[i], hand=hand, deck=Deck(middle=deck), discard=discard)
    changes["seats"] = tuple(seats)
    horde_in_play = [
        u.card for u in units if u.side == "horde" and cards.cards[u.card].kind == "horde"
    ]
    hd = s.horde_deck
    horde_discard = _ids(cards, pos.get("horde_discard", []))
    if "horde_deck" in pos:
        hd = _ids(cards, pos["horde_deck"])
    else:
        for c in horde_in_play + list(horde_discard):
            if c in hd:
                hd = take(hd, c)
    changes["horde_deck"] = hd
    changes["horde_discard"] = horde_discard
    for key in ("outsider_pile", "outsider_line"):  # in order, top first
        if key in pos:
            changes[key] = tuple(find_card(cards, c) for c in pos[key])
    if "treachery" in pos:
        changes["treachery"] = find_card(cards, pos["treachery"])
    start = START[phase]
    rest = TURN_TASKS[TURN_TASKS.index(start) :] if start != "turn" else ()
    tasks = (Task("turn"),) if start == "turn" else tuple(Task(k) for k in rest)
    s = evolve(s, tasks=tasks, phase=phase if phase != "turn" else "horde", **changes)
    return emit(s, "setup", f"Start from the described position ({phase} phase).")
