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
``back`` (the BackSide of a double-sided card); ``beginner`` (the Hero whose Beginner
list names it); ``copies`` (in the Skill Pool, at most 2).

Traits (``TRAITS``, the rulebook's "Traits" chapter): ``Attack``, ``Attack X2``/``X3``
(that many separate Attacks), ``Attack (Standalone)`` (the only Attack its player uses
that round), ``Predict``, ``Spell``, ``Response (Attack)``/``(Spell)``/``(Predict)``
(played from the hand when that Trait targets an Ally), ``Self``, ``Creature``,
``Object``, ``Attachment`` (the Station Field), ``Auto`` (triggers by itself),
``Delay I``/``Delay II`` (1 or 2 Stun tokens after use), ``Repeat``, ``Destroy``,
``One Time``, ``N Times``, ``Once/Round``, ``Twice/Round``, ``Restricted``,
``Invincible``, ``StartSide``/``BackSide``, ``Choose One``.

Effects are strings ``verb [args] [when CONDITION]`` (``EFFECTS``):

=======================  ================================================================
``attack A [hero] [other]``  an Attack of A damage on a target (``hero``: an opponent's
                         Hero only; ``other``: not the previous Attack's target)
``lose A``               the target loses A health (Spell/Predict damage: no Shield Points)
``block A [shields]``    a Response: block A damage (``shields``: and use Shield Points)
``gain xp|gold|stone N`` gain N Experience, Gold or Shadow Stones
``recover N``            your Hero recovers N health
``recover-shields N``    remove N Damage tokens from your Shield Points
``search``               replace one Item of the Market (discard it, draw another)
``destroy-item``         destroy one Item of the Market (out of the game)
``stat S N``             +N to stat S while the card is in play
=======================  ================================================================

An amount ``A`` is a number, a stat (``strength``, ``tech``, ``magic``, ``health``: the
user's Hero with Items), ``stat+N``, ``x`` (the Damage tokens on the target Hero) or
``die``/``die+N`` (roll the die). Conditions: ``hit`` (a successful prediction),
``no-response`` (the target did not use a Response), ``lost-health`` (the target lost
health by the Attack), ``response`` (the card was used as a Response), ``knockdown``
(the Attack KnockedDown a Hero).

``active``: ``step`` (the Initiative Step it may be used in) with ``effects``,
``per_round`` (X/Round) and ``times`` (X Times); or ``on = "knockdown-other"`` /
``"knockdown-by-you"`` (Auto triggers) with ``effects``; ``flip = "no-response"`` (the
Flat-Footed card) or ``"knockdown"``. ``back``: ``name``, ``traits``, ``effects``,
``shield``, ``cleanup`` (Auto effects in the CleanUp Phase: Dodge's ``recover 1``).

A Monster's ``chart`` maps the seven icons (``ICONS``) to ``attack N``, ``block N``,
``recover N``, ``lose N``, ``market N`` (add Items to the Market), ``creature`` (its
Creature attacks) or ``none``; ``reward`` has ``gold``, ``xp``, ``stones``, ``item``.
A Mission's ``condition`` is ``monsters N``, ``level3 N``, ``items N``, ``studied N``,
``knockdowns N``, ``gold N``, ``xp N`` or ``bounty N``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hordes_kit.core.data import data_path, read_toml, slug
from hordes_kit.core.errors import CardDataError

__all__ = [
    "CARDS_FILE",
    "TRAITS",
    "EFFECTS",
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
    "parse_effect",
]

CARDS_FILE = data_path("shadows", "cards.toml")
STATS = ("strength", "tech", "magic", "health")
TRAITS = frozenset(
    {
        "Attack",
        "Attack X2",
        "Attack X3",
        "Attack (Standalone)",
        "Predict",
        "Spell",
        "Response (Attack)",
        "Response (Spell)",
        "Response (Predict)",
        "Self",
        "Creature",
        "Object",
        "Attachment",
        "Auto",
        "Delay I",
        "Delay II",
        "Repeat",
        "Destroy",
        "One Time",
        "Once/Round",
        "Twice/Round",
        "Restricted",
        "Invincible",
        "StartSide",
        "BackSide",
        "Choose One",
    }
)
EFFECTS = ("attack", "lose", "block", "gain", "recover", "recover-shields", "search")
EFFECTS += ("destroy-item", "stat")
CONDITIONS = ("hit", "no-response", "lost-health", "response", "knockdown")
ICONS = ("MxSpecial", "MxAttack", "MxxAttack", "MxResponse", "MxxResponse", "MxSpell", "MxxSpell")
CHART = ("attack", "block", "recover", "lose", "market", "creature", "none")
MISSION_VERBS = ("monsters", "level3", "items", "studied", "knockdowns", "gold", "xp", "bounty")
STATION_TRAITS = frozenset({"Self", "Creature", "Object", "Attachment"})
_AMOUNT = re.compile(r"^(\d+|strength|tech|magic|health|x|die)(\+\d+)?$")


@dataclass(frozen=True)
class Effect:
    """One effect: ``verb``, its arguments, and the condition it waits for ("" = none)."""

    verb: str
    args: tuple[str, ...] = ()
    when: str = ""
    text: str = ""


@dataclass(frozen=True)
class Side:
    """One face of a card: its name, Traits, effects, Shield Points and Active Abilities."""

    name: str
    traits: frozenset[str]
    effects: tuple[Effect, ...] = ()
    shield: int = 0
    active: dict = field(default_factory=dict, compare=False, hash=False)
    cleanup: tuple[Effect, ...] = ()

    def has(self, trait: str) -> bool:
        """True when this side shows the Trait."""
        return trait in self.traits


@dataclass(frozen=True)
class Skill:
    """A Hero Special, Hero Skill or Neutral Skill card."""

    id: str
    name: str
    hero: str  # Hero Symbol (a hero id) or "" for a Neutral Skill card
    special: bool
    initiative: tuple[int, ...]  # () for "?" and Hero Specials
    front: Side
    back: Side | None
    predict: tuple[int, ...]
    requires: tuple[tuple[str, int, bool], ...]  # (stat, value, at_most)
    health: int
    beginner: str
    copies: int
    sample: bool
    note: str

    @property
    def station(self) -> bool:
        """Played to the Station Field (Self, Creature, Object, Attachment, Hero Special)."""
        return self.special or bool(self.front.traits & STATION_TRAITS)

    @property
    def entity(self) -> bool:
        """A Creature or Object: an Allied entity with its own Health."""
        return self.front.has("Creature") or self.front.has("Object")

    def side(self, back: bool) -> Side:
        """The face showing."""
        return self.back if back and self.back is not None else self.front


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    stats: tuple[int, int, int, int]  # strength, tech, magic, health
    sample: bool
    note: str


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    basic: bool
    cost: int
    stats: tuple[int, int, int, int]
    shield: int
    restricted: bool
    one_time: bool
    active: dict = field(compare=False, hash=False, default_factory=dict)
    effects: tuple[Effect, ...] = ()
    copies: int = 1
    sample: bool = True
    note: str = ""


@dataclass(frozen=True)
class Monster:
    id: str
    name: str
    level: int
    health: int
    species: str
    chart: tuple[tuple[str, Effect], ...]  # icon -> action
    reward: tuple[tuple[str, int], ...]
    creature: str
    sample: bool
    note: str

    def action(self, icon: str) -> Effect:
        """What an icon does on this Monster's Icon Chart."""
        return dict(self.chart).get(icon, Effect("none"))


@dataclass(frozen=True)
class Creature:
    id: str
    name: str
    health: int
    action: Effect
    reward: tuple[tuple[str, int], ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    verb: str
    amount: int
    reward: int
    sample: bool


@dataclass(frozen=True)
class CardSet:
    """Every card of a Shadows card file."""

    file: str
    heroes: tuple[Hero, ...]
    skills: tuple[Skill, ...]
    items: tuple[Item, ...]
    monsters: tuple[Monster, ...]
    creatures: tuple[Creature, ...]
    actions: tuple[tuple[str, int], ...]  # Monster-Action kind ("MxAttack+MxSpell") -> copies
    missions: tuple[Mission, ...]
    leader_shield: int
    bounty_cards: int
    bounty_gold: int
    by_id: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def skill(self, sid: str) -> Skill:
        """A Skill card by id."""
        return self.by_id[sid]

    def hero_deck(self, hero: str) -> tuple[Skill, ...]:
        """The Hero's starting cards (Hero Special and Hero Skill cards)."""
        return tuple(s for s in self.skills if s.hero == hero)

    def neutral(self) -> tuple[Skill, ...]:
        """The Neutral Skill cards."""
        return tuple(s for s in self.skills if not s.hero)

    def counts(self) -> dict[str, int]:
        """How many cards of each component the file makes (copies counted)."""
        return {
            "monster": len(self.monsters),
            "monster-action": sum(n for _, n in self.actions),
            "basic item": sum(i.copies for i in self.items if i.basic),
            "market item": sum(i.copies for i in self.items if not i.basic),
            "mission": len(self.missions),
            "hero special": sum(s.special for s in self.skills),
            "hero skill": sum(bool(s.hero) and not s.special for s in self.skills),
            "neutral skill": sum(s.copies for s in self.skills if not s.hero),
            "beginner": sum(bool(s.beginner) for s in self.skills),
        }

    def problems(self) -> list[str]:
        """Where the file's decks differ from the box's component counts (warnings)."""
        box = {"monster": 11, "monster-action": 19, "basic item": 7, "market item": 37}
        box |= {"mission": 12, "hero special": 5, "hero skill": 29, "neutral skill": 80}
        box |= {"beginner": 20}
        got = self.counts()
        return [f"{k}: {got[k]} cards, the box has {n}" for k, n in box.items() if got[k] != n]

    def samples(self) -> int:
        """How many cards carry sample values."""
        every = (*self.heroes, *self.skills, *self.items, *self.monsters, *self.creatures)
        return sum(c.sample for c in every) + sum(m.sample for m in self.missions)


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, card: str | None, fld: str | None, problem: str):
        raise CardDataError(self.file, card, fld, problem)

    def text(self, raw: dict, card: str | None, fld: str, required: bool = True) -> str:
        v = raw.get(fld, None if required else "")
        if not isinstance(v, str) or (required and not v.strip()):
            self.fail(card, fld, "must be a non-empty text" if required else "must be text")
        return v.strip()

    def num(self, raw: dict, card: str, fld: str, lo: int = 0, hi: int = 99, default=None) -> int:
        v = raw.get(fld, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(card, fld, f"must be a whole number {lo}-{hi}, got {v!r}")
        return v

    def flag(self, raw: dict, card: str, fld: str = "sample") -> bool:
        v = raw.get(fld, False)
        if not isinstance(v, bool):
            self.fail(card, fld, "must be true or false")
        return v

    def known(self, raw: Any, card: str | None, fields: set[str]) -> None:
        if not isinstance(raw, dict):
            self.fail(card, None, "must be a table")
        bad = sorted(set(raw) - fields)
        if bad:
            self.fail(card, bad[0], "unknown field")

    def traits(self, raw: dict, card: str) -> frozenset[str]:
        items = raw.get("traits", [])
        if not isinstance(items, list) or not all(isinstance(t, str) for t in items):
            self.fail(card, "traits", 'must be a list like ["Attack", "Delay I"]')
        for t in items:
            if t not in TRAITS and not re.fullmatch(r"\d+ Times", t):
                self.fail(
                    card, "traits", f"unknown Trait {t!r} (known: {', '.join(sorted(TRAITS))})"
                )
        return frozenset(items)

    def effects(self, raw: dict, card: str, fld: str = "effects") -> tuple[Effect, ...]:
        items = raw.get(fld, [])
        if not isinstance(items, list):
            self.fail(card, fld, 'must be a list like ["attack 2", "gain xp 1 when hit"]')
        out = []
        for item in items:
            try:
                out.append(parse_effect(item))
            except ValueError as e:
                self.fail(card, fld, str(e))
        return tuple(out)

    def stats(self, raw: dict, card: str, fld: str) -> tuple[int, int, int, int]:
        d = raw.get(fld, {})
        self.known(d, card, set(STATS))
        return tuple(self.num(d, card, s, -9, 20, 0) for s in STATS)  # type: ignore[return-value]


def parse_effect(item: Any) -> Effect:
    """One effect string of the vocabulary; ``ValueError`` says what is wrong.

    >>> parse_effect("gain xp 1 when no-response")
    Effect(verb='gain', args=('xp', '1'), when='no-response', text='gain xp 1 when no-response')
    """
    if not isinstance(item, str) or not item.split():
        raise ValueError(f"{item!r} is not an effect")
    words = item.split()
    when = ""
    if "when" in words:
        k = words.index("when")
        if k != len(words) - 2 or words[-1] not in CONDITIONS:
            raise ValueError(f"{item!r}: write 'when' and one of {', '.join(CONDITIONS)} last")
        when, words = words[-1], words[:k]
    verb, *args = words
    if verb not in EFFECTS:
        raise ValueError(f"unknown effect {verb!r} (known: {', '.join(EFFECTS)})")
    ok = True
    if verb in ("attack", "lose", "block"):
        extra = {"attack": {"hero", "other"}, "lose": set(), "block": {"shields"}}[verb]
        ok = bool(args) and bool(_AMOUNT.match(args[0])) and set(args[1:]) <= extra
    elif verb == "gain":
        ok = len(args) == 2 and args[0] in ("xp", "gold", "stone") and args[1].isdigit()
    elif verb in ("recover", "recover-shields"):
        ok = len(args) == 1 and args[0].isdigit()
    elif verb in ("search", "destroy-item"):
        ok = not args
    elif verb == "stat":
        ok = len(args) == 2 and args[0] in STATS and args[1].isdigit()
    if not ok:
        raise ValueError(f"{item!r}: wrong arguments for {verb!r}")
    return Effect(verb, tuple(args), when, item)


def _chart_action(r: _Reader, card: str, icon: str, text: Any) -> Effect:
    if not isinstance(text, str) or not text.split():
        r.fail(card, "chart", f"{icon}: write an action like 'attack 2'")
    verb, *args = text.split()
    if verb not in CHART:
        r.fail(card, "chart", f"{icon}: unknown action {verb!r} (known: {', '.join(CHART)})")
    need = 0 if verb in ("creature", "none") else 1
    if len(args) != need or (need and not args[0].isdigit()):
        r.fail(card, "chart", f"{icon}: {verb!r} takes {need} number(s)")
    return Effect(verb, tuple(args), "", text)


def _reward(r: _Reader, raw: dict, card: str) -> tuple[tuple[str, int], ...]:
    d = raw.get("reward", {})
    r.known(d, card, {"gold", "xp", "stones", "item"})
    return tuple((k, r.num(d, card, k, 0, 20)) for k in sorted(d))


def _active(r: _Reader, raw: dict, card: str, fld: str = "active") -> dict:
    a = raw.get(fld, {})
    r.known(a, card, {"step", "effects", "per_round", "times", "flip", "on"})
    out: dict[str, Any] = {}
    if "step" in a:
        out["step"] = r.num(a, card, "step", 1, 6)
    if "effects" in a:
        out["effects"] = r.effects(a, card)
    for k in ("per_round", "times"):
        if k in a:
            out[k] = r.num(a, card, k, 1, 9)
    if "flip" in a:
        if a["flip"] not in ("no-response", "knockdown"):
            r.fail(card, "active", "flip must be 'no-response' or 'knockdown'")
        out["flip"] = a["flip"]
    if "on" in a:
        if a["on"] not in ("knockdown-other", "knockdown-by-you"):
            r.fail(card, "active", "on must be 'knockdown-other' or 'knockdown-by-you'")
        out["on"] = a["on"]
    return out


SKILL_FIELDS = {"name", "hero", "special", "initiative", "traits", "predict", "effects"}
SKILL_FIELDS |= {"requires", "shield", "health", "active", "back", "beginner", "copies"}
SKILL_FIELDS |= {"sample", "note"}


def _skill(r: _Reader, raw: dict, heroes: dict[str, Hero]) -> Skill:
    name = r.text(raw, None, "name")
    r.known(raw, name, SKILL_FIELDS)
    hero = raw.get("hero", "")
    if hero and slug(str(hero)) not in heroes:
        r.fail(name, "hero", f"no Hero called {hero!r} in this file")
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
    predict = raw.get("predict", [])
    if not isinstance(predict, list) or not all(
        isinstance(i, int) and 1 <= i <= 6 for i in predict
    ):
        r.fail(name, "predict", "must be a list of Initiative numbers 1-6")
    if ("Predict" in traits) != bool(predict):
        r.fail(name, "predict", "a Predict card lists its numbers; only a Predict card does")
    req = raw.get("requires", {})
    r.known(req, name, set(STATS))
    requires = []
    for s in STATS:
        if s not in req:
            continue
        v = req[s]
        at_most = isinstance(v, str) and v.startswith("=<")
        if at_most and s != "health":
            r.fail(name, "requires", "only Health takes '=<'")
        try:
            n = int(v[2:]) if at_most else int(v) if not isinstance(v, bool) else None
        except (TypeError, ValueError):
            n = None
        if n is None or not 0 <= n <= 20:
            r.fail(name, "requires", f"{s}: a number 0-20 or '=<N', got {v!r}")
        requires.append((s, n, at_most))
    if hero and requires:
        r.fail(name, "requires", "a Hero Skill card has its Hero Symbol instead of Requirements")
    active = _active(r, raw, name)
    front = Side(name, traits, r.effects(raw, name), r.num(raw, name, "shield", 0, 9, 0), active)
    back = None
    if "back" in raw:
        b = raw["back"]
        r.known(b, name, {"name", "traits", "effects", "shield", "cleanup"})
        back = Side(
            r.text(b, name, "name"),
            r.traits(b, name),
            r.effects(b, name),
            r.num(b, name, "shield", 0, 9, 0),
            {},
            r.effects(b, name, "cleanup"),
        )
    health = r.num(raw, name, "health", 0, 30, 0)
    entity = bool(traits & {"Creature", "Object"})
    if entity != (health > 0):
        r.fail(name, "health", "a Creature or Object has Health (1 or more); other cards none")
    beginner = raw.get("beginner", "")
    if beginner and (hero or slug(str(beginner)) not in heroes):
        r.fail(name, "beginner", "names the Hero of a Beginner list, for Neutral Skill cards")
    return Skill(
        slug(name),
        name,
        slug(hero) if hero else "",
        special,
        tuple(init),
        front,
        back,
        tuple(predict),
        tuple(requires),
        health,
        slug(beginner) if beginner else "",
        r.num(raw, name, "copies", 1, 2, 1),
        r.flag(raw, name),
        r.text(raw, name, "note", False),
    )


def _rows(r: _Reader, doc: dict, kind: str) -> list[dict]:
    rows = doc.get(kind, [])
    if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
        r.fail(None, kind, f"write each card as a [[{kind}]] table")
    return rows


def parse_cards(doc: dict, file: str) -> CardSet:
    """Validate a parsed card file; errors name the file, card and field."""
    r = _Reader(file)
    top = {"leader", "bounty", "hero", "skill", "item", "monster", "creature"}
    r.known(doc, None, top | {"monster_action", "mission"})
    heroes = {}
    for raw in _rows(r, doc, "hero"):
        name = r.text(raw, None, "name")
        r.known(raw, name, {"name", *STATS, "sample", "note"})
        st = tuple(r.num(raw, name, s, 0 if s != "health" else 1, 20) for s in STATS)
        heroes[slug(name)] = Hero(
            slug(name), name, st, r.flag(raw, name), r.text(raw, name, "note", False)
        )
    if not 2 <= len(heroes):
        r.fail(None, "hero", "the file needs at least 2 Heroes (one per player)")
    skills = tuple(_skill(r, raw, heroes) for raw in _rows(r, doc, "skill"))
    items = []
    for raw in _rows(r, doc, "item"):
        name = r.text(raw, None, "name")
        r.known(
            raw,
            name,
            {"name", "kind", "cost", "stats", "shield", "restricted", "traits"}
            | {"active", "copies", "sample", "note"},
        )
        kind = raw.get("kind")
        if kind not in ("basic", "market"):
            r.fail(name, "kind", "must be 'basic' or 'market'")
        traits = r.traits(raw, name)
        active = _active(r, raw, name)
        items.append(
            Item(
                slug(name),
                name,
                kind == "basic",
                r.num(raw, name, "cost", 0, 20, 0),
                r.stats(raw, name, "stats"),
                r.num(raw, name, "shield", 0, 9, 0),
                r.flag(raw, name, "restricted") or "Restricted" in traits,
                "One Time" in traits,
                active,
                (),
                r.num(raw, name, "copies", 1, 4, 1),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    creatures = []
    for raw in _rows(r, doc, "creature"):
        name = r.text(raw, None, "name")
        r.known(raw, name, {"name", "health", "action", "reward", "sample", "note"})
        creatures.append(
            Creature(
                slug(name),
                name,
                r.num(raw, name, "health", 1, 30),
                _chart_action(r, name, "action", raw.get("action")),
                _reward(r, raw, name),
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    cids = {c.id for c in creatures}
    monsters = []
    for raw in _rows(r, doc, "monster"):
        name = r.text(raw, None, "name")
        r.known(
            raw,
            name,
            {"name", "level", "health", "species", "chart", "reward", "creature"}
            | {"sample", "note"},
        )
        chart = raw.get("chart", {})
        r.known(chart, name, set(ICONS))
        cr = slug(str(raw.get("creature", ""))) if raw.get("creature") else ""
        if cr and cr not in cids:
            r.fail(name, "creature", f"no [[creature]] called {raw['creature']!r}")
        monsters.append(
            Monster(
                slug(name),
                name,
                r.num(raw, name, "level", 1, 3),
                r.num(raw, name, "health", 1, 40),
                r.text(raw, name, "species", False),
                tuple((i, _chart_action(r, name, i, chart[i])) for i in ICONS if i in chart),
                _reward(r, raw, name),
                cr,
                r.flag(raw, name),
                r.text(raw, name, "note", False),
            )
        )
    for lv in (1, 2, 3):
        if not any(m.level == lv for m in monsters):
            r.fail(None, "monster", f"the file needs a level {lv} Monster")
    actions: dict[str, int] = {}
    for k, raw in enumerate(_rows(r, doc, "monster_action"), 1):
        where = f"monster_action {k}"
        r.known(raw, where, {"icons", "copies", "sample"})
        icons = raw.get("icons")
        if not isinstance(icons, list) or not 1 <= len(icons) <= 2 or not set(icons) <= set(ICONS):
            r.fail(where, "icons", f"one or two of {', '.join(ICONS)}")
        key = "+".join(icons)
        actions[key] = actions.get(key, 0) + r.num(raw, where, "copies", 1, 19, 1)
    if sum(actions.values()) < 3:
        r.fail(None, "monster_action", "the deck needs at least 3 Monster-Action cards")
    missions = []
    for raw in _rows(r, doc, "mission"):
        name = r.text(raw, None, "name")
        r.known(raw, name, {"name", "condition", "reward", "sample"})
        cond = r.text(raw, name, "condition").split()
        if len(cond) != 2 or cond[0] not in MISSION_VERBS or not cond[1].isdigit():
            r.fail(name, "condition", f"write '<verb> N', verbs: {', '.join(MISSION_VERBS)}")
        missions.append(
            Mission(
                slug(name),
                name,
                cond[0],
                int(cond[1]),
                r.num(raw, name, "reward", 0, 9),
                r.flag(raw, name),
            )
        )
    leader = doc.get("leader", {})
    r.known(leader, "leader", {"shield", "note"})
    bounty = doc.get("bounty", {})
    r.known(bounty, "bounty", {"cards", "gold", "note", "sample"})
    seen: dict[str, str] = {}
    for c in (*heroes.values(), *skills, *items, *monsters, *creatures, *missions):
        if c.id in seen:
            r.fail(c.name, "name", f"listed twice (also as {seen[c.id]!r})")
        seen[c.id] = c.name
    by_id: dict[str, Any] = {c.id: c for c in (*skills, *items, *monsters, *creatures, *missions)}
    by_id.update(heroes)
    return CardSet(
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


@lru_cache(maxsize=8)
def load_cards(text: str = "", name: str = "your card file") -> CardSet:
    """The shipped cards (``text=""``) or a card file's text, validated."""
    if not text:
        return parse_cards(read_toml(CARDS_FILE), str(CARDS_FILE))
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(name, None, None, f"not valid TOML ({e})") from None
    return parse_cards(doc, name)
