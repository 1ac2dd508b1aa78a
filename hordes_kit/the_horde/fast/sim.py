"""A fast The Horde simulator (numba) for survival Monte Carlo at scale.

It plays the same rules and the same buying rule as the reference engine
(``game.py`` + ``bots.py``) on count arrays, and must agree with it: fed the same
chance tape (``tape.py``) both play identical games (tests/test_the_horde_fast.py). The
reference engine stays the source of truth.

Decks are counts in deck-index order (card ids sorted), which is the engine's outcome
order, so ``k = int(u * total)`` picks the same card in both. Cards below a shuffled
deck (Walls and Moats in the village, Shaman reinforcements in the attack deck) sit in
ring buffers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.the_horde.bots import Policy, get_policy
from hordes_kit.the_horde.cards import HordeData
from hordes_kit.the_horde.rules import THConfig, data_of

__all__ = [
    "FastTables",
    "tables",
    "policy_arrays",
    "play_fast",
    "play_tape_fast",
    "export",
    "run_fast",
    "warm_up",
]

EFF = {
    "": 0,
    "grimthwacker": 1,
    "long-range": 2,
    "crown": 3,
    "wall": 4,
    "pit": 5,
    "moat": 6,
    "heal": 7,
    "replace-keep": 8,
    "replace-spend": 9,
    "next-gc": 10,
    "bomb": 11,
    "flame": 12,
}
TYPE = {"V": 0, "D": 1, "X": 2}
DIZZY = {"off": 0, "window": 1, "restart": 2}  # THConfig.dizzy
RING = 256  # ring buffer size for cards under a deck
WIN, TAXES, CHAUNCEY, TAPE_OUT = 0, 1, 2, 3
RESULT_NAMES = ("win", "taxes", "chauncey")


@dataclass(frozen=True)
class FastTables:
    """The card lists, charts and setup as one int64 matrix per kind of data."""

    cards: np.ndarray  # per recruit card: cost, type, force, bonus, income, effect, start
    #                    recruit deck, start village, start defender
    horde: np.ndarray  # per horde card: copies, level (-1 = the chart), shaman
    turns: np.ndarray  # per turn: attackers, indigenous level
    setup: np.ndarray  # crowns, flips, extra flips, flip cost, kill at, dizzy, long range,
    #                    teleport, gc index, gc total, then the table rules: Dizzy (0 off,
    #                    1 window, 2 restart), bombed to the Attack Discard, Boots/Ring
    #                    bonus lost at the End phase, Boots/Ring and item bonuses: the
    #                    biggest only


def tables(config: THConfig | None = None) -> FastTables:
    """Arrays for the data of this configuration."""
    return _tables(config or THConfig())


@lru_cache(maxsize=8)
def _tables(config: THConfig) -> FastTables:
    d: HordeData = data_of(config)
    pool = d.recruit_pool()
    cards = np.array(
        [
            [
                c.cost,
                TYPE[c.type],
                c.force,
                c.bonus,
                c.income,
                EFF[c.effect],
                pool[i],
                d.start_village.get(c.id, 0),
                d.start_defender.get(c.id, 0),
            ]
            for i, c in enumerate(d.recruit)
        ],
        np.int64,
    )
    horde = np.array(
        [[h.copies, -1 if h.level is None else h.level, h.effect == "shaman"] for h in d.horde],
        np.int64,
    )
    turns = np.array([[t.attackers, t.level] for t in d.turns], np.int64)
    gc = next(i for i, c in enumerate(d.recruit) if c.effect == "grimthwacker")
    s = d.setup
    setup = np.array(
        [
            s["crowns"],
            s["flips"],
            s["extra_flips"],
            s["extra_flip_cost"],
            s["kill_at"],
            s["dizzy_penalty"],
            s["long_range_at"],
            s["teleport_at"],
            gc,
            d.start_defender.get(d.recruit[gc].id, 0),
            DIZZY[config.dizzy],
            config.bomb == "attack-discard",
            config.boots_ring_lasts == "this-turn",
            config.boots_ring_stack == "highest",
            config.item_stack == "highest",
        ],
        np.int64,
    )
    return FastTables(cards, horde, turns, setup)


def policy_arrays(policy: str | Policy, config: THConfig | None = None) -> np.ndarray:
    """A policy as ints: reserve_turns, extra_flips, heal, n wants, the wants' indexes, then
    late_from, late_reserve_turns, late_extra_flips, n late wants, their indexes, heal_from,
    heal_min_down, rich_at (``bots.Policy``)."""
    pol = get_policy(policy)
    ids = data_of(config or THConfig()).recruit_ids
    wants = [ids.index(c) for c in pol.wants]
    late = [ids.index(c) for c in pol.late_wants]
    return np.array(
        [
            *(pol.reserve_turns, pol.extra_flips, int(pol.heal), len(wants), *wants),
            *(pol.late_from, pol.late_reserve_turns, pol.late_extra_flips, len(late), *late),
            *(pol.heal_from, pol.heal_min_down, pol.rich_at),
        ],
        np.int64,
    )


# --- chance -----------------------------------------------------------------------------


M30, M27 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
KINDS = 10  # the chance points of a turn, for keyed luck (see ``_u``)


@njit(cache=True)
def _mix(x):
    """splitmix64's finaliser: a uint64 to a well-spread uint64."""
    x = (x ^ (x >> np.uint64(30))) * M30
    x = (x ^ (x >> np.uint64(27))) * M27
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def _u(us, ui, refill, kind, turn):
    """The next chance number: from the tape ``us`` (refill 0), numba's seeded generator
    (refill 1, Monte Carlo), or keyed (refill 2): the ``n``-th draw of chance point
    ``kind`` on ``turn`` of the game keyed ``ui[3]`` gets a number of its own, so two games
    that differ in a purchase still meet the same Horde and rolls on later turns."""
    ui[2] += 1
    if refill == 2:
        if ui[4] != turn:  # a new turn: every chance point counts from 0 again
            ui[4] = turn
            for i in range(KINDS):
                ui[5 + i] = 0
        n = ui[5 + kind]
        ui[5 + kind] = n + 1
        h = _mix(np.uint64(ui[3]) ^ _mix(np.uint64(turn * 64 + kind) ^ _mix(np.uint64(n + 1))))
        return float(h >> np.uint64(11)) * 2.0**-53
    if refill:  # numba's own seeded generator (Monte Carlo runs)
        return np.random.random()
    if ui[0] >= us.shape[0]:
        ui[1] = 1  # the tape ran out
        return 0.0
    v = us[ui[0]]
    ui[0] += 1
    return v


@njit(cache=True)
def _pick(counts, u):
    total = 0
    for i in range(counts.shape[0]):
        total += counts[i]
    k = int(u * total)
    for i in range(counts.shape[0]):
        k -= counts[i]
        if k < 0:
            return i
    return -1


@njit(cache=True)
def _total(counts):
    t = 0
    for i in range(counts.shape[0]):
        t += counts[i]
    return t


@njit(cache=True)
def _move_all(src, dst):
    for i in range(src.shape[0]):
        dst[i] += src[i]
        src[i] = 0


@njit(cache=True)
def _income(village, vbot, vh, vn, C):
    """Crowns the Village deck produces: the shuffled part and the cards below it."""
    inc = 0
    for i in range(village.shape[0]):
        inc += village[i] * C[i, 4]
    for j in range(vn):
        inc += C[vbot[(vh + j) % RING], 4]
    return inc


@njit(cache=True)
def _draw(counts, ring, head, n, u):
    """The top card of a deck: from its shuffled part while any is left, else the first
    card below it (a ring buffer). Returns (card, new head, new length)."""
    if _total(counts) > 0:
        c = _pick(counts, u)
        counts[c] -= 1
        return c, head, n
    return ring[head], (head + 1) % RING, n - 1


@njit(cache=True)
def _reserve(turn, income, nturns, rturns):
    r = 0
    last = min(nturns, turn + rturns)
    for t in range(turn + 1, last + 1):
        if t > income:
            r += t - income
    return r


# --- the game ----------------------------------------------------------------------------


@njit(cache=True)
def play_fast(us, refill, pol, C, H, TT, S, zr, zh, vb, sc, key=0):
    """One game from a position at the start of a turn or in its Recruit phase.

    ``zr`` rows (recruit card counts): recruit deck, recruit discard, village (shuffled
    part), defender deck, defender discard, the recruit row. ``zh`` rows: horde deck,
    horde discard. ``vb``: the village's bottom cards in order. ``sc``: turn, crowns,
    next-Grimthwacker bonus, mode (0 = the turn's start, 1 = in the Recruit phase with
    income and tax paid, 2 = drawing the attack deck), cards still to flip (mode 1) or
    to draw (mode 2), extra flips paid. Returns (result, turn, crowns, numbers used);
    result 3 = the tape ran out.
    """
    nh, nturns = H.shape[0], TT.shape[0]
    gc, gc_total, dizzy = S[8], S[9], S[10]
    bomb_back, boots_turn, boots_top, items_top = S[11], S[12], S[13], S[14]
    ui = np.zeros(5 + KINDS, np.int64)
    ui[3] = key
    rdeck = zr[0].copy()
    rdisc = zr[1].copy()
    village = zr[2].copy()
    ddeck = zr[3].copy()
    ddisc = zr[4].copy()
    row = zr[5].copy()
    hdeck = zh[0].copy()
    hdisc = zh[1].copy()
    adeck = np.zeros(nh, np.int64)
    adisc = np.zeros(nh, np.int64)
    vbot = np.zeros(RING, np.int64)
    vh, vn = 0, vb.shape[0]
    for j in range(vn):
        vbot[j] = vb[j]
    abot = np.zeros(RING, np.int64)
    ah, an = 0, 0
    turn, crowns, gcb = sc[0], sc[1], sc[2]
    in_recruit = sc[3] == 1
    in_horde = sc[3] == 2
    for i in range(nh):
        adeck[i] = zh[2, i]
    pheal = pol[2]
    x = 4 + pol[3]  # the late phase, healing and rich parameters (policy_arrays)
    late_from, xl = pol[x], x + 4
    y = xl + pol[x + 3]
    heal_from, heal_min, rich_at = pol[y], pol[y + 1], pol[y + 2]
    while True:
        # Income and Tax
        if in_horde:
            to_flip, extra = 0, 0
        elif in_recruit:
            to_flip, extra = sc[4], sc[5]
            in_recruit = False
        else:
            inc = _income(village, vbot, vh, vn, C)
            crowns += inc
            if crowns < turn:
                return TAXES, turn, crowns, ui[2]
            crowns -= turn
            extra = 0
            to_flip = S[1]
        # Recruit: flip, then buy by the policy
        while not in_horde:
            while to_flip > 0:
                if _total(rdeck) == 0:
                    if _total(rdisc) == 0:
                        to_flip = 0
                        break
                    _move_all(rdisc, rdeck)
                u = _u(us, ui, refill, 0, turn)
                if ui[1]:
                    return TAPE_OUT, turn, crowns, ui[2]
                k = _pick(rdeck, u)
                rdeck[k] -= 1
                row[k] += 1
                to_flip -= 1
            # the policy's decision (bots.choose)
            if late_from > 0 and turn >= late_from:
                rturns, pextra, nwants, woff = pol[x + 1], pol[x + 2], pol[x + 3], xl
            else:
                rturns, pextra, nwants, woff = pol[0], pol[1], pol[3], 4
            if rich_at > 0 and crowns >= rich_at:
                pextra = extra + 1
            bought = -1
            for w in range(nwants):
                c = pol[woff + w]
                if row[c] == 0 or C[c, 0] > crowns:
                    continue
                # income now (after earlier purchases this phase)
                inc = _income(village, vbot, vh, vn, C)
                keep = _reserve(turn, inc + C[c, 4], nturns, rturns)
                if crowns - C[c, 0] >= keep:
                    bought = c
                    break
            if bought >= 0:
                c = bought
                crowns -= C[c, 0]
                row[c] -= 1
                if C[c, 1] == 0:  # village: shuffled in, with the cards below
                    village[c] += 1
                    for j in range(vn):
                        village[vbot[(vh + j) % RING]] += 1
                    vh, vn = 0, 0
                elif C[c, 1] == 1:
                    ddeck[c] += 1
                else:  # Trees
                    crowns += 1
                    rdisc[c] += 1
                continue
            can_flip = extra < S[2] and crowns >= S[3] and (_total(rdeck) + _total(rdisc)) > 0
            if can_flip and extra < pextra:
                inc = _income(village, vbot, vh, vn, C)
                if crowns - S[3] >= _reserve(turn, inc, nturns, rturns):
                    crowns -= S[3]
                    extra += 1
                    to_flip = 1
                    continue
            break
        _move_all(row, rdisc)
        # Horde phase: the attack deck
        streak = 0
        to_draw = TT[turn - 1, 0]
        if in_horde:
            to_draw = sc[4]
            in_horde = False
        ind_level = TT[turn - 1, 1]
        while to_draw > 0:
            if _total(hdeck) == 0:
                if _total(hdisc) == 0:
                    break
                _move_all(hdisc, hdeck)
            u = _u(us, ui, refill, 1, turn)
            if ui[1]:
                return TAPE_OUT, turn, crowns, ui[2]
            k = _pick(hdeck, u)
            hdeck[k] -= 1
            adeck[k] += 1
            to_draw -= 1
        # battle rounds
        while True:
            if _total(adeck) + an == 0:
                if _total(adisc) == 0:
                    break
                _move_all(adisc, adeck)
            u = _u(us, ui, refill, 2, turn)
            if ui[1]:
                return TAPE_OUT, turn, crowns, ui[2]
            a, ah, an = _draw(adeck, abot, ah, an, u)
            level = H[a, 1] if H[a, 1] >= 0 else ind_level
            chain = 0
            force = 0
            d = -1
            next_round = False
            while True:
                if _total(ddeck) == 0:
                    _move_all(ddisc, ddeck)
                u = _u(us, ui, refill, 3, turn)
                if ui[1]:
                    return TAPE_OUT, turn, crowns, ui[2]
                d = _pick(ddeck, u)
                ddeck[d] -= 1
                eff = C[d, 5]
                if C[d, 1] == 1 and (eff == 0 or eff == 1 or eff == 2):
                    force = C[d, 2] + chain
                    if eff == 1:
                        force += gcb
                        gcb = 0
                        if streak >= 2 and dizzy != 0:
                            force -= S[5]
                        if dizzy == 2:  # restart: the count starts again after a Dizzy one
                            streak = 0 if streak >= 2 else streak + 1
                        else:  # 2 = "two or more": the window slides on
                            streak = min(streak + 1, 2)
                    else:
                        streak = 0
                    chain = 0
                    break
                streak = 0
                if eff == 8 or eff == 9:
                    chain = max(chain, C[d, 3]) if items_top else chain + C[d, 3]
                    if eff == 8:
                        ddisc[d] += 1
                    else:
                        rdisc[d] += 1
                elif eff == 10:
                    gcb = max(gcb, C[d, 3]) if boots_top else gcb + C[d, 3]
                    ddisc[d] += 1
                elif eff == 7:
                    if rdisc[gc] > 0 and pheal and turn >= heal_from and rdisc[gc] >= heal_min:
                        rdisc[d] += 1
                        rdisc[gc] -= 1
                        ddeck[gc] += 1
                    else:
                        ddisc[d] += 1
                elif eff == 11:
                    if bomb_back:
                        adisc[a] += 1
                    else:
                        hdisc[a] += 1
                    rdisc[d] += 1
                    chain = 0
                    next_round = True
                    break
                else:  # 12 flame
                    hdisc[a] += 1
                    rdisc[d] += 1
                    chain = 0
                    next_round = True
                    if _total(adeck) + an == 0 and _total(adisc) > 0:
                        _move_all(adisc, adeck)
                    if _total(adeck) + an > 0:
                        u = _u(us, ui, refill, 4, turn)
                        if ui[1]:
                            return TAPE_OUT, turn, crowns, ui[2]
                        b, ah, an = _draw(adeck, abot, ah, an, u)
                        hdisc[b] += 1
                    break
            if next_round:
                continue
            u = _u(us, ui, refill, 5, turn)
            if ui[1]:
                return TAPE_OUT, turn, crowns, ui[2]
            die = int(u * 6) + 1
            if die - level + force >= S[4]:
                ddisc[d] += 1
                if H[a, 2]:
                    u = _u(us, ui, refill, 6, turn)
                    if ui[1]:
                        return TAPE_OUT, turn, crowns, ui[2]
                    if int(u * 6) + 1 >= S[7]:
                        adisc[a] += 1
                    else:
                        hdisc[a] += 1
                else:
                    hdisc[a] += 1
                continue
            if C[d, 5] == 2:
                u = _u(us, ui, refill, 7, turn)
                if ui[1]:
                    return TAPE_OUT, turn, crowns, ui[2]
                if int(u * 6) + 1 >= S[6]:
                    ddisc[d] += 1
                else:
                    rdisc[d] += 1
            else:
                rdisc[d] += 1
            if d == gc and rdisc[gc] >= gc_total:
                return CHAUNCEY, turn, crowns, ui[2]
            if H[a, 2]:  # a winning Shaman reinforces instead
                adisc[a] += 1
                if _total(hdeck) == 0 and _total(hdisc) > 0:
                    _move_all(hdisc, hdeck)
                if _total(hdeck) > 0:
                    u = _u(us, ui, refill, 8, turn)
                    if ui[1]:
                        return TAPE_OUT, turn, crowns, ui[2]
                    b = _pick(hdeck, u)
                    hdeck[b] -= 1
                    abot[(ah + an) % RING] = b
                    an += 1
                continue
            if _total(village) + vn == 0:
                adisc[a] += 1
                continue
            u = _u(us, ui, refill, 9, turn)
            if ui[1]:
                return TAPE_OUT, turn, crowns, ui[2]
            v, vh, vn = _draw(village, vbot, vh, vn, u)
            ve = C[v, 5]
            if ve == 4:  # wall
                vbot[(vh + vn) % RING] = v
                vn += 1
                adisc[a] += 1
            elif ve == 5:  # pit
                rdisc[v] += 1
                hdisc[a] += 1
            elif ve == 6:  # moat
                vbot[(vh + vn) % RING] = v
                vn += 1
                hdisc[a] += 1
            else:
                rdisc[v] += 1
                adisc[a] += 1
        # End phase
        ddeck[gc] += rdisc[gc]
        rdisc[gc] = 0
        if boots_turn:
            gcb = 0
        if turn >= nturns:
            return WIN, turn, crowns, ui[2]
        turn += 1


@njit(cache=True)
def play_tape_fast(us, refill, pol, C, H, TT, S, key=0):
    """One new game (setup, then turn 1) on the tape ``us``; see ``play_fast``."""
    nr, nh = C.shape[0], H.shape[0]
    zr = np.zeros((6, nr), np.int64)
    zr[0] = C[:, 6]
    zr[2] = C[:, 7]
    zr[3] = C[:, 8]
    zh = np.zeros((3, nh), np.int64)
    zh[0] = H[:, 0]
    sc = np.array([1, S[0], 0, 0, 0, 0], np.int64)
    return play_fast(us, refill, pol, C, H, TT, S, zr, zh, np.zeros(0, np.int64), sc, key)


@njit(cache=True)
def _run(first, games, seed, pol, C, H, TT, S, zr, zh, vb, sc, out, refill):
    us = np.zeros(0)
    for k in range(games):
        g = first + k
        np.random.seed((seed * 1_000_003 + g) % (2**32))  # game g's own chance
        key = (seed * 1_000_003 + g) % (2**62)  # ... or its key (refill 2)
        if sc[0] == 0:
            r, t, c, n = play_tape_fast(us, refill, pol, C, H, TT, S, key)
        else:
            r, t, c, n = play_fast(us, refill, pol, C, H, TT, S, zr, zh, vb, sc, key)
        out[k, 0], out[k, 1], out[k, 2] = r, t, c


START_STEPS = ("recruit-flip", "recruit", "horde-draw")


def export(state) -> tuple:
    """A reference state in a Recruit phase, or drawing its attack deck, as ``play_fast`` input."""
    if state.step not in START_STEPS or state.is_terminal:
        raise ValueError("the fast simulator starts from a Recruit phase or an attack deck draw")
    row = [0] * len(state.rids)
    for c in state.row:
        row[state.ri(c)] += 1
    zr = np.array(
        [
            state.recruit_deck,
            state.recruit_discard,
            state.village,
            state.defender_deck,
            state.defender_discard,
            row,
        ],
        np.int64,
    )
    zh = np.array([state.horde_deck, state.horde_discard, state.attack_deck], np.int64)
    vb = np.array([state.ri(c) for c in state.village_bottom], np.int64)
    if state.step == "horde-draw":
        mode, n = 2, state.to_draw
    else:
        mode, n = 1, state.to_flip
    sc = np.array([state.turn, state.crowns, state.gc_bonus, mode, n, state.extra], np.int64)
    return zr, zh, vb, sc


def run_fast(
    policy: str | Policy,
    games: int,
    seed: int = 0,
    config: THConfig | None = None,
    first: int = 0,
    start=None,
    keyed: bool = False,
) -> np.ndarray:
    """Games ``first .. first+games-1``: rows (result, last turn, crowns).

    result: 0 survived, 1 unpaid tax, 2 Chauncey killed. Game g's chance depends only on
    (seed, g). ``start``: ``export(state)`` of a position to play from (default: new games).
    ``keyed``: each chance number keyed by (seed, g, turn, chance point, its count), the
    coach's rollouts: games from two positions a purchase apart keep common luck.
    """
    tb = tables(config)
    out = np.zeros((games, 3), np.int64)
    if start is None:
        z = np.zeros((1, 1), np.int64)
        start = (np.zeros((6, 1), np.int64), z, np.zeros(0, np.int64), np.zeros(6, np.int64))
    _run(
        first,
        games,
        seed,
        policy_arrays(policy, config),
        tb.cards,
        tb.horde,
        tb.turns,
        tb.setup,
        *start,
        out,
        2 if keyed else 1,
    )
    return out


def warm_up() -> None:
    """Compile (or load from numba's cache) the simulator: one game."""
    run_fast("balanced", 1)
