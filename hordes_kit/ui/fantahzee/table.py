"""The Fantahzee table drawn with the shared pieces: the horde line as lanes of monster
cards, the decks, the doom tokens, the dice, and every party, hand and victory pile.

One picture for the walkthroughs (static) and the playable board (the same picture,
with the cards a player may click turned into buttons: ``actions`` maps a card's place
- ``"stack:E"``, ``"below:E"``, ``"member:2.paladin"``, ``"hand:paladin"`` - to the
action id a click sends).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.fantahzee.faces import card_face, member_face, monster_face, names_counted
from hordes_kit.ui.pieces import TokenTrack, attrs, dice_html, marked, render

__all__ = [
    "board_html",
    "head_html",
    "line_html",
    "seats_html",
    "place_of",
    "card_actions",
    "VERBS",
]

# the word on a clickable card, by action verb
VERBS = {
    "attack": "Attack",
    "flip": "Flip and attack",
    "capture": "Capture",
    "target": "Choose",
    "lose": "Discard",
    "attach": "Attach here",
    "recruit": "Recruit",
    "play": "Play",
    "discard": "Discard",
    "activate": "Activate",
    "move": "Move",
}


def _act(actions: Mapping[str, str], place: str) -> dict:
    a = actions.get(place)
    return {"action": a, "verb": VERBS.get(a.split(":")[0], "Choose")} if a else {}


def _stack_lane(state, x: dict, actions: Mapping[str, str]) -> Lane:
    name = x["stack"]
    parts: list[object] = []
    if x["top"]:
        parts.append(monster_face(state, x["top"]["id"], **_act(actions, f"stack:{name}")))
    facedown = x["facedown"]
    if facedown:
        l1 = x["level1_left"]
        back = f"{l1} level 1, then level 2" if l1 else "level 2 and the Boss"
        flip = _act(actions, f"below:{name}")
        if flip or not x["top"]:
            top = CardFace("", face_down=True, back=back, **flip)
            parts.append(Pile("Facedown top", (top,), count=facedown, layout="stack"))
        else:
            parts.append(_facedown(facedown, f"facedown below: {back}"))
    if not parts:
        parts.append("<span class='hk-empty'>empty</span>")
    title = f"Stack {name}" + (" - vanguard" if x["vanguard"] else "")
    note = "A face-up monster here destroys a town in the Horde Phase." if x["vanguard"] else ""
    return Lane(
        title,
        tuple(parts),
        note=note,
        highlight=x["vanguard"],
        kind="Monster",
        thing=f"stack:{name}",
    )


def _facedown(n: int, text: str, thing: str | None = None) -> str:
    """A compact pile of facedown cards: a small card back, how many, what they are."""
    return (
        f"<div {attrs(class_='hk-fz-facedown', data_thing=thing)}>"
        "<span class='hk-fz-backs' aria-hidden='true'></span>"
        f"<span><b>{n}</b> {html.escape(text)}</span></div>"
    )


def _decks_lane(v: dict) -> Lane:
    return Lane(
        "Decks",
        (
            _facedown(v["town_deck"], "in the town deck", "town-deck"),
            _facedown(v["treasure_deck"], "in the treasure deck", "treasure-deck"),
            _facedown(v["hero_deck"], "in the hero deck", "hero-deck"),
            f"<div {attrs(class_='hk-fz-counts', data_thing='discard')}>Discard pile: "
            f"<b>{v['discard']}</b> card{'s' if v['discard'] != 1 else ''}</div>",
        ),
        kind="Town",
    )


def _turn_strip(state, v: dict, dice: bool) -> str:
    d = v["dice"]
    parts = [
        TokenTrack("Doom tokens", v["doom"], 3, kind="doom", style="pips", thing="doom"),
    ]
    if v["phase"] in ("roll", "attack", "counter", "treasure", "horde"):
        parts += [
            TokenTrack("Strength", v["strength"], kind="attack"),
            TokenTrack("Shield", v["shield"], kind="armor"),
            TokenTrack("Steam", v["steam"], kind="mana"),
        ]
        if v["phase"] == "attack":
            parts.append(TokenTrack("Strength left", v["strength_left"], kind="attack"))
        if v["damage"]:
            parts.append(TokenTrack("Damage to take", v["damage"], kind="damage"))
    elif v["phase"] == "action":
        parts.append(TokenTrack("Shield", v["shield"], kind="armor"))
    out = f"<div class='hk-fz-tracks'>{render(*parts)}</div>"
    if dice:  # the dice are on the table in every phase (a lesson may point at them)
        shown = dice_html(d["free"], label="Dice showing") if d["free"] else ""
        more = []
        if v["phase"] in ("setup", "action"):
            shown, more = "", ["rolled in the Dice Phase"]
        elif v["phase"] != "roll":
            more = [] if d["free"] else ["none showing"]
        else:
            if d["unrolled"]:
                more.append(f"{d['unrolled']} to roll")
            if d["rolling"]:
                more.append(f"{d['rolling']} being rolled")
            more.append(f"{d['rolls_left']} roll{'s' if d['rolls_left'] != 1 else ''} left")
        out += (
            f"<div {attrs(class_='hk-fz-dice', data_thing='dice')}>"
            f"<span class='hk-fz-dice-label'>Dice</span>{shown}"
            f"<span class='hk-note'>{html.escape(', '.join(more))}</span></div>"
        )
    extra = []
    if state.set_aside:
        faces = tuple(monster_face(state, m) for m in state.set_aside)
        extra.append(Pile("Defeated this turn", faces))
    if state.drawn:
        tid = state.drawn.split("/")[0]
        level = state.drawn.split("/")[1] if "/" in state.drawn else ""
        face = card_face(state, tid)
        title = f"Treasure drawn (level {level})" if level else "Treasure drawn"
        extra.append(Pile(title, (face,)))
    if extra:
        out += f"<div class='hk-fz-aside'>{render(*extra)}</div>"
    return out


def _seat_lane(state, x: dict, v: dict, actions: Mapping[str, str]) -> Lane:
    me = x["seat"] == v["player"] and v["phase"] not in ("setup", "over")
    party = tuple(
        _member(state, m, actions if me else {}, dice_on=True) for m in x["party"]
    )  # fmt: skip
    i = x["seat"]
    parts: list[object] = [Pile("Party", party, empty="no heroes yet", thing=f"party:{i}")]
    if "hand" in x:
        hand = tuple(
            card_face(state, c, **(_act(actions, f"hand:{c}") if me else {})) for c in x["hand"]
        )
        parts.append(Pile("Hand", hand, layout="row", empty="no cards", thing=f"hand:{i}"))
    else:
        n = x["hand_size"]
        parts.append(_facedown(n, f"card{'s' if n != 1 else ''} in hand (hidden)", f"hand:{i}"))
    vic = state.seats[i].victory
    counted = names_counted(state, vic)
    parts.append(Pile("Victory pile", layout="list", counts=counted, thing=f"victory:{i}"))
    if x["last_player"]:  # the token itself, on the table in front of its player
        token = "<span class='hk-chip' data-kind='token'><b>Last Player token</b></span>"
        parts.insert(0, marked("last-player", token, "div"))
    return Lane(f"{x['name']}: {x['xp']} XP", tuple(parts), highlight=me)


@dataclass(frozen=True)
class _Member:
    """A hero card in a party with the dice locked on it underneath."""

    face: CardFace
    dice: tuple[int, ...] = ()

    def html(self) -> str:
        dice = ""
        if self.dice:
            dice = dice_html(self.dice, locked=[True] * len(self.dice), small=True,
                             label=f"Dice locked on {self.face.name}")  # fmt: skip
        return f"<div class='hk-fz-member'>{self.face.html()}{dice}</div>"


def _member(state, m: dict, actions: Mapping[str, str], dice_on: bool) -> _Member:
    face = member_face(state, m, **_act(actions, f"member:{m['ref']}"))
    return _Member(face, tuple(m["dice"]) if dice_on else ())


def place_of(action: str) -> str:
    """Where on the table a move is made: the card it acts on (``""``: no card)."""
    verb, _, rest = action.partition(":")
    if verb in ("attack", "capture"):
        return f"stack:{rest}"
    if verb == "flip":
        return f"below:{rest}"
    if verb in ("target", "lose", "attach", "activate") and rest and rest != "none":
        return f"member:{rest.split(':')[0]}"
    if verb in ("recruit", "play", "discard"):
        return f"hand:{rest.split(':')[0]}"
    return ""


def card_actions(moves) -> tuple[dict[str, str], list[str]]:
    """Moves a click on a card can make (one move per card), and the rest (for buttons)."""
    by_place: dict[str, list[str]] = {}
    for a in moves:
        by_place.setdefault(place_of(a), []).append(a)
    on_cards = {p: m[0] for p, m in by_place.items() if p and len(m) == 1}
    rest = [a for a in moves if on_cards.get(place_of(a)) != a]
    return on_cards, rest


def head_html(state, viewer: int | None = None, *, dice: bool = True) -> str:
    """Whose turn and which phase, the counters, the dice, what was set aside this turn."""
    v = state.view(viewer)
    head = (
        f"<div class='hk-fz-head'><b>Turn {v['turn']}: {html.escape(v['player_name'])}</b> - "
        f"{html.escape(v['phase_name'])}</div>"
    )
    return head + _turn_strip(state, v, dice)


def line_html(state, actions: Mapping[str, str] | None = None) -> str:
    """The horde line (stacks left to right, the vanguard last) and the decks."""
    v = state.view(None)
    return board_grid(
        [_stack_lane(state, x, actions or {}) for x in v["line"]] + [_decks_lane(v)],
        min_width=150,
        label="The horde line, left to right; the vanguard is on the right",
    )


def seats_html(state, viewer: int | None = None, actions: Mapping[str, str] | None = None) -> str:
    """Every player's party, hand (the viewer's face up) and victory pile."""
    v = state.view(viewer)
    return board_grid(
        [_seat_lane(state, x, v, actions or {}) for x in v["seats"]],
        min_width=420,
        label="The players",
    )


def board_html(
    state,
    viewer: int | None = None,
    actions: Mapping[str, str] | None = None,
    *,
    dice: bool = True,
) -> str:
    """The whole table as ``viewer`` sees it (None: every hand, as in the rulebook's
    examples); ``dice=False`` leaves the dice to a clickable row drawn beside it."""
    return (
        "<div class='hk-fz-board'>"
        + head_html(state, viewer, dice=dice)
        + line_html(state, actions)
        + seats_html(state, viewer, actions)
        + "</div>"
    )
