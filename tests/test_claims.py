"""Every walkthrough step of every game says what its own table shows (issue 46, part 3).

A step's words state numbers a player checks on the table under it ("the Undead pile holds
3 cards", "11 Crowns left", "Turn 2"). ``data/<game>/claims.toml`` lists the phrases that
state a fact of each game's table and the fact of the engine's view they state
(``core.claims``); here every step's ``say`` is checked against the table after it, its
``ask`` against the table it is asked on, and each walkthrough's ``intro`` against its
set-up. The issue's three examples are caught (the texts and the board as they were).
"""

from __future__ import annotations

import re

import pytest

from hordes_kit.core.claims import Claim, claims_of, load_claims, mismatches, stated
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.registry import get_game, registered_games
from hordes_kit.core.scenario import first_lesson, load_scenario, run_scenario, scenario_files

GAMES = [g.name for g in registered_games() if g.name in {"fantahzee", "the-horde",
         "heroes-hordes", "skytear", "shadows"}]  # fmt: skip


def _texts(game):
    """(where, text, state) for every text of every walkthrough of ``game``."""
    g = get_game(game)
    for path in scenario_files(g.data_dir):
        sc = load_scenario(path)
        yield f"{sc.id}, set-up (intro)", sc.intro, g.start(sc.config)
        for f in run_scenario(sc):
            yield f"{sc.id}, step {f.index}", f.step.say, f.after
            if f.step.ask:
                yield f"{sc.id}, step {f.index} (its question)", f.step.ask, f.before


def _frame(game_dir: str, stem: str, index: int):
    path = next(p for p in scenario_files(game_dir) if p.stem == stem)
    return run_scenario(load_scenario(path))[index - 1]


@pytest.mark.parametrize("game", GAMES)
def test_every_walkthrough_step_says_what_its_own_table_shows(game):
    claims = claims_of(get_game(game).data_dir)
    assert claims, f"{game} has no claims file: its steps' numbers go unchecked"
    checked, wrong = 0, []
    for where, text, state in _texts(game):
        checked += len(stated(text, claims))
        wrong += [f"{where}: {m}" for m in mismatches(text, state, claims)]
    assert not wrong, "\n".join(wrong)
    assert checked >= 10, f"{game}: only {checked} numbers checked"


def test_the_check_catches_the_issues_three_examples():
    # the Priest walkthrough, step 4: "the Undead pile holds 4 cards" over a pile of 3
    hh = claims_of("heroes_hordes")
    f = _frame("heroes_hordes", "02-priest", 4)
    said = "Ghouls are drawn (Undead, strength 3): the Undead pile holds 4 cards."
    (m,) = mismatches(said, f.after, hh)
    assert m.stated.value == 4 and m.shown == 3 and "the Undead pile holds 4 cards" in str(m)
    assert not mismatches(f.step.say, f.after, hh)  # the step as it reads now
    # The Horde's set-up: "Setup: 8 Crowns" over a table already at 11 (turn 1's Income
    # and Tax are played before the first step)
    th = claims_of("the_horde")
    lesson = first_lesson("the_horde")
    start = get_game("the-horde").start(lesson.config)
    said = "Setup: 8 Crowns, the 4 Grimthwackers in your Defender deck. Below, turn 1."
    (m,) = mismatches(said, start, th)
    assert (m.stated.value, m.shown) == (8, 11)
    assert not mismatches(lesson.intro, start, th)
    # Heroes & Hordes' first lesson, step 1: "Turn 1" over a board showing "Turn 2" (the
    # board's header was the engine's turn counter, already at the next turn's Fate card)
    f = first_lesson("heroes_hordes")
    step1 = run_scenario(f)[0]
    as_it_was = [Claim("the turn", re.compile(r"\bTurn (?P<n>\d+)\b"), "turn")]
    (m,) = mismatches(step1.step.say, step1.after, as_it_was)
    assert (m.stated.value, m.shown) == (1, 2)
    # today the board shows the turn played ("Turn 1 is over · next: turn 2"), and says it
    v = step1.after.view(0)
    assert v["turn_words"] == "Turn 1 is over · next: turn 2"
    assert not mismatches(step1.step.say, step1.after, hh)
    assert mismatches("Turn 2: the King joins the Men.", step1.after, hh)


def test_asides_state_nothing_and_the_last_statement_counts():
    th = claims_of("the_horde")
    start = get_game("the-horde").start({})
    # a cost in parentheses, a sum on the way: the last statement is the table's
    assert not mismatches("Buy the Cow (3 Crowns). Income: 12 Crowns; tax 1, 11 left.", start, th)
    assert [s.value for s in stated("12 Crowns, then 11 left (or 9 Crowns)", th)] == [12, 11]
    # written in words, and wrong
    (m,) = mismatches("You have twelve Crowns.", start, th)
    assert m.stated.value == 12 and m.shown == 11


def test_a_claims_file_is_checked_when_loaded(tmp_path):
    bad = tmp_path / "claims.toml"
    for body, field in [
        ('[[claim]]\nsays = "x"\nphrase = "Turn"\nfact = "turn"\n', "phrase"),
        ('[[claim]]\nsays = "x"\nphrase = "Turn {n} ("\nfact = "turn"\n', "phrase"),
        ('[[claim]]\nsays = "x"\nphrase = "Turn {n}"\nfact = "turn"\nmeasure = "sum"\n', "measure"),
        ('[[claim]]\nphrase = "Turn {n}"\nfact = "turn"\n', "says"),
        # the fact's path: a plain {group} key the phrase has (found by test-long's fuzz)
        ('[[claim]]\nsays = "x"\nphrase = "Turn {n}"\nfact = "pile}.cards"\n', "fact"),
        ('[[claim]]\nsays = "x"\nphrase = "Turn {n}"\nfact = "piles.{pile}"\n', "fact"),
        ('[[claim]]\nsays = "x"\nphrase = "(?P<p>x) {n}"\nfact = "a.{p!r}"\n', "fact"),
        ('[[claim]]\nsays = "x"\nphrase = "Turn [{n}]"\nfact = "turn"\n', "phrase"),
    ]:
        bad.write_text(body)
        with pytest.raises(CardDataError, match=rf"claims\.toml.*{field}"):
            load_claims(bad)


def test_a_group_the_path_needs_that_took_no_part_states_nothing(tmp_path):
    f = tmp_path / "claims.toml"
    f.write_text(
        '[[claim]]\nsays = "x"\nphrase = "(?:the (?P<pile>Men) )?{n} cards"\nfact = "p.{pile}"\n'
    )
    claims = load_claims(f)
    assert [s.path for s in stated("the Men 3 cards, 4 cards", claims)] == ["p.men"]
