"""The fast The Horde simulator agrees with the reference engine (the source of truth).

1. Fed the same chance tape, both play identical games: 60 seeded games per policy
   (1,000 in `make test-long`),
   compared on the result, the last turn, the Crowns left and the chance numbers used.
2. Over 20,000 fast games per policy (100,000 in `make test-long`), the survival, tax
   and Chauncey rates lie inside the 99% intervals of the reference engine's games on
   uniformly random tapes.
3. From a position in the middle of a game, the fast simulator (after the reference
   engine plays out the turn) agrees with the reference engine alone; from every position
   where it takes over (also in games of other policies), on the same tape, it plays the
   reference engine's game.
"""

from __future__ import annotations

import numpy as np
import pytest
from budget import sized

from hordes_kit.core.montecarlo import wilson_interval
from hordes_kit.core.playout import play_steps
from hordes_kit.the_horde.bots import POLICIES, as_bot
from hordes_kit.the_horde.fast.sim import (
    START_STEPS,
    export,
    play_fast,
    play_tape_fast,
    policy_arrays,
    run_fast,
    tables,
)
from hordes_kit.the_horde.game import new_game
from hordes_kit.the_horde.simulate import simulate
from hordes_kit.the_horde.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("the_horde")

# reference games per policy: each must be the fast engine's game on the same tape (the
# proof); their rate's 99% interval is what the fast rate at scale must lie in
GAMES = sized(60, 1000)
# the fast rate's own 99% error at 20,000 games is an eighteenth of the half-width of the 60
# reference games' interval it must lie in (sqrt(60/20,000)): the same test as at 100,000
FAST_GAMES = sized(20_000, 100_000)
CODE = {"win": 0, "taxes": 1, "chauncey": 2}
Z99 = 2.5758293035489004


@pytest.fixture(scope="module", params=list(POLICIES))
def reference_games(request):
    policy = request.param
    tb = tables()
    pa = policy_arrays(policy)
    rows = []
    for seed in range(GAMES):
        tape = make_tape(seed)
        ref, used = play_tape(policy, tape)
        fast = play_tape_fast(np.array(tape), False, pa, tb.cards, tb.horde, tb.turns, tb.setup)
        rows.append(((CODE[ref.result], ref.turn, ref.crowns, used), tuple(int(x) for x in fast)))
    return policy, rows


@pytest.mark.slow
def test_identical_games_on_the_same_tape(reference_games):
    policy, rows = reference_games
    differ = [i for i, (ref, fast) in enumerate(rows) if ref != fast]
    assert not differ, f"{policy}: games {differ[:5]} differ: {[rows[i] for i in differ[:3]]}"
    assert len({r for r, _ in rows}) > 20  # the games really differ from each other


@pytest.mark.slow
def test_rates_agree_at_scale(reference_games):
    policy, rows = reference_games
    fast = simulate(policy, FAST_GAMES, seed=2026, engine="fast", workers=2)
    assert fast.games == FAST_GAMES
    for outcome, code in CODE.items():
        k = sum(ref[0] == code for ref, _ in rows)
        lo, hi = wilson_interval(k, GAMES, Z99)
        p = fast.count(outcome) / fast.games
        assert lo <= p <= hi, f"{policy} {outcome}: fast {p:.4f} outside reference 99% [{lo}, {hi}]"


def test_workers_do_not_change_results():
    one = simulate("balanced", 3000, seed=9)
    two = simulate("balanced", 3000, seed=9, workers=2)
    assert one.outcomes == two.outcomes and one.engine == "fast"
    assert one.curve()["alive"][0] == 1.0 and one.curve()["alive"][-1] == one.survival


@pytest.mark.parametrize(
    "step, played, turn",
    [("horde-draw", "balanced", 2), ("defender", "balanced", 2), ("recruit", "defenders", 3)],
)
def test_from_a_position_fast_agrees_with_the_reference_engine(step, played, turn):
    # horde-draw: the fast simulator starts there itself; defender: the reference engine
    # plays out the turn first; recruit after the defenders policy's turns: a position the
    # balanced policy never reaches (the coach's checks start from such positions)
    for state in play_steps(new_game(), 11, {0: as_bot(played)}):
        if state.turn == turn and state.step == step:
            break
    assert not state.is_terminal and state.step == step
    ref = simulate("balanced", sized(60, 600), seed=1, start=state, engine="reference")
    fast = simulate("balanced", 3000, seed=2, start=state)
    assert fast.engine == "fast" and fast.start_turn == turn
    for outcome in CODE:
        lo, hi = wilson_interval(ref.count(outcome), ref.games, Z99)
        assert lo <= fast.count(outcome) / fast.games <= hi, outcome


def _engine_from(state, tape) -> tuple[int, int, int, int]:
    """The reference engine from ``state`` on ``tape`` under balanced, as ``play_fast`` rows."""
    end, used = play_tape("balanced", tape, start=state)
    return CODE[end.result], end.turn, end.crowns, used


@pytest.mark.parametrize("played", ["balanced", "defenders", "thrifty"])
def test_from_any_position_both_engines_play_the_same_game_on_the_same_tape(played):
    # every position where the fast simulator can take over, along games of a policy
    # (defenders, thrifty: positions balanced never reaches, as the coach's checks start
    # from): balanced on the same tape plays the same game in both engines
    tb, pa = tables(), policy_arrays("balanced")
    compared = 0
    for seed in range(sized(1, 12)):
        for k, state in enumerate(play_steps(new_game(), seed, {0: as_bot(played)})):
            if state.is_terminal or state.step not in START_STEPS:
                continue
            tape = make_tape(1000 * seed + k)
            zr, zh, vb, sc = export(state)
            fast = play_fast(
                np.array(tape), False, pa, tb.cards, tb.horde, tb.turns, tb.setup, zr, zh, vb, sc
            )
            assert tuple(int(x) for x in fast) == _engine_from(state, tape), (seed, k, state.step)
            compared += 1
    assert compared >= 3


def test_the_tape_running_out_is_reported_not_guessed():
    tb = tables()
    r = play_tape_fast(
        np.array(make_tape(1, numbers=20)),
        False,
        policy_arrays("balanced"),
        tb.cards,
        tb.horde,
        tb.turns,
        tb.setup,
    )
    assert r[0] == 3


def test_fast_rows_are_sane():
    out = run_fast("defenders", 5000, seed=3)
    assert set(np.unique(out[:, 0])) <= {0, 1, 2}
    assert out[:, 1].min() >= 1 and out[:, 1].max() <= 20
    assert (out[out[:, 0] == 0, 1] == 20).all()


FAMILY = (
    POLICIES["balanced"].tuned(
        name="late-phase",
        late_from=8,
        late_wants=("knight", "bomb", "flame-thrower", "cow"),
        late_reserve_turns=2,
        late_extra_flips=1,
        heal_from=5,
        heal_min_down=2,
        rich_at=9,
    ),
    POLICIES["thrifty"].tuned(
        name="rush", late_from=3, late_wants=("bomb", "trees"), rich_at=4, heal_from=12
    ),
)


@pytest.mark.parametrize("policy", FAMILY, ids=[p.name for p in FAMILY])
def test_the_lab_family_plays_the_same_games_in_both_engines(policy):
    """The lab's richer buying/healing family (bots.Policy's late_*, heal_*, rich_at)."""
    from budget import sized

    tb = tables()
    pa = policy_arrays(policy)
    results = set()
    for seed in range(sized(40, 500)):
        tape = make_tape(seed)
        ref, used = play_tape(policy, tape)
        fast = play_tape_fast(np.array(tape), False, pa, tb.cards, tb.horde, tb.turns, tb.setup)
        mine = (CODE[ref.result], ref.turn, ref.crowns, used)
        assert mine == tuple(int(x) for x in fast), (policy.name, seed)
        results.add(mine)
    assert len(results) > 20


def test_the_family_changes_play():
    """Each new parameter changes the games: a late phase, healing rules, rich flips."""
    base = POLICIES["balanced"]
    runs = {
        p.name: run_fast(p, 3000, seed=4)[:, :].tolist()
        for p in (
            base,
            base.tuned(name="late", late_from=6, late_wants=("knight",)),
            base.tuned(name="heal", heal_from=15),
            base.tuned(name="fewer-flips", extra_flips=0),
            base.tuned(name="rich", extra_flips=0, rich_at=5),
        )
    }
    assert len({str(v) for v in runs.values()}) == 5
