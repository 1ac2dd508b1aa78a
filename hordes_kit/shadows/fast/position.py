"""The fast Shadows simulator played on from a rules-engine position: ``export`` (the
position as the simulator's array) and ``sim`` (the simulator) meet here, so neither imports
the other. The coach plays its games through ``run_from_position``; the tests compare
``play_tape_from_position`` with the engine on the same chance tape."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast import sim
from hordes_kit.shadows.fast.export import export, exported_heroes
from hordes_kit.shadows.fast.export import warm_up as _warm_positions
from hordes_kit.shadows.fast.resume import FROM_COLS, play_tape_from, run_from
from hordes_kit.shadows.fast.sim import MAX_MOVES, move_id, policy_row
from hordes_kit.shadows.fast.tables import FastTables, Unsupported, tables
from hordes_kit.shadows.policy import SensiblePolicy

__all__ = ["Unsupported", "run_from_position", "play_tape_from_position", "warm_up"]


def _from(start: np.ndarray, bots: Sequence[str | SensiblePolicy], tb: FastTables) -> tuple:
    """The tables, the bots' rows and the Heroes of an exported position (``export``)."""
    players = int(start[K.G_N])
    if len(bots) != players:
        raise InvalidInputError(f"give {players} bots, one a seat")
    heroes = exported_heroes(start)
    if (heroes < 0).any():
        raise Unsupported("a Hero is still to be chosen: the rules engine plays the setup")
    return np.stack([policy_row(b, tb) for b in bots]), heroes


def run_from_position(
    state, bots: Sequence[str | SensiblePolicy], games: int, seed: int = 0, first: int = 0
) -> np.ndarray:
    """Games ``first ..`` of ``seed`` played on from the engine's ``state`` (seat b plays
    ``bots[b]``): one row of ``resume.FROM_COLS`` a game (``OUT_*``, then each seat's
    Experience from ``resume.FROM_XP`` and Monsters defeated from ``resume.FROM_MON``)."""
    if not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be 0-{MAX_SEED:,}")
    tb = tables(state.config.cards)
    S0 = export(state)
    pols, heroes = _from(S0, bots, tb)
    out = np.zeros((games, FROM_COLS), np.int64)
    if games:
        S = np.zeros(K.SIZE, np.int64)
        run_from(S0, S, np.zeros(0), np.zeros(0, np.int64), tb.tb, pols, heroes, seed, first,
                 games, out, MAX_MOVES)  # fmt: skip
    return out


def play_tape_from_position(
    state, bots: Sequence[str | SensiblePolicy], tape: Sequence[float], max_moves: int = MAX_MOVES
) -> tuple[int, tuple[int, ...], int, list[str]]:
    """The engine's ``state`` played on with a chance tape (``tape.continue_tape``'s game):
    its status (0 finished), the winning seats, the rounds and the moves from here."""
    tb = tables(state.config.cards)
    S = export(state)
    pols, heroes = _from(S, bots, tb)
    rec = np.zeros(max_moves + 1, np.int64)
    us = np.asarray(tape, np.float64)
    status, won, rounds, nrec = play_tape_from(S, tb.tb, pols, heroes, us, rec, max_moves)
    moves = [move_id(int(m), tb) for m in rec[: min(int(nrec), len(rec))]]
    winners = tuple(k for k in range(len(bots)) if (int(won) >> k) & 1)
    return int(status), winners, int(rounds), moves


def warm_up() -> None:
    """Compile (or load from numba's cache) the simulator: whole games of each kind it
    plays, then games played on from positions."""
    sim.warm_up()
    _warm_positions()
