"""The playable Fantahzee board: 2-5 seats, people (hot seat) and bots.

The table is drawn with card faces (cost, strength and ability on every card) and pip
dice. A click on a card makes the one move it stands for (attack a monster, recruit
or play a card from the hand, choose a hero); every other move is a button. Dice are
held by clicking them, then "Reroll the others". Bot turns are played out one move at
a time (``PacedPlayback``), stopping at the end of each turn. The page opens on a game dealt
but not started: when a bot goes first, its turn waits for ▶ Start (or a New game with the
seats set), never playing itself before the player set anything up. Dice held for a
reroll stay held after it, as the rulebook allows, until released. Every control has a
Python twin (``act``, ``toggle_keep``, ``reroll``, ``start``, ``table.click``), so tests
drive it.
"""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.core.playout import sample_outcome
from hordes_kit.fantahzee.bots import BOTS
from hordes_kit.fantahzee.rules import GAME
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.common import note_html, table_html
from hordes_kit.ui.controls import page, section
from hordes_kit.ui.dice import DiceRow
from hordes_kit.ui.fantahzee.advice import decision
from hordes_kit.ui.fantahzee.panel import odds_html, strength_html
from hordes_kit.ui.fantahzee.seating import SEAT_KINDS, SeatSetup
from hordes_kit.ui.fantahzee.table import card_actions, head_html, line_html, seats_html
from hordes_kit.ui.pieces import attrs
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.surface import ActionView

__all__ = ["FZBoard", "SEAT_KINDS", "play_page"]


def _css_name(action: str) -> str:
    return "hk-" + action.replace(":", "-").replace(".", "-").replace(",", "-")


class FZBoard(SeatSetup, BoardMixin, w.VBox):
    """A full game for 2-5 seats: people (hot seat) and bots; clicks play the game."""

    game = GAME

    def __init__(
        self,
        players: int = 2,
        seed: int | None = None,
        kinds=None,
        speed: str = "Fast",
        wait_to_start: bool = False,
    ) -> None:
        # the page's first game: a bot that goes first waits for Start (play_page)
        self.waiting_to_start = wait_to_start
        self._build_setup(players, seed, kinds)
        self.prompt = w.HTML()
        self.pass_box = w.VBox()
        self.line = ActionView(theme="fantahzee", label="The horde line")
        self.head = w.HTML()
        self.dice = DiceRow(values=[], mode="view", caption="Your dice")
        self.dice.add_class("hk-fz-dicerow")
        self.choices = ActionView(theme="fantahzee", label="Your choices")
        self.seats = ActionView(theme="fantahzee", label="The players")
        self.message = w.HTML()
        self.playback = PacedPlayback(
            self._show_frame, turn_of=lambda s: s.turn, on_done=self._show, speed=speed
        )
        self.odds_button = w.Button(description="Odds for this decision")
        self.odds_button.add_class("hk-odds-button")
        self.strength_button = w.Button(description="My strength this turn (best play)")
        self.strength_button.add_class("hk-strength-button")
        self.odds_out = w.HTML()
        self.log_view = w.HTML()
        self.files = self.save_load_widget()
        self.undo_button = w.Button(description="Undo my last move")
        self.undo_button.add_class("hk-undo")
        super().__init__(
            [
                self.setup,
                self.table_rules_panel(),
                self.prompt,
                self.pass_box,
                self.playback,
                self.head,
                self.line,
                self.message,
                self.dice,
                self.choices,
                self.seats,
                self.coach_panel(),
                section(
                    "Odds",
                    w.HBox([self.odds_button, self.strength_button]),
                    self.odds_out,
                    level=3,
                ),
                section("What happened", self.log_view, level=3),
                w.HBox([self.files, self.undo_button]),
                self.link_box(),
            ],
            layout=w.Layout(width="100%"),
        )
        self.add_class("hk-fz-play")
        for view in (self.line, self.seats, self.choices):
            view.on_action(self._on_click)
        self.dice.on_action(lambda _a: self._after_dice())
        self.players_box.observe(lambda _c: self._show_seats(), "value")
        self.new_button.on_click(lambda _b: self._new_game_pressed())
        self.undo_button.on_click(lambda _b: self.undo())
        self.odds_button.on_click(lambda _b: self.show_odds())
        self.strength_button.on_click(lambda _b: self.show_strength())
        self.seen_by: int | None = None
        self._frames: list = []
        self._frames_start = None
        self._holding: list[int] = []  # dice faces held for the next reroll
        self._holding_for: tuple = ()  # ... in this Roll Step (turn, player)
        self._mark = 0
        self._show_seats()
        self.new_game(seed)
        self.open_link()

    def table_bot(self, state, rng) -> str:
        """The table's bot seats play as the strong bot."""
        return BOTS["strong"](state, rng)

    def new_game(self, seed: int | None = None) -> None:
        """Start a game with the seats as set above."""
        self.seen_by = None
        self._mark = 0
        self._holding = []
        super().new_game(seed)

    def _new_game_pressed(self) -> None:
        """New game: the seats are set, so the bots may play at once."""
        self.waiting_to_start = False
        self.restart()

    def start(self) -> None:
        """▶ Start: the bot that goes first plays its turn (the page opened waiting)."""
        if self.waiting_to_start:
            self.waiting_to_start = False
            self.state = self._after_move(self.state)
            self._show()

    def _holding_bots(self, state) -> bool:
        """The page's first game waits for Start: a bot decides now (not at a table)."""
        if not self.waiting_to_start or self.at_table() or state.is_terminal:
            return False
        return not state.is_chance and self.kinds()[state.current_player] is not None

    def act(self, action_id: str) -> None:
        """What a click on a choice does; a refused move says why and changes nothing."""
        self._mark = len(self.state.log)
        super().act(action_id)

    def _after_move(self, state):
        """Draw the chance outcomes and play the bots until a person decides; the bots'
        moves are kept to be shown one at a time."""
        kinds = self.kinds()
        frames, first_bot, start = [], None, state
        for _ in range(20000):
            if state.is_terminal:
                break
            if state.is_chance:
                state = state.apply(sample_outcome(state.chance_outcomes(), self.rng))
            else:
                bot = kinds[state.current_player]
                if bot is None or self._holding_bots(state):
                    break
                if first_bot is None:
                    first_bot = len(frames)
                state = state.apply(BOTS[bot](state, self.rng))
            frames.append(state)
        # a person's own roll is shown at once; the bots' turns are played out
        self._frames = frames[first_bot:] if first_bot is not None else []
        self._frames_start = frames[first_bot - 1] if first_bot else start
        return state

    def undo(self) -> None:
        """Back to before the last click (a bot turn being shown is dropped)."""
        self._frames = []
        if not self.playback.done:
            self.playback.play([])  # stops the clock
        super().undo()

    def _on_click(self, action_id: str) -> None:
        if action_id == "reroll":
            self.reroll()
        elif action_id == "start":
            self.start()
        else:
            self.act(action_id)

    def click(self, action_id: str, moves: int | None = None) -> None:
        """A button's click (ignored when ``moves`` says it is from an earlier position)."""
        if moves is not None and moves != len(self.state.history):
            return
        self._on_click(action_id)

    def reveal(self) -> None:
        """The next person has the device: show their hand."""
        self.seen_by = self.state.current_player
        self._show()

    @property
    def keep(self) -> list[int]:
        """Indexes of the dice held for the next reroll."""
        return [i for i, h in enumerate(self.dice.held) if h]

    def toggle_keep(self, index: int) -> None:
        """Click a die: keep it (or not) for the next reroll."""
        self.dice.click(f"die:{index}")

    def reroll(self) -> None:
        """Reroll every die not held (the held ones stay held for the next reroll)."""
        kept = sorted(self.dice.kept, reverse=True)
        self._holding = list(kept)
        self._holding_for = (self.state.turn, self.state.player)
        self.act("keep:" + (",".join(map(str, kept)) or "none"))

    def _held_now(self, s) -> list[bool]:
        """Which dice on the table are still held: the faces held at the last reroll of
        this Roll Step, as many as still show (a die locked on a hero since is not)."""
        if self._holding_for != (s.turn, s.player):
            self._holding = []
        want = list(self._holding)
        held = []
        for v in s.free:
            held.append(v in want)
            if v in want:
                want.remove(v)
        return held

    def _odds_hidden(self) -> bool:
        """At a shared table the odds weigh the hand of the player deciding: only theirs."""
        if self.at_table() and self.state.current_player != self.table_seat():
            self.odds_out.value = note_html("The odds are for the player whose turn it is.")
            return True
        return False

    def show_odds(self) -> None:
        """The odds behind the current decision (the best keep is marked on the dice)."""
        if self._odds_hidden():
            return
        text, marks = odds_html(self.state)
        self.odds_out.value = text or note_html("Nothing to weigh right now.")
        self._odds_for = self.state.history if text else None
        if marks and self.dice.mode == "hold":
            self.dice.mark_keep(marks)
        self.coach.redraw()  # a coach's answer on screen says how it stands to the odds

    def coach_other(self, state) -> tuple[tuple[str, ...], str] | None:
        """The odds shown for this decision, where they rank single moves (the best keep is
        the coach's own exact answer; the Attack Step's odds rank whole plans)."""
        if getattr(self, "_odds_for", None) != state.history:
            return None
        if state.phase == "roll" and not state.pending:  # the coach's exact answer
            return None
        d = decision(state)
        if d is None or not d.values or (state.phase == "attack" and not state.pending):
            return None
        return d.best_all(list(d.values)), f"the odds for this decision (best by {d.measure.short})"

    def show_strength(self) -> None:
        """The party solver: this turn's strength under the best play."""
        if self._odds_hidden():
            return
        self.odds_out.value = strength_html(self.state)

    # --- drawing -----------------------------------------------------------------------

    def coach_sees(self, state) -> bool:
        """The coach answers for the person to move once the device shows their hand."""
        viewer, person, waiting = self._viewer(state)
        return person and not waiting and viewer == state.current_player

    def _viewer(self, s) -> tuple[int | None, bool, bool]:
        """Whose hand shows, whether a person decides now, and whether the device must
        first be passed to them."""
        kinds = self.kinds()
        cp = s.current_player
        person = not s.is_terminal and not s.is_chance and kinds[cp] is None
        people = [i for i, k in enumerate(kinds) if k is None]
        waiting = person and len(people) > 1 and self.seen_by != cp
        if s.is_terminal:
            return None, False, False
        if person and not waiting:
            return cp, True, False
        if len(people) == 1:
            return people[0], person, waiting
        return -1, person, waiting

    def _show_frame(self, s, index: int) -> None:
        """One move of a bot's turn (the last move highlighted in the log)."""
        viewer, _person, _waiting = self._viewer(s)
        last = s.log[-1].text if s.log else ""
        self.prompt.value = (
            f"<div class='hk-step hk-bots' data-moves='{len(s.history)}' data-phase='{s.phase}'>"
            f"<b>{html.escape(s.who())} is playing.</b> <span class='hk-last-move'>"
            f"{html.escape(last)}</span></div>"
        )
        self.pass_box.children = ()
        self.odds_out.value = ""
        self._draw_table(s, viewer, {})
        self.choices.html = ""
        self.log_view.value = log_html(s, new=1)

    def _show(self) -> None:
        self.coach.seen(self.state)
        if self._holding_bots(self.state):
            self._show_waiting()
            return
        if self._frames:
            frames, self._frames = self._frames, []
            self.playback.play(frames, start=self._frames_start)
            return
        s = self.state
        viewer, person, waiting = self._viewer(s)
        self.odds_out.value = ""
        moves = s.legal_actions() if person and not waiting else ()
        rolling = any(a.startswith("keep:") for a in moves)
        on_cards, rest = card_actions([a for a in moves if not a.startswith("keep:")])
        self._draw_table(s, viewer, on_cards, rolling=rolling)
        self._draw_prompt(s)
        self._draw_pass(s, waiting)
        self.choices.html = self._choices_html(s, rest, rolling=rolling)
        self.undo_button.disabled = not self.undo_stack
        self.log_view.value = log_html(s, new=max(1, len(s.log) - self._mark))

    def _show_waiting(self) -> None:
        """The page's first game, dealt: a bot goes first and waits for Start."""
        s = self.state
        viewer, _person, _waiting = self._viewer(s)
        who = s.who()
        self.prompt.value = (
            f"<div class='hk-step hk-wait-start' data-moves='{len(s.history)}'>"
            f"<b>A new game is dealt: {html.escape(who)} (a bot) goes first.</b> Set the "
            "players and seats above and press New game, or press ▶ Start to watch "
            f"{html.escape(who)}'s turn.</div>"
        )
        self.pass_box.children = ()
        self._draw_table(s, viewer, {})
        button = attrs(type="button", class_="hk-btn hk-start hk-primary", data_action="start")
        self.choices.html = (
            "<div class='hk-actions' role='group' aria-label='Your choices'>"
            f"<button {button}>▶ Start: {html.escape(who)} plays</button></div>"
        )
        self.log_view.value = log_html(s, new=1)

    def _draw_table(self, s, viewer, on_cards, rolling: bool = False) -> None:
        self.head.value = head_html(s, viewer, dice=False)
        self.line.html = line_html(s, on_cards)
        self.seats.html = seats_html(s, viewer, on_cards)
        if s.phase == "roll" and (s.free or s.unrolled):
            self.dice.caption = (
                "Your dice: press a die to hold it (held dice stay held after a reroll until "
                "you press them again)"
                if rolling
                else "Dice"
            )
            self.dice.set_dice(list(s.free), held=self._held_now(s) if rolling else None)
            self.dice.mode = "hold" if rolling else "view"
            self.dice.layout.display = None
        else:
            self.dice.set_dice([])
            self.dice.layout.display = "none"

    def _draw_prompt(self, s) -> None:
        v = s.view(None)
        n = len(s.history)
        if s.is_terminal:
            rows = [(x["name"], x["xp"], x["monsters"], x["party"]) for x in v["standings"]]
            self.prompt.value = (
                f"<div class='hk-step hk-over' data-moves='{n}'><b>Game over.</b></div>"
                + table_html(
                    ["Player", "XP", "Monsters", "Heroes"],
                    rows,
                    highlight=0,
                    caption="Final standings: most XP wins, then most monsters, then heroes",
                )
            )
            return
        d = v["dice"]
        extra = ""
        if s.phase == "roll" and s.rolled:
            extra = (
                f" <span class='hk-note'>{d['rolls_left']} reroll(s) left. Dice you hold stay "
                "held after a reroll, until you press them again.</span>"
            )
        self.prompt.value = (
            f"<div class='hk-step' data-moves='{n}' data-phase='{s.phase}'>"
            f"<b>{html.escape(v['prompt'])}</b>{extra}</div>"
        )

    def _draw_pass(self, s, waiting: bool) -> None:
        if not waiting:
            self.pass_box.children = ()
            return
        who = s.who(s.current_player)
        b = w.Button(description=f"I am {who}: show my hand", button_style="warning")
        b.add_class("hk-reveal")
        b.on_click(lambda _b: self.reveal())
        self.pass_box.children = (w.HTML(f"<h3>Pass the device to {html.escape(who)}</h3>"), b)

    def _choices_html(self, s, moves, rolling: bool) -> str:
        n = len(s.history)
        buttons = []
        if rolling:
            label = "Reroll the others" if self.dice.kept else "Reroll all the dice"
            buttons.append(("reroll", label, "hk-reroll hk-primary"))
        for a in moves:
            primary = " hk-primary" if a in ("roll", "done") else ""
            buttons.append((a, s.label(a), f"hk-action {_css_name(a)}{primary}"))
        if not buttons:
            return ""
        out = "".join(
            f"<button {attrs(type='button', class_=f'hk-btn {cls} hk-m{n}', data_action=a)}>"
            f"{html.escape(label)}</button>"
            for a, label, cls in buttons
        )
        hint = ""
        if any(m.split(":")[0] in ("attack", "flip", "capture") for m in s.legal_actions()):
            hint = "<p class='hk-note'>Click a monster card above to attack or capture it.</p>"
        return f"<div class='hk-actions' role='group' aria-label='Your choices'>{out}</div>{hint}"

    def _after_dice(self) -> None:
        """A die was held or released: the reroll button says what it will do."""
        moves = [a for a in self.state.legal_actions() if not a.startswith("keep:")]
        rest = card_actions(moves)[1]
        self.choices.html = self._choices_html(self.state, rest, rolling=True)


def play_page() -> w.VBox:
    """The board dashboard (``notebooks/fantahzee_play.ipynb``): a game dealt, a bot that
    goes first waiting for Start."""
    return page(FZBoard(wait_to_start=True), theme="fantahzee")
