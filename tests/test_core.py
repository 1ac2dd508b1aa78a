"""The core API proven on the demo game: errors, chance, playouts, save files, scenarios."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from hordes_kit.core import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    SaveFileError,
    ScenarioError,
    playout,
    sample_outcome,
)
from hordes_kit.core.conformance import ConformanceError, check_state
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.core.scenario import load_scenario, lookup, run_scenario

DATA = Path(__file__).parent / "data"


def test_chance_is_explicit_and_drawn_from_what_remains(demo):
    s = demo.start({"players": 2})
    assert s.current_player == CHANCE
    outs = s.chance_outcomes()
    assert [o for o, _ in outs] == [f"deal:c{i}" for i in range(1, 7)]
    assert sum(p for _, p in outs) == 1
    s = s.apply("deal:c3")
    assert "deal:c3" not in s.legal_actions()
    assert all(p == Fraction(1, 5) for _, p in s.chance_outcomes())


def test_state_is_immutable_and_apply_returns_new(demo):
    s0 = demo.start({})
    s1 = s0.apply("deal:c1")
    assert s0.history == () and s1.history == ("deal:c1",)
    assert s0.hands == (None, None)
    with pytest.raises(AttributeError):
        s1.players = 3  # frozen dataclass


def test_malformed_and_illegal_are_different_errors(demo):
    s = demo.start({}).apply_all(["deal:c1", "deal:c2"])
    with pytest.raises(InvalidActionError, match="'fly'"):
        s.apply("fly")
    with pytest.raises(IllegalActionError) as e:
        s.apply("deal:c5")
    assert "deal:c5" in str(e.value)
    assert e.value.legal == ("stay", "swap")
    assert "stay, swap" in str(e.value)
    with pytest.raises(InvalidActionError):
        s.apply("")


def test_illegal_move_changes_nothing(demo):
    s = demo.start({}).apply("deal:c1")
    before = s
    with pytest.raises(IllegalActionError):
        s.apply("swap")
    assert s == before


def test_log_cites_rules(demo):
    s = demo.start({}).apply_all(["deal:c1", "deal:c2", "stay"])
    assert [e.rule for e in s.log] == ["demo.deal", "demo.deal", "demo.stay"]
    assert s.log[0].to_json()["data"] == {"seat": 0}


def test_sample_outcome_is_exact_and_seeded():
    outs = (("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2)))
    rng = random.Random(7)
    counts = Counter(sample_outcome(outs, rng) for _ in range(60_000))
    assert abs(counts["a"] / 60_000 - 1 / 6) < 0.01
    assert abs(counts["c"] / 60_000 - 1 / 2) < 0.01
    a = [sample_outcome(outs, random.Random(3)) for _ in range(5)]
    b = [sample_outcome(outs, random.Random(3)) for _ in range(5)]
    assert a == b
    with pytest.raises(ValueError):
        sample_outcome((("a", Fraction(1, 3)),), random.Random(1))


def test_playout_is_deterministic_per_seed(demo):
    a = playout(demo.start({"players": 3}), seed=11)
    b = playout(demo.start({"players": 3}), seed=11)
    assert a == b and a.current_player == TERMINAL
    finals = {playout(demo.start({}), seed=s).history for s in range(30)}
    assert len(finals) > 5  # different seeds, different games


def test_replay_from_history_equals_state(demo):
    s = playout(demo.start({"players": 3, "deck": 8}), seed=5)
    assert demo.replay({"players": 3, "deck": 8}, s.history) == s


def test_save_round_trip_and_refusals(demo):
    cfg = {"players": 2}
    s = demo.start(cfg).apply_all(["deal:c4", "deal:c2"])
    text = dump_save("demo", cfg, s)
    cfg2, s2 = load_save(text, expect_game="demo")
    assert s2 == s and cfg2 == cfg
    bad = [
        "not json{",
        json.dumps({"format": "other"}),
        json.dumps({"format": "hordes-kit-save/1", "game": "demo", "config": {}, "history": [3]}),
        json.dumps(
            {"format": "hordes-kit-save/1", "game": "demo", "config": {}, "history": ["fly"]}
        ),
        json.dumps(
            {"format": "hordes-kit-save/1", "game": "demo", "config": {"players": 9}, "history": []}
        ),
    ]
    for b in bad:
        with pytest.raises(SaveFileError):
            load_save(b, expect_game="demo")
    with pytest.raises(SaveFileError, match="not 'fantahzee'"):
        load_save(text, expect_game="fantahzee")


def test_conformance_catches_a_leak(demo):
    s = demo.start({}).apply_all(["deal:c4", "deal:c2"])
    check_state(s, 2)

    class Leaky(type(s)):
        def view(self, player):
            v = super().view(player)
            v["peek"] = f"opponent holds {self.hands[1 - (player or 0)]}"
            return v

    leaky = Leaky(**{f: getattr(s, f) for f in s.__dataclass_fields__})
    with pytest.raises(ConformanceError, match="hidden"):
        check_state(leaky, 2)


def test_scenario_runs_and_checks_facts():
    sc = load_scenario(DATA / "demo_swap.toml")
    frames = run_scenario(sc)
    assert len(frames) == 5
    assert frames[2].step.ask.startswith("Player 1 holds")
    assert frames[-1].after.is_terminal


def test_scenario_errors_name_file_and_step(tmp_path):
    text = (DATA / "demo_swap.toml").read_text()
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('"winner" = 0', '"winner" = 1'))
    with pytest.raises(ScenarioError, match="expected winner = 1"):
        run_scenario(load_scenario(wrong))
    bad_rule = tmp_path / "rule.toml"
    bad_rule.write_text(text.replace('rule = "demo.swap"', 'rule = "demo.stay"'))
    with pytest.raises(ScenarioError, match="step 3"):
        run_scenario(load_scenario(bad_rule))
    order = tmp_path / "order.toml"
    order.write_text(text.replace('chance = "deal:c6"', 'action = "stay"'))
    with pytest.raises(ScenarioError, match="waits for a chance outcome"):
        run_scenario(load_scenario(order))
    broken = tmp_path / "broken.toml"
    broken.write_text("id = [")
    with pytest.raises(ScenarioError, match="broken.toml"):
        load_scenario(broken)


def test_lookup_paths():
    facts = {"a": [{"b": 1}, {"b": 2}]}
    assert lookup(facts, "a.-1.b") == 2
    with pytest.raises(KeyError):
        lookup(facts, "a.5.b")


def test_unknown_game_lists_known():
    with pytest.raises(Exception, match="demo"):
        get_game("chess")


def test_card_data_error_names_file_card_field():
    e = CardDataError("data/x/cards.toml", "Paladin", "strength", "must be 0-20, got 99")
    assert str(e) == "data/x/cards.toml, card 'Paladin', field 'strength': must be 0-20, got 99"


@pytest.mark.parametrize("name", ["the-horde", "fantahzee", "skytear"])
def test_a_state_keeps_what_it_worked_out_and_the_next_state_works_it_out_anew(name):
    """A state keeps its legal actions and chance outcomes once asked (a move asks again);
    the state a move makes never inherits them, and what is kept is what would be worked
    out afresh, at decision and at chance nodes alike."""
    from hordes_kit.core.playout import play_steps
    from hordes_kit.core.state import _MEMO, evolve

    game = get_game(name)
    config = {"players": game.min_players}
    kinds = set()
    for state in play_steps(game.start(config), 4, max_steps=120):
        assert _MEMO not in state.__dict__  # a new state: nothing kept yet
        legal, chance = state.legal_actions(), state.chance_outcomes()
        assert state.legal_actions() is legal and state.chance_outcomes() is chance  # kept
        fresh = game.replay(config, state.history)
        assert fresh.legal_actions() == legal and fresh.chance_outcomes() == chance
        kinds.add("chance" if chance else "decision" if legal else "end")
        assert _MEMO not in evolve(state, history=state.history).__dict__
    assert {"chance", "decision"} <= kinds
