"""Shadows: Heroes & Monsters (2-3 players): card data, the rules engine, odds and bots.

Registration only: the game's declaration for the registry and its public names. Which
module holds what is in ``hordes_kit/README.md``.
"""

from hordes_kit.core.registry import Dashboard, Game, register
from hordes_kit.shadows.bots import conformance_policy
from hordes_kit.shadows.config import SConfig
from hordes_kit.shadows.game import ShadowsState, new_game
from hordes_kit.shadows.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, TITLE

__all__ = ["GAME", "SConfig", "ShadowsState", "new_game", "SHADOWS"]

SHADOWS = register(
    Game(
        GAME,
        TITLE,
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        conformance_seeds=6,
        playout_policy=conformance_policy,
        coach=__name__ + ".coach",
        tagline="Competitive, 2-3 players: plan your hand in secret, then fight the Monster "
        "Initiative step by step.",
        dashboards=(
            Dashboard(
                "shadows_walkthrough.ipynb",
                "Rulebook walkthroughs",
                "the Example of Play (Robert and Olivia), Jack and Emma's Shield Points, the "
                "three-player Predict, Eras' stats and the requirement examples, every FAQ "
                "answer and a lesson for each Trait of the book, step by step with the rule "
                "behind each step, questions checked by the rules engine, and a rules quiz.",
            ),
            Dashboard(
                "shadows_play.ipynb",
                "Play a game",
                "2-3 seats, people or bots: a secret Plan behind a pass-the-device screen, the "
                "Combat Phase step by step, every card's text, odds on demand, save and load.",
            ),
            Dashboard(
                "shadows_odds.ipynb",
                "Odds",
                "the next Monster-Action card, what an opponent's Hand can hold for a Predict, "
                "your Hand against the Monster this round, and who wins with which Hero.",
            ),
        ),
        seat_bots=("sensible", "random"),  # who may play a seat of its board (a save records it)
        cli=__name__ + ".cli",
        cards=__name__ + ".cardref",
        card_faces="hordes_kit.ui.shadows.cardref",
        bench=__name__ + ".bench",
        fastsim=__name__ + ".fast.position",
        sheet=__name__ + ".sheet",
        config=SConfig,
    )
)
