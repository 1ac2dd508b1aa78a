"""Shadows' tutor says which words are the book's (issue 43, part 4): a new player's notes.

Shield Points said one way everywhere (and the engine plays it so), the log saying when a
stunned card comes back, passing and the Monsters' draw said, a move that does nothing
never advised, odds that say what they measure, the table's piles by the book's names, the
quiz teaching the deck before asking about it, the odds page's icons in words.
"""

from __future__ import annotations

import html
import re
import sys
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from hordes_kit.core.data import data_path, read_toml
from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.core.pointing import things_called
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.core.state import evolve
from hordes_kit.shadows.advice import decision_odds, idle_moves
from hordes_kit.shadows.cardref import cards as card_refs
from hordes_kit.shadows.flow import cleanup
from hordes_kit.shadows.quiz import load_quiz
from hordes_kit.shadows.state import Placed
from hordes_kit.shadows.words import card_kind_short
from hordes_kit.ui.shadows.advice import move_figure, odds_table, reveal_html
from hordes_kit.ui.shadows.faces import leader_face
from hordes_kit.ui.shadows.table import table_html
from hordes_kit.ui.shadows.walkthrough import grade

sys.path.insert(0, str(Path(__file__).parent))
from shadows_helpers import position, to_combat  # noqa: E402

RULES = rule_index("shadows", "shadows.")
TERMS = glossary("shadows", "shadows.")


def _scenario(part: str):
    path = next(p for p in scenario_files("shadows") if part in p.name)
    return load_scenario(path)


# --- Shield Points: which recover and when, said one way ---------------------------------


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;])\s+", text) if s]


def _shield_texts() -> list[tuple[str, str]]:
    """Every Shadows text a player reads that can speak of Shield Points coming back."""
    out = [(f"glossary {t.term}", t.text) for t in TERMS.values()]
    out += [(f"rule {r.id}", r.text) for r in RULES.values()]
    out += [(f"card {c.key}", c.text) for c in card_refs()]
    out.append(("Leader card face", leader_face(position()).text))
    raw = read_toml(data_path("shadows", "cards.toml"))
    out.append(("cards.toml leader note", raw["leader"]["note"]))
    for p in scenario_files("shadows"):
        sc = load_scenario(p)
        out += [(f"{sc.id} step {i}", st.say) for i, st in enumerate(sc.steps, 1)]
    return out


def test_no_text_says_shield_points_never_recover_and_the_one_rule_names_each_field():
    for where, text in _shield_texts():
        for s in _sentences(text):
            if "shield point" not in s.lower():
                continue
            # "do not recover" with nothing said of which do: the note a new player found
            flat = re.search(r"\b(do not|don't|never|not) recover", s, re.I)
            assert not flat or ("Leader" in s and "unless" in s), (where, s)
    rule = RULES["shadows.shield.recover"]
    for words in ("Combat Field", "CleanUp", "Leader card", "Station Field", "Item", "KnockDown"):
        assert words in rule.text, words
    assert {q.section for q in rule.quotes} >= {"Recovering Shield Points"}
    for term in ("Shield Points", "Recovering Shield Points"):
        t = find_term(TERMS, term)
        assert t.rule == "shadows.shield.recover" and "Leader card" in t.text, term
    # the ruling on which are marked first says the same
    assert "CleanUp" in RULES["shadows.ruling.shield-order"].text


def test_the_engine_recovers_shield_points_as_the_rule_says():
    s = position()
    st = s.seats[0]
    s = evolve(
        s,
        phase="buildup",
        stage="study",
        tasks=(),
        leader_broken=1,
        seats=s.seat_with(
            0,
            combat=(Placed("shoulder-charge", broken=1),),
            station=tuple(
                evolve(p, broken=1) if p.card == "battle-hardened" else p for p in st.station
            ),
            items=(Placed("leather-vest", broken=1),),
            deck=tuple(c for c in st.deck if c != "shoulder-charge"),
        ),
    )
    assert "battle-hardened" in [p.card for p in s.seats[0].station]
    after = cleanup(s)
    seat = after.seats[0]
    assert after.leader_broken == 0  # the Leader card passed on: unmarked again
    assert "shoulder-charge" in seat.deck and not seat.combat  # back to the deck, unmarked
    assert next(p for p in seat.station if p.card == "battle-hardened").broken == 1
    assert next(p for p in seat.items if p.card == "leather-vest").broken == 1


# --- Stun: the log says when a card is stunned and when it comes back ----------------------


def test_the_log_says_when_a_stunned_card_comes_back():
    s = to_combat(
        position(),
        [["heavy-blow", "sword-strike", "the-fist"], ["magic-missile", "ward", "arcane-bolt"]],
    )
    while s.round < 4:
        t, legal = s.top(), s.legal_actions()
        if t.kind == "!turn" and t.seat == 0 and "lay:heavy-blow" in legal:
            s = s.apply("lay:heavy-blow")
        elif t.kind == "!target":
            s = s.apply("target:monster" if "target:monster" in legal else legal[0])
        else:
            s = s.apply("pass" if "pass" in legal else legal[0])
        if s.round == 3 and s.phase == "plan":  # sitting out round 3: not to be chosen
            assert "heavy-blow" not in s.seats[0].deck
            assert [p.card for p in s.seats[0].stunned] == ["heavy-blow"]
    texts = [e.text for e in s.log if "Heavy Blow" in e.text]
    used = next(t for t in texts if "Delay I" in t)
    assert "sits out round 3" in used and "back in the Current Deck at round 3's CleanUp" in used
    assert any("goes to the Stunned Area" in t and "round 3's CleanUp" in t for t in texts)
    back = next(t for t in texts if "no Stun token left" in t)
    assert "Current Deck" in back and "round 4" in back
    assert "heavy-blow" in s.seats[0].deck and not s.seats[0].stunned


# --- passing, and how each level's Monster is picked ---------------------------------------


def test_a_page_says_a_player_who_passed_does_not_come_back_to_that_step():
    term = find_term(TERMS, "pass")
    assert term is not None and term.rule == "shadows.combat.pass"
    assert "may not come back to that step" in term.text and "later" in term.text
    quote = " ".join(q.words for q in RULES["shadows.combat.pass"].quotes)
    assert "they may not return to that step later in the round" in quote
    # and the engine plays it so: Ann passes Step 1, Ben plays on, Ann's next turn is Step 2
    hands = [["sword-strike", "the-fist", "search"], ["lightning-touch", "magic-missile", "ward"]]
    s = to_combat(position(), hands)
    # Ann (the Leader) has no Initiative 1 card and has passed; Ben plays in Step 1
    assert s.step == 1 and s.top().seat == 1 and s.top().kind == "!turn"
    assert s.log[-1].text.endswith("passes Initiative Step 1.")
    s = s.apply("lay:lightning-touch")
    while s.top().seat != 0 or s.top().kind != "!turn":
        s = s.apply("pass" if "pass" in s.legal_actions() else s.legal_actions()[0])
    assert s.step == 2


def test_a_page_says_how_each_levels_monster_is_picked():
    term = find_term(TERMS, "Prepare Monsters")
    assert term is not None and term.rule == "shadows.setup.monsters"
    assert "at random from each level" in term.text
    rule = RULES["shadows.setup.monsters"]
    assert "Draw 1 Monster card from each different level" in rule.quotes[0].words
    first = _scenario("first-lesson").steps[0]
    assert "shadows.setup.monsters" in (first.rule, *first.also)
    assert "drawn at random from each level" in first.say
    # the engine draws the level I Monster at random among the level I cards
    frames = run_scenario(_scenario("first-lesson"))
    at = next(f.before for f in frames if f.step.chance and f.step.move.startswith("monster:"))
    outcomes = dict(at.chance_outcomes())
    levels = {m.id: m.level for m in at.data.monsters}
    assert outcomes and {levels[o.split(":")[1]] for o in outcomes} == {1}
    assert len(set(outcomes.values())) == 1 and sum(outcomes.values()) == 1


# --- odds: a move that does nothing is not advised; odds say what they measure -------------


def test_a_move_that_does_nothing_is_never_advised_and_says_so():
    # the FAQ's Attack for 0 damage is not a legal use at all (issue 43 part 1): the step
    # asks which card Robert may lay first, and Strike Weakness is refused by its rule
    frames = run_scenario(_scenario("faq-zero-damage"))
    f = next(x for x in frames if x.step.move == "lay:silent-ward")
    assert "lay:strike-weakness" not in f.before.legal_actions()
    g = grade(f.before, "lay:strike-weakness", f.step.move, RULES)
    text = html.unescape(re.sub(r"<[^>]+>", " ", g["html"]))
    assert g["rule"] == "shadows.attack.zero" and "0 damage" in text
    # a legal move that changes nothing passing would not: a Response laid at its own
    # Initiative Step, answering nothing
    s = position([{"hero": "akintunde"}, {"hero": "ahti"}])
    s = evolve(s, seats=s.seat_with(1, deck=tuple(sorted(s.seats[1].deck + ("vanish",)))))
    s = to_combat(
        s, [["sword-strike", "the-fist", "search"], ["vanish", "ambush", "wolf-companion"]]
    )
    while not (s.top().kind == "!turn" and s.top().seat == 1 and s.step == 5):
        s = s.apply("pass" if "pass" in s.legal_actions() else s.legal_actions()[0])
    assert idle_moves(s) == {"lay:vanish"}
    result = decision_odds(s)
    assert result["best"] == "pass"
    table = odds_table(result)
    assert table.best[0] == "Pass" and not table.tied_with_best()
    figure = move_figure(result, "lay:vanish")
    assert figure.startswith("does nothing now") and "%" not in figure
    # the pass's figure says it is the round with the Attacks still planned
    assert "this round with the Attacks you still plan" in move_figure(result, "pass")
    g = grade(s, "lay:vanish", "pass", RULES)
    text = html.unescape(re.sub(r"<[^>]+>", " ", g["html"]))
    assert "Lay Vanish — does nothing now" in text
    assert "Best by these odds: Pass" in text


def test_the_play_pages_reveal_odds_say_whose_card_and_what_they_measure():
    hands = [["sword-strike", "the-fist", "search"], ["lightning-touch", "magic-missile", "ward"]]
    s = to_combat(position(), hands)
    mine = reveal_html(s, 0, 0)
    assert "your reveals" not in mine
    assert "The Monster-Action card you reveal next" in mine
    assert "when you Attack the Monster, or at Initiative Step 3" in mine
    theirs = reveal_html(s, 1, 0)
    assert f"The Monster-Action card {s.who(1)} reveals next" in theirs


# --- the table uses the book's names: every "point at it" names a pile drawn so ---------------


class _Text(HTMLParser):
    """The text inside each element marked ``data-thing``."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str | None, int]] = []
        self.text: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "input", "meta", "hr"):
            return
        self.open.append((dict(attrs).get("data-thing"), len(self.open)))

    def handle_endtag(self, tag):
        if self.open:
            self.open.pop()

    def handle_data(self, data):
        for thing, _ in self.open:
            if thing:
                self.text[thing] = self.text.get(thing, "") + data


def test_every_thing_a_lesson_asks_to_click_is_drawn_under_its_book_name():
    asked = 0
    for path in scenario_files("shadows"):
        sc = load_scenario(path)
        for f in run_scenario(sc):
            if not f.step.point:
                continue
            asked += 1
            parser = _Text()
            parser.feed(table_html(f.before, None))
            named = [
                parser.text.get(t.id, "")
                for t in things_called(f.before, f.step.point)
                if t.id in parser.text
            ]
            word = f.step.point.lower().removesuffix(" card")
            assert any(word in " ".join(n.split()).lower() for n in named), (
                sc.id,
                f.step.point,
                [n[:60] for n in named],
            )
    assert asked >= 5


# --- the quiz teaches the deck before asking; the odds page says the icons in words ---------


def test_the_quiz_teaches_the_monster_action_deck_before_asking_its_odds():
    q = next(q for q in load_quiz() if q.kind == "reveal")
    actions = position().data.actions
    total = sum(n for _, n in actions)
    head = q.ask.split("?")[0]
    assert f"{total} cards" in head
    for kind, n in actions:
        assert f"{n} {card_kind_short(kind)}" in head, kind
    assert head.index("cards") < head.index("What is the chance")
    assert Fraction(q.answer) and f"of the {total} cards" in q.why


def test_the_odds_page_says_the_monster_action_icons_in_words():
    from hordes_kit.ui.shadows.odds import RevealTool

    reveal = RevealTool()
    for kind, box in reveal.seen.items():
        assert not box.description.startswith("Mx") and f"({kind.replace('+', ' + ')})" in (
            box.description
        )
    shown = html.unescape(re.sub(r"<[^>]+>", " ", reveal.out.value))
    # every book name on the page comes after the words, in brackets
    for m in re.finditer(r"Mx\w+", shown):
        before = shown[: m.start()].rstrip()
        assert before.endswith("(") or before.endswith("+"), shown[m.start() - 40 : m.end()]
    chart = reveal.chart.value if hasattr(reveal.chart, "value") else ""
    assert "MxAttack<" not in chart
