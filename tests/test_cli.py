"""The hordes-kit command: exact answers, JSON, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from hordes_kit.cli import main
from hordes_kit.fantahzee.odds import advise_keep, success_probability
from hordes_kit.serve.server import voila_argv


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json_exact(capsys):
    code, out, _ = run(
        capsys, "odds", "fantahzee", "--dice", "5", "--rolls", "3", "--cost", "XXXXX", "--json"
    )
    doc = json.loads(out)
    assert code == 0
    assert Fraction(doc["exact"]) == Fraction(2783176, 60466176)
    assert doc["probability"] == pytest.approx(2783176 / 60466176)


def test_odds_several_costs_and_option(capsys):
    code, out, _ = run(
        capsys,
        "odds",
        "fantahzee",
        "--dice",
        "6",
        "--rolls",
        "3",
        "--cost",
        "XX",
        "--cost",
        "XX",
        "--distinct-values",
        "--json",
    )
    doc = json.loads(out)
    assert doc["costs"] == ["XX", "XX"] and doc["distinct_values"] is True
    assert Fraction(doc["exact"]) == success_probability(6, 3, ["XX", "XX"], distinct_values=True)


def test_odds_text_output(capsys):
    code, out, _ = run(capsys, "odds", "fantahzee", "--dice", "5", "--rolls", "3", "--cost", "XXXX")
    assert code == 0 and "29.08%" in out and "2197897/7558272" in out


def test_keep_advice_json(capsys):
    code, out, _ = run(
        capsys,
        "odds",
        "fantahzee",
        "--showing",
        "6,6,4,3,2",
        "--locked",
        "5",
        "--rolls-left",
        "2",
        "--cost",
        "XXX",
        "--json",
    )
    doc = json.loads(out)
    adv = advise_keep("6,6,4,3,2", "XXX", 2, locked="5")
    assert code == 0
    assert doc["best_keep"] == [6, 6] == list(adv.best.keep)
    assert Fraction(doc["exact"]) == adv.best.probability
    assert doc["locked"] == [5]
    assert len(doc["keeps"]) == len(adv.options) == 24
    assert [k["probability"] for k in doc["keeps"]] == sorted(
        (k["probability"] for k in doc["keeps"]), reverse=True
    )


def test_keep_advice_text(capsys):
    code, out, _ = run(
        capsys, "odds", "fantahzee", "--showing", "6,6,4,3,2", "--rolls-left", "2", "--cost", "XXX"
    )
    assert code == 0 and "Best: keep 6, 6" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--dice", "5", "--rolls", "3", "--cost", "XQ"], "unknown symbol 'Q'"),
        (["--dice", "3", "--rolls", "3", "--cost", "XX", "--cost", "XX"], "need 4 dice"),
        (["--dice", "0", "--rolls", "3", "--cost", "X"], "--dice: must be 1-10, got 0"),
        (["--dice", "11", "--rolls", "3", "--cost", "X"], "--dice: must be 1-10, got 11"),
        (["--dice", "5", "--rolls", "6", "--cost", "X"], "--rolls: must be 1-5, got 6"),
        (["--showing", "6,6,x", "--rolls-left", "1", "--cost", "X"], "malformed --showing"),
        (["--showing", "6,6,9", "--rolls-left", "1", "--cost", "X"], "9 is not a die face"),
        (["--showing", "6,6", "--cost", "X"], "needs --rolls-left"),
        (["--showing", "6,6", "--rolls-left", "1", "--dice", "5", "--cost", "X"], "does not match"),
        (["--dice", "five", "--rolls", "3", "--cost", "X"], "whole number 1-10, got 'five'"),
        (["--dice", "5", "--cost", "X"], "give --dice and --rolls"),
        (["--dice", "5", "--rolls", "3"], "required: --cost"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, args, message):
    try:
        code = main(["odds", "fantahzee", *args])
    except SystemExit as e:  # argparse's own usage errors leave through exit()
        code = e.code
    assert code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_subprocess_exit_code_and_no_traceback():
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "hordes_kit",
            "odds",
            "fantahzee",
            "--dice",
            "0",
            "--rolls",
            "3",
            "--cost",
            "X",
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("hordes-kit odds fantahzee: argument --dice: must be 1-10")
    assert "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1
    usage = subprocess.run(
        [sys.executable, "-m", "hordes_kit", "fly"], capture_output=True, text=True
    )
    assert usage.returncode == 2 and usage.stderr.count("\n") == 1


def test_serve_rejects_bad_port(capsys):
    code, _, err = run(capsys, "serve", "--port", "70000", "--no-browser")
    assert code == 2 and "--port: must be 1-65,535, got 70,000" in err


def test_serve_binds_localhost_and_culls_by_default():
    argv = voila_argv(8866, "127.0.0.1", False, 600)
    assert "--Voila.ip=127.0.0.1" in argv
    assert "--MappingKernelManager.cull_idle_timeout=600" in argv
    assert "--no-browser" in argv


def test_battle_heroes_hordes_json(capsys):
    code, out, _ = run(
        capsys,
        "battle",
        "heroes-hordes",
        "--horde",
        "Warlord,Goblins,Orks,Trolls,Ogre",
        "--heroes",
        "Dwarf Lord,Clansmen,Troll Slayer",
        "--json",
    )
    doc = json.loads(out)
    assert code == 0
    assert (doc["horde_force"], doc["hero_force"], doc["winner"]) == (46, 24, "horde")
    clansmen = next(c for c in doc["heroes"] if c["card"] == "Clansmen")
    assert {p["from"] for p in clansmen["parts"]} == {"strength", "Dwarf Lord", "vs Goblins"}


def test_battle_text_names_the_best_discard(capsys):
    code, out, _ = run(
        capsys,
        "battle",
        "heroes-hordes",
        "--horde",
        "Goblins,Orks,Kobolds",
        "--heroes",
        "Dwarf Lord,Clansmen,Troll Slayer,Citadel,Greybeards",
    )
    assert code == 0 and "Best discard: Troll Slayer, Greybeards" in out


def test_battle_unknown_card_suggests(capsys):
    code, _, err = run(capsys, "battle", "heroes-hordes", "--horde", "Warlrd", "--heroes", "King")
    assert code == 2 and "closest: Warlord" in err and err.count("\n") == 1


@pytest.mark.fast_simulators("heroes_hordes")
def test_simulate_json_and_workers(capsys):
    args = ["simulate", "heroes-hordes", "--policy", "greedy", "--games", "2000", "--seed", "4"]
    code, out, _ = run(capsys, *args, "--json")
    code2, out2, _ = run(capsys, *args, "--workers", "2", "--json")
    one, two = json.loads(out), json.loads(out2)
    assert code == code2 == 0 and one == two
    assert abs(one["p_win"] + one["p_tie"] + one["p_loss"] - 1) < 1e-9
    assert one["p_win_95"][0] <= one["p_win"] <= one["p_win_95"][1]
    assert one["engine"] == "fast"


def test_simulate_bad_policy(capsys):
    code, _, err = run(capsys, "simulate", "heroes-hordes", "--policy", "best", "--games", "5")
    assert code == 2 and "choose one of random, greedy, lookahead" in err


def test_odds_the_horde_json_and_text(capsys):
    code, out, _ = run(capsys, "odds", "the-horde", "--level", "6", "--force", "4", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["exact"] == "1/6" and abs(doc["probability"] - 1 / 6) < 1e-12
    code, out, _ = run(
        capsys,
        "odds",
        "the-horde",
        "--level",
        "5",
        "--force",
        "4",
        "--item-bonus",
        "3",
        "--next-gc-bonus",
        "2",
    )
    assert code == 0 and "battle force 9" in out and "100.00%" in out
    code, out, _ = run(capsys, "odds", "the-horde", "--level", "5", "--force", "4", "--dizzy")
    assert code == 0 and "no roll" in out and "0/1" in out


@pytest.mark.parametrize(
    "args,message",
    [
        (["odds", "the-horde", "--level", "x", "--force", "4"], "whole number 0-30, got 'x'"),
        (["odds", "the-horde", "--force", "4"], "required: --level"),
        (["odds", "the-horde", "--level", "99", "--force", "4"], "--level: must be 0-30"),
        (
            ["odds", "the-horde", "--level", "3", "--force", "4", "--dizzy", "--not-grimthwacker"],
            "Grimthwackers only",
        ),
        (["simulate", "the-horde", "--policy", "greedy"], "thrifty, defenders, balanced"),
        (["simulate", "the-horde", "--games", "0"], "--games: must be 1-1,000,000,000, got 0"),
    ],
)
def test_the_horde_bad_input_one_line_exit_2(capsys, args, message):
    try:
        code, out, err = run(capsys, *args)
    except SystemExit as e:  # argparse's own usage errors leave through exit()
        code = e.code
        out, err = capsys.readouterr()
    assert code == 2 and out == "" and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.fast_simulators("the_horde")
def test_simulate_the_horde_json_and_workers(capsys):
    args = ["simulate", "the-horde", "--policy", "balanced", "--games", "4000", "--seed", "4"]
    code, out, _ = run(capsys, *args, "--json")
    code2, out2, _ = run(capsys, *args, "--workers", "2", "--json")
    one, two = json.loads(out), json.loads(out2)
    assert code == code2 == 0 and one == two
    lo, hi = one["p_survive_95"]
    assert lo <= one["p_survive"] <= hi and one["engine"] == "fast"
    assert one["survival_curve"][0] == 1.0 and len(one["survival_curve"]) == 21
    code, out, _ = run(capsys, *args)
    assert code == 0 and "survive all 20 turns" in out


def test_party_fantahzee_json_text_and_errors(capsys):
    code, out, _ = run(capsys, "party", "fantahzee", "--heroes", "Knight Errant", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["heroes"] == ["Knight Errant"]
    assert doc["at_least"]["5"] == pytest.approx(float(success_probability(5, 3, "XXXX")))
    code, out, _ = run(
        capsys,
        "party",
        "fantahzee",
        "--heroes",
        "Steamsmith, Paladin, Steamasaur, Alchemist, Sergeant",
        "--showing",
        "6,5,4,3,2,1",
        "--rolls-left",
        "2",
    )
    assert code == 0 and out.startswith("Best move: activate Alchemist now")
    code, _, err = run(capsys, "party", "fantahzee", "--heroes", "Paladn")
    assert code == 2 and "closest: Paladin" in err and "Traceback" not in err


def _help_texts(parser, path=("hordes-kit",)):
    """Every ``--help`` of the command: the command's, each verb's, each game's."""
    import argparse

    yield " ".join(path), parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _help_texts(sub, (*path, name))


def test_every_help_text_is_in_plain_words():
    """A terminal shows no markup: no reStructuredText (``code``, *stars*, :roles:), no
    Python (2**63) and no argparse escape left over (95%% in a description, which argparse
    prints as written) in any help text a player reads."""
    from hordes_kit.cli import build_parser

    texts = dict(_help_texts(build_parser()))
    assert len(texts) > 20 and "hordes-kit lab the-horde" in texts
    assert texts["hordes-kit"].split("\n\n")[1].startswith("The hordes-kit command: odds")
    marks = ("`", "**", ":func:", ":class:", ":mod:", ".. ", "|br|", "%%")
    bad = [
        f"{where}: {line.strip()}"
        for where, text in texts.items()
        for line in text.splitlines()
        if any(m in line for m in marks)
    ]
    assert not bad, "\n".join(bad)
    # the lab's --games says what it counts: the question's own default, not 10,000
    lab = " ".join(texts["hordes-kit lab the-horde"].split())
    assert "(default: the question's own)" in lab and "10,000" not in lab
