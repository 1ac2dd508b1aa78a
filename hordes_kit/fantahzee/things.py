"""The things on a Fantahzee table a player can point at, named from the view itself.

Each is ``{"id", "name", "is"}``: ``is`` says what it is in the rulebook's words (the
walkthroughs' "point at it" questions and the glossary use the same words).
"""

from __future__ import annotations

__all__ = ["table_things"]


def table_things(v: dict) -> list[dict]:
    """The stacks (the rightmost is the vanguard), the decks, the doom tokens and each
    player's Last Player token, victory pile, party and hand, from a view."""
    out = [
        {
            "id": f"stack:{x['stack']}",
            "name": f"Stack {x['stack']}",
            "is": ["horde stack"] + (["vanguard"] if x["vanguard"] else []),
        }
        for x in v["line"]
    ]
    out += [
        {"id": "hero-deck", "name": "Hero deck", "is": ["hero deck"]},
        {"id": "discard", "name": "Discard pile", "is": ["discard pile"]},
        {"id": "town-deck", "name": "Town deck", "is": ["town deck"]},
        {"id": "treasure-deck", "name": "Treasure deck", "is": ["treasure deck"]},
        {"id": "doom", "name": "Doom tokens", "is": ["doom tokens"]},
        {"id": "dice", "name": "Dice", "is": ["dice"]},
    ]
    for x in v["seats"]:
        i, who = x["seat"], x["name"]
        if x["last_player"]:
            out.append(
                {
                    "id": "last-player",
                    "name": f"Last Player token ({who})",
                    "is": ["Last Player token"],
                }
            )
        out.append({"id": f"victory:{i}", "name": f"{who}'s victory pile", "is": ["victory pile"]})
        out.append({"id": f"party:{i}", "name": f"{who}'s party", "is": ["party"]})
        if "hand" in x:
            out.append({"id": f"hand:{i}", "name": f"{who}'s hand", "is": ["hand"]})
    return out
