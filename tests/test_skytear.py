"""Skytear Horde rules engine: setup, each phase, each keyword and ruling, the engine API."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from hordes_kit.core import IllegalActionError, InvalidActionError, InvalidInputError
from hordes_kit.core.conformance import check_playout
from hordes_kit.core.playout import playout
from hordes_kit.core.registry import get_game
from hordes_kit.core.rules_index import rule_index
from hordes_kit.skytear import new_game
from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.skytear.cards import CARDS_FILE
from hordes_kit.skytear.rules import SkyConfig

INDEX = rule_index("skytear", "skytear.")


MINIONS = {"zephylite-minions": 1, "ratamil-minions": 2, "gorrok-minions": 3, "vesp-minions": 4}


def pos(players=1, **position):
    """A game from a described position (as the scenario files write it)."""
    extra = position.pop("config", {})
    return new_game({"players": players, **extra, "position": position})


def rules(s, since=0):
    return [e.rule.removeprefix("skytear.") for e in s.log[since:]]


def lane(s, i, side="monster"):
    return s.view(None)["lanes"][i - 1][side]


def play(s, *moves):
    for m in moves:
        s = s.apply(m)
    return s


# --- setup -----------------------------------------------------------------------------------


def test_solo_setup_by_the_book():
    s = new_game({})
    assert s.castle_hp == 20 and s.seats[0].mana == 0 and s.seats[0].deck.size == 40
    assert len(s.horde_deck) == 18 and s.portal == "portal-i"
    assert s.portal_pile == ("portal-ii", "portal-iii", "portal-iv")
    assert s.outsider_line == ("atlas-1", "atlas-2", "atlas-3") and s.outsider_pile == ()
    assert len(s.dead_minions) == 4  # no health token yet: destroyed
    assert s.legal_actions()[0].startswith("minion:")
    s = play(s, "minion:zephylite-minions")
    assert "minion:zephylite-minions" not in s.legal_actions()
    s = play(s, "minion:ratamil-minions")
    assert s.minion_tokens() == {
        "gorrok-minions": 0,
        "vesp-minions": 0,
        "zephylite-minions": 1,
        "ratamil-minions": 1,
    }
    assert s.is_chance and all(a.startswith("card:") for a in s.legal_actions())


def test_coop_setup_tokens_on_every_minion_and_two_decks():
    s = new_game({"players": 2})
    assert sum(s.minion_tokens().values()) == 4 and s.is_chance
    assert [st.deck.size for st in s.seats] == [40, 40]
    factions = {s.card(c).faction for st in s.seats for c in st.deck.cards()}
    assert factions == {"Liothan", "Taulot"}  # "blue and/or green"


@pytest.mark.parametrize(
    "level, size, extra", [(1, 9, 0), (2, 18, 0), (3, 9, 1), (4, 20, 0), (5, 11, 0)]
)
def test_difficulty_table(level, size, extra):
    s = new_game({"difficulty": level})
    assert len(s.horde_deck) == size
    if extra:
        outs = s.chance_outcomes()
        assert all(o.startswith("random:") for o, _ in outs) and sum(p for _, p in outs) == 1
        assert len({s.card(o[7:]).level for o, _ in outs}) == 1 and len(outs) == 6  # 11 cards
        s = s.apply(outs[0][0])
        assert len(s.horde_deck) == 10


def test_mulligan_draws_from_the_rest_then_shuffles_back():
    s = play(new_game({}), "minion:zephylite-minions", "minion:ratamil-minions")
    s = play(
        s,
        *[
            f"card:{c}"
            for c in ("temple-guard", "sunlit-pikeman", "holy-nova", "holy-nova", "zealot-recruit")
        ],
    )
    s = play(s, "mulligan:holy-nova", "mulligan:holy-nova", "keep")
    deck = s.seats[0].deck
    assert deck.cards().count("holy-nova") == 0  # the set-aside cards are not in the deck yet
    assert s.legal_actions() == tuple(sorted(f"card:{c}" for c in set(deck.cards())))
    s = play(s, "card:temple-guard", "card:zealot-champion")
    assert s.seats[0].deck.cards().count("holy-nova") == 2 and len(s.seats[0].hand) == 5


# --- the horde phase --------------------------------------------------------------------------


def test_monsters_take_the_leftmost_free_lane_and_full_lanes_send_them_to_the_pile():
    units = [{"lane": i, "card": "Rusty Drone"} for i in (1, 2, 4, 5, 6)]
    s = pos(
        phase="turn",
        units=units,
        horde_deck=["Skyboot Gunner", "Plank Walker", "Broadside"],
        rotation=1,
        minions=MINIONS,
    )
    s = play(s, "horde:skyboot-gunner")
    assert lane(s, 3)["name"] == "Skyboot Gunner"
    s = s.apply("horde:plank-walker")
    assert s.outsider_pile == ("plank-walker",) and "horde.lanes-full" in rules(s)


def test_no_card_is_lost_when_an_attachment_meets_a_face_down_card():
    # random games whose Servo Arm attached to a face-down card that was no monster: the arm
    # vanished with it at the reveal (seed 161, a Junk Heap); the conformance checks count
    # every card. Now the card is revealed first (seed 95: a Scale Ward)
    cfg = {"hordes": ["Scaleson", "Animerk"], "players": 2}
    for seed in (161, 95):
        final = check_playout(get_game("skytear"), cfg, seed, share=0.05)
    assert "skytear.ruling.concealed-attach" in {e.rule for e in final.log}


def test_pillager_goes_to_the_back_line():
    s = pos(phase="turn", horde_deck=["Deck Captain", "Broadside"], minions={"vesp-minions": 1})
    s = s.apply("horde:deck-captain")
    assert [s.card(u.card).name for u in s.back][-1] == "Deck Captain"
    assert all(u is None for u in s.monsters)


def test_mana_boost_solo_goes_to_you_coop_split_and_mana_stops_at_ten():
    s = pos(
        phase="turn",
        mana=[9],
        horde_deck=["Cannon Volley", "Broadside"],
        minions={"vesp-minions": 1},
    )
    s = s.apply("horde:cannon-volley")
    assert s.seats[0].mana == 10  # 9 + 2 (portal) + 2 (boost), kept at 10
    s = pos(
        players=2,
        phase="turn",
        mana=[0, 0],
        horde_deck=["Cannon Volley", "Broadside", "Broadside"],
        minions={"vesp-minions": 1},
    )
    s = s.apply("horde:cannon-volley")
    assert s.legal_actions() == ("boost:1", "boost:2", "boost:split")
    s = s.apply("boost:split")
    assert [x.mana for x in s.seats] == [4, 4]  # co-op portal 3 each, +1 each


def test_reinforce_goes_to_the_fewest_tokens_destroyed_minions_first_ties_are_yours():
    s = pos(
        phase="turn",
        horde_deck=["Broadside", "Cannon Volley"],
        minions={"zephylite-minions": 2, "ratamil-minions": 1, "gorrok-minions": 1},
    )
    s = s.apply("horde:broadside")  # portal I: reinforce 1; Vesp (destroyed) has the fewest
    assert s.minion_tokens()["vesp-minions"] == 1 and "ruling.reinforce" in rules(s)
    s = pos(
        phase="turn",
        horde_deck=["Broadside", "Cannon Volley"],
        minions={
            "zephylite-minions": 2,
            "ratamil-minions": 1,
            "gorrok-minions": 1,
            "vesp-minions": 1,
        },
    )
    s = s.apply("horde:broadside")
    assert s.legal_actions() == (
        "reinforce:gorrok-minions",
        "reinforce:ratamil-minions",
        "reinforce:vesp-minions",
    )


def test_the_portal_turns_each_horde_phase():
    s = pos(phase="turn", horde_deck=["Broadside"] * 2 + ["Cannon Volley"], minions=MINIONS)
    assert s.view(None)["portal"]["wave"] == 1 and s.rotation == 0
    s = s.apply("horde:broadside")
    assert s.rotation == 1 and s.view(None)["portal"]["wave"] == 2


def test_the_outsider_pile_is_summoned_top_to_bottom():
    s = pos(
        phase="turn",
        outsider_pile=["Atlas I", "Plank Walker"],
        outsider_line=[],
        horde_deck=["Broadside", "Cannon Volley"],
        minions=MINIONS,
    )
    s = s.apply("horde:broadside")
    assert lane(s, 1)["name"] == "Atlas I" and lane(s, 2)["name"] == "Plank Walker"
    assert s.outsider_pile == ()


# --- alliance phase ----------------------------------------------------------------------------


def alliance(players=1, **kw):
    return pos(players, phase="alliance", **kw)


def test_play_pays_mana_and_the_ally_enters_a_free_lane_ready():
    s = alliance(mana=[5], hands=[["Sunlit Pikeman", "Skytear Shard"]])
    assert set(s.legal_actions()) >= {"play:sunlit-pikeman", "play:skytear-shard", "done"}
    s = play(s, "play:sunlit-pikeman")
    assert s.legal_actions() == tuple(f"lane:{i}" for i in range(1, 7))
    s = play(s, "lane:4")
    a = lane(s, 4, "ally")
    assert a["name"] == "Sunlit Pikeman" and not a["exhausted"] and s.seats[0].mana == 2


def test_cards_you_cannot_afford_are_not_offered():
    s = alliance(mana=[2], hands=[["Sunlit Pikeman", "Temple Guard"]])
    assert (
        "play:sunlit-pikeman" not in s.legal_actions() and "play:temple-guard" in s.legal_actions()
    )


def test_universal_move_swap_engage_and_castle_draw():
    s = alliance(
        mana=[3],
        units=[{"lane": 1, "card": "Temple Guard"}, {"lane": 2, "card": "Zealot Recruit"}],
        minions={"ratamil-minions": 2},
    )
    ids = s.legal_actions()
    assert {"use:a1:move", "use:a1:swap", "use:a1:engage", "use:castle:draw"} <= set(ids)
    s2 = play(s, "use:a1:move", "lane:5")
    assert lane(s2, 5, "ally")["exhausted"] and lane(s2, 1, "ally") is None
    s3 = play(
        s,
        "use:a1:swap",
    )
    assert lane(s3, 1, "ally")["name"] == "Zealot Recruit" and lane(s3, 2, "ally")["exhausted"]
    s4 = play(s, "use:a2:engage")
    assert lane(s4, 2)["name"] == "Ratamil Minions" and s4.back == ()
    labels = {x["id"]: x["label"] for x in s.view(0)["legal"]}
    assert labels["use:castle:draw"] == "Castle: Exhaust, pay 1 mana: Draw a card."  # it does
    s5 = play(s, "use:castle:draw")
    assert s5.is_chance and s5.seats[0].mana == 2 and s5.castle_exhausted
    s5 = s5.apply(s5.legal_actions()[0])
    assert "use:castle:draw" not in s5.legal_actions() and len(s5.seats[0].hand) == 1


def test_fast_moves_and_engages_in_either_order():
    s = alliance(units=[{"lane": 1, "card": "Dweller Scout"}], minions={"ratamil-minions": 2})
    s = play(s, "use:a1:fast", "fast:move-first", "lane:3", "target:b1")
    assert lane(s, 3)["name"] == "Ratamil Minions" and lane(s, 3, "ally")["name"] == "Dweller Scout"
    assert "ruling.fast-optional" in rules(s)


def test_discarding_an_ally_is_a_destruction_and_towers_go_when_out_of_charges():
    s = alliance(
        units=[
            {"lane": 2, "card": "Zealot Recruit"},
            {"lane": 3, "card": "Thorn Trap", "charges": 1},
        ],
        horde_deck=["Broadside", "Plank Walker"],
        mana=[0],
    )
    s2 = play(s, "discard:a2")
    assert lane(s2, 2, "ally") is None and "zealot-recruit" in s2.seats[0].discard
    assert "destruction" in rules(s2)
    s3 = pos(
        phase="alliance",
        units=[
            {"lane": 1, "card": "Plank Walker"},
            {"lane": 3, "card": "Thorn Trap", "charges": 1},
        ],
    )
    s3 = play(s3, "use:a3:1")
    assert lane(s3, 3, "ally") is None and lane(s3, 1)["attack"] == 1  # -1 attack token
    assert "thorn-trap" in s3.seats[0].discard


def test_attachments_slide_beneath_a_card_or_are_discarded():
    s = alliance(
        mana=[5],
        hands=[["Consecrated Blade", "Consecrated Blade"]],
        units=[{"lane": 2, "card": "Zealot Recruit"}],
    )
    s = play(s, "play:consecrated-blade", "target:a2")
    assert lane(s, 2, "ally")["attack"] == 2 and lane(s, 2, "ally")["attachments"] == [
        "Consecrated Blade"
    ]
    s = play(s, "play:consecrated-blade", "target:none")
    assert s.seats[0].discard == ("consecrated-blade",)


def test_coop_players_act_in_any_order_until_both_are_done():
    s = alliance(players=2, mana=[2, 2], hands=[["Temple Guard"], ["Mossback Guard"]])
    assert s.current_player == 0 and "handover" in s.legal_actions()
    s = s.apply("handover")
    assert s.current_player == 1
    s = play(s, "done")
    assert s.current_player == 0 and "handover" not in s.legal_actions()
    s = play(s, "done")
    assert s.phase != "alliance"


# --- treachery ----------------------------------------------------------------------------------


def test_treachery_boosts_the_leftmost_or_rightmost_monster():
    units = [{"lane": 2, "card": "Skyboot Gunner"}, {"lane": 5, "card": "Plank Walker"}]
    s = pos(phase="treachery", units=units, horde_deck=["Skyboot Deckhand", "Broadside"])
    left = s.apply("treachery:skyboot-deckhand")
    ev = [e for e in left.log if e.rule == "skytear.treachery.boosted"][-1]
    assert ev.data["card"] == "skyboot-gunner" and ev.data["bonus"] == 1
    right = s.apply("treachery:broadside")
    ev = [e for e in right.log if e.rule == "skytear.treachery.boosted"][-1]
    assert ev.data["card"] == "plank-walker" and ev.data["bonus"] == 2
    assert right.horde_discard == ("broadside",)  # placed on the horde discard pile


def test_a_treachery_ability_card_resolves_only_its_treachery_ability():
    s = pos(
        phase="treachery",
        units=[{"lane": 1, "card": "Zealot Recruit"}],
        horde_deck=["Fire in the Hole", "Broadside"],
        castle=20,
    )
    s = s.apply("treachery:fire-in-the-hole")
    assert s.castle_hp == 18  # Treachery: damage castle 2 (its Play: 3 is ignored)


@pytest.mark.parametrize("reactions, allowed", [("symbol", False), ("any", True)])
def test_reactions_only_treachery_symbol_cards_unless_the_option_says_any(reactions, allowed):
    s = pos(
        phase="treachery",
        units=[{"lane": 1, "card": "Plank Walker"}],
        mana=[5],
        hands=[["Healing Light", "Quick Strike"]],
        horde_deck=["Broadside", "Cannon Volley"],
        config={"reactions": reactions},
    )
    s = s.apply("treachery:broadside")
    ids = s.legal_actions()
    assert "play:healing-light" in ids and ("play:quick-strike" in ids) == allowed


# --- fight --------------------------------------------------------------------------------------


def test_strikes_ally_to_portal_monster_to_castle_towers_do_not_block():
    units = [
        {"lane": 1, "card": "Zealot Recruit"},
        {"lane": 2, "card": "Plank Walker"},
        {"lane": 3, "card": "Plank Walker"},
        {"lane": 3, "card": "Thorn Trap", "charges": 2},
    ]
    s = pos(phase="fight", castle=20, units=units)
    assert s.castle_hp == 16 and s.portal_health() == 5
    assert Counter(rules(s))["fight.monster-strikes-castle"] == 2


def test_defender_does_not_strike_the_portal():
    s = pos(phase="fight", units=[{"lane": 1, "card": "Temple Guard"}])
    assert s.portal_health() == 6 and "keywords.defender" in rules(s)


def test_armor_prevents_damage_once_per_turn_and_regenerates():
    s = pos(
        phase="fight",
        units=[{"lane": 1, "card": "Skyboot Gunner"}, {"lane": 1, "card": "Temple Guard"}],
        horde_deck=["Broadside", "Plank Walker"],
    )
    g = [u for u in s.allies if u][0]
    assert g.hp == -1  # 2 damage, armor 1 prevented 1 ... and at the end phase it regenerates
    assert g.used == 0


def test_heroic_counts_while_the_card_has_a_health_token():
    s = alliance(
        units=[
            {"lane": 1, "card": "Sunlit Pikeman"},
            {"lane": 2, "card": "Sunlit Pikeman", "hp": 1},
            {"lane": 3, "card": "Sunlit Pikeman", "hp": -1},
        ]
    )
    assert [lane(s, i, "ally")["attack"] for i in (1, 2, 3)] == [3, 4, 3]


def test_opposite_tokens_cancel():
    s = alliance(
        units=[{"lane": 1, "card": "Sunlit Pikeman", "hp": -2}], hands=[["Healing Light"]], mana=[1]
    )
    s = play(s, "play:healing-light")
    a = lane(s, 1, "ally")
    assert a["tokens"] == {"health": 1} and a["health"] == 4


def test_elusive_moves_before_the_monsters_destroyed_ability():
    s = pos(
        phase="fight",
        units=[
            {"lane": 1, "card": "Scale Cultist"},
            {"lane": 1, "card": "Blade Dancer"},
            {"lane": 2, "card": "Plank Walker"},
        ],
        castle=20,
    )
    assert s.legal_actions() == ("lane:2", "stay")  # the Cultist (0 health) is not destroyed yet
    assert s.castle_hp == 20
    s = s.apply("lane:2")
    assert s.castle_hp == 19  # now its "Destroyed: damage castle 1"
    s = s.apply("draw:none")
    assert lane(s, 2, "ally")["name"] == "Blade Dancer" and s.castle_hp == 19  # struck again


def test_cards_falling_at_once_let_you_choose_the_order():
    s = pos(
        phase="alliance",
        mana=[4],
        hands=[["Holy Nova"]],
        units=[
            {"lane": 1, "card": "Scale Cultist", "hp": -1},
            {"lane": 2, "card": "Scale Cultist", "hp": -1},
        ],
    )
    s = s.apply("play:holy-nova")
    assert s.legal_actions() == ("first:m1", "first:m2")


def test_destroyed_tag_is_irreversible_and_minions_are_set_aside():
    s = pos(
        phase="alliance",
        units=[{"lane": 1, "card": "Wildwood Archer"}],
        minions={"ratamil-minions": 1},
    )
    s = play(s, "use:a1:1")
    assert s.legal_actions()[0].startswith("draw:")  # step 1: its Destroyed ability (the draw)
    assert "ratamil-minions" not in s.dead_minions
    s = s.apply("draw:none")
    assert "ratamil-minions" in s.dead_minions  # step 3: a minion is set aside


# --- pillage and end --------------------------------------------------------------------------


def test_wind_riders_stop_a_minion_from_pillaging():
    s = pos(
        phase="fight",
        units=[{"lane": 2, "card": "Wind Riders"}],
        minions={"ratamil-minions": 3, "vesp-minions": 5},
    )
    ev = [e for e in s.log if e.rule == "skytear.pillage" and "total" in e.text][-1]
    assert ev.data["back_line"] == 5  # Ratamil (3 attack) halted, Vesp (5) pillages


def test_end_phase_removes_temporary_tokens_readies_and_cuts_hands_to_seven():
    hand = ["Temple Guard"] * 3 + ["Holy Nova"] * 2 + ["Healing Light"] * 3 + ["Skytear Shard"]
    s = pos(
        phase="alliance",
        hands=[hand],
        mana=[0],
        units=[{"lane": 1, "card": "Zealot Recruit", "tatk": 2, "exhausted": True}],
        horde_deck=["Broadside", "Plank Walker", "Cannon Volley"],
    )
    s = play(s, "done", "treachery:broadside")
    assert s.legal_actions()[0].startswith("drop:") and len(s.seats[0].hand) == 9
    s = play(s, "drop:holy-nova", "drop:holy-nova")
    a = lane(s, 1, "ally")
    assert len(s.seats[0].hand) == 7 and a["attack"] == 1 and not a["exhausted"]


@pytest.mark.parametrize("rule, size, lost", [("at-zero", 3, True), ("on-draw", 3, False)])
def test_an_empty_deck_loses(rule, size, lost):
    s = pos(
        phase="pillage",
        decks=[["Temple Guard"] * size],
        minions={"vesp-minions": 3},
        config={"empty_deck": rule},
    )
    assert (s.result == "loss") == lost
    assert s.seats[0].deck.size == 0


def test_mana_and_gold_limits():
    s = alliance(mana=[10], hands=[["Skytear Shard"]])
    s = s.apply("play:skytear-shard")
    assert s.seats[0].mana == 10


# --- keywords -------------------------------------------------------------------------------------


def test_bless_asks_for_health_or_damage():
    s = alliance(mana=[1], hands=[["Zealot Recruit"]])
    s = play(s, "play:zealot-recruit", "lane:1")
    assert s.legal_actions() == ("bless:damage", "bless:health")
    assert lane(s.apply("bless:damage"), 1, "ally")["health"] == 1


@pytest.mark.parametrize("option, asks", [("one-type", 1), ("each", 2)])
def test_mutaform_on_a_monster_one_type_by_our_ruling(option, asks):
    text = CARDS_FILE.read_text()
    text = text.replace(
        'abilities = ["play: charges 2", "exhaust, charge 1: mutaform ally 1"]',
        'abilities = ["play: charges 2", "exhaust, charge 1: mutaform monster 2"]',
    )
    s = pos(
        phase="alliance",
        units=[
            {"lane": 1, "card": "Totem of Growth", "charges": 2},
            {"lane": 2, "card": "Plank Walker"},
        ],
        config={"cards": text, "mutaform_monster": option},
    )
    s = s.apply("use:a1:1")
    n = 0
    while s.legal_actions()[0].startswith("token:"):
        s, n = s.apply("token:attack"), n + 1
    assert n == asks and lane(s, 2)["attack"] == 4


def test_guerrilla_removes_health_tokens_without_armor():
    s = alliance(mana=[2], hands=[["Guerrilla Band"]], minions={"ratamil-minions": 3})
    s = play(s, "play:guerrilla-band", "lane:1")
    assert s.minion_tokens()["ratamil-minions"] == 1


def test_rebuild_puts_discarded_cards_at_the_bottom_in_order():
    s = alliance(mana=[2], hands=[["Rebirth"]], discards=[["Temple Guard", "Holy Nova"]])
    s = play(s, "play:rebirth", "rebuild:1:holy-nova", "rebuild:1:temple-guard")
    assert s.seats[0].deck.bottom[-2:] == ("holy-nova", "temple-guard")


def test_flux_reveals_from_the_bottom():
    s = pos(
        phase="alliance",
        mana=[2],
        hands=[["Flux Adept"]],
        decks=[["Grandmaster Kaen", "Battle Cry", "Red Lancer"]],
        config={"decks": ["Kurumo"]},
    )
    s = play(s, "play:flux-adept", "lane:1")
    assert s.is_chance and all(o.startswith("bottom:") for o in s.legal_actions())
    s = s.apply("bottom:grandmaster-kaen")  # cost 6: stays; then Battle Cry (1) or Red Lancer (3)
    s = s.apply("bottom:battle-cry")
    assert "battle-cry" in s.seats[0].hand and s.seats[0].deck.bottom == ("grandmaster-kaen",)


def test_assault_chooses_portal_or_outsider():
    s = pos(
        phase="alliance",
        units=[
            {"lane": 1, "card": "Cathedral of Light", "charges": 2},
            {"lane": 2, "card": "Atlas I"},
        ],
        outsider_line=[],
    )
    s = s.apply("use:a1:1")
    assert s.legal_actions() == ("target:m2", "target:portal")
    assert s.apply("target:m2").unit(s.monsters[1].uid).hp == -2


def test_taunt_pulls_the_closest_ally():
    s = pos(
        phase="alliance",
        units=[
            {"lane": 4, "card": "Cult Fanatic"},
            {"lane": 1, "card": "Zealot Recruit"},
            {"lane": 6, "card": "Temple Guard"},
        ],
        horde_deck=["Broadside", "Plank Walker"],
    )
    s = s.apply("done")
    assert s.allies[3] is not None and s.card(s.allies[3].card).name == "Temple Guard"


def test_concealed_cards_are_revealed_at_the_end_of_the_alliance_phase():
    s = pos(phase="turn", horde_deck=["Hatching", "Broadside", "Ember Whelp"], minions=MINIONS)
    s = s.apply("horde:hatching")
    v = s.view(None)
    assert v["lanes"][0]["monster"]["concealed"] and v["horde"]["deck_count"] == 1
    assert "ember-whelp" not in json.dumps(v["lanes"][0])
    s = s.apply("done")
    assert s.is_chance and all(o.startswith("reveal:") for o in s.legal_actions())
    s = s.apply("reveal:ember-whelp")
    assert lane(s, 1)["name"] == "Ember Whelp"


def test_lane_tokens_move_onto_the_card_that_enters():
    text = CARDS_FILE.read_text().replace(
        'abilities = ["play: damage all-allies 1"]',
        'abilities = ["play: lane-tokens 2 horde health 2"]',
    )
    s = pos(
        phase="turn",
        rotation=1,
        minions=MINIONS,
        config={"cards": text},
        units=[{"lane": 1, "card": "Skyboot Deckhand"}],
        horde_deck=["Broadside", "Plank Walker", "Cannon Volley"],
    )
    s = s.apply("horde:broadside")
    assert s.lane_tokens == ((1, "horde", "health", 2),)
    s = s.apply("horde:plank-walker")
    assert lane(s, 2)["tokens"] == {"health": 2} and s.lane_tokens == ()
    assert "ruling.lane-tokens" in rules(s)


def test_card_tokens_troops_and_monster_tokens_draw_nothing():
    s = alliance(mana=[4], hands=[["Troop Caller"]], config={"decks": ["Kurumo"]})
    s = play(s, "play:troop-caller", "lane:1", "lane:2", "lane:3")
    assert [u.card for u in s.allies if u] == ["troop-caller", "troop", "troop"]
    assert lane(s, 2, "ally")["attack"] == 2  # Troop Caller: +1 attack to its neighbors


# --- outsiders and winning ----------------------------------------------------------------------


def test_the_enchantment_is_active_before_the_outsider_arrives():
    s = new_game({"outsider": "Scalesider"})
    assert s.enchant and s.outsider_line == ("scalesider",)
    s = pos(
        phase="turn",
        config={"outsider": "Scalesider"},
        horde_deck=["Broadside", "Plank Walker"],
        minions=MINIONS,
    )
    assert (
        "outsiders.enchanter" in rules(s)
        and "Scalesider: Each turn: Reinforce 1."
        in s.log[-3].text + s.log[-4].text + s.log[-2].text
    )
    assert sum(s.minion_tokens().values()) == 11  # 10, +1 from the enchantment


def test_campaign_first_game_is_won_by_destroying_the_portal():
    s = new_game({"mode": "campaign"})
    s = play(s, "pick:temple-guard", "done", "scenario:sky-raid", "portal:portal-i")
    assert s.campaign.game == 1 and s.outsider_line == ()


# --- engine API -----------------------------------------------------------------------------------


def test_malformed_and_illegal_actions():
    s = new_game({})
    with pytest.raises(InvalidActionError):
        s.apply("fly:away")
    with pytest.raises(InvalidActionError):
        s.apply("use:a1")
    with pytest.raises(IllegalActionError) as e:
        s.apply("play:temple-guard")
    assert set(e.value.legal) == set(s.legal_actions())


@pytest.mark.parametrize(
    "cfg",
    [
        {"players": 3},
        {"difficulty": 6},
        {"hordes": ["Nope"]},
        {"decks": ["Nope"]},
        {"castle": "Nope"},
        {"outsider": "Nope"},
        {"colour": 1},
        {"empty_deck": "never"},
        {"cards": 5},
        {"decks": ["Liothan", "Taulot"]},
        {"portal": "Portal II"},
        {"mode": "league"},
    ],
)
def test_bad_configs_are_the_kits_errors(cfg):
    with pytest.raises(InvalidInputError):
        new_game(cfg)


def test_config_round_trips_and_has_no_path():
    cfg = SkyConfig.from_dict({"players": 2, "difficulty": 4, "hordes": ["Animerk"]})
    assert SkyConfig.from_dict(cfg.to_dict()) == cfg
    assert "path" not in json.dumps(cfg.to_dict()) and "file" not in SkyConfig.__dataclass_fields__


def test_views_are_json_with_labels_in_words():
    s = alliance(mana=[3], hands=[["Temple Guard"]], units=[{"lane": 2, "card": "Zealot Recruit"}])
    v = s.view(0)
    assert json.loads(json.dumps(v)) == v
    labels = {x["id"]: x["label"] for x in v["legal"]}
    assert labels["play:temple-guard"] == "Play Temple Guard (2 mana)"
    assert labels["use:a2:move"].startswith("Zealot Recruit (lane 2)")
    assert all(x["label"] != x["id"] for x in v["legal"])


def test_replay_from_history_and_every_logged_rule_is_indexed():
    game = get_game("skytear")
    seen = set()
    for cfg in (
        {},
        {"players": 2},
        {"difficulty": 5, "hordes": ["Scaleson"]},
        {"mode": "campaign"},
    ):
        for seed in range(3):
            s = playout(game.start(cfg), seed, {0: sensible_policy, 1: sensible_policy})
            assert game.replay(cfg, s.history) == s
            seen |= {e.rule for e in s.log}
    assert seen <= set(INDEX), sorted(seen - set(INDEX))
    for entry in INDEX.values():
        assert entry.text and entry.title


def test_rulings_with_options_name_real_config_fields():
    import tomllib

    from hordes_kit.core.data import data_path

    doc = tomllib.loads(data_path("skytear", "rules.toml").read_text())
    options = {v["option"] for v in doc.values() if "option" in v}
    assert options == {"empty_deck", "reactions", "mutaform_monster"}
    assert options <= set(SkyConfig.__dataclass_fields__)
    assert all(doc[k].get("kind") == "ruling" for k in doc if k.startswith("ruling."))


@pytest.mark.parametrize("outsider_line", [[None], None])
def test_a_described_position_names_what_is_wrong_with_it(outsider_line):
    """Found by the config fuzz: an ally with no lane went to the minions' back line (and a
    later move tripped an internal check); an outsider line that is not a list of names."""
    with pytest.raises(InvalidInputError, match="needs a lane 1-6"):
        new_game({"position": {"phase": "fight", "units": [{"card": "Sunlit Pikeman"}]}})
    with pytest.raises(InvalidInputError, match="outsider_line|card name"):
        new_game({"position": {"phase": "fight", "outsider_line": outsider_line}})
