"""Buying policies for The Horde: what a player buys in the Recruit phase.

The interface. A policy is a function from the Recruit-phase view to a purchase: it
is called whenever a decision is due and returns one legal action id - ``buy:<card>``,
``flip`` (pay for one more recruit card) or ``done`` - and, when a Healing Rock is
drawn, ``rock:heal`` or ``rock:keep``. It sees what a player sees (the row, the Crowns,
the turn, the village's income); it never looks at hidden cards.

The shipped policies are one rule with parameters (``Policy``): walk the ``wants``
list, most wanted first, and buy the first card in the row you can afford while keeping
a reserve for the coming taxes; when nothing is wanted, pay for an extra flip if the
policy allows it; otherwise end the phase. The reserve is
``sum(max(0, tax(t + j) - income) for j in 1..reserve_turns)`` with the income counted
after the purchase (a Cow that pays for itself is bought). Cards not in ``wants`` are
never bought. The fast simulator implements the same rule (``fastsim.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.the_horde.cards import HordeData, load_data

__all__ = ["Policy", "POLICIES", "get_policy", "choose", "reserve", "as_bot"]


@dataclass(frozen=True)
class Policy:
    """A buying policy's parameters (see the module docstring for the rule)."""

    name: str
    wants: tuple[str, ...]  # card ids, most wanted first; anything else is never bought
    reserve_turns: int = 1  # keep Crowns for this many coming taxes beyond the income
    extra_flips: int = 0  # pay for up to this many extra recruit cards a turn
    heal: bool = True  # spend a Healing Rock to bring a Grimthwacker back
    about: str = ""

    def validate(self, data: HordeData | None = None) -> Policy:
        """Check the parameters against the card list; returns self."""
        data = data or load_data()
        ids = set(data.recruit_ids)
        bad = [c for c in self.wants if c not in ids]
        if bad:
            raise InvalidInputError(f"policy {self.name!r}: no recruit card {bad[0]!r}")
        if len(set(self.wants)) != len(self.wants):
            raise InvalidInputError(f"policy {self.name!r}: a card is listed twice in wants")
        if not 0 <= self.reserve_turns <= 20:
            raise InvalidInputError("reserve_turns must be 0-20")
        if not 0 <= self.extra_flips <= data.setup["extra_flips"]:
            raise InvalidInputError(f"extra_flips must be 0-{data.setup['extra_flips']}")
        return self

    def tuned(self, **changes) -> Policy:
        """A copy with some parameters changed (validated)."""
        return replace(self, **changes).validate()


POLICIES = {
    "thrifty": Policy(
        "thrifty",
        ("trees", "cow", "crops", "knight", "villager"),
        reserve_turns=3,
        extra_flips=0,
        about="Income first, a fat reserve for the taxes, Knights when rich.",
    ),
    "defenders": Policy(
        "defenders",
        (
            "trees",
            "knight",
            "flame-thrower",
            "boots-of-boogy",
            "ring-of-teleport",
            "bomb",
            "archer",
            "haunch-of-meat",
            "healing-rock",
            "flute",
            "cow",
            "crops",
            "villager",
        ),
        reserve_turns=1,
        extra_flips=2,
        about="Defenders first, income with what is left, extra flips to find them.",
    ),
    "balanced": Policy(
        "balanced",
        (
            "bomb",
            "cow",
            "ring-of-teleport",
            "trees",
            "flame-thrower",
            "haunch-of-meat",
            "crops",
            "boots-of-boogy",
            "archer",
            "villager",
            "knight",
            "fence",
            "wall",
            "healing-rock",
            "flute",
            "moat",
            "pit",
        ),
        reserve_turns=6,
        extra_flips=2,
        about="Bombs and Cows first, then the items that come back; a reserve for six taxes "
        "ahead. (Found by a search over want lists with the fast simulator.)",
    ),
}


def get_policy(name: str | Policy) -> Policy:
    """A shipped policy by name (or a ``Policy`` given directly, validated)."""
    if isinstance(name, Policy):
        return name.validate()
    try:
        return POLICIES[name]
    except KeyError:
        known = ", ".join(POLICIES)
        raise InvalidInputError(f"unknown policy {name!r}; the policies are {known}") from None


def reserve(turn: int, income: int, turns: int, reserve_turns: int) -> int:
    """Crowns to keep for the coming taxes (tax of turn t is t), beyond the income.

    >>> reserve(3, 4, 20, 2)   # taxes 4 and 5 against an income of 4
    1
    """
    return sum(max(0, t - income) for t in range(turn + 1, min(turns, turn + reserve_turns) + 1))


def choose(policy: Policy, view: dict) -> str:
    """The policy's action for a decision view (``state.view(0)``)."""
    legal = {a["id"] for a in view["legal"]}
    if "rock:heal" in legal:
        return "rock:heal" if policy.heal else "rock:keep"
    turn, crowns, income, turns = view["turn"], view["crowns"], view["income"], view["turns"]
    row = {c["id"]: c for c in view["row"]}
    for cid in policy.wants:
        card = row.get(cid)
        if card is None or card["cost"] > crowns:
            continue
        keep = reserve(turn, income + card["income"], turns, policy.reserve_turns)
        if crowns - card["cost"] >= keep:
            return f"buy:{cid}"
    if "flip" in legal and view["extra_flips"] < policy.extra_flips:
        if crowns - view["flip_cost"] >= reserve(turn, income, turns, policy.reserve_turns):
            return "flip"
    return "done"


def as_bot(policy: str | Policy):
    """The policy as a playout bot ``(state, rng) -> action id``."""
    pol = get_policy(policy)

    def bot(state, rng: random.Random) -> str:
        return choose(pol, state.view(0))

    return bot
