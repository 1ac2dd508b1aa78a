"""The fast simulator's tables: a Shadows card set as integer arrays (``codes.py`` says what
each column holds), and what the simulator cannot play refused in words (``Unsupported``).

Every kind of card is numbered in the order of its ids (the Heroes in the file's order, as
the rules engine offers them), so a chance draw walks the outcomes as the engine sorts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows.card_effects import ATTACK_TRAITS, RESPONSE_TRAITS, TRIGGERS, is_sub
from hordes_kit.shadows.card_model import ICONS, CardSet, Effect
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.fast import codes as K

__all__ = ["FastTables", "Unsupported", "tables", "tables_of"]

VERBS = {
    "attack": K.E_ATTACK,
    "lose": K.E_LOSE,
    "block": K.E_BLOCK,
    "gain": K.E_GAIN,
    "recover": K.E_RECOVER,
    "recover-shields": K.E_RECSHIELDS,
    "search": K.E_SEARCH,
    "destroy-item": K.E_DESTROY_ITEM,
    "destroy": K.E_DESTROY,
    "stat": K.E_STAT,
    "invincible": K.E_INVINCIBLE,
    "choose": K.E_CHOOSE,
}
BASES = {"strength": K.A_STR, "tech": K.A_TECH, "magic": K.A_MAGIC, "health": K.A_HEALTH}
BASES |= {"x": K.A_X, "die": K.A_DIE}
WHEN = {"": K.W_NONE, "hit": K.W_HIT, "miss": K.W_MISS, "no-response": K.W_NORESP}
WHEN |= {"lost-health": K.W_LOST, "response": K.W_RESPONSE, "knockdown": K.W_KNOCKDOWN}
GAINS = {"xp": K.GAIN_XP, "gold": K.GAIN_GOLD, "stone": K.GAIN_STONE}
STATS = ("strength", "tech", "magic", "health")
DESTROYS = {"market": K.DK_MARKET, "item": K.DK_ITEM, "card": K.DK_CARD}
CHART = {"none": K.CH_NONE, "attack": K.CH_ATTACK, "block": K.CH_BLOCK}
CHART |= {"recover": K.CH_RECOVER, "lose": K.CH_LOSE, "market": K.CH_MARKET}
CHART |= {"creature": K.CH_CREATURE}
FLIPS = {"": K.FLIP_NONE, "no-response": K.FLIP_NORESP, "knockdown": K.FLIP_KNOCKDOWN}
MAINS = tuple(K.TRAIT_NAMES[:13])  # the Main Traits, by their bit


class Unsupported(InvalidInputError):
    """A game the fast simulator does not play (the rules engine does): the message says why."""


@dataclass(frozen=True)
class FastTables:
    """A card set as arrays (``tb``: the pair of arrays the simulator's functions take,
    ``_packed``) and the ids
    of each kind of card by number."""

    cards: CardSet
    skills: tuple[str, ...]
    items: tuple[str, ...]
    monsters: tuple[str, ...]
    creatures: tuple[str, ...]
    missions: tuple[str, ...]
    kinds: tuple[str, ...]  # Monster-Action cards ("MxAttack+MxSpell")
    heroes: tuple[str, ...]
    tb: tuple

    def skill(self, cid: str) -> int:
        """The number of a Skill card id."""
        return self.skills.index(cid)

    def item(self, cid: str) -> int:
        """The number of an Item id."""
        return self.items.index(cid)


def tables(cards: str = "") -> FastTables:
    """The tables of the shipped cards (``cards=""``) or of a card file's text; a card set
    the simulator cannot play raises ``Unsupported`` naming what it lacks."""
    return tables_of(load_cards(cards))


@lru_cache(maxsize=8)
def tables_of(d: CardSet) -> FastTables:
    """The tables of a loaded card set (see ``tables``)."""
    return _Builder(d).build()


class _Builder:
    def __init__(self, d: CardSet) -> None:
        self.d = d
        self.skills = sorted(d.skills, key=lambda s: s.id)
        self.items = sorted(d.items, key=lambda i: i.id)
        self.monsters = sorted(d.monsters, key=lambda m: m.id)
        self.creatures = sorted(d.creatures, key=lambda c: c.id)
        self.missions = sorted(d.missions, key=lambda m: m.id)
        self.kinds = [k for k, _ in sorted(d.actions)]
        self.heroes = [h.id for h in d.heroes]
        self.effects: list[list[int]] = []
        self.lists: list[int] = []
        for what, have, cap in (
            ("Skill cards", len(self.skills), K.MAXSK),
            ("Items", len(self.items), K.MAXIT),
            ("Monsters", len(self.monsters), K.MAXMON),
            ("Creatures", len(self.creatures), K.MAXCR),
            ("Missions", len(self.missions), K.MAXMIS),
            ("kinds of Monster-Action cards", len(self.kinds), K.MAXMK),
            ("Heroes", len(self.heroes), K.MAXH),
        ):
            if have > cap:
                raise Unsupported(
                    f"the card file has {have} {what}: the fast simulator holds {cap} at most "
                    "(the rules engine plays it)"
                )

    # --- effects ----------------------------------------------------------------------
    def effect(self, e: Effect, card: str) -> int:
        """One effect's row; its index."""
        row = [0] * K.EFF
        row[K.EF_VERB] = VERBS[e.verb]
        row[K.EF_WHEN] = WHEN[e.when]
        row[K.EF_TRAIT] = MAINS.index(e.trait) if e.trait else -1
        row[K.EF_SUB] = int(is_sub(e))
        if e.verb in ("attack", "lose", "block"):
            base, _, plus = e.args[0].partition("+")
            extra = int(plus) if plus else 0
            if base.isdigit():
                row[K.EF_BASE], row[K.EF_NUM] = K.A_NUM, int(base) + extra
            else:
                row[K.EF_BASE], row[K.EF_NUM] = BASES[base], extra
            flags = {"hero": K.EFL_HERO, "other": K.EFL_OTHER, "shields": K.EFL_SHIELDS}
            row[K.EF_FLAGS] = sum(flags[a] for a in set(e.args[1:]))
        elif e.verb == "gain":
            row[K.EF_ARG], row[K.EF_N] = GAINS[e.args[0]], int(e.args[1])
        elif e.verb in ("recover", "recover-shields"):
            row[K.EF_N] = int(e.args[0])
        elif e.verb == "stat":
            row[K.EF_ARG], row[K.EF_N] = STATS.index(e.args[0]), int(e.args[1])
        elif e.verb == "destroy":
            row[K.EF_ARG] = DESTROYS[e.args[0]]
        elif e.verb == "choose":
            if len(e.options) != 2 or any(o.verb == "choose" for o in e.options):
                raise Unsupported(f"{card}: a Choose One effect of other than two options")
            k = len(self.effects)
            self.effects.append(row)
            row[K.EF_OPT1] = self.effect(e.options[0], card)
            row[K.EF_OPT2] = self.effect(e.options[1], card)
            return k
        self.effects.append(row)
        return len(self.effects) - 1

    def listed(self, effects, card: str) -> tuple[int, int]:
        """A list of effects: (where it begins in the list table, how many)."""
        rows = [self.effect(e, card) for e in effects]
        start = len(self.lists)
        self.lists.extend(rows)
        return start, len(rows)

    # --- cards ------------------------------------------------------------------------
    def skill_row(self, sk) -> list[int]:
        row = [0] * K.SKF
        row[K.SK_HERO] = self.heroes.index(sk.hero) if sk.hero else -1
        row[K.SK_SPECIAL] = int(sk.special)
        row[K.SK_INIT] = sum(1 << i for i in set(sk.initiative))
        row[K.SK_NPRED] = len(sk.predict)
        for j, n in enumerate(sk.predict[:6]):
            row[K.SK_PRED0 + j] = n
        if len(sk.predict) > 6:
            raise Unsupported(f"{sk.name}: more than six Predict numbers")
        for j in range(4):
            row[K.SK_REQ0 + j] = -1
        row[K.SK_REQMAXH] = -1
        for stat, value, at_most in sk.requires:
            if at_most:
                row[K.SK_REQMAXH] = value
            else:
                j = STATS.index(stat)
                row[K.SK_REQ0 + j] = max(row[K.SK_REQ0 + j], value)
        row[K.SK_HEALTH] = sk.health
        row[K.SK_COPIES] = sk.copies
        row[K.SK_BEGINNER] = self.heroes.index(sk.beginner) if sk.beginner else -1
        row[K.SK_ATTACH] = {"": 0, "opponent": 1, "ally": 2}[sk.attach]
        row[K.SK_TRAITS] = _traits(sk.front.traits)
        row[K.SK_SHIELD] = sk.front.shield
        row[K.SK_STATION] = int(sk.station)
        row[K.SK_ENTITY] = int(sk.entity)
        row[K.SK_FE], row[K.SK_FEN] = self.listed(sk.front.effects, sk.name)
        act = sk.front.active
        row[K.SK_A_STEP] = act.get("step", 0)
        row[K.SK_A_PER] = act.get("per_round", 99)
        row[K.SK_A_TIMES] = act.get("times", 99)
        row[K.SK_A_FLIP] = FLIPS[act.get("flip", "")]
        row[K.SK_A_ON] = TRIGGERS.index(act["on"]) if "on" in act else -1
        row[K.SK_AE], row[K.SK_AEN] = self.listed(act.get("effects", ()), sk.name)
        tr = sk.front.track
        row[K.SK_T_STEPS] = tr.get("steps", 0)
        row[K.SK_T_ON] = TRIGGERS.index(tr["on"]) if tr else -1
        row[K.SK_TE], row[K.SK_TEN] = self.listed(tr.get("effects", ()), sk.name)
        if sk.back is not None:
            row[K.SK_HASBACK] = 1
            row[K.SK_BTRAITS] = _traits(sk.back.traits)
            row[K.SK_BSHIELD] = sk.back.shield
            row[K.SK_BE], row[K.SK_BEN] = self.listed(sk.back.effects, sk.name)
            row[K.SK_BC], row[K.SK_BCN] = self.listed(sk.back.cleanup, sk.name)
        mains = sk.front.mains()
        play = [m for m in mains if m not in RESPONSE_TRAITS]
        if len(mains) > 2:
            raise Unsupported(f"{sk.name}: more than two Main Traits with effects")
        row[K.SK_NMAINS] = len(mains)
        row[K.SK_MAIN0], row[K.SK_MAIN1] = [MAINS.index(m) for m in mains] + [-1] * (2 - len(mains))
        row[K.SK_NPLAY] = len(play)
        row[K.SK_PLAY0], row[K.SK_PLAY1] = [MAINS.index(m) for m in play] + [-1] * (2 - len(play))
        row[K.SK_USEDBYPLAY] = sum(
            1 << MAINS.index(m) for m in play if m not in ATTACK_TRAITS and m != "Predict"
        )
        first = next(
            (i for i, e in enumerate(sk.front.effects) if e.verb == "attack" and not is_sub(e)),
            -1,
        )
        row[K.SK_FIRSTATK] = first
        return row

    def item_row(self, it) -> list[int]:
        row = [0] * K.ITF
        row[K.IT_BASIC] = int(it.basic)
        row[K.IT_COST] = it.cost
        for j in range(4):
            row[K.IT_S0 + j] = it.stats[j]
        row[K.IT_SHIELD] = it.shield
        row[K.IT_RESTRICTED] = int(it.restricted)
        row[K.IT_ONE_TIME] = int(it.one_time)
        act = it.active
        row[K.IT_A_STEP] = act.get("step", 0)
        row[K.IT_A_PER] = act.get("per_round", 99)
        row[K.IT_A_TIMES] = act.get("times", 99)
        row[K.IT_A_ON] = TRIGGERS.index(act["on"]) if "on" in act else -1
        row[K.IT_AE], row[K.IT_AEN] = self.listed(act.get("effects", ()), it.name)
        tr = it.track
        row[K.IT_T_STEPS] = tr.get("steps", 0)
        row[K.IT_T_ON] = TRIGGERS.index(tr["on"]) if tr else -1
        row[K.IT_TE], row[K.IT_TEN] = self.listed(tr.get("effects", ()), it.name)
        row[K.IT_COPIES] = it.copies
        return row

    def monster_row(self, m) -> list[int]:
        row = [0] * K.MOF
        row[K.MO_LEVEL], row[K.MO_HEALTH] = m.level, m.health
        ids = [c.id for c in self.creatures]
        row[K.MO_CREATURE] = ids.index(m.creature) if m.creature else -1
        for j, icon in enumerate(ICONS):
            act = m.action(icon)
            base = K.MO_CHART + 3 * j
            row[base] = CHART[act.verb]
            row[base + 1] = int(act.args[0]) if act.args else 0
            row[base + 2] = int("all" in act.args[1:])
        r = dict(m.reward)
        row[K.MO_GOLD], row[K.MO_XP] = r.get("gold", 0), r.get("xp", 0)
        row[K.MO_STONES], row[K.MO_ITEM] = r.get("stones", 0), r.get("item", 0)
        return row

    def creature_row(self, c) -> list[int]:
        r = dict(c.reward)
        return [
            c.health,
            CHART[c.action.verb],
            int(c.action.args[0]),
            int("all" in c.action.args[1:]),
            r.get("gold", 0),
            r.get("xp", 0),
            r.get("stones", 0),
            r.get("item", 0),
        ]

    def kind_row(self, kind: str, copies: int) -> list[int]:
        icons = [ICONS.index(i) for i in kind.split("+")]
        # the sensible bot's harm of a card it gives (bots.sensible_bot)
        harm = ("Attack" in kind) * 2 + ("Spell" in kind) - ("Response" in kind)
        return [len(icons), icons[0], icons[1] if len(icons) > 1 else -1, copies, harm]

    def build(self) -> FastTables:
        d = self.d
        SK = _matrix([self.skill_row(s) for s in self.skills], K.SKF)
        IT = _matrix([self.item_row(i) for i in self.items], K.ITF)
        MO = _matrix([self.monster_row(m) for m in self.monsters], K.MOF)
        CR = _matrix([self.creature_row(c) for c in self.creatures], K.CRF)
        MK = _matrix([self.kind_row(k, n) for k, n in sorted(d.actions)], K.MKF)
        verbs = list(K.MISSION_VERBS)
        MI = _matrix([[verbs.index(m.verb), m.amount, m.reward] for m in self.missions], K.MIF)
        HE = _matrix([list(h.stats) for h in d.heroes], 4)
        EF = _matrix(self.effects, K.EFF)
        LI = np.array(self.lists or [0], np.int64)
        GL = np.zeros(K.GLF, np.int64)
        GL[K.GL_NS], GL[K.GL_NI], GL[K.GL_NMON] = len(SK), len(IT), len(MO)
        GL[K.GL_NCR], GL[K.GL_NMI], GL[K.GL_NMK], GL[K.GL_NH] = (
            len(CR),
            len(MI),
            len(MK),
            len(HE),
        )
        GL[K.GL_LEADER_SHIELD] = d.leader_shield
        GL[K.GL_BOUNTY_CARDS] = d.bounty_cards
        GL[K.GL_BOUNTY_GOLD] = d.bounty_gold
        # the Skill cards in the file's order: a Hero's cards are dealt so (hero_deck)
        ids = [s.id for s in self.skills]
        ORD = np.array([ids.index(s.id) for s in d.skills] or [0], np.int64)
        # the Initiative 0 cards, in id order: placed as soon as their requirement is met,
        # looked for after every move (``items.place_ready``)
        IZ = np.array([c for c, row in enumerate(SK) if row[K.SK_INIT] & 1], np.int64)
        return FastTables(
            d,
            tuple(s.id for s in self.skills),
            tuple(i.id for i in self.items),
            tuple(m.id for m in self.monsters),
            tuple(c.id for c in self.creatures),
            tuple(m.id for m in self.missions),
            tuple(self.kinds),
            tuple(self.heroes),
            _packed((SK, IT, MO, CR, MK, MI, HE, EF), (LI, GL, ORD, IZ)),
        )


def _packed(matrices, vectors) -> tuple[np.ndarray, np.ndarray]:
    """The tables as two arrays (``codes.TB_*``): every matrix's rows one under another in
    ``T2`` (as wide as the widest), every vector one after another in ``T1`` after a header
    of where each table begins and ends. Two arrays, not twelve: a compiled call copies each
    array it is given, and the simulator makes millions of calls."""
    width = max(m.shape[1] for m in matrices)
    header = np.zeros(2 * K.NTB, np.int64)
    rows = 0
    for k, m in enumerate(matrices):
        header[2 * k], header[2 * k + 1] = rows, rows + m.shape[0]
        rows += m.shape[0]
    T2 = np.zeros((rows, width), np.int64)
    for k, m in enumerate(matrices):
        T2[header[2 * k] : header[2 * k + 1], : m.shape[1]] = m
    at = len(header)
    for k, v in enumerate(vectors, len(matrices)):
        header[2 * k], header[2 * k + 1] = at, at + len(v)
        at += len(v)
    T1 = np.concatenate([header, *vectors]).astype(np.int64)
    return T2, T1


def _traits(traits) -> int:
    return sum(1 << K.TR[t] for t in traits if t in K.TR)


def _matrix(rows: list[list[int]], width: int) -> np.ndarray:
    out = np.zeros((max(1, len(rows)), width), np.int64)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    return out
