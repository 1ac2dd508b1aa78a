"""Fantahzee's table rules: each option changes what its test says, and the log cites the
reading in force."""

from __future__ import annotations

import pytest

from hordes_kit.core.errors import IllegalActionError, InvalidInputError
from hordes_kit.fantahzee.game import new_game
from hordes_kit.fantahzee.rules import FConfig

F = "fantahzee."
STACKS = [
    {"top": t, "l1": 3, "l2": 5, "boss": True}
    for t in ("orc-mage", "goblin-raider", "kobold-sneak", "rock-monster", "bone-warrior")
]


def rolled(party, faces, **config):
    """Seat 1's Dice Phase, the first roll showing ``faces``."""
    pos = {"player": 0, "seats": [{"party": list(party)}, {}], "stacks": STACKS}
    s = new_game({"players": 2, "position": pos, **config}).apply("roll")
    for f in faces:
        s = s.apply(f"die:{f}")
    return s


def cited(before, after) -> list[str]:
    return [e.rule[len(F) :] for e in after.log[len(before.log) :]]


def test_the_paladin_may_decline_or_must_activate_a_hero():
    s = rolled(["paladin", "steamsmith"], (4, 4, 4, 4, 1)).apply("activate:1.paladin:4,4,4,4")
    assert s.legal_actions() == ("skip", "target:2.steamsmith")
    after = s.apply("skip")
    assert "card.skip" in cited(s, after) and not after.seat.party[1].active
    m = rolled(["paladin", "steamsmith"], (4, 4, 4, 4, 1), imperative="must-use")
    m = m.apply("activate:1.paladin:4,4,4,4")
    assert m.legal_actions() == ("target:2.steamsmith",)  # no way to leave it unused
    with pytest.raises(IllegalActionError):
        m.apply("skip")
    after = m.apply("target:2.steamsmith")
    assert after.seat.party[1].active and "option.imperative.must-use" in cited(m, after)


def test_an_ability_with_nothing_to_act_on_does_nothing_in_either_reading():
    for cfg in ({}, {"imperative": "must-use"}):
        s = rolled(["paladin", "archmage"], (4, 4, 4, 4, 1), **cfg)  # Archmage: 8 > 4
        after = s.apply("activate:1.paladin:4,4,4,4")
        assert not after.pending and "card.no-target" in cited(s, after)


def test_the_archmage_may_decline_or_must_capture():
    s = rolled(["archmage"], (3, 3, 3, 3, 3)).apply("activate:1.archmage:3,3,3,3,3")
    assert "skip" in s.legal_actions() and len(s.legal_actions()) > 1
    m = rolled(["archmage"], (3, 3, 3, 3, 3), imperative="must-use")
    m = m.apply("activate:1.archmage:3,3,3,3,3")
    assert "skip" not in m.legal_actions() and m.legal_actions()
    after = m.apply(m.legal_actions()[0])
    assert len(after.seat.victory) == 1 and "option.imperative.must-use" in cited(m, after)


def test_two_heroes_x_dice_on_one_number_or_not():
    def after_sergeant(**config):
        s = rolled(["sergeant", "illusionist"], (4, 4, 4, 4, 1), **config)
        return s.apply("activate:1.sergeant:4,4").apply("target:2.illusionist")

    s = after_sergeant()
    after = s.apply("activate:2.illusionist:4")  # the Sergeant's X dice showed 4s too
    assert after.seat.party[1].active and "ruling.same-number" in cited(s, after)
    d = after_sergeant(distinct_values=True)
    assert "activate:2.illusionist:4" not in d.legal_actions()
    after = d.apply("activate:2.illusionist:1")
    assert "option.distinct_values.true" in cited(d, after)


def test_configs_refuse_a_reading_that_is_not_a_choice():
    with pytest.raises(InvalidInputError, match="imperative: must be one of"):
        FConfig.from_dict({"imperative": "sometimes"})
    with pytest.raises(InvalidInputError, match="distinct_values: must be one of false, true"):
        FConfig.from_dict({"distinct_values": "yes"})
    assert FConfig.from_dict({"imperative": "must-use"}).to_dict()["imperative"] == "must-use"
