"""Card files checked before they are played (issue 40, parts 2-4): every count bounded
while the file is read, every field error the kit's ``CardDataError`` naming the field,
nothing that loads and then sticks (the semantic checks run in the loader, so a game's
start, a save's Load and a link inherit them), and no id space taking a name twice."""

from __future__ import annotations

import json

import pytest
from card_strategies import shipped_doc, toml_text

from hordes_kit.core.errors import CardDataError, SaveFileError
from hordes_kit.core.savefile import dump_save, load_save
from hordes_kit.skytear import new_game as skytear_game
from hordes_kit.skytear.cards import load_card_text as skytear_load


def sky(edit) -> str:
    """The shipped Skytear file's text after ``edit(doc)``."""
    doc = shipped_doc("skytear")
    edit(doc)
    return toml_text(doc)


def refused(load, text: str, card, field, *words: str) -> CardDataError:
    with pytest.raises(CardDataError) as e:
        load(text, "mine.toml")
    err = e.value
    assert err.file == "mine.toml" and err.card == card and err.field == field, str(err)
    assert all(w in err.problem for w in words), str(err)
    return err


def first(doc, kind):
    return doc[kind][0]


# --- part 2: bounds before work -----------------------------------------------------------


@pytest.mark.parametrize(
    "code", ["CAM.001 999999999x", "CAM.001 1" + "0" * 30 + "x", "CAM.001 41x", "CAM.001 0x"]
)
def test_skytear_copy_counts_are_bounded_while_read(code):
    def edit(doc):
        first(doc, "horde")["code"] = code

    refused(skytear_load, sky(edit), "Skyboot Deckhand", "code", "copies are 1-40")


def test_skytear_counts_of_every_list_are_bounded():
    def many_minions(doc):
        doc["minion"] = [{"name": f"M{i}"} for i in range(501)]

    refused(skytear_load, sky(many_minions), None, "minion", "at most 500")

    def many_keywords(doc):
        first(doc, "horde")["keywords"] = ["fast"] * 21

    refused(skytear_load, sky(many_keywords), "Skyboot Deckhand", "keywords", "at most 20")

    def many_effects(doc):
        first(doc, "horde")["abilities"] = ["play: " + "; ".join(["draw 1"] * 25)]

    refused(skytear_load, sky(many_effects), "Skyboot Deckhand", "abilities", "at most 20")

    with pytest.raises(CardDataError, match="at most 1,000,000"):
        skytear_load("#" * 1_000_001 + "\n", "mine.toml")


# --- part 3: every field error is the kit's, naming the field -----------------------------


@pytest.mark.parametrize(
    "kind, field, value",
    [
        ("horde", "treachery", "left ²"),
        ("horde", "treachery", "left " + "9" * 5000),
        ("horde", "treachery", "right 0"),
        ("horde", "keywords", ["armor ²"]),
        ("horde", "keywords", ["armor " + "9" * 5000]),
        ("horde", "abilities", ["play: draw ٣"]),
        ("horde", "abilities", ["play: move-to-lane 9" + "9" * 5000]),
        ("horde", "code", "CAM.001 ²x"),
        ("castle", "limits", 5),
        ("castle", "limits", [5]),
        ("scenario", "actions", 5),
        ("scenario", "henchman", 5),
        ("portal", "solo", 5),
        ("outsider", "layout", ["!!!"]),
        ("deck", "cards", {"!!!": 1}),
    ],
)
def test_skytear_field_errors_name_the_field(kind, field, value):
    doc = shipped_doc("skytear")
    row = next(r for r in doc[kind] if kind != "outsider" or r.get("type") == "colossal")
    if kind == "deck":
        row = next(r for r in doc[kind] if "cards" in r)
    row[field] = value
    with pytest.raises(CardDataError) as e:
        skytear_load(toml_text(doc), "mine.toml")
    assert e.value.card == row["name"] and e.value.field == field, str(e.value)


# --- part 3: nothing that loads and then sticks -------------------------------------------


@pytest.mark.parametrize("keep", [0, 1])
def test_skytear_needs_two_minions(keep):
    def edit(doc):
        doc["minion"] = doc["minion"][:keep]

    text = sky(edit) if keep else sky(lambda d: d.pop("minion"))
    refused(skytear_load, text, None, "minion", "two different minions")


def test_skytear_hordes_have_cards_for_every_difficulty():
    """Found by the row-edit fuzzing: a horde left with one power level loaded, and a game
    at another difficulty could not start."""

    def edit(doc):
        doc["horde"] = [c for c in doc["horde"] if c["horde"] != "Animerk" or c["level"] == 3]

    refused(skytear_load, sky(edit), None, "level", "'Animerk'", "power level 1")


def test_skytear_castles_find_their_factions_deck():
    """Found by test_card_fuzz: a file without decks loaded, and no game could start
    ("no deck 'Liothan'")."""
    refused(skytear_load, sky(lambda d: d.pop("deck")), "Pools of Flyema", "faction", "no deck")


@pytest.mark.parametrize("kind", ["horde", "alliance", "minion", "castle", "portal", "deck"])
def test_a_name_that_makes_no_id_is_refused_naming_file_card_and_field(kind):
    def edit(doc):
        first(doc, kind)["name"] = "!!!"

    refused(skytear_load, sky(edit), "!!!", "name", "makes no card id")


def test_skytear_card_text_is_checked_wherever_it_enters():
    """A game's start and a save's Load refuse what check-data refuses: the semantic
    checks live in the loader (the save used to load, and the game had no legal move)."""
    text = sky(lambda d: d.__setitem__("minion", d["minion"][:1]))
    with pytest.raises(CardDataError, match="minion"):
        skytear_game({"cards": text})
    good = skytear_game({})
    doc = json.loads(dump_save("skytear", good.config.to_dict(), good))
    doc["config"]["cards"] = text
    with pytest.raises(SaveFileError, match="minion"):
        load_save(json.dumps(doc))
    from hordes_kit.core.cardcheck import check_card_text

    with pytest.raises(CardDataError, match="minion"):
        check_card_text("skytear", text, "a link")


# --- part 4: duplicates are errors everywhere ---------------------------------------------


def test_two_portals_of_one_name_are_refused_naming_both():
    def edit(doc):
        doc["portal"][1]["name"] = "Portal I"

    refused(skytear_load, sky(edit), "Portal I", "name", "[[portal]] 1", "[[portal]] 2")


@pytest.mark.parametrize("kind", ["castle", "scenario", "deck", "alliance"])
def test_every_skytear_id_space_refuses_a_duplicate_in_any_case(kind):
    def edit(doc):
        doc[kind][1]["name"] = doc[kind][0]["name"].upper()

    text = sky(edit)
    err = refused(skytear_load, text, shipped_doc("skytear")[kind][0]["name"].upper(), "name")
    assert f"[[{kind}]] 1" in err.problem and f"[[{kind}]] 2" in err.problem


def test_a_horde_is_spelled_one_way():
    def edit(doc):
        first(doc, "horde")["horde"] = "SKYBOOTER"

    refused(skytear_load, sky(edit), "Powder Monkey", "horde", "'SKYBOOTER'", "Skyboot Deckhand")


def test_a_custom_deck_names_each_card_once():
    def edit(doc):
        deck = next(r for r in doc["deck"] if "cards" in r)
        name = next(iter(deck["cards"]))
        deck["cards"][name.upper()] = 1

    refused(skytear_load, sky(edit), "Flyema Wall", "cards", "listed twice")


# --- Shadows -------------------------------------------------------------------------------


def shadows(edit) -> str:
    """The shipped Shadows file's text after ``edit(doc)``."""
    doc = shipped_doc("shadows")
    edit(doc)
    return toml_text(doc)


def shadows_load(text, name):
    from hordes_kit.shadows.cards import load_cards

    return load_cards(text, name)


def plays(game: str, config: dict, moves: int = 300) -> None:
    from hordes_kit.core.smoke import smoke_test

    for seed in range(3):
        smoke_test(game, config, moves=moves, seed=seed)


@pytest.mark.parametrize(
    "keep, table, words",
    [
        (lambda i: False, "item", "0 Basic Items"),
        (lambda i: i["kind"] == "market", "item", "Basic Items"),
        (lambda i: i["kind"] == "basic", "item", "0 Market Items"),
    ],
)
def test_shadows_setup_finds_the_items_it_draws(keep, table, words):
    def edit(doc):
        doc["item"] = [i for i in doc["item"] if keep(i)]

    refused(shadows_load, shadows(edit), None, table, words, "at least 4")


def test_shadows_setup_finds_the_missions_it_deals():
    refused(shadows_load, shadows(lambda d: d.pop("mission")), None, "mission", "0 Missions")
    text = shadows(lambda d: d.__setitem__("mission", d["mission"][:5]))
    refused(shadows_load, text, None, "mission", "5 Missions", "at least 6")


def test_shadows_decks_that_run_dry_in_play_are_drawn_from_as_far_as_they_go():
    """A chart's "market 99", a Random Item, a reveal and a Library draw take what is
    left (they used to ask for a card from an empty deck: chance outcomes summing to 0)."""

    def dry(doc):
        for m in doc["monster"]:
            m["chart"] = {k: "market 99" for k in m["chart"]}
            m["reward"] = {"item": 1}
        doc["monster_action"] = [{"icons": ["MxResponse"], "copies": 3}]

    text = shadows(dry)
    plays("shadows", {"players": 3, "cards": text})
    # the smallest Pool the book allows (Play with Another Base Game: at least 50 cards);
    # three players drawing 10, 9 and 8 may still run it dry
    small_pool = shadows(
        lambda d: d.__setitem__(
            "skill",
            [s for s in d["skill"] if s.get("hero")][:60]
            + [dict(s, copies=1) for s in d["skill"] if not s.get("hero")][:50],
        )
    )
    plays("shadows", {"players": 3, "cards": small_pool, "library": "pool"}, moves=150)


def test_shadows_heroes_are_one_id_space_whatever_the_case():
    def edit(doc):
        doc["hero"].append({**doc["hero"][0], "name": doc["hero"][0]["name"].upper()})

    err = refused(shadows_load, shadows(edit), "AKINTUNDE", "name", "[[hero]] 1", "[[hero]] 5")
    assert "'Akintunde'" in err.problem


def test_a_shadows_name_that_makes_no_id_is_refused():
    def edit(doc):
        doc["mission"][0]["name"] = "!!!"

    refused(shadows_load, shadows(edit), "!!!", "name", "makes no card id")


# --- the other three games: the same classes ----------------------------------------------


def test_fantahzee_duplicates_name_both_places():
    from hordes_kit.fantahzee.cards import CARDS_FILE, cards_from_text

    text = CARDS_FILE.read_text() + '\n[[action]]\nname = "PALADIN"\n'
    with pytest.raises(CardDataError) as e:
        cards_from_text(text, "mine.toml")
    assert e.value.card == "PALADIN" and "'Paladin' ([[hero]] " in e.value.problem
    assert "[[action]] " in e.value.problem, str(e.value)


def test_rows_are_counted_while_read_in_every_format():
    from hordes_kit.fantahzee.cards import cards_from_text as fantahzee
    from hordes_kit.heroes_hordes.cards import cards_from_text as heroes_hordes

    with pytest.raises(CardDataError, match="501 \\[\\[hero\\]\\] tables: at most 500"):
        fantahzee("".join(f'[[hero]]\nname = "H{i}"\n' for i in range(501)), "mine.toml")
    rows = "".join(f"C{i},M,1,1,-\n" for i in range(600))
    with pytest.raises(CardDataError, match="line 502: more than 500 rows"):
        heroes_hordes("name,types,strength,copies,note\n" + rows, "mine.csv")


@pytest.mark.parametrize("game", ["fantahzee", "skytear", "shadows", "heroes-hordes", "the-horde"])
def test_check_card_text_refuses_what_is_not_card_text_for_every_game(game):
    from hordes_kit.core.cardcheck import check_card_text

    for value in (5, None, ["a"], "x" * 1_000_001 + "\n"):
        with pytest.raises(CardDataError) as e:
            check_card_text(game, value, "the link's cards")
        assert e.value.file == "the link's cards", str(e.value)
