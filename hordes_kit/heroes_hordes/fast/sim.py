"""A fast Heroes & Hordes simulator (numba) for Monte Carlo at scale.

It plays the same rules and the same three policies as the reference engine
(``game.py`` + ``bots.py``) on flat arrays, and must agree with it: fed the same
chance tape (``tape.py``) both give identical games (tests/test_heroes_hordes_fast.py).
The reference engine stays the source of truth; this never replaces it.

The table rules it plays (``HHConfig``): ``lords_self`` in the pair table, ``search_events``
in the card table (``C_SEARCH``), ``loss_at`` and ``sudden_defeat`` as arguments; a
search's shuffle (``search_shuffle``) changes only what the Spy's cards are known as,
which nothing here reads.

Cards are indexed in id order, so "ties broken by action id" is "ties broken by
index". A Spy's look changes no outcome here (the deck order is fixed, and no policy
reads the revealed cards), so it is not modelled.

Speed notes (``make bench``): every array handed to a compiled function costs
reference counting at each call, so the card list is two arrays (``C``, one row per
card, and the pair table ``PAIR``), a game's whole state is one array ``S``, the work
space three more (allocated once per run), and the small hot functions are inlined.
Each pile keeps its cards' forces up to date as cards come and go, so no force is
ever recomputed from scratch. The lookahead's exact discard search is a branch and
bound whose bound splits each pair's bonus between its two cards (``_best_discard``),
and it only looks for discards that could beat the best pile scored so far.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.heroes_hordes.cards import KEYWORDS, RACES, SYNERGY, Card
from hordes_kit.heroes_hordes.rules import HHConfig, card_index

__all__ = [
    "POLICY_CODES",
    "DEFEND_CODES",
    "DISCARD_CODES",
    "policy_code",
    "family_code",
    "FastTables",
    "tables",
    "pile_force",
    "best_discard_fast",
    "play_tape_fast",
    "export",
    "play_tape_from",
    "run_fast",
    "warm_up",
]

POLICY_CODES = {"random": 0, "greedy": 1, "lookahead": 2}
# the strategy lab's family (``bots.family_policy``): a defend rule and a discard rule over
# a base policy, packed as base | (1 + defend) << 2 | (1 + discard) << 5 (0 fields: the base's)
DEFEND_CODES = {"strongest": 1, "best": 2, "weakest-winner": 3}
DISCARD_CODES = {"weakest-covering": 1, "exact": 2, "weakest-first": 3}
EVENT_CODES = {None: 0, "raid": 1, "slay": 2, "search-deck": 3, "search-discard": 4}
# pile index: 0 men, 1 elves, 2 dwarves, 3 goblins, 4 undead, 5 dragons (RACES order);
# the engine sorts actions by id, i.e. piles by name: dragons dwarves elves goblins men undead
MAXC = 240  # cards per game at most (copies=2 -> 218)
NO_FLOOR = -(10**9)

# columns of the card table C (one row per card)
C_TYPES = 0  # race bits (RACES order)
C_STRENGTH = 1
C_NVS = 2  # how many "+N vs Race" bonuses
C_VS_RACE = 3  # two columns: the races (pile indices)
C_VS_AMT = 5  # two columns: the amounts
C_BERSERK = 7  # "+N if Horde has more cards"
C_MINE = 8  # two columns: the Mine's races (pile indices), -1 for none
C_EVENT = 10  # EVENT_CODES
C_SEARCH = 11  # 1 if Summon / Dragons Hoard may take it (events: table rule search_events)
C_COLS = 12

# rows of a game's state S (each MAXC long):
#   0-5    the piles' cards, in pile index order; 6-11 (S_CF + p) each card's force
#          outside battle
#   S_META [p] pile p's size, [S_PF + p] its force, [S_UI] the next uniform number's
#          index, [S_POS] the next deck position, [S_DECK] the cards left in the deck
#   S_IN_DECK, S_DISCARD: by card, 1 if it is in the deck / in the discard pile
S_CF = 6
S_META = 12
S_PF, S_UI, S_POS, S_DECK = 6, 12, 13, 14
S_IN_DECK, S_DISCARD = 13, 14
S_ROWS = 15

# rows of the integer work space W (each MAXC + 1 long) and of the float one WF
W_ORDER, W_IN, W_ADDED, W_BEST_IN, W_STATE, W_SUFMIN = range(6)  # the discard search
W_FPOS, W_HPOS, W_APOS, W_TMP, W_BEST, W_BATTLE, W_SMALL = range(6, 13)
W_PLANS = 13  # rows 13, 14, 15: the lookahead's plan for each hero pile
W_RACES = 16  # the Mines' races this turn
W_ROWS = 17
WF_KEY = 0


@dataclass(frozen=True)
class FastTables:
    """The card list as arrays (index = rank of the card id): ``(C, PAIR)``."""

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
    C = np.zeros((n, C_COLS), np.int64)
    C[:, C_MINE : C_MINE + 2] = -1
    types = [sum(race_bit[r] for r in c.types if r in race_bit) for c in cards]
    for i, c in enumerate(cards):
        if len(c.vs) > 2 or len(c.mine) > 2:
            raise ValueError(f"{c.name}: too many modifiers for the fast simulator")
        C[i, C_TYPES] = types[i]
        C[i, C_STRENGTH] = c.strength
        C[i, C_NVS] = len(c.vs)
        for j, (r, a) in enumerate(c.vs):
            C[i, C_VS_RACE + j], C[i, C_VS_AMT + j] = RACES.index(r), a
        C[i, C_BERSERK] = c.berserk
        for j, r in enumerate(sorted(c.mine)):  # the engine's order: sorted race letters
            C[i, C_MINE + j] = RACES.index(r)
        C[i, C_EVENT] = EVENT_CODES[c.event]
        C[i, C_SEARCH] = not c.is_event or config.search_events == "events-too"
    # PAIR[s, c]: what card s adds to card c's force outside battle when both are in a
    # pile: s's bonuses that reach c (s == c included: "the King included", unless the
    # table rule lords_self says otherwise), and +1 for each Troops/Bows/Fast keyword the
    # two share (s != c: "+1 per other card").
    # keyword bits; the synergy keywords are the first three (bits 1, 2, 4)
    keyword_bit = {k: 1 << i for i, k in enumerate(KEYWORDS)}
    assert KEYWORDS[:3] == SYNERGY
    kw = [sum(keyword_bit[k] for k in c.keywords) for c in cards]
    PAIR = np.zeros((n, n), np.int64)
    for i, s in enumerate(cards):
        for j in range(n):
            v = 0
            for b in s.bonuses:
                if i == j and not b.self_too:
                    continue
                if b.races and not sum(race_bit[r] for r in b.races) & types[j]:
                    continue
                if b.keyword and not keyword_bit[b.keyword] & kw[j]:
                    continue
                v += b.amount
            if i != j:
                v += bin(kw[i] & kw[j] & 7).count("1")
            PAIR[i, j] = v
    return FastTables(tuple(c.id for c in cards), (C, PAIR))


# --- forces ----------------------------------------------------------------------------
# A pile's force outside battle is F = sum of strengths + sum over ordered pairs (s, c)
# of PAIR[s, c] (s == c included). Each card's share (``S_CF`` rows) and the pile's
# total (``S_PF``) move in O(n) when a card joins or leaves.


@njit(cache=True)
def pile_force(cards, n, C, PAIR):
    """A pile's force outside battle, from scratch."""
    total = 0
    for i in range(n):
        c = cards[i]
        total += C[c, C_STRENGTH]
        for j in range(n):
            total += PAIR[cards[j], c]
    return total


@njit(cache=True, inline="always")
def _gain(S, p, x, C, PAIR):
    """Pile p's force with card x added, minus without it."""
    g = C[x, C_STRENGTH] + PAIR[x, x]
    for i in range(S[S_META, p]):
        c = S[p, i]
        g += PAIR[c, x] + PAIR[x, c]
    return g


@njit(cache=True, inline="always")
def _add(S, p, x, C, PAIR):
    """Card x joins pile p."""
    n = S[S_META, p]
    own = C[x, C_STRENGTH] + PAIR[x, x]
    g = own
    for i in range(n):
        c = S[p, i]
        a = PAIR[x, c]
        b = PAIR[c, x]
        S[S_CF + p, i] += a
        own += b
        g += a + b
    S[p, n] = x
    S[S_CF + p, n] = own
    S[S_META, p] = n + 1
    S[S_META, S_PF + p] += g


@njit(cache=True, inline="always")
def _remove(S, p, j, PAIR):
    """The card at position j leaves pile p (the others keep their order)."""
    n = S[S_META, p]
    x = S[p, j]
    g = S[S_CF + p, j]
    for i in range(n):
        if i != j:
            a = PAIR[x, S[p, i]]
            S[S_CF + p, i] -= a
            g += a
    for i in range(j, n - 1):
        S[p, i] = S[p, i + 1]
        S[S_CF + p, i] = S[S_CF + p, i + 1]
    S[S_META, p] = n - 1
    S[S_META, S_PF + p] -= g


@njit(cache=True, inline="always")
def _clear(S, p):
    """Pile p is discarded whole."""
    for i in range(S[S_META, p]):
        S[S_DISCARD, S[p, i]] = 1
    S[S_META, p] = 0
    S[S_META, S_PF + p] = 0


@njit(cache=True, inline="always")
def _battle(S, p, opp, C, out):
    """Each card's battle force in pile p against pile ``opp`` (into ``out``); the total."""
    n = S[S_META, p]
    bigger = S[S_META, opp] > n
    total = 0
    for i in range(n):
        c = S[p, i]
        f = S[S_CF + p, i]
        for q in range(C[c, C_NVS]):
            if C[c, C_VS_RACE + q] == opp:
                f += C[c, C_VS_AMT + q]
        if bigger:
            f += C[c, C_BERSERK]
        out[i] = f
        total += f
    return total


# --- the exact best discard ----------------------------------------------------------------


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
def _best_discard(cards, force, n, need, C, PAIR, best, W, WF, B, floor=NO_FLOOR):
    """Exact best discard (the same answer as rules.best_discard).

    Returns (its size, the force the pile keeps outside battle); the cards in ``best``.
    (-1, 0) when the pile cannot cover ``need``. With a ``floor``, only a discard keeping
    at least that much is looked for: if there is none, the force returned is below
    the floor and the discard is not the best one.

    Searched from the kept side, depth-first over the cards in a fixed order (include
    first): keep a set K whose battle force stays within ``total - need`` and whose
    force F(K) is largest (then fewest discards, then the smallest discarded ids: a
    total order, so the search order cannot change the answer; the best set under it
    is a minimal discard).

    Bound: F(K + S) - F(K) = sum over q in S of h_q(S), where h_q = a_q + (pairs with
    K) + half of (pairs with the rest of S); pair terms are >= 0, so with U the cards
    not yet decided, h_q <= a_q + (pairs with K) + half of (pairs with U). Those
    values in a knapsack of capacity ``total - need - force(K)`` bound the branch
    (exactly F(pile) at the root when everything fits), and so does any Lagrangian
    bound of its relaxation. They are kept as 2h in integers, updated in O(n) as each
    card is decided.
    """
    total = 0
    for i in range(n):
        total += force[i]
    if total < need:
        return -1, 0
    if need <= 0:
        return 0, pile_force(cards, n, C, PAIR)
    cap = total - need
    for q in range(n):  # 2h at the root, by pile index (W_ADDED is free until the search)
        x = cards[q]
        v = 2 * (C[x, C_STRENGTH] + PAIR[x, x])
        for r in range(n):
            if r != q:
                v += PAIR[cards[r], x] + PAIR[x, cards[r]]
        W[W_ADDED, q] = v
    # search order: h per point of battle force, best first (free cards first); a
    # stable insertion sort (ties keep the pile order)
    for q in range(n):
        WF[WF_KEY, q] = -W[W_ADDED, q] / force[q] if force[q] > 0 else -1e18 - W[W_ADDED, q]
        r = q
        while r > 0 and WF[WF_KEY, W[W_ORDER, r - 1]] > WF[WF_KEY, q]:
            W[W_ORDER, r] = W[W_ORDER, r - 1]
            r -= 1
        W[W_ORDER, r] = q
    for t in range(n):  # the same by position in the order, and the pair table B
        q = W[W_ORDER, t]
        x = cards[q]
        W[W_FPOS, t] = force[q]
        W[W_APOS, t] = C[x, C_STRENGTH] + PAIR[x, x]
        W[W_HPOS, t] = W[W_ADDED, q]
        for u in range(n):
            if u != t:
                y = cards[W[W_ORDER, u]]
                B[t, u] = PAIR[x, y] + PAIR[y, x]
    W[W_SUFMIN, n] = 1 << 60
    for t in range(n - 1, -1, -1):
        W[W_SUFMIN, t] = min(W[W_FPOS, t], W[W_SUFMIN, t + 1])
    for t in range(n):
        W[W_IN, t] = 0
        W[W_BEST_IN, t] = 0
    fk = 0  # F(K)
    best_kept = floor - 1 if floor > NO_FLOOR else NO_FLOOR
    best_len = n + 1
    W[W_STATE, 0] = 0
    sp = 0
    used = 0
    while sp >= 0:
        t = sp  # depth == position in the order
        if W[W_STATE, sp] == 0:
            if t == n or used + W[W_SUFMIN, t] > cap:  # a leaf: nothing more fits
                kn = 0
                for q in range(t):
                    kn += W[W_IN, q]
                dlen = n - kn
                better = fk > best_kept or (fk == best_kept and dlen < best_len)
                if not better and fk == best_kept and dlen == best_len:
                    # equal sizes: the smaller sorted list of ids is the one holding the
                    # smallest id of the two sets' difference
                    first = -1
                    for q in range(n):
                        now_out = not (q < t and W[W_IN, q])
                        if now_out != (not W[W_BEST_IN, q]):
                            x = cards[W[W_ORDER, q]]
                            if first < 0 or x < first:
                                first = x
                                better = now_out
                if better:
                    best_kept, best_len = fk, dlen
                    for q in range(n):
                        W[W_BEST_IN, q] = W[W_IN, q] if q < t else 0
                sp -= 1
                continue
            if best_kept > NO_FLOOR:
                # Lagrangian bound, valid for any lam >= 0: lam * room + the sum of
                # max(0, 2h - lam * force) over the undecided cards. Two lams are tried:
                # the ratio of the first card that no longer fits when filling in the
                # search order, and of the last one that did (no sorting at a node).
                room = cap - used
                lam = 0.0
                lam2 = -1.0
                r_ = room
                for u in range(t, n):
                    if W[W_FPOS, u] <= r_:
                        r_ -= W[W_FPOS, u]
                        if W[W_FPOS, u] > 0:
                            lam2 = W[W_HPOS, u] / W[W_FPOS, u]
                    else:
                        lam = W[W_HPOS, u] / W[W_FPOS, u]
                        break
                ub2 = 2.0 * fk + lam * room
                for u in range(t, n):
                    e = W[W_HPOS, u] - lam * W[W_FPOS, u]
                    if e > 0:
                        ub2 += e
                if lam2 >= 0 and ub2 >= 2.0 * best_kept - 1e-9:
                    ub3 = 2.0 * fk + lam2 * room
                    for u in range(t, n):
                        e = W[W_HPOS, u] - lam2 * W[W_FPOS, u]
                        if e > 0:
                            ub3 += e
                    if ub3 < ub2:
                        ub2 = ub3
                if ub2 < 2.0 * best_kept - 1e-9:
                    sp -= 1
                    continue
            W[W_STATE, sp] = 1
            if used + W[W_FPOS, t] <= cap:  # keep the card at position t
                d = W[W_APOS, t]
                for r in range(t):
                    if W[W_IN, r]:
                        d += B[t, r]
                W[W_ADDED, t] = d
                fk += d
                W[W_IN, t] = 1
                used += W[W_FPOS, t]
                for u in range(t + 1, n):
                    W[W_HPOS, u] += B[t, u]
                sp += 1
                W[W_STATE, sp] = 0
            continue
        if W[W_STATE, sp] == 1:  # discard it instead
            if W[W_IN, t]:
                W[W_IN, t] = 0
                used -= W[W_FPOS, t]
                fk -= W[W_ADDED, t]
                for u in range(t + 1, n):
                    W[W_HPOS, u] -= 2 * B[t, u]
            else:
                for u in range(t + 1, n):
                    W[W_HPOS, u] -= B[t, u]
            W[W_STATE, sp] = 2
            sp += 1
            W[W_STATE, sp] = 0
            continue
        for u in range(t + 1, n):  # back up
            W[W_HPOS, u] += B[t, u]
        sp -= 1
    for t in range(n):  # the best set by pile index
        W[W_IN, W[W_ORDER, t]] = W[W_BEST_IN, t]
    return _emit(cards, force, n, W[W_IN], best), best_kept


def best_discard_fast(
    cards, force, need: int, config: HHConfig | None = None, floor: int = NO_FLOOR
) -> tuple[list[int], int] | None:
    """The exact best discard of a pile (card indices) with these battle forces.

    Returns (discarded card indices in the reference's order, the force kept), or
    None when the pile cannot cover ``need``; ``floor`` as in ``_best_discard``.
    For tests and tools: the simulator calls the compiled search directly.
    """
    C, PAIR = tables(config).arrays
    _, W, WF, B = workspace()
    best = np.zeros(MAXC, np.int64)
    cards = np.asarray(cards, np.int64)
    k, kept = _best_discard(
        cards, np.asarray(force, np.int64), len(cards), need, C, PAIR, best, W, WF, B, floor
    )
    return None if k < 0 else (best[:k].tolist(), int(kept))


# --- the game ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _u(S, us):
    """The next uniform number of the tape (an empty tape: numba's generator, drawn lazily)."""
    i = S[S_META, S_UI]
    S[S_META, S_UI] = i + 1
    if us.shape[0] == 0:
        return np.random.random()
    return us[i]


@njit(cache=True)
def _choose_pile(S, c, policy, us, C, PAIR):
    """A split card's pile, chosen as the engine's policy chooses ``place:<pile>``."""
    # the legal actions in id order (pile names sorted)
    srt = np.empty(6, np.int64)
    nopt = 0
    for p in (5, 2, 1, 3, 0, 4):  # dragons dwarves elves goblins men undead
        if C[c, C_TYPES] & (1 << p):
            srt[nopt] = p
            nopt += 1
    if policy == 0:
        return srt[int(_u(S, us) * nopt)]
    is_hero = (C[c, C_TYPES] & 7) != 0
    best = srt[0]
    bs = 0
    for i in range(nopt):
        p = srt[i]
        if policy == 1:  # greedy: max (pile force, id)
            s = S[S_META, S_PF + p]
        elif is_hero:  # lookahead: max (force gained, id)
            s = _gain(S, p, c, C, PAIR)
        else:  # lookahead, a horde card: min (pile size, id)
            if i == 0 or S[S_META, p] < bs:
                best, bs = p, S[S_META, p]
            continue
        if i == 0 or s >= bs:
            best, bs = p, s
    return best


@njit(cache=True, inline="always")
def _enter_play(S, c, forced, policy, us, C, PAIR):
    """Card c comes into play: into pile ``forced``, its only pile, or the policy's choice."""
    if forced < 0:
        t = C[c, C_TYPES] & 63
        if t != 0 and t & (t - 1) == 0:  # one pile only (most cards): no choice to make
            forced = 0
            while not (t >> forced) & 1:
                forced += 1
        else:
            forced = _choose_pile(S, c, policy, us, C, PAIR)
    _add(S, forced, c, C, PAIR)


@njit(cache=True)
def _defend_score(S, h, d, C, PAIR, W, WF, B, i, floor):
    """Lookahead's score of defending with pile d against horde pile h: (win, value, k).

    On a win the value is the force the pile keeps after the exact best discard, whose
    k cards go to plan row i; on a loss, minus its force. A win keeping less than
    ``floor`` may be valued anywhere below it (see ``_best_discard``).
    """
    tmp = W[W_TMP]
    hf = _battle(S, h, d, C, tmp)
    df = _battle(S, d, h, C, tmp)
    if df >= hf:
        plan = W[W_PLANS + i]
        k, kept = _best_discard(S[d], tmp, S[S_META, d], hf, C, PAIR, plan, W, WF, B, floor)
        return 1, kept, max(k, 0)
    return 0, -S[S_META, S_PF + d], 0


@njit(cache=True)
def _choose_defender(S, h, heroes, nh, C, PAIR, W, WF, B):
    """Lookahead's defender: the best (win, kept force), ties to the later pile in action-id order.

    Returns the index into ``heroes``; its plan is in W's plan row of that index, its
    length in ``W[W_SMALL, 3 + index]``. Piles are scored strongest first: a pile whose
    whole force is below the best kept force found so far cannot be chosen (what it
    keeps is at most its force), so its exact discard is skipped; the others' discard
    searches only look for discards keeping at least that much.
    """
    small = W[W_SMALL]  # 0-2 rank, 3-5 plan length, 6-8 win (-1 unscored), 9-11 value
    for i in range(nh):  # hero piles by force, strongest first (stable)
        r = i
        while r > 0 and S[S_META, S_PF + heroes[small[r - 1]]] < S[S_META, S_PF + heroes[i]]:
            small[r] = small[r - 1]
            r -= 1
        small[r] = i
        small[3 + i] = 0
        small[6 + i] = -1
    have_win = False
    top = 0
    for r in range(nh):
        i = small[r]
        if have_win and S[S_META, S_PF + heroes[i]] < top:
            continue
        w, v, k = _defend_score(
            S, h, heroes[i], C, PAIR, W, WF, B, i, top if have_win else NO_FLOOR
        )
        small[3 + i], small[6 + i], small[9 + i] = k, w, v
        if w == 1:
            if not have_win or v > top:
                top = v
            have_win = True
    di = -1
    bw = bv = 0
    for i in range(nh):
        w, v = small[6 + i], small[9 + i]
        if w < 0:
            continue
        if di < 0 or w > bw or (w == bw and v >= bv):
            di, bw, bv = i, w, v
    return di


@njit(cache=True)
def _attack(S, h, policy, us, C, PAIR, W, WF, B):
    """One attack of horde pile h; returns the Devastation Tokens it costs."""
    base = policy & 3
    dr = ((policy >> 2) & 7) - 1
    xr = ((policy >> 5) & 7) - 1
    if dr < 0:
        dr = base
    if xr < 0:
        xr = base
    cost = 0
    heroes = np.empty(3, np.int64)
    nh = 0
    for p in (2, 1, 0):  # legal defend actions sorted by name: dwarves, elves, men
        if S[S_META, p] > 0:
            heroes[nh] = p
            nh += 1
    if nh == 0:
        cost = 2
    else:
        di = 0
        if dr == 0:
            d = heroes[int(_u(S, us) * nh)]
        elif dr == 1:
            d = -1
            bs = 0
            for i in range(nh):
                s = S[S_META, S_PF + heroes[i]]
                if d < 0 or s >= bs:
                    d, bs = heroes[i], s
        elif dr == 3:  # the weakest pile that wins, else the weakest (ties to the later)
            d = -1
            bw = bs = 0
            tmp = W[W_TMP]
            for i in range(nh):
                p = heroes[i]
                w = 1 if _battle(S, p, h, C, tmp) >= _battle(S, h, p, C, tmp) else 0
                s = -S[S_META, S_PF + p]
                if d < 0 or w > bw or (w == bw and s >= bs):
                    d, bw, bs = p, w, s
        else:
            di = _choose_defender(S, h, heroes, nh, C, PAIR, W, WF, B)
            d = heroes[di]
        battle = W[W_BATTLE]
        hforce = _battle(S, h, d, C, battle)
        dforce = _battle(S, d, h, C, battle)
        if dforce >= hforce:
            need = hforce
            cf_ = 0
            step = 0
            while need > 0 and S[S_META, d] > 0:
                n = S[S_META, d]
                if xr == 0:
                    # legal discard actions sorted by card id
                    j = int(_u(S, us) * n)
                    c = np.sort(S[d, :n])[j]
                elif xr == 3:  # the weakest card first (force, then id)
                    c = -1
                    for i in range(n):
                        x, f = S[d, i], battle[i]
                        if c < 0 or f < cf_ or (f == cf_ and x < c):
                            c, cf_ = x, f
                elif xr == 1:
                    # greedy: the weakest card covering what is left, else the strongest
                    c = -1
                    for i in range(n):
                        x, f = S[d, i], battle[i]
                        if f >= need and (c < 0 or f < cf_ or (f == cf_ and x < c)):
                            c, cf_ = x, f
                    if c < 0:
                        for i in range(n):
                            x, f = S[d, i], battle[i]
                            if c < 0 or f > cf_ or (f == cf_ and x < c):
                                c, cf_ = x, f
                else:
                    # the exact best discard, in its order (force desc, id): recomputing it
                    # after each card gives the rest of the same plan (see tests), so the
                    # plan made when choosing the defender is used card by card
                    if dr == 2 and step < W[W_SMALL, 3 + di]:
                        c = W[W_PLANS + di, step]
                        step += 1
                    else:  # never expected; recompute rather than read past the plan
                        best = W[W_BEST]
                        # (floor given: a call without it is a second build, 2 s of compile)
                        k, _ = _best_discard(
                            S[d], battle, n, need, C, PAIR, best, W, WF, B, NO_FLOOR
                        )
                        c = best[0] if k > 0 else np.sort(S[d, :n])[0]
                pos = 0
                for i in range(n):
                    if S[d, i] == c:
                        pos = i
                need -= battle[pos]
                for i in range(pos, n - 1):
                    battle[i] = battle[i + 1]
                _remove(S, d, pos, PAIR)
                S[S_DISCARD, c] = 1
        else:
            _clear(S, d)
            cost = 1
    _clear(S, h)
    return cost


@njit(cache=True, inline="always")
def _take(S, order):
    """The next card of the deck order still in the deck."""
    pos = S[S_META, S_POS]
    while not S[S_IN_DECK, order[pos]]:
        pos += 1
    c = order[pos]
    S[S_META, S_POS] = pos
    S[S_IN_DECK, c] = 0
    S[S_META, S_DECK] -= 1
    return c


@njit(cache=True)
def _slay(S, policy, us, C, PAIR, W):
    """Slayer: discard a horde card.

    random: any; greedy: the strongest; lookahead: from the biggest pile, then the
    strongest. Ties to the later id.
    """
    cand = W[W_TMP]
    nc = 0
    for p in range(3, 6):
        for i in range(S[S_META, p]):
            cand[nc] = S[p, i]
            nc += 1
    if nc == 0:
        return
    srt = np.sort(cand[:nc])
    if policy == 0:
        t = srt[int(_u(S, us) * nc)]
    else:
        t = -1
        b0 = 0
        b1 = 0
        for i in range(nc):
            x = srt[i]
            hp = 3
            for p in range(3, 6):
                for j in range(S[S_META, p]):
                    if S[p, j] == x:
                        hp = p
            s0 = S[S_META, hp] if policy == 2 else C[x, C_STRENGTH]
            s1 = C[x, C_STRENGTH] if policy == 2 else 0
            if t < 0 or s0 > b0 or (s0 == b0 and s1 >= b1):
                t, b0, b1 = x, s0, s1
    for p in range(3, 6):
        for j in range(S[S_META, p]):
            if S[p, j] == t:
                _remove(S, p, j, PAIR)
                break
    S[S_DISCARD, t] = 1


@njit(cache=True, inline="always")
def _searchable(S, row, x, C):
    """Card x is in the searched pile and may be taken (an event only from the deck, and
    only under the table rule search_events)."""
    if not S[row, x]:
        return False
    return C[x, C_SEARCH] == 1 if row == S_IN_DECK else C[x, C_EVENT] == 0


@njit(cache=True)
def _search(S, k, n, policy, us, C, PAIR):
    """Summon (k 3: from the deck) or Resurrection (k 4: from the discard): a card into play.

    random: any; greedy: the strongest; lookahead: the hero that adds most force to a
    pile (a horde or event card scores -1). Ties to the later id. Returns the card taken
    (an event card is not put into a pile: it takes effect next), or -1.
    """
    t = -1
    nc = 0
    bs = 0
    row = S_IN_DECK if k == 3 else S_DISCARD
    for x in range(n):  # ids in order = sorted
        if _searchable(S, row, x, C):
            nc += 1
    if nc == 0:
        return -1
    if policy == 0:
        j = int(_u(S, us) * nc)
        for x in range(n):
            if _searchable(S, row, x, C):
                if j == 0:
                    t = x
                    break
                j -= 1
    else:
        for x in range(n):
            if not _searchable(S, row, x, C):
                continue
            if policy == 1:
                s = C[x, C_STRENGTH]
            elif (C[x, C_TYPES] & 7) == 0:
                s = -1
            else:
                s = -(10**9)
                for p in range(3):
                    if C[x, C_TYPES] & (1 << p):
                        s = max(s, _gain(S, p, x, C, PAIR))
            if t < 0 or s >= bs:
                t, bs = x, s
    S[row, t] = 0
    if k == 3:
        S[S_META, S_DECK] -= 1
    if C[t, C_EVENT] == 0:
        _enter_play(S, t, -1, policy, us, C, PAIR)
    return t


@njit(cache=True)
def _first_attacker(S, policy, us, C, PAIR, W, WF, B):
    """The horde pile that attacks next in the Battle Phase (-1: none is ready).

    With several ready (ruling: the player chooses), the engine's legal actions
    ``attack:<pile>`` in id order: random takes one; greedy the strongest pile; lookahead
    the pile whose best defence scores highest (``_choose_defender``); ties to the later.
    """
    ready = np.empty(3, np.int64)
    nr = 0
    for p in (5, 3, 4):  # attack actions sorted by name: dragons goblins undead
        if S[S_META, p] >= 5:
            ready[nr] = p
            nr += 1
    if nr <= 1:
        return ready[0] if nr == 1 else -1
    if policy == 0:
        return ready[int(_u(S, us) * nr)]
    heroes = np.empty(3, np.int64)
    nh = 0
    for p in (2, 1, 0):  # as in _attack
        if S[S_META, p] > 0:
            heroes[nh] = p
            nh += 1
    best = -1
    b0 = b1 = 0
    for i in range(nr):
        h = ready[i]
        if policy == 1:
            s0, s1 = S[S_META, S_PF + h], 0
        elif nh == 0:
            s0, s1 = -1, 0
        else:
            di = _choose_defender(S, h, heroes, nh, C, PAIR, W, WF, B)
            s0, s1 = W[W_SMALL, 6 + di], W[W_SMALL, 9 + di]
        if best < 0 or s0 > b0 or (s0 == b0 and s1 >= b1):
            best, b0, b1 = h, s0, s1
    return best


@njit(cache=True)
def _reset(S, n):
    """A new game: every card in the deck, the piles and the discard empty."""
    for j in range(S.shape[1]):
        S[S_META, j] = 0
    for x in range(n):
        S[S_IN_DECK, x] = 1
        S[S_DISCARD, x] = 0
    S[S_META, S_DECK] = n


@njit(cache=True)
def _play(order, us, policy, loss_at, sudden, C, PAIR, S, W, WF, B, tokens, turn):
    """The game in S, from the Fate draw of ``turn``, to its end.

    ``order``: the deck's cards top first (cards no longer in the deck are skipped).
    Returns (result 0 win / 1 tie / 2 loss, Devastation Tokens, turn).
    """
    n = C.shape[0]
    races = W[W_RACES]
    full = policy
    policy = full & 3  # every decision but defend and discard follows the base policy
    while True:
        if tokens >= sudden or S[S_META, S_DECK] == 0:
            break
        c = _take(S, order)
        ev = -1
        if C[c, C_EVENT] > 0:
            ev = c
        else:
            _enter_play(S, c, -1, policy, us, C, PAIR)
        # Battle Phase: every horde pile of 5+ cards; with several, the policy's order
        stop = False
        while True:
            h = _first_attacker(S, policy, us, C, PAIR, W, WF, B)
            if h < 0:
                break
            tokens += _attack(S, h, full, us, C, PAIR, W, WF, B)
            if tokens >= sudden:
                stop = True
                break
        if stop:
            break
        # Event Phase (an event a search took takes effect next, in the same phase)
        while ev >= 0:
            k = C[ev, C_EVENT]
            nxt = -1
            if k == 1:  # Raids: a random horde pile with cards attacks
                nl = 0
                for p in (5, 3, 4):  # raid outcomes sorted by name: dragons goblins undead
                    nl += S[S_META, p] > 0
                if nl > 0:
                    j = int(_u(S, us) * nl)
                    for p in (5, 3, 4):
                        if S[S_META, p] > 0:
                            if j == 0:
                                h = p
                                break
                            j -= 1
                    tokens += _attack(S, h, full, us, C, PAIR, W, WF, B)
                    if tokens >= sudden:
                        stop = True
            elif k == 2:
                _slay(S, policy, us, C, PAIR, W)
            else:
                t = _search(S, k, n, policy, us, C, PAIR)
                if t >= 0 and C[t, C_EVENT] != 0:
                    nxt = t
            S[S_DISCARD, ev] = 1
            ev = nxt
            if stop:
                break
        if stop:
            break
        # Mines: one extra draw per Mine in the hero piles, in pile order
        nr = 0
        for p in range(3):
            for i in range(S[S_META, p]):
                x = S[p, i]
                for q in range(2):
                    if C[x, C_MINE + q] >= 0:
                        races[nr] = C[x, C_MINE + q]
                        nr += 1
        for q in range(nr):
            if S[S_META, S_DECK] == 0:
                break
            c = _take(S, order)
            if C[c, C_TYPES] & (1 << races[q]):
                _enter_play(S, c, races[q], policy, us, C, PAIR)
            else:
                S[S_DISCARD, c] = 1
        turn += 1
    result = 0 if tokens <= 2 else (1 if tokens < loss_at else 2)
    return result, tokens, turn


def workspace() -> tuple[np.ndarray, ...]:
    """A game state and the work space (S, W, WF, B), for calls from Python."""
    S = np.zeros((S_ROWS, MAXC), np.int64)
    W = np.zeros((W_ROWS, MAXC + 1), np.int64)
    WF = np.zeros((1, MAXC + 1), np.float64)
    B = np.zeros((MAXC, MAXC), np.int64)
    return S, W, WF, B


_workspace = njit(cache=True)(workspace)  # the same, inside compiled code


@njit(cache=True)
def play_tape_fast(order, us, policy, loss_at, sudden, T):
    """One game from a tape (a deck order and uniform numbers; see ``tape.py``).

    Returns (result 0 win / 1 tie / 2 loss, Devastation Tokens, turn).
    """
    S, W, WF, B = _workspace()
    _reset(S, T[0].shape[0])
    return _play(order, us, policy, loss_at, sudden, T[0], T[1], S, W, WF, B, 0, 1)


def play_tape_from(start: tuple, order, us, policy: str, config: HHConfig | None = None):
    """One game from ``export``'s position on a tape: (result, tokens, turn).

    ``order``: the deck's cards top first (the Spy's known cards first, as the engine
    draws them).
    """
    config = config or HHConfig()
    C, PAIR = tables(config).arrays
    S0, _, _, sc = start
    S, W, WF, B = workspace()
    S[:, :] = S0
    r, t, turn = _play(
        np.asarray(order, np.int64),
        np.asarray(us, np.float64),
        policy_code(policy),
        config.loss_at,
        config.sudden_defeat,
        C,
        PAIR,
        S,
        W,
        WF,
        B,
        sc[0],
        sc[1],
    )
    return int(r), int(t), int(turn)


@njit(cache=True)
def _run(first, games, seed, policy, loss_at, sudden, C, PAIR, out, S0, known, unknown, sc):
    """Games from a new game (``S0`` empty) or from the Fate draw of ``export``'s position."""
    n = C.shape[0]
    S, W, WF, B = _workspace()
    fresh = S0.shape[0] == 0
    lazy = np.empty(0, np.float64)
    order = np.empty(known.shape[0] + unknown.shape[0], np.int64)
    order[: known.shape[0]] = known
    for k in range(games):
        g = first + k
        np.random.seed((seed * 1_000_003 + g) % (2**32))  # game g's own chance
        if fresh:
            _reset(S, n)
            order = np.random.permutation(n)
        else:
            S[:, :] = S0
            # the cards the Spy saw stay on top; the rest in a random order
            order[known.shape[0] :] = unknown[np.random.permutation(unknown.shape[0])]
        # then the uniform numbers, drawn as the game asks (the same numbers as drawing
        # them all at once, but the lookahead asks for few)
        r, t, turn = _play(order, lazy, policy, loss_at, sudden, C, PAIR, S, W, WF, B, sc[0], sc[1])
        out[k, 0], out[k, 1], out[k, 2] = r, t, turn


def export(state) -> tuple:
    """A reference position waiting for its Fate draw, as ``run_fast``'s ``start``."""
    if state.is_terminal or state.step != "draw":
        raise ValueError("the fast simulator starts from a Fate draw")
    tb = tables(state.config)
    C, PAIR = tb.arrays
    idx = {c: i for i, c in enumerate(tb.ids)}
    S, _, _, _ = workspace()
    _reset(S, len(tb.ids))
    for x in range(len(tb.ids)):
        S[S_IN_DECK, x] = 0
    for c in state.deck + state.known:
        S[S_IN_DECK, idx[c]] = 1
    for c in state.discard:
        S[S_DISCARD, idx[c]] = 1
    for p, pile in enumerate(state.piles):
        for c in pile:
            _add(S, p, idx[c], C, PAIR)
    S[S_META, S_DECK] = state.deck_size()
    known = np.array([idx[c] for c in state.known], np.int64)
    unknown = np.array(sorted(idx[c] for c in state.deck), np.int64)
    return S, known, unknown, np.array([state.tokens, state.turn], np.int64)


def run_fast(
    policy: str,
    games: int,
    seed: int = 0,
    config: HHConfig | None = None,
    first: int = 0,
    start: tuple | None = None,
) -> np.ndarray:
    """Games ``first .. first+games-1`` with numba's seeded chance: rows (result, tokens, turn).

    result: 0 win, 1 tie, 2 loss. Game g's chance depends only on (seed, g). ``start``:
    ``export(state)`` of a position to play from (default: new games).
    """
    config = config or HHConfig()
    C, PAIR = tables(config).arrays
    out = np.zeros((games, 3), np.int64)
    if start is None:
        empty = np.zeros(0, np.int64)
        start = (np.zeros((0, 0), np.int64), empty, empty, np.array([0, 1], np.int64))
    rules = (config.loss_at, config.sudden_defeat)
    _run(first, games, seed, policy_code(policy), *rules, C, PAIR, out, *start)
    return out


def policy_code(policy: str | int) -> int:
    """A shipped policy's code, or a family code (``bots.family_name``) passed through.

    >>> policy_code("greedy"), policy_code(family_code("greedy", "weakest-winner", "exact"))
    (1, 113)
    """
    if isinstance(policy, int):
        return policy
    if policy.startswith("family:"):
        _, base, defend, discard = policy.split(":")
        return family_code(base, defend, discard)
    return POLICY_CODES[policy]


def family_code(base: str, defend: str, discard: str) -> int:
    """The packed code of a base policy with its own defend and discard rules."""
    return POLICY_CODES[base] | (1 + DEFEND_CODES[defend]) << 2 | (1 + DISCARD_CODES[discard]) << 5


def warm_up() -> None:
    """Compile (or load from numba's cache) every policy's code path: one game each, and
    a game replayed from a tape (``play_tape_fast``, as the conformance tests do)."""
    for name in POLICY_CODES:
        run_fast(name, 1)
    from hordes_kit.heroes_hordes.tape import make_tape

    tb, tape = tables(), make_tape(0)
    order = np.array([tb.ids.index(c) for c in tape.order], np.int64)
    play_tape_fast(order, np.array(tape.numbers), POLICY_CODES["greedy"], 4, 5, tb.arrays)
