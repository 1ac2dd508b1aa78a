"""A table on several devices (issue 15 part 1): the SQLite store, a page's seat at a
table, moves accepted only against the history they were made on, a restart that loses
nothing, and the address's codes and keys parsed with the kit's own errors (fuzzed)."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from budget import sized
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


def test_the_store_is_versioned(tmp_path):
    path = tmp_path / "t.sqlite3"
    TableStore(path).close()
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


# --- issue 39 part 4: tables cannot be wiped, the store never hangs -----------------------
ROOMS = [("Ana", "person"), ("Ben", "bot")]
DUO = {"players": 2, "names": ["Ana", "Ben"]}


def _hold(path):
    """Another program holding the database's write lock (until its ROLLBACK)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def _reads_in_time(store, code) -> bool:
    """A read of the store from another thread finishes (False: it hangs on a lock)."""
    done = []
    t = threading.Thread(target=lambda: done.append(store.table(code)), daemon=True)
    t.start()
    t.join(10)
    return bool(done)


def test_a_busy_store_lets_go_of_its_lock_and_says_so(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")  # closed at the end: a lock left held hangs
    code = store.create("fantahzee", DUO, ROOMS)
    store._db.execute("PRAGMA busy_timeout=100")  # the other program holds it past this
    other = _hold(store.path)
    writes = {
        "create": lambda: store.create("fantahzee", DUO, ROOMS),
        "claim": lambda: store.claim(code, 0),
        "record": lambda: store.record(code, 0, "roll", 0),
        "to_bot": lambda: store.to_bot(code, 0),
        "shorten": lambda: store.shorten("position=k1.0"),
    }
    for name, write in writes.items():
        with pytest.raises(Exception) as got:  # noqa: PT011 - checked below, after the read
            write()
        assert _reads_in_time(store, code), f"{name}: the store's lock was left held"
        assert isinstance(got.value, TableError), f"{name}: {got.value!r}"
        assert "the table is busy" in str(got.value) and "try again" in str(got.value)
    other.execute("ROLLBACK")  # the other program is done: the same writes go through
    assert store.claim(code, 0) and store.record(code, 0, "roll", 0)
    assert store._read("SELECT count(*) FROM tables") == [(1,)]  # nothing half-written
    store.close()


def test_a_read_only_store_lets_go_of_its_lock_and_says_so(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    code = store.create("fantahzee", DUO, ROOMS)
    store._db.execute("PRAGMA query_only=1")  # BEGIN IMMEDIATE fails as on a read-only file
    with pytest.raises(Exception) as got:  # noqa: PT011 - checked below, after the read
        store.claim(code, 0)
    assert _reads_in_time(store, code), "the store's lock was left held"
    assert isinstance(got.value, TableError) and "read-only" in str(got.value)
    store.close()


def _age(store, sql: str, days: float = 2) -> None:
    """Move times in the store back by ``days`` (as if that long had passed)."""
    store._db.execute(sql, (days * 86400,))


def test_live_tables_are_never_cleared_and_a_full_store_says_so(store, monkeypatch):
    monkeypatch.setattr(store_mod, "MAX_TABLES", 3)
    played, t1, t2 = (store.create("fantahzee", DUO, ROOMS) for _ in range(3))
    assert store.claim(played, 0)  # a seat taken: the table is live for a day
    # a page looking at t1 (watching) counts: t2 is now the least recently seen
    TableSession.join(store, t1, STRONG)
    t3 = store.create("fantahzee", DUO, ROOMS)
    assert store.table(played) and store.table(t1) and store.table(t3)
    with pytest.raises(TableError, match="no table"):
        store.table(t2)
    # every table live: a new one is refused in words, nothing written or cleared
    assert store.claim(t1, 0)
    t3_secret = store.claim(t3, 0)
    with pytest.raises(TableError, match="holds 3 live tables") as refused:
        store.create("fantahzee", DUO, ROOMS)
    assert "ask the host" in str(refused.value)
    assert {c for (c,) in store._read("SELECT code FROM tables")} == {played, t1, t3}
    # a day later t1's seat has not been seen: it goes, the others' seats were seen since
    _age(store, "UPDATE seats SET seen = seen - ? WHERE seen IS NOT NULL")
    TableSession.join(store, played, STRONG, secret=None)  # a watcher reads: not a seat
    TableSession.join(store, t3, STRONG, secret=t3_secret)  # t3's player's page looks on
    t4 = store.create("fantahzee", DUO, ROOMS)
    kept = {c for (c,) in store._read("SELECT code FROM tables")}
    assert kept == {played, t3, t4}  # t1 was least recently seen of those not live


def test_short_links_in_use_are_never_cleared_and_a_full_store_says_so(store, monkeypatch):
    monkeypatch.setattr(store_mod, "MAX_LINKS", 2)
    a, b = store.shorten("position=k1.a"), store.shorten("position=k1.b")
    with pytest.raises(TableError, match="keeps 2 short links"):
        store.shorten("position=k1.c")  # both in use (made today): refused in words
    assert store.expand(a) == "position=k1.a" and store.expand(b) == "position=k1.b"
    _age(store, "UPDATE links SET used = used - ?")
    assert store.expand(a) == "position=k1.a"  # opened today: in use again
    c = store.shorten("position=k1.c")  # b, unused for two days, makes room
    assert store.expand(a) and store.expand(c)
    with pytest.raises(TableError, match="not kept"):
        store.expand(b)
    assert store.shorten("position=k1.a") == a  # the same query, the same id


def test_new_tables_are_limited_per_page_and_per_address(store):
    from hordes_kit.core.tables.quota import TABLE_LIMITS, Asker

    page, address = TABLE_LIMITS["page"].burst, TABLE_LIMITS["address"].burst
    made = 0
    for _ in range(40):  # a page reloaded after each refusal: a new page, the same address
        try:
            store.create("fantahzee", DUO, ROOMS, Asker(f"page{made // page}", "192.0.2.7"))
            made += 1
        except TableError as e:
            said = str(e)
            assert "too many new tables from" in said and "the next one in" in said
            if "your network address" in said:
                break
            assert "this page" in said and made % page == 0
    else:
        pytest.fail("the address's bucket never stopped the reloads")
    assert made == address
    # another address, and the kit's own calls, are not held back
    assert store.create("fantahzee", DUO, ROOMS, Asker("page9", "198.51.100.1"))
    assert store.create("fantahzee", DUO, ROOMS)
    with pytest.raises(TableError, match="your network address"):
        store.create("fantahzee", DUO, ROOMS, Asker("fresh", "192.0.2.7"))
    # time refills the buckets: one more every few minutes, then they are forgotten
    store._db.execute("UPDATE quota SET at = at - ?, full = full - ?", (200, 200))
    assert store.create("fantahzee", DUO, ROOMS, Asker("fresh", "192.0.2.7"))
    store._db.execute("UPDATE quota SET at = at - ?, full = full - ?", (86400, 86400))
    store.create("fantahzee", DUO, ROOMS, Asker("another", "203.0.113.5"))
    assert store._read("SELECT count(*) FROM quota") == [(2,)]  # only the last asker's


def test_new_short_links_are_limited_and_a_known_one_costs_nothing(store):
    from hordes_kit.core.tables.quota import LINK_LIMITS, Asker

    me = Asker("page1", "2001:db8::1")
    ids = []
    with pytest.raises(TableError, match="too many new short links from this page"):
        for i in range(LINK_LIMITS["page"].burst + 1):
            ids.append(store.shorten(f"position=k1.{i}", me))
    assert len(ids) == LINK_LIMITS["page"].burst
    assert store.shorten("position=k1.0", me) == ids[0]  # known: no new link, no charge


def _flood(make, n: int) -> tuple[int, list[str], float]:
    """``make()`` ``n`` times: how many were made, the refusals' words, the seconds spent."""
    start = time.perf_counter()
    made, said = 0, []
    for _ in range(n):
        try:
            make()
            made += 1
        except TableError as e:
            said.append(str(e))
    return made, said, time.perf_counter() - start


def test_a_flood_of_creates_and_short_links_wipes_nothing(store):
    from hordes_kit.core.tables.quota import LINK_LIMITS, TABLE_LIMITS, Asker

    ours = store.create("fantahzee", DUO, ROOMS)
    secret = store.claim(ours, 0)
    link = store.shorten("position=ours")
    n = sized(300, 5000)
    pages = iter(range(10**6))
    made, said, took = _flood(
        lambda: store.create("fantahzee", DUO, ROOMS, Asker(f"p{next(pages)}", "192.0.2.66")),
        n,
    )
    print(f"{n:,} creates from one address (each a new page): {made} made, {took:.2f} s")
    assert made == TABLE_LIMITS["address"].burst and len(said) == n - made
    assert all("too many new tables" in s for s in said)
    queries = iter(range(10**6))
    made, said, took = _flood(
        lambda: store.shorten(f"position={next(queries)}", Asker("one", "192.0.2.66")), n
    )
    print(f"{n:,} short links from one page: {made} made, {took:.2f} s")
    assert made == LINK_LIMITS["page"].burst and all("too many" in s for s in said)
    assert store.seat_of(ours, secret) == 0 and store.expand(link) == "position=ours"


# the store as the kit made it before it stamped its files (schema 1)
V1_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
    created REAL NOT NULL, touched REAL NOT NULL);
CREATE TABLE seats (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    seat INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'bot')), secret TEXT,
    PRIMARY KEY (code, seat));
CREATE TABLE moves (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    n INTEGER NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (code, n));
CREATE TABLE links (id TEXT PRIMARY KEY, query TEXT NOT NULL, created REAL NOT NULL);
CREATE INDEX links_created ON links (created);
CREATE INDEX tables_touched ON tables (touched);
INSERT INTO meta VALUES ('schema', '1');
INSERT INTO tables VALUES ('KXMPRT', 'fantahzee', '{"players": 2}', 1.0, 1.0);
INSERT INTO seats VALUES ('KXMPRT', 0, 'Ana', 'person', NULL), ('KXMPRT', 1, 'Ben', 'bot', NULL);
INSERT INTO links VALUES ('abcdefghij', 'position=k1.old', 1.0);
"""


def _app_id(path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA application_id").fetchone()[0]


def test_a_store_of_an_earlier_kit_opens_and_is_stamped(tmp_path):
    from hordes_kit.core.tables.dbfile import APP_ID

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(V1_SCHEMA)
    store = TableStore(path)
    assert store.table("KXMPRT").seats[0].name == "Ana"
    assert store.expand("abcdefghij") == "position=k1.old"
    assert store.claim("KXMPRT", 0) and store.record("KXMPRT", 0, "roll", 0)
    store.close()
    assert _app_id(path) == APP_ID and TableStore(path).count("KXMPRT") == 1


def test_another_programs_database_is_refused_before_anything_is_written(tmp_path, capsys):
    from hordes_kit.cli import main

    notes = tmp_path / "notes.sqlite3"
    with sqlite3.connect(notes) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('mine')")
    db.close()
    stamped = tmp_path / "stamped.sqlite3"  # the kit's tables, another program's stamp
    with sqlite3.connect(stamped) as db:
        db.executescript(V1_SCHEMA)
        db.execute("PRAGMA application_id=42")
    db.close()
    before = {path: path.read_bytes() for path in (notes, stamped)}
    for path in before:
        with pytest.raises(TableError, match="another program's database"):
            TableStore(path)
        assert path.read_bytes() == before[path]
        assert not path.with_name(path.name + "-wal").exists()
    # `serve --db` says so in one line (the pages' folder here has no dashboards: whatever
    # was not refused first would stop there, with other words)
    none = str(tmp_path / "no-pages")
    assert main(["serve", "--no-browser", "--db", str(notes), "--notebook-dir", none]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'notes.sqlite3' is another program's database" in err
    assert notes.read_bytes() == before[notes]
    empty = tmp_path / "empty.sqlite3"
    empty.touch()  # an empty file is a new store
    TableStore(empty).close()
    assert _app_id(empty) != 0


def _serve_as_a_user(folder, env: dict, *args: str) -> subprocess.CompletedProcess:
    """`hordes-kit serve` as a user who cannot write what root can (root ignores a file's
    read-only mode: the test drops to nobody); the pages' folder is empty, so a server
    that does not refuse the database stops at once anyway."""
    drop = None
    if os.geteuid() == 0:
        drop = lambda: (os.setgid(65534), os.setuid(65534))  # noqa: E731
    return subprocess.run(
        [sys.executable, "-m", "hordes_kit", "serve", "--no-browser", *args]
        + ["--notebook-dir", str(folder / "no-pages")],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=drop,  # noqa: PLW1509 - the child only drops its user
        env={**os.environ, "HOME": str(folder), **env},
    )


def test_serve_refuses_a_read_only_store_in_one_line():
    folder = Path(tempfile.mkdtemp(prefix="hk-ro-"))
    try:
        folder.chmod(0o777)  # a writable folder
        given = folder / "given.sqlite3"
        own = folder / "data" / "hordes_kit" / "tables.sqlite3"  # the kit's default file
        for path in (given, own):
            TableStore(path).close()
            path.chmod(0o444)
            path.parent.chmod(0o777)
        runs = {
            "--db": _serve_as_a_user(folder, {}, "--db", str(given)),
            "default": _serve_as_a_user(folder, {"XDG_DATA_HOME": str(folder / "data")}),
        }
        for which, run in runs.items():
            assert run.returncode == 2, (which, run.stdout, run.stderr)
            assert run.stderr.count("\n") == 1, (which, run.stderr)
            assert "is read-only here" in run.stderr and run.stdout == "", which
    finally:
        shutil.rmtree(folder)


def test_a_client_address_is_read_as_the_server_wrote_it():
    from hordes_kit.core.tables.quota import client_key

    assert client_key("192.0.2.7") == client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_key("2001:db8:1:2:3:4:5:6") == client_key("2001:db8:1:2::9")
    assert client_key("2001:db8:1:2::9") == "2001:db8:1:2::/64" != client_key("2001:db8:1:3::9")
    assert client_key("fe80::1%eth0") == "fe80::/64"
    for bad in ("", "me", "1.2.3", "192.0.2.7, 10.0.0.1", None, 7, "1" * 1000, "::1/64"):
        assert client_key(bad) == ""


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=60),
        st.ip_addresses().map(str),
        st.ip_addresses().map(lambda ip: f" {ip}%{ip}"),
        st.none(),
        st.integers(),
    )
)
def test_fuzz_client_addresses(value):
    from hordes_kit.core.tables.quota import client_key

    key = client_key(value)
    assert key == "" or client_key(key.removesuffix("/64")) == key  # an address, or its /64


@pytest.fixture(scope="module")
def kit_file(tmp_path_factory) -> bytes:
    """A small store of the kit's, as bytes (one table, one move, one short link)."""
    path = tmp_path_factory.mktemp("kit") / "t.sqlite3"
    store = TableStore(path)
    code = store.create("fantahzee", DUO, ROOMS)
    store.record(code, 0, "roll", 0)
    store.shorten("position=k1.0")
    store.close()
    return path.read_bytes()


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_fuzz_a_damaged_or_strange_database_file(kit_file, tmp_path_factory, data):
    """A file handed to --db: the kit's own with bytes changed, or anything at all, opens
    or is refused with the kit's error (never SQLite's, never a hang)."""
    raw = data.draw(
        st.one_of(
            st.binary(max_size=600),
            st.lists(
                st.tuples(st.integers(0, len(kit_file) - 1), st.integers(0, 255)), max_size=8
            ).map(lambda flips: _flipped(kit_file, flips)),
        )
    )
    path = tmp_path_factory.mktemp("fuzz") / "t.sqlite3"
    path.write_bytes(raw)
    try:
        store = TableStore(path, timeout=0.1)
    except TableError as e:
        assert str(e)
        return
    try:
        store.table(store._read("SELECT code FROM tables LIMIT 1")[0][0])
    except (TableError, IndexError):
        pass
    store.close()


def _flipped(raw: bytes, flips: list[tuple[int, int]]) -> bytes:
    out = bytearray(raw)
    for at, value in flips:
        out[at] = value
    return bytes(out)
