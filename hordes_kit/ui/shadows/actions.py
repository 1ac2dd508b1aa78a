"""Which of a player's legal moves goes on which card of the Shadows table (a card to
take into the Hand, to lay, to buy, a target...), and the card faces that carry them."""

from __future__ import annotations

from collections import Counter

from hordes_kit.shadows.state import Placed, Position
from hordes_kit.ui.shadows.faces import skill_face

__all__ = ["VERBS", "placements", "Cards", "placed", "counts"]

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


class Cards:
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


def placed(p: dict) -> Placed:
    """A card of ``view``'s Fields as a ``Placed`` (its face, tokens, attachment, the
    mark its progress track's token is on)."""
    return Placed(
        p["id"],
        back=p["side"] == "back",
        damage=p["damage"],
        broken=p["broken"],
        stun=p["stun"],
        on=p.get("attached_to") or "",
        progress=(p.get("track") or {}).get("at", 0),
    )


def counts(s: Position, cards, kind: str = "Skill") -> tuple[tuple[str, int, str], ...]:
    """(name, copies, kind) of cards, for a pile listed by name."""
    return tuple((s.name(c), n, kind) for c, n in sorted(Counter(cards).items()))
