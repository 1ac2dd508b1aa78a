"""A click is answered at once: server side, a click on a board to the redrawn board.

For each game's play board (as its play page builds it, people only where the board
seats them), clicks are sent the way a browser's click reaches the kernel (the board's
ActionView gets the click's message) and timed until the board has redrawn: the move
applied, the chance after it resolved, every widget's new state packed for the browser
as the kernel's session packs it (JSON). A bot's turn is paced on purpose (the browser's
clock shows it a move at a time): "Skip" and "Continue" are not timed, nor a pass screen.
Moves are random among the buttons on screen, from a fixed seed. Figures are printed,
never asserted; the target is 100 ms for an ordinary move.

    python benchmarks/clicks.py [--clicks 60] [--games fantahzee shadows]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

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

from hordes_kit.ui.board import _action_views  # noqa: E402 - after the comm is replaced


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


def _advance(board) -> bool:
    """Past what is not an ordinary move (a paced bot turn, a pass screen, a game's end);
    False when nothing is left to do."""
    playback = getattr(board, "playback", None)
    if playback is not None and not playback.done:
        playback.skip() if not playback.waiting else playback.continue_turn()
        return True
    if getattr(board, "waiting_for", None) is not None and hasattr(board, "reveal"):
        board.reveal()
        return True
    if board.state.is_terminal:
        board.new_game(7)
        return True
    return False


def time_clicks(make: Callable[[], object], clicks: int, seed: int = 1) -> list[tuple[float, int]]:
    """Seconds and bytes packed for each of ``clicks`` random clicks on a new board."""
    rng = random.Random(seed)
    board = make()
    out: list[tuple[float, int]] = []
    stuck = 0
    while len(out) < clicks and stuck < 50:
        offered = [(v, a) for v in _action_views(board) for a in v.actions]
        if not offered:
            stuck += 1
            if not _advance(board):
                break
            continue
        view, action = rng.choice(offered)
        PACKED[0] = 0
        t0 = time.perf_counter()
        view._on_browser_msg(view, {"type": "action", "id": action}, [])
        out.append((time.perf_counter() - t0, PACKED[0]))
        stuck = 0
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
        ms = sorted(t * 1000 for t, _ in times)
        packed = statistics.mean(b for _, b in times) / 1024 if times else 0
        print(
            f"  {game:14s} {len(ms)} clicks: median {statistics.median(ms):5.1f} ms, 90% "
            f"{ms[int(0.9 * (len(ms) - 1))]:5.1f} ms, slowest {ms[-1]:5.1f} ms; "
            f"{packed:.0f} KB packed a click (mean)",
            flush=True,
        )


if __name__ == "__main__":
    main()
