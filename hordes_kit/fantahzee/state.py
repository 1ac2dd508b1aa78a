"""The Fantahzee position: frozen dataclasses and the small pure queries on them.

Hidden cards are never shuffled into an order: the hero deck, town deck and treasure
deck are multisets drawn one card at a time, and a facedown horde card is drawn from
what is unseen (``rules.flip_weights``: level 1 monsters were dealt at random, each
stack's level 2 part holds its Boss), so every chance node is exact.

``FPosition`` is everything about a position that needs no move applied: whose turn,
the chance outcomes, the action-id notation, the result. The modules that apply moves
sit above it; ``game.FState`` wires them in (the action ids are listed there).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from hordes_kit.core.errors import InvalidActionError
from hordes_kit.core.state import CHANCE, TERMINAL, Event, GameState, evolve, share
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.cards import CardSet, Effect
from hordes_kit.fantahzee.costs import parse_cost, parse_dice

__all__ = [
    "Member",
    "Seat",
    "Stack",
    "FPosition",
    "PHASES",
    "effects_of",
    "dice_subsets",
    "replace_seat",
]

P = R.GAME + "."
PHASES = ("setup", "action", "roll", "attack", "counter", "treasure", "horde", "end", "over")


@dataclass(frozen=True)
class Member:
    """A hero in a party, with its treasure and what happened to it this turn."""

    hero: str
    treasure: str = ""
    level: int = 0  # the treasure side showing (1 or 2)
    active: bool = False
    dice: tuple[int, ...] = ()  # dice locked on it this turn
    paid: str = ""  # dice, steam, free or inspired
    reduce: int = 0  # X dice less this turn (Sergeant, War Banner)
    xval: int = 0  # the number its X-group showed (distinct_values option)

    def rested(self) -> Member:
        """The hero after the End Phase: no dice, not active."""
        return Member(self.hero, self.treasure, self.level)


@dataclass(frozen=True)
class Seat:
    """One player's cards: hand (sorted ids), party and victory pile."""

    hand: tuple[str, ...] = ()
    party: tuple[Member, ...] = ()
    victory: tuple[str, ...] = ()


@dataclass(frozen=True)
class Stack:
    """A horde stack: its face-up top (or none) and how many facedown cards it holds."""

    name: str
    top: str = ""
    l1: int = 0  # facedown level 1 monsters
    l2: int = 0  # facedown level 2 monsters (not the Boss)
    boss: bool = False  # its Boss is still facedown in it

    @property
    def hidden(self) -> int:
        """Facedown cards."""
        return self.l1 + self.l2 + int(self.boss)

    @property
    def size(self) -> int:
        """Cards in the stack."""
        return self.hidden + (1 if self.top else 0)


@dataclass(frozen=True)
class FPosition(GameState):
    """A Fantahzee position; every field is an immutable value (``game.FState`` plays it)."""

    game = R.GAME
    config: R.FConfig = field(default_factory=R.FConfig)
    seats: tuple[Seat, ...] = ()
    line: tuple[Stack, ...] = ()  # left to right; the last is the vanguard
    pool1: tuple[str, ...] = ()  # unseen level 1 monsters
    pool2: tuple[str, ...] = ()  # unseen level 2 monsters (not Bosses)
    bosses: tuple[str, ...] = ()  # unseen Bosses
    earlier: tuple[str, ...] = ()  # out of play before a scenario began
    hero_deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    towns: tuple[str, ...] = ()
    treasures: tuple[str, ...] = ()
    first: int = -1  # starting seat (-1: not drawn yet)
    last: int = -1  # seat holding the Last Player token
    player: int = 0
    turn: int = 0
    phase: str = "setup"
    recruits: int = 0
    plays: int = 0
    free: tuple[int, ...] = ()  # rolled dice not locked, high to low
    to_roll: int = 0
    fresh: tuple[int, ...] = ()  # the dice of the roll in progress
    unrolled: int = R.DICE  # dice waiting for the next roll
    rolls_left: int = R.ROLLS
    rolled: bool = False
    steam: int = 0
    shield: int = 0
    pending: tuple[tuple, ...] = ()  # choices a card asks for, first first
    strength_left: int = 0
    locked: str = ""  # the stack the player flipped into
    cleared: tuple[str, ...] = ()  # stacks whose top the player removed this turn
    flipping: str = ""  # the stack whose facedown top is being turned over
    set_aside: tuple[str, ...] = ()
    boxed: tuple[str, ...] = ()  # treasures gone back to the box (ruling.treasure-box)
    treasure_due: tuple[int, ...] = ()
    drawn: str = ""  # treasure drawn, waiting to be attached
    damage: int = 0
    ambushed: bool = False
    town_due: bool = False
    draws_left: int = 0
    doom: int = 0
    history: tuple[str, ...] = ()
    log: tuple[Event, ...] = ()
    data: CardSet | None = field(default=None, compare=False, repr=False)

    # --- lookups ----------------------------------------------------------------------

    def card(self, cid: str):
        """Any card of the game by id."""
        return _catalog(self.data)[cid]

    def name(self, cid: str) -> str:
        """A card's printed name."""
        return self.card(cid).name

    @property
    def seat(self) -> Seat:
        """The current player's cards."""
        return self.seats[self.player]

    def ref(self, i: int) -> str:
        """The id of the current player's ``i``-th party member (``2.paladin``)."""
        return f"{i + 1}.{self.seat.party[i].hero}"

    def member_index(self, ref: str) -> int:
        """Index in the party of a ``ref``; raises ``ValueError`` when it names none."""
        num, _, hero = ref.partition(".")
        if not num.isdigit() or not hero:
            raise ValueError(ref)
        i = int(num) - 1
        party = self.seat.party
        if not 0 <= i < len(party) or party[i].hero != hero:
            raise ValueError(ref)
        return i

    def strength(self, seat: int | None = None) -> int:
        """Total strength of a party's active heroes ("B: Attack")."""
        party = self.seats[self.player if seat is None else seat].party
        return sum(self.card(m.hero).strength for m in party if m.active)

    def actives(self) -> list[int]:
        """Indexes of the current player's active heroes."""
        return [i for i, m in enumerate(self.seat.party) if m.active]

    def cost_now(self, i: int):
        """What a party member costs in dice now, every reduction counted."""
        m = self.seat.party[i]
        hero = self.card(m.hero)
        cut = m.reduce
        for e in hero.effects:
            if e.verb == "discount_per_active":
                cut += e.amount * len(self.actives())
        return R.reduced_cost(parse_cost(hero.cost), cut)

    def stack(self, name: str) -> Stack | None:
        """The stack with that letter, if it is still in the line."""
        return next((s for s in self.line if s.name == name), None)

    def xp(self, seat: int) -> int:
        """XP of a victory pile: monsters add theirs, towns subtract ("End of the Game")."""
        return sum(self.card(c).xp for c in self.seats[seat].victory)

    def monsters_defeated(self, seat: int) -> int:
        """Monsters in a victory pile (the first tie-break)."""
        mons = _catalog(self.data)["@monsters"]
        return sum(c in mons for c in self.seats[seat].victory)

    def _ev(self, rule: str, text: str, **data: Any) -> Event:
        return Event(P + rule, text, data)

    def who(self, seat: int | None = None) -> str:
        """A seat's name (default: the current player)."""
        return self.config.name(self.player if seat is None else seat)

    # --- engine API -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self._chance_kind():
            return CHANCE
        return self.player

    def _chance_kind(self) -> str:
        ph = self.phase
        if ph == "setup":
            if self.first < 0:
                return "first"
            if self._flip_target():
                return "card"
            if self.hero_deck and any(len(x.hand) < R.HAND_SIZE for x in self.seats):
                return "deal"
            return ""
        if self.pending:
            return ""
        if ph == "roll" and self.to_roll:
            return "die"
        if ph == "attack" and self.flipping:
            return "card"
        if ph == "treasure" and not self.drawn and self.treasure_due and self.treasures:
            return "treasure"
        if ph == "horde":
            if self.town_due:
                return "town" if self.towns else ""
            if self._flip_target():
                return "card"
        if ph == "end" and self.draws_left and self.hero_deck:
            return "draw"
        return ""

    def _flip_target(self) -> str:
        """The stack whose facedown top is turned over next (attack flip, setup, Horde)."""
        if self.flipping:
            return self.flipping
        if self.phase in ("setup", "horde"):
            for s in self.line:
                if not s.top and s.hidden:
                    return s.name
        return ""

    def _chance(self) -> tuple[tuple[str, Fraction], ...]:
        kind = self._chance_kind()
        if kind == "first":
            n = self.num_players
            return tuple((f"first:{i + 1}", share(1, n)) for i in range(n))
        if kind == "card":
            st = self.stack(self._flip_target())
            w, den = R.flip_weights(
                st.l1,
                st.l2,
                st.boss,
                Counter(self.pool1),
                Counter(self.pool2),
                Counter(self.bosses),
            )
            return tuple((f"card:{m}", share(c, den)) for m, c in w.items() if c)
        if kind == "die":
            return tuple((f"die:{f}", share(1, 6)) for f in range(1, 7))
        # a card from a deck: a hero card (dealt or drawn), a town or a treasure
        prefix, deck = {
            "deal": ("draw", self.hero_deck),
            "draw": ("draw", self.hero_deck),
            "town": ("town", self.towns),
            "treasure": ("treasure", self.treasures),
        }[kind]
        n = len(deck)
        return tuple((f"{prefix}:{c}", share(k, n)) for c, k in Counter(deck).items())

    def parse_action(self, action_id: str) -> tuple[str, ...]:
        verb, _, rest = action_id.partition(":")
        args = tuple(rest.split(":")) if rest else ()
        shapes = {
            "first": 1,
            "card": 1,
            "draw": 1,
            "die": 1,
            "town": 1,
            "treasure": 1,
            "recruit": (1, 2),
            "play": 1,
            "roll": 0,
            "keep": 1,
            "activate": 2,
            "done": 0,
            "target": 1,
            "capture": 1,
            "move": 2,
            "skip": 0,
            "attack": 1,
            "flip": 1,
            "stop": 0,
            "lose": 1,
            "attach": 1,
            "discard": 1,
        }
        want = shapes.get(verb)
        if want is None:
            raise InvalidActionError(action_id, f"unknown verb {verb!r}")
        want = want if isinstance(want, tuple) else (want,)
        if len(args) not in want or any(not a for a in args):
            raise InvalidActionError(
                action_id, f"{verb!r} takes {' or '.join(map(str, want))} part(s)"
            )
        if verb in ("keep",) and args[0] != "none":
            parse_dice(args[0])
        if verb == "activate" and args[1] not in ("steam", "free"):
            parse_dice(args[1])
        return (verb, *args)

    def format_action(self, action: tuple[str, ...]) -> str:
        return action[0] + "".join(":" + a for a in action[1:])

    def returns(self) -> tuple[float, ...]:
        if self.phase != "over":
            return (0.0,) * self.num_players
        _, winners = self.final_standings()
        return tuple(1.0 / len(winners) if i in winners else 0.0 for i in range(self.num_players))

    def census(self) -> Counter[str]:
        """Every card: hands, parties and their treasures, victory piles, stack tops and the
        unseen pools (a facedown card's identity is still in its pool), the decks, the
        discard pile, the set-aside monsters, a treasure drawn and the box."""
        c: Counter[str] = Counter()
        for seat in self.seats:
            c.update(seat.hand)
            c.update(seat.victory)
            c.update(m.hero for m in seat.party)
            c.update(m.treasure for m in seat.party if m.treasure)
        c.update(x.top for x in self.line if x.top)
        for zone in (self.pool1, self.pool2, self.bosses, self.earlier, self.hero_deck):
            c.update(zone)
        for zone in (self.discard, self.towns, self.treasures, self.set_aside, self.boxed):
            c.update(zone)
        if self.drawn:
            c[self.drawn.partition("/")[0]] += 1
        return c

    def final_standings(self):
        """Standings best first and the winning seats."""
        return R.standings(
            [
                (self.xp(i), self.monsters_defeated(i), len(self.seats[i].party))
                for i in range(self.num_players)
            ]
        )


_CATALOGS: dict[int, dict] = {}
_LAST: list = [None, None]  # the card set asked last, and its catalog


def _catalog(data: CardSet) -> dict:
    """id -> card for every card of a card set (plus ``@monsters``, the monster ids)."""
    if data is _LAST[0]:  # a game asks millions of times, nearly always of one card set
        return _LAST[1]
    key = id(data)
    cat = _CATALOGS.get(key)
    if cat is None:
        cat = {c.id: c for c in (*data.heroes, *data.actions, *data.monsters, *data.towns)}
        cat.update({t.id: t for t in data.treasures})
        cat["@monsters"] = frozenset(m.id for m in data.monsters)
        cat["@data"] = data  # keeps ``id(data)`` from being reused while cached
        _CATALOGS[key] = cat
    _LAST[:] = [data, cat]
    return cat


def effects_of(state: FPosition, m: Member) -> tuple[Effect, ...]:
    """A hero's effects on activation, then its treasure's ("Using Treasures")."""
    hero = state.card(m.hero)
    out = tuple(hero.effects)
    if m.treasure:
        t = state.card(m.treasure)
        out += t.level1 if m.level == 1 else t.level2
    return out


def dice_subsets(free: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every sub-multiset of some dice (what a player may keep), high to low."""
    c = Counter(free)
    faces = sorted(c, reverse=True)
    out = []
    for ks in product(*(range(c[f] + 1) for f in faces)):
        out.append(tuple(f for f, k in zip(faces, ks) for _ in range(k)))
    return out


def replace_seat(state: FPosition, seat: int, **changes: Any) -> tuple[Seat, ...]:
    """The seats with one seat changed."""
    seats = list(state.seats)
    seats[seat] = evolve(seats[seat], **changes)
    return tuple(seats)
