"""Odds for the table, exact (fractions): the next Monster-Action card, Predict guesses,
and this round against the Monster.

Each calculator works from what one player (``viewer``) can know: the discard pile and
the cards revealed are seen; the Leader knows the cards they dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.bots import plan_weight
from hordes_kit.shadows.cards import ICONS
from hordes_kit.shadows.state import Position

__all__ = [
    "unseen_ma",
    "next_reveal",
    "icon_chances",
    "hand_numbers",
    "predict_uniform",
    "predict_weighted",
    "predict_odds",
    "RoundOdds",
    "monster_round",
]


def unseen_ma(s: Position, viewer: int) -> Counter:
    """Monster-Action cards (kinds) ``viewer`` has not seen: the deck and facedown cards."""
    left = Counter({k: n for k, n in s.data.actions})
    left.subtract(s.ma_discard)
    left.subtract(s.revealed)
    if viewer == s.leader:
        left.subtract(s.ma_held)
    for k in range(s.n):
        if s.ma[k] and not s.ma_up[k] and s.ma_known[k] == viewer:
            left.subtract([s.ma[k]])
    return +left


def _dist(counts: Counter) -> dict[str, Fraction]:
    n = sum(counts.values())
    return {k: Fraction(v, n) for k, v in sorted(counts.items()) if v}


def next_reveal(s: Position, seat: int, viewer: int) -> dict[str, Fraction]:
    """The card ``seat`` reveals next (its facedown card, else the deck's top), as seen by
    ``viewer``: card kind -> exact chance.

    The facedown cards ``viewer`` does not know and the deck are exchangeable, so any of
    them is uniform over the unseen cards; an empty deck is the discard pile reshuffled.
    """
    own = s.ma[seat] and not s.ma_up[seat]
    if own and s.ma_known[seat] == viewer:
        return {s.ma[seat]: Fraction(1)}
    if not own and not s.ma_deck:
        if not s.ma_discard:
            return {}
        return _dist(Counter(s.ma_discard))
    unseen = unseen_ma(s, viewer)
    return _dist(unseen)


def icon_chances(dist: dict[str, Fraction]) -> dict[str, Fraction]:
    """The chance each icon shows on the card (a two-icon card counts for both).

    >>> icon_chances({"MxAttack": Fraction(1, 2), "MxAttack+MxSpell": Fraction(1, 2)})["MxSpell"]
    Fraction(1, 2)
    """
    out = {i: Fraction(0) for i in ICONS}
    for kind, p in dist.items():
        for icon in set(kind.split("+")):
            out[icon] += p
    return out


# --- Predict ---------------------------------------------------------------------------


def hand_numbers(
    pool: Sequence[Sequence[int]], hand: int, played: Sequence[int] = ()
) -> dict[int, Fraction]:
    """Uniform over hands: P(the cards still in hand show each Initiative number).

    ``pool``: each card's Initiative numbers (the cards they chose from); ``hand``: the
    Hand size; ``played``: indexes of cards already played from it this round (they were
    in the Hand). Counting: a number misses when all the other cards avoid it.

    >>> hand_numbers([[2], [2], [4, 5], [1]], 3)[5]
    Fraction(3, 4)
    """
    m = len(pool)
    hand = min(hand, m)
    rest = [i for i in range(m) if i not in set(played)]
    free = hand - (m - len(rest))
    if free < 0:
        raise InvalidInputError("more cards played than the Hand holds")
    total = comb(len(rest), free)
    out = {}
    for n in (1, 2, 4, 5, 6):
        avoid = sum(1 for i in rest if n not in pool[i])
        out[n] = 1 - Fraction(comb(avoid, free), total)
    return out


def predict_uniform(pool, hand, played=()) -> dict[int, Fraction]:
    """Alias of ``hand_numbers``: every Hand they could have chosen equally likely."""
    return hand_numbers(pool, hand, played)


def predict_weighted(
    pool: Sequence[Sequence[int]],
    weights: Sequence[int],
    hand: int,
    played: Sequence[int] = (),
) -> dict[int, Fraction]:
    """Under the sensible bot's Plan: cards picked one by one with chance proportional to
    their weight. Exact over subsets (a DP over which cards are picked).

    >>> predict_weighted([[2], [4, 5]], [1, 1], 1)[4]
    Fraction(1, 2)
    """
    m = len(pool)
    hand = min(hand, m)
    if m > 16:
        raise InvalidInputError("at most 16 cards to choose from")
    wsum = sum(weights)

    @cache
    def p_set(mask: int) -> Fraction:
        # chance that the first popcount(mask) picks are exactly this set
        if mask == 0:
            return Fraction(1)
        total = Fraction(0)
        for i in range(m):
            if mask >> i & 1:
                prev = mask & ~(1 << i)
                left = wsum - sum(weights[j] for j in range(m) if prev >> j & 1)
                total += p_set(prev) * Fraction(weights[i], left)
        return total

    need = 0
    for i in played:
        need |= 1 << i
    joint = {n: Fraction(0) for n in (1, 2, 4, 5, 6)}
    norm = Fraction(0)
    for mask in range(1 << m):
        if bin(mask).count("1") != hand or mask & need != need:
            continue
        p = p_set(mask)
        norm += p
        left = [i for i in range(m) if mask >> i & 1 and not need >> i & 1]
        for n in joint:
            if any(n in pool[i] for i in left):
                joint[n] += p
    if norm == 0:
        raise InvalidInputError("no Hand holds the cards played")
    return {n: v / norm for n, v in joint.items()}


def predict_odds(s: Position, viewer: int, target: int, model: str = "uniform") -> dict:
    """What ``viewer`` can work out about ``target``'s Hand this round.

    The cards they chose from are public (Hero cards and Studied cards); the cards they
    played this round were in the Hand. ``model``: ``uniform`` (every Hand they could
    have chosen equally likely) or ``bot`` (the sensible bot's weighted picks).
    """
    if model not in ("uniform", "bot"):
        raise InvalidInputError(f"model must be 'uniform' or 'bot', got {model!r}")
    st = s.seats[target]
    played = [p.card for p in st.combat]
    cards = sorted(st.deck + st.hand + s.queue * (s.top() is not None and s.top().seat == target))
    cards += played
    pool = [list(s.card(c).initiative) for c in cards]
    idx = list(range(len(cards) - len(played), len(cards)))
    hand = s.hand_size()
    if model == "uniform":
        probs = hand_numbers(pool, hand, idx)
    else:
        w = [plan_weight(s, target, c) for c in cards]
        probs = predict_weighted(pool, w, hand, idx)
    open_numbers = [n for n in (1, 2, 4, 5, 6) if n not in s.predicted[target]]
    return {
        "model": model,
        "cards": cards,
        "hand": hand,
        "played": played,
        "could_hold": sorted(
            {n for c in cards[: len(cards) - len(played)] for n in s.card(c).initiative if n}
        ),
        "chance": {n: probs[n] for n in open_numbers},
    }


# --- this round against the Monster ----------------------------------------------------


@dataclass(frozen=True)
class RoundOdds:
    """Exact odds of a planned Hand against the Monster this round (no other player's
    damage counted, every Monster Attack taken without a Response)."""

    defeat: Fraction
    gold: Fraction
    xp: Fraction
    stones: Fraction
    items: Fraction
    damage: Fraction  # expected damage the Monster deals to the Hero
    steps: tuple = field(default=())

    def to_json(self) -> dict:
        """JSON-ready numbers (floats and exact strings)."""
        out = {}
        for k in ("defeat", "gold", "xp", "stones", "items", "damage"):
            v = getattr(self, k)
            out[k] = float(v)
            out[k + "_exact"] = f"{v.numerator}/{v.denominator}"
        return out


def monster_round(
    s: Position, seat: int, plan: Sequence[str], viewer: int | None = None
) -> RoundOdds:
    """The chance this Hand defeats the Monster this round and the rewards expected,
    over the Monster-Action cards ``viewer`` (default: ``seat``) has not seen.

    ``plan``: the card ids that will Attack the Monster, used in Initiative order (a card
    with two steps at its first). Die symbols are rolled exactly.
    """
    if not s.monster:
        raise InvalidInputError("there is no active Monster")
    viewer = seat if viewer is None else viewer
    mon = s.card(s.monster)
    stats = s.hero_stats(seat)
    attacks = []
    for c in plan:
        sk = s.card(c)
        init = [n for n in sk.initiative if n] or [6]
        for e in sk.front.effects:
            if e.verb == "attack":
                attacks.append((init[0], e, sk))
    attacks.sort(key=lambda a: a[0])
    own = s.ma[seat] if s.ma[seat] and not s.ma_up[seat] else ""
    own_known = bool(own) and s.ma_known[seat] == viewer
    unseen = unseen_ma(s, viewer)
    reward = dict(mon.reward)
    zero = Fraction(0)

    def icons_effect(kind: str):
        block = recover = hit = 0
        for icon in kind.split("+"):
            a = mon.action(icon)
            n = int(a.args[0]) if a.args else 0
            if a.verb == "block":
                block += n
            elif a.verb == "recover":
                recover += n
            elif a.verb in ("attack", "lose"):
                hit += n
        return block, recover, hit

    def draws(deck: Counter, own_card: str, own_used: bool):
        """(kind, prob, deck after, own_used after) for the next reveal."""
        if own_card and not own_used:
            if own_known:
                yield own_card, Fraction(1), deck, True
                return
        total = sum(deck.values())
        if total == 0:
            yield "", Fraction(1), deck, own_used or bool(own_card)
            return
        for kind, c in sorted(deck.items()):
            if c:
                d2 = deck.copy()
                d2[kind] -= 1
                yield kind, Fraction(c, total), +d2, own_used or bool(own_card)

    health = mon.health

    def go(i: int, dmg: int, deck: Counter, own_used: bool, revealed3: bool):
        """Expected (defeat, gold, xp, stones, items, damage taken) from attack i on."""
        if dmg >= health:
            return (
                Fraction(1),
                Fraction(reward.get("gold", 0)),
                Fraction(reward.get("xp", 0)),
                Fraction(reward.get("stones", 0)),
                Fraction(reward.get("item", 0)),
                zero,
            )
        if (
            i < len(attacks)
            and attacks[i][0] > R.MONSTER_STEP
            and not revealed3
            and own
            and not own_used
        ):
            # Initiative Step 3: the facedown card is revealed (a recover still matters)
            out = [zero] * 6
            for kind, p, d2, used in draws(deck, own, own_used):
                _, rec, hit = icons_effect(kind) if kind else (0, 0, 0)
                sub = go(i, max(0, dmg - rec), d2, used, True)
                for j in range(6):
                    out[j] += p * (sub[j] + (hit if j == 5 else 0))
            return tuple(out)
        if i >= len(attacks):
            return (zero,) * 6
        _, e, sk = attacks[i]
        faces = range(1, 7) if R.dice_faces(e.args[0]) else [None]
        out = [zero] * 6
        for face in faces:
            pf = Fraction(1, 6) if face is not None else Fraction(1)
            amt = R.amount(e.args[0], stats, 0, face)
            if amt <= 0:
                sub = go(i + 1, dmg, deck, own_used, revealed3)
                for j in range(6):
                    out[j] += pf * sub[j]
                continue
            for kind, p, d2, used in draws(deck, own, own_used):
                block, rec, hit = icons_effect(kind) if kind else (0, 0, 0)
                landed = max(0, amt - block)
                new = max(0, dmg - rec) + landed
                gx = gg = gs = 0
                for g in sk.front.effects:
                    if g.verb != "gain":
                        continue
                    ok = (
                        not g.when
                        or (g.when == "no-response" and not block)
                        or (g.when == "lost-health" and landed > 0)
                    )
                    if ok:
                        n = int(g.args[1])
                        gx += n * (g.args[0] == "xp")
                        gg += n * (g.args[0] == "gold")
                        gs += n * (g.args[0] == "stone")
                sub = go(i + 1, new, d2, used, revealed3)
                q = pf * p
                out[0] += q * sub[0]
                out[1] += q * (sub[1] + gg)
                out[2] += q * (sub[2] + gx)
                out[3] += q * (sub[3] + gs)
                out[4] += q * sub[4]
                out[5] += q * (sub[5] + hit)
        return tuple(out)

    res = go(0, s.mdamage[seat], unseen, False, False)
    return RoundOdds(*res)
