"""Fantahzee's ``make bench`` figures: the dice solver (cold cache), the rules engine's
moves and whole games, the fast simulator's whole games, and the party solver."""

from __future__ import annotations

import time

from hordes_kit.core.bench import best_time
from hordes_kit.core.playout import play_steps, playout
from hordes_kit.core.registry import get_game
from hordes_kit.fantahzee import odds
from hordes_kit.fantahzee.bots import random_bot, strong_bot
from hordes_kit.fantahzee.cards import load_cards
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.party import hero_from_card, party_odds
from hordes_kit.fantahzee.presets import common_costs
from hordes_kit.fantahzee.rules import GAME

__all__ = ["run"]

DICE = (5, 6, 7)
ROLLS = (1, 2, 3, 4)


def cold(fn) -> float:
    """Best wall time of ``fn`` with the solver cache emptied before each run."""
    return best_time(fn, 5, before=odds._solver.cache_clear)


def _table() -> None:
    for costs in common_costs():
        for n in DICE:
            for r in ROLLS:
                odds.success_probability(n, r, costs)


def run() -> None:
    """Print the figures."""
    dice_solver()
    engine()
    fast()
    party_solver()


def dice_solver() -> None:
    """The exact dice solver: the odds table, the hardest costs, keep advice."""
    costs = common_costs()
    t = cold(_table)
    print(
        f"fantahzee odds table {len(DICE)} dice x {len(ROLLS)} rolls x {len(costs)} costs "
        f"({len(DICE) * len(ROLLS) * len(costs)} exact answers): {t * 1000:.1f} ms"
        " (target < 300 ms)"
    )
    t = cold(lambda: odds.success_probability(10, 5, "XXXX"))
    print(f"fantahzee odds 10 dice, 5 rolls, XXXX: {t * 1000:.1f} ms (target < 100 ms)")
    t = cold(lambda: odds.success_probability(10, 5, "XX + 5 + 3"))
    print(
        "fantahzee odds 10 dice, 5 rolls, XX + 5 + 3 (exact faces break symmetry): "
        f"{t * 1000:.1f} ms"
    )
    t = cold(lambda: odds.advise_keep("6,6,5,5,4,3,2,1", ["XXX", "XX", "5"], 2))
    print(f"fantahzee keep advice, 8 dice showing, XXX + XX + 5, 2 rerolls left: {t * 1000:.1f} ms")


def engine() -> None:
    """The rules engine: uniformly random moves, and whole games played by bots."""
    mix = get_game(GAME).playout_policy  # the conformance test's (half random)
    # uniformly random moves: nobody gathers the strength for a Boss, so a whole game
    # takes tens of thousands of moves; measured as moves per second
    t = time.perf_counter()
    moves = sum(1 for _ in play_steps(new_game({"players": 2}), 1, max_steps=20_000)) - 1
    per = moves / (time.perf_counter() - t)
    print(f"fantahzee reference engine, uniformly random moves: {per:,.0f} moves/s")
    for label, policies in (
        ("strong bot vs random bot", {0: strong_bot, 1: random_bot}),
        ("conformance mix (half random)", None),
    ):
        n, moves = 4, 0
        t = time.perf_counter()
        for seed in range(n):
            pol = policies or {i: mix for i in range(2)}
            final = playout(new_game({"players": 2}), seed, pol)
            moves += len(final.history)
        dt = time.perf_counter() - t
        print(
            f"fantahzee full 2-player games, {label}: {n / dt:.2f} games/s "
            f"({moves / n:,.0f} moves a game, {moves / dt:,.0f} moves/s)"
        )


def fast() -> None:
    """The fast simulator: compile (or cache load), the first games (the strong bot's
    tables filling), then 2-player games per second on one core."""
    t = time.perf_counter()
    from hordes_kit.fantahzee.fast import sim as fastsim

    took = fastsim.warm_up()
    print(
        f"fantahzee fast simulator: import {time.perf_counter() - t - took:.1f} s, compile "
        f"(or numba cache load) and its first game {took:.1f} s"
    )
    for bots in (("strong", "random"), ("strong", "strong")):
        t = time.perf_counter()
        fastsim.play_games(None, bots, 100, seed=1)
        first = time.perf_counter() - t
        n = 1000
        t, c = time.perf_counter(), time.process_time()
        res = fastsim.play_games(None, bots, n, seed=2)
        dt, dc = time.perf_counter() - t, time.process_time() - c
        moves = sum(g.moves for g in res)
        print(
            f"fantahzee fast simulator, 2 players, {' vs '.join(bots)}: {n / dt:,.0f} games/s "
            f"on one core ({n / dc:,.0f} a second of its CPU time, more than a shared core gives; "
            f"{moves / n:,.0f} moves a game; the first 100 games of a process, "
            f"the strong bot's tables filling: {first:.1f} s) (target >= 200 games/s)"
        )
    # a lab question's run: many thousand games a worker, its odds tables filling as it goes
    n = 5000
    t, c = time.perf_counter(), time.process_time()
    fastsim.play_games(None, ("strong", "strong"), n, seed=3)
    dt, dc = time.perf_counter() - t, time.process_time() - c
    print(
        f"fantahzee fast simulator, 2 players, strong vs strong, {n:,} more games as a lab "
        f"worker plays them: {n / dt:,.0f} games/s on one core ({n / dc:,.0f} a second of its "
        f"CPU time) (target >= 200 games/s)"
    )


def party_solver() -> None:
    """The party solver on two five-hero parties."""
    cards = {h.id: h for h in load_cards().heroes}
    for ids in (
        ["alchemist", "sergeant", "paladin", "steam-brute", "knight-errant"],
        ["steamsmith", "paladin", "steamasaur", "alchemist", "sergeant"],
    ):
        heroes = [hero_from_card(cards[i]) for i in ids]
        t = time.perf_counter()
        result = party_odds(heroes, 5, 3)
        dt = time.perf_counter() - t
        top = max(result.at_least)
        print(
            f"fantahzee party solver, 5 heroes ({', '.join(h.name for h in heroes)}), 5 dice, "
            f"3 rolls: {dt:.2f} s for the expected strength ({result.expected:.2f}) and "
            f"P(>= S) for {len(result.at_least)} totals (P(>= {top}) = "
            f"{result.at_least[top]:.3f}) (target < 1 s)"
        )
