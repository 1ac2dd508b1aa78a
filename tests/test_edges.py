"""The kit's edges (issue "Hardening", parts 2 and 3): card files, data folders, save files.

One test per class of damaged input: each gets one clear error naming the input (or is
read correctly), at once, and nothing in a game in progress changes.
"""

from __future__ import annotations

import json
import os
import shutil
import threading

import pytest

from hordes_kit.cli import main
from hordes_kit.core.errors import CardDataError, HordesKitError, SaveFileError
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.fantahzee.cards import CARDS_FILE as FZ_CARDS
from hordes_kit.fantahzee.cards import load_cards as fz_load
from hordes_kit.heroes_hordes.cards import CARDS_FILE as HH_CARDS
from hordes_kit.heroes_hordes.cards import load_cards as hh_load
from hordes_kit.the_horde.cards import DATA_DIR as TH_DIR
from hordes_kit.the_horde.cards import load_data as th_load

FZ_TEXT = FZ_CARDS.read_text(encoding="utf-8")
HH_TEXT = HH_CARDS.read_text(encoding="utf-8")


def finishes(fn, seconds: float = 20.0):
    """Run ``fn`` in a daemon thread; its result or exception, or fail when it hangs."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"still running after {seconds} s"
    if "error" in out:
        raise out["error"]
    return out["value"]


def check(path, capsys) -> tuple[int, str]:
    """``hordes-kit check-data PATH``: exit code and what it printed (stdout + stderr)."""
    code = main(["check-data", str(path)])
    got = capsys.readouterr()
    return code, got.out + got.err


def refused(path, capsys, *words: str) -> str:
    """check-data refuses ``path`` in one line naming it (and ``words``), no traceback."""
    code, out = finishes(lambda: check(path, capsys))
    assert code == 2, out
    line = out.strip()
    assert "\n" not in line and line.startswith("hordes-kit: "), out
    assert os.path.basename(str(path))[-50:] in line, line
    for w in words:
        assert w in line, line
    return line


# --- part 2: card and data files ------------------------------------------------------------


def test_encodings_are_read_strictly_with_one_clear_error(tmp_path, capsys):
    latin = tmp_path / "latin1.toml"
    latin.write_bytes(FZ_TEXT.replace("Paladin", "Paladín").encode("latin-1", "replace"))
    assert "not UTF-8 text: byte 0xed at offset" in refused(latin, capsys)
    junk = tmp_path / "junk.csv"
    junk.write_bytes(bytes(range(256)) * 4)
    refused(junk, capsys, "junk.csv")
    utf16 = tmp_path / "utf16.csv"
    utf16.write_bytes(HH_TEXT.encode("utf-16"))
    refused(utf16, capsys, "not UTF-8")
    nul = tmp_path / "nul.toml"
    nul.write_text(FZ_TEXT.replace("Paladin", "Pala\0din"))
    refused(nul, capsys, "control character")
    # a UTF-8 BOM (what spreadsheet programs write) is accepted, in CSV and TOML alike
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + HH_TEXT.encode())
    assert check(bom, capsys)[0] == 0
    bom_toml = tmp_path / "bom.toml"
    bom_toml.write_bytes(b"\xef\xbb\xbf" + FZ_TEXT.encode())
    assert check(bom_toml, capsys)[0] == 0


def test_numbers_are_ascii_digits_in_a_sane_range(tmp_path, capsys):
    cases = [
        (
            "sup.csv",
            HH_TEXT.replace("Dwarf Lord,D,8,1", "Dwarf Lord,D,8,²"),
            "Dwarf Lord",
            "copies",
        ),
        (
            "arabic.csv",
            HH_TEXT.replace("Dwarf Lord,D,8,1", "Dwarf Lord,D,٨,1"),
            "Dwarf Lord",
            "strength",
        ),
        (
            "digits.csv",
            HH_TEXT.replace("Dwarf Lord,D,8,1", "Dwarf Lord,D," + "9" * 5000 + ",1"),
            "Dwarf Lord",
            "strength",
        ),
        ("digits.toml", FZ_TEXT.replace("copies = 3", "copies = " + "9" * 5000, 1), None, None),
        (
            "copies.toml",
            FZ_TEXT.replace("copies = 3", "copies = 1000000000", 1),
            "Paladin",
            "copies",
        ),
        (
            "effect.toml",
            FZ_TEXT.replace('"steam 4"', '"steam ²"', 1),
            "Steamsmith",
            "effects",
        ),
    ]
    for name, text, card, field in cases:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        line = refused(path, capsys)
        assert len(line) < 400, line  # the 5,000 digits are not echoed back
        if card:
            assert f"card {card!r}, field {field!r}" in line, line
    th = tmp_path / "th"
    shutil.copytree(TH_DIR, th)
    recruit = th / "recruit.csv"
    recruit.write_text(recruit.read_text().replace("Cow,10,3,V", "Cow,10,³,V"))
    assert "card 'Cow', field 'cost'" in refused(th, capsys)


def test_huge_fields_and_deep_nesting_are_refused(tmp_path, capsys):
    long = tmp_path / "long.csv"
    long.write_text(HH_TEXT.replace("Dwarf Lord,D,8,1,", "Dwarf Lord,D,8,1," + "a" * 131_073))
    refused(long, capsys, "line 2", "longer than")
    note = tmp_path / "note.csv"
    note.write_text(HH_TEXT.replace("Dwarf Lord,D,8,1,", "Dwarf Lord,D,8,1," + "a" * 5000))
    refused(note, capsys, "'Dwarf Lord'", "'note'")
    deep = tmp_path / "deep.toml"
    deep.write_text(FZ_TEXT + "\nx = " + "[" * 100_000 + "]" * 100_000 + "\n")
    refused(deep, capsys, "nested deeper than")
    tables = tmp_path / "tables.toml"
    tables.write_text(FZ_TEXT + "\n[" + ".".join(["a"] * 5000) + "]\n")
    refused(tables, capsys, "nested deeper than")


def test_only_a_regular_file_under_the_size_limit_is_read(tmp_path, capsys):
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(CardDataError, match="is a folder, not a file"):
        finishes(lambda: fz_load(folder))
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    refused(fifo, capsys, "pipe")  # at once: nothing waits for a writer
    with pytest.raises(CardDataError, match="is a device"):
        finishes(lambda: fz_load("/dev/zero"))
    with pytest.raises(CardDataError, match="is a device"):
        finishes(lambda: hh_load("/dev/urandom"))
    big = tmp_path / "big.toml"
    big.write_text(FZ_TEXT + ("# padding\n" * 500_000))
    refused(big, capsys, "larger than the limit of 4,194,304 bytes")
    refused(tmp_path / ("a" * 5000 + ".toml"), capsys, "longer than 4096")
    refused(tmp_path / "missing.toml", capsys, "file not found")
    with pytest.raises(CardDataError, match="NUL"):
        fz_load(str(tmp_path / "a\0b.toml"))


def test_check_data_says_ok_only_when_a_game_starts_and_plays(tmp_path, capsys, monkeypatch):
    boss = 'level = "boss"'
    assert FZ_TEXT.count(boss) == 5
    no_boss = tmp_path / "no-boss.toml"
    no_boss.write_text(FZ_TEXT.replace(boss, "level = 2"))
    refused(no_boss, capsys, "0 Boss monsters")
    eight = tmp_path / "eight.toml"
    eight.write_text(FZ_TEXT.replace(boss + "\ncopies = 1", boss + "\ncopies = 2", 3))
    refused(eight, capsys, "8 Boss monsters")
    th = tmp_path / "th"
    shutil.copytree(TH_DIR, th)
    setup = th / "setup.toml"
    setup.write_text(setup.read_text().replace("Grimthwacker = 4\n", ""))
    refused(th, capsys, "'defender'", "missing")
    # a file every static check passes, whose game still breaks: check-data plays one
    from hordes_kit.fantahzee import flow

    ok = tmp_path / "ok.toml"
    ok.write_text(FZ_TEXT)
    assert check(ok, capsys)[0] == 0

    def broken(s, player):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(flow, "begin_turn", broken)
    refused(ok, capsys, "fails at move", "ZeroDivisionError")


def test_two_names_that_make_the_same_card_id_are_an_error(tmp_path):
    cases = [
        (HH_TEXT + "King!,M,8,1,-\n", "King!", "'King'"),
        (HH_TEXT + "Trolls,G,3,2,-\nTrolls 2,G,3,1,-\n", "Trolls 2", "'Trolls'"),
        (FZ_TEXT + '[[action]]\nname = "PALADIN"\n', "PALADIN", "'Paladin'"),
    ]
    for i, (text, card, other) in enumerate(cases):
        path = tmp_path / f"dup{i}.{'csv' if ',' in text[:20] else 'toml'}"
        path.write_text(text)
        load = hh_load if path.suffix == ".csv" else fz_load
        with pytest.raises(CardDataError) as e:
            load(path)
        assert e.value.card == card and e.value.field == "name" and other in str(e.value)
    th = tmp_path / "th"
    shutil.copytree(TH_DIR, th)
    horde = th / "horde.csv"
    horde.write_text(horde.read_text() + "Cow,1,1,,\n")
    with pytest.raises(CardDataError, match="same card id as the recruit card 'Cow'"):
        th_load(th)


def test_checking_a_list_is_linear(tmp_path):
    th = tmp_path / "th"
    shutil.copytree(TH_DIR, th)
    rows = "".join(f"Card {i},1,1,V,-,0,,\n" for i in range(40_000))
    recruit = th / "recruit.csv"
    recruit.write_text(recruit.read_text() + rows + "Card 7,1,1,V,-,0,,\n")
    # a list.count in a loop took 18 s to find the duplicate at the end; now the rows are
    # counted while they are read and the 501st is refused before any card is made
    with pytest.raises(CardDataError, match="line 502: more than 500 rows"):
        finishes(lambda: th_load(th), seconds=15)
    recruit.write_text(recruit.read_text().rsplit("Card 7,", 1)[0])
    with pytest.raises(CardDataError, match="more than 500 rows"):
        finishes(lambda: th_load(th), seconds=15)


# --- part 3: save files ---------------------------------------------------------------------


def save(game: str, config: dict, history=(), fmt: str = "hordes-kit-save/2") -> str:
    return json.dumps({"format": fmt, "game": game, "config": config, "history": list(history)})


def test_a_save_is_validated_whole_before_the_board_changes():
    from hordes_kit.ui.fantahzee.board import FZBoard

    board = FZBoard(players=3, seed=1)
    before = board.state
    # no players: the game's own reading of the config (2 players) is what the board keeps
    assert board.load_text(save("fantahzee", {}, fmt="hordes-kit-save/1"))
    assert board.config["players"] == 2 and board.state.num_players == 2
    board.act(board.state.legal_actions()[0])  # later moves work
    assert "hk-error" not in board.message.value and len(board.state.history) > 0
    before = board.state
    stack = {"top": "", "l1": 1, "l2": 1, "boss": True}
    position = {"seats": [{}, {}], "stacks": [stack] * 5}
    bad = [
        {"players": 2, "position": position | {"stacks": [stack | {"l1": -10}] * 5}},
        {"players": 2, "position": position | {"stacks": [stack | {"l2": -100_000_000}] * 5}},
        {"players": 2, "position": position | {"stacks": [stack | {"l1": 10**9}] * 5}},
        {"players": 2, "position": position | {"doom": -1}},
        {"players": 2, "position": position | {"player": 7}},
        {"players": 2, "position": position | {"seats": [{"party": [{"hero": ["x"]}]}, {}]}},
        {"players": "2"},
        {"players": 2, "names": 5},
        {"players": 2, "distinct_values": "no"},
    ]
    for config in bad:
        with pytest.raises(SaveFileError):
            finishes(lambda c=config: load_save(save("fantahzee", c)), seconds=10)
        assert not board.load_text(save("fantahzee", config))
        assert board.state is before and "Your game is unchanged" in board.message.value
    for config in ({"loss_at": "x"}, {"copies": 2.5}, {"sudden_defeat": 10**6}):
        with pytest.raises(SaveFileError):
            load_save(save("heroes-hordes", config))
    with pytest.raises(SaveFileError, match="dizzy"):
        load_save(save("the-horde", {"dizzy": "yes"}))
    assert load_save(save("fantahzee", {"players": 2, "position": position}))[1].line


def test_a_save_never_names_a_file_on_the_server(tmp_path, monkeypatch):
    real = tmp_path / "secret.toml"
    real.write_text(FZ_TEXT)
    messages = []
    for path in (str(real), str(tmp_path / "nothing-here.toml")):
        for fmt in ("hordes-kit-save/1", "hordes-kit-save/2"):
            with pytest.raises(SaveFileError) as e:
                load_save(save("fantahzee", {"cards": path}, fmt=fmt))
            messages.append(str(e.value).replace(path, "PATH"))
    # the same words whether the path exists or not: nothing tells what is on the server
    assert messages[:2] == messages[2:]
    opened = []
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a) or 1 / 0)
    old = [
        ("fantahzee", {"players": 2, "cards": "/dev/zero"}),
        ("heroes-hordes", {"cards_file": "/root/.ssh/id_rsa"}),
        ("the-horde", {"data_dir": "/etc"}),
    ]
    for game, config in old:
        with pytest.raises(SaveFileError, match="no longer opens a file named in a save"):
            load_save(save(game, config, fmt="hordes-kit-save/1"))
        with pytest.raises(SaveFileError):
            load_save(save(game, config))
    with pytest.raises(SaveFileError):
        load_save(save("the-horde", {"data": {"recruit.csv": "/etc/passwd"}}))
    assert opened == []
    monkeypatch.undo()
    # format 1 files without a path still load; a player's own cards travel inside the save
    old = [
        ("fantahzee", {"players": 2}),
        ("heroes-hordes", {"copies": None, "cards_file": "", "loss_at": 4, "sudden_defeat": 5}),
        ("the-horde", {"data_dir": "", "dizzy": True}),
    ]
    for game, config in old:
        assert load_save(
            save(game, config, ["first:1"][: game == "fantahzee"], "hordes-kit-save/1")
        )
    mine = FZ_TEXT.replace("strength = 4", "strength = 5", 1)
    from hordes_kit.fantahzee import new_game

    state = new_game({"players": 2, "cards": mine}).apply("first:1")
    config, again = load_save(dump_save("fantahzee", {"players": 2, "cards": mine}, state))
    assert config["cards"] == mine and again.history == ("first:1",)


def test_deep_huge_and_non_json_saves_are_refused_whole():
    good = save("heroes-hordes", {})
    bad = [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "hordes-kit-save/2", "x": ' + "[" * 50 + "]" * 50 + "}",
        good[:-1] + ', "padding": "' + "x" * (7 * 1024 * 1024) + '"}',
        b"\xff\xfe" + good.encode("utf-16-le"),
        bytes(range(256)),
        good.replace("{}", '{"copies": NaN}'),
        good.replace('"history": []', '"history": ["' + "x" * 1000 + '"]'),
        good.replace('"history": []', '"history": ' + json.dumps(["draw"] * 40_000)),
        good[:-1] + ', "extra": 1}',
        save("heroes-hordes", {"copies": 10**400}),
        good.replace("{}", '{"copies": ' + "9" * 5000 + "}"),
    ]
    for text in bad:
        with pytest.raises(SaveFileError) as e:
            finishes(lambda t=text: load_save(t), seconds=10)
        assert str(e.value).startswith("save file: ") and len(str(e.value)) < 600
    with pytest.raises(HordesKitError):
        load_save(save("heroes-hordes", {"copies": None, "cards": HH_TEXT.replace("8", "x")}))
