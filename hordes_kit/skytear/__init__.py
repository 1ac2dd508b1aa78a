"""Skytear Horde (1-2 players, solo or co-op): card data, the rules engine, forecasts and odds.

Registration only: the game's declaration for the registry and its public names.
"""

from hordes_kit.core.registry import Dashboard, Game, register
from hordes_kit.skytear.game import SkyState, new_game
from hordes_kit.skytear.rules import GAME, MAX_PLAYERS, MIN_PLAYERS, SkyConfig

__all__ = ["GAME", "SkyConfig", "SkyState", "new_game", "SKYTEAR"]

SKYTEAR = register(
    Game(
        GAME,
        "Skytear Horde",
        MIN_PLAYERS,
        MAX_PLAYERS,
        new_game,
        conformance_seeds=40,
        tagline="Solo / co-op lane defence: hold your castle against the horde's waves.",
        dashboards=(
            Dashboard(
                "skytear_walkthrough.ipynb",
                "Rulebook walkthroughs",
                "a first lesson on the real setup, your first game's setup and first turn phase "
                "by phase, every worked example of the rulebook (destruction, the boosted "
                "monster, pillage, Trample, tokens and armor, the castle's Draw, Fast, an "
                "enchanter, abilities as much as possible) and the cases its rules settle (the "
                "portal and the outsider, winning and losing, a colossal outsider, co-op, a "
                "campaign's Recruit), "
                "step by step with the rule behind each step, questions checked by the rules "
                "engine, and a rules quiz.",
            ),
            Dashboard(
                "skytear_play.ipynb",
                "Play a game",
                "solo or co-op with a person or the kit's bot: the six lanes with the horde's "
                "monsters, the castle and portal, your hand and what it can pay for, every "
                "choice a click, the coming turn's forecast and win odds on demand, save and load.",
            ),
            Dashboard(
                "skytear_odds.ipynb",
                "Odds",
                "the coming turn's exact forecast for a position you set up, a card within N "
                "draws, pillage emptying a deck within N turns, and the bots' win odds by "
                "difficulty.",
            ),
        ),
        seat_bots=("sensible",),  # who may play a seat of its board (a save records it)
        bot_seats=(1,),  # the kit's bot is a co-op partner: Player 2, never Player 1
        cli=__name__ + ".cli",
        cards=__name__ + ".cardref",
        card_faces="hordes_kit.ui.skytear.cardref",
        bench=__name__ + ".bench",
        sheet=__name__ + ".sheet",
        fastsim=__name__ + ".fast.sim",
        coach=__name__ + ".coach",
        config=SkyConfig,
    )
)
