"""The command line at its edges: every argument has a range checked before any work,
memory does not grow with --games, a reader that leaves early is not an error, and no
input ends in a traceback (property-based: hypothesis builds the command lines)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hordes_kit.cli import build_parser, main
from hordes_kit.core.args import int_in
from hordes_kit.core.montecarlo import MAX_SEED, check_run, map_chunks, run_games, stream_chunks
from hordes_kit.core.registry import registered_games

pytestmark = pytest.mark.fast_simulators("the_horde")


def outcome(capsys, argv):
    """(exit status, stdout, stderr) of ``hordes-kit argv`` run in this process."""
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's usage errors and --help leave through exit()
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def _subparsers(parser: argparse.ArgumentParser, path=()):
    """Every (command path, parser) of the whole command tree."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _subparsers(sub, (*path, name))


COMMANDS = [(path, p) for path, p in _subparsers(build_parser()) if len(path) >= 2]


def test_every_command_of_every_game_is_covered():
    names = {path[1] for path, _ in COMMANDS if path[0] != "check-data"}
    assert {"fantahzee", "the-horde", "heroes-hordes", "shadows"} <= names
    assert {g.name for g in registered_games() if g.cli} <= names


@pytest.mark.parametrize("path,parser", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_number_argument_has_a_documented_range(path, parser):
    """No bare ``type=int``: each number goes through ``int_in`` and says its range."""
    for action in parser._actions:
        if action.type is int:
            pytest.fail(f"{' '.join(path)} {action.option_strings}: type=int has no range")
        if getattr(action.type, "__name__", "") == "whole number":
            assert action.help and any(ch.isdigit() for ch in action.help), action.option_strings


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "the-horde", "--games", "1000000000000"],
        ["simulate", "heroes-hordes", "--games", "-1"],
        ["simulate", "shadows", "--heroes", "Eras,Rolan", "--games", "99999999999"],
        ["simulate", "the-horde", "--seed", str(2**64)],
        ["simulate", "heroes-hordes", "--seed", "-1"],
        ["simulate", "the-horde", "--workers", "1000"],
        ["simulate", "the-horde", "--workers", "0"],
        ["simulate", "the-horde", "--games", "1" * 5000],
        ["simulate", "the-horde", "--games", "١٢"],
        ["party", "fantahzee", "--heroes", "Alchemist", "--rolls-left", "-3", "--showing", "6"],
        ["party", "fantahzee", "--heroes", "Alchemist", "--steam", "-5"],
        ["party", "fantahzee", "--heroes", "Alchemist", "--showing", ",".join(["6"] * 40)],
        [
            "party",
            "fantahzee",
            "--heroes",
            "Alchemist,Sergeant,Paladin,Steam Brute,Knight Errant,Captain",
        ],
        ["odds", "fantahzee", "--dice", "²", "--rolls", "3", "--cost", "X"],
        ["odds", "fantahzee", "--dice", "5", "--rolls", "3", "--cost", "X" * 131_073],
        ["odds", "the-horde", "--level", "3", "--force", "1" * 4000],
        ["check-data", "a" * 5000],
        ["check-data", "bad\0name"],
    ],
)
def test_out_of_range_arguments_are_refused_in_one_line_before_any_work(capsys, argv):
    code, out, err = outcome(capsys, argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 700  # a 131,073-character argument is not echoed whole


def test_the_largest_seed_plays_on_the_fast_simulator(capsys):
    code, out, _ = outcome(
        capsys, ["simulate", "the-horde", "--games", "3", "--seed", str(MAX_SEED), "--json"]
    )
    assert code == 0 and '"games": 3' in out


def test_workers_are_capped_at_the_machines_cores():
    cores = os.cpu_count() or 1
    check_run(10, 0, cores)
    with pytest.raises(Exception, match=f"workers must be 1-{cores}"):
        check_run(10, 0, cores + 1)


def test_chunks_are_made_only_as_workers_take_them():
    made = []

    def chunks():
        for i in range(10**9):  # a list of these would not fit in memory
            made.append(i)
            yield i

    it = stream_chunks(abs, chunks(), workers=2)
    assert next(it) == 0
    assert len(made) <= 5  # 2 per worker in flight, and the one replacing the first
    it.close()
    parts = map_chunks(lambda c: [c], chunks(), 10**9)
    assert next(parts) == [0]


def test_a_stream_left_early_shuts_its_workers_down():
    """A consumer that stops after the first result: the pool finishes the chunks in flight
    and shuts down (cancelling them hung the shutdown for good on Python 3.11.0-3.11.2,
    Debian 12's: one time in four here)."""
    import threading

    def leave_early():
        for _ in range(8):
            it = stream_chunks(abs, iter(range(100)), workers=2)
            assert next(it) == 0
            it.close()

    worker = threading.Thread(target=leave_early, daemon=True)
    worker.start()
    worker.join(120)
    assert not worker.is_alive(), "a pool left early did not shut down"


def _trivial(index, rng):
    return index % 3


def test_memory_does_not_grow_with_the_number_of_games():
    """Results are folded as they come: 10x the games, about the same peak memory."""

    def peak(games: int) -> int:
        tracemalloc.start()
        total = sum(run_games(_trivial, games, seed=1, chunk=100))
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert total == sum(i % 3 for i in range(games))
        return top

    small, large = peak(10_000), peak(100_000)
    assert large < 2 * small + 100_000, (small, large)


def test_a_reader_that_leaves_early_is_not_an_error():
    """``hordes-kit ... | head -1``: exit 0, nothing on stderr (no BrokenPipeError)."""
    cmd = [
        sys.executable,
        "-m",
        "hordes_kit",
        "odds",
        "fantahzee",
        "--showing",
        "6,6,5,5,4,3,2,1",
        "--rolls-left",
        "2",
        "--cost",
        "XX",
        "--cost",
        "XXX",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # the reader leaves before the command has printed everything
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0 and err == ""


# --- property-based: command lines hypothesis builds from the real parser's options ---

_VALUES = st.one_of(
    st.integers(-3, 12).map(str),
    st.sampled_from(
        ["", "0", "-1", "2", "99999999999999999999", "1e3", "²", "١", "X", "XX + XXX", "6,6,4"]
    ),
    st.sampled_from(["Eras,Rolan", "Alchemist,Sergeant", "Warlord,Goblins", "Dwarf Lord"]),
    st.text(max_size=30),
)
_SIMULATE_GAMES = st.sampled_from(["0", "1", "2", "-5", "10000000000", "x"])
_OUT = st.sampled_from(["-", "", ".", "/", "/proc/s.html", "/no-such-folder/s.html", "a\0b"])


@st.composite
def command_lines(draw):
    path, parser = draw(st.sampled_from([c for c in COMMANDS if c[0][0] != "check-data"]))
    argv = list(path)
    options = [a for a in parser._actions if a.option_strings and a.dest != "help"]
    for action in draw(st.lists(st.sampled_from(options), max_size=6)) if options else []:
        flag = action.option_strings[-1]
        if action.nargs == 0:
            argv.append(flag)
        elif action.choices:
            argv += [flag, draw(st.sampled_from([*map(str, action.choices), "nope"]))]
        elif action.dest == "games":
            argv += [flag, draw(_SIMULATE_GAMES)]  # a valid run stays small
        elif action.dest == "out":
            argv += [flag, draw(_OUT)]  # never a file of the working folder
        else:
            argv += [flag, draw(_VALUES)]
    if path[0] == "simulate" and "--games" not in argv:
        argv += ["--games", "2"]
    if path[0] == "simulate" and path[1] in ("the-horde", "heroes-hordes", "skytear"):
        argv += ["--engine", "reference"]  # a reference game of these takes a few ms
    if path[0] == "simulate" and path[1] == "fantahzee":
        # a reference Fantahzee game takes about a second of CPU (16 of them were half of
        # this test's time): the fast engine plays the same games in milliseconds, and the
        # command line is read the same way for either
        argv += ["--engine", "fast"]
    return argv


@pytest.fixture
def small_sheets(monkeypatch):
    """`sheet skytear` as the command line makes it, from 40 games a cell instead of 1,000
    (15,000 games, 9 s of CPU here: the sheet's numbers are test_sheets.py's to check;
    this test reads the command line). The sheets made are forgotten after the test."""
    from hordes_kit.core import sheet as core_sheet
    from hordes_kit.skytear import sheet as skytear_sheet

    win_rows = skytear_sheet.win_rows
    monkeypatch.setattr(skytear_sheet, "win_rows", lambda: win_rows(40))
    monkeypatch.setattr(core_sheet, "_MADE", {})


@pytest.mark.fast_simulators("skytear", "fantahzee")  # `sheet skytear`, `simulate fantahzee`
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=command_lines())
def test_any_command_line_answers_or_says_what_is_wrong_in_one_line(capsys, small_sheets, argv):
    code, out, err = outcome(capsys, argv)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    else:
        assert out and err == ""


def test_int_in_reads_ascii_digits_only():
    parse = int_in(0, 10)
    for bad in ("²", "١", "1_0", " ", "0x5", "5.0", "1" * 5000):
        with pytest.raises(argparse.ArgumentTypeError):
            parse(bad)
    assert parse(" 7 ") == 7 and parse("+3") == 3


# --- issue 40, part 5: the last edges ---------------------------------------------------------


def _kit(*argv, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hordes_kit", *argv], capture_output=True, text=True, **kw
    )


def test_output_to_a_full_disk_is_one_line_and_exit_1():
    """``hordes-kit ... > /dev/full``: the output could not be written, in one line (it
    was "unexpected OSError ... a bug in the kit")."""
    from hordes_kit.skytear.cards import CARDS_FILE

    for argv in (["check-data", str(CARDS_FILE)], ["sheet", "the-horde"]):
        with open("/dev/full", "w") as full:
            proc = subprocess.run(
                [sys.executable, "-m", "hordes_kit", *argv],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=120,
            )
        assert proc.returncode == 1, proc.stderr
        assert proc.stderr == (
            "hordes-kit: the output could not be written (No space left on device)\n"
        ), proc.stderr


@pytest.mark.parametrize(
    "argv, words",
    [
        (["lab", "the-horde", "policies", "--games", "10", "--scheduler", "tcp://[::1"], "IPv6"),
        (
            ["lab", "the-horde", "policies", "--games", "10", "--scheduler", "tcp://[nope]:1"],
            "IPv6",
        ),
        (["lab", "the-horde", "policies", "--games", "10", "--scheduler", "a_b:1"], "HOST:PORT"),
        (["serve", "--db", "~nouser-of-this-machine/x.db"], "no user 'nouser-of-this-machine'"),
    ],
)
def test_scheduler_and_database_paths_are_the_kits_own_errors(capsys, argv, words):
    code, out, err = outcome(capsys, argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert words in err and "unexpected" not in err, err


def test_sheet_out_writes_only_a_new_or_regular_file(capsys, tmp_path):
    """Never through a symbolic link, never into a device, a pipe or a system file."""
    from hordes_kit.core.outputs import write_out

    target = tmp_path / "theirs.txt"
    target.write_text("keep me")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    fifo = tmp_path / "pipe.html"
    os.mkfifo(fifo)
    for out, words in (
        (link, "symbolic link"),
        (fifo, "not a regular file"),
        ("/proc/self/mem", "system's files"),
        ("/dev/null", "not a regular file"),
    ):
        code, said, err = outcome(capsys, ["sheet", "the-horde", "--out", str(out)])
        assert code == 2 and said == "" and words in err and err.count("\n") == 1, err
    assert target.read_text() == "keep me" and link.is_symlink()
    new, old = tmp_path / "new.html", tmp_path / "old.html"
    old.write_text("an older sheet")
    write_out(str(new), "<p>new</p>")
    write_out(str(old), "<p>again</p>")
    assert new.read_text() == "<p>new</p>" and old.read_text() == "<p>again</p>"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "link.html",
        "new.html",
        "old.html",
        "pipe.html",
        "theirs.txt",
    ]  # no temporary file left behind


CTRL_C = """
import sys, time
from hordes_kit.core.montecarlo import stream_chunks

def slow(n):
    time.sleep(60)  # a chunk that would take a minute to finish
    return n

if __name__ == "__main__":
    try:
        for _ in stream_chunks(slow, iter(range(10**9)), workers=2):
            pass
    except KeyboardInterrupt:
        sys.exit(130)
"""


def test_ctrl_c_stops_the_worker_processes_at_once(tmp_path):
    """Ctrl-C during a run with workers: the chunks in flight are not waited for (a run
    of --games 1000000000 --workers 2 took 9-12 s to stop), and no worker prints a
    traceback."""
    import signal
    import time

    script = tmp_path / "run.py"
    script.write_text(CTRL_C)
    proc = subprocess.Popen(
        [sys.executable, str(script)],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches it
    )
    time.sleep(3)  # the pool is started and its workers are in their first chunks
    os.killpg(proc.pid, signal.SIGINT)
    try:
        err = proc.communicate(timeout=30)[1]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and "Traceback" not in err, err


_ADDRESS = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda scheme, host, port: f"{scheme}{host}:{port}",
        st.sampled_from(["", "tcp://", "tls://", "udp://", "tcp:/"]),
        st.sampled_from(["[::1]", "[::1", "::1", "[nope]", "a_b", "h", "10.0.0.2", "[", ""]),
        st.sampled_from(["8786", "0", "65536", "²", "", "99999999999"]),
    ),
)


@settings(max_examples=300, deadline=None)
@given(_ADDRESS)
def test_any_scheduler_address_is_checked_or_refused_by_the_kit(address):
    """What check_scheduler passes, Dask reads without a ValueError of its own."""
    from distributed.comm.addressing import parse_address, parse_host_port

    from hordes_kit.core.errors import InvalidInputError
    from hordes_kit.core.lab.cluster import check_scheduler

    try:
        checked = check_scheduler(address)
    except InvalidInputError:
        return
    scheme, loc = parse_address(checked if "://" in checked else "tcp://" + checked)
    parse_host_port(loc)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60) | st.sampled_from(["~", "~/x", "~root/x", "~nouser/x", "~/../x"]))
def test_any_path_argument_is_read_or_refused_in_one_line(text):
    from hordes_kit.core.args import path_arg

    try:
        path_arg(text)
    except argparse.ArgumentTypeError as e:
        assert "\n" not in str(e)
