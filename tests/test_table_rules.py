"""Table rules: the loader lists every game's readings with their words and rules, the data
is checked on load, configs, save files and links keep the readings, and the "Table
rules" panel shows and sets them."""

from __future__ import annotations

import inspect
import re
import shutil
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core import options as core_options
from hordes_kit.core import rules_index as core_rules
from hordes_kit.core import table_rules as core_table
from hordes_kit.core.data import data_path
from hordes_kit.core.errors import CardDataError, InvalidInputError
from hordes_kit.core.options import option_specs, same_value
from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import get_game, registered_games
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.core.table_rules import (
    all_table_rules,
    choices_of,
    from_link,
    link_params,
    summary,
    table_rules,
)

EXPECTED = {
    "the-horde": ["dizzy", "bomb", "boots_ring_lasts", "boots_ring_stack", "item_stack"],
    "heroes-hordes": ["lords_self", "search_shuffle", "search_events", "loss_at"],
    "fantahzee": ["imperative", "distinct_values"],
    "shadows": ["library", "mulligan", "unmet"],
    "skytear": ["empty_deck", "reactions", "mutaform_monster"],
}
BASE = {"fantahzee": {"players": 2}, "shadows": {"players": 2}}


def flipped(game: str) -> dict:
    """A config of the game with every table rule on a reading other than the kit's."""
    cfg = dict(BASE.get(game, {}))
    for t in table_rules(game):
        cfg[t.field] = next(r.value for r in t.readings if not r.default)
    return cfg


# --- the loader ------------------------------------------------------------------------------


def test_the_loader_lists_every_option_of_every_game_with_its_texts():
    listed = {g: [t.field for t in rules] for g, rules in all_table_rules().items() if rules}
    assert listed == EXPECTED
    for game, rules in all_table_rules().items():
        if not rules:
            continue
        g = get_game(game)
        index = rule_index(g.data_dir, g.rule_prefix)
        cfg_fields = {f.name: f for f in fields(g.config)}
        for t in rules:
            assert t.label.strip() and t.changes.text and t.changes.option == t.field
            assert same_value(cfg_fields[t.field].default, t.default)
            assert [r.default for r in t.readings].count(True) == 1
            assert t.reading(t.default).default and t.reading(t.default).rule is t.changes
            for r in t.readings:
                assert r.label.strip() and r.text.strip() and r.rule.text.strip()
                assert r.rule.id in index and "/shared" not in r.text + r.rule.text
                if not r.default and r.rule.id.startswith(g.rule_prefix + "option."):
                    assert r.rule.table and r.rule.text == r.text
        # every rule the rule index says a table may change is listed, but a count a table
        # sets by number (sudden_defeat: its rules.toml entry says it in words)
        named = {e.option for e in index.values() if e.option and not e.table}
        assert {t.field for t in rules} <= named
        for f in named - {t.field for t in rules}:
            assert type(cfg_fields[f].default) is int, f


def test_a_game_without_table_rules_lists_none():
    from hordes_kit.core.registry import Game, register, unregister

    register(Game("toy-table", "Toy", 1, 1, lambda c: None))
    try:
        assert table_rules("toy-table") == () and summary("toy-table") == ""
    finally:
        unregister("toy-table")


# --- the data is checked on load ---------------------------------------------------------------


@pytest.fixture
def horde_data(tmp_path, monkeypatch):
    """The Horde's rules.toml and options.toml copied where the loaders look, to break."""
    folder = tmp_path / "the_horde"
    folder.mkdir()
    for name in ("rules.toml", "options.toml"):
        shutil.copy(data_path("the_horde", name), folder / name)
    fake = tmp_path.joinpath
    for mod in (core_options, core_rules, core_table):
        monkeypatch.setattr(mod, "data_path", fake)

    def clear():
        option_specs.cache_clear()
        rule_index.cache_clear()
        table_rules.cache_clear()

    clear()
    yield folder
    clear()


def _edit(folder, name, old, new):
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    "name,old,new,problem",
    [
        ("options.toml", 'default = "window"', 'default = "sometimes"', "default"),
        ("options.toml", 'default = "window"', 'default = "window"\nhint = "x"', "hint"),
        ("options.toml", 'value = "restart"', 'value = "Re Start!"', "value"),
        ("options.toml", 'value = "restart"', 'value = "window"', "same value"),
        ("options.toml", 'rule = "ruling.bomb"', 'rule = "ruling.nothing"', "not in rules"),
        ("options.toml", '[bomb]\nlabel = "Where', '[Bomb]\nlabel = "Where', "config field"),
        ("rules.toml", 'option = "bomb"\n', "", "must say option"),
        ("rules.toml", "[setup]\ntitle", '[setup]\noption = "ghost"\ntitle', "no table rule"),
        ("rules.toml", '["setup"]', '["option.setup"]', "made from options.toml"),
    ],
)
def test_broken_table_rules_are_refused_naming_file_option_and_field(
    horde_data, name, old, new, problem
):
    if old == '["setup"]':
        old, new = "[setup]", '["option.setup"]'
    _edit(horde_data, name, old, new)
    with pytest.raises(CardDataError, match=problem) as e:
        table_rules("the-horde")
    assert str(horde_data) in str(e.value)


def test_an_option_the_config_does_not_have_is_refused(horde_data):
    _edit(horde_data, "options.toml", "[bomb]", "[bombs]")
    _edit(horde_data, "options.toml", "[[bomb.choices]]", "[[bombs.choices]]")
    _edit(horde_data, "options.toml", "[[bomb.choices]]", "[[bombs.choices]]")
    _edit(horde_data, "rules.toml", 'option = "bomb"', 'option = "bombs"')
    with pytest.raises(CardDataError, match="config has no such field"):
        table_rules("the-horde")


def test_a_default_other_than_the_configs_is_refused(horde_data):
    _edit(horde_data, "options.toml", 'default = "window"', 'default = "off"')
    with pytest.raises(CardDataError, match="default cites the option's own rule|default"):
        table_rules("the-horde")


_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 200), st.floats(allow_nan=False), st.text(max_size=8)
)
_raw = st.recursive(
    _leaf,
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=5),
    max_leaves=20,
)
_option = st.fixed_dictionaries(
    {},
    optional={
        "label": _raw | st.just("Label"),
        "rule": _raw | st.just("ruling.x"),
        "default": _raw | st.just("a"),
        "choices": _raw
        | st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "value": _raw | st.sampled_from(["a", "b", True, 3]),
                    "label": _raw | st.just("L"),
                    "text": _raw | st.just("T"),
                    "rule": _raw,
                },
            ),
            max_size=4,
        ),
    },
)


@settings(max_examples=150, deadline=None)
@given(field=st.text(max_size=10) | st.just("dizzy"), raw=_option | _raw)
def test_fuzzed_option_tables_load_or_are_refused_cleanly(field, raw):
    try:
        spec = core_options._spec("options.toml", field, raw)
    except CardDataError:
        return
    assert spec.choice(spec.default).rule == spec.rule


# --- configs, save files and links keep the readings ----------------------------------------------


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_a_saved_game_with_non_default_readings_replays_the_same(game):
    cfg = flipped(game)
    start = get_game(game).start(cfg)
    assert choices_of(game, start.config) == {k: cfg[k] for k in EXPECTED[game]}
    *_, state = play_steps(start, 7, max_steps=120)
    config, loaded = load_save(dump_save(game, cfg, state), expect_game=game)
    assert loaded.history == state.history and loaded.log == state.log
    assert loaded.config == state.config
    assert choices_of(game, loaded.config) == choices_of(game, config)
    assert choices_of(game, loaded.config) != choices_of(game, None)


def test_an_old_save_with_dizzy_true_or_false_still_loads():
    state = get_game("the-horde").start({"dizzy": False})
    text = dump_save("the-horde", {"dizzy": False}, state)
    _, loaded = load_save(text, expect_game="the-horde")
    assert loaded.config.dizzy == "off"


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_links_carry_the_readings_a_table_changed(game):
    cfg = flipped(game)
    params = link_params(game, cfg)
    assert set(params) == set(EXPECTED[game]) and all(isinstance(v, str) for v in params.values())
    assert from_link(game, {**params, "scenario": "x"}) == {k: cfg[k] for k in EXPECTED[game]}
    assert link_params(game, BASE.get(game, {})) == {}
    assert summary(game, cfg).startswith("Table rules: ") and summary(game) == ""
    field = EXPECTED[game][0]
    with pytest.raises(InvalidInputError, match=f"{field}='nonsense' in the address"):
        from_link(game, {field: "nonsense"})


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(["dizzy", "bomb", "item_stack", "x"]), st.text(max_size=12)))
def test_fuzzed_links_give_readings_or_the_kits_error(params):
    try:
        got = from_link("the-horde", params)
    except InvalidInputError:
        return
    get_game("the-horde").start(got)  # whatever a link gives is a config the game takes


# --- the panel ----------------------------------------------------------------------------------


def panel_for(game, **kw):
    from hordes_kit.ui.table_rules import TableRulesPanel

    return TableRulesPanel(game, **kw)


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_the_panel_lists_every_reading_with_the_kits_default_marked(game):
    from hordes_kit.ui.table_rules import DEFAULT_MARK

    p = panel_for(game)
    assert list(p.radios) == EXPECTED[game]
    assert p.accordion.selected_index is None and p.accordion.get_title(0) == "Table rules"
    assert p.comm is not None and p.accordion.comm is not None  # real widgets, shown on a page
    for t in table_rules(game):
        radio = p.radios[t.field]
        assert radio.description == t.label
        marked = [label for label, _ in radio.options if DEFAULT_MARK in label]
        assert marked == [f"{t.reading(t.default).label} {DEFAULT_MARK}"]
        assert [v for _, v in radio.options] == [r.value for r in t.readings]
    assert p.config() == choices_of(game) and p.changed() == {}
    shown = re.sub(r"<[^>]*>", " ", " ".join(x.value for x in p.texts.values()))  # on screen
    assert "option." not in shown and game + "." not in shown  # no rule ids on screen


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_the_panel_sets_a_reading_as_a_click_does_and_the_game_takes_it(game):
    seen = []
    p = panel_for(game, on_change=seen.append)
    for t in table_rules(game):
        other = next(r for r in t.readings if not r.default)
        p.set(t.field, other.value)
        assert p.config()[t.field] == other.value and seen[-1] == p.config()
        assert other.rule.text.replace("'", "&#x27;").replace('"', "&quot;")[:30] in (
            p.texts[t.field].value
        )
    assert p.changed() == {k: v for k, v in flipped(game).items() if k in EXPECTED[game]}
    assert p.accordion.get_title(0) == f"Table rules ({len(EXPECTED[game])} changed from the kit's)"
    state = get_game(game).start({**BASE.get(game, {}), **p.config()})
    assert choices_of(game, state.config) == p.config()
    p.reset()
    assert p.changed() == {} and p.config() == choices_of(game) and p.reset_button.disabled


def test_the_panel_shows_a_loaded_config_and_refuses_what_is_not_a_choice():
    p = panel_for("the-horde", config={"dizzy": "restart", "bomb": "attack-discard"})
    assert p.changed() == {"dizzy": "restart", "bomb": "attack-discard"}
    assert "Your table's rule" in p.texts["dizzy"].value
    assert "Our ruling" in p.texts["item_stack"].value
    assert p.link_params() == {"dizzy": "restart", "bomb": "attack-discard"}
    p.load({"dizzy": False})  # an old save's config
    assert p.changed() == {"dizzy": "off"}
    with pytest.raises(InvalidInputError, match="'window', 'restart', 'off'"):
        p.set("dizzy", "sometimes")
    with pytest.raises(InvalidInputError, match="no table rule 'loss_at'"):
        p.set("loss_at", 5)
    p.unfold()
    assert p.accordion.selected_index == 0


def test_the_panel_names_no_game():
    from hordes_kit.ui import table_rules as panel_module

    source = inspect.getsource(panel_module).lower()
    for g in registered_games():
        assert g.name not in source and g.title.lower() not in source
