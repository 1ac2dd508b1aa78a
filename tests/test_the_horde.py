"""The Horde: data validation, every phase, card note and special rule, odds and policies."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from budget import sized

from hordes_kit.core.errors import CardDataError, IllegalActionError, InvalidInputError
from hordes_kit.core.playout import play_steps
from hordes_kit.core.rules_index import rule_index
from hordes_kit.the_horde.bots import POLICIES, Policy, as_bot, choose, get_policy
from hordes_kit.the_horde.cards import DATA_DIR, load_data, read_folder
from hordes_kit.the_horde.game import new_game
from hordes_kit.the_horde.odds import effective_force, kill_probability, phase_odds
from hordes_kit.the_horde.rules import THConfig

R = "the-horde."


def rc(s, d: dict) -> tuple:
    """Recruit-card counts from {id: n}."""
    return tuple(d.get(c, 0) for c in s.rids)


def hc(s, d: dict) -> tuple:
    """Horde-card counts from {id: n}."""
    return tuple(d.get(c, 0) for c in s.hids)


def battle(attacker="adolescent", defenders=None, village=None, turn=1, config=None, **kw):
    """A position in the Horde phase: ``attacker`` just flipped, the defender not yet."""
    s = new_game(config)
    s = replace(
        s,
        turn=turn,
        row=(),
        to_flip=0,
        step="defender",
        attacker=attacker,
        defender_deck=rc(s, defenders or {"grimthwacker": 4}),
        village=rc(s, village if village is not None else {"villager": 2, "crops": 1}),
        recruit_deck=rc(s, {}),
        **kw,
    )
    return s


def roll_event(before, after):
    """The battle-roll event a move produced."""
    return next(e for e in after.log[len(before.log) :] if e.rule == R + "horde.battle-roll")


def rules_of(before, after) -> list[str]:
    return [e.rule for e in after.log[len(before.log) :]]


# --- data -----------------------------------------------------------------------------------


def test_card_lists_match_the_rulebook():
    d = load_data()
    assert sum(c.copies for c in d.recruit) == 88
    assert sum(d.recruit_pool()) == 81  # RULINGS: setup cards come out of the pool
    assert sum(c.copies for c in d.horde) == 40
    assert len(d.turns) == 20 and d.turns[18].attackers == 12
    assert [d.level("indigenous", t) for t in (1, 5, 9, 13, 17)] == [2, 2, 3, 4, 6]
    assert d.card("moat").cost == 6 and d.card("flute").bonus == 1
    assert d.card("knight").fights and not d.card("bomb").fights


@pytest.fixture
def data_copy(tmp_path):
    dst = tmp_path / "the_horde"
    shutil.copytree(DATA_DIR, dst)
    return dst


@pytest.mark.parametrize(
    "file,old,new,card,field",
    [
        ("recruit.csv", "Knight,4,4,D,4", "Knight,4,4,D,x", "Knight", "force"),
        ("recruit.csv", "Bomb,4,2,D,-,0,bomb", "Bomb,4,2,D,-,0,boom", "Bomb", "effect"),
        ("recruit.csv", "Flute,1,4,D,+1", "Flute,1,4,D,-", "Flute", "force"),
        ("recruit.csv", "Cow,10,3,V", "Cow,10,3,Q", "Cow", "type"),
        ("horde.csv", "Shaman,5,3", "Shaman,5,three", "Shaman", "level"),
        (
            "turns.csv",
            "7,Fetid Swamps of Buuzal,F,5,Swamp",
            "7,Fetid Swamps,F,5,Lava",
            "turn 7",
            "indigenous",
        ),
        ("setup.toml", "crowns = 8", "crowns = -1", None, "crowns"),
        ("setup.toml", "Crops = 1", "Carrots = 1", "village", "Carrots"),
    ],
)
def test_a_broken_data_file_names_file_card_and_field(data_copy, file, old, new, card, field):
    path = data_copy / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(CardDataError) as e:
        load_data(str(data_copy))
    assert e.value.file.endswith(file)
    assert e.value.card == card and e.value.field == field


def test_a_players_own_data_folder_plays(data_copy):
    path = data_copy / "setup.toml"
    path.write_text(path.read_text().replace("crowns = 8", "crowns = 20"))
    s = new_game({"data": read_folder(data_copy)})  # the files' texts, never a path
    assert s.crowns == 20 + 4 - 1


def test_config_errors_are_clear():
    with pytest.raises(InvalidInputError, match="solo"):
        new_game({"players": 2})
    with pytest.raises(InvalidInputError, match="unknown The Horde option"):
        new_game({"copies": 2})


# --- turn flow --------------------------------------------------------------------------------


def test_setup_income_tax_and_the_recruit_flips():
    s = new_game()
    assert [e.rule for e in s.log] == [R + "setup", R + "income", R + "tax"]
    assert s.crowns == 8 + (2 * 1 + 2) - 1  # Villagers 1 each, Crops 2; tax = turn 1
    assert s.step == "recruit-flip" and s.to_flip == 8
    assert s.defender_deck == rc(s, {"grimthwacker": 4})
    flips = ["recruit:knight", "recruit:knight", "recruit:cow", "recruit:trees"] + [
        "recruit:fence"
    ] * 4
    s = s.apply_all(flips)
    assert s.step == "recruit" and len(s.row) == 8 and sum(s.recruit_deck) == 73
    legal = s.legal_actions()
    assert {"buy:knight", "buy:cow", "buy:trees", "buy:fence", "flip", "done"} == set(legal)


def test_buying_and_a_refused_purchase_that_says_why():
    s = new_game().apply_all(["recruit:knight"] * 3 + ["recruit:cow"] + ["recruit:fence"] * 4)
    s = s.apply("buy:knight").apply("buy:knight")
    assert s.crowns == 3 and s.defender_deck[s.ri("knight")] == 2
    with pytest.raises(IllegalActionError) as e:
        s.apply("buy:knight")
    assert "costs 4 Crowns and you have 3" in str(e.value)
    assert "buy:cow" in e.value.legal
    before = s
    s = s.apply("buy:cow")
    assert s.village[s.ri("cow")] == 1 and s.income() == 7
    assert rules_of(before, s) == [R + "recruit.buy-village"]
    s = s.apply("done")
    assert s.recruit_discard[s.ri("knight")] == 1 and s.recruit_discard[s.ri("fence")] == 4
    assert s.step == "horde-draw" and s.to_draw == 2


def test_trees_give_a_crown_and_extra_flips_are_limited():
    s = new_game().apply_all(["recruit:trees"] + ["recruit:fence"] * 6 + ["recruit:wall"])
    s = s.apply("buy:trees")
    assert s.crowns == 12 and s.recruit_discard[s.ri("trees")] == 1
    s = s.apply("flip").apply("recruit:cow").apply("flip").apply("recruit:wall")
    assert s.crowns == 10 and s.extra == 2 and "flip" not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="2 extra recruit cards"):
        s.apply("flip")


def test_the_recruit_discard_is_reshuffled_when_the_deck_runs_out():
    s = new_game()
    s = replace(s, recruit_deck=rc(s, {"cow": 1}), recruit_discard=rc(s, {"pit": 3}))
    s = s.apply("recruit:cow")
    assert R + "recruit.reshuffle" in [e.rule for e in s.log]
    assert s.recruit_deck == rc(s, {"pit": 3}) and s.chance_outcomes() == (
        ("recruit:pit", Fraction(1)),
    )


def test_unpaid_tax_loses_and_the_end_phase_returns_grimthwackers():
    s = battle("adolescent", {"grimthwacker": 1}, village={})
    s = replace(s, crowns=0, recruit_discard=rc(s, {"grimthwacker": 3}))
    s = s.apply("defender:grimthwacker").apply("roll:1")  # 1 - 1 + 4 = 4: killed
    assert s.result == "taxes" and s.is_terminal  # turn 2: no income, tax 2
    end = [e for e in s.log if e.rule == R + "end"][-1]
    assert end.data["returned"] == 3
    assert s.defender_deck[s.ri("grimthwacker")] == 3
    assert s.log[-1].rule == R + "defeat.taxes" and s.returns() == (0.0,)


def test_surviving_turn_20_wins():
    s = battle("adolescent", turn=20)
    s = s.apply("defender:grimthwacker").apply("roll:3")
    assert s.result == "win" and s.returns() == (1.0,)
    assert s.log[-1].rule == R + "victory"


# --- battles ----------------------------------------------------------------------------------


def test_a_battle_won_and_a_battle_lost():
    s = battle("indigenous")  # a Piranha: level 2 on turn 1
    w = s.apply("defender:grimthwacker").apply("roll:2")  # 2 - 2 + 4 = 4
    assert w.horde_discard[w.hi("indigenous")] == 1
    assert w.defender_discard[w.ri("grimthwacker")] == 1
    roll = roll_event(s.apply("defender:grimthwacker"), w)
    assert roll.data["total"] == 4 and roll.data["won"]
    lost = battle("juggernaught", attack_deck=(0, 0, 0, 0))
    lost = lost.apply("defender:grimthwacker").apply("roll:3")  # 3 - 5 + 4 = 2
    assert lost.recruit_discard[lost.ri("grimthwacker")] == 1 and lost.step == "village"
    after = lost.apply("village:crops")
    assert after.recruit_discard[after.ri("crops")] == 1
    assert after.village_size() == 2 and after.income() == 2
    assert R + "horde.village-attacked" in rules_of(lost, after)
    # the winner came back through the Attack Discard and attacks again
    assert after.step == "attacker" and after.attack_deck[after.hi("juggernaught")] == 1


def test_engine_battle_rolls_agree_with_kill_probability():
    for level_card, turn in (
        ("adolescent", 1),
        ("shaman", 1),
        ("juggernaught", 1),
        ("indigenous", 17),
    ):
        s = battle(level_card, {"knight": 1, "archer": 1}, turn=turn)
        for card in ("knight", "archer"):
            b = s.apply(f"defender:{card}")
            wins = sum(roll_event(b, b.apply(f"roll:{d}")).data["won"] for d in range(1, 7))
            assert Fraction(wins, 6) == kill_probability(b.level(level_card), b.force)


def test_kill_probability_edges_and_bad_input():
    assert kill_probability(1, 4) == 1 and kill_probability(6, 4) == Fraction(1, 6)
    assert kill_probability(5, 1) == 0  # a dizzy Grimthwacker against a Juggernaught
    assert effective_force(4, item_bonus=3, next_gc_bonus=4, dizzy=True) == 8
    assert effective_force(4, next_gc_bonus=2, grimthwacker=False) == 4
    with pytest.raises(InvalidInputError):
        kill_probability("3", 4)


def test_wall_pit_and_moat():
    lost = battle("juggernaught").apply("defender:grimthwacker").apply("roll:1")
    lost = replace(lost, attack_deck=hc(lost, {"adolescent": 1}))  # the phase goes on
    v = rc(lost, {"wall": 1, "pit": 1, "moat": 1})
    wall = replace(lost, village=v).apply("village:wall")
    assert wall.village_bottom == ("wall",)
    assert wall.attack_discard[wall.hi("juggernaught")] == 1 and wall.step == "attacker"
    pit = replace(lost, village=v).apply("village:pit")
    assert pit.recruit_discard[pit.ri("pit")] == 1 and pit.horde_discard[pit.hi("juggernaught")]
    moat = replace(lost, village=v).apply("village:moat")
    assert moat.village_bottom == ("moat",) and moat.horde_discard[moat.hi("juggernaught")] == 1
    # a card on the bottom is attacked only when the shuffled part is gone
    only_bottom = replace(lost, village=rc(lost, {}), village_bottom=("wall", "moat"))
    assert only_bottom.chance_outcomes() == (("village:wall", Fraction(1)),)
    nxt = only_bottom.apply("village:wall")
    assert nxt.village_bottom == ("moat", "wall")


def test_flute_and_haunch_chain_on_the_final_card():
    s = battle("juggernaught", {"flute": 1, "haunch-of-meat": 1, "knight": 1})
    s = s.apply("defender:flute").apply("defender:haunch-of-meat")
    assert s.chain == 3 and s.step == "defender"
    assert s.defender_discard[s.ri("flute")] == 1  # the Flute comes back
    assert s.recruit_discard[s.ri("haunch-of-meat")] == 1  # the Haunch is eaten
    assert R + "ruling.item-chains" in [e.rule for e in s.log]
    s = s.apply("defender:knight")
    assert s.force == 4 + 3 and s.chain == 0


def test_boots_and_ring_wait_for_the_next_grimthwacker_and_stack():
    s = battle(
        "juggernaught", {"boots-of-boogy": 1, "ring-of-teleport": 1, "knight": 1, "grimthwacker": 1}
    )
    s = s.apply("defender:boots-of-boogy").apply("defender:ring-of-teleport")
    s = s.apply("defender:knight")
    assert s.force == 4 and s.gc_bonus == 4  # the Knight does not take it
    s = s.apply("roll:6")  # 6 - 5 + 4 = 5: killed
    s = s.apply("attacker:adolescent") if s.step == "attacker" else s
    s = replace(s, attacker="adolescent", step="defender") if s.step != "defender" else s
    s = s.apply("defender:grimthwacker")
    assert s.force == 8 and s.gc_bonus == 0
    assert R + "ruling.next-gc" in [e.rule for e in s.log]


def test_healing_rock_heals_or_is_kept():
    s = battle("juggernaught", {"healing-rock": 1, "grimthwacker": 2})
    s = replace(s, recruit_discard=rc(s, {"grimthwacker": 2}))
    r = s.apply("defender:healing-rock")
    assert r.step == "rock" and r.legal_actions() == ("rock:heal", "rock:keep")
    healed = r.apply("rock:heal")
    assert healed.recruit_discard == rc(s, {"grimthwacker": 1, "healing-rock": 1})
    assert healed.defender_deck == rc(s, {"grimthwacker": 3}) and healed.step == "defender"
    kept = r.apply("rock:keep")
    assert kept.defender_discard == rc(s, {"healing-rock": 1})
    none_down = battle("juggernaught", {"healing-rock": 1, "grimthwacker": 2})
    auto = none_down.apply("defender:healing-rock")
    assert auto.step == "defender" and auto.defender_discard == rc(s, {"healing-rock": 1})


def test_bomb_and_flame_thrower():
    s = battle("juggernaught", {"bomb": 1, "flame-thrower": 1}, attack_deck=None)
    s = replace(s, attack_deck=hc(s, {"shaman": 1}))
    b = s.apply("defender:bomb")
    assert b.horde_discard == hc(s, {"juggernaught": 1}) and b.recruit_discard[b.ri("bomb")] == 1
    assert R + "ruling.bomb" in rules_of(s, b) and b.step == "attacker"
    f = s.apply("defender:flame-thrower")
    assert f.step == "flame" and f.chance_outcomes() == (("flame:shaman", Fraction(1)),)
    f = f.apply("flame:shaman")
    assert f.horde_discard == hc(s, {"juggernaught": 1, "shaman": 1})
    # an empty Attack deck: the Attack Discard is shuffled in for the second victim
    e = replace(s, attack_deck=hc(s, {}), attack_discard=hc(s, {"adolescent": 2}))
    e = e.apply("defender:flame-thrower")
    assert R + "ruling.flame-reshuffle" in [x.rule for x in e.log] and e.step == "flame"


def test_dizzy_on_the_third_grimthwacker_in_a_row_only():
    s = battle("adolescent", {"grimthwacker": 4, "flute": 1})
    s = replace(s, attack_deck=hc(s, {"adolescent": 3}))
    for expected in (4, 4, 1):
        s = s.apply("defender:grimthwacker")
        assert s.force == expected
        s = s.apply("roll:6").apply("attacker:adolescent")
    assert R + "special.dizzy" in [e.rule for e in s.log]
    # any other draw breaks the streak
    t = battle("adolescent", {"grimthwacker": 3, "flute": 1})
    t = replace(t, attack_deck=hc(t, {"adolescent": 2}))
    t = t.apply("defender:grimthwacker").apply("roll:6").apply("attacker:adolescent")
    t = t.apply("defender:grimthwacker").apply("roll:6").apply("attacker:adolescent")
    t = t.apply("defender:flute").apply("defender:grimthwacker")
    assert t.force == 5  # 4 + 1 (Flute), no Dizzy
    # the option turns it off
    off = battle("adolescent", config={"dizzy": False})
    off = replace(off, streak=2).apply("defender:grimthwacker")
    assert off.force == 4


def test_archer_long_range():
    s = battle("juggernaught", {"archer": 1, "grimthwacker": 1})
    lost = s.apply("defender:archer").apply("roll:1")
    assert lost.step == "archer"
    away = lost.apply("archer:4")
    assert away.defender_discard[away.ri("archer")] == 1 and away.step == "village"
    dead = lost.apply("archer:3")
    assert dead.recruit_discard[dead.ri("archer")] == 1


def test_shaman_teleports_and_reinforces():
    s = battle("shaman", {"grimthwacker": 2})
    s = replace(s, horde_deck=hc(s, {"juggernaught": 1}))
    won = s.apply("defender:grimthwacker").apply("roll:6")  # 6 - 3 + 4 = 7
    assert won.step == "shaman"
    tele = won.apply("shaman:4")
    assert tele.attack_deck == hc(s, {"shaman": 1})  # back through the Attack Discard
    assert R + "horde.reshuffle-attack" in rules_of(won, tele)
    killed = won.apply("shaman:3")
    assert killed.horde_discard[killed.hi("shaman")] == 1
    lost = s.apply("defender:grimthwacker").apply("roll:1")  # 1 - 3 + 4 = 2
    assert lost.step == "reinforce" and lost.village_size() == 3  # the village is spared
    r = lost.apply("reinforce:juggernaught")
    assert r.attack_bottom == ("juggernaught",) and r.attack_discard == hc(s, {"shaman": 1})
    assert r.chance_outcomes() == (("attacker:juggernaught", Fraction(1)),)


def test_chauncey_dies_with_the_last_grimthwacker():
    s = battle("juggernaught", {"grimthwacker": 1})
    s = replace(s, recruit_discard=rc(s, {"grimthwacker": 3}))
    s = s.apply("defender:grimthwacker").apply("roll:1")
    assert s.result == "chauncey" and s.log[-1].rule == R + "defeat.chauncey"
    assert s.village_size() == 3  # the game ended before the village was attacked


def test_malformed_ids_and_decisions_at_chance_nodes():
    s = new_game()
    for bad in ("buy", "buy:dragon", "roll:7", "rock:maybe", "zap:1"):
        with pytest.raises(Exception) as e:
            s.apply(bad)
        assert "IllegalActionError" not in type(e.value).__name__
    with pytest.raises(IllegalActionError, match="chance"):
        s.apply("done")
    s = s.apply_all(["recruit:fence"] * 6)
    with pytest.raises(IllegalActionError, match="no Fence can come up"):
        s.apply("recruit:fence")


# --- many games -------------------------------------------------------------------------------


def _conserved(s) -> None:
    d = s.data
    rec = [
        a + b + c + e + f
        for a, b, c, e, f in zip(
            s.recruit_deck, s.recruit_discard, s.village, s.defender_deck, s.defender_discard
        )
    ]
    for c in s.row + s.village_bottom:
        rec[s.ri(c)] += 1
    assert rec == [c.copies for c in d.recruit], "recruit cards appeared or vanished"
    hor = [
        a + b + c + e
        for a, b, c, e in zip(s.horde_deck, s.horde_discard, s.attack_deck, s.attack_discard)
    ]
    for c in s.attack_bottom:
        hor[s.hi(c)] += 1
    assert hor == [c.copies for c in d.horde], "horde cards appeared or vanished"
    assert s.crowns >= 0


def test_thousands_of_games_keep_every_card_and_end():
    """150 random games (uniform random decisions), then games by each policy until one
    survives (at least 45; 2,000 and 300 in make test-long): every card is somewhere after
    every move, every game ends, and all three endings happen."""
    rng = random.Random(5)
    ended = Counter()
    randoms, by_policy = sized(150, 2000), sized(45, 300)
    g = 0
    while g < randoms + by_policy or "win" not in ended:
        assert g < randoms + 3000, f"no game survived: {ended}"
        policy = None if g < randoms else {0: as_bot(list(POLICIES)[g % 3])}
        last = None
        for last in play_steps(new_game(), rng, policy):
            if last.step in ("recruit", "attacker") and not last.is_terminal:
                _conserved(last)
        assert last.is_terminal
        ended[last.result] += 1
        g += 1
    assert set(ended) == {"win", "taxes", "chauncey"}


def test_every_cited_rule_is_in_the_rule_index():
    index = rule_index("the_horde", "the-horde.")
    rng = random.Random(3)
    for g in range(150):
        last = None
        for last in play_steps(new_game(), rng, {0: as_bot("balanced")} if g % 2 else None):  # noqa: B007
            pass
        for e in last.log:
            assert e.rule in index, e.rule


def test_the_players_view_counts_the_face_down_attack_deck():
    s = battle("adolescent")
    s = replace(s, attack_deck=hc(s, {"shaman": 2}), horde_deck=hc(s, {"shaman": 1}))
    v = s.view(0)
    assert "attack_deck" not in v and v["attack_deck_size"] == 2
    assert v["horde_unseen"] == {"Shaman": 3}
    assert s.view(None)["attack_deck"] == {"Shaman": 2}


# --- odds from here ---------------------------------------------------------------------------


def test_phase_odds_exact_by_hand():
    # A Juggernaught (5) against four Grimthwackers: the first two kill it on 5-6 (1/3),
    # the third and fourth are Dizzy (force 1) and cannot. Chauncey dies with 4/9.
    s = battle("juggernaught", village={"villager": 2, "crops": 1})
    po = phase_odds(s)
    assert po.exact
    assert po.p_chauncey == pytest.approx(4 / 9, abs=1e-9)
    assert po.marginal(1) == pytest.approx({0: 1 / 3, 1: 2 / 9, 4: 4 / 9}, abs=1e-9)
    assert po.marginal(0) == pytest.approx({0: 1 / 3, 1: 2 / 9, 3: 4 / 9}, abs=1e-9)
    assert "exact" in po.method


def test_phase_odds_monte_carlo_agrees_with_exact():
    # A Shaman can teleport away and come back, and win reinforcements: loops and draws.
    s = battle("shaman")
    exact = phase_odds(s)
    assert exact.exact and exact.positions > 1000
    assert sum(exact.dist.values()) == pytest.approx(1, abs=1e-9)
    mc = phase_odds(s, budget=0, runs=1500, seed=4)
    assert not mc.exact and "Monte Carlo" in mc.method
    for n, p in exact.marginal(1).items():
        q = mc.marginal(1).get(n, 0.0)
        lo, hi = mc.interval(q)
        assert lo - 0.02 <= p <= hi + 0.02, (n, p, q)


def test_phase_odds_need_a_horde_phase():
    with pytest.raises(InvalidInputError):
        phase_odds(new_game())


# --- policies ---------------------------------------------------------------------------------


def test_policies_follow_their_want_lists_and_reserve():
    s = new_game().apply_all(
        ["recruit:knight", "recruit:cow", "recruit:pit"] + ["recruit:fence"] * 5
    )
    v = s.view(0)
    assert choose(POLICIES["balanced"], v) == "buy:cow"
    assert choose(POLICIES["defenders"], v) == "buy:knight"
    stingy = Policy("stingy", ("knight",), reserve_turns=8)
    assert choose(stingy, v) == "done"  # 11 - 4 < 15 = taxes 2..9 beyond an income of 4
    never = Policy("none", ())
    assert choose(never, v) == "done"
    flipper = Policy("flip", (), extra_flips=1, reserve_turns=0)
    assert choose(flipper, v) == "flip"


def test_policy_names_and_tuning_are_checked():
    with pytest.raises(InvalidInputError, match="thrifty, defenders, balanced"):
        get_policy("greedy")
    with pytest.raises(InvalidInputError, match="no recruit card"):
        POLICIES["thrifty"].tuned(wants=("dragon",))
    assert POLICIES["thrifty"].tuned(extra_flips=2).extra_flips == 2


def test_config_round_trips():
    cfg = THConfig.from_dict({"dizzy": False})
    assert THConfig.from_dict(cfg.to_dict()) == cfg


# --- the board widget -------------------------------------------------------------------------


def test_board_refuses_bad_moves_and_files_without_touching_the_game():
    from hordes_kit.ui.the_horde.board import THBoard

    b = THBoard(seed=3, speed="Instant")
    b.advance(until_decision=True)
    assert b.state.step == "recruit"
    before = b.state
    b.act("buy:moat" if "moat" not in b.state.row else "buy:grimthwacker")
    assert b.state is before and "hk-error" in b.message.value
    saved = b.save_text()
    for bad in ("not a save", saved.replace("the-horde", "heroes-hordes"), saved[:-20]):
        assert not b.load_text(bad) and b.state is before
    b.act("done")
    assert b.state.step == "horde-draw" and len(b.undo_stack) == 2
    b.undo()
    assert b.state is before
    assert b.load_text(saved) and b.state.history == before.history


def test_a_bot_decides_from_the_decision_view_as_from_the_whole_view():
    """The bots read a short view (view.decision_view) at every decision: each of its values
    is the whole view's, and every policy makes the same choice from either."""
    from hordes_kit.the_horde.view import decision_view

    def same(short, whole):
        if isinstance(short, dict):
            return all(same(v, whole[k]) for k, v in short.items())
        if isinstance(short, list):
            return len(short) == len(whole) and all(map(same, short, whole))
        return short == whole

    decisions = 0
    for seed, name in enumerate(POLICIES):
        for state in play_steps(new_game(), seed, {0: as_bot(name)}):
            if state.current_player != 0:
                continue
            short, whole = decision_view(state), state.view(0)
            assert same(short, whole), state.history[-3:]
            for pol in POLICIES.values():
                assert choose(pol, short) == choose(pol, whole)
            decisions += 1
    assert decisions > 50
