"""Skytear Horde calculators against brute force: the turn forecast, deck odds, pillage risk."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from fractions import Fraction
from itertools import combinations, permutations
from math import factorial

import pytest
from budget import LONG

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.skytear import new_game
from hordes_kit.skytear.bench import reach
from hordes_kit.skytear.forecast import _events, forecast, forecast_choice
from hordes_kit.skytear.odds import (
    HordeEffect,
    card_chance,
    draw_chance,
    empty_deck_odds,
    pillage_risk,
)
from hordes_kit.skytear.quiz import load_quiz
from hordes_kit.skytear.state import Deck

MINIONS = {"zephylite-minions": 1, "ratamil-minions": 2, "gorrok-minions": 3, "vesp-minions": 4}


def pos(**position):
    extra = position.pop("config", {})
    return new_game({**extra, "position": position})


def play_order(s, order):
    """Play the rest of the turn with the horde deck's cards coming in ``order``."""
    from hordes_kit.skytear.forecast import Outcome

    out = Outcome()
    start, k = s.turn, 0
    while not s.is_terminal and s.turn == start:
        mark = len(s.log)
        if s.is_chance:
            outs = [o for o, _ in s.chance_outcomes()]
            kind = outs[0].split(":")[0]
            if kind in ("horde", "treachery"):
                move = f"{kind}:{order[k]}"
                k += 1
            else:
                move = outs[0]
        else:
            move = forecast_choice(s)
        s = s.apply(move)
        out = out.plus(_events(mark, s))
    return out.plus(Outcome(result=s.result))


def brute(s):
    """Every ordering of the horde deck, equally likely: the turn's outcome distribution."""
    deck = list(s.horde_deck)
    dist = defaultdict(Fraction)
    for perm in permutations(deck):
        dist[play_order(s, perm)] += Fraction(1, factorial(len(deck)))
    return dict(dist)


def numeric(dist):
    out = defaultdict(Fraction)
    for o, p in dist.items():
        out[(o.castle, o.portal, o.pillage, o.allies_lost, o.wave, o.result)] += p
    return dict(out)


@pytest.mark.parametrize(
    "position",
    [
        # the start of a turn: a two-card wave then the treachery card
        dict(
            phase="turn",
            rotation=1,
            castle=20,
            minions=MINIONS,
            units=[{"lane": 2, "card": "Temple Guard"}, {"lane": 5, "card": "Zealot Recruit"}],
            horde_deck=[
                "Skyboot Gunner",
                "Plank Walker",
                "Cannon Volley",
                "Skyboot Deckhand",
                "Skyboot Deckhand",
            ],
        ),
        # the alliance phase: only the treachery card is left to chance
        dict(
            phase="alliance",
            minions=MINIONS,
            units=[
                {"lane": 1, "card": "Skyboot Gunner"},
                {"lane": 3, "card": "Plank Walker"},
                {"lane": 3, "card": "Zealot Recruit"},
            ],
            horde_deck=["Broadside", "Skyboot Deckhand", "Fire in the Hole", "Cannon Volley"],
        ),
        # Animerk: trample, tokens from spells and a summon spell drawing more cards
        dict(
            phase="turn",
            rotation=1,
            minions=MINIONS,
            config={"hordes": ["Animerk"]},
            units=[{"lane": 1, "card": "Sunlit Pikeman"}],
            horde_deck=["Animerk Crusher", "Junk Heap", "Scrapforge", "Rusty Drone"],
        ),
        # the castle at 5 and a 12-card deck against 10 pillage: some orders lose the game
        dict(
            phase="turn",
            castle=5,
            minions=MINIONS,
            units=[{"lane": 1, "card": "Skyboot Gunner"}, {"lane": 2, "card": "Temple Guard"}],
            decks=[["Zealot Recruit"] * 3 + ["Temple Guard"] * 3 + ["Prayer Tower"] * 6],
            horde_deck=["Skyboot Deckhand", "Powder Monkey", "Cannon Volley", "Plank Walker"],
        ),
    ],
)
def test_forecast_matches_brute_force_over_every_deck_order(position):
    s = pos(**position)
    f = forecast(s)
    assert sum(f.outcomes.values()) == 1
    assert numeric(f.outcomes) == numeric(brute(s))
    assert {o.treachery for o in f.outcomes} == {o.treachery for o in brute(s)}
    assert f.dist("result").get("loss", 0) == sum(
        p for o, p in brute(s).items() if o.result == "loss"
    )


# Whole turns of games the sensible bot plays (bench.reach), forecast before the forecast was
# made faster (issue 42 part 5, recorded with the engine of that day): every outcome with its
# exact probability, hashed in a fixed order, and how many there are. A faster forecast must
# give the very same table.
RECORDED = [
    ({}, "horde", 2, 1, "bf9a1cee2611ecd0", 194),
    ({"players": 2}, "horde", 2, 1, "8a4ebf5e47ca1731", 1687),  # make bench's co-op turn
    ({}, "alliance", 2, 1, "42b4a065d5062307", 4),
    ({"players": 2}, "horde", 3, 2, "c26ed79026e4c58e", 137),
    ({"hordes": ["Animerk"]}, "horde", 2, 3, "81b8b478bd90580f", 185),
]
if LONG:
    RECORDED.append(
        ({"players": 2, "hordes": ["Animerk"]}, "horde", 2, 4, "e9952481590bcc32", 1368)
    )


def outcome_digest(f) -> tuple[str, int]:
    """The forecast's outcomes and probabilities, sorted, hashed."""
    rows = sorted(
        [o.castle, o.portal, o.pillage, o.allies_lost, list(o.wave), o.treachery, o.result, str(p)]
        for o, p in f.outcomes.items()
    )
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16], len(rows)


@pytest.mark.parametrize("config, phase, turn, seed, digest, count", RECORDED)
def test_forecast_gives_the_recorded_outcomes(config, phase, turn, seed, digest, count):
    f = forecast(reach(config, phase, turn, seed))
    assert sum(f.outcomes.values()) == 1
    assert outcome_digest(f) == (digest, count)


def test_forecast_answers_in_words_and_json():
    s = pos(
        phase="treachery",
        units=[{"lane": 1, "card": "Skyboot Gunner"}],
        horde_deck=["Skyboot Deckhand", "Plank Walker", "Cannon Volley"],
    )
    f = forecast(s)
    assert f.at_least("castle", 5) == Fraction(1, 3)
    assert f.sentence("castle", 5) == "the castle takes 5 or more with 33%"
    j = f.to_json()
    assert j["castle"] == [[4, 2 / 3], [5, 1 / 3]] and j["leaves"] == f.leaves


def test_forecast_refuses_a_finished_game():
    s = pos(phase="pillage", decks=[["Temple Guard"]], minions={"vesp-minions": 3})
    assert s.is_terminal
    with pytest.raises(InvalidInputError):
        forecast(s)


def brute_draw(deck: Deck, wanted, draws, at_least):
    """Every order of the unknown middle, equally likely."""
    mid = list(deck.middle)
    hits = total = 0
    for perm in permutations(range(len(mid))):
        order = list(deck.top) + [mid[i] for i in perm] + list(deck.bottom)
        hits += sum(c in wanted for c in order[:draws]) >= at_least
        total += 1
    return Fraction(hits, total)


@pytest.mark.parametrize(
    "deck, wanted, draws, at_least",
    [
        (Deck(middle=("a", "b", "b", "c", "c", "d")), {"b"}, 2, 1),
        (Deck(middle=("a", "b", "b", "c", "c", "d")), {"b", "c"}, 3, 2),
        (Deck(top=("a",), middle=("b", "c", "d", "d"), bottom=("e",)), {"d"}, 3, 1),
        (Deck(top=("d", "a"), middle=("b", "c", "d"), bottom=("d", "e")), {"d"}, 7, 3),
        (Deck(middle=("a", "b", "c")), {"z"}, 2, 0),
    ],
)
def test_draw_chance_matches_enumeration(deck, wanted, draws, at_least):
    assert draw_chance(deck, wanted, draws, at_least) == brute_draw(deck, wanted, draws, at_least)


def test_card_chance_by_name_or_kind():
    s = pos(phase="alliance", decks=[["Temple Guard", "Holy Nova", "Holy Nova", "Skytear Shard"]])
    assert card_chance(s, 0, "Temple Guard", 1) == Fraction(1, 4)
    assert card_chance(s, 0, "ally", 2) == Fraction(1, 2)
    assert card_chance(s, 0, "cost<=0", 4) == 1
    with pytest.raises(InvalidInputError):
        card_chance(s, 0, "Dragon", 2)


def brute_pillage(s, turns):
    """The engine itself, every horde card order explored, nobody acting: P(deck empty by t)."""
    out = [Fraction(0)] * turns
    first = s.turn

    def walk(x, p):
        if x.is_terminal or x.turn >= first + turns:
            if x.result == "loss":
                for t in range(x.turn - first, turns):
                    out[t] += p
            return
        if x.is_chance:
            outs = x.chance_outcomes()
            if outs[0][0].split(":")[0] in ("horde", "treachery"):
                for o, q in outs:
                    walk(x.apply(o), p * q)
                return
            walk(x.apply(outs[0][0]), p)
            return
        walk(x.apply(forecast_choice(x)), p)

    walk(s, Fraction(1))
    return out


def test_pillage_risk_matches_the_engine():
    s = pos(
        phase="turn",
        turn=0,
        castle=99,
        minions={"ratamil-minions": 1, "vesp-minions": 1},
        decks=[["Temple Guard"] * 11],
        horde_deck=["Dark Rite", "Deck Captain", "Mutiny", "Cannon Volley", "Skyboot Deckhand"],
    )
    risk = pillage_risk(s, 3)
    assert risk == brute_pillage(s, 3)
    assert 0 < risk[-1] < 1  # a real spread, not a certainty


def test_pillage_risk_from_a_position():
    s = pos(
        phase="alliance",
        minions={"ratamil-minions": 3},
        decks=[["Temple Guard"] * 4],
        horde_deck=["Skyboot Deckhand", "Plank Walker"],
    )
    assert pillage_risk(s, 2) == [0, 1]  # 3 this turn, then 3 + 1 reinforce: 7 of 4 cards
    with pytest.raises(InvalidInputError):
        pillage_risk(s, 0)


def test_empty_deck_odds_by_hand():
    plain, rite = HordeEffect(), HordeEffect(reinforce=2)
    # deck 6, back line 1: turn 1 pillages 1 + 1 (portal) + 2 if the one wave card is Dark Rite
    got = empty_deck_odds(6, 1, {plain: 1, rite: 1}, {}, ((1, 1), (1, 0)))
    # turn 1 pillages 2 (plain card) or 4 (Dark Rite: +2 for good); both cards are then in the
    # discard pile, reshuffled for turn 2: after Dark Rite, 4 + 4 or 4 + 6 empty the deck of 6;
    # after the plain card, 2 + 2 does not, 2 + 4 does: 1/2 + 1/2 * 1/2 = 3/4
    assert got == [Fraction(0), Fraction(3, 4)]


def test_quiz_answers_come_from_the_engine():
    qs = load_quiz()
    # in the order the walkthroughs show their rules (the first lesson's draw first)
    assert [q.kind for q in qs] == [
        "draw",
        "draw",
        "boosted",
        "forecast",
        "castle",
        "castle",
        "pillage",
        "castle",
    ]
    assert [q.answer for q in qs[2:]] == ["Plank Walker (lane 5)", "50%", "3", "0", "4", "1"]
    assert qs[0].answer == "67%" and qs[0].grade("67%") and not qs[0].grade("50%")
    assert qs[0].detail == 1 - Fraction(
        len(list(combinations(range(6), 2))), len(list(combinations(range(10), 2)))
    )
