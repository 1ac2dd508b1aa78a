"""The things on a Shadows table a player can point at, named from the view itself.

Each is ``{"id", "name", "is"}``: ``is`` says what it is in the rulebook's words (the
walkthroughs' "point at it" questions and the glossary use the same words).
"""

from __future__ import annotations

__all__ = ["table_things"]


def table_things(v: dict) -> list[dict]:
    """The Monster, the Monster-Action deck and the card in front of each player, the
    Market, the Initiative Step, the Leader card and each player's three Fields, Hand,
    Current Deck, Library and Shadow Stones, from a view."""
    out = []
    if v["monster"]:
        out.append({"id": "monster", "name": v["monster"]["name"], "is": ["Monster"]})
    out += [
        {"id": "monster-action-deck", "name": "Monster-Action deck", "is": ["Monster-Action deck"]},
        {"id": "market", "name": "Market", "is": ["Market"]},
    ]
    if v["phase"] == "combat":
        out.append(
            {"id": "initiative", "name": f"Initiative Step {v['step']}", "is": ["Initiative Step"]}
        )
    for ma in v["monster_actions"]["seats"]:
        if ma["card"]:
            who = v["seats"][ma["seat"]]["name"]
            out.append(
                {
                    "id": f"monster-action:{ma['seat']}",
                    "name": f"Monster-Action card in front of {who}",
                    "is": ["Monster-Action card"],
                }
            )
    for x in v["seats"]:
        i, who = x["seat"], x["name"]
        if x["leader"]:
            out.append({"id": "leader", "name": f"Leader card ({who})", "is": ["Leader card"]})
        out += [
            {"id": f"combat:{i}", "name": f"{who}'s Combat Field", "is": ["Combat Field"]},
            {"id": f"station:{i}", "name": f"{who}'s Station Field", "is": ["Station Field"]},
            {"id": f"inventory:{i}", "name": f"{who}'s Inventory Field", "is": ["Inventory Field"]},
            {"id": f"hand:{i}", "name": f"{who}'s Hand", "is": ["Hand"]},
            {"id": f"deck:{i}", "name": f"{who}'s Current Deck", "is": ["Current Deck"]},
            {"id": f"stones:{i}", "name": f"{who}'s Shadow Stones", "is": ["Shadow Stones"]},
        ]
    return out
