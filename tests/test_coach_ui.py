"""The "Coach" control of every board (ui/coach.py): the ranking of the position on screen
in players' words; at a shared table a seat is coached on its own turn, and a watcher gets
no coach in a game with hidden hands."""

from __future__ import annotations

import html
import random

import pytest

from hordes_kit.core.playout import play_steps
from hordes_kit.ui.coach import NOT_YOUR_TURN, WATCHER_WORDS, CoachPanel
from hordes_kit.ui.roles import SEAT, WATCHER

pytestmark = pytest.mark.fast_simulators("fantahzee", "heroes_hordes", "skytear", "the_horde")


def _board(game: str):
    if game == "fantahzee":
        from hordes_kit.ui.fantahzee.board import FZBoard

        return FZBoard()
    if game == "heroes-hordes":
        from hordes_kit.ui.heroes_hordes.board import HHBoard

        return HHBoard(seed=1)
    if game == "shadows":
        from hordes_kit.ui.shadows.board import ShadowsBoard

        return ShadowsBoard(seed=1)
    if game == "skytear":
        from hordes_kit.ui.skytear.board import SkyBoard

        return SkyBoard(seed=1)
    from hordes_kit.ui.the_horde.board import THBoard

    return THBoard(seed=1)


def _choice(state):
    """The first position from ``state`` where a player chooses among several moves."""
    for s in play_steps(state, random.Random(2)):
        if not s.is_chance and not s.is_terminal and len(s.legal_actions()) > 1:
            return s
    raise AssertionError("no choice")


@pytest.mark.parametrize("game", ["fantahzee", "heroes-hordes", "shadows", "skytear", "the-horde"])
def test_every_board_has_the_coach(game):
    board = _board(game)
    assert isinstance(board.coach, CoachPanel) and board.coach._role == board.page_role
    board.state = _choice(board.state)
    answer = board.coach.ask(seconds=60, games=2)
    shown = board.coach.out.value
    assert answer is not None and f"Best moves for <b>{answer.seat_name}</b>" in shown
    assert answer.top[0].label.replace("'", "&#x27;") in shown  # players' words, not ids
    assert answer.top[0].move not in shown or answer.top[0].move == answer.top[0].label
    more = board.coach.refine(seconds=60, games=4)
    assert more.games > answer.games  # the same search, more games


def test_nothing_to_coach_at_a_draw():
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    board = HHBoard(seed=1)
    assert board.state.is_chance and board.coach.ask(games=2) is None
    assert "the dice or a card come first" in board.coach.out.value


def test_a_watcher_gets_no_coach_where_hands_are_hidden():
    from hordes_kit.core.registry import get_game

    for game in ("fantahzee", "shadows"):
        s = _choice(get_game(game).start({"players": 2}))
        panel = CoachPanel(game, lambda s=s: s, role=lambda: WATCHER)
        assert panel.ask(seconds=60, games=2) is None
        assert (
            "a watcher gets no coach" in panel.out.value and WATCHER_WORDS[:20] in panel.out.value
        )
        # a seat is coached on its own turn only
        me = s.current_player
        panel = CoachPanel(game, lambda s=s: s, role=lambda: SEAT, seat=lambda me=me: 1 - me)
        assert panel.ask(seconds=60, games=2) is None and NOT_YOUR_TURN in panel.out.value
        panel = CoachPanel(game, lambda s=s: s, role=lambda: SEAT, seat=lambda me=me: me)
        assert panel.ask(seconds=60, games=2) is not None
    # nothing is hidden in Heroes & Hordes: a watcher may see the coach
    s = _choice(get_game("heroes-hordes").start({}))
    panel = CoachPanel("heroes-hordes", lambda: s, role=lambda: WATCHER)
    assert panel.ask(seconds=60, games=2) is not None


def test_a_walkthrough_step_that_asks_for_a_choice_has_the_coach():
    from hordes_kit.ui.heroes_hordes.walkthrough import walkthrough

    player = walkthrough()
    assert player.coach.layout.display == "none" or player.pending_question() is not None
    for i in range(len(player.scenarios)):  # the first question that asks for a choice
        player.load(i)
        frames = [f for f in player.frames if f.step.ask and f.step.grade != "rule"]
        if frames:
            player.goto(frames[0].index - 1)
            break
    q = player.pending_question()
    assert q is not None and q.step.grade != "rule"
    assert player.coach.layout.display == ""
    answer = player.coach.ask(seconds=60, games=2)
    assert answer is not None and {v.move for v in answer.moves} == set(q.before.legal_actions())
    assert "Best moves for" in player.coach.out.value
    player.answer(q.step.move)  # answered: the next step asks nothing, the coach hides
    player.next()
    if player.pending_question() is None:
        assert player.coach.layout.display == "none"
        assert "Best moves" not in player.coach.out.value


def test_an_answer_about_an_earlier_position_is_taken_away():
    board = _board("heroes-hordes")
    board.state = _choice(board.state)
    assert board.coach.ask(seconds=60, games=2) is not None
    board.act(board.state.legal_actions()[0])
    assert "Best moves" not in board.coach.out.value and board.coach.longer.disabled


def test_a_device_passed_round_the_table_coaches_only_the_player_it_shows():
    from hordes_kit.ui.coach import NOT_ON_SCREEN

    board = _board("shadows")
    board.state = _choice(board.state)
    me = board.state.current_player
    board.viewer, board.waiting_for = me, me  # to be passed to the player to move
    assert board.coach.ask(seconds=60, games=2) is None
    assert html.escape(NOT_ON_SCREEN) in board.coach.out.value
    board.viewer, board.waiting_for = 1 - me, None  # the other player's cards show
    assert board.coach.ask(seconds=60, games=2) is None
    board.viewer = me  # the player to move holds the device, their cards showing
    assert board.coach.ask(seconds=60, games=2) is not None


def test_the_coach_goes_on_thinking_while_the_answer_is_read():
    # no event loop runs here: the clock's steps are taken by hand
    board = _board("skytear")
    board.state = _choice(board.state)
    first = board.coach.ask(seconds=60, games=2)
    assert first is not None and not first.settled
    more = board.coach.keep_thinking()
    assert more.games > first.games and f"{more.games:,} simulated games" in board.coach.out.value
    board.act(board.state.legal_actions()[0])  # the board moves on: no more thinking
    assert board.coach.keep_thinking() is None and not board.coach.clock.running


def test_the_hordes_coach_says_how_it_stands_to_the_purchase_advice():
    # one screen, two answers: "What should I buy?" ranks whole plans by the turns Chauncey
    # lasts, the coach one move by win chance; the coach's answer names the advice's first
    # step and agrees with it or gives its difference on the same games
    from hordes_kit.ui.the_horde.board import THBoard

    board = THBoard(seed=1)
    while board.state.step != "recruit":
        board.state = board.state.apply(board.state.legal_actions()[0])
    board._show()
    answer = board.coach.ask(seconds=60, games=64)
    assert answer is not None and "hk-coach-also" not in board.coach.out.value  # no advice
    board.purchase_odds(games=200)  # the advice comes after the answer: it is redrawn
    plan = board.advice.best.plan
    follows = ("flip",) if plan.flip else tuple(f"buy:{c}" for c in plan.buys) or ("done",)
    shown = html.unescape(board.coach.out.value)
    words = "the purchase advice's first step (its plans ranked by turns Chauncey lasts)"
    if answer.best.move in follows:
        assert f"This agrees with {words}, {answer.best.label}." in shown
    else:
        first = next(v for v in answer.moves if v.move in follows)
        assert f"T{words[1:]} is {first.label}; over the whole game the coach" in shown
        assert f"{first.label} wins " in shown
    board.coach.refine(seconds=60, games=128)  # a refined answer still says it
    assert "hk-coach-also" in board.coach.out.value
    board.state = board.state.apply(board.state.legal_actions()[0])  # another position
    board._show()
    assert board.advice is None and "hk-coach-also" not in board.coach.out.value


def test_heroes_hordes_coach_says_how_it_stands_to_the_boards_advice():
    # the board's "Advice:" at a block, a split card, a slay or a search (the lookahead
    # bot's force measure) and the coach's whole-game answer: agree, or the difference
    from hordes_kit.core.playout import sample_outcome
    from hordes_kit.ui.heroes_hordes import advice
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    board, seen = HHBoard(seed=1), set()
    while not board.state.is_terminal and len(seen) < 2:
        s = board.state
        if s.is_chance:
            board.state = s.apply(
                sample_outcome(s.chance_outcomes(), random.Random(len(s.history)))
            )
            continue
        if len(s.legal_actions()) > 1 and s.step in ("defend", "place") and s.step not in seen:
            seen.add(s.step)
            board._show()
            answer = board.coach.ask(seconds=60, games=32)
            shown = html.unescape(board.coach.out.value)
            mine = advice.advised_move(s)
            words = f"the board's advice (by the {advice.MEASURE[s.step]})"
            if answer.best.move == mine:
                assert f"This agrees with {words}, {answer.best.label}." in shown
            else:
                assert f"T{words[1:]} is {s.label(mine)}; over the whole game" in shown
        board.state = s.apply(s.legal_actions()[0])
    assert seen == {"defend", "place"}


def test_fantahzees_coach_says_how_it_stands_to_the_decision_odds():
    # "Odds for this decision" at a damage or a reduce choice (one measure, single moves)
    # and the coach: agree, or the difference (the Roll Step's best keep is the coach's own
    # exact answer, the Attack Step's odds rank whole plans: neither is named here)
    from hordes_kit.ui.fantahzee.advice import decision
    from hordes_kit.ui.fantahzee.board import FZBoard

    board = FZBoard()
    for s in play_steps(board.state, random.Random(3)):
        if s.is_chance or s.is_terminal or len(s.legal_actions()) < 2:
            continue
        board.state = s
        board._show()
        board.show_odds()
        if board.coach_other(s) is None:
            assert s.phase in ("roll", "attack") or decision(s) is None, s.phase
            continue
        answer = board.coach.ask(seconds=60, games=4)
        if answer is None:  # another seat's turn: its hand is not on this screen
            continue
        d = decision(s)
        best = d.best_all(list(d.values))
        shown = html.unescape(board.coach.out.value)
        words = f"the odds for this decision (best by {d.measure.short})"
        if answer.best.move in best:
            assert f"This agrees with {words}, {answer.best.label}." in shown
        else:
            assert f"T{words[1:]} is " in shown and "over the whole game" in shown
        board.state = s.apply(s.legal_actions()[0])  # another position: no odds for it
        board._show()
        assert board.coach_other(board.state) is None
        return
    raise AssertionError("no decision with odds")
