"""A fast Fantahzee simulator (numba) for Monte Carlo at scale: whole games of the
``random`` and ``strong`` bots (and the strong bot's family, ``policy.py``), 2-5 players.

It plays the same rules and the same bots as the rules engine (``game.py`` +
``bots.py``) on one integer array per game, and must agree with it: fed the same chance
tape (``tape.py``) both play identical games, move for move
(tests/test_fantahzee_fast.py). The rules engine stays the source of truth.

Which module of this package holds what: ``engine`` (the position array, the small rule queries),
``moves`` (chance, moves, walking on), ``legal`` (the sorted legal moves),
``bot`` (the strong bot), ``plan`` (its attack planner and damage choice),
``party`` (its party solver), ``play`` (the game loop), ``tables`` (cards as
arrays, a rules-engine position as an array, moves back as action ids).

The strong bot's exact dice odds are the dice solver's own answers (``odds.py``), asked
for the first time a game needs them and kept for the process (``Tables``): the first
games of a process are slower while the tables fill.

For a caller (``simulate.py``, the strategy lab), one function::

    play_games(config, bots, games, seed=0, first=0) -> list[GameResult]

plays games ``first .. first + games - 1`` of the run seeded ``seed``: ``config`` is the
game's options (an ``FConfig`` or its dict: ``imperative``, ``distinct_values``, ``cards``;
``players`` is taken from ``bots``), ``bots`` one name per bot (``random``, ``strong`` or a
member of its family: ``strong-without:...``, ``strong-policy:...``; 2-5 of them); in
game g the b-th bot sits in seat (b + g) % players. Each ``GameResult``
holds the game's index, the winners (the bots' places in ``bots``; a shared win names each),
turns, whether it finished, moves, and each bot's XP, monsters and party size. Game g's
chance depends on (seed, g) alone, so chunks and worker processes never change a result.
Bad input gets the kit's own error; a config the simulator cannot play (a described
position, a card file beyond its sizes) too (``Unsupported``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np
from numba import types
from numba.typed import Dict

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.fastjit import njit
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.fantahzee.fast import engine as E
from hordes_kit.fantahzee.fast.bot import NPOL, POL_BONUS, POL_FAV, POL_FLIP, POL_MARGIN, POL_PARTY
from hordes_kit.fantahzee.fast.party import memo_grown, new_memo
from hordes_kit.fantahzee.fast.play import (
    AVOID_SHIFT,
    OUT_COLS,
    OUT_FIRST,
    OUT_MOVES,
    OUT_STATUS,
    OUT_TURNS,
    OUT_WON,
    OUT_XP,
    RANDOM,
    STRONG,
    run,
    workspace,
)  # fmt: skip
from hordes_kit.fantahzee.fast.tables import FastTables, Unsupported, export, move_id, tables
from hordes_kit.fantahzee.game import FState, new_game
from hordes_kit.fantahzee.odds import keep_table, success_probability
from hordes_kit.fantahzee.policy import StrongPolicy, policy_of
from hordes_kit.fantahzee.rules import MAX_PLAYERS, MIN_PLAYERS, FConfig
from hordes_kit.fantahzee.tape import BOT_NAMES

__all__ = [
    "BOT_CODES",
    "GameResult",
    "MAX_MOVES",
    "OUT_COLS",
    "OUT_FIRST",
    "Tables",
    "Unsupported",
    "export",
    "play_games",
    "run_fast",
    "play_tape_fast",
    "warm_up",
]

BOT_CODES = {"random": RANDOM, "strong": STRONG}
MAX_MOVES = 100_000  # simulate.MAX_MOVES: a game still going after this is unfinished
KVAL_LIMIT = 4_000_000  # keep-table rows held at most (64 MB); past it they are rebuilt
STATUS_TEXT = {
    E.TAPE_END: "the tape ran out",
    E.TOO_BIG: "more legal moves or dice than the fast simulator holds",
    E.BOT_ERROR: "the strong bot failed (the rules engine's would too)",
}


# The strong bot's dictionaries are made and written by compiled functions: numba's own
# dictionary functions, called from Python (``Dict.empty``, ``d[key] = value``), are
# compiled afresh in every process that does so (20 builds, 1.7 s of CPU in each test
# worker, page and pool worker that plays a strong bot), while these come from the cache.
_KEY3 = types.UniTuple(types.int64, 3)


@njit(cache=True)
def _new_dicts():
    """Empty ``SP``, ``KIDX``, ``PS`` and ``PID`` (see ``bot``)."""
    return (
        Dict.empty(key_type=types.int64, value_type=types.float64),
        Dict.empty(key_type=types.int64, value_type=types.int64),
        Dict.empty(key_type=types.int64, value_type=types.float64),
        Dict.empty(key_type=_KEY3, value_type=types.int64),
    )


@njit(cache=True)
def _put(table, key, value):
    table[key] = value


@njit(cache=True)
def _clear(table):
    table.clear()


class Tables:
    """The strong bot's tables for one card set, filled as games ask (see ``bot``)."""

    def __init__(self, cards: str = "") -> None:
        self.fast: FastTables = tables(cards)
        self.SP, self.KIDX, self.PS, self.PID = _new_dicts()
        self.PM = new_memo()
        self.KVAL = np.zeros((1 << 14, 2), np.float64)
        self.rows = 0
        self.ws = workspace()
        self.asked = 0  # values computed by the dice solver for the simulator

    @property
    def tb(self) -> tuple:
        return (self.SP, self.KIDX, self.PS, self.PM, self.PID)

    def _costs(self, key: int) -> tuple[int, int, list]:
        ids = [(key >> s) & 63 for s in (7, 13, 19)]
        return key & 15, (key >> 4) & 7, [self.fast.costs[i - 1] for i in ids if i]

    def fill(self) -> None:
        """Answer the request the simulator left in ``REQ`` with the dice solver."""
        kind, key = int(self.ws[2][0]), int(self.ws[2][1])
        if kind == 3:  # the party solver's memo is full
            self.PM = memo_grown(self.PM)
            return
        dice, rolls, costs = self._costs(key)
        self.asked += 1
        if kind == 1:
            _put(self.SP, key, float(success_probability(dice, rolls, costs)))
            return
        nums, _ = keep_table(dice, costs, rolls)
        if self.rows + len(nums) > KVAL_LIMIT:
            _clear(self.KIDX)
            self.rows = 0
        while self.rows + len(nums) > self.KVAL.shape[0]:
            self.KVAL = np.concatenate([self.KVAL, np.zeros_like(self.KVAL)])
        for j, num in enumerate(nums):
            hi = float(num)
            self.KVAL[self.rows + j, 0] = hi
            self.KVAL[self.rows + j, 1] = float(num - int(hi))  # exact: |num - hi| < 2**53
        _put(self.KIDX, key, self.rows)
        self.rows += len(nums)

    def arrays(self) -> tuple:
        f = self.fast
        return f.C, f.M, f.FV, f.COSTID


@lru_cache(maxsize=4)
def context(cards: str = "") -> Tables:
    """The process's tables for a config's card data ("" = the shipped file)."""
    return Tables(cards)


def _config(config: FConfig | Mapping | None, players: int) -> FConfig:
    """The game's config with ``players`` seats (a position in a config is refused)."""
    if isinstance(config, FConfig):
        cfg = config
    else:
        cfg = FConfig.from_dict({"players": players, **dict(config or {})})
    if cfg.players != players:
        cfg = replace(cfg, players=players)
    if cfg.position is not None:
        raise InvalidInputError(
            "the fast simulator plays whole games from the start: a config with a "
            "described position is played by the rules engine (engine='reference')"
        )
    return cfg


@lru_cache(maxsize=16)
def _new_game(cfg: FConfig) -> np.ndarray:
    return export(new_game(cfg))


def _policy_row(policy: StrongPolicy, fast: FastTables | None, bot: str) -> tuple[int, np.ndarray]:
    """A policy's code bits (its never-recruited heroes' hand rows from ``AVOID_SHIFT``) and
    its parameter row (``bot.POL_*``); ``fast`` None: the hero ids are not checked."""
    row = np.zeros(NPOL, np.float64)
    row[POL_MARGIN], row[POL_PARTY] = policy.margin, policy.party_bonus
    row[POL_BONUS], row[POL_FLIP] = policy.favour_bonus, policy.flip_chance
    if fast is None:
        return 0, row
    hero_ids = {h.id for h in fast.cards.heroes}
    mask = 0
    for what, heroes in (("leave out", policy.never), ("prefer", policy.favour)):
        for h in heroes:
            if h not in hero_ids:
                raise InvalidInputError(f"no hero {h!r:.40} to {what} (bot {bot!r:.60})")
            if what == "prefer":
                row[POL_FAV + fast.row(h)] = 1.0
            else:
                mask |= 1 << fast.row(h)
    return mask << AVOID_SHIFT, row


def _bot_codes(bots: Sequence[str], cards: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The bots' codes (``play``) and parameter rows (``bot.POL_*``): a member of
    the strong bot's family (``strong-without:<hero id>,...``, ``strong-policy:...``) is
    the strong bot with its never-recruited heroes' hand rows as bits from
    ``AVOID_SHIFT`` and its parameters in its row (``cards``: the config's card data;
    None: the names are only checked)."""
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise InvalidInputError(f"bots must be a list of bot names, got {bots!r:.40}")
    fast = tables(cards) if cards is not None else None
    codes, rows = [], []
    for b in bots:
        policy = policy_of(b) if isinstance(b, str) else None
        if policy is not None:
            bits, row = _policy_row(policy, fast, b)
            codes.append(BOT_CODES["strong"] | bits)
            rows.append(row)
            continue
        if b not in BOT_NAMES:
            raise InvalidInputError(
                f"unknown bot {b!r:.40}: choose from {', '.join(BOT_NAMES)}, "
                "strong-without:<hero id> or strong-policy:..."
            )
        codes.append(BOT_CODES[b])
        rows.append(_policy_row(StrongPolicy(), None, b)[1])
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise InvalidInputError(f"Fantahzee is for 2-5 players, got {len(bots)} bots")
    return np.array(codes, np.int64), np.array(rows, np.float64).reshape(len(bots), NPOL)


def _check(status: int, what: str) -> None:
    if status in STATUS_TEXT:
        raise RuntimeError(f"fast Fantahzee simulator, {what}: {STATUS_TEXT[status]}")


def run_fast(
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    first: int = 0,
    start: FState | np.ndarray | None = None,
    max_moves: int = MAX_MOVES,
    config: FConfig | Mapping | None = None,
) -> np.ndarray:
    """Games ``first .. first+games-1``: one row each (``play.OUT_*``: the bots that
    won as bits, turns, status, moves, each bot's XP, monsters and party size).

    From a new game of ``config`` the b-th bot sits in seat (b + g) % players in game g
    (as in ``simulate.py``); from ``start`` (a position, or ``export`` of one) in seat
    b. Game g's chance depends only on (seed, g)."""
    _bot_codes(bots)
    for what, v, top in (
        ("seed", seed, MAX_SEED),
        ("games", games, 10**9),
        ("first", first, MAX_SEED),
    ):
        if type(v) is not int or not 0 <= v <= top:
            raise InvalidInputError(f"{what} must be a whole number 0-{top}, got {v!r:.40}")
    if start is None:
        cfg = _config(config, len(bots))
        S0, rotate = _new_game(cfg), True
    else:
        cfg = start.config if isinstance(start, FState) else _config(config, len(bots))
        S0 = start if isinstance(start, np.ndarray) else export(start)
        rotate = False
        if int(S0[E.NPL]) != len(bots):
            raise InvalidInputError(
                f"the position has {int(S0[E.NPL])} seats, {len(bots)} bots given"
            )
    codes, pol = _bot_codes(bots, cfg.cards)
    ctx = context(cfg.cards)
    out = np.zeros((games, OUT_COLS), np.int64)
    S = np.zeros(E.SIZE, np.int64)
    G = np.zeros(2, np.int64)
    MV, W, REQ, R = ctx.ws
    while True:
        status = run(
            S0, S, R, G, codes, pol, rotate, seed, first, max_moves, out,
            *ctx.arrays(), (MV, W, REQ), ctx.tb, ctx.KVAL, EMPTY_TAPE, NO_TRACE,
        )  # fmt: skip
        if status == E.NEED:
            ctx.fill()
            continue
        _check(status, f"game {first + int(G[0])} of seed {seed}")
        return out


EMPTY_TAPE = np.zeros(0, np.float64)
NO_TRACE = np.zeros((0, 5), np.int64)


@dataclass(frozen=True)
class GameResult:
    """One fast game: who won (the bots' places in ``bots``; a shared win names each),
    turns played, whether it finished (else it was stopped after ``MAX_MOVES`` moves),
    moves, and each bot's XP, monsters defeated and party size at the end."""

    index: int
    winners: tuple[int, ...]
    turns: int
    finished: bool
    moves: int
    xp: tuple[int, ...]
    monsters: tuple[int, ...]
    party: tuple[int, ...]


def play_games(
    config: FConfig | Mapping | None,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    first: int = 0,
) -> list[GameResult]:
    """Games ``first .. first + games - 1`` of the run seeded ``seed`` (see the module
    docstring): one ``GameResult`` each, identical however a run is cut into chunks."""
    n = len(bots)
    rows = run_fast(bots, games, seed, first, config=config)
    return [
        GameResult(
            first + k,
            tuple(b for b in range(n) if (int(r[OUT_WON]) >> b) & 1)
            if r[OUT_STATUS] == E.FINISHED
            else (),
            int(r[OUT_TURNS]),
            int(r[OUT_STATUS]) == E.FINISHED,
            int(r[OUT_MOVES]),
            tuple(int(x) for x in r[OUT_XP : OUT_XP + n]),
            tuple(int(x) for x in r[OUT_XP + 5 : OUT_XP + 5 + n]),
            tuple(int(x) for x in r[OUT_XP + 10 : OUT_XP + 10 + n]),
        )
        for k, r in enumerate(rows)
    ]


def play_tape_fast(
    bots: Sequence[str],
    tape: Sequence[float],
    start: FState | None = None,
    max_moves: int | None = None,
    config: FConfig | Mapping | None = None,
) -> tuple[np.ndarray, list[str], int]:
    """One game on a tape (``tape.play_tape``'s rules, bot b in seat b): the final state
    array, every move's action id, and the status (``engine.FINISHED`` or ``CAPPED``)."""
    _bot_codes(bots)
    if start is None:
        start = new_game(_config(config, len(bots)))
    codes, pol = _bot_codes(bots, start.config.cards)
    S0 = export(start)
    S0[E.MOVES] = 0
    limit = MAX_MOVES * 10 if max_moves is None else max_moves
    trace = np.zeros((min(limit, 200_000), 5), np.int64)
    ctx = context(start.config.cards)
    MV, W, REQ, R = ctx.ws
    arr = np.asarray(tape, np.float64)
    S = np.zeros(E.SIZE, np.int64)
    G = np.zeros(2, np.int64)
    out = np.zeros((1, OUT_COLS), np.int64)
    while True:
        status = run(
            S0, S, R, G, codes, pol, False, 0, 0, limit, out,
            *ctx.arrays(), (MV, W, REQ), ctx.tb, ctx.KVAL, arr, trace,
        )  # fmt: skip
        if status == E.NEED:
            ctx.fill()
            continue
        _check(status, "a tape game")
        n = min(int(S[E.MOVES]), trace.shape[0])
        return S, [move_id(ctx.fast, trace[k]) for k in range(n)], status


def warm_up() -> float:
    """Compile (or load from numba's cache) the simulator: one game; the seconds it took."""
    t = time.perf_counter()
    run_fast(("strong", "random"), 1)
    memo_grown(new_memo(2))  # what a long search does when the party memo fills
    return time.perf_counter() - t
