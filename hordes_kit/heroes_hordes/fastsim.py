"""A fast Heroes & Hordes simulator (numba) for Monte Carlo at scale.

It plays the same rules and the same three policies as the reference engine
(``state.py`` + ``bots.py``) on flat arrays, and must agree with it: fed the same
chance tape (``tape.py``) both give identical games (tests/test_heroes_hordes_fast.py).
The reference engine stays the source of truth; this never replaces it.

Cards are indexed in id order, so "ties broken by action id" is "ties broken by
index". A Spy's look changes no outcome here (the deck order is fixed, and no policy
reads the revealed cards), so it is not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numba import njit

from hordes_kit.heroes_hordes.cards import RACES, Card
from hordes_kit.heroes_hordes.state import HHConfig, card_index

__all__ = ["POLICY_CODES", "FastTables", "tables", "play_tape_fast", "run_fast", "warm_up"]

POLICY_CODES = {"random": 0, "greedy": 1, "lookahead": 2}
KW_BITS = {"Troops": 1, "Bows": 2, "Fast": 4, "Tech": 8, "Magic": 16, "Spy": 32}
EVENT_CODES = {None: 0, "raid": 1, "slay": 2, "search-deck": 3, "search-discard": 4}
# pile index: 0 men, 1 elves, 2 dwarves, 3 goblins, 4 undead, 5 dragons (RACES order)
# alphabetical rank of each pile name (sorted action ids): dragons dwarves elves goblins men undead
PILE_ALPHA = np.array([4, 2, 1, 3, 5, 0], dtype=np.int64)
MAXC = 240  # cards per game at most (copies=2 -> 218)


@dataclass(frozen=True)
class FastTables:
    """The card list as arrays (index = rank of the card id)."""

    ids: tuple[str, ...]
    arrays: tuple[np.ndarray, ...]


def tables(config: HHConfig | None = None) -> FastTables:
    """Arrays for the card list of this configuration."""
    return _tables(config or HHConfig())


@lru_cache(maxsize=8)
def _tables(config: HHConfig) -> FastTables:
    cards: list[Card] = [c for _, c in sorted(card_index(config).items())]
    n = len(cards)
    if n > MAXC:
        raise ValueError(f"the fast simulator handles at most {MAXC} cards, got {n}")
    race_bit = {r: 1 << i for i, r in enumerate(RACES)}
    types = np.array([sum(race_bit[r] for r in c.types if r in race_bit) for c in cards])
    strength = np.array([c.strength for c in cards])
    kw = np.array([sum(KW_BITS[k] for k in c.keywords) for c in cards])
    nb = np.array([len(c.bonuses) for c in cards])
    b_amt = np.zeros((n, 2), np.int64)
    b_races = np.zeros((n, 2), np.int64)
    b_kw = np.zeros((n, 2), np.int64)
    nvs = np.array([len(c.vs) for c in cards])
    vs_race = np.zeros((n, 2), np.int64)
    vs_amt = np.zeros((n, 2), np.int64)
    mine = np.full((n, 2), -1, np.int64)
    for i, c in enumerate(cards):
        if len(c.bonuses) > 2 or len(c.vs) > 2 or len(c.mine) > 2:
            raise ValueError(f"{c.name}: too many modifiers for the fast simulator")
        for j, b in enumerate(c.bonuses):
            b_amt[i, j] = b.amount
            b_races[i, j] = sum(race_bit[r] for r in b.races)
            b_kw[i, j] = KW_BITS[b.keyword] if b.keyword else 0
        for j, (r, a) in enumerate(c.vs):
            vs_race[i, j], vs_amt[i, j] = RACES.index(r), a
        for j, r in enumerate(sorted(c.mine)):  # the engine's order: sorted race letters
            mine[i, j] = RACES.index(r)
    berserk = np.array([c.berserk for c in cards])
    event = np.array([EVENT_CODES[c.event] for c in cards])
    arrays = tuple(
        np.ascontiguousarray(a, dtype=np.int64)
        for a in (
            types,
            strength,
            kw,
            nb,
            b_amt,
            b_races,
            b_kw,
            nvs,
            vs_race,
            vs_amt,
            berserk,
            mine,
            event,
        )
    )
    return FastTables(tuple(c.id for c in cards), arrays)


# --- forces ----------------------------------------------------------------------------


@njit(cache=True)
def _forces(cards, n, opp_race, opp_size, T, out):
    """Each card's force in a pile of n cards (opp_race -1: no battle context)."""
    types, strength, kw, nb, b_amt, b_races, b_kw, nvs, vs_race, vs_amt, berserk = T[:11]
    cnt_t = cnt_b = cnt_f = 0
    for i in range(n):
        k = kw[cards[i]]
        cnt_t += (k & 1) > 0
        cnt_b += (k & 2) > 0
        cnt_f += (k & 4) > 0
    total = 0
    for i in range(n):
        c = cards[i]
        f = strength[c]
        for j in range(n):
            s = cards[j]
            for q in range(nb[s]):
                if b_races[s, q] != 0 and (b_races[s, q] & types[c]) == 0:
                    continue
                if b_kw[s, q] != 0 and (b_kw[s, q] & kw[c]) == 0:
                    continue
                f += b_amt[s, q]
        if (kw[c] & 1) and cnt_t > 1:
            f += cnt_t - 1
        if (kw[c] & 2) and cnt_b > 1:
            f += cnt_b - 1
        if (kw[c] & 4) and cnt_f > 1:
            f += cnt_f - 1
        if opp_race >= 0:
            for q in range(nvs[c]):
                if vs_race[c, q] == opp_race:
                    f += vs_amt[c, q]
            if berserk[c] and opp_size > n:
                f += berserk[c]
        out[i] = f
        total += f
    return total


@njit(cache=True)
def _bonus(s, c, T):
    """What card s's bonuses give card c (lords, keyword bonuses)."""
    types, kw, nb, b_amt, b_races, b_kw = T[0], T[2], T[3], T[4], T[5], T[6]
    out = 0
    for q in range(nb[s]):
        if b_races[s, q] != 0 and (b_races[s, q] & types[c]) == 0:
            continue
        if b_kw[s, q] != 0 and (b_kw[s, q] & kw[c]) == 0:
            continue
        out += b_amt[s, q]
    return out


@njit(cache=True)
def _add_gain(cards, n, x, T):
    """``_pile_force`` of the pile with card x added, minus without it, in O(n).

    x's own strength and bonuses (itself included), what it gives and takes from each
    card, and a Troops/Bows/Fast card joining m of its kind adds 2m.
    """
    kw = T[2]
    g = T[1][x] + _bonus(x, x, T)
    m = np.zeros(3, np.int64)
    for i in range(n):
        c = cards[i]
        g += _bonus(c, x, T) + _bonus(x, c, T)
        for b in range(3):
            m[b] += (kw[c] >> b) & 1
    for b in range(3):
        if (kw[x] >> b) & 1:
            g += 2 * m[b]
    return g


@njit(cache=True)
def _pile_force(cards, n, T):
    """A pile's force outside battle: ``_forces``' total, without the per-card array."""
    strength, kw, nb = T[1], T[2], T[3]
    total = 0
    m0 = m1 = m2 = 0
    for i in range(n):
        c = cards[i]
        total += strength[c]
        k = kw[c]
        m0 += k & 1
        m1 += (k >> 1) & 1
        m2 += (k >> 2) & 1
    for j in range(n):
        s = cards[j]
        if nb[s]:
            for i in range(n):
                total += _bonus(s, cards[i], T)
    for m in (m0, m1, m2):  # each of m synergy cards gets m - 1
        if m > 1:
            total += m * (m - 1)
    return total


@njit(cache=True)
def _emit(cards, force, n, best_in, best):
    """Write the discard (cards not kept) into ``best`` in the reference's order."""
    # the discard, in the reference's order: battle force descending, then id
    k = 0
    for q in range(n):
        if not best_in[q]:
            best[k] = q
            k += 1
    for a in range(k):
        bi = a
        for r in range(a + 1, k):
            x, y = best[r], best[bi]
            if force[x] > force[y] or (force[x] == force[y] and cards[x] < cards[y]):
                bi = r
        best[a], best[bi] = best[bi], best[a]
    for a in range(k):
        best[a] = cards[best[a]]
    return k


@njit(cache=True)
def _best_discard(cards, force, n, need, T, best):
    """Exact best discard (the same answer as rules.best_discard); its size, cards in ``best``.

    Searched from the kept side: keep a set K whose battle force stays within
    ``total - need`` and whose force F(K) is largest (then fewest discards, then the
    smallest discarded ids: a total order, so the search order cannot change the
    answer; the best set under it is a minimal discard). F is supermodular (bonuses
    and synergies only add up), so a card's gain with the whole pile present bounds its
    gain to any smaller pile: a fractional knapsack over those gains bounds a branch.
    -1 when the pile cannot cover ``need``.
    """
    total = 0
    for i in range(n):
        total += force[i]
    if total < need:
        return -1
    if need <= 0:
        return 0
    cap = total - need
    # F(K), the force of a kept set outside battle, moves in O(n) per card added:
    # pair[s, c] = what card s's bonuses give card c (s == c included, "the King
    # included"), and a Troops/Bows/Fast card joining m of its kind adds 2m.
    strength, kw, nb = T[1], T[2], T[3]
    pair = np.zeros((n, n), np.int64)
    syn = np.zeros(n, np.int64)  # Troops 1, Bows 2, Fast 4 bits
    base = np.empty(n, np.int64)
    for i in range(n):
        s_ = cards[i]
        syn[i] = kw[s_] & 7
        base[i] = strength[s_]
        if nb[s_]:
            for j in range(n):
                pair[i, j] = _bonus(s_, cards[j], T)
    full_cnt = np.zeros(3, np.int64)
    for i in range(n):
        for b in range(3):
            full_cnt[b] += (syn[i] >> b) & 1
    gain = np.empty(n, np.float64)
    for q in range(n):  # F(pile) - F(pile without q)
        g = base[q] + pair[q, q]
        for r in range(n):
            if r != q:
                g += pair[r, q] + pair[q, r]
        for b in range(3):
            if (syn[q] >> b) & 1:
                g += 2 * (full_cnt[b] - 1)
        gain[q] = g
    # search order: gain per point of battle force, best first (free cards first)
    key = np.empty(n, np.float64)
    for q in range(n):
        key[q] = -gain[q] / force[q] if force[q] > 0 else -1e18
    order = np.argsort(key, kind="mergesort")
    inK = np.zeros(n, np.bool_)
    cnt = np.zeros(3, np.int64)  # Troops, Bows, Fast cards kept so far
    fk = 0  # F(K) of the cards kept so far
    added = np.zeros(n + 1, np.int64)  # what each depth's card added to F(K)
    best_kept = -(10**9)
    best_len = n + 1
    best_in = np.zeros(n, np.bool_)
    sorted_a = np.empty(n, np.int64)
    sorted_b = np.empty(n, np.int64)
    # explicit-stack DFS: state 0 = try include, 1 = try exclude, 2 = done
    stack_state = np.zeros(n + 1, np.int64)
    sp = 0
    used = 0
    while sp >= 0:
        t = sp  # depth == position in order
        if stack_state[sp] == 0:
            if t == n:
                kept = fk
                kn = 0
                for q in range(n):
                    kn += inK[q]
                dlen = n - kn
                better = kept > best_kept or (kept == best_kept and dlen < best_len)
                if not better and kept == best_kept and dlen == best_len:
                    na = nb_ = 0
                    for q in range(n):
                        if not inK[q]:
                            sorted_a[na] = cards[q]
                            na += 1
                        if not best_in[q]:
                            sorted_b[nb_] = cards[q]
                            nb_ += 1
                    sorted_a[:na].sort()
                    sorted_b[:nb_].sort()
                    for r in range(na):
                        if sorted_a[r] != sorted_b[r]:
                            better = sorted_a[r] < sorted_b[r]
                            break
                if better:
                    best_kept, best_len = kept, dlen
                    best_in[:] = inK
                sp -= 1
                continue
            # bound: F(K so far, with every undecided card it could still get) is at most
            # F(K) + fractional knapsack of the undecided cards' full-pile gains
            if best_kept > -(10**9):
                ub = float(fk)
                room = float(cap - used)
                for u in range(t, n):
                    q = order[u]
                    w = float(force[q])
                    if w <= room:
                        ub += gain[q]
                        room -= w
                    else:
                        if w > 0:
                            ub += gain[q] * room / w
                        break
                if ub < best_kept - 1e-9:
                    sp -= 1
                    continue
            q = order[t]
            stack_state[sp] = 1
            if used + force[q] <= cap:
                d = base[q] + pair[q, q]
                for r in range(n):
                    if inK[r]:
                        d += pair[r, q] + pair[q, r]
                for b in range(3):
                    if (syn[q] >> b) & 1:
                        d += 2 * cnt[b]
                        cnt[b] += 1
                added[t] = d
                fk += d
                inK[q] = True
                used += force[q]
                sp += 1
                stack_state[sp] = 0
            continue
        if stack_state[sp] == 1:
            q = order[t]
            if inK[q]:
                inK[q] = False
                used -= force[q]
                fk -= added[t]
                for b in range(3):
                    if (syn[q] >> b) & 1:
                        cnt[b] -= 1
            stack_state[sp] = 2
            sp += 1
            stack_state[sp] = 0
            continue
        sp -= 1
    return _emit(cards, force, n, best_in, best)


# --- the game ----------------------------------------------------------------------------


@njit(cache=True)
def _u(us, ui):
    v = us[ui[0]]
    ui[0] += 1
    return v


@njit(cache=True)
def _place(piles, plen, p, c):
    piles[p, plen[p]] = c
    plen[p] += 1


@njit(cache=True)
def _choose_pile(c, options, nopt, policy, us, ui, piles, plen, T):
    """A split card's pile, chosen as the engine's policy chooses ``place:<pile>``."""
    srt = np.empty(nopt, np.int64)  # the legal actions in id order (pile names sorted)
    for i in range(nopt):
        srt[i] = options[i]
    for i in range(nopt):
        for j in range(nopt - 1 - i):
            if PILE_ALPHA[srt[j]] > PILE_ALPHA[srt[j + 1]]:
                srt[j], srt[j + 1] = srt[j + 1], srt[j]
    if policy == 0:
        return srt[int(_u(us, ui) * nopt)]
    is_hero = (T[0][c] & 7) != 0
    best = srt[0]
    bs = 0
    for i in range(nopt):
        p = srt[i]
        if policy == 1:  # greedy: max (pile force, id)
            s = _pile_force(piles[p], plen[p], T)
        elif is_hero:  # lookahead: max (force gained, id)
            s = _add_gain(piles[p], plen[p], c, T)
        else:  # lookahead, a horde card: min (pile size, id)
            if i == 0 or plen[p] < bs:
                best, bs = p, plen[p]
            continue
        if i == 0 or s >= bs:
            best, bs = p, s
    return best


@njit(cache=True)
def _enter_play(c, forced, policy, us, ui, piles, plen, T):
    types = T[0]
    if forced >= 0:
        _place(piles, plen, forced, c)
        return
    t = types[c] & 63
    if t != 0 and t & (t - 1) == 0:  # one pile only (most cards): no choice to make
        p = 0
        while not (t >> p) & 1:
            p += 1
        _place(piles, plen, p, c)
        return
    options = np.empty(6, np.int64)
    nopt = 0
    for p in range(6):
        if types[c] & (1 << p):
            options[nopt] = p
            nopt += 1
    p = _choose_pile(c, options, nopt, policy, us, ui, piles, plen, T)
    _place(piles, plen, p, c)


@njit(cache=True)
def _plan_size(best, n):
    """Length of the plan left in ``best`` by ``_defend_score`` (stored after the cards)."""
    return best[MAXC - 1]


@njit(cache=True)
def _defend_score(h, d, piles, plen, T, tmp, best):
    """Lookahead's score of defending with pile d against horde pile h: (win, value)."""
    hf = _forces(piles[h], plen[h], d, plen[d], T, tmp)
    df = _forces(piles[d], plen[d], h, plen[h], T, tmp)
    if df >= hf:
        k = _best_discard(piles[d], tmp, plen[d], hf, T, best)
        best[MAXC - 1] = k
        keep = tmp  # the battle forces in tmp are not needed any more
        kn = 0
        for i in range(plen[d]):
            c = piles[d, i]
            gone = False
            for r in range(max(k, 0)):
                if best[r] == c:
                    gone = True
            if not gone:
                keep[kn] = c
                kn += 1
        return 1, _pile_force(keep, kn, T)
    return 0, -_pile_force(piles[d], plen[d], T)


@njit(cache=True)
def _attack(h, policy, us, ui, piles, plen, discard_flag, T):
    """One attack of horde pile h; returns the Devastation Tokens it costs."""
    cost = 0
    heroes = np.empty(3, np.int64)
    nh = 0
    for p in (2, 1, 0):  # legal defend actions sorted by name: dwarves, elves, men
        if plen[p] > 0:
            heroes[nh] = p
            nh += 1
    tmp = np.empty(MAXC, np.int64)
    best = np.empty(MAXC, np.int64)
    di = 0
    if nh == 0:
        cost = 2
    else:
        if policy == 0:
            d = heroes[int(_u(us, ui) * nh)]
        elif policy == 1:
            d = -1
            bs = 0
            for i in range(nh):
                s = _pile_force(piles[heroes[i]], plen[heroes[i]], T)
                if d < 0 or s >= bs:
                    d, bs = heroes[i], s
        else:
            d = -1
            bw = 0
            bv = 0
            plans = np.empty((3, MAXC), np.int64)
            plan_len = np.zeros(3, np.int64)
            # Score the piles strongest first: a pile whose whole force is below the best
            # kept force found so far cannot be chosen (what it keeps is at most its
            # force), so its exact discard is skipped. The choice is the engine's: the
            # best (win, kept force), ties to the later pile in action-id order.
            ub = np.empty(nh, np.int64)
            for i in range(nh):
                ub[i] = _pile_force(piles[heroes[i]], plen[heroes[i]], T)
            ws = np.full(nh, -1, np.int64)
            vs = np.zeros(nh, np.int64)
            have_win = False
            top = 0
            for i in np.argsort(-ub, kind="mergesort"):
                if have_win and ub[i] < top:
                    continue
                w, v = _defend_score(h, heroes[i], piles, plen, T, tmp, best)
                ws[i], vs[i] = w, v
                if w == 1:
                    plan_len[i] = max(_plan_size(best, plen[heroes[i]]), 0)
                    plans[i, : plan_len[i]] = best[: plan_len[i]]
                    if not have_win or v > top:
                        top = v
                    have_win = True
            for i in range(nh):
                w, v = ws[i], vs[i]
                if w < 0:
                    continue
                if d < 0 or w > bw or (w == bw and v >= bv):
                    d, bw, bv, di = heroes[i], w, v, i
        hforce = _forces(piles[h], plen[h], d, plen[d], T, tmp)
        battle = np.empty(max(plen[d], 1), np.int64)
        dforce = _forces(piles[d], plen[d], h, plen[h], T, battle)
        if dforce >= hforce:
            need = hforce
            cf = 0
            step = 0
            while need > 0 and plen[d] > 0:
                n = plen[d]
                if policy == 0:
                    # legal discard actions sorted by card id
                    j = int(_u(us, ui) * n)
                    srt = np.sort(piles[d, :n])
                    c = srt[j]
                elif policy == 1:
                    # greedy: the weakest card covering what is left, else the strongest
                    c = -1
                    for i in range(n):
                        x, f = piles[d, i], battle[i]
                        if f >= need and (c < 0 or f < cf or (f == cf and x < c)):
                            c, cf = x, f
                    if c < 0:
                        for i in range(n):
                            x, f = piles[d, i], battle[i]
                            if c < 0 or f > cf or (f == cf and x < c):
                                c, cf = x, f
                else:
                    # the exact best discard, in its order (force desc, id): recomputing it
                    # after each card gives the rest of the same plan (see tests), so the
                    # plan made when choosing the defender is used card by card
                    if step < plan_len[di]:
                        c = plans[di, step]
                        step += 1
                    else:  # never expected; recompute rather than read past the plan
                        k = _best_discard(piles[d], battle, n, need, T, best)
                        c = best[0] if k > 0 else np.sort(piles[d, :n])[0]
                pos = 0
                for i in range(n):
                    if piles[d, i] == c:
                        pos = i
                need -= battle[pos]
                for i in range(pos, n - 1):
                    piles[d, i] = piles[d, i + 1]
                    battle[i] = battle[i + 1]
                plen[d] -= 1
                discard_flag[c] = True
        else:
            for i in range(plen[d]):
                discard_flag[piles[d, i]] = True
            plen[d] = 0
            cost = 1
    for i in range(plen[h]):
        discard_flag[piles[h, i]] = True
    plen[h] = 0
    return cost


@njit(cache=True)
def _take(order, pos, in_deck):
    while not in_deck[order[pos[0]]]:
        pos[0] += 1
    c = order[pos[0]]
    in_deck[c] = False
    return c


@njit(cache=True)
def play_tape_fast(order, us, policy, loss_at, sudden, T):
    """One game from a tape: (result 0 win / 1 tie / 2 loss, tokens, turn)."""
    types, strength = T[0], T[1]
    mine, event = T[11], T[12]
    n = order.shape[0]
    in_deck = np.ones(n, np.bool_)
    discard_flag = np.zeros(n, np.bool_)
    piles = np.zeros((6, MAXC), np.int64)
    plen = np.zeros(6, np.int64)
    pos = np.zeros(1, np.int64)
    ui = np.zeros(1, np.int64)
    races = np.empty(MAXC * 2, np.int64)  # the Mines' races, refilled every turn
    deck = n
    tokens = 0
    turn = 1
    while True:
        if tokens >= sudden or deck == 0:
            break
        c = _take(order, pos, in_deck)
        deck -= 1
        ev = -1
        if event[c] > 0:
            ev = c
        else:
            _enter_play(c, -1, policy, us, ui, piles, plen, T)
        # Battle Phase: every horde pile of 5+ cards, first by pile order
        stop = False
        while True:
            h = -1
            for p in range(3, 6):
                if plen[p] >= 5:
                    h = p
                    break
            if h < 0:
                break
            tokens += _attack(h, policy, us, ui, piles, plen, discard_flag, T)
            if tokens >= sudden:
                stop = True
                break
        if stop:
            break
        # Event Phase
        if ev >= 0:
            k = event[ev]
            if k == 1:
                live = np.empty(3, np.int64)
                nl = 0
                for p in (5, 3, 4):  # raid outcomes sorted by name: dragons goblins undead
                    if plen[p] > 0:
                        live[nl] = p
                        nl += 1
                if nl > 0:
                    h = live[int(_u(us, ui) * nl)]
                    tokens += _attack(h, policy, us, ui, piles, plen, discard_flag, T)
                    if tokens >= sudden:
                        break
            elif k == 2:
                cand = np.empty(MAXC, np.int64)
                nc = 0
                for p in range(3, 6):
                    for i in range(plen[p]):
                        cand[nc] = piles[p, i]
                        nc += 1
                if nc > 0:
                    srt = np.sort(cand[:nc])
                    if policy == 0:
                        t = srt[int(_u(us, ui) * nc)]
                    else:
                        t = -1
                        b0 = 0
                        b1 = 0
                        for i in range(nc):
                            x = srt[i]
                            hp = 3
                            for p in range(3, 6):
                                for j in range(plen[p]):
                                    if piles[p, j] == x:
                                        hp = p
                            s0 = plen[hp] if policy == 2 else strength[x]
                            s1 = strength[x] if policy == 2 else 0
                            if t < 0 or s0 > b0 or (s0 == b0 and s1 >= b1):
                                t, b0, b1 = x, s0, s1
                    for p in range(3, 6):
                        for j in range(plen[p]):
                            if piles[p, j] == t:
                                for q in range(j, plen[p] - 1):
                                    piles[p, q] = piles[p, q + 1]
                                plen[p] -= 1
                                break
                    discard_flag[t] = True
            else:
                cand = np.empty(MAXC, np.int64)
                nc = 0
                for x in range(n):  # ids in order = sorted
                    ok = in_deck[x] if k == 3 else discard_flag[x]
                    if ok and event[x] == 0:
                        cand[nc] = x
                        nc += 1
                if nc > 0:
                    if policy == 0:
                        t = cand[int(_u(us, ui) * nc)]
                    else:
                        t = -1
                        bs = 0
                        for i in range(nc):
                            x = cand[i]
                            if policy == 1:
                                s = strength[x]
                            elif (types[x] & 7) == 0:
                                s = -1
                            else:
                                s = -(10**9)
                                for p in range(3):
                                    if types[x] & (1 << p):
                                        s = max(s, _add_gain(piles[p], plen[p], x, T))
                            if t < 0 or s >= bs:
                                t, bs = x, s
                    if k == 3:
                        in_deck[t] = False
                        deck -= 1
                    else:
                        discard_flag[t] = False
                    _enter_play(t, -1, policy, us, ui, piles, plen, T)
            discard_flag[ev] = True
        # Mines: one extra draw per Mine in the hero piles, in pile order
        nr = 0
        for p in range(3):
            for i in range(plen[p]):
                for q in range(2):
                    if mine[piles[p, i], q] >= 0:
                        races[nr] = mine[piles[p, i], q]
                        nr += 1
        for q in range(nr):
            if deck == 0:
                break
            c = _take(order, pos, in_deck)
            deck -= 1
            if types[c] & (1 << races[q]):
                _enter_play(c, races[q], policy, us, ui, piles, plen, T)
            else:
                discard_flag[c] = True
        turn += 1
    result = 0 if tokens <= 2 else (1 if tokens < loss_at else 2)
    return result, tokens, turn


@njit(cache=True)
def _run(first, games, seed, policy, loss_at, sudden, T, n, out):
    for k in range(games):
        g = first + k
        np.random.seed((seed * 1_000_003 + g) % (2**32))  # game g's own chance
        order = np.random.permutation(n)
        us = np.random.random(4 * n + 64)
        r, t, turn = play_tape_fast(order, us, policy, loss_at, sudden, T)
        out[k, 0], out[k, 1], out[k, 2] = r, t, turn


def run_fast(
    policy: str, games: int, seed: int = 0, config: HHConfig | None = None, first: int = 0
) -> np.ndarray:
    """Games ``first .. first+games-1`` with numba's seeded chance: rows (result, tokens, turn).

    result: 0 win, 1 tie, 2 loss. Game g's chance depends only on (seed, g).
    """
    config = config or HHConfig()
    tb = tables(config)
    out = np.zeros((games, 3), np.int64)
    _run(
        first,
        games,
        seed,
        POLICY_CODES[policy],
        config.loss_at,
        config.sudden_defeat,
        tb.arrays,
        len(tb.ids),
        out,
    )
    return out


def warm_up() -> None:
    """Compile (or load from numba's cache) every policy's code path: one game each."""
    for name in POLICY_CODES:
        run_fast(name, 1)
