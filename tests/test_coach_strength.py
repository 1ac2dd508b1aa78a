"""The coach's strength (issue 45 part 2): its games in batches are the same games as one at
a time, the coach as a bot spends its games where a move is ahead of the policy's, the lab
measures the coach against the best policy game by game, Skytear's coach plays the lab's best
sensible bot, and the shipped answers are the planned runs."""

from __future__ import annotations

import random

import numpy as np
import pytest
from demo_game import DemoState

from hordes_kit.core.coach import Coach, CoachRules, Measure, Outcome
from hordes_kit.core.coach_answer import mean_and_half
from hordes_kit.core.montecarlo import game_rng

DECK = ("c1", "c2", "c3", "c6", "c7", "c8", "c9")


def _demo() -> DemoState:
    """Seat 1 to move holding the 5 against the 4: staying wins surely, swapping 4 in 7."""
    return DemoState(players=2, deck=DECK, hands=("c4", "c5"), turn=1)


def _rollout(after, seat, seed, index):
    # a swap draws a 1-7 or 6-9 with game index's luck; staying keeps the 5
    won = after.history[-1] == "stay" or game_rng(seed, index).random() < 4 / 7
    return Outcome(float(won), None, (float(index % 3),))


def _rules(batch: bool, policy_move: str = "swap", calls: list | None = None) -> CoachRules:
    def rollouts(after, seat, seed, first, count):
        if calls is not None:
            calls.append(count)
        return [_rollout(after, seat, seed, g) for g in range(first, first + count)]

    return CoachRules(
        "a policy",
        _rollout,
        (Measure("a count"),),
        bot=lambda s, r: policy_move,
        rollouts=rollouts if batch else None,
    )


def test_games_in_batches_are_the_games_one_at_a_time():
    calls: list = []
    one = Coach(_demo(), _rules(False), seed=4).think(60, games=128)
    many = Coach(_demo(), _rules(True, calls=calls), seed=4).think(60, games=128)
    assert [(v.move, v.games, v.win, v.diff) for v in one.moves] == [
        (v.move, v.games, v.win, v.diff) for v in many.moves
    ]
    # without a clock each round is one batch a move: 32 games first (a move is dropped
    # only after 32), then doubling; swap is told apart below stay at 32 or 64
    assert calls[:2] == [32, 32] and len(calls) <= 4
    timed = Coach(_demo(), _rules(True), seed=4).think(0.5)
    assert timed.games > 0 and timed.moves[0].move == "stay"


def test_the_search_plays_on_only_while_another_move_is_ahead_of_the_policys():
    stay_policy = Coach(_demo(), _rules(True, "stay"), seed=2)
    stay_policy.think(60, games=32)
    assert not stay_policy.promising()  # stay won every game: nothing can pass it
    swap_policy = Coach(_demo(), _rules(True, "swap"), seed=2)
    swap_policy.think(60, games=8)
    assert swap_policy.promising()  # stay has won more of the same games than swap


def _close(after, seat, seed, index):
    # on the same luck staying wins whenever swapping does, and 1 game in 20 more: a
    # difference the first 32 games cannot tell apart
    u = game_rng(seed, index).random()
    return Outcome(float(u < (0.55 if after.history[-1] == "stay" else 0.5)), None, (0.0,))


def test_the_coach_bot_spends_its_games_where_a_move_is_ahead(monkeypatch):
    from hordes_kit.core import coach_bot

    played = {}
    for policy_move in ("stay", "swap"):
        calls: list = []

        def rules(game, p=policy_move, c=calls):
            def batch(after, seat, seed, first, n):
                c.append(n)
                return [_close(after, seat, seed, g) for g in range(first, first + n)]

            return CoachRules(
                "a policy", _close, (Measure("a count"),), bot=lambda s, r: p, rollouts=batch
            )

        monkeypatch.setattr(coach_bot, "rules_for", rules)
        move = coach_bot.coach_bot("demo", games=1024)(_demo(), random.Random(1))
        played[policy_move] = (move, sum(calls) // 2)
    # the policy's stay is ahead after 32 games: no more; against the policy's swap, stay is
    # ahead, so the search doubles until it is told apart above swap (99% sure)
    assert played["stay"] == ("stay", 32)
    assert played["swap"][0] == "stay" and 32 < played["swap"][1] <= 1024


def test_the_labs_difference_is_the_mean_of_the_per_game_differences():
    from hordes_kit.core.lab.report import paired
    from hordes_kit.core.lab.run import run_experiment
    from hordes_kit.core.lab.tasks import Arm, Experiment

    exp = Experiment(_coin, (Arm("policy", 0.30), Arm("coach", 0.34)), "won")
    res = run_experiment(exp, 600, seed=9)
    a, b = (_coin(p, 9, 0, 600) for p in (0.30, 0.34))
    mean, half = mean_and_half(list(b - a))
    d, lo, hi = res.difference(1, 0)
    assert d == pytest.approx(mean) and (lo, hi) == pytest.approx((mean - half, mean + half))
    rec = paired(res)
    assert rec["won_by_second_only"] == int(((b == 1) & (a == 0)).sum()) > 0
    assert rec["won_by_first_only"] == int(((a == 1) & (b == 0)).sum()) == 0
    assert rec["paired_low95"] > 0 and rec["paired"] == "coach minus policy, game by game"
    # far tighter than two separate rates' intervals side by side
    (l0, h0), (l1, h1) = res.interval(0), res.interval(1)
    assert hi - lo < 0.5 * ((h0 - l0) + (h1 - l1)) / 2


def _coin(p, seed, first, count):
    return np.array([int(game_rng(seed, g).random() < p) for g in range(first, first + count)])


def test_skytear_coach_plays_the_labs_best_sensible_bot():
    from hordes_kit.core.lab.report import read_answers
    from hordes_kit.skytear.coach import BEST, COACH
    from hordes_kit.skytear.lab import policy_name

    best = next(
        a for a in read_answers() if (a["game"], a["question"]) == ("skytear", "best-policy")
    )
    assert COACH.bot is BEST and policy_name(BEST) == best["winner"]


@pytest.mark.fast_simulators("skytear")
@pytest.mark.parametrize("players", [1, 2])
def test_skytears_batch_is_its_games_one_at_a_time(players):
    from hordes_kit.core.playout import play_steps
    from hordes_kit.skytear.coach import BEST, rollout, rollouts
    from hordes_kit.skytear.game import new_game

    seen = 0
    bots = {p: BEST for p in range(players)}
    for k, s in enumerate(play_steps(new_game({"players": players}), random.Random(3), bots)):
        if s.is_terminal or s.is_chance or len(s.legal_actions()) < 2 or k % 9:
            continue
        after = s.apply(s.legal_actions()[-1])
        seat = s.current_player
        assert list(rollouts(after, seat, 7, 3, 6)) == [
            rollout(after, seat, 7, g) for g in range(3, 9)
        ]
        seen += 1
        if seen == 8:
            break
    assert seen == 8


def test_a_two_arm_answer_says_the_difference_game_by_game():
    import io

    from hordes_kit.core.lab.cli import print_answer
    from hordes_kit.core.lab.report import answer_record
    from hordes_kit.core.lab.run import run_experiment
    from hordes_kit.core.lab.tasks import Arm, Experiment
    from hordes_kit.ui.lab import answers_html

    exp = Experiment(_coin, (Arm("policy", 0.30), Arm("coach", 0.34)), "won")
    res = run_experiment(exp, 600, seed=9)
    out = io.StringIO()
    print_answer(res, out)
    n = res.tally.total[1] - res.tally.total[0]
    assert f"Game by game, coach minus policy: {n / 600:+.2%}" in out.getvalue()
    assert f"games only coach won: {n:,}, only policy: 0" in out.getvalue()
    text = answers_html([answer_record("the-horde", "coach", "?", res, 9, 1.0)])
    assert f"Game by game, coach minus policy: <b>{n / 600:+.2%}</b>" in text
    assert f"games only coach won: {n:,}, only policy: 0." in text


def test_every_skytear_lab_question_is_asked_on_the_command_line(capsys):
    # the shipped coach answers' commands ("hordes-kit lab skytear coach-solo-2 ...") run
    from hordes_kit.cli import main
    from hordes_kit.skytear.lab import QUESTIONS

    def code(argv):
        try:
            return main(argv)
        except SystemExit as e:
            return e.code

    for q in QUESTIONS:
        assert code(["lab", "skytear", q.key, "--help"]) == 0, q.key
    assert code(["lab", "skytear", "coach-solo-9", "--help"]) == 2
    capsys.readouterr()


@pytest.mark.parametrize("game", ["the-horde", "heroes-hordes"])
def test_the_solo_games_coach_doubles_its_games_where_a_move_is_close(game):
    # The Horde's best policy survives ~3% of games and Heroes & Hordes' loses ~2.5%: 16
    # games a move told no better move apart, so the lab's coach plays 32 first and doubles
    # up to the game's most while another move leads the policy's (as Skytear's does)
    import importlib

    from hordes_kit.core.coach import DROP_AFTER

    module = importlib.import_module(f"hordes_kit.{game.replace('-', '_')}.lab")
    question = next(q for q in module.QUESTIONS if q.key == "coach")
    policy, coach = question.experiment().arms
    keyed = (True,) if game == "the-horde" else ()  # its games' luck keyed (KeyedLuck)
    assert policy.spec == (game, {}, 0, *keyed)
    assert coach.spec == (game, {}, module.COACH_GAMES, *keyed)
    assert module.COACH_GAMES > DROP_AFTER
    assert coach.label == f"The coach (up to {module.COACH_GAMES:,} simulated games a move)"
    assert "doubling while another move has won more of them" in question.about


@pytest.mark.fast_simulators("heroes_hordes")
def test_heroes_hordes_batch_is_its_games_one_at_a_time():
    # one fast-simulator call where the move leaves the position at its Fate draw, the
    # games one at a time where the turn must finish first: the same games either way
    from hordes_kit.core.playout import play_steps
    from hordes_kit.heroes_hordes.bots import get_policy
    from hordes_kit.heroes_hordes.coach import BEST, rollout, rollouts
    from hordes_kit.heroes_hordes.game import new_game

    at_draw = elsewhere = 0
    for s in play_steps(new_game({}), random.Random(5), {0: get_policy(BEST)}):
        if s.is_terminal or s.is_chance or len(s.legal_actions()) < 2:
            continue
        for move in s.legal_actions()[:2]:
            after = s.apply(move)
            assert list(rollouts(after, 0, 7, 3, 5)) == [
                rollout(after, 0, 7, g) for g in range(3, 8)
            ]
            at_draw += after.step == "draw"
            elsewhere += after.step != "draw"
        if at_draw >= 3 and elsewhere >= 3:
            break
    assert at_draw >= 3 and elsewhere >= 3


@pytest.mark.fast_simulators("the_horde")
def test_the_hordes_batch_is_its_games_one_at_a_time():
    # every purchase's position is played by one keyed fast-simulator call; a Healing Rock's
    # choice by the rules engine first: the same games either way
    from hordes_kit.core.playout import play_steps
    from hordes_kit.the_horde.bots import as_bot
    from hordes_kit.the_horde.coach import BEST, rollout, rollouts
    from hordes_kit.the_horde.game import new_game

    kinds = set()
    for seed in range(3, 40):
        for s in play_steps(new_game(), random.Random(seed), {0: as_bot(BEST)}):
            if s.is_terminal or s.is_chance or len(s.legal_actions()) < 2:
                continue
            for move in (s.legal_actions()[0], s.legal_actions()[-1]):
                after = s.apply(move)
                assert list(rollouts(after, 0, 7, 3, 5)) == [
                    rollout(after, 0, 7, g) for g in range(3, 8)
                ]
                kinds.add(move.split(":")[0])
        if {"buy", "flip", "done", "rock"} <= kinds:
            break
    assert {"buy", "flip", "done", "rock"} <= kinds
