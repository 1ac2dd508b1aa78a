"""Fantahzee card data: the rulebook's numbers, the component counts, and clear errors."""

from __future__ import annotations

import pytest

from hordes_kit.cli import main
from hordes_kit.core.errors import CardDataError
from hordes_kit.fantahzee.cards import CARDS_FILE, COUNTS, load_cards


def card(cards, name):
    every = cards.heroes + cards.actions + cards.monsters + cards.towns + cards.treasures
    return next(c for c in every if c.name == name)


def test_the_shipped_file_makes_a_full_box():
    cards = load_cards()
    assert cards.counts() == COUNTS and cards.problems() == []
    assert 0 < cards.samples() < 53 + 10


def test_every_card_the_rulebook_names_has_its_numbers():
    c = load_cards()
    assert card(c, "Archmage").strength == 8
    assert [e.text for e in card(c, "Archmage").effects] == ["capture 6"]
    assert (card(c, "Paladin").strength, card(c, "Paladin").cost) == (4, "XXXX")
    assert (card(c, "Sergeant").strength, card(c, "Sergeant").cost) == (2, "XX")
    assert (card(c, "Alchemist").strength, card(c, "Alchemist").cost) == (0, "X")
    assert card(c, "Steamsmith").strength == 3 and card(c, "Steamsmith").effects[0].amount == 4
    assert card(c, "Steamasaur").strength == 6 and card(c, "Forge Titan").steam_cost == 5
    assert card(c, "Forge Titan").strength == 8 and card(c, "Steam Brute").strength == 4
    shields = [card(c, n).effects for n in ("Steam Cannon", "Steam Engineer", "Captain")]
    assert sum(e.amount for es in shields for e in es if e.verb == "shield") == 3
    ice = card(c, "Ice Giant")
    assert (ice.strength, ice.ambush, ice.xp, ice.level) == (9, 2, 5, "2")
    orc = card(c, "Orc Mage")
    assert (orc.strength, orc.xp, orc.treasure, orc.level) == (3, 1, 1, "1")
    assert card(c, "Bone Warrior").counterattack == 1 and card(c, "Rock Monster").strength == 4
    assert card(c, "Blighter").level == "2" and card(c, "Blighter").counterattack == 1
    assert (card(c, "Vampire Lord").strength, card(c, "Vampire Lord").ambush) == (7, 3)
    assert card(c, "Shrewd Rakshasa").counterattack == 4
    assert card(c, "Wicked Spinner").ambush == card(c, "Dark Assassin").ambush == 1
    assert card(c, "Marketplace").xp == card(c, "Tavern").xp == -2
    assert [e.verb for e in card(c, "Orb of Power").level2] == [
        "shield",
        "extra_rolls",
        "extra_dice",
    ]
    assert card(c, "Magic Bow").level1[0].verb == "extra_dice"
    assert card(c, "Where'd you go?").effects[0].amount == 2
    assert card(c, "By the power of…").effects[0].verb == "extra_dice"
    assert card(c, "Negotiations").effects[0].verb == "move_stack"
    assert card(c, "Under Pressure").effects[0].verb == "steam"


@pytest.mark.parametrize(
    "old,new,name,field",
    [
        (
            'name = "Paladin"\nclass = "Warrior"',
            'name = "Paladin"\nclass = "Knight"',
            "Paladin",
            "class",
        ),
        ('cost = "XXXX"', 'cost = "XXQX"', "Paladin", "cost"),
        ('effects = ["steam 4"]', 'effects = ["steam four"]', "Steamsmith", "effects"),
        ('effects = ["capture 6"]', 'effects = ["teleport 6"]', "Archmage", "effects"),
        ("strength = 9", "strength = -9", "Ice Giant", "strength"),
        ('name = "Tavern"\nxp = -2', 'name = "Tavern"\nxp = 2', "Tavern", "xp"),
        ('name = "Orc Mage"\nlevel = 1', 'name = "Orc Mage"\nlevel = 3', "Orc Mage", "level"),
        ('name = "Rock Monster"', 'name = "Bone Warrior"', "Bone Warrior", "name"),
    ],
)
def test_a_broken_card_file_names_file_card_and_field(tmp_path, old, new, name, field):
    text = CARDS_FILE.read_text()
    assert old in text
    bad = tmp_path / "my-cards.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(CardDataError) as e:
        load_cards(bad)
    assert e.value.file.endswith("my-cards.toml")
    assert (e.value.card, e.value.field) == (name, field)


def test_check_data_command(tmp_path, capsys):
    assert main(["check-data", str(CARDS_FILE)]) == 0
    assert "75 heroes, 20 actions" in capsys.readouterr().out
    small = tmp_path / "small.toml"
    small.write_text(
        '[[hero]]\nname = "Page"\nclass = "Warrior"\nstrength = 1\ncost = "X"\n'
        '[[monster]]\nname = "Rat"\nlevel = 1\nstrength = 1\nxp = 1\n'
        '[[monster]]\nname = "Rat King"\nlevel = "boss"\nstrength = 3\nxp = 5\n'
    )
    assert main(["check-data", str(small)]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "note: hero: 1 cards, the box has 75" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(small.read_text().replace('cost = "X"', 'cost = "7"'))
    assert main(["check-data", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "Page" in err and "cost" in err and err.count("\n") == 1
    for other in ("data/heroes_hordes/cards.csv", "data/the_horde"):
        assert main(["check-data", other]) == 0
    assert main(["check-data", "README.md"]) == 2
