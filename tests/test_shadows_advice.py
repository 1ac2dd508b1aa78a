"""The odds behind each walkthrough question (``advice.decision_odds``), checked against
enumeration and against the calculators they come from."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest

from hordes_kit.core.playout import play_steps
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.shadows import new_game
from hordes_kit.shadows.advice import decision_odds, monster_threat, odds_json
from hordes_kit.shadows.bots import conformance_policy
from hordes_kit.shadows.hands import predict_odds
from hordes_kit.shadows.odds import monster_round, next_reveal

FILES = scenario_files("shadows")
ODDS_KINDS = {"!predict", "!target", "!defend", "!turn", "!next", "!pick"}


def _frames(name):
    path = next(p for p in FILES if p.stem.startswith(name))
    return {f.step.move + f"#{f.index}": f for f in run_scenario(load_scenario(path))}


EXAMPLE = _frames("01-")


def _at(move_prefix):
    return next(f for k, f in EXAMPLE.items() if k.startswith(move_prefix)).before


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_question_is_a_real_decision_with_its_odds(path):
    asked = 0
    for f in run_scenario(load_scenario(path)):
        if not f.step.ask:
            continue
        asked += 1
        s = f.before
        assert not s.is_chance and len(s.legal_actions()) > 1, (path.stem, f.index)
        assert f.step.move in s.legal_actions()
        odds = decision_odds(s)
        assert odds["decision"] == s.top().kind and odds["seat"] == s.top().seat
        if odds["decision"] in ODDS_KINDS:
            assert [r["action"] for r in odds["options"]] == list(s.legal_actions())
            assert odds["model"] and odds["measure"]
            assert odds["best"] is None or odds["best"] in s.legal_actions()
            json.dumps(odds_json(odds))
    assert asked, f"{path.stem} asks nothing"


def test_predict_question_uses_the_predict_odds():
    s = _at("predict:p1:5")
    odds = decision_odds(s)
    want = predict_odds(s, 1, 0)["chance"]
    assert {r["action"]: r["values"]["hit"] for r in odds["options"]} == {
        "predict:p1:4": want[4],
        "predict:p1:5": want[5],
    }
    # before Robert shows anything: a Four (Search or Shoulder Charge) beats a Five (Search)
    assert want == {1: want[1], 2: want[2], 4: Fraction(5, 7), 5: Fraction(3, 7), 6: want[6]}
    assert odds["best"] == "predict:p1:4"


def test_target_question_against_every_hand_olivia_may_hold():
    s = _at("target:p2#14")
    odds = decision_odds(s)
    rows = {r["action"]: r["values"] for r in odds["options"]}
    # Robert dealt himself MxResponse: the Monster blocks The Fist's 1 damage for sure
    assert rows["target:monster"]["answered"] == 1 and rows["target:monster"]["reward"] == 0
    # Olivia played Lightning Touch: her other two cards are two of her five others
    pool = ["magic-missile", "mystical-cloak", "arcane-bolt", "mind-read", "ward"]
    hands = list(combinations(pool, 2))
    cloak = Fraction(sum("mystical-cloak" in h for h in hands), len(hands))
    assert rows["target:p2"]["answered"] == cloak == Fraction(2, 5)
    assert rows["target:p2"]["reward"] == 1 - cloak and odds["best"] == "target:p2"


def test_defend_question_counts_the_card_laid_facedown_and_the_monster():
    s = _at("take#15")
    odds = decision_odds(s)
    rows = {r["action"]: r["values"] for r in odds["options"]}
    threat = monster_threat(s, 1)
    spell = sum((p * sp for (hit, sp), p in threat.items()), Fraction(0))
    hurt = sum((p * (hit + sp) for (hit, sp), p in threat.items()), Fraction(0))
    # Sword Strike (3) is the only Initiative 2 card Robert can have laid facedown
    # take: 1 now; Cloak blocks 2 of Sword Strike; Dodge (ready) blocks the Monster's Attack
    assert rows["take"]["this_round"] == 1 + 1 + spell
    # respond: 0 now; Sword Strike's 3 taken (Dodge then ready) for the Monster's Attack
    assert rows["respond:mystical-cloak"]["this_round"] == 0 + 3 + spell
    assert odds["best"] == "take"  # the book's choice
    # the Monster's card: Cave Stalker's only Spell damage is MxxSpell, 'lose 1'
    dist = next_reveal(s, 1, 1)
    assert spell == dist["MxxSpell"] and hurt > spell


def test_play_question_is_this_round_against_the_monster():
    s = _at("lay:magic-missile")
    odds = decision_odds(s)
    rows = {r["action"]: r["values"] for r in odds["options"]}
    play = monster_round(s, 1, ["magic-missile"])
    assert rows["lay:magic-missile"]["xp"] == play.xp and rows["pass"]["xp"] == 0
    assert rows["lay:magic-missile"]["defeat"] == play.defeat
    assert odds["best"] == "lay:magic-missile" and odds["model"] == list(play.assumptions)


def test_no_odds_where_none_apply():
    s = _at("teamup:xp")
    odds = decision_odds(s)
    assert odds["options"] == [] and odds["best"] is None and odds["model"]


def test_decision_odds_in_random_games():
    rng = random.Random(7)
    seen = set()
    for seed in (0, 1):
        policies = {k: conformance_policy for k in range(3)}
        for st in play_steps(new_game({"players": 2 + seed}), seed, policies):
            if st.is_terminal or st.is_chance or st.phase == "setup" or rng.random() > 0.12:
                continue
            odds = decision_odds(st)
            if odds["decision"] in ODDS_KINDS and (st.monster or odds["decision"] == "!predict"):
                assert [r["action"] for r in odds["options"]] == list(st.legal_actions())
                assert all(
                    v >= 0 or k in ("gold", "xp", "stones")
                    for r in odds["options"]
                    for k, v in r["values"].items()
                )
                seen.add(odds["decision"])
    assert {"!pick", "!turn", "!target"} <= seen
