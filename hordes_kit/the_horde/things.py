"""The things on The Horde's table a player can point at, named from the view itself.

Each is ``{"id", "name", "is"}``: ``is`` says what it is in the rulebook's words (the
walkthroughs' "point at it" questions and the glossary use the same words).
"""

from __future__ import annotations

__all__ = ["table_things"]

PILES = (  # id, name, what it is
    ("village", "Village deck", ["village", "Village deck"]),
    ("defender-deck", "Defender deck", ["Defender deck", "defenders"]),
    ("defender-discard", "Defender discard", ["Defender Discard"]),
    ("recruit-discard", "Recruit discard", ["Recruit Discard"]),
    ("attack-deck", "Attack deck", ["Attack deck"]),
    ("attack-discard", "Attack discard", ["Attack Discard"]),
    ("horde-discard", "Horde discard", ["Horde Discard"]),
    ("horde-deck", "Unseen horde cards (the Horde deck)", ["Horde deck"]),
)


def table_things(v: dict) -> list[dict]:
    """The turn, the Crowns and the tax, the Grimthwackers, the recruit row, every deck
    and discard, and the battle's attacker and defender, from a view."""
    out = [
        {"id": "turn", "name": f"Turn {v['turn']} on the Master Turn Chart", "is": ["turn"]},
        {"id": "crowns", "name": f"{v['crowns']} Crowns", "is": ["Crowns"]},
        {"id": "tax", "name": f"Tax this turn ({v['tax']})", "is": ["taxes"]},
        {"id": "grimthwackers", "name": "Grimthwackers alive", "is": ["Grimthwackers"]},
    ]
    if v["row"]:
        out.append({"id": "row", "name": "Recruit row", "is": ["recruit row"]})
    out += [{"id": i, "name": n, "is": list(k)} for i, n, k in PILES]
    if v["attacker"]:
        out.append({"id": "attacker", "name": v["attacker"]["name"], "is": ["attacker"]})
    if v["defender"]:
        out.append({"id": "defender", "name": v["defender"]["name"], "is": ["defender"]})
    return out
