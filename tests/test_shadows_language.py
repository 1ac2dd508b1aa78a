"""The Shadows card language writes every Trait and effect the rulebook names (issue 43,
part 2): abilities that act when their player uses a Predict, progress tracks, a Monster's
Attack on several targets, the Destroy Trait, Attack X3, Response (Spell) and (Predict), a
die on a Spell; and the loader refuses what would not play, naming the card and field."""

from __future__ import annotations

import pytest
from budget import sized
from card_strategies import shipped_doc, toml_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shadows_helpers import lay, position, to_combat, until, with_deck

from hordes_kit.core.errors import CardDataError
from hordes_kit.core.smoke import smoke_test
from hordes_kit.shadows.cards import load_cards, parse_effect

CARDS = load_cards()


def test_a_creature_acts_whenever_its_player_uses_a_predict_right_or_wrong():
    seats = [{"hero": "eras", "station": ["raven-familiar"]}, {"hero": "akintunde"}]
    s = position(seats)
    hands = [["lightning-touch", "mind-read", "magic-missile"], ["search", "war-cry", "the-fist"]]
    s = to_combat(s, hands)
    s = lay(s, "mind-read").apply("predict:p2:6")  # wrong: Akintunde has no Six
    assert "shadows.auto.predict" in [e.rule for e in s.log[-6:]]
    # the Raven's [Attack] 1 needs a target; its Experience came first
    assert s.top().kind == "!target" and s.top().card == "raven-familiar"
    s = s.apply("target:p2")
    s = s.apply("take") if s.top().kind == "!defend" else s
    s = s.apply("shields:0") if s.top().kind == "!shields" else s
    assert s.seats[1].damage == 1 and s.seats[0].earned[1] == 1


def test_an_item_acts_when_its_player_uses_a_predict_once_a_round():
    seats = [{"hero": "eras", "items": ["seer-s-lens"]}, {"hero": "akintunde"}]
    s = position(seats)
    hands = [["lightning-touch", "mind-read", "magic-missile"], ["search", "war-cry", "the-fist"]]
    s = to_combat(s, hands)
    s = lay(s, "lightning-touch", "mind-read").apply("predict:p2:5")  # right: Search
    s = s.apply("take") if s.top().kind == "!defend" else s
    assert s.seats[0].earned[0] == 1  # Seer's Lens: 1 Gold
    s = s.apply("flip").apply("predict:p2:6")
    assert s.seats[0].earned[0] == 1  # Once/Round: not again


def test_a_progress_track_moves_on_with_each_attack_and_pays_at_its_end():
    seats = [{"hero": "akintunde", "station": ["battle-journal"]}, {"hero": "eras"}]
    s = position(seats)
    hands = [["the-fist", "sword-strike", "shoulder-charge"], ["ward", "mind-read", "rally"]]
    hands[1] = ["ward", "mind-read", "arcane-bolt"]
    s = to_combat(s, hands)
    s = until(s, 0, 2)
    s = lay(s, "the-fist", "sword-strike").apply("target:monster")
    journal = next(p for p in s.seats[0].station if p.card == "battle-journal")
    assert journal.progress == 1
    s = s.apply("flip").apply("target:monster").apply("ma:MxResponse")
    journal = next(p for p in s.seats[0].station if p.card == "battle-journal")
    assert journal.progress == 2 and s.seats[0].earned[2] == 0
    view = s.view(None)["seats"][0]["station"]
    assert next(c for c in view if c["id"] == "battle-journal")["track"] == {"at": 2, "of": 3}
    s = until(s, 0, 4)
    s = lay(s, "shoulder-charge").apply("target:monster").apply("ma:MxResponse")
    journal = next(p for p in s.seats[0].station if p.card == "battle-journal")
    assert journal.progress == 0 and s.seats[0].earned[2] == 1  # '!': 1 Shadow Stone


def test_a_monster_attack_on_every_hero_starts_with_who_revealed_it():
    seats = [{"hero": "akintunde"}, {"hero": "eras"}, {"hero": "rolan"}]
    s = position(seats, monster="ederoth-bat-swarm", players=3, leader=0)
    hands = [
        ["sword-strike", "the-fist", "search"],
        ["magic-missile", "ward", "mind-read"],
        ["lance-charge", "rally", "bulwark"],
    ]
    s = to_combat(s, hands, gives=["MxSpecial", "MxxAttack", "MxSpecial"])
    s = until(s, 1, 2)
    n = len(s.log)
    s = lay(s, "magic-missile").apply("target:monster")  # Olivia reveals MxxAttack: 2 to all
    while s.top().kind in ("!defend", "!shields"):
        s = s.apply("take" if "take" in s.legal_actions() else "shields:0")
    hit = [e.data["seat"] for e in s.log[n:] if e.rule == "shadows.damage.assign"]
    assert hit == [1, 2, 0]  # Olivia, who revealed it, then clockwise
    assert "shadows.faq.multi-target-order" in [e.rule for e in s.log[n:]]
    assert [x.damage for x in s.seats] == [2, 2, 2]


def test_a_knockdown_by_the_monster_cancels_only_what_was_left_against_that_hero():
    seats = [{"hero": "akintunde"}, {"hero": "eras", "damage": 6}, {"hero": "rolan"}]
    s = position(seats, monster="ederoth-bat-swarm", players=3, leader=0)
    hands = [
        ["sword-strike", "the-fist", "search"],
        ["magic-missile", "ward", "mind-read"],
        ["lance-charge", "rally", "bulwark"],
    ]
    s = to_combat(s, hands, gives=["MxSpecial", "MxxAttack", "MxSpecial"])
    s = until(s, 1, 2)
    n = len(s.log)
    s = lay(s, "magic-missile").apply("target:monster")  # Eras is KnockedDown first
    while s.top().kind in ("!lose", "!defend", "!shields"):
        kind = s.top().kind
        s = s.apply({"!lose": s.legal_actions()[0], "!defend": "take"}.get(kind, "shields:0"))
    hit = [e.data["seat"] for e in s.log[n:] if e.rule == "shadows.damage.assign"]
    assert hit == [1, 2, 0] and s.seats[1].damage == 0  # the others still take it
    assert s.seats[0].earned[0] == 1 and s.seats[2].earned[0] == 1  # the Monster's KnockDown


def test_destroy_an_opponent_item_removes_it_from_the_game():
    seats = [{"hero": "rolan"}, {"hero": "eras", "items": ["magic-element", "apprentice-staff"]}]
    seats[1]["station"] = ["mana-battery"]  # needs Magic 4: with both Items, 5
    s = with_deck(position(seats), 0, "sunder")
    s = to_combat(s, [["sunder", "rally", "bulwark"], ["ward", "mind-read", "magic-missile"]])
    s = until(s, 0, 4)
    s = lay(s, "sunder")
    assert s.legal_actions() == ("destroy:p2.apprentice-staff", "destroy:p2.magic-element")
    s = s.apply("destroy:p2.magic-element")
    assert [p.card for p in s.seats[1].items] == ["apprentice-staff"]
    assert "magic-element" in s.seats[1].boxed and "magic-element" not in s.item_discard
    assert s.items_cost(1) == 0 and s.hero_stats(1)[2] == 4
    assert "shadows.destroy.card" in [e.rule for e in s.log[-4:]]


def test_destroy_a_station_card_sends_its_attachments_home():
    seats = [{"hero": "eras", "magic": 0}, {"hero": "ahti", "station": ["wolf-companion"]}]
    seats[0] = {"hero": "eras", "bonus": {"magic": 1}}
    s = with_deck(position(seats), 0, "banish")
    s = to_combat(s, [["banish", "ward", "mind-read"], ["ambush", "vanish", "twin-daggers"]])
    s = until(s, 0, 5)
    s = lay(s, "banish")
    assert "destroy:p2.wolf-companion" in s.legal_actions()
    assert "destroy:p2.flat-footed-ahti" in s.legal_actions()
    s = s.apply("destroy:p2.wolf-companion")
    assert all(p.card != "wolf-companion" for p in s.seats[1].station)
    assert "wolf-companion" in s.seats[1].boxed and "wolf-companion" not in s.seats[1].deck


def test_attack_x3_makes_three_attacks():
    seats = [{"hero": "ahti"}, {"hero": "eras"}]
    s = with_deck(position(seats), 0, "triple-lunge")
    s = to_combat(
        s, [["triple-lunge", "ambush", "vanish"], ["ward", "mind-read", "lightning-touch"]]
    )
    s = until(s, 0, 4)
    s = lay(s, "triple-lunge")
    for _ in range(3):
        s = s.apply("target:p2")
        s = s.apply("take") if s.top().kind == "!defend" else s
        s = s.apply("shields:0") if s.top().kind == "!shields" else s
    assert s.seats[1].damage == 3 and s.attacks[0] == 1 and s.seats[0].earned[1] == 1


def test_responses_to_a_spell_and_to_a_predict():
    seats = [{"hero": "eras", "bonus": {"tech": 2}}, {"hero": "akintunde", "bonus": {"tech": 3}}]
    s = with_deck(position(seats), 0, "chaos-bolt")
    s = with_deck(s, 1, "counterspell", "foresight-ward")
    s = to_combat(
        s,
        [
            ["lightning-touch", "chaos-bolt", "ward"],
            ["counterspell", "foresight-ward", "search"],
        ],
    )
    s = lay(s, "lightning-touch").apply("predict:p2:4")  # Foresight Ward is an Initiative 4 card
    assert s.legal_actions() == ("respond:foresight-ward", "take")
    s = s.apply("respond:foresight-ward")  # blocks 2 of the 2 health lost
    assert s.seats[1].damage == 0 and s.seats[1].earned[0] == 1
    s = until(s, 0, 6)
    s = lay(s, "chaos-bolt").apply("target:p2").apply("die:5")
    assert s.legal_actions() == ("respond:counterspell", "take")
    s = s.apply("respond:counterspell")  # blocks 2 of the 5 lost: 3, and 1 Experience
    # (the TeamUp's Experience, then the two Responses' Gold and Experience, collected)
    assert s.seats[1].damage == 3 and s.seats[1].xp == 2 and s.seats[1].gold == 1


@pytest.mark.parametrize(
    "edit, field, words",
    [
        ({"effects": ["Spell: gain gold 1"]}, "effects", "not a Main Trait of this card"),
        ({"effects": ["[Spell] gain gold 1", "attack 2"]}, "effects", "before its [Sub-Traits]"),
        ({"effects": ["gain gold 1", "attack 2"]}, "effects", "begin with its attack"),
        ({"effects": ["attack 0"]}, "effects", "0 damage is never a valid use"),
        ({"traits": ["Attack", "Spell"]}, "effects", "begins each group of effects"),
        ({"traits": ["Attack", "Destroy"]}, "traits", "goes with the Destroy Trait"),
        ({"track": {"steps": 3, "on": "attack", "effects": ["gain xp 1"]}}, "track", "Station"),
        ({"initiative": [0]}, "initiative", "Initiative 0 card"),
        ({"active": {"on": "predict", "step": 2}}, "active", "not both"),
        ({"active": {"effects": ["gain xp 1"]}}, "active", "acts at an Initiative 'step'"),
    ],
)
def test_the_loader_refuses_a_card_the_engine_could_not_play(edit, field, words):
    doc = shipped_doc("shadows")
    card = next(k for k in doc["skill"] if k["name"] == "The Fist")
    card.update(edit)
    with pytest.raises(CardDataError) as e:
        load_cards(toml_text(doc), "mine.toml")
    assert e.value.card == "The Fist" and e.value.field == field, str(e.value)
    assert words in e.value.problem, str(e.value)


@pytest.mark.parametrize(
    "text, words",
    [
        ("block die", "not a die roll"),
        ("Response (Attack): [Flying] block 2", "not a Trait to write in brackets"),
        ("Mana: gain xp 1", "not a Main Trait"),
        ("destroy everything", "wrong arguments"),
    ],
)
def test_effects_that_cannot_be_written(text, words):
    with pytest.raises(ValueError, match=words.replace("[", r"\[")):
        parse_effect(text)


def test_a_response_trait_holds_only_what_a_response_does():
    doc = shipped_doc("shadows")
    card = next(k for k in doc["skill"] if k["name"] == "Mystical Cloak")
    card["effects"] = ["block tech shields", "attack 2"]
    with pytest.raises(CardDataError, match="a Response's effects are"):
        load_cards(toml_text(doc), "mine.toml")


def test_a_monster_creature_acts_with_an_attack_or_a_loss_of_health():
    doc = shipped_doc("shadows")
    doc["creature"][0]["action"] = "none"
    with pytest.raises(CardDataError, match="Vazbuk.*action"):
        load_cards(toml_text(doc), "mine.toml")
    doc["creature"][0]["action"] = "lose 1 all"
    assert load_cards(toml_text(doc), "mine.toml").creatures[0].action.args == ("1", "all")


# --- the language fuzzed: any card written in it is refused by name, or it plays ------------

AMOUNTS = ["1", "2", "strength", "magic+1", "x", "die", "die+1", "0"]
VERBS = [
    "attack {a}",
    "attack {a} hero",
    "attack {a} other",
    "lose {a}",
    "block {a} shields",
    "gain xp 1",
    "gain gold 1 when no-response",
    "gain stone 1 when hit",
    "gain gold 1 when miss",
    "gain xp 1 when response",
    "gain gold 1 when knockdown",
    "recover 1",
    "recover-shields 1",
    "search",
    "destroy market",
    "destroy item",
    "destroy card",
    "destroy-item",
    "stat magic 1",
    "invincible",
    "lose 1 | recover 1",
]
MAINS = ["Attack", "Attack X2", "Predict", "Spell", "Response (Attack)", "Response (Spell)"]
MAINS += ["Self", "Creature", "Object"]
OTHERS = ["Delay I", "Destroy", "Invincible", "Choose One", "Once/Round", "Repeat", "One Time"]


@st.composite
def written_card(draw) -> dict:
    """A Hero Skill card written in the language: Traits, effects with their Main Trait
    labels and [Sub-Traits], an Active Ability or a progress track. Mostly written as the
    language asks (the Traits an effect needs, Sub-Traits last), now and then not."""
    mains = draw(st.lists(st.sampled_from(MAINS), min_size=1, max_size=2, unique=True))
    traits = mains + draw(st.lists(st.sampled_from(OTHERS), max_size=2, unique=True))
    effects = []
    for k in range(draw(st.integers(0, 4))):
        e = draw(st.sampled_from(VERBS)).format(a=draw(st.sampled_from(AMOUNTS)))
        if draw(st.integers(0, 3)) == 0 and k:
            e = f"[{draw(st.sampled_from(['Spell', 'Attack', '2nd Attack']))}] {e}"
        if len(mains) > 1 and (k == 0 or draw(st.booleans())):
            e = f"{draw(st.sampled_from(mains))}: {e}"
        effects.append(e)
    station = bool({"Self", "Creature", "Object"} & set(traits))
    card = {"traits": traits, "effects": effects}
    card["initiative"] = draw(st.sampled_from([[1], [2], [4, 5], [6]] + [[0]] * station))
    if "Predict" in traits:
        card["predict"] = [2, 4]
    if {"Creature", "Object"} & set(traits):
        card["health"] = 2
    if draw(st.booleans()):
        on = draw(st.sampled_from(["predict", "attack", "spell", "knockdown-other", ""]))
        box = {"effects": [draw(st.sampled_from(VERBS[:13] + VERBS[14:19])).format(a="1")]}
        box |= {"on": on} if on else {"step": draw(st.sampled_from([2, 4, 5])), "per_round": 1}
        card["active"] = box
    if station and draw(st.integers(0, 2)) == 0:
        card["track"] = {"steps": 2, "on": draw(st.sampled_from(["attack", "predict"]))}
        card["track"]["effects"] = ["gain stone 1"]
    if draw(st.integers(0, 5)):  # as the language asks: the Traits its effects need
        every = " ".join(effects + card.get("active", {}).get("effects", []))
        need = {"destroy": "Destroy", "invincible": "Invincible", "|": "Choose One"}
        card["traits"] = [t for t in traits if t not in need.values()]
        card["traits"] += [t for w, t in need.items() if w in every]
    return card


@settings(
    max_examples=sized(25, 500),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(written_card())
def test_a_card_written_in_the_language_is_refused_by_name_or_plays(card):
    doc = shipped_doc("shadows")
    for hero in ("Akintunde", "Eras", "Rolan", "Ahti"):  # in every Hero's starting deck
        slot = next(k for k in doc["skill"] if k.get("hero") == hero and k.get("effects"))
        for key in ("traits", "effects", "initiative", "predict", "health", "active", "track"):
            slot.pop(key, None)
        slot.update(card)
    text = toml_text(doc)
    try:
        load_cards(text, "mine.toml")
    except CardDataError as e:
        assert e.file == "mine.toml" and "\n" not in str(e), str(e)
        return
    for players in (2, 3):
        smoke_test("shadows", {"players": players, "cards": text}, moves=3000, seed=players)


def test_a_repeated_spell_resolves_its_main_trait_again():
    doc = shipped_doc("shadows")
    card = next(k for k in doc["skill"] if k["name"] == "The Fist")
    card.update(traits=["Spell", "Repeat"], effects=["lose 9"])
    text = toml_text(doc)
    s = position([{"hero": "akintunde"}, {"hero": "eras"}], config={"cards": text})
    hands = [["the-fist", "sword-strike", "search"], ["ward", "mind-read", "arcane-bolt"]]
    s = to_combat(s, hands)
    s = until(s, 0, 2)
    s = lay(s, "the-fist").apply("target:p2")  # Eras loses 9 of 7: KnockedDown
    assert s.seats[0].knockdowns == 1 and s.legal_actions() == ("repeat", "stop")
    s = s.apply("repeat").apply("target:p2")  # the Spell is used again: again 9
    assert s.seats[0].knockdowns == 2
