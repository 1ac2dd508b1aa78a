"""The coach: the legal moves of a position ranked by what they are worth to the seat to move.

Each candidate move is continued by simulated games under the game's best policy (the
strategy lab's, or its strongest bot), on common random numbers: game ``g`` of a search
seeded ``s`` draws the same luck whichever move it follows (and, in a game with hidden
cards, the same sample of what the seat cannot see), so two moves are compared on the same
games. The games come in rounds that double; after each round a move clearly behind the
best (the 95% interval of its difference from the best, on the same games, lies below
zero) stops being played, until one move is left (the best is told apart), the time is up
or the games are enough. ``Coach.think`` can be called again to refine the same search.

A game brings its side (``core.coach_rules.CoachRules``, in ``hordes_kit/<game>/coach.py``,
named by ``Game(coach=...)``): how one game is played on from a position (the fast
simulator where one can start from the position, the rules engine with the bot
otherwise), what is measured in each game (for the sentence that says why the best is
better), and, in a game with hidden cards, how what the seat cannot see is sampled from
what it knows. The answer's figures are ``core.coach_answer``, its words ``core.coach_words``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hordes_kit.core.coach_answer import CoachAnswer, MoveValue, mean_and_half
from hordes_kit.core.coach_rules import (
    CoachRules,
    Measure,
    Outcome,
    Rollout,
    Rollouts,
    Sampler,
    engine_rollout,
    rules_for,
)
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import MAX_SEED, Z95, wilson_interval
from hordes_kit.core.state import GameState

__all__ = [
    "Measure",
    "Outcome",
    "CoachRules",
    "Coach",
    "coach",
    "rules_for",
    "engine_rollout",
    "Rollout",
    "Rollouts",
    "Sampler",
    "FIRST_SECONDS",
    "MAX_SECONDS",
]

FIRST_SECONDS = 1.0  # the first answer's thinking time
MAX_SECONDS = 600.0  # the most one request may think
MOST_GAMES = 20_000  # games per move: past this a search plays no more, whatever the time
# the games a search keeps in all (each a few hundred bytes): with many moves each plays
# fewer, so memory stays bounded however long the coach is asked to think
MOST_OUTCOMES = 200_000
FIRST_ROUND = 2  # games per move in the first round; each round doubles
CHUNK = 64  # most games a move in one batch (``CoachRules.rollouts``) between clock reads
DROP_AFTER = 32  # a move is dropped only after this many games (no early bad luck)
Z_DROP = 2.576  # ... and only when 99% sure: many moves are compared at every round


@dataclass
class _Move:
    move: str
    label: str
    outcomes: list[Outcome] = field(default_factory=list)
    dropped: bool = False
    after: GameState | None = None  # the position after the move (no hidden cards sampled)


class Coach:
    """A search over one position's moves; ``think(seconds)`` refines it and answers."""

    # what ranking the games costs, seconds per game kept: a clocked search keeps that much
    # of its time for the answer (measured at every answer of the process; 0.3-0.7 us)
    _answer_cost = 5e-7

    def __init__(
        self, state: GameState, rules: CoachRules, seed: int = 0, policy_move: str | None = None
    ) -> None:
        if state.is_terminal:
            raise InvalidInputError("the game is over: there is no move to coach")
        if state.is_chance:
            raise InvalidInputError(
                "the game waits for the dice or a card, not for a player: nothing to coach"
            )
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise InvalidInputError(f"the seed must be a whole number 0-{MAX_SEED:,}")
        self.state, self.rules, self.seed = state, rules, seed
        self.game = state.game
        self.seat = state.current_player
        moves = tuple(rules.moves(state) if rules.moves else state.legal_actions())
        label = getattr(state, "label", lambda a: a)
        self._moves = [_Move(m, label(m)) for m in moves]
        self._samples: dict[int, GameState] = {}
        self._most = min(MOST_GAMES, max(FIRST_ROUND, MOST_OUTCOMES // max(1, len(moves))))
        # the screen's exact answer: of moves the games cannot tell apart, it ranks first
        self._exact = rules.exact(state) if rules.exact else None
        # the best policy's own move: the coach recommends another only where the games
        # tell that move's win chance apart above it (``policy_move``: the one a bot drew)
        if policy_move is None and rules.bot is not None and len(moves) > 1:
            rng = random.Random(f"hordes-kit-coach-policy:{seed}")
            policy_move = rules.bot(self._start(0), rng)
        self._policy = policy_move if policy_move in moves else None
        self.seconds = 0.0

    def _start(self, g: int) -> GameState:
        """Game ``g``'s position for the seat: what it cannot see sampled with game g's luck."""
        if self.rules.sample is None:
            return self.state
        if g not in self._samples:
            rng = random.Random(f"hordes-kit-coach:{self.seed}:{g}")
            self._samples[g] = self.rules.sample(self.state, self.seat, rng)
        return self._samples[g]

    def _play(self, m: _Move, g: int, count: int = 1) -> None:
        """Games ``g .. g+count-1`` of move ``m`` (one batch where the game has one)."""
        rules, seat, seed, games = self.rules, self.seat, self.seed, range(g, g + count)
        if rules.sample is not None:  # hidden cards: each game starts from its own sample
            # every move of a batch plays the same games from the same samples: they are
            # kept for the batch (made once a game, not once a move and game), no longer
            if any(i not in self._samples for i in games):
                self._samples = {i: self._samples[i] for i in games if i in self._samples}
            out = [rules.rollout(self._start(i).apply(m.move), seat, seed, i) for i in games]
        else:  # every game starts from the same position: the move is applied once
            m.after = self.state.apply(m.move) if m.after is None else m.after
            if rules.rollouts is not None:
                out = list(rules.rollouts(m.after, seat, seed, g, count))
            else:
                out = [rules.rollout(m.after, seat, seed, i) for i in games]
        # a game's bug, not the input's
        if len(out) != count or any(len(o.measures) != len(rules.measures) for o in out):
            raise ValueError(f"{self.game}: simulated games measured {out[:1]!r} ({len(out)})")
        m.outcomes.extend(out)

    def _alive(self) -> list[_Move]:
        return [m for m in self._moves if not m.dropped]

    def _settled(self) -> bool:
        """The best is told apart: every other move was dropped."""
        return len(self._alive()) <= 1

    def _done(self) -> bool:
        """No more games to play: the best is told apart, or the moves left played enough."""
        return self._settled() or min(len(m.outcomes) for m in self._alive()) >= self._most

    def think(self, seconds: float = FIRST_SECONDS, games: int | None = None) -> CoachAnswer:
        """Play more games for at most about ``seconds`` (at least one game a move), then answer.

        ``games``: stop once the moves still searched have played this many games each
        (a search that does not depend on the machine's speed: tests, the lab's games).
        """
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise InvalidInputError(f"the coach's seconds must be a number, got {seconds!r:.20}")
        if not 0 < seconds <= MAX_SECONDS:
            raise InvalidInputError(f"the coach thinks 0-{MAX_SECONDS:g} seconds, not {seconds:g}")
        most = self._most if games is None else max(1, min(games, self._most))
        t0 = time.perf_counter()
        deadline = t0 + seconds
        start, played = t0, 0  # the games' pace: since ``start``, ``played`` games
        if len(self._moves) > 1:
            while not self._done():
                alive = self._alive()
                done = len(alive[0].outcomes)
                if done >= most:
                    break
                # without a clock the first round is the games before a move may be dropped
                # (the same games, the same drops: fewer, larger batches)
                target = min(max(FIRST_ROUND if games is None else DROP_AFTER, 2 * done), most)
                # games g .. g+step-1 for every move still in the search: a batch each, the
                # clock read between batches (the first answer's time); a search without a
                # clock (``games``) plays each round in one batch a move
                step = max(1, min(CHUNK, (target - done) // 2)) if done else 1
                if games is not None:
                    step = target - done
                g = done
                while g < target:
                    count = min(step, target - g)
                    if g > 0 and games is None:
                        # the time left, less what ranking the games kept will take
                        now = time.perf_counter()
                        left = deadline - now - self._answer_cost * self._kept_games()
                        if left < 0:
                            break
                        # no batch longer than the time left (at the games' pace so far):
                        # a round's last batches could keep the answer waiting past it
                        pace = max(now - start, 1e-9) / max(1, played)
                        count = max(1, min(count, int(left / pace / len(alive))))
                    for m in alive:
                        self._play(m, g, count)
                    g, played = g + count, played + count * len(alive)
                    if g == count and time.perf_counter() > deadline:  # the first games
                        deadline = time.perf_counter() + seconds  # loaded the simulator
                        start, played = time.perf_counter(), 0  # time again, pace again
                else:
                    self._drop()
                    continue
                break
        elif not self._moves[0].outcomes:
            self._play(self._moves[0], 0)
        self.seconds += time.perf_counter() - t0
        return self.answer()

    def _drop(self) -> None:
        """Stop playing the moves clearly behind the best so far (on the same games)."""
        alive = self._alive()
        if len(alive[0].outcomes) < DROP_AFTER:
            return
        best = max(alive, key=self._key())
        for m in alive:
            if m is not best:
                d, half = _paired(best, m, lambda o: o.win)
                z = Z_DROP / Z95  # the 95% half-widths, widened to 99%
                # the score counts towards the win; a tiebreak measure (turns held) does not:
                # a move is never dropped for it, only ranked by it among equal chances
                ds, hs = _paired(best, m, _score) if self.rules.score else (0.0, 0.0)
                if d - z * half > 0 or (d >= 0 and ds - z * hs > 0):
                    m.dropped = True

    def _key(self) -> Callable[[_Move], tuple]:
        """How moves rank: the moves still searched first, then win chance, then the score,
        then the best policy's own move, then the tiebreak measure, then the screen's exact
        answer, then the shorter id."""
        second, exact = self.rules.second, self._exact[0] if self._exact else None
        scored = bool(self.rules.score)

        def key(m: _Move) -> tuple:
            n = len(m.outcomes) or 1
            tie = sum(second(o) for o in m.outcomes) / n
            return (
                not m.dropped,  # a dropped move's figures come from fewer games
                sum(o.win for o in m.outcomes) / n,
                tie if scored else 0.0,
                # of equal chances the policy's move: a tiebreak measure such as turns held
                # is not the win (in The Horde, held longest is not survived most often)
                m.move == self._policy,
                0.0 if scored else tie,
                m.move == exact,
                -len(m.move),
                m.move,
            )

        return key

    def _kept_games(self) -> int:
        return sum(len(m.outcomes) for m in self._moves)

    def answer(self) -> CoachAnswer:
        """The ranking from the games played so far."""
        began = time.perf_counter()
        try:
            return self._answer()
        finally:
            kept = self._kept_games()
            if kept >= 10_000:  # enough games to time the ranking by
                Coach._answer_cost = (time.perf_counter() - began) / kept

    def _answer(self) -> CoachAnswer:
        from hordes_kit.core.coach_words import agreement, kept_words, why_better

        ranked = sorted(self._moves, key=self._key(), reverse=True)
        kept = self._kept(ranked[0])
        if kept is not None:  # no move is told apart above the policy's: it stays the best
            ranked.remove(kept)
            ranked.insert(0, kept)
        best = ranked[0]
        values = tuple(_value(m, best, bool(self.rules.score)) for m in ranked)
        why = why_better(self.rules, best, ranked[1] if len(ranked) > 1 else None)
        runner = values[1] if len(values) > 1 else None
        if best.move == self._policy and (why.startswith("In ") or (runner and runner.diff > 0)):
            # the policy's move kept first: say so, and name a runner-up that won more games
            kept = kept_words(self.rules.policy, values[0], len(best.outcomes), runner)
            why = kept if why.startswith("In ") else f"{kept} {why}"
        who = getattr(self.state, "who", None)
        return CoachAnswer(
            self.game,
            self.seat,
            who(self.seat) if callable(who) else f"Player {self.seat + 1}",
            self.rules.policy,
            self.rules.score,
            values,
            why,
            sum(len(m.outcomes) for m in self._moves),
            round(self.seconds, 3),
            self._settled(),
            self.seed,
            tuple(m.name for m in self.rules.measures),
            -1 if self.rules.score else self.rules.tiebreak,
            agreement(values, *self._exact) if self._exact else "",
            not self._done(),
        )

    def promising(self) -> bool:
        """Whether a move still searched has won more of the same games than the best
        policy's own move so far (more games could tell it apart above it); False where
        the policy's move is unknown or the search is done."""
        own = next((m for m in self._moves if m.move == self._policy), None)
        if own is None or own.dropped or self._done():
            return False
        n = len(own.outcomes)
        wins = sum(o.win for o in own.outcomes)
        return any(
            m is not own and sum(o.win for o in m.outcomes[:n]) > wins for m in self._alive()
        )

    def _kept(self, top: _Move) -> _Move | None:
        """The policy's move when ``top`` (the best by the means) is not told apart above it
        on win chance (99% sure, as a move is dropped: many moves are compared at once, and
        at 95% the lab's coach left the policy on chance gaps and won 4 games where it won 6)."""
        own = next((m for m in self._moves if m.move == self._policy), None)
        if own is None or own is top or own.dropped or not own.outcomes:
            return None
        z = Z_DROP / Z95
        d, half = _paired(top, own, lambda o: o.win)
        if d - z * half > 0:
            return None
        if self.rules.score:  # of equal chances, a higher score told apart ranks first
            ds, hs = _paired(top, own, _score)
            if d >= 0 and ds - z * hs > 0:
                return None
        return own


def _score(o: Outcome) -> float:
    return 0.0 if o.score is None else o.score


def _paired(a: _Move, b: _Move, f: Callable[[Outcome], float]) -> tuple[float, float]:
    """Mean and 95% half-width of f(a) - f(b) over the games both played."""
    n = min(len(a.outcomes), len(b.outcomes))
    return mean_and_half([f(a.outcomes[g]) - f(b.outcomes[g]) for g in range(n)])


def _value(m: _Move, best: _Move, scored: bool) -> MoveValue:
    n = len(m.outcomes)
    wins = sum(o.win for o in m.outcomes)
    low, high = wilson_interval(round(wins), n) if n else (0.0, 1.0)
    d, half = (0.0, 0.0) if m is best else _paired(m, best, lambda o: o.win)
    score = score_half = score_diff = score_diff_half = None
    if scored:
        score, score_half = mean_and_half([_score(o) for o in m.outcomes])
        score_diff, score_diff_half = (0.0, 0.0) if m is best else _paired(m, best, _score)
    return MoveValue(
        m.move,
        m.label,
        n,
        wins / n if n else 0.0,
        low,
        high,
        d,
        max(-1.0, d - half),
        min(1.0, d + half),
        score,
        score_half,
        score_diff,
        score_diff_half,
        m.dropped,
        tuple(
            sum(o.measures[k] for o in m.outcomes) / n for k in range(len(m.outcomes[0].measures))
        )
        if n
        else (),
    )


def coach(
    state: GameState,
    seconds: float = FIRST_SECONDS,
    seed: int = 0,
    rules: CoachRules | None = None,
    games: int | None = None,
) -> CoachAnswer:
    """Rank the moves of ``state`` for the seat to move after about ``seconds`` of games."""
    rules = rules or rules_for(state.game)
    return Coach(state, rules, seed).think(seconds, games)
