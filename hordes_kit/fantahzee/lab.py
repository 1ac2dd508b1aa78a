"""The strategy lab's questions about Fantahzee (``core.lab``): is the first player
favoured, what each table rule changes for him, and what each hero is worth (the strong
bot that never recruits one hero against the strong bot, seats taking turns).

Games are played by the fast simulator (``fastsim.run_fast``, identical games to the
rules engine on the same chance, tests/test_fantahzee_fast.py): game g of a seed is the
same game whatever chunk or worker plays it. The first player is drawn by chance, as
at the table: "first player" is whoever that draw names. A game stopped unfinished
(``MAX_MOVES`` moves) counts as a win for nobody.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from hordes_kit.core.lab import Arm, Experiment
from hordes_kit.core.lab_search import Question
from hordes_kit.core.table_rules import table_rules
from hordes_kit.fantahzee.bots import bot_named
from hordes_kit.fantahzee.fastengine import FINISHED
from hordes_kit.fantahzee.fastsim import OUT_FIRST, OUT_STATUS, OUT_WON, run_fast
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.rules import FConfig

__all__ = ["QUESTIONS", "play_seat", "play_bot", "bot_of"]

MEASURE = "won (a shared win counts)"
SPEED = 70.0  # strong-bot games a second on one core (fast simulator, two players)
_LAST: dict = {}  # the last chunk's games, so the second seat's arm does not replay them


def bot_of(name: str):
    """A bot by name: ``strong``, ``random`` or ``strong-without:<hero id>``."""
    return bot_named(name)


def _bot_wins(config: FConfig, bots: tuple[str, ...], seed: int, first: int, count: int):
    """Per game (``count`` rows), 1 for each bot (in the order of ``bots``) that won; and
    the bot that played first. The b-th bot sits in seat (b + g) % players in game g."""
    rows = run_fast(bots, count, seed, first, config=config)
    done = rows[:, OUT_STATUS] == FINISHED
    won = (rows[:, OUT_WON : OUT_WON + 1] >> np.arange(len(bots))) & 1
    return won * done[:, None], rows[:, OUT_FIRST]


def _seat_wins(config: FConfig, bots: tuple[str, ...], seed: int, first: int, count: int):
    """Per game (``count`` rows), 1 for each place in the turn order that won (column 0:
    the first player)."""
    won, lead = _bot_wins(config, bots, seed, first, count)
    n = len(bots)
    order = (lead[:, None] + np.arange(n)) % n
    return np.take_along_axis(won, order, axis=1).astype(np.int64)


def play_bot(spec, seed: int, first: int, count: int) -> np.ndarray:
    """``spec = (bot name, FConfig)`` against the strong bot, seats taking turns: 1 when
    it won."""
    name, config = spec
    won, _ = _bot_wins(config, (name, "strong"), seed, first, count)
    return won[:, 0].astype(np.int64)


def play_seat(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed``; ``spec = (place, FConfig, bots)``: 1 when the player
    at that place in the turn order won (0: the first player)."""
    seat, config, bots = spec
    key = (config, bots, seed, first, count)
    if key not in _LAST:
        _LAST.clear()
        _LAST[key] = _seat_wins(config, bots, seed, first, count)
    return _LAST[key][:, seat]


def _first_player(config: FConfig | None = None) -> Experiment:
    config = config or replace(FConfig(), players=2)
    bots = ("strong", "strong")
    arms = (
        Arm("First player", (0, config, bots)),
        Arm("Second player", (1, config, bots)),
    )
    return Experiment(play_seat, arms, MEASURE, True, SPEED)


def _hero_value() -> Experiment:
    config = replace(FConfig(), players=2)
    heroes = new_game(config).data.heroes
    arms = [Arm("The strong bot as it is", ("strong", config))]
    arms += [Arm(f"Never recruits {h.name}", (f"strong-without:{h.id}", config)) for h in heroes]
    return Experiment(play_bot, tuple(arms), MEASURE, True, SPEED)


def _table_rules() -> Experiment:
    base = replace(FConfig(), players=2)
    bots = ("strong", "strong")
    arms = [Arm("First player, the kit's readings", (0, base, bots))]
    for rule in table_rules("fantahzee"):
        for r in rule.readings:
            if not r.default:
                cfg = replace(base, **{rule.field: r.value})
                arms.append(Arm(f"First player, {rule.label}: {r.label}", (0, cfg, bots)))
    return Experiment(play_seat, tuple(arms), MEASURE, True, SPEED)


QUESTIONS = (
    Question(
        "first-player",
        "Is the first player favoured?",
        "Two strong bots play; how often the first and the second player win, on the same games.",
        experiment=_first_player,
        default_games=2000,
    ),
    Question(
        "hero-value",
        "Which heroes are worth recruiting?",
        "The strong bot, and the same bot never recruiting one hero, against the strong bot "
        "on the same games (seats taking turns): a hero whose absence costs wins is worth "
        "recruiting.",
        experiment=_hero_value,
        default_games=500,
    ),
    Question(
        "table-rules",
        "Does a table rule change the first player's chances?",
        "The first player's wins under the kit's readings and under each other reading.",
        experiment=_table_rules,
        default_games=2000,
    ),
)
