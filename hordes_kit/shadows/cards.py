"""Shadows card lists as data (``data/shadows/cards.toml``), validated on load.

The rulebook prints no full card list. The shipped file has every card it names with
what it states; the rest are sample values marked ``sample = true``. A player's own file
(same format) travels as its text in the game config (``cards = "<toml text>"``) and is
checked with ``hordes-kit check-data FILE``.

Tables: ``[leader]`` (``shield``), ``[bounty]`` (``cards``, ``gold``), ``[[hero]]``
(``strength tech magic health``), ``[[skill]]``, ``[[item]]``, ``[[monster]]``,
``[[creature]]`` (a Monster's Creature), ``[[monster_action]]`` (``icons``, ``copies``),
``[[mission]]`` (``condition``, ``reward``).

A ``[[skill]]``: ``name``; ``hero`` (its Hero Symbol; none = a Neutral Skill card);
``special = true`` (a Hero Special card, star Initiative) or ``initiative`` (a list:
``[2]``, ``[4, 5]`` a multi-step card, ``[0]`` Initiative 0, or ``"?"``); ``traits``;
``predict`` (the numbers beside the Response arrow of a Predict card); ``effects``;
``requires`` (``{magic = 5}``, ``{tech = 3, health = "=<7"}``); ``shield`` (Shield
Points); ``health`` (a Creature's or Object's); ``active`` (its Active Abilities box);
``attach`` (an Attachment: ``"opponent"`` or ``"ally"``, what it is attached to);
``track`` (a progress track: ``steps``, ``on`` a trigger, ``effects`` at its end);
``back`` (the BackSide of a double-sided card); ``beginner`` (the Hero whose Beginner
list names it); ``copies`` (in the Skill Pool, at most 2).

The Traits, effects and icons they use are the vocabulary documented in
``card_model.py`` (an ``[[item]]`` may have an ``active`` box and a ``track`` too). The
loader refuses, naming the card and field, what the engine could not play.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from hordes_kit.core.cardcheck import CARD_TEXT_LIMIT, check_size
from hordes_kit.core.data import data_path, read_toml, slug
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.inputs import decode_text, parse_toml, read_text, shown
from hordes_kit.shadows.card_checks import check_playable, pool_notes
from hordes_kit.shadows.card_fields import (
    Reader,
    actions_table,
    active_box,
    chart_action,
    grouped,
    missions_table,
    requirements,
    reward_table,
    rows,
    track_box,
    traits_agree,
)
from hordes_kit.shadows.card_model import (
    CHART,
    CONDITIONS,
    EFFECTS,
    ICONS,
    MISSION_VERBS,
    STATION_TRAITS,
    STATS,
    TRAITS,
    CardSet,
    Creature,
    Effect,
    Hero,
    Item,
    Mission,
    Monster,
    Side,
    Skill,
    parse_effect,
)

__all__ = [
    "CARDS_FILE",
    "MAX_BYTES",
    "TRAITS",
    "EFFECTS",
    "CONDITIONS",
    "ICONS",
    "CHART",
    "MISSION_VERBS",
    "STATS",
    "Effect",
    "Side",
    "Skill",
    "Hero",
    "Item",
    "Monster",
    "Creature",
    "Mission",
    "CardSet",
    "load_cards",
    "load_card_bytes",
    "load_card_file",
    "parse_cards",
    "parse_effect",
]

CARDS_FILE = data_path("shadows", "cards.toml")
MAX_BYTES = CARD_TEXT_LIMIT  # a card file is a few dozen kB; refuse anything this big


SKILL_FIELDS = {"name", "hero", "special", "initiative", "traits", "predict", "effects"}
SKILL_FIELDS |= {"requires", "shield", "health", "active", "back", "beginner", "copies"}
SKILL_FIELDS |= {"sample", "note", "attach", "track"}


def _skill(r: Reader, raw: dict, heroes: dict[str, Hero], where: str) -> Skill:
    name, cid = r.name(raw, where)
    r.known(raw, name, SKILL_FIELDS)
    hero = raw.get("hero", "")
    if hero and (not isinstance(hero, str) or slug(hero) not in heroes):
        r.fail(name, "hero", f"no Hero called {str(hero)[:40]!r} in this file")
    special = r.flag(raw, name, "special")
    init = raw.get("initiative", [] if special else None)
    if init == "?":
        init = []
    if not isinstance(init, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= 6 and i != 3 for i in init
    ):
        r.fail(name, "initiative", 'must be a list of steps 0-6 (not 3, the Monster\'s) or "?"')
    if special and init:
        r.fail(name, "initiative", "a Hero Special card has the star Initiative: leave it out")
    traits = r.traits(raw, name)
    if 0 in init and (init != [0] or not traits & STATION_TRAITS):
        r.fail(
            name,
            "initiative",
            "an Initiative 0 card goes to the Station Field by itself: only [0], and a Self, "
            "Creature, Object or Attachment card",
        )
    predict = raw.get("predict", [])
    if not isinstance(predict, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= 6 for i in predict
    ):
        r.fail(name, "predict", "must be a list of Initiative numbers 1-6")
    if ("Predict" in traits) != bool(predict):
        r.fail(name, "predict", "a Predict card lists its numbers; only a Predict card does")
    requires = requirements(r, raw, name)
    if hero and requires:
        r.fail(name, "requires", "a Hero Skill card has its Hero Symbol instead of Requirements")
    effects = grouped(r, name, traits, r.effects(raw, name))
    active = active_box(r, raw, name)
    track = track_box(r, raw, name)
    more = (*active.get("effects", ()), *track.get("effects", ()))
    traits_agree(r, name, traits, (*effects, *more), raw)
    if track and not (special or traits & STATION_TRAITS):
        r.fail(name, "track", "a progress track stays on a Station card (Self, Creature, ...)")
    shield = r.num(raw, name, "shield", 0, 9, 0)
    front = Side(name, traits, effects, shield, active, (), track)
    back = None
    if "back" in raw:
        b = r.table(raw, name, "back")
        r.known(b, name, {"name", "traits", "effects", "shield", "cleanup"}, "back")
        btraits = r.traits(b, name)
        back = Side(
            r.text(b, name, "name"),
            btraits,
            grouped(r, name, btraits, r.effects(b, name), "back"),
            r.num(b, name, "shield", 0, 9, 0),
            {},
            r.effects(b, name, "cleanup"),
        )
    health = r.num(raw, name, "health", 0, 30, 0)
    entity = bool(traits & {"Creature", "Object"})
    if entity != (health > 0):
        r.fail(name, "health", "a Creature or Object has Health (1 or more); other cards none")
    beginner = raw.get("beginner", "")
    if beginner and (hero or not isinstance(beginner, str) or slug(beginner) not in heroes):
        r.fail(name, "beginner", "names the Hero of a Beginner list, for Neutral Skill cards")
    return Skill(
        cid,
        name,
        slug(hero) if hero else "",
        special,
        tuple(init),
        front,
        back,
        tuple(predict),
        requires,
        health,
        slug(beginner) if beginner else "",
        r.num(raw, name, "copies", 1, 2, 1),
        r.flag(raw, name),
        r.text(raw, name, "note", False),
        raw.get("attach", ""),
    )


def _heroes(r: Reader, doc: dict) -> dict[str, Hero]:
    heroes = {}
    for where, raw in rows(r, doc, "hero"):
        name, cid = r.name(raw, where)
        r.known(raw, name, {"name", *STATS, "sample", "note"})
        st = tuple(r.num(raw, name, s, 0 if s != "health" else 1, 20) for s in STATS)
        heroes[cid] = Hero(cid, name, st, r.flag(raw, name), r.text(raw, name, "note", False))
    if len(heroes) < 2:
        r.fail(None, "hero", "the file needs at least 2 Heroes (one per player)")
    return heroes


ITEM_FIELDS = {"name", "kind", "cost", "stats", "shield", "restricted", "traits", "active"}
ITEM_FIELDS |= {"copies", "sample", "note", "track"}


def _items(r: Reader, doc: dict) -> list[Item]:
    items = []
    for where, raw in rows(r, doc, "item"):
        name, cid = r.name(raw, where)
        r.known(raw, name, ITEM_FIELDS)
        kind = raw.get("kind")
        if kind not in ("basic", "market"):
            r.fail(name, "kind", "must be 'basic' or 'market'")
        traits = r.traits(raw, name)
        items.append(
            Item(
                cid,
                name,
                kind == "basic",
                r.num(raw, name, "cost", 0, 20, 0),
                r.stats(raw, name, "stats"),
                r.num(raw, name, "shield", 0, 9, 0),
                r.flag(raw, name, "restricted") or "Restricted" in traits,
                "One Time" in traits,
                active_box(r, raw, name),
                (),
                r.num(raw, name, "copies", 1, 4, 1),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
                track_box(r, raw, name),
            )
        )
    return items


def _creatures(r: Reader, doc: dict) -> list[Creature]:
    out = []
    for where, raw in rows(r, doc, "creature"):
        name, cid = r.name(raw, where)
        r.known(raw, name, {"name", "health", "action", "reward", "sample", "note"})
        if str(raw.get("action", "")).split()[:1] not in (["attack"], ["lose"]):
            r.fail(
                name, "action", "a Creature acts with 'attack N' or 'lose N' ('all': every Hero)"
            )
        out.append(
            Creature(
                cid,
                name,
                r.num(raw, name, "health", 1, 30),
                chart_action(r, name, "action", raw.get("action")),
                reward_table(r, raw, name),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    return out


MONSTER_FIELDS = {"name", "level", "health", "species", "chart", "reward", "creature"}
MONSTER_FIELDS |= {"sample", "note"}


def _monsters(r: Reader, doc: dict, creatures: set[str]) -> list[Monster]:
    monsters = []
    for where, raw in rows(r, doc, "monster"):
        name, cid = r.name(raw, where)
        r.known(raw, name, MONSTER_FIELDS)
        chart = r.table(raw, name, "chart")
        r.known(chart, name, set(ICONS), "chart")
        cr = raw.get("creature", "")
        if cr and (not isinstance(cr, str) or slug(cr) not in creatures):
            r.fail(name, "creature", f"no [[creature]] called {str(cr)[:40]!r}")
        monsters.append(
            Monster(
                cid,
                name,
                r.num(raw, name, "level", 1, 3),
                r.num(raw, name, "health", 1, 40),
                r.text(raw, name, "species", False),
                tuple((i, chart_action(r, name, i, chart[i])) for i in ICONS if i in chart),
                reward_table(r, raw, name),
                slug(cr) if cr else "",
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    for lv in (1, 2, 3):
        if not any(m.level == lv for m in monsters):
            r.fail(None, "monster", f"the file needs a level {lv} Monster")
    return monsters


def parse_cards(doc: dict, file: str) -> CardSet:
    """Validate a parsed card file; errors name the file, card and field."""
    r = Reader(file)
    top = {"leader", "bounty", "hero", "skill", "item", "monster", "creature"}
    r.known(doc, None, top | {"monster_action", "mission"})
    heroes = _heroes(r, doc)
    skills = tuple(_skill(r, raw, heroes, where) for where, raw in rows(r, doc, "skill"))
    items = _items(r, doc)
    creatures = _creatures(r, doc)
    monsters = _monsters(r, doc, {c.id for c in creatures})
    actions = actions_table(r, doc)
    missions = missions_table(r, doc)
    leader = r.table(doc, "leader", "leader")
    r.known(leader, "leader", {"shield", "note"})
    bounty = r.table(doc, "bounty", "bounty")
    r.known(bounty, "bounty", {"cards", "gold", "note", "sample"})
    by_id: dict[str, Any] = {c.id: c for c in (*skills, *items, *monsters, *creatures, *missions)}
    by_id.update(heroes)
    out = CardSet(
        file,
        tuple(heroes.values()),
        skills,
        tuple(items),
        tuple(monsters),
        tuple(creatures),
        tuple(sorted(actions.items())),
        tuple(missions),
        r.num(leader, "leader", "shield", 0, 9, 1),
        r.num(bounty, "bounty", "cards", 0, 20, 5),
        r.num(bounty, "bounty", "gold", 0, 9, 1),
        by_id,
    )
    check_playable(out)
    return out


def _parse_text(text: str, name: str) -> CardSet:
    if not isinstance(text, str):
        raise CardDataError(name, None, None, "must be the text of a card file")
    check_size(text, name, MAX_BYTES)
    return parse_cards(parse_toml(text, name), name)


@lru_cache(maxsize=8)
def load_cards(text: str = "", name: str = "your card file") -> CardSet:
    """The shipped cards (``text=""``) or a card file's text, validated."""
    if not text:
        return parse_cards(read_toml(CARDS_FILE), str(CARDS_FILE))
    return _parse_text(text, name)


def load_card_bytes(data: bytes, name: str = "your card file") -> CardSet:
    """A card file's bytes (an upload): UTF-8 TOML, at most ``MAX_BYTES``, validated."""
    if len(data) > MAX_BYTES:
        raise CardDataError(name, None, None, f"more than {MAX_BYTES:,} bytes")
    return _parse_text(decode_text(data, name), name)


def load_card_file(path: str | Path) -> CardSet:
    """A card file on disk: a regular file, read through the kit's safe reader."""
    return _parse_text(read_text(path, MAX_BYTES), shown(path))


def check_file(path: str | Path) -> tuple[list[str], list[dict]]:
    """``check-data`` for a card file: the lines to print and the game configs to try."""
    text = read_text(path, MAX_BYTES)
    cards = _parse_text(text, shown(path))
    n = cards.counts()
    out = [
        f"OK: Shadows card file {shown(path)}: {len(cards.heroes)} Heroes, "
        f"{n['hero special']} Hero Special + {n['hero skill']} Hero Skill + "
        f"{n['neutral skill']} Neutral Skill cards, {n['monster']} Monsters, "
        f"{n['monster-action']} Monster-Action cards, {n['basic item']} Basic + "
        f"{n['market item']} Market Items, {n['mission']} Missions "
        f"({cards.samples()} with sample values)."
    ]
    out += [f"note: {x}" for x in cards.problems()]
    out += [f"note: {x}" for x in pool_notes(cards)]
    configs = [{"players": 3, "cards": text}, {"players": 2, "cards": text}]
    if not pool_notes(cards):  # Libraries drawn from the whole Pool: every card may come up
        configs.append({"players": 2, "cards": text, "library": "pool"})
    return out, configs
