"""What should I buy? Every way to spend this Recruit phase's Crowns, compared fairly.

A *plan* is what you do with the row now: buy this set of cards (Trees are always
taken: free, +1 Crown) and end recruiting, or pay 1 Crown to flip one more card and
then buy as the policy would. After the plan a buying policy plays the later turns.

Why plans and not single clicks: "buy the Cow, then the policy goes on" and "buy the
Archer, then the policy goes on" usually end with the same cards bought, so their odds
come out identical and say nothing. Plans that differ end in different positions.

Fair comparison (common random numbers): every plan is played on the same seeded games,
with keyed luck (game ``g``'s n-th Horde card, roll or flip of a turn is the same whatever
the plan, even after a plan that flips a card more), so luck cancels in the *difference*
between two plans, whose 95% interval is much narrower than the two intervals side by
side. Two rounds keep it quick: every plan on a few hundred games,
then the most promising ones on fresh games (so the first round's luck does not flatter
the winner), ranked by the average number of turns Chauncey lasts.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

import numpy as np

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import check_run, mean_interval
from hordes_kit.the_horde.bots import Policy, choose, get_policy
from hordes_kit.the_horde.game import THState

__all__ = [
    "Plan",
    "PlanEstimate",
    "BuyAdvice",
    "purchase_plans",
    "plan_start",
    "advise_buy",
    "move_values",
]

MEASURE = "Turns Chauncey lasts"


@dataclass(frozen=True)
class Plan:
    """One way to finish this Recruit phase: buy ``buys`` (card ids) and end it, or
    (``flip``) pay for one more recruit card and let the policy buy."""

    buys: tuple[str, ...] = ()
    flip: bool = False
    cost: int = 0
    words: str = ""
    policy_choice: bool = False  # what the policy itself would buy from this row

    @property
    def key(self) -> str:
        """A short id (``'buy:cow+pit'``, ``'flip'``, ``'buy:'`` for nothing)."""
        return "flip" if self.flip else "buy:" + "+".join(self.buys)


@dataclass(frozen=True)
class PlanEstimate:
    """A plan's average turns survived over the final round, and its difference from the
    best plan on the same games (95% interval)."""

    plan: Plan
    games: int
    mean: float
    interval: tuple[float, float]
    diff: float = 0.0
    diff95: tuple[float, float] = (0.0, 0.0)
    survive: float = 0.0  # share of these games surviving every turn

    @property
    def tied(self) -> bool:
        """Cannot be told apart from the best (the difference's interval holds 0)."""
        lo, hi = self.diff95
        return lo <= 0 <= hi


@dataclass(frozen=True)
class BuyAdvice:
    """The comparison: finalists best first, with what was measured and how."""

    rows: tuple[PlanEstimate, ...]
    plans: int  # plans compared in the first round
    screen_games: int  # games per plan in the first round
    games: int  # games per finalist in the final round
    policy: str
    turn: int
    turns: int
    seconds: float

    @property
    def best(self) -> PlanEstimate:
        """The recommended plan."""
        return self.rows[0]

    def tied_with_best(self) -> tuple[PlanEstimate, ...]:
        """Finalists whose difference from the best cannot be told from zero."""
        return tuple(r for r in self.rows[1:] if r.tied)


def _label(state: THState, buys: tuple[str, ...], flip: bool) -> str:
    if flip:
        cost = state.data.setup["extra_flip_cost"]
        return f"Flip one more card ({cost} Crown), then buy as the policy would"
    named = [c for c in buys if state.data.card(c).type != "X"]
    if not named:
        return "Buy nothing"
    counts = Counter(named)
    return "Buy " + ", ".join(
        (f"{n} × " if n > 1 else "") + state.name(c) for c, n in sorted(counts.items())
    )


def _policy_buys(state: THState, policy: Policy) -> tuple[str, ...] | None:
    """What the policy buys from this row without flipping (None if it would flip)."""
    s, bought = state, []
    while s.step == "recruit":
        a = choose(policy, s.view(0))
        if a == "flip":
            return None
        if a == "done":
            break
        bought.append(a.split(":", 1)[1])
        s = s.apply(a)
    return tuple(sorted(bought))


def purchase_plans(state: THState, policy: str | Policy = "balanced") -> tuple[Plan, ...]:
    """Every set of row cards the Crowns can pay for (Trees always taken), and the flip.

    >>> import random
    >>> from hordes_kit.core.playout import play_until
    >>> from hordes_kit.the_horde.game import new_game
    >>> s = play_until(new_game(), random.Random(3), {}, lambda s: s.step == "recruit")
    >>> plans = purchase_plans(s)
    >>> s.crowns, s.row.count("trees"), len(plans), plans[0].words, plans[-1].flip
    (11, 1, 72, 'Buy nothing', True)
    """
    if state.step != "recruit":
        raise InvalidInputError("purchase plans are for the Recruit phase")
    pol = get_policy(policy)
    trees = tuple(c for c in state.row if state.data.card(c).type == "X")
    crowns = state.crowns + len(trees)  # each Trees taken is +1 Crown at once
    counts = Counter(c for c in state.row if state.data.card(c).type != "X")
    ids = sorted(counts)
    mine = _policy_buys(state, pol)
    plans = []
    for ks in product(*(range(counts[c] + 1) for c in ids)):
        buys = tuple(c for c, k in zip(ids, ks) for _ in range(k))
        cost = sum(state.data.card(c).cost for c in buys)
        if cost <= crowns:
            every = tuple(sorted(trees + buys))
            plans.append(
                Plan(every, False, cost, _label(state, every, False), policy_choice=every == mine)
            )
    if "flip" in state.legal_actions():
        plans.append(Plan((), True, state.data.setup["extra_flip_cost"], _label(state, (), True)))
    plans.sort(key=lambda p: (p.flip, p.cost, p.buys))
    return tuple(plans)


def plan_start(state: THState, plan: Plan) -> THState:
    """The position right after the plan (the fast simulator starts there)."""
    if plan.flip:
        return state.apply("flip")
    s = state
    for cid in sorted(plan.buys, key=lambda c: state.data.card(c).cost):
        s = s.apply(f"buy:{cid}")  # Trees (cost 0) first: their Crown pays for the rest
    return s.apply("done")


def _turns_survived(rows: np.ndarray, turns: int) -> np.ndarray:
    # a lost game ends in the turn it is lost, having completed the turns before it
    return np.where(rows[:, 0] == 0, turns, rows[:, 1] - 1).astype(float)


def _fast(start: THState, pol: Policy, first: int, games: int, seed: int) -> np.ndarray:
    # numba loads on the first simulation, not when a page imports this module
    from hordes_kit.the_horde.fast.sim import export, run_fast

    start_rows = export(start)
    return run_fast(
        pol, games, seed, config=start.config, first=first, start=start_rows, keyed=True
    )


def _play(state: THState, plan: Plan, pol: Policy, first: int, games: int, seed: int):
    start = plan_start(state, plan)
    if start.is_terminal:  # e.g. lost at once: every game ends the same way
        done = np.array([[{"win": 0, "taxes": 1}.get(start.result, 2), start.turn, 0]] * games)
        return done
    return _fast(start, pol, first, games, seed)


def advise_buy(
    state: THState,
    policy: str | Policy = "balanced",
    *,
    games: int = 4000,
    screen: int = 30_000,
    finalists: int = 6,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> BuyAdvice:
    """Compare every purchase plan (``purchase_plans``) on common random numbers.

    First round: ``screen`` games shared out over the plans (100 to 1,000 each); the
    ``finalists`` plans with the most turns survived then play ``games`` fresh games
    each. Ranked by the average turns survived, each with the difference from the best.
    """
    check_run(games, seed)
    check_run(screen, seed)
    pol = get_policy(policy)
    t0 = time.perf_counter()
    plans = purchase_plans(state, pol)
    turns = len(state.data.turns)
    n1 = max(100, min(1000, screen // len(plans)))
    keep = min(finalists, len(plans))
    total = n1 * len(plans) + games * keep
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, total)

    first = []
    for p in plans:
        first.append(_turns_survived(_play(state, p, pol, 0, n1, seed), turns).mean())
        tick(n1)
    order = sorted(range(len(plans)), key=lambda i: -first[i])[:keep]
    final = {}
    for i in order:  # fresh games: the first round's luck does not carry over
        rows = _play(state, plans[i], pol, n1, games, seed)
        final[i] = (_turns_survived(rows, turns), float(np.mean(rows[:, 0] == 0)))
        tick(games)
    best = max(order, key=lambda i: final[i][0].mean())
    out = []
    for i in order:
        t, win = final[i]
        mean, lo, hi = mean_interval(t)
        d, dlo, dhi = mean_interval(t - final[best][0]) if i != best else (0.0, 0.0, 0.0)
        out.append(PlanEstimate(plans[i], games, mean, (lo, hi), d, (dlo, dhi), win))
    out.sort(key=lambda r: -r.mean)
    return BuyAdvice(
        tuple(out), len(plans), n1, games, pol.name, state.turn, turns, time.perf_counter() - t0
    )


def move_values(
    state: THState,
    moves: tuple[str, ...],
    policy: str | Policy = "balanced",
    *,
    games: int = 3000,
    seed: int = 0,
) -> dict[str, tuple[float, float, float]]:
    """Turns Chauncey lasts (mean, 95% interval) after each Recruit-phase move, the policy
    then finishing this turn's buying and playing the later turns; every move on the same
    games (common random numbers). Moves that end with the same cards score alike."""
    check_run(games, seed)
    if state.step != "recruit":
        raise InvalidInputError("move values are for the Recruit phase")
    pol = get_policy(policy)
    turns = len(state.data.turns)
    out = {}
    for m in moves:
        rows = _fast(state.apply(m), pol, 0, games, seed)
        out[m] = mean_interval(_turns_survived(rows, turns))
    return out
