"""Shadows odds checked against brute force: enumeration of orderings, subsets and the
engine's own chance tree."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

from shadows_helpers import lay, position, to_combat, until

from hordes_kit.core.state import evolve
from hordes_kit.shadows import new_game
from hordes_kit.shadows.bots import plan_weight
from hordes_kit.shadows.cards import CARDS_FILE
from hordes_kit.shadows.hands import hand_numbers, predict_odds, predict_weighted
from hordes_kit.shadows.odds import ASSUMPTIONS, icon_chances, monster_round, next_reveal

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
    """Exact expectation over the engine's chance tree (fixed decisions) to the BuildUp:
    (defeated, Gold, Experience, Shadow Stones, KnockedDown, damage taken) for ``seat``."""
    ko = any(e.rule == "shadows.knockdown" and e.data.get("seat") == seat for e in state.log)
    dealt = sum(
        int(re.search(r"takes (\d+) damage", e.text).group(1))
        for e in state.log
        if e.rule == "shadows.damage.assign" and e.data.get("seat") == seat
    )
    key = (evolve(state, history=(), log=(), config=None), ko, dealt)
    if key in memo:
        return memo[key]
    if state.phase != "combat" and state.phase not in ("teamup", "plan"):
        st = state.seats[seat]
        g, x, stn = st.earned  # collected at the start of BuildUp: count both
        res = (
            Fraction(int(bool(st.monsters))),
            *map(Fraction, (st.gold + g, st.xp + x, st.stones + stn)),
            Fraction(int(ko)),
            Fraction(dealt),
        )
        memo[key] = res
        return res
    if state.is_chance:
        branches = [(p, state.apply(a)) for a, p in state.chance_outcomes()]
    else:
        t = state.top()
        legal = state.legal_actions()
        if t.kind == "!give":
            held = Counter(state.ma_held)
            n = sum(held.values())
            branches = [(Fraction(held[a[5:]], n), state.apply(a)) for a in legal]
        else:
            branches = [(Fraction(1), state.apply(_policy(state, seat, plan, legal)))]
    total = [Fraction(0)] * 6
    for p, nxt in branches:
        sub = _tree(nxt, seat, plan, memo)
        total = [a + p * b for a, b in zip(total, sub)]
    memo[key] = tuple(total)
    return memo[key]


def _policy(state, seat, plan, legal):
    """The play ``monster_round`` assumes, as engine decisions."""
    t = state.top()
    responses = [c for c in plan if state.card(c).front.has("Response (Attack)")]
    if t.kind == "!pick":
        for c in plan + ["ward", "mind-read", "rally", "lance-charge", "bulwark", "challenge"]:
            if f"pick:{c}" in legal:
                return f"pick:{c}"
    if t.kind == "!turn":
        if t.seat == seat and state.monster:
            for c in plan:
                if c not in responses and f"lay:{c}" in legal:
                    return f"lay:{c}"
        return "go" if "go" in legal else "pass"
    if t.kind == "!target":
        return "target:monster" if "target:monster" in legal else legal[0]
    if t.kind == "!defend" and t.seat == seat:
        for c in responses:
            if f"respond:{c}" in legal:
                return f"respond:{c}"
        return "dodge" if "dodge" in legal else "take"
    if t.kind == "!lose":
        return next(a for a in ("lose:gold", "lose:xp", "lose:stone") if a in legal)
    for a in ("take", "shields:0", "flip", "skip", "done", "pass"):
        if a in legal:
            return a
    return legal[0]


def _eras_vs_rolan(**eras):
    seats = [{"hero": "eras", **eras}, {"hero": "rolan"}]
    return new_game(
        {"position": {"round": 1, "leader": 1, "monster": "cave-stalker", "seats": seats}}
    )


def test_round_odds_against_the_engine_tree():
    s = _eras_vs_rolan()
    plan = ["magic-missile", "arcane-bolt"]
    odds = monster_round(s, 0, plan)
    got = _tree(s, 0, plan, {})
    assert (odds.defeat, odds.gold, odds.xp, odds.stones, odds.knockdown, odds.damage) == got
    assert 0 < odds.defeat < 1  # a die and the Monster-Action cards both matter
    assert odds.assumptions == ASSUMPTIONS and odds.to_json()["assumptions"][0].startswith("Only")


def test_round_odds_with_a_response_and_dodge_against_the_engine_tree():
    s = _eras_vs_rolan()
    plan = ["magic-missile", "arcane-bolt", "mystical-cloak"]
    odds = monster_round(s, 0, plan)
    assert odds.responses == ("mystical-cloak",)
    got = _tree(s, 0, plan, {})
    assert (odds.defeat, odds.gold, odds.xp, odds.stones, odds.knockdown, odds.damage) == got
    without = monster_round(s, 0, plan[:2])
    assert odds.gold > without.gold and odds.damage < without.damage  # it blocks and pays


def test_round_odds_with_knockdowns_against_the_engine_tree():
    s = _eras_vs_rolan(damage=5, gold=1, xp=1)
    plan = ["magic-missile", "arcane-bolt"]
    odds = monster_round(s, 0, plan)
    got = _tree(s, 0, plan, {})
    start = (0, 1, 1, 0)
    assert (odds.defeat, odds.gold, odds.xp, odds.stones) == tuple(
        g - a for g, a in zip(got[:4], start)
    )
    assert (odds.knockdown, odds.damage) == got[4:] and 0 < odds.knockdown < 1


# --- Predict with what is public this round ----------------------------------------------


def _brute_from_log(s, target, model):
    """Every Hand of the pool, kept if it fits the plays and answers the log shows."""
    st = s.seats[target]
    names = {c.name: c.id for c in s.data.skills}
    start = max(i for i, e in enumerate(s.log) if e.rule == "shadows.round.order")
    played, calls = [], []
    for e in s.log[start:]:
        if e.rule == "shadows.card.play" and e.data.get("seat") == target:
            played.append(names[e.text.split(" plays ")[1].split(" to the ")[0]])
        if e.rule == "shadows.predict.call" and e.data["target"] == target:
            calls.append((e.data["number"], e.data["hit"], len(played)))
    pool = sorted(set(st.deck) | set(st.hand) | set(played))
    size = min(s.hand_size(), len(pool))
    weights = {c: plan_weight(s, target, c) for c in pool}
    hits, norm = Counter(), Fraction(0)
    orders = permutations(pool, size) if model == "bot" else combinations(pool, size)
    for order in orders:
        p = Fraction(1)
        if model == "bot":
            left = sum(weights.values())
            for c in order:
                p *= Fraction(weights[c], left)
                left -= weights[c]
        hand = set(order)
        if not set(played) <= hand:
            continue
        if any(
            any(n in s.card(c).initiative for c in hand - set(played[:k])) != hit
            for n, hit, k in calls
        ):
            continue
        norm += p
        for n in NUMS:
            hits[n] += p * any(n in s.card(c).initiative for c in hand - set(played))
    return {n: hits[n] / norm for n in NUMS if n not in s.predicted[target]}


def _predicted_table():
    """Olivia predicts a Four against Robert (no), then a Two (yes) after he played."""
    seats = [{"hero": "akintunde"}, {"hero": "eras", "deck": ["stone-hex"]}]
    s = position(seats, leader=1)
    s = to_combat(
        s,
        [["lightning-touch", "mind-read", "magic-missile"], ["the-fist", "iron-guard", "war-cry"]],
    )
    return s


def test_predict_odds_use_this_rounds_answers_and_plays():
    s = _predicted_table()
    s = lay(s, "lightning-touch", "mind-read").apply("predict:p1:4")  # Robert: no Four
    for model in ("uniform", "bot"):
        got = predict_odds(s, 1, 0, model)
        assert got["chance"] == _brute_from_log(s, 0, model), model
        assert got["closed"] == [4] and 4 not in got["chance"] and got["model"] == model
        assert got["answers"] == [(4, False)] and got["model_text"]
    s = s.apply("flip").apply("predict:p1:2")  # The Fist: yes, a Two
    assert [c[2:4] for c in s.calls] == [(4, False), (2, True)]
    s = lay(s, "war-cry").apply("predict:p2:6")  # Robert plays War Cry: it was in his Hand
    s = until(s, 1, 2)
    assert s.played[0] == ("war-cry",)
    for model in ("uniform", "bot"):
        got = predict_odds(s, 1, 0, model)
        assert got["chance"] == _brute_from_log(s, 0, model), model
        assert set(got["chance"]) == {1, 5, 6}
    # the answers matter: without them the odds differ
    bare = evolve(s, calls=())
    assert predict_odds(bare, 1, 0)["chance"] != predict_odds(s, 1, 0)["chance"]


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
