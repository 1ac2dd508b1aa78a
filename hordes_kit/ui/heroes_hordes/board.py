"""Heroes & Hordes dashboards: the table picture and the playable board (``walkthrough.py``
draws with the same picture)."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from hordes_kit.core.playout import sample_outcome
from hordes_kit.heroes_hordes.bots import best_pile_gain, get_policy
from hordes_kit.heroes_hordes.cards import PILES, RACE_OF_PILE
from hordes_kit.heroes_hordes.game import HHState
from hordes_kit.heroes_hordes.odds import battle_report
from hordes_kit.heroes_hordes.rules import GAME, pile_force
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.common import error_html, note_html, percent, table_html

__all__ = ["board_html", "HHBoard", "battle_html"]

COLOURS = {
    "men": "#2f6db5",
    "elves": "#2e8b57",
    "dwarves": "#8b5a2b",
    "goblins": "#6b8e23",
    "undead": "#555",
    "dragons": "#b22222",
}


def board_html(state: HHState) -> str:
    """The six piles as columns of cards with their forces, plus tokens and the deck."""
    v = state.view(0)
    cols = []
    for pile in PILES:
        p = v["piles"][pile]
        side = "Heroes" if pile in PILES[:3] else "Horde"
        warn = ""
        if side == "Horde" and len(p["cards"]) >= 4:
            warn = " <span title='5 cards attack'>⚠</span>"
        cards = (
            "".join(
                f"<div class='hk-card' style='border:1px solid #ccc;border-radius:6px;margin:3px 0;"
                f"padding:2px 6px;background:#fff'>{html.escape(c['name'])}"
                f"<span style='float:right;font-weight:600'>{c['force']}</span></div>"
                for c in p["cards"]
            )
            or "<div style='color:#999;font-style:italic'>empty</div>"
        )
        cols.append(
            f"<div class='hk-pile' data-pile='{pile}' data-thing='pile:{pile}' "
            "style='flex:1;min-width:120px;"
            f"background:#f7f7f7;border-top:5px solid {COLOURS[pile]};padding:4px'>"
            f"<div style='font-weight:700'>{pile.capitalize()}{warn}</div>"
            f"<div style='color:#555;font-size:0.9em'>{side} · {len(p['cards'])} cards · "
            f"force <b class='hk-force'>{p['force']}</b></div>{cards}</div>"
        )
    tokens = "●" * v["tokens"] + "○" * max(0, 3 - v["tokens"])
    status = (
        f"<b data-thing='turn'>Turn {v['turn']}</b> · <span data-thing='deck'>deck "
        f"{v['deck_count']} cards</span> · "
        f"<span class='hk-tokens' data-thing='tokens' data-tokens='{v['tokens']}'>"
        "Devastation Tokens: "
        f"{v['tokens']} {tokens}</span>"
    )
    if v["known_top"]:
        status += " · next cards (Spy): " + html.escape(", ".join(v["known_top"]))
    if v["fate"]:
        status += f" · event: <b data-thing='fate'>{html.escape(v['fate'])}</b>"
    elif v["pending"]:
        status += f" · Fate card: <b data-thing='fate'>{html.escape(v['pending'])}</b>"
    if v["result"]:
        status += f" · <b class='hk-result-text'>Game over: {v['result'].upper()}</b>"
    return (
        f"<div class='hk-board'><div style='margin:4px 0'>{status}</div>"
        f"<div style='display:flex;gap:6px'>{''.join(cols)}</div></div>"
    )


def battle_html(state: HHState) -> str:
    """The battle in progress (or about to be fought) with every modifier named."""
    if not state.attack or not state.defender:
        return ""
    rep = battle_report(
        state.pile(state.attack),
        state.pile(state.defender),
        horde_pile=state.attack,
        hero_pile=state.defender,
    )
    return _report_html(rep)


def _report_html(rep) -> str:
    rows = []
    for side, forces in (("Horde", rep.horde), ("Heroes", rep.heroes)):
        for f in forces:
            mods = ", ".join(f"{n:+d} {k}" for k, n in f.parts[1:]) or "—"
            rows.append([side, f.card.name, f.card.strength, mods, f.total])
    head = (
        f"<b>{rep.horde_pile.capitalize()} {rep.horde_force}</b> against "
        f"<b>{rep.hero_pile.capitalize()} {rep.hero_force}</b>: "
        + ("the heroes win." if rep.winner == "heroes" else "the horde wins.")
    )
    if rep.discard is not None:
        head += (
            " Best discard: "
            + ", ".join(c.name for c in rep.discard)
            + f" (the pile keeps force {rep.kept_force})."
        )
    return (
        f"<div class='hk-battle'>{head}"
        + table_html(["Side", "Card", "Strength", "Modifiers", "Force"], rows)
        + "</div>"
    )


def _explain(state: HHState, move: str) -> str:
    """The calculator behind a walkthrough question."""
    kind, arg = move.split(":", 1)
    if kind == "defend":
        rep = battle_report(
            state.pile(state.attack), state.pile(arg), horde_pile=state.attack, hero_pile=arg
        )
        return _report_html(rep)
    if kind == "discard" and state.attack:
        return battle_html(state)
    if kind == "place":
        card = state.card(state.pending)
        rows = []
        for p in card.piles():
            before = pile_force(state.pile(p))
            rows.append([p, before, pile_force((*state.pile(p), card)) - before])
        return table_html(["Pile", "Force now", f"{card.name} adds"], rows)
    return ""


class HHBoard(BoardMixin, w.VBox):
    """A full game in the browser: click the Fate draw and every choice; undo, save, load."""

    game = GAME

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.seed_box = w.IntText(
            value=seed or 0, description="Seed", layout=w.Layout(width="160px")
        )
        self.new_button = w.Button(description="New game")
        self.undo_button = w.Button(description="Undo")
        self.auto_button = w.Button(description="Let the bot decide")
        self.draw_button = w.Button(description="Draw the Fate card", button_style="primary")
        self.draw_button.add_class("hk-draw")
        self.undo_button.add_class("hk-undo")
        self.board = w.HTML()
        self.prompt = w.HTML()
        self.prompt.add_class("hk-prompt")
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.battle = w.HTML()
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game")
        self.odds_button = w.Button(description="Win odds from here")
        self.odds_out = w.HTML()
        self.progress = w.IntProgress(value=0, min=0, max=100, layout=w.Layout(width="300px"))
        self.progress.layout.visibility = "hidden"
        super().__init__(
            [
                w.HBox([self.new_button, self.seed_box, self.undo_button, self.auto_button]),
                self.board,
                self.prompt,
                w.HBox([self.draw_button]),
                self.actions,
                self.message,
                self.battle,
                w.HTML("<b>What happened</b>"),
                self.log_view,
                w.HBox([self.save_link, self.upload]),
                w.HBox([self.odds_button, self.progress]),
                self.odds_out,
            ]
        )
        self.new_button.on_click(lambda _b: self.new_game(self.seed_box.value))
        self.undo_button.on_click(lambda _b: self.undo())
        self.auto_button.on_click(lambda _b: self.bot_move())
        self.draw_button.on_click(lambda _b: self.draw())
        self.upload.observe(self._on_upload, "value")
        self.odds_button.on_click(lambda _b: self.win_odds())
        self.new_game(seed)

    # --- what the buttons do -------------------------------------------------------------

    def draw(self) -> None:
        """What the Draw button does: the Fate draw, then automatic steps to the next choice."""
        if self.state.step != "draw":
            self.message.value = error_html("Finish the choice above first.")
            return
        self.undo_stack.append(self.state)
        drawn = self.state.apply(sample_outcome(self.state.chance_outcomes(), self.rng))
        self.state = self._resolve_chance(drawn)
        self.message.value = ""
        self._show()

    def bot_move(self) -> None:
        """Let the lookahead bot make the current choice (or draw)."""
        if self.state.step == "draw":
            self.draw()
        elif self.state.current_player == 0:
            self.act(get_policy("lookahead")(self.state, self.rng))

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
        rows = [
            [
                o,
                percent(res.rate(o)),
                f"{percent(res.interval(o)[0])}–{percent(res.interval(o)[1])}",
            ]
            for o in ("win", "tie", "loss")
        ]
        self.odds_out.value = note_html(
            f"{games:,} games from here, played on by the {policy} bot "
            "(Monte Carlo, 95% intervals):"
        ) + table_html(["Outcome", "Chance", "95% interval"], rows)

    # --- internals ---------------------------------------------------------------------------

    def _after_move(self, s: HHState) -> HHState:
        return self._resolve_chance(s)

    def _resolve_chance(self, s: HHState) -> HHState:
        """Mines, Spy looks and raids resolve on their own; the Fate draw waits for a click."""
        while s.is_chance and s.step != "draw":
            s = s.apply(sample_outcome(s.chance_outcomes(), self.rng))
        return s

    def _show(self) -> None:
        s = self.state
        self.board.value = board_html(s)
        self.draw_button.disabled = s.step != "draw"
        prompts = {
            "draw": "Draw the next Fate card.",
            "place": f"Where does {s.card(s.pending).name if s.pending else ''} go?",
            "defend": f"The {s.attack} attack! Choose the hero pile that defends.",
            "discard": f"You won. Discard heroes with battle force {s.need} or more.",
            "slay": "Choose a horde card to discard.",
            "search": "Choose a card to put into play.",
            "over": f"Game over: {s.result.upper()} with {s.tokens} Devastation Token(s).",
        }
        # data-moves/data-step let a test (or a screen reader) know the board is up to date
        self.prompt.value = (
            f"<div class='hk-step' data-moves='{len(s.history)}' data-step='{s.step}' "
            f"style='font-size:1.1em'><b>{prompts.get(s.step, '')}</b></div>"
        )
        buttons = []
        if s.current_player == 0 and s.step == "search":
            buttons = self._search_choice()
        elif s.current_player == 0:
            for a in s.legal_actions():
                b = w.Button(description=s.label(a), layout=w.Layout(width="auto"))
                b.add_class("hk-action")
                b.add_class(f"hk-m{len(s.history)}")
                b.on_click(lambda _b, a=a: self.act(a))
                buttons.append(b)
        self.actions.children = tuple(buttons)
        self.battle.value = battle_html(s) if s.step == "discard" else self._preview()
        self.undo_button.disabled = not self.undo_stack
        self.log_view.value = log_html(s)
        self.save_link.value = self.save_link_html()

    def _search_choice(self) -> list[w.Widget]:
        """A card from the deck or discard: too many for buttons, so a list, most force first.

        The order is the lookahead bot's: force gained (ties to the later card), horde last.
        """
        s = self.state
        scored = []
        for a in s.legal_actions():
            card = s.card(a.split(":")[1])
            best = best_pile_gain(s, card.id)
            if best:
                gain, pile = best
                scored.append(((gain, a), f"{card.name}: +{gain} force to the {pile}", a))
            else:
                scored.append(((-1, a), f"{card.name}: joins the horde", a))
        scored.sort(reverse=True)
        pick = w.Dropdown(
            options=[(label, a) for _, label, a in scored],
            description="Card",
            layout=w.Layout(width="420px"),
        )
        put = w.Button(description="Put into play", button_style="primary")
        put.add_class("hk-action")
        put.add_class(f"hk-m{len(s.history)}")
        put.on_click(lambda _b: self.act(pick.value))
        return [pick, put]

    def _preview(self) -> str:
        s = self.state
        if s.step == "place":
            return note_html("What the card adds to each pile it may join:") + _explain(
                s, s.legal_actions()[0]
            )
        if s.step != "defend":
            return ""
        rows = []
        for a in s.legal_actions():
            pile = a.split(":")[1]
            rep = battle_report(s.pile(s.attack), s.pile(pile), horde_pile=s.attack, hero_pile=pile)
            rows.append(
                [
                    pile,
                    rep.hero_force,
                    rep.horde_force,
                    "win" if rep.winner == "heroes" else "loss",
                    rep.kept_force if rep.discard is not None else 0,
                ]
            )
        return note_html(
            f"If each pile defends against the {s.attack} ({RACE_OF_PILE[s.attack]}):"
        ) + table_html(
            ["Pile", "Its force", "Horde force", "Result", "Force kept after the best discard"],
            rows,
        )
