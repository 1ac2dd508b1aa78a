"""The Skytear walkthrough page: every scenario steps through with a rule on each step and
no internal codes on screen, questions graded by their kind (a rule question legal or
illegal per the engine, a choice question against the book's), the first lesson first,
the page address opening a step, and the rules quiz answered by the engine."""

from __future__ import annotations

import re

import pytest

from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.core.lookup import entry
from hordes_kit.core.scenario import FIRST_LESSON, load_scenario, run_scenario, scenario_files
from hordes_kit.skytear.game import new_game
from hordes_kit.skytear.view import label
from hordes_kit.skytear.vocabulary import EFFECTS
from hordes_kit.skytear.words import ability_words
from hordes_kit.ui.skytear.walkthrough import RulesQuiz, rule_choices, walkthrough

SCENARIOS = [load_scenario(p) for p in scenario_files("skytear")]
# what must never reach the screen: an action id, a rule id, the card file's ability code
CODES = re.compile(
    r"\b(?:play|lane|use|draw|reinforce|minion|boost|bless|card|horde|treachery|target|pick"
    r"|market|action|offer|top|mulligan):[a-z0-9-]+"
    r"|\bskytear\.[a-z]"
    r"|\b(?:fight|play|destroyed|exhaust|pillage|static|turn|treachery)[a-z0-9, ]*: (?:"
    + "|".join(EFFECTS)
    + r") [a-z0-9-]+"
)


@pytest.fixture(scope="module")
def player():
    return walkthrough()


def _visible(w) -> str:
    """The words on screen (tags and the rule chips' links stripped)."""
    text = w.narration.value + w.board.value + w.intro.value
    text += " ".join(getattr(c, "value", "") for c in w.question.children)
    text += " ".join(b.description for c in w.question.children for b in getattr(c, "children", ()))
    text = re.sub(r"href='[^']*'", "", text)
    return re.sub(r"<[^>]+>", " ", text)


def test_the_first_lesson_comes_first_and_every_scenario_is_offered(player):
    assert scenario_files("skytear")[0].name == FIRST_LESSON
    assert [s.id for s in player.scenarios] == [s.id for s in SCENARIOS]
    assert player.scenario.id == "sky-first-lesson" and len(SCENARIOS) >= 15


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_step_shows_its_rule_and_no_internal_code(player, sc):
    player.open_at(sc.id)
    assert not CODES.search(_visible(player)), CODES.search(_visible(player))
    while player.i < len(player.frames):
        q = player.pending_question()
        if q is not None:
            offered = player.offered(q)
            assert q.step.move in offered
            assert not q.before.is_chance, "a question is asked where a player decides"
            player.answer(q.step.move)
        else:
            player.next()
        if player.i == 0:  # a point question before the first step: its answer shown
            continue
        f = player.frames[player.i - 1]
        chips = re.findall(r"<details class='hk-rule-chip", player.narration.value)
        assert chips, (f"{sc.id} step {f.index} shows no rule", player.narration.value[:300])
        for rid in filter(None, (f.step.rule, *f.step.also)):
            assert entry(rid) is not None, rid
            assert entry(rid).rule.title in player.narration.value
        seen = _visible(player)
        assert not CODES.search(seen), (sc.id, f.index, CODES.search(seen))
        assert "data-thing=" in player.board.value  # the table is drawn at every step


def _question(w, scenario_id: str, grade: str):
    w.open_at(scenario_id)
    f = next(f for f in w.frames if f.step.ask and f.step.grade == grade)
    w.goto(f.index - 1)
    w.answered.discard(f.index)
    return f


@pytest.mark.parametrize(
    ("scenario_id", "illegal", "why"),
    [
        ("sky-first-game", "reinforce:ratamil-minions", "lowest health"),
        ("sky-portal-outsider", "lane:2", "already holds Sunlit Pikeman"),
        ("sky-coop", "boost:split", "2 or more"),
    ],
)
def test_a_rule_question_is_graded_legal_or_illegal_by_the_engine(
    player, scenario_id, illegal, why
):
    f = _question(player, scenario_id, "rule")
    offered = player.offered(f)
    legal = set(f.before.legal_actions())
    assert illegal in offered and illegal not in legal and f.step.move in legal
    assert player.answer(illegal) is False
    g = player.grade
    assert g.kind == "rule" and not g.legal and why in g.reason
    assert "Not legal" in player.feedback and why in player.feedback
    # not played: the question stays open, the refused answer is offered no more
    assert "Try again" in player.feedback and player.i == f.index - 1
    assert player.pending_question() is f and illegal in player.tried
    buttons = {b.description: b for b in player.question.children[1].children}
    assert any(d.startswith("✘") and b.disabled for d, b in buttons.items())
    assert "plays:" not in player.feedback  # the answer is not given away
    # the book's move: the step shows
    assert player.answer(f.step.move) is True and player.i == f.index
    # a legal answer other than the book's is legal, not "wrong"
    other = next(a for a in offered if a in legal and a != f.step.move)
    _question(player, scenario_id, "rule")
    assert player.answer(other) is True
    assert player.grade.legal and "✔ Legal" in player.feedback


def test_every_rule_question_offers_a_move_the_rules_forbid(player):
    for sc in SCENARIOS:
        for i, step in enumerate(sc.steps):
            if step.ask and step.grade == "rule":
                player.open_at(sc.id)
                f = player.frames[i]
                offered = rule_choices(f.before, step.move)
                assert set(offered) - set(f.before.legal_actions()), (sc.id, step.move)


def test_a_choice_question_scores_the_players_choice_against_the_books(player):
    f = _question(player, "sky-first-game", "choice")
    other = next(a for a in player.offered(f) if a != f.step.move)
    assert player.answer(other) is False
    g = player.grade
    assert g.kind == "choice" and g.legal and not g.same_as_book
    assert "Legal, and the book chose differently" in player.feedback
    assert label(f.before, other) in player.feedback and label(f.before, f.step.move) in (
        player.feedback
    )
    _question(player, "sky-first-game", "choice")
    assert player.answer(f.step.move) is True and "The book's choice" in player.feedback


def test_the_page_address_opens_a_step(monkeypatch):
    sc = SCENARIOS[3]
    monkeypatch.setenv("QUERY_STRING", f"scenario={sc.id}&step=2")
    w = walkthrough()
    assert w.scenario.id == sc.id and w.i == 2 and "step 2 of" in w.position.value
    assert sc.steps[1].say[:40] in w.narration.value
    monkeypatch.setenv("QUERY_STRING", "scenario=nope&step=2")
    w = walkthrough()
    assert w.scenario.id == SCENARIOS[0].id and "not known" in w.intro.value


def test_card_text_is_in_words():
    from hordes_kit.skytear.abilities import parse_ability

    assert ability_words(parse_ability("fight: damage castle 1")) == (
        "Fight: 1 damage to the castle."
    )
    assert ability_words(parse_ability("exhaust, mana 1: heal most-wounded-ally 2")) == (
        "Exhaust, pay 1 mana: The MOST WOUNDED ally gains 2 health."
    )


def test_the_quiz_names_the_monsters_and_every_explanation_says_its_rule():
    # a new player answered "lane 5" to a question that named no monster, and was told
    # "The answer is Plank Walker"; a right answer's "the fight has no dice" taught nothing
    quiz = RulesQuiz()
    i, q = next((i, q) for i, q in enumerate(quiz.questions) if q.kind == "boosted")
    assert "Plank Walker" in q.ask and "Skyboot Gunner" in q.ask
    assert set(q.choices) == {"Skyboot Gunner (lane 2)", "Plank Walker (lane 5)"}
    quiz.goto(i)
    assert quiz.submit("Plank Walker (lane 5)") and "rightmost" in quiz.feedback.value
    for q in quiz.questions:
        titles = [entry(r).rule.title for r in q.rules]
        assert titles and all(t in q.why for t in titles), (q.ask, q.why)
    castle = [q for q in quiz.questions if q.kind == "castle"]
    assert all("castle" in q.why and "strike" in q.why for q in castle)


def test_a_chance_questions_explanation_works_its_answer_out():
    # questions 1 and 2 (a draw's chance) explained themselves by "Every player starts with
    # a hand of five cards" alone, the treachery forecast by the rules' titles: right or
    # wrong, a player learnt nothing of why it is 67% or 13% or 50%
    quiz = RulesQuiz()
    chances = [q for q in quiz.questions if q.kind in ("draw", "forecast")]
    assert len(chances) >= 3
    for q in chances:
        said = q.why.split("The rule —")[0]
        assert q.answer in said and "/" in said, (q.ask, q.why)
    first, second = quiz.questions[:2]
    assert "shuffled" in first.why and "6/10 × 5/9 = 1/3" in first.why and "1 − 1/3" in first.why
    assert "5/40 = 1/8" in second.why and "12.5%" in second.why
    fore = next(q for q in chances if q.kind == "forecast")
    assert "Cannon Volley (2 of the 4 cards): the castle takes 5" in fore.why


def test_the_rules_quiz_is_answered_by_the_engine():
    quiz = RulesQuiz()
    assert len(quiz.questions) >= 5
    q = quiz.questions[0]
    assert quiz.submit(str(q.answer)) and "✔" in quiz.feedback.value
    quiz.goto(1)
    assert not quiz.submit("no such answer")


def test_bless_says_why_anyone_would_choose_damage(player):
    # a new player: "choosing damage wounds your own ally" - the rule box at the question
    # says what damage tokens are for, and a walkthrough plays such a choice
    player.open_at("sky-first-lesson")
    f = next(f for f in player.frames if f.step.move == "bless:health")
    player.goto(f.index)
    assert "After this card is damaged" in player.narration.value
    assert "on purpose" in entry("skytear.keywords.bless").rule.text
    demo = next(s for s in SCENARIOS if s.id == "sky-bless-damage")
    assert any(step.move == "bless:damage" for step in demo.steps)


FACES = re.compile(r"\bfac(?:es|ing) (?:the|a|an) ((?:[A-Z][\w'-]*)(?: [A-Z][\w'-]*)*)")


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_a_step_says_a_card_faces_only_a_card_on_the_table(sc):
    # the colossal walkthrough said the Scrap Collector "now faces the Pikeman", two steps
    # after the Pikeman was destroyed
    for f in run_scenario(sc):
        names = {u.card and f.after.name(u.card) for _, _, u in f.after.units()} - {""}
        for said in FACES.findall(f.step.say):
            assert any(said in n for n in names), (sc.id, f.index, said, sorted(names))


def test_the_portal_says_whose_numbers_it_shows_and_what_its_pile_is(player):
    # the enchanter walkthrough said "you gain the portal's 2 mana" while the portal read
    # "Mana boost 3" (already turned for the next horde phase), unexplained
    player.open_at("sky-enchanter", 1)  # in the horde phase, before the portal turns
    assert "This horde phase: wave 1, reinforce 1, mana boost +2" in player.board.value
    player.open_at("sky-enchanter", 2)  # the portal has turned
    assert "Next horde phase: wave 2, reinforce 0, mana boost +3" in player.board.value
    assert "why it reads 3" in player.narration.value
    assert "Portal pile (face up, solo faces)" in player.board.value
    pile = find_term(glossary("skytear", "skytear."), "portal pile")
    assert pile and "co-op" in pile.text and "stage I on top" in pile.text


def test_the_reactions_rule_box_is_the_reading_the_table_plays_with_the_books_words(player):
    # the walkthrough showed "cards with a Play ability and Exhaust abilities" (the book's
    # list) while the kit's default reading allows only cards with the treachery symbol
    assert not any(
        "skytear.treachery.reactions" in (st.rule, *st.also) for sc in SCENARIOS for st in sc.steps
    )
    player.open_at("sky-coop")
    f = next(f for f in player.frames if f.step.move == "play:entangle")
    player.goto(f.index)
    box = player.narration.value
    assert "treachery symbol" in box and "Play cards with a" in box and "Please note" in box
    for reading, rule in (("symbol", "ruling.reactions"), ("any", "treachery.reactions")):
        s = new_game({"reactions": reading, "position": {"phase": "treachery"}})
        s = s.apply("treachery:broadside")
        cited = [e.rule for e in s.log if "reactions" in e.text.lower()]
        assert cited and set(cited) == {"skytear." + rule}, (reading, cited)


def test_free_lane_has_one_definition_the_glossarys():
    # a walkthrough said "a free lane (no alliance card, no monster)", the glossary "a lane
    # without alliance cards"
    words = glossary("skytear", "skytear.")
    free, empty = find_term(words, "Free Lane"), find_term(words, "Empty Lane")
    assert free is empty and "without alliance cards" in free.text
    assert "FREE LANE" in " ".join(q.words for q in entry(free.rule).rule.quotes)
    for sc in SCENARIOS:
        for text in (sc.intro, *(st.say for st in sc.steps), *(st.ask for st in sc.steps)):
            for said in re.findall(r"free lanes? \(([^)]*)\)", text or ""):
                assert (
                    said.startswith("no alliance card") and "no monster" not in said.split(":")[0]
                )


def test_the_treachery_card_in_the_discard_pile_is_a_thing_of_its_own(player):
    # first lesson: "click the treachery card", which the board listed inside the discard
    # pile, and a click on it answered "That is the horde discard pile"
    player.open_at("sky-first-lesson")
    f = next(f for f in player.frames if f.step.point == "treachery card")
    player.goto(f.index - 1)
    board = player.board.value
    card = board.index('data-thing="treachery"')
    pile = board.index('data-thing="horde-discard"')
    end = board.index('data-thing="outsider-pile"')
    assert card < pile < end and "Skyboot Deckhand" in board[card:pile]  # on the pile
    listed = re.findall(r"<span class='hk-chip'[^>]*>([^<]*)</span>", board[pile:end])
    assert "Skyboot Deckhand" not in listed  # not also a card of the pile's list


def test_the_walkthrough_table_says_which_outsider_pile_cards_wait_for_the_next_turn(player):
    # the full-lanes walkthrough showed the Pirate Lord and the Plank Walker in the outsider
    # pile with nothing saying they wait until the next turn (the play board says it)
    player.open_at("sky-full-lanes", 2)
    board = player.board.value
    pile = board[board.index('data-thing="outsider-pile"') :]
    assert "no room this turn, summoned next turn" in pile
    assert "Pirate Lord, Plank Walker: no room this turn" in pile
    player.open_at("sky-first-lesson")  # nothing waits: nothing said
    assert "summoned next turn" not in player.board.value


def test_the_outsider_pile_glossary_entry_says_a_card_with_no_room_waits():
    # the glossary said the pile's cards are "all summoned in the horde phase"; since the
    # book's full-lanes rule a card that found no room waits there for the next turn
    pile = find_term(glossary("skytear", "skytear."), "outsider pile")
    assert "all summoned" not in pile.text
    assert "finds no room" in pile.text and "waits for the next turn" in pile.text


def test_the_walkthroughs_castle_card_reads_as_the_boards():
    # the walkthrough's Pools of Flyema said only "Exhaust, pay 1 mana: draw a card", the
    # board's and the card reference's also its own "pay 2 mana: an ally gains 2 health"
    from hordes_kit.ui.skytear.picture import table_html as walk_table
    from hordes_kit.ui.skytear.table import table_html as board_table

    s = new_game({"castle": "Pools of Flyema"})
    for drawn in (walk_table(s), board_table(s)):
        assert "Exhaust, pay 1 mana: draw a card; Exhaust, pay 2 mana: An ally gains 2" in drawn


def test_no_walkthrough_tells_the_kits_own_history():
    # the Hatching walkthrough's intro said "(The kit used to reveal it at once ...)": a
    # player reads the rules and the table's readings, not how the kit once played
    from hordes_kit.core.scenario import scenario_files

    for path in scenario_files("skytear"):
        sc = load_scenario(path)
        words = " ".join([sc.intro, sc.title, *(st.say for st in sc.steps if st.say)])
        for slip in ("the kit used to", "used to reveal", "bug", "before the fix"):
            assert slip not in words.lower(), (sc.id, slip)
