"""KeyedLuck (core/playout.py): each chance node's outcome has its probability, a game is
the same for a name, and two games that part at a choice still draw the same luck."""

from __future__ import annotations

import copy
import pickle
import random
from fractions import Fraction

import pytest

from hordes_kit.core.playout import KeyedLuck, play_steps, playout
from hordes_kit.the_horde.bots import as_bot
from hordes_kit.the_horde.game import new_game


class _Node:
    """A chance node of a game with a turn: outcomes ``kind:<id>`` with these weights."""

    is_chance = True

    def __init__(self, turn: int, weights: dict[str, int], kind: str = "horde"):
        self.turn = turn
        total = sum(weights.values())
        self._outcomes = tuple((f"{kind}:{o}", Fraction(w, total)) for o, w in weights.items())

    def chance_outcomes(self):
        return self._outcomes


def test_each_outcome_comes_with_its_probability():
    luck = KeyedLuck("test:1")
    weights = {"a": 1, "b": 2, "c": 3, "d": 0}
    n = 12_000
    seen = {"horde:a": 0, "horde:b": 0, "horde:c": 0, "horde:d": 0}
    for i in range(n):  # each node the i-th of its kind on its turn: fresh luck every time
        seen[luck.outcome(_Node(i % 20, weights))] += 1
    assert seen["horde:d"] == 0
    for o, w in weights.items():
        p = w / 6
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(seen[f"horde:{o}"] - n * p) < 5 * sd + 1, (o, seen)


def test_a_node_draws_the_same_luck_whatever_else_the_deck_holds():
    """A deck one card apart still gives the same card in most draws (the point of the key);
    the plain generator, shifted by one draw, would agree only by chance."""
    same = 0
    for i in range(400):
        one = KeyedLuck(f"test:{i}").outcome(_Node(3, {"a": 4, "b": 4, "c": 4}))
        two = KeyedLuck(f"test:{i}").outcome(_Node(3, {"a": 4, "b": 5, "c": 4}))
        same += one == two
        assert one == KeyedLuck(f"test:{i}").outcome(_Node(3, {"a": 4, "b": 4, "c": 4}))
    assert same >= 360  # a card's own time does not move: only a win by the extra b changes it


def test_games_part_at_a_choice_and_still_meet_the_same_horde():
    """The Horde: the best policy's game, and one that ends its first Recruit phase at once
    instead, meet the same Horde cards on turn 1 under KeyedLuck; not under one plain stream
    that the first game's extra flips moved on."""
    parted = 0
    for i in range(30):
        a = [x for x in _draws(KeyedLuck(f"g:{i}"), None) if x[0] == 1]
        b = [x for x in _draws(KeyedLuck(f"g:{i}"), "done") if x[0] == 1]
        assert a == b
        pa = [x for x in _draws(random.Random(f"g:{i}"), None) if x[0] == 1]
        pb = [x for x in _draws(random.Random(f"g:{i}"), "done") if x[0] == 1]
        parted += pa != pb
    assert parted > 0  # the plain stream's games did part (the test can tell)


def _draws(luck, first_move: str | None):
    """The (turn, Horde card) draws of a game by the balanced policy, except that its first
    decision on turn 1 is ``first_move`` when that is legal."""
    bot = as_bot("balanced")
    state = {"first": first_move}

    def policy(s, rng):
        move = state["first"]
        state["first"] = None
        if move and move in s.legal_actions():
            return move
        return bot(s, rng)

    out = []
    steps = list(play_steps(new_game(), luck, {0: policy}, max_steps=400))
    for s, t in zip(steps, steps[1:]):
        if s.is_chance and s.step == "horde-draw":
            out.append((s.turn, t.history[-1]))
    return out


def test_a_game_is_the_same_for_a_name_and_the_generator_copies():
    bot = {0: as_bot("balanced")}
    one = playout(new_game(), KeyedLuck("hordes-kit:5:0"), bot)
    two = playout(new_game(), KeyedLuck("hordes-kit:5:0"), bot)
    assert one.key() == two.key()
    luck = KeyedLuck("x")
    luck.outcome(_Node(1, {"a": 1, "b": 1}))
    copies = (copy.deepcopy(luck), pickle.loads(pickle.dumps(luck)))
    assert all(c.getstate() == luck.getstate() and c.name == "x" for c in copies)
    nodes = [_Node(1, {"a": 1, "b": 1}) for _ in range(8)]
    expected = [luck.outcome(n) for n in nodes]
    assert all([c.outcome(n) for n in nodes] == expected for c in copies)


@pytest.mark.fast_simulators("the_horde")
def test_the_fast_simulators_keyed_games_are_the_games_of_the_rules():
    """Keyed numbers give the same game for a (seed, game) and the survival and length of
    numba's seeded games (50,000 each: a keyed number reused or biased would show)."""
    from hordes_kit.the_horde.fast.sim import run_fast

    keyed = run_fast("balanced", 50_000, 3, keyed=True)
    plain = run_fast("balanced", 50_000, 3)
    assert (run_fast("balanced", 50, 3, first=7, keyed=True) == keyed[7:57]).all()
    for col, top in ((1, 20),):
        a, b = keyed[:, col].astype(float), plain[:, col].astype(float)
        se = ((a.var() + b.var()) / 50_000) ** 0.5
        assert abs(a.mean() - b.mean()) < 5 * se, (a.mean(), b.mean())
        assert a.max() <= top
    for result in (0, 1, 2):  # survived, an unpaid tax, Chauncey killed: each as often
        p, q = (keyed[:, 0] == result).mean(), (plain[:, 0] == result).mean()
        se = ((p * (1 - p) + q * (1 - q)) / 50_000) ** 0.5
        assert abs(p - q) < 5 * se + 1e-4, (result, p, q)


@pytest.mark.fast_simulators("the_horde")
def test_the_coachs_games_after_two_purchases_keep_common_luck():
    """From turn 3's Recruit phase, the coach's games after buying a card and after ending
    the phase at once end on the same turn far more often with keyed luck (the coach's
    rollouts) than with each game's plain stream (the same games, numba's own generator)."""
    from hordes_kit.core.playout import play_until
    from hordes_kit.the_horde.coach import _handover, rollout
    from hordes_kit.the_horde.fast.sim import export, run_fast

    def plain_turn(state, i: int) -> int:
        stop = lambda x: _handover(x, state.turn)  # noqa: E731
        t = play_until(state, random.Random(i), {0: as_bot("balanced")}, stop)
        if t.is_terminal:
            return t.turn
        return int(run_fast("balanced", 1, 9, first=i, start=export(t))[0][1])

    keyed = plain = 0
    for seed in (3, 4, 5):
        s = next(
            s
            for s in play_steps(new_game(), random.Random(seed), {0: as_bot("balanced")})
            if not s.is_chance
            and s.turn >= 3
            and "done" in s.legal_actions()
            and any(a.startswith("buy:") for a in s.legal_actions())
        )
        buy = next(a for a in s.legal_actions() if a.startswith("buy:"))
        one, two = s.apply(buy), s.apply("done")
        for i in range(150):
            keyed += rollout(one, 0, 9, i).measures[0] == rollout(two, 0, 9, i).measures[0]
            plain += plain_turn(one, i) == plain_turn(two, i)
    assert keyed > 1.5 * plain, (keyed, plain)  # measured: 147 and 50 of 450
