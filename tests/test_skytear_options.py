"""Skytear Horde's table rules (data/skytear/options.toml): each reading changes what the
game does, and the log cites the reading in force."""

from __future__ import annotations

import random

import pytest

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.playout import sample_outcome
from hordes_kit.core.table_rules import from_link, link_params, table_rules
from hordes_kit.skytear.game import new_game
from hordes_kit.skytear.rules import SkyConfig

CARDS = data_path("skytear", "cards.toml")


def pos(config: dict, **position):
    return new_game({"players": 1, **config, "position": position})


def rules(s) -> list[str]:
    return [e.rule.removeprefix("skytear.") for e in s.log]


def play_on(s, moves: int = 200):
    rng = random.Random(1)
    for _ in range(moves):
        if s.is_terminal:
            break
        s = s.apply(
            sample_outcome(s.chance_outcomes(), rng) if s.is_chance else s.legal_actions()[0]
        )
    return s


def test_an_empty_deck_loses_at_zero_or_only_when_a_card_must_be_taken():
    def emptied(rule: str):
        return pos(
            {"empty_deck": rule},
            phase="pillage",
            decks=[["Temple Guard"] * 3],
            minions={"vesp-minions": 3},
        )

    zero = emptied("at-zero")
    assert zero.result == "loss" and rules(zero)[-1] == "ruling.empty-deck"
    drawn = emptied("on-draw")
    assert not drawn.is_terminal and drawn.seats[0].deck.size == 0  # plays on at 0 cards
    later = play_on(drawn)
    assert later.result == "loss" and rules(later)[-1] == "option.empty_deck.on-draw"
    assert "ruling.empty-deck" not in rules(later)


@pytest.mark.parametrize(
    "reading, cites, allowed",
    [("symbol", "ruling.reactions", False), ("any", "treachery.reactions", True)],
)
def test_the_reactions_take_treachery_symbol_cards_or_any(reading, cites, allowed):
    s = pos(
        {"reactions": reading},
        phase="treachery",
        units=[{"lane": 1, "card": "Plank Walker"}],
        mana=[5],
        hands=[["Healing Light", "Quick Strike"]],
        horde_deck=["Broadside", "Cannon Volley"],
    )
    s = s.apply("treachery:broadside")
    assert ("play:quick-strike" in s.legal_actions()) == allowed
    assert rules(s)[-1] == cites


@pytest.mark.parametrize(
    "reading, asks, cites",
    [("one-type", 1, "ruling.mutaform-monster"), ("each", 2, "keywords.mutaform")],
)
def test_mutaform_on_a_monster_one_type_or_each_token(reading, asks, cites):
    text = CARDS.read_text().replace(
        'abilities = ["play: charges 2", "exhaust, charge 1: mutaform ally 1"]',
        'abilities = ["play: charges 2", "exhaust, charge 1: mutaform monster 2"]',
    )
    s = pos(
        {"cards": text, "mutaform_monster": reading},
        phase="alliance",
        units=[
            {"lane": 1, "card": "Totem of Growth", "charges": 2},
            {"lane": 2, "card": "Plank Walker"},
        ],
    )
    s, n = s.apply("use:a1:1"), 0
    while s.legal_actions()[0].startswith("token:"):
        s, n = s.apply("token:attack"), n + 1
    assert n == asks and cites in rules(s)


def test_the_readings_are_listed_travel_in_links_and_refuse_other_values():
    fields = [t.field for t in table_rules("skytear")]
    assert fields == ["empty_deck", "reactions", "mutaform_monster"]
    assert link_params("skytear", {"reactions": "any"}) == {"reactions": "any"}
    assert from_link("skytear", {"empty_deck": "on-draw"}) == {"empty_deck": "on-draw"}
    with pytest.raises(InvalidInputError, match="empty_deck"):
        from_link("skytear", {"empty_deck": "never"})
    with pytest.raises(InvalidInputError, match="reactions: must be one of 'symbol', 'any'"):
        SkyConfig.from_dict({"reactions": "some"})


# --- the pages: the Table rules panel ---------------------------------------------------------


def open_with(monkeypatch, query: str, make):
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: query)
    return make()


def board():
    from hordes_kit.ui.skytear.board import SkyBoard

    return SkyBoard(seed=3, speed="Instant")


def test_the_board_plays_the_table_rules_its_panel_or_address_names(monkeypatch):
    b = open_with(monkeypatch, "", board)
    assert b.rules_panel.changed() == {} and "reactions" not in b.config
    b.rules_panel.set("reactions", "any")  # a change starts a new game that plays it
    assert b.config["reactions"] == "any" and b.state.config.reactions == "any"
    assert "new game started with your table" in b.message.value
    linked = open_with(monkeypatch, "empty_deck=on-draw", board)
    assert linked.state.config.empty_deck == "on-draw"
    assert linked.rules_panel.changed() == {"empty_deck": "on-draw"}


def test_a_skytear_odds_page_follows_its_table_rules(monkeypatch):
    from hordes_kit.ui.skytear.odds import odds_tools

    panel, pos, *_tools, win = open_with(monkeypatch, "mutaform_monster=each", odds_tools)
    assert pos.state().config.mutaform_monster == "each" and win.table_rules == {
        "mutaform_monster": "each"
    }
    panel.set("mutaform_monster", "one-type")
    assert pos.state().config.mutaform_monster == "one-type" and win.table_rules == {}
