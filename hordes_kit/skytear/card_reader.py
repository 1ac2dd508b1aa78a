"""Reading a Skytear Horde card file's tables into the card model, every field checked: a bad
field is a ``CardDataError`` naming the file, the card and the field. Every count is bounded
while it is read (``cards.py`` documents the bounds), every name makes an id and no id is
taken twice; then ``card_checks`` makes sure a game can start and play with the cards."""

from __future__ import annotations

from hordes_kit.core.cardcheck import MAX_LIST, MAX_ROWS, IdSpace, card_id, small_int
from hordes_kit.skytear.abilities import MAX_COPIES
from hordes_kit.skytear.card_checks import check_links, check_playable, check_words
from hordes_kit.skytear.card_fields import Reader
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

__all__ = ["parse_cards", "MAX_CARDS", "KINDS"]

MAX_CARDS = 2000  # cards in a file, copies counted (the box has 238)
KINDS = ("horde", "alliance", "castle", "portal", "outsider", "minion", "scenario", "token", "deck")

COMMON = ("name", "code", "sample", "note", "keywords", "abilities", "attack", "health")
TREACHERY = 'write "left N", "right N" (N 1-5), "ability" or "none"'


def _base(r: Reader, raw: dict, name: str, kind: str, **more) -> dict:
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


def _treachery(r: Reader, raw: dict, name: str) -> tuple[str, int, bool]:
    """(side, attack bonus, is an ability) of the treachery symbol."""
    tre = raw.get("treachery", "none")
    if not isinstance(tre, str):
        r.fail(name, "treachery", TREACHERY)
    words = tre.lower().split()
    if len(words) == 2 and words[0] in ("left", "right"):
        bonus = small_int(words[1], 1, 5)
        if bonus is None:
            r.fail(name, "treachery", f"{TREACHERY}, not {tre!r:.60}")
        return words[0], bonus, False
    if words not in (["ability"], ["none"]):
        r.fail(name, "treachery", f"{TREACHERY}, not {tre!r:.60}")
    return "", 0, words == ["ability"]


def _horde(r: Reader, raw: dict, where: str) -> Card:
    name, cid = r.name(raw, where)
    fields = COMMON + ("horde", "level", "type", "boost", "treachery", "treachery_only")
    r.known(raw, name, fields)
    typ = r.choice(raw, name, "type", HORDE_TYPES)
    side, bonus, ability = _treachery(r, raw, name)
    d = _base(r, raw, name, "horde", type=typ)
    if ability and not any(a.trigger == "treachery" for a in d["abilities"]):
        r.fail(name, "treachery", "says 'ability' but the card has no 'treachery:' ability")
    if typ == "monster" and d["health"] < 1:
        r.fail(name, "health", "a monster needs 1 or more health")
    return Card(
        id=cid,
        horde=r.text(raw, name, "horde"),
        level=r.int_(raw, name, "level", 1, 3),
        boost=r.int_(raw, name, "boost", 0, 2, 0),
        treachery_side=side,
        treachery_bonus=bonus,
        treachery_only=r.flag(raw, name, "treachery_only"),
        **d,
    )


def _alliance(r: Reader, raw: dict, where: str) -> Card:
    name, cid = r.name(raw, where)
    r.known(
        raw, name, COMMON + ("faction", "type", "subtype", "rarity", "cost", "hero", "reaction")
    )
    typ = r.choice(raw, name, "type", ALLIANCE_TYPES)
    rarity = raw.get("rarity")
    if isinstance(rarity, str) and rarity.strip().lower() == "common":  # ruling: common = base
        raw = {**raw, "rarity": "base"}
    d = _base(r, raw, name, "alliance", type=typ)
    if typ == "ally" and d["health"] < 1:
        r.fail(name, "health", "an ally needs 1 or more health")
    return Card(
        id=cid,
        faction=r.text(raw, name, "faction"),
        subtype=r.text(raw, name, "subtype", False),
        rarity=r.choice(raw, name, "rarity", RARITIES),
        cost=r.int_(raw, name, "cost", 0, 10),
        hero=r.text(raw, name, "hero", False),
        reaction=r.flag(raw, name, "reaction"),
        **d,
    )


def _outsider(r: Reader, raw: dict, where: str) -> Card:
    name, cid = r.name(raw, where)
    r.known(raw, name, COMMON + ("type", "stage", "layout", "of", "enchantment"))
    typ = r.choice(raw, name, "type", OUTSIDER_TYPES)
    stage = r.int_(raw, name, "stage", 1, 4, 1) if typ == "immortal" else 0
    if typ != "immortal" and "stage" in raw:
        r.fail(name, "stage", "only immortal outsiders have stages")
    layout = tuple(card_id(r.file, x, "layout", name) for x in r.strings(raw, name, "layout"))
    if typ == "colossal" and cid not in layout:
        r.fail(name, "layout", "a colossal outsider's layout lists its appendages and itself")
    of = card_id(r.file, r.text(raw, name, "of"), "of", name) if typ == "appendage" else ""
    d = _base(r, raw, name, "outsider", type=typ)
    if d["health"] < 1:
        r.fail(name, "health", "an outsider needs 1 or more health")
    return Card(
        id=f"{cid}-{stage}" if typ == "immortal" else cid,
        stage=stage,
        layout=layout,
        of=of,
        enchantment=r.abilities(raw, name, "enchantment"),
        **d,
    )


def _castle(r: Reader, raw: dict, where: str) -> Castle:
    name, cid = r.name(raw, where)
    r.known(
        raw,
        name,
        ("name", "code", "sample", "note", "faction", "health", "abilities", "deck_size", "limits"),
    )
    limits, rarities = [], IdSpace(r.file, "limits")
    for lim in r.tables(raw, name, "limits", "{rarity, factions, max}", len(RARITIES)):
        r.known(lim, name, ("rarity", "factions", "max"))
        rarity = r.choice(lim, name, "rarity", RARITIES)
        rarities.add(rarity, name, f"the limit of {rarity} cards")
        facs = tuple(r.strings(lim, name, "factions"))
        limits.append((rarity, facs, r.int_(lim, name, "max", 0, 60)))
    abilities = r.abilities(raw, name)
    if any(a.trigger != "exhaust" for a in abilities):
        r.fail(name, "abilities", "a castle's abilities are exhaust abilities")
    return Castle(
        cid,
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


def _face(r: Reader, raw: dict, name: str, side: str) -> PortalFace:
    f = r.table(raw, name, side, "{health, rotations}")
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


def _portal(r: Reader, raw: dict, where: str) -> Portal:
    name, cid = r.name(raw, where)
    r.known(raw, name, ("name", "code", "sample", "note", "stage", "horde", "solo", "coop"))
    return Portal(
        cid,
        name,
        r.int_(raw, name, "stage", 1, 4),
        r.text(raw, name, "horde", False),
        _face(r, raw, name, "solo"),
        _face(r, raw, name, "coop"),
        r.code(raw, name),
        r.flag(raw, name, "sample", True),
        r.text(raw, name, "note", False),
    )


SCENARIO_FIELDS = ("name", "code", "sample", "note", "horde", "difficulty", "flavor")
SCENARIO_FIELDS += ("mandatory", "actions", "income", "henchman")


def _scenario(r: Reader, raw: dict, where: str) -> Scenario:
    name, cid = r.name(raw, where)
    r.known(raw, name, SCENARIO_FIELDS)
    mandatory = r.effects(raw, name, "mandatory")
    actions = []
    for act in r.tables(raw, name, "actions", "{name, gold, effects, repeat}", MAX_LIST):
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
        if e.x:
            r.fail(name, "effects", f"{e.text!r:.60}: a scenario's numbers are written, not X")
        if e.verb not in SCENARIO_VERBS or (e.verb in ("heal", "damage") and e.target != "castle"):
            r.fail(
                name, "effects", f"{e.text!r:.60} cannot be resolved at setup (nothing is in play)"
            )
    h = r.table(raw, name, "henchman", "{name, attack, health}: the back of a scenario card")
    hname, hid = r.name(h, f"the henchman of {name}")
    r.known(h, hname, ("name", "attack", "health", "keywords", "abilities"))
    hd = _base(r, {**h, "sample": raw.get("sample", True)}, hname, "henchman", type="henchman")
    hd["code"] = None
    if hd["health"] < 1:
        r.fail(hname, "health", "a henchman needs 1 or more health")
    return Scenario(
        cid,
        name,
        r.text(raw, name, "horde"),
        r.int_(raw, name, "difficulty", 1, 5, 1),
        r.text(raw, name, "flavor", False),
        mandatory,
        tuple(actions),
        r.int_(raw, name, "income", 0, 40, 0),
        Card(id=hid, **hd),
        r.code(raw, name),
        r.flag(raw, name, "sample", True),
        r.text(raw, name, "note", False),
    )


def _deck(r: Reader, raw: dict, where: str) -> Deck:
    name, _ = r.name(raw, where)
    r.known(raw, name, ("name", "faction", "set", "castle", "cards"))
    cards = raw.get("cards")
    if cards is None:
        return Deck(name, r.text(raw, name, "faction"), r.text(raw, name, "set", False))
    if not isinstance(cards, dict) or not cards:
        r.fail(name, "cards", 'a custom deck lists { "Card name" = copies, ... }')
    if len(cards) > MAX_ROWS:
        r.fail(name, "cards", f"{len(cards):,} cards named: at most {MAX_ROWS}")
    counts, named = [], {}
    for cname, n in cards.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COPIES:
            r.fail(name, "cards", f"{cname!r:.60}: copies must be 1-{MAX_COPIES}, got {n!r:.60}")
        cid = card_id(r.file, cname, "cards", name)
        if cid in named:
            r.fail(name, "cards", f"listed twice, as {named[cid]!r:.60} and {cname!r:.60}")
        named[cid] = cname
        counts.append((cid, n))
    return Deck(
        name, "", "", card_id(r.file, r.text(raw, name, "castle"), "castle", name), tuple(counts)
    )


def _hordes_spelled_one_way(r: Reader, cards: dict[str, Card]) -> None:
    """A horde is named the same way on every card (the game finds it in any case)."""
    spelled: dict[str, tuple[str, str]] = {}
    for c in cards.values():
        if c.kind != "horde":
            continue
        key = c.horde.lower()
        first, card = spelled.setdefault(key, (c.horde, c.name))
        if first != c.horde:
            r.fail(c.name, "horde", f"{c.horde!r:.60} is written {first!r:.60} on {card!r:.60}")


def parse_cards(doc: dict, file: str) -> CardSet:
    """Validate a parsed card file: fields, bounds, ids, links, and a playable game."""
    r = Reader(file)
    r.known(doc, None, KINDS)
    rows = {k: r.rows(doc, k) for k in KINDS}  # every count bounded before a card is made
    cards: dict[str, Card] = {}
    ids = IdSpace(file)

    def add(card: Card, where: str) -> None:
        ids.add(card.id, card.name, where)
        cards[card.id] = card

    readers = {"horde": _horde, "alliance": _alliance, "outsider": _outsider}
    for kind, read in readers.items():
        for where, raw in rows[kind]:
            add(read(r, raw, where), where)
    for where, raw in rows["minion"]:
        name, cid = r.name(raw, where)
        r.known(raw, name, COMMON)
        add(Card(id=cid, **_base(r, raw, name, "minion", type="minion")), where)
    for where, raw in rows["token"]:
        name, cid = r.name(raw, where)
        r.known(raw, name, COMMON + ("side",))
        side = r.choice(raw, name, "side", ("ally", "monster"))
        d = _base(r, raw, name, "token", type=side)
        if d["health"] < 1:
            r.fail(name, "health", "a card token needs 1 or more health")
        add(Card(id=cid, **d), where)
    spaces = {}
    for kind, read in (("castle", _castle), ("portal", _portal), ("scenario", _scenario)):
        space, found = IdSpace(file), {}
        for where, raw in rows[kind]:
            thing = read(r, raw, where)
            space.add(thing.id, thing.name, where)
            if thing.id in ids:
                r.fail(thing.name, "name", f"{where} has the id {thing.id!r} of another card")
            found[thing.id] = thing
        spaces[kind] = found
    for s in spaces["scenario"].values():
        add(s.henchman, f"the back of the scenario {s.name!r:.60}")
    decks, deck_ids = [], IdSpace(file)
    for where, raw in rows["deck"]:
        d = _deck(r, raw, where)
        deck_ids.add(card_id(file, d.name), d.name, where)
        decks.append(d)
    total = sum(c.copies for c in cards.values())
    if total > MAX_CARDS:
        r.fail(None, None, f"{total:,} cards in all (copies counted): at most {MAX_CARDS:,}")
    _hordes_spelled_one_way(r, cards)
    out = CardSet(file, cards, spaces["castle"], spaces["portal"], spaces["scenario"], tuple(decks))
    check_links(out)
    check_words(out)
    check_playable(out)
    return out
