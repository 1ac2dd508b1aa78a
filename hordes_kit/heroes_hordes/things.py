"""The things on the Heroes & Hordes table a player can point at, named from the view.

Each is ``{"id", "name", "is"}``: ``is`` says what it is in the rulebook's words (the
walkthroughs' "point at it" questions and the glossary use the same words). The horde
pile that "attacks next" is the one a Battle Phase reaches first: a horde pile of 5
cards or more attacks; short of that, the fullest horde pile is nearest.
"""

from __future__ import annotations

from hordes_kit.heroes_hordes.rules import HERO_PILES, HORDE_PILES

__all__ = ["table_things"]


def table_things(v: dict) -> list[dict]:
    """The six piles (hero and horde), the deck, the Devastation Tokens, the turn and
    the Fate card waiting to be placed or resolved, from a view."""
    sizes = {p: len(v["piles"][p]["cards"]) for p in HORDE_PILES}
    fullest = max(sizes.values())
    out = []
    for p in (*HERO_PILES, *HORDE_PILES):
        side = "hero pile" if p in HERO_PILES else "horde pile"
        nearest = p in sizes and fullest and sizes[p] == fullest
        out.append(
            {
                "id": f"pile:{p}",
                "name": f"{p.capitalize()} pile",
                "is": [side, "pile"] + (["attacks next"] if nearest else []),
            }
        )
    out += [
        {"id": "deck", "name": f"Deck ({v['deck_count']} cards)", "is": ["deck"]},
        {"id": "tokens", "name": "Devastation Tokens", "is": ["Devastation Tokens"]},
        {"id": "turn", "name": v["turn_words"], "is": ["turn"]},
    ]
    card = v["pending"] or v["fate"]
    if card:
        out.append({"id": "fate", "name": card, "is": ["Fate card"]})
    return out
