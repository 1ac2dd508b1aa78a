"""Items on a Hero and cards whose requirement changes (numba), as ``items.py`` and
``destroy.py``: equipping (one Restricted Item), Station cards discarded when their
requirement fails (table rule ``unmet = "discard"``; by default they stay, blank),
Initiative 0 cards placed once their requirement is met, and the Destroy Trait."""

from __future__ import annotations

from hordes_kit.core.fastjit import njit
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.board import (
    cb,
    ent_t,
    invincible,
    pb,
    push,
    rows,
    stats_of,
    usable,
    vec,
    zadd,
    zat,
    zdel,
    zlen,
)  # fmt: skip
from hordes_kit.shadows.fast.damage import detach

__all__ = ["restricted", "enforce_unmet", "equip", "place_ready", "destroy_targets", "destroy"]


@njit(cache=True, _nrt=False)
def restricted(S, tb, seat):
    """How many Restricted Items the seat holds."""
    IT = rows(tb, K.TB_IT)
    n = 0
    for j in range(zlen(S, seat, K.Z_ITEMS)):
        n += IT[S[zat(seat, K.Z_ITEMS, j) + K.PL_CARD], K.IT_RESTRICTED]
    return n


@njit(cache=True, _nrt=False)
def enforce_unmet(S, tb, seat):
    """With ``unmet = "discard"``: Station cards whose requirement fails leave the Station
    Field (a One Time card leaves the game); by default they stay, blank."""
    SK = rows(tb, K.TB_SK)
    if not S[K.G_UNMET]:
        return
    st = stats_of(S, tb, seat)
    j = 0
    while j < zlen(S, seat, K.Z_STATION):
        c = S[zat(seat, K.Z_STATION, j) + K.PL_CARD]
        if usable(S, tb, seat, c, st):
            j += 1
            continue
        zdel(S, seat, K.Z_STATION, j)
        if SK[c, K.SK_TRAITS] & K.B_ONE_TIME:
            S[cb(seat, K.CS_BOXED) + c] += 1
        else:
            S[cb(seat, K.CS_DECK) + c] += 1


@njit(cache=True, _nrt=False)
def equip(S, tb, seat, item):
    """An Item to the Inventory Field; a second Restricted Item means keeping one."""
    zadd(S, seat, K.Z_ITEMS, item)
    if restricted(S, tb, seat) > 1:
        push(S, K.K_KEEP, seat, -1, 0, 0, 0, 0)
        return
    enforce_unmet(S, tb, seat)


@njit(cache=True, _nrt=False)
def place_ready(S, tb, seat):
    """Initiative 0 cards in the Current Deck whose requirement the Hero meets go to the
    Station Field (one copy of each a time, in id order); how many."""
    IZ = vec(tb, K.TB_IZ)
    if S[pb(seat) + K.P_HERO] < 0:
        return 0
    deck = cb(seat, K.CS_DECK)
    first = -1  # the first Initiative 0 card in the deck: most moves have none to place
    for i in range(IZ.shape[0]):
        if S[deck + IZ[i]] > 0:
            first = i
            break
    if first < 0:
        return 0
    st = stats_of(S, tb, seat)  # the stats before any is placed (the engine's reading)
    placed = 0
    for i in range(first, IZ.shape[0]):
        c = IZ[i]
        if S[deck + c] > 0 and usable(S, tb, seat, c, st):
            S[deck + c] -= 1
            zadd(S, seat, K.Z_STATION, c)
            placed += 1
    return placed


# --- the Destroy Trait ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def destroy_targets(S, tb, seat, kind, dst):
    """What a destroy effect may remove (``destroy.destroy_targets``), in the engine's
    sorted order: a Market Item (kind -1 or DK_MARKET: the Item's number), an opponent's
    Item (DK_ITEM) or Station card (DK_CARD, not an Invincible entity), as seat * 4096 +
    card. Written from ``S[dst]`` when ``dst`` >= 0; how many there are."""
    SK, GL = rows(tb, K.TB_SK), vec(tb, K.TB_GL)
    count = 0
    if kind != K.DK_ITEM and kind != K.DK_CARD:
        ni = rows(tb, K.TB_IT).shape[0]
        for i in range(ni):
            for j in range(S[K.G_NMARKET]):
                if S[K.MK0 + j] == i:
                    if dst >= 0:
                        S[dst + count] = i
                    count += 1
                    break
        return count
    zone = K.Z_ITEMS if kind == K.DK_ITEM else K.Z_STATION
    width = rows(tb, K.TB_IT).shape[0] if kind == K.DK_ITEM else GL[K.GL_NS]
    for k in range(S[K.G_N]):
        if k == seat:
            continue
        for c in range(width):
            for j in range(zlen(S, k, zone)):
                if S[zat(k, zone, j) + K.PL_CARD] == c:
                    if zone == K.Z_ITEMS or not (
                        SK[c, K.SK_ENTITY] and invincible(S, tb, ent_t(k, c))
                    ):
                        if dst >= 0:
                            S[dst + count] = k * 4096 + c
                        count += 1
                    break
    return count


@njit(cache=True, _nrt=False)
def destroy(S, tb, kind, target):
    """A destroy: a Market Item out of the game, or an opponent's Item or Station card (its
    Attachments back to their decks; Station cards whose requirement now fails follow the
    table's reading)."""
    SK = rows(tb, K.TB_SK)
    if kind != K.DK_ITEM and kind != K.DK_CARD:
        for j in range(S[K.G_NMARKET]):
            if S[K.MK0 + j] == target:
                for i in range(j, S[K.G_NMARKET] - 1):
                    S[K.MK0 + i] = S[K.MK0 + i + 1]
                S[K.G_NMARKET] -= 1
                return
        return
    k, c = target // 4096, target % 4096
    if kind == K.DK_CARD:
        for j in range(zlen(S, k, K.Z_STATION)):
            if S[zat(k, K.Z_STATION, j) + K.PL_CARD] == c:
                zdel(S, k, K.Z_STATION, j)
                break
        S[cb(k, K.CS_BOXED) + c] += 1
        if SK[c, K.SK_ENTITY]:
            detach(S, ent_t(k, c))
    else:
        for j in range(zlen(S, k, K.Z_ITEMS) - 1, -1, -1):  # the newer copy
            if S[zat(k, K.Z_ITEMS, j) + K.PL_CARD] == c:
                zdel(S, k, K.Z_ITEMS, j)
                break
    enforce_unmet(S, tb, k)
