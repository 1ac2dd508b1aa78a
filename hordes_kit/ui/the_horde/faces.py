"""The Horde's table drawn with the shared pieces: card faces, piles, lanes, token tracks
and the battle's pip die. Both the playable board and the walkthrough draw with these.

Every card the player owns or can buy is a card face with its cost, its force or income
and its note; piles of alike cards show one face with the number of copies. The horde's
piles and the Recruit Discard (up to 81 cards, read as a tally) are lists of names.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import replace

from hordes_kit.the_horde.game import THState
from hordes_kit.the_horde.odds import HORDE_STEPS, kill_probability
from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.common import percent
from hordes_kit.ui.pieces import TokenTrack, attrs, die_html, marked, render

__all__ = [
    "SEASONS",
    "recruit_face",
    "hordling_face",
    "status_html",
    "battle_html",
    "row_pile",
    "zones_html",
    "table_html",
]

SEASONS = {"S": "Summer", "F": "Fall", "W": "Winter"}
ROW = "display:flex;flex-wrap:wrap;align-items:center;gap:8px"  # pieces side by side
# what a card with no note in the rulebook does, in a player's words
PLAIN = {
    "V": "No income: an attacked Fence is lost in place of a better village card.",
}


def fit(name: str) -> str:
    """A card name that breaks inside a long word on a narrow card (a soft hyphen in the
    middle of any word over 10 letters: "Grimth-wacker")."""
    return " ".join(w[: len(w) // 2] + "\u00ad" + w[len(w) // 2 :] if len(w) > 10 else w
                    for w in name.split(" "))  # fmt: skip


def recruit_face(
    state: THState,
    cid: str,
    n: int = 1,
    *,
    action: str | None = None,
    disabled: bool = False,
    highlight: bool = False,
    badge: str = "",
    note: str = "",
) -> CardFace:
    """A recruit card's face: cost, force / bonus / income and its note."""
    c = state.data.card(cid)
    if c.effect == "grimthwacker":
        stats, cost = (("Force", c.force),), None  # Chauncey's own: never bought
    elif c.fights:
        stats, cost = (("Force", c.force),), c.cost
    elif c.bonus:
        stats, cost = (("Force", f"+{c.bonus}"),), c.cost
    elif c.income:
        stats, cost = (("Income", c.income),), c.cost
    else:
        stats, cost = (), c.cost
    text = c.note or (f"A fighter: battle force {c.force}." if c.fights else PLAIN.get(c.type, ""))
    verb = "Take (+1 Crown)" if c.type == "X" else f"Buy for {c.cost}"
    return CardFace(
        fit(c.name),
        c.type_name,
        cost,
        stats,
        text,
        subtitle=f"× {n}" if n > 1 else "",
        action=action,
        verb=verb if action else "",
        disabled=disabled,
        highlight=highlight,
        badge=badge,
        note=note,
    )


def hordling_face(state: THState, hid: str, n: int = 1, highlight: bool = False) -> CardFace:
    """A horde card's face: its level this turn and its note."""
    h = state.data.horde_card(hid)
    level = state.level(hid)
    if h.level is None:
        name, text = state.turn_info.indigenous, f"Indigenous: the location's level ({level})."
    else:
        name, text = h.name, h.note or f"A hordling of level {level}."
    return CardFace(
        fit(name),
        "Hordling",
        None,
        (("Level", level),),
        text,
        subtitle=(f"× {n}" if n > 1 else ""),
        highlight=highlight,
    )


def _faces(state: THState, counts: dict[str, int]) -> tuple[CardFace, ...]:
    return tuple(recruit_face(state, cid, n) for cid, n in counts.items() if n)


def _counts(state: THState, counts: tuple[int, ...], ids: tuple[str, ...]) -> dict[str, int]:
    return {c: n for c, n in zip(ids, counts) if n}


def _hordlings(state: THState, counts: tuple[int, ...]) -> tuple[tuple[str, int, str], ...]:
    out = []
    for hid, n in zip(state.hids, counts):
        if n:
            out.append((state.hordling(hid), n, "Hordling"))
    return tuple(out)


def status_html(state: THState) -> str:
    """Turn, place and season, the Crowns and income, the taxes ahead, the Grimthwackers."""
    v = state.view(0)
    t = state.turn_info
    gc = v["grimthwackers"]
    alive = gc["total"] - gc["killed"]
    ahead = v["taxes_ahead"]
    turn = marked("turn", f"<b>Turn {v['turn']} of {v['turns']}</b>")
    head = (
        f"<div class='hk-th-where'>{turn} · "
        f"{html.escape(t.location)}, {SEASONS.get(t.season, t.season)} · natives: "
        f"{html.escape(t.indigenous)} (level {t.level}) · <b>{v['attackers']}</b> attackers "
        "this turn</div>"
    )
    crowns = TokenTrack(
        "Crowns", v["crowns"], kind="crowns", note=f"income {v['income']}/turn", thing="crowns"
    )
    taxes = TokenTrack(
        "Tax (= the turn)",
        v["turn"],
        v["turns"],
        kind="crowns",
        style="track",
        minimum=1,
        note=f"this turn {v['tax']}" + (f", then {', '.join(map(str, ahead))}" if ahead else ""),
        thing="tax",
    )
    guards = TokenTrack(
        "Grimthwackers alive", alive, gc["total"], kind="health", style="pips",
        note="all four in the Recruit Discard: Chauncey is killed", thing="grimthwackers",
    )  # fmt: skip
    result = ""
    if v["result"]:
        won = v["result"] == "win"
        result = (
            f"<div class='hk-result-text {'hk-good' if won else 'hk-bad'}' role='status'>"
            f"Game over: {html.escape(v['prompt'])}</div>"
        )
    return (
        f"<div class='hk-th-status'>{head}"
        f"<div class='hk-crowns' data-crowns='{v['crowns']}'>{crowns.html()}</div>"
        f"{taxes.html()}{guards.html()}{result}</div>"
    )


def _battle_line(state: THState) -> str:
    """The roll the battle needs, in words (the defender is known)."""
    v = state.view(0)
    a, d = v["attacker"], v["defender"]
    need = 4 + a["level"] - d["force"]
    p = kill_probability(a["level"], d["force"])
    if need <= 1:
        roll = "any roll kills it"
    elif need > 6:
        roll = "no roll can kill it"
    else:
        roll = f"kills it on {need} or more"
    return (
        f"<p class='hk-th-odds'>1d6 − {a['level']} (level) + {d['force']} (force): "
        f"{roll} · <b>{percent(p)}</b></p>"
    )


def battle_html(state: THState) -> str:
    """The battle in progress (attacker, defender, the chance) and the last roll as a die."""
    v = state.view(0)
    parts, line = [], ""
    if v["attacker"]:
        attacker = hordling_face(state, v["attacker"]["id"], highlight=state.step == "defender")
        parts.append(replace(attacker, thing="attacker"))
        d = v["defender"]
        if d and state.step != "rock":
            bonus = d["force"] - state.data.card(d["id"]).force
            face = replace(recruit_face(state, d["id"], highlight=True), thing="defender")
            if bonus:  # items, Boots or Dizzy: the force this battle, and why it differs
                words = f"{'+' if bonus > 0 else '−'}{abs(bonus)} this battle"
                face = replace(face, badge=words, stats=(("Force", d["force"]),))
            parts.append(face)
            line = _battle_line(state)
        elif d:
            parts.append(replace(recruit_face(state, d["id"], highlight=True), thing="defender"))
        else:
            parts.append(CardFace("", face_down=True, back="Defender deck: next card"))
        b = v["bonus"]
        if b["chain"] or b["next_grimthwacker"]:
            line += (
                f"<p class='hk-note'>Waiting bonuses: +{b['chain']} on the final replacement "
                f"card, +{b['next_grimthwacker']} on the next Grimthwacker.</p>"
            )
    lb = v["last_battle"]
    last = ""
    if lb and state.step in HORDE_STEPS:
        won = lb["won"]
        verdict = "the hordling is killed" if won else "the defender is killed"
        die = die_html(lb["die"], label=f"battle roll: {lb['die']}", highlight=True)
        last = (
            f"<div class='hk-roll' {attrs(data_total=lb['total'])} style='{ROW}'>{die}"
            f"<span>Last battle: {html.escape(state.hordling(lb['attacker']))} against "
            f"{html.escape(state.name(lb['defender']))}: {lb['die']} − {lb['level']} + "
            f"{lb['force']} = <b>{lb['total']}</b>, {verdict}.</span></div>"
        )
    if not parts and not last:
        return ""
    vs = "<b class='hk-th-vs' aria-hidden='true' style='font-size:20px'>vs</b>"
    row = (
        f"<div class='hk-th-fight' style='{ROW}'>"
        + render(*parts[:1])
        + (vs if len(parts) > 1 else "")
        + render(*parts[1:])
        + "</div>"
        if parts
        else ""
    )
    return render(Lane("Battle", (row, line, last), kind="Hordling"))


def row_pile(
    state: THState, *, buttons: bool = False, advised: tuple[str, ...] = (), fresh: int = 0
) -> Pile:
    """The recruit row: cards to buy (``buttons``), the advised ones marked, the newest
    ``fresh`` flips highlighted."""
    v = state.view(0)
    faces = []
    left = Counter(advised)
    for i, cid in enumerate(state.row):
        c = state.data.card(cid)
        short = c.cost > state.crowns
        tip = f"Costs {c.cost}; you have {state.crowns} Crowns" if short else ""
        mark = left[cid] > 0
        left[cid] -= 1
        faces.append(
            recruit_face(
                state,
                cid,
                action=f"buy:{cid}" if buttons else None,
                disabled=buttons and short,
                highlight=mark or i >= len(state.row) - fresh,
                badge="Advised" if mark else (f"need {c.cost}" if buttons and short else ""),
                note=tip,
            )
        )
    return Pile(
        "Recruit row",
        tuple(faces),
        thing="row",
        note=f"{v['recruit_deck']} cards left in the Recruit deck · extra flips "
        f"{v['extra_flips']} of {state.data.setup['extra_flips']} this turn",
    )


def zones_html(state: THState) -> str:
    """The Village and Defender decks as card faces; the discards and the horde's piles."""
    v = state.view(0)
    rids = state.rids
    village = _counts(state, state.village, rids)
    bottom = Counter(state.ri(c) for c in state.village_bottom)
    for i, n in bottom.items():
        village[rids[i]] = village.get(rids[i], 0) + n
    under = ", ".join(v["village_bottom"])
    lanes = [
        Lane(
            "Village",
            (
                Pile(
                    "Village deck",
                    _faces(state, village),
                    count=v["village_size"],
                    note=f"Under the shuffled cards, in order: {under}." if under else "",
                    thing="village",
                ),
            ),
            note=f"Income {v['income']} Crowns a turn.",
            kind="Village",
        ),
        Lane(
            "Defenders",
            (
                Pile(
                    "Defender deck",
                    _faces(state, _counts(state, state.defender_deck, rids)),
                    count=sum(state.defender_deck),
                    thing="defender-deck",
                ),
                Pile(
                    "Defender discard",
                    _faces(state, _counts(state, state.defender_discard, rids)),
                    count=sum(state.defender_discard),
                    thing="defender-discard",
                ),
            ),
            kind="Defender",
        ),
        Lane(
            "The Horde",
            (
                Pile(
                    "Attack deck",
                    (CardFace("", face_down=True, back="The Horde"),)
                    if v["attack_deck_size"]
                    else (),
                    count=v["attack_deck_size"],
                    layout="stack",
                    note=("Drawn last: " + ", ".join(v["attack_bottom"]))
                    if v["attack_bottom"]
                    else "",
                    thing="attack-deck",
                ),
                Pile(
                    "Attack discard",
                    layout="list",
                    counts=_hordlings(state, state.attack_discard),
                    thing="attack-discard",
                ),
                Pile(
                    "Horde discard (killed)",
                    layout="list",
                    counts=_hordlings(state, state.horde_discard),
                    thing="horde-discard",
                ),
                Pile(
                    "Unseen horde cards",
                    layout="list",
                    counts=_hordlings(
                        state, tuple(a + b for a, b in zip(state.horde_deck, state.attack_deck))
                    ),
                    note="The Horde deck and the face-down Attack deck together.",
                    thing="horde-deck",
                ),
            ),
            kind="Hordling",
        ),  # fmt: skip
        Lane(
            "Recruit",
            (
                Pile(
                    "Recruit discard",
                    layout="list",
                    counts=tuple(
                        (state.name(c), n, state.data.card(c).type_name)
                        for c, n in _counts(state, state.recruit_discard, rids).items()
                    ),
                    thing="recruit-discard",
                ),
            ),
            note=f"{v['recruit_deck']} cards face down in the Recruit deck.",
            kind="Special",
        ),
    ]
    return board_grid(lanes, min_width=290, label="The table")


def table_html(state: THState, fresh: int = 0) -> str:
    """The whole table as a picture (the walkthrough's board): status, battle, row, zones."""
    row = ""
    if state.row or state.step == "recruit":
        row = row_pile(state, fresh=fresh).html()
    return (
        f"<div class='hk-ui hk-surface hk-board hk-th-table'>{status_html(state)}"
        f"{battle_html(state)}{row}{zones_html(state)}</div>"
    )
