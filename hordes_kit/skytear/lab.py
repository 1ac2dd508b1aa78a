"""The strategy lab's questions about Skytear Horde (``core.lab``): the best member of the
sensible bot's family (``bots.Sensible``: what the mulligan sets aside, when the castle's
draw is used, the mana the alliance phase keeps for the reactions, which unengaged monster
an ally is sent against first), the games won by faction deck, horde and difficulty, solo
and co-op, and what each castle is worth.

Every game is a fast-simulator game (``fast.sim.run_fast``, identical games to the rules
engine on the same chance, tests/test_skytear_fast.py): game ``g`` of a seed draws the same
chance whatever member plays it. A game the fast simulator could not finish (no room: more
cards in a pile or on a unit than it holds) counts as not won, as an unfinished game does in
Fantahzee's questions (the rules engine is not asked to play it: in co-op against
Scaleson, some such games pile cards in the outsider pile without end there too).
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np

from hordes_kit.core.coach_bot import coach_question
from hordes_kit.core.lab.search import Family, Question
from hordes_kit.core.lab.tasks import Arm, Experiment
from hordes_kit.skytear.bots import DEFEND, SENSIBLE, Sensible
from hordes_kit.skytear.cards import load_cards
from hordes_kit.skytear.fast.sim import run_fast

__all__ = [
    "QUESTIONS",
    "play_win",
    "family",
    "sample_policy",
    "describe",
    "policy_name",
    "decks",
    "hordes",
    "DIFFICULTIES",
    "COACH_GAMES",
]

MEASURE = "won"
SPEED = 3000.0  # solo games a second on one core (make bench), to size the tasks
DIFFICULTIES = (1, 2, 3, 4, 5)
SHIPPED = "Shipped: sensible"
COACH_GAMES = 128  # the coach's most simulated games a move (32 first, doubling while close)


def play_win(spec, seed: int, first: int, count: int) -> np.ndarray:
    """Games ``first ..`` of ``seed`` by ``spec = (Sensible, config dict)``: 1 won; a game
    the fast simulator could not finish (an error row) counts as not won."""
    policy, config = spec
    out = run_fast(dict(config), count, seed, first, policy=policy)
    return ((out[:, 0] == 1) & (out[:, 4] == 0)).astype(np.int64)


@cache
def decks() -> tuple[str, ...]:
    """The shipped faction decks (pre-made, not a castle's custom deck), by name."""
    return tuple(d.name for d in load_cards().decks if d.faction)


@cache
def hordes() -> tuple[str, ...]:
    """The base box's hordes (the fast simulator plays each of their cards), by name."""
    return load_cards().box_hordes()


def _mulligan(p: Sensible) -> str:
    if not p.mulligan:
        return "keeps the opening hand"
    return f"sets aside every non-ally and each ally costing {p.mulligan} or more"


def _draw(p: Sensible) -> str:
    if p.castle_draw < 0:
        return "never uses the castle's draw"
    cards = f"{p.castle_draw} card{'s' if p.castle_draw != 1 else ''} or fewer"
    return f"uses the castle's draw with {cards} in hand (and 10 or more in the deck)"


def _reserve(p: Sensible) -> str:
    if not p.reserve:
        return "spends its mana in the alliance phase"
    return f"keeps {p.reserve} mana for the reactions (plays no card that would spend it)"


def describe(policy) -> str:
    """A member in a player's words."""
    p = policy[0] if isinstance(policy, tuple) else policy
    return (
        f"Mulligan: {_mulligan(p)}. Castle: {_draw(p)}. Mana: {_reserve(p)}. Defence: sends "
        f"an ally against the {p.defend} unengaged monster first."
    )


def policy_name(policy) -> str:
    """A member's short name, built from its four choices.

    >>> policy_name(SENSIBLE)
    'mulligan at 5; castle draw at 2 cards; spends all; defends the strongest'
    >>> policy_name(Sensible(mulligan=0, castle_draw=-1, reserve=2, defend="leftmost"))
    'keeps its hand; no castle draw; keeps 2 mana; defends the leftmost'
    """
    p = policy[0] if isinstance(policy, tuple) else policy
    return "; ".join(
        (
            f"mulligan at {p.mulligan}" if p.mulligan else "keeps its hand",
            f"castle draw at {p.castle_draw} cards" if p.castle_draw >= 0 else "no castle draw",
            f"keeps {p.reserve} mana" if p.reserve else "spends all",
            f"defends the {p.defend}",
        )
    )


def sample_policy(rng: random.Random) -> Sensible:
    """A random member of the family (the shipped bot is the first of each choice)."""
    return Sensible(
        mulligan=rng.choice((5, 0, 3, 4, 6, 7)),
        castle_draw=rng.choice((2, -1, 0, 1, 3, 4)),
        reserve=rng.choice((0, 0, 1, 2, 3)),
        defend=rng.choice(DEFEND),
    )


def family(config: dict | None = None) -> Family:
    """The sensible bot's family, compared with the shipped bot (solo, the first game)."""
    config = dict(config or {})
    count = iter(range(1, 10**9))

    def sample(rng: random.Random) -> Arm:
        n = next(count)
        return Arm(f"Candidate {n}", (sample_policy(rng), config))

    return Family(
        "skytear sensible",
        "What the mulligan sets aside, how short a hand uses the castle's draw, the mana the "
        "alliance phase keeps for the reactions, and which unengaged monster an ally is "
        "sent against first (the strongest, the leftmost or the weakest).",
        sample,
        (Arm(SHIPPED, (SENSIBLE, config)),),
        play_win,
        MEASURE,
        SPEED,
        describe,
        policy_name,
    )


def _win_rates(players: int) -> Experiment:
    arms = []
    for deck in decks():
        for horde in hordes():
            for d in DIFFICULTIES:
                config = {
                    "players": players,
                    "decks": [deck] * players,
                    "hordes": [horde],
                    "difficulty": d,
                }
                arms.append(Arm(f"{deck} against {horde}, level {d}", (SENSIBLE, config)))
    return Experiment(play_win, tuple(arms), MEASURE, True, SPEED / players)


def _castles() -> Experiment:
    cards = load_cards()
    arms = tuple(
        Arm(f"{c.name} ({c.faction})", (SENSIBLE, {"castle": c.name}))
        for c in sorted(cards.castles.values(), key=lambda c: (c.faction, c.name))
    )
    return Experiment(play_win, arms, MEASURE, True, SPEED)


QUESTIONS = (
    Question(
        "best-policy",
        "Is there a way to play the sensible bot that wins more often?",
        "Successive halving over the sensible bot's family (mulligan, the castle's draw, mana "
        "kept for the reactions, which lane to defend) on the same solo games of the first "
        "game's setup, the winner checked against the shipped bot on fresh games.",
        family=family,
        default_games=2_000,
    ),
    Question(
        "win-rates",
        "How often does the sensible bot win solo with each faction deck, against each "
        "horde, at each difficulty?",
        "The shipped sensible bot with the Pools of Flyema castle, against each of the box's "
        "hordes, every deck, horde and level on the same games.",
        experiment=lambda: _win_rates(1),
        default_games=500,
    ),
    Question(
        "coop-win-rates",
        "How often do two sensible bots win co-op with each faction deck, against each "
        "horde, at each difficulty?",
        "Two shipped sensible bots playing the same faction deck, the Pools of Flyema castle, "
        "against each of the box's hordes, every deck, horde and level on the same games.",
        experiment=lambda: _win_rates(2),
        default_games=500,
    ),
    Question(
        "castle-value",
        "What is each castle worth?",
        "The shipped sensible bot, solo against the Skybooter horde at level 2, with each "
        "castle and its own faction's deck, on the same games.",
        experiment=_castles,
        default_games=5_000,
    ),
) + tuple(
    # the coach as a bot against the lab's best sensible bot, by difficulty, solo and co-op
    # (the default setup: the Pools of Flyema castle's deck against Skybooter)
    coach_question(
        "skytear",
        MEASURE,
        {"players": players, "difficulty": d},
        key=f"coach-{'solo' if players == 1 else 'coop'}-{d}",
        where=f"{'solo' if players == 1 else 'co-op'}, level {d}",
        games=COACH_GAMES,
    )
    for players in (1, 2)
    for d in DIFFICULTIES
)
