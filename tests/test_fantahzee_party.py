"""The party solver against the single-cost solver and an independent brute force."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

import pytest

from hordes_kit.fantahzee.cards import load_cards
from hordes_kit.fantahzee.costs import parse_cost
from hordes_kit.fantahzee.odds import success_probability
from hordes_kit.fantahzee.party import PartyHero, advise, hero_from_card, party_odds

CARDS = {h.id: h for h in load_cards().heroes}


def party(*ids):
    return [hero_from_card(CARDS[i]) for i in ids]


@pytest.mark.parametrize("hero", ["knight-errant", "sergeant", "steamsmith", "archmage"])
def test_one_hero_is_the_dice_solver(hero):
    h = CARDS[hero]
    odds = party_odds(party(hero), 5, 3)
    assert odds.at_least[h.strength] == pytest.approx(
        float(success_probability(5, 3, h.cost)), abs=1e-12
    )


def test_abilities_fold_into_the_costs():
    # a Sergeant always helps the Spearman: XX + XX
    odds = party_odds(party("sergeant", "spearman"), 5, 3)
    assert odds.at_least[5] == pytest.approx(float(success_probability(5, 3, "XX XX")), abs=1e-12)
    # the Paladin wakes the Steam Brute (4 <= 4) for nothing
    odds = party_odds(party("paladin", "steam-brute"), 5, 3)
    assert odds.at_least[8] == pytest.approx(float(success_probability(5, 3, "XXXX")), abs=1e-12)
    # the Steamsmith's 4 steam pays the Steamasaur
    odds = party_odds(party("steamsmith", "steamasaur"), 5, 3)
    assert odds.at_least[9] == pytest.approx(float(success_probability(5, 3, "55")), abs=1e-12)


# --- an independent brute force: ordered dice, every keep, every activation order ---

ALCH = PartyHero("Alch", 0, parse_cost("X"), extra_dice=1, extra_rolls=1)
SERG = PartyHero("Serg", 2, parse_cost("XX"), reduce_x=1)
KNIGHT = PartyHero("Knight", 5, parse_cost("XXX"))
GUARD = PartyHero("Guard", 1, parse_cost("X"))
SMALL = (ALCH, SERG, KNIGHT, GUARD)


def _pays(dice, costs) -> bool:
    """Try every way to hand the dice out, one hero at a time (no shortcuts)."""
    if not costs:
        return True
    (exact, x), rest = costs[0], costs[1:]
    pool = list(dice)
    for f in exact:
        if f not in pool:
            return False
        pool.remove(f)
    if x == 0:
        return _pays(tuple(pool), rest)
    for v in set(pool):
        if pool.count(v) >= x:
            left = list(pool)
            for _ in range(x):
                left.remove(v)
            if _pays(tuple(left), rest):
                return True
    return False


def _best_end(dice, heroes, base) -> int:
    best = base
    for r in range(len(heroes) + 1):
        for S in combinations(heroes, r):
            reducers = [h for h in S if h.reduce_x]
            for targets in product(S, repeat=len(reducers)):
                costs = []
                for h in S:
                    pairs = zip(reducers, targets)
                    cut = sum(rd.reduce_x for rd, t in pairs if t is h and rd is not h)
                    exact = tuple(f + 1 for f in range(6) for _ in range(h.cost.exact[f]))
                    costs.append((exact, max(0, h.cost.x - cut)))
                if _pays(tuple(dice), costs):
                    best = max(best, base + sum(h.strength for h in S))
    return best


def brute(heroes, dice, rolls, goal):
    value = (lambda s: s) if goal is None else (lambda s: float(s >= goal))

    @cache
    def V(showing, waiting, r, used):
        rest = tuple(h for h in heroes if h not in used)
        base = sum(h.strength for h in used)
        best = value(_best_end(showing, rest, base))
        if r > 0:
            for mask in product((0, 1), repeat=len(showing)):
                kept = tuple(sorted(d for d, k in zip(showing, mask) if k))
                m = len(showing) - len(kept) + waiting
                if m == 0:
                    continue
                total = 0.0
                for roll in product(range(1, 7), repeat=m):
                    total += V(tuple(sorted(kept + roll)), 0, r - 1, used)
                best = max(best, total / 6**m)
        for h in rest:
            if h.extra_dice or h.extra_rolls:
                for v in set(showing):  # its one X die
                    left = list(showing)
                    left.remove(v)
                    best = max(
                        best,
                        V(tuple(left), waiting + h.extra_dice, r + h.extra_rolls, used | {h}),
                    )
        return best

    return V((), dice, rolls, frozenset())


@pytest.mark.parametrize("goal", [None, 3, 5, 6, 8])
def test_party_solver_matches_brute_force(goal):
    odds = party_odds(SMALL, dice=3, rolls=2, targets=[goal] if goal else [])
    got = odds.expected if goal is None else odds.at_least[goal]
    assert got == pytest.approx(brute(SMALL, 3, 2, goal), abs=1e-12)


def test_advice_for_the_dice_showing():
    # Maureen's first roll: the Alchemist is worth activating at once
    heroes = party("steamsmith", "paladin", "steamasaur", "alchemist", "sergeant")
    a = advise(heroes, "6,5,4,3,2,1", rolls_left=2)
    assert a.move == "activate" and a.hero == "Alchemist"
    # with four 4s showing and a Knight Errant to pay, stop and pay
    a = advise(party("knight-errant"), "4,4,4,4,1", rolls_left=2)
    assert a.move == "stop" and a.value == 5
    # a pair for the Sergeant and nothing else: keep the pair
    a = advise(party("sergeant", "spearman"), "6,6,3,2,1", rolls_left=1)
    assert a.move == "keep" and a.keep[:2] == (6, 6)
