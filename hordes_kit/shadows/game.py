"""The Shadows ``GameState``: wires the engine API to the rule modules (nothing else)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hordes_kit.core.errors import InvalidActionError
from hordes_kit.core.state import CHANCE, TERMINAL, GameState
from hordes_kit.shadows import rules as R
from hordes_kit.shadows import setup as _setup
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.legal import chance, legal
from hordes_kit.shadows.moves import do
from hordes_kit.shadows.state import Position
from hordes_kit.shadows.view import label, prompt, view
from hordes_kit.shadows.why import refusal

__all__ = ["ShadowsState", "new_game", "ARITY"]

# verb -> number(s) of parts after it
ARITY: dict[str, tuple[int, ...]] = {
    **{v: (1,) for v in ("roll", "die", "draw", "ma", "monster", "hero", "mission", "basic")},
    **{v: (1,) for v in ("teamup", "give", "pick", "lay", "use", "target", "respond")},
    **{v: (1,) for v in ("shields", "lose", "replace", "destroy", "buy", "study")},
    **{v: (1,) for v in ("choose", "attach", "main")},
    **{v: (0,) for v in ("mulligan", "go", "pass", "flip", "skip", "dodge", "repeat")},
    **{v: (0,) for v in ("stop", "done")},
    "keep": (0, 1),
    "take": (0, 1),
    "predict": (2,),
}


@dataclass(frozen=True)
class ShadowsState(Position, GameState):
    """A Shadows position with the engine API."""

    game = R.GAME

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        t = self.top()
        if t.kind.startswith("?"):
            return CHANCE
        return t.seat

    def _legal(self) -> tuple[str, ...]:
        return legal(self)

    def _chance(self) -> tuple[tuple[str, Fraction], ...]:
        return chance(self)

    def parse_action(self, action_id: str) -> tuple[str, ...]:
        verb, *args = action_id.split(":")
        want = ARITY.get(verb)
        if want is None:
            raise InvalidActionError(action_id, f"unknown verb {verb!r}")
        if len(args) not in want or any(not a for a in args):
            raise InvalidActionError(
                action_id, f"{verb!r} takes {' or '.join(map(str, want))} part(s)"
            )
        return (verb, *args)

    def format_action(self, action: tuple[str, ...]) -> str:
        return ":".join(action)

    def _do(self, action: Any, action_id: str) -> GameState:
        return do(self, action)

    def view(self, player: int | None) -> dict:
        return view(self, player)

    def facts(self) -> dict:
        """The full-information view, with the legal action ids (scenarios check them)."""
        return {**view(self, None), "legal_ids": list(self.legal_actions())}

    def label(self, action_id: str) -> str:
        """Plain words for an action id."""
        return label(self, action_id)

    def prompt(self) -> str:
        """What the game waits for, in one sentence."""
        return prompt(self)

    def returns(self) -> tuple[float, ...]:
        if not self.finished:
            return (0.0,) * self.n
        _, winners = self.final_standings()
        return tuple(1.0 / len(winners) if i in winners else 0.0 for i in range(self.n))

    def census(self) -> Counter[str] | None:
        """Every card from the end of setup (choosing a Hero takes its cards out of the box):
        decks, hands, Fields, Libraries, used One Time cards, Missions, the laid line, the
        Item and Mission decks, the Market and the pools. Monsters and their Creatures are
        left out: the unseen ones are not a pile of the position."""
        if self.phase == "setup":
            return None
        c: Counter[str] = Counter()
        for st in self.seats:
            for zone in (st.deck, st.hand, st.library, st.boxed, st.offer):
                c.update(zone)
            for placed in (st.station, st.combat, st.stunned, st.items):
                c.update(p.card for p in placed)
            if st.mission:
                c[st.mission] += 1
        for zone in (self.queue, self.item_deck, self.item_discard, self.market, self.drawn):
            c.update(zone)
        for zone in (self.basics, self.basic_pool, self.mission_deck, self.skill_pool):
            c.update(zone)
        return c

    def hidden_from(self, player: int) -> frozenset[str]:
        """Other players' Missions (kept and offered) until the Victory reveal."""
        if self.finished:
            return frozenset()
        out = set()
        for k, st in enumerate(self.seats):
            if k == player:
                continue
            for m in (st.mission, *st.offer):
                if m:
                    out |= {m, self.name(m)}
        return frozenset(out)

    def why_illegal(self, action, action_id):
        base = super().why_illegal(action, action_id)
        if self.is_terminal or self.is_chance:
            return base
        why = refusal(self, action_id)
        if why is not None:
            return why[0]
        return f"{prompt(self).rstrip('.')}" or base


def new_game(config=None) -> ShadowsState:
    """A new Shadows game (or a scenario's position) as a ``ShadowsState``."""
    cfg = config if isinstance(config, SConfig) else SConfig.from_dict(dict(config or {}))
    pos = _setup.new_game(cfg)
    st = object.__new__(ShadowsState)
    st.__dict__.update(pos.__dict__)
    return st
