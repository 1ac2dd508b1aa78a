"""A table on several devices (issue 15 part 1): the SQLite store, a page's seat at a
table, moves accepted only against the history they were made on, a restart that loses
nothing, and the address's codes and keys parsed with the kit's own errors (fuzzed)."""

from __future__ import annotations

import random
import sqlite3
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import HordesKitError, InvalidInputError
from hordes_kit.core.query import parse_query
from hordes_kit.core.registry import get_game
from hordes_kit.core.tables import TableError, TableSession, TableStore, parse_code
from hordes_kit.core.tables import store as store_mod
from hordes_kit.core.tables.codes import (
    CODE_LETTERS,
    new_code,
    new_secret,
    parse_seat,
    parse_secret,
    secret_hash,
)
from hordes_kit.fantahzee.bots import BOTS

STRONG = BOTS["strong"]
SEATS = [("Ana", "person"), ("Ben", "person"), ("Cy", "bot")]
CONFIG = {"players": 3, "names": ["Ana", "Ben", "Cy"]}


@pytest.fixture
def store(tmp_path):
    s = TableStore(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def _table(store):
    """A table where Ana decides first (the first player is drawn: Ben starts one game in
    three; when the bot Cy starts, it plays and Ana is next)."""
    for _ in range(50):
        ana, secret = TableSession.create(store, "fantahzee", CONFIG, SEATS, STRONG)
        ana.advance()
        if ana.my_turn():
            break
    ben, ben_secret, problem = TableSession.join(store, ana.code, STRONG, take=1)
    assert problem == "" and ben.seat == 1 and ben_secret
    return ana, secret, ben, ben_secret


def test_a_table_is_its_config_and_history_replayed_by_the_rules(store):
    ana, secret, ben, _ = _table(store)
    assert ana.seat == 0 and secret and store.seat_of(ana.code, secret) == 0
    assert ana.state.history == ben.state.history  # both pages replay the same game
    assert ana.my_turn() and not ben.my_turn() and ben.waiting_for() == "Waiting for Ana"
    # the database keeps the secret's hash only
    raw = sqlite3.connect(store.path).execute("SELECT secret FROM seats").fetchall()
    assert (secret_hash(secret),) in raw and all(secret not in str(r) for r in raw)
    # play the game out through the table, each page for its own seat
    rng = random.Random(3)
    pages = {0: ana, 1: ben}
    for _ in range(400):  # a few turns of every seat
        for p in pages.values():
            p.refresh()
        s = ana.state
        if s.is_terminal:
            break
        page = pages[s.current_player]
        assert page.my_turn() and not pages[1 - s.current_player].my_turn()
        other = pages[1 - s.current_player].play(s.legal_actions()[0])
        assert not other.ok  # not your turn: nothing written
        assert page.play(STRONG(s, rng)).ok
        page.advance()
    ana.refresh()
    assert ana.state.turn > 5
    back = get_game("fantahzee").replay(ana.info.config, [a for a, _ in store.moves(ana.code)])
    assert back == ana.state  # the database's history is the game


def test_a_move_lands_only_on_the_history_it_was_made_on(store):
    ana, secret, ben, _ = _table(store)
    phone, _, _ = TableSession.join(store, ana.code, STRONG, secret=secret)  # Ana twice
    assert phone.seat == 0
    first, second = ana.state.legal_actions()[:2]
    n = store.count(ana.code)
    assert ana.play(first).ok
    late = phone.play(second)  # made on the history before Ana's first move
    assert not late.ok and "landed first" in late.message
    assert store.count(ana.code) == n + 1 and phone.state == ana.state
    # Ben's page, behind by one move, says who moved
    ben.state, ben.movers = get_game("fantahzee").start(ben.info.config), []
    assert ben.refresh() == n + 1
    # two kernels writing move n at once: one row
    assert store.record(ana.code, n + 1, "x", 0) and not store.record(ana.code, n + 1, "y", 0)


def test_racing_writers_keep_exactly_one_move(tmp_path):
    path = tmp_path / "t.sqlite3"
    code = TableStore(path).create("fantahzee", CONFIG, SEATS)
    wins = []

    def write(i):
        s = TableStore(path)  # each thread its own connection, like each kernel
        wins.append(s.record(code, 0, f"move{i}", 0))

    threads = [threading.Thread(target=write, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False] * 7 + [True] and TableStore(path).count(code) == 1


def test_who_moved_first_is_said_in_words(store):
    ana, secret, ben, _ = _table(store)
    while not ana.state.is_terminal and ana.state.current_player != 1:
        assert ana.play(ana.state.legal_actions()[0]).ok
        ana.advance()
    bens_move = ben.refresh() and ben.state.legal_actions()[0]
    ben2, _, _ = TableSession.join(store, ana.code, STRONG)  # a spectator
    assert ben2.seat is None and "watching" in ben2.play(bens_move).message
    assert ben.play(bens_move).ok
    watcher_view = ben2.state
    ben2.refresh()
    assert ben2.state != watcher_view


def test_a_restart_loses_nothing(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = TableStore(path)
    ana, secret, ben, ben_secret = _table(store)
    assert ana.play(ana.state.legal_actions()[0]).ok
    history = ana.state.history
    store.close()
    again = TableStore(path)  # the server restarted: a new kernel, a new connection
    ana2, _, p = TableSession.join(again, ana.code, STRONG, secret=secret)
    ben2, _, q = TableSession.join(again, ana.code, STRONG, secret=ben_secret)
    assert (ana2.seat, ben2.seat, p, q) == (0, 1, "", "")
    assert ana2.state.history == ben2.state.history == history


def test_seats_cannot_be_taken_twice_or_by_a_wrong_key(store):
    ana, secret, ben, _ = _table(store)
    again, got, problem = TableSession.join(store, ana.code, STRONG, take=1)
    assert again.seat is None and got is None and "already taken" in problem
    bot, _, problem = TableSession.join(store, ana.code, STRONG, take=2)
    assert bot.seat is None and "played by the kit" in problem
    wrong, _, problem = TableSession.join(store, ana.code, STRONG, secret=new_secret())
    assert wrong.seat is None and "not for this table" in problem
    with pytest.raises(TableError, match="no table ZZZZZZ"):
        TableSession.join(store, "ZZZZZZ", STRONG)


def test_a_bad_table_is_refused_before_anything_is_written(store):
    with pytest.raises(TableError, match="2-5 players"):
        TableSession.create(store, "fantahzee", {"players": 9}, SEATS, STRONG)
    with pytest.raises(TableError, match="3 seats, not 2"):
        TableSession.create(store, "fantahzee", CONFIG, SEATS[:2], STRONG)
    with pytest.raises(InvalidInputError):
        store.create("fantahzee", CONFIG, [("", "person")])
    assert store._read("SELECT count(*) FROM tables") == [(0,)]


def test_the_store_is_bounded_and_versioned(tmp_path, monkeypatch):
    path = tmp_path / "t.sqlite3"
    store = TableStore(path)
    monkeypatch.setattr(store_mod, "MAX_TABLES", 3)
    monkeypatch.setattr(store_mod, "MAX_LINKS", 2)
    codes = [store.create("fantahzee", CONFIG, SEATS) for _ in range(5)]
    assert store._read("SELECT count(*) FROM tables") == [(3,)]
    with pytest.raises(TableError):
        store.table(codes[0])  # the least recently played went first
    ids = [store.shorten(f"position=k1.{i}") for i in range(3)]
    assert store.expand(ids[2]) == "position=k1.2"
    assert store.shorten("position=k1.2") == ids[2]  # the same query, the same id
    with pytest.raises(TableError, match="not kept"):
        store.expand(ids[0])
    store.close()
    sqlite3.connect(path).execute(
        "UPDATE meta SET value='99' WHERE key='schema'"
    ).connection.commit()
    with pytest.raises(TableError, match="another version"):
        TableStore(path)
    (tmp_path / "dir.sqlite3").mkdir()
    with pytest.raises(TableError, match="not a file"):
        TableStore(tmp_path / "dir.sqlite3")
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database" * 100)
    with pytest.raises(TableError, match="cannot be used"):
        TableStore(tmp_path / "junk.sqlite3")


def test_codes_read_as_players_type_them():
    code = new_code()
    assert len(code) == 6 and set(code) <= set(CODE_LETTERS)
    assert parse_code(f" {code.lower()} ") == code
    for bad in ("ABCDE", "ABCDEFG", "ABCDE1", "ABCDEI", "ABCDEO", "", "ÄBCDEF"):
        with pytest.raises(InvalidInputError, match="table code"):
            parse_code(bad)
    assert parse_seat("2", 3) == 1
    with pytest.raises(InvalidInputError, match="seats 1-3"):
        parse_seat("4", 3)
    with pytest.raises(InvalidInputError, match="damaged"):
        parse_secret(new_secret()[:-1])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_fuzz_the_address_of_a_table(text):
    from hordes_kit.ui.shared_table import TABLE_QUERY

    try:
        got = parse_query(text, TABLE_QUERY)
    except HordesKitError as e:
        assert str(e)
        return
    assert set(got) <= {"table", "seat", "take"}


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.integers(), st.none(), st.binary(max_size=30)))
def test_fuzz_codes_keys_and_seats(value):
    for parse in (parse_code, parse_secret, parse_seat):
        try:
            parse(value)
        except InvalidInputError as e:
            assert str(e)


def test_serve_refuses_a_database_it_cannot_use_in_one_line(tmp_path, capsys, monkeypatch):
    from hordes_kit.cli import main
    from hordes_kit.core.tables.store import DB_ENV, use_database

    (tmp_path / "folder.sqlite3").mkdir()
    assert main(["serve", "--no-browser", "--db", str(tmp_path / "folder.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a file" in err
    monkeypatch.setenv(DB_ENV, "")  # put back as it was after the test
    path = use_database(str(tmp_path / "mine.sqlite3"))
    assert path.is_file() and store_mod.db_path() == path  # the kernels read it from here
