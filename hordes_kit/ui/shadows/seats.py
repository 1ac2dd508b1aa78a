"""One player's area of the Shadows table, as the viewer may see it: the Hero, the
Leader card, the Monster-Action card in front of them, Bounty and Mission, tokens, the
Hand (its backs for another player), the cards laid in line, the Combat and Station
Fields, the Stunned Area, Items, the Current Deck (what they could hold) and Library."""

from __future__ import annotations

import html
from dataclasses import replace

from hordes_kit.shadows.state import Placed, Position
from hordes_kit.ui.cardface import CardFace, Lane, Pile
from hordes_kit.ui.pieces import TokenTrack, marked, render
from hordes_kit.ui.shadows.actions import Cards, counts, placed
from hordes_kit.ui.shadows.faces import (
    back_face,
    hero_face,
    item_face,
    leader_face,
    ma_face,
    mission_face,
    skill_face,
)

__all__ = ["seat_lane"]


def seat_lane(s: Position, v: dict, x: dict, viewer: int | None, cards: Cards) -> Lane:
    """One player's area: Hero and cards in front, tokens, Hand, Fields, decks."""
    i = x["seat"]
    mine = viewer is None or viewer == i
    phase = v["phase"]
    parts: list[object] = []
    empty: list[str] = []

    def zone(title: str, faces: tuple, thing: str, **kw) -> None:
        """A Field or pile with its cards; an empty one is only named (saves a phone's height)."""
        if faces:
            parts.append(Pile(title, faces, thing=thing, **kw))
        else:
            empty.append(marked(thing, html.escape(title)))

    heroes: list[CardFace] = []
    if x["hero"]:
        # the Hero card lies in its space of the Inventory Field (so do the Items, below)
        inventory = f"inventory:{i}"
        heroes.append(hero_face(s, i, thing=inventory, **cards.act("target", f"p{i + 1}")))
    if x["leader"]:
        heroes.append(replace(leader_face(s), thing="leader"))
    ma = v["monster_actions"]["seats"][i]
    if ma["card"]:
        note = "Monster-Action card in front of this player"
        thing = f"monster-action:{i}"
        if ma["revealed"]:
            heroes.append(ma_face(s, ma["icons"], note=note, thing=thing))
        elif ma["icons"]:
            heroes.append(
                ma_face(
                    s,
                    ma["icons"],
                    note=note,
                    subtitle="facedown: you dealt it"
                    if viewer is not None
                    else "facedown (the Leader knows it)",
                    thing=thing,
                )
            )
        else:
            heroes.append(back_face("Monster-Action", note=note, thing=thing))
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
                "Shadow Stones",
                x["stones"],
                kind="stone",
                note=_plus(earned["stones"]) or "9 ends",
                thing=f"stones:{i}",
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
        zone("Hand", hand, f"hand:{i}")
    elif x.get("hand_size"):
        backs = (back_face("Skill card"),)
        parts.append(Pile("Hand", backs, count=x["hand_size"], layout="stack", thing=f"hand:{i}"))
    elif phase == "plan" and not mine:
        parts.append(marked(f"hand:{i}", "Hand: being chosen in secret.", "p"))
    if x["line"]:
        line = tuple(
            cards.skill("line", c, i) if c else back_face("Skill card, facedown") for c in x["line"]
        )
        parts.append(Pile("Laid in line (used in this order)", line))
    combat = tuple(cards.skill("combat", p["id"], i, placed(p)) for p in x["combat"])
    zone("Combat Field", combat, f"combat:{i}")
    station = tuple(
        skill_face(
            s,
            p["id"],
            i,
            placed(p),
            **(cards.act("field", p["id"]) or cards.act("target", f"p{i + 1}.{p['id']}")),
        )
        for p in x["station"]
    )
    zone("Station Field", station, f"station:{i}")
    if x["stunned"]:
        stunned = tuple(skill_face(s, p["id"], i, placed(p)) for p in x["stunned"])
        parts.append(Pile("Stunned Area", stunned))
    items = tuple(
        item_face(
            s,
            it["id"],
            Placed(
                it["id"],
                broken=it.get("broken", 0),
                progress=(it.get("track") or {}).get("at", 0),
            ),
            **cards.act("field", it["id"]),
        )
        for it in x["items"]
    )
    # the book's name: the Items lie in the Inventory Field, to the right of the Hero card
    zone(
        "Inventory Field: Items",
        items,
        f"inventory:{i}",
        note=f"Shield Points ready: {x['shields']}",
    )
    if empty:
        parts.append(f"<p class='hk-note sh-empty'>Empty: {' · '.join(empty)}.</p>")
    if "deck" in x:
        if phase == "plan" and any(k[0] == "deck" for k in cards.on_cards):
            deck = tuple(cards.skill("deck", c, i) for c in x["deck"])
            parts.append(Pile("Current Deck: choose your Hand", deck, thing=f"deck:{i}"))
        else:
            listed = counts(s, x["deck"])
            parts.append(Pile("Current Deck", layout="list", counts=listed, thing=f"deck:{i}"))
    else:
        note = "public: their Hero's cards and what they studied"
        parts.append(
            Pile(
                "Cards they could hold",
                layout="list",
                counts=counts(s, x["could_hold"]),
                note=note,
                thing=f"deck:{i}",  # their Current Deck, as far as others know it
            )
        )
    if "library" in x:
        if any(k[0] == "library" for k in cards.on_cards):
            lib = tuple(cards.skill("library", c, i) for c in sorted(set(x["library"])))
            parts.append(Pile("Library: study a card", lib, count=len(x["library"])))
        else:
            parts.append(Pile("Library", layout="list", counts=counts(s, x["library"])))
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
