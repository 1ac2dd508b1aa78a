"""The Shadows position: frozen dataclasses and small pure queries (imports nothing above).

Everything still to be done is a stack of ``Task`` values (``tasks``, the last one on
top): a decision for a seat, a chance draw, or an automatic step. The flow pushes the
next phase's tasks when the stack is empty. Decks are sorted multisets: cards are drawn
one at a time at chance nodes, never shuffled into an order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hordes_kit.core.state import Event, evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.cards import CardSet, Side, Skill
from hordes_kit.shadows.config import SConfig

__all__ = [
    "SConfig",
    "Placed",
    "Seat",
    "Task",
    "Position",
    "seat_id",
    "parse_seat",
    "P",
]

P = R.GAME + "."


def seat_id(seat: int) -> str:
    """The id of a seat's Hero as a target: ``p1``, ``p2``, ``p3``."""
    return f"p{seat + 1}"


def parse_seat(text: str, players: int) -> int | None:
    """The seat of ``p2``-style text, or None."""
    if len(text) == 2 and text[0] == "p" and text[1].isdigit():
        k = int(text[1]) - 1
        if 0 <= k < players:
            return k
    return None


@dataclass(frozen=True)
class Placed:
    """A card on a Field: its face, Damage tokens, broken Shield Points, Stun, uses."""

    card: str
    back: bool = False
    damage: int = 0  # on a Creature or Object
    broken: int = 0  # marked Shield Points
    stun: int = 0
    used_round: int = 0  # X/Round
    used_game: int = 0  # X Times
    on: str = ""  # an Attachment: the entity it is attached to (``p2``, ``p2.ward``)
    progress: int = 0  # a progress track: the marks the Damage token has moved on


@dataclass(frozen=True)
class Seat:
    """One player's Hero, cards, Fields and tokens."""

    hero: str = ""
    deck: tuple[str, ...] = ()  # Current Deck (sorted)
    hand: tuple[str, ...] = ()  # sorted
    station: tuple[Placed, ...] = ()
    combat: tuple[Placed, ...] = ()  # Skill cards played this round
    stunned: tuple[Placed, ...] = ()  # the Stunned Area
    items: tuple[Placed, ...] = ()
    library: tuple[str, ...] = ()
    studied: tuple[str, ...] = ()
    boxed: tuple[str, ...] = ()  # One Time cards used, destroyed cards
    gold: int = 0
    xp: int = 0
    stones: int = 0
    earned: tuple[int, int, int] = (0, 0, 0)  # gold, xp, stones on the Combat Field
    damage: int = 0  # Damage tokens on the Hero
    bounty: int = 0  # 0, 1 (Bounty) or 2 (Bounty X2)
    mission: str = ""
    offer: tuple[str, ...] = ()  # Mission cards dealt, before one is kept
    monsters: tuple[str, ...] = ()  # Monsters this player defeated
    knockdowns: int = 0  # Heroes this player KnockedDown
    roll: int = 0  # the die rolled for the Leader (-1: out of a reroll)
    bonus: tuple[int, int, int, int] = (0, 0, 0, 0)  # a scenario's unlisted Items
    mulligans: int = 0


@dataclass(frozen=True)
class Task:
    """Something still to do: a decision (``seat``), a chance draw or an automatic step."""

    kind: str
    seat: int = -1
    card: str = ""
    target: str = ""
    amount: int = 0
    index: int = 0
    source: str = ""
    notes: tuple[str, ...] = ()

    def has(self, note: str) -> bool:
        """True when the task carries that note."""
        return note in self.notes

    def note(self, prefix: str, default: str = "") -> str:
        """The value of a ``prefix:value`` note."""
        for n in self.notes:
            if n.startswith(prefix + ":"):
                return n[len(prefix) + 1 :]
        return default


# task kinds decided by chance (the rest are decisions, except AUTO ones)
CHANCE_KINDS = frozenset(
    {"?roll", "?basic", "?market", "?mission", "?library", "?ma", "?reveal", "?die", "?item"}
    | {"?monster", "?reward"}
)


@dataclass(frozen=True)
class Position:
    """A Shadows position; every field is an immutable value."""

    config: SConfig = field(default_factory=SConfig)
    phase: str = "setup"
    stage: str = ""
    round: int = 0
    leader: int = -1
    step: int = 0  # Initiative Step of the Combat Phase
    seats: tuple[Seat, ...] = ()
    tasks: tuple[Task, ...] = ()
    queue: tuple[str, ...] = ()  # the current player's facedown cards, in order
    turn_seat: int = -1  # the seat whose Initiative turn (or Purchase turn) it is
    monster: str = ""  # the active Monster ("" once defeated)
    level: int = 1  # the level of the Monster stack being fought
    mdamage: tuple[int, ...] = ()  # Damage tokens on the Monster, per player's colour
    creature: str = ""  # the Monster's Creature in play
    cdamage: tuple[int, ...] = ()
    seen_monsters: tuple[str, ...] = ()
    ma_deck: tuple[str, ...] = ()  # Monster-Action cards (kinds) not yet drawn
    ma_discard: tuple[str, ...] = ()
    ma_held: tuple[str, ...] = ()  # drawn by the Leader, not yet dealt
    ma: tuple[str, ...] = ()  # each seat's facedown card ("" none)
    ma_up: tuple[bool, ...] = ()  # revealed this round
    ma_known: tuple[int, ...] = ()  # who dealt each facedown card (the Leader then), -1
    revealed: tuple[str, ...] = ()  # faceup this round (to the discard in CleanUp)
    item_deck: tuple[str, ...] = ()
    item_discard: tuple[str, ...] = ()
    market: tuple[str, ...] = ()  # left to right; beyond the slots: the overflow
    basics: tuple[str, ...] = ()  # Basic Items set aside at setup
    basic_pool: tuple[str, ...] = ()
    mission_deck: tuple[str, ...] = ()
    skill_pool: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()  # Items drawn for a reward, waiting for a choice
    bounty_left: int = 5
    leader_broken: int = 0
    predicted: tuple[tuple[int, ...], ...] = ()  # numbers predicted against each seat
    calls: tuple[tuple[int, int, int, bool, int], ...] = ()  # this round's Predict answers:
    # (predictor, target, number, yes?, how many cards the target had played by then)
    played: tuple[tuple[str, ...], ...] = ()  # cards each seat played from its Hand this round
    invincible: tuple[bool, ...] = ()  # Heroes made Invincible for this Combat Phase
    attacks: tuple[int, ...] = ()  # Attack Traits used this round, per seat
    standalone: tuple[bool, ...] = ()  # used an Attack (Standalone) this round
    passed: tuple[bool, ...] = ()  # passed the Purchase step
    last: tuple[str, ...] = ()  # what the last Attack/Predict did: responded, lost, ...
    end: str = ""  # why the game will end at the CleanUp check
    finished: bool = False
    history: tuple[str, ...] = ()
    log: tuple[Event, ...] = ()
    data: CardSet | None = field(default=None, compare=False, repr=False)

    # --- lookups -------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of players."""
        return self.config.players

    def who(self, seat: int) -> str:
        """A seat's name."""
        return self.config.name(seat)

    def card(self, cid: str) -> Any:
        """Any card by id."""
        return self.data.by_id[cid]

    def name(self, cid: str) -> str:
        """A card's printed name."""
        return self.data.by_id[cid].name

    def order(self) -> list[int]:
        """Seats from the Leader, clockwise."""
        start = max(self.leader, 0)
        return [(start + k) % self.n for k in range(self.n)]

    def hero_stats(self, seat: int) -> tuple[int, int, int, int]:
        """Hero stats with Items, then Station cards' ``stat`` bonuses whose requirement is met."""
        s = self.seats[seat]
        if not s.hero:
            return (0, 0, 0, 0)
        st = [a + b for a, b in zip(self.card(s.hero).stats, s.bonus)]
        for p in s.items:
            for k, v in enumerate(self.card(p.card).stats):
                st[k] += v
        base = tuple(st)
        for p in s.station:
            sk = self.card(p.card)
            if not self.usable_by(seat, sk, base):
                continue
            for e in sk.side(p.back).effects:
                if e.verb == "stat":
                    st[R.STATS.index(e.args[0])] += int(e.args[1])
        return tuple(st)  # type: ignore[return-value]

    def usable_by(self, seat: int, sk: Skill, stats: tuple[int, ...] | None = None) -> bool:
        """The Hero has the card's Hero Symbol or meets its Stat Requirements."""
        hero = self.seats[seat].hero
        if sk.hero:
            return sk.hero == hero
        return R.meets(stats if stats is not None else self.hero_stats(seat), sk.requires)

    def side(self, p: Placed) -> Side:
        """The face of a placed card."""
        return self.card(p.card).side(p.back)

    def health_left(self, seat: int) -> int:
        """Health Stat Points minus Damage tokens."""
        return self.hero_stats(seat)[3] - self.seats[seat].damage

    def shield_sources(self, seat: int) -> list[tuple[str, int]]:
        """Unbroken Shield Points by source, in the order the engine marks them (ruling)."""
        s = self.seats[seat]
        out = []
        for p in s.combat:
            sh = self.card(p.card).front.shield - p.broken
            if sh > 0:
                out.append((f"combat:{p.card}", sh))
        if seat == self.leader and self.data.leader_shield - self.leader_broken > 0:
            out.append(("leader", self.data.leader_shield - self.leader_broken))
        stats = None
        for p in s.station:
            sk = self.card(p.card)
            stats = stats or self.hero_stats(seat)
            if not self.usable_by(seat, sk, stats):
                continue  # blank (FAQ): its Shield Points are gone with its abilities
            sh = sk.side(p.back).shield - p.broken
            if sh > 0:
                out.append((f"station:{p.card}", sh))
        for p in s.items:
            sh = self.card(p.card).shield - p.broken
            if sh > 0:
                out.append((f"item:{p.card}", sh))
        return out

    def shields(self, seat: int) -> int:
        """Unbroken Shield Points a player may mark against an Attack."""
        return sum(n for _, n in self.shield_sources(seat))

    def entity(self, seat: int, card: str) -> Placed | None:
        """A seat's Creature or Object on the Station Field."""
        for p in self.seats[seat].station:
            if p.card == card and self.card(p.card).entity:
                return p
        return None

    def is_invincible(self, target: str) -> bool:
        """An entity that cannot be targeted, damaged, lose or recover health (Invincible)."""
        head, _, card = target.partition(".")
        k = parse_seat(head, self.n)
        if k is None:
            return False
        if not card:
            return bool(self.invincible) and self.invincible[k]
        p = self.entity(k, card)
        sk = self.card(card)
        return p is not None and sk.front.has("Invincible") and self.usable_by(k, sk)

    def flat_footed(self, seat: int) -> Placed | None:
        """The seat's Flat-Footed/Dodge card on the Station Field."""
        for p in self.seats[seat].station:
            if self.card(p.card).front.active.get("flip") == "no-response":
                return p
        return None

    def hand_size(self) -> int:
        """Cards to choose in the Plan Phase."""
        return R.hand_size(self.level)

    def items_cost(self, seat: int) -> int:
        """Total cost of equipped Items (the first tie-break)."""
        return sum(self.card(p.card).cost for p in self.seats[seat].items)

    def mission_facts(self, seat: int) -> dict[str, int]:
        """The counts a Mission condition is checked against."""
        s = self.seats[seat]
        return {
            "monsters": len(s.monsters),
            "level3": sum(self.card(m).level == 3 for m in s.monsters),
            "items": len(s.items),
            "studied": len(s.studied),
            "knockdowns": s.knockdowns,
            "gold": s.gold,
            "xp": s.xp,
            "bounty": s.bounty,
        }

    def final_stones(self, seat: int) -> int:
        """Shadow Stones with the Mission's reward when its condition is met."""
        s = self.seats[seat]
        extra = 0
        if s.mission:
            m = self.card(s.mission)
            if R.mission_met(m.verb, m.amount, self.mission_facts(seat)):
                extra = m.reward
        return s.stones + extra

    def final_standings(self) -> tuple[list[int], list[int]]:
        """Seats best first and the winners ("Victory")."""
        rows = [(self.final_stones(i), self.items_cost(i), self.seats[i].xp) for i in range(self.n)]
        return R.standings(rows)

    def ev(self, rule: str, text: str, **data: Any) -> Event:
        """An event citing ``shadows.<rule>``."""
        return Event(P + rule, text, data)

    def seat_with(self, seat: int, **changes: Any) -> tuple[Seat, ...]:
        """The seats with one seat changed."""
        seats = list(self.seats)
        seats[seat] = evolve(seats[seat], **changes)
        return tuple(seats)

    def queue_owner(self) -> int:
        """The seat whose cards are laid in line (``queue``), or -1."""
        if not self.queue:
            return -1
        for t in reversed(self.tasks):
            if t.kind in ("!turn", "!next"):
                return t.seat
        return -1

    def top(self) -> Task | None:
        """The task on top of the stack."""
        return self.tasks[-1] if self.tasks else None
