"""Checks every registered game must pass on every state of random playouts.

The generic conformance test calls ``check_playout`` for each game over many
seeds; a game's own tests may call ``check_state`` on hand-built states too.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from hordes_kit.core.errors import IllegalActionError
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import Game
from hordes_kit.core.state import CHANCE, TERMINAL, GameState

__all__ = ["ConformanceError", "check_state", "check_playout"]


class ConformanceError(AssertionError):
    """A game broke the engine contract."""


def _fail(state: GameState, msg: str) -> None:
    raise ConformanceError(f"after {list(state.history)[-6:]} (move {len(state.history)}): {msg}")


def _strings(obj: Any) -> list[str]:
    """Every string in a JSON value (keys included)."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for k, v in obj.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return []


def _mentioned(texts: list[str], tokens: frozenset[str]) -> list[str]:
    """The tokens that stand as whole words in any of the texts (one regex for all)."""
    if not tokens:
        return []
    alts = "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))
    pat = re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])")
    return sorted({m.group(0) for t in texts for m in pat.finditer(t)})


def check_state(state: GameState, players: int) -> None:
    """Ids sorted/unique/round-trip, chance sums to 1, views are JSON and leak nothing."""
    cp = state.current_player
    if not (cp in (CHANCE, TERMINAL) or 0 <= cp < players):
        _fail(state, f"current_player {cp!r} is not a seat, CHANCE or TERMINAL")
    legal = state.legal_actions()
    if list(legal) != sorted(set(legal)):
        _fail(state, f"legal_actions not sorted and unique: {legal}")
    if cp == TERMINAL:
        if legal:
            _fail(state, "a terminal state offers actions")
        if len(state.returns()) != players:
            _fail(state, "returns() has the wrong length")
    elif not legal:
        _fail(state, "a non-terminal state offers no action")
    for a in legal:
        if state.format_action(state.parse_action(a)) != a:
            _fail(state, f"action id {a!r} does not round-trip")
    outcomes = state.chance_outcomes()
    if cp == CHANCE:
        if sum((p for _, p in outcomes), Fraction(0)) != 1:
            _fail(state, f"chance outcomes sum to {sum(p for _, p in outcomes)}")
        if any(not isinstance(p, Fraction) or p <= 0 for _, p in outcomes):
            _fail(state, "chance probabilities must be positive Fractions")
    elif outcomes:
        _fail(state, "chance_outcomes() is not empty off a chance node")
    for seat in [*range(players), None]:
        v = state.view(seat)
        try:
            if json.loads(json.dumps(v)) != v:
                _fail(state, f"view({seat}) changes through JSON")
        except (TypeError, ValueError) as e:
            _fail(state, f"view({seat}) is not JSON: {e}")
        hidden = state.hidden_from(seat) if seat is not None else frozenset()
        if hidden:
            leaked = _mentioned(_strings(v), hidden)
            if leaked:
                _fail(state, f"view({seat}) shows hidden {leaked[:3]}")


def _check_illegal(state: GameState, rng: random.Random) -> None:
    """A legal id from elsewhere that is not legal here must be refused, listing what is."""
    legal = set(state.legal_actions())
    for probe in ("pass", "end", "__nope__"):
        if probe in legal:
            continue
        try:
            state.apply(probe)
        except IllegalActionError as e:
            if set(e.legal) != legal:
                _fail(state, "IllegalActionError does not list the legal actions")
        except ValueError:
            continue  # malformed for this game: InvalidActionError (a ValueError) is right
        else:
            _fail(state, f"apply({probe!r}) was accepted but is not legal")


def check_playout(
    game: Game, config: Mapping[str, Any] | None, seed: int, *, max_steps: int = 50_000
) -> GameState:
    """Play one seeded random game checking every state; then replay it from history."""
    start = game.start(config)
    players = start.num_players
    rng = random.Random(seed)
    state = start
    policies = None
    if game.playout_policy is not None:
        policies = {seat: game.playout_policy for seat in range(players)}
    for state in play_steps(start, rng, policies, max_steps=max_steps):
        check_state(state, players)
        if rng.random() < 0.05:
            _check_illegal(state, rng)
    replayed = game.replay(config, state.history)
    if replayed != state:
        _fail(state, "replaying the history does not give the same state")
    return state
