"""Heroes & Hordes' ``make bench`` figures: the fast simulator against the rules engine."""

from __future__ import annotations

import random

from hordes_kit.core.bench import fast_vs_reference
from hordes_kit.heroes_hordes.fast.sim import run_fast, warm_up
from hordes_kit.heroes_hordes.game import new_game
from hordes_kit.heroes_hordes.simulate import play_one

__all__ = ["run"]

REFERENCE_GAMES = {"random": 60, "greedy": 40, "lookahead": 15}


def run() -> None:
    """Print games per second of both engines for every policy."""
    warm_up()
    for policy, n_ref in REFERENCE_GAMES.items():
        fast_vs_reference(
            "heroes & hordes",
            policy,
            lambda i, p=policy: play_one(p, i, random.Random(i), new_game()),
            n_ref,
            run_fast,
        )
