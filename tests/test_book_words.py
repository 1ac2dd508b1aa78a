"""Every word a rulebook uses resolves in the kit (issue 46, part 1): each game's section
headings and words of play, taken from its rulebook into ``data/<game>/book_words.toml``,
are explained by its glossary (a section may be a rule's title instead), and typing the
word into the rule lookup finds that explanation. The tests read the kit's data only,
never a rulebook."""

from __future__ import annotations

import pytest

from hordes_kit.core.bookwords import (
    BookWords,
    book_words,
    parse_book_words,
    resolve,
    title_names,
)
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.glossary import Term, find_term, glossary
from hordes_kit.core.lookup import search, search_terms
from hordes_kit.core.registry import Game, get_game, shelf

GAMES = [g for g in shelf() if isinstance(g, Game)]


def _ids(games):
    return [g.name for g in games]


@pytest.mark.parametrize("game", GAMES, ids=_ids(GAMES))
def test_the_rulebooks_words_are_shipped_as_data(game):
    words = book_words(game.data_dir)
    assert len(words.sections) >= 15 and len(words.keywords) >= 25, game.name
    assert not set(words.left_out) & set(words.sections)


@pytest.mark.parametrize("game", GAMES, ids=_ids(GAMES))
def test_every_keyword_resolves_in_the_glossary_and_the_lookup_finds_it(game):
    terms = glossary(game.data_dir, game.rule_prefix)
    missing, unfound = [], []
    for word in book_words(game.data_dir).keywords:
        term = find_term(terms, word)
        if term is None:
            missing.append(word)
        elif term not in [t for _g, t in search_terms(word, game.name)]:
            unfound.append(word)
    assert not missing, f"words of the rulebook the glossary does not explain: {missing}"
    assert not unfound, f"typing these into the rule lookup does not find them: {unfound}"


@pytest.mark.parametrize("game", GAMES, ids=_ids(GAMES))
def test_every_section_resolves_in_the_glossary_or_a_rules_title(game):
    missing, unfound = [], []
    for word in book_words(game.data_dir).sections:
        found = resolve(game, word, section=True)
        if found is None:
            missing.append(word)
        elif isinstance(found, Term):
            if found not in [t for _g, t in search_terms(word, game.name)]:
                unfound.append(word)
        elif found.id not in [e.id for e in search(word, game.name)]:
            unfound.append(word)
    assert not missing, f"headings of the rulebook the kit has no word for: {missing}"
    assert not unfound, f"typing these into the rule lookup does not find them: {unfound}"


def test_the_check_sees_a_word_taken_out():
    """With its glossary entry gone, a book word the kit renamed no longer resolves."""
    game = get_game("the-horde")
    terms = dict(glossary(game.data_dir, game.rule_prefix))
    assert find_term(terms, "Defense Deck") is not None
    del terms["Defense Deck"]
    assert find_term(terms, "Defense Deck") is None  # "Defender deck" is not the book's word
    assert resolve(game, "Card Notes", section=True).rule.title.startswith("Card Notes: ")
    assert resolve(game, "Card Notes") is None  # a keyword needs the glossary


def test_heroes_and_hordes_book_words_the_issue_names():
    game = get_game("heroes-hordes")
    terms = glossary(game.data_dir, game.rule_prefix)
    draw = find_term(terms, "Draw card")
    assert draw is not None and "Fate card" in draw.text  # the kit's name, said
    for word in ("Tech", "Magic", "STR", "Card List Notation"):
        assert find_term(terms, word) is not None, word
    # which Mine serves which race: each mine card of the data, with its race, in the entry
    from hordes_kit.heroes_hordes.cards import load_cards

    mine = find_term(terms, "Mine").text
    races = {"M": "Men", "E": "Elves", "D": "Dwarves"}
    mines = {c.name: c.mine for c in load_cards() if c.mine}
    assert len(mines) == 3
    for name, serves in mines.items():
        (race,) = serves
        assert f"{name} (a Mine for {races[race]})" in mine, (name, mine)


def test_a_heading_is_named_by_a_rule_title_part():
    assert "card note" in title_names("Card Notes: Pit")  # compared without a plural -s
    assert {"horde phase", "ambush"} <= title_names("Horde Phase (Ambush)")
    assert "draw and mulligan" in title_names("Setup, step 8: Draw and Mulligan")


def test_a_book_words_file_is_checked():
    assert parse_book_words('sections = ["A"]\nkeywords = ["B"]') == BookWords(("A",), ("B",))
    for text, problem in (
        ('sections = "A"', "list"),
        ('sections = ["A", "A"]', "twice"),
        ("keywords = [1]", "characters"),
        ('words = ["A"]', "unknown"),
        ('sections = ["' + "x" * 81 + '"]', "characters"),
    ):
        with pytest.raises(CardDataError, match=problem):
            parse_book_words(text, "mine.toml")
