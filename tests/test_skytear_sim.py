"""Skytear Horde's Monte Carlo and command line: argument ranges checked before any work, the
text and JSON outputs, one-line errors with exit status 2, the win table and chart; configs
and described positions fuzzed (a game or the kit's own error, never a crash)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hordes_kit.cli import main
from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.skytear import new_game
from hordes_kit.skytear.bench import reach
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.skytear.simulate import MAX_GAMES, simulate, win_chart, win_odds, win_table


def run(capsys, *args):
    code = main(["simulate", "skytear", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "kwargs",
    [
        {"games": 0},
        {"games": MAX_GAMES + 1},
        {"games": True},
        {"games": 2.5},
        {"seed": -1},
        {"seed": MAX_SEED + 1},
        {"seed": "1"},
        {"workers": 0},
        {"workers": (os.cpu_count() or 1) + 1},
        {"policy": "genius"},
        {"engine": "warp"},
    ],
)
def test_simulate_checks_its_arguments_before_any_work(kwargs):
    args = {"games": 10, "seed": 0, **kwargs}
    games, seed = args.pop("games"), args.pop("seed")
    with pytest.raises(InvalidInputError):
        simulate({}, games, seed, **args)


def test_simulate_checks_the_config_before_any_work():
    with pytest.raises(InvalidInputError, match="difficulty"):
        simulate({"difficulty": 9}, MAX_GAMES)


def test_a_finished_game_has_nothing_to_simulate():
    s = new_game({"position": {"phase": "turn", "castle": 1, "units": []}})
    while not s.is_terminal:
        s = s.apply(s.chance_outcomes()[0][0] if s.is_chance else s.legal_actions()[0])
    with pytest.raises(InvalidInputError, match="over"):
        win_odds(s, 10)


def test_same_seed_same_games_and_the_largest_seed():
    a = simulate({}, 30, seed=MAX_SEED, engine="fast")
    b = simulate({}, 30, seed=MAX_SEED, engine="fast")
    assert a.tally == b.tally and a.games == 30
    with pytest.raises(InvalidInputError, match="seed"):
        simulate({}, 30, seed=MAX_SEED + 1)
    r = simulate({}, 2, seed=4, policy="random")
    assert r.engine == "reference" and sum(r.reasons().values()) == 2


def test_cli_text_and_json(capsys):
    code, out, _ = run(capsys, "--games", "40", "--seed", "3", "--difficulty", "1")
    assert code == 0 and "Skybooter, difficulty 1, solo" in out and "95% interval" in out
    code, out, _ = run(
        capsys, "--games", "40", "--seed", "3", "--difficulty", "1", "--horde", "animerk",
        "--deck", "Taulot", "--deck", "Kurumo", "--coop", "--json",
    )  # fmt: skip
    doc = json.loads(out)
    assert code == 0 and doc["games"] == 40 and 0 <= doc["p_win"] <= 1
    lo, hi = doc["p_win_95"]
    assert lo <= doc["p_win"] <= hi and sum(doc["endings"].values()) == 40


@pytest.mark.parametrize(
    "args",
    [
        ["--difficulty", "6"],
        ["--games", "0"],
        ["--games", str(MAX_GAMES + 1)],
        ["--seed", "-3"],
        ["--seed", str(MAX_SEED + 1)],
        ["--workers", "0"],
        ["--workers", str((os.cpu_count() or 1) + 1)],
        ["--horde", "Goblins"],
        ["--deck", "Liothan", "--deck", "Taulot"],
        ["--deck", "Nobody"],
        ["--bot", "genius"],
        ["--outsider", "Nobody"],
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("hordes-kit")
    assert "Traceback" not in err


def test_win_table_and_chart():
    table = win_table(("Skybooter", "Scaleson"), (1, 5), games=30, seed=1)
    assert table.height == 4 and set(table["horde"]) == {"Skybooter", "Scaleson"}
    for row in table.iter_rows(named=True):
        assert row["low95"] <= row["win_rate"] <= row["high95"] and row["games"] == 30
    fig = win_chart(table)
    assert len(fig.data) == 2 and fig.layout.yaxis.tickformat == ".0%"


def test_win_odds_from_a_position_reached_in_play():
    s = reach({}, "alliance", 2)
    assert s.phase == "alliance" and s.turn == 2
    r = win_odds(s, 50, seed=1)
    assert r.games == 50 and r.label.startswith("from turn 2")


NAMES = st.sampled_from(["Skybooter", "Animerk", "Scaleson", "Liothan", "Taulot", "x", ""])
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.text(max_size=8),
    NAMES,
    st.lists(NAMES, max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
KEYS = st.sampled_from(
    [
        "players",
        "mode",
        "difficulty",
        "hordes",
        "decks",
        "castle",
        "portal",
        "outsider",
        "limited",
        "empty_deck",
        "reactions",
        "mutaform_monster",
        "nonsense",
    ]
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(KEYS, VALUES, max_size=4))
def test_fuzzed_configs_make_a_game_or_a_clean_error(config):
    try:
        s = new_game(config)
    except HordesKitError:
        return
    assert not s.is_terminal and (s.is_chance or s.legal_actions())


UNIT = st.fixed_dictionaries(
    {"lane": st.integers(-1, 8), "card": st.sampled_from(["Skyboot Gunner", "Temple Guard", "?"])},
    optional={"hp": VALUES, "atk": VALUES, "owner": VALUES, "exhausted": VALUES},
)
POSITION = st.fixed_dictionaries(
    {},
    optional={
        "phase": st.sampled_from(["turn", "alliance", "treachery", "fight", "end", "x"]),
        "turn": VALUES,
        "castle": VALUES,
        "portal": st.sampled_from(["Portal I", "Portal III", "Nope"]),
        "rotation": VALUES,
        "mana": VALUES,
        "horde_deck": st.lists(st.sampled_from(["Broadside", "Cannon Volley", "Nope"]), max_size=4),
        "minions": st.dictionaries(
            st.sampled_from(["zephylite-minions", "vesp-minions", "nope"]), VALUES, max_size=2
        ),
        "units": st.lists(UNIT, max_size=3),
        "hands": VALUES,
        "bogus": VALUES,
    },
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(POSITION)
def test_fuzzed_positions_make_a_game_or_a_clean_error(position):
    try:
        s = new_game({"position": position})
    except HordesKitError:
        return
    for _ in range(30):  # a few steps from any accepted position run cleanly
        if s.is_terminal:
            break
        s = s.apply(s.chance_outcomes()[0][0] if s.is_chance else s.legal_actions()[0])
