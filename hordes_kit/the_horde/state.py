"""The Horde position: frozen dataclasses and the small pure queries on them.

Turn (rulebook TURN SEQUENCE): Income -> Tax -> Recruit -> Horde -> End, for the 20
turns of the Master Turn Chart. You lose when you cannot pay the tax or when all
Grimthwackers are in the Recruit Discard; you win by surviving turn 20.

Decks whose order nobody knows are counts per card id (copies are alike); a card is
drawn from them one at a time, uniformly, at a chance node. Cards put on the bottom
of a deck (Wall, Moat, a Shaman's reinforcement) are kept in order below the shuffled
part. The attack deck is drawn from the Horde deck face down: the engine knows what is
in it, the player's view only counts it (``view(0)``).

``THPosition`` is everything about a position that needs no move applied: whose turn,
the chance outcomes, the action-id notation, the result. ``flow.py``, ``recruit.py``,
``horde.py`` and ``battle.py`` apply moves; ``game.THState`` wires them in.

Action ids. Chance: ``recruit:<card>`` (a recruit flip), ``horde:<card>`` (the attack
deck is drawn), ``attacker:<card>``, ``defender:<card>``, ``village:<card>`` (the top
village card is attacked), ``flame:<card>`` (the Flame Thrower's second victim),
``reinforce:<card>`` (a winning Shaman's draw), ``roll:<1-6>`` (battle roll),
``archer:<1-6>``, ``shaman:<1-6>``. Player: ``buy:<card>``, ``flip`` (pay for an extra
recruit card), ``done`` (end the Recruit phase), ``rock:heal`` / ``rock:keep`` (Healing
Rock).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hordes_kit.core.errors import InvalidActionError
from hordes_kit.core.state import CHANCE, TERMINAL, Event, GameState
from hordes_kit.the_horde.cards import HordeData
from hordes_kit.the_horde.rules import DIE, GAME, RULE, THConfig

__all__ = [
    "THPosition",
    "add",
    "CARD_STEPS",
    "DIE_STEPS",
    "CHANCE_STEPS",
    "KEY_FIELDS",
]

CARD_STEPS = ("recruit", "horde", "attacker", "defender", "village", "flame", "reinforce")
DIE_STEPS = ("roll", "archer", "shaman")
CHANCE_STEPS = {
    "recruit-flip": "recruit",
    "horde-draw": "horde",
    "attacker": "attacker",
    "defender": "defender",
    "village": "village",
    "flame": "flame",
    "reinforce": "reinforce",
    "roll": "roll",
    "archer": "archer",
    "shaman": "shaman",
}
# the parts of a state that decide the game (everything but config, history and log)
KEY_FIELDS = (
    "turn crowns step recruit_deck recruit_discard row to_flip extra village village_bottom "
    "defender_deck defender_discard horde_deck horde_discard attack_deck attack_bottom "
    "attack_discard to_draw attacker defender force chain gc_bonus streak result"
).split()


def add(counts: tuple[int, ...], i: int, n: int = 1) -> tuple[int, ...]:
    """Card counts with ``n`` more copies of card ``i`` (fewer when ``n`` is negative)."""
    return counts[:i] + (counts[i] + n,) + counts[i + 1 :]


@lru_cache(maxsize=8)
def _index(ids: tuple[str, ...]) -> dict[str, int]:
    return {c: i for i, c in enumerate(ids)}


# the steps at which the attacker, and the defender, are in the battle (in no pile)
_FIGHTING = frozenset({"defender", "roll", "rock", "archer", "shaman", "village", "over"})
_DEFENDING = frozenset({"roll", "rock", "archer"})


@dataclass(frozen=True)
class THPosition(GameState):
    """A position of The Horde; every field is an immutable value (``game.THState`` plays it)."""

    game = GAME
    config: THConfig
    turn: int = 1
    crowns: int = 0
    step: str = "recruit"  # what the game waits for (see ``current_player``)
    recruit_deck: tuple[int, ...] = ()  # counts per recruit card id
    recruit_discard: tuple[int, ...] = ()
    row: tuple[str, ...] = ()  # the recruit cards flipped this turn and not bought
    to_flip: int = 0
    extra: int = 0  # extra recruit flips paid for this turn
    village: tuple[int, ...] = ()  # the shuffled part of the Village deck
    village_bottom: tuple[str, ...] = ()  # below it, in order (Walls, Moats)
    defender_deck: tuple[int, ...] = ()
    defender_discard: tuple[int, ...] = ()
    horde_deck: tuple[int, ...] = ()  # counts per horde card id
    horde_discard: tuple[int, ...] = ()
    attack_deck: tuple[int, ...] = ()  # face down, shuffled
    attack_bottom: tuple[str, ...] = ()  # below it, in order (Shaman reinforcements)
    attack_discard: tuple[int, ...] = ()
    to_draw: int = 0  # attack deck cards still to draw from the Horde deck
    attacker: str | None = None
    defender: str | None = None  # the defender in this battle (or a Healing Rock pending)
    force: int = 0  # the defender's battle force, every bonus counted
    chain: int = 0  # Flute / Haunch bonus waiting for the final replacement card
    gc_bonus: int = 0  # Boots / Ring bonus waiting for the next Grimthwacker
    streak: int = 0  # Grimthwackers drawn in a row this Horde phase (Dizzy; 3 = three or more)
    result: str = ""  # win, taxes (unpaid tax), chauncey (all Grimthwackers killed)
    history: tuple[str, ...] = ()
    log: tuple[Event, ...] = ()
    data: HordeData | None = field(default=None, compare=False, repr=False)

    # --- helpers ---------------------------------------------------------------------------

    @property
    def rids(self) -> tuple[str, ...]:
        """Recruit card ids in deck-index order."""
        return self.data.recruit_ids

    @property
    def hids(self) -> tuple[str, ...]:
        """Horde card ids in deck-index order."""
        return self.data.horde_ids

    def ri(self, cid: str) -> int:
        """Deck index of a recruit card id."""
        return _index(self.rids)[cid]

    def hi(self, hid: str) -> int:
        """Deck index of a horde card id."""
        return _index(self.hids)[hid]

    def name(self, cid: str) -> str:
        """Display name of a recruit or horde card id."""
        return self.data.card(cid).name

    def hordling(self, hid: str) -> str:
        """A hordling's name as the table says it: ``Piranha (Indigenous)``."""
        if self.data.horde_card(hid).level is None:
            return f"{self.turn_info.indigenous} ({self.data.horde_card(hid).name})"
        return self.data.horde_card(hid).name

    @property
    def gc(self) -> str:
        """The Grimthwacker's card id."""
        return next(c.id for c in self.data.recruit if c.effect == "grimthwacker")

    @property
    def gc_total(self) -> int:
        """How many Grimthwackers the game has."""
        return self.data.start_defender.get(self.gc, 0)

    def income(self) -> int:
        """Crowns the Village deck produces in the Income phase."""
        counts = self.village
        for c in self.village_bottom:
            counts = add(counts, self.ri(c))
        return sum(n * card.income for n, card in zip(counts, self.data.recruit))

    def village_size(self) -> int:
        """Cards in the Village deck."""
        return sum(self.village) + len(self.village_bottom)

    def attack_size(self) -> int:
        """Cards left in the attack deck."""
        return sum(self.attack_deck) + len(self.attack_bottom)

    def level(self, hid: str) -> int:
        """A hordling's level this turn."""
        return self.data.level(hid, self.turn)

    @property
    def turn_info(self):
        """This turn's row of the Master Turn Chart."""
        return self.data.turns[self.turn - 1]

    def key(self) -> tuple:
        """Hashable summary of everything that decides the rest of the game."""
        return tuple(getattr(self, f) for f in KEY_FIELDS)

    def _ev(self, rule: str, text: str, **data: Any) -> Event:
        return Event(RULE + rule, text, data)

    # --- engine API ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        return CHANCE if self.step in CHANCE_STEPS else 0

    def chance_weights(self) -> tuple[tuple[str, int], ...]:
        """Outcomes at a chance node with integer weights (the card counts, or 1 per face).

        Sorted by outcome id, which is deck-index order: the order the fast simulator uses.
        """
        kind = CHANCE_STEPS[self.step]
        if kind in DIE_STEPS:
            return tuple((f"{kind}:{d}", 1) for d in DIE)
        if kind == "recruit":
            counts, ids = self.recruit_deck, self.rids
        elif kind == "defender":
            counts, ids = self.defender_deck, self.rids
        elif kind == "village":
            if not sum(self.village):
                return ((f"village:{self.village_bottom[0]}", 1),)
            counts, ids = self.village, self.rids
        elif kind in ("horde", "reinforce"):
            counts, ids = self.horde_deck, self.hids
        else:  # attacker, flame: the attack deck
            if not sum(self.attack_deck):
                return ((f"{kind}:{self.attack_bottom[0]}", 1),)
            counts, ids = self.attack_deck, self.hids
        return tuple((f"{kind}:{c}", n) for c, n in zip(ids, counts) if n)

    def _chance(self):
        w = self.chance_weights()
        total = sum(n for _, n in w)
        return tuple((o, Fraction(n, total)) for o, n in w)

    def _can_flip(self) -> bool:
        s = self.data.setup
        return (
            self.extra < s["extra_flips"]
            and self.crowns >= s["extra_flip_cost"]
            and sum(self.recruit_deck) + sum(self.recruit_discard) > 0
        )

    def parse_action(self, action_id: str) -> tuple[str, str]:
        kind, sep, arg = action_id.partition(":")
        if kind in ("flip", "done") and not sep:
            return kind, ""
        if not sep:
            raise InvalidActionError(
                action_id, "The Horde actions look like buy:knight, flip, done, rock:heal"
            )
        if kind in DIE_STEPS:
            if arg not in {str(d) for d in DIE}:
                raise InvalidActionError(action_id, "a die shows 1 to 6")
        elif kind == "rock":
            if arg not in ("heal", "keep"):
                raise InvalidActionError(action_id, "the Healing Rock choices are heal and keep")
        elif kind in ("buy", "recruit", "defender", "village"):
            if arg not in _index(self.rids):
                raise InvalidActionError(action_id, f"no recruit card {arg!r}")
        elif kind in ("horde", "attacker", "flame", "reinforce"):
            if arg not in _index(self.hids):
                raise InvalidActionError(action_id, f"no horde card {arg!r}")
        else:
            raise InvalidActionError(
                action_id, "The Horde actions look like buy:knight, flip, done, rock:heal"
            )
        return kind, arg

    def format_action(self, action: tuple[str, str]) -> str:
        return f"{action[0]}:{action[1]}" if action[1] else action[0]

    def returns(self) -> tuple[float, ...]:
        return (1.0 if self.result == "win" else 0.0,)

    def census(self) -> Counter[str]:
        """Every card: the counted decks and discards, the recruit row, the ordered bottoms,
        and the hordling and defender in a battle (``attacker`` and ``defender`` keep naming
        them after they have gone to a discard pile: the step says whether they still fight)."""
        c: Counter[str] = Counter()
        for ids, zones in (
            (self.rids, ("recruit_deck", "recruit_discard", "village")),
            (self.rids, ("defender_deck", "defender_discard")),
            (self.hids, ("horde_deck", "horde_discard", "attack_deck", "attack_discard")),
        ):
            for zone in zones:
                c.update({ids[i]: n for i, n in enumerate(getattr(self, zone)) if n})
        c.update(self.row + self.village_bottom + self.attack_bottom)
        if self.attacker and self.step in _FIGHTING:
            c[self.attacker] += 1
        if self.defender and self.step in _DEFENDING:
            c[self.defender] += 1
        return c

    # --- helpers of the modules that apply moves -------------------------------------

    def _take_attack(self, hid: str) -> dict:
        if sum(self.attack_deck):
            return {"attack_deck": add(self.attack_deck, self.hi(hid), -1)}
        return {"attack_bottom": self.attack_bottom[1:]}
