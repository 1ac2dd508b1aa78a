"""Every shared component on one test-only page (served by the browser tests, not shipped).

Each click lands in the "Last click" line, so a keyboard test can see Enter and Space
do what a click does.
"""

from __future__ import annotations

import html
import itertools

import ipywidgets as w

from hordes_kit.core.playout import play_steps
from hordes_kit.core.registry import get_game
from hordes_kit.core.savefile import dump_save
from hordes_kit.core.svgchart import BarChart, Series
from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.charts import SvgChart
from hordes_kit.ui.controls import SearchableChoice, SearchablePicker, columns, page, section
from hordes_kit.ui.dice import DiceRow, DiceTray
from hordes_kit.ui.files import SaveLoad
from hordes_kit.ui.log import log_lines_html, rules_of
from hordes_kit.ui.pieces import Token, TokenTrack, dice_html, render
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.surface import ActionView
from hordes_kit.ui.table import RankedTable

__all__ = ["gallery"]

HH_CARDS = (
    "Dwarf Lord", "Troll Slayer", "Giant Slayer", "Gunners", "Elf Archers", "Ring of Teleport",
    "Dragon Lord", "Goblin Shaman", "Zombie Horde", "Wizard", "Knights", "Half Elves",
)  # fmt: skip


def _recruit_row() -> Pile:
    return Pile(
        "recruit row",
        (
            CardFace("Cow", "Village", 3, text="Produces 3 Crowns.", action="buy:cow", verb="Buy"),
            CardFace(
                "Crops",
                "Village",
                2,
                text="Produce 2 Crowns.",
                action="buy:crops",
                verb="Buy",
                highlight=True,
                badge="Best buy",
            ),
            CardFace(
                "Knight",
                "Defender",
                5,
                (("Force", 4),),
                "Fights the Horde.",
                action="buy:knight",
                verb="Buy",
            ),
            CardFace(
                "Wizard",
                "Special",
                9,
                (("Force", 3),),
                "Once a turn: +2 to a battle.",
                action="buy:wizard",
                verb="Buy",
                disabled=True,
                note="Costs 9; you have 7 Crowns",
            ),
        ),
        note="Click a card to buy it.",
    )


def _fantahzee_cards() -> Pile:
    return Pile(
        "party",
        (
            CardFace(
                "Paladin",
                "Warrior",
                "XXXX",
                (("Strength", 4),),
                "May wake an exhausted hero.",
                selected=True,
                action="pick:paladin",
                verb="Activate",
            ),
            CardFace(
                "Alchemist", "Artificer", "XX5", (("Strength", 2),), "Steam: 1.", exhausted=True
            ),
            CardFace("Sergeant", "Warrior", "XX", (("Strength", 1),), "+1 die."),
        ),
    )


def _monsters() -> Pile:
    return Pile(
        "stack 2",
        (
            CardFace(
                "Goblin Raider",
                "Monster",
                None,
                (("Strength", 3), ("XP", 1)),
                "Ambush 1.",
                tokens=(Token("damage", 2), Token("armor", 1, True)),
            ),
            CardFace(
                "Ogre",
                "Monster",
                None,
                (("Strength", 6), ("XP", 3)),
                "Counterattack 2.",
                subtitle="Level 2",
                tokens=(Token("health", 5),),
            ),
            CardFace("", face_down=True, back="Level 2"),
        ),
        count=5,
        layout="column",
    )


def _lanes() -> str:
    lanes = []
    for n, (mon, ally) in enumerate(
        [("Skeleton", "Archer"), ("Wyvern", "Stone Tower"), ("Imp", None)], start=1
    ):
        monster = CardFace(
            mon,
            "Monster",
            None,
            (("Attack", 2),),
            tokens=(Token("health", 3),),
            action=f"attack:lane{n}",
            verb="Attack",
        )
        parts = [
            Pile("monsters", (monster,)),
            TokenTrack("Lane marker", n + 2, 10, kind="mana", style="track"),
        ]
        if ally:
            kind = "Tower" if "Tower" in ally else "Ally"
            parts.append(
                Pile(
                    "yours",
                    (
                        CardFace(
                            ally, kind, 3, (("Attack", 1),), tokens=(Token("attack", 1, True),)
                        ),
                    ),
                )
            )
        lanes.append(Lane(f"lane {n}", tuple(parts), kind="Monster" if n == 2 else ""))
    return board_grid(lanes, min_width=230, label="Skytear lanes")


def _hand() -> str:
    hand = Pile(
        "your hand",
        tuple(
            CardFace(name, kind, cost, text=text, action=f"play:{i}", verb="Play")
            for i, (name, kind, cost, text) in enumerate(
                [
                    ("Shadow Step", "Skill", 1, "Move 2."),
                    ("Healing Draught", "Item", 2, "Heal 3."),
                    ("Strike", "Skill", 0, "Deal 2 damage."),
                    ("Bounty: Ghoul", "Bounty", None, "Gain 3 gold."),
                ]
            )
        ),
        layout="fan",
    )
    theirs = Pile(
        "Rolan's hand", (CardFace("", face_down=True, back="Skill"),), count=4, layout="stack"
    )
    piles = Pile(
        "market discard",
        layout="list",
        counts=(("Dagger", 3, "Item"), ("Fireball", 1, "Skill"), ("Ghoul", 2, "Monster")),
    )
    return render(hand, theirs, piles)


def _tracks() -> str:
    return render(
        TokenTrack("Mana", 4, 10, kind="mana", style="track"),
        TokenTrack("Doom tokens", 2, 3, kind="doom", style="pips"),
        TokenTrack("Crowns", 7, kind="crowns", note="income 4 a turn"),
        TokenTrack("XP", 12, kind="xp"),
        TokenTrack("Castle health", 15, 20, kind="health"),
    )


def _horde_states(n: int = 90) -> list:
    start = get_game("the-horde").start({})
    return list(itertools.islice(play_steps(start, 8), n))  # turns 1-4, no game over


def gallery() -> w.VBox:
    """The whole test page."""
    last = w.HTML("Last click: <b class='hk-last-click'>none</b>")

    def clicked(action: str) -> None:
        last.value = f"Last click: <b class='hk-last-click'>{html.escape(action)}</b>"

    def view(*parts, theme=None, label=""):
        v = ActionView(*parts, theme=theme, label=label)
        v.on_action(clicked)
        return v

    hold = DiceRow(values=[6, 6, 4, 3, 2], label="Keep dice")
    hold.mark_keep([6, 6])
    hold.on_action(lambda a: clicked(f"hold {a}"))
    tray = DiceTray()
    tray.on_action(lambda a: clicked(f"tray {a}"))
    dice = section(
        "Dice",
        w.HTML("<p>Click a die to hold it (gold ring: the advised keep).</p>"),
        hold,
        w.HTML("<p>Set dice by hand to match the table; lock dice paid to a hero.</p>"),
        tray,
        w.HTML(
            dice_html(
                [5, 5, 2], held=[True, True], locked=[False, False, True], label="A picture of dice"
            )
        ),
    )

    cards = section(
        "Cards",
        view(_recruit_row(), theme="the_horde", label="The Horde: recruit row"),
        columns(
            view(_fantahzee_cards(), theme="fantahzee", label="Fantahzee party"),
            view(_monsters(), theme="fantahzee", label="A stack of monsters"),
            min_width=300,
        ),
        view(_hand(), theme="shadows", label="Shadows hands"),
    )
    lanes = section("Lanes", view(_lanes(), theme="skytear-horde", label="Skytear board"))
    tracks = section("Tokens", view(_tracks(), theme="fantahzee"))

    states = _horde_states()
    rules = rules_of("the-horde")
    board = w.HTML()
    shown = w.HTML()

    def show(state, i):
        board.value = log_lines_html(state.log, rules, new=1, limit=12, height=220)
        shown.value = (
            f"<span class='hk-shown' data-index='{i}'>Showing move {i + 1}, "
            f"turn {state.turn}</span>"
        )

    playback = PacedPlayback(show, speed="Fast")
    start = w.Button(description="Play the Horde's moves", button_style="primary")
    start.add_class("hk-play")
    start.on_click(lambda _b: playback.play(states[1:]))
    show(states[0], 0)
    log = section("Log and paced moves", start, playback, shown, board)

    picker = SearchablePicker(HH_CARDS, label="Add a card", what="card")
    choice = SearchableChoice(
        [(c, c.lower().replace(" ", "-")) for c in HH_CARDS], label="Card", what="card"
    )
    choice.on_change(lambda ident: clicked(f"chose {ident}"))
    saves = SaveLoad(lambda: dump_save("the-horde", {}, states[-1]), lambda text: "Loaded.")
    forms = section("Choosing and saving", columns(choice, picker, min_width=260), saves)

    table = RankedTable(
        "Survive all 20 turns, 10,000 games per buy (95% interval)",
        ("Buy", "Survive", "95% interval"),
        [
            ("Cow", 0.685, (0.676, 0.694)),
            ("Crops", 0.712, (0.703, 0.721)),
            ("Knight", 0.709, (0.700, 0.718)),
            ("Nothing", 0.610, (0.600, 0.620)),
        ],
        rank_by=1,
        formats=(str, lambda p: f"{p:.1%}", lambda iv: f"{iv[0]:.1%}–{iv[1]:.1%}"),
        interval=lambda r: r[2],
        numeric=(1,),
    )
    chart = BarChart(
        "Survival by buy",
        ("Cow", "Crops", "Knight", "Nothing"),
        (Series("survives", (0.685, 0.712, 0.709, 0.610), "#2e6b3a"),),
        x_label="buy",
        y_label="chance Chauncey survives",
    )
    numbers = section(
        "Tables and charts",
        w.HTML(table.html(headline=table.headline("Best buy"))),
        SvgChart(chart),
    )
    return page(
        w.HTML("<h1 class='hk-heading'>Component gallery</h1>"),
        last,
        dice,
        cards,
        lanes,
        tracks,
        log,
        forms,
        numbers,
        theme="the_horde",
    )
