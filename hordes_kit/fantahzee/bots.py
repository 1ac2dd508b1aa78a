"""Fantahzee bots: ``random`` (any legal move) and ``strong`` (odds solver + attack planner).

A bot is a function ``(state, rng) -> action id`` for the current player, the
playout driver's ``Policy``. The strong bot:

* recruits the heroes worth most (strength, plus what their abilities give), plays
  every action card, keeps its best cards when discarding;
* in the Roll Step activates its enablers (extra dice and rolls, reducers, steam,
  "activate another hero") at once, picks the set of heroes with the best expected
  strength (exact chance of paying them all in the rolls left, from the dice
  solver), keeps the dice the solver advises for that set, and at the end activates
  whatever gives the most strength;
* attacks with the attack planner's best plan, takes damage with the cheapest
  legal discard, gives treasures to its strongest active hero.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from itertools import combinations

from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.costs import find_payment
from hordes_kit.fantahzee.odds import MAX_DICE, MAX_ROLLS, advise_keep, success_probability
from hordes_kit.fantahzee.planner import best_attack_move, damage_options, flip_chance
from hordes_kit.fantahzee.policy import AVOID_PREFIX, STRONG, StrongPolicy, policy_of

__all__ = [
    "BOTS",
    "random_bot",
    "strong_bot",
    "avoiding_bot",
    "AVOID_PREFIX",
    "avoided_heroes",
    "bot_named",
    "policy_bot",
    "hero_value",
    "card_value",
    "party_score",
    "target_heroes",
    "party_heroes",
]

ENABLERS = {"extra_dice", "extra_rolls", "reduce_x", "steam", "activate_other"}
STRENGTH_WEIGHT = 1.4
EFFECT_VALUE = {
    "steam": 0.6,
    "shield": 1.2,
    "extra_dice": 1.5,
    "extra_rolls": 1.5,
    "reduce_x": 1.2,
    "discount_per_active": 0.8,
    "activate_other": 2.0,
    "capture": 0.5,
}


def random_bot(state, rng: random.Random) -> str:
    """Any legal move, uniformly."""
    return rng.choice(state.legal_actions())


def hero_value(state, hid: str) -> float:
    """How much a hero is worth to a party: strength, abilities, how easy it is to pay."""
    h = state.card(hid)
    dice = len(h.cost)
    ease = {1: 1.0, 2: 0.95, 3: 0.85, 4: 0.7, 5: 0.5}.get(dice, 0.3)
    if h.steam_cost is not None:
        ease = max(ease, 0.6)
    if any(c.isdigit() for c in h.cost):
        ease *= 0.85
    bonus = sum(EFFECT_VALUE.get(e.verb, 0) * max(e.amount, 1) for e in h.effects)
    return STRENGTH_WEIGHT * h.strength * ease + bonus * ease


def card_value(state, cid: str) -> float:
    """How much a card in hand is worth (heroes by ``hero_value``, actions a little)."""
    if cid in {h.id for h in state.data.heroes}:
        return hero_value(state, cid)
    card = state.card(cid)
    return 1.0 + sum(EFFECT_VALUE.get(e.verb, 0) * max(e.amount, 1) for e in card.effects)


def _member_value(state, i: int) -> float:
    m = state.seat.party[i]
    return hero_value(state, m.hero) + (1.0 if m.treasure else 0.0)


def strong_bot(
    state,
    rng: random.Random,
    avoid: frozenset[str] = frozenset(),
    policy: StrongPolicy = STRONG,
) -> str:
    """The strong bot's move (see the module docstring); it never recruits a hero in ``avoid``
    (nor in ``policy.never``) and plays with ``policy``'s parameters (``policy.py``)."""
    legal = state.legal_actions()
    if policy.never:
        avoid = avoid | frozenset(policy.never)
    if avoid and state.phase == "action":
        legal = tuple(a for a in legal if not _recruits(a, avoid))
    if len(legal) == 1:
        return legal[0]
    if state.pending:
        return _pending(state, legal)
    ph = state.phase
    if ph == "action":
        return _action(state, legal, policy)
    if ph == "roll":
        return _roll(state, legal)
    if ph == "attack":
        move = best_attack_move(state)
        # a policy that wants better odds stops rather than flip a monster it may not beat
        if move.startswith("flip:") and policy.flip_chance > 0:
            if flip_chance(state, move.split(":")[1]) < policy.flip_chance:
                move = "stop"
        return move if move in legal else "stop"
    if ph in ("counter", "horde"):
        actives = state.actives()
        strengths = [state.card(state.seat.party[i].hero).strength for i in actives]
        values = [_member_value(state, i) for i in actives]
        best = damage_options(strengths, state.damage, values)[0]
        # discard the weakest of the chosen set first (the strongest goes last)
        first = min(best.heroes, key=lambda k: (strengths[k], values[k]))
        return f"lose:{state.ref(actives[first])}"
    if ph == "treasure":
        actives = state.actives()
        free = [i for i in actives if not state.seat.party[i].treasure] or actives
        best = max(free, key=lambda i: state.card(state.seat.party[i].hero).strength)
        return f"attach:{state.ref(best)}"
    if ph == "end":
        worst = min(state.seat.hand, key=lambda c: (card_value(state, c), c))
        return f"discard:{worst}"
    return legal[0]


def _recruits(action: str, heroes: frozenset[str]) -> bool:
    parts = action.split(":")
    return parts[0] == "recruit" and parts[1] in heroes


def avoiding_bot(heroes) -> Callable:
    """The strong bot that never recruits these heroes (the lab's value of a hero)."""
    return partial(strong_bot, avoid=frozenset(heroes))


def avoided_heroes(name: str) -> frozenset[str] | None:
    """The heroes a bot name ``strong-without:<id>,<id>`` never recruits (None: another name).

    >>> sorted(avoided_heroes("strong-without:paladin,wizard"))
    ['paladin', 'wizard']
    """
    if not name.startswith(AVOID_PREFIX):
        return None
    return frozenset(h for h in name[len(AVOID_PREFIX) :].split(",") if h)


def policy_bot(policy: StrongPolicy) -> Callable:
    """The strong bot playing a member of its family (``policy.py``)."""
    return partial(strong_bot, policy=policy)


def bot_named(name: str) -> Callable:
    """A bot by name: ``strong``, ``random``, ``strong-without:<hero id>,...`` or
    ``strong-policy:...`` (a member of the strong bot's family, ``policy.py``)."""
    if name in BOTS:
        return BOTS[name]
    policy = policy_of(name)
    if policy is None:
        raise KeyError(name)
    return policy_bot(policy)


def _pending(state, legal) -> str:
    kind = state.pending[0][0]
    if kind in ("reduce", "inspire"):
        targets = [a for a in legal if a.startswith("target:")]
        if targets:
            return max(targets, key=lambda a: hero_value(state, a.split(":")[1].split(".", 1)[1]))
    if kind == "capture":
        caps = [a for a in legal if a.startswith("capture:")]
        if caps:
            van = state.line[-1].name if state.line else ""

            def worth(a):
                st = state.stack(a.split(":")[1])
                return (state.card(st.top).xp, st.name == van)

            return max(caps, key=worth)
    if kind == "move":
        # put the stack whose top is weakest at the front (the vanguard) to save a town
        line = state.line
        weakest = min(line, key=lambda st: state.card(st.top).strength if st.top else 99)
        move = f"move:{weakest.name}:{len(line)}"
        if move in legal:
            return move
    return legal[0]


def party_score(state, heroes: tuple[str, ...]) -> float:
    """Rough expected strength a party brings to a turn (recruiting decisions).

    The best subset of up to three heroes paid with dice: its strength (and what its
    abilities add: extra dice and rolls, a reducer's cut, free heroes from a
    Paladin-like ability or from steam) times the exact chance of paying it with
    five dice in three rolls, plus a little for Shield.
    """
    tops = [state.card(st.top).strength for st in state.line if st.top]
    need = min(tops, default=0)
    return _party_score(tuple(sorted(heroes)), id(state.data), need, state)


_SCORES: dict = {}
_GROUPS: dict = {}


def _group(chosen_ids: tuple[str, ...], key, state):
    """What a group of heroes paid with dice brings whatever else the party holds: None if
    its dice cannot cover it, else (chance of paying it, strength, steam, shield, the
    strongest one's strength, how many "activate another" abilities it has). A party's
    score meets the same groups again and again (its subsets, party after party)."""
    hit = _GROUPS.get((chosen_ids, key), _GROUPS)
    if hit is not _GROUPS:
        return hit
    from hordes_kit.fantahzee.costs import Cost, parse_cost

    chosen = [state.card(h) for h in chosen_ids]
    eff = [e for h in chosen for e in h.effects]
    dice = min(R.DICE + sum(e.amount for e in eff if e.verb == "extra_dice"), MAX_DICE)
    rolls = min(R.ROLLS + sum(e.amount for e in eff if e.verb == "extra_rolls"), MAX_ROLLS)
    cut = sum(e.amount for e in eff if e.verb == "reduce_x")
    costs = sorted((parse_cost(h.cost) for h in chosen), key=lambda c: -c.x)
    if cut and costs:
        c0 = costs[0]
        costs[0] = Cost(c0.exact, max(0, c0.x - cut))
    costs = [c for c in costs if c.dice]
    if sum(c.dice for c in costs) > dice:
        out = None
    else:
        out = (
            float(success_probability(dice, rolls, costs)) if costs else 1.0,
            sum(h.strength for h in chosen),
            sum(e.amount for e in eff if e.verb == "steam"),
            sum(e.amount for e in eff if e.verb == "shield"),
            max(c.strength for c in chosen),
            sum(e.verb == "activate_other" for e in eff),
        )
    _GROUPS[(chosen_ids, key)] = out
    return out


def _party_score(heroes, key, need, state) -> float:
    hit = _SCORES.get((heroes, key, need))
    if hit is not None:
        return hit
    cards = [state.card(h) for h in heroes]
    best = 0.0
    for r in range(1, min(3, len(cards)) + 1):
        for combo in combinations(range(len(cards)), r):
            group = _group(tuple(heroes[i] for i in combo), key, state)
            if group is None:
                continue
            p, strength, steam, shield, strongest, activate_other = group
            rest = [cards[i] for i in range(len(cards)) if i not in combo]
            for _ in range(activate_other):
                ok = [h.strength for h in rest if h.strength <= strongest]
                strength += max(ok, default=0)
            for h in sorted(rest, key=lambda h: -h.strength):
                if h.steam_cost is not None and h.steam_cost <= steam:
                    steam -= h.steam_cost
                    strength += h.strength
            if strength < need:  # below the weakest monster showing: worth little
                strength *= 0.25
            best = max(best, p * (strength + 0.5 * shield))
    _SCORES[(heroes, key, need)] = best
    return best


def _action(state, legal, policy: StrongPolicy = STRONG) -> str:
    plays = [a for a in legal if a.startswith("play:")]
    for a in plays:
        if a != "play:negotiations":
            return a
    party = tuple(m.hero for m in state.seat.party)
    now = party_score(state, party)
    size = policy.party_bonus
    # (the favoured heroes add 0.0 for the strong bot: the same sums to the last bit)
    best, best_score = None, now + policy.favoured(party) + policy.margin
    for a in legal:
        if not a.startswith("recruit:"):
            continue
        parts = a.split(":")
        team = list(party)
        if len(parts) == 3:
            team.pop(state.member_index(parts[2]))
        team.append(parts[1])
        # a bigger party also has more to lose to damage: a small bonus per hero
        score = party_score(state, tuple(team)) + size * len(team) + policy.favoured(team)
        if score > best_score + size * len(party):
            best, best_score = a, score - size * len(party)
    if best is not None:
        return best
    if plays:
        return plays[0]
    return "roll"


def _roll(state, legal) -> str:
    acts = [a for a in legal if a.startswith("activate:")]
    party = state.seat.party
    # steam and free activations cost no dice: always take them (strongest first)
    cheap = [a for a in acts if a.endswith(":steam") or a.endswith(":free")]
    if cheap:
        return max(cheap, key=lambda a: _act_strength(state, a))
    if not state.rolled:
        return "roll"
    # enablers pay for themselves when rolls are left
    if state.rolls_left:
        for a in acts:
            i = state.member_index(a.split(":")[1])
            verbs = {e.verb for e in state.card(party[i].hero).effects}
            if verbs & ENABLERS and len(a.split(":")[2].split(",")) <= 2:
                return a
    endgame = _endgame_move(state, legal)
    if endgame:
        return endgame
    target = target_heroes(state)
    if target:
        pay = _pay_now(state, target)
        # under the table rule distinct_values the payment found may show a number
        # another hero's X dice show already: then it is not a legal move
        if pay in legal:
            return pay
    if state.rolls_left and target and "done" in legal:
        costs = [state.cost_now(i).text for i in target]
        rolls = min(state.rolls_left, MAX_ROLLS - 1)
        try:
            adv = advise_keep(state.free, costs, rolls)
        except ValueError:
            adv = None
        if adv is not None:
            keep = f"keep:{R.dice_text(adv.best.keep)}"
            if keep in legal:
                return keep
    if acts:
        return max(acts, key=lambda a: _act_strength(state, a))
    if state.rolls_left and not state.actives():
        keeps = [a for a in legal if a.startswith("keep:")]
        if keeps:
            return "keep:none" if "keep:none" in keeps else keeps[0]
    return "done"


ENDGAME = 10  # when only monsters this strong are showing, ask the party solver


def _endgame_move(state, legal) -> str:
    """Late in the game (only Bosses and the like showing), the party solver decides the
    keep for the best chance to reach the weakest of them."""
    tops = [state.card(st.top).strength for st in state.line if st.top]
    need = min(tops, default=0)
    if need < ENDGAME or not state.rolls_left:
        return ""
    from hordes_kit.fantahzee.party import advise

    heroes, idx = party_heroes(state)
    if not heroes or len(state.free) > MAX_DICE:
        return ""
    a = advise(
        heroes,
        state.free,
        min(state.rolls_left, MAX_ROLLS - 1),
        waiting=state.unrolled,
        steam=state.steam,
        active_strength=state.strength(),
        active_count=len(state.actives()),
        target=need,
    )
    if a.move == "keep":
        move = f"keep:{R.dice_text(a.keep)}"
    elif a.move == "activate":
        i = idx[[h.name for h in heroes].index(a.hero)]
        move = f"activate:{state.ref(i)}:{R.dice_text(a.pay)}"
    else:
        return ""
    return move if move in legal else ""


def party_heroes(state) -> tuple[list, list[int]]:
    """The current player's heroes not active yet, as the party solver sees them
    (costs with this turn's reductions, treasure abilities folded in), and their indexes."""
    from hordes_kit.fantahzee.costs import parse_cost
    from hordes_kit.fantahzee.party import hero_from_card
    from hordes_kit.fantahzee.state import effects_of

    out, idx = [], []
    for i, m in enumerate(state.seat.party):
        if m.active:
            continue
        h = state.card(m.hero)
        cost = R.reduced_cost(parse_cost(h.cost), m.reduce)
        out.append(hero_from_card(h, cost, effects_of(state, m)))
        idx.append(i)
    return out, idx


def _act_strength(state, a: str) -> float:
    i = state.member_index(a.split(":")[1])
    return hero_value(state, state.seat.party[i].hero)


def target_heroes(state) -> tuple[int, ...]:
    """The non-active heroes (paid with dice) to aim for: the best expected strength."""
    party = state.seat.party
    n = len(state.free) + state.unrolled
    cands = [i for i, m in enumerate(party) if not m.active and 0 < state.cost_now(i).dice <= n]
    rolls = min(state.rolls_left + 1, MAX_ROLLS)
    # what the strength is for: the weakest face-up monster sets the bar (late in the
    # game only Bosses may be left, and a total below them is worth little)
    tops = [state.card(st.top).strength for st in state.line if st.top]
    need = max(0, min(tops, default=0) - state.strength())
    best, best_ev = (), 0.0
    dice = min(n, MAX_DICE)
    for r in range(1, min(len(cands), 3) + 1):
        for combo in combinations(cands, r):
            costs = [state.cost_now(i) for i in combo]
            if sum(c.dice for c in costs) > dice:
                continue
            strength = sum(state.card(party[i].hero).strength for i in combo) + 0.3 * r
            if strength < need:
                strength *= 0.25
            try:
                p = float(success_probability(dice, rolls, costs))
            except ValueError:
                continue
            if strength * p > best_ev:
                best, best_ev = combo, strength * p
    return best


def _pay_now(state, target) -> str:
    """An activation that pays one of the target heroes now, when all of them can be paid."""
    costs = [state.cost_now(i) for i in target]
    pay = find_payment(state.free, costs)
    if pay is None:
        return ""
    return f"activate:{state.ref(target[0])}:{R.dice_text(pay[0])}"


BOTS = {"random": random_bot, "strong": strong_bot}
