"""The sensible bot's parameters: a documented family of Shadows policies (the lab's search).

The sensible bot (``bots.sensible_bot``) plans its Hand card by card, each card drawn with a
weight; attacks the Monster 60% of the time it may, else the Hero with the most Shadow
Stones; buys the dearest Item it can afford nine times in ten; studies a card it can use.
A member of the family changes:

* the Hand it plans: ``attack``, ``predict``, ``station``, ``response``, ``spell``: what an
  Attack, a Predict, a Self/Creature/Object, a Response and a Spell card add to a card's
  weight of 2 (2, 1, 1, 0, 0: the sensible bot; a Predict card adds ``predict`` and no
  ``station``); ``unusable``: the weight of a card its Hero cannot use (1); by the
  Monster, ``hunt``: what an Attack card adds more while the Monster has at most half its
  Health left against the player's own tokens; by the odds, ``guard``: what a Response
  (Attack) card adds more while at least half of the Monster-Action cards left in the deck
  show an Attack icon;
* whom it attacks: ``aim``, the chance it aims at the Monster when it may (0.6);
  ``finish``: always at the Monster when the Attack or Spell alone defeats it (its damage
  reaches what is left of the Monster's Health against its tokens; not a die roll);
  ``knockout``: else at a Hero it would KnockDown (its damage reaches the Hero's Health
  left, the one with the most Shadow Stones first);
* what it buys and studies: ``buy``, the chance it buys when it can afford an Item (0.9);
  ``never``, Market Items it never buys; ``prefer``, which Item it buys: the dearest
  (``cost``), the most Shield Points (``shield``) or the most Stat Points (``stats``), ties
  to the dearest; ``learn`` (0: it never studies); ``study``, the chance it studies a card
  its Hero cannot use yet when no other is left (0.5); ``teamup``, the Leader's TeamUp
  choice: ``sensible`` (Experience when it brings a Study within reach, else Gold),
  ``gold`` or ``xp``.

The defaults are the sensible bot, move for move. A member travels as a bot name that
round-trips, ``sensible-policy:aim=0.8;finish=1;never=goblin-wand`` (only what differs
from the defaults), and plays the same games in the rules engine and in the fast
simulator (tests/test_shadows_fast.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from hordes_kit.core.errors import InvalidInputError

__all__ = ["SensiblePolicy", "SENSIBLE", "POLICY_PREFIX", "PREFER", "TEAMUP", "policy_of", "words"]

POLICY_PREFIX = "sensible-policy:"
PREFER = ("cost", "shield", "stats")
TEAMUP = ("sensible", "gold", "xp")
MAX_NAME = 1_000
_WHOLE = {  # whole-number parameters and their ranges
    "attack": (0, 20),
    "predict": (0, 20),
    "station": (0, 20),
    "response": (0, 20),
    "spell": (0, 20),
    "unusable": (1, 20),  # a Hand drawn with no weight at all is no Hand
    "hunt": (0, 20),
    "guard": (0, 20),
    "finish": (0, 1),
    "knockout": (0, 1),
    "learn": (0, 1),
}
_CHANCE = ("aim", "buy", "study")  # chances, 0 to 1


@dataclass(frozen=True)
class SensiblePolicy:
    """The sensible bot's parameters (see the module docstring); the defaults are the bot."""

    attack: int = 2
    predict: int = 1
    station: int = 1
    response: int = 0
    spell: int = 0
    unusable: int = 1
    hunt: int = 0
    guard: int = 0
    aim: float = 0.6
    finish: int = 0
    knockout: int = 0
    buy: float = 0.9
    never: tuple[str, ...] = ()
    prefer: str = "cost"
    learn: int = 1
    study: float = 0.5
    teamup: str = "sensible"

    def __post_init__(self) -> None:
        object.__setattr__(self, "never", tuple(sorted(set(self.never))))  # one name a member

    @property
    def name(self) -> str:
        """The bot name that plays this member (``sensible`` for the defaults).

        >>> SensiblePolicy(aim=0.8, never=("magic-element", "goblin-wand")).name
        'sensible-policy:aim=0.8;never=goblin-wand+magic-element'
        >>> policy_of('sensible-policy:never=magic-element+goblin-wand;aim=0.8').aim
        0.8
        """
        parts = []
        for f in fields(self):
            v = getattr(self, f.name)
            if v == f.default or (f.name == "never" and not v):
                continue
            if isinstance(v, tuple):
                parts.append(f"{f.name}={'+'.join(v)}")
            elif f.name in _CHANCE:
                parts.append(f"{f.name}={float(v)!r}")
            else:
                parts.append(f"{f.name}={v}")
        return POLICY_PREFIX + ";".join(parts) if parts else "sensible"


SENSIBLE = SensiblePolicy()


def _fail(name: str, problem: str) -> InvalidInputError:
    return InvalidInputError(f"bot {name!r:.80}: {problem}")


def _value(key: str, text: str, name: str):
    if key == "never":
        ids = tuple(sorted({x for x in text.split("+") if x}))
        for x in ids:
            if len(x) > 100 or not all(c.isalnum() or c in "-_" for c in x):
                raise _fail(name, f"{x!r:.40} is not an Item id")
        return ids
    if key == "prefer" or key == "teamup":
        choices = PREFER if key == "prefer" else TEAMUP
        if text not in choices:
            raise _fail(name, f"{key} must be one of {', '.join(choices)}, got {text!r:.20}")
        return text
    if key in _CHANCE:
        try:
            v = float(text)
        except ValueError:
            raise _fail(name, f"{key} must be a number 0 to 1, got {text!r:.20}") from None
        if not math.isfinite(v) or not 0.0 <= v <= 1.0:
            raise _fail(name, f"{key} must be 0 to 1, got {text:.20}")
        return v
    lo, hi = _WHOLE[key]
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise _fail(name, f"{key} must be a whole number {lo}-{hi}, got {text!r:.20}")
    return int(text)


def policy_of(name: str) -> SensiblePolicy | None:
    """The parameters a bot name plays (``sensible`` or ``sensible-policy:...``); None for
    another bot (``random``). A malformed member is refused in words.

    >>> policy_of("sensible") == SENSIBLE, policy_of("random")
    (True, None)
    >>> policy_of("sensible-policy:teamup=gold;learn=0").teamup
    'gold'
    """
    if not isinstance(name, str):
        return None
    if name == "sensible":
        return SENSIBLE
    if not name.startswith(POLICY_PREFIX):
        return None
    if len(name) > MAX_NAME:
        raise InvalidInputError(f"bot name longer than {MAX_NAME} characters: {name:.60}...")
    keys = {f.name for f in fields(SensiblePolicy)}
    values: dict = {}
    for part in name[len(POLICY_PREFIX) :].split(";"):
        if not part:
            continue
        key, eq, text = part.partition("=")
        if not eq or key not in keys or key in values:
            raise _fail(
                name, f"{part!r:.40} is not one of {', '.join(sorted(keys))} (=..., each once)"
            )
        values[key] = _value(key, text, name)
    return SensiblePolicy(**values)


def words(policy: SensiblePolicy, item_names: dict[str, str] | None = None) -> str:
    """A member in a player's words (``item_names``: Item id -> name on the card).

    >>> words(SensiblePolicy(finish=1, teamup="gold")).split(". ")[1]
    'Attacks the Monster 60% of the time it may; always when the Attack alone defeats it'
    """
    names = item_names or {}
    base = SENSIBLE
    plan = []
    labels = {
        "attack": "an Attack card",
        "predict": "a Predict card",
        "station": "a Self, Creature or Object card",
        "response": "a Response card",
        "spell": "a Spell card",
    }
    for key, what in labels.items():
        v = getattr(policy, key)
        if v != getattr(base, key):
            plan.append(f"{what} weighs {2 + v} (not {2 + getattr(base, key)})")
    if policy.unusable != base.unusable:
        plan.append(f"a card its Hero cannot use weighs {policy.unusable}")
    if policy.hunt:
        plan.append(f"an Attack card weighs {policy.hunt} more once the Monster is half down")
    if policy.guard:
        plan.append(
            f"a Response (Attack) card weighs {policy.guard} more while the Monster-Action "
            "deck is at least half Attacks"
        )
    out = ["Plans its Hand as the sensible bot does" + (", but " + "; ".join(plan) if plan else "")]
    aim = f"Attacks the Monster {policy.aim:.0%} of the time it may"
    if policy.finish:
        aim += "; always when the Attack alone defeats it"
    if policy.knockout:
        aim += "; else a Hero it would KnockDown"
    out.append(aim)
    pref = {"cost": "the dearest Item", "shield": "the Item with most Shield Points"}
    pref["stats"] = "the Item with most Stat Points"
    buy = (
        "Never buys"
        if policy.buy == 0
        else f"Buys {pref[policy.prefer]} it can afford {policy.buy:.0%} of the time"
    )
    if policy.never:
        buy += ", never " + ", ".join(
            names.get(i, i.replace("-", " ").title()) for i in policy.never
        )
    if not policy.learn:
        buy += "; never studies"
    else:
        buy += (
            f"; studies a card its Hero can use, else one it cannot {policy.study:.0%} of the time"
        )
    teamup = {"sensible": "", "gold": "; as Leader, always announces Gold"}
    teamup["xp"] = "; as Leader, always announces Experience"
    out.append(buy + teamup[policy.teamup])
    return ". ".join(out) + "."
