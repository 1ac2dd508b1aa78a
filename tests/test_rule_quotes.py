"""Every rule box of the five games shows the book's own words (issue 43, part 4).

Each entry of ``data/<game>/rules.toml`` carries the rulebook's words (``quote``, a
sentence or two, with the section it is from) or is a ruling that says why the kit reads
the book so; a rule chip and the rule lookup show them beside the kit's words. The tests
never read the rulebooks (the kit carries the words in ``data/``): a section is checked
against the book's headings the kit lists in ``book_words.toml``.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.bookwords import _norm, book_words, title_names
from hordes_kit.core.errors import CardDataError
from hordes_kit.core.lookup import entries, games_with_rules, search
from hordes_kit.core.rules_index import MAX_QUOTE, RuleEntry, parse_entry
from hordes_kit.ui.log import rule_chip
from hordes_kit.ui.rules import entry_html

GAMES = ["fantahzee", "the-horde", "heroes-hordes", "skytear", "shadows"]
# the kit's paraphrase adds a reading of its own (our words, not the book's)
READS = re.compile(r"\bour reading\b|\bwe read\b|\bwe (?:do|let|count|pick)\b", re.I)


def _entries(game):
    return [e for e in entries(game)]


def test_the_five_games_have_rule_indexes():
    assert sorted(g.name for g in games_with_rules()) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_the_books_words_or_is_a_ruling_that_says_why(game):
    missing, silent = [], []
    for e in _entries(game):
        r = e.rule
        if r.ruling:
            if not r.why:
                silent.append(r.id)  # a ruling always says why the kit reads the book so
        elif not r.quotes:
            missing.append(r.id)
    assert not missing, f"{len(missing)} rules without the book's words: {missing[:8]}"
    assert not silent, f"rulings that do not say why: {silent[:8]}"


@pytest.mark.parametrize("game", GAMES)
def test_a_rule_whose_words_add_a_reading_says_why(game):
    for e in _entries(game):
        r = e.rule
        if READS.search(r.text):
            assert r.why, (r.id, r.text)


@pytest.mark.parametrize("game", GAMES)
def test_each_quote_names_a_section_of_the_book_and_is_the_books_not_ours(game):
    g = next(x for x in games_with_rules() if x.name == game)
    words = book_words(g.data_dir)
    headings = {_norm(h) for h in (*words.sections, *words.left_out)}
    assert headings
    for e in _entries(game):
        for q in e.rule.quotes:
            assert title_names(q.section) & headings, (e.id, q.section)
            assert 20 <= len(q.words) <= MAX_QUOTE, (e.id, q.words[:40])
            # quoted words are the book's: never our paraphrase pasted again
            assert q.words != e.rule.text, e.id
            assert "/shared" not in q.words + (e.rule.why or ""), e.id


def test_a_chip_shows_the_books_words_with_their_section_beside_ours():
    for game in GAMES:
        for e in _entries(game):
            r = e.rule
            chip = rule_chip(r, open_=True)
            for q in r.quotes:
                assert f"The book, {_esc(q.section)}:" in chip and _esc(q.words) in chip, r.id
            assert _esc(r.text) in chip, r.id
            if r.why:
                assert _esc(r.why) in chip and "Why:" in chip, r.id
            assert ("Our ruling" in chip) == r.ruling, r.id
            # the book's words come first, then the kit's
            if r.quotes:
                assert chip.index("hk-rule-book") < chip.index("hk-rule-kit"), r.id


def test_the_lookup_shows_the_books_words_and_finds_a_rule_by_them():
    shield = next(e for e in entries("shadows") if e.id == "shadows.shield.recover")
    page = entry_html(shield)
    assert "The book, Recovering Shield Points:" in page and "Why:" not in page
    # the book's words are searched too: these are in no title or paraphrase
    found = search("full recovery from being KnockedDown", "shadows")
    assert found and found[0].id == "shadows.shield.recover"


def test_a_ruling_where_the_book_speaks_twice_shows_both_passages_and_why():
    unmet = next(e for e in entries("shadows") if e.id == "shadows.ruling.unmet").rule
    sections = [q.section for q in unmet.quotes]
    assert "Frequently Asked Questions" in sections and "Examples of Requirements" in sections
    assert "FAQ" in unmet.why
    bounty = next(e for e in entries("shadows") if e.id == "shadows.ruling.monster-bounty").rule
    chip = rule_chip(bounty, open_=True)
    assert "discard all Bounty card(s)" in chip and "another player&#x27;s entity" in chip
    assert "Why:" in chip


def _esc(text: str) -> str:
    import html

    return html.escape(text)


# --- the entry's reader --------------------------------------------------------------------

_TEXT = st.one_of(st.text(max_size=30), st.integers(), st.none(), st.lists(st.text(), max_size=2))
_PASSAGE = st.one_of(
    st.fixed_dictionaries({"section": _TEXT, "words": _TEXT}),
    st.dictionaries(st.sampled_from(["section", "words", "page"]), _TEXT, max_size=3),
    _TEXT,
)
_RAW = st.dictionaries(
    st.sampled_from(["title", "text", "kind", "quote", "section", "why", "option", "x"]),
    st.one_of(_TEXT, st.lists(_PASSAGE, max_size=5), st.sampled_from(["rule", "ruling"])),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(raw=st.one_of(_RAW, _TEXT), key=st.sampled_from(["a", "option.x", "ruling.b"]))
def test_fuzz_an_entry_is_read_or_refused_in_the_kits_words(raw, key):
    try:
        e = parse_entry("rules.toml", key, raw, "g.")
    except CardDataError as err:
        assert "rules.toml" in str(err)
        return
    assert isinstance(e, RuleEntry) and e.id == "g." + key
    for q in e.quotes:
        assert q.section.strip() and q.words.strip() and len(q.words) <= MAX_QUOTE


def test_an_entry_with_a_quote_list_reads_each_passage():
    raw = {
        "title": "T",
        "text": "ours",
        "kind": "ruling",
        "quote": [{"section": "A", "words": "first words"}, {"section": "B", "words": "more"}],
        "why": "because",
    }
    e = parse_entry("rules.toml", "k", raw)
    assert [(q.section, q.words) for q in e.quotes] == [("A", "first words"), ("B", "more")]
    assert (
        parse_entry("rules.toml", "k", {"title": "T", "text": "t", "quote": "w"}).quotes[0].section
        == "T"
    )
    with pytest.raises(CardDataError, match="section"):
        parse_entry("rules.toml", "k", {"title": "T", "text": "t", "section": "S"})
    with pytest.raises(CardDataError, match="quote"):
        parse_entry("rules.toml", "k", {"title": "T", "text": "t", "quote": "x" * 601})
