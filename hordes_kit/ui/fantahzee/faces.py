"""Fantahzee cards as card faces: cost (drawn as dice), strength and the ability in words.

Every card the table shows goes through here - heroes in a hand or a party, action
cards, monsters, towns and treasures - so a player reads what a card does before
playing it. The words come from the card's effects (the card file's vocabulary), the
same data the rules engine plays by.
"""

from __future__ import annotations

from collections.abc import Sequence

from hordes_kit.ui.cardface import CardFace

__all__ = [
    "effect_text",
    "ability_text",
    "card_face",
    "member_face",
    "monster_face",
    "treasure_text",
    "names_counted",
    "LEVEL_NAMES",
]

LEVEL_NAMES = {"1": "Level 1", "2": "Level 2", "boss": "Boss Monster"}


def _n(n: int, one: str, many: str) -> str:
    return f"{'an' if one[0] in 'aeiou' else 'a'} {one}" if n == 1 else f"{n} {many}"


def effect_text(verb: str, amount: int = 0) -> str:
    """One effect in the card's words.

    >>> effect_text("extra_dice", 2), effect_text("extra_rolls", 1)
    ('Get 2 extra dice this turn.', 'Get an extra roll this turn.')
    """
    if verb == "steam":
        return f"Get {amount} steam this turn."
    if verb == "shield":
        return f"Your party gets Shield {amount} this turn."
    if verb == "extra_dice":
        return f"Get {_n(amount, 'extra die', 'extra dice')} this turn."
    if verb == "extra_rolls":
        return f"Get {_n(amount, 'extra roll', 'extra rolls')} this turn."
    if verb == "reduce_x":
        dice = "one any-number die" if amount == 1 else f"{amount} any-number dice"
        return f"Choose a hero: they cost {dice} less to activate this turn."
    if verb == "discount_per_active":
        dice = "1 any-number die" if amount == 1 else f"{amount} any-number dice"
        return f"This hero costs {dice} less for each of your active heroes."
    if verb == "activate_other":
        return "Activate one of your heroes with strength equal to or less than this hero."
    if verb == "capture":
        return (
            f"Put any monster with strength {amount} or less into your victory pile "
            "(ignoring Counterattack)."
        )
    if verb == "capture_other":
        return (
            f"When you defeat this monster, put any monster with strength {amount} or less, "
            "from another stack, into your victory pile."
        )
    if verb == "move_stack":
        return "Move a horde stack to any position in the horde line."
    if verb == "front_to_back":
        return "Move the front horde stack to the back of the horde line."
    return verb.replace("_", " ") + (f" {amount}" if amount else "") + "."


def ability_text(card) -> str:
    """What a card does, as printed: a hero's "Activate: ...", an action's effect, a
    monster's or town's ability ("" when it has none)."""
    effects = getattr(card, "effects", ())
    passive = [effect_text(e.verb, e.amount) for e in effects if e.verb == "discount_per_active"]
    active = [effect_text(e.verb, e.amount) for e in effects if e.verb != "discount_per_active"]
    if hasattr(card, "cls"):  # a hero
        text = " ".join(passive)
        if active:
            text += (" " if text else "") + "Activate: " + " ".join(active)
        return text
    return " ".join(passive + active)


def treasure_text(treasure, level: int | None = None) -> str:
    """A treasure's ability: one level's (attached) or both (drawn, not yet placed)."""

    def side(effects) -> str:
        return "Activate: " + " ".join(effect_text(e.verb, e.amount) for e in effects)

    if level in (1, 2):
        return side(treasure.level1 if level == 1 else treasure.level2)
    return f"Level 1 - {side(treasure.level1)} Level 2 - {side(treasure.level2)}"


def _hero_cost(card, cost_now: str | None = None, paid: bool = False) -> tuple[str | None, str]:
    """The dice cost to draw on the face (reduced this turn: the reduced cost, ``paid``: as
    it was paid), and words for what the dice cannot show."""
    cost = card.cost if cost_now is None else cost_now
    extra = []
    if cost_now is not None and cost_now != card.cost:
        when = "paid this turn" if paid else "now"
        extra.append(f"Printed cost {card.cost}; {when} {cost_now or 'free'}.")
    if card.steam_cost is not None:
        extra.append(f"Or pay {card.steam_cost} steam.")
    return (cost if cost and cost != "free" else None), " ".join(extra)


def card_face(
    state, cid: str, *, action: str | None = None, verb: str = "", highlight: bool = False
) -> CardFace:
    """A card in a hand (a hero or an action) or any card by id, face up."""
    card = state.card(cid)
    if hasattr(card, "cls"):
        cost, extra = _hero_cost(card)
        text = " ".join(t for t in (ability_text(card), extra) if t)
        return CardFace(
            card.name,
            card.cls,
            cost,
            (("Strength", card.strength),),
            text or "No ability.",
            action=action,
            verb=verb,
            highlight=highlight,
        )
    if hasattr(card, "level1"):
        return CardFace(card.name, "Treasure", None, (), treasure_text(card), action=action)
    if hasattr(card, "strength"):
        return monster_face(state, cid, action=action, verb=verb, highlight=highlight)
    if hasattr(card, "xp"):  # a town
        return CardFace(
            card.name,
            "Town",
            None,
            (("XP", card.xp),),
            ability_text(card) or "No effect.",
            action=action,
            verb=verb,
        )
    return CardFace(
        card.name,
        "Action",
        None,
        (),
        ability_text(card),
        action=action,
        verb=verb,
        highlight=highlight,
    )


def member_face(
    state,
    member: dict,
    *,
    action: str | None = None,
    verb: str = "",
    highlight: bool = False,
) -> CardFace:
    """A hero in a party (a ``view`` party entry): its cost now, active or not, the
    treasure under it."""
    card = state.card(member["id"])
    cost, extra = _hero_cost(card, member.get("cost_now"), paid=bool(member["active"]))
    if member.get("cost_now") == "free" and not member["active"]:
        extra = "Free to activate now. " + extra
    text = " ".join(t for t in (ability_text(card), extra) if t) or "No ability."
    sub = ""
    t = member.get("treasure")
    if t:
        sub = f"Treasure: {t['name']} (level {t['level']})"
        text += " Treasure - " + treasure_text(state.card(t["id"]), t["level"])
    badge = ""
    if member["active"]:
        how = member.get("paid")
        badge = "Active" + (f" ({how})" if how in ("steam", "free", "inspired") else "")
    return CardFace(
        card.name,
        card.cls,
        cost,
        (("Strength", card.strength),),
        text,
        subtitle=sub,
        badge=badge,
        selected=bool(member["active"]),
        action=action,
        verb=verb,
        highlight=highlight,
    )


def monster_face(
    state,
    cid: str,
    *,
    action: str | None = None,
    verb: str = "",
    highlight: bool = False,
) -> CardFace:
    """A monster: strength big, XP, Counterattack and Ambush, treasure, its ability."""
    m = state.card(cid)
    stats: list[tuple[str, object]] = [("Strength", m.strength), ("XP", m.xp)]
    if m.counterattack:
        stats.append(("Counterattack", m.counterattack))
    if m.ambush:
        stats.append(("Ambush", m.ambush))
    badge = f"Treasure (level {m.treasure})" if m.treasure else ""
    return CardFace(
        m.name,
        "Boss" if m.level == "boss" else "Monster",
        None,
        tuple(stats),
        ability_text(m),
        subtitle=LEVEL_NAMES.get(str(m.level), ""),
        badge=badge,
        action=action,
        verb=verb,
        highlight=highlight,
    )


def names_counted(state, ids: Sequence[str]) -> tuple[tuple[str, int, str], ...]:
    """``(name, copies, kind)`` for a list pile (a victory pile)."""
    out: dict[str, list] = {}
    for cid in ids:
        card = state.card(cid)
        kind = "Town" if not hasattr(card, "strength") else "Monster"
        if getattr(card, "level", "") == "boss":
            kind = "Boss"
        out.setdefault(card.name, [0, kind])[0] += 1
    return tuple((name, n, kind) for name, (n, kind) in out.items())
