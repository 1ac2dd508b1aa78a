"""Bots: a random one and a sensible one (simple, explainable rules of thumb), and the
sensible bot's family (``policy.SensiblePolicy``: its Hand, whom it attacks, what it buys
and studies; the defaults are the sensible bot, move for move).

The sensible bot chooses its Hand card by card, each pick drawn with a weight that only
depends on public facts (``plan_weight``): the Predict odds can model it exactly.
"""

from __future__ import annotations

import random

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.card_effects import ATTACK_TRAITS, RESPONSE_TRAITS
from hordes_kit.shadows.combat import effect_at
from hordes_kit.shadows.legal import legal, studyable
from hordes_kit.shadows.policy import SENSIBLE, SensiblePolicy, policy_of
from hordes_kit.shadows.state import Position, parse_seat

__all__ = [
    "random_bot",
    "sensible_bot",
    "policy_bot",
    "plan_weight",
    "get_policy",
    "POLICIES",
    "conformance_policy",
]


def random_bot(state, rng: random.Random) -> str:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def plan_weight(s: Position, seat: int, card: str, policy: SensiblePolicy = SENSIBLE) -> int:
    """How much the sensible bot (or a member of its family) wants a card in its Hand
    (public facts only).

    >>> from hordes_kit.shadows import new_game
    >>> seats = [{"hero": "akintunde"}, {"hero": "eras"}]
    >>> s = new_game({"position": {"monster": "cave-stalker", "seats": seats}})
    >>> plan_weight(s, 0, "sword-strike"), plan_weight(s, 0, "search")
    (4, 2)
    """
    sk = s.card(card)
    if not s.usable_by(seat, sk):
        return policy.unusable
    w = 2
    traits = sk.front.traits
    if traits & ATTACK_TRAITS:
        w += policy.attack
        if policy.hunt and _monster_half_down(s, seat):
            w += policy.hunt
    if "Predict" in traits:
        w += policy.predict
    elif traits & {"Creature", "Object", "Self"}:
        w += policy.station
    if traits & RESPONSE_TRAITS:
        w += policy.response
        if policy.guard and "Response (Attack)" in traits and _attacks_likely(s):
            w += policy.guard
    if "Spell" in traits:
        w += policy.spell
    return w


def _monster_half_down(s: Position, seat: int) -> bool:
    """The Monster has at most half its Health left against the seat's own tokens."""
    if not s.monster:
        return False
    health = s.card(s.monster).health
    return 2 * (health - s.mdamage[seat]) <= health


def _attacks_likely(s: Position) -> bool:
    """At least half of the Monster-Action cards left in the deck (its discards when it is
    empty) show an Attack icon."""
    deck = s.ma_deck or s.ma_discard
    return bool(deck) and 2 * sum("Attack" in k for k in deck) >= len(deck)


def _damage(s: Position, seat: int, target: str) -> int | None:
    """What the effect being aimed would do to ``target`` (None: a die roll decides)."""
    t = s.top()
    card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == seat)
    e = effect_at(s, card_task, t.index)
    if R.dice_faces(e.args[0]):
        return None
    k = parse_seat(target, s.n)
    return R.amount(e.args[0], s.hero_stats(seat), s.seats[k].damage if k is not None else 0)


def _aim(s: Position, seat: int, moves: list[str], policy: SensiblePolicy) -> str | None:
    """A family member's sure aims: the Monster when this alone defeats it, else a Hero it
    would KnockDown (the one with the most Shadow Stones)."""
    if policy.finish and "target:monster" in moves:
        dmg = _damage(s, seat, "monster")
        if dmg is not None and dmg >= s.card(s.monster).health - s.mdamage[seat]:
            return "target:monster"
    if policy.knockout:
        kos = []
        for m in moves:
            k = parse_seat(m.split(":")[1], s.n)
            if k is None:
                continue
            dmg = _damage(s, seat, f"p{k + 1}")
            if dmg is not None and dmg >= s.health_left(k):
                kos.append(m)
        if kos:
            return max(kos, key=lambda m: s.seats[parse_seat(m.split(":")[1], s.n)].stones)
    return None


def _item_key(s: Position, item: str, prefer: str) -> tuple:
    it = s.card(item)
    if prefer == "shield":
        return (it.shield, it.cost, item)
    if prefer == "stats":
        return (sum(it.stats), it.cost, item)
    return (it.cost, item)


def _by_name(options: list[str], key) -> str:
    return max(options, key=key)


def sensible_bot(state, rng: random.Random, policy: SensiblePolicy = SENSIBLE) -> str:
    """Rules of thumb: attack what it can hurt, respond when it can, buy what it can afford
    (``policy``: a member of the family; the default is the sensible bot)."""
    s: Position = state
    moves = list(legal(s))
    t = s.top()
    k, seat = t.kind, t.seat
    if len(moves) == 1:
        return moves[0]
    if k == "!pick":
        cards = [m.split(":")[1] for m in moves]
        weights = [plan_weight(s, seat, c, policy) * s.seats[seat].deck.count(c) for c in cards]
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
        sure = _aim(s, seat, moves, policy) if policy.finish or policy.knockout else None
        if sure is not None:
            return sure
        if "target:monster" in moves and (rng.random() < policy.aim or len(moves) == 1):
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
        buys = [m for m in moves if m.startswith("buy:") and m[4:] not in policy.never]
        if buys and rng.random() < policy.buy:
            return max(buys, key=lambda m: _item_key(s, m[4:], policy.prefer))
        return "pass"
    if k == "!study":
        if not policy.learn:
            return "done"
        ok = [c for c in studyable(s, seat) if s.usable_by(seat, s.card(c))]
        return (
            f"study:{ok[0]}"
            if ok
            else (moves[0] if moves[0] != "done" and rng.random() < policy.study else "done")
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
        if policy.teamup != "sensible":
            return f"teamup:{policy.teamup}"
        return "teamup:xp" if s.seats[seat].xp % 3 == 2 else "teamup:gold"
    if k == "!mulligan":
        return "keep"
    if k == "!repeat":
        return "repeat"
    return rng.choice(moves)


def policy_bot(policy: SensiblePolicy):
    """The bot of one member of the sensible bot's family."""
    if policy == SENSIBLE:
        return sensible_bot

    def bot(state, rng: random.Random) -> str:
        return sensible_bot(state, rng, policy)

    bot.__name__ = bot.__qualname__ = policy.name
    return bot


POLICIES = {"random": random_bot, "sensible": sensible_bot}


def get_policy(name: str):
    """A bot by name: random, sensible, or a member of the sensible bot's family
    (``sensible-policy:...``, see ``policy.py``)."""
    if name in POLICIES:
        return POLICIES[name]
    member = policy_of(name)
    if member is None:
        raise InvalidInputError(
            f"unknown bot {name!r:.80}; known: {', '.join(POLICIES)} or a member of the "
            "sensible bot's family, sensible-policy:... (aim=0.8;finish=1, ...)"
        )
    return policy_bot(member)


def conformance_policy(state, rng: random.Random) -> str:
    """Half the moves random, half sensible: random games still reach their end."""
    return sensible_bot(state, rng) if rng.random() < 0.5 else random_bot(state, rng)
