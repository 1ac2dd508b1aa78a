"""The strategy lab's questions about Shadows (``core.lab``): the best member of the
sensible bot's family (``policy.SensiblePolicy``: which Hand it plans by the Monster and
the odds, whom it attacks, what it buys and studies) against the sensible bot; each Hero's
win rate against each other at 2 and 3 players; what each Market Item is worth to the
sensible bot (the same bot never buying it); and studying against buying.

Every game is a fast-simulator game (``fast.sim.run_fast``: the rules engine's games on
the same chance, tests/test_shadows_fast.py); game g of a seed is the same game whatever
chunk or worker plays it. Players change seats from game to game (``rotate``), so no one
keeps the first Leader; where the Heroes are not the question, every ordered pair of
different Heroes takes its turn. A shared victory counts as a win for each winner; a game
stopped unfinished (``MAX_MOVES`` moves) as a win for no one.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations, permutations

import numpy as np

from hordes_kit.core.coach_bot import coach_question
from hordes_kit.core.lab.search import Family, Question
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.fast.sim import OUT_STATUS, OUT_WON, run_fast
from hordes_kit.shadows.policy import PREFER, SENSIBLE, TEAMUP, SensiblePolicy, policy_of, words

__all__ = [
    "QUESTIONS",
    "play_player",
    "play_bot",
    "family",
    "sample_policy",
    "describe",
    "policy_name",
    "market_items",
]

MEASURE = "won (a shared victory counts)"
AGAINST = "won against the sensible bot (a shared victory counts)"
SPEED = 8_000.0  # two-player games a second on one core (fast simulator, the sensible bot)
_LAST: dict = {}  # the last chunk's games, so the other players' arms do not replay them


@lru_cache(maxsize=1)
def _cards():
    return load_cards()


def _hero_names() -> dict[str, str]:
    return {h.id: h.name for h in _cards().heroes}


def _item_names() -> dict[str, str]:
    return {i.id: i.name for i in _cards().items}


def market_items() -> tuple[str, ...]:
    """The Market Items' ids (not the Basic Items), in the card file's order."""
    return tuple(i.id for i in _cards().items if not i.basic)


def _all_pairs() -> tuple[tuple[str, str], ...]:
    return tuple(permutations((h.id for h in _cards().heroes), 2))


def _wins(heroes, bots: tuple[str, ...], seed: int, first: int, count: int) -> np.ndarray:
    """Per game (``count`` rows), 1 for each player (in the order of ``bots``) who won."""
    key = (heroes, bots, seed, first, count)
    if key not in _LAST:
        rows = run_fast(heroes, bots, count, seed, first, rotate=True)
        done = rows[:, OUT_STATUS] == 0
        won = (rows[:, OUT_WON : OUT_WON + 1] >> np.arange(len(bots))) & 1
        _LAST.clear()
        _LAST[key] = (won * done[:, None]).astype(np.int64)
    return _LAST[key]


def play_player(spec, seed: int, first: int, count: int) -> np.ndarray:
    """``spec = (heroes, player)``: sensible bots play those Heroes (player b the Hero
    ``heroes[b]``); 1 when player ``player`` won."""
    heroes, player = spec
    return _wins(tuple(heroes), ("sensible",) * len(heroes), seed, first, count)[:, player]


def play_bot(spec, seed: int, first: int, count: int) -> np.ndarray:
    """``spec`` = a bot name (the sensible bot or a member of its family) against the
    sensible bot, two players, every ordered pair of Heroes in turn: 1 when it won."""
    return _wins(_all_pairs(), (spec, "sensible"), seed, first, count)[:, 0]


def _heroes_two() -> Experiment:
    names = _hero_names()
    arms = []
    for a, b in combinations(names, 2):
        arms.append(Arm(f"{names[a]} against {names[b]}", ((a, b), 0)))
        arms.append(Arm(f"{names[b]} against {names[a]}", ((a, b), 1)))
    return Experiment(play_player, tuple(arms), MEASURE, True, SPEED)


def _heroes_three() -> Experiment:
    names = _hero_names()
    arms = []
    for trio in combinations(names, 3):
        for k, h in enumerate(trio):
            others = [names[x] for x in trio if x != h]
            arms.append(Arm(f"{names[h]} against {' and '.join(others)}", (trio, k)))
    return Experiment(play_player, tuple(arms), MEASURE, True, SPEED / 2)


def _item_value() -> Experiment:
    names = _item_names()
    arms = [Arm("The sensible bot as it is", "sensible")]
    arms += [Arm(f"Never buys {names[i]}", SensiblePolicy(never=(i,)).name) for i in market_items()]
    return Experiment(play_bot, tuple(arms), AGAINST, True, SPEED)


STUDY_OR_BUY = (
    ("The sensible bot as it is", SENSIBLE),
    ("Never studies", SensiblePolicy(learn=0)),
    ("Never buys", SensiblePolicy(buy=0.0)),
    ("Buys whenever it can afford an Item", SensiblePolicy(buy=1.0)),
    ("Studies a card it cannot use yet whenever no other is left", SensiblePolicy(study=1.0)),
    ("Never studies a card it cannot use yet", SensiblePolicy(study=0.0)),
    ("As Leader, always announces Gold", SensiblePolicy(teamup="gold")),
    ("As Leader, always announces Experience", SensiblePolicy(teamup="xp")),
)


def _study_or_buy() -> Experiment:
    arms = tuple(Arm(label, pol.name) for label, pol in STUDY_OR_BUY)
    return Experiment(play_bot, arms, AGAINST, True, SPEED)


def describe(spec) -> str:
    """A member of the family (its bot name) in a player's words."""
    return words(policy_of(spec) or SENSIBLE, _item_names())


def policy_name(spec) -> str:
    """A member's short name, built from what differs from the sensible bot.

    >>> policy_name("sensible-policy:attack=4;aim=0.8;finish=1;learn=0")
    'Attack cards weigh 6; aims at the Monster 80%; finishes it; never studies'
    >>> policy_name("sensible")
    'the sensible bot as it is'
    """
    pol, base = policy_of(spec) or SENSIBLE, SENSIBLE
    parts = [
        f"{what} cards weigh {2 + getattr(pol, key)}"
        for key, what in (
            ("attack", "Attack"),
            ("predict", "Predict"),
            ("station", "Self/Creature/Object"),
            ("response", "Response"),
            ("spell", "Spell"),
        )
        if getattr(pol, key) != getattr(base, key)
    ]
    if pol.unusable != base.unusable:
        parts.append(f"unusable cards weigh {pol.unusable}")
    if pol.hunt:
        parts.append(f"hunts a wounded Monster (+{pol.hunt})")
    if pol.guard:
        parts.append(f"guards against Attacks (+{pol.guard})")
    if pol.aim != base.aim:
        parts.append(f"aims at the Monster {pol.aim:.0%}")
    if pol.finish:
        parts.append("finishes it")
    if pol.knockout:
        parts.append("knocks Heroes down")
    if pol.buy != base.buy:
        parts.append(f"buys {pol.buy:.0%}")
    if pol.prefer != base.prefer:
        parts.append(f"buys for {'Shield Points' if pol.prefer == 'shield' else 'Stat Points'}")
    if pol.never:
        names = _item_names()
        parts.append("never buys " + ", ".join(names.get(i, i) for i in pol.never))
    if not pol.learn:
        parts.append("never studies")
    elif pol.study != base.study:
        parts.append(f"studies unusable cards {pol.study:.0%}")
    if pol.teamup != base.teamup:
        parts.append(f"Leader announces {'Gold' if pol.teamup == 'gold' else 'Experience'}")
    return "; ".join(parts) or "the sensible bot as it is"


def sample_policy(rng: random.Random, items: tuple[str, ...]) -> SensiblePolicy:
    """A random member of the family, drawn around the sensible bot: its Hand's weights (by
    the Monster and the odds too), whom it attacks, what it buys and studies."""
    never = tuple(rng.sample(items, rng.choice((0, 0, 0, 1, 2)))) if items else ()
    return SensiblePolicy(
        attack=rng.choice((1, 2, 2, 3, 4, 6)),
        predict=rng.choice((0, 1, 1, 2, 3)),
        station=rng.choice((0, 1, 1, 2, 3)),
        response=rng.choice((0, 0, 1, 2)),
        spell=rng.choice((0, 0, 1, 2)),
        unusable=rng.choice((1, 1, 1, 2)),
        hunt=rng.choice((0, 0, 2, 4)),
        guard=rng.choice((0, 0, 2, 4)),
        aim=rng.choice((0.3, 0.5, 0.6, 0.6, 0.8, 0.9, 1.0)),
        finish=rng.choice((0, 1)),
        knockout=rng.choice((0, 1)),
        buy=rng.choice((0.5, 0.9, 0.9, 1.0)),
        never=never,
        prefer=rng.choice(PREFER),
        learn=rng.choice((1, 1, 1, 0)),
        study=rng.choice((0.0, 0.5, 0.5, 1.0)),
        teamup=rng.choice(TEAMUP),
    )


def family() -> Family:
    """The sensible bot's family (``policy.SensiblePolicy``), each member against the
    sensible bot (two players, seats and Heroes taking turns), compared with the sensible
    bot itself."""
    items = market_items()
    count = iter(range(1, 10**9))

    def sample(rng: random.Random) -> Arm:
        return Arm(f"Candidate {next(count)}", sample_policy(rng, items).name)

    return Family(
        "shadows sensible-bot",
        "which cards the sensible bot plans in its Hand (by the Monster's Health left and "
        "the Monster-Action deck's odds too), how often it attacks the Monster rather than "
        "a Hero and whether it always finishes the Monster or knocks a Hero down, what it "
        "buys, whether it studies, and what it announces as Leader",
        sample,
        (Arm("The sensible bot as it is", "sensible"),),
        play_bot,
        AGAINST,
        SPEED,
        describe,
        policy_name,
    )


QUESTIONS = (
    Question(
        "best-policy",
        "Which Hand, aim and shopping habits beat the sensible bot?",
        "Successive halving over the sensible bot's family (the cards it plans, whom it "
        "attacks, what it buys and studies), each member against the sensible bot on the "
        "same games, every pair of Heroes in turn; the winner checked on fresh games.",
        family=family,
        default_games=2000,
    ),
    Question(
        "heroes",
        "Which Hero wins most against which, at two players?",
        "Two sensible bots; each Hero's wins against each other Hero, seats taking turns, "
        "on the same games for both of a pair.",
        experiment=_heroes_two,
        default_games=5000,
    ),
    Question(
        "heroes-3p",
        "Which Hero wins most against which, at three players?",
        "Three sensible bots; each Hero's wins against each pair of the others, seats "
        "taking turns, on the same games for the three of a table.",
        experiment=_heroes_three,
        default_games=3000,
    ),
    Question(
        "item-value",
        "Which Market Items are worth buying?",
        "The sensible bot, and the same bot never buying one Market Item, against the "
        "sensible bot on the same games: an Item whose absence costs wins is worth buying.",
        experiment=_item_value,
        default_games=2000,
    ),
    Question(
        "study-or-buy",
        "Study or buy?",
        "The sensible bot against itself, and bots that never study, never buy, always buy, "
        "study more or less, or always announce Gold or Experience as Leader, on the same "
        "games.",
        experiment=_study_or_buy,
        default_games=5000,
    ),
    # the coach in one seat, 2 then 3 players, every seat in turn, against the lab's best policy
    coach_question("shadows", MEASURE, ({"players": 2}, {"players": 3})),
)
