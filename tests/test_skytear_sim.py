"""Skytear Horde's Monte Carlo and command line on the rules engine: argument ranges checked
before any work, the text and JSON outputs, one-line errors with exit status 2; configs and
described positions fuzzed (a game or the kit's own error, never a crash). The fast
simulator's runs are in test_skytear_fast.py, so numba compiles once per test worker."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hordes_kit.cli import main
from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.montecarlo import MAX_SEED
from hordes_kit.skytear import new_game
from hordes_kit.skytear.simulate import MAX_GAMES, simulate, win_odds


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


def test_cli_text_and_json(capsys):
    code, out, _ = run(
        capsys, "--games", "4", "--seed", "3", "--difficulty", "1", "--engine", "reference"
    )
    assert code == 0 and "Skybooter, difficulty 1, solo" in out and "95% interval" in out
    code, out, _ = run(
        capsys, "--games", "3", "--seed", "3", "--difficulty", "1", "--horde", "animerk",
        "--deck", "Taulot", "--deck", "Kurumo", "--coop", "--json", "--engine", "reference",
    )  # fmt: skip
    doc = json.loads(out)
    assert code == 0 and doc["games"] == 3 and 0 <= doc["p_win"] <= 1
    lo, hi = doc["p_win_95"]
    assert lo <= doc["p_win"] <= hi and sum(doc["endings"].values()) == 3
    assert doc["engine"] == "reference" and doc["setup"] == "animerk, difficulty 1, co-op"


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
