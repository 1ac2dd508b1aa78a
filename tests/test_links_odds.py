"""Links to the odds tools that were still without one: The Horde's survival explorer,
Heroes & Hordes' risk ahead and bots compared, Shadows' Predict, round and wins tools and
every tool of the Skytear odds page. The query a tool writes, read back on a new page,
gives the same inputs and the same answer; a bad value is refused in words and the page
opens as usual; every parser answers any text with a value or the kit's own error naming
the parameter."""

from __future__ import annotations

import html
from urllib.parse import parse_qs, quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hordes_kit.core.errors import HordesKitError
from hordes_kit.core.query import parse_query

pytestmark = pytest.mark.fast_simulators("the_horde", "heroes_hordes")  # links that replay games


def open_with(monkeypatch, query: str, make):
    monkeypatch.setattr("hordes_kit.ui.query.query_string", lambda: query)
    return make()


def said(box) -> str:
    return html.unescape(box.value)


def same(a, b, *gets) -> None:
    for get in gets:
        assert get(a) == get(b)


# --- The Horde: survival --------------------------------------------------------------------


def th_survival():
    from hordes_kit.the_horde.rules import GAME
    from hordes_kit.ui.table_rules import TableRulesPanel
    from hordes_kit.ui.the_horde.odds import SurvivalExplorer
    from hordes_kit.ui.the_horde.odds_links import open_survival

    panel = TableRulesPanel(GAME)
    panel.open_from_url()
    ex = SurvivalExplorer(games=200)
    ex.use_rules(panel.changed())
    open_survival(ex)  # as odds_page("survival") does, after the table's rules
    return ex


def test_the_horde_survival_link_reopens_the_same_games(monkeypatch):
    ex = open_with(monkeypatch, "", th_survival)
    ex.use_rules({"dizzy": "off"})  # the table's reading travels with the question
    ex.policy.value = "thrifty"
    ex.wants.set(ex.wants.value[::-1][:3])
    ex.reserve.value, ex.extra.value, ex.heal.value = 2, 1, True
    ex.games.value, ex.seed.value = 100, 7
    ex.run()
    query = ex.links.make()
    assert {"policy", "buys", "run", "dizzy"} <= set(parse_qs(query))
    again = open_with(monkeypatch, query, th_survival)
    same(
        again,
        ex,
        lambda e: e.policy.value,
        lambda e: e.wants.value,
        lambda e: (e.reserve.value, e.extra.value, e.heal.value),
        lambda e: (e.games.value, e.seed.value),
        lambda e: e.table_rules,
        lambda e: e.result.value,
    )
    assert again.results and again.status.value == ""
    fresh = open_with(monkeypatch, "", th_survival)
    assert fresh.results == [] and fresh.policy.value == "balanced"


def test_the_horde_compare_link_plays_every_policy_again(monkeypatch):
    ex = open_with(monkeypatch, "", th_survival)
    ex.games.value = 50
    ex.compare()
    query = ex.links.make()
    assert "run=compare" in query
    again = open_with(monkeypatch, query, th_survival)
    assert len(again.results) == len(ex.results) > 1 and again.result.value == ex.result.value


@pytest.mark.parametrize(
    "query, problem",
    [
        ("policy=lazy", "policy='lazy'"),
        ("buys=flute,nothing", "'nothing' is not known"),
        ("reserve=11", "reserve=11 in the address must be 0 to 10"),
        ("games=0&run=policy", "games=0"),
        ("heal=maybe", "heal='maybe'"),
        ("buys=&run=policy", "buys= in the address is empty"),
    ],
)
def test_a_bad_survival_link_opens_the_page_as_usual_and_says_why(monkeypatch, query, problem):
    fresh = open_with(monkeypatch, "", th_survival)
    ex = open_with(monkeypatch, query, th_survival)
    assert problem in said(ex.status) and "opened as usual" in said(ex.status)
    assert ex.results == [] and ex.wants.value == fresh.wants.value
    assert (ex.policy.value, ex.games.value) == (fresh.policy.value, fresh.games.value)


# --- Heroes & Hordes: risk ahead and the bots compared --------------------------------------


def hh_risk():
    from hordes_kit.ui.heroes_hordes.odds import RiskAhead

    return RiskAhead()


def test_the_heroes_hordes_risk_link_reopens_the_same_question(monkeypatch):
    risk = open_with(monkeypatch, "", hh_risk)
    risk.sizes["goblins"].value, risk.sizes["dragons"].value = 4, 0
    risk.draws.value = 6
    query = risk.links.make()
    again = open_with(monkeypatch, query, hh_risk)
    same(
        again,
        risk,
        lambda r: {p: b.value for p, b in r.sizes.items()},
        lambda r: r.draws.value,
        lambda r: r.risk,
        lambda r: r.result.value,
    )
    assert again.result.value != open_with(monkeypatch, "", hh_risk).result.value


def hh_bots():
    from hordes_kit.heroes_hordes.rules import GAME
    from hordes_kit.ui.heroes_hordes.odds import PolicyComparison
    from hordes_kit.ui.heroes_hordes.odds_links import open_bots
    from hordes_kit.ui.table_rules import TableRulesPanel

    panel, bots = TableRulesPanel(GAME), PolicyComparison()
    panel.on_change(lambda _cfg: bots.use_rules(panel.changed()))
    panel.open_from_url()
    open_bots(bots)  # in the page's order
    return bots


def test_the_heroes_hordes_bots_link_plays_the_same_games(monkeypatch):
    bots = open_with(monkeypatch, "", hh_bots)
    bots.use_rules({"lords_self": "excluded"})
    bots.checks["random"].value = bots.checks["lookahead"].value = False
    bots.games.value, bots.seed.value = 1000, 5
    bots.run()
    query = bots.links.make()
    assert "compare=yes" in query and "lords_self=excluded" in query
    again = open_with(monkeypatch, query, hh_bots)
    same(
        again,
        bots,
        lambda b: b.policies,
        lambda b: (b.games.value, b.seed.value),
        lambda b: b.table_rules,
        lambda b: b.table.value,
        lambda b: b.tokens_table.value,
    )
    assert again.results and again.policies == ("greedy",)


@pytest.mark.parametrize(
    "make, query, problem",
    [
        (hh_risk, "goblins=5", "goblins='5'"),
        (hh_risk, "draws=16&undead=1", "draws='16'"),
        (hh_bots, "bots=random,smart", "'smart' is not known"),
        (hh_bots, "games=5000", "games='5000'"),
        (hh_bots, "bots=&compare=yes", "names no bot"),
        (hh_bots, "seed=-1", "seed='-1'"),
    ],
)
def test_a_bad_heroes_hordes_link_opens_the_page_as_usual_and_says_why(
    monkeypatch, make, query, problem
):
    tool = open_with(monkeypatch, query, make)
    box = tool.message if hasattr(tool, "sizes") else tool.status
    assert problem in said(box) and "opened as usual" in said(box)
    fresh = open_with(monkeypatch, "", make)
    if hasattr(tool, "sizes"):
        assert tool.result.value == fresh.result.value
    else:
        assert tool.policies == fresh.policies and tool.results == []


# --- Shadows: Predict, this round, who wins -------------------------------------------------


def sh_predict():
    from hordes_kit.ui.shadows.odds import PredictTool

    return PredictTool()


def sh_round():
    from hordes_kit.ui.shadows.odds import RoundTool

    return RoundTool()


def sh_wins():
    from hordes_kit.ui.shadows.odds_links import open_wins
    from hordes_kit.ui.shadows.wins import WinsTool
    from hordes_kit.ui.table_rules import TableRulesPanel

    panel, wins = TableRulesPanel("shadows"), WinsTool()
    panel.on_change(lambda _c: wins.use_rules(panel.changed()))
    panel.open_from_url()
    open_wins(wins)
    return wins


def test_the_shadows_predict_link_reopens_the_same_question(monkeypatch):
    tool = open_with(monkeypatch, "", sh_predict)
    tool.hero.value = tool.hero.options[-1][1]
    tool.studied.set([i for _, i in tool.studied.options][:2])
    tool.level.value = 2
    tool.played.set([i for _, i in tool.played.options][:1])
    tool.answers[4].value, tool.answers[1].value = "no", "yes"
    tool.model.value = "bot"
    query = tool.links.make()
    again = open_with(monkeypatch, query, sh_predict)
    same(
        again,
        tool,
        lambda t: t.hero.value,
        lambda t: t.studied.value,
        lambda t: t.level.value,
        lambda t: t.played.value,
        lambda t: {n: b.value for n, b in t.answers.items()},
        lambda t: t.model.value,
        lambda t: t.out.value,
    )
    assert again.message.value == ""
    assert again.out.value != open_with(monkeypatch, "", sh_predict).out.value


def test_the_shadows_round_link_reopens_the_same_hand_and_ranking(monkeypatch):
    tool = open_with(monkeypatch, "", sh_round)
    tool.hero.value = "akintunde"
    tool.monster.value = tool.monster.options[-1][1]
    tool.items.set([i for _, i in tool.items.options][:1])
    tool.hand.set([i for _, i in tool.hand.options][-2:])
    tool.damage.value, tool.dodge.value = 3, True
    tool.rank()
    query = tool.links.make()
    again = open_with(monkeypatch, query, sh_round)
    same(
        again,
        tool,
        lambda t: (t.hero.value, t.monster.value, t.items.value, t.hand.value),
        lambda t: (t.damage.value, t.dodge.value),
        lambda t: t.out.value,
        lambda t: t.ranked.value,
    )
    assert again.ranked.value and again.message.value == ""


def test_the_shadows_wins_link_plays_the_same_games(monkeypatch):
    tool = open_with(monkeypatch, "", sh_wins)
    tool.players.value = 3
    tool.heroes[2].value = tool.heroes[2].options[-1][1]
    tool.bot.value, tool.games.value, tool.seed.value = "random", 10, 4
    tool.run()
    query = tool.links.make()
    assert "play=yes" in query
    again = open_with(monkeypatch, query, sh_wins)
    same(
        again,
        tool,
        lambda t: t.players.value,
        lambda t: [h.value for h in t.heroes[: t.players.value]],
        lambda t: (t.bot.value, t.games.value, t.seed.value),
        lambda t: t.out.value,
    )


@pytest.mark.parametrize(
    "make, query, problem",
    [
        (sh_predict, "their_hero=nobody", "their_hero='nobody'"),
        (sh_predict, "level=4", "level='4'"),
        (sh_predict, "asked=3:yes", "'3:yes' is not a number asked"),
        (sh_predict, "asked=4:yes,4:no", "'4:no' is not a number asked"),
        (sh_round, "damage=21", "damage=21 in the address must be 0 to 20"),
        (sh_round, "vs=dragon&hero=eras", "vs='dragon'"),
        (sh_wins, "players=2&seats=eras", "names 1 Heroes for 2 players"),
        (sh_wins, "games=9&play=yes", "games=9"),
        (sh_wins, "seats=eras,eras", "names one twice"),
    ],
)
def test_a_bad_shadows_link_opens_the_page_as_usual_and_says_why(monkeypatch, make, query, problem):
    tool = open_with(monkeypatch, query, make)
    assert problem in said(tool.message) and "opened as usual" in said(tool.message)
    fresh = open_with(monkeypatch, "", make)
    assert tool.out.value == fresh.out.value


def test_a_shadows_link_naming_a_card_not_in_the_deck_is_refused(monkeypatch):
    from hordes_kit.ui.shadows.odds_links import CARDS

    hand = open_with(monkeypatch, "", sh_round)
    theirs = next(c for c in CARDS.by_id if c not in {i for _, i in hand.hand.options})
    tool = open_with(monkeypatch, f"hero=eras&hand={quote(theirs)}", sh_round)
    assert "is not in your deck" in said(tool.message) and tool.hand.value == hand.hand.value
    tool = open_with(monkeypatch, f"played={quote(theirs)}", sh_predict)
    assert "is not in their deck" in said(tool.message) and tool.played.value == ()


# --- Skytear: the position and each tool ----------------------------------------------------


def sk_page():
    """The Skytear odds page's tools, as the page builds them: (position, forecast, deck,
    pillage, win), the Table rules panel as ``.panel`` of the position."""
    from hordes_kit.ui.skytear.odds import odds_tools

    panel, *tools = odds_tools()
    tools[0].panel = panel
    return tuple(tools)


def test_a_skytear_deck_link_reopens_the_same_position_and_question(monkeypatch):
    pos, forecast, deck, _pillage, _win = open_with(monkeypatch, "", sk_page)
    pos.panel.set("empty_deck", "on-draw")  # the table's reading travels with the position
    assert pos.config()["empty_deck"] == "on-draw"
    pos.players.value, pos.difficulty.value, pos.castle.value = 2, 3, 14
    pos.monsters[0].value, pos.monsters[4].value = "", pos.monsters[4].options[-1][1]
    pos.allies[2].value = pos.allies[2].options[1][1]
    pos.minions[0].value, pos.minions[2].value = 3, 2
    deck.what.choose(deck.what.options[-1][0])
    deck.draws.value, deck.at_least.value = 7, 2
    query = deck.links.make()
    page = open_with(monkeypatch, query, sk_page)
    again = page[2]
    same(
        page[0],
        pos,
        lambda p: [x.value for x in p.form_widgets()],
        lambda p: p.config(),
        lambda p: p.message.value,
    )
    same(again, deck, lambda d: (d.what.value, d.draws.value, d.at_least.value))
    assert again.out.value == deck.out.value and page[1].out.value == forecast.out.value
    assert again.out.value != open_with(monkeypatch, "", sk_page)[2].out.value
    # the forecast's own link is the position alone
    assert set(parse_qs(forecast.links.make())) == set(parse_qs(query)) - {"card", "draws", "least"}
    assert page[0].panel.changed() == {"empty_deck": "on-draw"}


def test_a_skytear_link_of_a_game_loaded_from_the_board_reopens_that_game(monkeypatch):
    import random

    from hordes_kit.core.playout import sample_outcome
    from hordes_kit.core.registry import get_game
    from hordes_kit.core.savefile import dump_save

    s, rng = get_game("skytear").start({"players": 1}), random.Random(4)
    while len(s.history) < 30 and not s.is_terminal:
        moves = s.chance_outcomes() if s.is_chance else None
        s = s.apply(sample_outcome(moves, rng) if moves else rng.choice(s.legal_actions()))
    pos, forecast, *_ = open_with(monkeypatch, "", sk_page)
    pos.files.on_load(dump_save("skytear", {"players": 1}, s))
    query = forecast.links.make()
    assert list(parse_qs(query)) == ["position"]
    again, forecast2, *_ = open_with(monkeypatch, query, sk_page)
    assert again.state() == s and forecast2.out.value == forecast.out.value
    assert "Opened from the link" in again.message.value


class FakeRun:
    """What the simulator answers, made from its question (the games themselves take
    minutes; that the same seed plays the same games is tested in test_skytear_sim)."""

    def __init__(self, config, games, seed):
        self.win_rate = (hash(str(config)) % 97 + games + seed) % 100 / 100
        self.interval = (self.win_rate / 2, (1 + self.win_rate) / 2)

    def mean_turns(self) -> float:
        return 10 * self.win_rate


def test_skytear_pillage_and_win_links_work_the_same_answer_out_again(monkeypatch):
    monkeypatch.setattr("hordes_kit.ui.skytear.odds.simulate", FakeRun)
    pos, _f, _d, pillage, win = open_with(monkeypatch, "", sk_page)
    pos.panel.set("reactions", "any")  # the games play the table's reading
    pillage.turns.value = 3
    pillage.run()
    win.horde.value, win.players.value = win.horde.options[0][1], 2
    win.games.value, win.seed.value = 150, 3
    win.run()
    for k, tool in ((3, pillage), (4, win)):
        query = tool.links.make()
        assert "pillage=yes" in query or "play=yes" in query
        again = open_with(monkeypatch, query, sk_page)[k]
        assert again.out.value == tool.out.value and again.message.value == ""
    assert win.table_rules == {"reactions": "any"} and "reactions=any" in win.links.make()
    assert open_with(monkeypatch, win.links.make(), sk_page)[4].table_rules == win.table_rules


@pytest.mark.parametrize(
    "k, query, problem",
    [
        (0, "difficulty=6", "difficulty='6'"),
        (0, "lane7=Plank+Walker&lane1=Nobody", "lane1='Nobody'"),
        (0, "minions=Nobody:2", "'Nobody:2' is not a minion"),
        (0, "castle=0", "castle=0 in the address must be 1 to 40"),
        (0, "position=k1.0badf00d.eJwrSS0u0S0pzQcAEyoDsg", "this link"),
        (2, "card=Nothing", "card='Nothing'"),
        (2, "draws=41", "draws=41"),
        (3, "turns=13&pillage=yes", "turns=13"),
        (4, "games=20000000&play=yes", "games=20000000"),
    ],
)
def test_a_bad_skytear_link_opens_the_page_as_usual_and_says_why(monkeypatch, k, query, problem):
    page = open_with(monkeypatch, query, sk_page)
    fresh = open_with(monkeypatch, "", sk_page)
    assert problem in said(page[k].message) and "opened as usual" in said(page[k].message)
    assert page[0].config() == fresh[0].config() and page[2].out.value == fresh[2].out.value


def test_a_skytear_position_the_engine_refuses_is_not_opened(monkeypatch):
    """Every box of the form is checked on its own; the engine checks them together. A
    table it refuses leaves the form as it opened (here the engine is told to refuse a
    castle at 13, whatever else the table holds)."""
    from hordes_kit.core.errors import InvalidInputError
    from hordes_kit.core.registry import get_game

    class Picky:
        def start(self, config):
            if config["position"]["castle"] == 13:
                raise InvalidInputError("position: no castle stands at 13 here")
            return get_game("skytear").start(config)

    monkeypatch.setattr("hordes_kit.ui.skytear.position.get_game", lambda _name: Picky())
    fresh = open_with(monkeypatch, "", sk_page)[0]
    pos = open_with(monkeypatch, "castle=13&lane4=Plank+Walker&minions=none", sk_page)[0]
    assert "cannot be set up: position: no castle stands at 13" in said(pos.message)
    assert [x.value for x in pos.form_widgets()] == [x.value for x in fresh.form_widgets()]
    fine = open_with(monkeypatch, "castle=12&lane4=Plank+Walker&minions=none", sk_page)[0]
    assert fine.message.value == "" and fine.config()["position"]["castle"] == 12


# --- every parser: a value or the kit's own error naming the parameter ----------------------


def _checks_of_every_tool():
    from hordes_kit.ui.heroes_hordes.odds import PolicyComparison, RiskAhead
    from hordes_kit.ui.heroes_hordes.odds_links import _bots_checks, _risk_checks
    from hordes_kit.ui.shadows.odds_links import _predict_checks, _round_checks, _wins_checks
    from hordes_kit.ui.shadows.wins import WinsTool
    from hordes_kit.ui.skytear.odds_links import (
        _deck_checks,
        _pillage_checks,
        _position_checks,
        _win_checks,
    )
    from hordes_kit.ui.the_horde.odds import SurvivalExplorer
    from hordes_kit.ui.the_horde.odds_links import _checks

    pos, _f, deck, pillage, win = sk_page()
    return {
        **_checks(SurvivalExplorer()),
        **{f"hh_{k}": v for k, v in _risk_checks(RiskAhead()).items()},
        **{f"hh_{k}": v for k, v in _bots_checks(PolicyComparison()).items()},
        **{f"sp_{k}": v for k, v in _predict_checks(sh_predict()).items()},
        **{f"sr_{k}": v for k, v in _round_checks(sh_round()).items()},
        **{f"sw_{k}": v for k, v in _wins_checks(WinsTool()).items()},
        **{f"sk_{k}": v for k, v in _position_checks(pos).items() if k != "position"},
        **{f"sd_{k}": v for k, v in _deck_checks(deck).items()},
        **{f"sl_{k}": v for k, v in _pillage_checks(pillage).items()},
        **{f"sx_{k}": v for k, v in _win_checks(win).items()},
    }


CHECKS: dict = {}


@settings(max_examples=300, deadline=None)
@given(
    st.data(),
    st.text(alphabet="abcdeghiklmnoprstuwy-:,0123456789 +%=&ESGPR", max_size=80)
    | st.sampled_from(["", "none", "yes", "4:no,5:yes", "Skybooter", "eras,akintunde", "2"]),
)
def test_fuzz_every_new_link_parameter_is_read_or_refused_naming_it(data, value):
    if not CHECKS:
        CHECKS.update(_checks_of_every_tool())
    name = data.draw(st.sampled_from(sorted(CHECKS)))
    try:
        got = parse_query(f"{name}={quote(value)}", CHECKS)
    except HordesKitError as e:
        assert name in str(e)
    else:
        assert set(got) <= {name}
