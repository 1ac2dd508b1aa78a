"""Starting a Shadows game: the rulebook's Setup as chance draws and decisions, or a
described position (the rulebook's examples start from one).

A position (``config.position``) says what is on the table at the start of a round's
TeamUp Phase; every card it does not place stays in its deck or pool::

    [config.position]
    round = 2                 # the round that begins (the Leader's choice from round 2)
    phase = "teamup"          # or "buildup": the round's Combat Phase is over
    leader = 0
    monster = "cave-stalker"  # the active Monster (its level sets the hand size)
    monster_damage = [0, 3]   # each seat's Damage tokens on it (default none)
    market = ["goblin-wand"]  # faceup Market Items, left to right
    [[config.position.seats]]
    hero = "akintunde"
    items = ["magic-element"]
    library = ["thunderstrike"]      # default: the Hero's Beginner list
    mission = "monster-hunter"       # default: none
    gold = 0
    xp = 0
    stones = 0
    damage = 0
    bonus = {strength = 7}           # Items or effects an example does not list
    station = ["bulwark"]            # more Station cards (played earlier)
    deck = ["stone-hex"]             # more cards in the Current Deck (studied earlier)
    dodge = true                     # the Flat-Footed card shows its Dodge side
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.state import evolve, take
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.flow import begin_round, settle
from hordes_kit.shadows.moves import forced, place_all
from hordes_kit.shadows.opening import beginner_library, deal_hero, reveal_monster
from hordes_kit.shadows.state import Placed, Position, Seat

__all__ = ["new_game"]


def _deck(cards) -> tuple[str, ...]:
    return tuple(sorted(c.id for c in cards for _ in range(c.copies)))


def new_game(config: Mapping[str, Any] | SConfig | None = None) -> Position:
    """A new game at its first chance draw (Setup), or the configured position."""
    cfg = config if isinstance(config, SConfig) else SConfig.from_dict(dict(config or {}))
    data = cfg.card_set()
    if len(data.heroes) < cfg.players:
        raise InvalidInputError(
            f"the card file has {len(data.heroes)} Heroes for {cfg.players} players"
        )
    s = Position(
        config=cfg,
        seats=tuple(Seat() for _ in range(cfg.players)),
        ma_deck=tuple(sorted(k for k, n in data.actions for _ in range(n))),
        ma=("",) * cfg.players,
        ma_up=(False,) * cfg.players,
        ma_known=(-1,) * cfg.players,
        mdamage=(0,) * cfg.players,
        cdamage=(0,) * cfg.players,
        item_deck=_deck(i for i in data.items if not i.basic),
        basic_pool=_deck(i for i in data.items if i.basic),
        mission_deck=tuple(sorted(m.id for m in data.missions)),
        skill_pool=_deck(data.neutral()),
        bounty_left=data.bounty_cards,
        predicted=((),) * cfg.players,
        played=((),) * cfg.players,
        invincible=(False,) * cfg.players,
        attacks=(0,) * cfg.players,
        standalone=(False,) * cfg.players,
        passed=(False,) * cfg.players,
        data=data,
    )
    if cfg.library == "pool" and len(s.skill_pool) < R.POOL_MIN:
        raise InvalidInputError(
            f"a Skill Pool game needs a Pool of at least {R.POOL_MIN} Neutral Skill cards "
            f"(Play with Another Base Game); the card file has {len(s.skill_pool)}"
        )
    if cfg.position is not None:
        return settle(place_all(_from_position(s, cfg.position)), forced)
    s = evolve(
        s,
        log=(
            s.ev(
                "setup",
                f"Setup for {cfg.players} players: three Monsters by level, the Monster-Action "
                "deck, the Market and the Basic Items.",
            ),
        ),
    )
    return settle(s, forced)


def _ids(value: list[str], where: str, known, kind: str) -> list[str]:
    for c in value:
        if c not in known:
            raise InvalidInputError(
                f"position {where}: {c!r:.40} is not a {kind} id of this card set"
            )
    return list(value)


def _from_position(s: Position, pos: Mapping[str, Any]) -> Position:
    """The described position (as ``SConfig.SCHEMA`` read it: shapes and counts checked)."""
    d = s.data
    items = {i.id for i in d.items}
    skills = {k.id for k in d.skills}
    heroes = {h.id for h in d.heroes}
    raw_seats = pos["seats"]
    mon = pos["monster"]
    monsters = {m.id: m for m in d.monsters}
    if mon not in monsters:
        raise InvalidInputError(f"position: monster {mon!r:.40} is not a Monster id")
    leader = pos.get("leader", 0)
    rnd = pos.get("round", 1)
    s = evolve(s, leader=leader, phase="refresh", round=0)
    item_deck = list(s.item_deck)
    missions = list(s.mission_deck)
    for k, raw in enumerate(raw_seats):
        if raw["hero"] not in heroes:
            raise InvalidInputError(f"position seat {k + 1}: hero must be a Hero id")
        s = evolve(s, seats=s.seat_with(k, hero=raw["hero"]))
        s = deal_hero(s, k)
        st = s.seats[k]
        its = _ids(raw.get("items", []), f"seat {k + 1} items", items, "Item")
        for i in its:
            if i in item_deck:
                item_deck.remove(i)
        extra = _ids(raw.get("station", []), f"seat {k + 1} station", skills, "Skill card")
        more = _ids(raw.get("deck", []), f"seat {k + 1} deck", skills, "Skill card")
        bonus = raw.get("bonus", {})
        vals = {f: raw.get(f, 0) for f in ("gold", "xp", "stones", "damage", "bounty")}
        mission = raw.get("mission", "")
        if mission:
            if mission not in missions:
                raise InvalidInputError(
                    f"position seat {k + 1}: mission {mission!r:.40} is not a Mission id left"
                )
            missions.remove(mission)
        s = evolve(
            s,
            seats=s.seat_with(
                k,
                items=tuple(Placed(i) for i in its),
                station=tuple(
                    Placed(
                        p.card, back=raw.get("dodge", False) and p.card.startswith("flat-footed")
                    )
                    for p in st.station
                )
                + tuple(Placed(c) for c in extra),
                deck=tuple(sorted([c for c in st.deck if c not in extra] + more)),
                bonus=tuple(int(bonus.get(x, 0)) for x in R.STATS),
                mission=mission,
                **vals,
            ),
        )
        if "library" in raw:
            lib = _ids(raw["library"], f"seat {k + 1} library", skills, "Skill card")
            s = evolve(s, seats=s.seat_with(k, library=tuple(sorted(lib))))
        else:
            s = beginner_library(s, k)
    market = _ids(pos.get("market", []), "market", items, "Item")
    _check_items(s, market)
    for i in market:
        if i not in item_deck:
            raise InvalidInputError(f"position market: {i!r} is not left in the Item deck")
        item_deck.remove(i)
    s = evolve(
        s, item_deck=tuple(sorted(item_deck)), mission_deck=tuple(missions), market=tuple(market)
    )
    s = evolve(s, seen_monsters=tuple(m.id for m in d.monsters if m.level < monsters[mon].level))
    s = reveal_monster(s, mon)
    md = pos.get("monster_damage", [0] * s.n)
    health = monsters[mon].health
    if (
        not isinstance(md, list)
        or len(md) != s.n
        or not all(type(v) is int and 0 <= v < health for v in md)
    ):
        raise InvalidInputError(
            f"position: monster_damage gives each seat's tokens on the Monster, 0-{health - 1}"
        )
    s = evolve(s, mdamage=tuple(md))
    s = evolve(
        s,
        log=s.log + (s.ev("setup", "The position described by the scenario is set on the table."),),
    )
    s = begin_round(evolve(s, round=rnd - 1))
    if pos.get("phase", "teamup") == "buildup":
        # the round's Combat is over (the Monster-Action cards were dealt and used)
        s = evolve(s, phase="combat", step=6, tasks=(), ma_up=(True,) * s.n)
    return s


def _check_items(s: Position, market: list[str]) -> None:
    """The Items a position places exist in the box that many times, and no Hero holds two
    Restricted Items ("A Hero can never have more than one card with this Trait")."""
    placed = Counter(market)
    for k, st in enumerate(s.seats):
        placed.update(p.card for p in st.items)
        held = [p.card for p in st.items if s.card(p.card).restricted]
        if len(held) > 1:
            raise InvalidInputError(
                f"position seat {k + 1}: {len(held)} Restricted Items "
                f"({', '.join(s.name(c) for c in held)}): a Hero holds at most one"
            )
    for cid, n in sorted(placed.items()):
        if n > s.card(cid).copies:
            raise InvalidInputError(
                f"position: {n} copies of {s.name(cid)} placed (seats' Items and the Market); "
                f"the card set has {s.card(cid).copies}"
            )


__all__ += ["take"]
