"""The Horde (solo) on the core engine API: the whole game by the book.

Turn (rulebook TURN SEQUENCE): Income -> Tax -> Recruit -> Horde -> End, for the 20
turns of the Master Turn Chart. You lose when you cannot pay the tax or when all
Grimthwackers are in the Recruit Discard; you win by surviving turn 20.

Decks whose order nobody knows are counts per card id (copies are alike); a card is
drawn from them one at a time, uniformly, at a chance node. Cards put on the bottom
of a deck (Wall, Moat, a Shaman's reinforcement) are kept in order below the shuffled
part. The attack deck is drawn from the Horde deck face down: the engine knows what is
in it, the player's view only counts it (``view(0)``).

Action ids. Chance: ``recruit:<card>`` (a recruit flip), ``horde:<card>`` (the attack
deck is drawn), ``attacker:<card>``, ``defender:<card>``, ``village:<card>`` (the top
village card is attacked), ``flame:<card>`` (the Flame Thrower's second victim),
``reinforce:<card>`` (a winning Shaman's draw), ``roll:<1-6>`` (battle roll),
``archer:<1-6>``, ``shaman:<1-6>``. Player: ``buy:<card>``, ``flip`` (pay for an extra
recruit card), ``done`` (end the Recruit phase), ``rock:heal`` / ``rock:keep`` (Healing
Rock).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hordes_kit.core.errors import InvalidActionError, InvalidInputError
from hordes_kit.core.options import solo_options
from hordes_kit.core.state import CHANCE, TERMINAL, Event, GameState
from hordes_kit.the_horde.cards import FILES, HordeData, data_of_files

__all__ = ["GAME", "THConfig", "THState", "new_game", "data_of"]

GAME = "the-horde"
R = "the-horde."  # rule id prefix (data/the_horde/rules.toml)
DIE = tuple(range(1, 7))
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


@dataclass(frozen=True)
class THConfig:
    """Rules options (defaults = the rulebook and ../shared/RULINGS.md)."""

    # a player's own data folder as (file name, text) pairs (() = the shipped lists)
    data: tuple[tuple[str, str], ...] = ()
    dizzy: bool = True  # SPECIAL RULES: the third Grimthwacker in a row gets -3

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> THConfig:
        """Build from a plain dict; unknown keys and bad values are clear errors."""
        cfg = solo_options(cls, d, "The Horde")
        if not isinstance(cfg.dizzy, bool):
            raise InvalidInputError("dizzy must be true or false")
        files = cfg.data or {}
        if not isinstance(files, Mapping) or set(files) - set(FILES):
            raise InvalidInputError(f"data must map the files {', '.join(FILES)} to their texts")
        return replace(cfg, data=tuple(sorted(dict(files).items())))

    def to_dict(self) -> dict:
        """Plain dict (for save files)."""
        return {"dizzy": self.dizzy} | ({"data": dict(self.data)} if self.data else {})


def data_of(config: THConfig) -> HordeData:
    """The card lists and charts this configuration plays with."""
    return data_of_files(config.data)


def _add(counts: tuple[int, ...], i: int, n: int = 1) -> tuple[int, ...]:
    return counts[:i] + (counts[i] + n,) + counts[i + 1 :]


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


@lru_cache(maxsize=8)
def _index(ids: tuple[str, ...]) -> dict[str, int]:
    return {c: i for i, c in enumerate(ids)}


@dataclass(frozen=True)
class THState(GameState):
    """A position of The Horde; every field is an immutable value."""

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
    streak: int = 0  # Grimthwackers drawn in a row this Horde phase (Dizzy)
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
            counts = _add(counts, self.ri(c))
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
        return Event(R + rule, text, data)

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

    def _legal(self):
        if self.step == "rock":
            return ("rock:heal", "rock:keep")
        if self.step != "recruit":
            raise AssertionError(f"no decision at step {self.step!r}")
        out = ["done"]
        out += [f"buy:{c}" for c in set(self.row) if self.data.card(c).cost <= self.crowns]
        if self._can_flip():
            out.append("flip")
        return tuple(out)

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

    def why_illegal(self, action, action_id):
        kind, arg = action
        if self.result:
            return "the game is over"
        if self.current_player == CHANCE:
            want = CHANCE_STEPS[self.step]
            if kind == want and kind not in DIE_STEPS:
                return f"no {self.name(arg)} can come up here (not in that deck)"
            return f"the game waits for chance ({want}:...), not {kind}"
        if self.step == "rock":
            return "the game waits for the Healing Rock choice: rock:heal or rock:keep"
        if kind == "buy":
            if arg not in self.row:
                return f"no {self.name(arg)} among the recruit cards flipped this turn"
            cost = self.data.card(arg).cost
            return f"{self.name(arg)} costs {cost} Crowns and you have {self.crowns}"
        if kind == "flip":
            s = self.data.setup
            if self.extra >= s["extra_flips"]:
                return f"you may pay for {s['extra_flips']} extra recruit cards a turn at most"
            if self.crowns < s["extra_flip_cost"]:
                return "an extra recruit card costs 1 Crown and you have none"
            return "no recruit cards are left to flip"
        return "not allowed in the Recruit phase"

    def returns(self) -> tuple[float, ...]:
        return (1.0 if self.result == "win" else 0.0,)

    # --- applying actions ------------------------------------------------------------------

    def _do(self, action, action_id):
        kind, arg = action
        return getattr(self, "_do_" + kind.replace("-", "_"))(arg)

    # Turn start: income and tax --------------------------------------------------------

    def _start_turn(self) -> THState:
        t = self.turn_info
        inc = self.income()
        crowns = self.crowns + inc
        s = self.with_events(
            self._ev(
                "income",
                f"Turn {t.turn} ({t.location}, {t.season}). Income: your village produces "
                f"{inc} Crown(s); you have {crowns}.",
                income=inc,
                crowns=crowns,
            ),
            crowns=crowns,
            extra=0,
        )
        if crowns < t.turn:
            ev = self._ev(
                "defeat.taxes",
                f"Tax: Kronus Maelor wants {t.turn} Crowns and you have {crowns}. You cannot "
                "pay: the game is lost.",
                tax=t.turn,
            )
            return s.with_events(ev, result="taxes", step="over")
        ev = self._ev(
            "tax",
            f"Tax: pay Kronus Maelor {t.turn} Crown(s) (the turn number); {crowns - t.turn} left.",
            tax=t.turn,
        )
        s = s.with_events(ev, crowns=crowns - t.turn, to_flip=self.data.setup["flips"])
        return s._flip_next()

    # Recruit phase -------------------------------------------------------------------------

    def _flip_next(self) -> THState:
        if not self.to_flip:
            return replace(self, step="recruit")
        if not sum(self.recruit_deck):
            if not sum(self.recruit_discard):
                ev = self._ev("recruit.reshuffle", "No recruit cards are left to flip.")
                return self.with_events(ev, to_flip=0, step="recruit")
            ev = self._ev(
                "recruit.reshuffle",
                f"The Recruit deck is empty: the Recruit Discard ({sum(self.recruit_discard)} "
                "cards) is shuffled into a new Recruit deck.",
            )
            n = len(self.rids)
            return self.with_events(
                ev, recruit_deck=self.recruit_discard, recruit_discard=(0,) * n, step="recruit-flip"
            )
        return replace(self, step="recruit-flip")

    def _do_recruit(self, cid: str) -> THState:
        card = self.data.card(cid)
        ev = self._ev(
            "recruit.flip",
            f"Recruit card flipped: {card.name} ({card.type_name}, cost {card.cost}).",
            card=cid,
        )
        return self.with_events(
            ev,
            recruit_deck=_add(self.recruit_deck, self.ri(cid), -1),
            row=self.row + (cid,),
            to_flip=self.to_flip - 1,
        )._flip_next()

    def _do_flip(self, _arg: str) -> THState:
        cost = self.data.setup["extra_flip_cost"]
        ev = self._ev(
            "recruit.extra-flip",
            f"You pay {cost} Crown to flip one more recruit card.",
        )
        return self.with_events(
            ev, crowns=self.crowns - cost, extra=self.extra + 1, to_flip=1
        )._flip_next()

    def _do_buy(self, cid: str) -> THState:
        card = self.data.card(cid)
        i = self.row.index(cid)
        s = replace(self, crowns=self.crowns - card.cost, row=self.row[:i] + self.row[i + 1 :])
        if card.type == "V":
            village = _add(s.village, s.ri(cid))
            for c in s.village_bottom:
                village = _add(village, s.ri(c))
            ev = self._ev(
                "recruit.buy-village",
                f"You buy {card.name} for {card.cost}: shuffled into the Village deck.",
                card=cid,
            )
            return s.with_events(ev, village=village, village_bottom=())
        if card.type == "D":
            ev = self._ev(
                "recruit.buy-defender",
                f"You buy {card.name} for {card.cost}: shuffled into the Defender deck.",
                card=cid,
            )
            return s.with_events(ev, defender_deck=_add(s.defender_deck, s.ri(cid)))
        ev = self._ev(
            "ruling.trees",
            f"You take {card.name} for {card.cost} and discard it at once: +1 Crown.",
            card=cid,
        )
        return s.with_events(
            ev, crowns=s.crowns + 1, recruit_discard=_add(s.recruit_discard, s.ri(cid))
        )

    def _do_done(self, _arg: str) -> THState:
        discard = self.recruit_discard
        for c in self.row:
            discard = _add(discard, self.ri(c))
        t = self.turn_info
        evs = []
        if self.row:
            names = ", ".join(self.name(c) for c in self.row)
            evs.append(
                self._ev("recruit.discard-row", f"Not bought, to the Recruit Discard: {names}.")
            )
        evs.append(
            self._ev(
                "horde.attack-deck",
                f"Horde phase: {t.attackers} hordlings attack this turn (Master Turn Chart).",
                attackers=t.attackers,
            )
        )
        s = self.with_events(*evs, row=(), recruit_discard=discard, to_draw=t.attackers, streak=0)
        return s._draw_horde()

    # Horde phase ------------------------------------------------------------------------------

    def _draw_horde(self) -> THState:
        if not self.to_draw:
            return self._next_round()
        if not sum(self.horde_deck):
            if not sum(self.horde_discard):
                return replace(self, to_draw=0)._next_round()
            ev = self._ev(
                "ruling.horde-reshuffle",
                "The Horde deck is empty: the Horde Discard is shuffled into a new Horde deck.",
            )
            return self.with_events(
                ev,
                horde_deck=self.horde_discard,
                horde_discard=(0,) * len(self.hids),
                step="horde-draw",
            )
        return replace(self, step="horde-draw")

    def _do_horde(self, hid: str) -> THState:
        i = self.hi(hid)
        s = replace(
            self,
            horde_deck=_add(self.horde_deck, i, -1),
            attack_deck=_add(self.attack_deck, i),
            to_draw=self.to_draw - 1,
        )
        if not s.to_draw:
            n = sum(s.attack_deck)
            ev = s._ev("horde.attack-deck", f"The Attack deck is ready: {n} cards, face down.")
            s = s.with_events(ev)
        return s._draw_horde()

    def _next_round(self) -> THState:
        if not self.attack_size():
            if not sum(self.attack_discard):
                return self._end_phase()
            ev = self._ev(
                "horde.reshuffle-attack",
                f"The Attack deck is empty: the Attack Discard ({sum(self.attack_discard)} "
                "hordlings) is shuffled into it.",
            )
            return self.with_events(
                ev,
                attack_deck=self.attack_discard,
                attack_discard=(0,) * len(self.hids),
                step="attacker",
                attacker=None,
                defender=None,
            )
        return replace(self, step="attacker", attacker=None, defender=None)

    def _take_attack(self, hid: str) -> dict:
        if sum(self.attack_deck):
            return {"attack_deck": _add(self.attack_deck, self.hi(hid), -1)}
        return {"attack_bottom": self.attack_bottom[1:]}

    def _do_attacker(self, hid: str) -> THState:
        lv = self.level(hid)
        ev = self._ev(
            "horde.attacker",
            f"The attacker is flipped: {self.hordling(hid)} (level {lv}).",
            card=hid,
            level=lv,
        )
        return self.with_events(
            ev, attacker=hid, chain=0, **self._take_attack(hid)
        )._draw_defender()

    def _draw_defender(self) -> THState:
        if not sum(self.defender_deck):
            if not sum(self.defender_discard):  # cannot happen while a Grimthwacker lives
                raise AssertionError("no defender card left while the game goes on")
            ev = self._ev(
                "horde.reshuffle-defender",
                "The Defender deck is empty: the Defender Discard is shuffled into it.",
            )
            return self.with_events(
                ev,
                defender_deck=self.defender_discard,
                defender_discard=(0,) * len(self.rids),
                step="defender",
            )
        return replace(self, step="defender")

    def _do_defender(self, cid: str) -> THState:
        card, i = self.data.card(cid), self.ri(cid)
        s = replace(self, defender_deck=_add(self.defender_deck, i, -1))
        eff = card.effect
        if card.fights:
            parts = [f"force {card.force}"]
            force = card.force + s.chain
            evs = []
            if s.chain:
                parts.append(f"+{s.chain} (item)")
            streak, gc_bonus = 0, s.gc_bonus
            if eff == "grimthwacker":
                if s.gc_bonus:
                    parts.append(f"+{s.gc_bonus} (next Grimthwacker)")
                    force += s.gc_bonus
                    gc_bonus = 0
                    evs.append(
                        self._ev(
                            "ruling.next-gc",
                            f"The Boots/Ring bonus waiting for the next Grimthwacker: "
                            f"+{s.gc_bonus}.",
                        )
                    )
                if s.streak >= 2 and s.config.dizzy:
                    pen = s.data.setup["dizzy_penalty"]
                    force -= pen
                    parts.append(f"-{pen} (Dizzy)")
                    evs.append(
                        self._ev(
                            "special.dizzy",
                            f"A third Grimthwacker in a row: Chauncey gets Dizzy, -{pen} Force.",
                        )
                    )
                streak = min(s.streak + 1, 2)  # only 'the two previous draws' matter
            ev = self._ev(
                "horde.defender",
                f"The defender is flipped: {card.name}, battle force {force} ({' '.join(parts)}).",
                card=cid,
                force=force,
            )
            return s.with_events(
                ev,
                *evs,
                defender=cid,
                force=force,
                chain=0,
                gc_bonus=gc_bonus,
                streak=streak,
                step="roll",
            )
        s = replace(s, streak=0)
        if eff in ("replace-keep", "replace-spend"):
            to = "Defender Discard" if eff == "replace-keep" else "Recruit Discard"
            ev = self._ev(
                "card." + eff,
                f"{card.name}: to the {to}; draw a replacement, which gets Force "
                f"+{card.bonus}"
                + (f" (+{s.chain + card.bonus} with the earlier items)." if s.chain else "."),
                card=cid,
            )
            zone = (
                {"defender_discard": _add(s.defender_discard, i)}
                if eff == "replace-keep"
                else {"recruit_discard": _add(s.recruit_discard, i)}
            )
            evs = [ev]
            if s.chain:
                evs.append(self._ev("ruling.item-chains", "Item bonuses in a chain add up."))
            return s.with_events(*evs, chain=s.chain + card.bonus, **zone)._draw_defender()
        if eff == "next-gc":
            ev = self._ev(
                "card.next-gc",
                f"{card.name}: to the Defender Discard; the next Grimthwacker drawn gets "
                f"Force +{card.bonus}. Draw a replacement.",
                card=cid,
            )
            return s.with_events(
                ev, gc_bonus=s.gc_bonus + card.bonus, defender_discard=_add(s.defender_discard, i)
            )._draw_defender()
        if eff == "heal":
            if s.recruit_discard[s.ri(s.gc)]:
                ev = self._ev(
                    "card.heal",
                    f"{card.name}: keep it (Defender Discard), or spend it (Recruit Discard) to "
                    "shuffle a Grimthwacker from the Recruit Discard back into the Defender deck.",
                    card=cid,
                )
                return s.with_events(ev, defender=cid, step="rock")
            ev = self._ev(
                "card.heal",
                f"{card.name}: no Grimthwacker in the Recruit Discard to heal; it goes to the "
                "Defender Discard. Draw a replacement.",
                card=cid,
            )
            return s.with_events(ev, defender_discard=_add(s.defender_discard, i))._draw_defender()
        atk = self.attacker
        killed = _add(s.horde_discard, s.hi(atk))
        disc = _add(s.recruit_discard, i)
        if eff == "bomb":
            ev = self._ev(
                "card.bomb",
                f"{card.name}: to the Recruit Discard; the {self.hordling(atk)} is killed (Horde "
                "Discard).",
                card=cid,
            )
            return s.with_events(
                ev,
                self._ev("ruling.bomb", "A bombed hordling counts as killed: Horde Discard."),
                horde_discard=killed,
                recruit_discard=disc,
                chain=0,
            )._next_round()
        if eff == "flame":
            ev = self._ev(
                "card.flame",
                f"{card.name}: to the Recruit Discard; the {self.hordling(atk)} and the next card "
                "of the Attack deck go to the Horde Discard.",
                card=cid,
            )
            s = s.with_events(ev, horde_discard=killed, recruit_discard=disc, chain=0)
            if s.attack_size():
                return replace(s, step="flame")
            if sum(s.attack_discard):
                ev = self._ev(
                    "ruling.flame-reshuffle",
                    "The Attack deck is empty: the Attack Discard is shuffled into it for the "
                    "Flame Thrower's second victim.",
                )
                return s.with_events(
                    ev,
                    attack_deck=s.attack_discard,
                    attack_discard=(0,) * len(s.hids),
                    step="flame",
                )
            return s._next_round()
        raise AssertionError(f"{card.name}: effect {eff!r} cannot be drawn as a defender")

    def _do_rock(self, choice: str) -> THState:
        rock, i = self.defender, self.ri(self.defender)
        if choice == "keep":
            ev = self._ev(
                "card.heal", f"{self.name(rock)} kept: to the Defender Discard. Draw a replacement."
            )
            return self.with_events(
                ev, defender=None, defender_discard=_add(self.defender_discard, i)
            )._draw_defender()
        g = self.ri(self.gc)
        ev = self._ev(
            "card.heal",
            f"{self.name(rock)} spent (Recruit Discard): a Grimthwacker comes back from the "
            "Recruit Discard into the Defender deck. Draw a replacement.",
        )
        return self.with_events(
            ev,
            defender=None,
            recruit_discard=_add(_add(self.recruit_discard, i), g, -1),
            defender_deck=_add(self.defender_deck, g),
        )._draw_defender()

    def _do_roll(self, d: str) -> THState:
        die, atk, dfd = int(d), self.attacker, self.defender
        lv = self.level(atk)
        total = die - lv + self.force
        kill_at = self.data.setup["kill_at"]
        won = total >= kill_at
        ev = self._ev(
            "horde.battle-roll",
            f"Battle roll {die} - {lv} (level) + {self.force} (force) = {total}: "
            + (
                f"{kill_at} or more, the hordling is killed."
                if won
                else f"below {kill_at}, the {self.name(dfd)} is killed."
            ),
            die=die,
            level=lv,
            force=self.force,
            total=total,
            won=won,
            attacker=atk,
            defender=dfd,
        )
        s = self.with_events(ev)
        if won:
            s = s.with_events(
                s._ev(
                    "horde.hordling-killed",
                    f"The {self.name(dfd)} goes to the Defender Discard.",
                ),
                defender_discard=_add(s.defender_discard, s.ri(dfd)),
            )
            if s.data.horde_card(atk).effect == "shaman":
                return replace(s, step="shaman")
            return replace(s, horde_discard=_add(s.horde_discard, s.hi(atk)))._next_round()
        if s.data.card(dfd).effect == "long-range":
            return replace(s, step="archer")
        ev = s._ev(
            "horde.defender-killed",
            f"The {self.name(dfd)} goes to the Recruit Discard.",
            card=dfd,
        )
        s = s.with_events(ev, recruit_discard=_add(s.recruit_discard, s.ri(dfd)))
        return s._after_loss()

    def _do_archer(self, d: str) -> THState:
        at = self.data.setup["long_range_at"]
        dfd, i = self.defender, self.ri(self.defender)
        if int(d) >= at:
            ev = self._ev(
                "special.archer",
                f"Archer's roll {d}: Long Range, the {self.name(dfd)} escapes to the Defender "
                "Discard.",
                card=dfd,
                lost=False,
            )
            s = self.with_events(ev, defender_discard=_add(self.defender_discard, i))
        else:
            ev = self._ev(
                "special.archer",
                f"Archer's roll {d}: the {self.name(dfd)} goes to the Recruit Discard.",
                card=dfd,
                lost=True,
            )
            s = self.with_events(ev, recruit_discard=_add(self.recruit_discard, i))
        return s._after_loss()

    def _do_shaman(self, d: str) -> THState:
        atk, i = self.attacker, self.hi(self.attacker)
        if int(d) >= self.data.setup["teleport_at"]:
            ev = self._ev(
                "special.shaman-teleport",
                f"Shaman's roll {d}: the {self.name(atk)} teleports away to the Attack Discard.",
            )
            return self.with_events(ev, attack_discard=_add(self.attack_discard, i))._next_round()
        ev = self._ev(
            "special.shaman-teleport",
            f"Shaman's roll {d}: the {self.name(atk)} is killed (Horde Discard).",
        )
        return self.with_events(ev, horde_discard=_add(self.horde_discard, i))._next_round()

    def _after_loss(self) -> THState:
        g = self.ri(self.gc)
        if self.defender == self.gc and self.recruit_discard[g] >= self.gc_total:
            ev = self._ev(
                "defeat.chauncey",
                f"All {self.gc_total} Grimthwackers are in the Recruit Discard: Chauncey is "
                "killed. The game is lost.",
            )
            return self.with_events(ev, result="chauncey", step="over")
        atk, i = self.attacker, self.hi(self.attacker)
        if self.data.horde_card(atk).effect == "shaman":
            ev = self._ev(
                "special.shaman-wins",
                f"The {self.name(atk)} wins: instead of attacking the village it draws a card "
                "from the Horde deck onto the bottom of the Attack deck.",
            )
            s = self.with_events(ev, attack_discard=_add(self.attack_discard, i))
            if sum(s.horde_deck):
                return replace(s, step="reinforce")
            if sum(s.horde_discard):
                ev = s._ev(
                    "ruling.horde-reshuffle",
                    "The Horde deck is empty: the Horde Discard is shuffled into a new Horde deck.",
                )
                return s.with_events(
                    ev,
                    horde_deck=s.horde_discard,
                    horde_discard=(0,) * len(s.hids),
                    step="reinforce",
                )
            return s._next_round()
        if self.village_size():
            return replace(self, step="village")
        ev = self._ev(
            "ruling.empty-village",
            f"The {self.hordling(atk)} finds no village card to attack (Attack Discard).",
        )
        return self.with_events(ev, attack_discard=_add(self.attack_discard, i))._next_round()

    def _do_reinforce(self, hid: str) -> THState:
        ev = self._ev(
            "special.shaman-wins",
            f"Drawn from the Horde deck to the bottom of the Attack deck: {self.name(hid)}.",
            card=hid,
        )
        return self.with_events(
            ev,
            horde_deck=_add(self.horde_deck, self.hi(hid), -1),
            attack_bottom=self.attack_bottom + (hid,),
        )._next_round()

    def _do_flame(self, hid: str) -> THState:
        ev = self._ev(
            "card.flame",
            f"The Flame Thrower's second victim: {self.name(hid)} (Horde Discard).",
            card=hid,
        )
        return self.with_events(
            ev, horde_discard=_add(self.horde_discard, self.hi(hid)), **self._take_attack(hid)
        )._next_round()

    def _do_village(self, cid: str) -> THState:
        card, i = self.data.card(cid), self.ri(cid)
        atk, h = self.attacker, self.hi(self.attacker)
        if sum(self.village):
            s = replace(self, village=_add(self.village, i, -1))
        else:
            s = replace(self, village_bottom=self.village_bottom[1:])
        who = self.hordling(atk)
        if card.effect == "wall":
            ev = self._ev(
                "card.wall",
                f"The {who} attacks the village: a {card.name}! It goes to the bottom of the "
                "Village deck; the hordling to the Attack Discard.",
                card=cid,
            )
            return s.with_events(
                ev,
                village_bottom=s.village_bottom + (cid,),
                attack_discard=_add(s.attack_discard, h),
            )._next_round()
        if card.effect == "pit":
            ev = self._ev(
                "card.pit",
                f"The {who} attacks the village and falls into a {card.name}: the hordling to "
                "the Horde Discard, the Pit to the Recruit Discard.",
                card=cid,
            )
            return s.with_events(
                ev,
                recruit_discard=_add(s.recruit_discard, i),
                horde_discard=_add(s.horde_discard, h),
            )._next_round()
        if card.effect == "moat":
            ev = self._ev(
                "card.moat",
                f"The {who} attacks the village and drowns in the {card.name}: the hordling to "
                "the Horde Discard, the Moat to the bottom of the Village deck.",
                card=cid,
            )
            return s.with_events(
                ev,
                village_bottom=s.village_bottom + (cid,),
                horde_discard=_add(s.horde_discard, h),
            )._next_round()
        ev = self._ev(
            "horde.village-attacked",
            f"The {who} attacks the village: the {card.name} is lost (Recruit Discard); the "
            "hordling to the Attack Discard.",
            card=cid,
        )
        return s.with_events(
            ev, recruit_discard=_add(s.recruit_discard, i), attack_discard=_add(s.attack_discard, h)
        )._next_round()

    # End phase ---------------------------------------------------------------------------------

    def _end_phase(self) -> THState:
        g = self.ri(self.gc)
        back = self.recruit_discard[g]
        evs = [
            self._ev("horde.phase-over", "Every hordling of the attack is in the Horde Discard.")
        ]
        evs.append(
            self._ev(
                "end",
                f"End phase: {back} Grimthwacker(s) return from the Recruit Discard to the "
                "Defender deck.",
                returned=back,
            )
        )
        s = self.with_events(
            *evs,
            recruit_discard=_add(self.recruit_discard, g, -back),
            defender_deck=_add(self.defender_deck, g, back),
            attacker=None,
            defender=None,
            force=0,
            streak=0,
        )
        if self.turn >= len(self.data.turns):
            ev = s._ev(
                "victory",
                f"You survived all {len(self.data.turns)} turns: Chauncey wins!",
            )
            return s.with_events(ev, result="win", step="over")
        return replace(s, turn=self.turn + 1)._start_turn()

    # --- what the player sees ---------------------------------------------------------------

    def view(self, player: int | None) -> dict:
        from hordes_kit.the_horde.view import view

        return view(self, player)

    def label(self, action_id: str) -> str:
        """Plain words for a legal action (buttons, step lists)."""
        from hordes_kit.the_horde.view import label

        return label(self, action_id)


def new_game(config: Mapping[str, Any] | THConfig | None = None) -> THState:
    """Setup (8 Crowns, 4 Grimthwackers defend, 2 Villagers and 1 Crops), then turn 1 begins."""
    cfg = config if isinstance(config, THConfig) else THConfig.from_dict(dict(config or {}))
    data = data_of(cfg)
    rid = {c.id: i for i, c in enumerate(data.recruit)}
    n, h = len(data.recruit), len(data.horde)
    defender, village = [0] * n, [0] * n
    for c, k in data.start_defender.items():
        defender[rid[c]] = k
    for c, k in data.start_village.items():
        village[rid[c]] = k
    s = THState(
        config=cfg,
        crowns=data.setup["crowns"],
        recruit_deck=data.recruit_pool(),
        recruit_discard=(0,) * n,
        village=tuple(village),
        defender_deck=tuple(defender),
        defender_discard=(0,) * n,
        horde_deck=tuple(c.copies for c in data.horde),
        horde_discard=(0,) * h,
        attack_deck=(0,) * h,
        attack_discard=(0,) * h,
        data=data,
    )
    ev = Event(
        R + "setup",
        f"Setup: {s.crowns} Crowns; the Defender deck holds "
        + ", ".join(f"{k} {data.card(c).name}" for c, k in data.start_defender.items())
        + "; the Village deck holds "
        + ", ".join(f"{k} {data.card(c).name}" for c, k in data.start_village.items())
        + f"; {sum(s.recruit_deck)} cards in the Recruit deck, {sum(s.horde_deck)} in the "
        "Horde deck.",
    )
    return s.with_events(ev)._start_turn()
