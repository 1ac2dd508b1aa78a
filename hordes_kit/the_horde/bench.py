"""The Horde's ``make bench`` figures: the fast simulator against the rules engine."""

from __future__ import annotations

import random

from hordes_kit.core.bench import fast_vs_reference
from hordes_kit.the_horde.bots import POLICIES
from hordes_kit.the_horde.fast.sim import run_fast, warm_up
from hordes_kit.the_horde.game import new_game
from hordes_kit.the_horde.simulate import play_one

__all__ = ["run"]

REFERENCE_GAMES = 40


def run() -> None:
    """Print games per second of both engines for every buying policy."""
    warm_up()
    for policy in POLICIES:
        fast_vs_reference(
            "the horde",
            policy,
            lambda i, p=policy: play_one(p, i, random.Random(i), new_game()),
            REFERENCE_GAMES,
            run_fast,
        )
