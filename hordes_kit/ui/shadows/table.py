"""The Shadows table as one player sees it: the Monster and its Icon Chart, the
Monster-Action cards, the Market, and every player's Hero, tokens and Fields (Combat,
Station, Inventory), with their Hand only for its own player.

Everything that changes during a game is read from ``view(state, viewer)``, which has
already removed what ``viewer`` may not see; the card file gives the cards' printed text.
With ``interactive`` the viewer's legal moves are drawn on the cards they concern (a card
to take into the Hand, to lay, to buy, a target) and the others as buttons.
"""

from __future__ import annotations

import html
from collections import Counter

from hordes_kit.core.state import Event
from hordes_kit.shadows.state import Position
from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.log import log_lines_html, rules_of
from hordes_kit.ui.pieces import attrs, marked
from hordes_kit.ui.shadows.actions import Cards, placements
from hordes_kit.ui.shadows.faces import (
    LEVELS,
    back_face,
    chart_html,
    item_face,
    ma_face,
    mission_face,
    monster_damage,
    monster_face,
)
from hordes_kit.ui.shadows.seats import seat_lane

__all__ = ["table_html", "status_html", "visible_events", "log_for"]


def _monster_lane(s: Position, v: dict, cards: Cards) -> Lane:
    parts: list[object] = []
    m = v["monster"]
    if m is None:
        parts.append(
            "<p class='hk-note'>No active Monster: the next one is revealed in the Refresh "
            "Phase.</p>"
        )
    else:
        faces = [monster_face(s, thing="monster", **cards.act("target", "monster"))]
        if m["creature"]:
            c = m["creature"]
            faces.append(
                CardFace(
                    c["name"],
                    "Monster",
                    stats=(("Health", c["health"]),),
                    text=f"The Monster's Creature: {c['action']} when its icon is revealed. "
                    "Not the Monster: attacking it reveals no Monster-Action card.",
                    **cards.act("target", c["id"]),
                )
            )
        parts.append(Pile(f"Level {LEVELS.get(m['level'], m['level'])} Monster", tuple(faces)))
        names = [x["name"] for x in v["seats"]]
        parts.append(
            "<div class='sh-mdamage'>"
            + monster_damage(s, names, m["damage"], m["health"])
            + "</div>"
        )
        parts.append(chart_html(s))
    mas = v["monster_actions"]
    held = mas["held"]
    if isinstance(held, list) and held:
        faces = tuple(ma_face(s, k, **cards.act("held", k)) for k in held)
        parts.append(Pile("Drawn by the Leader (only they see these)", faces))
    parts.append(
        Pile(
            "Monster-Action deck",
            (back_face("Monster-Action"),) if mas["deck"] else (),
            count=mas["deck"],
            layout="stack",
            thing="monster-action-deck",
        )
    )
    if mas["discard"]:
        parts.append(
            Pile(
                "Monster-Action discard",
                layout="list",
                counts=tuple(
                    (k.replace("+", " + "), n, "Monster-Action")
                    for k, n in sorted(Counter(mas["discard"]).items())
                ),
            )
        )
    parts.append(_market(s, v, cards))
    return Lane("The Monster and the Market", tuple(parts), kind="Monster")


def _market(s: Position, v: dict, cards: Cards) -> Pile:
    faces = tuple(item_face(s, it["id"], **cards.act("market", it["id"])) for it in v["market"])
    slots = v["market_slots"]
    note = f"{slots} slots; Item deck {v['item_deck']}, discard {v['item_discard']}."
    if len(faces) > slots:
        extra = len(faces) - slots
        note += f" {extra} beyond the slots: discarded in the Refresh Phase if no slot is free."
    return Pile("Market", faces, note=note, empty="no Items", thing="market")


def _choices_pile(s: Position, cards: Cards) -> Pile | None:
    """Cards offered by the decision itself: Heroes, Basic Items, Items drawn or to keep."""
    faces = []
    for (zone, cid), (action, _) in cards.on_cards.items():
        if zone != "choose" or (zone, cid) in cards.used:
            continue
        if action.startswith("hero:"):
            h = s.card(cid)
            deck = ", ".join(sk.name for sk in s.data.hero_deck(cid))
            numbers = (("Health", h.stats[3]), ("Strength", h.stats[0]), ("Tech", h.stats[1]))
            faces.append(
                CardFace(
                    h.name,
                    "Hero",
                    stats=numbers + (("Magic", h.stats[2]),),
                    text=f"Starting cards: {deck}.",
                    **cards.act(zone, cid),
                )
            )
        elif action.startswith("mission:"):
            faces.append(mission_face(s, cid, **cards.act(zone, cid)))
        else:
            faces.append(item_face(s, cid, **cards.act(zone, cid)))
    return Pile("Choose one", tuple(faces)) if faces else None


def status_html(s: Position, v: dict, viewer: int | None) -> str:
    """The line above the table: round, phase, Initiative Step, Leader, and the prompt."""
    bits = [f"Round {v['round']}", v["phase_name"]] if v["round"] else ["Setup"]
    bits = [html.escape(b) for b in bits]
    if v["phase"] == "combat" and v["step"]:
        bits.append(marked("initiative", f"Initiative Step {v['step']}"))
    if v["leader_name"]:
        bits.append(html.escape(f"Leader: {v['leader_name']}"))
    if v["phase"] == "plan" or (v["phase"] == "teamup" and v["round"]):
        bits.append(html.escape(f"Hand size {v['hand_size_rule']}"))
    deciding = v["deciding"]
    if deciding is None or viewer is None or deciding == viewer or s.finished:
        prompt = v["prompt"]
    else:
        prompt = f"Waiting for {s.who(deciding)}."
    where = attrs(
        data_phase=v["phase"], data_step=v["step"], data_round=v["round"], data_moves=len(s.history)
    )
    return (
        f"<div class='sh-status' {where}>"
        f"<div class='sh-where'>{' · '.join(bits)}</div>"
        f"<div class='sh-prompt'>{html.escape(prompt)}</div></div>"
    )


def _button(action: str, label: str, primary: bool = False) -> str:
    cls = "hk-btn" + (" hk-primary" if primary else "")
    tag = attrs(type="button", class_=cls, data_action=action)
    return f"<button {tag}>{html.escape(label)}</button>"


def _standings(s: Position, v: dict) -> str:
    rows = "".join(
        f"<li>{html.escape(r['name'])}: {r['stones']} Shadow Stones (Items worth "
        f"{r['items_cost']} Gold, {r['xp']} Experience)</li>"
        for r in v["standings"]
    )
    won = " and ".join(s.who(k) for k in v["winners"])
    verb = "wins" if len(v["winners"]) == 1 else "share the victory"
    return f"<div class='sh-over'><b>{html.escape(won)} {verb}.</b><ol>{rows}</ol></div>"


def table_html(
    s: Position,
    viewer: int | None,
    interactive: bool = False,
    extra: tuple[tuple[str, str], ...] = (),
    below: str = "",
) -> str:
    """The whole table for ``viewer`` (``None``: everything, as a book's example shows it).

    ``extra``: more buttons (action id, label) under the moves, such as the board's odds
    buttons; ``below``: HTML shown under them (the odds asked for).
    """
    v = s.view(viewer)
    legal = [a["id"] for a in v["legal"]] if interactive and v["deciding"] == viewer else []
    labels = {a["id"]: a["label"] for a in v["legal"]}
    on_cards, rest = placements(s, legal)
    cards = Cards(s, on_cards)
    order = list(range(s.n))
    if viewer is not None and viewer >= 0:  # a spectator (-1) sees the seats in order
        order = [viewer] + [k for k in order if k != viewer]
    seats = [seat_lane(s, v, v["seats"][k], viewer, cards) for k in order]
    lanes = [seats[0], _monster_lane(s, v, cards), *seats[1:]]
    choose = _choices_pile(s, cards)
    # a move whose card is not on the table (a copy already used) still gets a button
    left = rest + [a for key, (a, _) in on_cards.items() if key not in cards.used]
    top = status_html(s, v, viewer)
    if choose is not None:
        top += choose.html()
    if left:
        buttons = "".join(_button(a, labels.get(a, a), a in ("go", "pass")) for a in left)
        top += (
            "<div class='hk-actions sh-actions' role='group' aria-label='Your choices'>"
            f"{buttons}</div>"
        )
    if extra:
        buttons = "".join(_button(a, label) for a, label in extra)
        top += (
            "<div class='hk-actions sh-extra' role='group' aria-label='Odds for you'>"
            f"<span class='sh-extra-label'>Odds for you:</span>{buttons}</div>"
        )
    top += below
    if v.get("standings"):
        top += _standings(s, v)
    return f"<div class='sh-table'>{top}{board_grid(lanes, min_width=300, label='The table')}</div>"


def visible_events(s: Position, viewer: int | None) -> list[Event]:
    """The log's events ``viewer`` may read (private ones only to whom they concern)."""
    return [e for e in s.log if viewer is None or "to" not in e.data or viewer in e.data["to"]]


def log_for(s: Position, viewer: int | None, new: int = 1, height: int = 260) -> str:
    """The log as ``viewer`` may read it, newest first, each line with its rule chip."""
    return log_lines_html(
        visible_events(s, viewer), rules_of("shadows"), new=new, limit=60, height=height
    )
