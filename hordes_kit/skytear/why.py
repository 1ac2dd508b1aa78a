"""Why a move is not allowed, in the rulebook's words (a walkthrough's rule questions)."""

from __future__ import annotations

from hordes_kit.skytear.state import Position

__all__ = ["why_not"]


def why_not(s: Position, action_id: str) -> str:
    """The rule a move of this kind breaks here ("" when no rule of its kind is known)."""
    verb, _, rest = action_id.partition(":")
    if verb == "lane" and rest.isdigit() and 1 <= int(rest) <= len(s.allies):
        held = s.allies[int(rest) - 1]
        if held is not None:
            name = s.name(held.card) if held.card else "an alliance card"
            return (
                f"lane {rest} already holds {name}: an ally or tower enters a lane "
                "without alliance cards"
            )
    if verb == "reinforce":
        tokens = s.minion_tokens()
        if rest in tokens and tokens[rest] > min(tokens.values()):
            fewest, n = min(tokens.values()), tokens[rest]
            return (
                f"{s.name(rest)} already have {n} health token{'s' if n != 1 else ''}"
                f"; each token goes to a minion with the lowest health ({fewest})"
            )
    if verb == "boost" and rest == "split":
        return "only a mana boost of 2 or more may be split; one player gains a boost of 1"
    return ""
