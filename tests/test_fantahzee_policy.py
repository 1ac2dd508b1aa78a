"""The strong bot's family (``fantahzee/policy.py``): a member's name round-trips, a bad
name is refused in words, the defaults are the strong bot, and each parameter changes the
games the way its words say (that both engines play a member alike is
tests/test_fantahzee_fast.py's)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.fantahzee.bots import bot_named
from hordes_kit.fantahzee.fast.sim import play_games, play_tape_fast
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.planner import best_attack_move, flip_chance
from hordes_kit.fantahzee.policy import STRONG, StrongPolicy, policy_of, words
from hordes_kit.fantahzee.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("fantahzee")

HEROES = ("archmage", "paladin", "alchemist", "captain", "steam-brute", "town-guard")
NUMBER = st.sampled_from((0.0, 0.15, 0.25, 0.3, 0.5, 1.0, 2.0, -1.0, 1e-9))
POLICY = st.builds(
    StrongPolicy,
    favour=st.lists(st.sampled_from(HEROES), max_size=3).map(tuple),
    favour_bonus=NUMBER,
    never=st.lists(st.sampled_from(HEROES), max_size=2).map(tuple),
    party_bonus=NUMBER,
    margin=NUMBER,
    flip_chance=st.sampled_from((0.0, 0.5, 0.75, 1.0, 2.0)),
)


@given(POLICY)
def test_a_member_s_name_round_trips(policy):
    assert policy_of(policy.name) == policy
    assert (policy.name == "strong") == (policy == STRONG)
    assert words(policy).endswith(".") and "strong-policy" not in words(policy)


def test_the_defaults_are_the_strong_bot():
    spelled = "strong-policy:favour=;bonus=1.0;party=0.3;margin=0.25;flip=0"
    assert policy_of(spelled) == STRONG == policy_of("strong-policy:")
    assert StrongPolicy().name == "strong"
    tape = make_tape(11, 20_000)
    assert play_tape_fast((spelled, "strong"), tape)[1] == play_tape_fast(("strong",) * 2, tape)[1]


@pytest.mark.parametrize(
    "bad",
    [
        "strong-policy:flip=3",
        "strong-policy:margin=nan",
        "strong-policy:party=1e400",
        "strong-policy:bonus=x",
        "strong-policy:size=1",
        "strong-policy:margin=1;margin=2",
        "strong-policy:favour=arch mage",
        "strong-policy:" + "x" * 500,
    ],
)
def test_a_bad_name_is_refused_in_words(bad):
    with pytest.raises(InvalidInputError, match="bot"):
        policy_of(bad)
    with pytest.raises(InvalidInputError):
        play_games({}, (bad, "strong"), 1)


def test_an_unknown_hero_is_refused_by_the_simulator():
    with pytest.raises(InvalidInputError, match="no hero 'wizard' to prefer"):
        play_games({}, ("strong-policy:favour=wizard", "strong"), 1)


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=30))
def test_any_policy_name_is_a_member_or_the_kit_s_error(text):
    try:
        policy = policy_of("strong-policy:" + text)
    except InvalidInputError:
        return
    assert policy_of(policy.name) == policy


def _moves(bot: str, seeds) -> list[str]:
    out = []
    for seed in seeds:
        out += play_tape_fast((bot, bot), make_tape(seed, 40_000), max_moves=20_000)[1]
    return out


def _count(moves, prefix: str) -> int:
    return sum(m.startswith(prefix) for m in moves)


def test_a_bot_that_never_flips_never_flips():
    seeds = range(12)
    assert _count(_moves("strong", seeds), "flip:") > 10
    assert _count(_moves("strong-policy:flip=2.0", seeds), "flip:") == 0


def _action_positions(seeds) -> list:
    """Every Action Phase position of the strong bot's games (rules engine) with a hero to
    recruit."""
    out = []
    for seed in seeds:
        final = play_tape(("strong", "strong"), make_tape(seed, 40_000), max_moves=3000)
        state = new_game({"players": 2})
        for move in final.history:
            if not state.is_chance and state.phase == "action" and not state.pending:
                if any(a.startswith("recruit:") for a in state.legal_actions()):
                    out.append(state)
            state = state.apply(str(move))
    return out


def _archmages(state, move: str) -> int:
    n = sum(m.hero == "archmage" for m in state.seat.party)
    parts = move.split(":")
    if parts[0] == "recruit":
        n += parts[1] == "archmage"
        n -= len(parts) == 3 and parts[2].split(".", 1)[1] == "archmage"
    return n


def test_each_recruiting_parameter_moves_the_choice_its_words_say():
    """On the same positions: preferring the Archmage recruits it (or keeps it) where the
    strong bot would not, never the other way; a smaller bonus per hero or a bigger margin
    recruits less often."""
    positions = _action_positions(range(2))
    assert len(positions) > 30

    def choices(name):
        bot = bot_named(name)
        return [bot(s, None) for s in positions]

    plain = choices("strong")
    fond = choices("strong-policy:favour=archmage;bonus=4.0")
    # Archmages in the party after the move: the fond bot recruits them and keeps them
    pairs = [(_archmages(s, a), _archmages(s, b)) for s, a, b in zip(positions, plain, fond)]
    assert all(b >= a for a, b in pairs) and sum(b > a for a, b in pairs) >= 3

    def recruits(moves):
        return sum(m.startswith("recruit:") for m in moves)

    n = recruits(plain)

    def with_(params):
        return recruits(choices("strong-policy:" + params))

    # a bonus per hero below the margin keeps a smaller party (above it changes nothing:
    # adding a hero never lowers the expected strength)
    assert with_("party=0.0") < with_("party=0.2") < n == with_("party=1.0")
    assert with_("margin=2.0") < with_("margin=1.0") < n < with_("margin=0.0")


def test_a_flip_is_made_only_at_the_odds_wanted():
    """Rules engine: wherever the planner's best plan flips, the bot wanting 60% flips
    exactly when the strength left beats the facedown monster at least that often."""
    bot = "strong-policy:flip=0.6"
    made = declined = 0
    for seed in range(3):
        final = play_tape((bot, "strong"), make_tape(seed, 40_000), max_moves=6000)
        state = new_game({"players": 2})
        for move in final.history:
            move = str(move)
            if state.phase == "attack" and state.current_player == 0 and not state.pending:
                plan = best_attack_move(state)
                if plan.startswith("flip:") and plan in state.legal_actions():
                    if flip_chance(state, plan.split(":")[1]) >= 0.6:
                        assert move == plan
                        made += 1
                    else:
                        assert move == "stop"
                        declined += 1
            state = state.apply(move)
    assert made and declined
    assert bot_named(bot).keywords["policy"].flip_chance == 0.6


def test_with_no_town_left_the_vanguard_costs_nothing_in_both_planners():
    """The FAQ's out-of-towns position (scenario 08): a monster left in the vanguard
    destroys nothing, so no plan counts a town lost; by XP, damage and Ambush the Wraith
    (4 XP, no Counterattack, its own Ambush 1 gone) beats the Troll Brute (4 XP,
    Counterattack 1). Before, both planners took 2.4 XP off every plan that left the
    vanguard standing ("Stop attacking -3.30"). The fast simulator's planner agrees."""
    from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
    from hordes_kit.fantahzee.fast import plan as fastplan
    from hordes_kit.fantahzee.fast.tables import E_name, export, tables
    from hordes_kit.fantahzee.planner import DAMAGE_COST, plan_attacks

    path = next(p for p in scenario_files("fantahzee") if p.stem == "08-running-out")
    frame = next(f for f in run_scenario(load_scenario(path)) if f.step.move == "attack:E")
    state = frame.before
    assert state.towns == () and state.phase == "attack"
    plans = plan_attacks(state)
    assert all(p.town_risk == 0 for p in plans)
    stop = next(p for p in plans if not p.attacks and not p.flip)
    assert stop.value == pytest.approx(-DAMAGE_COST * 1)  # the Wraith's Ambush 1, no town
    assert best_attack_move(state) == "attack:A"
    tb = tables(state.config.cards)
    kind, stack = fastplan.best_attack(export(state), tb.C, tb.M)
    assert (int(kind), int(stack)) == (0, E_name("A")), "the fast planner attacks the Wraith"
