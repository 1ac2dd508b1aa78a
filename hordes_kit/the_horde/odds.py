"""Battle odds for The Horde: one battle roll exactly, and the rest of a Horde phase.

A battle roll is 1d6 - hordling level + defender force; 4 or more kills the hordling
(HORDE PHASE). ``kill_probability`` is exact. ``phase_odds`` gives the distribution of
what the rest of this Horde phase costs - village cards lost, Grimthwackers and other
fighters killed, and the chance that Chauncey is killed - from what the player knows:
the face-down attack deck is any draw from the unseen horde cards. It enumerates every
outcome exactly (to 1e-10 where a Shaman teleporting away or an Archer escaping can
bring a position back) when the phase can reach at most ``budget`` positions;
otherwise it plays the phase out ``runs`` times and gives 95% intervals, and says so.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import wilson_interval
from hordes_kit.core.state import evolve
from hordes_kit.core.tape import pick
from hordes_kit.the_horde.game import THState
from hordes_kit.the_horde.rules import RULE as R

__all__ = [
    "kill_probability",
    "effective_force",
    "battle_table",
    "PhaseOdds",
    "phase_odds",
    "HORDE_STEPS",
]

HORDE_STEPS = (
    "horde-draw",
    "attacker",
    "defender",
    "rock",
    "roll",
    "archer",
    "shaman",
    "village",
    "flame",
    "reinforce",
)


def kill_probability(level: int, force: int, kill_at: int = 4) -> Fraction:
    """Exact chance that a battle roll kills the hordling.

    >>> kill_probability(2, 4)    # a Piranha against a Grimthwacker: 2 or more on the die
    Fraction(5, 6)
    >>> kill_probability(6, 4)    # an Ice hordling: only a 6
    Fraction(1, 6)
    """
    for name, v in (("level", level), ("force", force)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise InvalidInputError(f"{name} must be a whole number, got {v!r}")
    if not -20 <= level <= 30 or not -20 <= force <= 30:
        raise InvalidInputError("level and force must lie between -20 and 30")
    wins = sum(1 for d in range(1, 7) if d - level + force >= kill_at)
    return Fraction(wins, 6)


def effective_force(
    force: int,
    *,
    item_bonus: int = 0,
    next_gc_bonus: int = 0,
    dizzy: bool = False,
    grimthwacker: bool = True,
    dizzy_penalty: int = 3,
) -> int:
    """A defender's battle force with Flute/Haunch bonuses, Boots/Ring (Grimthwackers
    only) and Dizzy (a Grimthwacker drawn after two others in a row).

    >>> effective_force(4, item_bonus=1, next_gc_bonus=2)
    7
    >>> effective_force(4, dizzy=True)
    1
    """
    f = force + item_bonus
    if grimthwacker:
        f += next_gc_bonus - (dizzy_penalty if dizzy else 0)
    return f


def battle_table(levels=range(1, 7), forces=range(0, 9), kill_at: int = 4):
    """polars table of kill chances: one row per level, one column per force."""
    import polars as pl

    return pl.DataFrame(
        {"level": list(levels)}
        | {f"force {f}": [float(kill_probability(lv, f, kill_at)) for lv in levels] for f in forces}
    )


# --- the rest of a Horde phase ---------------------------------------------------------------

Outcome = tuple[int, int, int, bool]  # village lost, Grimthwackers killed, others killed, dead


@dataclass(frozen=True)
class PhaseOdds:
    """What the rest of the Horde phase costs, as a distribution over outcomes."""

    exact: bool
    dist: dict[Outcome, float]  # probabilities (exact enumeration) or shares of the runs
    runs: int = 0  # Monte Carlo runs (0 when exact)
    positions: int = 0  # positions enumerated (exact)
    why: str = ""  # why Monte Carlo was used

    @property
    def method(self) -> str:
        """How the figures were found, in a sentence."""
        if self.exact:
            return f"exact: every outcome worked out ({self.positions:,} positions)"
        return f"Monte Carlo: {self.runs:,} playouts of the phase, 95% intervals ({self.why})"

    def marginal(self, index: int) -> dict[int, float]:
        """Distribution of one count (0 village lost, 1 Grimthwackers, 2 other fighters)."""
        out: dict[int, float] = defaultdict(float)
        for o, p in self.dist.items():
            out[o[index]] += p
        return dict(sorted(out.items()))

    @property
    def p_chauncey(self) -> float:
        """Chance that Chauncey is killed in this phase."""
        return sum(p for o, p in self.dist.items() if o[3])

    def expected(self, index: int) -> float:
        """Expected value of one count."""
        return sum(o[index] * p for o, p in self.dist.items())

    def interval(self, p: float) -> tuple[float, float] | None:
        """95% interval of a share of the runs (None when exact)."""
        if self.exact:
            return None
        return wilson_interval(round(p * self.runs), self.runs)

    def table(self):
        """polars table: count, P(village cards lost = n), P(Grimthwackers killed = n)."""
        import polars as pl

        v, g = self.marginal(0), self.marginal(1)
        top = max([0, *v, *g])
        rows = []
        for n in range(top + 1):
            row = {"n": n, "village_lost": v.get(n, 0.0), "grimthwackers_killed": g.get(n, 0.0)}
            if not self.exact:
                row["village_95"] = str(
                    tuple(round(x, 4) for x in self.interval(row["village_lost"]))
                )
                row["grimthwackers_95"] = str(
                    tuple(round(x, 4) for x in self.interval(row["grimthwackers_killed"]))
                )
            rows.append(row)
        return pl.DataFrame(rows)

    def to_json(self) -> dict:
        """JSON-ready summary."""
        return {
            "exact": self.exact,
            "method": self.method,
            "village_lost": {str(k): v for k, v in self.marginal(0).items()},
            "grimthwackers_killed": {str(k): v for k, v in self.marginal(1).items()},
            "others_killed": {str(k): v for k, v in self.marginal(2).items()},
            "p_chauncey_killed": self.p_chauncey,
        }


TAIL = 1e-10


class _GiveUp(Exception):
    pass


def _increment(parent: THState, child: THState) -> Outcome:
    v = g = o = 0
    gc = parent.gc
    for e in child.log[len(parent.log) :]:
        if e.rule in (R + "horde.village-attacked", R + "card.pit"):
            v += 1
        elif e.rule == R + "horde.defender-killed" or (
            e.rule == R + "special.archer" and e.data.get("lost")
        ):
            if e.data.get("card") == gc:
                g += 1
            else:
                o += 1
    return v, g, o, child.result == "chauncey"


def _in_phase(start: THState, s: THState) -> bool:
    return not s.is_terminal and s.turn == start.turn and s.step in HORDE_STEPS


def _decide(s: THState, heal: bool) -> str:
    return "rock:heal" if heal else "rock:keep"


def _step(s: THState, action_id: str) -> THState:
    # Inside the odds only: the ids come from the state itself, so skip apply's checks.
    return s._do(s.parse_action(action_id), action_id)


def determinizations(state: THState):
    """(probability, state) for every content of the face-down attack deck."""
    k = sum(state.attack_deck)
    pool = tuple(a + b for a, b in zip(state.horde_deck, state.attack_deck))
    total = comb(sum(pool), k)
    for combo in product(*(range(min(n, k) + 1) for n in pool)):
        if sum(combo) != k:
            continue
        w = 1
        for n, c in zip(pool, combo):
            w *= comb(n, c)
        deck = tuple(combo)
        yield (
            Fraction(w, total),
            evolve(state, attack_deck=deck, horde_deck=tuple(n - c for n, c in zip(pool, deck))),
        )


def _exact(state: THState, heal: bool, budget: int) -> tuple[dict[Outcome, float], int]:
    """Every position the phase can reach, then each one's outcome distribution.

    Positions are found once (depth first, children before parents); then the
    distributions are swept in that order until they stop changing. Without loops
    one sweep is exact; a phase that can come back to a position (a Shaman teleporting
    away, an Archer escaping) converges geometrically, and we sweep until the mass still
    missing is below ``TAIL``.
    """
    index: dict[tuple, int] = {}
    trans: list[list[tuple[int, float, Outcome]]] = []  # (child or -1 = phase over, p, inc)
    order: list[int] = []  # post-order: children first

    def expand(s: THState) -> list[tuple[THState, float, Outcome]]:
        if s.is_chance:
            w = s.chance_weights()
            total = sum(n for _, n in w)
            moves = [(a, n / total) for a, n in w]
        else:
            moves = [(_decide(s, heal), 1.0)]
        out = []
        for a, q in moves:
            child = _step(s, a)
            out.append((child, q, _increment(s, child)))
        return out

    roots = []
    for w, det in determinizations(state):
        if det.key() not in index:
            index[det.key()] = len(trans)
            trans.append([])
            stack = [(det, None)]
            while stack:
                s, kids = stack.pop()
                i = index[s.key()]
                if kids is None:
                    kids = expand(s)
                    stack.append((s, kids))
                    for child, _, _ in kids:
                        if _in_phase(state, child) and child.key() not in index:
                            if len(index) >= budget:
                                raise _GiveUp(f"more than {budget:,} positions")
                            index[child.key()] = len(trans)
                            trans.append([])
                            stack.append((child, None))
                    continue
                trans[i] = [
                    (index[c.key()] if _in_phase(state, c) else -1, q, inc) for c, q, inc in kids
                ]
                order.append(i)
        roots.append((float(w), index[det.key()]))
    dist: list[dict[Outcome, float]] = [{} for _ in trans]
    for _sweep in range(100_000):
        for i in order:
            d: dict[Outcome, float] = defaultdict(float)
            for j, q, inc in trans[i]:
                if j < 0:
                    d[inc] += q
                    continue
                for o, r in dist[j].items():
                    d[(inc[0] + o[0], inc[1] + o[1], inc[2] + o[2], inc[3] or o[3])] += q * r
            dist[i] = d
        missing = 1.0 - sum(w * sum(dist[i].values()) for w, i in roots)
        if missing < TAIL:
            break
    out: dict[Outcome, float] = defaultdict(float)
    for w, i in roots:
        for o, r in dist[i].items():
            out[o] += w * r
    return dict(out), len(trans)


def _monte_carlo(state: THState, heal: bool, runs: int, seed: int) -> dict[Outcome, float]:
    rng = random.Random(seed)
    dets = list(determinizations(state))
    weights = [w for w, _ in dets]
    counts: Counter = Counter()
    for _ in range(runs):
        s = rng.choices([d for _, d in dets], weights=[float(w) for w in weights])[0]
        tot = (0, 0, 0, False)
        while True:
            a = pick(s.chance_weights(), rng.random()) if s.is_chance else _decide(s, heal)
            child = _step(s, a)
            inc = _increment(s, child)
            tot = (tot[0] + inc[0], tot[1] + inc[1], tot[2] + inc[2], tot[3] or inc[3])
            s = child
            if not _in_phase(state, s):
                break
        counts[tot] += 1
    return {o: n / runs for o, n in counts.items()}


def phase_odds(
    state: THState, *, heal: bool = True, budget: int = 4_000, runs: int = 600, seed: int = 0
) -> PhaseOdds:
    """What the rest of this Horde phase will cost, from what the player knows."""
    if state.is_terminal or state.step not in HORDE_STEPS:
        raise InvalidInputError("odds from here need a game in its Horde phase")
    try:
        dist, n = _exact(state, heal, budget)
        return PhaseOdds(True, dist, positions=n)
    except _GiveUp as e:
        why = str(e)
    return PhaseOdds(False, _monte_carlo(state, heal, runs, seed), runs=runs, why=why)
