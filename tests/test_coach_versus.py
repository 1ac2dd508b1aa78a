"""The coach head to head (core/coach_bot.py): in a competitive game its seat goes round
every table the lab question names (2 then 3 players) and every seat of each, and the
baseline arm is the best policy's own game, seat for seat, on the same luck; the Shadows
coach plays its simulated games on the fast simulator."""

from __future__ import annotations

import random

import pytest

from hordes_kit.core.coach_bot import coach_question, play_coach
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import playout
from hordes_kit.core.registry import get_game


@pytest.mark.fast_simulators("fantahzee")
def test_the_coachs_seat_goes_round_two_then_three_players():
    from hordes_kit.fantahzee.coach import COACH

    tables = ({"players": 2}, {"players": 3})
    got = play_coach(("fantahzee", tables, 0), 11, 0, 5)  # the baseline arm, games 0-4
    layouts = [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]
    for g, (n, seat) in enumerate(layouts):
        start = get_game("fantahzee").start({"players": n})
        end = playout(start, game_rng(11, g), {i: COACH.bot for i in range(n)})
        assert got[g] == int(end.returns()[seat] > 0), g
    arms = coach_question("shadows", "won", tables).experiment().arms
    assert [a.spec[1] for a in arms] == [tables, tables]


@pytest.mark.fast_simulators("shadows")
def test_the_shadows_coach_plays_its_games_on_the_fast_simulator():
    from hordes_kit.core.playout import play_steps
    from hordes_kit.shadows.coach import BEST, COACH, _engine
    from hordes_kit.shadows.fast.play import OUT_WON
    from hordes_kit.shadows.fast.position import run_from_position

    s = next(
        x
        for k, x in enumerate(
            play_steps(get_game("shadows").start({"players": 3}), random.Random(4))
        )
        if k > 60 and not x.is_chance and len(x.legal_actions()) > 1
    )
    seat = s.current_player
    row = run_from_position(s, (BEST,) * 3, 1, 9, 2)[0]
    won = [b for b in range(3) if (int(row[OUT_WON]) >> b) & 1]
    assert COACH.rollout(s, seat, 9, 2).win == (1 / len(won) if seat in won else 0.0)
    # the game's end (nothing for the simulator to play) is measured by the engine
    end = playout(s, game_rng(9, 2), {i: COACH.bot for i in range(3)})
    assert COACH.rollout(end, seat, 9, 2) == _engine(end, seat, 9, 2)


def test_the_shadows_coach_plays_the_labs_best_policy():
    from hordes_kit.core.lab.report import read_answers
    from hordes_kit.shadows.coach import BEST, COACH
    from hordes_kit.shadows.lab import policy_name

    best = next(
        a for a in read_answers() if (a["game"], a["question"]) == ("shadows", "best-policy")
    )
    assert policy_name(BEST.name) == best["winner"]
    assert COACH.bot.__name__ == BEST.name


@pytest.mark.parametrize("game", ["fantahzee", "shadows"])
def test_the_lab_command_asks_the_coach(game, capsys):
    from hordes_kit.cli import main

    try:
        main(["lab", game, "--help"])
    except SystemExit:
        pass
    assert "coach" in capsys.readouterr().out.split("{")[1].split("}")[0].split(",")
