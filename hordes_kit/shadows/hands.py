"""What a player can work out about an opponent's Hand this round, exactly (fractions).

Public: the cards the opponent chose their Hand from in the Plan Phase (their Current
Deck then: Hero cards and Studied cards, never the Library), the cards they have played
from it this round (Combat and Station Field, Responses included), every yes/no answer
they gave to a Predict this round, and how many cards they laid facedown at this step.
Every Hand consistent with all of it is weighed by a stated model of their choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows.bots import plan_weight
from hordes_kit.shadows.card_model import ATTACK_TRAITS
from hordes_kit.shadows.state import Position

__all__ = [
    "NUMBERS",
    "MODELS",
    "Call",
    "HandModel",
    "hand_posterior",
    "number_chances",
    "opponent_hands",
    "predict_odds",
    "hand_numbers",
    "predict_weighted",
]

NUMBERS = (1, 2, 4, 5, 6)
MODELS = {
    "uniform": "every Hand they could have chosen from their Current Deck is equally likely",
    "bot": "they chose like the kit's sensible bot: card by card, each with a weight from "
    "public facts (Attacks 4, Predict/Creature/Object/Self 3, others 2, unusable 1)",
}
MAX_POOL = 18


@dataclass(frozen=True)
class Call:
    """A Predict answer this round: number, yes/no, target's cards played before it."""

    number: int
    hit: bool
    played_before: int


def _prior(m: int, hand: int, weights: Sequence[int] | None):
    """(mask of a Hand, its prior weight) for every Hand of ``hand`` cards out of ``m``."""
    if weights is None:
        for combo in combinations(range(m), hand):
            yield sum(1 << i for i in combo), Fraction(1)
        return
    wsum = sum(weights)

    @cache
    def p_set(mask: int) -> Fraction:
        # the chance that the first popcount(mask) picks are exactly this set
        if mask == 0:
            return Fraction(1)
        total = Fraction(0)
        for i in range(m):
            if mask >> i & 1:
                prev = mask & ~(1 << i)
                left = wsum - sum(weights[j] for j in range(m) if prev >> j & 1)
                total += p_set(prev) * Fraction(weights[i], left)
        return total

    for combo in combinations(range(m), hand):
        mask = sum(1 << i for i in combo)
        yield mask, p_set(mask)


def hand_posterior(
    pool: Sequence[Sequence[int]],
    hand: int,
    played: Sequence[int] = (),
    calls: Sequence[Call] = (),
    weights: Sequence[int] | None = None,
    queued: tuple[int, int] = (0, 0),
) -> list[tuple[Fraction, tuple[int, ...]]]:
    """Every Hand still possible: (chance, indexes of the cards still in it).

    ``pool``: each card's Initiative numbers; ``played``: indexes played this round, in
    order; ``queued``: (step, n) n cards laid facedown at that step (still in the Hand).

    >>> post = hand_posterior([[2], [4, 5], [1]], 2, calls=[Call(5, False, 0)])
    >>> [(str(p), h) for p, h in post]
    [('1', (0, 2))]
    """
    m = len(pool)
    if m > MAX_POOL:
        raise InvalidInputError(f"at most {MAX_POOL} cards to choose from, got {m}")
    hand = min(hand, m)
    need = 0
    for i in played:
        need |= 1 << i
    step, q = queued
    out, norm = [], Fraction(0)
    for mask, w in _prior(m, hand, weights):
        if mask & need != need:
            continue
        ok = True
        for c in calls:
            gone = set(played[: c.played_before])
            shows = any(c.number in pool[i] for i in range(m) if mask >> i & 1 and i not in gone)
            if shows != c.hit:
                ok = False
                break
        left = tuple(i for i in range(m) if mask >> i & 1 and not need >> i & 1)
        if ok and q and sum(step in pool[i] for i in left) < q:
            ok = False
        if ok:
            out.append((w, left))
            norm += w
    if norm == 0:
        raise InvalidInputError("no Hand fits what was played and answered this round")
    return [(w / norm, left) for w, left in out]


def number_chances(pool, posterior) -> dict[int, Fraction]:
    """P(a card still in the Hand shows each Initiative number) over a posterior."""
    return {
        n: sum((p for p, left in posterior if any(n in pool[i] for i in left)), Fraction(0))
        for n in NUMBERS
    }


def hand_numbers(pool, hand, played=()) -> dict[int, Fraction]:
    """Uniform over Hands: P(the cards still in hand show each Initiative number).

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
    return {
        n: 1 - Fraction(comb(sum(n not in pool[i] for i in rest), free), total) for n in NUMBERS
    }


def predict_weighted(pool, weights, hand, played=()) -> dict[int, Fraction]:
    """Under weighted card-by-card picks (the sensible bot's Plan), exact.

    >>> predict_weighted([[2], [4, 5]], [1, 1], 1)[4]
    Fraction(1, 2)
    """
    return number_chances(pool, hand_posterior(pool, hand, list(played), weights=weights))


@dataclass(frozen=True)
class HandModel:
    """An opponent's possible Hands as ``viewer`` sees them this round."""

    cards: tuple[str, ...]  # the cards they chose from (pool), played ones included
    pool: tuple[tuple[int, ...], ...]  # each card's Initiative numbers
    hand: int
    played: tuple[str, ...]
    calls: tuple[Call, ...]
    queued: tuple[int, int]
    model: str
    posterior: tuple[tuple[Fraction, tuple[int, ...]], ...]

    def chance(self, test: Callable[[str], bool]) -> Fraction:
        """P(a card still in their Hand passes ``test``)."""
        return sum(
            (p for p, left in self.posterior if any(test(self.cards[i]) for i in left)), Fraction(0)
        )


def opponent_hands(s: Position, viewer: int, target: int, model: str = "uniform") -> HandModel:
    """The Hands ``target`` may hold, with their chances, from what ``viewer`` has seen."""
    if model not in MODELS:
        raise InvalidInputError(f"model must be one of {', '.join(MODELS)}, got {model!r}")
    if not 0 <= target < s.n or not 0 <= viewer < s.n:
        raise InvalidInputError("viewer and target must be seats of this game")
    st = s.seats[target]
    played = tuple(s.played[target]) if s.played else ()
    queue = s.queue if s.queue_owner() == target else ()
    cards = tuple(sorted(set(st.deck) | set(st.hand) | set(queue) | set(played)))
    pool = tuple(tuple(s.card(c).initiative) for c in cards)
    idx = [cards.index(c) for c in played]
    calls = tuple(Call(n, hit, k) for _, t, n, hit, k in s.calls if t == target)
    weights = [plan_weight(s, target, c) for c in cards] if model == "bot" else None
    queued = (s.step, len(queue)) if queue and s.phase == "combat" else (0, 0)
    size = min(s.hand_size(), len(cards))
    post = hand_posterior(pool, size, idx, calls, weights, queued)
    return HandModel(cards, pool, size, played, calls, queued, model, tuple(post))


def predict_odds(s: Position, viewer: int, target: int, model: str = "uniform") -> dict:
    """The numbers ``target`` may hold and each Predict guess's chance, with its model.

    From what ``viewer`` has seen this round; ``model`` is ``uniform`` or ``bot``.
    """
    hm = opponent_hands(s, viewer, target, model)
    chances = number_chances(hm.pool, hm.posterior)
    possible = sorted({n for _, left in hm.posterior for i in left for n in hm.pool[i] if n})
    closed = sorted(s.predicted[target]) if s.predicted else []
    return {
        "model": model,
        "model_text": MODELS[model],
        "cards": list(hm.cards),
        "hand": hm.hand,
        "played": list(hm.played),
        "answers": [(c.number, c.hit) for c in hm.calls],
        "could_hold": possible,
        "closed": closed,  # predicted against them already this round: nobody may again
        "chance": {n: chances[n] for n in NUMBERS if n not in closed},
    }


def is_attack(s: Position, card: str) -> bool:
    """A card with an Attack Trait."""
    return bool(s.card(card).front.traits & ATTACK_TRAITS)


__all__ += ["is_attack"]
