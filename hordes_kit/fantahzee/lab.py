"""The strategy lab's questions about Fantahzee (``core.lab``): is the first player
favoured, what each table rule changes for him, and what each hero is worth (the strong
bot that never recruits one hero against the strong bot, seats taking turns).

Games are played by the reference engine (``simulate``'s strong bot in every seat), a
few games a second; a fast path (``fastsim.play_games``) plugs in by replacing
``_seat_wins`` alone: the questions, the runner and the pages stay as they are.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from hordes_kit.core.lab import Arm, Experiment
from hordes_kit.core.lab_search import Question
from hordes_kit.core.montecarlo import game_rng
from hordes_kit.core.playout import playout
from hordes_kit.core.table_rules import table_rules
from hordes_kit.fantahzee.bots import BOTS, avoiding_bot
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.rules import FConfig
from hordes_kit.fantahzee.simulate import MAX_MOVES, seat_of

__all__ = ["QUESTIONS", "play_seat", "play_bot", "bot_of"]

MEASURE = "won (a shared win counts)"
SPEED = 2.0  # strong-bot games a second on one core (reference engine)
_LAST: dict = {}  # the last chunk's games, so the second seat's arm does not replay them


def bot_of(name: str):
    """A bot by name: ``strong``, ``random`` or ``strong-without:<hero id>``."""
    if name.startswith("strong-without:"):
        return avoiding_bot(name.split(":", 1)[1].split(","))
    return BOTS[name]


def _seat_wins(config: FConfig, bots: tuple[str, ...], seed: int, first: int, count: int):
    """Per game (``count`` rows), 1 for each seat that won (seat 0 plays first)."""
    out = np.zeros((count, len(bots)), np.int64)
    seats = {s: bot_of(b) for s, b in enumerate(bots)}
    for k in range(count):
        final = playout(new_game(config), game_rng(seed, first + k), seats, max_steps=MAX_MOVES)
        if final.is_terminal:
            out[k] = [int(x > 0) for x in final.returns()]
    return out


def play_bot(spec, seed: int, first: int, count: int) -> np.ndarray:
    """``spec = (bot name, FConfig)`` against the strong bot, seats taking turns (the bot
    plays first in even games): 1 when it won."""
    name, config = spec
    out = np.zeros(count, np.int64)
    for k in range(count):
        g = first + k
        seat = seat_of(0, g, 2)
        bots = (name, "strong") if seat == 0 else ("strong", name)
        out[k] = _seat_wins(config, bots, seed, g, 1)[0, seat]
    return out


def play_seat(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed``; ``spec = (seat, FConfig, bots)``: 1 when that seat won."""
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
        default_games=200,
    ),
    Question(
        "hero-value",
        "Which heroes are worth recruiting?",
        "The strong bot, and the same bot never recruiting one hero, against the strong bot "
        "on the same games (seats taking turns): a hero whose absence costs wins is worth "
        "recruiting.",
        experiment=_hero_value,
        default_games=100,
    ),
    Question(
        "table-rules",
        "Does a table rule change the first player's chances?",
        "The first player's wins under the kit's readings and under each other reading.",
        experiment=_table_rules,
        default_games=200,
    ),
)
