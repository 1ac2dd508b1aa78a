"""The seeded playout driver: the only place that turns chance into outcomes.

Rules never touch a random number generator; this driver samples each chance
node's exact distribution with ``random.Random(seed)`` (or, given a ``KeyedLuck``, by
its keyed draw, so games that part at a choice keep common luck) and asks a policy (or a
uniform random choice) at decision nodes.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from math import inf, lcm, log1p

from hordes_kit.core.state import GameState

__all__ = [
    "Policy",
    "KeyedLuck",
    "sample_outcome",
    "random_policy",
    "playout",
    "play_steps",
    "play_until",
]

Policy = Callable[[GameState, random.Random], str]


def sample_outcome(outcomes: Sequence[tuple[str, Fraction]], rng: random.Random) -> str:
    """Draw one outcome id with its exact probability (integer weights, no float rounding).

    >>> sample_outcome((("a", Fraction(1, 3)), ("b", Fraction(2, 3))), random.Random(1))
    'a'
    """
    den = lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (den // p.denominator) for _, p in outcomes]
    if sum(weights) != den:
        raise ValueError(f"chance outcomes do not sum to 1: {outcomes!r}")
    ticket = rng.randrange(den)
    for (outcome, _), w in zip(outcomes, weights):
        ticket -= w
        if ticket < 0:
            return outcome
    raise AssertionError("unreachable: weights sum to den")


class KeyedLuck(random.Random):
    """A game's luck keyed by where it is drawn, so two games that part at a choice go on
    drawing the same luck (common random numbers that stay common).

    The chance node that is the ``n``-th of its kind (the outcome ids' prefix: ``horde``,
    ``roll``) on turn ``t`` (the state's ``turn``, if it has one) takes the outcome that wins
    an exponential race: outcome ``o`` of probability ``p`` finishes at ``E / p``, ``E``
    exponential from a hash of (name, t, kind, n, o). The winner is ``o`` with probability
    ``p`` (to float precision), afresh at every node as no key is drawn twice in a game;
    and two games whose decks differ by a card still mostly draw the same cards, since a
    card's time does not depend on what else is in the deck. Decisions that draw from a
    generator (bots) draw from this object's own stream seeded by ``name``.
    """

    def __init__(self, name: str):
        self.name = str(name)
        self.drawn: Counter = Counter()
        super().__init__(self.name)

    def outcome(self, state: GameState) -> str:
        """The outcome of ``state``'s chance node (see the class docstring)."""
        outcomes = state.chance_outcomes()
        kind = outcomes[0][0].split(":", 1)[0]
        key = (getattr(state, "turn", 0), kind)
        n = self.drawn[key]
        self.drawn[key] += 1
        best, first = outcomes[0][0], inf
        for outcome, p in outcomes:
            if not p:
                continue
            digest = hashlib.blake2b(
                f"{self.name}|{key[0]}|{kind}|{n}|{outcome}".encode(), digest_size=8
            ).digest()
            u = (int.from_bytes(digest, "big") >> 11) * 2.0**-53  # in [0, 1)
            finish = -log1p(-u) / float(p)
            if finish < first:
                best, first = outcome, finish
        return best

    def getstate(self):
        return super().getstate(), tuple(sorted(self.drawn.items()))

    def setstate(self, state):
        inner, drawn = state
        super().setstate(inner)
        self.drawn = Counter(dict(drawn))

    def __reduce__(self):
        return KeyedLuck, (self.name,), self.getstate()


def random_policy(state: GameState, rng: random.Random) -> str:
    """Pick uniformly among the legal actions."""
    return rng.choice(state.legal_actions())


def play_steps(
    state: GameState,
    seed: int | random.Random,
    policies: Mapping[int, Policy] | None = None,
    max_steps: int = 100_000,
) -> Iterator[GameState]:
    """Yield every state from ``state`` to the end (or ``max_steps`` moves)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    policies = policies or {}
    yield state
    for _ in range(max_steps):
        if state.is_terminal:
            return
        if state.is_chance:
            if isinstance(rng, KeyedLuck):
                action = rng.outcome(state)
            else:
                action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = policies.get(state.current_player, random_policy)(state, rng)
        state = state.apply(action)
        yield state


def playout(
    state: GameState,
    seed: int | random.Random,
    policies: Mapping[int, Policy] | None = None,
    max_steps: int = 100_000,
) -> GameState:
    """Play to the end with seeded chance; returns the final state."""
    final = state
    for final in play_steps(state, seed, policies, max_steps):  # noqa: B007 - keep the last
        pass
    return final


def play_until(
    state: GameState,
    seed: int | random.Random,
    policies: Mapping[int, Policy] | None,
    stop: Callable[[GameState], bool],
) -> GameState:
    """Play on until ``stop(state)`` or the end (the first state is not tested); returns it.

    How the simulators hand a game from the rules engine to a fast simulator at a point
    where it can take over (a new turn, a Fate draw).
    """
    final = state
    for final in play_steps(state, seed, policies):  # noqa: B007 - keep the last
        if final is not state and (final.is_terminal or stop(final)):
            break
    return final
