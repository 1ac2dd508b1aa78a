"""The Horde's table rules: each option changes what its test says, in the reference engine
and the fast simulator alike, and the log cites the reading in force."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.the_horde.fast.sim import play_tape_fast, policy_arrays, tables
from hordes_kit.the_horde.game import new_game
from hordes_kit.the_horde.rules import THConfig
from hordes_kit.the_horde.tape import make_tape, play_tape

pytestmark = pytest.mark.fast_simulators("the_horde")

R = "the-horde."


def rc(s, d: dict) -> tuple:
    return tuple(d.get(c, 0) for c in s.rids)


def hc(s, d: dict) -> tuple:
    return tuple(d.get(c, 0) for c in s.hids)


def battle(defenders: dict, attackers: int = 1, attacker="adolescent", **config):
    """The Horde phase of turn 1: ``attacker`` flipped, ``attackers - 1`` more behind it."""
    s = new_game(config)
    return replace(
        s,
        row=(),
        to_flip=0,
        step="defender",
        attacker=attacker,
        defender_deck=rc(s, defenders),
        recruit_deck=rc(s, {}),
        attack_deck=hc(s, {attacker: attackers - 1}),
    )


def cited(before, after) -> list[str]:
    return [e.rule[len(R) :] for e in after.log[len(before.log) :]]


def grimthwackers_in_a_row(n: int, **config) -> tuple[list[int], list[str]]:
    """Six (or n) Grimthwackers drawn in a row, each winning: their battle forces and the
    rules the Defender draws cited."""
    s = battle({"grimthwacker": n}, attackers=n, **config)
    forces, rules = [], []
    for k in range(n):
        before = s
        s = s.apply("defender:grimthwacker")
        forces.append(s.force)
        rules += cited(before, s)
        s = s.apply("roll:6")  # 6 - 1 + force >= 4: the Adolescent dies, the defender lives
        if k < n - 1:
            s = s.apply("attacker:adolescent")
    return forces, rules


def test_dizzy_readings_on_six_grimthwackers_in_a_row():
    window, wr = grimthwackers_in_a_row(6)
    restart, rr = grimthwackers_in_a_row(6, dizzy="restart")
    off, orr = grimthwackers_in_a_row(6, dizzy="off")
    assert window == [4, 4, 1, 1, 1, 1]  # the kit: every one after two in a row
    assert restart == [4, 4, 1, 4, 4, 1]  # every third, counting again after a Dizzy one
    assert off == [4] * 6
    assert wr.count("special.dizzy") == 1 and wr.count("ruling.dizzy") == 3
    assert rr.count("special.dizzy") == 2 and rr.count("option.dizzy.restart") == 2
    assert "special.dizzy" not in orr and orr.count("option.dizzy.off") == 4


def test_dizzy_any_other_draw_breaks_the_row_in_every_reading():
    for mode in ("window", "restart"):
        s = battle({"grimthwacker": 3, "flute": 1}, attackers=3, dizzy=mode)
        for _ in range(2):
            s = s.apply("defender:grimthwacker").apply("roll:6").apply("attacker:adolescent")
        s = s.apply("defender:flute").apply("defender:grimthwacker")
        assert s.force == 5  # 4 + 1 (Flute): the Flute broke the row, no Dizzy


def test_old_true_false_dizzy_configs_still_load():
    assert THConfig.from_dict({"dizzy": True}).dizzy == "window"
    assert THConfig.from_dict({"dizzy": False}).dizzy == "off"
    assert new_game({"dizzy": False}).config == THConfig(dizzy="off")
    with pytest.raises(InvalidInputError, match="'window', 'restart', 'off'"):
        THConfig.from_dict({"dizzy": "sometimes"})
    with pytest.raises(InvalidInputError, match="bomb must be one of"):
        THConfig(bomb="moon")


def test_where_a_bombed_attacker_goes():
    killed = battle({"bomb": 1, "grimthwacker": 1}, attacker="juggernaught")
    k = killed.apply("defender:bomb")
    assert k.horde_discard == hc(k, {"juggernaught": 1}) and sum(k.attack_discard) == 0
    assert "ruling.bomb" in cited(killed, k)
    assert k.turn == 2  # it was the last hordling: the Horde phase is over
    back = battle({"bomb": 1, "grimthwacker": 1}, attacker="juggernaught", bomb="attack-discard")
    b = back.apply("defender:bomb")
    assert sum(b.horde_discard) == 0
    assert "option.bomb.attack-discard" in cited(back, b)
    # it comes back: the Attack Discard is shuffled into the Attack deck and it attacks again
    assert b.step == "attacker" and [o for o, _ in b.chance_outcomes()] == ["attacker:juggernaught"]


def test_boots_and_ring_bonus_past_the_end_phase():
    def end_of_turn(**config):
        s = replace(battle({"knight": 1}, **config), gc_bonus=2)
        return s, s.apply("defender:knight").apply("roll:6")  # the last hordling dies

    s, kept = end_of_turn()
    assert kept.turn == 2 and kept.gc_bonus == 2  # waits for the next Grimthwacker
    s, lost = end_of_turn(boots_ring_lasts="this-turn")
    assert lost.turn == 2 and lost.gc_bonus == 0
    assert "option.boots_ring_lasts.this-turn" in cited(s, lost)
    # while it waits, the next Grimthwacker gets it (the kit's reading cited)
    g = replace(battle({"grimthwacker": 1}), gc_bonus=2)
    after = g.apply("defender:grimthwacker")
    assert after.force == 6 and "ruling.next-gc" in cited(g, after)


def test_two_boots_or_ring_bonuses_stack_or_not():
    def forces(**config):
        s = battle({"boots-of-boogy": 1, "ring-of-teleport": 1, "grimthwacker": 1}, **config)
        after = s.apply_all(
            ["defender:boots-of-boogy", "defender:ring-of-teleport", "defender:grimthwacker"]
        )
        return after.force, cited(s, after)

    added, rules = forces()
    assert added == 8 and "ruling.next-gc-stack" in rules  # 4 + 2 + 2
    biggest, rules = forces(boots_ring_stack="highest")
    assert biggest == 6 and "option.boots_ring_stack.highest" in rules


def test_flute_and_haunch_bonuses_stack_or_not():
    def forces(**config):
        s = battle({"flute": 1, "haunch-of-meat": 1, "knight": 1}, **config)
        after = s.apply_all(["defender:flute", "defender:haunch-of-meat", "defender:knight"])
        return after.force, cited(s, after)

    added, rules = forces()
    assert added == 7 and "ruling.item-chains" in rules  # 4 + 1 + 2
    biggest, rules = forces(item_stack="highest")
    assert biggest == 6 and "option.item_stack.highest" in rules  # 4 + 2


NON_DEFAULT = [
    {"dizzy": "off"},
    {"dizzy": "restart"},
    {"bomb": "attack-discard"},
    {"boots_ring_lasts": "this-turn"},
    {"boots_ring_stack": "highest"},
    {"item_stack": "highest"},
]


@pytest.mark.parametrize("option", NON_DEFAULT, ids=lambda o: "-".join(map(str, *o.items())))
def test_fast_simulator_plays_every_reading_like_the_engine(option):
    """On a tape where the reading changes the game, both engines play it identically."""
    cfg, base = THConfig(**option), THConfig()
    tb, tb0 = tables(cfg), tables(base)
    pa = policy_arrays("balanced", cfg)

    def fast(tape, t):
        return tuple(int(x) for x in play_tape_fast(np.array(tape), False, pa, *_arrays(t)))

    # the first tape (of 200) on which the fast simulator plays the reading differently
    seed = next(
        s for s in range(200) if fast(make_tape(s, 4000), tb) != fast(make_tape(s, 4000), tb0)
    )
    for s, c, t in ((seed, cfg, tb), (seed, base, tb0), (seed + 1, cfg, tb)):
        tape = make_tape(s, 4000)
        ref, used = play_tape("balanced", tape, c)
        code = {"win": 0, "taxes": 1, "chauncey": 2}[ref.result]
        assert fast(tape, t) == (code, ref.turn, ref.crowns, used), (option, s, c)


def _arrays(tb):
    return tb.cards, tb.horde, tb.turns, tb.setup


def test_survival_odds_play_the_table_rules():
    from hordes_kit.the_horde.simulate import simulate

    base = simulate("balanced", 3000, seed=5)
    off = simulate("balanced", 3000, seed=5, config={"dizzy": "off"})
    assert off.count("chauncey") < base.count("chauncey")  # no Dizzy: fewer Chauncey deaths
    # a position plays its own table rules (the board's odds)
    assert simulate("balanced", 3000, seed=5, start=new_game({"dizzy": "off"})) == off
