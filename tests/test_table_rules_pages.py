"""The Table rules panel on every board, walkthrough and calculator page: folded, and a
change of reading changes what the page plays or computes; a saved game keeps it."""

from __future__ import annotations

import re

import ipywidgets as w
import pytest

from hordes_kit.ui.board import log_html
from hordes_kit.ui.table_rules import TableRulesPanel


def _panels(widget) -> list[TableRulesPanel]:
    """Every Table rules panel in a page's widget tree."""
    if isinstance(widget, TableRulesPanel):
        return [widget]
    kids = getattr(widget, "children", ()) if isinstance(widget, w.Widget) else ()
    return [p for k in kids for p in _panels(k)]


def _pages():
    from hordes_kit.ui.fantahzee import board as fb
    from hordes_kit.ui.fantahzee import odds as fo
    from hordes_kit.ui.fantahzee import walkthrough as fw
    from hordes_kit.ui.heroes_hordes import board as hb
    from hordes_kit.ui.heroes_hordes import odds as ho
    from hordes_kit.ui.heroes_hordes import walkthrough as hw
    from hordes_kit.ui.shadows import board as sb
    from hordes_kit.ui.shadows import odds as so
    from hordes_kit.ui.shadows import walkthrough as sw
    from hordes_kit.ui.the_horde import board as tb
    from hordes_kit.ui.the_horde import odds as to
    from hordes_kit.ui.the_horde import walkthrough as tw

    def horde_odds():
        to._PANEL.clear()  # one panel a page: a fresh kernel's
        return to.odds_page("battle")

    return {
        ("fantahzee", "board"): fb.play_page,
        ("fantahzee", "walkthrough"): fw.walkthrough_page,
        ("fantahzee", "odds"): fo.odds_page,
        ("heroes-hordes", "board"): hb.play_page,
        ("heroes-hordes", "walkthrough"): hw.walkthrough_page,
        ("heroes-hordes", "odds"): ho.odds_page,
        ("shadows", "board"): sb.board_page,
        ("shadows", "walkthrough"): sw.walkthrough_page,
        ("shadows", "odds"): so.odds_page,
        ("the-horde", "board"): tb.play,
        ("the-horde", "walkthrough"): tw.walkthrough_page,
        ("the-horde", "odds"): horde_odds,
    }


PAGES = sorted(_pages())


@pytest.mark.parametrize("where", PAGES, ids=["-".join(p) for p in PAGES])
def test_every_page_has_one_folded_table_rules_panel_of_its_game(where):
    panels = _panels(_pages()[where]())
    assert len(panels) == 1, where
    p = panels[0]
    assert p.game == where[0] and p.rules
    assert p.accordion.selected_index is None  # folded: one line on a phone


def test_a_board_plays_the_reading_chosen_and_its_save_file_loads_back_with_it():
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    board = HHBoard(1)
    assert board.state.config.search_events == "no-events"
    board.rules_panel.set("search_events", "events-too")  # what a click does
    assert board.state.config.search_events == "events-too" and not board.state.history
    assert "new game started with your table" in board.message.value
    # the log's rule chip says it is the table's rule
    t = board.state.apply_all(["draw:goblins", "draw:summon", "search:quest"])
    assert "Your table&#x27;s rule" in log_html(t) or "Your table's rule" in log_html(t)
    board.state = board.state.apply("draw:goblins")
    saved = board.save_text()
    other = HHBoard(2)
    assert other.load_text(saved)
    assert other.state.config.search_events == "events-too"
    assert other.rules_panel.changed() == {"search_events": "events-too"}
    assert other.state.history == ("draw:goblins",)  # loading started no new game
    other.rules_panel.reset()  # back to the kit's: a new game by the kit's rules
    assert other.state.config.search_events == "no-events" and not other.state.history


def test_the_shadows_and_fantahzee_boards_take_their_readings_from_the_panel():
    from hordes_kit.ui.fantahzee.board import FZBoard
    from hordes_kit.ui.shadows.board import ShadowsBoard

    sh = ShadowsBoard(seed=3)
    sh.rules_panel.set("unmet", "discard")
    assert sh.state.config.unmet == "discard" and sh.config["unmet"] == "discard"
    fz = FZBoard(seed=3)
    fz.rules_panel.set("imperative", "must-use")
    assert fz.state.config.imperative == "must-use"


def test_the_horde_board_reads_its_readings_from_the_address(monkeypatch):
    from hordes_kit.ui.the_horde.board import THBoard

    monkeypatch.setenv("QUERY_STRING", "dizzy=restart&bomb=attack-discard")
    board = THBoard(1)
    assert board.state.config.dizzy == "restart" and board.state.config.bomb == "attack-discard"
    assert board.rules_panel.link_params() == {"dizzy": "restart", "bomb": "attack-discard"}
    monkeypatch.setenv("QUERY_STRING", "dizzy=sometimes")
    board = THBoard(1)  # a bad address: the kit's rules, and the panel says why
    assert board.state.config.dizzy == "window" and "dizzy" in board.rules_panel.note.value


def test_a_walkthrough_plays_the_tables_rules_where_its_steps_hold():
    from hordes_kit.ui.the_horde.walkthrough import walkthrough

    wp = walkthrough(games=50, runs=1)
    wp.open_at("th-first-lesson")
    wp.table_rules.set("dizzy", "off")
    assert wp.start.config.dizzy == "off" and "Played by your table" in wp.intro.value
    wp.open_at("th-walls-moat-dizzy")  # the rulebook's Dizzy example needs Dizzy
    assert wp.start.config.dizzy == "window" and "follows the kit's rules" in wp.intro.value
    wp.table_rules.reset()
    assert "hk-table-note" not in wp.intro.value


def test_the_calculators_compute_by_the_tables_rules():
    from hordes_kit.ui.fantahzee.odds import DiceOddsExplorer
    from hordes_kit.ui.heroes_hordes import odds as ho
    from hordes_kit.ui.the_horde import odds as to

    page = ho.odds_page()
    panel = _panels(page)[0]
    calc = next(c for c in _walk(page) if isinstance(c, ho.BattleCalculator))
    calc.hero_pile.value = "elves"
    calc.pick(heroes=["Elf Lord", "Elven Archers", "Elf Magic"])
    before = calc.report.hero_force
    panel.set("lords_self", "excluded")  # the Elf Lord's +N no longer counts for itself
    assert calc.report.hero_force < before

    fz = DiceOddsExplorer(costs="XXX XX")
    shown = fz.result.value
    fz.table_rules.set("distinct_values", True)
    assert fz.result.value != shown

    to._PANEL.clear()
    battle = to.odds_page("battle")
    survival = to.odds_page("survival")
    assert len(_panels(battle)) == 1 and not _panels(survival)  # one panel for the page
    b = next(c for c in _walk(battle) if isinstance(c, to.BattleOdds))
    s = next(c for c in _walk(survival) if isinstance(c, to.SurvivalExplorer))
    to._PANEL[0].set("item_stack", "highest")
    to._PANEL[0].set("dizzy", "off")
    assert [v for _, v in b.items.options] == [0, 1, 2] and b.dizzy.disabled
    assert s.table_rules == {"dizzy": "off", "item_stack": "highest"}


def test_shadows_whole_games_play_the_tables_rules(monkeypatch):
    from hordes_kit.core.errors import InvalidInputError
    from hordes_kit.shadows import simulate as sim

    heroes = ("akintunde", "eras")
    base = sim.simulate(heroes, 3, seed=2)
    assert sim.simulate(heroes, 3, seed=2, rules={"unmet": "blank"}) == base
    started = []
    real = sim.new_game
    monkeypatch.setattr(sim, "new_game", lambda cfg: started.append(cfg) or real(cfg))
    rules = {"library": "pool", "mulligan": False}
    # the rules engine's games (the fast simulator's, simulate's default, play every table
    # rule move for move like the engine's on the same tape: tests/test_shadows_fast.py)
    sim.simulate(heroes, 2, seed=2, rules=rules, engine="reference")
    assert started == [{"players": 2, **rules}] * 2
    monkeypatch.undo()
    simulate = sim.simulate
    with pytest.raises(InvalidInputError, match="library"):
        simulate(heroes, 6, seed=2, rules={"library": "everything"})
    with pytest.raises(InvalidInputError, match="players"):
        simulate(heroes, 6, seed=2, rules={"players": 3})


def _walk(widget):
    yield widget
    for k in getattr(widget, "children", ()):
        if isinstance(k, w.Widget):
            yield from _walk(k)


def test_no_rule_id_on_screen_in_the_panels_words():
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    p = HHBoard(1).rules_panel
    shown = re.sub(r"<[^>]*>", " ", " ".join(x.value for x in p.texts.values()))
    assert "heroes-hordes." not in shown and "option." not in shown


def test_simulation_tools_clear_their_figures_when_the_table_rules_change():
    """Skytear's and Shadows' win-odds tools share one rule (ui.table_rules.PlaysTheReadings):
    figures of other readings go, and the page says to play the games again."""
    from hordes_kit.core.svgchart import BarChart, Series
    from hordes_kit.ui.shadows.wins import WinsTool
    from hordes_kit.ui.skytear.odds import WinTool

    for tool in (WinTool(), WinsTool()):
        tool.chart.show(BarChart("won", ("a",), (Series("won", (0.5,)),)))
        tool.out.value = "figures"
        tool.use_rules(dict(tool.table_rules))  # the same readings: nothing changes
        assert tool.chart.fig is not None and tool.out.value == "figures"
        tool.use_rules({**tool.table_rules, "a reading": "another"})
        assert tool.chart.fig is None and "Play the games" in tool.out.value
