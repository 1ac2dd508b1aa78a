"""Heroes & Hordes (solo): card data, the rules engine and the battle calculator.

Registration only: the game's declaration for the registry and its public names. Which
module holds what is in ``hordes_kit/README.md``.
"""

from hordes_kit.core.registry import Dashboard, Game, register
from hordes_kit.heroes_hordes.game import HHState, new_game
from hordes_kit.heroes_hordes.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, HHConfig

__all__ = ["GAME", "HHConfig", "HHState", "new_game", "HEROES_HORDES"]

HEROES_HORDES = register(
    Game(
        GAME,
        "Heroes & Hordes",
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        tagline="Solo: summon heroic armies to beat back the evil hordes.",
        dashboards=(
            Dashboard(
                "heroes_hordes_play.ipynb",
                "Play a game",
                "the six piles as columns, every choice by clicking, forces live, undo, save "
                "and load, win odds from your position.",
            ),
            Dashboard(
                "heroes_hordes_walkthrough.ipynb",
                "Walkthrough",
                "your first turns and three battles, step by step, each step citing its rule, "
                "with questions checked by the rules engine.",
            ),
            Dashboard(
                "heroes_hordes_odds.ipynb",
                "Battle calculator and odds",
                "why a battle is won (every modifier shown) and the best discard, the risk of "
                "a horde attacking soon, and which way of playing wins most.",
            ),
        ),
        cli=__name__ + ".cli",
        cards=__name__ + ".cardref",
        card_faces="hordes_kit.ui.heroes_hordes.cardref",
        bench=__name__ + ".bench",
        sheet=__name__ + ".sheet",
        fastsim=__name__ + ".fast.sim",
        coach=__name__ + ".coach",
        config=HHConfig,
    )
)
