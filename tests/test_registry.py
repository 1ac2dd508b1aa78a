"""The registry is how the kit finds a game: a game registered from outside the shared code
gets its commands, its card-file check, its benchmark and its place on the index page."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from demo_game import new_demo

from hordes_kit.cli import build_parser, check_data, main
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.registry import (
    SHELF,
    Dashboard,
    Game,
    Planned,
    get_game,
    register,
    registered_games,
    shelf,
    unregister,
)
from hordes_kit.ui.index import index_html

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def toy():
    game = register(
        Game(
            "toy",
            "Toy Dice",
            2,
            3,
            new_demo,
            tagline="A game nobody told the shared code about.",
            dashboards=(Dashboard("toy_play.ipynb", "Play a toy", "roll the toy die."),),
            cli="toy_cli",
            bench="toy_cli",
        )
    )
    yield game
    unregister("toy")


def run(capsys, *args):
    try:
        code = main(list(args))
    except SystemExit as e:  # argparse's own usage errors
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_a_registered_game_gets_its_commands(toy, capsys):
    code, out, _ = run(capsys, "odds", "toy", "--sides", "6", "--json")
    assert code == 0 and json.loads(out) == {"game": "toy", "exact": "1/6"}
    code, out, _ = run(capsys, "odds", "toy", "--sides", "4")
    assert code == 0 and out == "1 in 4\n"
    code, out, err = run(capsys, "odds", "toy", "--sides", "0")
    assert code == 2 and out == "" and err == "hordes-kit: --sides must be at least 1, got 0\n"
    code, out, _ = run(capsys, "shuffle", "toy")
    assert code == 0 and out == "shuffled\n"
    helps = build_parser().format_help()
    assert re.search(r"shuffle\s+shuffle a deck", helps)  # a new verb brings its own line
    assert helps.index("party") < helps.index("shuffle") < helps.index("check-data")


def test_the_parser_is_built_once_for_the_games_registered_now():
    """A process answering many command lines reuses its parser; registering a game, or
    taking it away, gives the next command line a parser that knows."""
    before = build_parser()
    assert build_parser() is before
    game = register(replace(get_game("the-horde"), name="toy-again"))
    try:
        with_toy = build_parser()
        assert with_toy is not before and build_parser() is with_toy
        assert "toy-again" in _odds_help(with_toy)
    finally:
        unregister(game.name)
    assert "toy-again" not in _odds_help(build_parser())


def _odds_help(parser) -> str:
    """``hordes-kit odds --help``: the games it lists."""
    return parser._subparsers._group_actions[0].choices["odds"].format_help()


def test_a_registered_game_gets_its_card_file_check(toy, tmp_path, capsys):
    good, bad = tmp_path / "mine.toy", tmp_path / "bad.toy"
    good.write_text("ok")
    bad.write_text("bad")
    assert check_data(str(good)) == [f"OK: toy cards {good}"]
    code, out, err = run(capsys, "check-data", str(bad))
    assert code == 2 and err == f"hordes-kit: {bad}, card 'bad': not a toy card\n"
    plain = tmp_path / "cards.txt"
    plain.write_text("ok")
    with pytest.raises(HordesKitError, match=r"a The Horde data folder, or a toy \.toy\)"):
        check_data(str(plain))
    assert check_data(str(plain), game="toy") == [f"OK: toy cards {plain}"]


def test_check_data_game_option_skips_the_guess(capsys):
    setup = ROOT / "data" / "the_horde" / "setup.toml"
    # a file The Horde names beats any .toml being Fantahzee's
    assert check_data(str(setup))[0].startswith("OK: The Horde data in ")
    code, out, _ = run(capsys, "check-data", str(setup), "--game", "the-horde")
    assert code == 0 and out.startswith("OK: The Horde data in ")
    # the same file read as a Fantahzee card file: that game's own one-line error
    code, out, err = run(capsys, "check-data", str(setup), "--game", "fantahzee")
    assert code == 2 and out == "" and err.startswith(f"hordes-kit: {setup}")
    assert err.count("\n") == 1
    code, _, err = run(capsys, "check-data", str(setup), "--game", "chess")
    assert code == 2 and "invalid choice: 'chess'" in err and err.count("\n") == 1


def test_a_registered_game_gets_its_benchmark_and_index_entry(toy, capsys):
    toy.bench_module().run()
    assert capsys.readouterr().out == "toy bench: 1 figure\n"
    page = index_html()
    assert page.index("<h2>Heroes &amp; Hordes</h2>") < page.index("<h2>Toy Dice</h2>")
    assert '<a href="toy_play.ipynb" target="_self">Play a toy</a>' in page


def test_the_index_lists_the_five_games_in_shelf_order_with_every_page():
    page = index_html()
    titles = re.findall(r"<h2>(.*?)</h2>", page)
    assert titles == [
        "Fantahzee: Hordes &amp; Heroes",
        "Skytear Horde",
        "Shadows: Heroes &amp; Monsters",
        "The Horde",
        "Heroes &amp; Hordes",
        "For every game",  # the kit's own pages (KIT_PAGES): the rule lookup
    ]
    assert page.count("Not built yet.") == sum(isinstance(g, Planned) for g in SHELF)
    # a first lesson is its walkthrough page opened at the lesson (?scenario=...)
    listed = {h.split("?")[0] for h in re.findall(r'href="([^"]+)"', page)}
    on_disk = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} - {"index.ipynb"}
    assert listed == on_disk  # every dashboard is on the index, and every link works


def test_every_built_game_declares_its_commands_and_benchmark():
    built = [g for g in shelf() if isinstance(g, Game)]
    assert {g.name for g in built} == {
        "fantahzee",
        "skytear",
        "the-horde",
        "heroes-hordes",
        "shadows",
    }
    for g in built:
        assert g.tagline, g.name
        assert g.dashboards, g.name  # a built game has its pages
        assert g.cli_module().COMMANDS and callable(g.bench_module().run), g.name
        assert g.cli_module().DATA.kind, g.name
    assert {g.name for g in registered_games()} >= {g.name for g in built}


def test_the_registry_and_the_command_import_nothing_heavy():
    code = (
        "import sys\n"
        "from hordes_kit.core.registry import registered_games, shelf\n"
        "shelf(); registered_games()\n"
        "from hordes_kit.cli import build_parser\n"
        "build_parser()\n"
        "heavy = {'numba', 'numpy', 'polars', 'plotly', 'ipywidgets'} & set(sys.modules)\n"
        "print(sorted(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "[]\n"


def test_every_fast_simulator_is_declared_so_the_server_compiles_it_at_start():
    """A game with a numba fast simulator names it (``Game.fastsim``): `hordes-kit serve`
    compiles each into numba's cache while it starts, and the test run compiles each once."""
    import importlib

    package = Path(importlib.import_module("hordes_kit").__file__).parent
    for g in registered_games():
        has_one = (package / g.data_dir / "fast" / "sim.py").is_file()
        assert bool(g.fastsim) == has_one, g.name
        if g.fastsim:
            # its entry, or the module that plays on from positions and warms both
            assert g.fastsim.startswith(f"hordes_kit.{g.data_dir}.fast."), g.name
            assert callable(importlib.import_module(g.fastsim).warm_up), g.name
    from hordes_kit.serve.server import _warm_up

    assert "g.fastsim" in inspect.getsource(_warm_up)
