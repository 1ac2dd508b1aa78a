"""The Skytear Horde table as one picture for the walkthrough, with the board's card faces
(``ui.skytear.faces``): portal, horde and outsider piles and castle on top, the back line,
the six lanes (monster above the lane marker, ally or tower below), then each player's
mana, hand, alliance deck and discard pile. Every piece a lesson can point at carries
``data-thing`` with the id of the view's ``things``.
"""

from __future__ import annotations

import html
from dataclasses import replace

from hordes_kit.skytear.state import Position
from hordes_kit.skytear.words import card_text
from hordes_kit.ui.cardface import CardFace, Pile
from hordes_kit.ui.pieces import TokenTrack, attrs
from hordes_kit.ui.skytear import faces
from hordes_kit.ui.skytear.faces import waiting_words

__all__ = ["table_html", "unit_face", "PHASES"]

# the phase in the rulebook's words (the reactions are step 2 of the treachery phase)
PHASES = {
    "horde": "Horde phase",
    "alliance": "Alliance phase",
    "treachery": "Treachery phase",
    "reactions": "Treachery phase: alliance reactions",
    "fight": "Fight phase",
    "pillage": "Pillage phase",
    "end": "End phase",
    "campaign": "between games",
    "setup": "",
    "over": "game over",
}


def unit_face(s: Position, u: dict) -> CardFace:
    """A card in play as the board draws it (``faces.unit_face``)."""
    return faces.unit_face(u)


def _thing(thing_id: str, inner: str, cls: str = "") -> str:
    return f"<div {attrs(class_=('sky-thing ' + cls).strip(), data_thing=thing_id)}>{inner}</div>"


def _unit(s: Position, u: dict | None, empty: str) -> str:
    if u is None:
        return f"<div class='sky-empty'>{html.escape(empty)}</div>"
    return _thing(u["ref"], unit_face(s, u).html())


def _lane(s: Position, lane: dict, boosted: str | None) -> str:
    n = lane["lane"]
    tokens = ", ".join(f"{t['count']} {t['kind']} ({t['side']} side)" for t in lane["tokens"])
    note = f"<div class='hk-lane-note'>Lane tokens: {html.escape(tokens)}</div>" if tokens else ""
    boost = (
        "<div class='sky-boosted'>Boosted monster</div>"
        if boosted and lane["monster"] and lane["monster"]["ref"] == boosted
        else ""
    )
    return (
        f"<section class='hk-lane sky-lane' {attrs(aria_label=f'Lane {n}')}>"
        f"{boost}{_unit(s, lane['monster'], 'no monster')}"
        f"{_thing(f'lane:{n}', f'Lane {n}', 'sky-marker')}"
        f"{_unit(s, lane['ally'], 'no ally or tower')}{note}</section>"
    )


def _top(s: Position, v: dict) -> str:
    p, c, h, o = v["portal"], v["castle"], v["horde"], v["outsider"]
    portal = CardFace(
        p["name"],
        kind="Portal",
        subtitle=f"Stage {p['stage']}",
        stats=(("health", p["health"]), ("wave", p["wave"]), ("reinforce", p["reinforce"])),
        text=" ".join(faces.portal_words(v)) + ".",
    )
    castle = CardFace(
        c["name"],
        kind="Castle",
        stats=(("health", c["health"]),),
        text=faces.castle_words(s.cards.castles[s.castle]),  # as the board's castle card
        exhausted=c["exhausted"],
    )
    deck = Pile(
        "Horde deck",
        count=h["deck_count"],
        layout="stack",
        cards=(CardFace("Horde deck", face_down=True, back="Horde"),) if h["deck_count"] else (),
    )
    # the treachery card lies face up on the discard pile (on top until more cards come):
    # drawn on it as a thing of its own, so a click on it is the treachery card, not the
    # pile, which lists the other cards (two things side by side: a clickable piece is
    # never inside another)
    under = _without_one(h["discard"], h["treachery"])
    discard = Pile(
        "Horde discard pile",
        layout="list",
        count=sum(d["count"] for d in h["discard"]),
        counts=tuple((d["name"], d["count"], "Monster") for d in under),
        empty="nothing under it" if h["treachery"] else "empty",
    )
    treachery = (
        _thing(
            "treachery",
            f"<div class='sky-treachery'>On the discard pile, face up, the treachery card: <b>"
            f"{html.escape(h['treachery'])}</b></div>",
        )
        if h["treachery"]
        else ""
    )
    pile = Pile(
        "Outsider pile",
        layout="list",
        counts=tuple((name, 1, "Monster") for name in o["pile"]),
        note=(f"{waiting_words(o)}. " if o["waiting"] else "")
        + f"Still to come: {', '.join(o['to_come']) or 'none'}"
        + (f"; destroyed: {', '.join(o['destroyed'])}" if o["destroyed"] else ""),
    )
    return (
        "<div class='hk-grid sky-top' style='--hk-col-min:150px'>"
        f"{_thing('portal', castle_or_portal('Portal', portal))}"
        f"<div>{_thing('horde-deck', deck.html())}"
        f"<div class='sky-discard'>{treachery}{_thing('horde-discard', discard.html())}</div>"
        "</div>"
        f"{_thing('outsider-pile', pile.html())}"
        f"{_thing('castle', castle_or_portal('Castle', castle))}</div>"
    )


def _without_one(counted: list[dict], name: str) -> list[dict]:
    """A pile's ``{name, count}`` rows with one copy of ``name`` taken out."""
    out, taken = [], not name
    for d in counted:
        if not taken and d["name"] == name:
            taken = True
            if d["count"] > 1:
                out.append({**d, "count": d["count"] - 1})
            continue
        out.append(d)
    return out


def castle_or_portal(title: str, face: CardFace) -> str:
    """The castle or portal card under its title."""
    return f"<div class='sky-title'>{html.escape(title)}</div>{face.html()}"


def _back_line(s: Position, v: dict) -> str:
    cards = "".join(_thing(u["ref"], unit_face(s, u).html()) for u in v["back_line"])
    down = v["destroyed_minions"]
    note = f"Destroyed minions (no health token): {', '.join(down)}." if down else ""
    return (
        "<section class='sky-backline'>"
        f"{_thing('back-line', 'Back line', 'sky-marker')}"
        f"<div class='sky-row'>{cards or '<span class=sky-empty>empty</span>'}</div>"
        f"<div class='hk-lane-note'>{html.escape(note)}</div></section>"
    )


def _seat(s: Position, v: dict, x: dict) -> str:
    i = x["player"]
    who = "You" if v["players"] == 1 else f"Player {i}"
    hand = Pile(
        "Hand",
        layout="row",
        cards=tuple(
            replace(
                faces.hand_face(s.card(h["id"]), x["mana"]),
                name=h["name"] + (f" ×{h['count']}" if h["count"] > 1 else ""),
                text=card_text(s.card(h["id"])),
            )
            for h in x["hand"]
        ),
        empty="no cards",
    )
    deck = Pile(
        "Alliance deck",
        count=x["deck_count"],
        layout="stack",
        cards=(CardFace("Alliance deck", face_down=True, back="Alliance"),)
        if x["deck_count"]
        else (),
    )
    discard = Pile(
        "Discard pile",
        layout="list",
        counts=tuple((d["name"], d["count"], "Ally") for d in x["discard"]),
    )
    mana = TokenTrack("Mana", x["mana"], 10, kind="mana", style="track")
    return (
        f"<section class='hk-lane sky-seat' {attrs(aria_label=who)}>"
        f"<h3 class='hk-lane-title'>{html.escape(who)}</h3>"
        f"{_thing(f'mana:{i}', mana.html())}{_thing(f'hand:{i}', hand.html())}"
        f"<div class='sky-row'>{_thing(f'deck:{i}', deck.html())}"
        f"{_thing(f'discard:{i}', discard.html())}</div></section>"
    )


def table_html(s: Position) -> str:
    """The whole table after a step, every piece marked with its thing id."""
    v = s.view(None)
    result = {"win": "You win!", "loss": "You lose."}.get(v["result"] or "", "")
    phase = PHASES.get(str(v["phase"]), "")
    when = f"Turn {v['turn']}" + (f", {phase}" if phase else "") if v["turn"] else "Setup"
    head = (
        f"<div class='sky-status'>{when}"
        + (f" · <b>{html.escape(result)}</b>" if result else "")
        + "</div>"
    )
    lanes = "".join(_lane(s, lane, v["horde"]["boosted"]) for lane in v["lanes"])
    return (
        f"<div class='sky-table' {attrs(role='group', aria_label='The table')}>{head}"
        f"{_top(s, v)}{_back_line(s, v)}"
        f"<div class='hk-grid sky-lanes' style='--hk-col-min:140px'>{lanes}</div>"
        + "".join(_seat(s, v, x) for x in v["seats"])
        + "</div>"
    )
