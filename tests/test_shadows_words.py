"""Shadows cards in words, refused moves with their rule, the laid line in view(), the
Monster-Action deck with known cards."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from shadows_helpers import position, to_combat

from hordes_kit.core.errors import IllegalActionError, InvalidInputError
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.rules_index import rule_index
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.shadows import new_game
from hordes_kit.shadows.bots import conformance_policy
from hordes_kit.shadows.cards import load_cards
from hordes_kit.shadows.odds import deck_next, next_reveal
from hordes_kit.shadows.why import candidates, refusal
from hordes_kit.shadows.words import requires_words, skill_text

CARDS = load_cards("")
RULES = rule_index("shadows", "shadows.")


@pytest.mark.parametrize(
    "card, text",
    [
        # the card texts the rulebook prints (Example of Play), said the way it says them
        (
            "sword-strike",
            "Deal (Strength) damage to a target. If the target didn't use a Response, "
            "gain 1 Experience.",
        ),
        (
            "the-fist",
            "Deal 1 damage to a target. If the target lost health by this Attack, gain 1 "
            "Experience.",
        ),
        (
            "mystical-cloak",
            "Block (Tech) damage and use Shield Points. If used as a Response, gain 1 Gold.",
        ),
        (
            "lightning-touch",
            "Predict 4/5 in an opponent's Hand. On a successful prediction: gain 1 "
            "Experience; the target loses 2 health.",
        ),
    ],
)
def test_rulebook_cards_read_as_printed(card, text):
    assert skill_text(CARDS.by_id[card]) == text


def test_stat_amounts_show_their_value_for_the_user_and_requirements_read_as_printed():
    assert skill_text(CARDS.by_id["magic-missile"], stats=(1, 3, 5, 8)).startswith(
        "Deal (Magic: 5) damage"
    )
    assert requires_words(CARDS.by_id["giant-shield"]) == "Needs Tech 3, Health =< 7"
    assert requires_words(CARDS.by_id["magic-missile"], "Eras") == "Hero Symbol: Eras"


def _questions():
    for p in scenario_files("shadows"):
        sc = load_scenario(p)
        for f in run_scenario(sc):
            if f.step.ask:
                yield sc.id, f


def test_every_refusal_is_a_refused_move_with_its_rule_and_every_legal_move_is_offered():
    refused = 0
    for _, f in _questions():
        s = f.before
        offered = candidates(s)
        assert set(s.legal_actions()) <= set(offered)
        for m in offered:
            why = refusal(s, m)
            if m in s.legal_actions():
                assert why is None
                continue
            refused += 1
            assert why is not None and why[1] in RULES, m
            with pytest.raises(IllegalActionError) as e:
                s.apply(m)
            assert why[0] in str(e.value)  # the engine's own error says the same
    assert refused >= 8


def test_refusals_name_the_rule_the_rulebook_states():
    by_move = {}
    for sid, f in _questions():
        for m in candidates(f.before):
            why = refusal(f.before, m)
            if why:
                by_move[(sid, m)] = why
    assert by_move[("sh-eras-stats", "lay:seven-crypto-sword")] == (
        "Seven Crypto Sword needs Strength 3 (Eras has 1)",
        "shadows.requirements",
    )
    assert by_move[("sh-faq-same-title", "study:thunderstrike")][1] == "shadows.faq.same-title"
    assert by_move[("sh-three-player-predict", "predict:p3:4")][1] == "shadows.predict.once"
    assert by_move[("sh-example-of-play", "dodge")][1] == "shadows.attack.flat-footed"
    assert by_move[("sh-faq-two-targets", "target:p3")][1] == "shadows.faq.multi-target-order"


def test_refusals_hold_in_random_games():
    """Over random games: a move with a refusal is refused by the engine, a legal one has none."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = new_game({"players": 2 + seed % 2})
        for _ in range(400):
            if s.is_terminal:
                break
            if s.is_chance:
                s = s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            for m in candidates(s):
                why = refusal(s, m)
                assert (why is None) == (m in s.legal_actions()), m
                checked += 1
            s = s.apply(conformance_policy(s, rng))
    assert checked > 500


def test_the_first_card_laid_is_public_the_rest_only_to_their_player():
    s = to_combat(
        position(),
        [["sword-strike", "the-fist", "search"], ["magic-missile", "ward", "arcane-bolt"]],
    )
    while s.top().kind != "!turn" or s.step != 2 or s.top().seat != 0:
        s = s.apply("pass")
    s = s.apply("lay:the-fist")
    assert s.view(0)["seats"][0]["line"] == ["the-fist"]
    assert s.view(1)["seats"][0]["line"] == ["the-fist"]  # laid faceup
    assert s.view(1)["seats"][1]["line"] == []
    s = s.apply("lay:sword-strike")  # nothing more to lay: The Fist resolves at once
    assert s.top().kind == "!target" and s.queue == ("sword-strike",)
    assert s.view(1)["seats"][0]["line"] == [""]  # Sword Strike waits facedown
    assert s.view(0)["seats"][0]["line"] == ["sword-strike"]


def test_deck_next_is_the_unseen_cards_counted_one_by_one():
    seen = ["MxAttack", "MxAttack", "MxSpell"]
    got = deck_next(CARDS.actions, seen)
    left = Counter(dict(CARDS.actions))
    left.subtract(seen)
    cards = [k for k, n in left.items() for _ in range(n)]  # every card, one by one
    brute = {k: Fraction(cards.count(k), len(cards)) for k in set(cards)}
    assert got == brute and sum(got.values()) == 1
    with pytest.raises(InvalidInputError, match="has 2 MxSpell"):
        deck_next(CARDS.actions, ["MxSpell"] * 3)


def test_deck_next_agrees_with_next_reveal_in_a_game():
    s = position(leader=1)
    s = s.apply("teamup:xp").apply("ma:MxAttack").apply("ma:MxSpell")
    # seat 0 did not deal: it has seen nothing yet
    assert next_reveal(s, 0, 0) == deck_next(CARDS.actions, [])
