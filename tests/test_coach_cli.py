"""``hordes-kit coach GAME --position LINK_OR_SAVE``: the ranking from a link, an address
holding one or a save file; bad input is one line and exit 2; the position's reader
takes any text or file without a traceback (fuzz)."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from budget import sized
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hordes_kit.cli import main
from hordes_kit.core.coach_cli import open_position
from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.links import position_link
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import dump_save

pytestmark = pytest.mark.fast_simulators("heroes_hordes")
FUZZ = settings(
    max_examples=sized(150, 3000),
    deadline=timedelta(seconds=5),
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _position():
    """A Heroes & Hordes position with two moves (where to put a card)."""
    k = 0
    for s in play_steps(get_game("heroes-hordes").start({}), random.Random(1)):
        if not s.is_chance and not s.is_terminal and len(s.legal_actions()) > 1:
            k += 1
            if k > 3:
                return s
    raise AssertionError


STATE = _position()
LINK = position_link("heroes-hordes", {}, STATE)


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_link_an_address_and_a_save_give_the_ranking(capsys, tmp_path):
    save = tmp_path / "game.json"
    save.write_text(dump_save("heroes-hordes", {}, STATE))
    address = f"http://localhost:8866/voila/render/heroes_hordes_play.ipynb?position={LINK}"
    for where in (LINK, address, str(save)):
        assert open_position(where, "heroes-hordes")[1] == STATE
    code, out, err = run(capsys, "coach", "heroes-hordes", "--position", LINK)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("Coach for Player 1: the best moves by win chance")
    assert lines[1].startswith("1. Put ") and lines[2].startswith("2. Put ")
    assert "against the best on the same games" in lines[2]
    code, out, _ = run(capsys, "coach", "heroes-hordes", "--position", str(save), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["legal_moves"] == 2 and len(doc["moves"]) == 2
    assert {m["move"] for m in doc["moves"]} == set(STATE.legal_actions())
    assert doc["moves"][0]["win_low"] <= doc["moves"][0]["win"] <= doc["moves"][0]["win_high"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--position", "nonsense"], "neither a position link"),
        (["--position", "k1.00000000.eJyrVkrLz"], "this link: damaged"),
        (["--position", "/"], "is a folder"),
        (["--position", LINK, "--seconds", "0"], "--seconds: must be 1-600"),
        (["--position", LINK, "--seconds", "1e3"], "--seconds"),
        (["--position", "x" * 9000], "--position"),
        (["--position", "bad\x01"], "control character"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, words):
    code, out, err = run(capsys, "coach", "heroes-hordes", *args)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_a_position_of_another_game_is_refused(capsys):
    code, _, err = run(capsys, "coach", "fantahzee", "--position", LINK)
    assert code == 2 and "not 'fantahzee'" in err


def test_a_finished_game_has_nothing_to_coach(capsys, tmp_path):
    from hordes_kit.core.playout import playout
    from hordes_kit.heroes_hordes.bots import get_policy

    end = playout(STATE, random.Random(0), {0: get_policy("greedy")})
    save = tmp_path / "over.json"
    save.write_text(dump_save("heroes-hordes", {}, end))
    code, _, err = run(capsys, "coach", "heroes-hordes", "--position", str(save))
    assert code == 2 and "the game is over" in err


def _mutated(text: str) -> st.SearchStrategy[str]:
    def cut(data):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 20)))
        return text[:i] + data.draw(st.text(max_size=8)) + text[j:]

    return st.composite(lambda draw: cut(type("D", (), {"draw": staticmethod(draw)})))()


@FUZZ
@given(
    st.text(max_size=200)
    | _mutated(LINK)
    | _mutated("http://h/p?position=" + LINK)
    | st.binary(max_size=300)
)
def test_the_position_reader_takes_anything(tmp_path_factory, value):
    if isinstance(value, bytes):  # a file with these bytes
        path = tmp_path_factory.mktemp("f") / "save.json"
        path.write_bytes(value)
        value = str(path)
    try:
        _, state = open_position(value, "heroes-hordes")
    except HordesKitError as e:
        assert str(e) and "\n" not in str(e).strip()
    else:
        assert state.game == "heroes-hordes"
