"""The Horde's playable board: the table as card faces, the recruit row to click, the
battle with its pip die, the log with its rule chips, Save and Load, and the odds.

Automatic steps (cards turned over, dice rolled) play one at a time at the chosen speed
(``PacedPlayback``), and never run past the end of a turn without asking. Every click
has its Python method (``act``, ``advance``, ``bot_move``, ``purchase_odds``...).
"""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.core.tape import pick
from hordes_kit.the_horde.advice import BuyAdvice, advise_buy
from hordes_kit.the_horde.bots import Policy, choose, get_policy
from hordes_kit.the_horde.game import THState
from hordes_kit.the_horde.odds import HORDE_STEPS
from hordes_kit.the_horde.rules import GAME
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.common import error_html, note_html
from hordes_kit.ui.controls import page, seed_box
from hordes_kit.ui.pieces import attrs
from hordes_kit.ui.playback import PacedPlayback
from hordes_kit.ui.roles import DRAWS, Refusal
from hordes_kit.ui.surface import ActionView
from hordes_kit.ui.the_horde.advice import buy_advice_html, phase_odds_html, survival_html
from hordes_kit.ui.the_horde.faces import battle_html, row_pile, status_html, zones_html
from hordes_kit.ui.the_horde.turn_chart import TurnChart

__all__ = ["THBoard", "play"]

MAX_AUTO = 2000  # automatic steps shown in one go (a whole turn is a few hundred at most)


def _button(action: str, words: str, cls: str, primary: bool = False) -> str:
    kind = "hk-btn hk-primary" if primary else "hk-btn"
    return (
        f"<button {attrs(type='button', class_=f'{kind} {cls}', data_action=action)}>"
        f"{html.escape(words)}</button>"
    )


class THBoard(BoardMixin, w.VBox):
    """A full game in the browser: buy by clicking the recruit row, watch the Horde phase."""

    game = GAME

    def __init__(
        self, seed: int | None = None, policy: str | Policy = "balanced", speed: str = "Fast"
    ) -> None:
        self.policy = get_policy(policy)  # a shipped name, or a Policy (the lab's best)
        self.advice: BuyAdvice | None = None
        self.mark = 0  # log length at the player's last decision: newer lines are tinted
        self.table = ActionView(label="Your table", on_action=self._on_action)
        self.table.add_class("hk-board")
        self.zones = ActionView(label="Decks and discards")
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.odds_out = w.HTML()
        self.playback = PacedPlayback(
            self._show_frame,
            turn_of=lambda s: s.turn,
            on_done=self._show,
            speed=speed,
            done_text="",  # solo: the prompt on the table says what comes next
        )
        self.playback.speed.description = "Speed"
        self.playback.skip_button.description = "Skip ahead"
        self.playback.skip_button.tooltip = "Show the rest of this turn at once"
        self.seed_box = seed_box(seed or 0)
        self.new_button = w.Button(description="New game")
        self.undo_button = w.Button(description="Undo")
        self.auto_button = w.Button(description=f"Decide for me ({self.policy.name} policy)")
        self.advice_button = w.Button(description="What should I buy?", button_style="primary")
        self.odds_button = w.Button(description="Survival odds from here")
        self.phase_button = w.Button(description="Odds of this Horde phase")
        for b, c in (
            (self.undo_button, "hk-undo"),
            (self.advice_button, "hk-advice"),
            (self.new_button, "hk-new"),
            (self.auto_button, "hk-auto"),
        ):
            b.add_class(c)
        self.progress = w.IntProgress(value=0, min=0, max=100, description="Playing")
        self.progress.layout.display = "none"
        self.turn_chart = TurnChart()  # the Master Turn Chart, this turn marked
        self.files = self.save_load_widget()
        speed = self.playback.speed  # a setting: with New game, below the table
        self.playback.children = tuple(c for c in self.playback.children if c is not speed)
        self.setup = w.HBox([self.new_button, self.seed_box, speed])  # hidden at a table
        super().__init__(
            [
                self.table,
                self.message,
                self.playback,
                w.HBox(
                    [
                        self.undo_button,
                        self.auto_button,
                        self.advice_button,
                        self.odds_button,
                        self.phase_button,
                    ]
                ),
                self.progress,
                self.odds_out,
                self.coach_panel(),
                self.zones,
                self.turn_chart,
                w.HTML("<h3 class='hk-heading'>What happened</h3>"),
                self.log_view,
                self.files,
                self.link_box(),
                self.setup,
                self.table_rules_panel(),
            ],
            layout=w.Layout(width="100%"),
        )
        self.add_class("hk-th-board")
        self.setup.add_class("hk-new-row")
        self.new_button.on_click(lambda _b: self.restart())
        self.undo_button.on_click(lambda _b: self.undo())
        self.auto_button.on_click(lambda _b: self.bot_move())
        self.advice_button.on_click(lambda _b: self.purchase_odds())
        self.odds_button.on_click(lambda _b: self.survival_odds())
        self.phase_button.on_click(lambda _b: self.horde_phase_odds())
        self.new_game(seed)
        self.open_link()

    # --- what the buttons do -------------------------------------------------------------

    def _on_action(self, action_id: str) -> None:
        if action_id == "next":
            self.advance()
        elif action_id == "fast":
            self.advance(until_decision=True)
        else:
            self.act(action_id)

    def act(self, action_id: str) -> None:
        """A decision (buy, flip, done, rock:...); a refused one says why."""
        self.mark = len(self.state.log)
        super().act(action_id)

    def advance(self, until_decision: bool = False) -> None:
        """Next (one card or die, drawn with its exact chance); or every automatic step to
        the next decision, shown one at a time and stopping at the end of the turn (at a
        shared table the table draws: refused, AT_TABLE)."""
        if not self.state.is_chance:
            self.message.value = error_html(
                "The game is over: start a new one."
                if self.state.is_terminal
                else "It is your decision now: use the buttons on the table."
            )
            return
        self.undo_stack.append(self.state)
        self.mark = len(self.state.log)
        s, frames = self.state, []
        while s.is_chance and len(frames) < MAX_AUTO:
            s = s.apply(pick(s.chance_weights(), self.rng.random()))
            frames.append(s)
            if not until_decision:
                break
        self.message.value = ""
        self.playback.play(frames, start=self.undo_stack[-1])

    def _show_frame(self, state: THState, _index: int) -> None:
        self.state = state
        self._show()

    def bot_move(self) -> None:
        """Let the policy make the current decision (or play to the next one)."""
        if self.state.is_chance:
            self.advance(until_decision=True)
        elif not self.state.is_terminal:
            self.act(choose(self.policy, self.state.view(0)))

    def _busy(self, games: int) -> None:
        self.progress.max, self.progress.value = games, 0
        self.progress.layout.display = None

    def survival_odds(self, games: int = 4000) -> None:
        """Monte Carlo from the current position, played on by the board's policy."""
        from hordes_kit.the_horde.simulate import simulate

        if self.state.is_terminal:
            self.odds_out.value = note_html("The game is over.")
            return
        self._busy(games)
        res = simulate(
            self.policy,
            games,
            seed=len(self.state.history),
            start=self.state,
            progress=lambda d, _t: setattr(self.progress, "value", d),
        )
        self.progress.layout.display = "none"
        self._odds(survival_html(res))

    def purchase_odds(self, games: int = 4000) -> None:
        """Every way to spend the Crowns on this row, compared on the same games."""
        if self.state.step != "recruit":
            self.odds_out.value = note_html("Purchase advice is for the Recruit phase.")
            return
        self._busy(1)

        def tick(done: int, total: int) -> None:
            self.progress.max, self.progress.value = total, done

        self.advice = advise_buy(
            self.state, self.policy, games=games, seed=len(self.state.history), progress=tick
        )
        self.progress.layout.display = "none"
        self._odds(buy_advice_html(self.advice))
        self._show()  # the advised cards are marked in the row
        self.coach.redraw()  # a coach's answer on screen says how it stands to the advice

    def coach_other(self, state) -> tuple[tuple[str, ...], str] | None:
        """The purchase advice on screen for this position: its best plan's first steps."""
        if self.advice is None or state.history != self._odds_for:
            return None
        plan = self.advice.best.plan
        moves = ("flip",) if plan.flip else tuple(f"buy:{c}" for c in plan.buys) or ("done",)
        return moves, "the purchase advice's first step (its plans ranked by turns Chauncey lasts)"

    def horde_phase_odds(self) -> None:
        """What the rest of this Horde phase will cost (exact where it can be)."""
        if self.state.is_terminal or self.state.step not in HORDE_STEPS:
            self.odds_out.value = note_html("The Horde phase has not started yet.")
            return
        self._odds(phase_odds_html(self.state))

    # --- drawing -------------------------------------------------------------------------

    def _odds(self, text: str) -> None:
        """Show odds of the position on screen (cleared as soon as the position changes)."""
        self._odds_for = self.state.history
        self.odds_out.value = text

    def _mine(self) -> bool:
        """True when this page decides (at a shared table: only the seated player's page)."""
        return not self.at_table() or self.table_seat() == 0

    def _decisions(self) -> str:
        s = self.state
        if s.is_terminal or not self._mine():
            return ""
        if s.is_chance and self.at_table():
            return ""  # the table draws at once
        if s.is_chance:
            busy = not self.playback.done
            nxt = {
                "recruit-flip": "Turn over the next recruit card",
                "horde-draw": "Draw the attack deck",
                "attacker": "Turn over the attacker",
                "defender": "Turn over a defender",
                "roll": "Roll the battle die",
                "archer": "Roll for the Archer",
                "shaman": "Roll for the Shaman",
            }.get(s.step, "Next")
            if busy:
                return ""
            return _button("next", f"Next ▶ {nxt}", "hk-next", primary=True) + _button(
                "fast", "▶▶ To my next decision", "hk-fast"
            )
        out = []
        for a in s.legal_actions():
            if a.startswith("buy:"):
                continue  # the recruit row's cards are the buttons
            out.append(_button(a, s.label(a), "hk-" + a.replace(":", "-"), primary=a == "done"))
        return "".join(out)

    def _show(self) -> None:
        s = self.state
        self.coach.seen(s)
        v = s.view(0)
        if s.history != self._odds_for:  # odds of an earlier position would mislead
            self.odds_out.value = ""
            self.advice = None
        advised = self.advice.best.plan.buys if self.advice else ()
        # the card just turned over is the last move: marked while the row is being
        # turned over and after a paid extra flip (not over the advice's marks)
        flipped = bool(s.log) and s.log[-1].rule.endswith("recruit.flip")
        paid = len(s.history) > 1 and s.history[-2] == "flip"
        fresh = int(flipped and (s.step == "recruit-flip" or paid) and not advised)
        row = (
            row_pile(
                s, buttons=s.step == "recruit" and self._mine(), advised=advised, fresh=fresh
            ).html()
            if s.row or s.step in ("recruit", "recruit-flip")
            else ""
        )
        prompt = (
            f"<div class='hk-step' data-moves='{len(s.history)}' data-step='{s.step}'>"
            f"<p class='hk-prompt' style='font-size:1.1em;font-weight:700;margin:6px 0'>"
            f"{html.escape(v['prompt'])}</p>"
            f"<div class='hk-actions'>{self._decisions()}</div></div>"
        )
        self.table.show(status_html(s), prompt, battle_html(s), row)
        self.zones.show(zones_html(s))
        self.turn_chart.show(s.turn)
        self.advice_button.disabled = s.step != "recruit"
        self.phase_button.disabled = s.is_terminal or s.step not in HORDE_STEPS
        self.odds_button.disabled = s.is_terminal
        self.undo_button.disabled = not self.undo_stack
        self.log_view.value = log_html(s, new=max(1, len(s.log) - self.mark), height=260)

    # --- one table on several devices: a solo game watched along ------------------------

    AT_TABLE = {**BoardMixin.AT_TABLE, "advance": Refusal(DRAWS)}  # the table draws

    def table_seats(self) -> list[tuple[str, str]]:
        """A shared table of this solo game: you play, the others who open it watch along."""
        return [("Chauncey", "person")]

    def table_bot(self, state, rng) -> str:
        """(A solo table has no bot seat; the policy of 'Decide for me' if asked.)"""
        return choose(self.policy, state.view(0))

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game (chance from this seed)."""
        self.advice = None
        self._odds_for = None
        self.mark = 0
        if hasattr(self, "state"):
            self.playback.play([])  # stop a run in progress
        super().new_game(seed)

    def undo(self) -> None:
        """Back to before the last click (an automatic run counts as one click)."""
        self.playback.play([])
        super().undo()


def play(seed: int | None = None) -> w.VBox:
    """The play page: the board in The Horde's colours."""
    return page(THBoard(seed), theme=GAME)
