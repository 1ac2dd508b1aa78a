"""The fast simulator's tables: a card set as integer arrays, a rules-engine position as
the simulator's state array (``export``), and its moves back as action ids (``move_id``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.fantahzee.bots import card_value, hero_value
from hordes_kit.fantahzee.cards import CardSet, cards_of_config
from hordes_kit.fantahzee.costs import Cost, parse_cost
from hordes_kit.fantahzee.fast import engine as E
from hordes_kit.fantahzee.game import FState, new_game
from hordes_kit.fantahzee.state import PHASES

__all__ = ["FastTables", "tables", "export", "move_id", "Unsupported"]

VERBS = {
    "steam": E.E_STEAM,
    "shield": E.E_SHIELD,
    "extra_dice": E.E_EXTRA_DICE,
    "extra_rolls": E.E_EXTRA_ROLLS,
    "reduce_x": E.E_REDUCE_X,
    "discount_per_active": E.E_DISCOUNT,
    "activate_other": E.E_ACTIVATE_OTHER,
    "capture": E.E_CAPTURE,
    "capture_other": E.E_CAPTURE_OTHER,
    "move_stack": E.E_MOVE_STACK,
    "front_to_back": E.E_FRONT_TO_BACK,
}
LEVELS = {"1": 1, "2": 2, "boss": 3}
MAX_COSTS = 63  # distinct costs (a hero's cost less any X dice): six bits in a table key


class Unsupported(InvalidInputError):
    """A game the fast simulator does not play (the rules engine does)."""


@dataclass(frozen=True)
class FastTables:
    """A card set as arrays: ``C`` (a row per card), ``M`` (where each kind begins),
    ``FV`` (the strong bot's card values), ``COSTID`` (a hero's cost less k X dice ->
    cost number), ``costs`` (the costs by number), ``ids`` (the card id of each row)."""

    cards: CardSet
    ids: tuple[str, ...]
    treasure_ids: tuple[str, ...]
    C: np.ndarray
    M: np.ndarray
    FV: np.ndarray
    COSTID: np.ndarray
    costs: tuple[Cost, ...]

    def row(self, cid: str) -> int:
        """The C row of a card id (hand cards, monsters, towns)."""
        return self.ids.index(cid)


def tables(cards: str = "") -> FastTables:
    """The tables of a config's card data (``FConfig.cards``: "" = the shipped file, else
    the text of a card file)."""
    return _tables(cards)


def _effects(C, r, effects) -> None:
    if len(effects) > E.MAXEFF:
        raise Unsupported(f"a card with more than {E.MAXEFF} effects")
    C[r, E.C_NEFF] = len(effects)
    for j, e in enumerate(effects):
        C[r, E.C_EFF + 2 * j] = VERBS[e.verb]
        C[r, E.C_EFF + 2 * j + 1] = e.amount


@lru_cache(maxsize=4)
def _tables(text: str) -> FastTables:
    cards = cards_of_config(text)
    hand = sorted([*cards.heroes, *cards.actions], key=lambda c: c.id)
    mons = sorted(cards.monsters, key=lambda c: c.id)
    towns = sorted(cards.towns, key=lambda c: c.id)
    treas = sorted(cards.treasures, key=lambda c: c.id)
    if len(hand) > E.MAXK or len(mons) > E.MAXM or len(towns) > E.MAXT or len(treas) > E.MAXR:
        raise Unsupported("more kinds of cards than the fast simulator holds")
    n = len(hand) + len(mons) + len(towns) + 2 * len(treas)
    C = np.zeros((n, E.C_COLS), np.int64)
    C[:, E.C_STEAMC] = -1
    ids: list[str] = []
    heroes = {h.id for h in cards.heroes}
    for r, c in enumerate(hand):
        ids.append(c.id)
        if c.id in heroes:
            cost = parse_cost(c.cost)
            C[r, E.C_KIND] = E.K_HERO
            C[r, E.C_STR] = c.strength
            C[r, E.C_X] = cost.x
            C[r, E.C_EX : E.C_EX + 6] = cost.exact
            C[r, E.C_NDICE] = cost.dice
            C[r, E.C_STEAMC] = -1 if c.steam_cost is None else c.steam_cost
        else:
            C[r, E.C_KIND] = E.K_ACTION
        _effects(C, r, c.effects)
    om = len(hand)
    for j, m in enumerate(mons):
        r = om + j
        ids.append(m.id)
        C[r, E.C_KIND] = E.K_MONSTER
        C[r, E.C_STR] = m.strength
        C[r, E.C_CA], C[r, E.C_AMB], C[r, E.C_XP] = m.counterattack, m.ambush, m.xp
        C[r, E.C_LEVEL], C[r, E.C_TREAS] = LEVELS[m.level], m.treasure
        _effects(C, r, m.effects)
    ot = om + len(mons)
    for j, t in enumerate(towns):
        ids.append(t.id)
        C[ot + j, E.C_KIND], C[ot + j, E.C_XP] = E.K_TOWN, t.xp
        _effects(C, ot + j, t.effects)
    o1 = ot + len(towns)
    o2 = o1 + len(treas)
    for j, t in enumerate(treas):
        C[o1 + j, E.C_KIND] = C[o2 + j, E.C_KIND] = E.K_TREASURE
        _effects(C, o1 + j, t.level1)
        _effects(C, o2 + j, t.level2)
    M = np.zeros((1, E.M_COLS), np.int64)
    M[0, E.M_NK], M[0, E.M_NM], M[0, E.M_NT], M[0, E.M_NR] = (
        len(hand),
        len(mons),
        len(towns),
        len(treas),
    )
    M[0, E.M_OMON], M[0, E.M_OTOWN], M[0, E.M_OTRE1], M[0, E.M_OTRE2] = om, ot, o1, o2
    M[0, E.M_NEG] = ids.index("negotiations") if "negotiations" in ids[:om] else -1
    # the strong bot's values of hand cards
    probe = new_game({"players": 2, "cards": text})
    FV = np.zeros((len(hand), 2), np.float64)
    for r, c in enumerate(hand):
        FV[r, 0] = hero_value(probe, c.id) if c.id in heroes else 0.0
        FV[r, 1] = card_value(probe, c.id)
    # every cost a hero can have (its printed cost less any X dice), numbered in order
    pairs = {(h.id, k): Cost(parse_cost(h.cost).exact, parse_cost(h.cost).x - k)
             for h in cards.heroes for k in range(parse_cost(h.cost).x + 1)}  # fmt: skip
    costs = tuple(sorted(set(pairs.values())))
    if len(costs) > MAX_COSTS:
        raise Unsupported("more distinct hero costs than the fast simulator numbers")
    COSTID = np.zeros((len(hand), 11), np.int64)
    for (hid, _k), cost in pairs.items():
        COSTID[ids.index(hid), cost.x] = costs.index(cost) + 1
    return FastTables(cards, tuple(ids), tuple(t.id for t in treas), C, M, FV, COSTID, costs)


def export(state: FState) -> np.ndarray:
    """A rules-engine position as the fast simulator's state array."""
    cfg = state.config
    tb = tables(cfg.cards)
    if state.data is not tb.cards and state.data != tb.cards:
        raise Unsupported("a card set other than the configured one")
    row = {c: r for r, c in enumerate(tb.ids)}
    om = int(tb.M[0, E.M_OMON])
    tre = {t: j for j, t in enumerate(tb.treasure_ids)}
    S = np.zeros(E.SIZE, np.int64)
    n = state.num_players
    S[E.NPL] = n
    S[E.OPT_MUST] = cfg.imperative == "must-use"
    S[E.OPT_DISTINCT] = cfg.distinct_values
    S[E.PLAYER], S[E.TURN], S[E.PHASE] = state.player, state.turn, PHASES.index(state.phase)
    S[E.RECRUITED], S[E.PLAYED] = state.recruits, state.plays
    S[E.TO_ROLL], S[E.UNROLLED], S[E.ROLLS_LEFT] = state.to_roll, state.unrolled, state.rolls_left
    S[E.ROLLED], S[E.STEAM], S[E.SHIELD] = state.rolled, state.steam, state.shield
    S[E.STRENGTH_LEFT] = state.strength_left
    S[E.LOCKED] = E_name(state.locked)
    S[E.FLIPPING] = E_name(state.flipping)
    if state.drawn:
        tid, level = state.drawn.split("/")
        S[E.DRAWN], S[E.DRAWN_LEVEL] = tre[tid], int(level)
    else:
        S[E.DRAWN] = -1
    S[E.DAMAGE], S[E.AMBUSHED], S[E.TOWN_DUE] = state.damage, state.ambushed, state.town_due
    S[E.DRAWS_LEFT], S[E.DOOM] = state.draws_left, state.doom
    S[E.FIRST], S[E.LAST] = state.first, state.last
    for d in state.free:
        S[E.FREE + d - 1] += 1
    for p, seat in enumerate(state.seats):
        if len(seat.party) > E.PARTY_LIMIT:
            raise Unsupported("a party of more than five")
        for c in seat.hand:
            S[E.HAND + p * E.MAXK + row[c]] += 1
        S[E.HANDN + p] = len(seat.hand)
        S[E.NPARTY + p] = len(seat.party)
        for i, m in enumerate(seat.party):
            o = E.PARTY + (p * E.PARTY_LIMIT + i) * E.MF
            S[o + E.MF_HERO] = row[m.hero]
            S[o + E.MF_TRE] = tre[m.treasure] if m.treasure else -1
            S[o + E.MF_LEVEL], S[o + E.MF_ACTIVE] = m.level, m.active
            S[o + E.MF_REDUCE], S[o + E.MF_XVAL] = m.reduce, m.xval
        S[E.VXP + p] = state.xp(p)
        S[E.VMON + p] = state.monsters_defeated(p)
    if len(state.line) > E.MAXLINE:
        raise Unsupported("more than five horde stacks")
    S[E.NLINE] = len(state.line)
    for j, st in enumerate(state.line):
        o = E.LINE + j * E.SF
        S[o + E.SF_NAME] = E_name(st.name)
        S[o + E.SF_TOP] = row[st.top] if st.top else -1
        S[o + E.SF_L1], S[o + E.SF_L2], S[o + E.SF_BOSS] = st.l1, st.l2, st.boss
    for field, base in (("pool1", E.POOL1), ("pool2", E.POOL2), ("bosses", E.BOSSES)):
        for c, k in Counter(getattr(state, field)).items():
            S[base + row[c] - om] = k
    for c, k in Counter(state.hero_deck).items():
        S[E.DECK + row[c]] = k
    for c, k in Counter(state.discard).items():
        S[E.DISC + row[c]] = k
    S[E.DECKN], S[E.DISCN] = len(state.hero_deck), len(state.discard)
    for t in state.towns:
        S[E.TOWNS + row[t] - int(tb.M[0, E.M_OTOWN])] += 1
    for t in state.treasures:
        S[E.TREAS + tre[t]] += 1
    if len(state.pending) > E.MAXPEND or len(state.set_aside) > E.MAXSET:
        raise Unsupported("more pending choices or monsters set aside than it holds")
    S[E.NPEND] = len(state.pending)
    for j, (kind, *args) in enumerate(state.pending):
        o = E.PEND + 3 * j
        S[o] = {"reduce": E.P_REDUCE, "inspire": E.P_INSPIRE, "capture": E.P_CAPTURE}.get(
            kind, E.P_MOVE
        )
        S[o + 1] = args[0] if kind != "move" else 0
        S[o + 2] = E_name(args[1]) if kind == "capture" else -1
    S[E.NSET] = len(state.set_aside)
    for j, m in enumerate(state.set_aside):
        S[E.SETA + j] = row[m]
    S[E.NDUE] = len(state.treasure_due)
    for j, lv in enumerate(state.treasure_due):
        S[E.DUE + j] = lv
    for name in state.cleared:
        S[E.CLEARED] |= 1 << E_name(name)
    if state.phase == "over":
        S[E.PHASE] = E.OVER
    return S


def E_name(name: str) -> int:  # noqa: N802 - a stack letter as its number
    """A stack's letter as its number (A = 0); "" is -1."""
    return "ABCDE".index(name) if name else -1


def move_id(tb: FastTables, mv) -> str:
    """The action id of a move row (a trace row of the simulator)."""
    v, a, b, c, d = (int(x) for x in mv)
    letters = "ABCDE"

    def ref(i, h):
        return f"{i + 1}.{tb.ids[h]}"

    def dice(code):
        out = []
        for j in range(E.MAXDICE):
            f = (code // 7 ** (E.MAXDICE - 1 - j)) % 7
            if not f:
                break
            out.append(str(f))
        return ",".join(out) or "none"

    if v == E.V_ACTIVATE:
        how = {E.PAY_FREE: "free", E.PAY_STEAM: "steam"}.get(c) or dice(d)
        return f"activate:{ref(a, b)}:{how}"
    if v == E.V_ATTACH:
        return "attach:none" if a < 0 else f"attach:{ref(a, b)}"
    if v in (E.V_LOSE, E.V_TARGET):
        return f"{'lose' if v == E.V_LOSE else 'target'}:{ref(a, b)}"
    if v in (E.V_ATTACK, E.V_CAPTURE, E.V_FLIP):
        return (
            f"{ {E.V_ATTACK: 'attack', E.V_CAPTURE: 'capture', E.V_FLIP: 'flip'}[v] }:{letters[a]}"
        )
    if v == E.V_KEEP:
        return f"keep:{dice(d)}"
    if v == E.V_MOVE:
        return f"move:{letters[a]}:{b}"
    if v == E.V_RECRUIT:
        return f"recruit:{tb.ids[a]}" + (f":{ref(b, c)}" if b >= 0 else "")
    if v in (E.V_PLAY, E.V_DISCARD):
        return f"{'play' if v == E.V_PLAY else 'discard'}:{tb.ids[a]}"
    simple = {E.V_DONE: "done", E.V_ROLL: "roll", E.V_SKIP: "skip", E.V_STOP: "stop"}
    if v in simple:
        return simple[v]
    if v == E.V_FIRST:
        return f"first:{a + 1}"
    if v == E.V_DIE:
        return f"die:{a}"
    if v == E.V_TREASURE:
        return f"treasure:{tb.treasure_ids[a]}"
    prefix = {E.V_CARD: "card", E.V_DRAW: "draw", E.V_TOWN: "town"}[v]
    return f"{prefix}:{tb.ids[a]}"
