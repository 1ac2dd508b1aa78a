"""Skytear Horde card data: the shipped file, vocabulary, card codes, custom decks, check-data."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.cli import main
from hordes_kit.core.errors import CardDataError, InvalidInputError, SaveFileError
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.skytear import new_game
from hordes_kit.skytear.abilities import parse_ability, parse_code, parse_effect, parse_keywords
from hordes_kit.skytear.cards import CARDS_FILE, COMPONENTS, load_card_text, shipped_cards
from hordes_kit.skytear.decks import (
    deck_cards,
    deck_problems,
    find_deck,
    horde_deck,
    team_problems,
)
from hordes_kit.skytear.vocabulary import (
    CONDITIONS,
    EFFECTS,
    KEYWORDS,
    REMOVABLE,
    TARGETS,
    TRIGGERS,
)

CARDS = shipped_cards()
TEXT = CARDS_FILE.read_text()


def test_shipped_file_has_the_base_box_components():
    assert CARDS.counts() == COMPONENTS
    assert CARDS.problems() == []
    levels = Counter((c.horde, c.level) for c in CARDS.of_kind("horde") for _ in range(c.copies))
    for h in ("Skybooter", "Animerk", "Scaleson"):
        assert (levels[(h, 1)], levels[(h, 2)], levels[(h, 3)]) == (9, 9, 11)
    for faction in ("Liothan", "Taulot", "Kurumo"):
        ids = deck_cards(CARDS, find_deck(CARDS, faction))
        rar = Counter(CARDS.cards[c].rarity for c in ids)
        assert len(ids) == 40 and rar == {"base": 24, "rare": 10, "mythic": 4, "legendary": 2}


def test_the_rulebooks_named_cards_say_what_the_book_states():
    by = CARDS.cards
    assert "pools-of-flyema" in CARDS.castles
    atlas = [c for c in CARDS.of_kind("outsider") if c.name == "Atlas"]
    assert [c.stage for c in atlas] == [1, 2, 3] and {c.type for c in atlas} == {"immortal"}
    minions = CARDS.of_kind("minion")
    assert len(minions) == 4 and {"zephylite-minions", "ratamil-minions"} <= {m.id for m in minions}
    for m in minions:
        assert m.attack == 0 and m.health == 0
        assert dict(m.kw) == {"pillager": 1, "attack-per-health": 1, "trample-at": 4}
    assert [a.text for a in by["wind-riders"].abilities] == ["fight: halt-pillage 4"]
    assert by["troop"].kind == "token" and by["troop"].cost == 0
    stages = sorted(p.stage for p in CARDS.portals.values())
    assert stages == [1, 1, 1, 1, 2, 3, 4]
    generic = [p for p in CARDS.portals.values() if p.stage == 1 and not p.horde]
    assert [p.name for p in generic] == ["Portal I"]
    assert all(
        len(p.solo.rotations) == 4 and len(p.coop.rotations) == 4 for p in CARDS.portals.values()
    )
    types = {c.type for c in CARDS.of_kind("outsider")}
    assert types == {"immortal", "enchanter", "colossal", "appendage"}
    assert all(s.henchman.kind == "henchman" for s in CARDS.scenarios.values())
    fixed, _, _ = horde_deck(CARDS, ("Skybooter",), 2)
    assert len(fixed) == 18  # the first game's 18 Skybooter cards


def test_sample_values_are_marked():
    marked = [c for c in CARDS.cards.values() if c.sample]
    assert len(marked) > 100
    assert not CARDS.cards["zephylite-minions"].sample
    assert "sample" in CARDS.cards["wind-riders"].note.lower()


@pytest.mark.parametrize(
    "text, want",
    [("CAM.014 2x", ("CAM", 14, 2)), ("CAM.150", ("CAM", 150, 1)), ("ABC.001 12x", ("ABC", 1, 12))],
)
def test_card_codes(text, want):
    c = parse_code(text)
    assert (c.set, c.number, c.copies) == want and str(parse_code(str(c))) == str(c)


@pytest.mark.parametrize(
    "bad", ["CAM014", "cam.014", "CAM.14", "CAM.014 x", "CAM.014 0x", "", "CAM.01A"]
)
def test_bad_card_codes(bad):
    with pytest.raises(ValueError):
        parse_code(bad)


def test_every_vocabulary_word_parses():
    for kw, takes in KEYWORDS.items():
        assert parse_keywords([f"{kw} 2" if takes else kw]) == {kw: 2 if takes else 1}
    samples = {
        "target": "ally",
        "n": "2",
        "z": "-1",
        "name": "troop",
        "dir": "left",
        "lane": "3",
        "side": "horde",
        "kind": "attack",
        "keyword": "heroic 2",
        "removable": "temp-attack",
    }
    for verb, spec in EFFECTS.items():
        e = parse_effect(" ".join([verb, *(samples[k] for k in spec)]))
        assert e.verb == verb
    for trigger in TRIGGERS:
        assert parse_ability(
            f"{trigger}: draw 1" if trigger != "static" else "static: attack self 1"
        )
    for t in TARGETS:
        assert parse_effect(f"damage {t} 1").target == t


@pytest.mark.parametrize(
    "text",
    [
        "jump: draw 1",
        "play: zap monster 2",
        "play: damage nobody 2",
        "play: damage monster",
        "exhaust, gold 2: draw 1",
        "play, mana 1: draw 1",
        "play draw 1",
        "fight, if tired: draw 1",
        "exhaust, mana x: draw 1",  # pays X, but no effect uses it
        "static: attack self x",  # a static ability never resolves: no X
        "play: damage monster -x",  # damage is never negative
        "play: gain ally heroic",  # Heroic takes its number
        "play: gain ally fast 2",  # Fast takes none
        "play: gain ally flying",
        "play: remove monster gold 1",
        "play: temp-gain ally",
        "play: temp-health it -1",  # "it": no earlier effect chose a card
        "play: damage all-monsters 1; heal it 1",  # ... nor one card
        "play: damage castle 1; heal it 1",
    ],
)
def test_bad_abilities_are_refused(text):
    with pytest.raises(ValueError):
        parse_ability(text)


HEAD = (
    '[[horde]]\nname = "Grunt"\nhorde = "H"\nlevel = 1\ntype = "monster"\nattack = 1\nhealth = 1\n'
)


@pytest.mark.parametrize(
    "extra, card, field",
    [
        ("level = 4\n", "Grunt", "level"),
        ("boost = 3\n", "Grunt", "boost"),
        ('treachery = "up 1"\n', "Grunt", "treachery"),
        ('treachery = "ability"\n', "Grunt", "treachery"),
        ('keywords = ["flying"]\n', "Grunt", "keywords"),
        ('abilities = ["play: token goblin 1"]\n', "Grunt", "abilities"),
        ('code = "CAM.1"\n', "Grunt", "code"),
        ('colour = "red"\n', "Grunt", "colour"),
        ('abilities = ["play: return strongest-monster"]\n', "Grunt", "abilities"),
        ('abilities = ["play: gain castle fast"]\n', "Grunt", "abilities"),
        ('abilities = ["destroyed: remove portal health 1"]\n', "Grunt", "abilities"),
    ],
)
def test_broken_card_file_names_file_card_and_field(extra, card, field):
    text = HEAD.replace("level = 1\n", "") + extra if extra.startswith("level") else HEAD + extra
    with pytest.raises(CardDataError) as e:
        load_card_text(text, "mine.toml")
    assert e.value.file == "mine.toml" and e.value.card == card and e.value.field == field


@pytest.mark.parametrize(
    "ability, why",
    [
        ("damaged: draw 1", "never damaged"),
        ("play: damage adjacent-monster 1", "nothing is adjacent"),
    ],
)
def test_a_spell_has_no_lane_and_is_never_damaged(ability, why):
    spell = '[[alliance]]\nname = "Zap"\nfaction = "F"\ntype = "spell"\nrarity = "base"\n'
    with pytest.raises(CardDataError, match=why) as e:
        load_card_text(HEAD + spell + f'cost = 1\nabilities = ["{ability}"]\n', "mine.toml")
    assert e.value.card == "Zap" and e.value.field == "abilities"


def test_duplicate_names_and_missing_hordes():
    with pytest.raises(CardDataError, match="listed twice"):
        load_card_text(HEAD + "\n" + HEAD)
    with pytest.raises(CardDataError, match="needs horde cards"):
        load_card_text('[[token]]\nname = "T"\nside = "ally"\nattack = 1\nhealth = 1\n')


# the ability language's own words (and the numbers, X among them): sentences of them hit
# the parser's branches far more often than random text
WORDS = sorted(
    {*TRIGGERS, *EFFECTS, *TARGETS, *KEYWORDS, *CONDITIONS, *REMOVABLE}
    | {"x", "-x", "mana", "charge", "reaction", "if", "0", "2", "-1", "99", "100", "troop"}
)


@pytest.mark.parametrize("text", ["play: ;", "destroyed: ; ", "fight: ;;"])
def test_an_ability_of_only_semicolons_is_refused(text):
    # found by the fuzz below: "destroyed: ; " parsed as an ability with no effect at all
    with pytest.raises(ValueError, match="write 'trigger: effect'"):
        parse_ability(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), max_size=4),
    st.lists(st.lists(st.sampled_from(WORDS), max_size=5), min_size=1, max_size=3),
)
def test_ability_sentences_parse_or_are_refused_in_words(head, bodies):
    text = ", ".join(head) + ": " + "; ".join(" ".join(b) for b in bodies)
    try:
        a = parse_ability(text)
    except ValueError as e:
        assert str(e) and "Traceback" not in str(e)
        return
    assert a.trigger in TRIGGERS and a.effects
    assert not a.mana_x or a.has_x  # paying X needs an X to pay for


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_card_set_or_the_kits_error(text):
    try:
        load_card_text(text)
    except CardDataError:
        pass


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, len(TEXT) - 1),
    st.integers(1, 40),
    st.sampled_from(["", "x", "=", "[", '"', "\n"]),
)
def test_damaged_copies_of_the_shipped_file_load_or_fail_cleanly(at, cut, insert):
    try:
        load_card_text(TEXT[:at] + insert + TEXT[at + cut :])
    except CardDataError:
        pass


def test_custom_deck_rules():
    wall = find_deck(CARDS, "Flyema Wall")
    assert deck_problems(CARDS, wall) == []
    base = dict(wall.cards)

    def deck(**changes):
        cards = {**base, **changes}
        lines = ", ".join(f'"{CARDS.cards[c].name}" = {n}' for c, n in cards.items() if n)
        text = (
            TEXT + f'\n[[deck]]\nname = "Test"\ncastle = "Pools of Flyema"\ncards = {{ {lines} }}\n'
        )
        try:  # an illegal deck is refused by the loader, naming the deck (issue 40)
            cs = load_card_text(text)
        except CardDataError as e:
            assert e.card == "Test" and e.field == "cards", str(e)
            return e.problem.split("; ")
        return deck_problems(cs, find_deck(cs, "Test"))

    assert any("copies" in p for p in deck(**{"temple-guard": 4, "sunlit-pikeman": 2}))
    assert any("does not allow" in p for p in deck(**{"red-lancer": 1, "temple-guard": 2}))
    assert any("asks for 40" in p for p in deck(**{"temple-guard": 2}))
    assert any("mythic cards" in p or "copies" in p for p in deck(**{"cathedral-of-light": 2}))
    two = [wall, wall]
    assert team_problems(CARDS, two)  # 3 + 3 Temple Guards across both players' decks


def test_check_data_command(tmp_path, capsys):
    assert main(["check-data", str(CARDS_FILE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: Skytear Horde card file") and "87 horde cards" in out
    bad = tmp_path / "mine.toml"
    bad.write_text(TEXT.replace('"Temple Guard" = 3', '"Temple Guard" = 5'))
    assert main(["check-data", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'Flyema Wall'" in err and "mine.toml" in err
    assert "42 cards" in err


def test_a_config_carries_card_text_never_a_file_name():
    with pytest.raises(InvalidInputError, match="not a file name"):
        new_game({"cards": str(CARDS_FILE)})
    mine = TEXT.replace('"Temple Guard"', '"Temple Warden"')
    s = new_game({"cards": mine, "difficulty": 3})
    assert "temple-warden" in s.cards.cards and "temple-guard" not in s.cards.cards


def test_a_save_holds_the_card_text_and_replays():
    mine = TEXT.replace('"Temple Guard"', '"Temple Warden"')
    s = new_game({"cards": mine, "players": 2})
    rng = random.Random(4)
    for _ in range(60):
        s = s.apply(
            sample_outcome(s.chance_outcomes(), rng) if s.is_chance else s.legal_actions()[0]
        )
    doc = json.loads(dump_save("skytear", s.config.to_dict(), s))
    assert doc["format"] == "hordes-kit-save/2" and doc["config"]["cards"] == mine
    config, back = load_save(json.dumps(doc), "skytear")
    assert back.history == s.history and config["cards"] == mine and back.view(0) == s.view(0)
    doc["config"]["cards"] = str(CARDS_FILE)
    with pytest.raises(SaveFileError, match="file name"):
        load_save(json.dumps(doc))


def _ally(name: str, faction: str, keywords: str = "") -> str:
    return (
        f'\n[[alliance]]\nname = "{name}"\ncode = "CAM.19{len(name) % 10}"\n'
        f'faction = "{faction}"\ntype = "ally"\nrarity = "base"\ncost = 5\nattack = 4\n'
        f"health = 5\n{keywords}\n"
    )


def test_check_data_on_a_41_card_faction(tmp_path, capsys):
    # "you have 41 cards per faction instead of 40. Remove 1 heroic ally at random"
    mine = tmp_path / "mine.toml"
    mine.write_text(TEXT + _ally("Vorhild", "Liothan", 'keywords = ["heroic 2"]'))
    assert main(["check-data", str(mine)]) == 0
    out = capsys.readouterr().out
    assert "Liothan Zealots has 41 cards: each game removes 1 heroic ally at random" in out
    # the Taulot cards have no heroic ally: a 41st card leaves nothing the book may remove
    mine.write_text(TEXT + _ally("Stone Giant", "Taulot"))
    assert main(["check-data", str(mine)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "card 'Taulot Dwellers'" in err
    assert "41 Taulot cards, 1 more than a pre-made deck's 40" in err and "have 0" in err
