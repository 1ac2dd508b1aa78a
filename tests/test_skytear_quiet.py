"""The forecast's inner runs: a quiet log and answered steps change nothing but what is kept.

The forecast plays the rest of a turn through the rules engine keeping only the log lines
it reads (``QuietLog``), answering its players' "done" and "nobody draws" without listing
their choices, and stopping at the reinforce phase to recognise boards it has seen. Each
is only sound if the game goes exactly as it would without: no rule may read the log.
"""

from __future__ import annotations

import random

import pytest
from budget import sized

from hordes_kit.core.state import evolve
from hordes_kit.skytear.bench import reach
from hordes_kit.skytear.flow import advance, do, pending
from hordes_kit.skytear.forecast import _KEEP, _NUMBERS, ANSWERS, STOPS, forecast_choice
from hordes_kit.skytear.machine import Roll
from hordes_kit.skytear.state import QuietLog, quiet_log

STARTS = [({"players": p}, phase, 2, 1) for p in (1, 2) for phase in ("horde", "alliance")]
STARTS += [({"players": 2}, "horde", 3, seed) for seed in range(2, sized(4, 12))]


def _pick(x, rng):
    r = pending(x)
    if isinstance(r, Roll):
        return rng.choices([o[2] for o in r.outcomes], [float(o[1]) for o in r.outcomes])[0]
    return dict(r.options)[forecast_choice(x)]


@pytest.mark.parametrize("config,phase,turn,seed", STARTS)
def test_a_quiet_log_keeps_the_lines_read_and_the_game_goes_the_same(config, phase, turn, seed):
    """Two turns played from one position with the players' log and with a quiet log: the
    same positions at every step, and the quiet log is the full one's lines with the numbers
    the forecast counts or a kept rule (fails if a rule read the log, or emit dropped a line
    with a number)."""
    s = reach(config, phase, turn, seed)
    full, quiet = s, evolve(s, log=quiet_log(_KEEP, _NUMBERS))
    start, rng = len(s.log), random.Random(seed)
    steps = 0
    while pending(full) is not None and full.turn <= turn + 1:
        pick = _pick(full, rng)
        full, quiet = do(full, pick), do(quiet, pick)
        assert evolve(full, log=()) == evolve(quiet, log=())
        steps += 1
    assert steps > 5
    assert isinstance(quiet.log, QuietLog)
    kept = [e for e in full.log[start:] if e.rule in _KEEP or _NUMBERS & e.data.keys()]
    assert list(quiet.log) == kept
    assert len(kept) < len(full.log) - start  # lines were dropped: the test means something


def _to_chance(x, answers=None, stops=()):
    """On to the next chance node (or the end), the forecast's choices at each decision."""
    while True:
        if x.tasks and not x.result and x.tasks[0].kind in stops and not x.tasks[0].picks:
            x = advance(x, answers, stops)
            continue
        r = pending(x)
        if r is None or isinstance(r, Roll):
            return x
        x = do(x, dict(r.options)[forecast_choice(x)], answers, stops)


@pytest.mark.parametrize("config,phase,turn,seed", STARTS)
def test_answered_steps_and_stops_reach_the_same_positions(config, phase, turn, seed):
    """The forecast's way through two turns (its players' choices answered at once, a stop
    at the reinforce phase, ``advance`` past it) meets every chance node the plain way
    meets, in the same position (fails if an answer differed from the forecast's choice,
    or a stop skipped or repeated a step)."""
    s = reach(config, phase, turn, seed)
    rng = random.Random(seed)
    plain, fast = s, s
    nodes = 0
    while plain.turn <= turn + 1:
        plain, fast = _to_chance(plain), _to_chance(fast, ANSWERS, STOPS)
        assert evolve(fast, log=()) == evolve(plain, log=())
        if pending(plain) is None:
            break
        pick = _pick(plain, rng)
        plain, fast = do(plain, pick), do(fast, pick, ANSWERS, STOPS)
        nodes += 1
    assert nodes > 3


@pytest.mark.parametrize("enabled", [True, False])
def test_the_forecast_leaves_the_garbage_collector_as_it_found_it(enabled):
    """The forecast pauses the cyclic collector for its walk (``gc_paused``) and gives it
    back as it was, on or off, also when the walk fails (fails if it is left off, or
    switched on for a caller that had it off)."""
    import gc

    from hordes_kit.core.state import gc_paused
    from hordes_kit.skytear.forecast import forecast

    s = reach({}, "alliance", 2, 1)
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        forecast(s)
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError), gc_paused():
            assert not gc.isenabled()
            1 / 0  # noqa: B018
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
