"""A unit's attack, health, armor and keywords now: printed values, tokens and statics.

Glossary ATTACK / HEALTH / ARMOR / HEROIC; "Static Abilities" (modifiers without
tokens, from cards in play, their attachments and the enchanter's enchantment);
what abilities gave a card for the turn or while in play (``Unit.mods``); the minions'
"+1 attack per health token" and "Trample at 4 or more attack"; the "cannot" keywords
(a "cannot" beats a "do": Clarifications, General Rules for Abilities).
"""

from __future__ import annotations

from hordes_kit.skytear.state import Position, Unit
from hordes_kit.skytear.vocabulary import KEYWORDS

__all__ = [
    "attack",
    "same_board",
    "health",
    "armor",
    "armor_left",
    "has",
    "keyword",
    "is_monster",
    "statics_on",
    "static_sources",
    "board_statics",
    "engaged_with",
    "surrounded",
    "condition_holds",
    "can",
    "may_share_lane",
]


def is_monster(s: Position, u: Unit) -> bool:
    """A horde-side unit (monster, minion, outsider, concealed card, monster token)."""
    return u.side == "horde"


def engaged_with(s: Position, u: Unit) -> Unit | None:
    """The card across its lane (ally for a monster, monster for an ally); towers never engage."""
    lane = s.lane_of(u.uid)
    if lane < 0:
        return None
    if u.side == "horde":
        other = s.allies[lane]
        return other if other is not None and s.is_ally(other) else None
    if not s.is_ally(u):
        return None
    return s.monsters[lane]


def _applies(s: Position, target: str, source: Unit | None, u: Unit, host: int) -> bool:
    if target == "self":
        return source is not None and source.uid == u.uid
    if target == "host":
        return host == u.uid
    if target == "engaged":
        if source is None:
            return False
        other = engaged_with(s, source)
        return other is not None and other.uid == u.uid
    if target == "neighbors":
        if source is None or source.side != u.side:
            return False
        a, b = s.lane_of(source.uid), s.lane_of(u.uid)
        return a >= 0 and b >= 0 and abs(a - b) == 1
    if target == "all-monsters":
        return u.side == "horde"
    if target == "all-lane-monsters":
        return u.side == "horde" and s.lane_of(u.uid) >= 0
    if target == "all-allies":
        return s.is_ally(u)
    if target == "all-minions":
        return s.is_minion(u)
    return False


# The last board's static effects: what a board holds is asked again and again between two
# changes of its units (every attack, armor and keyword asks, and the state checks between
# steps), and rebuilding it from the units each time was a large share of a fight. Kept
# with the very tuples it was built from, so a test by identity can never take another
# board for it. (A list handed out is never changed by its readers.)
_LAST: tuple = (None, None, None, None, None, [], False)


def same_board(last: tuple, s: Position) -> bool:
    """True if ``last`` was read from ``s``'s very units, enchantment and cards (a memo's
    key: the tuples themselves, not their values)."""
    return (
        last[0] is s.monsters
        and last[1] is s.allies
        and last[2] is s.back
        and last[3] is s.enchant
        and last[4] is s.cards
    )


def static_sources(s: Position) -> list:
    """Every static effect in the game now: (source unit or None, effects, host uid)."""
    last = _LAST  # board_statics' own test, without a second call: asked at every keyword
    if same_board(last, s):
        return last[5]
    return board_statics(s)[0]


def board_statics(s: Position) -> tuple[list, bool]:
    """The static effects now, and whether any can change a unit's health (the enchanter's
    enchantment counts as one whatever it does)."""
    global _LAST
    last = _LAST
    if same_board(last, s):
        return last[5], last[6]
    out = _sources(s)
    exact = any(a.trigger == "static" for _, a in s.enchant) or any(
        e.verb == "health" for _, effects, _ in out for e in effects
    )
    _LAST = (s.monsters, s.allies, s.back, s.enchant, s.cards, out, exact)
    return out, exact


def _sources(s: Position) -> list:
    out = []
    cards = s.cards.cards
    for row in (s.monsters, s.allies, s.back):  # the order of ``Position.units``
        for src in row:
            if src is None:
                continue
            if src.card:
                st = cards[src.card].statics
                if st:
                    out.append((src, st, -1))
            for att, _owner in src.attached:
                st = cards[att].statics
                if st:
                    out.append((None, st, src.uid))
    if s.enchant:  # only the enchanter outsider has one (``enchantments`` makes a tuple)
        for a in s.enchantments():
            if a.trigger == "static":
                out.append((None, a.effects, -1))
    return out


def statics_on(s: Position, u: Unit, sources: list | None = None) -> list:
    """Every static effect now applying to ``u`` (from cards in play, attachments, enchantments)."""
    if sources is None:
        sources = static_sources(s)
    out = []
    for src, effects, host in sources:
        out += [e for e in effects if _applies(s, e.target, src, u, host)]
    return out


def keyword(s: Position, u: Unit, kw: str, sources: list | None = None) -> int:
    """The value of a keyword on ``u`` (0: it does not have it); granted keywords count.

    A keyword with a number adds up ("A card with Heroic X that gains Heroic Y will end
    up with Heroic X+Y", the same for Armor); one without is had or not.
    """
    if not u.card:
        return 0  # a concealed card (``Position.unit_card`` is None)
    card = s.cards.cards[u.card]
    n = card.kw.get(kw, 0)
    if sources is None:
        sources = static_sources(s)
    if not u.mods and not sources:
        return n  # nothing granted (most units, most of the time)
    grants = [k for until, what, k in u.mods if what == kw]
    if sources:
        grants += [
            e.amount for e in statics_on(s, u, sources) if e.verb == "gain" and e.extra[0] == kw
        ]
    if not grants:
        return n
    if KEYWORDS.get(kw):
        return n + sum(grants)
    return 1


def has(s: Position, u: Unit, kw: str) -> bool:
    """True when ``u`` has the keyword (Trample also from "Trample at X or more attack")."""
    if keyword(s, u, kw):
        return True
    if kw == "trample":
        at = keyword(s, u, "trample-at")
        return bool(at) and attack(s, u) >= at
    return False


def _sum(s: Position, u: Unit, verb: str, sources: list | None) -> int:
    if sources is None:
        sources = static_sources(s)
    if not sources:
        return 0
    return sum(e.amount for e in statics_on(s, u, sources) if e.verb == verb)


def attack(s: Position, u: Unit, sources: list | None = None) -> int:
    """Attack now: printed + tokens + Heroic + per-health + statics; never below zero."""
    card = s.unit_card(u)
    if card is None:
        return 0  # a concealed card: a monster token with 0 attack
    if sources is None:
        sources = static_sources(s)
    total = card.attack + u.atk + u.tatk + _sum(s, u, "attack", sources)
    if u.hp > 0:
        total += keyword(s, u, "heroic", sources) + card.kw.get("attack-per-health", 0) * u.hp
    return max(0, total)


def health(s: Position, u: Unit, sources: list | None = None) -> int:
    """Health now: printed + net health tokens + static health (no maximum or minimum)."""
    card = s.unit_card(u)
    if card is None:
        return 1 + u.hp  # a concealed card: 1 health
    lasting = sum(n for _, what, n in u.mods if what == "health")
    return card.health + u.hp + lasting + _sum(s, u, "health", sources)


def armor(s: Position, u: Unit, sources: list | None = None) -> int:
    """Armor value: the keyword (granted Armor adds up), armor tokens, temporary armor,
    statics (negative counts as 0)."""
    return max(0, keyword(s, u, "armor", sources) + u.arm + u.tarm + _sum(s, u, "armor", sources))


def armor_left(s: Position, u: Unit, sources: list | None = None) -> int:
    """Armor not used yet this turn."""
    return max(0, armor(s, u, sources) - u.used)


def surrounded(s: Position, u: Unit) -> bool:
    """SURROUNDED: no empty adjacent lane on its side."""
    lane = s.lane_of(u.uid)
    if lane < 0:
        return False
    row = s.monsters if u.side == "horde" else s.allies
    adj = [i for i in (lane - 1, lane + 1) if 0 <= i < len(row)]
    return all(row[i] is not None for i in adj)


def condition_holds(s: Position, u: Unit | None, condition: str) -> bool:
    """An ability's ``if`` condition on its card (no condition: true)."""
    if not condition:
        return True
    if u is None:
        return False
    if condition == "surrounded":
        return surrounded(s, u)
    if condition == "wounded":
        return u.damage > 0
    if condition == "engaged":
        return engaged_with(s, u) is not None
    if condition == "unengaged":
        return s.lane_of(u.uid) >= 0 and engaged_with(s, u) is None
    raise AssertionError(condition)


def can(s: Position, u: Unit, action: str, sources: list | None = None) -> bool:
    """``u`` may do ``action`` (strike, pillage, move): no "cannot" keyword forbids it, and a
    "cannot" wins over whatever card or rule says to do it."""
    return not keyword(s, u, "cannot-" + action, sources)


def may_share_lane(s: Position, monster: Unit | None, ally: Unit | None) -> bool:
    """A monster and an ally may stand in one lane: neither cannot engage or be engaged
    (glossary CANNOT ENGAGE / BE ENGAGED; engagement goes both ways). Towers never engage."""
    if monster is None or ally is None or ally.side != "alliance" or not s.is_ally(ally):
        return True
    sources = static_sources(s)
    return not any(
        keyword(s, x, k, sources)
        for x in (monster, ally)
        for k in ("cannot-engage", "cannot-be-engaged")
    )
