"""The card reference (issue 46, part 1): every card of every game's shipped data, its
numbers, the book's notation, its sample marks, its search and filters, and its links to
the rules and walkthrough steps; the rule lookup finding cards and the book's tables; The
Horde's Master Turn Chart on its pages. Checked against each game's own card loader, so a
card added to the data is checked with nothing added here."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from hordes_kit.core.cardref import (
    VALUES,
    card_ref,
    card_refs,
    chart,
    facets,
    games_with_cards,
    rules_about,
    search_cards,
    search_charts,
    steps_about,
)
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.lookup import entry
from hordes_kit.core.registry import Game, get_game, shelf
from hordes_kit.core.scenario import load_scenario, scenario_files

ROOT = Path(__file__).resolve().parent.parent
GAMES = [g.name for g in shelf() if isinstance(g, Game)]  # the kit's games, by the shelf


def _visible(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).replace("\u00ad", "")


# --- every card of the shipped data, with its numbers ------------------------------------


def test_every_registered_game_has_a_card_reference_and_a_face_for_each_card():
    assert (
        {g.name for g in games_with_cards()}
        == set(GAMES)
        >= {
            "fantahzee",
            "skytear",
            "shadows",
            "the-horde",
            "heroes-hordes",
        }
    )
    import importlib

    for g in map(get_game, GAMES):
        refs = card_refs(g.name)
        assert refs and len({r.key for r in refs}) == len(refs), g.name
        faces = importlib.import_module(g.card_faces)
        for r in refs:
            assert r.name and r.kind and r.copies and r.copies >= 1, r
            drawn = faces.face(r).html()
            assert r.name.split()[0] in _visible(drawn), (r.name, drawn[:200])


def test_the_horde_every_card_of_its_lists_with_the_books_numbers():
    from hordes_kit.the_horde.cardref import force_column
    from hordes_kit.the_horde.cards import load_data

    d = load_data()
    refs = {r.key: r for r in card_refs("the-horde")}
    assert len(refs) == len(d.recruit) + len(d.horde)
    for c in d.recruit:
        r = refs[c.id]
        assert (r.name, r.copies, r.kind) == (c.name, c.copies, c.type_name)
        assert dict(r.numbers)["Cost"] == str(c.cost)
        assert dict(r.numbers)["Force"] == force_column(c)
        assert f"· {c.type} ·" in r.notation and not r.sample
    for h in d.horde:
        assert refs[h.id].copies == h.copies and not refs[h.id].sample
    # the rulebook's Recruit and Horde Deck Card Lists, as printed
    fence, moat, flute = refs["fence"], refs["moat"], refs["flute"]
    assert fence.notation == "# 6 · Cost 1 · V · Force -" and fence.kind == "Village"
    assert moat.copies == 1 and dict(moat.numbers)["Cost"] == "6"
    assert dict(flute.numbers)["Force"] == "+1"
    jug = refs["juggernaught"]
    assert (jug.copies, dict(jug.numbers)["Level"]) == (5, "5")
    assert "Indigenous Hordlings Chart" in refs["indigenous"].notation


def test_heroes_and_hordes_every_card_with_its_letters_and_strength():
    from hordes_kit.heroes_hordes.cards import load_cards

    cards = load_cards()
    refs = card_refs("heroes-hordes")
    assert sum(r.copies for r in refs) == len(cards)
    by = {r.name: r for r in refs}
    for c in cards:
        r = by[c.name]
        assert r.notation.split()[0] == c.type_text.strip()
        assert dict(r.numbers)["STR"] == ("-" if c.is_event else str(c.strength))
        assert not r.sample
    # the card list's notation, as the book prints it
    assert by["Ranger"].notation == "M/E 5" and by["Ranger"].groups == ("Men", "Elves")
    assert "Men or Elf (split card)" in by["Ranger"].notation_words
    assert by["Swordsmen"].groups == ("Men", "Elves", "Dwarves")  # A: any hero race
    assert by["Raids"].kind == "Event" and by["Raids"].notation == "V -"
    assert by["Mines"].keywords == ("Mine",) and by["Forest"].keywords == ("Mine",)


def test_fantahzee_every_card_with_its_cost_notation_and_sample_marks():
    from hordes_kit.fantahzee.cards import shipped_cards

    cs = shipped_cards()
    refs = {r.key: r for r in card_refs("fantahzee")}
    every = (*cs.heroes, *cs.actions, *cs.monsters, *cs.towns, *cs.treasures)
    assert set(refs) == {c.id for c in every}
    for c in every:
        assert refs[c.id].sample == c.sample, c.name
    for h in cs.heroes:
        nums = dict(refs[h.id].numbers)
        assert nums["Strength"] == str(h.strength) and nums["Cost"] == (h.cost or "free")
        assert refs[h.id].copies == h.copies and refs[h.id].groups == (h.cls,)
    for m in cs.monsters:
        nums = dict(refs[m.id].numbers)
        assert nums["XP"] == str(m.xp) and nums.get("Counterattack", "0") == str(m.counterattack)
    assert refs["paladin"].notation_words == "four dice of one number"
    assert refs["steamsmith"].notation_words == "two 5s"


def test_skytear_every_card_castle_portal_and_scenario_with_its_code():
    from hordes_kit.skytear.cards import shipped_cards

    cs = shipped_cards()
    refs = {r.key: r for r in card_refs("skytear")}
    every = (*cs.cards.values(), *cs.castles.values(), *cs.portals.values())
    every += tuple(cs.scenarios.values())
    assert set(refs) == {c.id for c in every}
    for c in every:
        r = refs[c.id]
        assert r.sample == c.sample and r.notation == (str(c.code) if c.code else "")
    deckhand = refs["skyboot-deckhand"]
    assert deckhand.notation == "CAM.001 3x" and deckhand.copies == 3
    assert deckhand.notation_words == "set CAM (Campaigns), card 001, 3 copies"
    assert {"Attack": "1", "Health": "2"}.items() <= dict(deckhand.numbers).items()
    minion = refs["zephylite-minions"]
    assert not minion.sample and "Pillager" in minion.keywords


def test_skytear_faces_print_the_cards_words_with_their_minus_signs():
    # a face drew the card file's code with every '-' made a space: Entangle read "Play: temp
    # attack monster 2" (it gives -2), the Rootwall Hold "attack lane monster 1" (-1), and a
    # unit's words lost theirs again (the Glamour Weaver "has 1 health this turn")
    from hordes_kit.skytear.cards import shipped_cards
    from hordes_kit.skytear.words import ability_words
    from hordes_kit.ui.skytear.cardref import face

    cs = shipped_cards()
    refs = {r.key: r for r in card_refs("skytear")}
    for c in (*cs.cards.values(), *cs.castles.values()):
        shown = html.unescape(face(refs[c.id]).html())
        for a in (*c.abilities, *getattr(c, "enchantment", ())):
            assert ability_words(a) in shown, (c.name, ability_words(a))
    entangle = html.unescape(face(refs["entangle"]).html())
    assert (
        "Play: A monster gains -2 attack this turn." in entangle and "temp attack" not in entangle
    )


def test_shadows_every_card_with_its_initiative_and_requirements():
    from hordes_kit.shadows.cards import load_cards

    cs = load_cards()
    refs = {r.key: r for r in card_refs("shadows")}
    every = (*cs.heroes, *cs.skills, *cs.items, *cs.monsters, *cs.creatures, *cs.missions)
    assert {c.id for c in every} <= set(refs)
    assert len(refs) == len(every) + len(cs.actions) + 2  # Monster-Action kinds, Leader, Bounty
    for c in every:
        assert refs[c.id].sample == c.sample, c.name
    eras = refs["eras"]
    assert dict(eras.numbers) == {"Strength": "1", "Tech": "2", "Magic": "3", "Health": "7"}
    assert not eras.sample
    for sk in cs.skills:
        assert refs[sk.id].copies == sk.copies
        assert refs[sk.id].notation.startswith("Initiative ")


# --- search and filters ----------------------------------------------------------------


def test_search_finds_a_card_by_its_name_number_or_notation_and_word_starts():
    assert [r.key for r in search_cards("fence", "the-horde")] == ["fence"]
    assert [r.key for r in search_cards("fen", "the-horde")] == ["fence"]  # not "Defender"
    assert [r.name for r in search_cards("Juggernaught")] == ["Juggernaught"]
    assert {r.name for r in search_cards("M/E", "heroes-hordes")} == {"Ranger", "Half Elves"}
    assert [r.key for r in search_cards("CAM.001", "skytear")] == ["skyboot-deckhand"]
    assert search_cards("goblin king", "heroes-hordes")[0].name == "Goblin King"
    # every word must be found
    assert not search_cards("fence juggernaught", "the-horde")
    # nothing typed: every card, in the reference's order
    assert search_cards("", "the-horde") == list(card_refs("the-horde"))


def test_filters_by_kind_group_keyword_and_sample_values():
    village = search_cards("", "the-horde", kind="Village")
    assert village and {r.kind for r in village} == {"Village"}
    elves = search_cards("", "heroes-hordes", group="Elves")
    assert "Ranger" in {r.name for r in elves} and "Goblins" not in {r.name for r in elves}
    bows = search_cards("", "heroes-hordes", keyword="Bows")
    assert bows and all("Bows" in r.keywords for r in bows)
    for game in GAMES:
        every = search_cards("", game)
        book = search_cards("", game, values="book")
        sample = search_cards("", game, values="sample")
        assert len(book) + len(sample) == len(every)
        assert not any(r.sample for r in book) and all(r.sample for r in sample)
        found = facets(game)
        assert set(found["kind"]) == {r.kind for r in every}
    with pytest.raises(ValueError):
        search_cards("", "the-horde", values="maybe")
    assert set(VALUES) == {"", "book", "sample"}


# --- the rules and walkthrough steps that name a card ----------------------------------


def test_a_card_links_to_the_rules_that_name_it_and_its_keywords_rules():
    pit = card_ref("the-horde", "pit")
    assert "the-horde.card.pit" in rules_about(pit)
    wall = card_ref("the-horde", "wall")
    assert "the-horde.card.wall" in rules_about(wall)  # "Card Notes: Walls": the plural
    ranger = card_ref("heroes-hordes", "ranger")
    assert {"heroes-hordes.bows", "heroes-hordes.spy", "heroes-hordes.split-cards"} <= set(
        rules_about(ranger)
    )
    for game in GAMES:
        for r in card_refs(game):
            for rid in rules_about(r):
                assert entry(rid) is not None, (r.name, rid)


def test_a_card_links_to_every_walkthrough_step_that_names_it_and_no_other():
    for game in GAMES:
        refs = card_refs(game)
        for path in scenario_files(get_game(game).data_dir):
            sc = load_scenario(path)
            for i, st in enumerate(sc.steps, 1):
                text = f"{st.say}\n{st.ask}\n{st.point_ask}"
                for r in refs:
                    linked = any((s.scenario, s.step) == (sc.id, i) for s in steps_about(r))
                    named = any(
                        re.search(rf"(?<![\w-]){re.escape(n)}(?:e?s)?(?![\w-])", text)
                        for n in r.names
                    )
                    if linked:
                        assert named, (r.name, sc.id, i)
    jug = card_ref("the-horde", "juggernaught")
    assert steps_about(jug) and all("Juggernaught" in s.say for s in steps_about(jug)[:1])
    # a longer name is read whole: the Goblin King is not the King
    king = card_ref("heroes-hordes", "king")
    assert not any("Goblin King" in s.say and "King " not in s.say.replace("Goblin King", "")
                   for s in steps_about(king))  # fmt: skip


def test_a_bad_adapter_is_refused_with_the_kits_error(monkeypatch):
    import hordes_kit.core.cardref as cr
    from hordes_kit.core.cardref import CardRef

    game = get_game("the-horde")
    good = card_refs("the-horde")
    with pytest.raises(CardDataError, match="taken"):
        cr._check(game, (*good, good[0]))
    with pytest.raises(CardDataError, match="not in rules.toml"):
        cr._check(game, (CardRef("the-horde", "x", "X", "Village", rules=("the-horde.nope",)),))


# --- the pages: the card reference, the rule lookup, the turn chart ---------------------


def test_the_card_reference_page_filters_as_you_type_and_opens_a_card(monkeypatch):
    from hordes_kit.ui.cards import SHOWN, CardReference, card_url

    c = CardReference("the-horde")
    assert c.shown == [r.key for r in card_refs("the-horde")]
    c.find("fence")
    assert c.shown == ["fence"] and "1 of 22 cards" in c.count.value
    assert "As the book writes it:" in c.results.value and "6 in the box" in c.results.value
    c.find("")
    c.kind.value = "Village"
    assert {card_ref("the-horde", k).kind for k in c.shown} == {"Village"}
    c.kind.value = ""
    c.pick("skytear")
    assert len(c.shown) == SHOWN < len(card_refs("skytear"))
    assert c.group.description == "Horde or faction" and "Skybooter" in c.group.options[1]
    c.show_all()
    assert len(c.shown) == len(card_refs("skytear"))
    c.values.value = "sample"
    assert all(card_ref("skytear", k).sample for k in c.shown)
    assert "Sample values" in c.results.value
    # a page may move a drop-down only among the choices shown (the browser is untrusted)
    before = list(c.shown)
    c.kind.set_state({"index": 999})
    assert "not a choice this page offers" in c.note.value and c.shown == before
    # an address opens a game at a card; a bad one says so and shows every card
    monkeypatch.setenv("QUERY_STRING", "game=heroes-hordes&card=ranger")
    c = CardReference()
    assert c.game.value == "heroes-hordes" and c.shown[0] == "ranger"
    assert "hk-pinned" in c.results.value
    monkeypatch.setenv("QUERY_STRING", "game=heroes-hordes&card=nope")
    c = CardReference()
    assert "no card 'nope'" in _visible(c.note.value) and c.shown[0] == "dwarf-lord"
    assert card_url(card_ref("the-horde", "fence")) == "cards.ipynb?game=the-horde&card=fence"


def test_the_card_face_is_the_boards_own():
    from hordes_kit.the_horde.game import new_game
    from hordes_kit.ui.cards import card_html
    from hordes_kit.ui.the_horde.faces import recruit_face

    fence = card_ref("the-horde", "fence")
    assert recruit_face(new_game({}), "fence").html() in card_html(fence)


def test_the_rule_lookup_finds_cards_and_the_books_tables():
    from hordes_kit.ui.rules import RuleLookup

    r = RuleLookup()
    r.game.value = "the-horde"
    for name, key in (("Fence", "fence"), ("Juggernaught", "juggernaught")):
        r.find(name)
        assert f"data-card='{key}'" in r.results.value, name
        assert "cards.ipynb?game=the-horde&amp;card=" + key in r.results.value
        assert "1 card" in r.count.value
    r.find("turn 19")  # the walkthrough quiz's question: how many attack on turn 19?
    row = re.search(r"<tr class='hk-best'[^>]*>(.*?)</tr>", r.results.value).group(1)
    assert _visible(row).split() == ["19", "Frozen", "Wastes", "of", "Vesh", "F", "Fall", "12",
                                     "Ice", "(6)"]  # fmt: skip
    # nothing typed: no card list, but a game's tables, folded
    r.find("")
    assert "hk-lookup-cards" not in r.results.value and "data-chart='turns'" in r.results.value


def test_the_master_turn_chart_is_the_data_and_the_board_marks_the_turn():
    from hordes_kit.the_horde.cards import load_data
    from hordes_kit.ui.the_horde.board import THBoard

    turns = load_data().turns
    c = chart("the-horde", "turns")
    assert len(c.rows) == len(turns) == 20
    for t, row in zip(turns, c.rows):
        assert row[0] == str(t.turn) and row[1] == t.location and row[3] == str(t.attackers)
        assert row[4] == f"{t.indigenous} ({t.level})"
    assert [g for g, _c in search_charts("master turn chart")] == ["the-horde"]
    b = THBoard(seed=5, speed="Instant")

    def marked() -> str:
        return re.search(
            r"<tr class='hk-best'[^>]*><th scope='row'>(\d+)<", b.turn_chart.body.value
        )[1]

    assert marked() == "1" and "turn 1" in b.turn_chart.get_title(0)
    b.table.click("fast")  # turn 1's recruit phase; buy nothing; the Horde and End phases
    b.act("done")
    b.table.click("fast")
    b.playback.skip()
    assert not b.state.is_terminal and b.state.turn == 2
    assert marked() == "2" and "turn 2 of 20" in b.turn_chart.body.value


def test_the_chart_is_on_the_walkthrough_page_and_every_page_links_the_cards():
    nb = json.loads((ROOT / "notebooks" / "the_horde_walkthrough.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "turn_chart()" in code
    from hordes_kit.ui.the_horde.turn_chart import turn_chart_html

    assert "Frozen Wastes of Vesh" in turn_chart_html() and "hk-best" not in turn_chart_html()
    for game in map(get_game, GAMES):
        for d in game.dashboards:
            first = json.loads((ROOT / "notebooks" / d.notebook).read_text())["cells"][0]
            top = next(x for x in "".join(first["source"]).splitlines() if "all dashboards" in x)
            assert f"(cards.ipynb?game={game.name})" in top, d.notebook
    from hordes_kit.ui.index import index_html

    page = index_html()
    for game in map(get_game, GAMES):
        assert f'href="cards.ipynb?game={game.name}"' in page
    rules_nb = (ROOT / "notebooks" / "rules.ipynb").read_text()
    assert "(cards.ipynb)" in rules_nb
