"""Heroes & Hordes on the core engine API: the whole solo game by the book.

Turn (rulebook TURN SEQUENCE): Fate (draw one card) -> the six race phases put it in
its pile -> Battle (every horde pile of 5+ cards attacks) -> Event. The game ends when
the deck is empty at the start of a turn: 2 or fewer Devastation Tokens win, 3 tie,
more lose (ruling; 5 tokens end the game at once, as the rulebook says).

Action ids. Chance: ``draw:<card>`` (Fate), ``reveal:<card>`` (a Spy looks at the next
cards), ``mine:<card>`` (a Mine's extra draw), ``raid:<pile>`` (a random horde pile
attacks). Player: ``place:<pile>`` (a split card), ``defend:<pile>``, ``discard:<card>``
(after a win, one card at a time until the horde's strength is covered),
``slay:<card>`` (Quest, Slayer), ``search:<card>`` (Summon, Dragons Hoard,
Resurrection, Reincarnation).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hordes_kit.core.errors import InvalidActionError, InvalidInputError
from hordes_kit.core.options import solo_options
from hordes_kit.core.state import CHANCE, TERMINAL, Event, GameState
from hordes_kit.heroes_hordes import view
from hordes_kit.heroes_hordes.cards import (
    PILE_OF_RACE,
    PILES,
    RACE_OF_PILE,
    Card,
    cards_of_config,
)
from hordes_kit.heroes_hordes.rules import card_forces, pile_force

__all__ = ["GAME", "HERO_PILES", "HORDE_PILES", "HHConfig", "HHState", "new_game"]

GAME = "heroes-hordes"
HERO_PILES = PILES[:3]
HORDE_PILES = PILES[3:]
ATTACK_SIZE = 5  # BATTLE PHASE: a horde pile of 5 or more cards attacks
SPY_LOOK = 7  # SPY CARDS: look at the next 7 cards
CHANCE_KINDS = ("draw", "reveal", "mine", "raid")
PLAYER_KINDS = ("place", "defend", "discard", "slay", "search")
R = "heroes-hordes."  # rule id prefix (data/heroes_hordes/rules.toml)


@dataclass(frozen=True)
class HHConfig:
    """Rules options (defaults = the rulebook and ../shared/RULINGS.md)."""

    copies: int | None = None  # copies of every card (None: the card file's column, 1)
    cards: str = ""  # the text of a player's own card file ("" = the shipped list)
    loss_at: int = 4  # this many tokens or more at the end is a loss (3 ties)
    sudden_defeat: int = 5  # the game stops at once at this many tokens

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> HHConfig:
        """Build from a plain dict; unknown keys and bad values are clear errors."""
        cfg = solo_options(cls, d, "Heroes & Hordes")
        if cfg.copies is not None and not (type(cfg.copies) is int and 1 <= cfg.copies <= 4):
            raise InvalidInputError(f"copies must be 1-4, got {cfg.copies!r:.40}")
        if not isinstance(cfg.cards, str):
            raise InvalidInputError("cards must be the text of a card file")
        if not all(type(v) is int for v in (cfg.loss_at, cfg.sudden_defeat)):
            raise InvalidInputError("loss_at and sudden_defeat must be whole numbers")
        if not 1 <= cfg.loss_at <= cfg.sudden_defeat <= 100:
            raise InvalidInputError("need 1 <= loss_at <= sudden_defeat <= 100")
        return cfg

    def to_dict(self) -> dict:
        """Plain dict (for save files)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@lru_cache(maxsize=16)
def card_index(cfg: HHConfig) -> dict[str, Card]:
    """Card id -> card for this configuration's card list."""
    return {c.id: c for c in cards_of_config(cfg.cards, cfg.copies)}


@dataclass(frozen=True)
class HHState(GameState):
    """A Heroes & Hordes position; every field is an immutable value."""

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
            return tuple((f"raid:{p}", Fraction(1, len(live))) for p in live)
        kind = "reveal" if self.step == "spy" else self.step
        if kind != "reveal" and self.known:
            return ((f"{kind}:{self.known[0]}", Fraction(1)),)
        return tuple((f"{kind}:{c}", Fraction(1, len(self.deck))) for c in self.deck)

    def _legal(self):
        if self.step == "place":
            return tuple(f"place:{p}" for p in self.card(self.pending).piles())
        if self.step == "defend":
            return tuple(f"defend:{p}" for p in HERO_PILES if self.piles[PILES.index(p)])
        if self.step == "discard":
            return tuple(f"discard:{c}" for c in self.piles[PILES.index(self.defender)])
        if self.step == "slay":
            return tuple(f"slay:{c}" for p in HORDE_PILES for c in self.piles[PILES.index(p)])
        if self.step == "search":
            return tuple(f"search:{c}" for c in self._search_pool())
        raise AssertionError(f"no decision at step {self.step!r}")

    def _search_pool(self) -> tuple[str, ...]:
        # Our reading: an event card cannot be searched out (it would have no phase to act in).
        src = (
            self.deck + self.known if self.card(self.drawn).event == "search-deck" else self.discard
        )
        return tuple(sorted(c for c in src if not self.card(c).is_event))

    def parse_action(self, action_id: str) -> tuple[str, str]:
        kind, sep, arg = action_id.partition(":")
        if not sep or kind not in CHANCE_KINDS + PLAYER_KINDS:
            raise InvalidActionError(
                action_id, "Heroes & Hordes actions look like place:elves, defend:men, discard:king"
            )
        if kind in ("place", "defend", "raid"):
            if arg not in PILES:
                raise InvalidActionError(action_id, f"{arg!r} is not a pile ({', '.join(PILES)})")
        elif arg not in self.cards:
            raise InvalidActionError(action_id, f"no card {arg!r} in this game")
        return kind, arg

    def format_action(self, action: tuple[str, str]) -> str:
        return f"{action[0]}:{action[1]}"

    def why_illegal(self, action, action_id):
        kind, arg = action
        waits = {
            "draw": "the Fate draw",
            "spy": "the Spy's look at the deck",
            "mine": "a Mine's draw",
            "raid": "the raid's random pile",
            "place": "where the split card goes",
            "defend": "which hero pile defends",
            "discard": "which heroes to discard",
            "slay": "which horde card the event discards",
            "search": "which card to put in play",
        }
        if self.result:
            return "the game is over"
        if kind == "defend" and arg in HERO_PILES and self.step == "defend":
            return f"the {arg} pile is empty"
        return f"the game waits for {waits.get(self.step, self.step)}"

    def returns(self) -> tuple[float, ...]:
        return ({"win": 1.0, "tie": 0.5, "loss": 0.0}[self.result],)

    # --- applying actions ------------------------------------------------------------------

    def _do(self, action, action_id):
        kind, arg = action
        return getattr(self, f"_do_{kind}")(arg)._advance()

    def _take_top(self, cid: str) -> dict:
        if self.known:
            return {"known": self.known[1:]}
        return {"deck": tuple(c for c in self.deck if c != cid)}

    def _do_draw(self, cid: str) -> HHState:
        card = self.card(cid)
        ev = Event(R + "fate", f"Turn {self.turn}: the Fate card is {card.name}.", {"card": cid})
        s = self.with_events(ev, **self._take_top(cid))
        if card.is_event:
            return replace(s, drawn=cid, phase="battle")
        return s._enter_play(cid, then="battle")

    def _enter_play(self, cid: str, *, then: str, pile: str | None = None) -> HHState:
        """Put a card into a pile (or ask where, for a split card), then go on to ``then``."""
        card = self.card(cid)
        options = (pile,) if pile else card.piles()
        if len(options) > 1:
            ev = Event(
                R + "ruling.split-cards",
                f"{card.name} may go to {' or '.join(options)}: you choose.",
            )
            return self.with_events(ev, pending=cid, step="place", phase=then)
        return replace(self, phase=then)._put(cid, options[0])

    def _put(self, cid: str, pile: str) -> HHState:
        card = self.card(cid)
        rule = {
            "M": "men-phase",
            "E": "elves-phase",
            "D": "dwarves-phase",
            "G": "goblins-phase",
            "U": "undead-phase",
            "Z": "dragon-phase",
        }[RACE_OF_PILE[pile]]
        ev = Event(R + rule, f"{card.name} joins the {pile} pile.", {"card": cid, "pile": pile})
        s = self.with_events(ev, piles=self._set_pile(pile, self.piles[PILES.index(pile)] + (cid,)))
        if "Spy" in card.keywords:
            look = max(0, min(SPY_LOOK - len(s.known), len(s.deck)))
            ev = Event(R + "spy", f"{card.name} spies: look at the next {SPY_LOOK} cards.")
            s = s.with_events(ev, spy_left=look)
        return replace(s, pending=None)

    def _do_place(self, pile: str) -> HHState:
        return self._put(self.pending, pile)

    def _do_reveal(self, cid: str) -> HHState:
        ev = Event(
            R + "spy",
            f"Spy: card {len(self.known) + 1} from the top is {self.card(cid).name}.",
            {"card": cid},
        )
        return self.with_events(
            ev,
            known=self.known + (cid,),
            deck=tuple(c for c in self.deck if c != cid),
            spy_left=self.spy_left - 1,
        )

    def _do_mine(self, cid: str) -> HHState:
        race, card = self.mines[0], self.card(cid)
        s = replace(self, mines=self.mines[1:], **self._take_top(cid))
        if race in card.types:
            ev = Event(
                R + "mines", f"The mine draws {card.name}: a card of its race, kept.", {"card": cid}
            )
            return s.with_events(ev)._enter_play(cid, then="mines", pile=PILE_OF_RACE[race])
        ev = Event(
            R + "mines",
            f"The mine draws {card.name}: not its race, discarded unresolved.",
            {"card": cid},
        )
        return s.with_events(ev, discard=s.discard + (cid,))

    def _do_raid(self, pile: str) -> HHState:
        ev = Event(
            R + "ruling.random-horde-attacks",
            f"The raid strikes: the {pile} horde attacks now.",
            {"pile": pile},
        )
        return self.with_events(ev, attack=pile, raid=True)._start_attack()

    def _do_defend(self, pile: str) -> HHState:
        horde = self.pile(self.attack)
        heroes = self.pile(pile)
        h_race, d_race = RACE_OF_PILE[self.attack], RACE_OF_PILE[pile]
        horde_force = pile_force(horde, opponent_race=d_race, opponent_size=len(heroes))
        forces = card_forces(heroes, opponent_race=h_race, opponent_size=len(horde))
        hero_force = sum(f.total for f in forces)
        data = {
            "horde": self.attack,
            "heroes": pile,
            "horde_force": horde_force,
            "hero_force": hero_force,
        }
        if hero_force >= horde_force:
            ev = Event(
                R + "battle.win",
                f"The {pile} ({hero_force}) hold against the "
                f"{self.attack} ({horde_force}): discard heroes with force "
                f"{horde_force} or more.",
                data,
            )
            s = self.with_events(
                ev,
                defender=pile,
                need=horde_force,
                battle=tuple((f.card.id, f.total) for f in forces),
            )
            return s._end_attack() if horde_force <= 0 else replace(s, step="discard")
        ev = Event(
            R + "battle.loss",
            f"The {self.attack} ({horde_force}) overwhelm the {pile} "
            f"({hero_force}): the {pile} pile is discarded and you take 1 Devastation "
            "Token.",
            data,
        )
        lost = self.piles[PILES.index(pile)]
        s = self.with_events(
            ev, piles=self._set_pile(pile, ()), discard=self.discard + lost, tokens=self.tokens + 1
        )
        return s._end_attack()

    def _do_discard(self, cid: str) -> HHState:
        force = dict(self.battle)[cid]
        pile = self.piles[PILES.index(self.defender)]
        ev = Event(
            R + "ruling.discard-covers",
            f"{self.card(cid).name} (battle force {force}) is discarded.",
            {"card": cid, "force": force},
        )
        s = self.with_events(
            ev,
            piles=self._set_pile(self.defender, tuple(c for c in pile if c != cid)),
            discard=self.discard + (cid,),
            need=self.need - force,
        )
        return s._end_attack() if s.need <= 0 or not s.piles[PILES.index(self.defender)] else s

    def _do_slay(self, cid: str) -> HHState:
        pile = next(p for p in HORDE_PILES if cid in self.piles[PILES.index(p)])
        ev = Event(
            R + "event.slay",
            f"{self.card(self.drawn).name}: {self.card(cid).name} is discarded from the horde.",
            {"card": cid},
        )
        rest = tuple(c for c in self.piles[PILES.index(pile)] if c != cid)
        return self.with_events(
            ev, piles=self._set_pile(pile, rest), discard=self.discard + (cid,), event_done=True
        )

    def _do_search(self, cid: str) -> HHState:
        ev = Event(
            R + "event.search",
            f"{self.card(self.drawn).name}: {self.card(cid).name} is put into play.",
            {"card": cid},
        )
        s = self.with_events(
            ev,
            deck=tuple(c for c in self.deck if c != cid),
            known=tuple(c for c in self.known if c != cid),
            discard=tuple(c for c in self.discard if c != cid),
            event_done=True,
        )
        return s._enter_play(cid, then="event")

    # --- the turn's flow -------------------------------------------------------------------

    def _start_attack(self) -> HHState:
        if any(self.piles[PILES.index(p)] for p in HERO_PILES):
            return replace(self, step="defend")
        ev = Event(
            R + "battle.unblocked",
            f"No hero pile can block the {self.attack}: 2 Devastation Tokens.",
            {"horde": self.attack},
        )
        return self.with_events(ev, tokens=self.tokens + 2)._end_attack()

    def _end_attack(self) -> HHState:
        gone = self.piles[PILES.index(self.attack)]
        ev = Event(R + "battle.discard-horde", f"The attacking {self.attack} horde is discarded.")
        return self.with_events(
            ev,
            piles=self._set_pile(self.attack, ()),
            discard=self.discard + gone,
            attack=None,
            defender=None,
            need=0,
            battle=(),
            step="",
            event_done=self.event_done or self.raid,
            raid=False,
        )

    def _advance(self) -> HHState:
        """Run the automatic parts of the turn until a chance outcome or a decision is due."""
        s = self
        while True:
            if s.tokens >= s.config.sudden_defeat:
                return s._finish(f"{s.tokens} Devastation Tokens: the hordes have won.")
            if s.spy_left:
                return replace(s, step="spy")
            if s.pending:
                return replace(s, step="place")
            if s.attack:
                return replace(s, step="discard" if s.defender else "defend")
            if s.phase == "battle":
                ready = [p for p in HORDE_PILES if len(s.piles[PILES.index(p)]) >= ATTACK_SIZE]
                if ready:
                    ev = Event(
                        R + "battle",
                        f"The {ready[0]} pile has {ATTACK_SIZE} or more cards: it attacks.",
                        {"horde": ready[0]},
                    )
                    s = s.with_events(ev, attack=ready[0])._start_attack()
                    continue
                s = replace(s, phase="event")
                continue
            if s.phase == "event":
                if s.drawn and not s.event_done:
                    nxt = s._event_step()
                    if nxt is not None:
                        return nxt
                    s = replace(s, event_done=True)
                    continue
                if s.drawn:
                    s = replace(s, discard=s.discard + (s.drawn,), drawn=None)
                races = tuple(r for p in HERO_PILES for c in s.pile(p) for r in sorted(c.mine))
                s = replace(s, phase="mines", mines=races, event_done=False)
                continue
            if s.phase == "mines":
                if s.mines and s.deck_size():
                    return replace(s, step="mine")
                s = replace(s, mines=(), phase="fate", turn=s.turn + 1)
                continue
            # phase fate: the start of a turn
            if not s.deck_size():
                return s._finish("The deck is empty at the start of the turn: the game ends.")
            return replace(s, step="draw")

    def _event_step(self) -> HHState | None:
        card = self.card(self.drawn)
        kind = card.event
        if kind == "raid":
            if any(self.piles[PILES.index(p)] for p in HORDE_PILES):
                return replace(self, step="raid")
        elif kind == "slay":
            if any(self.piles[PILES.index(p)] for p in HORDE_PILES):
                return replace(self, step="slay")
        elif self._search_pool():
            return replace(self, step="search")
        ev = Event(R + "event", f"{card.name} has nothing to act on.", {"card": card.id})
        return self.with_events(ev, event_done=True)._advance()

    def _finish(self, why: str) -> HHState:
        t = self.tokens
        result = "win" if t <= 2 else "tie" if t < self.config.loss_at else "loss"
        rule = R + ("victory" if t < self.config.sudden_defeat else "defeat")
        ev = Event(rule, f"{why} {t} Devastation Token(s): {result}.", {"tokens": t})
        return self.with_events(ev, result=result, step="over")

    # --- what the player sees --------------------------------------------------------------

    def view(self, player: int | None) -> dict:
        return view.view(self, player)

    def label(self, action_id: str) -> str:
        """Plain words for a legal action (buttons, step lists)."""
        return view.label(self, action_id)

    def hidden_from(self, player: int) -> frozenset[str]:
        # Solo, and the deck is drawn one card at a time from what remains: its contents
        # follow from the card list and the cards seen; its order is not known even to
        # the engine. Nothing is hidden from the player.
        return frozenset()


def new_game(config: Mapping[str, Any] | HHConfig | None = None) -> HHState:
    """A new game: the whole deck shuffled (drawn one card at a time), nothing in play."""
    cfg = config if isinstance(config, HHConfig) else HHConfig.from_dict(dict(config or {}))
    cards = card_index(cfg)
    return HHState(config=cfg, deck=tuple(sorted(cards)), cards=cards)
