"""Shadows odds checked against brute force: enumeration of orderings, subsets and the
engine's own chance tree."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import new_game
from hordes_kit.shadows.cards import CARDS_FILE
from hordes_kit.shadows.odds import (
    hand_numbers,
    icon_chances,
    monster_round,
    next_reveal,
    predict_odds,
    predict_weighted,
)

NUMS = (1, 2, 4, 5, 6)


def brute_uniform(pool, hand, played=()):
    hits = Counter()
    total = 0
    for h in combinations(range(len(pool)), hand):
        if not set(played) <= set(h):
            continue
        total += 1
        for n in NUMS:
            hits[n] += any(n in pool[i] for i in h if i not in played)
    return {n: Fraction(hits[n], total) for n in NUMS}


def brute_weighted(pool, weights, hand, played=()):
    joint, norm = Counter(), Fraction(0)
    joint = {n: Fraction(0) for n in NUMS}
    for order in permutations(range(len(pool)), hand):
        p, left = Fraction(1), sum(weights)
        for i in order:
            p *= Fraction(weights[i], left)
            left -= weights[i]
        if not set(played) <= set(order):
            continue
        norm += p
        for n in NUMS:
            if any(n in pool[i] for i in order if i not in played):
                joint[n] += p
    return {n: v / norm for n, v in joint.items()}


POOLS = [
    [[2], [2], [4, 5], [1], [6], [0]],
    [[1], [2], [4], [5], [6], [4, 5], [2]],
]


def test_predict_uniform_against_every_hand():
    for pool in POOLS:
        for hand in (3, 4):
            for played in ((), (2,), (0, 3)):
                assert hand_numbers(pool, hand, played) == brute_uniform(pool, hand, played)


def test_predict_bot_model_against_every_pick_order():
    for pool in POOLS:
        w = [1 + (i % 3) for i in range(len(pool))]
        for played in ((), (1,)):
            assert predict_weighted(pool, w, 3, played) == brute_weighted(pool, w, 3, played)


def test_predict_odds_from_a_real_table():
    s = new_game(
        {
            "position": {
                "monster": "cave-stalker",
                "seats": [{"hero": "akintunde"}, {"hero": "eras"}],
            }
        }
    )
    got = predict_odds(s, 1, 0)
    pool = [list(s.card(c).initiative) for c in got["cards"]]
    assert got["chance"] == {n: v for n, v in brute_uniform(pool, 3).items()}
    assert got["could_hold"] == [1, 2, 4, 5, 6]
    assert predict_odds(s, 1, 0, "bot")["chance"] != got["chance"]  # a different model


def _small_deck_text() -> str:
    text = CARDS_FILE.read_text()
    a = text.index("# ---- Monster-Action cards")
    b = text.index("# ---- Missions")
    small = (
        '[[monster_action]]\nicons = ["MxAttack"]\ncopies = 2\n\n'
        '[[monster_action]]\nicons = ["MxResponse"]\ncopies = 2\n\n'
        '[[monster_action]]\nicons = ["MxAttack", "MxSpell"]\ncopies = 1\n\n'
    )
    return text[:a] + small + text[b:]


def test_next_reveal_against_every_deck_order():
    cfg = {
        "cards": _small_deck_text(),
        "position": {
            "monster": "cave-stalker",
            "leader": 0,
            "seats": [{"hero": "akintunde"}, {"hero": "eras"}],
        },
    }
    s = new_game(cfg)
    deck = ["MxAttack", "MxAttack", "MxResponse", "MxResponse", "MxAttack+MxSpell"]
    s = s.apply("ma:MxAttack").apply("ma:MxResponse").apply("give:MxAttack")
    assert s.ma == ("MxAttack", "MxResponse")
    # brute force: every order of the 5 cards; the Leader draws two and gives one at random
    mine, after = Counter(), {}
    total = 0
    for order in permutations(deck):
        for give in (0, 1):
            total += 1
            card1 = order[1 - give]
            mine[card1] += 1
            after.setdefault(card1, Counter())[order[2]] += 1
    want = {k: Fraction(v, total) for k, v in mine.items()}
    assert next_reveal(s, 1, viewer=1) == want  # Olivia does not know her card
    assert next_reveal(s, 1, viewer=0) == {"MxResponse": 1}  # the Leader dealt it
    # once her card is revealed as MxResponse, the next card is the deck's top
    up = evolve(s, ma_up=(False, True), revealed=("MxResponse",))
    cond = after["MxResponse"]
    n = sum(cond.values())
    # Olivia still does not know Robert's card: it is unseen like the deck
    assert next_reveal(up, 1, viewer=1) == {k: Fraction(v, n) for k, v in cond.items()}
    chances = icon_chances(next_reveal(up, 1, viewer=1))
    assert chances["MxAttack"] == Fraction(3, 4) and chances["MxSpell"] == Fraction(1, 4)


def _tree(state, seat, plan, memo):
    """Exact expectation over the engine's chance tree (fixed decisions) to the BuildUp."""
    key = evolve(state, history=(), log=(), config=None)
    if key in memo:
        return memo[key]
    if state.phase != "combat" and state.phase not in ("teamup", "plan"):
        st = state.seats[seat]
        g, x, stn = st.earned  # collected at the start of BuildUp: count both
        res = (
            Fraction(int(bool(st.monsters))),
            *map(Fraction, (st.gold + g, st.xp + x, st.stones + stn)),
        )
        memo[key] = res
        return res
    if state.is_chance:
        outs = state.chance_outcomes()
        branches = [(p, state.apply(a)) for a, p in outs]
    else:
        t = state.top()
        legal = state.legal_actions()
        if t.kind == "!give":
            held = Counter(state.ma_held)
            n = sum(held.values())
            branches = [(Fraction(held[a[5:]], n), state.apply(a)) for a in legal]
        else:
            branches = [(Fraction(1), state.apply(_policy(state, seat, plan, legal)))]
    total = [Fraction(0)] * 4
    for p, nxt in branches:
        sub = _tree(nxt, seat, plan, memo)
        total = [a + p * b for a, b in zip(total, sub)]
    memo[key] = tuple(total)
    return memo[key]


def _policy(state, seat, plan, legal):
    t = state.top()
    if t.kind == "!pick":
        for c in plan + ["ward", "mind-read", "rally", "lance-charge", "bulwark", "challenge"]:
            if f"pick:{c}" in legal:
                return f"pick:{c}"
    if t.kind == "!turn":
        if t.seat == seat:
            for c in plan:
                if f"lay:{c}" in legal:
                    return f"lay:{c}"
        return "go" if "go" in legal else "pass"
    if t.kind == "!target":
        return "target:monster" if "target:monster" in legal else legal[0]
    for a in ("take", "shields:0", "flip", "skip", "done", "pass"):
        if a in legal:
            return a
    return legal[0]


def test_round_odds_against_the_engine_tree():
    cfg = {
        "position": {
            "round": 1,
            "leader": 1,
            "monster": "cave-stalker",
            "seats": [{"hero": "eras"}, {"hero": "rolan"}],
        }
    }
    s = new_game(cfg)
    plan = ["magic-missile", "arcane-bolt"]
    odds = monster_round(s, 0, plan)
    got = _tree(s, 0, plan, {})
    assert (odds.defeat, odds.gold, odds.xp, odds.stones) == got
    assert 0 < odds.defeat < 1  # a die and the Monster-Action cards both matter
