"""Why a move is not allowed, in the rulebook's words (a walkthrough's rule questions)."""

from __future__ import annotations

from hordes_kit.skytear.state import Position, Unit
from hordes_kit.skytear.stats import can, may_share_lane

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
        why = _shunned(s, int(rest) - 1)
        if why:
            return why
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


def _shunned(s: Position, lane: int) -> str:
    """Why the card being played or moved may not enter this lane's monster's lane."""
    head = s.tasks[0] if s.tasks else None
    m = s.monsters[lane]
    if head is None or m is None:
        return ""
    if head.kind == "play":
        seat, card = head.args
        u = Unit(-1, card, "alliance", seat)
    elif head.kind == "ally_move" and s.unit(head.args[0]) is not None:
        u = s.unit(head.args[0])
        if not can(s, u, "move"):
            return f"{s.name(u.card)} cannot move (a 'cannot' wins)"
    else:
        return ""
    if may_share_lane(s, m, u):
        return ""
    return (
        f"{s.name(u.card)} and {s.name(m.card) if m.card else 'the face-down card'} may not "
        f"share a lane: one of them cannot engage or be engaged, so an ally cannot enter lane "
        f"{lane + 1}"
    )
