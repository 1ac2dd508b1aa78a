"""The fast Heroes & Hordes simulator from a position in the middle of a game agrees with the
reference engine, and the board's odds and search use it (test_heroes_hordes_fast.py: from
the start). A file of its own so the two halves run on two test workers.
"""

from __future__ import annotations

import numpy as np
import pytest
from budget import sized

from hordes_kit.core.montecarlo import wilson_interval
from hordes_kit.heroes_hordes.fast.sim import POLICY_CODES, run_fast, tables
from hordes_kit.heroes_hordes.simulate import simulate
from hordes_kit.heroes_hordes.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("heroes_hordes")

CODE = {"win": 0, "tie": 1, "loss": 2}
Z99 = 2.5758293035489004


def _positions():
    """Mid-game positions waiting for a Fate draw (one with Spy-revealed cards on top)."""
    import random

    from hordes_kit.core.playout import play_steps
    from hordes_kit.heroes_hordes.bots import get_policy
    from hordes_kit.heroes_hordes.game import new_game

    found, spied = [], None
    for seed, turn in ((1, 6), (2, 18), (3, 30), (4, 45), (5, 99), (6, 99), (7, 99)):
        for s in play_steps(new_game(), random.Random(seed), {0: get_policy("greedy")}):
            if s.is_terminal:
                break
            if s.step == "draw" and s.known and spied is None:
                spied = s
            if s.step == "draw" and s.turn == turn:
                found.append(s)
                break
    assert spied is not None
    return [*found, spied]


def test_games_from_a_position_match_the_reference():
    """From mid-game positions, fed the same tape, both engines play identical games."""
    from hordes_kit.heroes_hordes.fast.sim import export, play_tape_from

    tb = tables()
    idx = {c: i for i, c in enumerate(tb.ids)}
    code = {"win": 0, "tie": 1, "loss": 2}
    positions = _positions()
    assert any(p.tokens for p in positions) and any(p.known for p in positions)
    for k, start in enumerate(positions):
        exported = export(start)
        deck = set(start.deck)
        for policy in POLICY_CODES:
            for seed in range(sized(5, 40)):
                tape = make_tape(1000 * k + seed)
                ref = play_tape(policy, tape, start=start)
                order = [idx[c] for c in start.known] + [idx[c] for c in tape.order if c in deck]
                fast = play_tape_from(exported, order, tape.numbers, policy)
                assert fast == (code[ref.result], ref.tokens, ref.turn), (k, policy, seed)


def test_rates_from_a_position_agree():
    """Fast odds from a position lie in the reference engine's 99% intervals."""
    from hordes_kit.heroes_hordes.fast.sim import export

    start = _positions()[2]
    ref = simulate("greedy", sized(150, 1000), seed=4, start=start, engine="reference")
    fast = run_fast("greedy", 20_000, seed=4, start=export(start))
    for outcome, c in CODE.items():
        lo, hi = wilson_interval(ref.results.get(outcome, 0), ref.games, Z99)
        p = float(np.mean(fast[:, 0] == c))
        assert lo <= p <= hi, f"{outcome}: fast {p:.4f} outside reference 99% [{lo}, {hi}]"
    assert (fast[:, 2] >= start.turn).all()


def test_board_win_odds_at_a_draw_and_in_the_middle_of_a_turn():
    """The board's odds use the fast simulator from its current position."""
    from hordes_kit.ui.common import percent
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    board = HHBoard(seed=3)
    for step in ("defend", "draw"):
        for _ in range(500):
            if board.state.turn > 5 and board.state.step == step:
                break
            board.bot_move()
        assert board.state.step == step
        before = board.state
        board.win_odds(games=100)  # (from the defend step each game's turn is played out
        # by the reference engine: a hundred games are enough to show the board's numbers)
        expected = simulate("lookahead", 100, seed=len(before.history), start=before)
        assert expected.engine == "fast" and board.state is before
        assert "How 100 games end from this position when the lookahead bot plays on" in (
            board.odds_out.value
        )
        for outcome in ("win", "tie", "loss"):
            assert f"<td style='padding:3px 10px'>{percent(expected.rate(outcome))}</td>" in (
                board.odds_out.value
            )


def test_board_search_is_a_list_with_the_most_force_first():
    """Summon/Resurrection offer dozens of cards: a list, best first, and one button."""
    from hordes_kit.heroes_hordes.bots import get_policy
    from hordes_kit.ui.controls import SearchableChoice
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    for seed in range(20):
        board = HHBoard(seed=seed)
        for _ in range(400):
            if board.state.step in ("search", "over"):
                break
            board.bot_move()
        if board.state.step == "search":
            break
    else:
        pytest.fail("no search step in 20 games")
    pick, put = board.search_box.children
    assert isinstance(pick, SearchableChoice) and put.description.startswith("Put ")
    names = {board.state.card(a.split(":")[1]).name for a in board.state.legal_actions()}
    assert len(pick.options) == len(names) > 10  # one entry per card name, searchable
    # the preselected card is the lookahead bot's choice, and the button plays the selection
    assert pick.value == get_policy("lookahead")(board.state, None)
    assert "force" in board.advice.value and "hk-ranked" in board.advice.value
    # a typo is refused with a suggestion; a name typed in any case is chosen
    last_name, last = pick.options[-1]
    assert not board.search(last_name + "x") and "Did you mean" in pick.message.value
    assert board.search(last_name.upper())
    before = len(board.state.history)
    put.click()
    assert board.state.history[before] == last
