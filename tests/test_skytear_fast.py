"""The fast simulator agrees with the rules engine (which stays the source of truth). Every
test that runs the fast simulator is in this file, so numba compiles once per test worker.

1. Fed the same chance tape, both play identical games: the same chance outcome at every
   chance node, the same result, last turn and castle health, in several setups.
2. Over many fast games the win rate lies inside the 99% interval of the engine's games.
3. Hand-over from any position, worker processes, large seeds, what it refuses.
"""

from __future__ import annotations

import pytest
from budget import sized

from hordes_kit.core.data import data_path
from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.montecarlo import MAX_SEED, wilson_interval
from hordes_kit.core.playout import play_until
from hordes_kit.core.scenario import load_scenario, scenario_files
from hordes_kit.core.state import evolve
from hordes_kit.skytear import new_game
from hordes_kit.skytear.bench import reach
from hordes_kit.skytear.board import replace_unit
from hordes_kit.skytear.bots import Sensible, sensible_policy
from hordes_kit.skytear.cards import CARDS_FILE, shipped_cards
from hordes_kit.skytear.fast.core import S_CHP, S_RESULT, S_TURN
from hordes_kit.skytear.fast.sim import can_play, play_tape_fast, run_fast, seed64, supports
from hordes_kit.skytear.fast.tables import compile_tables
from hordes_kit.skytear.rules import SkyConfig
from hordes_kit.skytear.setup import setup_position
from hordes_kit.skytear.simulate import simulate, win_chart, win_odds, win_table
from hordes_kit.skytear.tape import make_tape, play_tape, tape_pick

pytestmark = pytest.mark.fast_simulators("skytear")

# the shipped cards with a 41st Liothan card, a heroic ally: one leaves the deck at random
VORHILD = """
[[alliance]]
name = "Vorhild"
code = "CAM.199"
faction = "Liothan"
type = "ally"
rarity = "legendary"
cost = 5
attack = 4
health = 5
keywords = ["heroic 2"]
"""
FORTY_ONE = data_path("skytear", "cards.toml").read_text() + VORHILD
CONFIGS = [
    {},
    {"players": 2},
    {"difficulty": 3, "hordes": ["Animerk"], "outsider": "WAST-3"},
    {
        "difficulty": 4,
        "hordes": ["Scaleson", "Animerk"],
        "decks": ["Kurumo"],
        "outsider": "Scalesider",
    },
    {"players": 2, "decks": ["Kurumo", "Taulot"], "reactions": "any", "empty_deck": "on-draw"},
    {"cards": FORTY_ONE},
]
Z99 = 2.5758293035489004


def reference(cfg, tape, bot=sensible_policy):
    """The engine's game on a tape, and the cards its chance nodes gave."""
    s, drawn, pos = new_game(cfg), [], 0
    while not s.is_terminal:
        if s.is_chance:
            move = tape_pick(s.chance_outcomes(), tape[pos])
            pos += 1
            drawn.append(move.split(":", 1)[1])
        else:
            move = bot(s, None)
        s = s.apply(move)
    return s, drawn


@pytest.mark.parametrize(
    "cfg", CONFIGS, ids=["first-game", "coop", "colossal", "enchanter", "options", "41-cards"]
)
def test_identical_games_on_the_same_tape(cfg):
    results = set()
    for seed in range(12):
        tape = make_tape(seed)
        ref, drawn = reference(cfg, tape)
        S, fast_drawn = play_tape_fast(setup_position(SkyConfig.from_dict(cfg)), tape)
        assert fast_drawn == drawn, f"seed {seed}: the games part at draw {len(drawn)}"
        got = ({1: "win", 2: "loss"}[int(S[S_RESULT])], int(S[S_TURN]), int(S[S_CHP]))
        assert got == (ref.result, ref.turn, ref.castle_hp), f"seed {seed}"
        results.add(got)
    assert len(results) > 5  # the games really differ from each other


# members of the sensible bot's family (the strategy lab's): every choice it varies away from
# the shipped bot's
MEMBERS = [
    Sensible(mulligan=0, castle_draw=4, reserve=2, defend="leftmost"),
    Sensible(mulligan=3, castle_draw=-1, reserve=1, defend="weakest"),
    Sensible(mulligan=7, castle_draw=0, reserve=3, defend="strongest"),
]


@pytest.mark.parametrize("cfg", [{}, {"players": 2}], ids=["solo", "coop"])
@pytest.mark.parametrize("member", MEMBERS, ids=["keep-hand", "weakest", "dear-mulligan"])
def test_identical_games_for_every_member_of_the_family(cfg, member):
    results, plain = set(), 0
    for seed in range(5):
        tape = make_tape(seed)
        ref, drawn = reference(cfg, tape, member)
        S, fast_drawn = play_tape_fast(setup_position(SkyConfig.from_dict(cfg)), tape, member)
        assert fast_drawn == drawn, f"seed {seed}: the games part at draw {len(drawn)}"
        got = ({1: "win", 2: "loss"}[int(S[S_RESULT])], int(S[S_TURN]), int(S[S_CHP]))
        assert got == (ref.result, ref.turn, ref.castle_hp), f"seed {seed}"
        results.add(got)
        plain += reference(cfg, tape)[0].history == ref.history
    assert len(results) > 2 and plain < 5  # the member plays other games than the shipped bot


RULEBOOK_CASES = ("30-full-lanes", "31-attach-to-face-down", "32-trample-split", "34-outsider")


def test_identical_games_from_the_rulebook_cases():
    # the scenarios' positions (full lanes, an attachment on a face-down card, trample,
    # the outsider at 0 health), played on by both on the same tapes
    seen = set()
    for path in scenario_files("skytear"):
        if not path.stem.startswith(RULEBOOK_CASES):
            continue
        cfg = load_scenario(path).config
        for seed in range(6):
            ref, drawn = reference(cfg, make_tape(seed))
            S, fast_drawn = play_tape_fast(
                setup_position(SkyConfig.from_dict(cfg)), make_tape(seed)
            )
            assert fast_drawn == drawn, f"{path.stem}, seed {seed}: the games part"
            got = ({1: "win", 2: "loss"}[int(S[S_RESULT])], int(S[S_TURN]), int(S[S_CHP]))
            assert got == (ref.result, ref.turn, ref.castle_hp), f"{path.stem}, seed {seed}"
            seen |= {e.rule for e in ref.log}
        seen.add(path.stem)
    assert len([x for x in seen if x[:2].isdigit()]) == len(RULEBOOK_CASES)
    assert {"skytear.ruling.concealed-attach", "skytear.ruling.pile-boost"} <= seen


def test_the_tape_player_and_the_engine_agree():
    s, trace = play_tape(new_game({}), make_tape(3))
    ref, _ = reference({}, make_tape(3))
    assert s.history == ref.history and trace[0][0] == 0 and len(trace) >= s.turn


@pytest.mark.slow
def test_win_rates_agree_at_scale():
    # quick: a gross disagreement shows in 40 engine games (0.3 s each); long: at scale
    ref = simulate({}, sized(40, 400), seed=11, engine="reference")
    fast = simulate({}, sized(4000, 40_000), seed=11, engine="fast")
    assert ref.engine == "reference" and fast.engine == "fast"
    lo, hi = wilson_interval(ref.wins, ref.games, Z99)
    assert lo <= fast.win_rate <= hi, (fast.win_rate, lo, hi)


def test_win_odds_from_a_position_and_from_a_half_made_choice():
    s = play_until(
        new_game({}), 5, {0: sensible_policy}, lambda x: x.turn == 3 and x.head().kind == "act"
    )
    assert supports(s) == ""
    a = simulate(None, 400, seed=1, start=s)
    b = simulate(None, 400, seed=1, start=s)
    assert a.engine == "fast" and a.tally == b.tally and 0 < a.wins < 400
    half = (
        s.apply("play:" + s.seats[0].hand[0])
        if any(o.startswith("play:") for o in s.legal_actions())
        else s
    )
    mid = play_until(half, 2, {0: sensible_policy}, lambda x: bool(x.head().picks))
    if not mid.is_terminal and mid.head().picks:
        assert "half made" in supports(mid)
        r = simulate(None, 20, seed=1, start=mid)
        assert r.games == 20 and r.engine == "fast"


def test_workers_and_chunks_do_not_change_results():
    games = sized(600, 10_000)  # one chunk of 600 against two of 300, one on each worker
    one = simulate({"players": 2}, games, seed=9, engine="fast")
    done: list[int] = []
    two = simulate(
        {"players": 2},
        games,
        seed=9,
        engine="fast",
        workers=2,
        progress=lambda d, _n: done.append(d),
    )
    assert one.tally == two.tally and len(done) > 1 and done[-1] == games  # chunks were played


def test_seeds_of_any_size_and_rows_of_the_fast_runner():
    assert seed64(10**40, 3) == seed64(10**40, 3) < 2**63
    rows = run_fast(new_game({}), 50, 10**30)
    assert rows.shape == (50, 5) and set(rows[:, 0]) <= {1, 2} and not rows[:, 4].any()


def test_what_the_fast_simulator_refuses_goes_to_the_engine():
    camp = new_game({"mode": "campaign"})
    assert "campaign" in supports(camp)
    assert simulate({"mode": "campaign"}, 3, seed=0).engine == "reference"
    text = CARDS_FILE.read_text().replace(
        'layout = ["Scrap Claw", "WAST-3", "Junk Cannon", "Piston Leg"]',
        'layout = ["Scrap Claw", "WAST-3", "Junk Cannon", "Piston Leg", "Spare Arm"]',
    )
    text += '\n[[outsider]]\nname = "Spare Arm"\ntype = "appendage"\nof = "WAST-3"\n'
    text += "attack = 1\nhealth = 1\n"
    s = new_game({"cards": text, "outsider": "WAST-3"})
    assert "colossal of more than 4" in supports(s) and can_play(s)
    with pytest.raises(Exception, match="cannot play"):
        simulate({"cards": text, "outsider": "WAST-3"}, 5, engine="fast")
    assert simulate({"cards": text, "outsider": "WAST-3"}, 5).engine == "reference"


def test_a_card_it_cannot_play_sends_only_the_games_that_meet_it_to_the_engine():
    # the sample cards of the glossary's words (an X, a "cannot", Heroic + Heroic...) are
    # refused card by card, by name and reason: a game of their horde goes to the engine,
    # a game of the box's hordes in the same card file stays fast
    t = compile_tables(shipped_cards())
    assert "X mana" in t.unsupported["chronomancer"]
    assert "heroic 2" in t.unsupported["hymn-of-valor"]
    fae = new_game({"hordes": ["Faefolk"]})
    why = can_play(fae)
    assert why.split(":")[0] in {fae.name(c) for c in t.unsupported} and "does not play" in why
    with pytest.raises(InvalidInputError, match="cannot play this: .*does not play"):
        simulate({"hordes": ["Faefolk"]}, 3, engine="fast")
    assert simulate({"hordes": ["Faefolk"]}, 2, seed=0).engine == "reference"
    assert can_play(new_game({})) == "" and simulate({}, 5, seed=0).engine == "fast"
    # what an ability gave a card in play is not in the fast simulator's arrays
    s = reach({}, "alliance", 2)
    u = next(u for _, _, u in s.units() if u.side == "horde")
    given = replace_unit(s, evolve(u, mods=(("turn", "health", -1),)))
    assert "what an ability gave a card" in supports(given)


def test_stale_numba_builds_are_dropped_when_a_source_changes(tmp_path):
    from hordes_kit.skytear.fast.sim import _drop_stale_cache

    (tmp_path / "turn.t_wave-1.py311.nbi").write_text("old")
    (tmp_path / "sim._games-79.py311.1.nbc").write_text("old")
    (tmp_path / "other.nbi").write_text("kept")
    assert _drop_stale_cache(tmp_path)  # no stamp yet: the builds may be stale
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.nbi", "sim.sources"]
    (tmp_path / "turn.t_wave-1.py311.nbi").write_text("new")
    assert not _drop_stale_cache(tmp_path)  # same sources: the builds stay
    assert (tmp_path / "turn.t_wave-1.py311.nbi").exists()
    (tmp_path / "sim.sources").write_text("an older digest")
    assert _drop_stale_cache(tmp_path)
    assert not (tmp_path / "turn.t_wave-1.py311.nbi").exists()


def test_same_seed_same_games_and_the_largest_seed():
    a = simulate({}, 30, seed=MAX_SEED, engine="fast")
    b = simulate({}, 30, seed=MAX_SEED, engine="fast")
    assert a.tally == b.tally and a.games == 30
    with pytest.raises(InvalidInputError, match="seed"):
        simulate({}, 30, seed=MAX_SEED + 1)
    r = simulate({}, 2, seed=4, policy="random")
    assert r.engine == "reference" and sum(r.reasons().values()) == 2


def test_win_table_and_chart():
    table = win_table(("Skybooter", "Scaleson"), (1, 5), games=30, seed=1)
    assert table.height == 4 and set(table["horde"]) == {"Skybooter", "Scaleson"}
    for row in table.iter_rows(named=True):
        assert row["low95"] <= row["win_rate"] <= row["high95"] and row["games"] == 30
    fig = win_chart(table)
    assert len(fig.data) == 2 and fig.layout.yaxis.tickformat == ".0%"


def test_win_odds_from_a_position_reached_in_play():
    s = reach({}, "alliance", 2)
    assert s.phase == "alliance" and s.turn == 2
    r = win_odds(s, 50, seed=1)
    assert r.games == 50 and r.label.startswith("from turn 2")
