"""The Shadows card model and its vocabulary: Traits, effects, icons (no file reading here).

``cards.py`` documents the card file format and loads files into these values;
``card_effects.py`` reads one effect string and groups a card's effects by Main Trait.

Traits (``TRAITS``, the rulebook's "Traits" chapter) and what the engine does with them:

* Main Traits (``MAIN_TRAITS``): ``Attack``, ``Attack X2``/``X3`` (that many separate
  Attacks, one ``attack`` effect each), ``Attack (Standalone)`` (the only Attack its
  player uses that round); ``Predict`` (``predict`` numbers; both numbers of a
  multi-step card count; no number twice on one player a round), ``Spell``;
  ``Response (Attack)``/``(Spell)``/``(Predict)`` (played from the hand when that Trait
  targets an Ally: only its own effects resolve then; played at its Initiative Step it
  answers nothing, so they do not); ``Self``, ``Creature``, ``Object`` (the Station
  Field; a Creature or Object is an entity with ``health``), ``Attachment`` (the
  Station Field, attached to the entity its player picks; its Active Abilities act on
  that entity: ``lose N`` makes it lose health, ``recover N`` makes it recover; it goes
  back to its owner's Current Deck when that entity leaves play).
* Sub-Traits: an effect written ``"[Spell] recover 1"`` is available only when its Main
  Trait was activated or used (an Attack announced, a prediction made, a Response used,
  any other Main Trait played). A card with two Main Traits writes ``"Spell: ..."``
  before each group; its player resolves either or both.
* ``Auto`` (triggers by itself), ``Delay I``/``Delay II`` (1 or 2 Stun tokens after
  use), ``Repeat`` (the card may be used again while its effect KnocksDown a Hero),
  ``Destroy`` (the card has a ``destroy`` effect), ``One Time`` (used, it leaves the
  game), ``N Times``, ``Once/Round``, ``Twice/Round``, ``Restricted``,
  ``StartSide``/``BackSide``.
* ``Invincible``: on a Creature or Object, that entity cannot be targeted, damaged,
  lose or recover health; on another card it goes with the ``invincible`` effect (your
  Hero is Invincible until the end of the Combat Phase). A Predict's own rewards still
  come; its damage to an Invincible Hero is negated.
* ``Choose One``: the card has a ``A | B`` effect; its player chooses one option.

Effects are strings ``[Main Trait: ][[Sub-Trait] ]verb [args] [when CONDITION]``
(``EFFECTS``):

=======================  ================================================================
``attack A [hero] [other]``  an Attack of A damage on a target (``hero``: an opponent's
                         Hero only; ``other``: not the previous Attack's target); never
                         announced for 0 damage (FAQ)
``lose A``               the target loses A health (Spell/Predict damage: no Shield Points)
``block A [shields]``    a Response: block A damage (``shields``: and use Shield Points)
``gain xp|gold|stone N`` gain N Experience, Gold or Shadow Stones
``recover N``            your Hero recovers N health
``recover-shields N``    remove N Damage tokens from your Shield Points
``search``               replace one Item of the Market (discard it, draw another)
``destroy market``       destroy an Item of the Market (``destroy-item``: you may)
``destroy item``         destroy an Item an opponent's Hero holds
``destroy card``         destroy a card on an opponent's Station Field (its Creatures,
                         Objects, Self and Attachment cards; not an Invincible one)
``stat S N``             +N to stat S while the card is in play
``invincible``           your Hero is Invincible until the end of the Combat Phase
``A | B``                Choose One: the player picks effect A or effect B
=======================  ================================================================

A destroyed card leaves the game: it no longer counts for a Mission or the Items' cost,
and its title may not be studied again.

An amount ``A`` is a number, a stat (``strength``, ``tech``, ``magic``, ``health``: the
user's Hero with Items), ``stat+N``, ``x`` (the Damage tokens on the target Hero) or
``die``/``die+N`` (roll the die, after the target is announced; not for a block).
Conditions: ``hit`` / ``miss`` (the prediction was right / wrong), ``no-response`` (the
target did not use a Response), ``lost-health`` (the target lost health by the Attack),
``response`` (the card was used as a Response), ``knockdown`` (the Attack KnockedDown a
Hero).

``active``: ``step`` (the Initiative Step it may be used in) with ``effects``,
``per_round`` (X/Round) and ``times`` (X Times); or ``on = TRIGGER`` (Auto: it acts by
itself) with ``effects``; ``flip = "no-response"`` (the Flat-Footed card) or
``"knockdown"``. A trigger (``TRIGGERS``) is ``predict`` (its player uses a Predict card,
right or wrong: "Whenever you use a Predict"), ``attack``, ``spell``, ``response`` (its
player uses one), ``knockdown-other`` (another player's Hero is KnockedDown) or
``knockdown-by-you`` (its player KnocksDown a Hero). ``track``: a progress track,
``steps`` (the marks after Start), ``on`` (a trigger: each one moves the Damage token a
mark on) and ``effects`` (resolved at the last mark, "!", when the token goes back to
Start). ``back``: ``name``, ``traits``, ``effects``, ``shield``, ``cleanup`` (Auto effects
in the CleanUp Phase: Dodge's ``recover 1``).

A Monster's ``chart`` maps the seven icons (``ICONS``) to ``attack N`` (``attack N all``:
every Hero, the player who revealed the card first, then clockwise), ``block N``,
``recover N`` (when an Attack revealed the card, from the damage that Attack deals),
``lose N`` (``lose N all``), ``market N`` (add Items to the Market), ``creature`` (its
Creature attacks) or ``none``; ``reward`` has ``gold``, ``xp``, ``stones``, ``item``.
When the Monster is defeated, its Creature is discarded and gives its own reward too.
A Mission's ``condition`` is ``monsters N``, ``level3 N``, ``items N``, ``studied N``,
``knockdowns N``, ``gold N``, ``xp N`` or ``bounty N``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hordes_kit.shadows.card_effects import (
    ATTACK_TRAITS,
    CONDITIONS,
    EFFECTS,
    MAIN_TRAITS,
    STATION_TRAITS,
    STATS,
    TRAITS,
    TRIGGERS,
    Effect,
    parse_effect,
)

__all__ = [
    "STATS",
    "TRAITS",
    "MAIN_TRAITS",
    "EFFECTS",
    "CONDITIONS",
    "TRIGGERS",
    "ICONS",
    "CHART",
    "MISSION_VERBS",
    "STATION_TRAITS",
    "ATTACK_TRAITS",
    "ATTACH_MODES",
    "Effect",
    "Side",
    "Skill",
    "Hero",
    "Item",
    "Monster",
    "Creature",
    "Mission",
    "CardSet",
    "parse_effect",
]

ICONS = ("MxSpecial", "MxAttack", "MxxAttack", "MxResponse", "MxxResponse", "MxSpell", "MxxSpell")
CHART = ("attack", "block", "recover", "lose", "market", "creature", "none")
MISSION_VERBS = ("monsters", "level3", "items", "studied", "knockdowns", "gold", "xp", "bounty")
ATTACH_MODES = ("opponent", "ally")  # what an Attachment may be attached to


@dataclass(frozen=True)
class Side:
    """One face of a card: its name, Traits, effects, Shield Points and Active Abilities."""

    name: str
    traits: frozenset[str]
    effects: tuple[Effect, ...] = ()
    shield: int = 0
    active: dict = field(default_factory=dict, compare=False, hash=False)
    cleanup: tuple[Effect, ...] = ()
    track: dict = field(default_factory=dict, compare=False, hash=False)  # progress track

    def has(self, trait: str) -> bool:
        """True when this side shows the Trait."""
        return trait in self.traits

    def mains(self) -> list[str]:
        """Its Main Traits that have effects, in the order its effects list them."""
        return list(dict.fromkeys(e.trait for e in self.effects if e.trait))


@dataclass(frozen=True)
class Skill:
    """A Hero Special, Hero Skill or Neutral Skill card."""

    id: str
    name: str
    hero: str  # Hero Symbol (a hero id) or "" for a Neutral Skill card
    special: bool
    initiative: tuple[int, ...]  # () for "?" and Hero Specials
    front: Side
    back: Side | None
    predict: tuple[int, ...]
    requires: tuple[tuple[str, int, bool], ...]  # (stat, value, at_most)
    health: int
    beginner: str
    copies: int
    sample: bool
    note: str
    attach: str = ""  # an Attachment's target kind: "opponent" or "ally" (ATTACH_MODES)

    @property
    def station(self) -> bool:
        """Played to the Station Field (Self, Creature, Object, Attachment, Hero Special)."""
        return self.special or bool(self.front.traits & STATION_TRAITS)

    @property
    def entity(self) -> bool:
        """A Creature or Object: an Allied entity with its own Health."""
        return self.front.has("Creature") or self.front.has("Object")

    def side(self, back: bool) -> Side:
        """The face showing."""
        return self.back if back and self.back is not None else self.front


@dataclass(frozen=True)
class Hero:
    """A Hero card: its name and base Stat Points."""

    id: str
    name: str
    stats: tuple[int, int, int, int]  # strength, tech, magic, health
    sample: bool
    note: str


@dataclass(frozen=True)
class Item:
    """A Basic or Market Item card."""

    id: str
    name: str
    basic: bool
    cost: int
    stats: tuple[int, int, int, int]
    shield: int
    restricted: bool
    one_time: bool
    active: dict = field(compare=False, hash=False, default_factory=dict)
    effects: tuple[Effect, ...] = ()
    copies: int = 1
    sample: bool = True
    note: str = ""
    track: dict = field(compare=False, hash=False, default_factory=dict)  # progress track


@dataclass(frozen=True)
class Monster:
    """A Monster card: level, Health, Icon Chart and reward."""

    id: str
    name: str
    level: int
    health: int
    species: str
    chart: tuple[tuple[str, Effect], ...]  # icon -> action
    reward: tuple[tuple[str, int], ...]
    creature: str
    sample: bool
    note: str

    def action(self, icon: str) -> Effect:
        """What an icon does on this Monster's Icon Chart."""
        return dict(self.chart).get(icon, Effect("none"))


@dataclass(frozen=True)
class Creature:
    """A Monster's Creature (a separate entity, e.g. Vazbuk)."""

    id: str
    name: str
    health: int
    action: Effect
    reward: tuple[tuple[str, int], ...]
    sample: bool
    note: str


@dataclass(frozen=True)
class Mission:
    """A Mission card: its condition and Shadow Stone reward."""

    id: str
    name: str
    verb: str
    amount: int
    reward: int
    sample: bool


@dataclass(frozen=True)
class CardSet:
    """Every card of a Shadows card file."""

    file: str
    heroes: tuple[Hero, ...]
    skills: tuple[Skill, ...]
    items: tuple[Item, ...]
    monsters: tuple[Monster, ...]
    creatures: tuple[Creature, ...]
    actions: tuple[tuple[str, int], ...]  # Monster-Action kind ("MxAttack+MxSpell") -> copies
    missions: tuple[Mission, ...]
    leader_shield: int
    bounty_cards: int
    bounty_gold: int
    by_id: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def skill(self, sid: str) -> Skill:
        """A Skill card by id."""
        return self.by_id[sid]

    def hero_deck(self, hero: str) -> tuple[Skill, ...]:
        """The Hero's starting cards (Hero Special and Hero Skill cards)."""
        return tuple(s for s in self.skills if s.hero == hero)

    def neutral(self) -> tuple[Skill, ...]:
        """The Neutral Skill cards."""
        return tuple(s for s in self.skills if not s.hero)

    def counts(self) -> dict[str, int]:
        """How many cards of each component the file makes (copies counted)."""
        return {
            "monster": len(self.monsters),
            "monster-action": sum(n for _, n in self.actions),
            "basic item": sum(i.copies for i in self.items if i.basic),
            "market item": sum(i.copies for i in self.items if not i.basic),
            "mission": len(self.missions),
            "hero special": sum(s.special for s in self.skills),
            "hero skill": sum(bool(s.hero) and not s.special for s in self.skills),
            "neutral skill": sum(s.copies for s in self.skills if not s.hero),
            "beginner": sum(bool(s.beginner) for s in self.skills),
        }

    def problems(self) -> list[str]:
        """Where the file's decks differ from the box's component counts (warnings)."""
        box = {"monster": 11, "monster-action": 19, "basic item": 7, "market item": 37}
        box |= {"mission": 12, "hero special": 5, "hero skill": 29, "neutral skill": 80}
        box |= {"beginner": 20}
        got = self.counts()
        return [f"{k}: {got[k]} cards, the box has {n}" for k, n in box.items() if got[k] != n]

    def samples(self) -> int:
        """How many cards carry sample values."""
        every = (*self.heroes, *self.skills, *self.items, *self.monsters, *self.creatures)
        return sum(c.sample for c in every) + sum(m.sample for m in self.missions)
