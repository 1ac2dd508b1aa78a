"""The rulebook's glossary as a checklist (issue 42, part 2): each keyword and each kind of
effect it defines is carried by a card of the shipped file (a sample card where the book
names none), has a glossary entry on the tutor's pages, and a shipped scenario puts such a
card on the table while the engine cites the rule; the glossary's other words (concepts,
not card text) have a glossary entry. The kinds of effect the issue adds beside the
glossary's headwords ("cannot", "for the rest of the turn", back to the hand, removing
tokens, face down in the back line) are on the list too."""

from __future__ import annotations

from functools import cache

import pytest

from hordes_kit.core.bookwords import book_words
from hordes_kit.core.conformance import check_playout
from hordes_kit.core.glossary import find_term, glossary
from hordes_kit.core.registry import get_game
from hordes_kit.core.scenario import load_scenario, run_scenario, scenario_files
from hordes_kit.skytear.bots import sensible_policy
from hordes_kit.skytear.cards import shipped_cards
from hordes_kit.skytear.game import new_game

CARDS = shipped_cards()

# the glossary's headwords, as the book prints them (taken from the book once)
HEADWORDS = (
    "Ability", "Add X Mana", "Adjacent", "Armor", "Assault X", "Attack", "Bait", "Barrier",
    "Beneath", "Bless X", "Cannot Engage", "Charge", "Collection", "Concealed Horde Cards",
    "Damage", "Damaged", "Defender", "Destroyed", "Destruction", "Elusive X", "Empty Lane",
    "Engaged", "Epic", "Exile", "Fast", "Flux X", "Free Lane", "Front Line", "Guerrilla X",
    "Health", "Heroic X", "Most Wounded", "Mutaform X", "Neighbor", "Pillage", "Pillager",
    "Play", "Rebuild X", "Reinforce X", "Strike", "Strongest Card", "Summon", "Surrounded",
    "Taunt", "Trample", "Underneath", "Unengaged", "Weakest Card", "Within 1 Lane",
    "Wounded", "X",
)  # fmt: skip


def _abilities(c):
    return (*c.abilities, *c.enchantment)


def kw(*names):
    return lambda c: (
        any(c.kw.get(n) for n in names)
        or any(
            e.verb in ("gain", "temp-gain") and e.extra[0] in names
            for a in _abilities(c)
            for e in a.effects
        )
    )


def verb(*names):
    return lambda c: any(e.verb in names for a in _abilities(c) for e in a.effects)


def target(*words):
    return lambda c: any(e.target in words for a in _abilities(c) for e in a.effects)


def trigger(name):
    return lambda c: any(a.trigger == name for a in _abilities(c))


def condition(*names):
    return lambda c: any(a.condition in names for a in _abilities(c))


def either(*tests):
    return lambda c: any(t(c) for t in tests)


def charge(way):
    return lambda c: any(
        e.verb == "charge" and e.extra == (way,) for a in _abilities(c) for e in a.effects
    )


def x_effect(c):
    return any(e.x for a in _abilities(c) for e in a.effects)


# glossary word -> (a card carries it, the rule the engine cites where it is at work)
CHECKLIST = {
    "Add X Mana": (verb("mana"), "keywords.add-mana"),
    "Adjacent": (target("adjacent-monster"), "keywords.adjacent"),
    "Armor": (kw("armor"), "keywords.armor"),
    "Assault X": (verb("assault"), "keywords.assault"),
    "Bait": (verb("bait"), "keywords.bait"),
    "Barrier": (kw("barrier"), "keywords.barrier"),
    "Beneath": (lambda c: c.type == "attachment", "horde.attachment"),
    "Bless X": (verb("bless"), "keywords.bless"),
    "Cannot Engage": (kw("cannot-engage", "cannot-be-engaged"), "keywords.cannot-engage"),
    "Charge": (verb("charge"), "abilities.charge"),
    "Concealed Horde Cards": (verb("conceal", "conceal-back"), "keywords.concealed"),
    "Damage": (verb("damage"), "abilities.damage"),
    "Damaged": (trigger("damaged"), "abilities.damaged"),
    "Defender": (kw("defender"), "keywords.defender"),
    "Destroyed": (trigger("destroyed"), "destruction.abilities"),
    "Elusive X": (kw("elusive"), "keywords.elusive"),
    "Epic": (kw("epic"), "keywords.epic"),
    "Fast": (kw("fast"), "ruling.fast-optional"),
    "Flux X": (verb("flux"), "keywords.flux"),
    "Guerrilla X": (verb("guerrilla"), "keywords.guerrilla"),
    "Heroic X": (kw("heroic"), "abilities.gain"),
    "Most Wounded": (target("most-wounded-monster", "most-wounded-ally"), "keywords.most-wounded"),
    "Mutaform X": (verb("mutaform"), "keywords.mutaform"),
    "Neighbor": (target("neighbors"), "keywords.neighbor"),
    "Pillage": (either(verb("pillage"), trigger("pillage")), "pillage.abilities"),
    "Pillager": (kw("pillager"), "keywords.pillager"),
    "Play": (trigger("play"), "abilities.play"),
    "Rebuild X": (verb("rebuild"), "keywords.rebuild"),
    "Reinforce X": (verb("reinforce"), "ruling.reinforce"),
    "Strongest Card": (target("strongest-monster", "strongest-ally"), "keywords.strongest"),
    "Summon": (verb("summon"), "horde.summon"),
    "Surrounded": (condition("surrounded"), "keywords.surrounded"),
    "Taunt": (kw("taunt"), "keywords.taunt"),
    "Trample": (kw("trample"), "keywords.trample"),
    "Weakest Card": (
        either(target("weakest-monster", "weakest-ally"), charge("weakest")),
        "keywords.weakest",
    ),
    "Within 1 Lane": (target("monster-within-1"), "keywords.within-1-lane"),
    "Wounded": (either(condition("wounded"), target("wounded-monster")), "keywords.wounded"),
    "X": (x_effect, "keywords.x"),
    # the issue's kinds of effect beside the headwords
    "cannot": (kw("cannot-strike", "cannot-pillage", "cannot-move"), "abilities.cannot"),
    "for the rest of the turn": (verb("temp-health", "temp-gain"), "abilities.until-end-of-turn"),
    "back to the owner's hand": (verb("return"), "abilities.return"),
    "removing tokens": (verb("remove"), "abilities.remove-tokens"),
    "face down in the back line": (verb("conceal-back"), "ruling.concealed-back-line"),
}
# the issue's words: glossary entries under these names
ISSUE_WORDS = {
    "cannot": "Cannot",
    "for the rest of the turn": "for the rest of the turn",
    "back to the owner's hand": "return to hand",
    "removing tokens": "remove tokens",
    "face down in the back line": "Concealed Horde Cards",
}
# the glossary's words that are not card text: a glossary entry is enough (Exile is a
# campaign scenario's action, played by the campaign walkthrough)
CONCEPTS = (
    "Ability", "Attack", "Collection", "Destruction", "Empty Lane", "Engaged", "Exile",
    "Free Lane", "Front Line", "Health", "Strike", "Underneath", "Unengaged",
)  # fmt: skip


@cache
def _played():
    """Each shipped scenario: the cards it had in the game and the rules the engine cited."""
    out = []
    for path in scenario_files("skytear"):
        frames = run_scenario(load_scenario(path))
        if not frames:
            continue
        seen: set[str] = set()
        for f in frames:
            for s in (f.before, f.after):
                seen |= {u.card for _, _, u in s.units()}
                seen |= {a for _, _, u in s.units() for a, _ in u.attached}
                for st in s.seats:
                    seen |= {*st.hand, *st.discard}
                seen |= {*s.horde_discard, *s.outsider_pile}
        cited = {e.rule for e in frames[-1].after.log}
        out.append((path.name, seen, cited))
    return out


def test_every_headword_is_on_the_checklist_or_a_concept():
    listed = set(CHECKLIST) | set(CONCEPTS)
    assert [w for w in HEADWORDS if w not in listed] == []
    book = book_words("skytear")
    words = {w.lower() for w in (*book.keywords, *book.sections)}
    assert [w for w in HEADWORDS if w.lower() not in words] == []


@pytest.mark.parametrize("word", sorted(CHECKLIST))
def test_every_word_is_on_a_card_in_the_glossary_and_played(word):
    carries, rule = CHECKLIST[word]
    cards = [c for c in CARDS.cards.values() if carries(c)]
    assert cards, f"no shipped card carries {word}"
    entry = find_term(glossary("skytear", "skytear."), ISSUE_WORDS.get(word, word))
    assert entry, f"no glossary entry for {word}"
    ids = {c.id for c in cards}
    where = [name for name, seen, cited in _played() if seen & ids and "skytear." + rule in cited]
    assert where, f"no scenario plays a card with {word} while the engine cites {rule}"


@pytest.mark.parametrize("word", CONCEPTS)
def test_every_concept_has_a_glossary_entry(word):
    assert find_term(glossary("skytear", "skytear."), word), word


# the sample cards' words move cards between zones (back to a hand, face down into the back
# line, to the outsider pile when no lane is open to a monster that cannot engage)
NUPTEN = [c.name for c in CARDS.cards.values() if c.kind == "alliance" and c.faction == "Nupten"]
IN_HAND = {"phase": "alliance", "turn": 2, "mana": [10], "hands": [NUPTEN]}
SAMPLE_GAMES = [
    {"hordes": ["Faefolk"]},
    {"hordes": ["Faefolk"], "players": 2},
    {"hordes": ["Faefolk"], "position": IN_HAND},
]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_the_sample_cards_conform_and_lose_no_card(seed):
    final = check_playout(get_game("skytear"), SAMPLE_GAMES[seed % len(SAMPLE_GAMES)], seed)
    assert final.is_terminal


def test_the_sensible_bot_chooses_an_x_that_does_something():
    # X = 0 (the first option) paid nothing and did nothing: the bot never used an X
    def at_x(hand, units, move):
        pos = {"phase": "alliance", "turn": 3, "mana": [6], "hands": [hand], "units": units}
        s = new_game({"position": pos}).apply(move)
        return sensible_policy(s, None)

    walker = {"lane": 4, "card": "Plank Walker"}  # 2 health: X = 2 destroys it, 6 is waste
    assert at_x([], [{"lane": 2, "card": "Chronomancer"}, walker], "use:a2:1") == "x:2"
    allies = [{"lane": 2, "card": "Temple Guard"}, {"lane": 3, "card": "Zealot Recruit"}]
    assert at_x(["Wild Surge"], allies, "play:wild-surge") == "x:1"  # the Recruit survives
