"""Setting up a game (rulebook "Setup", steps 1-8) or a described position (walkthroughs).

Every random part is a chance node after the start: the random stronger card of
difficulty 3, the opening hands (one card at a time) and the mulligan's redraw; the
solo player's two minions and the mulligan are decisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hordes_kit.core.data import slug
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import new_unit, place
from hordes_kit.skytear.cards import CardSet, load_cards
from hordes_kit.skytear.decks import (
    DIFFICULTY,
    deck_cards,
    deck_problems,
    find_deck,
    game_hordes,
    horde_deck,
    team_problems,
)
from hordes_kit.skytear.horde import TURN_TASKS
from hordes_kit.skytear.machine import Ask, Roll, draw_outcomes, handles, push
from hordes_kit.skytear.rules import START_HAND, SkyConfig
from hordes_kit.skytear.state import ROMAN, Deck, Position, Seat, Task, Unit, emit, put, take

__all__ = [
    "setup_position",
    "castle_of",
    "portal_stages",
    "outsider_line",
    "player_decks",
    "find_card",
    "stage_one",
    "enchantment_of",
]


def find_card(cards: CardSet, name: str, kinds: tuple[str, ...] = ()) -> str:
    """A card id by its name or id; the error names the input."""
    cid = slug(name)
    c = cards.cards.get(cid)
    if c is None:  # an immortal's stage by its shown name: "Atlas III"
        for x in cards.of_kind("outsider"):
            if x.stage and slug(f"{x.name} {ROMAN[x.stage]}") == cid:
                cid, c = x.id, x
    if c is None or (kinds and c.kind not in kinds):
        raise InvalidInputError(f"no card {name!r} in the card file")
    return cid


def castle_of(cards: CardSet, name: str):
    """A castle by name."""
    c = cards.castles.get(slug(name))
    if c is None:
        raise InvalidInputError(
            f"no castle {name!r}; castles: {', '.join(x.name for x in cards.castles.values())}"
        )
    return c


def stage_one(cards: CardSet, name: str) -> str:
    """The stage I portal called ``name``."""
    p = cards.portals.get(slug(name))
    if p is None or p.stage != 1:
        ones = ", ".join(x.name for x in cards.portals.values() if x.stage == 1)
        raise InvalidInputError(f"no stage I portal {name!r}; stage I portals: {ones}")
    return p.id


def portal_stages(cards: CardSet) -> tuple[str, ...]:
    """The portals of stages II, III and IV (the first of each in the file), in order."""
    out = []
    for stage in (2, 3, 4):
        p = next((x.id for x in cards.portals.values() if x.stage == stage), None)
        if p is not None:
            out.append(p)
    return tuple(out)


def outsider_line(cards: CardSet, name: str) -> tuple[str, ...]:
    """The outsider cards in the order they join the outsider pile.

    An immortal: its stages; two henchmen ``"A + B"``: as two stages (rulebook
    "Outsider Henchman"); an enchanter or a colossal: its card.
    """
    parts = [p.strip() for p in name.split("+")]
    if len(parts) == 2:
        return tuple(find_card(cards, p, ("henchman",)) for p in parts)
    base = slug(name)
    stages = sorted(
        (c for c in cards.of_kind("outsider") if slug(c.name) == base and c.type == "immortal"),
        key=lambda c: c.stage,
    )
    if stages:
        return tuple(c.id for c in stages)
    c = cards.cards.get(base)
    if c is None or c.kind not in ("outsider", "henchman") or c.type == "appendage":
        outs = sorted({c.name for c in cards.of_kind("outsider") if c.type != "appendage"})
        raise InvalidInputError(f"no outsider {name!r}; outsiders: {', '.join(outs)}")
    return (c.id,)


def enchantment_of(cards: CardSet, line: tuple[str, ...]) -> tuple:
    """The enchantment of the game's enchanter outsider (always active, rulebook "Outsiders")."""
    return tuple((cid, a) for cid in line for a in cards.cards[cid].enchantment)


def player_decks(cards: CardSet, cfg: SkyConfig) -> list[tuple[str, ...]]:
    """Each player's 40 cards (the named decks, else their castle's faction deck)."""
    castles = [castle_of(cards, cfg.castle)]
    if cfg.players == 2:
        if cfg.castle2:
            castles.append(castle_of(cards, cfg.castle2))
        else:
            other = [c for c in cards.castles.values() if c.faction != castles[0].faction]
            castles.append(other[0] if other else castles[0])
    decks = []
    for i in range(cfg.players):
        name = cfg.decks[i] if i < len(cfg.decks) and cfg.decks[i] else castles[i].faction
        d = find_deck(cards, name)
        bad = deck_problems(cards, d, castles[i] if d.castle == "" else None)
        if bad:
            raise InvalidInputError(bad[0])
        decks.append(d)
    bad = team_problems(cards, decks)
    if bad:
        raise InvalidInputError(bad[0])
    return [deck_cards(cards, d) for d in decks]


def setup_position(cfg: SkyConfig, cards: CardSet | None = None) -> Position:
    """A standard game's first position: every setup step queued (or the described position)."""
    cards = cards or load_cards(cfg.cards)
    castle = castle_of(cards, cfg.castle)
    portal = stage_one(cards, cfg.portal)
    hordes = game_hordes(cards, cfg.hordes, False)
    fixed, pool, extra = horde_deck(cards, hordes, cfg.difficulty)
    line = outsider_line(cards, cfg.outsider)
    minions = tuple(sorted(c.id for c in cards.of_kind("minion")))
    seats = tuple(Seat(deck=Deck(middle=d)) for d in player_decks(cards, cfg))
    s = Position(
        config=cfg,
        seats=seats,
        dead_minions=minions,
        castle=castle.id,
        castle_hp=castle.health,
        portal=portal,
        portal_pile=portal_stages(cards),
        outsider_line=line,
        horde_deck=fixed,
        enchant=enchantment_of(cards, line),
        cards=cards,
    )
    s = emit(
        s,
        "setup",
        f"Setup: {castle.name}, {', '.join(hordes)} at difficulty "
        f"{cfg.difficulty} ({len(fixed)} cards), {s.card(line[0]).name}, {s.name(portal)}.",
    )
    s = emit(
        s,
        "ruling.difficulty",
        f"Difficulty {cfg.difficulty} takes power level(s) "
        f"{', '.join(map(str, DIFFICULTY[cfg.difficulty][0]))} of the card data"
        + (" and one random card of the strongest." if extra else "."),
    )
    if cfg.players > 1:
        s = emit(
            s,
            "ruling.shared-decisions",
            "Co-op: choices the rulebook leaves to 'you' "
            "(ties, order, which player draws) are asked of Player 1; a player's own card "
            "asks that player.",
        )
    if cfg.position is not None:
        return describe(s, cfg.position)
    tasks = []
    if extra:
        tasks.append(Task("level3", (pool, extra)))
    if cfg.players == 1:
        tasks += [Task("minion_pick")] * 2
    else:
        tasks += [Task("minion_all")]
    for i in range(cfg.players):
        tasks += [Task("draw", (i, START_HAND, "setup.draw")), Task("mulligan", (i,))]
    tasks.append(Task("turn"))
    return evolve(s, tasks=tuple(tasks))


@handles("level3")
def level3(s: Position, t: Task):
    """Difficulty 3: add one random card of the strongest power level (a chance node)."""
    pool, n = t.args
    if not t.picks:
        return Roll(draw_outcomes("random", pool))
    card = t.picks[0]
    s = emit(
        s,
        "setup.difficulty",
        f"Difficulty 3: the random stronger card is {s.name(card)}.",
        horde_deck=put(s.horde_deck, card),
    )
    return push(s, Task("level3", (take(pool, card), n - 1))) if n > 1 else s


def _minion_enters(s: Position, m: str) -> Position:
    s, u = new_unit(s, m, "horde", hp=1)
    return evolve(place(s, u, -1), dead_minions=take(s.dead_minions, m))


@handles("minion_pick")
def minion_pick(s: Position, t: Task):
    """Solo: 1 health token on two different minions of your choice."""
    if not t.picks:
        opts = tuple((f"minion:{m}", m) for m in s.dead_minions)
        return Ask(0, opts, "Setup (solo): put 1 health token on a minion of your choice.")
    m = t.picks[0]
    return emit(_minion_enters(s, m), "setup.minions", f"{s.name(m)} gets 1 health token.")


@handles("minion_all")
def minion_all(s: Position, t: Task):
    """Co-op: 1 health token on each minion."""
    for m in tuple(s.dead_minions):
        s = _minion_enters(s, m)
    return emit(s, "setup.minions", "Co-op: each minion gets 1 health token.")


@handles("mulligan")
def mulligan(s: Position, t: Task):
    """Set aside any cards of the opening hand, draw as many, shuffle the set-aside ones back."""
    (seat,) = t.args
    st = s.seats[seat]
    if t.picks:
        card = t.picks[0]
        if card is None:
            n = len(st.aside)
            if not n:
                return s
            s = emit(s, "setup.mulligan", f"Mulligan: {n} card(s) set aside, draw {n}.")
            return push(s, Task("draw", (seat, n, "setup.mulligan")), Task("shuffle_back", (seat,)))
        s = evolve(s, seats=s.seat_with(seat, hand=take(st.hand, card), aside=put(st.aside, card)))
        who = "You set" if s.players == 1 else f"Player {seat + 1} sets"
        s = emit(s, "setup.mulligan", f"{who} aside {s.name(card)}.", {"card": card})
        return push(s, Task("mulligan", (seat,)))
    opts = tuple((f"mulligan:{c}", c) for c in dict.fromkeys(st.hand)) + (("keep", None),)
    who = "your" if s.players == 1 else f"Player {seat + 1}'s"
    return Ask(seat, opts, f"Mulligan {who} hand: set aside a card, or keep the rest.")


@handles("shuffle_back")
def shuffle_back(s: Position, t: Task):
    """The set-aside cards are shuffled back into the deck."""
    (seat,) = t.args
    st = s.seats[seat]
    deck = Deck(middle=tuple(sorted(st.deck.cards() + st.aside)))
    return emit(
        s,
        "setup.mulligan",
        "The set-aside cards are shuffled back into the deck.",
        seats=s.seat_with(seat, deck=deck, aside=()),
    )


# --- a described position (walkthrough scenarios, tests) -------------------------------------

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
        raise InvalidInputError(f"position: {what} must be a whole number {lo}-{hi}, got {v!r}")
    return v


def describe(s: Position, pos: Mapping[str, Any]) -> Position:
    """Start from a described position (scenario files): units, tokens, hands, decks, phase."""
    cards = s.cards
    bad = sorted(set(pos) - POSITION_KEYS)
    if bad:
        raise InvalidInputError(f"position: unknown key {bad[0]!r}")
    phase = pos.get("phase", "turn")
    if phase not in START:
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
            raise InvalidInputError(f"position: no portal {pos['portal']!r}")
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
    for raw in pos.get("units", []):
        if not isinstance(raw, Mapping) or set(raw) - UNIT_KEYS:
            raise InvalidInputError(f"position: a unit is a table with {sorted(UNIT_KEYS)}")
        cid = find_card(cards, str(raw.get("card", "")))
        c = cards.cards[cid]
        side = "horde" if c.is_monster_side else "alliance"
        owner = _int(raw.get("owner", 1), "owner", 1, n) - 1 if side == "alliance" else -1
        if side == "alliance" and not raw.get("token", c.kind == "token"):
            used[owner].append(cid)
        atts = tuple((find_card(cards, a), owner) for a in raw.get("attached", []))
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
        if lane >= 0 and ((s.monsters if side == "horde" else s.allies)[lane] is not None):
            raise InvalidInputError(f"position: two cards on one side of lane {lane + 1}")
        s = place(s, u, lane)
        units.append(u)
    minions = pos.get("minions", {})
    if not isinstance(minions, Mapping):
        raise InvalidInputError("position: minions is a table of minion name = health tokens")
    for name, tokens in minions.items():
        m = find_card(cards, name, ("minion",))
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
    if "outsider_pile" in pos:
        changes["outsider_pile"] = tuple(find_card(cards, c) for c in pos["outsider_pile"])
    if "outsider_line" in pos:
        changes["outsider_line"] = tuple(find_card(cards, c) for c in pos["outsider_line"])
    if "treachery" in pos:
        changes["treachery"] = find_card(cards, pos["treachery"])
    start = START[phase]
    rest = TURN_TASKS[TURN_TASKS.index(start) :] if start != "turn" else ()
    tasks = (Task("turn"),) if start == "turn" else tuple(Task(k) for k in rest)
    s = evolve(s, tasks=tasks, phase=phase if phase != "turn" else "horde", **changes)
    return emit(s, "setup", f"Start from the described position ({phase} phase).")
