"""Every walkthrough of the five games answers a question the same way (issue 46, the
notes): a move the rules forbid is not played and the player tries again; ◀ Back over a
question asks it again; the example's moves are "the book's" only in the rulebook's own
examples ("the walkthrough's" elsewhere); a tie by the odds is named as a tie in the words
and in the table; where the example's move is not the best by the odds, the step says
why."""

from __future__ import annotations

import html
import re

import pytest
from ui_harness import without_rule_boxes

from hordes_kit.core.pointing import things_called


def _walkthroughs():
    from hordes_kit.ui.fantahzee.walkthrough import walkthrough as fantahzee
    from hordes_kit.ui.heroes_hordes.walkthrough import walkthrough as heroes_hordes
    from hordes_kit.ui.shadows.walkthrough import walkthrough as shadows
    from hordes_kit.ui.skytear.walkthrough import walkthrough as skytear
    from hordes_kit.ui.the_horde.walkthrough import walkthrough as the_horde

    return {
        "fantahzee": fantahzee,
        "the-horde": lambda: the_horde(games=200, runs=80),  # quick figures: words only
        "heroes-hordes": heroes_hordes,
        "skytear": skytear,
        "shadows": shadows,
    }


GAMES = list(_walkthroughs())


def _visible(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def _offered(w, f) -> list[str]:
    return list(w.answers(f)) if hasattr(w, "answers") else w.offered(f)


def _questions(w):
    for i, sc in enumerate(w.scenarios):
        w.load(i)
        for f in w.frames:
            if f.step.ask:
                yield i, sc, f


def _asks(w, f) -> bool:
    """The walkthrough asks question ``f`` now (a reloaded scenario has new frames)."""
    q = w.pending_question()
    return q is not None and q.index == f.index


@pytest.fixture(scope="module")
def players():
    return {name: make() for name, make in _walkthroughs().items()}


@pytest.mark.parametrize("game", GAMES)
def test_a_move_the_rules_forbid_is_tried_again(players, game):
    w = players[game]
    refused = 0
    for i, sc, f in list(_questions(w)):
        legal = set(f.before.legal_actions())
        illegal = [a for a in _offered(w, f) if a not in legal]
        if not illegal:
            continue
        refused += 1
        w.load(i)
        w.goto(f.index - 1)
        w.answer(illegal[0])
        where = f"{sc.id} step {f.index}"
        assert w.i == f.index - 1 and _asks(w, f), f"{where}: not played"
        assert "Try again" in _visible(w.feedback), where
        assert w.next_button.disabled, where
        tried = [b for b in w.question.children[1].children if b.disabled]
        assert len(tried) == 1 and tried[0].description.startswith("✘"), where
        w.answer(f.step.move)
        assert w.i == f.index and not _asks(w, f), where
    assert refused, f"{game}: no rule question offers a move the rules forbid"


@pytest.mark.parametrize("game", GAMES)
def test_back_over_a_question_asks_it_again(players, game):
    w = players[game]
    i, sc, f = next(_questions(w))
    w.load(i)
    w.goto(f.index - 1)
    w.answer(f.step.move)
    assert w.i == f.index and w.pending_question() is None
    w.back()
    assert w.i == f.index - 1 and _asks(w, f), f"{sc.id}: asked again"
    assert w.next_button.disabled and w.question.children
    w.next()  # Next does not skip it
    assert w.i == f.index - 1
    # a "point at it" question too: Back brings it back
    lesson = next(k for k, s in enumerate(w.scenarios) if any(st.point for st in s.steps))
    w.load(lesson)
    p = next(f for f in w.frames if f.step.point)
    w.goto(p.index - 1)
    assert w.point(things_called(p.before, p.step.point)[0].id)
    w.next()
    assert w.i == p.index
    w.back()
    assert (
        w.pending_point().index == p.index and w.next_button.description == "Show me the answer ▶"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_book_is_named_only_for_the_rulebooks_own_examples(players, game):
    w = players[game]
    seen = set()
    for i, sc, f in list(_questions(w)):
        w.load(i)
        w.goto(f.index - 1)
        legal = set(f.before.legal_actions())
        other = next((a for a in _offered(w, f) if a in legal and a != f.step.move), None)
        w.answer(other or f.step.move)
        # the grade's own words: a rule box beside it quotes the book's rule, which is the
        # book's to say (the rule's words, not a claim that the book plays this example)
        words = _visible(without_rule_boxes(w.feedback)).lower()
        where = f"{sc.id} step {f.index}"
        if sc.from_rulebook:
            assert "the walkthrough" not in words, where
        else:
            assert "book" not in words, f"{where}: the rulebook has no such example"
            assert "the walkthrough" in words or other is None, where
        seen.add(sc.from_rulebook)
    assert False in seen, f"{game}: a walkthrough written for the kit asks a question"


def test_a_tie_by_the_odds_is_named_a_tie_in_the_words_and_the_table():
    """Maureen's Alchemist: five dice values are worth the same; the advice names the
    tie, and the table tags every one of them "tied best", the book's first."""
    from hordes_kit.ui.fantahzee.walkthrough import walkthrough

    w = walkthrough()
    w.open_at("fz-example-turn")
    f = next(f for f in w.frames if f.step.move == "activate:4.alchemist:6")
    w.goto(f.index - 1)
    w.answer(f.step.move)
    g = w.grade
    assert len(g.tied) == 5 and g.best == f.step.move and set(g.tied) == set(g.best_moves)
    words = _visible(w.feedback)
    assert "a tie of 5 moves" in words and "Best by the odds (the book's)" not in words
    tags = re.findall(
        r"<tr class='(hk-best|hk-tie)'><td>([^<]*)<span class='hk-tag[^']*'>([^<]*)<", w.feedback
    )
    assert [t[2] for t in tags] == ["tied best"] * 5
    assert html.unescape(tags[0][1]).startswith("Activate Alchemist with 6 (the book's choice)")
    assert "as good" not in words and ">best<" not in w.feedback


def test_a_discard_is_named_whole():
    """Ambush 1 on Maureen's party: losing the Alchemist (strength 0) takes the Sergeant
    too; the advice and its table name both."""
    from hordes_kit.ui.fantahzee.advice import decision
    from hordes_kit.ui.fantahzee.walkthrough import walkthrough

    w = walkthrough()
    w.open_at("fz-example-turn")
    f = next(f for f in w.frames if f.step.move == "lose:5.sergeant")
    d = decision(f.before)
    assert d.labels["lose:4.alchemist"] == "Discard Alchemist, then Sergeant"
    w.goto(f.index - 1)
    w.answer("lose:4.alchemist")
    words = _visible(w.feedback)
    assert "Discard Alchemist, then Sergeant" in words
    assert not re.search(r"Discard Alchemist\s+(tied )?best", words)


def test_where_the_example_is_not_the_best_by_the_odds_the_step_says_why():
    """Every choice question of the three games with odds behind their questions, with the
    figures the page shows (The Horde: its page's number of games)."""
    from hordes_kit.ui.fantahzee.walkthrough import walkthrough as fantahzee
    from hordes_kit.ui.heroes_hordes import advice
    from hordes_kit.ui.heroes_hordes.walkthrough import walkthrough as heroes_hordes
    from hordes_kit.ui.the_horde.walkthrough import walkthrough as the_horde

    differ = []
    for w in (fantahzee(), the_horde(), heroes_hordes()):
        for i, sc, f in list(_questions(w)):
            legal = set(f.before.legal_actions())
            if f.step.grade == "rule" or any(a not in legal for a in w.offered(f)):
                continue
            order = [f.step.move, *(m for m in w.offered(f) if m != f.step.move)]
            if w.best is not None:
                found = w.best(f.before, order)
                best = (found,) if isinstance(found, str) else tuple(found or ())
            else:
                best = (advice.advised_move(f.before),)
            if not best or f.step.move in best:  # no odds here, or the example is best
                continue
            where = f"{sc.id} step {f.index}"
            differ.append(where)
            assert f.step.because, f"{where}: say why the example plays it"
            w.load(i)
            w.goto(f.index - 1)
            w.answer(f.step.move)
            assert html.escape(f.step.because) in w.feedback, where
            assert "hk-because" in w.feedback and "Why " in _visible(w.feedback), where
    assert "th-first-year step 25" in differ  # the Healing Rock: keeping it is better


QUIZ_GAMES = {
    "the-horde": "hordes_kit.the_horde.quiz",
    "heroes-hordes": "hordes_kit.heroes_hordes.quiz",
    "skytear": "hordes_kit.skytear.quiz",
    "shadows": "hordes_kit.shadows.quiz",
}


@pytest.mark.parametrize("game", sorted(QUIZ_GAMES))
def test_the_quiz_asks_only_what_the_walkthroughs_showed_and_in_their_order(game):
    """The quiz under the walkthroughs asked what no step had taught yet (issue 46): every
    question names the rules it draws on, some walkthrough step shows each of them, and the
    questions come in the order the walkthroughs show them; the answer says where."""
    import importlib

    from hordes_kit.core.quiz import teaching_place
    from hordes_kit.core.registry import get_game
    from hordes_kit.core.rules_index import rule_index
    from hordes_kit.ui.quiz import QuizPlayer

    g = get_game(game)
    questions = importlib.import_module(QUIZ_GAMES[game]).load_quiz()
    rules = rule_index(g.data_dir, g.rule_prefix)
    places = []
    for n, q in enumerate(questions, 1):
        assert q.rules, f"question {n} names no rule it draws on"
        assert all(r in rules for r in q.rules), (n, q.rules)
        place = teaching_place(q, g.data_dir)
        assert place is not None, f"question {n}: no walkthrough step shows {q.rules}"
        places.append(place)
    assert places == sorted(places), "the quiz follows the walkthroughs' order"
    quiz = QuizPlayer(questions, theme=game)
    quiz.goto(len(questions) - 1)
    quiz.submit(questions[-1].answer)
    assert f"step {places[-1].step}." in quiz.feedback.value
    assert html.escape(places[-1].title) in quiz.feedback.value
