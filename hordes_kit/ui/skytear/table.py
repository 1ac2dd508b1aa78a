"""The whole Skytear Horde table as one picture: status, portal and castle, the horde's
piles, the back line, the six lanes, each player's mana, hand, deck and discard, and the
choices of the player to act as buttons (or on the pieces they are about).

Drawn from ``view(state, player)``: nothing is hidden in Skytear (co-op hands are open).
"""

from __future__ import annotations

import html

from hordes_kit.skytear.rules import CAMPAIGN_GAMES
from hordes_kit.ui.cardface import Pile
from hordes_kit.ui.pieces import attrs
from hordes_kit.ui.skytear.faces import (
    Marked,
    back_line_html,
    castle_html,
    hand_face,
    lanes_html,
    mana_track,
    phase_track_html,
    portal_html,
    thing,
    waiting_words,
)

__all__ = ["table_html", "on_pieces", "status_html", "seat_name"]

PHASE_WORDS = {
    "setup": "Setup",
    "horde": "Horde phase",
    "alliance": "Alliance phase",
    "treachery": "Treachery phase",
    "fight": "Fight phase",
    "pillage": "Pillage phase",
    "end": "End phase",
    "reactions": "Treachery phase: alliance reactions",
    "over": "Game over",
    "campaign": "Campaign: between games",
}
HAND_VERBS = (("play", "Play"), ("mulligan", "Set aside"), ("drop", "Discard"))


def seat_name(v: dict, seat: int, bots: tuple[int, ...] = ()) -> str:
    """'You' in solo, 'Player 2 (bot)' in co-op."""
    if v["players"] == 1:
        return "You"
    return f"Player {seat + 1}" + (" (bot)" if seat in bots else "")


def on_pieces(v: dict) -> set[str]:
    """The legal actions drawn on a piece (a hand card, a card in play, a lane) rather
    than as a button in the list of choices."""
    out = set()
    refs = {ln["monster"]["ref"] for ln in v["lanes"] if ln["monster"]}
    refs |= {ln["ally"]["ref"] for ln in v["lanes"] if ln["ally"]}
    refs |= {f"b{i + 1}" for i in range(len(v["back_line"]))}
    hand = {c["id"] for st in v["seats"] for c in st["hand"]}
    for a in v["legal"]:
        verb, _, arg = a["id"].partition(":")
        if (verb == "target" and arg in refs) or verb == "lane":
            out.add(a["id"])
        elif verb in dict(HAND_VERBS) and arg in hand:
            out.add(a["id"])
    return out


def status_html(v: dict, bots: tuple[int, ...] = (), busy: str = "") -> str:
    """Whose turn, which phase, and what the game waits for, in words."""
    phase = PHASE_WORDS.get(v["phase"], v["phase"])
    turn = f"Turn {v['turn']}" if v["turn"] else "Setup"
    if v["result"] == "win":
        what = "You won: the outsider was destroyed."
    elif v["result"] == "loss":
        why = v["log"][-1] if v["log"] else ""
        what = f"You lost. {why}"
    elif busy:
        what = busy
    elif v["waiting_for"].startswith("player"):
        seat = int(v["waiting_for"].split()[1]) - 1
        who = seat_name(v, seat, bots)
        what = v["prompt"]
        if v["players"] > 1 and not what.startswith(f"Player {seat + 1}:"):  # named once
            what = f"{who}: {what}"
    else:
        what = "Cards are being drawn."
    data = attrs(
        class_="sk-status",
        role="status",
        data_turn=v["turn"],
        data_phase=v["phase"],
        data_result=v["result"] or "",
    )
    where = f"{turn} · {phase}" if v["turn"] else phase
    if what.startswith(where):  # a prompt that names its phase ("Setup (solo): put ...")
        what = what[len(where) :].lstrip()
    return f"<div {data}><b>{where}</b> <span>{html.escape(what)}</span></div>"


def _seat_html(state, v: dict, seat: int, actions: dict[str, str], bots) -> str:
    st = v["seats"][seat]
    faces = []
    for c in st["hand"]:
        card = state.card(c["id"])
        act = next(
            (
                (f"{verb}:{c['id']}", word)
                for verb, word in HAND_VERBS
                if f"{verb}:{c['id']}" in actions
            ),
            (None, ""),
        )
        # every copy has the button (they do the same): a second copy looked unplayable
        faces += [hand_face(card, st["mana"], act[0], act[1])] * c["count"]
    who, n = seat_name(v, seat, bots), seat + 1
    title = "Your hand" if who == "You" else f"{who}: hand"
    hand = Pile(title, tuple(faces), layout="row", empty="no cards")
    discard = Pile(
        "Discard pile",
        layout="list",
        counts=tuple((c["name"], c["count"], "") for c in st["discard"]),
        count=st["discard_count"],
    )
    deck = (
        f"<div class='sk-deck' {thing(f'deck:{seat + 1}')}>"
        f"<b>Alliance deck</b> {st['deck_count']} cards"
        + (" (pillage empties it: you lose)" if st["deck_count"] <= 3 else "")
        + "</div>"
    )
    head = f"<h3 class='sk-seat-title'>{html.escape(who if who != 'You' else 'Your area')}</h3>"
    return (
        f"<section class='sk-seat' {attrs(aria_label=who)}>{head}"
        f"{Marked(mana_track(st), f'mana:{n}').html()}{deck}{Marked(hand, f'hand:{n}').html()}"
        f"{Marked(discard, f'discard:{n}').html()}</section>"
    )


def _horde_html(v: dict) -> str:
    h = v["horde"]
    n, disc = h["deck_count"], sum(c["count"] for c in h["discard"])
    bits = [f"<span {thing('horde-deck')}><b>Horde deck</b> {n} card{'s' * (n != 1)}</span>"]
    bits.append(
        f"<span {thing('horde-discard')}><b>Horde discard</b> {disc} card{'s' * (disc != 1)}</span>"
    )
    if h["treachery"]:
        tre = html.escape(h["treachery"])
        bits.append(f"<span {thing('treachery')}><b>Treachery card</b> {tre}</span>")
    o = v["outsider"]
    pile = html.escape(", ".join(o["pile"])) if o["pile"] else "empty"
    if o["waiting"]:
        pile += f" ({html.escape(waiting_words(o, name_all=False))})"
    bits.append(f"<span {thing('outsider-pile')}><b>Outsider pile</b> {pile}</span>")
    if o["to_come"]:
        bits.append(f"<b>Outsider to come</b> {html.escape(', '.join(o['to_come']))}")
    if o["falls_this_turn"]:
        bits.append("<b>The outsider fell: you win at the end of this turn</b>")
    return "<div class='sk-horde'>" + " · ".join(bits) + "</div>"


def _campaign_html(v: dict) -> str:
    """A campaign's own numbers (Campaign Mode): which game of four, the gold the scenarios'
    actions cost, the scenario, the piles, each player's market deck and campaign deck
    (none outside a campaign)."""
    c = v.get("campaign")
    if not c:
        return ""
    scenario = html.escape(c["scenario"]) if c["scenario"] else "drawn as the game is set up"
    bits = [
        f"<b>Campaign</b> game {c['game']} of {CAMPAIGN_GAMES} ({c['won']} won)",
        f"<b>Gold</b> {c['gold']}",
        f"<b>Scenario</b> {scenario}",
        f"<b>Scenario pile</b> {_cards(len(c['scenario_pile']))}",
        f"<b>Portal pile</b> {_cards(len(c['portal_pile']))}",
    ]
    for i, (market, deck) in enumerate(zip(c["market_counts"], c["deck_counts"])):
        whose = "Your" if v["players"] == 1 else f"Player {i + 1}'s"
        bits.append(f"<b>{whose} market deck</b> {_cards(market)}, campaign deck {_cards(deck)}")
    return "<div class='sk-horde sk-campaign'>" + " · ".join(bits) + "</div>"


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _choices_html(v: dict, skip: set[str], extra) -> str:
    buttons = []
    for a in v["legal"]:
        if a["id"] in skip:
            continue
        cls = "hk-btn sk-choice" + (" hk-primary" if a["id"] in ("done", "keep") else "")
        buttons.append(
            f"<button {attrs(type='button', class_=cls, data_action=a['id'])}>"
            f"{html.escape(a['label'])}</button>"
        )
    tools = "".join(
        f"<button {attrs(type='button', class_='hk-btn sk-odds-btn', data_action=k)}>"
        f"{html.escape(words)}</button>"
        for k, words in extra
    )
    piece = ""
    if skip:
        piece = "<p class='hk-note'>Or choose on the table: the cards and lanes marked "
        piece += "with a verb are choices.</p>"
    return (
        "<div class='sk-choices' role='group' aria-label='Your choices'>"
        + "".join(buttons)
        + "</div>"
        + piece
        + (f"<div class='sk-tools' role='group' aria-label='Odds'>{tools}</div>" if tools else "")
    )


def table_html(
    state,
    *,
    interactive: bool = True,
    bots: tuple[int, ...] = (),
    extra=(),
    below: str = "",
    busy: str = "",
) -> str:
    """The table for the players (every seat's cards; the choices of the seat to act)."""
    v = state.view(None)
    if not interactive or v["waiting_for"] == "chance":
        v = {**v, "legal": []}
    else:
        acting = v["waiting_for"]
        if acting.startswith("player") and int(acting.split()[1]) - 1 in bots:
            v = {**v, "legal": []}
    actions = {a["id"]: a["label"] for a in v["legal"]}
    skip = on_pieces(v)
    castle = state.cards.castles[state.castle]
    head = (
        "<div class='sk-table' id='sk-table'>"
        + status_html(v, bots, busy)
        + phase_track_html(v)
        + _campaign_html(v)
        + (_choices_html(v, skip, extra) if (actions or extra) else "")
        + below
    )
    if v["phase"] == "campaign":  # between games: no portal, lanes or decks on the table yet
        return (
            head + "<div class='sk-top'><p class='hk-note'>Between two games of the campaign: "
            "the next game's scenario, stage I portal, outsider, horde deck and your alliance "
            "deck (your campaign deck) come out as it is set up. The castle keeps its "
            "health.</p>" + castle_html(v, castle, castle.health) + "</div></div>"
        )
    top = (
        "<div class='sk-top'>"
        + portal_html(v)
        + f"<div class='sk-middle'>{_horde_html(v)}{back_line_html(v, actions)}</div>"
        + castle_html(v, castle, max(castle.health, v["castle"]["health"]))
        + "</div>"
    )
    seats = "".join(_seat_html(state, v, i, actions, bots) for i in range(v["players"]))
    return head + top + lanes_html(v, actions) + f"<div class='sk-seats'>{seats}</div>" + "</div>"
