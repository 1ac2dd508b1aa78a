"""Skytear Horde policies: a policy maps a state and an RNG to a legal action id.

* ``random``: any legal action, uniformly.
* ``sensible``: plays by simple table sense, reading only the board (deterministic, so
  the fast simulator can play exactly the same games). In the alliance phase, first
  applicable: play the dearest affordable ally (into the lane of the strongest unengaged
  monster, else a lane without monsters); play a useful spell, tower or attachment;
  use a useful exhaust ability; engage a back-line monster the ally kills; move
  an unengaged ally in front of the strongest unengaged monster it survives; draw from
  the castle with a short hand; else done. A monster's destruction draws a card while
  the hand holds fewer than 5 and the deck 8 or more. Targets: harm the strongest monster, heal the
  most wounded ally, buff the strongest ally; what the horde inflicts goes to the ally that
  suffers least; a baited monster is brought in front of an ally. Discards: the cheapest
  card (allies count 2 mana more). Mulligan: the rulebook's advice (not an ally, or 5+
  mana). A Defender ally is played only against a monster. An X: enough damage to destroy
  the toughest monster, never so much lost health that one of its own allies falls.

``Sensible`` holds the choices the strategy lab varies (``skytear/lab.py``): which cards
the mulligan sets aside, how short a hand uses the castle's draw, how much mana the
alliance phase keeps for the reactions, and which unengaged monster an ally is sent
against first. ``sensible_policy`` is its default member, the shipped bot; the fast
simulator plays every member the same (``fast/bot.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.skytear.game import SkyState
from hordes_kit.skytear.machine import Ask
from hordes_kit.skytear.state import Unit
from hordes_kit.skytear.stats import attack, engaged_with, health
from hordes_kit.skytear.targets import candidates

__all__ = [
    "POLICIES",
    "get_policy",
    "random_policy",
    "sensible_policy",
    "Sensible",
    "SENSIBLE",
    "DEFEND",
    "HARMFUL",
]

Policy = Callable[[SkyState, random.Random], str]
HARMFUL = {"damage", "destroy", "bait", "guerrilla", "halt-pillage", "exhaust"}
TOKEN_VERBS = {"attack", "temp-attack", "armor", "temp-armor"}
DRAW_KEEP = 8  # draw on a monster's destruction while the deck keeps this many cards
DRAW_HAND = 5  # ... and the hand holds fewer than this
DEFEND = ("strongest", "leftmost", "weakest")  # which unengaged monster an ally faces first


@dataclass(frozen=True)
class Sensible:
    """The sensible bot's choices the lab varies; the defaults are the shipped bot."""

    mulligan: int = 5  # set aside every non-ally and an ally costing this or more; 0: keep
    castle_draw: int = 2  # use the castle's draw with this many cards in hand or fewer; -1: never
    reserve: int = 0  # mana the alliance phase keeps for the reactions (cards it does not play)
    defend: str = "strongest"  # the unengaged monster an ally is sent against first (DEFEND)

    def __post_init__(self) -> None:
        if not (0 <= self.mulligan <= 20 and -1 <= self.castle_draw <= 20):
            raise InvalidInputError("a mulligan cost 0-20 and a castle draw hand -1-20")
        if not 0 <= self.reserve <= 20 or self.defend not in DEFEND:
            raise InvalidInputError(f"a reserve 0-20 and a defence among {', '.join(DEFEND)}")

    def __call__(self, state: SkyState, rng: random.Random) -> str:
        return _sensible(state, self)


SENSIBLE = Sensible()


def random_policy(state: SkyState, rng: random.Random) -> str:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def _harms(e) -> bool:
    return e.verb in HARMFUL or (e.verb in TOKEN_VERBS and e.amount < 0)


def _power(s: SkyState, u: Unit) -> tuple[int, int]:
    return (attack(s, u), health(s, u))


def _threats(s: SkyState, p: Sensible = SENSIBLE) -> list[int]:
    """Lanes with an unengaged monster and no alliance card, the one to face first first
    (the strongest monster; or the leftmost lane, or the weakest monster)."""
    lanes = [
        i
        for i, m in enumerate(s.monsters)
        if m is not None and s.allies[i] is None and not m.concealed
    ]
    if p.defend == "leftmost":
        return lanes
    sign = 1 if p.defend == "weakest" else -1
    return sorted(lanes, key=lambda i: (sign * attack(s, s.monsters[i]), i))


def _card_value(s: SkyState, card: str) -> int:
    c = s.card(card)
    return c.cost + (2 if c.type == "ally" else 0)


def _bait_lane(s: SkyState, opts) -> str:
    """Bait: bring the monster in front of a ready ally without a monster (else stay)."""
    lanes = {p: a for a, p in opts if isinstance(p, int) and p >= 0}
    for i, a in enumerate(s.allies):
        if i in lanes and a is not None and s.is_ally(a):
            return lanes[i]
    return "stay"


def _pick_unit(s: SkyState, opts, e, alliance_source: bool):
    """Choose among target options for an effect."""
    units = [(a, p) for a, p in opts if isinstance(p, int) and s.unit(p) is not None]
    if not units:
        return opts[0][0]
    mons = [(a, p) for a, p in units if s.unit(p).side == "horde"]
    allies = [(a, p) for a, p in units if s.unit(p).side == "alliance"]
    harm = _harms(e)
    if harm:
        if mons:
            return max(mons, key=lambda ap: (_power(s, s.unit(ap[1])), ap[0]))[0]
        return max(allies, key=lambda ap: (health(s, s.unit(ap[1])), ap[0]))[0]
    if allies:
        if e.verb == "heal":
            return max(allies, key=lambda ap: (s.unit(ap[1]).damage, ap[0]))[0]
        engaged = [ap for ap in allies if engaged_with(s, s.unit(ap[1])) is not None]
        pool = engaged or allies
        return max(pool, key=lambda ap: (_power(s, s.unit(ap[1])), ap[0]))[0]
    return min(mons, key=lambda ap: (_power(s, s.unit(ap[1])), ap[0]))[0]


def _useful(s: SkyState, card_id: str, src: int, trigger: str) -> bool:
    """A card's abilities of this trigger would do something worthwhile now."""
    c = s.cards.cards.get(card_id) or None
    if c is None:
        return False
    for a in c.abilities:
        if a.trigger != trigger:
            continue
        for e in a.effects:
            if _effect_useful(s, e, src):
                return True
    return False


def _effect_useful(s: SkyState, e, src: int) -> bool:
    if e.verb in ("mana", "draw", "charges", "rebuild", "flux", "token", "assault"):
        return True
    if e.verb == "guerrilla":
        return any(s.is_minion(u) and u.hp > 0 for _, _, u in s.units())
    if not e.target:
        return False
    cands = candidates(s, e.target, src)
    units = [u for u in cands if isinstance(u, Unit)]
    if e.target in ("castle", "portal"):
        return e.verb != "damage" or e.target == "portal"
    if _harms(e):
        return any(u.side == "horde" for u in units)
    if e.verb == "heal":
        return any(u.side == "alliance" and u.damage > 0 for u in units)
    return any(u.side == "alliance" for u in units)


def _act(s: SkyState, ask: Ask, pol: Sensible = SENSIBLE) -> str:
    seat = ask.seat
    plays = [(a, p) for a, p in ask.options if p[0] == "play"]
    if pol.reserve and s.head().args[0] == "alliance":  # keep mana for the reactions
        mana = s.seats[seat].mana
        plays = [(a, p) for a, p in plays if s.card(p[1]).cost <= mana - pol.reserve]
    threats = _threats(s, pol)
    allies = [
        (a, p)
        for a, p in plays
        if s.card(p[1]).type == "ally" and (threats or not s.card(p[1]).kw.get("defender"))
    ]
    if allies:
        return max(allies, key=lambda ap: (s.card(ap[1][1]).cost, ap[0]))[0]
    others = sorted(plays, key=lambda ap: (-s.card(ap[1][1]).cost, ap[0]))
    for a, p in others:
        c = s.card(p[1])
        if c.type == "tower" or (
            c.type == "attachment" and any(s.is_ally(u) for u in s.allies if u)
        ):
            return a
        if c.type == "spell" and _useful(s, c.id, 0, "play"):
            return a
    uses = [(a, p) for a, p in ask.options if p[0] == "use" and isinstance(p[2], int)]
    for a, p in uses:
        if p[1] == "castle":
            ab = s.cards.castles[s.castle].abilities[p[2]]
            if any(_effect_useful(s, e, 0) for e in ab.effects):
                return a
            continue
        u = s.unit(p[1])
        ab = s.unit_card(u).abilities[p[2]]
        if any(_effect_useful(s, e, u.uid) for e in ab.effects):
            return a
    for a, p in ask.options:
        if p[0] == "use" and p[2] == "engage" and _engage_target(s, s.unit(p[1])) is not None:
            return a
    for a, p in ask.options:
        if p[0] == "use" and p[2] == "move" and _move_lane(s, s.unit(p[1]), pol) is not None:
            return a
    st = s.seats[seat]
    draw = "use:castle:draw" in dict(ask.options)
    if draw and len(st.hand) <= pol.castle_draw and st.deck.size >= 10:
        return "use:castle:draw"
    return "done"


def _engage_target(s: SkyState, u: Unit) -> Unit | None:
    """A back-line monster with attack this ally kills (the strongest such)."""
    lane = s.lane_of(u.uid)
    if lane < 0 or s.monsters[lane] is not None:
        return None
    good = [m for m in s.back if attack(s, m) >= 1 and attack(s, u) >= health(s, m)]
    return max(good, key=lambda m: (attack(s, m), -s.back.index(m)), default=None)


def _move_lane(s: SkyState, u: Unit, p: Sensible = SENSIBLE) -> int | None:
    """The first unengaged monster's lane (``_threats``) whose strike this unengaged ally
    survives."""
    lane = s.lane_of(u.uid)
    if lane < 0 or s.monsters[lane] is not None:
        return None
    for t in _threats(s, p):
        if health(s, u) > attack(s, s.monsters[t]) and attack(s, s.monsters[t]) >= 2:
            return t
    return None


def _ally_lane(s: SkyState, lanes: list[int], p: Sensible = SENSIBLE) -> int:
    threats = [t for t in _threats(s, p) if t in lanes]
    if threats:
        return threats[0]
    empty = [i for i in lanes if s.monsters[i] is None]
    return empty[0] if empty else lanes[0]


def _campaign(s: SkyState, kind: str, ask: Ask) -> str | None:
    ids = [a for a, _ in ask.options]
    if kind == "starting_deck":
        picks = [(a, p) for a, p in ask.options if p is not None]
        return max(
            picks,
            key=lambda ap: (
                s.card(ap[1]).rarity == "legendary",
                s.card(ap[1]).type == "ally",
                s.card(ap[1]).cost,
                ap[0],
            ),
        )[0]
    if kind == "scenario_actions":
        sc = s.cards.scenarios[s.campaign.scenario]
        for a, p in ask.options:
            if p is not None and any(e.verb in ("recruit", "heal") for e in sc.actions[p].effects):
                return a
        return "done"
    if kind == "offers":
        groups = s.head().picks
        x = s.head().args[1]
        best = max(
            range(len(ids)),
            key=lambda k: (sum(s.card(c).cost for c in groups[k * x : (k + 1) * x]), -k),
        )
        return ids[best]
    if kind == "exile":
        return "done"
    return None


def sensible_policy(state: SkyState, rng: random.Random) -> str:
    """Simple table sense, deterministic (ties by action id)."""
    return _sensible(state, SENSIBLE)


def _sensible(state: SkyState, pol: Sensible) -> str:
    s = state
    ask = s.choice()
    head = s.head()
    kind = head.kind
    ids = [a for a, _ in ask.options]
    done = _campaign(s, kind, ask)
    if done is not None:
        return done
    if kind == "act":
        return _act(s, ask, pol)
    if kind == "mulligan":
        for a, c in ask.options:
            if pol.mulligan and c is not None:
                if s.card(c).type != "ally" or s.card(c).cost >= pol.mulligan:
                    return a
        return "keep"
    if kind == "may_draw":
        best = max(
            range(s.players), key=lambda i: (s.seats[i].deck.size - len(s.seats[i].hand), -i)
        )
        st = s.seats[best]
        good = st.deck.size >= DRAW_KEEP and len(st.hand) < DRAW_HAND
        return f"draw:{best + 1}" if good else "draw:none"
    if kind in ("boost", "effect") and ids[0].startswith(("boost:", "mana:", "draw:")):
        low = min(range(s.players), key=lambda i: (s.seats[i].mana, i))
        if "boost:split" in ids and s.seats[0].mana == s.seats[1].mana:
            return "boost:split"
        return f"{ids[0].split(':')[0]}:{low + 1}"
    if kind == "play":
        seat, card = head.args
        c = s.card(card)
        if c.type == "attachment":
            allies = [(a, p) for a, p in ask.options if p and s.is_ally(s.unit(p))]
            if not allies:
                return "target:none"
            return max(allies, key=lambda ap: (_power(s, s.unit(ap[1])), ap[0]))[0]
        lanes = [p for _, p in ask.options]
        if c.type == "tower":
            empty = [i for i in lanes if s.monsters[i] is None]
            return f"lane:{(empty or lanes)[-1] + 1}"
        return f"lane:{_ally_lane(s, lanes, pol) + 1}"
    if kind == "token":
        return f"lane:{_ally_lane(s, [p for _, p in ask.options], pol) + 1}"
    if kind == "ally_engage":
        m = _engage_target(s, s.unit(head.args[0]))
        return (
            f"target:{s.ref(m.uid)}"
            if m is not None and f"target:{s.ref(m.uid)}" in ids
            else ids[0]
        )
    if kind == "ally_move":
        lane = _move_lane(s, s.unit(head.args[0]), pol)
        return f"lane:{lane + 1}" if lane is not None and f"lane:{lane + 1}" in ids else ids[0]
    if kind == "effect":
        e = head.args[2]
        if ids[0].startswith("bless:"):
            return "bless:health"
        if e.verb == "bait" and "stay" in ids:
            return _bait_lane(s, ask.options)
        if ids[0].startswith("token:"):
            return "token:attack" if s.unit(head.picks[0]).side == "alliance" else "token:health"
        if ids[0].startswith("target:"):
            return _pick_unit(s, ask.options, e, s.cards.cards.get(head.args[1]) is not None)
        return ids[0]
    if kind == "ability" and ids[0].startswith("x:"):
        return f"x:{_choose_x(s, head.args[2], len(ids) - 1)}"
    if kind == "elusive":
        for a, lane in ask.options:
            if lane >= 0 and lane > s.lane_of(head.args[0]) and s.monsters[lane] is not None:
                return a
        return "stay"
    if kind == "discard_hand":  # the least valuable card: cheapest, allies kept first
        return min(ask.options, key=lambda ap: (_card_value(s, ap[1]), ap[0]))[0]
    if kind == "rebuild":
        return ids[0] if ids[0] != "done" else ids[-1]
    return ids[0]


def _choose_x(s: SkyState, ab, top: int) -> int:
    """The X an ability asks for: for X damage, what destroys the toughest monster in play
    (no more: paid X is mana kept); an X that costs its own side health ("-x") stops short
    of destroying the weakest of its allies; else the most offered."""
    x = top
    for e in ab.effects:
        if e.verb == "damage" and e.x > 0:
            x = min(x, max((health(s, m) for m in s.monsters if m is not None), default=0))
        elif e.x < 0 and e.verb in ("temp-health", "health"):
            own = [health(s, a) for a in s.allies if a is not None and s.is_ally(a)]
            x = min(x, min(own, default=1) - 1)
    return max(0, x)


POLICIES: dict[str, Policy] = {"random": random_policy, "sensible": sensible_policy}


def get_policy(name: str) -> Policy:
    """A shipped policy by name; the error lists the names."""
    try:
        return POLICIES[name]
    except KeyError:
        raise InvalidInputError(
            f"unknown bot {name!r:.60}; choose one of {', '.join(POLICIES)}"
        ) from None
