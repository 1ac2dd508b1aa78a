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
