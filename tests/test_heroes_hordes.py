"""Heroes & Hordes: card data, every modifier family, the exact discard, the engine's rules."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from budget import sized
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core import IllegalActionError, InvalidActionError, InvalidInputError, playout
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.registry import get_game
from hordes_kit.core.rules_index import rule_index
from hordes_kit.heroes_hordes.cards import load_cards, parse_note
from hordes_kit.heroes_hordes.game import new_game
from hordes_kit.heroes_hordes.odds import battle_report, find_cards, risk_ahead
from hordes_kit.heroes_hordes.rules import best_discard, card_forces, pile_force

CARDS = load_cards()
BY = {c.name: c for c in CARDS}


def force_of(names, card, **ctx):
    forces = card_forces([BY[n] for n in names], **ctx)
    return next(f for f in forces if f.card.name == card)


# --- card data ---------------------------------------------------------------------------


def test_card_list_matches_the_rulebook():
    assert len(CARDS) == 109
    kinds = Counter(
        "event" if c.is_event else "hero" if c.is_hero and not c.is_horde else "horde"
        for c in CARDS
    )
    assert kinds == {"hero": 56, "horde": 45, "event": 8}
    assert BY["Spearmen"].types == {"M", "E", "D"}  # A = Men, Elf or Dwarf
    assert BY["Undead Dragon"].piles() == ("undead", "dragons")
    assert BY["Half Elves"].keywords == {"Troops", "Bows"}  # "Troop; Bows": one keyword
    assert BY["Gunners"].keywords == {"Troops", "Tech", "Bows"}  # "Bow"
    assert {c.event for c in CARDS if c.is_event} == {
        "raid",
        "slay",
        "search-deck",
        "search-discard",
    }


def test_copies_are_configurable():
    two = load_cards(copies=2)
    assert len(two) == 218 and {c.id for c in two} >= {"king-1", "king-2"}


@pytest.mark.parametrize(
    "row, field",
    [
        ("Knight,M,8,1,Flies", "note"),
        ("Knight,Q,8,1,-", "types"),
        ("Knight,M,eight,1,-", "strength"),
        ("Knight,M,8,x,-", "copies"),
        ("King,M,8,1,-", "name"),  # duplicate of the King above
        ("Storm,V,3,1,Random Horde Attacks", "strength"),
    ],
)
def test_broken_card_file_names_file_card_and_field(tmp_path, row, field):
    path = tmp_path / "mine.csv"
    path.write_text(f"name,types,strength,copies,note\nKing,M,8,1,-\n{row}\n")
    with pytest.raises(CardDataError) as e:
        load_cards(path)
    assert e.value.field == field and "mine.csv" in str(e.value)
    assert e.value.card in ("Knight", "King", "Storm")


def test_parse_note_rejects_unknown_text():
    with pytest.raises(ValueError, match="cannot read"):
        parse_note("Troops; Teleports")


# --- each modifier family -------------------------------------------------------------


def test_lord_of_troops_and_troops_synergy():
    f = force_of(["Dwarf Lord", "Clansmen", "Greybeards"], "Greybeards")
    assert f.parts == (("strength", 2), ("Dwarf Lord", 3), ("Troops (2 in pile)", 1))
    assert force_of(["Dwarf Lord", "Troll Slayer"], "Troll Slayer").total == 5  # not Troops


def test_race_bonus_includes_the_card_itself():
    assert force_of(["Citadel"], "Citadel").total == 7  # "All Dwarf cards get +2"
    assert force_of(["Elf Magic", "Elven Warriors"], "Elf Magic").total == 8


def test_keyword_bonuses_magic_and_tech():
    assert force_of(["Engineers", "Gunners"], "Gunners").total == 9
    assert force_of(["Wizard", "Old Magic"], "Old Magic").total == 11


def test_vs_bonus_only_against_that_race():
    assert force_of(["Priest"], "Priest", opponent_race="U").total == 12
    assert force_of(["Priest"], "Priest", opponent_race="G").total == 2
    assert force_of(["Wraiths"], "Wraiths", opponent_race="M").total == 9  # horde vs Men


def test_berserkers_when_the_horde_has_more_cards():
    assert force_of(["Berserkers"], "Berserkers", opponent_size=2).total == 10
    assert force_of(["Berserkers", "Mines"], "Berserkers", opponent_size=2).total == 5


def test_bows_and_fast_synergies():
    pile = ["Horse Archers", "Longbowmen", "Knights"]
    f = force_of(pile, "Horse Archers")  # Troops x3, Fast x2, Bows x2
    assert f.total == 3 + 2 + 1 + 1


def test_horde_lords():
    r = battle_report(
        find_cards("Warlord,Goblins,Orks,Trolls,Ogre"),
        find_cards("Dwarf Lord,Clansmen,Troll Slayer"),
    )
    assert (r.horde_force, r.hero_force, r.winner, r.discard) == (46, 24, "horde", None)


# --- the exact discard ---------------------------------------------------------------------


HERO_CARDS = [c for c in CARDS if c.is_hero and not c.is_horde]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(range(len(HERO_CARDS))), min_size=1, max_size=8, unique=True),
    st.integers(1, 60),
)
def test_best_discard_matches_brute_force(idx, need):
    pile = [HERO_CARDS[i] for i in idx]
    forces = card_forces(pile)
    got = best_discard(forces, need)
    best = None
    for k in range(len(pile) + 1):
        for sub in combinations(forces, k):
            if sum(f.total for f in sub) >= need:
                gone = {f.card.id for f in sub}
                kept = pile_force([c for c in pile if c.id not in gone])
                best = kept if best is None else max(best, kept)
    if best is None:
        assert got is None
    else:
        gone = {c.id for c in got}
        assert sum(f.total for f in forces if f.card.id in gone) >= need
        assert pile_force([c for c in pile if c.id not in gone]) == best


def test_find_cards_suggests_close_names():
    with pytest.raises(InvalidInputError, match="closest: Warlord"):
        find_cards("Warlrd")
    with pytest.raises(InvalidInputError, match="more times"):
        find_cards("King, King")


def test_risk_ahead_is_hypergeometric():
    deck = find_cards("Goblins,Orks,King,Elf Lord")
    risk = risk_ahead({"goblins": 3, "undead": 4}, deck, draws=2)
    assert risk["goblins"] == Fraction(1, 6)  # both goblins in 2 draws of 4 cards
    assert risk["undead"] == 0
    assert risk_ahead({"goblins": 4}, deck, known_top=find_cards("Orks"), draws=1)["goblins"] == 1


# --- the engine --------------------------------------------------------------------------


def test_every_cited_rule_is_in_the_rule_index():
    index = rule_index("heroes_hordes", "heroes-hordes.")
    game = get_game("heroes-hordes")
    for seed in range(40):
        s = playout(game.start({}), seed)
        assert {e.rule for e in s.log} <= set(index), seed


def test_cards_are_conserved_and_games_end():
    # with the conformance test's 200 fully checked games and the fast-simulator tests'
    # 600 replayed tapes, thousands of random games go through the reference engine
    game = get_game("heroes-hordes")
    results = Counter()
    for seed in range(sized(300, 1500)):
        s = playout(game.start({}), random.Random(seed))
        zones = list(s.deck) + list(s.known) + list(s.discard) + [c for p in s.piles for c in p]
        zones += [s.drawn] if s.drawn else []
        assert sorted(zones) == sorted(s.cards), seed
        assert s.is_terminal and s.result in ("win", "tie", "loss")
        assert (s.result == "win") == (s.tokens <= 2)
        results[s.result] += 1
    assert len(results) == 3  # random play sees all three endings


def test_options_and_bad_config():
    with pytest.raises(InvalidInputError, match="unknown Heroes & Hordes option"):
        new_game({"colour": "red"})
    with pytest.raises(InvalidInputError, match="solo"):
        new_game({"players": 2})
    assert len(new_game({"copies": 2}).deck) == 218


def test_illegal_and_malformed_actions():
    s = new_game()
    with pytest.raises(InvalidActionError, match="no card 'excalibur'"):
        s.apply("draw:excalibur")
    with pytest.raises(InvalidActionError):
        s.apply("fly:men")
    with pytest.raises(IllegalActionError, match="waits for the Fate draw"):
        s.apply("defend:men")


def test_quiz_answers_come_from_the_engine(tmp_path):
    from hordes_kit.heroes_hordes.quiz import load_quiz

    quiz = load_quiz()
    # in the walkthroughs' order: unblocked goblins, then the Warlord and Priest battles
    assert quiz[0].answer == "2"
    assert [q.answer for q in quiz[1:3]] == ["46", "31"]
    assert all(q.grade(q.answer) and not q.grade("nonsense") for q in quiz)
    bad = tmp_path / "quiz.toml"
    bad.write_text(
        '[[question]]\nkind = "force"\nside = "heroes"\nhorde = "Warlrd"\n'
        'heroes = "King"\nask = "?"\n'
    )
    with pytest.raises(CardDataError, match="question 1.*closest: Warlord"):
        load_quiz(bad)


# --- events, spies, mines and the endings, move by move ----------------------------------


def play(*moves):
    return new_game().apply_all(moves)


def test_quest_discards_the_chosen_horde_card():
    s = play("draw:goblins", "draw:orks", "draw:quest")
    assert s.step == "slay" and s.legal_actions() == ("slay:goblins", "slay:orks")
    s = s.apply("slay:orks")
    assert s.piles[3] == ("goblins",) and s.discard[-2:] == ("orks", "quest")
    assert s.log[-1].rule == "heroes-hordes.event.slay"


def test_summon_puts_a_deck_card_into_play_and_split_cards_ask():
    s = play("draw:summon")
    assert s.step == "search" and "search:raids" not in s.legal_actions()  # no events
    s = s.apply("search:ranger")  # Ranger is Men/Elf: you choose, and it is a Spy
    assert s.step == "place" and s.legal_actions() == ("place:elves", "place:men")
    s = s.apply("place:elves")
    assert s.step == "spy" and s.spy_left == 7 and "ranger" not in s.deck


def test_spy_fixes_the_next_cards_in_order():
    s = play("draw:elven-scout")
    for card in ("king", "ogre", "priest", "wyverns", "ghouls", "farms", "citadel"):
        s = s.apply(f"reveal:{card}")
    assert s.known == ("king", "ogre", "priest", "wyverns", "ghouls", "farms", "citadel")
    assert s.chance_outcomes() == (("draw:king", 1),)
    s = s.apply("draw:king")
    assert s.view(0)["known_top"][0] == "Ogre"


def test_resurrection_brings_back_a_discarded_card():
    s = play("draw:goblins", "draw:orks", "draw:quest", "slay:orks", "draw:resurrection")
    assert s.legal_actions() == ("search:orks",)
    s = s.apply("search:orks")
    assert s.piles[3] == ("goblins", "orks")


def test_raid_attacks_now_even_below_five_cards():
    s = play("draw:king", "draw:goblins", "draw:raids")
    assert s.step == "raid" and s.chance_outcomes() == (("raid:goblins", 1),)
    s = s.apply("raid:goblins")
    assert s.step == "defend" and s.attack == "goblins"
    s = s.apply("defend:men")  # the King (10) beats the Goblins (2)
    assert s.step == "discard"
    s = s.apply("discard:king")
    assert s.piles[0] == () and s.piles[3] == () and s.tokens == 0


def test_raid_with_no_horde_does_nothing():
    s = play("draw:raids")
    assert s.step == "draw" and s.log[-1].rule == "heroes-hordes.event"


def test_five_tokens_end_the_game_at_once():
    s = play(
        "draw:goblins",
        "draw:orks",
        "draw:kobolds",
        "draw:gnolls",
        "draw:hobgoblins",
        "draw:skeletons",
        "draw:zombies",
        "draw:ghouls",
        "draw:ghasts",
        "draw:mummies",
        "draw:lizard-men",
        "draw:serpent-men",
        "draw:dinosaur-men",
        "draw:dragon-men",
        "draw:wyverns",
    )
    assert s.is_terminal and s.tokens == 6 and s.result == "loss"
    assert s.log[-1].rule == "heroes-hordes.defeat"
    assert len(s.deck) == 109 - 15  # the game stopped with cards left


def test_sudden_defeat_option_stops_the_game_earlier():
    moves = ["draw:goblins", "draw:orks", "draw:kobolds", "draw:gnolls", "draw:hobgoblins"]
    s = new_game({"copies": 1, "sudden_defeat": 4}).apply_all(moves)
    assert s.tokens == 2 and not s.is_terminal
    s = s.apply_all(
        ["draw:skeletons", "draw:zombies", "draw:ghouls", "draw:ghasts", "draw:mummies"]
    )
    assert s.is_terminal and s.tokens == 4 and s.result == "loss"
    assert s.log[-1].rule == "heroes-hordes.defeat"


def test_card_forces_are_kept_per_pile_and_battle_and_forgotten_past_the_bound(monkeypatch):
    """A game asks about the same piles again and again: the answer is kept for the same
    card objects and battle, worked out again for another battle, and the kept answers are
    forgotten at once past their bound (memory stays bounded in a long server)."""
    from dataclasses import replace

    from hordes_kit.heroes_hordes import rules

    by = {c.name: c for c in load_cards()}
    pile = [by["Dwarf Lord"], by["Clansmen"], by["Greybeards"]]
    first = card_forces(pile, opponent_race="G")
    assert card_forces(tuple(pile), opponent_race="G") is first
    assert [f.total for f in first] == [8, 9, 6]
    other = card_forces(pile)
    assert other is not first and [f.total for f in other] == [8, 7, 6]  # no Goblins to fight
    # an equal-looking card of another card file (a different object) is worked out anew
    stronger = replace(by["Clansmen"], strength=by["Clansmen"].strength + 10)
    assert card_forces([pile[0], stronger, pile[2]])[1].total == other[1].total + 10
    monkeypatch.setattr(rules, "_FORCES_KEPT", 2)
    monkeypatch.setattr(rules, "_FORCES", {})
    for race in ("G", "O", None):
        card_forces(pile, opponent_race=race)
    assert len(rules._FORCES) <= 2


@settings(max_examples=300, deadline=None)
@given(
    picks=st.lists(st.integers(0, 10_000), max_size=14),
    lords_self=st.sampled_from(["included", "excluded"]),
)
def test_a_kept_pile_s_force_is_the_named_modifiers_sum(picks, lords_self):
    """The lookahead bot weighs kept piles by a sum that names no modifier (_kept_force);
    it must be the force the rules name card by card, for either reading of the lords."""
    from hordes_kit.heroes_hordes import rules

    cards = list(rules.card_index(rules.HHConfig(lords_self=lords_self)).values())
    pile = [cards[i % len(cards)] for i in picks]
    assert rules._kept_force(tuple(pile)) == sum(f.total for f in card_forces(pile))
    assert rules._kept_force(tuple(pile)) == pile_force(pile)


def test_the_exact_discard_is_searched_once_per_battle(monkeypatch):
    """The exact discard is remembered by the pile, its battle forces and the need (the
    coach finishes one battle in hundreds of games): every discard of played games is the
    one the search gives, and the same battle asked again is not searched again."""
    from hordes_kit.core.playout import play_steps
    from hordes_kit.heroes_hordes import bots
    from hordes_kit.heroes_hordes.bots import CardForce, get_policy

    searched = []

    def counted(forces, need):
        searched.append(need)
        return best_discard(forces, need)

    monkeypatch.setattr(bots, "_DISCARDS", {}, raising=False)
    monkeypatch.setattr(bots, "best_discard", counted)
    policy = get_policy("family:lookahead:weakest-winner:exact")
    seen = 0
    for seed in range(6):
        for s in play_steps(new_game({}), random.Random(seed), {0: policy}):
            if s.is_terminal or s.is_chance or s.step != "discard":
                continue
            fixed = dict(s.battle)
            pile = s.pile(s.defender)
            want = best_discard([CardForce(c, (("battle", fixed[c.id]),)) for c in pile], s.need)
            before = len(searched)
            first = bots._battle_discard(s)
            assert first == (f"discard:{want[0].id}" if want else s.legal_actions()[0])
            assert bots._battle_discard(s) == first and len(searched) <= before + 1
            seen += 1
    assert seen > 10 and len(searched) < 2 * seen
