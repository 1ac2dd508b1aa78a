"""The exact dice solver against brute force over ordered dice, and published figures."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.fantahzee.costs import (
    can_pay,
    counts_of,
    find_payment,
    parse_cost,
    parse_costs,
    parse_dice,
)
from hordes_kit.fantahzee.odds import advise_keep, probability_table, success_probability

# --- an independent brute force -----------------------------------------------------


def brute_pays(dice: tuple[int, ...], costs: tuple[str, ...], distinct: bool, used=()) -> bool:
    """Try every choice of dice positions for each cost in turn."""
    if not costs:
        return True
    cost, rest = costs[0], costs[1:]
    digits = sorted(int(c) for c in cost if c != "X")
    for pos in combinations(range(len(dice)), len(cost)):
        chosen = [dice[i] for i in pos]
        for split in combinations(range(len(chosen)), len(digits)):
            if sorted(chosen[i] for i in split) != digits:
                continue
            xs = {chosen[i] for i in range(len(chosen)) if i not in split}
            if len(xs) > 1:
                continue
            if distinct and xs & set(used):
                continue
            left = tuple(d for i, d in enumerate(dice) if i not in pos)
            if brute_pays(left, rest, distinct, (*used, *xs)):
                return True
    return False


def brute_value(n: int, costs: tuple[str, ...], distinct: bool):
    """value(kept, rolls_left): expectimax over every ordered roll and every keep."""

    @cache
    def value(kept: tuple[int, ...], rolls_left: int) -> Fraction:
        m = n - len(kept)
        total = Fraction(0)
        for outcome in product(range(1, 7), repeat=m):
            dice = kept + outcome
            if rolls_left == 1:
                total += brute_pays(dice, costs, distinct)
            else:
                total += max(
                    value(tuple(sorted(dice[i] for i in keep)), rolls_left - 1)
                    for k in range(n + 1)
                    for keep in combinations(range(n), k)
                )
        return total / 6**m

    return value


def brute_probability(n: int, rolls: int, costs: tuple[str, ...], distinct: bool) -> Fraction:
    """Chance with the best play, by brute force from no dice kept."""
    return brute_value(n, costs, distinct)((), rolls)


cost_text = st.text(alphabet="XXXX123456", min_size=1, max_size=3)


@st.composite
def questions(draw):
    n = draw(st.integers(1, 3))
    rolls = draw(st.integers(1, 3))
    costs = draw(st.lists(cost_text, min_size=1, max_size=2))
    costs = [c for c in costs]
    while sum(map(len, costs)) > n:
        costs.pop()
    if not costs:
        costs = ["X" * draw(st.integers(1, n))]
    return n, rolls, tuple(costs), draw(st.booleans())


@settings(max_examples=60, deadline=None)
@given(questions())
def test_solver_matches_brute_force(q):
    n, rolls, costs, distinct = q
    got = success_probability(n, rolls, costs, distinct_values=distinct)
    assert got == brute_probability(n, rolls, costs, distinct)


def dice_and_costs(max_dice: int):
    """Hypothesis arguments: dice showing, cost texts, the distinct-values option."""
    return given(
        st.lists(st.integers(1, 6), min_size=1, max_size=max_dice),
        st.lists(cost_text, min_size=1, max_size=3),
        st.booleans(),
    )


@settings(max_examples=200, deadline=None)
@dice_and_costs(6)
def test_can_pay_matches_brute_force(dice, costs, distinct):
    assert can_pay(counts_of(dice), parse_costs(costs), distinct_values=distinct) == brute_pays(
        tuple(dice), tuple(c.upper() for c in costs), distinct
    )


def test_four_dice_two_costs_brute_force():
    for costs in (("XX", "5"), ("XXX",), ("X", "66")):
        assert success_probability(4, 2, costs) == brute_probability(4, 2, costs, False)


def test_published_five_of_a_kind_in_three_rolls():
    assert success_probability(5, 3, "XXXXX") == Fraction(2783176, 60466176)


def test_closed_forms():
    assert success_probability(1, 1, "X") == 1
    for r in range(1, 6):
        assert success_probability(1, r, "6") == 1 - Fraction(5, 6) ** r
    assert success_probability(2, 1, "66") == Fraction(1, 36)
    assert success_probability(2, 1, "XX") == Fraction(1, 6)
    # two separate single-face costs with two dice in one roll: {5,6} in either order
    assert success_probability(2, 1, ["5", "6"]) == Fraction(2, 36)


def test_monotone_in_rolls_dice_and_option():
    for costs in ("XXX", "XX 5", "XX XX"):
        by_rolls = [success_probability(6, r, costs) for r in range(1, 6)]
        assert by_rolls == sorted(by_rolls)
        by_dice = [success_probability(n, 2, costs) for n in range(4, 11)]
        assert by_dice == sorted(by_dice)
        assert success_probability(6, 3, costs, distinct_values=True) <= success_probability(
            6, 3, costs
        )
    assert success_probability(5, 3, "XX XX", distinct_values=True) < success_probability(
        5, 3, "XX XX"
    )


def test_exact_faces_are_symmetric():
    assert success_probability(7, 3, "XX5") == success_probability(7, 3, "XX2")
    assert success_probability(7, 3, ["66", "XXX"]) == success_probability(7, 3, ["11", "XXX"])


def test_cost_order_does_not_matter():
    assert success_probability(7, 2, ["XXX", "5"]) == success_probability(7, 2, ["5", "XXX"])


def test_ten_dice_five_rolls_is_exact():
    p = success_probability(10, 5, "XXXX")
    assert isinstance(p, Fraction) and 0.99 < p < 1


def test_keep_biggest_group_is_not_the_policy():
    # With 7 dice chasing XXX + XX, keeping the biggest group throws away a made pair.
    adv = advise_keep("6,6,5,5,3,2,1", ["XXX", "XX"], rolls_left=1)
    biggest_group_only = next(o for o in adv.options if o.keep == (6, 6))
    assert adv.best.probability > biggest_group_only.probability
    assert adv.best.keep == (6, 6, 5, 5)


def test_keep_advice_matches_brute_force():
    adv = advise_keep("6,6,4", "XXX", rolls_left=1)
    keeps = {o.keep: o.probability for o in adv.options}
    assert keeps[(6, 6)] == Fraction(1, 6)
    assert keeps[()] == Fraction(1, 36)
    assert keeps[(6, 6, 4)] == 0
    assert adv.best.keep == (6, 6)
    # every distinct sub-multiset is listed once: 3 x 2 = 6 keeps of {6,6,4}
    assert len(adv.options) == 6
    # ranked best first
    probs = [o.probability for o in adv.options]
    assert probs == sorted(probs, reverse=True)


def test_keep_advice_two_rolls_left_brute_force():
    adv = advise_keep("3,2,1", ["XX", "1"], rolls_left=2)
    value = brute_value(3, ("XX", "1"), False)
    for o in adv.options:
        assert o.probability == value(tuple(sorted(o.keep)), 2), o


def test_keep_advice_locked_dice_are_out_of_play():
    # Maureen: the 6 on the Alchemist cannot join another 6 (rulebook, Example Turn)
    adv = advise_keep("6,4,3,3,2,1", ["XX"], rolls_left=0, locked="6")
    assert adv.best.probability == 1  # the two 3s pay it
    adv = advise_keep("6,4,3,2,1", ["XX"], rolls_left=0, locked="6")
    assert adv.best.probability == 0
    assert adv.to_json()["locked"] == [6]


def test_already_paid_keeps_everything():
    adv = advise_keep("5,5,5,5,1", "XXXX", rolls_left=2)
    assert adv.best.probability == 1
    assert adv.best.keep[:4] == (5, 5, 5, 5)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: parse_cost("XQ"), "unknown symbol 'Q'"),
        (lambda: parse_cost("X7"), "unknown symbol '7'"),
        (lambda: parse_costs([" "]), "no cost"),
        (lambda: success_probability(0, 3, "X"), "between 1 and 10"),
        (lambda: success_probability(11, 3, "X"), "between 1 and 10"),
        (lambda: success_probability(5, 0, "X"), "rolls must be between 1 and 5"),
        (lambda: success_probability(3, 3, ["XX", "XX"]), "need 4 dice but only 3"),
        (lambda: parse_dice("6,six"), "malformed"),
        (lambda: parse_dice("6,7"), "7 is not a die face"),
        (lambda: advise_keep("6,6", "XXX", 1), "need 3 dice"),
        (lambda: advise_keep("6,6,6", "XXX", 5), "rolls left"),
        (lambda: advise_keep("6,6,6,6,6,6", "XX", 1, locked="1,1,1,1,1"), "more than the 10"),
    ],
)
def test_bad_input_is_a_clear_error(call, message):
    with pytest.raises(InvalidInputError, match=message):
        call()


def test_probability_table_shape_and_values():
    t = probability_table([5, 6], [1, 2, 3], ["XXXX", "XX + XXX", "XXX XXX XX"])
    assert t.shape == (6, 5)
    row = t.filter((t["cost"] == "XXXX") & (t["dice"] == 5)).row(0, named=True)
    assert row["rolls_3"] == pytest.approx(float(success_probability(5, 3, "XXXX")))
    assert t.filter(t["cost"] == "XXX + XXX + XX")["rolls_1"].null_count() == 2


@settings(max_examples=200, deadline=None)
@dice_and_costs(7)
def test_find_payment_pays_exactly_when_can_pay(dice, texts, distinct):
    costs = parse_costs(texts)
    paid = find_payment(dice, costs, distinct_values=distinct)
    assert (paid is not None) == can_pay(counts_of(dice), costs, distinct_values=distinct)
    if paid is None:
        return
    used = [d for group in paid for d in group]
    left = list(dice)
    for d in used:
        left.remove(d)  # raises if the payment uses dice that are not there
    x_faces = []
    for group, cost in zip(paid, costs):
        assert brute_pays(group, (cost.text,), False)
        rest = list(group)
        for f in range(1, 7):
            for _ in range(cost.exact[f - 1]):
                rest.remove(f)
        if rest:
            x_faces.append(rest[0])
    if distinct:
        assert len(x_faces) == len(set(x_faces))


def test_advice_says_which_dice_pay_now():
    adv = advise_keep("6,6,6,3,2", "XXX", rolls_left=2)
    assert adv.payment == ((6, 6, 6),)
    assert adv.to_json()["pay_now"] == [[6, 6, 6]]
    assert advise_keep("6,6,4,3,2", "XXX", rolls_left=2).payment is None


@pytest.mark.parametrize(("dice", "costs"), [(5, "XXX"), (6, "5,5"), (7, "X,66"), (4, "1,2,3")])
def test_the_solver_lists_each_states_children_once(dice, costs, monkeypatch):
    # the fast simulator asks the solver for its tables in play (a coach's first answer in
    # a fresh process waits for them): each state's six children are canonicalised once,
    # and a state's parents (one die fewer) are exactly the states it is a child of
    from hordes_kit.fantahzee import odds

    cs = odds._key(parse_costs(costs))
    calls = []
    canon = odds._Solver.canon
    monkeypatch.setattr(odds._Solver, "canon", lambda self, c: calls.append(c) or canon(self, c))
    sv = odds._Solver(dice, cs, False)
    assert len(calls) <= 6 * len(sv.states) + 1  # three times as many before
    monkeypatch.undo()
    for i, s in enumerate(sv.states):
        fewer = {s[:f] + (s[f] - 1,) + s[f + 1 :] for f in range(6) if s[f]}
        assert sv.parents[i] == sorted({sv.state_id(x) for x in fewer})
        more = [s[:f] + (s[f] + 1,) + s[f + 1 :] for f in range(6)] if sum(s) < dice else []
        assert sorted(sv.children[i]) == sorted(
            (k, sum(sv.state_id(x) == k for x in more)) for k in {sv.state_id(x) for x in more}
        )
