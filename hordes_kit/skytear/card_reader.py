"""Reading a Skytear Horde card file's tables into the card model, every field checked: a bad
field is a ``CardDataError`` naming the file, the card and the field."""

from __future__ import annotations

from hordes_kit.core.data import slug
from hordes_kit.core.errors import CardDataError
from hordes_kit.skytear.abilities import parse_ability, parse_code, parse_effect, parse_keywords
from hordes_kit.skytear.card_model import (
    ALLIANCE_TYPES,
    HORDE_TYPES,
    OUTSIDER_TYPES,
    RARITIES,
    SCENARIO_VERBS,
    Card,
    CardSet,
    Castle,
    Deck,
    Portal,
    PortalFace,
    Scenario,
    ScenarioAction,
)

__all__ = ["parse_cards"]


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
            self.fail(card, fld, f"must be a whole number, got {v!r:.60}")
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
            self.fail(card, fld, f"must be one of {', '.join(options)}, got {raw.get(fld)!r:.60}")
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
        r.fail(
            name, "treachery", f'write "left N", "right N", "ability" or "none", not {tre!r:.60}'
        )
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
            r.fail(
                name, "effects", f"{e.text!r:.60} cannot be resolved at setup (nothing is in play)"
            )
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
            r.fail(name, "cards", f"{cname!r:.60}: copies must be 1-40, got {n!r:.60}")
        counts.append((slug(cname), n))
    return Deck(name, "", "", slug(r.text(raw, name, "castle")), tuple(counts))


def parse_cards(doc: dict, file: str) -> CardSet:
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
                    r.fail(c.name, "abilities", f"no [[token]] called {e.extra[0]!r:.60}")
        if c.kind == "outsider" and c.type == "colossal":
            for part in c.layout:
                if part != c.id and (part not in cards or cards[part].of != c.id):
                    r.fail(c.name, "layout", f"{part!r:.60} is not an appendage of {c.name}")
        if c.kind == "outsider" and c.type == "appendage":
            body = cards.get(c.of)
            if body is None or body.type != "colossal":
                r.fail(c.name, "of", f"no colossal outsider {c.of!r:.60}")
    names = set()
    for d in decks:
        if d.name.lower() in names:
            r.fail(d.name, "name", "two decks with this name")
        names.add(d.name.lower())
        if d.castle and d.castle not in castles:
            r.fail(d.name, "castle", f"no castle {d.castle!r:.60}")
        for cid, _ in d.cards:
            if cid not in cards or cards[cid].kind != "alliance":
                r.fail(d.name, "cards", f"no alliance card {cid!r:.60}")
