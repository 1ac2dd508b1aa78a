"""Fuzz tests of every way a config comes in, drawn from the games' declared schemas
(``config_strategies.py``): configs with one place wrong (every field, at every depth,
with every wrong type, numbers and lists at and past their bounds, unknown and missing
keys) are refused naming that place, by a new game, the save loader, a position link and
the table store alike; configs the schema reads start a game that plays, or are refused
in words. ``make test`` runs a quick sample; ``make test-long`` twenty times more.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from functools import cache
from pathlib import Path

import pytest
from config_strategies import (
    bad_configs,
    budget,
    configs,
    game_words,
    link_of,
    place_words,
    save_doc,
)
from hypothesis import event, given
from hypothesis import strategies as st

from hordes_kit.cli import main
from hordes_kit.core.errors import HordesKitError, InvalidInputError, SaveFileError
from hordes_kit.core.links import LinkError, position_digest, position_from_link, read_link
from hordes_kit.core.playout import random_policy, sample_outcome
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import load_save, read_save
from hordes_kit.core.tables import TableError, TableSession, TableStore

GAMES = ("fantahzee", "skytear", "shadows", "the-horde", "heroes-hordes")


@cache
def words(game: str) -> tuple[str, ...]:
    return game_words(game)


def names_the_place(game: str, where: tuple[str, ...], message: str) -> bool:
    """True when the kit's message names the place that is wrong, or a place within it
    (``hordes`` given as ``[1]``: ``hordes, item 1``), as the schema says places."""
    place = place_words(game, where)
    return not where and place in message or place + ":" in message or place + ", " in message


def refused_naming(game: str, where: tuple[str, ...], error: Exception, prefix: str = "") -> None:
    text = str(error)
    assert text.startswith(prefix), text[:300]
    assert "\n" not in text and len(text) < 1000, text[:300]
    assert names_the_place(game, where, text), (where, text[:300])


@pytest.mark.parametrize("game", GAMES)
@budget(100)
@given(data=st.data())
def test_fuzz_a_config_with_one_place_wrong_is_refused_naming_it(game, data):
    config, where = data.draw(bad_configs(game, words(game)), "config")
    with pytest.raises(InvalidInputError) as e:
        get_game(game).start(config)
    refused_naming(game, where, e.value)


@pytest.mark.parametrize("game", GAMES)
@budget(60)
@given(data=st.data())
def test_fuzz_a_save_with_its_config_mutated_is_refused_naming_the_place(game, data):
    history = played(game).history
    config, where = data.draw(bad_configs(game, words(game)), "config")
    moves = data.draw(st.integers(0, len(history)), "moves")
    text = json.dumps(save_doc(game, config, history[:moves]))
    with pytest.raises(SaveFileError) as e:
        load_save(text)
    refused_naming(game, where, e.value, "save file: cannot be loaded: ")


@pytest.mark.parametrize("game", GAMES)
@budget(60)
@given(data=st.data())
def test_fuzz_a_link_made_of_such_a_save_is_refused_naming_the_place(game, data):
    history = played(game).history
    config, where = data.draw(bad_configs(game, words(game)), "config")
    moves = data.draw(st.integers(0, min(len(history), 40)), "moves")
    token = link_of(save_doc(game, config, history[:moves]))
    with pytest.raises(LinkError) as e:
        position_from_link(token, game)
    if "longer than" in str(e.value) or "unpacks to more than" in str(e.value):
        event("too big for a link: refused on its size before it is unpacked")
        return
    refused_naming(game, where, e.value, "this link: cannot be loaded: ")


def seat_values(game: str):
    """Who plays each seat, as a save might say it: the game's own words ("person" and its
    bots) in lists of any length, mixed with other words and values, or no list at all."""
    who = st.sampled_from(("person", *get_game(game).seat_bots, "strong", "sensible", "bot"))
    junk = st.one_of(
        st.text(max_size=12),
        st.integers(),
        st.booleans(),
        st.none(),
        st.floats(allow_nan=False, allow_infinity=False),
    )
    return st.one_of(
        st.lists(who, max_size=7),
        st.lists(st.one_of(who, junk), max_size=7),
        junk,
        st.dictionaries(st.text(max_size=5), who, max_size=2),
    )


@pytest.mark.parametrize("game", GAMES)
@budget(60)
@given(data=st.data())
def test_fuzz_who_plays_each_seat_is_read_or_refused_in_words(game, data):
    """A save's or link's ``seats``: read as given when it is one of the game's words per
    seat (a bot only where the game's board has one), else refused in words naming it, by
    the save loader and a link alike."""
    s = played(game)
    history = s.history[: data.draw(st.integers(0, min(len(s.history), 40)), "moves")]
    seats = data.draw(seat_values(game), "seats")
    doc = save_doc(game, {}, history) | {"seats": seats}
    allowed, at = ("person", *get_game(game).seat_bots), get_game(game).bot_seats
    good = (
        isinstance(seats, list)
        and len(seats) == s.num_players
        and all(isinstance(x, str) and x in allowed for x in seats)
        and all(x == "person" or at is None or i in at for i, x in enumerate(seats))
    )
    token = link_of(doc, position_digest(get_game(game).replay({}, history)))
    for name, read in (
        ("save file", lambda: read_save(json.dumps(doc), game)),
        ("this link", lambda: read_link(token, game)),
    ):
        if good:
            assert read()[2] == seats
            continue
        with pytest.raises(SaveFileError) as e:
            read()
        text = str(e.value)
        assert text.startswith(f"{name}: ") and "\n" not in text and len(text) < 1000, text
        assert "who plays" in text, text


_FOLDER = tempfile.TemporaryDirectory(prefix="hk-fuzz-tables-")  # removed at exit


@cache
def tables() -> TableStore:
    """One table store for the run (nothing is written to it: every config is refused)."""
    return TableStore(Path(_FOLDER.name) / "tables.sqlite3")


@pytest.mark.parametrize("game", GAMES)
@budget(40)
@given(data=st.data())
def test_fuzz_the_table_store_refuses_such_a_config_naming_the_place(game, data):
    config, where = data.draw(bad_configs(game, words(game)), "config")
    seats = [("Ann", "person")] * get_game(game).min_players
    with pytest.raises(TableError) as e:
        TableSession.create(tables(), game, config, seats, None)
    refused_naming(game, where, e.value, "no table: ")


@cache
def played(game: str):
    """A game played at random for 80 moves (its history replays from the start)."""
    s, rng = get_game(game).start({}), random.Random(3)
    for _ in range(80):
        if s.is_terminal:
            break
        s = s.apply(
            sample_outcome(s.chance_outcomes(), rng) if s.is_chance else random_policy(s, rng)
        )
    return s


@pytest.mark.parametrize("game", GAMES)
@budget(60)
@given(data=st.data())
def test_fuzz_a_config_the_schema_reads_plays_or_is_refused_in_words(game, data):
    config = data.draw(configs(game, words(game)), "config")
    seed = data.draw(st.integers(0, 2**32), "seed")
    try:
        state = get_game(game).start(config)
    except HordesKitError as e:
        assert "\n" not in str(e) and len(str(e)) < 1000, str(e)[:300]
        event("refused by the game (a name it does not know, a position that does not fit)")
        return
    event("started and played")
    rng = random.Random(seed)
    for _ in range(30):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state = state.apply(random_policy(state, rng))


@budget(60)
@given(
    st.sampled_from(["--difficulty", "--seed"]),
    st.sampled_from(["2.0", "true", "", "-1", "6", "1e3", "²", "0x2", "9" * 40])
    | st.text(max_size=12),
)
def test_fuzz_the_command_line_refuses_a_bad_option_in_one_line(option, value):
    """The command line reads a config's field by its schema (``--difficulty``) and its
    own numbers alike: a bad value is one line and exit status 2, a good one plays."""
    args = ["simulate", "skytear", "--games", "1", "--engine", "reference", option, value]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(args)
    if code != 0:
        line = err.getvalue().strip()
        assert code == 2 and "\n" not in line and line.startswith("hordes-kit"), err.getvalue()
