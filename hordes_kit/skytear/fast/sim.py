"""The fast Skytear Horde simulator (numba) for Monte Carlo at scale, sensible bot only.

It plays the same rules and the same bot as the rules engine (``game.py`` + ``bots.py``),
mirrored module by module in this package (``core``, ``stats``, ``board``, ``targets``,
``tasks``, ``turn``, ``treachery``, ``draws``, ``phases``, ``fight``, ``effects``, ``bot``,
``run``), and must agree with it: fed
the same chance tape (``tape.py``) both play identical games (tests/test_skytear_fast.py).
The rules engine stays the source of truth; this never replaces it. Standard games only;
a card file using something the fast simulator does not play falls back to the engine.

numba caches each compiled function keyed on its own file only, while a caller's build holds
the code of everything it calls, so an edit to one module of this package would leave stale
builds in use: every cached build is dropped when any of the sources changes
(``_drop_stale_cache``).
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from pathlib import Path

import numpy as np

from hordes_kit.core.fastjit import njit
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import play_until, playout
from hordes_kit.skytear.bots import SENSIBLE, Sensible, sensible_policy
from hordes_kit.skytear.fast.board import deck_size
from hordes_kit.skytear.fast.core import (
    O_REC,
    S_CHP,
    S_ERR,
    S_NPL,
    S_NREC,
    S_RESULT,
    S_TAPE,
    S_TURN,
)
from hordes_kit.skytear.fast.export import export, set_policy
from hordes_kit.skytear.fast.refuse import unplayable
from hordes_kit.skytear.fast.run import run
from hordes_kit.skytear.fast.tables import compile_tables
from hordes_kit.skytear.game import SkyState, new_game
from hordes_kit.skytear.rules import SkyConfig
from hordes_kit.skytear.setup import setup_position

__all__ = ["supports", "can_play", "fast_chunk", "run_fast", "play_tape_fast", "warm_up", "seed64"]

MAX_STEPS = 200_000
HERE = Path(__file__).parent  # this package: skytear/fast
# the modules whose code or constants the compiled simulator holds: this package's, and the
# game's vocabulary and rules
SOURCES = ("*.py", "../vocabulary.py", "../rules.py")


def _drop_stale_cache(cache: Path = HERE / "__pycache__") -> bool:
    """Delete numba's cached builds of the fast modules if their sources changed; True if so."""
    digest = hashlib.sha256()
    for pattern in SOURCES:
        for f in sorted(HERE.glob(pattern)):
            digest.update(f.name.encode() + b"\0" + f.read_bytes())
    stamp = cache / "sim.sources"
    try:
        if stamp.read_text() == digest.hexdigest():
            return False
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        modules = {f.stem for f in HERE.glob("*.py")}
        for f in cache.glob("*.nb[ic]"):  # every module: callers hold callees' code
            if f.name.split(".", 1)[0] in modules:
                f.unlink(missing_ok=True)
        tmp = cache / f"sim.sources.{os.getpid()}"
        tmp.write_text(digest.hexdigest())
        tmp.replace(stamp)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass
    return True


_drop_stale_cache()


def seed64(seed: int, index: int) -> int:
    """A 63-bit seed for game ``index`` of a run seeded ``seed`` (any size of int), deterministic.

    >>> seed64(0, 0) == seed64(0, 0), seed64(0, 1) != seed64(0, 0)
    (True, True)
    """
    x = (seed * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) % (1 << 64)
    x ^= x >> 31
    x = (x * 0xBF58476D1CE4E5B9) % (1 << 64)
    x ^= x >> 27
    return x % (1 << 63)


def _start_state(config, start):
    if start is not None:
        return start
    cfg = config if isinstance(config, SkyConfig) else SkyConfig.from_dict(dict(config or {}))
    return setup_position(cfg)


def supports(state) -> str:
    """Why the fast simulator cannot take this very position over ("" when it can)."""
    _, _, why = export(state)
    return why


def can_play(state) -> str:
    """Why the fast simulator cannot play this game at all ("" when it can: a position with a
    half-made choice is played on by the engine to the next one it can take over)."""
    if state.config.mode != "standard":
        return "the fast simulator plays standard games, not campaigns"
    t = compile_tables(state.cards)
    return t if isinstance(t, str) else unplayable(state, t)


@njit(cache=True, _nrt=False)
def _games(S0, C, A, E, P, U, seeds, out, S):
    for g in range(seeds.shape[0]):
        for i in range(S0.shape[0]):  # S: the caller's buffer (see fast/core.py: no allocation)
            S[i] = S0[i]
        np.random.seed(seeds[g])
        run(S, C, A, E, P, U, MAX_STEPS)
        out[g, 0] = S[S_RESULT]
        out[g, 1] = S[S_TURN]
        out[g, 2] = S[S_CHP]
        empty = 0
        for seat in range(S[S_NPL]):
            if deck_size(S, seat) == 0:
                empty = 1
        out[g, 3] = empty
        out[g, 4] = S[S_ERR]


# no tape: the generator seeded per game (an argument, not a global: a global array is
# typed read-only, which would compile the whole simulator a second time for a tape)
NO_TAPE = np.zeros(0, np.float64)


def run_fast(
    state_or_config, games: int, seed: int, first: int = 0, policy: Sensible = SENSIBLE
) -> np.ndarray:
    """Play ``games`` games from a position (or a new game of a config) by a member of the
    sensible bot's family; one row per game: result (1 win, 2 loss), turn, castle health, a
    deck empty (0/1), error code."""
    s = state_or_config
    if not hasattr(s, "tasks"):
        s = _start_state(state_or_config, None)
    S0, t, why = export(s)
    if why:
        raise ValueError(why)
    set_policy(S0, policy)
    seeds = np.array([seed64(seed, first + i) for i in range(games)], np.int64)
    out = np.zeros((games, 5), np.int64)
    _games(S0, t.C, t.A, t.E, t.P, NO_TAPE, seeds, out, np.empty_like(S0))
    return out


def _reference_row(start, seed: int, g: int) -> tuple:
    """One game in the rules engine (a game the fast simulator has no room for)."""
    x = playout(start, game_rng(seed, g), {p: sensible_policy for p in range(start.num_players)})
    return (1 if x.result == "win" else 2, x.turn, x.castle_hp, int(x.castle_hp > 0), 0)


def _tally(rows) -> Counter:
    tally: Counter = Counter()
    for result, turn, castle, _empty, _err in rows:
        res = {1: "win", 2: "loss"}.get(int(result), "unfinished")
        tally[("result", res)] += 1
        why = "win" if result == 1 else "castle destroyed" if castle <= 0 else "deck empty"
        tally[("why", why)] += 1
        tally[("turns", int(turn))] += 1
    return tally


def fast_chunk(config, seed: int, start, first: int, count: int) -> Counter:
    """The tally of games ``first`` .. ``first + count - 1`` (``simulate``'s fast path).

    From a position the fast simulator cannot take over (a choice half made), each game is
    played on by the rules engine to the next position it can, then handed over.
    """
    s = _start_state(config, start)
    if not supports(s):
        rows = [tuple(r) for r in run_fast(s, count, seed, first)]
        if any(r[4] for r in rows):  # out of room (a card with 9 attachments...): the engine
            ref = s if isinstance(s, SkyState) else new_game(config)
            rows = [
                r if not r[4] else _reference_row(ref, seed, first + i) for i, r in enumerate(rows)
            ]
        return _tally(rows)
    rows = []
    for g in range(first, first + count):
        bot = {p: sensible_policy for p in range(s.num_players)}
        x = play_until(s, game_rng(seed, g), bot, lambda y: not supports(y))
        if x.is_terminal:
            castle = x.castle_hp
            rows.append((1 if x.result == "win" else 2, x.turn, castle, int(castle > 0), 0))
            continue
        rows.append(tuple(run_fast(x, 1, seed, g)[0]))
    return _tally(rows)


def play_tape_fast(
    start: SkyState, tape, policy: Sensible = SENSIBLE
) -> tuple[np.ndarray, list[int]]:
    """One game in the fast simulator with chance from a tape: final S, the cards drawn."""
    S, t, why = export(start)
    if why:
        raise ValueError(why)
    set_policy(S, policy)
    S[S_TAPE] = 0
    run(S, t.C, t.A, t.E, t.P, np.asarray(tape, np.float64), MAX_STEPS)
    rec = [t.ids[int(c)] for c in S[O_REC : O_REC + S[S_NREC]]]
    return S, rec


def warm_up() -> None:
    """Compile (or load) the fast simulator once."""
    run_fast(new_game({}), 1, 0)
