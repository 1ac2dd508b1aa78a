"""The tutor (issue 18): the rule lookup, the first lessons and their "point at it"
questions, the glossaries, the page addresses. Registry-driven: a game that registers
with a rule index, a first lesson or a glossary is checked with nothing added here."""

from __future__ import annotations

import csv
import html
import importlib.util
import re
import tomllib
from functools import lru_cache
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hordes_kit.ui.query as ui_query
from hordes_kit.core.data import data_path
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.glossary import find_term, glossary, undefined_words
from hordes_kit.core.lookup import entries, entry, games_with_rules, search, steps_showing
from hordes_kit.core.playout import play_steps
from hordes_kit.core.pointing import things, things_called
from hordes_kit.core.query import MAX_QUERY, one_of, parse_query, whole_number, words
from hordes_kit.core.registry import get_game, registered_games
from hordes_kit.core.scenario import (
    FIRST_LESSON,
    first_lesson,
    load_scenario,
    run_scenario,
    scenario_files,
)
from hordes_kit.ui.index import KIT_PAGES, index_html, lesson_link
from hordes_kit.ui.log import rule_chip
from hordes_kit.ui.rules import RuleLookup, step_url
from hordes_kit.ui.walkthrough import WalkthroughPlayer

LESSONS = [g for g in registered_games() if first_lesson(g.data_dir)]
# The words the issue names for each game: a new player meets them on the board.
ISSUE_WORDS = {
    "fantahzee": ["XP", "victory pile", "vanguard", "doom tokens", "Boss", "Last Player token"],
    "the-horde": ["Crowns", "taxes", "Grimthwackers", "defenders", "village"],
    "heroes-hordes": ["piles", "Devastation Tokens", "Fate"],
    "skytear": [
        "castle",
        "portal",
        "lane",
        "back line",
        "minion",
        "outsider",
        "mana",
        "treachery card",
        "pillage",
        "horde deck",
    ],
    "shadows": [
        "Initiative",
        "Plan",
        "Station Field",
        "Combat Field",
        "Inventory Field",
        "Shadow Stones",
        "Monster-Action",
    ],
}


def _ids(games):
    return [g.name for g in games]


# --- what every game shows: replays of its scenarios and a seeded playout ---------------


@lru_cache(maxsize=8)
def seen(game_name: str) -> dict:
    """Screen text, thing kinds and cited rule ids over every scenario and a playout."""
    game = get_game(game_name)
    states = [
        f.after for p in scenario_files(game.data_dir) for f in run_scenario(load_scenario(p))
    ]
    policies = (
        {p: game.playout_policy for p in range(game.max_players)} if game.playout_policy else None
    )
    states += list(play_steps(game.start({}), 7, policies, max_steps=400))
    texts, kinds, cited = [], set(), set()
    for s in states:
        v = s.view(None)
        texts += [str(v.get("prompt") or ""), str(v.get("phase_name") or "")]
        texts += [a["label"] for a in v.get("legal", []) if isinstance(a, dict)]
        kinds |= {k for t in v.get("things", []) for k in t["is"]}
        cited |= {e.rule for e in s.log}
    texts += [e.text for s in states[-400:] for e in s.log[-5:]]
    texts += [e.text for s in states for e in s.log[-2:]]
    return {"texts": texts, "kinds": kinds, "cited": cited, "names": card_names(game.data_dir)}


def card_names(game_dir: str) -> set[str]:
    """The names in a game's card data (TOML ``name`` fields; CSV name-like columns)."""
    out: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                out.add(v) if k == "name" and isinstance(v, str) else walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for f in data_path(game_dir).iterdir():
        if f.name in ("rules.toml", "glossary.toml", "quiz.toml"):
            continue
        if f.suffix == ".toml":
            walk(tomllib.loads(f.read_text()))
        elif f.suffix == ".csv":
            with f.open(newline="") as fh:
                for row in csv.DictReader(fh):
                    out |= {row[c] for c in ("name", "location", "type") if row.get(c)}
    return out


def player_names(game) -> set[str]:
    seats = range(1, game.max_players + 1)
    names = {f"Player {i}" for i in seats}
    for p in scenario_files(game.data_dir):
        names |= set(load_scenario(p).config.get("names", []))
    return names


# --- the rule index and the lookup -----------------------------------------------------


def test_every_rule_has_a_title_a_text_and_a_source_never_mislabelled():
    found = entries()
    assert {e.game.name for e in found} >= {"fantahzee", "the-horde", "heroes-hordes", "shadows"}
    for e in found:
        r = e.rule
        assert r.title.strip() and r.text.strip(), r.id
        assert r.source in ("rulebook", "ruling") and r.badge in ("Rulebook", "Our reading")
        # a rulebook rule is never shown as our ruling, a ruling never as the rulebook's
        chip = rule_chip(r)
        assert ("Our ruling" in chip) == r.ruling and ("hk-ruling" in chip) == r.ruling, r.id
        # the data's own convention: a key named ruling.* is a ruling
        assert r.ruling or not r.id.split(".", 1)[1].startswith("ruling."), r.id


def test_an_option_names_a_field_of_its_games_config_in_words():
    with_option = [e for e in entries() if e.rule.option]
    assert {e.game.name for e in with_option} >= {"shadows", "the-horde", "heroes-hordes"}
    for e in with_option:
        config = e.game.start({}).config
        assert e.rule.option in config.__dataclass_fields__, e.id
        assert e.rule.option_title and e.rule.other, e.id


@pytest.mark.parametrize("game", registered_games(), ids=_ids(registered_games()))
def test_every_rule_the_engine_cites_is_in_the_lookup_with_its_source(game):
    if game not in games_with_rules():
        pytest.skip("a test game without a rule index")
    cited = seen(game.name)["cited"]
    assert len(cited) >= 10
    for rid in cited:
        e = entry(rid)
        assert e is not None, f"{rid} is cited by the engine but missing from the lookup"
        assert e.rule.text and e.rule.source in ("rulebook", "ruling", "table")
        assert (e.rule.source == "table") == e.rule.table  # a table's reading (a scenario's)


def _linked_rule(chip: str) -> str:
    href = re.search(r"href='([^']+)'", chip).group(1)
    assert href.startswith("rules.ipynb?"), href
    ids = {e.id for e in entries()}
    return str(parse_query(urlsplit(href).query, {"rule": one_of(ids)})["rule"])


def test_every_rule_chip_links_to_its_own_entry_of_the_lookup():
    for e in entries():
        assert _linked_rule(rule_chip(e.rule)) == e.id
    # and the chips a walkthrough shows (its rule boxes)
    w = WalkthroughPlayer([load_scenario(scenario_files("the_horde")[1])], lambda s: "")
    for i in range(1, len(w.frames) + 1):
        w.goto(i)
        for chip in re.findall(r"<details class='hk-rule-chip.*?</details>", w.narration.value):
            assert entry(_linked_rule(chip)) is not None


def test_the_search_finds_every_rule_by_a_word_of_its_text():
    for e in entries():
        word = max(re.findall(r"[A-Za-z]+", e.rule.text), key=len)
        found = [x.id for x in search(word, e.game.name)]
        assert e.id in found, (word, e.id)
        # every rule found holds the word (a plural typed finds its singular too), in its
        # title, our words or the book's
        held = {word.lower(), word.lower()[:-1] if word.lower().endswith("s") else word.lower()}
        for x in search(word):
            said = " ".join(
                (x.rule.text, x.rule.title, x.rule.why, *(q.words for q in x.rule.quotes))
            )
            assert any(w in said.lower() for w in held), (word, x.id)


def test_the_search_needs_every_word_and_ranks_titles_first():
    both = search("Crowns tax")

    def said(r):  # what the search reads: the title, our words and the book's
        return " ".join((r.title, r.text, r.why, *(q.words for q in r.quotes))).lower()

    assert both and all("crown" in said(e.rule) and "tax" in said(e.rule) for e in both)
    assert both[0].rule.title == "Tax Phase"
    assert search("vanguard zzzz") == []
    assert {e.game.name for e in search("vanguard")} == {"fantahzee"}
    assert len(search("")) == len(entries())


def test_the_lookup_lists_every_walkthrough_step_that_shows_a_rule():
    for game in games_with_rules():
        for path in scenario_files(game.data_dir):
            sc = load_scenario(path)
            for i, step in enumerate(sc.steps, 1):
                for rid in filter(None, (step.rule, *step.also)):
                    refs = entry(rid).steps
                    assert any(r.scenario == sc.id and r.step == i for r in refs), (rid, sc.id, i)
    # a step's address is the walkthrough page opened at it
    ref = steps_showing("fantahzee")["fantahzee.shields"][0]
    url = step_url(get_game("fantahzee"), ref)
    assert url == f"fantahzee_walkthrough.ipynb?scenario={ref.scenario}&step={ref.step}"


def test_the_lookup_page_opens_the_rule_in_its_address_first(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rule=the-horde.ruling.trees")
    page = RuleLookup()
    assert page.shown[0] == "the-horde.ruling.trees" and page.game.value == "the-horde"
    first = page.results.value.split("<li class='hk-lookup-rule")[1].split("</li>")[0]
    assert first.startswith(" hk-pinned'") and "Our reading" in first
    page.find("Grimthwacker killed")
    assert page.shown and all(entry(r).game.name == "the-horde" for r in page.shown)
    page.game.value = ""
    page.find("vanguard")
    assert "fantahzee.setup.flip" in page.shown and "Words of the table" in page.results.value
    page.find("qqqq nothing")
    assert page.shown == [] and "No rule" in page.count.value
    # an option is shown in words, with the other choice
    monkeypatch.setenv("QUERY_STRING", "rule=the-horde.special.dizzy")
    assert "Dizzy: three Grimthwackers in a row" in RuleLookup().results.value
    # a reading a table chose (a rule chip links there) opens with its own badge
    monkeypatch.setenv("QUERY_STRING", "rule=the-horde.option.dizzy.off")
    page = RuleLookup()
    first = page.results.value.split("<li class='hk-lookup-rule")[1].split("</li>")[0]
    assert page.shown[0] == "the-horde.option.dizzy.off" and "A table's reading" in first


def test_the_lookup_lists_every_reading_of_every_table_rule_with_the_kits_default():
    from hordes_kit.core.table_rules import table_rules
    from hordes_kit.ui.rules import entry_html

    for g in games_with_rules():
        for t in table_rules(g.name):
            html_ = entry_html(entry(t.changes.id))
            readings = re.findall(
                r"<li class='hk-lookup-reading' data-value='([^']*)' data-default='(\w+)'>"
                r"<b>([^<]*)</b>",
                html_,
            )
            assert [(lab, d == "True") for _v, d, lab in readings] == [
                (html.escape(r.label), r.default) for r in t.readings
            ], t.field
            assert html_.count("(the kit's default)") == 1


def test_the_lookup_never_ends_a_question_with_a_full_stop():
    """A table rule's label is a question ("May two heroes' X dice show the same
    number?"): the lookup writes it as one, never "number?."."""
    from hordes_kit.ui.rules import entry_html, search

    entries = search("", None)
    questions = 0
    for e in entries:
        text = re.sub(r"<[^>]+>", "", entry_html(e))
        assert not re.search(r"[?!]\s*\.", text), text[:200]
        questions += "? A table may choose" in text
    assert questions >= 3  # the table rules asked as questions are on the page


def test_a_bad_lookup_address_opens_every_rule_and_says_why(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "rule=nope.nothing")
    page = RuleLookup()
    assert "not known" in page.note.value and len(page.shown) == min(40, len(entries()))


# --- the page address ------------------------------------------------------------------


def _plain_python(monkeypatch) -> None:
    """No loop runs here (a test worker that ran a browser test has Playwright's running in
    its main thread, which would take the page's jobs and never run them while the test
    waits): the jobs run in the thread that waited for the page, as in plain Python."""
    monkeypatch.setattr(ui_query, "_loop", None)
    monkeypatch.setattr(ui_query, "_cells_loop", lambda: None)


def test_the_query_string_outside_voila_with_and_without_preheated_kernels(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert ui_query.query_string() == ""  # plain Jupyter or Python
    monkeypatch.setenv("QUERY_STRING", "rule=x")
    assert ui_query.query_string() == "rule=x"  # a kernel started for the request
    import threading

    opened = threading.Event()
    calls = []

    def waits_for_the_request():
        opened.wait(10)  # the player opens the page some time after the kernel was warmed
        calls.append(1)
        return {"QUERY_STRING": "scenario=a&step=2"}

    monkeypatch.setattr(ui_query, "_request_info", waits_for_the_request)
    monkeypatch.setattr(ui_query, "_preheated", None)
    monkeypatch.setenv("VOILA_PREHEAT", "True")  # a preheated kernel: the env is stale
    _plain_python(monkeypatch)
    # the notebook never waits for the page: the job runs when the page is opened
    seen = []
    assert ui_query.at_address(lambda: seen.append(ui_query.query_string()) or "x") == ""
    assert ui_query.address_pending() and ui_query.query_string() == "" and seen == []
    opened.set()
    for t in threading.enumerate():
        if t.name == "hk-page-address":
            t.join(10)
    assert seen == ["scenario=a&step=2"] and len(calls) == 1
    assert not ui_query.address_pending()
    # once known, it is at hand at once, and jobs run now
    assert ui_query.at_address(lambda: ui_query.query_string()) == "scenario=a&step=2"
    assert len(calls) == 1


def test_a_preheated_walkthrough_opens_the_step_its_address_asks_when_opened(monkeypatch):
    from hordes_kit.ui.fantahzee.walkthrough import walkthrough

    opened = __import__("threading").Event()

    def waits_for_the_request():
        opened.wait(10)
        return {"QUERY_STRING": "scenario=fz-example-turn&step=3"}

    monkeypatch.setattr(ui_query, "_request_info", waits_for_the_request)
    monkeypatch.setattr(ui_query, "_preheated", None)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    _plain_python(monkeypatch)
    w = walkthrough()
    assert w.open_from_url() == "" and w.i == 0  # built at once, on the first page
    opened.set()
    for t in __import__("threading").enumerate():
        if t.name == "hk-page-address":
            t.join(10)
    assert w.scenario.id == "fz-example-turn" and w.i == 3


def test_the_query_parser_checks_the_parameters_a_page_reads():
    checks = {"scenario": one_of({"a", "b"}), "step": whole_number(0, 30), "q": words}
    assert parse_query("?scenario=b&step=3&other=1", checks) == {"scenario": "b", "step": 3}
    assert parse_query("q=%20two%20%20words", checks) == {"q": "two words"}
    for bad in ("scenario=c", "step=31", "step=-1", "step=٣", "step=1&step=2", "q=%00", "a=%ff"):
        with pytest.raises(InvalidInputError):
            parse_query(bad, checks)
    with pytest.raises(InvalidInputError, match="longer"):
        parse_query("q=" + "x" * MAX_QUERY, checks)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.from_regex(r"(step|scenario|q)=[^&]{0,20}(&[a-z]+=[^&]*){0,3}"))
def test_the_query_parser_fuzz_never_fails_any_other_way(text):
    checks = {"scenario": one_of({"a"}), "step": whole_number(0, 30), "q": words}
    try:
        out = parse_query(text, checks)
    except InvalidInputError:
        return
    assert set(out) <= set(checks)


def test_a_walkthrough_address_opens_that_step(monkeypatch):
    from hordes_kit.ui.the_horde.walkthrough import walkthrough

    sc = load_scenario(scenario_files("the_horde")[1])
    monkeypatch.setenv("QUERY_STRING", f"scenario={sc.id}&step=4")
    w = walkthrough()
    assert w.scenario.id == sc.id and w.i == 4
    assert sc.steps[3].say[:40] in w.narration.value and "step 4 of" in w.position.value
    monkeypatch.setenv("QUERY_STRING", "scenario=no-such-walkthrough")
    w = walkthrough()
    assert w.picker.value == 0 and w.i == 0 and "not known" in w.intro.value


# --- the first lessons -----------------------------------------------------------------


def test_the_first_lessons_are_registry_driven_and_sort_first():
    assert {g.name for g in LESSONS} >= {
        "fantahzee",
        "the-horde",
        "heroes-hordes",
        "shadows",
        "skytear",
    }
    for g in LESSONS:
        assert scenario_files(g.data_dir)[0].name == FIRST_LESSON


@pytest.mark.parametrize("game", LESSONS, ids=_ids(LESSONS))
def test_a_first_lesson_teaches_the_game_on_its_real_setup(game):
    lesson = first_lesson(game.data_dir)
    assert "position" not in lesson.config  # the engine's own setup, forced chance outcomes
    frames = run_scenario(lesson)
    cited = {r for f in frames for r in (f.step.rule, *f.step.also) if r}
    if entry(game.rule_prefix + "setup"):  # the rulebook has a Setup section
        assert game.rule_prefix + "setup" in cited, "the lesson shows the setup"
    terms = glossary(game.data_dir, game.rule_prefix)
    for word in ISSUE_WORDS.get(game.name, []):
        assert find_term(terms, word), f"{word!r} is not explained"
        text = (lesson.intro + " ".join(s.say + s.point_ask for s in lesson.steps)).lower()
        assert word.lower().rstrip("s") in text or find_term(terms, word).term.lower() in text
    assert "win" in lesson.intro.lower() and "goal" in lesson.intro.lower()
    assert sum(bool(f.step.point) for f in frames) >= 4


def _table(state) -> str:
    """A stand-in board: every thing of the table as a marked piece."""
    return "".join(f"<div data-thing='{t.id}'>{t.name}</div>" for t in things(state))


@pytest.mark.parametrize("game", LESSONS, ids=_ids(LESSONS))
def test_point_questions_are_checked_against_the_view(game):
    lesson = first_lesson(game.data_dir)
    w = WalkthroughPlayer([lesson], _table)
    terms = glossary(game.data_dir, game.rule_prefix)
    for f in w.frames:
        if not f.step.point:
            continue
        right = things_called(f.before, f.step.point)
        wrong = [t for t in things(f.before) if not t.is_a(f.step.point)]
        assert right and wrong, f.step.point
        # a wrong click: the player is told what they clicked and tries again (the answer
        # is neither named nor outlined, the question stays open)
        w.goto(f.index - 1)
        assert w.pending_point() is f and w.board.layout.display == "none"
        if w.i == 0:  # the set-up says how this question is answered: on the table
            assert "Click the thing the question below asks for" in w.narration.value
            assert "Answer the question" not in w.narration.value
            assert "gives the answer away" in w.question.children[0].value
        view = w.question.children[1]
        assert (
            f"point:{right[0].id}" in view.actions and "Your turn" in w.question.children[0].value
        )
        assert w.next_button.description == "Show me the answer ▶"
        view.click(f"point:{wrong[0].id}")
        assert w.i == f.index - 1 and w.pending_point() is f, "a wrong click is tried again"
        assert "✘" in w.feedback and "Try again" in w.feedback
        assert html.escape(wrong[0].name) in w.feedback
        assert html.escape(right[0].name) not in w.feedback.split("Try again")[0]
        assert "data-pointed" not in w.board.value
        assert w.question.children and "data-pointed" not in w.question.children[1].html
        # then the right click: named, outlined, explained, and the step goes on
        assert w.point(right[-1].id) and "✔" in w.feedback
        assert html.escape(find_term(terms, f.step.point).text) in w.feedback
        # no "Goblins pile is the attacks next": the thing is named, the term explained
        assert f"is the {html.escape(f.step.point)}" not in w.feedback
        assert f"data-thing='{right[-1].id}' data-pointed" in w.board.value
        # Show me the answer: gives it away (outlined), then Next moves on
        w.goto(f.index - 1)
        w.pointed.clear()
        w.goto(f.index - 1)
        w.next()
        assert w.i == f.index - 1 and "Here it is" in w.feedback
        assert f"data-thing='{right[0].id}' data-pointed" in w.board.value
        w.next()
        assert w.i == f.index


def test_a_board_that_draws_nothing_still_asks_by_name():
    lesson = first_lesson("fantahzee")
    w = WalkthroughPlayer([lesson], lambda s: "<p>no pieces here</p>")
    f = next(f for f in w.frames if f.step.point == "vanguard")
    w.goto(f.index - 1)
    view = w.question.children[1]
    assert set(view.actions) == {f"point:{t.id}" for t in things(f.before)}
    assert "Also on the table" in view.html and ">Stack E</button>" in view.html
    view.click("point:stack:E")
    assert "✔" in w.feedback


def _walkthrough_module(game):
    package = f"hordes_kit.ui.{game.data_dir}"
    if importlib.util.find_spec(package) is None:
        return None
    name = package + ".walkthrough"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


@pytest.mark.parametrize("game", LESSONS, ids=_ids(LESSONS))
def test_the_game_board_marks_what_a_lesson_points_at(game):
    module = _walkthrough_module(game)
    if module is None:
        pytest.skip(f"{game.name} has no walkthrough page yet")
    w = module.walkthrough()
    lesson = first_lesson(game.data_dir)
    w.open_at(lesson.id)
    for f in w.frames:
        if f.step.point:
            w.goto(f.index - 1)
            picture = w.question.children[1].html
            # every thing the view lists is a piece of the real board, none only a name
            for t in things(f.before):
                assert re.search(
                    rf"""data-thing=['"]{re.escape(t.id)}['"][^>]*data-pointable""", picture
                ), (f.step.point, t.id)
            assert "Also on the table" not in picture
            # a piece to click is named by what it shows (a pile's label would hide its cards)
            assert not re.search(r"""data-pointable="1"[^>]*aria-label""", picture)
            assert w.point(things_called(f.before, f.step.point)[0].id)
    # the whole lesson plays to its end the way a notebook's self-check does
    w.goto(0)
    while w.i < len(w.frames):
        q = w.pending_question()
        w.answer(q.step.move) if q else w.next()
    assert "hk-rule" in w.narration.value


# --- the glossaries --------------------------------------------------------------------


@pytest.mark.parametrize("game", LESSONS, ids=_ids(LESSONS))
def test_every_word_of_the_table_is_in_the_glossary(game):
    terms = glossary(game.data_dir, game.rule_prefix)
    assert len(terms) >= 10
    shown = seen(game.name)
    for kind in shown["kinds"]:
        assert find_term(terms, kind), (
            f"the table shows a {kind!r}; the glossary does not explain it"
        )
    names = shown["names"] | player_names(game)
    missing = undefined_words(shown["texts"], terms, names)
    assert not missing, f"words on screen the glossary does not explain: {missing}"


def test_the_glossary_check_sees_a_word_taken_out():
    terms = dict(glossary("fantahzee", "fantahzee."))
    shown = seen("fantahzee")
    names = shown["names"] | player_names(get_game("fantahzee"))
    assert not undefined_words(shown["texts"], terms, names)
    del terms["Counterattack"]
    assert "Counterattack" in undefined_words(shown["texts"], terms, names)


# --- the index -------------------------------------------------------------------------


def test_the_index_starts_each_game_with_its_first_lesson_and_ends_with_the_lookup():
    page = index_html()
    for g in LESSONS:
        link = lesson_link(g)
        if not link:
            continue  # no walkthrough page yet: the lesson waits for it
        block = page[page.index(f"<h2>{g.title.replace('&', '&amp;')}</h2>") :]
        first = re.search(r'href="([^"]+)"', block).group(1)
        assert first == link.replace("&", "&amp;") and "Start here." in block.split("</li>")[0]
    for d in KIT_PAGES:
        assert (
            f'href="{d.notebook}"' in page
            and (data_path().parent / "notebooks" / d.notebook).is_file()
        )


def test_every_page_reads_its_address_through_at_address():
    """A preheated kernel learns its address only when the page is opened: a function that
    reads it (page_query) must run through ui.query.at_address, or a preheated page would
    ignore its link (or, waiting in the notebook, break after the server's cell limit)."""
    import ast
    from pathlib import Path

    import hordes_kit.ui

    root = Path(hordes_kit.ui.__file__).parent
    # one call graph over every page module: a board's deferred function may call the
    # shared-table panel's reader in another module
    deferred: set[str] = set()
    calls: dict[str, set[str]] = {}
    functions = []
    for path in root.rglob("*.py"):
        if path.name == "query.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deferred |= {
            a.attr if isinstance(a, ast.Attribute) else getattr(a, "id", "")
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "at_address"
            for a in node.args
        }
        for f in ast.walk(tree):
            if isinstance(f, ast.FunctionDef):
                functions.append((path, f))
                calls.setdefault(f.name, set()).update(
                    getattr(n.func, "attr", getattr(n.func, "id", ""))
                    for n in ast.walk(f)
                    if isinstance(n, ast.Call)
                )
    grown = True
    while grown:  # what a deferred function calls runs deferred too
        more = set().union(*(calls.get(name, set()) for name in deferred)) - deferred
        grown = bool(more)
        deferred |= more
    for path, fn in functions:
        reads = any(
            isinstance(n, ast.Call) and getattr(n.func, "id", "") == "page_query"
            for n in ast.walk(fn)
        )
        assert not reads or fn.name in deferred, f"{path.name}: {fn.name} reads the address"
