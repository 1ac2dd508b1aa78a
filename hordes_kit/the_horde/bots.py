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
never bought. The fast simulator implements the same rule (``fast/sim.py``).

The richer family the strategy lab searches (all optional, defaults give the rule
above): from turn ``late_from`` on, a second want list, reserve and extra flips
(``late_*``); a Healing Rock is spent only from turn ``heal_from`` on and only when at
least ``heal_min_down`` Grimthwackers are down; with ``rich_at`` Crowns or more, the
player pays for every extra flip the rules allow (still keeping the reserve).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.the_horde.cards import HordeData, load_data
from hordes_kit.the_horde.view import decision_view

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
    late_from: int = 0  # from this turn on the late_* parameters apply (0: never)
    late_wants: tuple[str, ...] = ()
    late_reserve_turns: int = 1
    late_extra_flips: int = 0
    heal_from: int = 1  # spend a Rock only from this turn on
    heal_min_down: int = 1  # ... and only with at least this many Grimthwackers down
    rich_at: int = 0  # with this many Crowns or more, pay for every extra flip (0: never)

    def phase(self, turn: int) -> tuple[tuple[str, ...], int, int]:
        """(wants, reserve_turns, extra_flips) in force on this turn."""
        if self.late_from and turn >= self.late_from:
            return self.late_wants, self.late_reserve_turns, self.late_extra_flips
        return self.wants, self.reserve_turns, self.extra_flips

    def validate(self, data: HordeData | None = None) -> Policy:
        """Check the parameters against the card list; returns self."""
        data = data or load_data()
        ids = set(data.recruit_ids)
        for wants in (self.wants, self.late_wants):
            bad = [c for c in wants if c not in ids]
            if bad:
                raise InvalidInputError(f"policy {self.name!r}: no recruit card {bad[0]!r}")
            if len(set(wants)) != len(wants):
                raise InvalidInputError(f"policy {self.name!r}: a card is listed twice in wants")
        flips = data.setup["extra_flips"]
        for field, top in (
            ("reserve_turns", 20),
            ("late_reserve_turns", 20),
            ("extra_flips", flips),
            ("late_extra_flips", flips),
            ("late_from", 99),
            ("heal_from", 99),
            ("heal_min_down", 99),
            ("rich_at", 999),
        ):
            value = getattr(self, field)
            low = 1 if field == "heal_min_down" else 0
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= top:
                raise InvalidInputError(f"{field} must be {low}-{top}, got {value!r}")
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
    turn, crowns, income, turns = view["turn"], view["crowns"], view["income"], view["turns"]
    if "rock:heal" in legal:
        down = view["grimthwackers"]["killed"]
        heal = policy.heal and turn >= policy.heal_from and down >= policy.heal_min_down
        return "rock:heal" if heal else "rock:keep"
    wants, reserve_turns, extra_flips = policy.phase(turn)
    if policy.rich_at and crowns >= policy.rich_at:
        extra_flips = view["extra_flips"] + 1  # every flip the rules still allow
    row = {c["id"]: c for c in view["row"]}
    for cid in wants:
        card = row.get(cid)
        if card is None or card["cost"] > crowns:
            continue
        keep = reserve(turn, income + card["income"], turns, reserve_turns)
        if crowns - card["cost"] >= keep:
            return f"buy:{cid}"
    if "flip" in legal and view["extra_flips"] < extra_flips:
        if crowns - view["flip_cost"] >= reserve(turn, income, turns, reserve_turns):
            return "flip"
    return "done"


def as_bot(policy: str | Policy):
    """The policy as a playout bot ``(state, rng) -> action id``."""
    pol = get_policy(policy)

    def bot(state, rng: random.Random) -> str:
        return choose(pol, decision_view(state))

    return bot
