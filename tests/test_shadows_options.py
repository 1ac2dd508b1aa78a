"""Shadows' table rules: each option changes what its test says, and the log cites the
reading in force."""

from __future__ import annotations

import random

import pytest

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows.bots import random_bot
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.game import new_game
from hordes_kit.shadows.items import enforce_unmet

S = "shadows."


def to_library(cfg: dict):
    """A game played on (random choices) until the first Library card is drawn or chosen."""
    s = new_game({"players": 2, **cfg})
    while not s.seats[0].library and not s.seats[1].library:
        s = s.apply(random_bot(s, random.Random(len(s.history))))
    return s


def rules(s) -> list[str]:
    return [e.rule[len(S) :] for e in s.log]


def test_library_from_the_beginner_list_or_a_skill_pool():
    b = to_library({})
    assert len(b.seats[0].library) == 5 and "ruling.library" in rules(b)
    p = to_library({"library": "pool"})
    assert "setup.library-pool" in rules(p) and "ruling.library" not in rules(p)
    assert p.top().kind in ("!mulligan", "?library")


def test_the_mulligan_on_or_off():
    on = new_game({"players": 2, "library": "pool"})
    off = new_game({"players": 2, "library": "pool", "mulligan": False})
    for s, asks in ((on, True), (off, False)):
        kinds = set()
        for _ in range(400):
            if s.is_terminal or s.phase != "setup" and not s.stage:
                break
            if not s.is_chance:
                kinds.add(s.top().kind)
            s = s.apply(random_bot(s, random.Random(len(s.history))))
        assert ("!mulligan" in kinds) == asks
        assert len(s.seats[0].library) in ((10, 9, 8) if asks else (10,))
    assert "option.mulligan.false" in rules(s)


def test_an_unmet_requirement_blanks_or_discards_the_card():
    eras = {"hero": "eras", "items": ["plasma-generator"], "station": ["giant-shield"]}
    pos = {"round": 2, "monster": "cave-stalker", "seats": [eras, {"hero": "rolan"}]}
    blank = enforce_unmet(new_game({"players": 2, "position": pos}), 0)
    assert any(p.card == "giant-shield" for p in blank.seats[0].station)
    assert rules(blank)[-1] == "ruling.unmet"
    gone = enforce_unmet(new_game({"players": 2, "unmet": "discard", "position": pos}), 0)
    assert all(p.card != "giant-shield" for p in gone.seats[0].station)
    assert rules(gone)[-1] == "option.unmet.discard"


def test_configs_refuse_a_reading_that_is_not_a_choice():
    with pytest.raises(InvalidInputError, match="library: must be one of 'beginner', 'pool'"):
        SConfig.from_dict({"library": "shop"})
    with pytest.raises(InvalidInputError, match="mulligan: must be one of true, false, got 'yes'"):
        SConfig.from_dict({"mulligan": "yes"})
    with pytest.raises(InvalidInputError, match="unmet"):
        SConfig(unmet="vanish")
