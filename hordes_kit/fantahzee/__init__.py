"""Fantahzee: Hordes & Heroes (2-5 players): card data, dice odds and the rules engine.

Registration only: the game's declaration for the registry and its public names. Which
module holds what is in ``hordes_kit/README.md``.
"""

from hordes_kit.core.registry import Dashboard, Game, register
from hordes_kit.fantahzee.game import FState, new_game
from hordes_kit.fantahzee.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, FConfig

__all__ = ["GAME", "FConfig", "FState", "new_game", "FANTAHZEE"]


def _conformance_policy(state, rng):
    """Half the moves uniformly random, half the strong bot's: random Fantahzee games
    otherwise last tens of thousands of moves (nobody gathers the strength for a Boss)."""
    from hordes_kit.fantahzee.bots import random_bot, strong_bot

    return strong_bot(state, rng) if rng.random() < 0.5 else random_bot(state, rng)


FANTAHZEE = register(
    Game(
        GAME,
        "Fantahzee: Hordes & Heroes",
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        conformance_seeds=4,
        playout_policy=_conformance_policy,
        tagline="Dice and cards, 2–5 players.",
        dashboards=(
            Dashboard(
                "fantahzee_odds.ipynb",
                "Dice-odds explorer",
                "your chance to pay a hero's cost (four of a kind for the Paladin, a pair for "
                "the Sergeant…) with the dice and rolls you have, and which dice to keep.",
            ),
            Dashboard(
                "fantahzee_walkthrough.ipynb",
                "Rulebook walkthroughs",
                "Maureen's Example Turn, Shields, John's Ambush, Gill with no strength, Andre's "
                "final score and every FAQ answer, step by step with the rule behind each step "
                "and questions checked by the rules engine.",
            ),
            Dashboard(
                "fantahzee_play.ipynb",
                "Play a game",
                "2–5 players at one device or against bots (random or strong), every legal move "
                "a click, dice odds and attack plans on demand, undo, save and load.",
            ),
        ),
        seat_bots=("random", "strong"),  # who may play a seat of its board (a save records it)
        cli=__name__ + ".cli",
        cards=__name__ + ".cardref",
        card_faces="hordes_kit.ui.fantahzee.cardref",
        bench=__name__ + ".bench",
        sheet=__name__ + ".sheet",
        fastsim=__name__ + ".fast.sim",
        coach=__name__ + ".coach",
        config=FConfig,
    )
)
