"""The five playable boards, each as a test builds it: bots for the other seats, moves at
once ("Instant"), chance from ``seed`` (None: a random seed, shown in the seed box)."""

from __future__ import annotations


def fz_board(seed=None):
    from hordes_kit.ui.fantahzee.board import FZBoard

    return FZBoard(players=2, seed=seed, kinds=["Person", "Strong bot"], speed="Instant")


def th_board(seed=None):
    from hordes_kit.ui.the_horde.board import THBoard

    return THBoard(seed=seed, speed="Instant")


def hh_board(seed=None):
    from hordes_kit.ui.heroes_hordes.board import HHBoard

    return HHBoard(seed=seed)


def sh_board(seed=None):
    from hordes_kit.ui.shadows.board import ShadowsBoard

    return ShadowsBoard(players=2, kinds=["Person", "Sensible bot"], seed=seed, speed="Instant")


def sk_board(seed=None):
    from hordes_kit.ui.skytear.board import SkyBoard

    return SkyBoard(seed=seed, speed="Instant", mode="bot")


BOARDS = {
    "fantahzee": fz_board,
    "the-horde": th_board,
    "heroes-hordes": hh_board,
    "shadows": sh_board,
    "skytear": sk_board,
}
