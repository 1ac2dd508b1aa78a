"""Shadows engine: setup, each phase's rules and Traits, hidden information, errors, CLI."""

from __future__ import annotations

import random

import pytest
from shadows_helpers import position, to_combat

from hordes_kit.cli import main
from hordes_kit.core.errors import (
    CardDataError,
    IllegalActionError,
    InvalidActionError,
    InvalidInputError,
)
from hordes_kit.core.playout import play_steps, playout
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.core.state import evolve
from hordes_kit.shadows import new_game
from hordes_kit.shadows.bots import conformance_policy, random_bot, sensible_bot
from hordes_kit.shadows.cards import CARDS_FILE, load_cards
from hordes_kit.shadows.rules import hand_size, meets, standings
from hordes_kit.shadows.state import Placed


def pol(state, rng):
    return conformance_policy(state, rng)


def test_setup_by_the_book():
    s = new_game({"players": 3})
    assert s.is_chance and s.top().kind == "?basic"
    for st in play_steps(s, 5, {k: sensible_bot for k in range(3)}, max_steps=400):
        s = st
        if s.phase == "teamup":
            break
    assert s.round == 1 and s.leader >= 0
    assert len(s.market) == 4 and all(len(x.items) == 1 for x in s.seats)
    assert all(s.card(x.items[0].card).restricted for x in s.seats)
    assert all(x.mission and not x.offer and len(x.library) == 5 for x in s.seats)
    assert len({x.hero for x in s.seats}) == 3 and s.monster and s.level == 1
    assert len(s.mission_deck) == 12 - 6  # two dealt each, the second back to the box
    # Flat-Footed (StartSide) and the Hero Special start on the Station Field
    assert all(
        any(p.card.startswith("flat-footed") and not p.back for p in x.station) for x in s.seats
    )


def test_leader_ties_reroll_only_the_tied():
    s = new_game({"players": 3})
    while s.top().kind != "?roll":
        s = s.apply(s.legal_actions()[0])
    s = s.apply("roll:6").apply("roll:2").apply("roll:6")
    assert s.top().kind == "?roll" and {t.seat for t in s.tasks if t.kind == "?roll"} == {0, 2}
    assert s.seats[1].roll == -1
    s = s.apply("roll:3").apply("roll:5")
    assert s.leader == 2 and s.top().kind == "!hero" and s.top().seat == 2


def test_hand_size_by_level_and_plan_is_secret():
    assert [hand_size(x) for x in (1, 2, 3)] == [3, 4, 5]
    s = to_combat(position(monster="crypt-knight"), [])
    assert s.top().kind == "!pick" and s.top().amount == 4
    s = s.apply("pick:sword-strike")
    other = s.view(1)["seats"][0]
    assert "hand" not in other and "hand_size" not in other  # not even how many so far
    assert s.view(0)["seats"][0]["hand"] == ["sword-strike"]


def test_predict_counts_both_numbers_and_never_twice():
    seats = [{"hero": "eras"}, {"hero": "ahti", "station": []}, {"hero": "akintunde"}]
    s = position(seats, players=3)
    s = to_combat(
        s,
        [
            ["lightning-touch", "magic-missile", "mystical-cloak"],
            ["ambush", "twin-daggers", "vanish"],
            ["search", "sword-strike", "the-fist"],
        ],
        gives=["MxSpecial", "MxSpecial", "MxResponse"],
    )
    s = s.apply("lay:lightning-touch")
    assert set(s.legal_actions()) == {f"predict:p{k}:{n}" for k in (2, 3) for n in (4, 5)}
    s = s.apply("predict:p3:4")  # Search (4/5) counts as a Four
    assert s.seats[2].damage == 2 and s.seats[0].earned[1] == 1 and s.predicted[2] == (4,)
    # Ahti's Ambush predicts 2/4: the Four on Jack is gone for everyone this round
    s = s.apply("lay:ambush")
    assert "predict:p3:4" not in s.legal_actions() and "predict:p1:4" in s.legal_actions()


def test_attack_damage_lands_after_the_monster_action():
    s = to_combat(
        position(),
        [["sword-strike", "the-fist", "search"], ["magic-missile", "mystical-cloak", "mind-read"]],
        gives=["MxSpell", "MxAttack"],
    )
    # Olivia (seat 2) reveals MxAttack: Eras is hit for 2 before Magic Missile's 3 lands
    while s.top().kind != "!turn" or s.top().seat != 1 or s.step != 2:
        s = s.apply("pass") if "pass" in s.legal_actions() else s.apply(s.legal_actions()[0])
    s = s.apply("lay:magic-missile").apply("target:monster")
    assert s.top().kind == "!defend" and s.mdamage == (0, 0)
    s = s.apply("take")
    assert s.seats[1].damage == 2 and s.mdamage == (0, 3)


def test_monster_block_counts_as_a_response():
    s = to_combat(
        position(),
        [["sword-strike", "the-fist", "search"], ["magic-missile", "ward", "arcane-bolt"]],
        gives=["MxResponse", "MxSpecial"],
    )
    s = s.apply("lay:the-fist").apply("lay:sword-strike")
    s = s.apply("target:monster")  # The Fist: 1, MxResponse blocks 2
    assert s.mdamage == (0, 0) and s.seats[0].earned == (0, 0, 0)
    s = s.apply("flip").apply("target:monster")  # a new card from the deck
    assert s.is_chance and s.top().kind == "?reveal"
    s = s.apply("ma:MxxResponse")  # blocks 3 of Sword Strike's 3: a Response, no XP
    assert s.mdamage == (0, 0) and s.seats[0].earned == (0, 0, 0)


def test_attack_standalone_is_the_only_attack_of_the_round():
    seats = [{"hero": "eras", "station": [], "library": []}, {"hero": "rolan"}]
    s = position(seats)
    s = evolve(s, seats=s.seat_with(0, deck=tuple(sorted(s.seats[0].deck + ("flame-spear",)))))
    s = to_combat(
        s,
        [["flame-spear", "magic-missile", "lightning-touch"], ["rally", "lance-charge", "bulwark"]],
    )
    assert s.step == 1
    s = s.apply("lay:lightning-touch").apply("predict:p2:4")
    while not (s.top().kind == "!turn" and s.top().seat == 0 and s.step == 2):
        s = s.apply(s.legal_actions()[-1] if "pass" in s.legal_actions() else s.legal_actions()[0])
    legal = s.legal_actions()
    assert "lay:flame-spear" in legal and "lay:magic-missile" in legal
    s = s.apply("lay:flame-spear")
    assert "lay:magic-missile" not in s.legal_actions()  # no Attack after a Standalone


def test_zero_damage_attack_is_not_a_use():
    s = position()
    st = s.seats[0]
    s = evolve(s, seats=s.seat_with(0, deck=tuple(sorted(st.deck + ("strike-weakness",)))))
    s = to_combat(s, [["strike-weakness", "the-fist", "sword-strike"], ["magic-missile"]])
    # Strike Weakness: X = Damage tokens on the Hero; Eras has none, so it has no target
    from hordes_kit.shadows.attack import targets
    from hordes_kit.shadows.cards import parse_effect

    assert targets(s, 0, parse_effect("attack x hero")) == []
    s2 = evolve(s, seats=s.seat_with(1, damage=3))
    assert targets(s2, 0, parse_effect("attack x hero")) == ["p2"]


def test_knockdown_by_a_player_bounty_and_by_the_monster():
    s = position([{"hero": "akintunde"}, {"hero": "eras", "damage": 6, "bounty": 1, "gold": 2}])
    s = to_combat(
        s, [["the-fist", "sword-strike", "search"], ["magic-missile", "ward", "arcane-bolt"]]
    )
    s = s.apply("lay:the-fist").apply("go").apply("target:p2")
    # no Response in hand, no Shield Points: 7 damage on Eras (Health 7), KnockedDown
    assert s.seats[1].damage == 0 and s.seats[1].bounty == 0
    # +1 XP, +1 Gold, +1 Gold per Bounty she held (1), and The Fist's own +1 XP
    assert s.top().kind == "!lose" and s.top().seat == 1
    s = s.apply("lose:gold")  # the victim chooses; then The Fist finishes (she lost health)
    assert s.seats[0].earned == (2, 2, 0) and s.seats[0].bounty == 1 and s.seats[0].knockdowns == 1
    assert s.seats[1].gold == 1
    # a Monster KnockDown: every other player gains 1 Gold, Bounty cards stay
    m = position([{"hero": "akintunde"}, {"hero": "eras", "damage": 6, "bounty": 1}])
    m = to_combat(
        m,
        [["the-fist", "sword-strike", "search"], ["mystical-cloak", "mind-read", "ward"]],
        gives=["MxSpecial", "MxxAttack"],
    )
    while m.top().kind != "!defend":
        m = m.apply("pass" if "pass" in m.legal_actions() else m.legal_actions()[0])
    m = m.apply("take")
    assert m.seats[1].bounty == 1 and m.seats[0].earned[0] == 1 and m.seats[1].damage == 0


def test_delay_stuns_for_one_or_two_rounds():
    s = position()
    seat = s.seats[0]
    deck = tuple(c for c in seat.deck if c != "heavy-blow")
    s = evolve(s, seats=s.seat_with(0, combat=(Placed("heavy-blow", stun=1),), deck=deck))
    s = evolve(s, phase="buildup", stage="study", tasks=())
    from hordes_kit.shadows.flow import cleanup

    c1 = cleanup(s)
    assert [p.card for p in c1.seats[0].stunned] == ["heavy-blow"] and "heavy-blow" not in c1.seats[
        0
    ].deck
    c2 = cleanup(evolve(c1, phase="buildup"))
    assert "heavy-blow" in c2.seats[0].deck and not c2.seats[0].stunned
    two = evolve(s, seats=s.seat_with(0, combat=(Placed("meteor-strike", stun=2),)))
    r1 = cleanup(two)
    r2 = cleanup(evolve(r1, phase="buildup"))
    r3 = cleanup(evolve(r2, phase="buildup"))
    assert r2.seats[0].stunned and "meteor-strike" in r3.seats[0].deck
    assert seat.hero == "akintunde"


def test_study_restricted_and_requirements():
    eras = {
        "hero": "eras",
        "items": ["magic-element", "plasma-generator", "goblin-wand"],
        "damage": 3,
    }
    s = position([eras, {"hero": "rolan"}], leader=1)
    assert s.hero_stats(0) == (1, 3, 5, 8) and s.health_left(0) == 5  # the rulebook's Eras
    assert s.usable_by(0, s.card("meteor-strike"))
    assert not s.usable_by(0, s.card("giant-shield"))  # Health 8 > 7
    assert not s.usable_by(0, s.card("seven-crypto-sword"))  # Strength 1 < 3
    assert meets((1, 3, 5, 7), [("tech", 3, False), ("health", 7, True)])
    # FAQ: a Station card whose requirement fails stays, blank
    s2 = evolve(s, seats=s.seat_with(0, station=s.seats[0].station + (Placed("giant-shield"),)))
    assert s2.view(None)["seats"][0]["station"][-1]["blank"] is True
    assert s2.shields(0) == s.shields(0)  # its Shield Points are gone with it
    # Study: 3 Experience, a Shadow Stone, no title twice
    lib = {"hero": "eras", "library": ["thunderstrike", "thunderstrike", "meteor-strike"], "xp": 6}
    st = position([lib, {"hero": "rolan"}])
    st = evolve(st, phase="buildup", stage="study", tasks=(), seats=st.seats)
    from hordes_kit.shadows.stack import push
    from hordes_kit.shadows.state import Task

    st = push(st, Task("!study", 0))
    assert st.legal_actions() == ("done", "study:meteor-strike", "study:thunderstrike")
    st = st.apply("study:thunderstrike")
    assert st.seats[0].xp == 3 and st.seats[0].stones == 1 and "thunderstrike" in st.seats[0].deck
    assert st.legal_actions() == ("done", "study:meteor-strike")  # the second copy: same title


def test_restricted_items_keep_one():
    s = position(
        [{"hero": "akintunde", "items": ["training-sword"], "gold": 9}, {"hero": "eras"}],
        market=["magic-element", "goblin-wand", "plasma-generator"],
    )
    from hordes_kit.shadows.items import equip

    s2 = equip(s, 0, "old-axe")
    assert s2.top().kind == "!keep"
    s2 = s2.apply("keep:old-axe")
    assert [p.card for p in s2.seats[0].items] == [
        "old-axe"
    ] and "training-sword" in s2.item_discard


def test_unmet_option_discards():
    eras = {"hero": "eras", "items": ["plasma-generator"], "station": ["giant-shield"]}
    s = new_game(
        {
            "players": 2,
            "unmet": "discard",
            "position": {"round": 2, "monster": "cave-stalker", "seats": [eras, {"hero": "rolan"}]},
        }
    )
    from hordes_kit.shadows.items import enforce_unmet

    s = enforce_unmet(s, 0)
    assert all(p.card != "giant-shield" for p in s.seats[0].station)
    assert "giant-shield" in s.seats[0].boxed  # a used One Time card leaves the game


def test_games_end_at_cleanup_with_missions_and_tiebreaks():
    assert standings([(9, 4, 1), (9, 4, 3)]) == ([1, 0], [1])
    for seed in range(3):
        s = playout(new_game({"players": 2 + seed % 2}), seed, {k: pol for k in range(3)})
        assert s.is_terminal and s.end in ("stones", "level3")
        assert s.phase == "over"
        assert any(e.rule == "shadows.cleanup.end-check" for e in s.log)
        v = s.view(0)
        assert all("mission" in x for x in v["seats"])  # revealed at Victory
        assert sum(s.returns()) == pytest.approx(1.0)


def _perturb(s, seat, rng):
    """The same position as ``seat`` knows it: others' Hands, Missions, unknown cards changed."""
    seats = list(s.seats)
    for k, st in enumerate(seats):
        if k == seat:
            continue
        pool = list(st.deck + st.hand)
        rng.shuffle(pool)
        h = len(st.hand)
        st = evolve(st, hand=tuple(sorted(pool[:h])), deck=tuple(sorted(pool[h:])))
        if st.mission and s.mission_deck:
            st = evolve(st, mission=rng.choice(s.mission_deck))
        seats[k] = st
    ma, deck = list(s.ma), list(s.ma_deck)
    for k in range(s.n):
        if ma[k] and not s.ma_up[k] and s.ma_known[k] != seat and deck:
            j = rng.randrange(len(deck))
            ma[k], deck[j] = deck[j], ma[k]
    return evolve(s, seats=tuple(seats), ma=tuple(ma), ma_deck=tuple(sorted(deck)))


def test_no_view_leaks_a_hand_plan_mission_or_monster_action_card():
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        for st in play_steps(new_game({"players": 2 + seed % 2}), seed, {k: pol for k in range(3)}):
            if st.is_terminal or st.phase == "setup" or rng.random() > 0.15:
                continue
            for seat in range(st.n):
                if st.top() and st.top().seat != seat and st.top().kind == "!pick":
                    pass
                other = _perturb(st, seat, rng)
                a, b = st.view(seat), other.view(seat)
                a.pop("log"), b.pop("log")
                assert a == b, (seed, seat, st.phase)
                checked += 1
    assert checked > 100


def test_errors_quote_the_input_and_say_why():
    s = position()
    with pytest.raises(InvalidActionError, match="unknown verb"):
        s.apply("fly:p2")
    with pytest.raises(IllegalActionError, match="Experience or Gold") as e:
        s.apply("pass")
    assert "teamup:xp" in e.value.legal
    with pytest.raises(InvalidInputError, match="players: must be 2-3 players, got 4"):
        new_game({"players": 4})
    with pytest.raises(InvalidInputError, match="not a Monster id"):
        position(monster="dragon")
    with pytest.raises(InvalidInputError, match="unknown Shadows option"):
        new_game({"players": 2, "path": "/etc/passwd"})


def test_card_file_travels_as_text_and_errors_name_card_and_field():
    text = CARDS_FILE.read_text()
    s = new_game({"players": 2, "cards": text})
    assert s.data.counts() == load_cards().counts()
    bad = text.replace(
        'traits = ["Predict"]\npredict = [4, 5]', 'traits = ["Predikt"]\npredict = [4, 5]', 1
    )
    with pytest.raises(CardDataError, match="Lightning Touch.*traits.*unknown Trait 'Predikt'"):
        load_cards(bad)
    bad = text.replace("requires = {magic = 5}", 'requires = {magic = "=<5"}', 1)
    with pytest.raises(CardDataError, match="Meteor Strike.*requires.*only Health"):
        load_cards(bad)
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_cards("[[skill]\n")


def test_save_load_replays():
    s = playout(new_game({"players": 3}), 2, {k: pol for k in range(3)}, max_steps=300)
    config, back = load_save(dump_save("shadows", {"players": 3}, s), "shadows")
    assert back == s


def test_every_cited_rule_is_in_the_rule_index():
    index = rule_index("shadows", "shadows.")
    cited = set()
    for seed in range(4):
        cfg = {"players": 2 + seed % 2, "library": "pool" if seed % 2 else "beginner"}
        s = playout(new_game(cfg), seed, {k: random_bot if seed == 3 else pol for k in range(3)})
        cited |= {e.rule for e in s.log}
    missing = sorted(cited - set(index))
    assert not missing, missing


def test_pool_library_and_mulligan():
    s = new_game({"players": 2, "library": "pool"})
    while s.top().kind != "!mulligan":
        s = s.apply(random_bot(s, random.Random(len(s.history))))
    k = s.top().seat
    assert len(s.seats[k].library) == 10
    s = s.apply("mulligan")
    for _ in range(9):
        s = s.apply(s.legal_actions()[0])
    assert len(s.seats[k].library) == 9 and s.top().kind == "!mulligan"
    s = s.apply("mulligan")
    for _ in range(8):
        s = s.apply(s.legal_actions()[0])
    assert len(s.seats[k].library) == 8 and s.seats[k].mulligans == 2  # no third mulligan


def test_cli_simulate_and_check_data(capsys, tmp_path):
    assert (
        main(
            [
                "simulate",
                "shadows",
                "--heroes",
                "Eras,Rolan",
                "--games",
                "4",
                "--seed",
                "1",
                "--json",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert '"games": 4' in out
    assert main(["simulate", "shadows", "--heroes", "Eras,Rolln", "--games", "4"]) == 2
    err = capsys.readouterr().err
    assert "Rolan" in err and len(err.strip().splitlines()) == 1
    assert main(["simulate", "shadows", "--heroes", "Eras,Rolan", "--games", "0"]) == 2
    assert main(["simulate", "shadows", "--heroes", "Eras,Rolan", "--workers", "999"]) == 2
    bad = tmp_path / "mine.toml"
    bad.write_text(CARDS_FILE.read_text().replace("health = 7", "health = -7", 1))
    assert main(["check-data", str(bad)]) == 2
    assert "Eras" in capsys.readouterr().err
    assert main(["check-data", str(CARDS_FILE)]) == 0


def test_quiz_answers_come_from_the_engine():
    from hordes_kit.shadows.quiz import load_quiz

    qs = {q.ask[:20]: q for q in load_quiz()}
    assert len(qs) == 6
    answers = [q.answer for q in load_quiz()]
    # in the walkthroughs' order: level II hand size first, Eras with three Items last
    assert answers[0] == "4" and answers[4:] == ["5", "8"]
    assert load_quiz()[1].grade("6/19") and load_quiz()[3].answer == "2"
