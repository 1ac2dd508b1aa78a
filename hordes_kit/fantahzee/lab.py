"""The strategy lab's questions about Fantahzee (``core.lab``): is the first player
favoured, what each table rule changes for him, what each hero is worth (the strong
bot that never recruits one hero against the strong bot, seats taking turns), and the
best member of the strong bot's family (``policy.StrongPolicy``: which heroes it prefers
or never recruits, how eagerly it recruits, when it flips a facedown monster to attack
it) against the strong bot.

Games are played by the fast simulator (``fast.sim.run_fast``, identical games to the
rules engine on the same chance, tests/test_fantahzee_fast.py): game g of a seed is the
same game whatever chunk or worker plays it. The first player is drawn by chance, as
at the table: "first player" is whoever that draw names. A game stopped unfinished
(``MAX_MOVES`` moves) counts as a win for nobody.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

import numpy as np

from hordes_kit.core.coach_bot import coach_question
from hordes_kit.core.lab.search import Family, Question
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.core.table_rules import table_rules
from hordes_kit.fantahzee.bots import bot_named
from hordes_kit.fantahzee.fast.engine import FINISHED
from hordes_kit.fantahzee.fast.sim import OUT_FIRST, OUT_STATUS, OUT_WON, run_fast
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.policy import STRONG, StrongPolicy, policy_of, words
from hordes_kit.fantahzee.rules import FConfig

__all__ = [
    "QUESTIONS",
    "play_seat",
    "play_bot",
    "bot_of",
    "family",
    "sample_policy",
    "describe",
    "policy_name",
]

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


@lru_cache(maxsize=1)
def _hero_names() -> dict[str, str]:
    return {h.id: h.name for h in new_game(replace(FConfig(), players=2)).data.heroes}


def _policy(spec) -> StrongPolicy:
    name = spec[0] if isinstance(spec, tuple) else spec
    return policy_of(name) or STRONG


def describe(spec) -> str:
    """A member of the family (``(bot name, FConfig)`` or a bot name) in a player's words."""
    return words(_policy(spec), _hero_names())


def policy_name(spec) -> str:
    """A member's short name, built from its parameters.

    >>> policy_name("strong-policy:favour=archmage;bonus=2.0;flip=0.75")
    'prefers Archmage (+2); flips at 75%+ odds'
    >>> policy_name("strong")
    'the strong bot as it is'
    """
    pol, names = _policy(spec), _hero_names()
    parts = []
    if pol.favour:
        parts.append(
            f"prefers {', '.join(names.get(h, h) for h in pol.favour)} (+{pol.favour_bonus:g})"
        )
    if pol.never:
        parts.append(f"never {', '.join(names.get(h, h) for h in pol.never)}")
    if pol.party_bonus != STRONG.party_bonus:
        parts.append(f"counts {pol.party_bonus:g} a hero")
    if pol.margin != STRONG.margin:
        parts.append("recruits at any gain" if pol.margin <= 0 else f"recruits at +{pol.margin:g}")
    if pol.flip_chance > 1:
        parts.append("never flips")
    elif pol.flip_chance > 0:
        parts.append(f"flips at {pol.flip_chance:.0%}+ odds")
    return "; ".join(parts) or "the strong bot as it is"


def sample_policy(rng: random.Random, heroes: tuple[str, ...]) -> StrongPolicy:
    """A random member of the family, drawn around the strong bot: a few heroes preferred
    or left out, the recruiting bonus and margin, the odds wanted before a flip."""
    pool = list(heroes)
    rng.shuffle(pool)
    k = rng.choice((0, 1, 1, 2, 3))
    favour = tuple(sorted(pool[:k]))
    j = rng.choice((0, 0, 1, 2))
    never = tuple(sorted(pool[k : k + j]))
    return StrongPolicy(
        favour=favour,
        favour_bonus=rng.choice((0.5, 1.0, 2.0, 4.0)) if favour else 1.0,
        never=never,
        # adding a hero never lowers a party's expected strength: a bonus per hero above
        # the margin changes nothing, below it the bot keeps a smaller party
        party_bonus=rng.choice((0.0, 0.1, 0.2, 0.3, 0.3)),
        margin=rng.choice((0.0, 0.25, 0.25, 0.5, 1.0, 2.0)),
        flip_chance=rng.choice((0.0, 0.0, 0.5, 0.75, 0.9, 2.0)),
    )


def family(config: FConfig | None = None) -> Family:
    """The strong bot's family (``policy.StrongPolicy``), each member against the strong bot
    (seats taking turns), compared with the strong bot itself."""
    config = config or replace(FConfig(), players=2)
    heroes = tuple(sorted(h.id for h in new_game(config).data.heroes))
    count = iter(range(1, 10**9))

    def sample(rng: random.Random) -> Arm:
        n = next(count)
        return Arm(f"Candidate {n}", (sample_policy(rng, heroes).name, config))

    return Family(
        "fantahzee strong-bot",
        "which heroes the strong bot prefers or never recruits, how much each hero in its "
        "party counts and how much better a party must be before it recruits, and the odds "
        "it wants before it flips a facedown monster to attack it",
        sample,
        (Arm("The strong bot as it is", ("strong", config)),),
        play_bot,
        "won against the strong bot (a shared win counts)",
        SPEED,
        describe,
        policy_name,
    )


QUESTIONS = (
    Question(
        "best-policy",
        "Which recruiting and attacking habits beat the strong bot?",
        "Successive halving over the strong bot's family (heroes it prefers or never "
        "recruits, how eagerly it recruits, the odds it wants before flipping a monster), "
        "each member against the strong bot on the same games; the winner checked on fresh "
        "games.",
        family=family,
        default_games=200,
    ),
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
    coach_question("fantahzee", MEASURE, ({"players": 2}, {"players": 3})),
)
