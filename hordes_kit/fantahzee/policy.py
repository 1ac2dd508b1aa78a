"""The strong bot's parameters: a documented family of Fantahzee policies (the lab's search).

The strong bot (``bots.strong_bot``) recruits a hero when the party it makes scores better
than the party it has (``bots.party_score``: the expected strength of its best dice plan,
plus a little per hero), and attacks with the attack planner's best plan. A member of the
family changes what it recruits and when it attacks:

* ``favour``: heroes it prefers: a party scores ``favour_bonus`` more for each of them;
* ``never``: heroes it never recruits;
* ``party_bonus``: what each hero in the party adds to the score (0.3: the strong bot);
  below the margin it keeps a smaller party of its best heroes (adding a hero never
  lowers the expected strength, so above the margin it changes nothing);
* ``margin``: how much better a party must score before it recruits (0.25);
* ``flip_chance``: it flips a facedown monster to attack it only when the chance that its
  strength left beats that monster is at least this (0: whenever the planner says;
  above 1: it never flips).

The defaults are the strong bot, move for move. A member travels as a bot name that
round-trips, ``strong-policy:favour=archmage+paladin;margin=0.5;flip=0.75`` (only what
differs from the defaults), and plays the same games in the rules engine and in the fast
simulator (tests/test_fantahzee_fast.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hordes_kit.core.errors import InvalidInputError

__all__ = ["StrongPolicy", "STRONG", "POLICY_PREFIX", "AVOID_PREFIX", "policy_of", "words"]

POLICY_PREFIX = "strong-policy:"
AVOID_PREFIX = "strong-without:"  # + hero ids, comma-separated: never recruits them
_KEYS = {  # the name's keys, the fields they set and the ranges a name may give
    "favour": ("favour", None),
    "bonus": ("favour_bonus", (-10.0, 10.0)),
    "never": ("never", None),
    "party": ("party_bonus", (-5.0, 5.0)),
    "margin": ("margin", (-5.0, 5.0)),
    "flip": ("flip_chance", (0.0, 2.0)),
}
MAX_NAME = 400


@dataclass(frozen=True)
class StrongPolicy:
    """The strong bot's parameters (see the module docstring); the defaults are the strong bot."""

    favour: tuple[str, ...] = ()
    favour_bonus: float = 1.0
    never: tuple[str, ...] = ()
    party_bonus: float = 0.3
    margin: float = 0.25
    flip_chance: float = 0.0

    def __post_init__(self) -> None:
        # one member, one name: the hero sets sorted, each hero once
        object.__setattr__(self, "favour", tuple(sorted(set(self.favour))))
        object.__setattr__(self, "never", tuple(sorted(set(self.never))))

    def favoured(self, heroes) -> float:
        """What the favoured heroes among ``heroes`` add to a party's recruiting score."""
        return self.favour_bonus * sum(1 for h in heroes if h in self.favour)

    @property
    def name(self) -> str:
        """The bot name that plays this member (``strong`` for the defaults).

        >>> StrongPolicy(favour=("paladin", "archmage"), flip_chance=0.75).name
        'strong-policy:favour=archmage+paladin;flip=0.75'
        >>> policy_of("strong-policy:favour=paladin+archmage;flip=0.75").flip_chance
        0.75
        """
        base = StrongPolicy()
        parts = []
        for key, (attr, _) in _KEYS.items():
            v = getattr(self, attr)
            if v != getattr(base, attr):
                parts.append(f"{key}={'+'.join(v) if isinstance(v, tuple) else repr(float(v))}")
        return POLICY_PREFIX + ";".join(parts) if parts else "strong"


STRONG = StrongPolicy()


def _heroes(text: str, name: str) -> tuple[str, ...]:
    ids = tuple(sorted({h for h in text.split("+") if h}))
    for h in ids:
        if len(h) > 40 or not all(c.isalnum() or c in "-_" for c in h):
            raise InvalidInputError(f"bot {name!r:.80}: {h!r:.40} is not a hero id")
    return ids


def _number(text: str, key: str, name: str) -> float:
    lo, hi = _KEYS[key][1]
    try:
        v = float(text)
    except ValueError:
        raise InvalidInputError(
            f"bot {name!r:.80}: {key} must be a number, got {text!r:.20}"
        ) from None
    if not math.isfinite(v) or not lo <= v <= hi:
        raise InvalidInputError(f"bot {name!r:.80}: {key} must be {lo:g} to {hi:g}, got {text:.20}")
    return v


def policy_of(name: str) -> StrongPolicy | None:
    """The parameters a bot name plays (``strong``, ``strong-without:<ids>``,
    ``strong-policy:...``); None for another bot (``random``).

    >>> policy_of("strong-without:paladin,captain").never
    ('captain', 'paladin')
    >>> policy_of("strong") == STRONG, policy_of("random")
    (True, None)
    """
    if not isinstance(name, str):
        return None
    if name == "strong":
        return STRONG
    if name.startswith(AVOID_PREFIX):
        return StrongPolicy(never=_heroes(name[len(AVOID_PREFIX) :].replace(",", "+"), name))
    if not name.startswith(POLICY_PREFIX):
        return None
    if len(name) > MAX_NAME:
        raise InvalidInputError(f"bot name longer than {MAX_NAME} characters: {name:.60}...")
    values: dict = {}
    for part in name[len(POLICY_PREFIX) :].split(";"):
        if not part:
            continue
        key, eq, text = part.partition("=")
        if not eq or key not in _KEYS or _KEYS[key][0] in values:
            raise InvalidInputError(
                f"bot {name!r:.80}: {part!r:.40} is not one of "
                + ", ".join(f"{k}=..." for k in _KEYS)
                + " (each once)"
            )
        attr, _ = _KEYS[key]
        heroes = key in ("favour", "never")
        values[attr] = _heroes(text, name) if heroes else _number(text, key, name)
    return StrongPolicy(**values)


def words(policy: StrongPolicy, hero_names: dict[str, str] | None = None) -> str:
    """A member in a player's words (``hero_names``: hero id -> name on the card).

    >>> words(StrongPolicy(never=("alchemist",), flip_chance=2.0))
    'Recruits as the strong bot does, but never recruits Alchemist. Never flips a facedown monster.'
    """
    names = hero_names or {}

    def heroes(ids):
        listed = [names.get(h, h.replace("-", " ").title()) for h in ids]
        return ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else listed[0]

    base = STRONG
    parts = []
    if policy.favour:
        parts.append(
            f"prefers {heroes(policy.favour)} (a party counts {policy.favour_bonus:g} more "
            f"expected strength for each of them)"
        )
    if policy.never:
        parts.append(f"never recruits {heroes(policy.never)}")
    if policy.party_bonus != base.party_bonus:
        more = policy.party_bonus > base.party_bonus
        parts.append(
            f"counts {policy.party_bonus:g} for each hero in a party, not {base.party_bonus:g} "
            f"({'fills its party' if more else 'keeps a smaller party'})"
        )
    if policy.margin != base.margin:
        parts.append(
            "recruits whenever the new party is any better"
            if policy.margin <= 0
            else f"recruits only when the new party is {policy.margin:g} better or more, "
            f"not {base.margin:g}"
        )
    head = "Recruits as the strong bot does" + (", but " + "; ".join(parts) if parts else "")
    if policy.flip_chance > 1:
        tail = "Never flips a facedown monster"
    elif policy.flip_chance > 0:
        tail = (
            "Attacks with the strong bot's plan, but flips a facedown monster only when at "
            f"least {policy.flip_chance:.0%} sure to beat it"
        )
    else:
        tail = "Attacks with the strong bot's plan"
    return f"{head}. {tail}."
