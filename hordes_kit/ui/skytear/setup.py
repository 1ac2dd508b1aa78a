"""The setup choices of a Skytear Horde game, as the rulebook's Setup lists them: solo or
co-op (a person or the kit's bot as partner), the horde, the difficulty (the rulebook's
table), the castle and faction deck of each player, the outsider, and the campaign."""

from __future__ import annotations

from itertools import combinations

import ipywidgets as w

from hordes_kit.skytear.card_model import KIT_SAMPLE
from hordes_kit.skytear.cards import load_cards
from hordes_kit.skytear.decks import game_hordes
from hordes_kit.skytear.rules import SkyConfig
from hordes_kit.ui.controls import new_game_row, seed_box

__all__ = ["SkySetup", "DIFFICULTY_WORDS", "MODES", "HORDES", "OUTSIDERS"]

CARDS = load_cards("")
WIDE = {"description_width": "initial"}
# the rulebook's difficulty table (Setup, step 6): which power levels, about how many cards
DIFFICULTY_WORDS = (
    ("Level 1: the weakest power level (about 9 cards a horde)", 1),
    ("Level 2: the two weakest power levels (about 18 cards a horde; first game)", 2),
    ("Level 3: the third power level and 1 random card (about 10 a horde)", 3),
    ("Level 4: the third and fourth power levels (about 20 a horde)", 4),
    ("Level 5: the strongest power level (about 11 a horde)", 5),
)
MODES = (
    ("Solo (1 player)", "solo"),
    ("Co-op: you and the kit's bot as your partner", "bot"),
    ("Co-op: two people at this device", "people"),
)
# the hordes, the kit's made-up sample hordes (Faefolk: in no box) said so in their label
HORDES = tuple(
    (f"{h} ({KIT_SAMPLE})" if h in CARDS.sample_hordes() else h, h)
    for h in sorted({c.horde for c in CARDS.cards.values() if c.horde})
)
# "Form the horde deck using the cards from all the 3 hordes of this campaign": the box's
CAMPAIGN_HORDES = game_hordes(CARDS, (), True)
# "choose one or more hordes to fight" (Setup, step 6): each horde, and the box's hordes
# together (two or all three in one horde deck), a choice's value the names joined by " + "
TOGETHER = " + "
HORDE_CHOICES = HORDES + tuple(
    (f"{TOGETHER.join(group)} (one horde deck of {len(group)} hordes)", TOGETHER.join(group))
    for n in range(2, len(CAMPAIGN_HORDES) + 1)
    for group in combinations(CAMPAIGN_HORDES, n)
)
# an immortal's stages share its name (Atlas I, II, III are "Atlas"): one choice each
OUTSIDERS = tuple(
    sorted({c.name for c in CARDS.cards.values() if c.kind == "outsider" and c.type != "appendage"})
)
CAMPAIGN_WORDS = (
    "<p class='hk-note sk-campaign-note'>A campaign's horde deck holds the box's three "
    f"hordes together ({', '.join(CAMPAIGN_HORDES[:-1])} and {CAMPAIGN_HORDES[-1]}), so "
    "the Horde choice does not apply; your alliance deck is your campaign's market deck, "
    "and its first game's outsider is the portal.</p>"
)
LIMITED = "Limited Format: each market deck shuffles 3 pre-made decks"
PREMADE = tuple(d for d in CARDS.decks if not d.cards)  # the faction decks
CASTLES = tuple(
    (f"{c.name} ({c.faction}, health {c.health})", c.name) for c in CARDS.castles.values()
)
DECKS = (("The castle's faction deck", ""),) + tuple(
    (f"{d.name}" + (f" ({d.faction})" if d.faction else " (this castle's own deck)"), d.name)
    for d in CARDS.decks
)


def _values(box: w.Dropdown) -> list:
    """The values a drop-down offers (its options are values, or (label, value) pairs)."""
    return [o[1] if isinstance(o, tuple) else o for o in box.options]


class SkySetup(w.VBox):
    """The new-game choices; ``config()`` is the engine's config, ``bots()`` the bot seats."""

    def __init__(self) -> None:
        self.mode = w.Dropdown(options=MODES, value="solo", description="Players", style=WIDE)
        self.horde = w.Dropdown(
            options=HORDE_CHOICES, value="Skybooter", description="Horde", style=WIDE
        )
        self.difficulty = w.Dropdown(
            options=DIFFICULTY_WORDS, value=2, description="Difficulty", style=WIDE
        )
        self.castle = w.Dropdown(
            options=CASTLES, value="Pools of Flyema", description="Castle", style=WIDE
        )
        self.deck = w.Dropdown(options=DECKS, value="", description="Alliance deck", style=WIDE)
        self.castle2 = w.Dropdown(
            options=CASTLES, value="Rootwall Hold", description="Partner's castle", style=WIDE
        )
        self.deck2 = w.Dropdown(
            options=DECKS, value="", description="Partner's alliance deck", style=WIDE
        )
        self.outsider = w.Dropdown(
            options=OUTSIDERS, value="Atlas", description="Outsider", style=WIDE
        )
        self.campaign = w.Checkbox(
            value=False, description="Campaign (4 games, scenarios, gold and the market)"
        )
        self.limited = w.Checkbox(value=False, description=LIMITED)
        self.campaign_note = w.HTML(CAMPAIGN_WORDS)
        self.new_button = w.Button(description="Start a new game", button_style="primary")
        self.new_button.add_class("sk-new")
        self.seed_box = seed_box(0)
        self.started = w.HTML()  # says a new game began (the table is at the top of the page)
        self.partner = w.VBox([self.castle2, self.deck2])
        note = w.HTML(
            "<p class='hk-note'>First game (rulebook): solo, Skybooter at level 2, "
            "Pools of Flyema with its faction deck, Atlas.</p>"
        )
        for x in (self.mode, self.horde, self.difficulty, self.castle, self.deck):
            x.layout = w.Layout(width="auto", max_width="min(100%, 560px)")
        for x in (self.castle2, self.deck2, self.outsider):
            x.layout = w.Layout(width="auto", max_width="min(100%, 560px)")
        super().__init__(
            [
                note,
                self.mode,
                self.horde,
                self.difficulty,
                self.castle,
                self.deck,
                self.partner,
                self.outsider,
                self.campaign,
                self.campaign_note,
                self.limited,
                new_game_row(self.new_button, self.seed_box),
                self.started,
            ]
        )
        self.add_class("sk-setup")
        self.mode.observe(lambda _c: self._partner(), "value")
        self.campaign.observe(lambda _c: self._partner(), "value")
        self.limited.observe(lambda _c: self._partner(), "value")
        self._partner()

    def _partner(self) -> None:
        """The partner's choices in co-op only; a campaign plays the box's three hordes
        whatever the Horde box says: the box is disabled and the note says what the campaign
        plays, and offers the Limited Format where the box has its decks."""
        self.partner.layout.display = None if self.mode.value != "solo" else "none"
        on = self.campaign.value
        self.horde.disabled = on
        self.deck.description = "Market deck" if on else "Alliance deck"
        self.deck2.description = "Partner's market deck" if on else "Partner's alliance deck"
        self.outsider.description = "Final outsider (game 4)" if on else "Outsider"
        for x in (self.campaign_note, self.limited):
            x.layout.display = None if on else "none"
        # "shuffling together any three decks": three pre-made decks a player
        self.limited.disabled = len(PREMADE) < 3 * self.players()
        # the Limited Format's market deck is the three pre-made decks: no deck to choose
        mixed = on and self.limited.value and not self.limited.disabled
        self.deck.disabled = self.deck2.disabled = mixed
        self.limited.description = LIMITED + (
            f" (solo only: the box has {len(PREMADE)} pre-made decks)"
            if self.limited.disabled
            else ""
        )

    def players(self) -> int:
        """1 or 2."""
        return 1 if self.mode.value == "solo" else 2

    def bots(self) -> tuple[int, ...]:
        """The seats the kit's bot plays (player 2 in co-op with the bot)."""
        return (1,) if self.mode.value == "bot" else ()

    def config(self) -> dict:
        """The engine's config for the choices made."""
        n = self.players()
        cfg: dict = {
            "players": n,
            "difficulty": self.difficulty.value,
            "hordes": self.horde.value.split(TOGETHER),
            "castle": self.castle.value,
            "outsider": self.outsider.value,
        }
        decks = [self.deck.value] + ([self.deck2.value] if n == 2 else [])
        decks = ["" if self.deck.disabled else d for d in decks]  # (the Limited Format's)
        if any(decks):
            cfg["decks"] = decks
        if n == 2:
            cfg["castle2"] = self.castle2.value
        if self.campaign.value:
            # the book's campaign setup chooses the castles, market decks, difficulty and
            # final outsider as here; its three hordes are the box's (one horde box here)
            cfg["mode"] = "campaign"
            del cfg["hordes"]
            if self.limited.value and not self.limited.disabled:
                cfg["limited"] = True
        return cfg

    def show_config(self, config: dict, bots: tuple[int, ...]) -> None:
        """Set the choices to a loaded game's: what its config says, the first game's
        choices where it says nothing (a config keeps only what differs from them); ``bots``:
        the seats the kit's bot plays (the board's, a loaded save's or a link's)."""
        cfg = SkyConfig.from_dict(config)
        self.mode.value = "solo" if cfg.players == 1 else ("bot" if bots else "people")
        self.campaign.value = cfg.mode == "campaign"
        self.limited.value = cfg.limited
        decks = list(cfg.decks) + ["", ""]
        for box, value in (
            (self.horde, TOGETHER.join(cfg.hordes or ("Skybooter",))),  # (the first game's)
            (self.difficulty, cfg.difficulty),
            (self.castle, cfg.castle),
            (self.castle2, cfg.castle2),
            (self.outsider, cfg.outsider),
            (self.deck, decks[0]),
            (self.deck2, decks[1]),
        ):
            if value in _values(box):
                box.value = value
