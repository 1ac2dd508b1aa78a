"""Shadows Traits the rulebook defines without naming a card for them: Choose One,
Invincible, Repeat and Attachment (the shipped sample cards use them)."""

from __future__ import annotations

from shadows_helpers import lay, position, to_combat, until, with_deck

from hordes_kit.shadows.attack import targets
from hordes_kit.shadows.cards import load_cards, parse_effect
from hordes_kit.shadows.combat import attach_targets

CARDS = load_cards()


def test_each_trait_has_a_shipped_sample_card():
    by_trait = {}
    for k in CARDS.skills:
        for t in k.front.traits:
            by_trait.setdefault(t, []).append(k)
    for trait in ("Choose One", "Invincible", "Repeat", "Attachment"):
        assert by_trait[trait] and all(k.sample for k in by_trait[trait]), trait
    assert CARDS.by_id["hex-brand"].attach == "opponent"


def _eras_vs_akintunde(card, eras_damage=0, hands=None, **pos):
    s = position([{"hero": "akintunde"}, {"hero": "eras", "damage": eras_damage}], **pos)
    s = with_deck(s, 1, card)
    hands = hands or [["sword-strike", "the-fist", "search"], [card, "magic-missile", "ward"]]
    return to_combat(s, hands)


def test_choose_one_makes_the_player_pick_one_effect():
    s = _eras_vs_akintunde("twofold-rite", eras_damage=3)
    s = until(s, 1, 5)
    s = lay(s, "twofold-rite")
    assert s.top().kind == "!choose" and s.legal_actions() == ("choose:1", "choose:2")
    assert "recover 2" in s.label("choose:2")
    healed = s.apply("choose:2")
    assert healed.seats[1].damage == 1 and healed.seats[0].damage == 0  # only option 2
    hurt = s.apply("choose:1")
    assert hurt.legal_actions() == ("target:monster", "target:p1")
    hurt = hurt.apply("target:p1")
    hurt = hurt.apply("take") if hurt.top().kind == "!defend" else hurt
    assert hurt.seats[0].damage == 2 and hurt.seats[1].damage == 3  # only option 1


def _rolan_aegis(gives=("MxSpecial", "MxSpecial")):
    s = position([{"hero": "eras"}, {"hero": "rolan"}])
    s = with_deck(s, 1, "divine-aegis")
    return to_combat(
        s,
        [["lightning-touch", "magic-missile", "ward"], ["divine-aegis", "lance-charge", "rally"]],
        gives=list(gives),
    )


def test_invincible_hero_is_no_target_and_a_predict_only_pays_its_reward():
    s = _rolan_aegis()
    s = s.apply("pass")  # Olivia (Eras, the Leader) keeps her Lightning Touch for a moment
    s = lay(s, "divine-aegis")
    assert s.invincible == (False, True) and s.view(0)["seats"][1]["invincible"] is True
    assert "p2" not in targets(s, 0, parse_effect("attack 3"))
    assert s.is_invincible("p2") and not s.is_invincible("p1")
    # Step 2: Magic Missile may only go at the Monster (the target is chosen at once)
    s = lay(until(s, 0, 2), "magic-missile")
    assert any(e.text.endswith("attacks Cave Stalker for 3 damage.") for e in s.log)


def test_invincible_negates_predict_damage_but_not_its_reward():
    s = position([{"hero": "rolan"}, {"hero": "eras"}], leader=0)
    s = with_deck(s, 0, "divine-aegis")
    s = to_combat(
        s,
        [
            ["divine-aegis", "pommel-strike", "shield-wall"],
            ["lightning-touch", "ward", "mind-read"],
        ],
    )
    s = lay(s, "divine-aegis")
    s = lay(s, "lightning-touch")
    n = len(s.log)
    s = s.apply("predict:p1:5")  # Pommel Strike shows a Five: a hit
    assert s.seats[1].earned[1] == 1  # Olivia still gains her Experience
    assert s.seats[0].damage == 0  # Rolan loses no health
    assert "shadows.invincible" in [e.rule for e in s.log[n:]]


def test_invincible_hero_takes_no_monster_attack_and_it_ends_with_the_combat():
    s = _rolan_aegis(gives=("MxSpecial", "MxAttack"))
    s = lay(s.apply("pass"), "divine-aegis")
    s = until(s, 1, 2)
    n = len(s.log)
    s = lay(s, "lance-charge").apply("target:monster")  # reveals Rolan's card: MxAttack
    assert s.seats[1].damage == 0 and s.mdamage == (0, 3)  # the Monster's Attack 2 is negated
    assert "shadows.invincible" in [e.rule for e in s.log[n:]]
    while s.phase == "combat":
        legal = s.legal_actions()
        s = s.apply("pass" if "pass" in legal else legal[0])
    assert s.invincible == (False, False)


def test_an_invincible_object_is_no_target():
    s = position([{"hero": "rolan", "station": ["sacred-totem"]}, {"hero": "akintunde"}])
    assert s.is_invincible("p1.sacred-totem") and not s.is_invincible("p1")
    assert "p1.sacred-totem" not in targets(s, 1, parse_effect("attack 3"))
    assert "p1.ward" not in targets(s, 1, parse_effect("attack 3"))
    assert s.view(None)["seats"][0]["station"][-1]["invincible"] is True


def test_repeat_goes_again_while_it_knocks_down():
    seats = [{"hero": "akintunde", "bonus": {"strength": 4}}, {"hero": "eras", "damage": 2}]
    s = position(seats)
    s = with_deck(s, 0, "relentless-assault")
    s = to_combat(
        s, [["relentless-assault", "search", "war-cry"], ["magic-missile", "ward", "mind-read"]]
    )
    s = until(s, 0, 6)
    s = lay(s, "relentless-assault").apply("target:p2")
    # Strength 7 + 3 = 10 on Eras (7 Health, 2 damage): KnockedDown, she recovers full health
    assert s.seats[0].knockdowns == 1
    while s.top().kind in ("!lose", "!defend"):
        s = s.apply(s.legal_actions()[0])
    assert s.top().kind == "!repeat" and s.legal_actions() == ("repeat", "stop")
    s = s.apply("repeat").apply("target:p2")
    assert s.top().kind == "!defend" and "dodge" in s.legal_actions()  # flipped by the first
    s = s.apply("take")  # 10 damage on a fresh Eras: KnockedDown again
    assert s.seats[0].knockdowns == 2
    while s.top().kind in ("!lose", "!defend"):
        s = s.apply(s.legal_actions()[0])
    assert s.top().kind == "!repeat"
    stop = s.apply("stop")
    assert all(t.kind != "!repeat" for t in stop.tasks)


def test_repeat_stops_when_it_does_not_knock_down():
    s = position([{"hero": "akintunde"}, {"hero": "rolan"}])
    s = with_deck(s, 0, "relentless-assault")
    s = to_combat(
        s, [["relentless-assault", "search", "war-cry"], ["rally", "bulwark", "challenge"]]
    )
    s = until(s, 0, 6)
    s = lay(s, "relentless-assault").apply("target:p2")
    s = s.apply("take") if s.top().kind == "!defend" else s
    s = s.apply("shields:0") if s.top().kind == "!shields" else s
    assert s.seats[1].damage == 6 and s.seats[0].knockdowns == 0
    assert all(t.kind != "!repeat" for t in s.tasks)


def test_attachment_attaches_and_acts_on_its_entity():
    s = _eras_vs_akintunde(
        "hex-brand",
        hands=[["sword-strike", "the-fist", "search"], ["hex-brand", "ward", "mind-read"]],
    )
    s = until(s, 1, 2)
    assert attach_targets(s, 1, "hex-brand") == ["p1"]  # an opponent's entity only
    s = lay(s, "hex-brand")  # attached at once: the only choice
    placed = [p for p in s.seats[1].station if p.card == "hex-brand"]
    assert placed and placed[0].on == "p1"
    assert s.view(None)["seats"][1]["station"][-1]["attached_to"] == "p1"
    s = until(s, 1, 5)
    assert "use:hex-brand" in s.legal_actions()
    s = s.apply("use:hex-brand")
    s = s.apply("take") if s.top().kind == "!defend" else s
    assert s.seats[0].damage == 1  # Akintunde loses 1 health: Spell damage, no Shield Points
    assert "use:hex-brand" not in s.legal_actions()  # Once/Round


def test_attachment_on_an_object_leaves_with_it():
    seats = [{"hero": "akintunde", "station": ["ward"]}, {"hero": "eras"}]
    s = position(seats)
    s = with_deck(s, 1, "hex-brand")
    s = to_combat(
        s, [["sword-strike", "the-fist", "search"], ["hex-brand", "magic-missile", "mind-read"]]
    )
    s = until(s, 1, 2)
    s = lay(s, "hex-brand", "magic-missile")
    assert s.legal_actions() == ("attach:p1", "attach:p1.ward")
    s = s.apply("attach:p1.ward")
    assert [p.on for p in s.seats[1].station if p.card == "hex-brand"] == ["p1.ward"]
    s = s.apply("flip").apply("target:p1.ward")
    s = s.apply("take") if s.top().kind == "!defend" else s
    s = s.apply("shields:0") if s.top().kind == "!shields" else s
    # Magic 3 on the Ward (Health 3): defeated, and the Hex Brand goes back to Olivia's deck
    assert all(p.card != "ward" for p in s.seats[0].station)
    assert all(p.card != "hex-brand" for p in s.seats[1].station)
    assert "hex-brand" in s.seats[1].deck
