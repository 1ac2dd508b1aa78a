"""Heroes & Hordes policies (a policy maps a state and an RNG to a legal action id).

* ``random``: any legal action, uniformly.
* ``greedy``: defend with the strongest pile; put split cards on the strongest pile;
  discard the weakest hero that covers what is left (else the strongest); slay the
  strongest horde card; search the strongest hero; when several hordes are ready to
  attack, the strongest attacks first.
* ``lookahead``: uses the battle calculator: defend with the pile that wins and keeps
  the most force (if none can win, sacrifice the weakest); discard with the exact best
  discard; put split cards where the
  pile's force grows most; slay from the horde pile closest to attacking; search the
  card that adds the most force to its pile; when several hordes are ready to attack,
  the one whose best defence scores highest (as for defending) attacks first.

Ties go to the later action id. The fast simulator (``fast/sim.py``) makes the same
choices.

The strategy lab's family (``family_policy``, named ``family:BASE:DEFEND:DISCARD``): a
base policy (greedy or lookahead) with its own rule for which pile defends
(``strongest``; ``best``: the lookahead's; ``weakest-winner``: the weakest pile that
wins, else the weakest) and which cards are discarded (``weakest-covering``: greedy's;
``exact``: the lookahead's exact best; ``weakest-first``: the weakest card until the
horde's force is covered). The fast simulator plays it too (``fast.sim.family_code``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.heroes_hordes.cards import PILES, RACE_OF_PILE
from hordes_kit.heroes_hordes.game import HHState
from hordes_kit.heroes_hordes.rules import (
    HERO_PILES,
    HORDE_PILES,
    CardForce,
    _kept,
    best_discard,
    card_forces,
    pile_force,
)

__all__ = [
    "POLICIES",
    "get_policy",
    "force_gain",
    "best_pile_gain",
    "random_policy",
    "greedy_policy",
    "lookahead_policy",
    "DEFEND_RULES",
    "DISCARD_RULES",
    "family_name",
    "family_policy",
]

Policy = Callable[[HHState, random.Random], str]


def random_policy(state: HHState, rng: random.Random) -> str:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


_DISCARDS: dict = {}  # best discards by the pile's cards, their battle forces and the need


def _battle_discard(state: HHState) -> str:
    """The next card of the exact best discard, with the forces fixed for this battle.

    Remembered by the pile's cards, their forces and the need (the search depends on
    nothing else): the coach plays hundreds of games on from one position, and each
    finishes the same battle with the same pile before its luck differs (the search
    was 80% of a coached game's time)."""
    fixed = dict(state.battle)
    cards = state.pile(state.defender)

    def search() -> tuple:
        forces = [CardForce(c, (("battle", fixed[c.id]),)) for c in cards]
        return best_discard(forces, state.need) or ()

    pick = _kept(_DISCARDS, cards, (tuple(fixed[c.id] for c in cards), state.need), search)
    return f"discard:{pick[0].id}" if pick else state.legal_actions()[0]


def _greedy_discard(state: HHState) -> str:
    """The weakest hero whose battle force covers what is left, else the strongest."""
    fixed = dict(state.battle)
    ids = sorted(state.piles[PILES.index(state.defender)])
    covering = [c for c in ids if fixed[c] >= state.need]
    if covering:
        return "discard:" + min(covering, key=lambda c: (fixed[c], c))
    top = max(fixed[c] for c in ids)
    return "discard:" + next(c for c in ids if fixed[c] == top)


def _strongest(state: HHState, actions: tuple[str, ...], score) -> str:
    return max(actions, key=lambda a: (score(a.split(":", 1)[1]), a))


def greedy_policy(state: HHState, rng: random.Random) -> str:
    """Strongest pile first; the weakest covering discard."""
    legal = state.legal_actions()
    if state.step == "discard":
        return _greedy_discard(state)
    if state.step in ("defend", "place", "order"):
        return _strongest(state, legal, lambda p: pile_force(state.pile(p)))
    if state.step in ("slay", "search"):
        return _strongest(state, legal, lambda c: state.card(c).strength)
    return legal[0]


def _defend_score(state: HHState, pile: str, attack: str | None = None) -> tuple:
    attack = attack or state.attack
    return _defend_value(tuple(state.pile(pile)), tuple(state.pile(attack)), pile, attack)


@lru_cache(maxsize=1 << 14)
def _defend_value(heroes: tuple, horde: tuple, pile: str, attack: str) -> tuple:
    """(1, force kept after the best discard) for a won battle, (0, -force) for a lost one
    (remembered: games played on from one position weigh the same battles again)."""
    h = pile_force(horde, opponent_race=RACE_OF_PILE[pile], opponent_size=len(heroes))
    forces = card_forces(heroes, opponent_race=RACE_OF_PILE[attack], opponent_size=len(horde))
    if sum(f.total for f in forces) >= h:
        gone = {c.id for c in best_discard(forces, h) or ()}
        return (1, pile_force([c for c in heroes if c.id not in gone]))
    return (0, -pile_force(heroes))  # a lost battle: lose the weakest pile


def force_gain(state: HHState, card_id: str, pile: str) -> int:
    """How much a pile's force grows when this card joins it."""
    cards = state.pile(pile)
    return pile_force((*cards, state.card(card_id))) - pile_force(cards)


def best_pile_gain(state: HHState, card_id: str) -> tuple[int, str] | None:
    """The most force a card adds to one of its hero piles, and that pile (None: horde)."""
    piles = [p for p in state.card(card_id).piles() if p in HERO_PILES]
    return max((force_gain(state, card_id, p), p) for p in piles) if piles else None


def lookahead_policy(state: HHState, rng: random.Random) -> str:
    """Decisions scored with the battle calculator."""
    legal = state.legal_actions()
    if state.step == "discard":
        return _battle_discard(state)
    if state.step == "defend":
        return max(legal, key=lambda a: (_defend_score(state, a.split(":")[1]), a))
    if state.step == "order":

        def best_defence(a: str) -> tuple:
            heroes = [p for p in HERO_PILES if state.piles[PILES.index(p)]]
            horde = a.split(":")[1]
            return (max((_defend_score(state, p, horde) for p in heroes), default=(-1, 0)), a)

        return max(legal, key=best_defence)
    if state.step == "place":
        card = state.pending
        if state.card(card).is_hero:
            return max(legal, key=lambda a: (force_gain(state, card, a.split(":")[1]), a))
        # a split horde card: feed the smaller horde pile (further from attacking)
        return min(legal, key=lambda a: (len(state.pile(a.split(":")[1])), a))
    if state.step == "slay":

        def threat(a: str) -> tuple:
            cid = a.split(":")[1]
            pile = next(p for p in HORDE_PILES if cid in state.piles[PILES.index(p)])
            return (len(state.pile(pile)), state.card(cid).strength, a)

        return max(legal, key=threat)
    if state.step == "search":

        def value(a: str) -> tuple:
            best = best_pile_gain(state, a.split(":")[1])
            return (-1 if best is None else best[0], a)

        return max(legal, key=value)
    return legal[0]


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "lookahead": lookahead_policy,
}


def _defend_wins(state: HHState, pile: str) -> bool:
    heroes, horde = state.pile(pile), state.pile(state.attack)
    h = pile_force(horde, opponent_race=RACE_OF_PILE[pile], opponent_size=len(heroes))
    forces = card_forces(heroes, opponent_race=RACE_OF_PILE[state.attack], opponent_size=len(horde))
    return sum(f.total for f in forces) >= h


def _weakest_winner(state: HHState, legal) -> str:
    return max(
        legal,
        key=lambda a: (_defend_wins(state, a[7:]), -pile_force(state.pile(a[7:])), a),
    )


def _weakest_first(state: HHState) -> str:
    fixed = dict(state.battle)
    return "discard:" + min(state.piles[PILES.index(state.defender)], key=lambda c: (fixed[c], c))


DEFEND_RULES = {
    "strongest": lambda s, legal: greedy_policy(s, None),
    "best": lambda s, legal: lookahead_policy(s, None),
    "weakest-winner": _weakest_winner,
}
DISCARD_RULES = {
    "weakest-covering": lambda s: _greedy_discard(s),
    "exact": lambda s: _battle_discard(s),
    "weakest-first": _weakest_first,
}
BASES = ("greedy", "lookahead")


def family_name(base: str, defend: str, discard: str) -> str:
    """The name of a family member (checked), as ``get_policy`` and the simulators take it."""
    if base not in BASES or defend not in DEFEND_RULES or discard not in DISCARD_RULES:
        raise InvalidInputError(
            f"a family policy is a base ({', '.join(BASES)}), a defend rule "
            f"({', '.join(DEFEND_RULES)}) and a discard rule ({', '.join(DISCARD_RULES)})"
        )
    return f"family:{base}:{defend}:{discard}"


def family_policy(base: str, defend: str, discard: str) -> Policy:
    """The base policy with its own defend and discard rules."""
    family_name(base, defend, discard)
    rest, pick, drop = POLICIES[base], DEFEND_RULES[defend], DISCARD_RULES[discard]

    def policy(state: HHState, rng: random.Random) -> str:
        if state.step == "defend":
            return pick(state, state.legal_actions())
        if state.step == "discard":
            return drop(state)
        return rest(state, rng)

    return policy


def get_policy(name: str) -> Policy:
    """A shipped policy by name (or a family member ``family:BASE:DEFEND:DISCARD``)."""
    if isinstance(name, str) and name.startswith("family:"):
        parts = name.split(":")
        if len(parts) != 4:
            raise InvalidInputError(f"a family policy is family:BASE:DEFEND:DISCARD, got {name!r}")
        return family_policy(*parts[1:])
    try:
        return POLICIES[name]
    except KeyError:
        raise InvalidInputError(
            f"unknown policy {name!r}; choose one of {', '.join(POLICIES)}"
        ) from None
