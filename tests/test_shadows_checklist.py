"""The rulebook's Traits and keywords as a checklist (issue 43, part 2): each one has a card
that carries it in the shipped file (a sample card where the book names none), a glossary
entry, and a shipped scenario that plays such a card while the engine cites the rule."""

from __future__ import annotations

from functools import cache

import pytest

from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.shadows.card_effects import is_sub
from hordes_kit.shadows.cards import load_cards

CARDS = load_cards()


def _effects(card):
    side = getattr(card, "front", card)
    active = getattr(side, "active", {}) or {}
    return (*getattr(side, "effects", ()), *active.get("effects", ()))


def trait(name):
    return lambda c: name in getattr(getattr(c, "front", None), "traits", ())


def effect(test):
    return lambda c: any(test(e) for e in _effects(c))


def active(key):
    return lambda c: key in (getattr(getattr(c, "front", c), "active", {}) or {})


# keyword -> (a card carries it, the rule the engine cites when it is played)
CHECKLIST = {
    "Self": (trait("Self"), "card.play"),
    "Attachment": (trait("Attachment"), "attachment"),
    "Predict": (trait("Predict"), "predict.call"),
    "Attack": (trait("Attack"), "attack.announce"),
    "Attack X2": (trait("Attack X2"), "attack.announce"),
    "Attack X3": (trait("Attack X3"), "attack.announce"),
    "Attack (Standalone)": (trait("Attack (Standalone)"), "attack.standalone"),
    "Response": (trait("Response (Attack)"), "attack.response"),
    "Response (Spell)": (trait("Response (Spell)"), "attack.response"),
    "Response (Predict)": (trait("Response (Predict)"), "attack.response"),
    "Spell": (trait("Spell"), "card.play"),
    "Creature": (trait("Creature"), "auto.predict"),
    "Object": (trait("Object"), "card.play"),
    "StartSide": (lambda c: getattr(c, "back", None) is not None, "attack.flat-footed"),
    "Restricted": (lambda c: getattr(c, "restricted", False), "buildup.restricted"),
    "Auto": (active("on"), "auto"),
    "One Time": (trait("One Time"), "one-time"),
    "X Times": (active("times"), "card.active"),
    "X/Round": (active("per_round"), "card.active"),
    "Delay I": (trait("Delay I"), "delay"),
    "Delay II": (trait("Delay II"), "delay"),
    "Destroy": (trait("Destroy"), "destroy.card"),
    "Repeat": (trait("Repeat"), "repeat"),
    "Invincible": (trait("Invincible"), "invincible"),
    "Choose One": (trait("Choose One"), "choose-one"),
    "Die": (effect(lambda e: e.args[:1] and e.args[0].startswith("die")), "die"),
    "X": (effect(lambda e: e.args[:1] and e.args[0].startswith("x")), "attack.announce"),
    "Other": (effect(lambda e: "other" in e.args[1:]), "attack.announce"),
    "Recover": (effect(lambda e: e.verb == "recover"), "recover"),
    "Progress track": (lambda c: bool(getattr(getattr(c, "front", c), "track", {})), "track"),
    "Sub-Trait": (effect(is_sub), "traits.response"),
    "Main Trait": (effect(lambda e: e.label), "traits.main"),
    "Shield Points": (lambda c: getattr(getattr(c, "front", c), "shield", 0) > 0, "damage.assign"),
}

EVERY = (*CARDS.skills, *CARDS.items)


def _on_table(state) -> set[str]:
    """The cards on the table: Station, Combat and Stunned Area, Items, the cards played
    this round and those boxed."""
    out = set()
    for st in state.seats:
        out |= {p.card for p in (*st.station, *st.combat, *st.stunned, *st.items)}
        out |= set(st.boxed)
    out |= {c for cards in state.played for c in cards}
    return out


@cache
def _played():
    """Each shipped scenario: the cards it put on the table and the rules its steps made
    the engine cite."""
    out = []
    for path in scenario_files("shadows"):
        frames = run_scenario(load_scenario(path))
        if not frames:
            continue
        ids = set().union(*(_on_table(f.after) for f in frames))
        cited = {e.rule for e in frames[-1].after.log}
        out.append((path.name, ids, cited))
    return out


@pytest.mark.parametrize("word", sorted(CHECKLIST))
def test_every_trait_and_keyword_is_on_a_card_in_the_glossary_and_played(word):
    carries, rule = CHECKLIST[word]
    cards = [c for c in EVERY if carries(c)]
    assert cards, f"no shipped card carries {word}"
    assert find_term(glossary("shadows", "shadows."), word), f"no glossary entry for {word}"
    ids = {c.id for c in cards}
    where = [name for name, named, cited in _played() if named & ids and "shadows." + rule in cited]
    assert where, f"no scenario plays a card with {word} while the engine cites {rule}"
