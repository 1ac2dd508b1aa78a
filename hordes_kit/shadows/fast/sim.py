"""A fast Shadows simulator (numba) for Monte Carlo at scale: whole games of the sensible
bot and its family (``policy.py``), 2 and 3 players, every table rule (``library``,
``mulligan``, ``unmet``).

It plays the same rules and the same bots as the rules engine (``game.py`` + ``bots.py``)
on one integer array per game, and must agree with it: fed the same chance tape
(``tape.py``) both play identical games, move for move (tests/test_shadows_fast.py). The
rules engine stays the source of truth. Which module of this package holds what: its
``__init__.py``.

For a caller (``simulate.py``, the strategy lab)::

    run_fast(heroes, bots, games, seed=0, first=0, rules=None, rotate=False) -> array

plays games ``first .. first + games - 1`` of the run seeded ``seed``: player b plays the
Hero ``heroes[b]`` (or, given rows of Heroes, the row of the game's turn) with the bot
``bots[b]``, at seat b (or b + g, round the table, in game g when ``rotate``). One row per
game: ``OUT_STATUS`` (0 finished), ``OUT_WON`` (a bit per player: a shared victory sets
several), ``OUT_ROUNDS``, ``OUT_MOVES`` and each player's final Shadow Stones. Game g's
chance depends on (seed, g) alone. What it cannot play (a random bot, a described position,
a card file beyond its sizes) is refused in words (``Unsupported``): the caller plays the
rules engine instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.bot import NPOL
from hordes_kit.shadows.fast.play import (
    OUT_COLS,
    OUT_MOVES,
    OUT_ROUNDS,
    OUT_STATUS,
    OUT_STONES,
    OUT_WON,
    play_tape,
    run,
)  # fmt: skip
from hordes_kit.shadows.fast.tables import FastTables, Unsupported, tables
from hordes_kit.shadows.policy import PREFER, TEAMUP, SensiblePolicy, policy_of

__all__ = [
    "Unsupported",
    "run_fast",
    "play_tape_fast",
    "policy_row",
    "move_id",
    "options",
    "warm_up",
    "OUT_COLS",
    "OUT_MOVES",
    "OUT_ROUNDS",
    "OUT_STATUS",
    "OUT_STONES",
    "OUT_WON",
    "MAX_MOVES",
]

MAX_MOVES = K.MAX_MOVES
RULES = ("library", "mulligan", "unmet")


def options(rules: Mapping[str, Any] | None = None, players: int = 2) -> SConfig:
    """The table rules a run plays, checked as a new game's are (the kit's error names a
    bad one); a described position or a card file is the rules engine's to play."""
    rules = dict(rules or {})
    bad = sorted(set(rules) - set(RULES) - {"cards"})
    if bad:
        raise InvalidInputError(f"{bad[0]!r:.40} is not a table rule of Shadows")
    return SConfig.from_dict({**rules, "players": players})


def _opts(cfg: SConfig) -> np.ndarray:
    return np.array(
        [int(cfg.unmet == "discard"), int(cfg.library == "pool"), int(cfg.mulligan)], np.int64
    )


def policy_row(bot: str | SensiblePolicy, tb: FastTables) -> np.ndarray:
    """A bot (``sensible`` or a member of its family) as the simulator's float row."""
    pol = bot if isinstance(bot, SensiblePolicy) else policy_of(bot)
    if pol is None:
        raise Unsupported(
            f"the fast simulator plays the sensible bot and its family, not {bot!r:.40} "
            "(the rules engine plays it)"
        )
    row = np.zeros(NPOL + len(tb.items))
    row[:NPOL] = [
        pol.attack,
        pol.predict,
        pol.station,
        pol.response,
        pol.spell,
        pol.unusable,
        pol.hunt,
        pol.guard,
        pol.aim,
        pol.finish,
        pol.knockout,
        pol.buy,
        PREFER.index(pol.prefer),
        pol.learn,
        pol.study,
        TEAMUP.index(pol.teamup),
    ]
    for item in pol.never:
        if item in tb.items:
            row[NPOL + tb.item(item)] = 1.0
    return row


def _heroes(rows, tb: FastTables, players: int) -> np.ndarray:
    rows = [rows] if rows and isinstance(rows[0], str) else list(rows)
    out = np.zeros((len(rows), players), np.int64)
    for r, row in enumerate(rows):
        if len(row) != players or len(set(row)) != players:
            raise InvalidInputError(f"give {players} different Heroes, one a player")
        for b, h in enumerate(row):
            if h not in tb.heroes:
                raise InvalidInputError(f"{h!r:.40} is not a Hero of the card set")
            out[r, b] = tb.heroes.index(h)
    return out


def run_fast(
    heroes: Sequence[str] | Sequence[Sequence[str]],
    bots: Sequence[str | SensiblePolicy],
    games: int,
    seed: int = 0,
    first: int = 0,
    rules: Mapping[str, Any] | None = None,
    rotate: bool = False,
) -> np.ndarray:
    """Games ``first .. first + games - 1`` of the run seeded ``seed`` (see the module's
    docstring): one row of ``OUT_COLS`` numbers a game."""
    players = len(bots)
    if not 2 <= players <= 3:
        raise InvalidInputError("Shadows is played by 2 or 3 players")
    if not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be 0-{MAX_SEED:,}")
    cfg = options(rules, players)
    tb = tables(cfg.cards)
    pols = np.stack([policy_row(b, tb) for b in bots])
    out = np.zeros((games, OUT_COLS), np.int64)
    if games:
        hero_rows = _heroes(heroes, tb, players)
        buffers = (
            np.zeros(K.SIZE, np.int64),
            np.zeros(0),
            np.zeros(0, np.int64),
            np.zeros_like(pols),
            np.zeros(players, np.int64),
        )
        run(*buffers, tb.tb, _opts(cfg), pols, hero_rows, rotate, seed, first, games, out,
            MAX_MOVES)  # fmt: skip
    return out


def play_tape_fast(
    heroes: Sequence[str],
    bots: Sequence[str | SensiblePolicy],
    tape: Sequence[float],
    rules: Mapping[str, Any] | None = None,
    max_moves: int = MAX_MOVES,
) -> tuple[int, tuple[int, ...], int, list[str]]:
    """One new game on a chance tape (``tape.play_tape``'s game): its status (0 finished),
    the winning seats, the rounds and its moves as the rules engine's action ids."""
    players = len(bots)
    cfg = options(rules, players)
    tb = tables(cfg.cards)
    pols = np.stack([policy_row(b, tb) for b in bots])
    hero_row = _heroes(list(heroes), tb, players)[0]
    rec = np.zeros(max_moves + 1, np.int64)
    us = np.asarray(tape, np.float64)
    S = np.zeros(K.SIZE, np.int64)
    status, won, rounds, nrec = play_tape(S, tb.tb, _opts(cfg), pols, hero_row, us, rec, max_moves)
    moves = [move_id(int(m), tb) for m in rec[: min(int(nrec), len(rec))]]
    winners = tuple(k for k in range(players) if (int(won) >> k) & 1)
    return int(status), winners, int(rounds), moves


def _target(x: int, b: int, tb: FastTables) -> str:
    if x == K.T_MONSTER:
        return "monster"
    if x == K.T_CREATURE:
        return tb.creatures[b]
    if K.T_HERO <= x < K.ENT:
        return f"p{x - K.T_HERO + 1}"
    k, c = divmod(x - K.ENT, K.ENT_SPAN)
    return f"p{k + 1}.{tb.skills[c]}"


def move_id(m: int, tb: FastTables) -> str:
    """A simulator's move as the rules engine's action id."""
    verb = m >> (2 * K.MOVE_SHIFT)
    a = (m >> K.MOVE_SHIFT) & ((1 << K.MOVE_SHIFT) - 1)
    b = m & ((1 << K.MOVE_SHIFT) - 1)
    plain = {
        K.M_GO: "go", K.M_PASS: "pass", K.M_FLIP: "flip", K.M_SKIP: "skip", K.M_DODGE: "dodge",
        K.M_REPEAT: "repeat", K.M_STOP: "stop", K.M_DONE: "done", K.M_KEEPLIB: "keep",
        K.M_MULLIGAN: "mulligan", K.M_TAKE_HIT: "take",
    }  # fmt: skip
    if verb in plain:
        return plain[verb]
    skill = {K.M_DRAW_SKILL: "draw", K.M_PICK: "pick", K.M_LAY: "lay", K.M_RESPOND: "respond"}
    skill[K.M_STUDY] = "study"
    if verb in skill:
        return f"{skill[verb]}:{tb.skills[a]}"
    item = {K.M_DRAW_BASIC: "draw", K.M_DRAW_ITEM: "draw", K.M_BASIC: "basic"}
    item |= {K.M_REPLACE: "replace", K.M_BUY: "buy", K.M_KEEP: "keep", K.M_TAKE: "take"}
    if verb in item:
        return f"{item[verb]}:{tb.items[a]}"
    if verb == K.M_ROLL:
        return f"roll:{a}"
    if verb == K.M_DIE:
        return f"die:{a}"
    if verb == K.M_DRAW_MISSION:
        return f"draw:{tb.missions[a]}"
    if verb == K.M_MISSION:
        return f"mission:{tb.missions[a]}"
    if verb == K.M_MA:
        return f"ma:{tb.kinds[a]}"
    if verb == K.M_GIVE:
        return f"give:{tb.kinds[a]}"
    if verb == K.M_MONSTER:
        return f"monster:{tb.monsters[a]}"
    if verb == K.M_HERO:
        return f"hero:{tb.heroes[a]}"
    if verb == K.M_TEAMUP:
        return "teamup:xp" if a else "teamup:gold"
    if verb == K.M_USE:
        return f"use:{tb.items[a] if b else tb.skills[a]}"
    if verb == K.M_TARGET:
        return f"target:{_target(a, b, tb)}"
    if verb == K.M_ATTACH:
        return f"attach:{_target(a, b, tb)}"
    if verb == K.M_SHIELDS:
        return f"shields:{a}"
    if verb == K.M_LOSE:
        return f"lose:{('gold', 'stone', 'xp')[a]}"
    if verb == K.M_CHOOSE:
        return f"choose:{a}"
    if verb == K.M_MAIN:
        return f"main:{('1', '2', 'both')[a - 1]}"
    if verb == K.M_PREDICT:
        return f"predict:p{a + 1}:{b}"
    if verb == K.M_DESTROY:
        kind = a - 1
        if kind in (-1, K.DK_MARKET):
            return f"destroy:{tb.items[b]}"
        k, c = divmod(b, 4096)
        return f"destroy:p{k + 1}.{(tb.items if kind == K.DK_ITEM else tb.skills)[c]}"
    raise ValueError(f"not a move of the fast simulator: {m}")


def warm_up() -> None:
    """Compile (or load from numba's cache) the simulator: a game of each kind it plays."""
    heroes = tables().heroes
    run_fast(heroes[:2], ("sensible", "sensible"), 2, seed=1)
    run_fast(heroes[:3], ("sensible",) * 3, 1, seed=2, rules={"library": "pool"}, rotate=True)
    play_tape_fast(heroes[:2], ("sensible", "sensible"), [0.5] * 50)
