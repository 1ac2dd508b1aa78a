"""Starting a Fantahzee game: the rulebook's Setup, or a described position (scenarios).

A position (``config.position``, used by the rulebook walkthroughs) says what is on
the table; every card it does not place stays where the rules put it (the hero deck,
the town and treasure decks, the unseen horde cards)::

    [config.position]
    player = 0            # whose turn begins (its Action Phase)
    last = 1              # the seat with the Last Player token
    doom = 0
    [[config.position.seats]]
    party = ["steamsmith", "paladin", {hero = "steamasaur", treasure = "magic-bow", level = 1}]
    hand = ["alchemist", "sergeant"]
    victory = []
    [[config.position.stacks]]   # left to right: the last one is the vanguard
    top = "bone-warrior"         # its face-up monster ("" = facedown top)
    l1 = 1                       # facedown level 1 monsters under it
    l2 = 5                       # facedown level 2 monsters (the Boss not counted)
    boss = true                  # its Boss is still in it

Unseen level 1 / level 2 monsters beyond what the stacks hold are set aside as
"out of play before the scenario" (the most numerous kinds first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import Event
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.flow import begin_turn, settle
from hordes_kit.fantahzee.state import FPosition, Member, Seat, Stack

__all__ = ["new_position"]

P = R.GAME + "."


def _deck(cards) -> tuple[str, ...]:
    return tuple(sorted(c.id for c in cards for _ in range(c.copies)))


def new_position(
    cls: type[FPosition], config: Mapping[str, Any] | R.FConfig | None = None
) -> FPosition:
    """A new game of class ``cls`` (Setup steps 1-8 as chance draws), or the configured
    position."""
    cfg = config if isinstance(config, R.FConfig) else R.FConfig.from_dict(dict(config or {}))
    data = cfg.card_set()
    by_level = {lv: [m for m in data.monsters if m.level == lv] for lv in ("1", "2", "boss")}
    s = cls(
        config=cfg,
        seats=tuple(Seat() for _ in range(cfg.players)),
        pool1=_deck(by_level["1"]),
        pool2=_deck(by_level["2"]),
        bosses=_deck(by_level["boss"]),
        hero_deck=_deck((*data.heroes, *data.actions)),
        towns=tuple(sorted(t.id for t in data.towns)),
        treasures=tuple(sorted(t.id for t in data.treasures)),
        data=data,
    )
    if cfg.position is not None:
        return _from_position(s, cfg.position)
    stacks = len(s.bosses)
    l1, l2 = len(s.pool1) // stacks, len(s.pool2) // stacks
    line = tuple(Stack(R.STACKS[i], "", l1, l2, True) for i in range(stacks))
    ev = Event(
        P + "setup",
        f"Setup: {len(s.treasures)} treasures, {stacks} horde stacks of {l1} level 1 monsters "
        f"over {l2} level 2 monsters and a Boss, {len(s.towns)} town cards, a hero deck of "
        f"{len(s.hero_deck)} cards; each player will draw {R.HAND_SIZE}.",
    )
    return settle(s.with_events(ev, line=line))


def _cards(value: list[str], where: str, known: Mapping[str, Any], kind: str) -> list[str]:
    for c in value:
        if c not in known:
            raise InvalidInputError(
                f"position {where}: {c!r:.40} is not a {kind} id of this card set"
            )
    return list(value)


def _from_position(s: FPosition, pos: Mapping[str, Any]) -> FPosition:
    # ``pos`` is as ``FConfig.SCHEMA`` read it (``rules.POSITION``: shapes and counts)
    names = [raw.get("name", R.STACKS[j]) for j, raw in enumerate(pos["stacks"])]
    if len(set(names)) != len(names):
        raise InvalidInputError("position stack names must be distinct short words like A, B, C")
    heroes = {h.id: h for h in s.data.heroes}
    hand_cards = {**heroes, **{a.id: a for a in s.data.actions}}
    monsters = {m.id: m for m in s.data.monsters}
    treasures = {t.id: t for t in s.data.treasures}
    towns = {t.id: t for t in s.data.towns}
    raw_seats = pos["seats"]
    used_hero: list[str] = []
    used_mon: list[str] = []
    used_town: list[str] = []
    used_treasure: list[str] = []
    seats = []
    for i, raw in enumerate(raw_seats):
        where = f"seat {i + 1}"
        party = []
        for m in raw.get("party", []):
            if isinstance(m, str):
                m = {"hero": m}
            hid = m.get("hero")
            if hid not in heroes:
                raise InvalidInputError(f"position {where}: {hid!r:.40} is not a hero id")
            tid = m.get("treasure", "")
            if tid and tid not in treasures:
                raise InvalidInputError(f"position {where}: {tid!r:.40} is not a treasure id")
            level = m.get("level", 1 if tid else 0)
            party.append(Member(hid, tid, level))
            used_hero.append(hid)
            if tid:
                used_treasure.append(tid)
        hand = _cards(raw.get("hand", []), f"{where} hand", hand_cards, "hero or action")
        victory = _cards(
            raw.get("victory", []), f"{where} victory", {**monsters, **towns}, "monster or town"
        )
        used_hero += hand
        used_mon += [c for c in victory if c in monsters]
        used_town += [c for c in victory if c in towns]
        seats.append(Seat(tuple(sorted(hand)), tuple(party), tuple(victory)))
    discard = _cards(pos.get("discard", []), "discard", hand_cards, "hero or action")
    used_hero += discard
    line = []
    for j, raw in enumerate(pos["stacks"]):
        top = raw.get("top", "")
        if top and top not in monsters:
            raise InvalidInputError(f"position stack {j + 1}: {top!r:.40} is not a monster id")
        if top:
            used_mon.append(top)
        line.append(
            Stack(
                names[j],
                top,
                raw.get("l1", 0),
                raw.get("l2", 0),
                raw.get("boss", False),
            )
        )
    hero_deck = _minus(s.hero_deck, used_hero, "hero deck")
    pools = {}
    earlier: list[str] = []
    for field, want in (
        ("pool1", sum(x.l1 for x in line)),
        ("pool2", sum(x.l2 for x in line)),
        ("bosses", sum(x.boss for x in line)),
    ):
        pool = Counter(getattr(s, field))
        pool.subtract(c for c in used_mon if c in pool)
        if min(pool.values(), default=0) < 0:
            raise InvalidInputError(
                f"position: more copies of a monster than the card set has ({field})"
            )
        extra = sum(pool.values()) - want
        if extra < 0:
            raise InvalidInputError(f"position: the stacks hide more cards than are left ({field})")
        while extra:  # set the most numerous kinds aside first (keeps the mix)
            top = max(pool, key=lambda c: (pool[c], c))
            pool[top] -= 1
            earlier.append(top)
            extra -= 1
        pools[field] = tuple(sorted(pool.elements()))
    player = pos.get("player", 0)
    s = type(s)(
        config=s.config,
        seats=tuple(seats),
        line=tuple(line),
        earlier=tuple(sorted(earlier)),
        hero_deck=hero_deck,
        discard=tuple(sorted(discard)),
        towns=_minus(s.towns, used_town, "town deck"),
        treasures=_minus(s.treasures, used_treasure, "treasure deck"),
        first=pos.get("first", player),
        last=pos.get("last", (player - 1) % s.num_players),
        turn=pos.get("turn", 1) - 1,
        doom=pos.get("doom", 0),
        data=s.data,
        **pools,
    )
    ev = Event(P + "setup", "The position described by the scenario is set on the table.")
    return settle(begin_turn(s.with_events(ev), player))


def _minus(deck: tuple[str, ...], used: list[str], what: str) -> tuple[str, ...]:
    left = Counter(deck)
    left.subtract(used)
    bad = [c for c, k in left.items() if k < 0]
    if bad:
        raise InvalidInputError(f"position: more copies of {bad[0]!r:.40} than the {what} has")
    return tuple(sorted(left.elements()))
