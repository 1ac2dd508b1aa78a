"""Handing a position from the rules engine to the fast simulator: ``Position`` -> array ``S``.

The simulator plays the engine's games move for move (tests/test_shadows_fast.py), and a
position's ``history`` is its game's record: every chance outcome and every decision with
a real choice, the very moves ``play_game`` records. So ``export`` replays the record into
a new game's array (``resume.step``), then writes over it what a coach's sample deals anew
and the record does not say (each seat's Hand, Deck and Library, the Missions kept and
offered, the Mission deck and the Skill Pool, the cards laid in line, the facedown
Monster-Action cards and their deck), and checks the array against the position: each
seat's tokens and piles, the line, the tasks' count and the legal moves on top. What it
cannot hand over (a described position, a card file beyond its sizes, a record the
simulator does not follow) raises ``Unsupported``: the caller plays the rules engine.

Replays are kept (``KEEP`` of them): the coach exports the same record followed by each
candidate move, many times over, and each then costs one step.
"""

from __future__ import annotations

from collections import Counter, OrderedDict

import numpy as np

from hordes_kit.shadows.fast import codes as K
from hordes_kit.shadows.fast.resume import FROM_COLS, listing, play_tape_from, run_from, start, step
from hordes_kit.shadows.fast.sim import MAX_MOVES, move_id, options, play_tape_fast, policy_row
from hordes_kit.shadows.fast.tables import FastTables, Unsupported, tables

__all__ = ["export", "exported_heroes", "run_options", "warm_up"]

KEEP = 16  # replayed records kept
_KEPT: OrderedDict[tuple, np.ndarray] = OrderedDict()
# the chance kinds and the table their outcome names a card of
_CHANCE = {
    K.C_BASIC: "items",
    K.C_ITEM: "items",
    K.C_REWARD: "items",
    K.C_MISSION: "missions",
    K.C_LIBRARY: "skills",
    K.C_MA: "kinds",
    K.C_REVEAL: "kinds",
    K.C_MONSTER: "monsters",
}


def _pb(seat: int) -> int:
    return K.P0 + seat * K.PF


def _cb(seat: int, kind: int) -> int:
    return K.C0 + (seat * K.NCS + kind) * K.MAXSK


def _db(kind: int) -> int:
    return K.D0 + kind * K.MAXW


def run_options(config) -> np.ndarray:
    """The table rules as the simulator reads them (``sim._opts``): unmet, library, mulligan."""
    return np.array(
        [int(config.unmet == "discard"), int(config.library == "pool"), int(config.mulligan)],
        np.int64,
    )


def _top_kind(S: np.ndarray) -> int:
    n = int(S[K.G_NT])
    return int(S[K.T0 + (n - 1) * K.TF + K.TK_KIND]) if n > 0 else -1


def _move_of(S: np.ndarray, tb: FastTables, move: str) -> tuple[int, bool]:
    """The record's ``move`` as the simulator's: (outcome, True) at a chance draw, else
    (the decision, False)."""
    kind = _top_kind(S)
    if K.CHANCE_LO <= kind <= K.CHANCE_HI:
        arg = move.partition(":")[2]
        try:
            a = int(arg) if kind in (K.C_ROLL, K.C_DIE) else getattr(tb, _CHANCE[kind]).index(arg)
        except (ValueError, KeyError):
            raise Unsupported(f"the record's {move!r:.40} is no draw the simulator makes") from None
        return a, True
    n = int(listing(S, tb.tb))
    for m in S[K.LM0 : K.LM0 + n]:
        if move_id(int(m), tb) == move:
            return int(m), False
    raise Unsupported(f"the record's {move!r:.40} is not a move the simulator lists there")


def _replay(state, tb: FastTables) -> np.ndarray:
    """The array of ``state``'s record replayed from a new game (a kept replay reused)."""
    cfg = state.config
    base = (cfg.cards, cfg.players, cfg.library, cfg.mulligan, cfg.unmet)
    history = tuple(state.history)
    S = None
    for cut in range(len(history), max(-1, len(history) - 8), -1):
        kept = _KEPT.get((base, history[:cut]))
        if kept is not None:
            S, done = kept.copy(), cut
            _KEPT.move_to_end((base, history[:cut]))
            break
    if S is None:
        S, done = np.zeros(K.SIZE, np.int64), 0
        start(S, tb.tb, cfg.players, run_options(cfg))
    for i in range(done, len(history)):
        if i == len(history) - 1:  # the position before the last move: its siblings' start
            _keep((base, history[:i]), S)
        if S[K.G_FINISHED] or S[K.G_STATUS] != K.DONE:
            raise Unsupported("the record goes on past the simulator's end of the game")
        m, chance = _move_of(S, tb, history[i])
        step(S, tb.tb, m, chance)
    if done < len(history):
        _keep((base, history), S)
    return S


def _keep(key: tuple, S: np.ndarray) -> None:
    _KEPT[key] = S.copy()
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEEP:
        _KEPT.popitem(last=False)


def _counts(S: np.ndarray, base: int, cards, ids: tuple[str, ...], width: int) -> None:
    S[base : base + width] = 0
    for c, k in Counter(cards).items():
        S[base + ids.index(c)] = k


def _write_hidden(S: np.ndarray, state, tb: FastTables) -> None:
    """What a sample deals anew, from ``state`` (the record does not say it)."""
    for j, st in enumerate(state.seats):
        for kind, pile in ((K.CS_HAND, st.hand), (K.CS_DECK, st.deck), (K.CS_LIBRARY, st.library)):
            _counts(S, _cb(j, kind), pile, tb.skills, K.MAXSK)
        p = _pb(j)
        S[p + K.P_MISSION] = tb.missions.index(st.mission) if st.mission else -1
        if len(st.offer) > 2:
            raise Unsupported("more than two Missions offered")
        for k, m in enumerate(st.offer):
            S[p + K.P_OFFER0 + k] = tb.missions.index(m)
        S[p + K.P_NOFFER] = len(st.offer)
        if state.ma:
            kind = state.ma[j]
            S[p + K.P_MA] = tb.kinds.index(kind) if kind else -1
    _counts(S, _db(K.D_MISSION), state.mission_deck, tb.missions, K.MAXW)
    _counts(S, _db(K.D_SKILL_POOL), state.skill_pool, tb.skills, K.MAXW)
    _counts(S, _db(K.D_MA_DECK), state.ma_deck, tb.kinds, K.MAXW)
    if len(state.queue) > K.MAXQ:
        raise Unsupported("more cards laid in line than the simulator holds")
    for k, c in enumerate(state.queue):
        S[K.Q0 + k] = tb.skills.index(c)
    S[K.G_NQ] = len(state.queue)


def _check(S: np.ndarray, state, tb: FastTables) -> None:
    """The array is the position: tokens, Fields, piles, the line, the tasks, the moves."""

    def field(j: int, zone: int) -> list[str]:
        z = K.Z0 + (j * 4 + zone) * K.MAXZ * K.PLF
        n = int(S[_pb(j) + K.P_NZ0 + zone])
        ids = tb.items if zone == K.Z_ITEMS else tb.skills
        return sorted(ids[int(S[z + i * K.PLF + K.PL_CARD])] for i in range(n))

    got, want = [], []
    for j, st in enumerate(state.seats):
        p = _pb(j)
        got.append([int(S[p + x]) for x in (K.P_GOLD, K.P_XP, K.P_STONES, K.P_DAMAGE, K.P_NMON)])
        want.append([st.gold, st.xp, st.stones, st.damage, len(st.monsters)])
        for zone, placed in enumerate((st.station, st.combat, st.stunned, st.items)):
            got.append(field(j, zone))
            want.append(sorted(x.card for x in placed))
    got.append([int(S[K.G_ROUND]), int(S[K.G_NT]), bool(S[K.G_FINISHED])])
    want.append([state.round, len(state.tasks), state.finished])
    if not state.finished and not state.is_chance and state.tasks:
        n = int(listing(S, tb.tb))
        got.append(sorted(move_id(int(m), tb) for m in S[K.LM0 : K.LM0 + n]))
        want.append(sorted(state.legal_actions()))
    if got != want:
        bad = next(i for i, (a, b) in enumerate(zip(got, want)) if a != b)
        raise Unsupported(f"the replayed record differs from the position ({bad}): {got[bad]}")


def export(state) -> np.ndarray:
    """``state`` as the simulator's array (see the module's docstring), or ``Unsupported``."""
    cfg = state.config
    if cfg.position is not None:
        raise Unsupported("a described position has no record to replay")
    if not 2 <= cfg.players <= K.MAXP:
        raise Unsupported("the simulator plays 2 or 3 players")
    tb = tables(cfg.cards)
    S = _replay(state, tb)
    _write_hidden(S, state, tb)
    _check(S, state, tb)
    return S


def exported_heroes(S: np.ndarray) -> np.ndarray:
    """Each seat's Hero in an exported array (the bots' choice, should one be due)."""
    return np.array([S[_pb(j) + K.P_HERO] for j in range(int(S[K.G_N]))], np.int64)


def warm_up() -> None:
    """Compile (or load) what continues a position: a tape game's first moves replayed,
    then played on both ways (no rules engine: the shipped build depends on the simulator
    alone)."""
    tb = tables()
    heroes = tb.heroes[:2]
    tape = np.random.default_rng(1).random(4000)  # (a tape of equal numbers ties every roll)
    moves = play_tape_fast(heroes, ("sensible", "sensible"), tape, max_moves=150)[3]
    S = np.zeros(K.SIZE, np.int64)
    start(S, tb.tb, 2, run_options(options(None, 2)))
    for move in moves:
        step(S, tb.tb, *_move_of(S, tb, move))
    pols = np.stack([policy_row("sensible", tb)] * 2)
    seats = exported_heroes(S)
    assert (seats >= 0).all(), "the warm-up game chose its Heroes"
    out = np.zeros((1, FROM_COLS), np.int64)
    rec = np.zeros(MAX_MOVES + 1, np.int64)
    run_from(S, S.copy(), np.zeros(0), rec[:0], tb.tb, pols, seats, 1, 0, 1, out, MAX_MOVES)
    play_tape_from(S.copy(), tb.tb, pols, seats, tape, rec, MAX_MOVES)
