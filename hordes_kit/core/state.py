"""The engine API every game implements (modelled on OpenSpiel's ``State``).

A state is immutable: ``state.apply(action_id)`` returns a new state. Whose move it
is comes from ``current_player``: a seat index, ``CHANCE`` (the dice or the deck
decide, with exact ``chance_outcomes()``) or ``TERMINAL``. A game is fully
determined by its config and its history of action ids.
"""

from __future__ import annotations

import gc
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from hordes_kit.core.errors import IllegalActionError, InvalidActionError

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Event",
    "GameState",
    "player_label",
    "evolve",
    "gc_paused",
    "share",
    "take",
    "put",
]

CHANCE = -1
TERMINAL = -2


def player_label(player: int) -> str:
    """Readable name of a ``current_player`` value."""
    return {CHANCE: "chance", TERMINAL: "game over"}.get(player, f"player {player + 1}")


@lru_cache(maxsize=4096)
def share(k: int, n: int) -> Fraction:
    """``Fraction(k, n)``, made once for each pair: the outcomes of a draw are a few such
    shares, asked again at every draw of a replay (reducing a Fraction costs a gcd each time).

    >>> share(2, 4)
    Fraction(1, 2)
    """
    return Fraction(k, n)


# A pile whose order does not matter (a hand, a discard, a market row) is a sorted tuple of
# card ids: equal piles are equal tuples, so positions compare and hash by what they hold.


def take(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A sorted multiset of ids without one copy of ``card``.

    >>> take(("a", "b", "b", "c"), "b")
    ('a', 'b', 'c')
    """
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def put(cards: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """A sorted multiset of ids with ``more`` added.

    >>> put(("a", "c"), "b", "a")
    ('a', 'a', 'b', 'c')
    """
    return tuple(sorted(cards + more))


# A state's legal actions and chance outcomes, kept on the state the first time they are
# asked (a state never changes; ``evolve`` leaves them behind): a move asks for them again
# (``apply`` checks the move is legal, a bot or the playout driver has just listed them).
_MEMO = "_hk_memo"


def evolve(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for frozen dataclasses without ``__post_init__``, ~10x faster.

    The engines build a new state on every move; ``replace`` re-runs ``__init__`` over
    every field, this copies the instance dict and checks the names changed.
    """
    fields_ = obj.__dataclass_fields__
    for k in changes:
        if k not in fields_:
            raise TypeError(f"{type(obj).__name__} has no field {k!r}")
    new = _new(obj.__class__)
    d = obj.__dict__.copy()  # a copied dict, set whole: faster than filling a new one
    d.update(changes)
    if _MEMO in d:
        del d[_MEMO]  # what a state worked out about itself is not the new one's
    _setattr(new, "__dict__", d)
    return new


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for a search over positions (and resumed after,
    if it ran before): a search makes hundreds of thousands of short-lived positions and
    tuples that refcounting frees (they hold no cycles), and the collector's passes over
    the ones it keeps (memo tables) cost it time and find nothing."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


_new = object.__new__
_setattr = object.__setattr__  # frozen dataclasses refuse their own __setattr__


def _memo(state: Any) -> dict:
    try:
        d = state.__dict__
    except AttributeError:  # a state without an instance dict keeps nothing
        return {}
    memo = d.get(_MEMO)
    if memo is None:
        memo = d[_MEMO] = {}
    return memo


@dataclass(frozen=True)
class Event:
    """One line of the game log, citing the rule (or ruling) that produced it."""

    rule: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        """The event as JSON types."""
        return {"rule": self.rule, "text": self.text, "data": dict(self.data)}


class GameState(ABC):
    """Base class of every game's state; subclasses are frozen dataclasses.

    A subclass declares the fields ``history: tuple[str, ...]`` and
    ``log: tuple[Event, ...]`` and implements the abstract methods. ``apply``
    here does the checking (malformed vs illegal) so no game can skip it.
    """

    game: ClassVar[str]
    history: tuple[str, ...]
    log: tuple[Event, ...]

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats in this game."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat index whose decision it is, or ``CHANCE`` / ``TERMINAL``."""

    @abstractmethod
    def _legal(self) -> tuple[str, ...]:
        """Legal decision ids for the current player (any order)."""

    @abstractmethod
    def _chance(self) -> tuple[tuple[str, Fraction], ...]:
        """Outcomes at a chance node, with exact probabilities."""

    @abstractmethod
    def parse_action(self, action_id: str) -> Any:
        """Structured form of an action id; raises ``InvalidActionError`` if malformed."""

    @abstractmethod
    def format_action(self, action: Any) -> str:
        """Action id of a structured action (inverse of ``parse_action``)."""

    @abstractmethod
    def _do(self, action: Any, action_id: str) -> GameState:
        """The successor state (history is appended by ``apply``)."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """JSON-only picture of the game as ``player`` sees it (``None``: everything)."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Per-seat result at a terminal state (1 win, 0 loss, fractions for shared wins)."""

    def hidden_from(self, player: int) -> frozenset[str]:
        """Strings naming things this player must not see (checked against ``view``)."""
        return frozenset()

    def census(self) -> Counter[str] | None:
        """Every card of the game by id, wherever it lies (decks, hands, play, discard piles,
        out of the game, a card in the middle of a move); None where a game does not count
        (while it is being set up, between two games of a campaign). The conformance checks
        hold each game to it: no move loses or makes a card. Every game declares its own."""
        return None

    def why_illegal(self, action: Any, action_id: str) -> str:
        """Reason a well-formed action is not legal now; games refine it."""
        if self.current_player == TERMINAL:
            return "the game is over"
        if self.current_player == CHANCE:
            return "the game waits for a chance outcome"
        return "not allowed at this point of the turn"

    # --- provided -------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True once the game has ended."""
        return self.current_player == TERMINAL

    @property
    def is_chance(self) -> bool:
        """True when the dice or a deck decide next."""
        return self.current_player == CHANCE

    def legal_actions(self) -> tuple[str, ...]:
        """Sorted, unique action ids legal now (chance outcome ids at a chance node)."""
        memo = _memo(self)
        legal = memo.get("legal")
        if legal is None:
            if self.is_terminal:
                legal = ()
            elif self.is_chance:
                legal = tuple(o for o, _ in self.chance_outcomes())
            else:
                legal = tuple(sorted(set(self._legal())))
            memo["legal"] = legal
        return legal

    def chance_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        """Sorted ``(outcome_id, probability)`` pairs summing to exactly 1; empty off chance."""
        memo = _memo(self)
        outcomes = memo.get("chance")
        if outcomes is None:
            outcomes = memo["chance"] = tuple(sorted(self._chance())) if self.is_chance else ()
        return outcomes

    def apply(self, action_id: str) -> GameState:
        """The state after ``action_id``; malformed or illegal ids raise and change nothing."""
        if not isinstance(action_id, str) or not action_id:
            raise InvalidActionError(repr(action_id), "an action id is a non-empty string")
        action = self.parse_action(action_id)
        legal = self.legal_actions()
        if action_id not in legal:
            raise IllegalActionError(action_id, self.why_illegal(action, action_id), legal)
        nxt = self._do(action, action_id)
        return evolve(nxt, history=self.history + (action_id,))

    def apply_all(self, action_ids) -> GameState:
        """Apply several action ids in order, in time linear in their number.

        Each move is applied to the state without its history and log, which are gathered
        on the side and put back once at the end: ``apply`` copies both tuples on every
        move, which made a 30,000-move save cost 2.5 s of copying alone (the rules never
        read their own history or log; the replay tests compare the two ways). A move
        that fails raises as ``apply`` does, with ``move`` (1-based) set on the error.
        """
        history, log = list(self.history), list(self.log)
        state = self
        for n, a in enumerate(action_ids, 1):
            try:
                state = evolve(state, history=(), log=()).apply(a)
            except Exception as e:
                e.move = n  # type: ignore[attr-defined]
                raise
            history += state.history
            log += state.log
        if state is self:
            return self
        return evolve(state, history=tuple(history), log=tuple(log))

    def with_events(self, *events: Event, **changes: Any) -> GameState:
        """Helper for ``_do``: a copy with fields changed and events appended to the log."""
        return evolve(self, log=self.log + events, **changes)

    def facts(self) -> dict:
        """Everything a scenario may check: the full-information view."""
        return self.view(None)
