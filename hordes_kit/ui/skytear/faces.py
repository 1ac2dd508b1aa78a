"""Skytear Horde pieces as the box shows them: monster, ally and tower cards with attack,
health and keywords in words, alliance cards in hand with their mana cost and text, the
castle and portal cards with their damage, the minions of the back line, and the six lanes.

Everything drawn reads ``view(state, player)`` (JSON) and the card data; which choices are
on the table is the engine's ``legal`` list. Each thing a lesson may point at carries
``data-thing='<id>'`` (see ``ui/pointing.py``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from hordes_kit.skytear.words import ability_words as card_words
from hordes_kit.ui.cardface import CardFace, Lane, Pile
from hordes_kit.ui.pieces import Token, TokenTrack, attrs

__all__ = [
    "ability_words",
    "keyword_words",
    "unit_face",
    "hand_face",
    "castle_html",
    "castle_words",
    "portal_html",
    "portal_words",
    "back_line_html",
    "lane_html",
    "lanes_html",
    "thing",
    "waiting_words",
    "PHASES",
    "phase_track_html",
    "mana_track",
    "Marked",
]

PHASES = (
    ("horde", "Horde"),
    ("alliance", "Alliance"),
    ("treachery", "Treachery"),
    ("fight", "Fight"),
    ("pillage", "Pillage"),
    ("end", "End"),
)
KEYWORD_WORDS = {
    "trample-at": "Trample at {n}+ attack",
    "attack-per-health": "+{n} attack per health token",
    "armor": "Armor {n}",
    "elusive": "Elusive {n}",
    "heroic": "Heroic {n}",
}
TYPE_WORDS = {
    "ally": "Ally",
    "tower": "Tower",
    "spell": "Spell",
    "attachment": "Attachment",
    "monster": "Monster",
    "minion": "Minion",
    "immortal": "Outsider (immortal)",
    "enchanter": "Outsider (enchanter)",
    "colossal": "Outsider (colossal)",
    "appendage": "Outsider (appendage)",
    "henchman": "Outsider (henchman)",
}


def waiting_words(outsider: dict, name_all: bool = True) -> str:
    """Which outsider pile cards found no room this turn and wait for the next (plain text;
    ``name_all=False``: unnamed when the whole pile waits, for a line that lists it)."""
    pile, waiting = outsider["pile"], outsider["waiting"]
    if not waiting:
        return ""
    if waiting == pile and not name_all:
        return "no room this turn: summoned next turn"
    return f"{', '.join(waiting)}: no room this turn, summoned next turn"


def thing(tid: str) -> str:
    """The marker a lesson's "point at it" question finds a piece by."""
    return f"data-thing='{html.escape(tid, quote=True)}'"


@dataclass(frozen=True)
class Marked:
    """A piece wrapped in the marker a "point at it" question finds it by."""

    piece: object
    tid: str

    def html(self) -> str:
        """The piece inside a marked box."""
        return f"<div class='sk-thing' {thing(self.tid)}>{self.piece.html()}</div>"


def ability_words(text: str) -> str:
    """A card's ability as a player reads it: ``'fight: damage castle 1'`` ->
    ``'Fight: damage castle 1'``.

    >>> ability_words("play: damage strongest-monster 2; draw 1")
    'Play: damage strongest monster 2; draw 1'
    """
    t = text.replace("-", " ").strip()
    return t[:1].upper() + t[1:]


def _joined(parts: list[str]) -> str:
    """A card's text box: keywords apart by ';', an ability's sentence ends with its '.'."""
    out = ""
    for p in parts:
        out += (" " if out.endswith(".") else "; ") + p if out else p
    return out


def keyword_words(kw: str) -> str:
    """A keyword of the view (``'trample-at 4'``) in words (``'Trample at 4+ attack'``).

    >>> keyword_words("trample-at 4"), keyword_words("barrier"), keyword_words("armor 2")
    ('Trample at 4+ attack', 'Barrier', 'Armor 2')
    """
    name, _, n = kw.partition(" ")
    if name in KEYWORD_WORDS and n:
        return KEYWORD_WORDS[name].format(n=n)
    return ability_words(kw)


def _tokens(u: dict) -> tuple[Token, ...]:
    t = u.get("tokens", {})
    out = []
    for key, kind, temp in (
        ("damage", "damage", False),
        ("health", "health", False),
        ("attack", "attack", False),
        ("temp_attack", "attack", True),
        ("armor", "armor", False),
        ("temp_armor", "armor", True),
        ("charges", "charge", False),
    ):
        if t.get(key):
            out.append(Token(kind, t[key], temp))
    return tuple(out)


def unit_face(u: dict, **kw) -> CardFace:
    """A card in play (monster, ally, tower, minion, outsider) from the view's JSON."""
    if u.get("concealed"):
        return CardFace(
            "Face-down horde card",
            "Monster",
            face_down=True,
            back=f"face down, health {u['health']}",
            **kw,
        )
    kind, sub = TYPE_WORDS.get(u["type"], u["type"].capitalize()), []
    if kind.startswith("Outsider ("):
        kind, sub = "Outsider", [u["type"]]
    if u.get("kind") == "token":
        sub.append("card token")
    words = [keyword_words(k) for k in u.get("keywords", [])]
    # the view's abilities are the card's words already (skytear.words): drawn as they are
    text = _joined([*words, *u.get("abilities", []), *u.get("lasting", [])])
    if u.get("owner"):
        sub.append(f"Player {u['owner']}'s")
    if u.get("attachments"):
        sub.append("with " + ", ".join(u["attachments"]))
    if u.get("armor"):
        sub.append(f"armor {u['armor']}")
    stats: list[tuple[str, object]] = [("Attack", u["attack"]), ("Health", u["health"])]
    if u["type"] == "tower":
        stats = [("Health", u["health"])]
    return CardFace(
        u["name"],
        kind,
        stats=tuple(stats),
        text=text,
        subtitle=" · ".join(sub),
        tokens=_tokens(u),
        exhausted=u.get("exhausted", False),
        **kw,
    )


def hand_face(card, mana: int, action: str | None = None, verb: str = "Play", **kw) -> CardFace:
    """An alliance card in hand: cost, type, attack/health, text, and whether it can be paid."""
    stats: tuple[tuple[str, object], ...] = ()
    if card.type == "ally":
        stats = (("Attack", card.attack), ("Health", card.health))
    elif card.type == "tower":
        stats = (("Health", card.health),)
    words = [
        keyword_words(f"{k} {v}" if v > 1 or k in KEYWORD_WORDS else k) for k, v in card.kw.items()
    ]
    text = _joined([*words, *(card_words(a) for a in card.abilities)])
    if card.cost <= mana:
        badge = f"You can pay for it ({mana} mana)"
    else:
        badge = f"Needs {card.cost - mana} more mana"
    return CardFace(
        card.name,
        TYPE_WORDS.get(card.type, card.type.capitalize()),
        cost=card.cost,
        cost_icon="mana",
        stats=stats,
        text=text,
        subtitle=("reaction: also in the treachery phase" if card.reaction else ""),
        badge=badge,
        action=action,
        verb=verb if action else "",
        **kw,
    )


def castle_words(castle) -> str:
    """A castle card's text: every castle's Draw, then its own abilities."""
    return _joined(["Exhaust, pay 1 mana: draw a card", *(card_words(a) for a in castle.abilities)])


def castle_html(v: dict, castle, start_health: int) -> str:
    """The castle card with its health left and the damage it has taken."""
    c = v["castle"]
    hp = c["health"]
    taken = max(0, start_health - hp)
    face = CardFace(
        c["name"],
        "Castle",
        stats=(("Health", hp),),
        text=castle_words(castle),
        subtitle=f"{taken} damage taken of {start_health}"
        if taken
        else f"starts at {start_health}",
        tokens=(Token("damage", taken),) if taken else (),
        exhausted=c["exhausted"],
    )
    return f"<div class='sk-castle' {thing('castle')}>{face.html()}</div>"


def portal_words(v: dict) -> tuple[str, str]:
    """The portal's numbers with whose horde phase they are (this one's until the portal
    turns at its end, then the next one's), and its pile in words."""
    p = v["portal"]
    numbers = f"wave {p['wave']}, reinforce {p['reinforce']}, mana boost +{p['mana']}"
    if v.get("phase") == "horde":
        when = f"This horde phase: {numbers} (it turns at the end)."
    elif v.get("phase") == "setup" or not v.get("turn"):
        when = f"First horde phase: {numbers}."
    else:
        when = f"Next horde phase: {numbers} (the portal has turned)."
    side = "co-op" if v.get("players", 1) > 1 else "solo"
    pile = (
        f"Portal pile (face up, {side} faces): " + ", ".join(p["next"])
        if p["next"]
        else "The last stage: the portal pile is empty"
    )
    return when, pile


def portal_html(v: dict) -> str:
    """The portal in play: stage, health left, damage, its numbers and its pile."""
    p = v["portal"]
    when, nxt = portal_words(v)
    face = CardFace(
        p["name"],
        "Portal",
        stats=(("Health", p["health"]), ("Stage", p["stage"])),
        text=when,
        subtitle=f"{p['damage']} damage of {p['max_health']}"
        if p["damage"]
        else (f"health {p['max_health']}"),
        tokens=(Token("damage", p["damage"]),) if p["damage"] else (),
    )
    return (
        f"<div class='sk-portal' {thing('portal')}>{face.html()}"
        f"<div class='hk-pile-note'>{html.escape(nxt)}</div></div>"
    )


def back_line_html(v: dict, actions: dict[str, str]) -> str:
    """The back line (minions and pillagers) and the minions waiting for health tokens."""
    faces = []
    for i, u in enumerate(v["back_line"]):
        a = f"target:b{i + 1}"
        face = unit_face(u, action=a if a in actions else None, verb="Choose")
        faces.append(Marked(face, u["ref"]))
    waiting = [(name, 0, "Minion") for name in v["destroyed_minions"]]
    pile = Pile(
        "Back line (pillages every turn)",
        tuple(faces),
        layout="row",
        empty="nobody: nothing pillages",
    )
    out = f"<div {thing('back-line')}>{pile.html()}</div>"
    if waiting:
        out += Pile(
            "Minions out of play (a reinforce token brings one back)",
            layout="list",
            counts=tuple(waiting),
            count=len(waiting),
        ).html()
    return out


def _slot_button(action: str, words: str) -> str:
    return (
        f"<button {attrs(type='button', class_='hk-btn sk-slot', data_action=action)}>"
        f"{html.escape(words)}</button>"
    )


def lane_html(lane: dict, actions: dict[str, str], boosted: str | None = None) -> str:
    """One lane: its monster above the lane marker, its ally or tower below."""
    n = lane["lane"]
    parts = []
    m, a = lane["monster"], lane["ally"]
    if m is not None:
        act = f"target:{m['ref']}"
        note = "boosted by the treachery card" if boosted == m["ref"] else ""
        parts.append(
            f"<div class='sk-monster' {thing(m['ref'])}>"
            + unit_face(
                m,
                action=act if act in actions else None,
                verb="Choose",
                highlight=bool(note),
                note=note,
            ).html()
            + "</div>"
        )
    else:
        parts.append("<div class='sk-empty'>no monster</div>")
    tokens = ", ".join(f"{t['count']} {t['kind']} ({t['side']} side)" for t in lane["tokens"])
    marker = f"Lane {n}" + (f": {tokens}" if tokens else "")
    parts.append(f"<div class='sk-marker' {thing(f'lane:{n}')}>{html.escape(marker)}</div>")
    if f"lane:{n}" in actions:
        parts.append(_slot_button(f"lane:{n}", f"Lane {n}"))
    if a is not None:
        act = f"target:{a['ref']}"
        parts.append(
            f"<div class='sk-ally' {thing(a['ref'])}>"
            + unit_face(a, action=act if act in actions else None, verb="Choose").html()
            + "</div>"
        )
    else:
        parts.append("<div class='sk-empty'>no ally</div>")
    who = (
        "engaged"
        if m and a and a["type"] == "ally"
        else (
            "the monster strikes the castle"
            if m
            else "the ally strikes the portal"
            if a and a["type"] == "ally"
            else ""
        )
    )
    return Lane(f"Lane {n}", tuple(parts), note=who, kind="lane").html()


def lanes_html(v: dict, actions: dict[str, str]) -> str:
    """The front line: six lanes side by side (two or three to a row on a phone)."""
    boosted = v["horde"]["boosted"]
    body = "".join(lane_html(ln, actions, boosted) for ln in v["lanes"])
    return (
        f"<div class='sk-lanes' role='group' aria-label='The front line, lanes 1 to 6' "
        f"{thing('front-line')}>{body}</div>"
    )


def phase_track_html(v: dict) -> str:
    """Turn number and the six phases with the current one marked."""
    now = {"reactions": "treachery"}.get(v["phase"], v["phase"])
    cells = "".join(
        f"<li class='sk-phase{' sk-now' if key == now else ''}'"
        + (" aria-current='step'" if key == now else "")
        + f">{name}</li>"
        for key, name in PHASES
    )
    turn = f"Turn {v['turn']}" if v["turn"] else "Setup"
    return (
        f"<div class='sk-phases' {thing('phase')}><b>{turn}</b>"
        f"<ol aria-label='Phases of the turn'>{cells}</ol></div>"
    )


def mana_track(seat: dict) -> TokenTrack:
    """A player's mana on the lane marker (0-10)."""
    return TokenTrack("Mana", seat["mana"], 10, kind="mana", style="track")
