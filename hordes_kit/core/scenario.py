"""Scenario files: a setup, forced chance outcomes, action ids and the facts to expect.

One file, two uses: the scenario test replays every file under
``data/<game>/scenarios/`` and the walkthrough dashboards play them step by step.

Format (TOML)::

    id = "maureen-example-turn"      # unique within the game
    game = "fantahzee"
    title = "Example Turn (Maureen)"
    source = "Rulebook, Example Turn"
    intro = "What the walkthrough shows before the first step."
    [config]                         # passed to the game's start()
    players = 2
    [[steps]]
    chance = "roll:6,5,4,3,2,1"      # a forced chance outcome, or
    action = "keep:6"                # a player's action id, or
    chances = ["recruit:cow", "recruit:pit"]  # several chance outcomes in one step
                                     # (exactly one of the three)
    say = "Narration for this step."
    rule = "fantahzee.dice.roll"     # the rule the step rests on (shown, and checked
                                     # against the events the step produced)
    also = ["fantahzee.ruling.third-roll"]  # optional: more rules or rulings to show
                                     # (e.g. a ruling about the book's own text)
    ask = "Which hero should she activate?"   # optional: the walkthrough asks first
    because = "Why the example makes this move where the odds favour another."  # optional,
                                     # with ask: shown beside the figures (a test asks for
                                     # it wherever the move is not the best by the odds)
    grade = "rule"                   # optional, with ask: "choice" (default) grades the
                                     # answer against the book and the odds; "rule"
                                     # grades it legal or illegal, with the rule
    point = "vanguard"               # optional, instead of ask: a question answered by a
    point_ask = "Click the vanguard."  # click on the thing the view calls so (its
                                     # "things": [{"id", "name", "is": [...]}]), on the
                                     # table before the step
    [steps.expect]                   # dotted paths into state.facts(); ints index lists
    "players.0.score" = 3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.errors import CardDataError, HordesKitError, ScenarioError
from hordes_kit.core.pointing import thing_names, things_called
from hordes_kit.core.registry import get_game
from hordes_kit.core.state import GameState

__all__ = [
    "ScenarioStep",
    "Scenario",
    "Frame",
    "load_scenario",
    "scenario_files",
    "first_lesson",
    "FIRST_LESSON",
    "run_scenario",
    "lookup",
]


@dataclass(frozen=True)
class ScenarioStep:
    """One step: an action or a forced chance outcome, with narration and checks."""

    move: str
    chance: bool
    say: str = ""
    rule: str = ""
    ask: str = ""
    expect: Mapping[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()  # every move of the step (``move`` is the last)
    also: tuple[str, ...] = ()  # more rule ids to show beside ``rule``
    grade: str = "choice"  # how an answer to ``ask`` is graded: "choice" or "rule"
    point: str = ""  # a "point at it" question: what the thing is called in the view
    point_ask: str = ""  # ... and its question ("Click the vanguard.")
    because: str = ""  # why the example plays this move where the odds favour another

    def all_moves(self) -> tuple[str, ...]:
        """The moves this step plays, in order."""
        return self.moves or (self.move,)


@dataclass(frozen=True)
class Scenario:
    """A whole scenario file, validated."""

    id: str
    game: str
    title: str
    path: str
    config: Mapping[str, Any]
    steps: tuple[ScenarioStep, ...]
    intro: str = ""
    source: str = ""
    expect: Mapping[str, Any] = field(default_factory=dict)

    @property
    def from_rulebook(self) -> bool:
        """The rulebook's own worked example or FAQ answer (its ``source`` is the
        rulebook), not one written for the kit."""
        return self.source.startswith("Rulebook")

    @property
    def chooser(self) -> str:
        """Whose moves the steps are, in a player's words: "the book" for the rulebook's
        own example, "the walkthrough" where the rulebook has none."""
        return "the book" if self.from_rulebook else "the walkthrough"


@dataclass(frozen=True)
class Frame:
    """A step as played: the state before and after it."""

    index: int
    step: ScenarioStep
    before: GameState
    after: GameState


_STEP_KEYS = {
    "action",
    "chance",
    "chances",
    "say",
    "rule",
    "also",
    "ask",
    "grade",
    "point",
    "point_ask",
    "expect",
    "because",
}
GRADES = ("choice", "rule")
_TOP_KEYS = {"id", "game", "title", "source", "intro", "config", "steps", "expect"}


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate one scenario file (structure only; ``run_scenario`` plays it)."""
    p = str(path)
    try:
        doc = read_toml(path)
    except CardDataError as e:
        raise ScenarioError(str(e)) from None
    unknown = set(doc) - _TOP_KEYS
    if unknown:
        raise ScenarioError(f"{p}: unknown key {sorted(unknown)[0]!r}")
    for key in ("id", "game", "title"):
        if not isinstance(doc.get(key), str) or not doc[key]:
            raise ScenarioError(f"{p}: {key!r} must be a non-empty string")
    for key in ("config", "expect"):
        if not isinstance(doc.get(key, {}), dict):
            raise ScenarioError(f"{p}: {key!r} must be a table")
    raw_steps = doc.get("steps", [])
    if not isinstance(raw_steps, list):
        raise ScenarioError(f"{p}: 'steps' must be a list of [[steps]] tables")
    steps = []
    for i, raw in enumerate(raw_steps, 1):
        if not isinstance(raw, dict):
            raise ScenarioError(f"{p}, step {i}: must be a table")
        bad = set(raw) - _STEP_KEYS
        if bad:
            raise ScenarioError(f"{p}, step {i}: unknown key {sorted(bad)[0]!r}")
        if sum(k in raw for k in ("action", "chance", "chances")) != 1:
            raise ScenarioError(
                f"{p}, step {i}: give exactly one of 'action', 'chance' or 'chances'"
            )
        grade = raw.get("grade", "choice")
        if grade not in GRADES or ("grade" in raw and not raw.get("ask")):
            raise ScenarioError(
                f"{p}, step {i}: 'grade' is 'choice' or 'rule', on a step with an 'ask'"
            )
        _check_point(raw, f"{p}, step {i}")
        moves = raw["chances"] if "chances" in raw else [raw.get("action", raw.get("chance"))]
        if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
            raise ScenarioError(f"{p}, step {i}: the moves must be strings, got {moves!r:.60}")
        also = raw.get("also", [])
        if not isinstance(also, list) or not all(isinstance(r, str) for r in also):
            raise ScenarioError(f"{p}, step {i}: 'also' must be a list of rule ids")
        if not isinstance(raw.get("expect", {}), dict):
            raise ScenarioError(f"{p}, step {i}: 'expect' must be a table")
        if "because" in raw and not (isinstance(raw["because"], str) and raw.get("ask")):
            raise ScenarioError(f"{p}, step {i}: 'because' is a sentence, on a step with an 'ask'")
        steps.append(
            ScenarioStep(
                move=moves[-1],
                moves=tuple(moves) if len(moves) > 1 else (),
                chance="action" not in raw,
                say=str(raw.get("say", "")),
                rule=str(raw.get("rule", "")),
                also=tuple(also),
                ask=str(raw.get("ask", "")),
                grade=grade,
                point=raw.get("point", ""),
                point_ask=raw.get("point_ask", ""),
                expect=dict(raw.get("expect", {})),
                because=str(raw.get("because", "")),
            )
        )
    return Scenario(
        id=doc["id"],
        game=doc["game"],
        title=doc["title"],
        path=p,
        config=dict(doc.get("config", {})),
        steps=tuple(steps),
        intro=str(doc.get("intro", "")),
        source=str(doc.get("source", "")),
        expect=dict(doc.get("expect", {})),
    )


def _check_point(raw: Mapping[str, Any], where: str) -> None:
    if "point" not in raw and "point_ask" not in raw:
        return
    for key in ("point", "point_ask"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise ScenarioError(f"{where}: a point question needs {key!r} (a non-empty string)")
    if raw.get("ask"):
        raise ScenarioError(f"{where}: give 'ask' (a move) or 'point' (a thing), not both")


# A game's first lesson: the walkthrough a new player starts with (sorted first)
FIRST_LESSON = "00-first-lesson.toml"


def first_lesson(game_dir: str) -> Scenario | None:
    """The game's first lesson, if it ships one (``scenarios/00-first-lesson.toml``)."""
    path = data_path(game_dir, "scenarios", FIRST_LESSON)
    return load_scenario(path) if path.is_file() else None


def scenario_files(game_dir: str) -> list[Path]:
    """The scenario files shipped for a game (``data/<game_dir>/scenarios/*.toml``)."""
    return sorted(data_path(game_dir, "scenarios").glob("*.toml"))


def lookup(facts: Any, dotted: str) -> Any:
    """Follow a dotted path (``players.0.score``, negative indexes allowed) into facts."""
    cur = facts
    for part in dotted.split("."):
        if isinstance(cur, list):
            try:
                cur = cur[int(part)]
            except (ValueError, IndexError):
                raise KeyError(dotted) from None
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise KeyError(dotted)
    return cur


def _check_facts(state: GameState, expect: Mapping[str, Any], where: str) -> None:
    facts = state.facts()
    for path, want in expect.items():
        try:
            got = lookup(facts, path)
        except KeyError:
            raise ScenarioError(f"{where}: no fact {path!r} in the game state") from None
        if got != want:
            raise ScenarioError(f"{where}: expected {path} = {want!r}, the engine has {got!r}")


def run_scenario(scenario: Scenario) -> tuple[Frame, ...]:
    """Play a scenario through the engine, checking every expected fact and rule citation."""
    try:
        state = get_game(scenario.game).start(scenario.config)
    except HordesKitError as e:
        raise ScenarioError(f"{scenario.path}: setup failed: {e}") from None
    frames = []
    for i, step in enumerate(scenario.steps, 1):
        after = state
        for move in step.all_moves():
            where = f"{scenario.path}, step {i} ({move!r})"
            if step.chance != after.is_chance:
                wants = "a chance outcome" if after.is_chance else "a player's action"
                raise ScenarioError(f"{where}: the game waits for {wants} here")
            try:
                after = after.apply(move)
            except HordesKitError as e:
                raise ScenarioError(f"{where}: {e}") from None
        if step.rule:
            cited = {ev.rule for ev in after.log[len(state.log) :]}
            if step.rule not in cited:
                raise ScenarioError(
                    f"{where}: the step cites {step.rule!r} but the engine logged {sorted(cited)}"
                )
        if step.point and not things_called(state, step.point):
            raise ScenarioError(
                f"{where}: the question points at {step.point!r}, but nothing on the table "
                f"is called so (the view's things: {', '.join(thing_names(state)) or 'none'})"
            )
        _check_facts(after, step.expect, where)
        frames.append(Frame(i, step, state, after))
        state = after
    _check_facts(state, scenario.expect, f"{scenario.path}, final state")
    return tuple(frames)
