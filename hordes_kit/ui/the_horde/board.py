"""The Horde dashboards: the table picture and the playable board (``walkthrough.py`` draws
with the same picture)."""

from __future__ import annotations

import html

import ipywidgets as w

from hordes_kit.the_horde.bots import POLICIES, choose
from hordes_kit.the_horde.game import THState
from hordes_kit.the_horde.odds import HORDE_STEPS, kill_probability, phase_odds
from hordes_kit.the_horde.rules import GAME
from hordes_kit.the_horde.tape import pick
from hordes_kit.ui.board import BoardMixin, log_html
from hordes_kit.ui.common import error_html, note_html, percent, table_html

__all__ = [
    "board_html",
    "battle_html",
    "phase_odds_html",
    "survival_html",
    "THBoard",
]

TINTS = {"Village": "#cfe9d8", "Defender": "#cfdcf0", "Special": "#ead9c4"}
TYPE_COLOURS = {"Village": "#2e8b57", "Defender": "#2f6db5", "Special": "#8b5a2b"}
SEASONS = {"S": "Summer", "F": "Fall", "W": "Winter"}
EMPTY = "<i style='color:#999'>empty</i>"
CARD = (
    "display:inline-block;border:1px solid #bbb;border-radius:6px;padding:3px 8px;margin:2px;"
    "background:#fff;min-width:90px"
)


def _pile(
    title: str,
    counts: dict[str, int],
    extra: str = "",
    css: str = "",
    total: int | None = None,
    thing: str = "",
) -> str:
    items = ", ".join(
        f"{n}× {html.escape(k)}" if n > 1 else html.escape(k) for k, n in counts.items()
    )
    if total is not None and total and not items:
        items = f"{total} card{'s' if total > 1 else ''}, unseen"
    total = sum(counts.values()) if total is None else total
    return (
        f"<div class='hk-zone {css}' data-thing='{thing}' style='flex:1;min-width:170px;"
        "background:#f7f7f7;"
        f"padding:4px 6px;border-radius:4px'><b>{html.escape(title)}</b> "
        f"<span style='color:#555'>({total})</span><div style='font-size:0.9em'>"
        f"{items or EMPTY}{extra}</div></div>"
    )


def board_html(state: THState, show_row: bool = True) -> str:
    """The whole table as the player sees it: economy, the recruit row, decks, the battle.

    ``show_row=False`` leaves the recruit row out (the playable board shows it as buttons).
    """
    v = state.view(0)

    def native(counts: dict[str, int]) -> dict[str, int]:
        ind = f"{v['indigenous']['type']} (Indigenous)"
        return {ind if k == "Indigenous" else k: n for k, n in counts.items()}

    gc = v["grimthwackers"]
    alive = gc["total"] - gc["killed"]
    dots = "●" * alive + "○" * gc["killed"]
    ahead = ", ".join(map(str, v["taxes_ahead"]))
    head = (
        f"<div style='font-size:1.05em'><b data-thing='turn'>Turn {v['turn']} of "
        f"{v['turns']}</b> · "
        f"{html.escape(v['location'])}, {SEASONS.get(v['season'], v['season'])} · natives: "
        f"{html.escape(v['indigenous']['type'])} (level {v['indigenous']['level']}) · "
        f"<b>{v['attackers']}</b> attackers this turn</div>"
        f"<div style='margin:3px 0'><span class='hk-crowns' data-crowns='{v['crowns']}' "
        f"data-thing='crowns' style='font-size:1.2em;font-weight:700'>{v['crowns']} Crowns</span>"
        f" · income <b>{v['income']}</b>/turn · <span data-thing='tax'>tax this turn "
        f"<b>{v['tax']}</b>"
        + (f", then {ahead}" if ahead else "")
        + "</span> · <span class='hk-gc' data-thing='grimthwackers' title='Grimthwackers alive'>"
        f"Grimthwackers {dots}</span></div>"
    )
    if v["result"]:
        head += (
            f"<div class='hk-result-text' style='font-size:1.2em;font-weight:700;"
            f"color:{'#1b7f3b' if v['result'] == 'win' else '#b00020'}'>"
            f"Game over: {html.escape(v['prompt'])}</div>"
        )
    row = "".join(
        f"<span class='hk-card' style='{CARD};border-top:4px solid "
        f"{TYPE_COLOURS[c['type']]}'>{html.escape(c['name'])}<br><small>{c['type']} · "
        f"cost {c['cost']}</small></span>"
        for c in v["row"]
    )
    row_html = (
        f"<div class='hk-row' data-thing='row'><b>Recruit row</b> ({v['recruit_deck']} cards "
        "left in the Recruit "
        f"deck; extra flips {v['extra_flips']}/2)<br>{row}</div>"
        if show_row and (v["row"] or state.step in ("recruit", "recruit-flip"))
        else ""
    )
    bottom = (
        f"<br><small>bottom: {html.escape(', '.join(v['village_bottom']))}</small>"
        if v["village_bottom"]
        else ""
    )
    atk_bottom = (
        f"<br><small>bottom: {html.escape(', '.join(v['attack_bottom']))}</small>"
        if v["attack_bottom"]
        else ""
    )
    zones = (
        "<div style='display:flex;flex-wrap:wrap;gap:6px;margin:4px 0'>"
        + _pile("Village deck", v["village"] | {}, bottom, "hk-village", thing="village")
        + _pile("Defender deck", v["defender_deck"], css="hk-defenders", thing="defender-deck")
        + _pile("Defender discard", v["defender_discard"], thing="defender-discard")
        + _pile("Recruit discard", v["recruit_discard"], thing="recruit-discard")
        + "</div><div style='display:flex;flex-wrap:wrap;gap:6px;margin:4px 0'>"
        + _pile(
            "Attack deck (face down)",
            {},
            atk_bottom,
            total=v["attack_deck_size"],
            thing="attack-deck",
        )
        + _pile("Attack discard", native(v["attack_discard"]), thing="attack-discard")
        + _pile("Horde discard (killed)", native(v["horde_discard"]), thing="horde-discard")
        + _pile("Unseen horde cards", native(v["horde_unseen"]), thing="horde-deck")
        + "</div>"
    )
    return f"<div class='hk-board'>{head}{row_html}{zones}{battle_html(state)}</div>"


def battle_html(state: THState) -> str:
    """The battle in progress: attacker, defender with its bonuses, the chance and the roll."""
    v = state.view(0)
    parts = []
    if v["attacker"]:
        a = v["attacker"]
        parts.append(
            f"⚔ <b data-thing='attacker'>{html.escape(state.hordling(a['id']))}</b> "
            f"(level {a['level']})"
        )
        d = v["defender"]
        if d and state.step == "rock":
            parts.append(f"against … the {html.escape(d['name'])} was drawn")
        elif d:
            p = kill_probability(a["level"], d["force"])
            parts.append(
                f"against <b data-thing='defender'>{html.escape(d['name'])}</b> "
                f"(battle force {d['force']}): "
                f"killed on {4 + a['level'] - d['force']}+ · {percent(p)}"
            )
        b = v["bonus"]
        if b["chain"] or b["next_grimthwacker"]:
            parts.append(
                f"<small>waiting bonuses: item +{b['chain']}, next Grimthwacker "
                f"+{b['next_grimthwacker']}</small>"
            )
    lb = v["last_battle"]
    last = ""
    if lb and state.step in HORDE_STEPS:
        verdict = "the hordling was killed" if lb["won"] else "the defender was killed"
        last = (
            f"<div class='hk-roll' style='color:#555'>Last battle: "
            f"{html.escape(state.hordling(lb['attacker']))} against "
            f"{html.escape(state.name(lb['defender']))}, roll {lb['die']} − {lb['level']} + "
            f"{lb['force']} = <b>{lb['total']}</b>: {verdict}.</div>"
        )
    if not parts and not last:
        return ""
    return (
        "<div class='hk-battle' style='background:#fff6e5;border-left:4px solid #c07000;"
        "padding:4px 8px;margin:4px 0'>" + " · ".join(parts) + last + "</div>"
    )


def phase_odds_html(state: THState) -> str:
    """What the rest of this Horde phase costs (exact or Monte Carlo, and says which)."""
    po = phase_odds(state)
    v, g = po.marginal(0), po.marginal(1)
    top = max([*v, *g, 0])
    rows = [[n, percent(v.get(n, 0.0)), percent(g.get(n, 0.0))] for n in range(top + 1)]
    note = (
        f"Chance Chauncey is killed in this phase: <b>{percent(po.p_chauncey)}</b>. "
        f"Expected: {po.expected(0):.2f} village cards lost, {po.expected(1):.2f} "
        f"Grimthwackers killed. <i>{html.escape(po.method)}</i>"
    )
    return (
        f"<div class='hk-phase-odds'>{note}"
        + table_html(["How many", "Village cards lost", "Grimthwackers killed"], rows)
        + "</div>"
    )


def survival_html(res) -> str:
    """A simulation result in words and a small table."""
    lo, hi = res.interval
    head = (
        f"<b>{percent(res.survival)}</b> of {res.games:,} games survive all {res.turns} turns "
        f"(95% interval {percent(lo)}–{percent(hi)}), playing the <b>{res.policy}</b> policy "
        f"from here ({res.engine} simulator)."
    )
    causes = res.causes()
    rows = [
        [
            r["outcome"],
            r["games"],
            percent(r["rate"]),
            f"{percent(r['low95'])}–{percent(r['high95'])}",
        ]
        for r in causes.iter_rows(named=True)
    ]
    curve = res.curve()
    marks = [t for t in (4, 8, 12, 16, 20) if t >= res.start_turn]
    alive = {r["turn"]: r["alive"] for r in curve.iter_rows(named=True)}
    years = " · ".join(f"after turn {t}: {percent(alive[t])}" for t in marks if t in alive)
    return (
        f"<div class='hk-survival'>{head}<div style='color:#555'>Still alive {years}</div>"
        + table_html(["Outcome", "Games", "Share", "95% interval"], rows)
        + "</div>"
    )


def purchase_advice(state: THState, games: int = 2000, seed: int = 7) -> list[dict]:
    """Every choice of the Recruit phase now, scored by the fast simulator.

    Each choice is made, then the balanced policy plays on (it may buy more this turn);
    all choices see the same seeded chance. Sorted best first by the chance of being
    alive four turns from now, then of surviving all 20 turns.
    """
    from hordes_kit.the_horde.simulate import simulate

    if state.step != "recruit":
        return []
    horizon = min(state.turn + 3, len(state.data.turns))
    rows = []
    for option in state.legal_actions():
        if option == "flip":
            continue
        res = simulate("balanced", games, seed=seed, start=state.apply(option))
        curve = res.curve()
        row = curve.filter(curve["turn"] == horizon).row(0, named=True)
        rows.append(
            {
                "action": option,
                "label": state.label(option),
                "alive": row["alive"],
                "alive95": (row["low95"], row["high95"]),
                "survive": res.survival,
                "survive95": res.interval,
                "horizon": horizon,
            }
        )
    rows.sort(key=lambda r: (-r["alive"], -r["survive"], r["action"]))
    return rows


def purchase_advice_html(state: THState, games: int = 2000) -> str:
    """The purchase advice as a table, best first."""
    rows = purchase_advice(state, games)
    if not rows:
        return note_html("Purchase advice is for the Recruit phase.")
    t = rows[0]["horizon"]
    body = [
        [
            r["label"],
            f"{percent(r['alive'])} ({percent(r['alive95'][0])}–{percent(r['alive95'][1])})",
            f"{percent(r['survive'])} ({percent(r['survive95'][0])}–{percent(r['survive95'][1])})",
        ]
        for r in rows
    ]
    return note_html(
        f"Each choice, then the balanced policy plays on ({games:,} games each, the same "
        "chance for every choice; 95% intervals). Best first. Equal rows mean the "
        "policy goes on to buy the same cards either way."
    ) + table_html(
        ["Choice now", f"Alive after turn {t}", "Survive all 20 turns"], body, highlight=0
    )


# --- the walkthrough -----------------------------------------------------------------------


def _explain(state: THState, move: str) -> str:
    """The odds behind a walkthrough question."""
    from hordes_kit.the_horde.simulate import simulate

    if state.step == "rock":
        out = []
        for choice in ("rock:heal", "rock:keep"):
            po = phase_odds(state.apply(choice), budget=1500, runs=300)
            out.append(
                [
                    "spend it (heal)" if choice == "rock:heal" else "keep it",
                    percent(po.p_chauncey),
                    f"{po.expected(1):.2f}",
                    "exact" if po.exact else "Monte Carlo",
                ]
            )
        return note_html("The rest of this Horde phase either way:") + table_html(
            ["Healing Rock", "Chauncey killed", "Grimthwackers killed (expected)", "How"], out
        )
    if state.step != "recruit":
        return ""
    rows = []
    for option in dict.fromkeys([move, "done"]):
        res = simulate("balanced", 4000, seed=7, start=state.apply(option))
        t = min(4, res.turns)
        row = res.curve().filter(res.curve()["turn"] == t).row(0, named=True)
        lo, hi = res.interval
        rows.append(
            [
                state.label(option),
                f"{percent(row['alive'])} ({percent(row['low95'])}–{percent(row['high95'])})",
                f"{percent(res.survival)} ({percent(lo)}–{percent(hi)})",
            ]
        )
    return note_html(
        "What the fast simulator says (4,000 games each, the same chance for both, then "
        "played by the balanced policy; 95% intervals):"
    ) + table_html(["Choice", "Alive after turn 4", "Survive all 20 turns"], rows)


# --- the playable board ----------------------------------------------------------------------


class THBoard(BoardMixin, w.VBox):
    """A full game in the browser: buy by clicking the recruit row, fight the Horde phase."""

    game = GAME

    def __init__(self, seed: int | None = None, policy: str = "balanced") -> None:
        self.policy = POLICIES[policy]
        self.seed_box = w.IntText(
            value=seed or 0, description="Seed", layout=w.Layout(width="160px")
        )
        self.new_button = w.Button(description="New game", layout=w.Layout(width="auto"))
        self.undo_button = w.Button(description="Undo")
        self.auto_button = w.Button(
            description=f"Let the {policy} policy decide", layout=w.Layout(width="auto")
        )
        self.step_button = w.Button(description="Next ▶", button_style="primary")
        self.fast_button = w.Button(
            description="▶▶ To my next decision", layout=w.Layout(width="auto")
        )
        for b, c in (
            (self.step_button, "hk-next"),
            (self.fast_button, "hk-fast"),
            (self.undo_button, "hk-undo"),
        ):
            b.add_class(c)
        self.board = w.HTML()
        self.prompt = w.HTML()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.row_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.message = w.HTML()
        self.log_view = w.HTML()
        self.save_link = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load game")
        self.odds_button = w.Button(
            description="Survival odds from here", layout=w.Layout(width="auto")
        )
        self.phase_button = w.Button(
            description="Odds of this Horde phase", layout=w.Layout(width="auto")
        )
        self.advice_button = w.Button(
            description="What should I buy? (odds)", layout=w.Layout(width="auto")
        )
        self.advice_button.add_class("hk-advice")
        self.odds_out = w.HTML()
        self.progress = w.IntProgress(value=0, min=0, max=100, layout=w.Layout(width="300px"))
        self.progress.layout.visibility = "hidden"
        super().__init__(
            [
                w.HBox([self.new_button, self.seed_box, self.undo_button, self.auto_button]),
                self.board,
                self.prompt,
                w.HBox([self.step_button, self.fast_button]),
                self.row_box,
                self.actions,
                self.message,
                w.HTML("<b>What happened</b> (newest first, with the rule each step rests on)"),
                self.log_view,
                w.HBox([self.save_link, self.upload]),
                w.HBox([self.advice_button, self.odds_button, self.phase_button, self.progress]),
                self.odds_out,
            ]
        )
        self.new_button.on_click(lambda _b: self.new_game(self.seed_box.value))
        self.undo_button.on_click(lambda _b: self.undo())
        self.auto_button.on_click(lambda _b: self.bot_move())
        self.step_button.on_click(lambda _b: self.advance())
        self.fast_button.on_click(lambda _b: self.advance(until_decision=True))
        self.upload.observe(self._on_upload, "value")
        self.odds_button.on_click(lambda _b: self.survival_odds())
        self.phase_button.on_click(lambda _b: self.horde_phase_odds())
        self.advice_button.on_click(lambda _b: self.purchase_odds())
        self.new_game(seed)

    # --- what the buttons do -------------------------------------------------------------

    def advance(self, until_decision: bool = False) -> None:
        """Next (one card or die, drawn with its exact chance); or all of them to a decision."""
        if not self.state.is_chance:
            self.message.value = error_html(
                "It is your decision now: use the buttons below."
                if not self.state.is_terminal
                else "The game is over: start a new one."
            )
            return
        self.undo_stack.append(self.state)
        s = self.state
        while s.is_chance:
            s = s.apply(pick(s.chance_weights(), self.rng.random()))
            if not until_decision:
                break
        self.state = s
        self.message.value = ""
        self._show()

    def bot_move(self) -> None:
        """Let the policy make the current decision (or draw the next card)."""
        if self.state.is_chance:
            self.advance(until_decision=True)
        elif not self.state.is_terminal:
            self.act(choose(self.policy, self.state.view(0)))

    def survival_odds(self, games: int = 2000) -> None:
        """Monte Carlo from the current position, played on by the board's policy."""
        from hordes_kit.the_horde.simulate import simulate

        if self.state.is_terminal:
            self.odds_out.value = note_html("The game is over.")
            return
        self.progress.layout.visibility = "visible"
        self.progress.max = games
        res = simulate(
            self.policy,
            games,
            seed=len(self.state.history),
            start=self.state,
            progress=lambda d, _t: setattr(self.progress, "value", d),
        )
        self.progress.layout.visibility = "hidden"
        self.odds_out.value = survival_html(res)

    def purchase_odds(self) -> None:
        """Every purchase open now, scored by the fast simulator."""
        self.odds_out.value = note_html("Playing 2,000 games for each choice…")
        self.odds_out.value = purchase_advice_html(self.state)

    def horde_phase_odds(self) -> None:
        """What the rest of this Horde phase will cost (exact where it can be)."""
        if self.state.is_terminal or self.state.step not in HORDE_STEPS:
            self.odds_out.value = note_html("The Horde phase has not started yet.")
            return
        self.odds_out.value = phase_odds_html(self.state)

    # --- internals ---------------------------------------------------------------------------

    def _row_cards(self) -> tuple:
        """The recruit row as cards to click: every card, affordable or not (a refused
        purchase says why)."""
        s = self.state
        out = []
        for cid in s.row:
            card = s.data.card(cid)
            ok = card.cost <= s.crowns
            what = "take it: +1 Crown" if card.type == "X" else f"{card.cost} Crowns"
            b = w.Button(
                description=f"{card.name} · {card.cost}",
                tooltip=f"{card.type_name} card: {what}. {card.note}",
                layout=w.Layout(width="150px", height="54px", margin="2px"),
            )
            b.style.button_color = TINTS[card.type_name] if ok else "#e4e4e4"
            b.add_class("hk-card-button")
            b.add_class(f"hk-buy-{cid}")
            b.add_class(f"hk-m{len(s.history)}")
            b.on_click(lambda _b, cid=cid: self.act(f"buy:{cid}"))
            out.append(b)
        return tuple(out)

    def _show(self) -> None:
        s = self.state
        v = s.view(0)
        self.odds_out.value = ""  # odds of an earlier position would mislead
        self.board.value = board_html(s, show_row=False)
        self.step_button.disabled = self.fast_button.disabled = not s.is_chance
        self.advice_button.disabled = s.step != "recruit"
        # data-moves/data-step let a test (or a screen reader) know the board is up to date
        self.prompt.value = (
            f"<div class='hk-step' data-moves='{len(s.history)}' data-step='{s.step}' "
            f"style='font-size:1.1em;margin:4px 0'><b>{html.escape(v['prompt'])}</b></div>"
        )
        if s.step == "recruit":
            self.prompt.value += note_html(
                f"The recruit row ({v['recruit_deck']} cards left in the Recruit deck; extra "
                f"flips {v['extra_flips']}/2). Click a card to buy it; coloured cards are "
                "affordable (green Village, blue Defender, brown Special)."
            )
        buttons = []
        if s.current_player == 0:
            for a in s.legal_actions():
                if a.startswith("buy:"):
                    continue  # the recruit row's cards are the buttons
                b = w.Button(description=s.label(a), layout=w.Layout(width="auto"))
                b.add_class("hk-action")
                b.add_class(f"hk-m{len(s.history)}")
                b.add_class("hk-" + a.replace(":", "-"))
                b.on_click(lambda _b, a=a: self.act(a))
                buttons.append(b)
        self.actions.children = tuple(buttons)
        self.row_box.children = self._row_cards() if s.step == "recruit" else ()
        self.undo_button.disabled = not self.undo_stack
        self.log_view.value = log_html(s)
        self.save_link.value = self.save_link_html()
