"""Shadows rules where the engine used to read the book otherwise (issue 43, part 1): the
Monster's recovery after an Attack, no Attack for 0 damage, a Creature's reward when its
Monster falls, Initiative 0 cards and their requirements, Main and Sub-Traits, the
Skill Pool's 50 cards."""

from __future__ import annotations

import pytest
from card_strategies import shipped_doc, toml_text
from shadows_helpers import lay, position, to_combat, until, with_deck

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.shadows import new_game
from hordes_kit.shadows.cards import check_file

MAGIC_5 = ["magic-element", "goblin-wand"]  # the book's Eras items: Magic 5


def _missile_at_the_monster(card: str, tokens=(0, 0)):
    """Olivia (Eras, Magic 5) lays Magic Missile at Cave Stalker (5 Health) with ``card``
    facedown in front of her."""
    seats = [{"hero": "akintunde"}, {"hero": "eras", "items": MAGIC_5}]
    s = position(seats, monster_damage=list(tokens))
    s = to_combat(
        s,
        [["sword-strike", "the-fist", "search"], ["magic-missile", "ward", "mind-read"]],
        gives=["MxSpecial", card],
    )
    s = until(s, 1, 2)
    return lay(s, "magic-missile").apply("target:monster")


def test_the_monster_recovers_from_the_damage_of_the_attack_that_revealed_it():
    # "If your Ally deals just enough damage ... but the Monster-Action that revealed has the
    # effect of '[Spell]: Monster recovers 1 health' ... the player who used Attack didn't
    # defeat the Monster": 5 on a 5-Health Monster, MxSpell (recover 1): 4 tokens stay
    s = _missile_at_the_monster("MxSpell")
    assert s.monster == "cave-stalker" and s.mdamage == (0, 4)
    assert s.seats[1].monsters == ()
    rules = [e.rule for e in s.log]
    land = rules.index("shadows.attack.land")
    assert rules[land + 1] == "shadows.monster.recover-after"  # right after the Attack
    # without a recovery the same Attack defeats it
    s = _missile_at_the_monster("MxSpecial")
    assert s.seats[1].monsters == ("cave-stalker",)


def test_a_recovery_at_initiative_step_3_comes_off_the_tokens_already_there():
    seats = [{"hero": "akintunde"}, {"hero": "eras"}]
    s = position(seats, monster_damage=[0, 3])
    s = to_combat(
        s,
        [["sword-strike", "the-fist", "search"], ["mind-read", "ward", "mystical-cloak"]],
        gives=["MxSpecial", "MxSpell"],
    )
    s = until(s, 0, 4)
    assert s.mdamage == (0, 2)


def test_an_attack_for_0_damage_is_not_offered_and_not_counted():
    seats = [{"hero": "akintunde"}, {"hero": "eras", "items": ["tinker-s-kit"]}]
    s = with_deck(position(seats), 0, "strike-weakness", "silent-ward")
    s = to_combat(
        s,
        [
            ["strike-weakness", "silent-ward", "iron-guard"],
            ["mystical-cloak", "ward", "lightning-touch"],
        ],
    )
    s = until(s, 0, 5)
    assert "lay:strike-weakness" not in s.legal_actions()  # X = 0: not a use of the Trait
    s = lay(s, "silent-ward", "strike-weakness").apply("target:p2")
    s = s.apply("respond:mystical-cloak")  # Tech 3 blocks all 3: X stays 0
    assert "strike-weakness" in s.seats[0].hand and s.attacks[0] == 1  # Silent Ward only
    assert "shadows.attack.zero" in [e.rule for e in s.log[-8:]]
    assert s.seats[0].earned == (0, 0, 0)


def test_a_facedown_attack_may_be_flipped_once_it_would_deal_damage():
    seats = [{"hero": "akintunde"}, {"hero": "eras"}]
    s = with_deck(position(seats), 0, "strike-weakness", "silent-ward")
    s = to_combat(
        s,
        [
            ["strike-weakness", "silent-ward", "iron-guard"],
            ["magic-missile", "ward", "lightning-touch"],
        ],
    )
    s = until(s, 0, 5)
    s = lay(s, "silent-ward", "strike-weakness").apply("target:p2")
    assert s.seats[1].damage == 3 and s.legal_actions() == ("flip", "skip")
    s = s.apply("flip")  # X = 3 now; the only target is Eras
    assert s.top().kind == "!defend" and s.top().amount == 3


def test_the_creature_is_discarded_with_its_monster_and_gives_its_reward():
    seats = [{"hero": "akintunde"}, {"hero": "eras"}]
    s = position(seats, monster="vaendiss", monster_damage=[11, 0])
    hands = [["sword-strike", "the-fist", "search", "iron-guard", "heavy-blow"]]
    hands += [["magic-missile", "ward", "mind-read", "arcane-bolt", "mystical-cloak"]]
    s = to_combat(s, hands, gives=["MxAttack", "MxSpecial"])
    s = until(s, 0, 2)
    # Sword Strike (3) on Vaendiss with 11 of Robert's tokens: 14, its Health. His own card,
    # MxAttack, is resolved first (the Monster attacks him for 4), then the damage lands
    s = lay(s, "sword-strike").apply("target:monster")
    while s.top().kind in ("!defend", "!shields"):
        s = s.apply(s.legal_actions()[-1])
    assert not s.monster and not s.creature and s.seats[0].monsters == ("vaendiss",)
    rules = [e.rule for e in s.log]
    assert "shadows.monster.creature-discard" in rules and "shadows.ruling.creature-reward" in rules
    assert s.seats[0].earned[0] == 3 + 1  # Vaendiss' 3 Gold and Vazbuk's own 1


def test_an_initiative_0_card_waits_in_the_deck_until_its_requirement_is_met():
    seats = [
        {"hero": "akintunde"},
        {"hero": "eras", "xp": 3, "gold": 2, "library": ["mana-battery"]},
    ]
    s = position(seats, phase="buildup", market=["goblin-wand", "magic-element", "rusty-orb"])
    s = s.apply("pass")  # Eras does not buy; Akintunde has nothing (forced)
    s = s.apply("study:mana-battery")  # Magic 3, it needs 4: into the Current Deck
    assert "mana-battery" in s.seats[1].deck
    assert all(p.card != "mana-battery" for p in s.seats[1].station)
    assert "shadows.study.initiative-zero" in [e.rule for e in s.log]
    # next round's BuildUp: the Goblin Wand (+1 Magic) makes 4, and the card goes down at once
    while not (s.top().kind == "!buy" and s.top().seat == 1):
        legal = s.legal_actions() if not s.is_chance else [s.chance_outcomes()[0][0]]
        s = s.apply("pass" if "pass" in legal else legal[0])
    s = s.apply("buy:goblin-wand")
    assert "mana-battery" not in s.seats[1].deck
    assert any(p.card == "mana-battery" for p in s.seats[1].station)


def test_an_initiative_0_card_met_on_study_goes_to_the_station_field():
    seats = [{"hero": "akintunde"}, {"hero": "eras", "xp": 3, "items": ["apprentice-staff"]}]
    seats[1]["library"] = ["mana-battery"]
    s = position(seats, phase="buildup")
    s = s.apply("study:mana-battery")
    assert any(p.card == "mana-battery" for p in s.seats[1].station)


def _mirror_guard(as_response: bool):
    seats = [{"hero": "akintunde"}, {"hero": "ahti"}]
    s = with_deck(position(seats), 1, "mirror-guard")
    hands = [["sword-strike", "the-fist", "search"], ["mirror-guard", "ambush", "wolf-companion"]]
    s = to_combat(s, hands)
    if as_response:
        s = until(s, 0, 2)
        return lay(s, "sword-strike").apply("target:p2")
    s = until(s, 1, 4)
    return lay(s, "mirror-guard")


def test_a_card_used_as_a_response_resolves_only_that_trait():
    s = _mirror_guard(as_response=True)
    assert "respond:mirror-guard" in s.legal_actions()
    s = s.apply("respond:mirror-guard").apply("shields:0")  # Magic 2 blocks 2 of Strength 3
    assert s.seats[1].damage == 1
    # its Response (Attack) Trait and that Trait's [Spell] Sub-Trait: 1 Experience; its
    # Spell Main Trait was not used: no Gold
    assert s.seats[1].earned == (0, 1, 0)
    assert "shadows.traits.response" in [e.rule for e in s.log]


def test_played_at_its_step_the_response_trait_is_not_used_nor_its_sub_trait():
    s = _mirror_guard(as_response=False)
    assert s.seats[1].earned == (1, 0, 0)  # the Spell: 1 Gold; no Experience
    assert "shadows.traits.sub" in [e.rule for e in s.log]


@pytest.mark.parametrize("choice, damage, recovered", [("1", 2, 0), ("2", 0, 2), ("both", 2, 2)])
def test_two_main_traits_either_or_both(choice, damage, recovered):
    seats = [{"hero": "rolan", "damage": 3}, {"hero": "eras"}]
    s = with_deck(position(seats), 0, "tempest-edge")
    s = to_combat(s, [["tempest-edge", "rally", "bulwark"], ["magic-missile", "ward", "mind-read"]])
    s = until(s, 0, 6)
    s = lay(s, "tempest-edge")
    assert s.legal_actions() == ("main:1", "main:2", "main:both")
    s = s.apply(f"main:{choice}")
    if s.top().kind == "!target":
        s = s.apply("target:p2")
    assert s.seats[1].damage == damage and s.seats[0].damage == 3 - recovered


def _pool(neutral: int) -> str:
    doc = shipped_doc("shadows")
    heroes = [k for k in doc["skill"] if k.get("hero")]
    pool = [dict(k, copies=1) for k in doc["skill"] if not k.get("hero")][:neutral]
    doc["skill"] = heroes + pool
    return toml_text(doc)


def test_a_skill_pool_needs_50_cards(tmp_path):
    with pytest.raises(InvalidInputError, match="at least 50 .* has 49"):
        new_game({"players": 2, "library": "pool", "cards": _pool(49)})
    s = new_game({"players": 2, "library": "pool", "cards": _pool(50)})
    assert len(s.skill_pool) <= 50
    new_game({"players": 2, "cards": _pool(49)})  # the Beginner Libraries need no Pool
    path = tmp_path / "mine.toml"
    path.write_text(_pool(49))
    lines, configs = check_file(path)
    assert any("too few for a Skill Pool game" in x for x in lines)
    assert all(c.get("library") != "pool" for c in configs)
    path.write_text(_pool(50))  # check-data then plays a Skill Pool game too
    lines, configs = check_file(path)
    assert not any("Skill Pool" in x for x in lines)
    assert any(c.get("library") == "pool" for c in configs)
