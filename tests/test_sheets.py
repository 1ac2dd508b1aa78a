"""Printable odds sheets: every game with a sheet makes one; its numbers are the
calculators' (and, where a second way to the number exists, that one's too); the page
fetches nothing and runs no script; ``hordes-kit sheet`` refuses a bad --out in one line.
In a real browser (Debian's Chromium through Playwright, at the end): each sheet opened
from a file with every other request refused, no sideways scroll on a phone or a desktop,
printed to PDF on A4 and on Letter (saved from an odds page's button: The Horde's odds page
test, test_browser_horde.py). (One file, so
one test worker builds the sheets, their simulated games included, once.)"""

from __future__ import annotations

import base64
import datetime
import re
from fractions import Fraction
from math import comb

import pytest
from budget import sized
from playwright.sync_api import Page
from ui_harness import DESKTOP, PHONE, overflow_problems

from hordes_kit.cli import main
from hordes_kit.core.registry import get_game, registered_games
from hordes_kit.core.sheet import Bars, Cell, Section, Sheet, Table, cell, render, render_game

pytestmark = pytest.mark.fast_simulators("skytear")  # its sheet simulates

GAMES = ("fantahzee", "the-horde", "heroes-hordes", "shadows", "skytear")
DAY = datetime.date(2026, 1, 2)


@pytest.fixture(scope="module", autouse=True)
def skytear_games_sized():
    """Skytear's sheet from 200 games a cell (1,000 in `make test-long` and on the shipped
    sheet): its 15 cells' games were 10 s of this file's CPU, and what the tests check (the
    figures are the simulator's at the sheet's seed, harder levels win less) holds at any
    size. The sheets made are forgotten after the file."""
    from hordes_kit.core import sheet as core_sheet
    from hordes_kit.skytear import sheet as skytear_sheet

    games, win_rows = sized(200, skytear_sheet.GAMES), skytear_sheet.win_rows
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(skytear_sheet, "GAMES", games)
        mp.setattr(skytear_sheet, "win_rows", lambda: win_rows(games))
        mp.setattr(core_sheet, "_MADE", {})
        yield


def blocks(sheet: Sheet, title: str) -> Table | Bars:
    return next(b for s in sheet.sections for b in s.blocks if b.title == title)


def test_every_game_of_the_kit_has_a_sheet_and_every_sheet_renders():
    with_sheet = [g for g in registered_games() if g.sheet]
    assert set(GAMES) <= {g.name for g in with_sheet}
    for g in with_sheet:
        page = render_game(g, DAY)
        assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
        assert f"{g.title}: odds sheet" in page.replace("&amp;", "&")
        assert "2026-01-02" in page and "hordes_kit " in page


def test_a_sheet_is_made_once_a_process_and_rendered_each_time():
    """Making a sheet takes seconds (exact odds, simulated games): a second render (the
    page's button clicked again) reuses it, with that render's own date."""
    from types import SimpleNamespace

    made = []

    def make():
        made.append(1)
        table = Table("T", "What it measures.", ("a",), (("1",),))
        return Sheet("Toy", "A toy sheet.", (Section("S", "The part.", (table,)),))

    game = SimpleNamespace(title="Toy", sheet_module=lambda: SimpleNamespace(sheet=make))
    first = render_game(game, DAY)
    second = render_game(game, datetime.date(2026, 3, 4))
    assert len(made) == 1
    assert "2026-01-02" in first and "2026-03-04" in second
    assert first.replace("2026-01-02", "2026-03-04") == second


def test_a_game_without_a_sheet_says_so(demo):
    with pytest.raises(Exception, match="no printable sheet"):
        render_game(demo)


@pytest.mark.parametrize("name", GAMES)
def test_the_page_stands_alone(name):
    """No address to fetch (http, https, //host, url(), src=, @import), no script."""
    page = render_game(get_game(name), DAY)
    assert not re.search(r"(?i)https?:|//[a-z0-9]|url\(|src=|@import|<link|<script|<iframe", page)
    assert len(page.encode()) < 100_000


@pytest.mark.parametrize("name", GAMES)
def test_every_table_says_what_it_measures_and_cites_its_rules(name):
    g = get_game(name)
    sheet = g.sheet_module().sheet()
    assert sheet.assumptions and sheet.rules
    for sec in sheet.sections:
        for b in sec.blocks:
            assert b.title and len(b.measures) > 30, b.title
    page = render(sheet, "9.9", DAY)
    for r in sheet.rules:
        assert r.text.replace("'", "&#x27;").replace('"', "&quot;") in page
    for b in (b for s in sheet.sections for b in s.blocks):
        assert b.title.replace("&", "&amp;").replace("'", "&#x27;") in page


def test_render_escapes_and_shades():
    t = Table("<b>", "what <i> measures, in words long enough", ("a", "b"), (("x", cell(0.5)),))
    page = render(Sheet("G & <H>", "s", (Section("S", "i", (t,)),)), "1", DAY)
    assert "<h3>&lt;b&gt;</h3>" in page and "<h3><b>" not in page
    assert "G &amp; &lt;H&gt;" in page and "50.0%" in page and "background:rgb(168" in page
    assert cell(None).text == "–" and cell(Fraction(1, 3), 2).text == "33.33%"


# --- the numbers are the calculators' -------------------------------------------------------


def test_fantahzee_costs_are_the_solver_s():
    from hordes_kit.fantahzee.odds import success_probability
    from hordes_kit.fantahzee.sheet import DICE, ROLLS, sheet

    s = sheet()
    for dice in DICE:
        t = blocks(s, f"{dice} dice")
        for row in t.rows:
            for r, c in zip(ROLLS, row[1:]):
                assert c.value == success_probability(dice, r, row[0])
    bars = dict(blocks(s, "A usual turn: 5 dice, 3 rolls").bars)
    # a published figure: five of a kind in three rolls of five dice is 347897/7558272
    assert bars["XXXXX"] == Fraction(347897, 7558272)
    assert bars["X"] == 1


def test_fantahzee_rules_of_thumb_are_checked_and_a_bad_one_is_caught():
    from hordes_kit.fantahzee.sheet import THUMBS, Thumb, check_thumb

    for t in THUMBS:
        v = check_thumb(t)
        assert v.cases == 2 * 252 and v.best == v.cases, t.text
    # keeping a single die for three of a kind: the solver says how often it is worse
    bad = check_thumb(Thumb("keep the highest die", "XXX", lambda d: (max(d),)))
    assert bad.best < bad.cases and bad.worst is not None
    hand, left, mine, best, _keep = bad.worst
    assert mine < best and left in (1, 2) and len(hand) == 5


def test_horde_kill_chart_and_taxes_are_the_calculator_s():
    from hordes_kit.the_horde.cards import load_data
    from hordes_kit.the_horde.odds import kill_probability
    from hordes_kit.the_horde.sheet import FORCES, LEVELS, sheet

    s = sheet()
    chart = blocks(s, "Chance to kill the hordling")
    for lv, row in zip(LEVELS, chart.rows):
        for f, c in zip(FORCES, row[1:]):
            assert c.value == kill_probability(lv, f)
            # by hand: the faces d of 1..6 with d - level + force >= 4
            assert c.value == Fraction(sum(d - lv + f >= 4 for d in range(1, 7)), 6)
    taxes = blocks(s, "The taxes ahead, turn by turn")
    turns = load_data().turns
    assert len(taxes.rows) == len(turns) == 20
    for t, row in zip(turns, taxes.rows):
        assert row[5] == str(t.turn) and row[6] == str(t.turn * (t.turn + 1) // 2)
        assert row[7].value == kill_probability(t.level, 4)


def test_heroes_hordes_risks_are_risk_ahead_s_and_hypergeometric():
    from hordes_kit.heroes_hordes.odds import risk_ahead
    from hordes_kit.heroes_hordes.sheet import DRAWS, HORDE_LEFT, LEFT, SIZES, deck_without, sheet

    s = sheet()
    for pile in ("goblins", "undead", "dragons"):
        t = blocks(s, f"The {pile.capitalize()}")
        for have, row in zip(SIZES, t.rows):
            deck = deck_without(pile, have)
            for d, c in zip(DRAWS, row[1:]):
                assert c.value == risk_ahead({pile: have}, deck, draws=d)[pile]
    # by hand: 4 Goblins in the pile, one draw: the Goblin cards left over the deck left
    deck = deck_without("goblins", 4)
    goblins = sum("G" in c.types for c in deck)
    assert blocks(s, "The Goblins").rows[4][1].value == Fraction(goblins, len(deck))
    later = blocks(s, "A pile of 3, later in the game")
    for k, row in zip(HORDE_LEFT, later.rows):
        for n, c in zip(LEFT, row[1:]):
            # two or more of the k horde cards among 3 drawn from n
            hit = sum(comb(k, x) * comb(n - k, 3 - x) for x in (2, 3))
            assert c.value == Fraction(hit, comb(n, 3))


def test_shadows_next_card_and_predict_are_the_calculators_s():
    from hordes_kit.shadows.cards import load_cards
    from hordes_kit.shadows.hands import NUMBERS, hand_numbers, predict_odds
    from hordes_kit.shadows.sheet import LEVELS, position, sheet

    s = sheet()
    cards = load_cards("")
    bars = dict(blocks(s, "The next card of a fresh deck (19 cards)").bars)
    assert sum(bars.values()) == 1
    for kind, n in cards.actions:
        assert bars[kind.replace("+", " + ")] == Fraction(n, 19)
    uniform = blocks(s, "Predict: every Hand equally likely")
    bot = blocks(s, "Predict: a bot's Hand")
    rows = iter(zip(uniform.rows, bot.rows))
    for hero in cards.heroes:
        for level in LEVELS:
            u, b = next(rows)
            pos = position(hero.id, level)
            odds = predict_odds(pos, 1, 0, "bot")
            deck = sorted(set(pos.seats[0].deck))
            pool = [tuple(cards.by_id[c].initiative) for c in deck]
            by_count = hand_numbers(pool, min(2 + level, len(deck)))  # a second way, uniform
            for n, cu, cb in zip(NUMBERS, u[1:], b[1:]):
                assert cu.value == by_count[n]
                assert cb.value == odds["chance"][n]


def test_skytear_wins_draws_and_pillage_are_the_calculators_s():
    from hordes_kit.core.registry import get_game as game
    from hordes_kit.skytear.cards import load_cards
    from hordes_kit.skytear.odds import KINDS, pillage_risk
    from hordes_kit.skytear.sheet import DIFFICULTIES, DRAWS, GAMES, SEED, hordes, sheet
    from hordes_kit.skytear.simulate import simulate

    s = sheet()
    wins = blocks(s, "Games won, by horde and difficulty")
    assert [r[0] for r in wins.rows] == list(hordes()) and len(hordes()) >= 3
    # a second run of the simulator at the same seed: the same games, the same figure
    horde, d = hordes()[-1], DIFFICULTIES[1]
    again = simulate({"players": 1, "hordes": [horde], "difficulty": d}, GAMES, SEED)
    assert wins.rows[-1][2].value == again.win_rate
    lo, hi = again.interval
    assert f"({lo * 100:.1f}–{hi * 100:.1f})" in wins.rows[-1][2].text
    for row in wins.rows:  # harder levels are not easier, beyond the intervals' noise
        assert row[1].value > row[-1].value
    bars = dict(blocks(s, "Games won at level 2 (the first game's difficulty)").bars)
    assert bars[horde] == again.win_rate
    # a fresh deck by hand: the chance that n cards hold at least one ally, hypergeometric
    cards = load_cards()
    for castle in cards.castles.values():
        t = blocks(s, f"The {castle.faction} deck (40 cards)")
        deck = game("skytear").start({"players": 1, "castle": castle.name}).seats[0].deck
        size = deck.size
        for k, row in zip(KINDS, t.rows):
            hits = sum(KINDS[k](cards.cards[c]) for c in deck.middle)
            for n, c in zip(DRAWS, row[1:]):
                assert c.value == 1 - Fraction(comb(size - hits, n), comb(size, n))
    pillage = blocks(s, "Pillage: a deck emptied by the end of turn N")
    start = game("skytear").start(
        {
            "players": 1,
            "hordes": [hordes()[-1]],
            "difficulty": 2,
            "position": {"phase": "turn", "turn": 1, "castle": 20, "units": [], "minions": {}},
        }
    )
    assert [c.value for c in pillage.rows[-1][1:]] == pillage_risk(start, 10)
    assert pillage.rows[-1][-1].value > 0  # Skybooter's pillagers empty a deck in time


# --- the command -----------------------------------------------------------------------------


def run(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_sheet_prints_the_page_or_writes_the_file(capsys, tmp_path):
    code, out, err = run(capsys, ["sheet", "the-horde"])
    assert code == 0 and err == "" and out.startswith("<!DOCTYPE html>")
    code, out2, _ = run(capsys, ["sheet", "the-horde", "--out", "-"])
    assert code == 0 and out2 == out
    target = tmp_path / "horde.html"
    code, said, err = run(capsys, ["sheet", "the-horde", "--out", str(target)])
    assert code == 0 and err == "" and "wrote" in said
    assert target.read_text(encoding="utf-8") == out


@pytest.mark.parametrize(
    "out",
    ["{tmp}", "{tmp}/no-such-folder/s.html", "", "a\0b", "/proc/sheet.html", "x" * 5000],
)
def test_a_bad_out_is_refused_in_one_line(capsys, tmp_path, out):
    code, said, err = run(capsys, ["sheet", "fantahzee", "--out", out.format(tmp=tmp_path)])
    assert code == 2 and said == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 700
    assert list(tmp_path.iterdir()) == []
    if out == "{tmp}":
        assert "is a folder" in err


def test_an_unknown_game_is_refused_in_one_line(capsys):
    code, said, err = run(capsys, ["sheet", "skytear-horde"])
    assert code == 2 and said == "" and err.count("\n") == 1


# --- the odds pages' link ---------------------------------------------------------------------


def test_the_odds_pages_link_carries_the_sheet():
    from hordes_kit.ui.sheet import sheet_link

    link = sheet_link("heroes-hordes")
    assert "download=" not in link.value  # made on the click, not with the page
    link.button.click()
    m = re.search(
        r"download='([^']+)' href='data:text/html;charset=utf-8;base64,([^']+)'", link.value
    )
    assert m and m.group(1) == "heroes-hordes-odds-sheet.html"
    page = base64.b64decode(m.group(2)).decode()
    assert page == render_game(get_game("heroes-hordes"))
    assert link.button.description == "Printable sheet" and not link.button.disabled


def test_cells_and_tables_are_plain_data():
    c = Cell("x")
    assert c.value is None
    with pytest.raises(AttributeError):
        c.text = "y"  # frozen


def test_a_game_declaring_a_sheet_gets_the_command_and_the_page(capsys, demo):
    """The hook a new game (Skytear Horde) uses: ``Game(..., sheet=module)`` is all it takes."""
    from dataclasses import replace

    from hordes_kit.cli import build_parser
    from hordes_kit.core.registry import register, unregister

    register(replace(demo, name="toy-sheet", sheet="toy_sheet"))
    try:
        sub = build_parser()._subparsers._group_actions[0].choices["sheet"]
        assert "toy-sheet" in sub._subparsers._group_actions[0].choices
        code, out, err = run(capsys, ["sheet", "toy-sheet"])
        assert code == 0 and err == ""
        assert "Swap or Stay: odds sheet" in out and "beats a 8" in out and "11.1%" in out
    finally:
        unregister("toy-sheet")
    code, _, err = run(capsys, ["sheet", "toy-sheet"])
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(
    "module,args",
    [
        ("hordes_kit.ui.fantahzee.odds", ()),
        ("hordes_kit.ui.the_horde.odds", ("battle",)),
        ("hordes_kit.ui.heroes_hordes.odds", ()),
        ("hordes_kit.ui.shadows.odds", ()),
        ("hordes_kit.ui.skytear.odds", ()),
    ],
)
def test_every_odds_page_has_the_printable_sheet_link(module, args):
    import importlib

    page = importlib.import_module(module).odds_page(*args)
    found, todo = [], [page]
    while todo:
        w = todo.pop()
        if "hk-sheet" in getattr(w, "_dom_classes", ()):
            found.append(w)
        todo.extend(getattr(w, "children", ()))
    assert len(found) == 1 and "download=" not in found[0].value
    found[0].button.click()
    assert "download=" in found[0].value


# --- in a real browser ----------------------------------------------------------------

SHEET_GAMES = [g for g in registered_games() if g.sheet]


@pytest.mark.browser
@pytest.mark.parametrize("game", SHEET_GAMES, ids=lambda g: g.name)
def test_the_sheet_reads_offline_on_any_screen_and_prints(page: Page, tmp_path, game):
    path = tmp_path / f"{game.name}-odds-sheet.html"
    path.write_text(render_game(game), encoding="utf-8")
    asked: list[str] = []

    def refuse(route):
        asked.append(route.request.url)
        route.abort()

    page.route(re.compile(r"^(?!file:).*"), refuse)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.goto(path.as_uri())
        assert page.locator("h1").inner_text().endswith("odds sheet")
        assert page.locator("table").count() >= 1
        # wide tables scroll inside their own block; the page itself never scrolls sideways
        assert overflow_problems(page, ".block") == [], size
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert pdf.startswith(b"%PDF")
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert 1 <= pages <= 8, (paper, pages)
    assert asked == [] and errors == []
