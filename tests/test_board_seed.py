"""The seed box of every board: it shows the seed of the game on the table; New game deals a
fresh random game, or the game of a seed the player typed (the same seed, the same deal)."""

from __future__ import annotations

import pytest
from board_makers import BOARDS


def dealt(board):
    """The board's game after its first chance: The Horde's first recruit row and Heroes &
    Hordes' first Fate card wait for a click (the other boards deal as a game starts)."""
    if board.state.is_chance and hasattr(board, "draw"):
        board.draw()
    elif board.state.is_chance and hasattr(board, "advance"):
        board.advance(until_decision=True)
    return board.state


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_new_game_deals_afresh_and_a_typed_seed_deals_its_game(name):
    make = BOARDS[name]
    board = make()  # a page opens on a random game: its seed is in the box
    shown = board.seed_box.value
    assert dealt(make(shown)) == dealt(board)  # the shown seed deals the game on the table

    seeds, states = [shown], [board.state]
    for _ in range(3):  # New game, the box untouched: a new random game each time
        board.restart()
        seeds.append(board.seed_box.value)
        states.append(dealt(board))
        assert dealt(make(seeds[-1])) == board.state
    assert len(set(seeds)) == len(seeds), f"New game dealt a seed twice: {seeds}"
    assert any(s != states[0] for s in states), "four seeds dealt one game: no chance yet?"

    board.seed_box.value = 7  # a seed typed in (from a friend, or the rulebook's example)
    board.restart()
    assert board.seed_box.value == 7
    assert dealt(board) == dealt(make(7))
    board.restart()  # and New game again: a fresh deal, not seed 7 once more
    assert board.seed_box.value != 7


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_board_opened_on_a_seed_shows_it(name):
    assert BOARDS[name](12345).seed_box.value == 12345
