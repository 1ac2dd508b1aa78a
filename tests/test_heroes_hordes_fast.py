"""The fast simulator agrees with the reference engine (which stays the source of truth).

1. Fed the same chance tape, both play identical games: 50 seeded games per policy
   (400 in `make test-long`).
2. Over 20,000 fast games per policy (100,000 in `make test-long`), the win/tie/loss rates
   lie inside the 99% intervals of the reference engine's games (the same ones per policy,
   whose tapes are uniformly random: the engine's own chance, written down in advance).
3. The incremental pile forces and the discard search match the rules.
From a position in the middle of a game: test_heroes_hordes_fast_positions.py.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from budget import sized

from hordes_kit.core.montecarlo import wilson_interval
from hordes_kit.heroes_hordes.fast.sim import POLICY_CODES, play_tape_fast, run_fast, tables
from hordes_kit.heroes_hordes.simulate import simulate
from hordes_kit.heroes_hordes.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("heroes_hordes")

# reference games per policy: each must be the fast engine's game on the same tape (the
# proof); their rate's 99% interval is what the fast rate at scale must lie in
GAMES = sized(50, 400)
# the fast rate's own 99% error at 20,000 games is a twentieth of the half-width of the
# 50 reference games' interval it must lie in (sqrt(50/20,000)): the same test at 100,000
FAST_GAMES = sized(20_000, 100_000)
CODE = {"win": 0, "tie": 1, "loss": 2}
Z99 = 2.5758293035489004


@pytest.fixture(scope="module", params=list(POLICY_CODES))
def reference_games(request):
    policy = request.param
    tb = tables()
    idx = {c: i for i, c in enumerate(tb.ids)}
    rows = []
    for seed in range(GAMES):
        tape = make_tape(seed)
        ref = play_tape(policy, tape)
        order = np.array([idx[c] for c in tape.order], np.int64)
        fast = play_tape_fast(order, np.array(tape.numbers), POLICY_CODES[policy], 4, 5, tb.arrays)
        rows.append(((CODE[ref.result], ref.tokens, ref.turn), tuple(int(x) for x in fast)))
    return policy, rows


@pytest.mark.slow
def test_identical_games_on_the_same_tape(reference_games):
    policy, rows = reference_games
    differ = [i for i, (ref, fast) in enumerate(rows) if ref != fast]
    assert not differ, f"{policy}: games {differ[:5]} differ: {[rows[i] for i in differ[:3]]}"
    assert len({r for r, _ in rows}) > 10  # the games are really different from each other


@pytest.mark.slow
def test_rates_agree_at_scale(reference_games):
    policy, rows = reference_games
    fast = simulate(policy, FAST_GAMES, seed=2026, engine="fast", workers=2)
    assert fast.games == FAST_GAMES
    for outcome, code in CODE.items():
        k = sum(ref[0] == code for ref, _ in rows)
        lo, hi = wilson_interval(k, GAMES, Z99)
        p = fast.rate(outcome)
        assert lo <= p <= hi, f"{policy} {outcome}: fast {p:.4f} outside reference 99% [{lo}, {hi}]"


def test_workers_do_not_change_results():
    one = simulate("random", 3000, seed=9, engine="fast")
    two = simulate("random", 3000, seed=9, engine="fast", workers=2)
    assert one.results == two.results and one.tokens == two.tokens
    assert one.engine == "fast"


def test_fast_and_reference_distributions_match_tokens():
    fast = run_fast("greedy", 20_000, seed=3)
    tokens = Counter(int(t) for t in fast[:, 1])
    assert set(tokens) <= set(range(0, 8))
    assert all(r in (0, 1, 2) for r in np.unique(fast[:, 0]))


def _random_piles(seed: int, count: int, most: int):
    """Seeded hero piles (cards of one hero pile, lords and synergies common) with a battle."""
    import random

    from hordes_kit.heroes_hordes.cards import HEROES, HORDES
    from hordes_kit.heroes_hordes.rules import HHConfig, card_index

    cards = sorted(card_index(HHConfig()).values(), key=lambda c: c.id)
    rng = random.Random(seed)
    for _ in range(count):
        race = rng.choice(HEROES)
        pool = [c for c in cards if race in c.types]
        pile = rng.sample(pool, rng.randint(1, min(most, len(pool))))
        yield pile, rng.choice(HORDES), rng.randint(3, 9)


def test_incremental_pile_forces_match_the_rules():
    """Cards joining and leaving a pile keep every card's force and the total exact."""
    import random

    from hordes_kit.heroes_hordes.fast import sim as fs
    from hordes_kit.heroes_hordes.rules import card_forces, pile_force

    tb = tables()
    C, PAIR = tb.arrays
    idx = {c: i for i, c in enumerate(tb.ids)}
    rng = random.Random(5)
    for pile, _, _ in _random_piles(1, 60, 14):
        S, _, _, _ = fs.workspace()
        held = []
        for card in pile:
            fs._add(S, 0, idx[card.id], C, PAIR)
            held.append(card)
            if len(held) > 2 and rng.random() < 0.3:
                j = rng.randrange(len(held))
                fs._remove(S, 0, j, PAIR)
                held.pop(j)
            n = S[fs.S_META, 0]
            assert [tb.ids[x] for x in S[0, :n]] == [c.id for c in held]
            assert list(S[fs.S_CF, :n]) == [f.total for f in card_forces(held)]
            assert S[fs.S_META, fs.S_PF] == pile_force(held)
            assert fs.pile_force(S[0], n, C, PAIR) == pile_force(held)


def test_best_discard_matches_the_rules():
    """The simulator's discard search gives the reference's exact answer, in its order."""
    import random

    from hordes_kit.heroes_hordes.fast.sim import best_discard_fast
    from hordes_kit.heroes_hordes.rules import best_discard, card_forces, pile_force

    tb = tables()
    idx = {c: i for i, c in enumerate(tb.ids)}
    rng = random.Random(7)
    checked = 0
    for pile, horde, size in _random_piles(2, 400, 12):
        forces = card_forces(pile, opponent_race=horde, opponent_size=size)
        total = sum(f.total for f in forces)
        need = rng.randint(1, total + 3)
        ref = best_discard(forces, need)
        got = best_discard_fast([idx[c.id] for c in pile], [f.total for f in forces], need)
        if ref is None:
            assert got is None
            continue
        gone, kept = got
        assert [tb.ids[x] for x in gone] == [c.id for c in ref], (pile, need)
        assert kept == pile_force([c for c in pile if c not in ref])
        # asked only for a discard keeping more than the best, it finds none
        _, below = best_discard_fast(
            [idx[c.id] for c in pile], [f.total for f in forces], need, floor=kept + 1
        )
        assert below <= kept
        checked += 1
    assert checked > 300


MEMBERS = (
    ("greedy", "weakest-winner", "weakest-first"),
    ("lookahead", "strongest", "exact"),
    ("greedy", "best", "weakest-first"),
    ("lookahead", "weakest-winner", "weakest-covering"),
)


@pytest.mark.parametrize("member", MEMBERS, ids=["-".join(m) for m in MEMBERS])
def test_the_lab_family_plays_the_same_games_in_both_engines(member):
    """The defend-and-discard family (bots.family_policy / fast.sim.family_code)."""
    from budget import sized

    from hordes_kit.heroes_hordes.bots import family_name
    from hordes_kit.heroes_hordes.fast.sim import policy_code

    name = family_name(*member)
    tb = tables()
    idx = {c: i for i, c in enumerate(tb.ids)}
    results = set()
    for seed in range(sized(6, 200)):
        tape = make_tape(seed)
        ref = play_tape(name, tape)
        order = np.array([idx[c] for c in tape.order], np.int64)
        fast = play_tape_fast(order, np.array(tape.numbers), policy_code(name), 4, 5, tb.arrays)
        mine = (CODE[ref.result], ref.tokens, ref.turn)
        assert mine == tuple(int(x) for x in fast), (name, seed)
        results.add(mine)
    assert len(results) > 3


def test_the_family_rules_change_play():
    from hordes_kit.heroes_hordes.bots import family_name

    outs = {
        m: run_fast(family_name(*m), 2000, seed=3)[:, 1].sum()
        for m in (
            ("greedy", "strongest", "weakest-covering"),
            ("greedy", "weakest-winner", "weakest-covering"),
            ("greedy", "strongest", "weakest-first"),
        )
    }
    # the first is the greedy policy itself, code for code
    assert (
        outs[("greedy", "strongest", "weakest-covering")] == run_fast("greedy", 2000, 3)[:, 1].sum()
    )
    assert len(set(outs.values())) == 3
