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
from hordes_kit.shadows.state import Placed, Position
from hordes_kit.ui.cardface import CardFace, Lane, Pile, board_grid
from hordes_kit.ui.log import log_lines_html, rules_of
from hordes_kit.ui.pieces import TokenTrack, attrs, render
from hordes_kit.ui.shadows.faces import (
    LEVELS,
    back_face,
    chart_html,
    hero_face,
    item_face,
    leader_face,
    ma_face,
    mission_face,
    monster_damage,
    monster_face,
    skill_face,
)

__all__ = ["table_html", "status_html", "visible_events", "log_for", "placements", "VERBS"]

# action verb -> (zone of the card it concerns, the word on the card's button)
VERBS = {
    "pick": ("deck", "Take into Hand"),
    "lay": ("hand", "Lay"),
    "respond": ("hand", "Respond"),
    "use": ("field", "Use"),
    "buy": ("market", "Buy"),
    "replace": ("market", "Replace"),
    "destroy": ("market", "Destroy"),
    "study": ("library", "Study (3 XP)"),
    "target": ("target", "Target"),
    "attach": ("target", "Attach here"),
    "mission": ("choose", "Keep this Mission"),
    "hero": ("choose", "Play this Hero"),
    "basic": ("choose", "Take"),
    "take": ("choose", "Keep"),
    "keep": ("choose", "Keep"),
    "give": ("held", "Give"),
}


def placements(s: Position, actions) -> tuple[dict[tuple[str, str], tuple[str, str]], list[str]]:
    """Which legal moves go on which card ((zone, id) -> (action, verb)), and the rest."""
    on_cards: dict[tuple[str, str], tuple[str, str]] = {}
    rest = []
    for a in actions:
        verb, _, arg = a.partition(":")
        if verb in VERBS and arg:
            zone, word = VERBS[verb]
            if verb == "lay":
                word = "Play faceup" if not s.queue else "Lay next (facedown)"
            if verb == "give":
                word = f"Give to {s.who(s.top().amount)}"
            on_cards[(zone, arg)] = (a, word)
        else:
            rest.append(a)
    return on_cards, rest


class _Cards:
    """Makes card faces, putting each legal move on the first face it concerns."""

    def __init__(self, s: Position, on_cards: dict) -> None:
        self.s, self.on_cards, self.used = s, on_cards, set()

    def act(self, zone: str, cid: str) -> dict:
        key = (zone, cid)
        if key in self.on_cards and key not in self.used:
            self.used.add(key)
            action, verb = self.on_cards[key]
            return {"action": action, "verb": verb}
        return {}

    def skill(self, zone: str, cid: str, seat: int | None, placed: Placed | None = None):
        return skill_face(self.s, cid, seat, placed, **self.act(zone, cid))


def _placed(p: dict) -> Placed:
    return Placed(
        p["id"],
        back=p["side"] == "back",
        damage=p["damage"],
        broken=p["broken"],
        stun=p["stun"],
        on=p.get("attached_to") or "",
    )


def _counts(s: Position, cards, kind: str = "Skill") -> tuple[tuple[str, int, str], ...]:
    return tuple((s.name(c), n, kind) for c, n in sorted(Counter(cards).items()))


def _seat_lane(s: Position, v: dict, x: dict, viewer: int | None, cards: _Cards) -> Lane:
    i = x["seat"]
    mine = viewer is None or viewer == i
    phase = v["phase"]
    parts: list[object] = []
    empty: list[str] = []

    def zone(title: str, faces: tuple, **kw) -> None:
        """A Field or pile with its cards; an empty one is only named (saves a phone's height)."""
        if faces:
            parts.append(Pile(title, faces, **kw))
        else:
            empty.append(title)

    heroes: list[CardFace] = []
    if x["hero"]:
        heroes.append(hero_face(s, i, **cards.act("target", f"p{i + 1}")))
    if x["leader"]:
        heroes.append(leader_face(s))
    ma = v["monster_actions"]["seats"][i]
    if ma["card"]:
        note = "Monster-Action card in front of this player"
        if ma["revealed"]:
            heroes.append(ma_face(s, ma["icons"], note=note))
        elif ma["icons"]:
            heroes.append(ma_face(s, ma["icons"], note=note, subtitle="facedown: you dealt it"))
        else:
            heroes.append(back_face("Monster-Action", note=note))
    if x["bounty"]:
        label = "Bounty X2" if x["bounty"] > 1 else "Bounty"
        heroes.append(CardFace(label, "Bounty", text="Extra Gold to whoever KnocksDown this Hero."))
    if "mission" in x and x["mission"]:
        heroes.append(mission_face(s, s.seats[i].mission))
    elif s.seats[i].mission:
        heroes.append(back_face("Mission"))
    parts.append(Pile("Hero and cards in front", tuple(heroes)))
    earned = x["earned"]
    parts.append(
        "<div class='sh-tokens'>"
        + render(
            TokenTrack("Gold", x["gold"], kind="gold", note=_plus(earned["gold"])),
            TokenTrack("Experience", x["xp"], kind="xp", note=_plus(earned["xp"])),
            TokenTrack(
                "Shadow Stones", x["stones"], kind="stone", note=_plus(earned["stones"]) or "9 ends"
            ),
        )
        + "</div>"
    )
    if "offer" in x and x["offer"] and mine:
        offer = tuple(
            mission_face(s, m, **cards.act("choose", m)) for m in sorted(set(s.seats[i].offer))
        )
        parts.append(Pile("Missions dealt: keep one", offer))
    if "hand" in x:
        hand = tuple(cards.skill("hand", c, i) for c in x["hand"])
        zone("Hand", hand)
    elif x.get("hand_size"):
        parts.append(Pile("Hand", (back_face("Skill card"),), count=x["hand_size"], layout="stack"))
    elif phase == "plan" and not mine:
        parts.append("<p class='hk-note'>Hand: being chosen in secret.</p>")
    if x["line"]:
        line = tuple(
            cards.skill("line", c, i) if c else back_face("Skill card, facedown") for c in x["line"]
        )
        parts.append(Pile("Laid in line (used in this order)", line))
    combat = tuple(cards.skill("combat", p["id"], i, _placed(p)) for p in x["combat"])
    zone("Combat Field", combat)
    station = tuple(
        skill_face(
            s,
            p["id"],
            i,
            _placed(p),
            **(cards.act("field", p["id"]) or cards.act("target", f"p{i + 1}.{p['id']}")),
        )
        for p in x["station"]
    )
    zone("Station Field", station)
    if x["stunned"]:
        stunned = tuple(skill_face(s, p["id"], i, _placed(p)) for p in x["stunned"])
        parts.append(Pile("Stunned Area", stunned))
    items = tuple(
        item_face(
            s,
            it["id"],
            Placed(it["id"], broken=it.get("broken", 0)),
            **cards.act("field", it["id"]),
        )
        for it in x["items"]
    )
    zone("Items", items, note=f"Shield Points ready: {x['shields']}")
    if empty:
        parts.append(f"<p class='hk-note sh-empty'>Empty: {' · '.join(empty)}.</p>")
    if "deck" in x:
        if phase == "plan" and any(k[0] == "deck" for k in cards.on_cards):
            deck = tuple(cards.skill("deck", c, i) for c in x["deck"])
            parts.append(Pile("Current Deck: choose your Hand", deck))
        else:
            parts.append(Pile("Current Deck", layout="list", counts=_counts(s, x["deck"])))
    else:
        note = "public: their Hero's cards and what they studied"
        parts.append(
            Pile(
                "Cards they could hold",
                layout="list",
                counts=_counts(s, x["could_hold"]),
                note=note,
            )
        )
    if "library" in x:
        if any(k[0] == "library" for k in cards.on_cards):
            lib = tuple(cards.skill("library", c, i) for c in sorted(set(x["library"])))
            parts.append(Pile("Library: study a card", lib, count=len(x["library"])))
        else:
            parts.append(Pile("Library", layout="list", counts=_counts(s, x["library"])))
    if x["monsters"]:
        parts.append(
            Pile(
                "Monsters defeated",
                layout="list",
                counts=tuple((m, 1, "Monster") for m in x["monsters"]),
            )
        )
    title = (
        x["name"] + (f" · {x['hero']}" if x["hero"] else "") + (" · Leader" if x["leader"] else "")
    )
    if mine and viewer is not None:
        title += " (you)"
    return Lane(title, tuple(parts), highlight=v["deciding"] == i, kind="Hero")


def _plus(n: int) -> str:
    return f"+{n} this round" if n else ""


def _monster_lane(s: Position, v: dict, cards: _Cards) -> Lane:
    parts: list[object] = []
    m = v["monster"]
    if m is None:
        parts.append(
            "<p class='hk-note'>No active Monster: the next one is revealed in the Refresh "
            "Phase.</p>"
        )
    else:
        faces = [monster_face(s, **cards.act("target", "monster"))]
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


def _market(s: Position, v: dict, cards: _Cards) -> Pile:
    faces = tuple(item_face(s, it["id"], **cards.act("market", it["id"])) for it in v["market"])
    slots = v["market_slots"]
    note = f"{slots} slots; Item deck {v['item_deck']}, discard {v['item_discard']}."
    if len(faces) > slots:
        extra = len(faces) - slots
        note += f" {extra} beyond the slots: discarded in the Refresh Phase if no slot is free."
    return Pile("Market", faces, note=note, empty="no Items")


def _choices_pile(s: Position, cards: _Cards) -> Pile | None:
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
    if v["phase"] == "combat" and v["step"]:
        bits.append(f"Initiative Step {v['step']}")
    if v["leader_name"]:
        bits.append(f"Leader: {v['leader_name']}")
    if v["phase"] == "plan" or (v["phase"] == "teamup" and v["round"]):
        bits.append(f"Hand size {v['hand_size_rule']}")
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
        f"<div class='sh-where'>{html.escape(' · '.join(bits))}</div>"
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
    cards = _Cards(s, on_cards)
    order = list(range(s.n))
    if viewer is not None:
        order = [viewer] + [k for k in order if k != viewer]
    seats = [_seat_lane(s, v, v["seats"][k], viewer, cards) for k in order]
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
