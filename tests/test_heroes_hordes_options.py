"""Heroes & Hordes' table rules and the battle-order ruling: each option changes what its
test says, in the reference engine and the fast simulator alike, and the log cites the
reading in force."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from hordes_kit.core.errors import IllegalActionError
from hordes_kit.heroes_hordes.bots import get_policy
from hordes_kit.heroes_hordes.fast.sim import (
    POLICY_CODES,
    export,
    play_tape_fast,
    play_tape_from,
    tables,
)
from hordes_kit.heroes_hordes.flow import finish
from hordes_kit.heroes_hordes.game import new_game
from hordes_kit.heroes_hordes.rules import HHConfig, card_forces, card_index, pile_force
from hordes_kit.heroes_hordes.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("heroes_hordes")

R = "heroes-hordes."
CODE = {"win": 0, "tie": 1, "loss": 2}


def position(piles: dict, known=(), **config):
    """A game waiting for its Fate draw with these piles (and Spy-revealed cards on top)."""
    s = new_game(config)
    order = ("men", "elves", "dwarves", "goblins", "undead", "dragons")
    used = {c for p in piles.values() for c in p} | set(known)
    return replace(
        s,
        piles=tuple(tuple(piles.get(p, ())) for p in order),
        known=tuple(known),
        deck=tuple(c for c in s.deck if c not in used),
    )


def cited(before, after) -> list[str]:
    return [e.rule[len(R) :] for e in after.log[len(before.log) :]]


# --- a lord and its own bonus -------------------------------------------------------------

ELVES = ("elf-magic", "elf-lord", "forest", "elven-archers", "pegasus-riders")
UNDEAD = ("lich-king", "ghouls", "werewolves", "wraiths", "demon")


def undead_attack_the_elves(**config):
    s = position({"elves": ELVES, "undead": UNDEAD[:4]}, known=(UNDEAD[4],), **config)
    s = s.apply(f"draw:{UNDEAD[4]}")  # the fifth Undead card: they attack
    assert s.step == "defend" and s.attack == "undead"
    after = s.apply("defend:elves")
    battle = next(e for e in after.log if e.rule in (R + "battle.win", R + "battle.loss"))
    return battle.data["hero_force"], battle.data["horde_force"], after, cited(s, after)


def test_an_elf_magic_battle_turns_when_a_lord_does_not_count_itself():
    heroes, horde, after, rules = undead_attack_the_elves()
    assert (heroes, horde) == (55, 54)  # Elf Magic and the Elf Lord boost themselves too
    assert after.step == "discard" and after.tokens == 0 and "ruling.lords" in rules
    heroes, horde, after, rules = undead_attack_the_elves(lords_self="excluded")
    # Elf Magic loses its own +3, the Elf Lord its +2, the Lich King its +3: the horde wins
    assert (heroes, horde) == (50, 51)
    assert after.tokens == 1 and after.piles[1] == () and "option.lords_self.excluded" in rules


def test_the_cards_carry_the_reading_so_every_calculator_follows_it():
    inc, exc = card_index(HHConfig()), card_index(HHConfig(lords_self="excluded"))
    assert [f.total for f in card_forces([inc["elf-lord"], inc["forest"]])] == [10, 3]
    assert [f.total for f in card_forces([exc["elf-lord"], exc["forest"]])] == [8, 3]
    # the Dwarf Lord's bonus never reaches itself (it is no Troop card): no change
    assert pile_force([exc["dwarf-lord"], exc["clansmen"]]) == pile_force(
        [inc["dwarf-lord"], inc["clansmen"]]
    )


def test_fast_pile_forces_follow_the_lords_reading():
    from hordes_kit.heroes_hordes.fast import sim as fs

    cfg = HHConfig(lords_self="excluded")
    tb = tables(cfg)
    C, PAIR = tb.arrays
    idx = {c: i for i, c in enumerate(tb.ids)}
    cards = card_index(cfg)
    rng = random.Random(3)
    heroes = [c for c in sorted(cards) if cards[c].is_hero]
    for _ in range(60):
        pile = rng.sample(heroes, rng.randint(1, 9))
        arr = np.array([idx[c] for c in pile], np.int64)
        assert fs.pile_force(arr, len(pile), C, PAIR) == pile_force([cards[c] for c in pile])


# --- searching the deck --------------------------------------------------------------------

SPIED = ("summon", "ogre", "priest", "wyverns", "ghouls", "farms", "citadel")


def summon_after_a_spy(**config):
    """The Elven Scout spied 7 cards, the first of them Summon, now the Fate card."""
    s = new_game(config).apply("draw:elven-scout")
    for c in SPIED:
        s = s.apply(f"reveal:{c}")
    s = s.apply("draw:summon")
    assert s.step == "search" and s.known == SPIED[1:]
    return s


def test_the_deck_is_shuffled_after_a_search_so_a_spys_cards_are_unknown_again():
    s = summon_after_a_spy()
    after = s.apply("search:king")
    assert after.known == () and {"ogre", "priest", "citadel"} <= set(after.deck)
    assert after.view(0)["known_top"] == [] and "ruling.search-shuffle" in cited(s, after)
    assert len(after.chance_outcomes()) == len(after.deck) > 1  # the next draw is open again
    s = summon_after_a_spy(search_shuffle="no-shuffle")
    after = s.apply("search:king")
    assert after.known == SPIED[1:] and after.view(0)["known_top"][:2] == ["Ogre", "Priest"]
    assert "option.search_shuffle.no-shuffle" in cited(s, after)
    assert after.chance_outcomes() == (("draw:ogre", 1),)
    # taking a card the Spy saw: the rest stay in their order
    kept = s.apply("search:priest")
    assert kept.known == ("ogre", "wyverns", "ghouls", "farms", "citadel")


def test_an_event_card_can_be_searched_out_only_under_the_table_rule():
    s = new_game().apply_all(["draw:goblins", "draw:summon"])
    assert s.step == "search" and "search:quest" not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply("search:quest")
    t = new_game({"search_events": "events-too"}).apply_all(["draw:goblins", "draw:summon"])
    assert {"search:quest", "search:raids", "search:dragons-hoard"} <= set(t.legal_actions())
    after = t.apply("search:quest")  # the Quest takes effect at once
    assert after.step == "slay" and after.legal_actions() == ("slay:goblins",)
    assert "option.search_events.events-too" in cited(t, after) and "summon" in after.discard
    done = after.apply("slay:goblins")
    assert done.step == "draw" and done.piles[3] == () and "quest" in done.discard


def test_resurrection_never_brings_back_an_event_card():
    moves = ["draw:goblins", "draw:orks", "draw:quest", "slay:orks", "draw:resurrection"]
    for cfg in ({}, {"search_events": "events-too"}):
        assert new_game(cfg).apply_all(moves).legal_actions() == ("search:orks",)


# --- four tokens, the battle order ------------------------------------------------------------


def test_four_tokens_at_the_end_lose_or_tie():
    lose = finish(replace(new_game(), tokens=4), "The deck is empty.")
    assert lose.result == "loss" and lose.log[-1].rule == R + "ruling.end-loss"
    tie = finish(replace(new_game({"loss_at": 5}), tokens=4), "The deck is empty.")
    assert tie.result == "tie" and tie.log[-1].rule == R + "option.loss_at.5"
    three = finish(replace(new_game({"loss_at": 5}), tokens=3), "The deck is empty.")
    assert three.result == "tie" and three.log[-1].rule == R + "victory"


GOBLINS = ("goblins", "orks", "kobolds", "gnolls", "hobgoblins")  # 38 with their Troops
# the Men (51) can beat the Goblins (38) but not the Undead (54)
HEROES = {
    "men": ("king", "knights", "champion", "pikemen", "dragon-slayer"),
    "elves": ("elf-lord", "elven-warriors"),
}


def two_hordes_ready(**config):
    """The Goblins reached 5 cards in the last Event Phase (a Summon); the Undead's fifth
    card is next (a Spy saw it)."""
    piles = {**HEROES, "goblins": GOBLINS, "undead": UNDEAD[1:]}
    return position(piles, known=(UNDEAD[0],), **config)


def test_the_player_chooses_which_horde_attacks_first():
    s = two_hordes_ready().apply("draw:lich-king")
    assert s.step == "order" and s.legal_actions() == ("attack:goblins", "attack:undead")
    assert s.log[-1].rule == R + "ruling.battle-order" and s.current_player == 0
    assert s.view(0)["legal"][1]["label"] == "The Undead attack first"
    first = s.apply("attack:undead")
    assert first.attack == "undead" and first.step == "defend"
    # after the Undead's battle, the Goblins attack without asking
    after = first.apply("defend:men")
    while after.step == "discard":
        after = after.apply(after.legal_actions()[0])
    assert after.attack == "goblins" and after.step == "defend"
    assert s.apply("attack:goblins").attack == "goblins"


def test_bots_choose_the_order_by_their_rule():
    s = two_hordes_ready().apply("draw:lich-king")
    piles = s.view(0)["piles"]
    assert (piles["goblins"]["force"], piles["undead"]["force"], piles["men"]["force"]) == (
        38,
        54,
        51,
    )
    assert get_policy("greedy")(s, None) == "attack:undead"  # the strongest horde first
    # lookahead: the battle its best defence scores highest (the Men beat the Goblins)
    assert get_policy("lookahead")(s, None) == "attack:goblins"


@pytest.mark.parametrize("policy", list(POLICY_CODES))
def test_fast_simulator_makes_the_same_order_choices(policy):
    start = two_hordes_ready()
    tb = tables()
    idx = {c: i for i, c in enumerate(tb.ids)}
    exported = export(start)
    deck = set(start.deck)
    for seed in range(4):
        tape = make_tape(seed)
        ref = play_tape(policy, tape, start=start)
        assert any(a.startswith("attack:") for a in ref.history[: len(start.history) + 4])
        order = [idx[c] for c in start.known] + [idx[c] for c in tape.order if c in deck]
        fast = play_tape_from(exported, order, tape.numbers, policy)
        assert fast == (CODE[ref.result], ref.tokens, ref.turn), (policy, seed)


@pytest.mark.parametrize(
    "option", [{"lords_self": "excluded"}, {"search_events": "events-too"}], ids=str
)
def test_fast_simulator_plays_the_readings_like_the_engine(option):
    """On a tape where the reading changes the game, both engines play it identically."""
    cfg, base = HHConfig(**option), HHConfig()
    code = POLICY_CODES["random"]

    def fast(seed, c):
        tb = tables(c)
        idx = {x: i for i, x in enumerate(tb.ids)}
        tape = make_tape(seed, c)
        order = np.array([idx[x] for x in tape.order], np.int64)
        out = play_tape_fast(order, np.array(tape.numbers), code, 4, 5, tb.arrays)
        return tuple(int(x) for x in out)

    seed = next(s for s in range(300) if fast(s, cfg) != fast(s, base))
    for c in (cfg, base):
        ref = play_tape("random", make_tape(seed, c), c)
        assert fast(seed, c) == (CODE[ref.result], ref.tokens, ref.turn), (option, seed, c)


def test_win_odds_play_the_table_rules():
    from hordes_kit.heroes_hordes.simulate import simulate

    base = simulate("greedy", 2000, seed=5)
    five = simulate("greedy", 2000, seed=5, config={"loss_at": 5})
    assert five.results["win"] == base.results["win"]  # the same games...
    assert five.results["loss"] < base.results["loss"]  # ...4 tokens now a tie
    assert five.results["tie"] - base.results["tie"] == base.results["loss"] - five.results["loss"]
    start = new_game({"loss_at": 5})  # a position plays its own table rules
    assert simulate("greedy", 500, seed=2, start=start).results == (
        simulate("greedy", 500, seed=2, config={"loss_at": 5}).results
    )
