"""The things on a Skytear Horde table a player can point at, named from the view itself.

Each is ``{"id", "name", "is"}``: ``is`` says what it is in the rulebook's words (the
first lesson's "point at it" questions and the glossary use the same words).
"""

from __future__ import annotations

__all__ = ["table_things", "unit_kinds"]


def unit_kinds(u: dict, where: str) -> list[str]:
    """What a card in play is called: monster, ally, tower, minion, outsider (``where`` is
    "lane" or "back line")."""
    if u.get("concealed"):
        return ["monster"]
    kinds = []
    if u.get("kind") == "minion":
        kinds.append("minion")
    if u.get("kind") in ("outsider", "henchman"):
        kinds += ["outsider", "monster"]
    if u.get("type") in ("monster", "ally", "tower"):
        kinds.append(str(u["type"]))
    if u.get("kind") == "token":
        kinds.append("card token")
    if where == "back line" and "monster" not in kinds:
        kinds.append("monster")
    return list(dict.fromkeys(kinds))


def table_things(v: dict) -> list[dict]:
    """The castle, the portal, the six lanes with their monsters and allies or towers, the
    back line and its minions, the horde deck, its discard pile, the treachery card, the
    outsider pile, and each player's mana, hand, alliance deck and discard pile."""
    out = [
        {"id": "castle", "name": f"{v['castle']['name']} (the castle)", "is": ["castle"]},
        {"id": "portal", "name": f"{v['portal']['name']} (the portal)", "is": ["portal"]},
    ]
    fronted = [lane["lane"] for lane in v["lanes"] if lane["monster"] is not None]
    ends = {n: [] for n in fronted}
    if fronted:  # one monster alone is both the leftmost and the rightmost
        ends[fronted[0]].append("leftmost monster")
        ends[fronted[-1]].append("rightmost monster")
    for lane in v["lanes"]:
        n = lane["lane"]
        out.append({"id": f"lane:{n}", "name": f"Lane {n}", "is": ["lane"]})
        for side in ("monster", "ally"):
            u = lane[side]
            if u is not None:
                kinds = unit_kinds(u, "lane") + (ends[n] if side == "monster" else [])
                out.append({"id": u["ref"], "name": f"{u['name']} (lane {n})", "is": kinds})
    out.append({"id": "back-line", "name": "The back line", "is": ["back line"]})
    for u in v["back_line"]:
        out.append(
            {
                "id": u["ref"],
                "name": f"{u['name']} (back line)",
                "is": unit_kinds(u, "back line"),
            }
        )
    out += [
        {"id": "horde-deck", "name": "The horde deck", "is": ["horde deck"]},
        {"id": "horde-discard", "name": "The horde discard pile", "is": ["horde discard pile"]},
        {"id": "outsider-pile", "name": "The outsider pile", "is": ["outsider pile"]},
    ]
    if v["horde"]["treachery"]:
        out.append(
            {
                "id": "treachery",
                "name": f"{v['horde']['treachery']} (the treachery card)",
                "is": ["treachery card"],
            }
        )
    solo = v["players"] == 1
    for x in v["seats"]:
        i = x["player"]
        who = "Your" if solo else f"Player {i}'s"
        out += [
            {"id": f"mana:{i}", "name": f"{who} mana", "is": ["mana"]},
            {"id": f"hand:{i}", "name": f"{who} hand", "is": ["hand"]},
            {"id": f"deck:{i}", "name": f"{who} alliance deck", "is": ["alliance deck"]},
            {"id": f"discard:{i}", "name": f"{who} discard pile", "is": ["discard pile"]},
        ]
    return out
