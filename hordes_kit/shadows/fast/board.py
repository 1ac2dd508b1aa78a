"""The position array's small parts (numba): where a seat, a Field, a pile and a task lie in
``S`` (``codes.py``), chance numbers, and the pure queries of ``state.Position`` (a Hero's
stats, whether it may use a card, its Shield Points, Invincible entities, the Leader's
order). Nothing here changes the game but the small helpers that add and take cards.
"""

from __future__ import annotations

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K

__all__ = ["rows", "vec", "pb", "zb", "cb", "db", "tb_at", "u_next", "pick"]


# --- the tables -------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def rows(tb, k):
    """Matrix ``k`` of the tables (``codes.TB_SK`` .. ``TB_EF``): a view, nothing copied."""
    T2, T1 = tb
    return T2[T1[2 * k] : T1[2 * k + 1]]


@njit(cache=True, _nrt=False, inline="always")
def vec(tb, k):
    """Vector ``k`` of the tables (``codes.TB_LI`` .. ``TB_IZ``): a view, nothing copied."""
    T1 = tb[1]
    return T1[T1[2 * k] : T1[2 * k + 1]]


# --- where things are ----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def pb(seat):
    """A seat's numbers begin here."""
    return K.P0 + seat * K.PF


@njit(cache=True, _nrt=False)
def zb(seat, zone):
    """A seat's Field begins here (MAXZ cards of PLF numbers)."""
    return K.Z0 + (seat * 4 + zone) * K.MAXZ * K.PLF


@njit(cache=True, _nrt=False)
def cb(seat, kind):
    """A seat's pile of Skill cards (counts per card) begins here."""
    return K.C0 + (seat * K.NCS + kind) * K.MAXSK


@njit(cache=True, _nrt=False)
def db(kind):
    """A deck (counts per card) begins here."""
    return K.D0 + kind * K.MAXW


@njit(cache=True, _nrt=False)
def tb_at(i):
    """Task ``i`` of the stack (0 = the bottom) begins here."""
    return K.T0 + i * K.TF


# --- chance -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def u_next(S, us):
    """The next uniform number: the tape's, or numba's own generator (Monte Carlo runs)."""
    if S[K.G_REFILL]:
        return np.random.random()
    i = S[K.G_UI]
    if i >= us.shape[0]:
        S[K.G_TAPE_OUT] = 1
        return 0.0
    S[K.G_UI] = i + 1
    return us[i]


@njit(cache=True, _nrt=False)
def pick(S, base, n, u):
    """The outcome ``u`` selects among ``n`` counts from ``S[base]`` (the engine's sorted
    outcomes, ``k = int(u * total)`` walked in order); -1 when they are all 0."""
    total = 0
    for i in range(n):
        total += S[base + i]
    if total == 0:
        return -1
    k = int(u * total)
    for i in range(n):
        k -= S[base + i]
        if k < 0:
            return i
    return -1


@njit(cache=True, _nrt=False)
def total(S, base, n):
    t = 0
    for i in range(n):
        t += S[base + i]
    return t


# --- the Fields -------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def zlen(S, seat, zone):
    return S[pb(seat) + K.P_NZ0 + zone]


@njit(cache=True, _nrt=False)
def zat(seat, zone, slot):
    """Where the card in ``slot`` of a Field lies."""
    return zb(seat, zone) + slot * K.PLF


@njit(cache=True, _nrt=False)
def zadd(S, seat, zone, card):
    """A card placed at the end of a Field (all its marks 0); its slot."""
    n = S[pb(seat) + K.P_NZ0 + zone]
    if n >= K.MAXZ:
        S[K.G_STATUS] = K.OVERFLOW
        return n - 1
    a = zat(seat, zone, n)
    for f in range(K.PLF):
        S[a + f] = 0
    S[a + K.PL_CARD] = card
    S[pb(seat) + K.P_NZ0 + zone] = n + 1
    return n


@njit(cache=True, _nrt=False)
def zdel(S, seat, zone, slot):
    """The card in ``slot`` taken off its Field (the ones after it move up)."""
    n = S[pb(seat) + K.P_NZ0 + zone]
    for j in range(slot, n - 1):
        a = zat(seat, zone, j)
        for f in range(K.PLF):
            S[a + f] = S[a + K.PLF + f]
    S[pb(seat) + K.P_NZ0 + zone] = n - 1


@njit(cache=True, _nrt=False)
def zfind(S, seat, zone, card):
    """The first slot of a Field holding ``card``, or -1."""
    for j in range(zlen(S, seat, zone)):
        if S[zat(seat, zone, j) + K.PL_CARD] == card:
            return j
    return -1


# --- tasks ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def push(S, kind, seat, card, target, amount, index, source):
    """A task on top of the stack (its notes empty); where it lies."""
    n = S[K.G_NT]
    if n >= K.MAXT:
        S[K.G_STATUS] = K.OVERFLOW
        n = K.MAXT - 1
    a = tb_at(n)
    for f in range(K.TF):
        S[a + f] = 0
    S[a + K.TK_KIND] = kind
    S[a + K.TK_SEAT] = seat
    S[a + K.TK_CARD] = card
    S[a + K.TK_TARGET] = target
    S[a + K.TK_AMOUNT] = amount
    S[a + K.TK_INDEX] = index
    S[a + K.TK_SOURCE] = source
    S[a + K.TK_PRED] = -1  # none
    S[a + K.TK_BY] = -2  # none
    S[K.G_NT] = n + 1
    return a


@njit(cache=True, _nrt=False)
def copy_task(S, src, dst):
    for f in range(K.TF):
        S[dst + f] = S[src + f]


@njit(cache=True, _nrt=False)
def pop(S):
    S[K.G_NT] -= 1


@njit(cache=True, _nrt=False)
def top(S):
    """Where the task on top lies, or -1."""
    n = S[K.G_NT]
    return tb_at(n - 1) if n > 0 else -1


# --- targets in words of the engine --------------------------------------------------------
@njit(cache=True, _nrt=False)
def hero_t(seat):
    return K.T_HERO + seat


@njit(cache=True, _nrt=False)
def ent_t(seat, card):
    return K.ENT + seat * K.ENT_SPAN + card


@njit(cache=True, _nrt=False)
def t_seat(t):
    """The seat a Hero or entity target belongs to, or -1 (the Monster, its Creature)."""
    if K.T_HERO <= t < K.ENT:
        return t - K.T_HERO
    if t >= K.ENT:
        return (t - K.ENT) // K.ENT_SPAN
    return -1


@njit(cache=True, _nrt=False)
def t_card(t):
    """The card of an entity target, or -1."""
    return (t - K.ENT) % K.ENT_SPAN if t >= K.ENT else -1


# --- the small queries of state.Position ---------------------------------------------
@njit(cache=True, _nrt=False)
def meets(SK, c, st0, st1, st2, st3):
    """The Hero's stats meet the card's Stat Requirements (``rules.meets``)."""
    if SK[c, K.SK_REQ0] >= 0 and st0 < SK[c, K.SK_REQ0]:
        return False
    if SK[c, K.SK_REQ0 + 1] >= 0 and st1 < SK[c, K.SK_REQ0 + 1]:
        return False
    if SK[c, K.SK_REQ0 + 2] >= 0 and st2 < SK[c, K.SK_REQ0 + 2]:
        return False
    if SK[c, K.SK_REQ0 + 3] >= 0 and st3 < SK[c, K.SK_REQ0 + 3]:
        return False
    if SK[c, K.SK_REQMAXH] >= 0 and st3 > SK[c, K.SK_REQMAXH]:
        return False
    return True


@njit(cache=True, _nrt=False)
def usable(S, tb, seat, c, st):
    """``usable_by``: the Hero has the card's Hero Symbol or meets its requirements."""
    SK = rows(tb, K.TB_SK)
    h = SK[c, K.SK_HERO]
    if h >= 0:
        return h == S[pb(seat) + K.P_HERO]
    return meets(SK, c, st[0], st[1], st[2], st[3])


@njit(cache=True, _nrt=False)
def base_stats(S, tb, seat):
    """The Hero's stats with its Items (before its Station cards' bonuses), a tuple of 4."""
    IT, HE = rows(tb, K.TB_IT), rows(tb, K.TB_HE)
    p = pb(seat)
    h = S[p + K.P_HERO]
    s0, s1, s2, s3 = S[p + K.P_B0], S[p + K.P_B1], S[p + K.P_B2], S[p + K.P_B3]
    if h >= 0:
        s0, s1, s2, s3 = s0 + HE[h, 0], s1 + HE[h, 1], s2 + HE[h, 2], s3 + HE[h, 3]
    for j in range(zlen(S, seat, K.Z_ITEMS)):
        it = S[zat(seat, K.Z_ITEMS, j) + K.PL_CARD]
        s0 += IT[it, K.IT_S0]
        s1 += IT[it, K.IT_S1]
        s2 += IT[it, K.IT_S2]
        s3 += IT[it, K.IT_S3]
    return (s0, s1, s2, s3)


@njit(cache=True, _nrt=False)
def stats_of(S, tb, seat):
    """``hero_stats``: with Items, then the ``stat`` bonuses of Station cards whose
    requirement the Hero meets (with its Items): a tuple of 4 (a tuple, not an array: the
    simulator allocates nothing, see ``__init__``)."""
    SK, EF, LI = rows(tb, K.TB_SK), rows(tb, K.TB_EF), vec(tb, K.TB_LI)
    h = S[pb(seat) + K.P_HERO]
    if h < 0:
        return (0, 0, 0, 0)
    b0, b1, b2, b3 = base_stats(S, tb, seat)
    s0, s1, s2, s3 = b0, b1, b2, b3
    for j in range(zlen(S, seat, K.Z_STATION)):
        a = zat(seat, K.Z_STATION, j)
        c = S[a + K.PL_CARD]
        if SK[c, K.SK_HERO] >= 0:
            if SK[c, K.SK_HERO] != h:
                continue
        elif not meets(SK, c, b0, b1, b2, b3):
            continue
        if S[a + K.PL_BACK] and SK[c, K.SK_HASBACK]:
            e0, en = SK[c, K.SK_BE], SK[c, K.SK_BEN]
        else:
            e0, en = SK[c, K.SK_FE], SK[c, K.SK_FEN]
        for i in range(en):
            e = LI[e0 + i]
            if EF[e, K.EF_VERB] == K.E_STAT:
                k, n = EF[e, K.EF_ARG], EF[e, K.EF_N]
                if k == 0:
                    s0 += n
                elif k == 1:
                    s1 += n
                elif k == 2:
                    s2 += n
                else:
                    s3 += n
    return (s0, s1, s2, s3)


@njit(cache=True, _nrt=False)
def side_shield(SK, c, back):
    if back and SK[c, K.SK_HASBACK]:
        return SK[c, K.SK_BSHIELD]
    return SK[c, K.SK_SHIELD]


@njit(cache=True, _nrt=False)
def shields(S, tb, seat):
    """Unbroken Shield Points the player may mark (``shield_sources`` summed)."""
    SK, IT, GL = rows(tb, K.TB_SK), rows(tb, K.TB_IT), vec(tb, K.TB_GL)
    out = 0
    for j in range(zlen(S, seat, K.Z_COMBAT)):
        a = zat(seat, K.Z_COMBAT, j)
        sh = SK[S[a + K.PL_CARD], K.SK_SHIELD] - S[a + K.PL_BROKEN]
        if sh > 0:
            out += sh
    if seat == S[K.G_LEADER] and GL[K.GL_LEADER_SHIELD] - S[K.G_LEADER_BROKEN] > 0:
        out += GL[K.GL_LEADER_SHIELD] - S[K.G_LEADER_BROKEN]
    n = zlen(S, seat, K.Z_STATION)
    if n:
        st = stats_of(S, tb, seat)
        for j in range(n):
            a = zat(seat, K.Z_STATION, j)
            c = S[a + K.PL_CARD]
            if not usable(S, tb, seat, c, st):
                continue
            sh = side_shield(SK, c, S[a + K.PL_BACK]) - S[a + K.PL_BROKEN]
            if sh > 0:
                out += sh
    for j in range(zlen(S, seat, K.Z_ITEMS)):
        a = zat(seat, K.Z_ITEMS, j)
        sh = IT[S[a + K.PL_CARD], K.IT_SHIELD] - S[a + K.PL_BROKEN]
        if sh > 0:
            out += sh
    return out


@njit(cache=True, _nrt=False)
def entity_slot(S, tb, seat, card):
    """``entity``: the first Station slot holding that Creature or Object, or -1."""
    SK = rows(tb, K.TB_SK)
    for j in range(zlen(S, seat, K.Z_STATION)):
        a = zat(seat, K.Z_STATION, j)
        if S[a + K.PL_CARD] == card and SK[card, K.SK_ENTITY]:
            return j
    return -1


@njit(cache=True, _nrt=False)
def invincible(S, tb, t):
    """``is_invincible``: a Hero made Invincible, or an Invincible entity its owner may use."""
    k = t_seat(t)
    if k < 0 or k >= S[K.G_N]:
        return False
    card = t_card(t)
    if card < 0:
        return S[pb(k) + K.P_INV] != 0
    SK = rows(tb, K.TB_SK)
    if entity_slot(S, tb, k, card) < 0:
        return False
    if not (SK[card, K.SK_TRAITS] & K.B_INVINCIBLE):
        return False
    return usable(S, tb, k, card, stats_of(S, tb, k))


@njit(cache=True, _nrt=False)
def flat_footed(S, tb, seat):
    """``flat_footed``: the slot of the seat's Flat-Footed/Dodge card on its Station, -1."""
    SK = rows(tb, K.TB_SK)
    for j in range(zlen(S, seat, K.Z_STATION)):
        c = S[zat(seat, K.Z_STATION, j) + K.PL_CARD]
        if SK[c, K.SK_A_FLIP] == K.FLIP_NORESP:
            return j
    return -1


@njit(cache=True, _nrt=False)
def order_at(S, k):
    """The k-th seat from the Leader, clockwise."""
    lead = S[K.G_LEADER]
    if lead < 0:
        lead = 0
    return (lead + k) % S[K.G_N]


@njit(cache=True, _nrt=False)
def damage_on(S, t):
    """The Damage tokens on a Hero target (0 for anything else)."""
    if K.T_HERO <= t < K.T_HERO + 3:
        return S[pb(t - K.T_HERO) + K.P_DAMAGE]
    return 0


@njit(cache=True, _nrt=False)
def target_ok(S, t):
    """A target still on the table: the Monster or its Creature in play, a seat's Hero."""
    if t == K.T_MONSTER:
        return S[K.G_MONSTER] >= 0
    if t == K.T_CREATURE:
        return S[K.G_CREATURE] >= 0
    return True


__all__ += [
    "total", "zlen", "zat", "zadd", "zdel", "zfind", "push", "copy_task", "pop", "top",
    "hero_t", "ent_t", "t_seat", "t_card", "meets", "usable", "base_stats",
    "stats_of", "side_shield", "shields", "entity_slot", "invincible", "flat_footed",
    "order_at", "damage_on", "target_ok",
]  # fmt: skip
