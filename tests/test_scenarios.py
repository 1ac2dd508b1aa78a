"""Every shipped scenario file plays through its engine with every expected fact true."""

from __future__ import annotations

import pytest

from hordes_kit.core.data import data_path
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import load_scenario, run_scenario

FILES = sorted(data_path().glob("*/scenarios/*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_scenario_plays_as_written(path):
    sc = load_scenario(path)
    frames = run_scenario(sc)
    assert len(frames) == len(sc.steps)
    index = rule_index(path.parent.parent.name, sc.game + ".")
    for f in frames:
        for rid in (f.step.rule, *f.step.also):
            if rid:
                assert rid in index, f"{path.name}: unknown rule {rid}"


def test_scenario_ids_are_unique():
    ids = [load_scenario(p).id for p in FILES]
    assert FILES and len(ids) == len(set(ids))
