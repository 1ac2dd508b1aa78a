"""The strategy lab's questions about Heroes & Hordes (``core.lab``): which defend and
discard rules lose least (the family in ``bots.family_policy``, every member on the same
games) and what each table rule changes. Every game is a fast-simulator game.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import numpy as np

from hordes_kit.core.coach_bot import coach_question
from hordes_kit.core.lab.search import Question
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.core.table_rules import table_rules
from hordes_kit.heroes_hordes.bots import BASES, DEFEND_RULES, DISCARD_RULES, family_name
from hordes_kit.heroes_hordes.fast.sim import run_fast
from hordes_kit.heroes_hordes.rules import HHConfig

__all__ = ["QUESTIONS", "play_win", "family_arms", "RULE_WORDS", "COACH_GAMES"]

MEASURE = "won (2 Devastation Tokens or fewer)"
SPEED = 3_000.0  # games a second on one core, a mix of the family (measured by the lab run)
# the coach's most simulated games a move (32 first, doubling while another move leads the
# policy's): the best policy loses ~2.5% of games, and where a position is close many
# games are needed to tell a better move apart (16 a move turned no game)
COACH_GAMES = 256
RULE_WORDS = {
    "greedy": "simple choices elsewhere",
    "lookahead": "calculated choices elsewhere",
    "strongest": "defend with the strongest pile",
    "best": "defend with the pile that keeps most",
    "weakest-winner": "defend with the weakest pile that wins",
    "weakest-covering": "discard the weakest card that covers",
    "exact": "discard the exact best cards",
    "weakest-first": "discard the weakest cards first",
}


def play_win(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed`` by ``spec = (policy name, HHConfig)``: 1 won."""
    policy, config = spec
    return (run_fast(policy, count, seed, config=config, first=first)[:, 0] == 0).astype(np.int64)


def family_arms(config: HHConfig | None = None, bases=BASES) -> tuple[Arm, ...]:
    """Every member of the defend-and-discard family, labelled in words."""
    config = config or HHConfig()
    return tuple(
        Arm(
            f"{RULE_WORDS[d].capitalize()}; {RULE_WORDS[x]}; {RULE_WORDS[b]}",
            (family_name(b, d, x), config),
        )
        for b, d, x in product(bases, DEFEND_RULES, DISCARD_RULES)
    )


def _rules() -> Experiment:
    return Experiment(play_win, family_arms(), MEASURE, True, SPEED)


def _table_rules() -> Experiment:
    arms = [Arm("The kit's readings", ("lookahead", HHConfig()))]
    for rule in table_rules("heroes-hordes"):
        for r in rule.readings:
            if not r.default:
                cfg = replace(HHConfig(), **{rule.field: r.value})
                arms.append(Arm(f"{rule.label}: {r.label}", ("lookahead", cfg)))
    return Experiment(play_win, tuple(arms), MEASURE, True, SPEED)


QUESTIONS = (
    Question(
        "best-policy",
        "Which defend and discard rules lose least?",
        "Every combination of a defend rule, a discard rule and the other choices, on the "
        "same games.",
        experiment=_rules,
        default_games=20_000,
    ),
    Question(
        "table-rules",
        "What does each table rule change?",
        "The calculated policy under the kit's readings and under each other reading.",
        experiment=_table_rules,
        default_games=50_000,
    ),
    coach_question("heroes-hordes", MEASURE, games=COACH_GAMES),
)
