"""The Skytear Horde position: frozen dataclasses and small pure queries.

Cards in play are ``Unit`` values with their tokens; health and damage tokens cancel
(rulebook "Tokens"), so a unit keeps one net count of each kind (``hp`` > 0 health
tokens, < 0 damage tokens). Alliance decks are a known top, an unknown middle (a
sorted multiset, drawn one card at a time at chance nodes) and a known bottom (Rebuild,
Flux, Recruit place cards where everyone knows them). The turn is driven by a queue of
``Task`` values (``flow.py``); this module imports nothing above it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from hordes_kit.core.state import Event, evolve
from hordes_kit.skytear.cards import Card, CardSet
from hordes_kit.skytear.rules import LANES, R

__all__ = [
    "Unit",
    "Deck",
    "Seat",
    "Task",
    "Market",
    "Campaign",
    "Position",
    "emit",
    "QuietLog",
    "quiet_log",
    "quiet",
]


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


@dataclass(frozen=True)
class Unit:
    """A card in play (monster, minion, outsider, ally, tower, card token) and its tokens."""

    uid: int
    card: str  # card id; "" for a concealed horde card (face down, identity not drawn yet)
    side: str  # "horde" or "alliance"
    owner: int = -1  # alliance cards: the seat; horde cards: -1
    hp: int = 0  # net health tokens (negative: damage tokens)
    atk: int = 0  # net attack tokens
    tatk: int = 0  # net temporary attack tokens
    arm: int = 0  # net armor tokens
    tarm: int = 0  # net temporary armor tokens
    used: int = 0  # armor used this turn
    charges: int = 0
    charged: bool = False  # entered play with charges: discarded when they run out
    exhausted: bool = False
    attached: tuple[tuple[str, int], ...] = ()  # attachments beneath it: (card, owner)
    struck: bool = False  # struck a monster this turn (Elusive: the first time)
    halted: bool = False  # cannot pillage for the rest of the turn
    token: bool = False  # a card token (never drawn, discarded or shuffled)
    old_pool: bool = False  # concealed before the horde deck was last reshuffled
    # what abilities gave it, not tokens: (until, what, n) with until "turn" (the rest of the
    # turn: gone in the end phase) or "play" (while it stays in play); what is "health"
    # (+/-n health) or a keyword it gained (n its number, 0 for one without)
    mods: tuple[tuple[str, str, int], ...] = ()

    @property
    def concealed(self) -> bool:
        """A face-down horde card (a monster token with 1 health and 0 attack)."""
        return self.card == ""

    @property
    def damage(self) -> int:
        """Damage tokens on it."""
        return max(0, -self.hp)


@dataclass(frozen=True)
class Deck:
    """An alliance deck: known top (top first), unknown middle (sorted), known bottom."""

    top: tuple[str, ...] = ()
    middle: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()  # the bottom-most card last

    @property
    def size(self) -> int:
        """Cards in the deck."""
        return len(self.top) + len(self.middle) + len(self.bottom)

    def cards(self) -> tuple[str, ...]:
        """Every card in the deck, sorted (its contents, not its order)."""
        return tuple(sorted(self.top + self.middle + self.bottom))

    def shuffled(self) -> Deck:
        """The deck after a shuffle: nothing known about its order."""
        return Deck(middle=self.cards())


@dataclass(frozen=True)
class Seat:
    """One player's mana, hand, deck and discard pile."""

    mana: int = 0
    hand: tuple[str, ...] = ()  # sorted
    deck: Deck = field(default_factory=Deck)
    discard: tuple[str, ...] = ()  # sorted ("the order of the discard piles does not matter")
    aside: tuple[str, ...] = ()  # mulligan: cards set aside until the redraw
    done: bool = False  # done taking actions this phase


@dataclass(frozen=True)
class Task:
    """One step of the turn still to do; ``picks`` are the choices and outcomes made so far."""

    kind: str
    args: tuple = ()
    picks: tuple = ()

    def with_pick(self, pick: Any) -> Task:
        """The task with one more choice made."""
        return Task(self.kind, self.args, self.picks + (pick,))


@dataclass(frozen=True)
class Market:
    """A campaign market deck: segments drawn top segment first, each in unknown order."""

    segments: tuple[tuple[str, ...], ...] = ()

    @property
    def size(self) -> int:
        """Cards in the market deck."""
        return sum(len(s) for s in self.segments)


@dataclass(frozen=True)
class Campaign:
    """A campaign between and across its four games (rulebook "Campaign Mode")."""

    game: int = 1  # 1-4
    gold: int = 10
    scenario_pile: tuple[str, ...] = ()
    portal_pile: tuple[str, ...] = ()  # stage I portals not used yet
    scenario: str = ""  # this game's scenario
    henchman: str = ""  # games 2 and 3: the scenario whose back is the outsider
    decks: tuple[tuple[str, ...], ...] = ()  # each player's campaign deck (sorted)
    markets: tuple[Market, ...] = ()
    used: tuple[int, ...] = ()  # scenario actions taken (non-repeatable ones)
    won: int = 0  # games won so far
    castle_hp: int = 0  # carried over (0: not set yet)
    exiled: tuple[str, ...] = ()


@dataclass(frozen=True)
class Position:
    """A whole Skytear Horde position; every field is an immutable value."""

    config: Any  # SkyConfig (rules.py); Any keeps this module free of the options' imports
    seats: tuple[Seat, ...] = ()
    monsters: tuple[Unit | None, ...] = (None,) * LANES
    allies: tuple[Unit | None, ...] = (None,) * LANES
    back: tuple[Unit, ...] = ()  # the back line (minions, pillagers)
    dead_minions: tuple[str, ...] = ()  # destroyed minions (they exist for Reinforce only)
    castle: str = ""
    castle_hp: int = 0
    castle_exhausted: bool = False
    portal: str = ""
    portal_damage: int = 0
    rotation: int = 0
    portal_pile: tuple[str, ...] = ()  # the next stages, next first
    portal_down: bool = False  # the last stage destroyed: stays at 0 health (ruling)
    outsider_line: tuple[str, ...] = ()  # outsider cards still to come, in order
    outsider_pile: tuple[str, ...] = ()  # ordered, top first
    # the cards at the bottom of the outsider pile that found no room this turn: "it cannot
    # be summoned until the next turn" (a card put under them this turn waits with them)
    pile_wait: int = 0
    outsider_out: tuple[str, ...] = ()  # outsider cards destroyed (set aside)
    horde_deck: tuple[str, ...] = ()  # sorted; includes the concealed cards' identities
    horde_discard: tuple[str, ...] = ()
    hidden: int = 0  # concealed cards whose identity is still in horde_deck
    concealed_pool: tuple[str, ...] = ()  # identities of concealed cards from before a reshuffle
    lane_tokens: tuple[tuple[int, str, str, int], ...] = ()  # (lane, side, kind, n)
    treachery: str = ""
    boosted: int = 0  # uid of the boosted monster (0: none)
    turn: int = 0
    phase: str = "setup"
    actor: int = 0  # the seat acting in the alliance phase and reactions
    tasks: tuple[Task, ...] = ()
    next_uid: int = 1
    destroying: int = 0  # uid whose destruction sequence is running
    chosen: int = 0  # uid the resolving ability's last effect chose (the target word "it")
    doomed: tuple[int, ...] = ()  # tagged for destruction (irreversible)
    win_pending: bool = False  # the outsider fell this turn: win at the end phase
    result: str = ""  # "win" or "loss"
    campaign: Campaign | None = None
    enchant: tuple = ()  # (card, ability) of the enchanter's enchantment: always active
    history: tuple[str, ...] = ()
    log: tuple[Event, ...] = ()
    cards: CardSet | None = field(default=None, compare=False, repr=False)

    # --- lookups -------------------------------------------------------------------------

    def card(self, cid: str) -> Card:
        """A card by id."""
        return self.cards.cards[cid]

    def name(self, cid: str) -> str:
        """A card's printed name (any kind: castle, portal, scenario too)."""
        cs = self.cards
        c = cs.cards.get(cid)
        if c is not None:
            if c.kind == "outsider" and c.stage:
                return f"{c.name} {ROMAN[c.stage]}"  # Atlas I, II, III: three cards, one name
            return c.name
        for table in (cs.castles, cs.portals, cs.scenarios):
            if cid in table:
                return table[cid].name
        return "a face-down card" if cid == "" else cid

    @property
    def players(self) -> int:
        """Number of players (1 solo, 2 co-op)."""
        return len(self.seats)

    def units(self) -> list[tuple[str, int, Unit]]:
        """Every unit in play with its place: ("m", lane), ("a", lane) or ("b", index)."""
        out = [("m", i, u) for i, u in enumerate(self.monsters) if u is not None]
        out += [("a", i, u) for i, u in enumerate(self.allies) if u is not None]
        out += [("b", i, u) for i, u in enumerate(self.back)]
        return out

    def find(self, uid: int) -> tuple[str, int, Unit] | None:
        """Where the unit with this uid is, or None if it is not in play."""
        # three plain loops: asked tens of times a step, the rules' most frequent question
        for i, u in enumerate(self.monsters):
            if u is not None and u.uid == uid:
                return "m", i, u
        for i, u in enumerate(self.allies):
            if u is not None and u.uid == uid:
                return "a", i, u
        for i, u in enumerate(self.back):
            if u is not None and u.uid == uid:
                return "b", i, u
        return None

    def unit(self, uid: int) -> Unit | None:
        """The unit with this uid, if in play."""
        w = self.find(uid)
        return w[2] if w else None

    def ref(self, uid: int) -> str:
        """Short reference of a unit in play: ``m3`` (monster, lane 3), ``a2``, ``b1``."""
        w = self.find(uid)
        if w is None:
            return ""
        zone, i, _ = w
        return f"{zone}{i + 1}"

    def by_ref(self, ref: str) -> Unit | None:
        """The unit a reference names (None if nothing is there)."""
        if len(ref) < 2 or ref[0] not in "mab" or not ref[1:].isdigit():
            return None
        i = int(ref[1:]) - 1
        zone = {"m": self.monsters, "a": self.allies, "b": self.back}[ref[0]]
        return zone[i] if 0 <= i < len(zone) else None

    def unit_card(self, u: Unit) -> Card | None:
        """The card of a unit (None for a concealed card)."""
        return self.cards.cards[u.card] if u.card else None

    def is_ally(self, u: Unit) -> bool:
        """An ally (a tower is not an ally); ally card tokens count."""
        c = self.unit_card(u)
        return u.side == "alliance" and c is not None and c.type == "ally"

    def is_minion(self, u: Unit) -> bool:
        """One of the four minions."""
        return bool(u.card) and self.card(u.card).kind == "minion"

    def lane_of(self, uid: int) -> int:
        """The lane of a unit in the front line, or -1."""
        w = self.find(uid)
        return w[1] if w and w[0] in "ma" else -1

    def seat_with(self, i: int, **changes: Any) -> tuple[Seat, ...]:
        """The seats with seat ``i`` changed."""
        seats = list(self.seats)
        seats[i] = evolve(seats[i], **changes)
        return tuple(seats)

    def portal_health(self) -> int:
        """The portal's health left."""
        if self.portal_down:
            return 0
        face = self.cards.portals[self.portal].face(self.players)
        return face.health - self.portal_damage

    def portal_numbers(self) -> tuple[int, int, int]:
        """(wave, reinforce, mana boost) the portal shows now."""
        face = self.cards.portals[self.portal].face(self.players)
        return face.rotations[self.rotation % 4]

    def minion_tokens(self) -> dict[str, int]:
        """Health tokens on each minion (destroyed minions have none)."""
        out = {m: 0 for m in self.dead_minions}
        for _, _, u in self.units():
            if u.card and self.card(u.card).kind == "minion":
                out[u.card] = max(0, u.hp)
        return out

    def census(self) -> Counter[str] | None:
        """Every card of a game wherever it lies (card tokens are not cards: they come from
        the reserve); a horde card taken to be summoned is in the step that holds it. In a
        campaign's game the market decks count too (Recruit and Exile move cards between a
        deck and its market deck), and the recruited cards waiting to go on top of the deck.
        None between two games of a campaign and while the next one is set up, up to its
        scenario's income (the finished game's cards go back to the box and the next one's
        come out, in the very move that won it when the last scenario and portal are left),
        while the decks are being made (the random cards of difficulty 3 come out of the
        box, a 41-card deck's heroic ally goes back in), and once the game is lost (a loss
        is immediate: it drops the steps that held a card)."""
        if self.result == "loss" or (self.campaign is not None and self.phase == "campaign"):
            return None
        if any(t.kind in ("level3", "trim", "scenario_income") for t in self.tasks):
            return None
        c: Counter[str] = Counter()
        for st in self.seats:
            for zone in (st.hand, st.deck.top, st.deck.middle, st.deck.bottom):
                c.update(zone)
            c.update(st.discard + st.aside)
        for _, _, u in self.units():
            c.update([u.card] if u.card and not u.token else [])
            c.update(card for card, _ in u.attached)
        for zone in (self.outsider_line, self.outsider_pile, tuple(_held(self, self.tasks))):
            for card in zone:  # a colossal outsider out of play has its appendages with it
                layout = self.card(card).layout
                c.update(layout if card in layout else (card,))
        for zone in (self.dead_minions, self.outsider_out, self.horde_deck, self.horde_discard):
            c.update(zone)
        c.update(self.concealed_pool)
        if self.campaign is not None:
            for market in self.campaign.markets:
                c.update(card for seg in market.segments for card in seg)
            c.update(card for t in self.tasks if t.kind == "on_top" for card in t.args[1])
        tokens = [k for k in c if self.cards.cards[k].kind == "token"]
        for k in tokens:
            del c[k]
        return c

    def enchantments(self) -> tuple:
        """The enchanter outsider's enchantment abilities: always active, wherever its card is."""
        return tuple(a for _, a in self.enchant)


def _held(s: Position, tasks) -> Iterator[str]:
    """The horde cards steps hold between two zones: one being summoned (``enter``, or
    ``closest_lane`` for a monster that cannot engage the ally of its lane), a spell
    resolving (``to_discard``), an attachment until its attach effect places it."""
    for t in tasks:
        if t.kind in ("enter", "to_discard"):
            yield t.args[0]
        elif t.kind == "closest_lane" and t.args[3] == 0:  # a monster that cannot engage
            yield t.args[0]  # the ally of its lane, not on the table yet (engage.py)
        elif t.kind == "order":
            yield from _held(s, t.args[0])
        elif t.kind in ("ability", "effect") and t.args[0] == 0:
            c = s.cards.cards.get(t.args[1])
            if c is None or c.kind != "horde" or c.type != "attachment":
                continue
            ab = t.args[2]
            effects = ab.effects if t.kind == "ability" and ab.trigger == "play" else (ab,)
            if any(getattr(e, "verb", "") == "attach" for e in effects):
                yield c.id


class QuietLog(tuple):
    """A log that keeps only the lines whose rule is in ``keep`` or whose data holds one of
    the ``numbers``: the forecast's inner runs read no other line, and nobody reads theirs
    (the players' log is the game's). No rule reads the log: the game goes the same."""

    keep: frozenset[str] = frozenset()
    numbers: frozenset[str] = frozenset()

    def __add__(self, more: tuple) -> QuietLog:
        out = QuietLog(tuple.__add__(self, more))
        out.keep, out.numbers = self.keep, self.numbers
        return out


def quiet_log(keep: frozenset[str], numbers: frozenset[str] = frozenset()) -> QuietLog:
    """An empty ``QuietLog`` keeping the lines of the rules in ``keep`` (prefixed ids) and
    those whose data has a key in ``numbers``."""
    log = QuietLog()
    log.keep, log.numbers = keep, numbers
    return log


def quiet(s: Position, rule: str, *keys: str) -> bool:
    """True when ``emit`` would drop a line of ``rule`` whose data has these ``keys``: a hot
    step then need not make its text (names, labels) at all."""
    log = s.log
    return (
        log.__class__ is QuietLog
        and R + rule not in log.keep
        and (not keys or log.numbers.isdisjoint(keys))
    )


def emit(s: Position, rule: str, text: str, data: Mapping[str, Any] | None = None, **changes):
    """The position with an event appended (``rule`` without the game prefix) and fields set."""
    log = s.log
    if (
        log.__class__ is QuietLog
        and R + rule not in log.keep
        and (not data or log.numbers.isdisjoint(data))
    ):
        return evolve(s, **changes) if changes else s  # a line nobody reads
    return evolve(s, log=log + (Event(R + rule, text, dict(data or {})),), **changes)
