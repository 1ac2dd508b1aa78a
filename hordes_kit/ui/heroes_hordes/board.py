"""Heroes & Hordes: the playable board (a whole solo game against the rules engine).

The table is drawn by ``pictures.py``; the choices are pieces on an
:class:`~hordes_kit.ui.surface.ActionView` (buttons, clickable card faces), and the
advice above them ranks by the measure its recommendation uses (``advice.py``).
Every click has a Python method: ``draw()``, ``act(id)``, ``bot_move()``, ``undo()``,
``search(name)``, ``win_odds()``, ``load_text(text)``.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from hordes_kit.core.options import reading_of
from hordes_kit.core.playout import sample_outcome
from hordes_kit.heroes_hordes.bots import get_policy
from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.game import HHState
from hordes_kit.heroes_hordes.rules import GAME, HORDE_PILES, RULE, card_forces
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.cardface import Pile
from hordes_kit.ui.common import error_html, note_html, percent, table_html
from hordes_kit.ui.controls import SearchableChoice, page, section, seed_box
from hordes_kit.ui.heroes_hordes import advice
from hordes_kit.ui.heroes_hordes.pictures import (
    battle_html,
    board_html,
    card_face,
    fought_battle,
    pile_name,
    report_html,
)
from hordes_kit.ui.log import rule_chip, rules_of
from hordes_kit.ui.pieces import attrs
from hordes_kit.ui.roles import DRAWS, Refusal
from hordes_kit.ui.surface import ActionView
from hordes_kit.ui.table import RankedTable

__all__ = ["HHBoard", "play_page", "prompt_text"]

THEME = "heroes-hordes"


def prompt_text(state: HHState) -> str:
    """What the game waits for, in words (for a battle, from the battle as fought)."""
    s = state
    if s.step == "discard":
        b = fought_battle(s)
        return f"{b.headline()} {b.next_step()}"
    return {
        "draw": "Draw the next Fate card.",
        "place": f"Where does {s.card(s.pending).name} go? It may join the "
        f"{_either(pile_name(p) for p in s.card(s.pending).piles())} pile."
        if s.pending
        else "",
        "defend": f"The {pile_name(s.attack or '')} attack! Choose the hero pile that blocks them.",
        "order": "Several horde piles have 5 or more cards: choose which attacks first.",
        "slay": f"{s.card(s.drawn).name if s.drawn else 'The event'}: "
        "choose a horde card to discard.",
        "search": f"{s.card(s.drawn).name if s.drawn else 'The event'}: "
        "choose a card to put into play.",
        "over": f"Game over: {s.result.upper()} with {s.tokens} Devastation "
        f"Token{'s' if s.tokens != 1 else ''}.",
    }.get(s.step, "")


def _either(names) -> str:
    """``'Men, Elves or Dwarves'``."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _button(action: str, text: str) -> str:
    tag = attrs(type="button", class_="hk-btn hk-action", data_action=action)
    return f"<button {tag}>{html.escape(text)}</button>"


class HHBoard(BoardMixin, w.VBox):
    """A full game in the browser: the Fate draw, every choice, undo, save and load."""

    game = GAME

    def __init__(self, seed: int | None = None, bot: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.rules = rules_of(GAME)
        self.bot = get_policy(bot) if bot else None  # a policy by name (the lab's best)
        self.draw_button = w.Button(description="Draw the Fate card", button_style="primary")
        self.auto_button = w.Button(description="Let the bot choose")
        self.undo_button = w.Button(description="Undo")
        self.new_button = w.Button(description="New game")
        self.seed_box = seed_box(seed or 0)
        self.setup = w.HBox([self.new_button, self.seed_box])  # hidden at a table
        for b, cls in (
            (self.draw_button, "hk-draw"),
            (self.auto_button, "hk-bot"),
            (self.undo_button, "hk-undo"),
            (self.new_button, "hk-new"),
        ):
            b.add_class(cls)
        self.prompt = w.HTML()
        self.prompt.add_class("hk-prompt")
        self.choices = ActionView(theme=THEME, label="Your choices")
        self.choices.on_action(self.act)
        self.search_box = w.VBox()
        self.message = w.HTML()
        self.advice = w.HTML()
        self.advice.add_class("hk-advice")
        self.battle = ActionView(theme=THEME, label="The battle")
        self.table = ActionView(theme=THEME, label="The table")
        self.log_view = w.HTML()
        self.files = self.save_load_widget()
        self.odds_button = w.Button(description="Win odds from here")
        self.odds_button.add_class("hk-odds-button")
        self.progress = w.IntProgress(value=0, min=0, max=100, layout=w.Layout(width="200px"))
        self.progress.layout.visibility = "hidden"
        self.odds_out = w.HTML()
        self._log_mark = 0
        super().__init__(
            [
                w.HBox([self.draw_button, self.auto_button, self.undo_button]),
                self.prompt,
                self.choices,
                self.search_box,
                self.message,
                self.advice,
                self.battle,
                self.table,
                self.coach_panel(),
                section("What happened", w.HTML(note_html("Newest first.")), self.log_view),
                section(
                    "Win odds",
                    w.HBox([self.odds_button, self.progress]),
                    self.odds_out,
                ),
                section(
                    "Save, load, start again",
                    self.files,
                    self.link_box(),
                    self.setup,
                ),
                self.table_rules_panel(),
            ]
        )
        self.setup.add_class("hk-new-row")
        self.new_button.on_click(lambda _b: self.restart())
        self.undo_button.on_click(lambda _b: self.undo())
        self.auto_button.on_click(lambda _b: self.bot_move())
        self.draw_button.on_click(lambda _b: self.draw())
        self.odds_button.on_click(lambda _b: self.win_odds())
        self.new_game(seed)
        self.open_link()

    # --- what the buttons do -------------------------------------------------------------

    def draw(self) -> None:
        """What the Draw button does: the Fate draw, then automatic steps to the next choice
        (at a shared table the table draws: refused, AT_TABLE)."""
        if self.state.step != "draw":
            self.message.value = error_html("Finish the choice above first.")
            return
        self.undo_stack.append(self.state)
        self._log_mark = len(self.state.log)
        drawn = self.state.apply(sample_outcome(self.state.chance_outcomes(), self.rng))
        self.state = self._resolve_chance(drawn)
        self.message.value = ""
        self._show()

    def act(self, action_id: str) -> None:
        """What a click on a choice does; a refused move says why and changes nothing."""
        self._log_mark = len(self.state.log)
        super().act(action_id)

    def bot_move(self) -> None:
        """Let the bot make the current choice (or draw): the lookahead, or ``bot``. (A
        watcher's move is refused by the table, in words.)"""
        if self.state.step == "draw":
            self.draw()
        elif self.state.current_player == 0 and self.bot is not None:
            self.act(self.bot(self.state, random.Random(len(self.state.history))))
        elif self.state.current_player == 0:
            self.act(advice.advised_move(self.state))

    def search(self, name: str) -> bool:
        """What typing a card's name in the search box and pressing Enter does; then
        ``put()`` puts it into play."""
        box = self._search
        return box is not None and box.choose(name)

    def put(self) -> None:
        """What "Put into play" does: the card chosen in the search box enters play."""
        if self._search is not None and self._search.value:
            self.act(self._search.value)

    def win_odds(self, games: int | None = None, policy: str = "lookahead") -> None:
        """Monte Carlo from the current position (with a progress bar).

        At a Fate draw, 10,000 games in the fast simulator; in the middle of a turn each
        game first finishes the turn in the rules engine, so 1,000.
        """
        from hordes_kit.heroes_hordes.simulate import simulate

        if self.state.is_terminal:
            self.odds_out.value = note_html("The game is over.")
            return
        if games is None:
            games = 10_000 if self.state.step == "draw" else 1_000
        self.progress.layout.visibility = "visible"
        self.progress.max = games

        def tick(done: int, total: int) -> None:
            self.progress.value = done

        res = simulate(policy, games, seed=len(self.state.history), start=self.state, progress=tick)
        self.progress.layout.visibility = "hidden"
        self.odds_result = res
        rows = [
            [
                {"win": "Win (2 or fewer tokens)", "tie": "Tie (3 tokens)", "loss": "Loss"}[o],
                percent(res.rate(o)),
                f"{percent(res.interval(o)[0])} to {percent(res.interval(o)[1])}",
            ]
            for o in ("win", "tie", "loss")
        ]
        self.odds_out.value = (
            f"<div class='hk-advice-head'>Chance to win from here: {percent(res.rate('win'))}"
            "</div>"
            + table_html(
                ["Ending", "Chance", "95% interval"],
                rows,
                caption=f"How {games:,} games end from this position when the {policy} bot "
                "plays on for you (simulated; the interval is where the true chance lies, "
                "95% sure)",
            )
        )

    # --- internals ---------------------------------------------------------------------------

    def _after_move(self, s: HHState) -> HHState:
        return self._resolve_chance(s)

    def _resolve_chance(self, s: HHState) -> HHState:
        """Mines, Spy looks and raids resolve on their own; the Fate draw waits for a click."""
        while s.is_chance and s.step != "draw":
            s = s.apply(sample_outcome(s.chance_outcomes(), self.rng))
        return s

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game (chance from this seed)."""
        self._log_mark = 0
        super().new_game(seed)

    # --- one table on several devices: a solo game watched along ------------------------

    _TABLE_HIDES = (*BoardMixin._TABLE_HIDES, "draw_button")  # the table draws the Fate
    AT_TABLE = {**BoardMixin.AT_TABLE, "draw": Refusal(DRAWS)}

    def table_seats(self) -> list[tuple[str, str]]:
        """A shared table of this solo game: you play, the others who open it watch along."""
        return [("Player 1", "person")]

    def table_bot(self, state: HHState, rng: random.Random) -> str:
        """(A solo table has no bot seat; the move of "Let the bot choose" if asked.)"""
        return self.bot(state, rng) if self.bot is not None else advice.advised_move(state)

    def _mine(self) -> bool:
        """True when this page decides (at a shared table: only the seated player's page)."""
        return not self.at_table() or self.table_seat() == 0

    def _show(self) -> None:
        s = self.state
        self.coach.seen(s)
        n = len(s.history)
        mine = self._mine()
        self.draw_button.disabled = s.step != "draw"
        self.auto_button.disabled = s.is_terminal
        self.auto_button.layout.display = None if mine else "none"  # a watcher has no move
        self.undo_button.disabled = not self.undo_stack
        # data-moves/data-step let a test (or a screen reader) know the board is up to date
        self.prompt.value = (
            f"<div class='hk-step' data-moves='{n}' data-step='{s.step}' role='status' "
            "style='font-size:1.1em;margin:4px 0'>"
            f"<b>{html.escape(prompt_text(s))}</b></div>"
        )
        self._search = None
        self.search_box.children = ()
        self.advice.value = ""
        choices, battle = "", ""
        if s.step == "discard":
            choices = self._discard_choice() if mine else self._discard_report()
        else:
            battle = battle_html(s)
            if not mine:  # a watcher at a shared table sees the game, not the choices
                if s.step == "place" and s.pending:
                    choices = Pile("The card", (card_face(s.card(s.pending)),), layout="row").html()
            elif s.step == "defend":
                choices = self._defend_choice()
            elif s.step == "place":
                choices = self._place_choice()
            elif s.step == "slay":
                choices = self._slay_choice()
            elif s.step == "search":
                self.search_box.children = self._search_choice()
            elif s.step == "order":  # ruling: the player chooses (several piles at 5+)
                choices = "<div class='hk-actions'>" + "".join(
                    _button(a, s.label(a)) for a in s.legal_actions()
                )
                choices += "</div>" + rule_chip(self.rules.get(RULE + "ruling.battle-order"))
        self.choices.show(
            f"<div class='hk-choices' data-moves='{n}' data-step='{s.step}'>{choices}</div>"
        )
        self.battle.show(battle)
        self.table.show(board_html(s, pending=False))  # the card is with the choice
        new = max(1, len(s.log) - self._log_mark)
        self.log_view.value = log_html(s, new=new)

    def coach_other(self, state) -> tuple[tuple[str, ...], str] | None:
        """The board's advice for the choice on screen (the discard's exact answer is the
        coach's own ``exact``; the pile order has no advice)."""
        if (
            state.is_terminal
            or state.is_chance
            or state.step not in ("defend", "place", "slay", "search")
        ):
            return None
        memo = getattr(self, "_advised", None)
        if memo is None or memo[0] != state.history:  # asked at every step of thinking
            memo = self._advised = (state.history, advice.advised_move(state))
        why = advice.MEASURE.get(state.step)
        return (memo[1],), "the board's advice" + (f" (by the {why})" if why else "")

    def _defend_choice(self) -> str:
        s = self.state
        table = advice.defend_table(s)
        best = table.best
        kept = table.cell(best, 2)
        head = f"Advice: block with the {best[0]} " + (
            f"(they win and keep {kept} force)."
            if best[2] >= 0
            else "(no pile can win: lose the weakest)."
        )
        ties = table.tied_with_best()
        if ties:
            head += " " + ", ".join(r[0] for r in ties) + " would do as well."
        self.advice.value = table.html(headline=head)
        return (
            "<div class='hk-actions'>"
            + "".join(_button(a, s.label(a)) for a in s.legal_actions())
            + "</div>"
        )

    def _place_choice(self) -> str:
        s = self.state
        table: RankedTable = advice.place_table(s)
        best = table.best
        card = s.card(s.pending)
        head = f"Advice: put {card.name} in the {best[0]} pile" + (
            f" (+{best[2]} force)." if card.is_hero else " (the horde further from attacking)."
        )
        self.advice.value = table.html(headline=head)
        face = Pile("The card", (card_face(card),), layout="row")
        return (
            face.html()
            + "<div class='hk-actions'>"
            + "".join(_button(a, s.label(a)) for a in s.legal_actions())
            + "</div>"
        )

    def _discard_choice(self) -> str:
        s = self.state
        b = fought_battle(s)
        pick = advice.advised_move(s).split(":")[1]
        kept = advice.discard_kept(s, pick)
        self.advice.value = (
            f"<div class='hk-advice-head'>Advice: discard {html.escape(s.card(pick).name)} "
            f"next: with the best discard the {pile_name(s.defender)} keep {kept} force."
            "</div>"
            + note_html(
                f"A hero counts its battle force, as it fought, toward the horde's {b.horde_force}."
            )
            + rule_chip(self.rules.get(RULE + "ruling.discard-covers"))
        )
        actions = {c: f"discard:{c}" for c in s.piles[PILES.index(s.defender)]}
        return report_html(
            b.report,
            discarded=[name for name, _ in b.discarded],
            actions=actions,
            advised=pick,
            headline="",  # the prompt above says it, from the same battle
        )

    def _discard_report(self) -> str:
        """The battle whose heroes are being discarded, as a watcher sees it (no buttons)."""
        b = fought_battle(self.state)
        return report_html(b.report, discarded=[name for name, _ in b.discarded], headline="")

    def _slay_choice(self) -> str:
        s = self.state
        pick = advice.advised_move(s).split(":")[1]
        self.advice.value = (
            f"<div class='hk-advice-head'>Advice: {html.escape(advice.slay_reason(s, pick))}.</div>"
        )
        piles = []
        for p in HORDE_PILES:
            forces = card_forces(s.pile(p))
            if not forces:
                continue
            faces = tuple(
                card_face(
                    f.card,
                    f,
                    pile=p,
                    action=f"slay:{f.card.id}",
                    verb="Discard",
                    highlight=f.card.id == pick,
                    badge="Advised" if f.card.id == pick else "",
                )
                for f in forces
            )
            piles.append(Pile(pile_name(p), faces, layout="row").html())
        return "".join(piles)

    def _search_choice(self) -> tuple:
        s = self.state
        options = advice.search_options(s)
        ids: dict[str, str] = {}
        for name, a, _, _ in options:  # copies of a card are alike: offer one of each name
            ids.setdefault(name, a)
        name, best, gain, where = options[0]
        choice = SearchableChoice(
            list(ids.items()), label="Card to put into play", what="card", value=best
        )
        self._search = choice
        put = w.Button(description="Put into play", button_style="primary")
        put.add_class("hk-action")
        put.add_class("hk-put")
        put.on_click(lambda _b: self.put())

        def chosen(action: str | None) -> None:
            put.description = f"Put {s.card(action.split(':')[1]).name} into play"

        chosen(best)
        choice.on_change(chosen)
        top = RankedTable(
            "Force each card would add to its best hero pile (a horde card adds none)",
            ("Card", "Goes to", "Force added"),
            [(n, wh, g) for n, _, g, wh in options[:5]],
            rank_by=2,
            formats=(None, None, lambda g: f"+{g}" if g >= 0 else "none"),
            note=f"The best 5 of the {len(options)} cards you may take.",
        )
        head = f"Advice: take {name} " + (f"(+{gain} force to {where})." if gain >= 0 else ".")
        self.advice.value = top.html(headline=head) + rule_chip(
            self.rules.get(RULE + reading_of(s.config, "search_events"))
        )
        return (choice, put)


def play_page(seed: int | None = None) -> w.VBox:
    """The play dashboard: the board wrapped in the Heroes & Hordes page."""
    return page(HHBoard(seed), theme=THEME)
