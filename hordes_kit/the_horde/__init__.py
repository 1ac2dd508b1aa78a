"""The Horde (solo): card data, the rules engine, battle odds and survival analysis.

Registration only: the game's declaration for the registry and its public names. Which
module holds what is in ``hordes_kit/README.md``.
"""

from hordes_kit.core.registry import Dashboard, Game, register
from hordes_kit.the_horde.game import THState, new_game
from hordes_kit.the_horde.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, THConfig

__all__ = ["GAME", "THConfig", "THState", "new_game", "THE_HORDE"]

THE_HORDE = register(
    Game(
        GAME,
        "The Horde",
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        tagline="Solo: survive five years of hordlings and taxes as Chauncey.",
        dashboards=(
            Dashboard(
                "the_horde_play.ipynb",
                "Play a game",
                "the recruit row as cards to click, Crowns and the taxes ahead, every battle "
                "with its roll and chance, decks and discards counted, undo, save and load, "
                "survival odds from your position.",
            ),
            Dashboard(
                "the_horde_walkthrough.ipynb",
                "Walkthrough",
                "your first year in the Shimto Plains, step by step with the rule behind each "
                "step, questions answered with the odds, and a rules quiz.",
            ),
            Dashboard(
                "the_horde_odds.ipynb",
                "Battle odds and survival",
                "the chance of every battle (level × force), and which buying policy survives "
                "most often, 10,000 games a second.",
            ),
        ),
        cli=__name__ + ".cli",
        cards=__name__ + ".cardref",
        card_faces="hordes_kit.ui.the_horde.cardref",
        bench=__name__ + ".bench",
        sheet=__name__ + ".sheet",
        fastsim=__name__ + ".fast.sim",
        coach=__name__ + ".coach",
        config=THConfig,
    )
)
