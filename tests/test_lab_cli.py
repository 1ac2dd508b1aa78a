"""``hordes-kit lab``: answers in lines or JSON, the same numbers for any --workers, and
every bad input refused in one line (exit 2) before any game is played."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hordes_kit.cli import main

pytestmark = pytest.mark.fast_simulators("the_horde", "heroes_hordes", "skytear")  # fast games


def outcome(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_lab_answers_in_lines_and_json(capsys):
    code, out, err = outcome(capsys, ["lab", "the-horde", "policies", "--games", "800"])
    assert code == 0 and err == ""
    assert "800 games (seed 0)" in out and "Shipped: balanced" in out and "best" in out
    code, out, _ = outcome(
        capsys, ["lab", "the-horde", "policies", "--games", "800", "--json", "--workers", "2"]
    )
    rec = json.loads(out)
    assert rec["games"] == 800 and rec["seed"] == 0 and len(rec["rows"]) == 3
    # each field means what it says: the run's own seconds, the command that plays it again
    assert rec["seconds"] > 0
    assert rec["command"] == "hordes-kit lab the-horde policies --games 800 --seed 0"
    code, out1, _ = outcome(capsys, ["lab", "the-horde", "policies", "--games", "800", "--json"])
    assert json.loads(out1)["rows"] == rec["rows"]  # one process or two: the same numbers


def test_a_search_from_the_command_line(capsys):
    argv = ["lab", "the-horde", "best-policy", "--games", "200", "--candidates", "3", "--seed", "5"]
    code, out, err = outcome(capsys, argv)
    assert code == 0 and out.startswith("Is there a buying policy"), err
    assert "Best found (buys " in out and "): Buy in this order:" in out and "fresh games" in out
    assert "Candidate" not in out  # the winner is named by what it does
    assert "800 games (seed " in out  # 4 x 200 fresh games


def test_a_search_s_json_command_plays_the_same_search_again(capsys):
    """A search's --json names the games of its first round and its --candidates: the
    command it gives, run again, gives the same answer."""
    argv = ["lab", "the-horde", "best-policy", "--games", "100", "--candidates", "3", "--seed", "5"]
    code, out, err = outcome(capsys, [*argv, "--json"])
    rec = json.loads(out)
    assert code == 0 and err == "" and rec["games"] == 400  # the winner on 4 x 100 fresh games
    assert (
        rec["command"] == "hordes-kit lab the-horde best-policy --games 100 --seed 5 --candidates 3"
    )
    assert rec["first_games"] == 100 and rec["seconds"] > 0
    code, out, _ = outcome(capsys, [*rec["command"].split()[1:], "--json"])
    again = json.loads(out)
    assert code == 0 and again["rows"] == rec["rows"] and again["command"] == rec["command"]


@pytest.mark.fast_simulators("fantahzee")
def test_a_fantahzee_question_runs_on_the_fast_simulator(capsys):
    code, out, _ = outcome(capsys, ["lab", "fantahzee", "first-player", "--games", "2", "--json"])
    rec = json.loads(out)
    assert code == 0 and [r["choice"] for r in rec["rows"]] != []
    assert {r["choice"] for r in rec["rows"]} == {"First player", "Second player"}


@pytest.mark.parametrize(
    "argv",
    [
        ["lab", "the-horde", "policies", "--games", "0"],
        ["lab", "the-horde", "policies", "--games", "1000000001"],
        ["lab", "the-horde", "policies", "--seed", "-1"],
        ["lab", "the-horde", "policies", "--workers", "1000"],
        ["lab", "the-horde", "best-policy", "--candidates", "1"],
        ["lab", "the-horde", "best-policy", "--candidates", "65"],
        ["lab", "the-horde", "nope"],
        ["lab", "the-horde"],
        ["lab", "heroes-hordes", "best-policy", "--scheduler", "no port here"],
        ["lab", "heroes-hordes", "best-policy", "--scheduler", "tcp://h:70000"],
        ["lab", "heroes-hordes", "best-policy", "--scheduler", "x" * 500],
        ["lab", "fantahzee", "first-player", "--games", "١٢"],
    ],
)
def test_bad_input_is_refused_in_one_line(capsys, argv):
    code, out, err = outcome(capsys, argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err


def test_an_unreachable_cluster_is_said_in_one_line(capsys, monkeypatch):
    from hordes_kit.core.lab import cluster as lab_cluster

    monkeypatch.setattr(lab_cluster, "CONNECT_SECONDS", 0.5)
    argv = ["lab", "the-horde", "policies", "--games", "5", "--scheduler", "tcp://127.0.0.1:9"]
    code, out, err = outcome(capsys, argv)
    assert code == 2 and out == "" and "no Dask scheduler answered" in err
    assert err.count("\n") == 1


_QUESTION = st.sampled_from(
    [
        ("the-horde", "policies"),
        ("the-horde", "card-value"),
        ("the-horde", "table-rules"),
        ("the-horde", "best-policy"),
        ("heroes-hordes", "table-rules"),
        ("heroes-hordes", "best-policy"),
        ("skytear", "castle-value"),
        ("skytear", "best-policy"),
        ("the-horde", "¿"),
    ]
)
_OPTION = st.sampled_from(["--games", "--seed", "--workers", "--candidates", "--scheduler"])
_VALUE = st.one_of(
    st.sampled_from(["0", "1", "2", "-1", "3", "65", "1e3", "²", "", "tcp://h:0", "a b"]),
    st.text(max_size=20),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(q=_QUESTION, opts=st.lists(st.tuples(_OPTION, _VALUE), max_size=4))
def test_any_lab_command_line_answers_or_says_what_is_wrong(capsys, q, opts):
    argv = ["lab", *q]
    for flag, value in opts:
        if flag == "--scheduler" and value.count(":") == 1 and value.split(":")[1].isdigit():
            value = value.replace(":", "")  # never a real connection attempt here
        argv += [flag, value]
    if "--games" not in argv or argv[argv.index("--games") + 1] not in ("0", "1", "2", "3"):
        argv += ["--games", "2"]  # a valid run stays small (the last --games counts)
    code, out, err = outcome(capsys, argv)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    else:
        assert out and err == ""
