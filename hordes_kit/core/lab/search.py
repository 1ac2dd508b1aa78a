"""The lab's search: the best member of a documented policy family, by successive halving
with common random numbers, reported on fresh seeds.

Round ``r`` plays every surviving candidate on the same games (seed derived from the
search's seed and ``r``: new games each round, the same games for every candidate), keeps
the better half and doubles the games. The winner is then played with the baselines on
games no round has seen (``derived_seed(seed, "final")``), and that run's intervals are
the ones reported: the luck that picked the winner does not flatter it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.lab import DEFAULT_CANDIDATES
from hordes_kit.core.lab.run import LabResult, run_experiment
from hordes_kit.core.lab.tasks import Arm, Experiment, derived_seed

__all__ = [
    "Family",
    "SearchResult",
    "search",
    "Question",
    "ask",
    "best_label",
    "replay_candidate",
]

MAX_CANDIDATES = 64


@dataclass(frozen=True)
class Family:
    """A family of policies: how to draw a member, name it, and play it."""

    name: str
    about: str  # the family's parameters in a player's words
    sample: Callable[[random.Random], Arm]  # a random member (label + spec)
    baselines: tuple[Arm, ...]  # the shipped policies it is compared with
    play: Callable  # the experiment's play function (``tasks.Experiment``)
    measure: str
    games_per_second: float = 1000.0
    describe: Callable[[object], str] = repr  # a member's spec in a player's words
    member_name: Callable[[object], str] | None = None  # a member's name from its parameters


def best_label(family: Family, winner: Arm) -> str:
    """The winner's row label: named by what it does when the family can say it."""
    return f"Best found ({family.member_name(winner.spec) if family.member_name else winner.label})"


def _search_rng(seed: int) -> random.Random:
    return random.Random(f"hordes-kit-lab-search:{seed}")


def replay_candidate(family: Family, seed: int, label: str) -> Arm:
    """The candidate ``label`` of the search with ``seed`` drawn again (no game played):
    a shipped answer's winner from its seed and label."""
    rng = _search_rng(seed)
    for _ in range(50 * MAX_CANDIDATES):
        arm = family.sample(rng)
        if arm.label == label:
            return arm
    raise InvalidInputError(f"no candidate {label!r} in the search with seed {seed}")


@dataclass(frozen=True)
class SearchResult:
    """Each round's standings and the winner's check on fresh games."""

    family: Family
    rounds: tuple[LabResult, ...]
    final: LabResult
    winner: Arm

    def rounds_table(self):
        """polars table: round, candidate, games, mean (on that round's shared games)."""
        import polars as pl

        rows = [
            {"round": r + 1, "choice": arm.label, "games": res.games, "mean": res.mean(i)}
            for r, res in enumerate(self.rounds)
            for i, arm in enumerate(res.exp.arms)
        ]
        return pl.DataFrame(rows)


def search(
    family: Family,
    candidates: int,
    games: int,
    seed: int = 0,
    *,
    final_games: int | None = None,
    workers: int = 1,
    scheduler=None,
    progress: Callable[[str, int, int], None] | None = None,
    extra: Sequence[Arm] = (),
) -> SearchResult:
    """Successive halving over ``candidates`` drawn members (and the baselines and ``extra``),
    ``games`` per candidate in the first round; the winner checked on ``final_games`` fresh
    games (default 4 x ``games``) against the baselines."""
    if not 2 <= candidates <= MAX_CANDIDATES:
        raise InvalidInputError(f"candidates must be 2-{MAX_CANDIDATES}, got {candidates!r}")
    rng = _search_rng(seed)
    pool = list(family.baselines) + list(extra)
    seen = {repr(a.spec) for a in pool}
    tries = 0
    while len(pool) < candidates + len(family.baselines) + len(extra) and tries < 50 * candidates:
        arm = family.sample(rng)
        tries += 1
        if repr(arm.spec) not in seen:
            seen.add(repr(arm.spec))
            pool.append(arm)
    rounds = []
    n, r = games, 0
    while len(pool) > 1:
        exp = Experiment(family.play, tuple(pool), family.measure, True, family.games_per_second)
        tick = (lambda d, t, r=r: progress(f"round {r + 1}", d, t)) if progress else None
        res = run_experiment(
            exp,
            n,
            derived_seed(seed, f"round {r}"),
            workers=workers,
            scheduler=scheduler,
            progress=tick,
        )
        rounds.append(res)
        order = sorted(range(len(pool)), key=lambda i: (-int(res.tally.total[i]), i))
        pool = [pool[i] for i in order[: max(1, len(pool) // 2)]]
        n, r = n * 2, r + 1
    winner = pool[0]
    best = Arm(best_label(family, winner), winner.spec)
    arms = (best, *(a for a in family.baselines if a.spec != winner.spec))
    exp = Experiment(family.play, arms, family.measure, True, family.games_per_second)
    tick = (lambda d, t: progress("fresh games", d, t)) if progress else None
    final = run_experiment(
        exp,
        final_games or 4 * games,
        derived_seed(seed, "final"),
        workers=workers,
        scheduler=scheduler,
        progress=tick,
    )
    return SearchResult(family, tuple(rounds), final, winner)


@dataclass(frozen=True)
class Question:
    """A question a player can ask the lab about one game.

    Either ``experiment`` (a sweep: its arms over the same games) or ``family`` (a search
    for the family's best member).
    """

    key: str  # the CLI's word: policies, table-rules, card-value, best-policy, first-player
    title: str  # the question in a player's words
    about: str  # what is played and measured
    experiment: Callable[[], Experiment] | None = None
    family: Callable[[], Family] | None = None
    default_games: int = 10_000


def ask(
    question: Question,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    scheduler=None,
    candidates: int = DEFAULT_CANDIDATES,
    progress: Callable[[str, int, int], None] | None = None,
) -> LabResult | SearchResult:
    """The answer to a question: a sweep's ``LabResult`` or a search's ``SearchResult``
    (``games`` per candidate in its first round, 4 x ``games`` fresh games at the end)."""
    if question.family is not None:
        return search(
            question.family(),
            candidates,
            games,
            seed,
            workers=workers,
            scheduler=scheduler,
            progress=progress,
        )
    tick = (lambda d, t: progress("games", d, t)) if progress else None
    return run_experiment(
        question.experiment(), games, seed, workers=workers, scheduler=scheduler, progress=tick
    )
