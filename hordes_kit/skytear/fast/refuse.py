"""The cards a game can still meet, and the fast simulator's refusal of a game that can meet
a card it does not play (an X, a "cannot", a keyword gained with a number...; the card's
reason is in ``FastTables.unsupported``): the rules engine plays that game instead.
"""

from __future__ import annotations

from hordes_kit.skytear.fast.tables import FastTables

__all__ = ["game_cards", "unplayable"]


def game_cards(s) -> set[str]:
    """Every card id this game can still meet: its piles, hands, decks, the cards in play and
    beneath them, the outsider's cards, the castle, the queued steps' cards, and the card
    tokens and appendages any of them brings."""
    found = {s.castle, s.treachery, *s.horde_deck, *s.horde_discard, *s.concealed_pool}
    found |= {*s.outsider_line, *s.outsider_pile, *s.outsider_out, *(c for c, _ in s.enchant)}
    for st in s.seats:
        found |= {*st.hand, *st.deck.cards(), *st.discard, *st.aside}
    for _, _, u in s.units():
        found |= {u.card, *(c for c, _ in u.attached)}
    known = s.cards.cards
    for task in s.tasks:
        found |= {a for a in _flat(task.args) if isinstance(a, str) and a in known}
    todo = [c for c in found if c in known]
    while todo:
        c = known[todo.pop()]
        more = {
            e.extra[0]
            for a in (*c.abilities, *c.enchantment)
            for e in a.effects
            if e.verb == "token"
        }
        more |= set(c.layout)
        for m in more - found:
            found.add(m)
            todo.append(m)
    found.discard("")
    return found


def _flat(args):
    for a in args:
        if isinstance(a, tuple):
            yield from _flat(a)
        else:
            yield a


def unplayable(s, t: FastTables) -> str:
    """Why the fast simulator cannot play this game's cards ("" when it can)."""
    bad = sorted(c for c in game_cards(s) if c in t.unsupported)
    return f"{s.name(bad[0])}: {t.unsupported[bad[0]]}" if bad else ""
