"""Issue 42: co-op Scaleson games where Hatching reveals into Hatching must end.

A revealed Hatching conceals the next horde card in the lane it leaves; the fight step and
set-target abilities revealed that new card too, then the next, forever (thousands of
Hatchling tokens in the outsider pile and no result). By the book (CONCEALED HORDE CARDS)
the new face-down card waits for the end of the next alliance phase.
"""

from collections import deque

import pytest

from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import play_steps
from hordes_kit.skytear.bots import get_policy
from hordes_kit.skytear.fast.sim import run_fast
from hordes_kit.skytear.game import new_game


@pytest.mark.parametrize("seed", [4, 11, 27])
def test_hatching_games_end(seed):
    bot = get_policy("sensible")
    s0 = new_game({"players": 2, "hordes": ["Scaleson"], "difficulty": 3})
    steps = play_steps(s0, game_rng(8, seed), {p: bot for p in range(2)}, 3000)
    s = deque(steps, maxlen=1)[0]
    assert s.result, f"seed {seed}: no result after 3000 steps"
    assert len(s.outsider_pile) < 50


def test_fast_simulator_hatching_games_end():
    # run_fast(.., 40, 8): games 10 and 19 filled the outsider pile with Hatchlings (error 3)
    s0 = new_game({"players": 2, "hordes": ["Scaleson"], "difficulty": 3})
    rows = run_fast(s0, 40, 8)
    assert rows[:, 4].tolist() == [0] * 40
    assert all(r in (1, 2) for r in rows[:, 0].tolist())
