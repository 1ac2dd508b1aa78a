"""Fantahzee attack planner and damage chooser.

``plan_attacks(state)``: every way to spend the Attack Step's strength - which face-up
monsters to defeat, then whether to flip into one stack and how far - with the
expected XP, the town-loss risk, the Counterattack damage and the Ambush expected in
the Horde Phase. Facedown cards are weighed exactly from what is unseen
(``rules.flip_weights``); flipping follows the best stop-or-flip rule, found by
recursion over the cards that can come up.

``damage_options(party strengths, damage)``: every set of active heroes that can
take the damage by the rules (discarding stops as soon as the damage is covered),
cheapest first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.state import Stack

__all__ = [
    "AttackPlan",
    "plan_attacks",
    "best_attack_move",
    "flip_chance",
    "DamageOption",
    "damage_options",
    "TOWN_PENALTY",
]

TOWN_PENALTY = 2.4  # the average XP a destroyed town costs (sample town deck)
DAMAGE_COST = 0.9  # XP-equivalent of one point of damage taken (a hero's strength lost)


@dataclass(frozen=True)
class AttackPlan:
    """One way to attack: the face-up monsters, then flips into one stack."""

    attacks: tuple[str, ...]  # stack letters, in order
    flip: str  # the stack flipped into afterwards ("" = none)
    xp: float  # expected XP gained
    town_risk: float  # P(a town is destroyed in the Horde Phase)
    counter_damage: float  # expected Counterattack damage after Shield
    ambush: float  # expected Ambush damage after Shield (face-up tops after the plan)
    flips: float  # expected number of flips
    value: float  # xp - town risk x penalty - damage x cost: what the planner ranks by

    def label(self, names: dict[str, str]) -> str:
        """Plain words: 'Bone Warrior (E), then flip E'."""
        parts = [f"{names[s]} ({s})" for s in self.attacks]
        if self.flip:
            parts.append(f"then flip stack {self.flip} while it pays")
        return ", ".join(parts) or "attack nothing"


def _pools(state) -> tuple[tuple, tuple, tuple]:
    def frozen(t):
        return tuple(sorted(Counter(t).items()))

    return frozen(state.pool1), frozen(state.pool2), frozen(state.bosses)


def _next_card(st, pools) -> list[tuple[str, float]]:
    """(monster, probability) of the facedown top of a stack."""
    if not st.hidden:
        return []
    w, den = R.flip_weights(st.l1, st.l2, st.boss, dict(pools[0]), dict(pools[1]), dict(pools[2]))
    return [(m, c / den) for m, c in w.items() if c]


def _after(st, pools, mid, level):
    """Stack and pools once monster ``mid`` came off the facedown part."""
    p1, p2, pb = (dict(p) for p in pools)
    if st.l1:
        st = (st.l1 - 1, st.l2, st.boss)
        p1[mid] -= 1
    elif level == "boss":
        st = (st.l1, st.l2, False)
        pb[mid] -= 1
    else:
        st = (st.l1, st.l2 - 1, st.boss)
        p2[mid] -= 1

    def frozen(d):
        return tuple(sorted((k, v) for k, v in d.items() if v))

    return st, (frozen(p1), frozen(p2), frozen(pb))


def plan_attacks(state, strength: int | None = None) -> list[AttackPlan]:
    """Every attack plan from the current Attack Step (or for ``strength``), best first."""
    cards = state.data
    mons = {m.id: m for m in cards.monsters}
    S = state.strength_left if strength is None else strength
    shield = state.shield
    pools = _pools(state)
    line = state.line
    # with no town card left, a monster in the vanguard destroys nothing (FAQ): no penalty
    van = line[-1].name if line and state.towns else ""
    locked = state.locked
    faceup = [st for st in line if st.top and not locked]
    done_ca = sum(mons[m].counterattack for m in state.set_aside)

    @cache
    def flip_value(key, left, pools, is_van):
        """Best (value, xp, town, ca, flips) of flipping on from here, or stopping."""
        l1, l2, boss = key
        stop = (0.0, 0.0, 0.0, 0.0, 0.0)
        if left <= 0 or not (l1 + l2 + boss):
            return stop
        ev = [0.0] * 5
        for mid, p in _next_card(Stack("", "", l1, l2, boss), pools):
            m = mons[mid]
            if m.strength <= left:
                nkey, npools = _after(Stack("", "", l1, l2, boss), pools, mid, m.level)
                sub = flip_value(nkey, left - m.strength, npools, is_van)
                gain = (m.xp + sub[1], sub[2], m.counterattack + sub[3])
                val = m.xp - DAMAGE_COST * m.counterattack + sub[0]
                res = (val, *gain, 1 + sub[4])
            else:  # stays face up; in the vanguard it destroys a town
                town = 1.0 if is_van else 0.0
                res = (-TOWN_PENALTY * town, 0.0, town, 0.0, 1.0)
            for i in range(5):
                ev[i] += p * res[i]
        return tuple(ev) if ev[0] > 0 else stop

    plans = []
    idx = range(len(faceup))
    for r in range(len(faceup) + 1):
        for combo in combinations(idx, r):
            chosen = [faceup[i] for i in combo]
            need = sum(mons[st.top].strength for st in chosen)
            if need > S or (S <= 0 and chosen):
                continue
            left = S - need
            xp = sum(mons[st.top].xp for st in chosen)
            ca = sum(mons[st.top].counterattack for st in chosen)
            names = {st.name for st in chosen}
            cleared = names | set(state.cleared)
            # the vanguard keeps a face-up monster unless its top was removed
            van_top = any(st.name == van and st.top for st in line) and van not in cleared
            base_town = 1.0 if van_top else 0.0
            options = [("", (0.0, 0.0, 0.0, 0.0, 0.0))]
            for st in line:
                if st.name in cleared and not st.top or st.name in names:
                    if st.hidden and (not locked or locked == st.name) and left > 0:
                        fv = flip_value((st.l1, st.l2, st.boss), left, pools, st.name == van)
                        options.append((st.name, fv))
            # the Ambush waiting in the Horde Phase depends on the tops removed, not the flips
            adm = max(0.0, _ambush_after(state, mons, pools, names) - max(0, shield))
            for flip, fv in options:
                if flip and fv[4] == 0:
                    continue
                total_ca = done_ca + ca + fv[3]
                cdmg = max(0.0, total_ca - shield)
                town = min(1.0, base_town + fv[2])
                value = xp + fv[1] - TOWN_PENALTY * town - DAMAGE_COST * (cdmg + adm)
                plans.append(
                    AttackPlan(
                        tuple(st.name for st in chosen),
                        flip,
                        xp + fv[1],
                        town,
                        cdmg,
                        adm,
                        fv[4],
                        round(value, 9),
                    )
                )
    plans.sort(key=lambda p: (-p.value, p.flips, len(p.attacks), p.attacks))
    return plans


def _ambush_after(state, mons, pools, defeated: set[str]) -> float:
    """Expected Ambush on the table in the Horde Phase after defeating those tops."""
    total = 0.0
    for st in state.line:
        if st.top and st.name not in defeated:
            total += mons[st.top].ambush
        elif st.hidden:
            total += sum(p * mons[m].ambush for m, p in _next_card(st, pools))
    return total


def best_attack_move(state) -> str:
    """The Attack Step move that starts the best plan (``stop`` when none pays)."""
    plans = plan_attacks(state)
    best = plans[0]
    if best.attacks:
        return f"attack:{best.attacks[0]}"
    if best.flip:
        return f"flip:{best.flip}"
    return "stop"


def flip_chance(state, name: str) -> float:
    """The chance that the strength left beats the facedown top of stack ``name`` (summed
    in the order of ``_next_card``, as the fast bot sums it)."""
    st = state.stack(name)
    mons = {m.id: m for m in state.data.monsters}
    left = state.strength_left
    return sum(p for m, p in _next_card(st, _pools(state)) if mons[m].strength <= left)


@dataclass(frozen=True)
class DamageOption:
    """A set of active heroes that takes the damage, and what the party loses."""

    heroes: tuple[int, ...]  # indexes into the list given
    strength_lost: int
    value_lost: float
    covers: bool  # False when even every active hero cannot cover the damage


def damage_options(
    strengths: Sequence[int], damage: int, values: Sequence[float] | None = None
) -> list[DamageOption]:
    """Every legal way to take ``damage`` with these active heroes, cheapest first.

    Heroes are discarded one by one until the damage is covered ("Taking Damage"), so
    a set is legal when it covers the damage and dropping its strongest hero would not
    (or when it is every active hero and still does not cover it).

    John's Ambush (Sergeant 2, Sergeant 2, Alchemist 0, Steam Brute 4; 3 damage):

    >>> [o.heroes for o in damage_options([2, 2, 0, 4], 3)][:3]
    [(3,), (0, 1), (2, 3)]
    """
    values = list(values) if values is not None else [float(s) for s in strengths]
    n = len(strengths)
    if damage <= 0:
        return [DamageOption((), 0, 0.0, True)]
    if sum(strengths) < damage:
        everyone = tuple(range(n))
        return [DamageOption(everyone, sum(strengths), sum(values), False)]
    out = []
    for r in range(1, n + 1):
        for combo in combinations(range(n), r):
            total = sum(strengths[i] for i in combo)
            if total < damage:
                continue
            if total - max(strengths[i] for i in combo) >= damage:
                continue  # the damage would be covered before the last one goes
            out.append(DamageOption(combo, total, round(sum(values[i] for i in combo), 9), True))
    out.sort(key=lambda o: (o.value_lost, o.strength_lost, len(o.heroes), o.heroes))
    return out
