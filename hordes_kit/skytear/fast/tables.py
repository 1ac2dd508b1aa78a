"""The fast simulator's tables: a card set compiled into integer arrays (numba reads them).

Cards are numbered in sorted id order, so "ties broken by action id" in the bot is "ties
broken by number". Abilities and effects are flat tables; every word of the vocabulary the
simulator plays gets a code. A card using a word it does not play (an X, a "cannot", a
keyword gained with a number, "after this card is damaged"...) is listed in
``FastTables.unsupported`` with the reason: a game that can meet such a card is played by
the rules engine (``export.game_cards``), every other game of the card set stays fast.
``compile_tables`` says why a whole card set cannot be compiled (too many cards).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hordes_kit.skytear.cards import CardSet

__all__ = ["FastTables", "compile_tables", "VERB", "TARGET", "TRIGGER", "COND", "KIND", "TYPE"]

KIND = {
    "horde": 0,
    "alliance": 1,
    "outsider": 2,
    "minion": 3,
    "token": 4,
    "henchman": 5,
    "castle": 6,
}
TYPE = {
    "monster": 0,
    "spell": 1,
    "attachment": 2,
    "ally": 3,
    "tower": 4,
    "immortal": 5,
    "enchanter": 6,
    "colossal": 7,
    "appendage": 8,
    "henchman": 9,
    "minion": 10,
    "castle": 11,
}
TRIGGER = {
    "play": 0,
    "fight": 1,
    "destroyed": 2,
    "exhaust": 3,
    "treachery": 4,
    "pillage": 5,
    "after-striking": 6,
    "static": 7,
    "turn": 8,
}
COND = {"": 0, "surrounded": 1, "wounded": 2, "engaged": 3, "unengaged": 4}
VERB = {
    v: i
    for i, v in enumerate(
        (
            "damage",
            "heal",
            "attack",
            "temp-attack",
            "armor",
            "temp-armor",
            "destroy",
            "ready",
            "exhaust",
            "bless",
            "mutaform",
            "bait",
            "move",
            "attach",
            "halt-pillage",
            "charge",
            "draw",
            "mana",
            "assault",
            "guerrilla",
            "rebuild",
            "reinforce",
            "flux",
            "charges",
            "summon",
            "pillage",
            "discard",
            "token",
            "conceal",
            "lane-tokens",
            "gold",
            "recruit",
            "exile",
            "health",
            "gain",
        )
    )
}
TARGET = {
    t: i
    for i, t in enumerate(
        (
            "",
            "self",
            "engaged",
            "host",
            "boosted",
            "castle",
            "portal",
            "ally",
            "other-ally",
            "monster",
            "lane-monster",
            "non-epic-monster",
            "unengaged-monster",
            "wounded-monster",
            "minion",
            "tower",
            "strongest-monster",
            "weakest-monster",
            "strongest-ally",
            "weakest-ally",
            "most-wounded-monster",
            "most-wounded-ally",
            "leftmost-monster",
            "rightmost-monster",
            "all-monsters",
            "all-lane-monsters",
            "all-allies",
            "all-minions",
            "neighbors",
        )
    )
}
KWS = (
    "armor",
    "barrier",
    "defender",
    "elusive",
    "epic",
    "fast",
    "heroic",
    "pillager",
    "taunt",
    "trample",
    "trample-at",
    "attack-per-health",
)
DIRS = {"left": 0, "right": 1, "strongest": 2, "weakest": 3}
SIDES = {"horde": 0, "alliance": 1}
LANE_KINDS = {"health": 0, "damage": 1, "attack": 2, "temp-attack": 3, "armor": 4, "temp-armor": 5}
CAMPAIGN_VERBS = ("gold", "recruit", "exile")
MAXC = 256  # different cards a card set may have for the fast simulator

# card table columns (the colossal layout takes C_LAY_N columns)
(
    C_KIND,
    C_TYPE,
    C_ATK,
    C_HP,
    C_COST,
    C_BOOST,
    C_TSIDE,
    C_TBONUS,
    C_TONLY,
    C_REACT,
    C_STAGE,
    C_MSIDE,
    C_AB0,
    C_NAB,
    C_ST0,
    C_NST,
    C_EN0,
    C_NEN,
    C_NLAY,
    C_LAY,
) = range(20)
C_LAY_N = 4
C_OF, C_SHP, C_PILLAB, C_DESTAB = (
    C_LAY + C_LAY_N,
    C_LAY + C_LAY_N + 1,
    C_LAY + C_LAY_N + 2,
    C_LAY + C_LAY_N + 3,
)
C_KW = C_DESTAB + 1
NC = C_KW + len(KWS)
# ability table columns
A_TRIG, A_MANA, A_CHARGE, A_REACT, A_COND, A_E0, A_NE, A_CARD, A_EX = range(9)
# effect table columns
E_VERB, E_TARGET, E_AMOUNT, E_X0, E_X1, E_X2 = range(6)
# portal table: stage, then per face (solo, coop): health, 4 x (wave, reinforce, mana)
P_STAGE, P_HP0, P_ROT0, P_HP1, P_ROT1 = 0, 1, 2, 14, 15
NP = 27


@dataclass(frozen=True)
class FastTables:
    """A card set as arrays: cards ``C``, abilities ``A``, effects ``E``, portals ``P``."""

    ids: tuple[str, ...]
    index: dict
    C: np.ndarray
    A: np.ndarray
    E: np.ndarray
    P: np.ndarray
    portal_ids: tuple[str, ...]
    ability_index: dict  # (card id, position in card.abilities) -> row of A
    effect_index: dict  # (ability row, position in its effects) -> row of E
    unsupported: dict  # card id -> what of it the fast simulator does not play


def _effect_row(e, index) -> list[int]:
    if e.x:
        raise ValueError("an X chosen as the ability resolves")
    if e.verb == "gain" and e.amount:
        raise ValueError(f"a keyword gained with a number ({e.extra[0]} {e.amount})")
    x = [0, 0, 0]
    if e.verb == "token":
        x[0] = index[e.extra[0]]
    elif e.verb == "charge":
        x[0] = DIRS[e.extra[0]]
    elif e.verb == "lane-tokens":
        x = [int(e.extra[0]) - 1, SIDES[e.extra[1]], LANE_KINDS[e.extra[2]]]
    elif e.verb == "gain":
        if e.extra[0] not in KWS:
            raise ValueError(f"the keyword {e.extra[0]}")
        x[0] = KWS.index(e.extra[0])
    return [VERB[e.verb], TARGET[e.target], e.amount, *x]


def _card_row(cid, C, index, cards, add_abilities, E_rows) -> None:
    """Fill one card's row of ``C`` (its abilities into the ability and effect tables)."""
    i = index[cid]
    if cid in cards.castles:
        k = cards.castles[cid]
        C[i, C_KIND], C[i, C_TYPE], C[i, C_HP] = KIND["castle"], TYPE["castle"], k.health
        C[i, C_AB0], C[i, C_NAB] = add_abilities(cid, k.abilities)
        return
    c = cards.cards[cid]
    C[i, C_KIND] = KIND[c.kind]
    C[i, C_TYPE] = TYPE[c.type] if c.kind != "minion" else TYPE["minion"]
    C[i, C_ATK], C[i, C_HP], C[i, C_COST], C[i, C_BOOST] = (
        c.attack,
        c.health,
        c.cost,
        c.boost,
    )
    C[i, C_TSIDE] = {"": 0, "left": 1, "right": 2}[c.treachery_side]
    C[i, C_TBONUS], C[i, C_TONLY] = c.treachery_bonus, int(c.treachery_only)
    C[i, C_REACT], C[i, C_STAGE] = int(c.reaction), c.stage
    C[i, C_MSIDE] = int(c.is_monster_side)
    C[i, C_AB0], C[i, C_NAB] = add_abilities(cid, c.abilities)
    st = [e for e in c.statics]
    C[i, C_ST0], C[i, C_NST] = len(E_rows), len(st)
    E_rows.extend(_effect_row(e, index) for e in st)
    C[i, C_EN0], C[i, C_NEN] = add_abilities(cid, c.enchantment, "#enchantment")
    if len(c.layout) > C_LAY_N:
        raise ValueError(f"{cid}: a colossal of more than {C_LAY_N} cards")
    C[i, C_NLAY] = len(c.layout)
    for k, part in enumerate(c.layout):
        C[i, C_LAY + k] = index[part]
    C[i, C_OF] = index[c.of] if c.of else -1
    C[i, C_SHP] = int(c.static_health)
    C[i, C_PILLAB] = int(bool(c.triggered("pillage")))
    C[i, C_DESTAB] = int(bool(c.triggered("destroyed")))
    for k, kw in enumerate(KWS):
        C[i, C_KW + k] = c.kw.get(kw, 0)
    for kw in c.kw:
        if kw not in KWS:
            raise ValueError(f"the keyword {kw}")


_CACHE: dict[int, tuple] = {}


def _compile(cards: CardSet) -> FastTables | str:
    ids = tuple(sorted(cards.cards)) + tuple(sorted(cards.castles))
    index = {c: i for i, c in enumerate(ids)}
    C = np.zeros((len(ids), NC), np.int64)
    A_rows: list[list[int]] = []
    E_rows: list[list[int]] = []
    ab_index: dict = {}
    ef_index: dict = {}

    def add_abilities(cid, abilities, tag=""):
        start = len(A_rows)
        ex = 0
        for pos, a in enumerate(abilities):
            if a.mana_x:
                raise ValueError("an exhaust cost of X mana")
            e0 = len(E_rows)
            for k, e in enumerate(a.effects):
                if e.verb in CAMPAIGN_VERBS:
                    raise ValueError(f"{cid}: {e.verb} (campaign)")
                ef_index[(len(A_rows), k)] = len(E_rows)
                E_rows.append(_effect_row(e, index))
            ab_index[(cid + tag, pos)] = len(A_rows)
            A_rows.append(
                [
                    TRIGGER[a.trigger],
                    a.mana,
                    a.charge,
                    int(a.reaction),
                    COND[a.condition],
                    e0,
                    len(a.effects),
                    index[cid],
                    ex,
                ]
            )
            ex += a.trigger == "exhaust"
        return start, len(A_rows) - start

    unsupported: dict[str, str] = {}
    for cid in ids:
        marks = (len(A_rows), len(E_rows), set(ab_index), set(ef_index))
        try:
            _card_row(cid, C, index, cards, add_abilities, E_rows)
        except (ValueError, KeyError) as e:  # this card only: games that meet it use the engine
            del A_rows[marks[0] :], E_rows[marks[1] :]
            for k in set(ab_index) - marks[2]:
                del ab_index[k]
            for k in set(ef_index) - marks[3]:
                del ef_index[k]
            C[index[cid]] = 0
            what = f"the word {e.args[0]!r}" if isinstance(e, KeyError) else str(e)
            unsupported[cid] = f"the fast simulator does not play {what}"
    A = np.array(A_rows or [[0] * 9], np.int64).reshape(-1, 9)
    E = np.array(E_rows or [[0] * 6], np.int64).reshape(-1, 6)
    pids = tuple(cards.portals)
    P = np.zeros((len(pids), NP), np.int64)
    for j, pid in enumerate(pids):
        p = cards.portals[pid]
        P[j, P_STAGE] = p.stage
        for f, face in enumerate((p.solo, p.coop)):
            base = P_HP0 if f == 0 else P_HP1
            P[j, base] = face.health
            for r in range(4):
                for k in range(3):
                    P[j, base + 1 + 3 * r + k] = face.rotations[r][k]
    return FastTables(ids, index, C, A, E, P, pids, ab_index, ef_index, unsupported)


def compile_tables(cards: CardSet) -> FastTables | str:
    """The card set as fast tables, or why it cannot be compiled (cached per card set)."""
    hit = _CACHE.get(id(cards))
    if hit is None or hit[0] is not cards:
        if len(cards.cards) + len(cards.castles) > MAXC:
            return f"the fast simulator plays at most {MAXC} different cards"
        hit = (cards, _compile(cards))
        _CACHE[id(cards)] = hit
    return hit[1]
