"""The strategy lab's questions about The Horde (``core.lab``): shipped policies side by
side, what each table rule changes, what each card is worth, the best policy of the
family in ``bots.Policy`` (a second want list from a chosen turn, a Rock spent by the
turn and the Grimthwackers down, extra flips when rich).

Every game is a fast-simulator game (``fast.sim.run_fast``); game ``g`` of a seed draws the
same chance whatever policy plays it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from hordes_kit.core.coach_bot import coach_question
from hordes_kit.core.coach_lead import CHECK_GAMES, coach_lead_question
from hordes_kit.core.lab.search import Family, Question
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.core.table_rules import table_rules
from hordes_kit.the_horde.bots import POLICIES, Policy
from hordes_kit.the_horde.cards import load_data
from hordes_kit.the_horde.fast.sim import run_fast
from hordes_kit.the_horde.rules import THConfig

__all__ = [
    "QUESTIONS",
    "play_survive",
    "family",
    "describe",
    "policy_name",
    "sample_policy",
    "COACH_GAMES",
]

MEASURE = "survived all 20 turns"
SPEED = 20_000.0  # fast games a second on one core (make bench), to size the tasks
# the coach's most simulated games a move (32 first, doubling while another move leads the
# policy's): the best policy survives ~2% of games, so a better move is told apart only
# where many games are spent on it (16 a move turned no more games than it lost); the
# coach's games are one keyed fast-simulator call a move (20,000-80,000 a second)
COACH_GAMES = 4096


def play_survive(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed`` by ``spec = (Policy or name, THConfig)``: 1 survived."""
    policy, config = spec
    out = run_fast(policy, count, seed, config=config, first=first)
    return (out[:, 0] == 0).astype(np.int64)


def _names(ids) -> str:
    data = load_data()
    return ", ".join(data.card(c).name for c in ids) or "nothing"


def _flips(n: int) -> str:
    return "no extra flips" if n == 0 else f"up to {n} extra flip{'s' if n > 1 else ''}"


def describe(policy: Policy) -> str:
    """A policy in a player's words."""
    if isinstance(policy, tuple):
        policy = policy[0]
    if isinstance(policy, str):
        policy = POLICIES[policy]
    words = (
        f"Buy in this order: {_names(policy.wants)}; keep Crowns for {policy.reserve_turns} "
        f"taxes ahead; pay for {_flips(policy.extra_flips)}."
    )
    if policy.late_from:
        words += (
            f" From turn {policy.late_from}: buy {_names(policy.late_wants)}; keep "
            f"{policy.late_reserve_turns} taxes ahead; pay for {_flips(policy.late_extra_flips)}."
        )
    if not policy.heal:
        words += " Never spend a Healing Rock."
    elif policy.heal_from > 1 or policy.heal_min_down > 1:
        words += (
            f" Spend a Healing Rock from turn {policy.heal_from} with at least "
            f"{policy.heal_min_down} Grimthwacker(s) down."
        )
    if policy.rich_at:
        words += f" With {policy.rich_at} Crowns or more, flip every extra card allowed."
    return words


def _heals(policy: Policy) -> str:
    if not policy.heal:
        return "never heals"
    when = f" from turn {policy.heal_from}" if policy.heal_from > 1 else ""
    down = f" with {policy.heal_min_down} down" if policy.heal_min_down > 1 else ""
    return f"heals{when}{down}" if when or down else "heals at once"


def policy_name(policy: Policy | tuple) -> str:
    """A policy's short name, built from its parameters (its first buys, reserve, flips,
    late change, healing, rich flips).

    >>> policy_name(replace(POLICIES["balanced"], wants=("cow",), extra_flips=0, rich_at=9))
    'buys Cow first; saves for 6 taxes; heals at once; flips all at 9+ Crowns'
    >>> policy_name(replace(POLICIES["thrifty"], heal_from=4, heal_min_down=2))
    'buys Trees, Cow, Crops first; saves for 3 taxes; heals from turn 4 with 2 down'
    """
    if isinstance(policy, tuple):
        policy = policy[0]
    n = policy.reserve_turns
    parts = [f"buys {_names(policy.wants[:3])} first", f"saves for {n} tax{'es' * (n != 1)}"]
    if policy.extra_flips:
        n = policy.extra_flips
        parts.append(f"pays for {n} extra flip{'s' * (n != 1)}")
    if policy.late_from:
        parts.append(f"from turn {policy.late_from} buys {_names(policy.late_wants[:2])} first")
    parts.append(_heals(policy))
    if policy.rich_at:
        parts.append(f"flips all at {policy.rich_at}+ Crowns")
    return "; ".join(parts)


def _mutate(wants: tuple[str, ...], rng: random.Random, ids: list[str]) -> tuple[str, ...]:
    out = list(wants)
    for _ in range(rng.randint(0, 4)):  # swap neighbours
        if len(out) > 1:
            i = rng.randrange(len(out) - 1)
            out[i], out[i + 1] = out[i + 1], out[i]
    for _ in range(rng.randint(0, 2)):  # drop a card
        if len(out) > 3:
            out.pop(rng.randrange(len(out)))
    missing = [c for c in ids if c not in out]
    if missing and rng.random() < 0.3:  # take one more card in
        out.insert(rng.randrange(len(out) + 1), rng.choice(missing))
    return tuple(out)


def sample_policy(rng: random.Random, number: int = 0) -> Policy:
    """A random member of the family, drawn around the shipped ``balanced`` policy."""
    base = POLICIES["balanced"]
    ids = list(load_data().recruit_ids)
    pol = replace(
        base,
        name=f"candidate {number}",
        about="",
        wants=_mutate(base.wants, rng, ids),
        reserve_turns=rng.randint(3, 8),
        extra_flips=rng.randint(0, 2),
    )
    if rng.random() < 0.6:
        pol = replace(
            pol,
            late_from=rng.randint(5, 16),
            late_wants=_mutate(pol.wants, rng, ids),
            late_reserve_turns=rng.randint(1, 8),
            late_extra_flips=rng.randint(0, 2),
        )
    pol = replace(
        pol,
        heal_from=rng.choice((1, 1, 4, 8)),
        heal_min_down=rng.choice((1, 1, 2)),
        rich_at=rng.choice((0, 0, 6, 9, 12)),
    )
    return pol.validate()


def family(config: THConfig | None = None) -> Family:
    """The buying-and-healing family, compared with the shipped policies."""
    config = config or THConfig()
    count = iter(range(1, 10**9))

    def sample(rng: random.Random) -> Arm:
        n = next(count)
        return Arm(f"Candidate {n}", (sample_policy(rng, n), config))

    return Family(
        "the-horde buying",
        "A want list (most wanted first), a reserve kept for the taxes ahead and extra flips, "
        "a second set of these from a chosen turn, when a Healing Rock is spent (from which "
        "turn, with how many Grimthwackers down) and extra flips when rich in Crowns.",
        sample,
        tuple(Arm(f"Shipped: {n}", (p, config)) for n, p in POLICIES.items()),
        play_survive,
        MEASURE,
        SPEED,
        describe,
        policy_name,
    )


def _policies() -> Experiment:
    arms = tuple(Arm(f"Shipped: {n}", (p, THConfig())) for n, p in POLICIES.items())
    return Experiment(play_survive, arms, MEASURE, True, SPEED)


def _table_rules() -> Experiment:
    arms = [Arm("The kit's readings", ("balanced", THConfig()))]
    for rule in table_rules("the-horde"):
        for r in rule.readings:
            if not r.default:
                cfg = replace(THConfig(), **{rule.field: r.value})
                arms.append(Arm(f"{rule.label}: {r.label}", ("balanced", cfg)))
    return Experiment(play_survive, tuple(arms), MEASURE, True, SPEED)


def _card_value() -> Experiment:
    base = POLICIES["balanced"]
    data = load_data()
    arms = [Arm("Balanced policy, every card", (base, THConfig()))]
    for c in base.wants:
        pol = replace(base, name=f"no {c}", wants=tuple(x for x in base.wants if x != c))
        arms.append(Arm(f"Never buy {data.card(c).name}", (pol, THConfig())))
    return Experiment(play_survive, tuple(arms), MEASURE, True, SPEED)


QUESTIONS = (
    Question(
        "best-policy",
        "Is there a buying policy that survives more often?",
        "Successive halving over the buying-and-healing family on the same games, the "
        "winner checked against the shipped policies on fresh games.",
        family=family,
        default_games=20_000,
    ),
    Question(
        "policies",
        "How often does each shipped buying policy survive?",
        "Each shipped policy plays the same games.",
        experiment=_policies,
        default_games=100_000,
    ),
    Question(
        "card-value",
        "Which cards are worth buying?",
        "The balanced policy, and the same policy never buying one card, on the same games: "
        "what each card adds to the chance of surviving.",
        experiment=_card_value,
        default_games=100_000,
    ),
    Question(
        "table-rules",
        "What does each table rule change?",
        "The balanced policy under the kit's readings and under each other reading.",
        experiment=_table_rules,
        default_games=100_000,
    ),
    coach_question("the-horde", MEASURE, games=COACH_GAMES, keyed_luck=True),
    coach_lead_question(
        "the-horde", f"{MEASURE} (chance, in {CHECK_GAMES:,} checked games)", games=COACH_GAMES
    ),
)
