"""The holes of issue 40 (parts 1 and 2) for configs, saves, links and tables, each kept
by a test that failed before the fix: a float or a boolean where a whole number goes, a
link that crashed the board, described positions past their bounds, histories replayed
in time linear in their length. (The schema itself: ``test_schema.py``; fuzzed:
``test_schema_fuzz.py``; the memory and time budget of every loader: ``test_load_budget.py``.)

Only the kit's public loaders are used here, so the file runs against the old code too.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from budget import sized
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import InvalidInputError, SaveFileError
from hordes_kit.core.links import LinkError, position_from_link
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import load_save
from hordes_kit.core.tables import TableError, TableSession, TableStore


def save_doc(game: str, config, history=()) -> dict:
    return {"format": "hordes-kit-save/2", "game": game, "config": config, "history": list(history)}


def link_of(doc: dict, digest: str = "00000000") -> str:
    raw = json.dumps(doc, separators=(",", ":")).encode()
    return f"k1.{digest}." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


TITLES = {
    "fantahzee": "Fantahzee",
    "skytear": "Skytear Horde",
    "shadows": "Shadows",
    "the-horde": "The Horde",
    "heroes-hordes": "Heroes & Hordes",
}


# --- the holes of issue 40: a float or a boolean where a whole number goes ---------------------

FLOATS = {  # each game's whole-number options, given as floats and booleans
    "fantahzee": {"players": 2.0},
    "skytear": {"players": 2.0, "difficulty": 2.0},
    "shadows": {"players": 2.0},
    "the-horde": {"players": 1.0},
    "heroes-hordes": {"players": 1.0, "sudden_defeat": 5.0},
}


@pytest.mark.parametrize(
    "game,key,value",
    [(g, k, v) for g, d in FLOATS.items() for k, v in d.items()]
    + [(g, "players", True) for g in FLOATS],
)
def test_a_save_whose_config_holds_a_float_or_a_boolean_is_refused_naming_it(game, key, value):
    """Skytear's and Shadows' ``players: 2.0`` passed ``in (1, 2)`` and then ``range()``
    raised TypeError; Skytear took ``difficulty: 2.0``; the solo games took ``players: true``."""
    text = json.dumps(save_doc(game, {key: value}))
    with pytest.raises(SaveFileError) as e:
        load_save(text)
    assert f"save file: cannot be loaded: {TITLES[game]} option {key}: must be" in str(e.value)


def test_a_136_character_position_link_with_players_2_0_is_refused_not_a_crash(monkeypatch):
    """The board page crashed on this link (a TypeError out of the Skytear setup)."""
    from board_makers import sk_board

    token = link_of(save_doc("skytear", {"players": 2.0}))
    assert len(token) < 140
    with pytest.raises(
        LinkError, match="this link: cannot be loaded: Skytear Horde option players"
    ):
        position_from_link(token, "skytear")
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: f"position={token}")
    board = sk_board(seed=1)
    board.open_link()
    assert "Skytear Horde option players: must be 1-2 players, got 2.0" in board.message.value
    assert "A new game opened instead" in board.message.value


def test_the_table_store_reads_a_table_config_by_the_same_schema(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    try:
        with pytest.raises(TableError, match="no table: Shadows option players: must be 2-3"):
            TableSession.create(store, "shadows", {"players": 2.0}, [("A", "person")] * 2, None)
        with pytest.raises(TableError, match="Skytear Horde option difficulty"):
            TableSession.create(store, "skytear", {"difficulty": 2.0}, [("A", "person")], None)
    finally:
        store.close()


# --- described positions: every count bounded while the config is read ------------------------

POSITIONS = {  # a described position per game, and a list in it to overfill
    "skytear": ({"position": {"hands": [["Temple Guard"] * 101]}}, "position, hands, item 1"),
    "fantahzee": (
        {"players": 2, "position": {"seats": [{"hand": ["paladin"] * 201}, {}], "stacks": [{}]}},
        "position, seats, item 1, hand",
    ),
    "shadows": (
        {"players": 2, "position": {"monster": "x", "seats": [{"hero": "eras"}] * 3}},
        "position, seats: needs 2 seats",
    ),
}


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_a_described_position_past_its_bounds_is_refused_before_it_is_built(game):
    """A Skytear position with a 200,000-card hand loaded and then took a minute and 2 GB."""
    config, place = POSITIONS[game]
    with pytest.raises(SaveFileError) as e:
        load_save(json.dumps(save_doc(game, config)))
    assert place in str(e.value), str(e.value)


def test_a_skytear_hand_of_200000_cards_is_refused_at_once():
    text = json.dumps(save_doc("skytear", {"position": {"hands": [["Temple Guard"] * 200_000]}}))
    with pytest.raises(SaveFileError, match="larger than the limit|lists 200,000 cards"):
        load_save(text)
    with pytest.raises(InvalidInputError, match="hands, item 1: lists 200,000 cards; at most 100"):
        get_game("skytear").start({"position": {"hands": [["Temple Guard"] * 200_000]}})


# --- bounds before work: histories and texts cost what their size says ------------------------


def test_a_replay_never_copies_the_history_it_has_replayed_so_far(monkeypatch):
    """A 30,000-move save took 2.6 s, most of it copying the history and the log on every
    move (each ``apply`` made a tuple one longer than the last): the replay is linear."""
    import random

    from hordes_kit.core.playout import random_policy, sample_outcome
    from hordes_kit.core.state import GameState

    g = get_game("fantahzee")
    s, rng = g.start({}), random.Random(5)
    for _ in range(600):
        s = s.apply(
            sample_outcome(s.chance_outcomes(), rng) if s.is_chance else random_policy(s, rng)
        )
    seen = []
    apply = GameState.apply

    def spy(state, action):
        seen.append(len(state.history) + len(state.log))
        return apply(state, action)

    monkeypatch.setattr(GameState, "apply", spy)
    config, again = load_save(json.dumps(save_doc("fantahzee", {}, s.history)))
    assert again == s and again.history == s.history and again.log == s.log
    assert len(seen) == 600 and max(seen) == 0  # each move met a state without the past


def test_a_table_of_many_moves_replays_in_linear_time_and_names_a_bad_move(tmp_path, monkeypatch):
    import random

    from hordes_kit.core.playout import random_policy, sample_outcome
    from hordes_kit.core.state import GameState

    store = TableStore(tmp_path / "t.sqlite3")
    try:
        first, _ = TableSession.create(store, "the-horde", {}, [("Ann", "person")], None)
        s, rng = first.state, random.Random(2)
        for n in range(60):
            if s.is_terminal:
                break
            a = sample_outcome(s.chance_outcomes(), rng) if s.is_chance else random_policy(s, rng)
            assert store.record(first.code, n, a, -1)
            s = s.apply(a)
        seen = []
        apply = GameState.apply
        monkeypatch.setattr(
            GameState, "apply", lambda st, a: seen.append(len(st.history)) or apply(st, a)
        )
        other, _, _ = TableSession.join(store, first.code, None)
        assert other.state == s and max(seen) == 0 and len(other.movers) == len(s.history)
    finally:
        store.close()


def test_the_nesting_scan_of_a_save_holding_card_text_needs_no_memory_for_its_strings():
    """The scan before parsing kept a mark for every character of a JSON string: a save
    holding 480 KB of card text took 63 MB before it was parsed (130 bytes a character)."""
    import tracemalloc

    from hordes_kit.core.inputs import nesting_depth

    text = json.dumps(save_doc("skytear", {"cards": 'name = "A \\" B"\n' * 30_000}))
    toml = 'a = """' + 'x"y\\"' * 100_000 + '"""\n[[b]]\nc = [[1]]'
    tracemalloc.start()
    try:
        assert nesting_depth(text) == 2 and nesting_depth(toml, "toml") == 2
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, f"{peak / 1e6:.1f} MB to scan {len(text) + len(toml):,} characters"


# the scan's reference: the regexes it replaced (right, but a mark per character of a string)
_OLD_TOML = (
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'''(?:[^']|'(?!''))*'''"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
    r"|[\[\]{}]"
)


def _old_depth(text: str, pattern: str) -> int:
    import re

    depth = deepest = 0
    for m in re.finditer(pattern, text, re.S):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif m.group() in "]}":
            depth = max(0, depth - 1)
    return deepest


_PIECES = ['"', "'", "\\", "\n", "[", "]", "{", "}", "#", "a", " ", '"""', "'''"]


@settings(max_examples=sized(400, 8000), deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_fuzz_the_toml_scan_finds_the_depth_the_old_regex_found(text):
    from hordes_kit.core.inputs import nesting_depth

    assert nesting_depth(text, "toml", stop=10**6) == _old_depth(text, _OLD_TOML)


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='"\\[]{}\n\tab\u2028', max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet='"\\[]{}a', max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)


def _depth(doc) -> int:
    if isinstance(doc, list):
        return 1 + max(map(_depth, doc), default=0)
    if isinstance(doc, dict):
        return 1 + max(map(_depth, doc.values()), default=0)
    return 0


@settings(max_examples=sized(400, 8000), deadline=None)
@given(_JSON_VALUES)
def test_fuzz_the_json_scan_finds_the_depth_of_the_parsed_document(doc):
    from hordes_kit.core.inputs import nesting_depth

    assert nesting_depth(json.dumps(doc), stop=10**6) == _depth(doc)
