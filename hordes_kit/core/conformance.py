"""Checks every registered game must pass on every state of random playouts.

The generic conformance test calls ``check_playout`` for each game over many
seeds; a game's own tests may call ``check_state`` on hand-built states too. A playout
also holds the game to its card count (``GameState.census``): no move loses or makes a card.
``check_mutated_position`` starts from a described position (a scenario's
``config.position``) changed at random: the game refuses it with its own error, or it
plays to its end like any other game (a position the loader accepts never breaks).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from hordes_kit.core.errors import HordesKitError, IllegalActionError
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import Game
from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.core.state import CHANCE, TERMINAL, GameState

__all__ = [
    "ConformanceError",
    "check_state",
    "check_playout",
    "scenario_positions",
    "mutate_position",
    "check_mutated_position",
]


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


def _conserved(state: GameState, before: Counter[str] | None) -> Counter[str] | None:
    """The state's census, failing when a card is lost or made since ``before`` (the last
    census counted; None: nothing to compare with, the game was not counting)."""
    now = state.census()
    if now is not None and before is not None and now != before:
        lost, made = before - now, now - before
        words = [f"{n} {c} lost" for c, n in sorted(lost.items())]
        words += [f"{n} {c} from nowhere" for c, n in sorted(made.items())]
        _fail(state, "cards are not conserved: " + ", ".join(words))
    return now


def check_playout(
    game: Game,
    config: Mapping[str, Any] | None,
    seed: int,
    *,
    max_steps: int = 50_000,
    share: float = 1.0,
    policy: Callable | None = None,
) -> GameState:
    """Play one seeded random game checking every state (cards conserved from each move to
    the next, ``GameState.census``); then replay it from history.

    ``share`` < 1 checks that share of the states (drawn apart from the game's own
    chances, so the game played is the same) and always the last one: a long game stays
    quick while its replay is still checked whole. ``policy`` plays every seat's decisions
    (default: the game's ``playout_policy``, else uniformly random): one that plays well
    reaches what random play seldom does (a campaign's later games).
    """
    start = game.start(config)
    players = start.num_players
    rng = random.Random(seed)
    picker = random.Random(seed + 1) if share < 1 else rng
    state = start
    policies = None
    policy = policy or game.playout_policy
    if policy is not None:
        policies = {seat: policy for seat in range(players)}
    counted = None
    for state in play_steps(start, rng, policies, max_steps=max_steps):
        counted = _conserved(state, counted)  # every state: a lost card is never skipped
        if share >= 1 or picker.random() < share:
            check_state(state, players)
            if picker.random() < 0.05:
                _check_illegal(state, picker)
    check_state(state, players)
    replayed = game.replay(config, state.history)
    if replayed != state:
        _fail(state, "replaying the history does not give the same state")
    return state


# --- described positions, changed at random -------------------------------------------


def scenario_positions(game: Game) -> list[dict]:
    """The configs of the game's scenario files that describe a position (in file order)."""
    out = []
    for path in scenario_files(game.data_dir):
        config = load_scenario(path).config
        if isinstance(config.get("position"), Mapping):
            out.append(json.loads(json.dumps(config)))  # plain, mutable JSON values
    return out


def _nodes(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (the root included)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _nodes(v, (*path, i))
    return out


def _kind(path: tuple) -> str:
    """The table key a value sits under (``items`` for ``seats.1.items.0``)."""
    return next((k for k in reversed(path) if isinstance(k, str)), "")


def _leaves(value: Any) -> dict[str, list]:
    """The texts and whole numbers a JSON value holds, by the key they sit under ("" all)."""
    out: dict[str, list] = {}
    for path in _nodes(value):
        v = _at(value, path)
        if isinstance(v, str | int) and not isinstance(v, bool):
            out.setdefault(_kind(path), []).append(v)
            out.setdefault("", []).append(v)
    return out


def _at(value: Any, path: tuple) -> Any:
    for k in path:
        value = value[k]
    return value


def _changed(v: Any, kind: str, rng: random.Random, seen: dict[str, list]) -> Any:
    """One random change of a value: a number nudged, a text swapped for another the
    positions hold (mostly one under the same key), a list entry repeated, dropped or
    added, a list shuffled, a key of a table dropped."""
    same = seen.get(kind) if rng.random() < 0.8 else None
    pool = same or seen.get("", [])
    words = [x for x in pool if isinstance(x, str)] or [""]
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        numbers = [x for x in pool if isinstance(x, int)] or [0]
        return rng.choice([0, 1, -1, v + 1, v - 1, v * 2 + 1, 99, rng.choice(numbers)])
    if isinstance(v, str):
        return rng.choice(words)
    if isinstance(v, list):
        v = list(v)
        op = rng.randrange(4) if v else 3
        if op == 0:  # an entry several times over (five Training Swords)
            v += [rng.choice(v)] * rng.randint(1, 5)
        elif op == 1:
            v.pop(rng.randrange(len(v)))
        elif op == 2:
            rng.shuffle(v)
        else:
            v.append(rng.choice(words))
        return v
    if isinstance(v, dict) and v:
        v = dict(v)
        v.pop(rng.choice(sorted(v)))
        return v
    return v


def mutate_position(config: Mapping[str, Any], rng: random.Random, changes: int = 2) -> dict:
    """A copy of a config whose ``position`` has ``changes`` random changes (``_changed``),
    made of the texts and numbers the position itself holds."""
    out = copy.deepcopy(dict(config))
    seen = _leaves(out["position"])
    for _ in range(changes):
        paths = _nodes(out["position"])[1:] or [()]
        lists = [p for p in paths if isinstance(_at(out["position"], p), list)]
        # mostly a text or a number, a list often enough to repeat an entry
        path = rng.choice(lists if lists and rng.random() < 0.35 else paths)
        new = _changed(_at(out["position"], path), _kind(path), rng, seen)
        if path:
            _at(out["position"], path[:-1])[path[-1]] = new
    return out


def check_mutated_position(
    game: Game,
    config: Mapping[str, Any],
    seed: int,
    *,
    max_steps: int = 50_000,
    share: float = 1.0,
) -> GameState | None:
    """A randomly changed position: refused with the kit's own error (None), or played to
    its end with every check of ``check_playout``; anything else is a ``ConformanceError``
    naming the changed config and the seed, so the failure can be replayed."""
    rng = random.Random(seed)
    changed = mutate_position(config, rng, rng.randint(1, 3))
    shown = json.dumps(changed.get("position"), separators=(",", ":"))[:2000]
    try:
        game.start(changed)
    except HordesKitError:
        return None
    except Exception as e:  # noqa: BLE001 - a loader must refuse with the kit's error
        raise ConformanceError(
            f"{game.name}: the position loader raised {type(e).__name__}: {e} on {shown}"
        ) from e
    try:
        final = check_playout(game, changed, seed, max_steps=max_steps, share=share)
    except Exception as e:  # noqa: BLE001 - an accepted position must play to its end
        raise ConformanceError(
            f"{game.name}: a position the loader accepts breaks (seed {seed}): "
            f"{type(e).__name__}: {e} on {shown}"
        ) from e
    if not final.is_terminal:
        raise ConformanceError(
            f"{game.name}: an accepted position did not end in {max_steps} moves: {shown}"
        )
    return final
