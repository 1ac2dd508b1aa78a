"""The party solver: a whole party's strength this turn under the best play, exactly.

Rulebook "Dice Phase, A: Roll" and "Activating Heroes". What a party can reach:

* heroes paid with dice, their costs cut by reducers (Sergeant: X dice only) and by a
  Captain-like discount per active hero; heroes activated by a Paladin-like ability
  (strength up to its own); heroes paid with steam from the steam the party gets;
* extra dice and extra rolls (Alchemist, Apprentice) - the only abilities worth
  activating before the last roll: every other activation can wait for the end,
  keeping its dice instead ("Game Tips": don't lock dice too early).

So the best play is a dynamic programme over (dice showing, dice waiting to be rolled,
rolls left, which dice-and-roll heroes are active): at each point keep any dice and
reroll the rest, activate an extra-dice hero, or stop; at the end pay the best set of
heroes the dice allow. Rolling m dice is done one die at a time and "best dice to keep"
is a running maximum over one-die-smaller sets, as in ``odds.py``; faces no cost names
are interchangeable. Values are computed in floating point (no sampling).

``party_odds(...)`` gives the expected total strength and P(total >= S) (each under the
play that is best for it) and ``advise(...)`` the best move for the dice showing now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.fantahzee.costs import (
    Cost,
    can_pay,
    canonical,
    counts_of,
    parse_cost,
    parse_dice,
)
from hordes_kit.fantahzee.odds import MAX_DICE, MAX_ROLLS

__all__ = [
    "PartyHero",
    "PartyOdds",
    "PartyAdvice",
    "party_odds",
    "advise",
    "hero_from_card",
    "find_heroes",
    "odds_now",
    "reachable_totals",
]


@dataclass(frozen=True)
class PartyHero:
    """What the solver needs of a hero (``hero_from_card`` builds it from card data)."""

    name: str
    strength: int
    cost: Cost
    steam_cost: int | None = None
    extra_dice: int = 0
    extra_rolls: int = 0
    reduce_x: int = 0
    activate_other: bool = False
    steam: int = 0
    discount_per_active: int = 0

    @property
    def enabler(self) -> bool:
        """Worth activating before the last roll (it brings dice or rolls)."""
        return bool(self.extra_dice or self.extra_rolls)


def hero_from_card(hero, cost: Cost | None = None, effects=None) -> PartyHero:
    """A ``PartyHero`` from a ``cards.Hero`` (``cost``: its cost now, reductions counted;
    ``effects``: its abilities with an attached treasure's, default the card's own)."""
    eff: dict[str, int] = {}
    for e in hero.effects if effects is None else effects:
        eff[e.verb] = eff.get(e.verb, 0) + max(e.amount, 1)
    return PartyHero(
        hero.name,
        hero.strength,
        cost if cost is not None else parse_cost(hero.cost),
        hero.steam_cost,
        eff.get("extra_dice", 0),
        eff.get("extra_rolls", 0),
        eff.get("reduce_x", 0),
        "activate_other" in eff,
        eff.get("steam", 0),
        eff.get("discount_per_active", 0),
    )


def find_heroes(names: str, path=None) -> list[PartyHero]:
    """Heroes by name (comma-separated, case-insensitive) from the card file; an unknown
    name is a clear error naming the closest heroes."""
    import difflib

    from hordes_kit.fantahzee.cards import CARDS_FILE, load_cards

    heroes = {h.name.lower(): h for h in load_cards(path or CARDS_FILE).heroes}
    out = []
    for raw in names.split(","):
        name = raw.strip()
        if not name:
            continue
        h = heroes.get(name.lower())
        if h is None:
            close = difflib.get_close_matches(name.lower(), list(heroes), n=3, cutoff=0.5)
            hint = ", ".join(heroes[c].name for c in close) or "none close"
            raise InvalidInputError(f"no hero called {name!r} (closest: {hint})")
        out.append(hero_from_card(h))
    return out


@dataclass(frozen=True)
class PartyOdds:
    """Expected strength and P(strength >= S) for every S, each under its best play."""

    heroes: tuple[str, ...]
    dice: int
    rolls: int
    expected: float
    at_least: dict[int, float] = field(default_factory=dict)

    def to_json(self) -> dict:
        """JSON types (CLI, dashboards)."""
        return {
            "heroes": list(self.heroes),
            "dice": self.dice,
            "rolls": self.rolls,
            "expected_strength": self.expected,
            "at_least": {str(k): v for k, v in sorted(self.at_least.items())},
        }


@dataclass(frozen=True)
class PartyAdvice:
    """The best move for the dice showing, and what it is worth."""

    move: str  # "stop", "keep", or "activate"
    keep: tuple[int, ...] = ()  # the dice to keep (move == "keep")
    hero: str = ""  # the hero to activate now (move == "activate")
    pay: tuple[int, ...] = ()  # the dice it locks
    value: float = 0.0  # expected strength (or chance) after this move, best play on
    options: tuple[tuple[str, float], ...] = ()  # every move considered, best first

    @property
    def text(self) -> str:
        """Plain words."""
        if self.move == "activate":
            return f"activate {self.hero} now with {','.join(map(str, self.pay))}"
        if self.move == "keep":
            kept = ",".join(map(str, self.keep)) or "nothing"
            return f"keep {kept} and reroll the rest"
        return "stop rolling and activate your heroes"


class _Solver:
    """One party, one goal (expected strength, or reaching ``target``)."""

    def __init__(
        self,
        heroes: tuple[PartyHero, ...],
        *,
        target: int | None,
        steam: int,
        base_strength: int,
        base_active: int,
    ) -> None:
        self.heroes = heroes
        self.target = target
        self.steam0 = steam
        self.base_strength = base_strength
        self.base_active = base_active
        named = {f for h in heroes for f in range(6) if h.cost.exact[f]}
        self.free_faces = tuple(f for f in range(6) if f not in named)
        self.enablers = tuple(i for i, h in enumerate(heroes) if h.enabler)
        self.V = lru_cache(maxsize=None)(self._V)
        self.G = lru_cache(maxsize=None)(self._G)
        self.B = lru_cache(maxsize=None)(self._B)
        self.T = lru_cache(maxsize=None)(self._T)
        self.R = lru_cache(maxsize=None)(self._R)

    def canon(self, c: Sequence[int]) -> tuple[int, ...]:
        """Faces no cost names are interchangeable: sort their counts."""
        return canonical(c, self.free_faces)

    # --- the end of the Roll Step: pay the best set of heroes --------------------------

    def _T(self, F: tuple[int, ...], E: int) -> float:
        """Best total strength from dice ``F`` with enablers ``E`` already active: the sets
        of the other heroes come best first (``_R``), so the first the dice pay is the best."""
        base, ranked = self.R(E)
        for gain, cost_sets in ranked:
            if any(can_pay(F, costs) for costs in cost_sets):
                return base + gain
        return base

    def _R(self, E: int) -> tuple[int, list[tuple[int, list[list[Cost]]]]]:
        """With enablers ``E`` active: their strength and the party's, then every set of the
        other heroes as (the strength paying it brings, the dice costs that pay it, one list
        per way to aim its reducers), highest strength first. What dice show changes only
        which sets are paid, so this is worked out once per ``E``."""
        hs = self.heroes
        rest = [i for i in range(len(hs)) if not E >> i & 1]
        base = self.base_strength + sum(hs[i].strength for i in range(len(hs)) if E >> i & 1)
        steam0 = self.steam0 + sum(hs[i].steam for i in range(len(hs)) if E >> i & 1)
        n_active0 = self.base_active + bin(E).count("1")
        ranked = [
            (self._gain(S, rest, steam0), self._cost_sets(S, n_active0))
            for r in range(len(rest) + 1)
            for S in combinations(rest, r)
        ]
        ranked.sort(key=lambda g: -g[0])
        return base, ranked

    def _cost_sets(self, S, n_active0) -> list[list[Cost]]:
        """The dice costs of paying heroes ``S``, one list per way to aim its reducers."""
        hs = self.heroes
        reducers = [i for i in S if hs[i].reduce_x]
        targets = [i for i in S if hs[i].cost.x]
        options = [targets or [None]] * len(reducers) if reducers else [[None]]
        out = []
        for assign in product(*options):
            cut = dict.fromkeys(S, 0)
            for red, tgt in zip(reducers, assign):
                if tgt is not None and tgt != red:
                    cut[tgt] += hs[red].reduce_x
            costs = []
            for i in S:
                c = hs[i].cost
                x = c.x - cut[i]
                if hs[i].discount_per_active:
                    # paid last: every other hero of this set and those before are active
                    x -= hs[i].discount_per_active * (n_active0 + len(S) - 1)
                costs.append(Cost(c.exact, max(0, x)))
            out.append([c for c in costs if c.dice])
        return out

    def _gain(self, S, rest, steam0) -> int:
        """Strength that paying heroes ``S`` brings, with what they activate and what steam
        then pays."""
        hs = self.heroes
        strength = sum(hs[i].strength for i in S)
        active = set(S)
        others = [i for i in rest if i not in active]
        steam = steam0 + sum(hs[i].steam for i in S)
        # Paladin-like heroes wake the strongest hero they may (strength <= their own)
        for i in S:
            if hs[i].activate_other:
                ok_ = [j for j in others if hs[j].strength <= hs[i].strength]
                if ok_:
                    j = max(ok_, key=lambda j: (hs[j].strength, hs[j].steam))
                    others.remove(j)
                    strength += hs[j].strength
                    steam += hs[j].steam
        # steam pays whole steam costs: the best set of steam heroes that fits
        payable = [j for j in others if hs[j].steam_cost is not None]
        best = 0
        for r in range(len(payable) + 1):
            for P in combinations(payable, r):
                if sum(hs[j].steam_cost for j in P) <= steam:
                    best = max(best, sum(hs[j].strength for j in P))
        return strength + best

    def value_at_end(self, F, E) -> float:
        t = self.T(F, E)
        return t if self.target is None else float(t >= self.target)

    # --- the dynamic programme ------------------------------------------------------------

    def _V(self, F: tuple[int, ...], u: int, r: int, E: int) -> float:
        """Best value with dice ``F`` showing, ``u`` waiting, ``r`` rolls left."""
        best = self.value_at_end(F, E)
        if r > 0 and sum(F) + u > 0:
            best = max(best, self.B(F, u, r - 1, E))
        for i, pay in self.enabler_moves(F, E):
            h = self.heroes[i]
            F2 = list(F)
            for f in pay:
                F2[f - 1] -= 1
            best = max(
                best,
                self.V(
                    self.canon(F2), u + h.extra_dice, min(r + h.extra_rolls, MAX_ROLLS), E | 1 << i
                ),
            )
        return best

    def enabler_moves(self, F, E):
        """(hero index, dice paid) for each enabler that can be activated now."""
        from hordes_kit.fantahzee.rules import payments

        dice = [f + 1 for f in range(6) for _ in range(F[f])]
        for i in self.enablers:
            if E >> i & 1:
                continue
            for pay in payments(dice, self.heroes[i].cost):
                if pay:
                    yield i, pay

    def _B(self, F: tuple[int, ...], m: int, r: int, E: int) -> float:
        """Best over the dice to keep from ``F`` (the rest rolled with ``m`` more)."""
        best = self.G(F, m, r, E)
        for f in range(6):
            if F[f]:
                F2 = list(F)
                F2[f] -= 1
                best = max(best, self.B(self.canon(F2), m + 1, r, E))
        return best

    def _G(self, K: tuple[int, ...], m: int, r: int, E: int) -> float:
        """Expected value of rolling ``m`` dice onto kept dice ``K`` (one die at a time)."""
        if m == 0:
            return self.V(K, 0, r, E)
        total = 0.0
        for f in range(6):
            K2 = list(K)
            K2[f] += 1
            total += self.G(self.canon(K2), m - 1, r, E)
        return total / 6


MAX_STEAM = 30  # far beyond what a turn's steam heroes and actions can bring


def _heroes(heroes, steam: int = 0, rolls_left: int | None = None) -> tuple[PartyHero, ...]:
    """The party, checked with the turn's steam and rerolls left (the kit's own errors)."""
    from hordes_kit.fantahzee.rules import PARTY_LIMIT

    out = tuple(heroes)
    if not out:
        raise InvalidInputError("no heroes given: name at least one hero of the party")
    if len(out) > PARTY_LIMIT:
        raise InvalidInputError(f"{len(out)} heroes: a party holds at most {PARTY_LIMIT}")
    if isinstance(steam, bool) or not isinstance(steam, int) or not 0 <= steam <= MAX_STEAM:
        raise InvalidInputError(f"steam must be 0-{MAX_STEAM}, got {steam!r}")
    if rolls_left is not None and (
        isinstance(rolls_left, bool)
        or not isinstance(rolls_left, int)
        or not 0 <= rolls_left < MAX_ROLLS
    ):
        raise InvalidInputError(f"rerolls left must be 0-{MAX_ROLLS - 1}, got {rolls_left!r}")
    return out


def _showing(showing, waiting: int = 0) -> tuple[int, ...]:
    """The dice showing, at most ``MAX_DICE`` with the dice still to roll."""
    dice = parse_dice(showing, what="showing dice") if showing else ()
    if not 0 <= waiting <= MAX_DICE or len(dice) + waiting > MAX_DICE:
        raise InvalidInputError(
            f"{len(dice)} dice showing and {waiting} to roll: at most {MAX_DICE} dice in all"
        )
    return dice


def reachable_totals(heroes: Sequence[PartyHero], base: int = 0) -> list[int]:
    """Every total above ``base`` the party could show: ``base`` plus sums of strengths.

    >>> from hordes_kit.fantahzee.costs import parse_cost
    >>> reachable_totals([PartyHero("a", 2, parse_cost("X")), PartyHero("b", 3, parse_cost("X"))])
    [2, 3, 5]
    """
    sums = {0}
    for h in heroes:
        sums |= {x + h.strength for x in sums}
    return sorted(x + base for x in sums if x > 0)


def party_odds(
    heroes: Sequence[PartyHero],
    dice: int = 5,
    rolls: int = 3,
    *,
    steam: int = 0,
    targets: Sequence[int] | None = None,
) -> PartyOdds:
    """Expected total strength, and P(strength >= S) for each S, under the best play.

    >>> from hordes_kit.fantahzee.costs import parse_cost
    >>> odds = party_odds([PartyHero("Town Guard", 1, parse_cost("X"))], dice=5, rolls=1)
    >>> odds.expected, odds.at_least[1]
    (1.0, 1.0)
    """
    hs = _heroes(heroes, steam)
    if not 1 <= dice <= MAX_DICE or not 1 <= rolls <= MAX_ROLLS:
        raise InvalidInputError(f"dice must be 1-{MAX_DICE} and rolls 1-{MAX_ROLLS}")
    zero = (0,) * 6
    exp = _Solver(hs, target=None, steam=steam, base_strength=0, base_active=0)
    expected = exp.V(zero, dice, rolls, 0)
    if targets is None:
        targets = reachable_totals(hs)
    at = {}
    for s in sorted(set(targets)):
        solver = _Solver(hs, target=s, steam=steam, base_strength=0, base_active=0)
        solver.T = exp.T  # the end-of-roll payments do not depend on the goal
        at[s] = solver.V(zero, dice, rolls, 0)
    return PartyOdds(tuple(h.name for h in hs), dice, rolls, expected, at)


def advise(
    heroes: Sequence[PartyHero],
    showing: str | Sequence[int],
    rolls_left: int,
    *,
    waiting: int = 0,
    steam: int = 0,
    active_strength: int = 0,
    active_count: int = 0,
    target: int | None = None,
) -> PartyAdvice:
    """The best move with these dice showing: keep and reroll, activate an extra-dice hero
    now, or stop - for the most expected strength (or the best chance of ``target``).

    ``heroes`` are the heroes not active yet (their costs as they are now); the active
    ones count through ``active_strength`` and ``active_count``.
    """
    hs = _heroes(heroes, steam, rolls_left)
    dice = _showing(showing, waiting)
    solver = _Solver(
        hs, target=target, steam=steam, base_strength=active_strength, base_active=active_count
    )
    options = _options(solver, dice, rolls_left, waiting)
    move, keep, hero, pay = options[0][2]
    return PartyAdvice(
        move, keep, hero, pay, options[0][1], tuple((label, v) for label, v, _ in options)
    )


def _options(solver: _Solver, dice: tuple[int, ...], rolls_left: int, waiting: int) -> list:
    """Every move with these dice showing and its value under ``solver``'s goal, best first:
    stop, each distinct keep, each way to activate an extra-dice hero now."""
    from hordes_kit.fantahzee.rules import payments, remove_dice

    F = solver.canon(counts_of(dice))
    options: list[tuple[str, float, tuple]] = [
        ("stop", solver.value_at_end(F, 0), ("stop", (), "", ()))
    ]
    if rolls_left > 0:
        seen = set()
        for ks in product(*(range(c + 1) for c in counts_of(dice))):
            K = solver.canon(ks)
            m = len(dice) - sum(ks) + waiting
            if m == 0 or (K, m) in seen:
                continue
            seen.add((K, m))
            kept = tuple(f for f in range(6, 0, -1) for _ in range(ks[f - 1]))
            v = solver.G(K, m, rolls_left - 1, 0)
            label = f"keep {','.join(map(str, kept)) or 'nothing'}"
            options.append((label, v, ("keep", kept, "", ())))
    for i in solver.enablers:
        h = solver.heroes[i]
        for pay in payments(dice, h.cost):
            if not pay:
                continue
            F2 = solver.canon(counts_of(remove_dice(dice, pay)))
            rolls2 = min(rolls_left + h.extra_rolls, MAX_ROLLS)
            v = solver.V(F2, waiting + h.extra_dice, rolls2, 1 << i)
            label = f"activate {h.name} with {','.join(map(str, pay))}"
            options.append((label, v, ("activate", (), h.name, tuple(pay))))
    options.sort(key=lambda o: -o[1])
    return options


def odds_now(
    heroes: Sequence[PartyHero],
    showing: str | Sequence[int],
    rolls_left: int,
    *,
    waiting: int = 0,
    steam: int = 0,
    active_strength: int = 0,
    active_count: int = 0,
) -> tuple[PartyOdds, PartyAdvice]:
    """From dice showing mid-turn: the expected strength and P(>= S) for every reachable
    total (each under its best play), and the move best for the expected strength."""
    hs = _heroes(heroes, steam, rolls_left)
    dice = _showing(showing, waiting)
    kw = dict(steam=steam, base_strength=active_strength, base_active=active_count)
    exp = _Solver(hs, target=None, **kw)
    best = _options(exp, dice, rolls_left, waiting)
    at = {}
    for s in reachable_totals(hs, active_strength):
        solver = _Solver(hs, target=s, **kw)
        solver.T = exp.T  # the end-of-roll payments do not depend on the goal
        at[s] = _options(solver, dice, rolls_left, waiting)[0][1]
    move, keep, hero, pay = best[0][2]
    advice = PartyAdvice(move, keep, hero, pay, best[0][1], tuple((lb, v) for lb, v, _ in best))
    return PartyOdds(tuple(h.name for h in hs), len(dice), rolls_left, best[0][1], at), advice
