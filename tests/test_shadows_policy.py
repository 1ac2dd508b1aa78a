"""The sensible bot's family (``shadows/policy.py``): a member's name round-trips, any other
name is refused in words (or is another bot's), the defaults are the sensible bot, and each
parameter changes the games the way its words say, in the rules engine (that the fast
simulator plays a member alike is tests/test_shadows_fast.py's)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows.bots import get_policy, policy_bot, sensible_bot
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.lab import market_items
from hordes_kit.shadows.policy import PREFER, SENSIBLE, TEAMUP, SensiblePolicy, policy_of, words
from hordes_kit.shadows.tape import TapeRng, make_tape, pick, play_tape, weights

HEROES = ("akintunde", "eras")
WHOLE = st.integers(0, 20)
CHANCE = st.sampled_from((0.0, 0.25, 0.5, 0.6, 0.9, 1.0, 1e-9))
POLICY = st.builds(
    SensiblePolicy,
    attack=WHOLE,
    predict=WHOLE,
    station=WHOLE,
    response=WHOLE,
    spell=WHOLE,
    unusable=st.integers(1, 20),
    hunt=WHOLE,
    guard=WHOLE,
    aim=CHANCE,
    finish=st.integers(0, 1),
    knockout=st.integers(0, 1),
    buy=CHANCE,
    never=st.lists(st.sampled_from(("goblin-wand", "magic-element", "seer-s-lens"))).map(tuple),
    prefer=st.sampled_from(PREFER),
    learn=st.integers(0, 1),
    study=CHANCE,
    teamup=st.sampled_from(TEAMUP),
)


@given(POLICY)
def test_a_member_s_name_round_trips(policy):
    assert policy_of(policy.name) == policy
    assert (policy.name == "sensible") == (policy == SENSIBLE)
    assert words(policy).endswith(".") and "sensible-policy" not in words(policy)


@given(st.text(max_size=120).map(lambda t: "sensible-policy:" + t) | st.text(max_size=60))
def test_any_bot_name_is_a_member_another_bot_or_refused_in_words(name):
    try:
        member = policy_of(name)
    except InvalidInputError as e:
        assert str(e).startswith("bot ") and "\n" not in str(e)
        return
    assert member is None or policy_of(member.name) == member


@pytest.mark.parametrize(
    "name",
    ["sensible-policy:aim=2", "sensible-policy:attack=x", "sensible-policy:nope=1",
     "sensible-policy:aim=0.5;aim=0.6", "sensible-policy:prefer=cheap", "sensible-policy:aim=nan",
     "sensible-policy:unusable=0", "sensible-policy:never=a b"],
)  # fmt: skip
def test_a_bad_member_is_refused_naming_what_is_wrong(name):
    with pytest.raises(InvalidInputError, match="bot"):
        get_policy(name)


def test_the_defaults_are_the_sensible_bot():
    assert policy_bot(SENSIBLE) is sensible_bot and get_policy("sensible") is sensible_bot
    tape = make_tape(3)
    a = play_tape(HEROES, ("sensible", "sensible"), tape)
    b = play_tape(HEROES, ("sensible", SensiblePolicy(aim=0.6, buy=0.9).name), tape)
    assert a.history == b.history


def _histories(bot: str, seeds=range(6)) -> list[tuple[str, ...]]:
    return [play_tape(HEROES, (bot, bot), make_tape(s)).history for s in seeds]


def test_buying_and_studying_follow_the_words():
    plain = [m for h in _histories("sensible") for m in h]
    assert any(m.startswith("buy:") for m in plain) and any(m.startswith("study:") for m in plain)
    bought = next(m[4:] for m in plain if m.startswith("buy:"))
    assert bought in market_items()
    never = [m for h in _histories(SensiblePolicy(never=(bought,)).name) for m in h]
    assert f"buy:{bought}" not in never and any(m.startswith("buy:") for m in never)
    assert not any(m.startswith("buy:") for h in _histories("sensible-policy:buy=0.0") for m in h)
    assert not any(m.startswith("study:") for h in _histories("sensible-policy:learn=0") for m in h)
    gold = [m for h in _histories("sensible-policy:teamup=gold") for m in h]
    assert "teamup:gold" in gold and "teamup:xp" not in gold


def _decisions(bot: str, kind: str, seeds=range(6)):
    """Every decision of ``kind`` in engine games of ``bot`` (both seats): (state, move)."""
    play = get_policy(bot)
    out = []
    for seed in seeds:
        state, rng = new_game({"players": 2}), TapeRng(make_tape(seed))
        while not state.is_terminal:
            if state.is_chance:
                move = pick(weights(state), rng.random())
            elif state.top().kind == "!hero":
                move = f"hero:{HEROES[state.top().seat]}"
            else:
                move = play(state, rng)
                if state.top().kind == kind:
                    out.append((state, move))
            state = state.apply(move)
    return out


def test_whom_it_attacks_follows_the_words():
    always = _decisions("sensible-policy:aim=1.0", "!target")
    offered = [m for s, m in always if "target:monster" in s.legal_actions()]
    assert offered and all(m == "target:monster" for m in offered)
    never = _decisions("sensible-policy:aim=0.0", "!target")
    # a Hero to aim at ("target:p2", not an entity of the seat's, "target:p2.<card>")
    heroes = [m for s, m in never if any(len(a) == 9 for a in s.legal_actions())]
    assert heroes and all(m != "target:monster" for m in heroes)


def test_the_hand_s_weights_change_the_hand_planned():
    spells = "sensible-policy:attack=0;predict=0;station=0;spell=20"
    attacks = "sensible-policy:attack=20;predict=0;station=0"
    picked = {}
    for bot in (spells, attacks):
        picked[bot] = [s.card(m[5:]).front.traits for s, m in _decisions(bot, "!pick")]
    share = {bot: sum("Spell" in t for t in ts) / len(ts) for bot, ts in picked.items()}
    assert share[spells] > share[attacks] + 0.1, share


def test_the_command_line_plays_a_member_or_refuses_it_in_one_line(capsys):
    from hordes_kit.cli import main

    argv = ["simulate", "shadows", "--heroes", "Eras,Rolan", "--games", "20"]
    assert main([*argv, "--bot", "sensible-policy:aim=0.9;finish=1"]) == 0
    assert "sensible-policy:aim=0.9;finish=1 bots" in capsys.readouterr().out
    assert main([*argv, "--bot", "sensible-policy:aim=2"]) == 2
    err = capsys.readouterr().err.strip()
    assert "aim must be 0 to 1" in err and len(err.splitlines()) == 1
