"""A click is answered at once: server side, a click on a board to the redrawn board.

For each game's play board (people only where the board seats them, else the player
against the board's bots), random legal moves are sent as a click's handler sends them
(``board.act``) and timed until the board has redrawn: the move applied, the chance after
it resolved, every widget's new state packed for the browser as the kernel's session
packs it (JSON). A bot's turn is paced on purpose (the browser's clock shows it a move at
a time): its showing, "Skip", "Continue" and pass screens are not timed; a move that hands
the turn to a bot is timed apart (the bot's moves are worked out within it). Moves come
from a fixed seed. Figures are printed, never asserted; the target is 100 ms.

    python benchmarks/clicks.py [--clicks 60] [--games fantahzee shadows]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import comm
from comm.base_comm import BaseComm
from jupyter_client.session import json_packer

PACKED = [0]  # bytes packed for the browser since the last click


class PackedComm(BaseComm):
    """A widget's comm that packs each message as the kernel's session does (and sends
    nothing: there is no browser here)."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys) -> None:
        PACKED[0] += len(json_packer({"data": data, "metadata": metadata or {}}))


comm.create_comm = lambda *a, **k: PackedComm(*a, **k)  # before any widget is made


def _boards() -> dict[str, Callable[[], object]]:
    from hordes_kit.ui.fantahzee.board import FZBoard
    from hordes_kit.ui.heroes_hordes.board import HHBoard
    from hordes_kit.ui.shadows.board import ShadowsBoard
    from hordes_kit.ui.skytear.board import SkyBoard
    from hordes_kit.ui.the_horde.board import THBoard

    return {
        "fantahzee": lambda: FZBoard(players=2, seed=11, kinds=["Person", "Person"]),
        "heroes_hordes": lambda: HHBoard(seed=11),
        "the_horde": lambda: THBoard(seed=11),
        "shadows": lambda: ShadowsBoard(players=2, kinds=["Person", "Person"], seed=11),
        "skytear": lambda: SkyBoard(seed=11),
    }


def _pass_screen(board) -> bool:
    """The device is being passed to the next person (a hot-seat board): reveal their hand."""
    if getattr(board, "waiting_for", None) is not None:  # Shadows
        return True
    seen = getattr(board, "seen_by", None)  # Fantahzee: whose hand is shown
    return seen is not None and seen != board.state.current_player and hasattr(board, "reveal")


def _advance(board) -> None:
    """Past what is not an ordinary move: a paced bot turn (skipped), a pass screen, a
    game's end."""
    playback = getattr(board, "playback", None)
    if playback is not None and not playback.done:
        playback.continue_turn() if playback.waiting else playback.skip()
    elif _pass_screen(board):
        board.reveal()
    elif board.state.is_terminal:
        board.new_game(7)


def time_clicks(
    make: Callable[[], object], clicks: int, seed: int = 1
) -> list[tuple[float, int, bool]]:
    """For each of ``clicks`` random moves on a new board: seconds from the click to the
    redrawn board, bytes packed for the browser, and whether a bot's turn followed (its
    moves worked out within the click, then shown paced)."""
    rng = random.Random(seed)
    board = make()
    out: list[tuple[float, int, bool]] = []
    for _ in range(clicks * 20):
        if len(out) >= clicks:
            break
        playback = getattr(board, "playback", None)
        if (playback is not None and not playback.done) or _pass_screen(board):
            _advance(board)
            continue
        chance = board.state.is_chance
        draw = getattr(board, "draw", None) or getattr(board, "advance", None)
        if board.state.is_terminal or (chance and draw is None):
            _advance(board)
            continue
        # a person's decision, or a click that draws (Heroes & Hordes' Draw, The Horde's Next)
        click = draw if chance else partial(board.act, rng.choice(board.state.legal_actions()))
        PACKED[0] = 0
        t0 = time.perf_counter()
        click()  # what each board's click handler ends in
        took = time.perf_counter() - t0
        bots = playback is not None and not playback.done
        out.append((took, PACKED[0], bots))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60, help="clicks timed per game (default 60)")
    ap.add_argument("--games", nargs="+", help="only these games")
    args = ap.parse_args(argv)
    boards = {g: f for g, f in _boards().items() if not args.games or g in args.games}
    print(f"clicks: server side, a click to the redrawn board [load {os.getloadavg()[0]:.2f}]")
    for game, make in boards.items():
        time_clicks(make, 3)  # the first board of a game loads its modules and data
        times = time_clicks(make, args.clicks)
        ordinary = sorted(t * 1000 for t, _b, bots in times if not bots)
        with_bots = sorted(t * 1000 for t, _b, bots in times if bots)
        packed = statistics.mean(b for _t, b, _ in times) / 1024 if times else 0
        line = f"  {game:14s} {len(ordinary)} moves: " + _spread(ordinary)
        if with_bots:
            line += f"; {len(with_bots)} handing over to a bot: " + _spread(with_bots)
        print(line + f"; {packed:.0f} KB packed a click (mean)", flush=True)


def _spread(ms: list[float]) -> str:
    if not ms:
        return "none"
    return (
        f"median {statistics.median(ms):.1f} ms, 90% {ms[int(0.9 * (len(ms) - 1))]:.1f} ms,"
        f" slowest {ms[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
