"""Bots: a random one and a sensible one (simple, explainable rules of thumb).

The sensible bot chooses its Hand card by card, each pick drawn with a weight that only
depends on public facts (``plan_weight``): the Predict odds can model it exactly.
"""

from __future__ import annotations

import random

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows.legal import legal, studyable
from hordes_kit.shadows.state import Position, parse_seat

__all__ = [
    "random_bot",
    "sensible_bot",
    "plan_weight",
    "get_policy",
    "POLICIES",
    "conformance_policy",
]


def random_bot(state, rng: random.Random) -> str:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def plan_weight(s: Position, seat: int, card: str) -> int:
    """How much the sensible bot wants a card in its Hand (public facts only).

    >>> from hordes_kit.shadows import new_game
    >>> seats = [{"hero": "akintunde"}, {"hero": "eras"}]
    >>> s = new_game({"position": {"monster": "cave-stalker", "seats": seats}})
    >>> plan_weight(s, 0, "sword-strike"), plan_weight(s, 0, "search")
    (4, 2)
    """
    sk = s.card(card)
    if not s.usable_by(seat, sk):
        return 1
    w = 2
    traits = sk.front.traits
    if traits & {"Attack", "Attack X2", "Attack X3", "Attack (Standalone)"}:
        w += 2
    if "Predict" in traits or traits & {"Creature", "Object", "Self"}:
        w += 1
    return w


def _by_name(options: list[str], key) -> str:
    return max(options, key=key)


def sensible_bot(state, rng: random.Random) -> str:
    """Rules of thumb: attack what it can hurt, respond when it can, buy what it can afford."""
    s: Position = state
    moves = list(legal(s))
    t = s.top()
    k, seat = t.kind, t.seat
    if len(moves) == 1:
        return moves[0]
    if k == "!pick":
        cards = [m.split(":")[1] for m in moves]
        weights = [plan_weight(s, seat, c) * s.seats[seat].deck.count(c) for c in cards]
        return rng.choices(moves, weights=weights)[0]
    if k == "!turn":
        lays = [m for m in moves if m.startswith("lay:")]
        if lays:
            return lays[0]
        uses = [m for m in moves if m.startswith("use:")]
        if uses:
            return uses[0]
        return "go" if "go" in moves else "pass"
    if k == "!next":
        return "flip"
    if k == "!target":
        if "target:monster" in moves and (rng.random() < 0.6 or len(moves) == 1):
            return "target:monster"
        heroes = [m for m in moves if parse_seat(m.split(":")[1], s.n) is not None]
        if heroes:
            return max(heroes, key=lambda m: s.seats[parse_seat(m.split(":")[1], s.n)].stones)
        return moves[0]
    if k == "!defend":
        for m in moves:
            if m.startswith("respond:"):
                return m
        return "dodge" if "dodge" in moves else "take"
    if k == "!shields":
        return moves[-1]
    if k == "!give":
        kinds = [m.split(":")[1] for m in moves]
        harm = {x: ("Attack" in x) * 2 + ("Spell" in x) - ("Response" in x) for x in kinds}
        pick = min if t.amount == seat else max
        return f"give:{pick(kinds, key=lambda x: (harm[x], x))}"
    if k == "!buy":
        buys = [m for m in moves if m.startswith("buy:")]
        if buys and rng.random() < 0.9:
            return max(buys, key=lambda m: (s.card(m[4:]).cost, m))
        return "pass"
    if k == "!study":
        ok = [c for c in studyable(s, seat) if s.usable_by(seat, s.card(c))]
        return (
            f"study:{ok[0]}"
            if ok
            else (moves[0] if moves[0] != "done" and rng.random() < 0.5 else "done")
        )
    if k == "!lose":
        st = s.seats[seat]
        have = {
            "lose:gold": st.gold + st.earned[0],
            "lose:xp": st.xp + st.earned[1],
            "lose:stone": -1,
        }
        return max(moves, key=lambda m: have.get(m, 0))
    if k in ("!take", "!keep"):
        return max(moves, key=lambda m: (s.card(m.split(":")[1]).cost, m))
    if k == "!search" or "skip" in moves:
        return "skip"
    if k == "!destroy":
        # the Destroy Trait: the opponent's dearest Item, or the first Station card
        def worth(m: str) -> int:
            head, _, card = m.split(":")[1].partition(".")
            return getattr(s.card(card or head), "cost", 0)

        return max(moves, key=lambda m: (worth(m), m))
    if k == "!main":
        return "main:both"
    if k == "!teamup":
        return "teamup:xp" if s.seats[seat].xp % 3 == 2 else "teamup:gold"
    if k == "!mulligan":
        return "keep"
    if k == "!repeat":
        return "repeat"
    return rng.choice(moves)


POLICIES = {"random": random_bot, "sensible": sensible_bot}


def get_policy(name: str):
    """A bot by name (random, sensible)."""
    try:
        return POLICIES[name]
    except KeyError:
        raise InvalidInputError(f"unknown bot {name!r}; known: {', '.join(POLICIES)}") from None


def conformance_policy(state, rng: random.Random) -> str:
    """Half the moves random, half sensible: random games still reach their end."""
    return sensible_bot(state, rng) if rng.random() < 0.5 else random_bot(state, rng)
