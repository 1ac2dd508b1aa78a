"""The Heroes & Hordes position: frozen dataclasses and the small pure queries on them.

Turn (rulebook TURN SEQUENCE): Fate (draw one card) -> the six race phases put it in
its pile -> Battle (every horde pile of 5+ cards attacks) -> Event. The game ends when
the deck is empty at the start of a turn: 2 or fewer Devastation Tokens win, 3 tie,
more lose (ruling; 5 tokens end the game at once, as the rulebook says).

``HHPosition`` is everything about a position that needs no move applied: whose turn,
the chance outcomes, the action-id notation, the result. ``flow.py`` and ``moves.py``
apply moves; ``game.HHState`` wires them in.

Action ids. Chance: ``draw:<card>`` (Fate), ``reveal:<card>`` (a Spy looks at the next
cards), ``mine:<card>`` (a Mine's extra draw), ``raid:<pile>`` (a random horde pile
attacks). Player: ``attack:<pile>`` (several horde piles are ready to attack: this one
goes first), ``place:<pile>`` (a split card), ``defend:<pile>``, ``discard:<card>``
(after a win, one card at a time until the horde's strength is covered),
``slay:<card>`` (Quest, Slayer), ``search:<card>`` (Summon, Dragons Hoard,
Resurrection, Reincarnation).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from hordes_kit.core.errors import InvalidActionError
from hordes_kit.core.state import CHANCE, TERMINAL, Event, GameState
from hordes_kit.heroes_hordes.cards import PILES, Card
from hordes_kit.heroes_hordes.rules import ATTACK_SIZE, GAME, HORDE_PILES, HHConfig

__all__ = ["HHPosition", "CHANCE_KINDS", "PLAYER_KINDS"]

CHANCE_KINDS = ("draw", "reveal", "mine", "raid")
PLAYER_KINDS = ("attack", "place", "defend", "discard", "slay", "search")


@dataclass(frozen=True)
class HHPosition(GameState):
    """A Heroes & Hordes position; every field is an immutable value (``game.HHState`` plays
    it)."""

    game = GAME
    config: HHConfig
    deck: tuple[str, ...]  # cards in the deck whose order nobody knows (sorted ids)
    known: tuple[str, ...] = ()  # the top of the deck, in order, as a Spy revealed it
    piles: tuple[tuple[str, ...], ...] = ((),) * 6
    discard: tuple[str, ...] = ()
    tokens: int = 0
    turn: int = 1
    phase: str = "fate"  # fate, battle, event, mines
    step: str = "draw"  # what the game waits for (see ``current_player``)
    drawn: str | None = None  # this turn's Fate card when it is an event
    event_done: bool = False
    pending: str | None = None  # a split card waiting for its pile
    spy_left: int = 0
    mines: tuple[str, ...] = ()  # races of the Mines still to draw this turn
    attack: str | None = None  # horde pile attacking now
    raid: bool = False
    defender: str | None = None
    need: int = 0  # battle force still to discard after a win
    battle: tuple[tuple[str, int], ...] = ()  # defending cards' battle force
    result: str = ""  # set at the end: win, tie, loss
    history: tuple[str, ...] = ()
    log: tuple[Event, ...] = ()
    cards: Mapping[str, Card] = field(default_factory=dict, compare=False, repr=False)

    # --- small helpers ---------------------------------------------------------------

    def card(self, cid: str) -> Card:
        """The card with this id."""
        return self.cards[cid]

    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards in a pile, in the order they arrived."""
        return tuple(self.cards[c] for c in self.piles[PILES.index(name)])

    def deck_size(self) -> int:
        """Cards left in the deck (revealed or not)."""
        return len(self.deck) + len(self.known)

    def _set_pile(self, name: str, cards: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        i = PILES.index(name)
        return self.piles[:i] + (cards,) + self.piles[i + 1 :]

    # --- engine API ----------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        return CHANCE if self.step in CHANCE_KINDS + ("spy",) else 0

    def _chance(self):
        if self.step == "raid":
            live = [p for p in HORDE_PILES if self.piles[PILES.index(p)]]
            each = Fraction(1, len(live))
            return tuple((f"raid:{p}", each) for p in live)
        kind = "reveal" if self.step == "spy" else self.step
        if kind != "reveal" and self.known:
            return ((f"{kind}:{self.known[0]}", Fraction(1)),)
        # one Fraction for the ~100 cards (one made per card was a third of a random game)
        each = Fraction(1, len(self.deck))
        return tuple((f"{kind}:{c}", each) for c in self.deck)

    def _search_pool(self) -> tuple[str, ...]:
        # Our reading: an event card cannot be searched out (it would have no phase to act
        # in); a table may let Summon and Dragons Hoard take one (table rule
        # search_events), never a discard search (two events could fetch each other forever)
        deck = self.card(self.drawn).event == "search-deck"
        src = self.deck + self.known if deck else self.discard
        events = deck and self.config.search_events == "events-too"
        return tuple(sorted(c for c in src if events or not self.card(c).is_event))

    def ready_hordes(self) -> tuple[str, ...]:
        """The horde piles with enough cards to attack (Battle Phase), in pile order."""
        return tuple(p for p in HORDE_PILES if len(self.piles[PILES.index(p)]) >= ATTACK_SIZE)

    def parse_action(self, action_id: str) -> tuple[str, str]:
        kind, sep, arg = action_id.partition(":")
        if not sep or kind not in CHANCE_KINDS + PLAYER_KINDS:
            raise InvalidActionError(
                action_id, "Heroes & Hordes actions look like place:elves, defend:men, discard:king"
            )
        if kind in ("attack", "place", "defend", "raid"):
            if arg not in PILES:
                raise InvalidActionError(action_id, f"{arg!r} is not a pile ({', '.join(PILES)})")
        elif arg not in self.cards:
            raise InvalidActionError(action_id, f"no card {arg!r} in this game")
        return kind, arg

    def format_action(self, action: tuple[str, str]) -> str:
        return f"{action[0]}:{action[1]}"

    def returns(self) -> tuple[float, ...]:
        return ({"win": 1.0, "tie": 0.5, "loss": 0.0}[self.result],)

    def census(self) -> Counter[str]:
        """Every card: the deck (its known top too), the six piles, the discard pile, this
        turn's event card and a split card waiting for its pile."""
        c = Counter(self.deck + self.known + self.discard)
        for pile in self.piles:
            c.update(pile)
        c.update(x for x in (self.drawn, self.pending) if x)
        return c

    def hidden_from(self, player: int) -> frozenset[str]:
        # Solo, and the deck is drawn one card at a time from what remains: its contents
        # follow from the card list and the cards seen; its order is not known even to
        # the engine. Nothing is hidden from the player.
        return frozenset()

    # --- helpers of the modules that apply moves -------------------------------------

    def _take_top(self, cid: str) -> dict:
        if self.known:
            return {"known": self.known[1:]}
        return {"deck": tuple(c for c in self.deck if c != cid)}
