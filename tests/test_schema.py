"""One declared schema reads every game's config (issue 40 part 1): whatever way a config
comes in (a new game, a save's Load, a position link, a shared table, the command line),
a wrong type, a number out of range, a list past its bound or an unknown key is refused in
words naming the place, never a TypeError later and never accepted."""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass, fields

import pytest

from hordes_kit.cli import main
from hordes_kit.core.args import argument
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.registry import get_game, shelf
from hordes_kit.core.schema import (
    AnyOf,
    Flag,
    ListOf,
    MapOf,
    Nullable,
    OneOf,
    Record,
    Ref,
    TableRule,
    Text,
    Whole,
    config_schema,
    seats,
)

GAMES = [g for g in shelf() if isinstance(g, type(get_game("fantahzee")))]
NAMES = [g.name for g in GAMES]


# --- the schema facility ---------------------------------------------------------------------


def test_numbers_booleans_and_floats_are_told_apart():
    n = Whole(1, 5)
    assert n.check(3) == 3
    for bad in (True, 2.0, "2", None, 0, 6, 10**40):
        with pytest.raises(InvalidInputError, match="must be a whole number 1-5"):
            n.check(bad)
    with pytest.raises(InvalidInputError, match="got true"):
        n.check(True)
    with pytest.raises(InvalidInputError, match="a number of 41 digits"):
        n.check(10**40)
    assert Flag().check(False) is False
    for bad in (0, 1, "true", None):
        with pytest.raises(InvalidInputError, match="true or false"):
            Flag().check(bad)
    choice = OneOf((4, 5))
    with pytest.raises(InvalidInputError, match="one of 4, 5, got 4.0"):
        choice.check(4.0)
    with pytest.raises(InvalidInputError, match="one of true, false, got 1"):
        OneOf((True, False)).check(1)


def test_texts_lists_and_tables_are_bounded_before_their_items_are_read():
    t = Text(5, 1)
    assert t.check("abc") == "abc"
    for bad, why in ((7, "text of 1-5"), ("", "1-5 characters"), ("abcdef", "6 characters")):
        with pytest.raises(InvalidInputError, match=why):
            t.check(bad)
    with pytest.raises(InvalidInputError, match="control character"):
        t.check("a\x00b")
    assert Text(20, lines=True).check("a = 1\nb = 2\t") == "a = 1\nb = 2\t"

    class Counting(Text):
        seen = 0

        def read(self, value, at):
            Counting.seen += 1
            return super().read(value, at)

    cards = ListOf(Counting(10), 3, noun="cards")
    with pytest.raises(InvalidInputError, match="lists 200,000 cards; at most 3"):
        cards.check(["x"] * 200_000)
    assert Counting.seen == 0  # refused on its length: no item was looked at
    with pytest.raises(InvalidInputError, match="item 2: must be text"):
        cards.check(["a", 5])
    table = MapOf(OneOf(("a", "b")), Whole(0, 9), 2)
    assert table.check({"a": 1}) == {"a": 1}
    with pytest.raises(InvalidInputError, match="one of 'a', 'b', got 'c'"):
        table.check({"c": 1})
    with pytest.raises(InvalidInputError, match="option a: must be a whole number"):
        table.check({"a": 1.0})


def test_records_refuse_unknown_and_missing_keys_and_read_bounds_from_earlier_fields():
    unit = Record({"card": Text(9, 1), "lane": Whole(0, 6)}, required=frozenset({"card"}))
    root = Record(
        {
            "players": seats(1, 2),
            "names": ListOf(Text(9, 1), Ref("players"), exactly=Ref("players"), or_none=True),
            "owner": Whole(1, Ref("players")),
            "units": ListOf(unit, 3),
            "pick": AnyOf((Text(9, 1), unit)),
            "pos": Nullable(unit),
        },
        defaults={"players": 1},
        title="Game",
    )
    assert root.read({"players": 2, "names": ["a", "b"], "owner": 2}) == {
        "players": 2,
        "names": ["a", "b"],
        "owner": 2,
    }
    assert root.read({"names": []}) == {"names": []}
    cases = [
        ({"players": 2.0}, "Game option players: must be 1-2 players, got 2.0"),
        ({"colour": 1}, "unknown Game option 'colour' (the options are players, names"),
        ({"names": ["a", "b"]}, "names: needs 1 entries (one each), got 2"),
        ({"owner": 2}, "owner: must be a whole number 1-1, got 2"),
        ({"units": [{"card": "x", "lane": 9}]}, "units, item 1, lane: must be a whole number"),
        ({"units": [{"lane": 1}]}, "units, item 1: card is missing"),
        ({"units": [{"card": "x", "hp": 1}]}, "units, item 1: unknown key 'hp'"),
        ({"pick": 5}, "pick: must be text of 1-9 characters or a table of card, lane, got 5"),
        ({"pick": {"card": 5}}, "pick, card: must be text"),
        ({"pos": []}, "pos: must be a table of keys, got a list"),
        ([1], "Game option: must be a table of options, got a list"),
    ]
    for config, message in cases:
        with pytest.raises(InvalidInputError) as e:
            root.read(config)
        assert message in str(e.value), (config, str(e.value))
    assert root.read({"pos": None}) == {"pos": None}


def test_a_config_class_declares_every_field_in_its_schema():
    @dataclass(frozen=True)
    class Config:
        players: int = 2
        speed: int = 1

    assert list(config_schema(Config, "X", players=seats(2, 3), speed=Whole(1, 3)).fields)
    with pytest.raises(TypeError, match="speed"):
        config_schema(Config, "X", players=seats(2, 3))  # a field the schema does not read
    with pytest.raises(TypeError, match="colour"):
        config_schema(Config, "X", players=seats(2, 3), speed=Whole(1, 3), colour=Flag())


def test_the_command_line_reads_a_field_by_its_schema():
    difficulty = argument(Whole(1, 5), "--difficulty")
    assert difficulty("3") == 3
    for bad in ("2.0", "7", "²", "1_0"):
        with pytest.raises(Exception, match="must be a whole number 1-5"):
            difficulty(bad)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["simulate", "skytear", "--difficulty", "2.0", "--games", "1"])
    assert code == 2 and "--difficulty: must be a whole number 1-5, got '2.0'" in err.getvalue()


# --- every game declares its config as data ---------------------------------------------------


@pytest.mark.parametrize("game", NAMES)
def test_every_game_declares_its_config_schema(game):
    g = get_game(game)
    schema = g.schema
    assert isinstance(schema, Record) and g.title.startswith(schema.title)
    declared = set(schema.fields) - {"players"}
    assert declared == {f.name for f in fields(g.config)} - {"players"}
    for spec in schema.fields.values():  # a table rule's choices come from options.toml
        if isinstance(spec, TableRule):
            assert spec.values and spec.describe().startswith("one of")
    assert all(": " in line for line in schema.explain())


@pytest.mark.parametrize("game", NAMES)
def test_unknown_options_are_refused_in_words(game):
    with pytest.raises(InvalidInputError, match=r"unknown .* option 'colour' \(the options are"):
        get_game(game).start({"colour": "red"})


def test_every_game_of_the_kit_reads_its_config_through_a_schema():
    """A game added to the shelf declares its config's schema too (and so inherits it)."""
    assert len(GAMES) == 5 and all(g.schema is not None for g in GAMES)


def test_the_readme_states_the_bounds_the_kit_checks():
    from pathlib import Path

    from hordes_kit.core.savefile import MAX_MOVES, SAVE_LIMIT
    from hordes_kit.core.schema import CARD_TEXT_LIMIT

    text = " ".join((Path(__file__).parents[1] / "docs" / "card-files.md").read_text().split())
    assert f"of at most {CARD_TEXT_LIMIT:,} characters" in text
    assert f"a save file is at most {SAVE_LIMIT / 2**20:g} MiB and {MAX_MOVES:,} moves" in text


def test_skytear_declares_the_phases_a_described_position_starts_from():
    from hordes_kit.skytear.position import START
    from hordes_kit.skytear.rules import PHASES

    assert tuple(START) == PHASES
