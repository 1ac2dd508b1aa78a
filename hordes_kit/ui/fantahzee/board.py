"""Fantahzee dashboards: the table picture and the playable board (``walkthrough.py`` draws
with the same picture)."""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.core.playout import sample_outcome
from hordes_kit.fantahzee.advice import party_strength, roll_advice
from hordes_kit.fantahzee.bots import BOTS
from hordes_kit.fantahzee.game import FState
from hordes_kit.fantahzee.planner import damage_options, plan_attacks
from hordes_kit.fantahzee.rules import GAME
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.common import note_html, percent, table_html

__all__ = [
    "board_html",
    "advice_html",
    "strength_html",
    "FZBoard",
    "SEAT_KINDS",
]

CLASS_TINT = {"Artificer": "#f1e3cf", "Mage": "#e3def5", "Warrior": "#dbe8f5"}
CARD = (
    "display:inline-block;vertical-align:top;border:1px solid #bbb;border-radius:6px;"
    "padding:3px 7px;margin:2px;background:#fff;min-width:104px;font-size:0.9em"
)
SEAT_KINDS = {"Person": None, "Random bot": "random", "Strong bot": "strong"}


def die_html(face: int, locked: bool = False) -> str:
    """One die as a small boxed number (locked dice are grey)."""
    bg = "#ddd" if locked else "#fff"
    return (
        f"<span class='hk-die' style='display:inline-block;width:1.5em;text-align:center;"
        f"border:2px solid #333;border-radius:5px;margin:1px;font-weight:700;background:{bg}'>"
        f"{face}</span>"
    )


def _monster_card(m: dict | None, facedown: int, name: str, vanguard: bool) -> str:
    if m is None:
        body = "<i style='color:#777'>facedown top</i>" if facedown else "<i>empty</i>"
        tint = "#eee"
    else:
        bits = [f"strength <b>{m['strength']}</b>"]
        if m["counterattack"]:
            bits.append(f"Counterattack {m['counterattack']}")
        if m["ambush"]:
            bits.append(f"<b style='color:#a40000'>Ambush {m['ambush']}</b>")
        bits.append(f"{m['xp']} XP")
        if m["treasure"]:
            bits.append(f"treasure (level {m['treasure']})")
        level = "Boss" if m["level"] == "boss" else f"level {m['level']}"
        body = f"<b>{html.escape(m['name'])}</b> <span style='color:#666'>{level}</span><br>" + (
            "<br>".join(bits)
        )
        tint = "#fde2e2" if m["level"] == "boss" else ("#fff2d6" if m["level"] == "2" else "#fff")
    tag = " <b style='color:#b00020'>VANGUARD</b>" if vanguard else ""
    return (
        f"<div class='hk-stack hk-stack-{name}' data-thing='stack:{name}' "
        f"style='{CARD};background:{tint};min-width:130px'>"
        f"<div style='color:#555'>Stack {name}{tag}</div>{body}"
        f"<div style='color:#777'>{facedown} facedown below</div></div>"
    )


def _hero_card(h: dict) -> str:
    border = "3px solid #1b7f3b" if h["active"] else "1px solid #bbb"
    cost = h.get("cost_now", h["cost"])
    cost_text = f"cost {html.escape(cost)}"
    if h.get("cost_now") and h["cost_now"] != h["cost"]:
        cost_text += f" <s style='color:#999'>{html.escape(h['cost'])}</s>"
    if h["steam_cost"]:
        cost_text += f" or {h['steam_cost']} steam"
    dice = "".join(die_html(d, True) for d in h["dice"])
    state = "<b style='color:#1b7f3b'>ACTIVE</b>" if h["active"] else ""
    if h["active"] and h["paid"] in ("steam", "inspired", "free"):
        state += f" <span style='color:#555'>({h['paid']})</span>"
    treasure = ""
    if h["treasure"]:
        t = h["treasure"]
        treasure = (
            f"<div style='color:#7a4b00'>+ {html.escape(t['name'])} (level {t['level']})</div>"
        )
    return (
        f"<div class='hk-hero' title='{html.escape(h['note'], quote=True)}' style='{CARD};"
        f"border:{border};background:{CLASS_TINT.get(h['class'], '#fff')}'>"
        f"<b>{html.escape(h['name'])}</b> · {h['strength']}<br>"
        f"<span style='color:#444'>{cost_text}</span><br>{state} {dice}{treasure}</div>"
    )


def board_html(state: FState, viewer: int | None = None) -> str:
    """The table: horde line, dice, every party, and the hand ``viewer`` may see."""
    v = state.view(viewer)
    doom = "●" * v["doom"] + "○" * (3 - v["doom"])
    line = "".join(
        _monster_card(x["top"], x["facedown"], x["stack"], x["vanguard"]) for x in v["line"]
    )
    head = (
        f"<div style='margin:4px 0'><b>Turn {v['turn']}: {html.escape(v['player_name'])} - "
        f"{v['phase_name']}</b> &nbsp; <span data-thing='doom'>doom tokens "
        f"<b style='color:#a40000'>{doom}</b></span> &nbsp; "
        f"<span data-thing='town-deck'>town deck {v['town_deck']}</span> · "
        f"<span data-thing='treasure-deck'>treasures {v['treasure_deck']}</span> · "
        f"<span data-thing='hero-deck'>hero deck {v['hero_deck']}</span> · "
        f"<span data-thing='discard'>discard {v['discard']}</span></div>"
    )
    d = v["dice"]
    dice = "".join(die_html(x) for x in d["free"]) or "<i>none rolled</i>"
    if v["phase"] in ("setup", "action"):
        dice = "<i>rolled in the Dice Phase</i>"
    turn = (
        f"<div class='hk-turn' style='background:#f3f6fb;padding:4px 8px;border-radius:4px'>"
        f"<span data-thing='dice'>Dice: {dice}</span>"
        + (f" + {d['unrolled']} to roll" if d["unrolled"] else "")
        + (f" + {d['rolling']} being rolled" if d["rolling"] else "")
        + f" · rolls left <b>{d['rolls_left']}</b> · steam <b>{v['steam']}</b> · Shield "
        f"<b>{v['shield']}</b> · strength <b>{v['strength']}</b>"
        + (f" (left {v['strength_left']})" if v["phase"] == "attack" else "")
        + (f" · <b style='color:#b00020'>damage {v['damage']}</b>" if v["damage"] else "")
        + (f" · set aside: {html.escape(', '.join(v['set_aside']))}" if v["set_aside"] else "")
        + (
            f" · treasure drawn: <b>{html.escape(v['drawn_treasure'])}</b>"
            if v["drawn_treasure"]
            else ""
        )
        + "</div>"
    )
    seats = []
    for x in v["seats"]:
        me = x["seat"] == v["player"]
        token = " · <b data-thing='last-player'>Last Player token</b>" if x["last_player"] else ""
        party = "".join(_hero_card(h) for h in x["party"]) or "<i style='color:#777'>no heroes</i>"
        hand = ""
        if "hand" in x:
            names = [state.name(c) for c in x["hand"]]
            hand = (
                f"<div data-thing='hand:{x['seat']}' style='color:#333'>"
                f"Hand: {html.escape(', '.join(names) or 'empty')}</div>"
            )
        seats.append(
            f"<div class='hk-seat' style='border:{'2px solid #3b5ba9' if me else '1px solid #ddd'};"
            f"border-radius:6px;padding:4px;margin:4px 0'><b>{html.escape(x['name'])}</b> - "
            f"<span data-thing='victory:{x['seat']}'>victory pile {x['xp']} XP, "
            f"{x['monsters']} monster{'s' if x['monsters'] != 1 else ''}</span>, "
            f"{x['hand_size']} card{'s' if x['hand_size'] != 1 else ''} in hand{token}"
            f"<div data-thing='party:{x['seat']}'>{party}</div>{hand}</div>"
        )
    return (
        "<div class='hk-fz-board'>"
        + head
        + f"<div style='display:flex;flex-wrap:wrap'>{line}</div>"
        + turn
        + "".join(seats)
        + "</div>"
    )


def advice_html(state: FState, move: str = "") -> str:
    """The odds behind the decision now: dice keeps, attack plans or ways to take damage.

    ``move`` (a walkthrough's answer) is marked in the table when it is a dice keep.
    """
    if state.is_terminal or state.is_chance:
        return ""
    ph = state.phase
    if ph == "roll":
        a = roll_advice(state)
        best = ""
        if state.rolled and not state.pending:
            _odds, pick = party_strength(state)
            if pick is not None:
                best = (
                    f"<div><b>Best move (party solver):</b> {html.escape(pick.text)} - "
                    f"expected strength {pick.value:.2f} this turn.</div>"
                )
        if a is None:
            return best + note_html("No hero is left to pay with dice.")
        aim = ", ".join(f"{n} ({c or 'free'})" for n, c in zip(a.heroes, a.costs))
        out = f"<div class='hk-advice'>{best}Aim for <b>{html.escape(aim)}</b>. "
        if a.pay_now:
            out += "The dice showing pay them all now. "
        if a.keeps:
            shown = list(a.keeps[:6])
            mine = None
            if move.startswith("keep:"):
                mine = () if move == "keep:none" else tuple(int(x) for x in move[5:].split(","))
                shown += [(k, p) for k, p in a.keeps[6:] if k == mine]
            rows = [
                (
                    (", ".join(map(str, k)) or "nothing")
                    + (" (the book's choice)" if k == mine else ""),
                    percent(p),
                )
                for k, p in shown
            ]
            out += (
                f"Chance to pay them all in the {a.rolls_left} rolls left, by what you keep "
                "(exact, best play):" + table_html(["keep", "chance"], rows, highlight=0)
            )
        return out + "</div>"
    if ph == "attack":
        plans = plan_attacks(state)[:5]
        names = {x.name: state.name(x.top) for x in state.line if x.top}
        rows = [
            (
                p.label(names),
                f"{p.xp:.2f}",
                percent(p.town_risk),
                f"{p.counter_damage:.1f}",
                f"{p.ambush:.1f}",
            )
            for p in plans
        ]
        return (
            "<div class='hk-advice'>Attack plans, best first (facedown cards weighed from "
            "what is unseen):"
            + table_html(
                ["plan", "expected XP", "town lost", "Counterattack dmg", "Ambush dmg"],
                rows,
                highlight=0,
            )
            + "</div>"
        )
    if ph in ("counter", "horde") and state.damage:
        actives = state.actives()
        party = state.seat.party
        strengths = [state.card(party[i].hero).strength for i in actives]
        opts = damage_options(strengths, state.damage)[:5]
        rows = [
            (
                ", ".join(state.name(party[actives[k]].hero) for k in o.heroes),
                o.strength_lost,
                "yes" if o.covers else "no - every active hero goes",
            )
            for o in opts
        ]
        return (
            f"<div class='hk-advice'>Ways to take {state.damage} damage, cheapest first:"
            + table_html(["discard", "strength lost", "covers it"], rows, highlight=0)
            + "</div>"
        )
    return ""


def strength_html(state: FState) -> str:
    """The party solver's answer for the current player: P(strength >= S) and the best move."""
    if state.is_chance or state.phase not in ("action", "roll") or state.pending:
        return note_html("Ask in the Action Phase or during the Roll Step.")
    odds, best = party_strength(state)
    if not odds.heroes:
        return note_html("Every hero in the party is active already (or there are none).")
    rows = [(f"{k} or more", percent(p)) for k, p in sorted(odds.at_least.items())]
    out = "<div class='hk-strength'>"
    if best is not None:
        out += f"<div><b>Best move now:</b> {html.escape(best.text)}.</div>"
    out += (
        f"Expected total strength this turn <b>{odds.expected:.2f}</b> with the best play; "
        "the chance to reach each total (each with the play best for it, exact):"
        + table_html(["total strength", "chance"], rows)
        + "</div>"
    )
    return out


def _explain(state: FState, move: str) -> str:
    extra = advice_html(state, move)
    return f"<div style='margin-top:4px'>{extra}</div>" if extra else ""


def answer_choices(state: FState, move: str) -> list[str]:
    """The answers a walkthrough question offers: moves of the same kind as the book's.

    Dice keeps are narrowed to the eight the solver ranks best (with the book's own and
    "reroll everything"), so the choice reads like a player's, not a list of 100.
    """
    verb = move.split(":")[0]
    same = [a for a in state.legal_actions() if a.split(":")[0] == verb]
    if verb == "attack" or verb == "flip" or verb == "stop":
        same = [a for a in state.legal_actions() if a.split(":")[0] in ("attack", "flip", "stop")]
    if verb == "keep" and len(same) > 8:
        advice = roll_advice(state)
        best = [
            f"keep:{','.join(map(str, k)) or 'none'}" for k, _p in (advice.keeps if advice else ())
        ]
        picked = list(dict.fromkeys([move, *best[:8], "keep:none"]))
        same = sorted(a for a in picked if a in same)
    if verb in ("activate", "keep"):
        same += [a for a in state.legal_actions() if a == "done"]
    return same


# --- the playable board ----------------------------------------------------------------


class FZBoard(BoardMixin, w.VBox):
    """A full game for 2-5 seats: people (hot seat) and bots; clicks play the game."""

    game = GAME

    def __init__(self, players: int = 2, seed: int | None = None, kinds=None) -> None:
        self.players_box = w.Dropdown(
            options=[2, 3, 4, 5],
            value=players,
            description="Players",
            layout=w.Layout(width="160px"),
        )
        self.seat_boxes = [
            (
                w.Text(value=f"Player {i + 1}", layout=w.Layout(width="130px")),
                w.Dropdown(
                    options=list(SEAT_KINDS),
                    value="Person" if i == 0 else "Strong bot",
                    layout=w.Layout(width="120px"),
                ),
            )
            for i in range(5)
        ]
        if kinds:
            for (_n, k), kind in zip(self.seat_boxes, kinds):
                k.value = kind
        self.seed_box = w.IntText(
            value=seed or 0, description="Seed", layout=w.Layout(width="160px")
        )
        self.distinct_box = w.Checkbox(
            value=False,
            description="House rule: two heroes' X dice must show different numbers",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.new_button = w.Button(description="New game", button_style="primary")
        self.undo_button = w.Button(description="Undo")
        self.undo_button.add_class("hk-undo")
        self.seats_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.board = w.HTML()
        self.prompt = w.HTML()
        self.pass_box = w.VBox()
        self.dice_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game")
        self.odds_button = w.Button(
            description="Odds for this decision", layout=w.Layout(width="auto")
        )
        self.odds_button.add_class("hk-odds-button")
        self.strength_button = w.Button(
            description="My strength this turn (best play)", layout=w.Layout(width="auto")
        )
        self.strength_button.add_class("hk-strength-button")
        self.odds_out = w.HTML()
        super().__init__(
            [
                w.HBox([self.players_box, self.seed_box, self.new_button, self.undo_button]),
                self.seats_row,
                self.distinct_box,
                self.board,
                self.pass_box,
                self.prompt,
                self.dice_box,
                self.actions,
                self.message,
                w.HBox([self.odds_button, self.strength_button]),
                self.odds_out,
                w.HTML("<b>What happened</b> (newest first, with the rule each step rests on)"),
                self.log_view,
                w.HBox([self.save_link, self.upload]),
            ]
        )
        self.players_box.observe(lambda _c: self._show_seats(), "value")
        self.new_button.on_click(lambda _b: self.new_game(self.seed_box.value))
        self.undo_button.on_click(lambda _b: self.undo())
        self.upload.observe(self._on_upload, "value")
        self.odds_button.on_click(lambda _b: self.show_odds())
        self.strength_button.on_click(lambda _b: self.show_strength())
        self.seen_by: int | None = None
        self.keep: list[int] = []
        self._show_seats()
        self.new_game(seed)

    # --- the table ---------------------------------------------------------------------

    def _show_seats(self) -> None:
        n = self.players_box.value
        self.seats_row.children = tuple(w.HBox([name, kind]) for name, kind in self.seat_boxes[:n])

    def kinds(self) -> list[str | None]:
        """Each seat's bot (None = a person)."""
        return [SEAT_KINDS[k.value] for _n, k in self.seat_boxes[: self.config["players"]]]

    def new_game(self, seed: int | None = None) -> None:
        """Start a game with the seats as set above."""
        self.seen_by = None
        super().new_game(seed)

    def _new_config(self) -> dict:
        n = self.players_box.value
        names = [
            name.value.strip() or f"Player {i + 1}"
            for i, (name, _k) in enumerate(self.seat_boxes[:n])
        ]
        config = {"players": n, "names": names}
        if self.distinct_box.value:
            config["distinct_values"] = True
        return config

    def _after_move(self, state: FState) -> FState:
        """Draw the chance outcomes and play the bots until a person decides."""
        kinds = self.kinds()
        for _ in range(20000):
            if state.is_terminal:
                break
            if state.is_chance:
                state = state.apply(sample_outcome(state.chance_outcomes(), self.rng))
                continue
            bot = kinds[state.current_player]
            if bot is None:
                break
            state = state.apply(BOTS[bot](state, self.rng))
        self.keep = []
        return state

    def click(self, action_id: str, moves: int) -> None:
        """A button's click: ignored when the button is from an earlier position (a
        double click, or a click while the board redraws), else the move."""
        if moves != len(self.state.history):
            return
        if action_id == "reroll":
            self.reroll()
        else:
            self.act(action_id)

    def reveal(self) -> None:
        """The next person has the device: show their hand."""
        self.seen_by = self.state.current_player
        self._show()

    def toggle_keep(self, index: int) -> None:
        """Click a die: keep it (or not) for the next reroll."""
        if index in self.keep:
            self.keep.remove(index)
        else:
            self.keep.append(index)
        self._show()

    def reroll(self) -> None:
        """Reroll every die not marked to keep."""
        kept = sorted((self.state.free[i] for i in self.keep), reverse=True)
        self.act("keep:" + (",".join(map(str, kept)) or "none"))

    def show_odds(self) -> None:
        """The odds behind the current decision."""
        self.odds_out.value = note_html("Working out the odds…")
        self.odds_out.value = advice_html(self.state) or note_html("Nothing to weigh right now.")

    def show_strength(self) -> None:
        """The party solver: this turn's strength under the best play, and the best move."""
        self.odds_out.value = note_html("Working out the best play…")
        self.odds_out.value = strength_html(self.state)

    # --- drawing -----------------------------------------------------------------------

    def _show(self) -> None:
        s = self.state
        kinds = self.kinds()
        cp = s.current_player
        person = not s.is_terminal and not s.is_chance and kinds[cp] is None
        people = [i for i, k in enumerate(kinds) if k is None]
        hot_seat = len(people) > 1
        waiting = person and hot_seat and self.seen_by != cp
        if s.is_terminal:
            viewer = None  # the game is over: every hand may be seen
        elif person and not waiting:
            viewer = cp
        elif len(people) == 1:
            viewer = people[0]
        else:
            viewer = -1  # nobody's hand while the device changes hands
        self.odds_out.value = ""
        self.board.value = board_html(s, viewer)
        v = s.view(viewer)
        if s.is_terminal:
            rows = [(x["name"], x["xp"], x["monsters"], x["party"]) for x in v["standings"]]
            self.prompt.value = (
                f"<div class='hk-step hk-over' data-moves='{len(s.history)}'>"
                "<b>Game over.</b></div>"
                + table_html(["player", "XP", "monsters", "heroes"], rows, highlight=0)
            )
        else:
            self.prompt.value = (
                f"<div class='hk-step' data-moves='{len(s.history)}' data-phase='{s.phase}' "
                f"style='font-size:1.1em;margin:4px 0'><b>{html.escape(v['prompt'])}</b></div>"
            )
        if waiting:
            b = w.Button(
                description=f"I am {s.who(cp)}: show my hand",
                button_style="warning",
                layout=w.Layout(width="auto"),
            )
            b.add_class("hk-reveal")
            b.on_click(lambda _b: self.reveal())
            self.pass_box.children = (
                w.HTML(f"<h3>Pass the device to {html.escape(s.who(cp))}</h3>"),
                b,
            )
        else:
            self.pass_box.children = ()
        self.dice_box.children = self._dice_buttons() if person and not waiting else ()
        self.actions.children = self._action_buttons() if person and not waiting else ()
        self.undo_button.disabled = not self.undo_stack
        self.log_view.value = log_html(s)
        self.save_link.value = self.save_link_html()

    def _dice_buttons(self) -> tuple:
        s = self.state
        if s.phase != "roll" or not s.rolled or s.pending or not s.rolls_left:
            return ()
        out = [w.HTML("Click dice to keep, then reroll: ")]
        for i, face in enumerate(s.free):
            b = w.ToggleButton(
                value=i in self.keep, description=str(face), layout=w.Layout(width="42px")
            )
            b.add_class("hk-die-button")
            b.add_class(f"hk-die-{i}")
            b.observe(lambda _c, i=i: self.toggle_keep(i), "value")
            out.append(b)
        r = w.Button(
            description="Reroll the others", button_style="info", layout=w.Layout(width="auto")
        )
        r.add_class("hk-reroll")
        r.add_class(f"hk-m{len(s.history)}")
        moves = len(s.history)
        r.on_click(lambda _b, n=moves: self.click("reroll", n))
        out.append(r)
        return tuple(out)

    def _action_buttons(self) -> tuple:
        s = self.state
        moves = len(s.history)
        out = []
        for a in s.legal_actions():
            if a.startswith("keep:"):
                continue  # the dice above do this
            b = w.Button(description=s.label(a), layout=w.Layout(width="auto"))
            b.add_class("hk-action")
            b.add_class("hk-" + a.replace(":", "-").replace(".", "-").replace(",", "-"))
            b.add_class(f"hk-m{len(s.history)}")
            b.on_click(lambda _b, a=a, n=moves: self.click(a, n))
            out.append(b)
        return tuple(out)
