"""Skytear Horde cards as data (``data/skytear/cards.toml``), validated on load.

The rulebook prints no card lists, only the components, the card anatomy and the
glossary. The shipped file holds every card the rulebook names with what it states
(Pools of Flyema, Atlas, the minions, the portal pile, Wind Riders, the Troop token)
and sample values, marked ``sample = true``, for everything it leaves out, so every
mode can be played. A player with the box writes their own file in the same format and
checks it with ``hordes-kit check-data FILE``; a game carries the file's text in its
config (never a path).

File format (TOML), one array of tables per kind of card. Every card has ``name``,
``code`` (``"CAM.014 2x"``: set, number, copies), ``sample`` and ``note``.

* ``[[horde]]``: ``horde`` (its horde), ``level`` (power level 1 weakest, 2, 3
  strongest), ``type`` (monster, spell, attachment), ``attack``/``health`` (monsters),
  ``boost`` (mana boost 0-2), ``treachery`` (``"left N"``, ``"right N"``, ``"ability"``
  or ``"none"``), ``treachery_only`` (the treachery-only symbol), ``keywords``,
  ``abilities``.
* ``[[alliance]]``: ``faction``, ``type`` (ally, tower, spell, attachment), ``subtype``,
  ``rarity`` (base = common, rare, mythic, legendary), ``cost``, ``attack``/``health``
  (allies, towers), ``hero`` (related hero), ``reaction`` (the treachery-phase
  symbol), ``keywords``, ``abilities``.
* ``[[castle]]``: ``faction``, ``health``, ``abilities`` (besides the universal Draw),
  ``deck_size`` and ``limits`` (the card back: ``{rarity, factions, max}`` per rarity).
* ``[[portal]]``: ``stage`` 1-4, ``horde`` (stage 1 portals may name one), and a
  ``solo`` and a ``coop`` face: ``{health, rotations = [[wave, reinforce, mana] x 4]}``.
* ``[[outsider]]``: ``type`` (immortal with ``stage``, enchanter with ``enchantment``,
  colossal with ``layout`` = names left to right, appendage with ``of``), ``attack``,
  ``health``, ``keywords``, ``abilities``.
* ``[[minion]]``: ``keywords`` (the minions: ``pillager``, ``attack-per-health 1``,
  ``trample-at 4``).
* ``[[scenario]]``: ``horde``, ``difficulty``, ``flavor``, ``mandatory`` (effects),
  ``actions`` (``{name, gold, effects, repeat}``: negative gold is spent, positive
  earned; ``repeat`` = the infinity symbol), ``income``, ``henchman`` (the back:
  ``{name, attack, health, keywords, abilities}``).
* ``[[token]]``: card tokens: ``side`` (ally or monster), ``attack``, ``health``.
* ``[[deck]]``: a pre-made deck (``faction`` and ``set``: every card of that faction in
  the set) or a custom one (``castle`` and ``cards = { "Card name" = copies }``).

Keywords: ``armor N``, ``barrier``, ``defender``, ``elusive N``, ``epic``, ``fast``,
``heroic N``, ``pillager``, ``taunt``, ``trample``, ``trample-at N``,
``attack-per-health N``. Abilities: ``"trigger[, mana N][, charge N][, reaction]
[, if CONDITION]: effect[; effect]"`` with the triggers, conditions, effects and
targets listed in ``vocabulary.py`` (ADD X MANA is ``mana X``, tower charges are
``charges N`` and the ``charge N`` exhaust cost, card tokens are ``token NAME N``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from hordes_kit.core.data import data_path, read_toml, slug
from hordes_kit.core.errors import CardDataError
from hordes_kit.skytear.abilities import (
    Ability,
    Code,
    Effect,
    parse_ability,
    parse_code,
    parse_effect,
    parse_keywords,
)

__all__ = [
    "CARDS_FILE",
    "COMPONENTS",
    "RARITIES",
    "Card",
    "Castle",
    "PortalFace",
    "Portal",
    "ScenarioAction",
    "Scenario",
    "Deck",
    "CardSet",
    "load_cards",
    "load_card_text",
    "load_card_file",
    "shipped_cards",
]

CARDS_FILE = data_path("skytear", "cards.toml")
RARITIES = ("base", "rare", "mythic", "legendary")
# copies of one card across all players' decks ("Customizing Decks")
COPY_LIMIT = {"base": 3, "rare": 2, "mythic": 1, "legendary": 1}
HORDE_TYPES = ("monster", "spell", "attachment")
ALLIANCE_TYPES = ("ally", "tower", "spell", "attachment")
OUTSIDER_TYPES = ("immortal", "enchanter", "colossal", "appendage")
SCENARIO_VERBS = ("reinforce", "lane-tokens", "gold", "recruit", "exile", "mana", "heal", "damage")
# the Campaigns base box ("Components and Card Anatomy")
COMPONENTS = {
    "horde": 87,
    "scenario": 6,
    "alliance": 120,
    "castle": 6,
    "portal": 7,
    "outsider": 8,
    "minion": 4,
}


@dataclass(frozen=True)
class Card:
    """A card that can be in play: horde card, alliance card, outsider, minion or token."""

    id: str
    name: str
    kind: str  # horde, alliance, outsider, minion, token, henchman
    type: str  # monster/spell/attachment, ally/tower/spell/attachment, immortal..., ally/monster
    attack: int = 0
    health: int = 0
    kw: Mapping[str, int] = field(default_factory=dict)
    abilities: tuple[Ability, ...] = ()
    code: Code | None = None
    sample: bool = True
    note: str = ""
    horde: str = ""
    level: int = 0
    boost: int = 0
    treachery_side: str = ""  # left, right, or "" (a treachery ability, or nothing)
    treachery_bonus: int = 0
    treachery_only: bool = False
    faction: str = ""
    subtype: str = ""
    rarity: str = ""
    cost: int = 0
    hero: str = ""
    reaction: bool = False
    stage: int = 0
    layout: tuple[str, ...] = ()  # colossal: card ids left to right
    of: str = ""  # appendage: its colossal outsider's id
    enchantment: tuple[Ability, ...] = ()
    statics: tuple[Effect, ...] = field(default=(), compare=False, repr=False)
    static_health: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        flat = tuple(e for a in self.abilities if a.trigger == "static" for e in a.effects)
        object.__setattr__(self, "statics", flat)
        object.__setattr__(self, "static_health", any(e.verb == "health" for e in flat))

    @property
    def copies(self) -> int:
        """Copies in the set (the code's ``2x``)."""
        return self.code.copies if self.code else 1

    @property
    def is_monster_side(self) -> bool:
        """True for cards that enter play above the lane markers (horde side)."""
        return self.kind in ("horde", "outsider", "minion", "henchman") or (
            self.kind == "token" and self.type == "monster"
        )

    def triggered(self, trigger: str) -> tuple[Ability, ...]:
        """The card's abilities with this trigger."""
        return tuple(a for a in self.abilities if a.trigger == trigger)


@dataclass(frozen=True)
class Castle:
    """A castle: health, its own exhaust abilities and the deck rules on its back."""

    id: str
    name: str
    faction: str
    health: int
    abilities: tuple[Ability, ...]
    deck_size: int
    limits: tuple[tuple[str, tuple[str, ...], int], ...]  # (rarity, factions, max)
    code: Code | None = None
    sample: bool = True
    note: str = ""


@dataclass(frozen=True)
class PortalFace:
    """One side of a portal card: health and the four rotations (wave, reinforce, mana)."""

    health: int
    rotations: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Portal:
    """A portal card: its stage and a solo and a co-op face."""

    id: str
    name: str
    stage: int
    horde: str
    solo: PortalFace
    coop: PortalFace
    code: Code | None = None
    sample: bool = True
    note: str = ""

    def face(self, players: int) -> PortalFace:
        """The face for this player count."""
        return self.solo if players == 1 else self.coop


@dataclass(frozen=True)
class ScenarioAction:
    """A scenario action: gold it costs (negative) or earns, effects, repeatable (infinity)."""

    name: str
    gold: int
    effects: tuple[Effect, ...]
    repeat: bool = False


@dataclass(frozen=True)
class Scenario:
    """A scenario card and the henchman on its back."""

    id: str
    name: str
    horde: str
    difficulty: int
    flavor: str
    mandatory: tuple[Effect, ...]
    actions: tuple[ScenarioAction, ...]
    income: int
    henchman: Card
    code: Code | None = None
    sample: bool = True
    note: str = ""


@dataclass(frozen=True)
class Deck:
    """A named deck: pre-made (a faction of a set) or custom (a castle and card counts)."""

    name: str
    faction: str = ""
    set: str = ""
    castle: str = ""
    cards: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class CardSet:
    """Every card of a Skytear card file."""

    source: str
    cards: Mapping[str, Card]
    castles: Mapping[str, Castle]
    portals: Mapping[str, Portal]
    scenarios: Mapping[str, Scenario]
    decks: tuple[Deck, ...]

    def of_kind(self, kind: str) -> tuple[Card, ...]:
        """Cards of one kind (horde, alliance, outsider, minion, token, henchman)."""
        return tuple(c for c in self.cards.values() if c.kind == kind)

    def hordes(self) -> tuple[str, ...]:
        """The hordes named by the horde cards, in file order."""
        return tuple(dict.fromkeys(c.horde for c in self.of_kind("horde")))

    def counts(self) -> dict[str, int]:
        """Cards of each component, copies counted (outsiders: appendages included)."""
        out = {k: sum(c.copies for c in self.of_kind(k)) for k in ("horde", "alliance")}
        out["outsider"] = sum(c.copies for c in self.of_kind("outsider"))
        out["minion"] = len(self.of_kind("minion"))
        out["castle"] = len(self.castles)
        out["portal"] = len(self.portals)
        out["scenario"] = len(self.scenarios)
        return out

    def problems(self) -> list[str]:
        """Where the file differs from the base box's component counts (notes, not errors)."""
        got = self.counts()
        return [
            f"{k}: {got[k]} cards, the box has {n}" for k, n in COMPONENTS.items() if got[k] != n
        ]

    def samples(self) -> int:
        """How many cards carry sample values."""
        every = (*self.cards.values(), *self.castles.values(), *self.portals.values())
        return sum(c.sample for c in every) + sum(s.sample for s in self.scenarios.values())


class _Reader:
    """Field readers that fail with ``CardDataError`` naming the file, card and field."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, card, fld, problem):
        raise CardDataError(self.file, card, fld, problem)

    def text(self, raw, card, fld, required=True, default=""):
        v = raw.get(fld, None if required else default)
        if not isinstance(v, str) or (required and not v.strip()):
            self.fail(card, fld, "must be a non-empty text" if required else "must be text")
        return v.strip()

    def int_(self, raw, card, fld, lo=0, hi=99, default=None):
        v = raw.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(card, fld, f"must be a whole number, got {v!r}")
        if not lo <= v <= hi:
            self.fail(card, fld, f"must be {lo}-{hi}, got {v}")
        return v

    def flag(self, raw, card, fld, default=False):
        v = raw.get(fld, default)
        if not isinstance(v, bool):
            self.fail(card, fld, "must be true or false")
        return v

    def choice(self, raw, card, fld, options, default=None):
        v = raw.get(fld, default)
        if isinstance(v, str):
            v = v.strip().lower()
        if v not in options:
            self.fail(card, fld, f"must be one of {', '.join(options)}, got {raw.get(fld)!r}")
        return v

    def strings(self, raw, card, fld):
        v = raw.get(fld, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(card, fld, "must be a list of texts")
        return v

    def code(self, raw, card):
        v = raw.get("code")
        if v is None:
            return None
        if not isinstance(v, str):
            self.fail(card, "code", "must be a text like 'CAM.014 2x'")
        try:
            return parse_code(v)
        except ValueError as e:
            self.fail(card, "code", str(e))

    def keywords(self, raw, card):
        try:
            return parse_keywords(self.strings(raw, card, "keywords"))
        except ValueError as e:
            self.fail(card, "keywords", str(e))

    def abilities(self, raw, card, fld="abilities"):
        out = []
        for line in self.strings(raw, card, fld):
            try:
                out.append(parse_ability(line))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def effects(self, raw, card, fld):
        out = []
        for line in self.strings(raw, card, fld):
            try:
                out.append(parse_effect(line))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def known(self, raw, card, fields):
        bad = sorted(set(raw) - set(fields))
        if bad:
            self.fail(card, bad[0], "unknown field")

    def rows(self, doc, kind):
        rows = doc.get(kind, [])
        if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
            self.fail(None, kind, f"write each card as a [[{kind}]] table")
        return rows


COMMON = ("name", "code", "sample", "note", "keywords", "abilities", "attack", "health")


def _base(r: _Reader, raw: dict, name: str, kind: str, **more) -> dict:
    return dict(
        name=name,
        kind=kind,
        code=r.code(raw, name),
        sample=r.flag(raw, name, "sample", True),
        note=r.text(raw, name, "note", False),
        kw=r.keywords(raw, name),
        abilities=r.abilities(raw, name),
        attack=r.int_(raw, name, "attack", 0, 99, 0),
        health=r.int_(raw, name, "health", 0, 99, 0),
        **more,
    )


def _horde(r: _Reader, raw: dict) -> Card:
    name = r.text(raw, None, "name")
    fields = COMMON + ("horde", "level", "type", "boost", "treachery", "treachery_only")
    r.known(raw, name, fields)
    typ = r.choice(raw, name, "type", HORDE_TYPES)
    tre = raw.get("treachery", "none")
    side, bonus = "", 0
    if not isinstance(tre, str):
        r.fail(name, "treachery", 'write "left N", "right N", "ability" or "none"')
    words = tre.lower().split()
    if len(words) == 2 and words[0] in ("left", "right") and words[1].isdigit():
        side, bonus = words[0], int(words[1])
        if not 1 <= bonus <= 5:
            r.fail(name, "treachery", f"an attack bonus is 1-5 symbols, got {bonus}")
    elif words == ["ability"]:
        pass
    elif words != ["none"]:
        r.fail(name, "treachery", f'write "left N", "right N", "ability" or "none", not {tre!r}')
    d = _base(r, raw, name, "horde", type=typ)
    if words == ["ability"] and not any(a.trigger == "treachery" for a in d["abilities"]):
        r.fail(name, "treachery", "says 'ability' but the card has no 'treachery:' ability")
    if typ == "monster" and d["health"] < 1:
        r.fail(name, "health", "a monster needs 1 or more health")
    return Card(
        id=slug(name),
        horde=r.text(raw, name, "horde"),
        level=r.int_(raw, name, "level", 1, 3),
        boost=r.int_(raw, name, "boost", 0, 2, 0),
        treachery_side=side,
        treachery_bonus=bonus,
        treachery_only=r.flag(raw, name, "treachery_only"),
        **d,
    )


def _alliance(r: _Reader, raw: dict) -> Card:
    name = r.text(raw, None, "name")
    r.known(
        raw, name, COMMON + ("faction", "type", "subtype", "rarity", "cost", "hero", "reaction")
    )
    typ = r.choice(raw, name, "type", ALLIANCE_TYPES)
    rarity = raw.get("rarity")
    if isinstance(rarity, str) and rarity.lower() == "common":  # ruling: common = base
        raw = {**raw, "rarity": "base"}
    d = _base(r, raw, name, "alliance", type=typ)
    if typ == "ally" and d["health"] < 1:
        r.fail(name, "health", "an ally needs 1 or more health")
    return Card(
        id=slug(name),
        faction=r.text(raw, name, "faction"),
        subtype=r.text(raw, name, "subtype", False),
        rarity=r.choice(raw, name, "rarity", RARITIES),
        cost=r.int_(raw, name, "cost", 0, 10),
        hero=r.text(raw, name, "hero", False),
        reaction=r.flag(raw, name, "reaction"),
        **d,
    )


def _outsider(r: _Reader, raw: dict) -> Card:
    name = r.text(raw, None, "name")
    r.known(raw, name, COMMON + ("type", "stage", "layout", "of", "enchantment"))
    typ = r.choice(raw, name, "type", OUTSIDER_TYPES)
    stage = r.int_(raw, name, "stage", 1, 4, 1) if typ == "immortal" else 0
    if typ != "immortal" and "stage" in raw:
        r.fail(name, "stage", "only immortal outsiders have stages")
    layout = tuple(slug(x) for x in r.strings(raw, name, "layout"))
    if typ == "colossal" and slug(name) not in layout:
        r.fail(name, "layout", "a colossal outsider's layout lists its appendages and itself")
    of = slug(r.text(raw, name, "of")) if typ == "appendage" else ""
    d = _base(r, raw, name, "outsider", type=typ)
    if d["health"] < 1:
        r.fail(name, "health", "an outsider needs 1 or more health")
    return Card(
        id=f"{slug(name)}-{stage}" if typ == "immortal" else slug(name),
        stage=stage,
        layout=layout,
        of=of,
        enchantment=r.abilities(raw, name, "enchantment"),
        **d,
    )


def _castle(r: _Reader, raw: dict) -> Castle:
    name = r.text(raw, None, "name")
    r.known(
        raw,
        name,
        ("name", "code", "sample", "note", "faction", "health", "abilities", "deck_size", "limits"),
    )
    limits = []
    for lim in raw.get("limits", []):
        if not isinstance(lim, dict):
            r.fail(name, "limits", "each limit is {rarity, factions, max}")
        r.known(lim, name, ("rarity", "factions", "max"))
        rarity = r.choice(lim, name, "rarity", RARITIES)
        facs = tuple(r.strings(lim, name, "factions"))
        limits.append((rarity, facs, r.int_(lim, name, "max", 0, 60)))
    abilities = r.abilities(raw, name)
    if any(a.trigger != "exhaust" for a in abilities):
        r.fail(name, "abilities", "a castle's abilities are exhaust abilities")
    return Castle(
        slug(name),
        name,
        r.text(raw, name, "faction"),
        r.int_(raw, name, "health", 1, 60),
        abilities,
        r.int_(raw, name, "deck_size", 1, 100, 40),
        tuple(limits),
        r.code(raw, name),
        r.flag(raw, name, "sample", True),
        r.text(raw, name, "note", False),
    )


def _face(r: _Reader, raw: dict, name: str, side: str) -> PortalFace:
    f = raw.get(side)
    if not isinstance(f, dict):
        r.fail(name, side, "give the face as {health, rotations}")
    r.known(f, name, ("health", "rotations"))
    rots = f.get("rotations")
    ok = isinstance(rots, list) and len(rots) == 4
    ok = ok and all(isinstance(x, list) and len(x) == 3 for x in rots)
    ok = ok and all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10 for x in rots for n in x
    )
    if not ok:
        r.fail(name, f"{side}.rotations", "four [wave, reinforce, mana] triples of 0-10")
    return PortalFace(r.int_(f, name, "health", 1, 60), tuple(tuple(x) for x in rots))


def _portal(r: _Reader, raw: dict) -> Portal:
    name = r.text(raw, None, "name")
    r.known(raw, name, ("name", "code", "sample", "note", "stage", "horde", "solo", "coop"))
    return Portal(
        slug(name),
        name,
        r.int_(raw, name, "stage", 1, 4),
        r.text(raw, name, "horde", False),
        _face(r, raw, name, "solo"),
        _face(r, raw, name, "coop"),
        r.code(raw, name),
        r.flag(raw, name, "sample", True),
        r.text(raw, name, "note", False),
    )


def _scenario(r: _Reader, raw: dict) -> Scenario:
    name = r.text(raw, None, "name")
    r.known(
        raw,
        name,
        (
            "name",
            "code",
            "sample",
            "note",
            "horde",
            "difficulty",
            "flavor",
            "mandatory",
            "actions",
            "income",
            "henchman",
        ),
    )
    mandatory = r.effects(raw, name, "mandatory")
    actions = []
    for act in raw.get("actions", []):
        if not isinstance(act, dict):
            r.fail(name, "actions", "each action is {name, gold, effects, repeat}")
        r.known(act, name, ("name", "gold", "effects", "repeat"))
        actions.append(
            ScenarioAction(
                r.text(act, name, "name"),
                r.int_(act, name, "gold", -40, 40),
                r.effects(act, name, "effects"),
                r.flag(act, name, "repeat"),
            )
        )
    for e in (*mandatory, *(e for a in actions for e in a.effects)):
        if e.verb not in SCENARIO_VERBS or (e.verb in ("heal", "damage") and e.target != "castle"):
            r.fail(name, "effects", f"{e.text!r} cannot be resolved at setup (nothing is in play)")
    h = raw.get("henchman")
    if not isinstance(h, dict):
        r.fail(name, "henchman", "the back of a scenario card is a henchman {name, attack, health}")
    hname = r.text(h, name, "name")
    r.known(h, hname, ("name", "attack", "health", "keywords", "abilities"))
    hd = _base(r, {**h, "sample": raw.get("sample", True)}, hname, "henchman", type="henchman")
    hd["code"] = None
    if hd["health"] < 1:
        r.fail(hname, "health", "a henchman needs 1 or more health")
    return Scenario(
        slug(name),
        name,
        r.text(raw, name, "horde"),
        r.int_(raw, name, "difficulty", 1, 5, 1),
        r.text(raw, name, "flavor", False),
        mandatory,
        tuple(actions),
        r.int_(raw, name, "income", 0, 40, 0),
        Card(id=slug(hname), **hd),
        r.code(raw, name),
        r.flag(raw, name, "sample", True),
        r.text(raw, name, "note", False),
    )


def _deck(r: _Reader, raw: dict) -> Deck:
    name = r.text(raw, None, "name")
    r.known(raw, name, ("name", "faction", "set", "castle", "cards"))
    cards = raw.get("cards")
    if cards is None:
        return Deck(name, r.text(raw, name, "faction"), r.text(raw, name, "set", False))
    if not isinstance(cards, dict) or not cards:
        r.fail(name, "cards", 'a custom deck lists { "Card name" = copies, ... }')
    counts = []
    for cname, n in cards.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 40:
            r.fail(name, "cards", f"{cname!r}: copies must be 1-40, got {n!r}")
        counts.append((slug(cname), n))
    return Deck(name, "", "", slug(r.text(raw, name, "castle")), tuple(counts))


def _parse(doc: dict, file: str) -> CardSet:
    r = _Reader(file)
    kinds = (
        "horde",
        "alliance",
        "castle",
        "portal",
        "outsider",
        "minion",
        "scenario",
        "token",
        "deck",
    )
    r.known(doc, None, kinds)
    cards: dict[str, Card] = {}

    def add(card: Card) -> None:
        if card.id in cards:
            r.fail(card.name, "name", "listed twice (names are unique, copies are in the code)")
        cards[card.id] = card

    for raw in r.rows(doc, "horde"):
        add(_horde(r, raw))
    for raw in r.rows(doc, "alliance"):
        add(_alliance(r, raw))
    for raw in r.rows(doc, "outsider"):
        add(_outsider(r, raw))
    for raw in r.rows(doc, "minion"):
        name = r.text(raw, None, "name")
        r.known(raw, name, COMMON)
        d = _base(r, raw, name, "minion", type="minion")
        add(Card(id=slug(name), **d))
    for raw in r.rows(doc, "token"):
        name = r.text(raw, None, "name")
        r.known(raw, name, COMMON + ("side",))
        side = r.choice(raw, name, "side", ("ally", "monster"))
        d = _base(r, raw, name, "token", type=side)
        if d["health"] < 1:
            r.fail(name, "health", "a card token needs 1 or more health")
        add(Card(id=slug(name), **d))
    castles = {c.id: c for c in (_castle(r, x) for x in r.rows(doc, "castle"))}
    portals = {p.id: p for p in (_portal(r, x) for x in r.rows(doc, "portal"))}
    scenarios = {s.id: s for s in (_scenario(r, x) for x in r.rows(doc, "scenario"))}
    for s in scenarios.values():
        add(s.henchman)
    for a, b in ((castles, "castle"), (portals, "portal"), (scenarios, "scenario")):
        for k, v in a.items():
            if k in cards:
                r.fail(v.name, "name", f"a {b} has the name of another card")
    decks = tuple(_deck(r, x) for x in r.rows(doc, "deck"))
    _check_links(r, cards, castles, decks)
    if not cards or not any(c.kind == "horde" for c in cards.values()):
        r.fail(None, "horde", "the file needs horde cards")
    return CardSet(file, cards, castles, portals, scenarios, decks)


def _check_links(r: _Reader, cards, castles, decks) -> None:
    tokens = {c.id for c in cards.values() if c.kind == "token"}
    for c in cards.values():
        for a in (*c.abilities, *c.enchantment):
            for e in a.effects:
                if e.verb == "token" and e.extra[0] not in tokens:
                    r.fail(c.name, "abilities", f"no [[token]] called {e.extra[0]!r}")
        if c.kind == "outsider" and c.type == "colossal":
            for part in c.layout:
                if part != c.id and (part not in cards or cards[part].of != c.id):
                    r.fail(c.name, "layout", f"{part!r} is not an appendage of {c.name}")
        if c.kind == "outsider" and c.type == "appendage":
            body = cards.get(c.of)
            if body is None or body.type != "colossal":
                r.fail(c.name, "of", f"no colossal outsider {c.of!r}")
    names = set()
    for d in decks:
        if d.name.lower() in names:
            r.fail(d.name, "name", "two decks with this name")
        names.add(d.name.lower())
        if d.castle and d.castle not in castles:
            r.fail(d.name, "castle", f"no castle {d.castle!r}")
        for cid, _ in d.cards:
            if cid not in cards or cards[cid].kind != "alliance":
                r.fail(d.name, "cards", f"no alliance card {cid!r}")


@lru_cache(maxsize=8)
def load_card_text(text: str, source: str = "your card file") -> CardSet:
    """Parse a card file's text (a player's own file travels as text in the config)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(source, None, None, f"not valid TOML ({e})") from None
    return _parse(doc, source)


def load_card_file(path) -> CardSet:
    """Read and validate a card file from disk (``hordes-kit check-data``)."""
    return _parse(read_toml(path), str(path))


@lru_cache(maxsize=2)
def shipped_cards() -> CardSet:
    """The card file shipped with the kit."""
    return _parse(read_toml(CARDS_FILE), str(CARDS_FILE))


def load_cards(text: str = "") -> CardSet:
    """The cards of a game: the shipped file when ``text`` is empty, else that file's text."""
    return load_card_text(text) if text else shipped_cards()
