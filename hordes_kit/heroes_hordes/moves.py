"""Heroes & Hordes moves: one function per kind of action id (``HANDLERS``), each giving
the position right after it; ``do`` then runs the turn on (``flow.advance``)."""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import Event, evolve
from hordes_kit.heroes_hordes.cards import PILE_OF_RACE, PILES, RACE_OF_PILE
from hordes_kit.heroes_hordes.flow import advance, end_attack, horde_attacks, start_attack
from hordes_kit.heroes_hordes.rules import (
    HORDE_PILES,
    RULE,
    SPY_LOOK,
    card_forces,
    lord_counts_itself,
    pile_force,
)
from hordes_kit.heroes_hordes.state import HHPosition

__all__ = ["do", "HANDLERS", "enter_play"]


def do(state: HHPosition, action: tuple[str, str]) -> HHPosition:
    """The position after a legal action, run on to the next chance outcome or decision."""
    kind, arg = action
    return advance(HANDLERS[kind](state, arg))


def do_order(state: HHPosition, pile: str) -> HHPosition:
    ev = Event(
        RULE + "ruling.battle-order",
        f"You choose: the {pile} attack first.",
        {"horde": pile},
    )
    return horde_attacks(state.with_events(ev), pile)


def do_draw(state: HHPosition, cid: str) -> HHPosition:
    card = state.card(cid)
    ev = Event(RULE + "fate", f"Turn {state.turn}: the Fate card is {card.name}.", {"card": cid})
    s = state.with_events(ev, **state._take_top(cid))
    if card.is_event:
        return evolve(s, drawn=cid, phase="battle")
    return enter_play(s, cid, then="battle")


def enter_play(state: HHPosition, cid: str, *, then: str, pile: str | None = None) -> HHPosition:
    """Put a card into a pile (or ask where, for a split card), then go on to ``then``."""
    card = state.card(cid)
    options = (pile,) if pile else card.piles()
    if len(options) > 1:
        ev = Event(
            RULE + "split-cards",
            f"{card.name} may go to the "
            f"{' or the '.join(o.capitalize() for o in options)} pile: you choose.",
        )
        return state.with_events(ev, pending=cid, step="place", phase=then)
    return put(evolve(state, phase=then), cid, options[0])


def put(state: HHPosition, cid: str, pile: str) -> HHPosition:
    card = state.card(cid)
    rule = {
        "M": "men-phase",
        "E": "elves-phase",
        "D": "dwarves-phase",
        "G": "goblins-phase",
        "U": "undead-phase",
        "Z": "dragon-phase",
    }[RACE_OF_PILE[pile]]
    ev = Event(
        RULE + rule, f"{card.name} joins the {pile.capitalize()} pile.", {"card": cid, "pile": pile}
    )
    s = state.with_events(ev, piles=state._set_pile(pile, state.piles[PILES.index(pile)] + (cid,)))
    if "Spy" in card.keywords:
        look = max(0, min(SPY_LOOK - len(s.known), len(s.deck)))
        ev = Event(RULE + "spy", f"{card.name} spies: look at the next {SPY_LOOK} cards.")
        s = s.with_events(ev, spy_left=look)
    return evolve(s, pending=None)


def do_place(state: HHPosition, pile: str) -> HHPosition:
    return put(state, state.pending, pile)


def do_reveal(state: HHPosition, cid: str) -> HHPosition:
    ev = Event(
        RULE + "spy",
        f"Spy: card {len(state.known) + 1} from the top is {state.card(cid).name}.",
        {"card": cid},
    )
    return state.with_events(
        ev,
        known=state.known + (cid,),
        deck=tuple(c for c in state.deck if c != cid),
        spy_left=state.spy_left - 1,
    )


def do_mine(state: HHPosition, cid: str) -> HHPosition:
    race, card = state.mines[0], state.card(cid)
    s = evolve(state, mines=state.mines[1:], **state._take_top(cid))
    if race in card.types:
        ev = Event(
            RULE + "mines", f"The mine draws {card.name}: a card of its race, kept.", {"card": cid}
        )
        return enter_play(s.with_events(ev), cid, then="mines", pile=PILE_OF_RACE[race])
    ev = Event(
        RULE + "mines",
        f"The mine draws {card.name}: not its race, discarded unresolved.",
        {"card": cid},
    )
    return s.with_events(ev, discard=s.discard + (cid,))


def do_raid(state: HHPosition, pile: str) -> HHPosition:
    ev = Event(
        RULE + "ruling.random-horde-attacks",
        f"The raid strikes: the {pile.capitalize()} horde attacks now.",
        {"pile": pile},
    )
    return start_attack(state.with_events(ev, attack=pile, raid=True))


def do_defend(state: HHPosition, pile: str) -> HHPosition:
    horde = state.pile(state.attack)
    heroes = state.pile(pile)
    h_race, d_race = RACE_OF_PILE[state.attack], RACE_OF_PILE[pile]
    horde_force = pile_force(horde, opponent_race=d_race, opponent_size=len(heroes))
    forces = card_forces(heroes, opponent_race=h_race, opponent_size=len(horde))
    hero_force = sum(f.total for f in forces)
    # the cards on both sides as they fought: a picture of the battle can be redrawn
    # after the piles are discarded, and always shows the battle these totals come from
    data = {
        "horde": state.attack,
        "heroes": pile,
        "horde_force": horde_force,
        "hero_force": hero_force,
        "horde_cards": state.piles[PILES.index(state.attack)],
        "hero_cards": state.piles[PILES.index(pile)],
    }
    lords = sorted({c.name for c in (*horde, *heroes) if lord_counts_itself(c)})
    if lords:  # the table rule lords_self decides these cards' force
        own = "counts" if state.config.lords_self == "included" else "does not count"
        state = state.with_events(
            Event(
                RULE + reading_of(state.config, "lords_self"),
                f"{', '.join(lords)}: each {own} its own bonus.",
                {"cards": lords},
            )
        )
    if hero_force >= horde_force:
        ev = Event(
            RULE + "battle.win",
            f"The {pile.capitalize()} ({hero_force}) hold against the "
            f"{state.attack.capitalize()} ({horde_force}): discard heroes with force "
            f"{horde_force} or more.",
            data,
        )
        s = state.with_events(
            ev,
            defender=pile,
            need=horde_force,
            battle=tuple((f.card.id, f.total) for f in forces),
        )
        return end_attack(s) if horde_force <= 0 else evolve(s, step="discard")
    ev = Event(
        RULE + "battle.loss",
        f"The {state.attack.capitalize()} ({horde_force}) overwhelm the {pile.capitalize()} "
        f"({hero_force}): the {pile.capitalize()} pile is discarded and you take 1 Devastation "
        "Token.",
        data,
    )
    lost = state.piles[PILES.index(pile)]
    s = state.with_events(
        ev, piles=state._set_pile(pile, ()), discard=state.discard + lost, tokens=state.tokens + 1
    )
    return end_attack(s)


def do_discard(state: HHPosition, cid: str) -> HHPosition:
    force = dict(state.battle)[cid]
    pile = state.piles[PILES.index(state.defender)]
    ev = Event(
        RULE + "ruling.discard-covers",
        f"{state.card(cid).name} (battle force {force}) is discarded.",
        {"card": cid, "force": force},
    )
    s = state.with_events(
        ev,
        piles=state._set_pile(state.defender, tuple(c for c in pile if c != cid)),
        discard=state.discard + (cid,),
        need=state.need - force,
    )
    return end_attack(s) if s.need <= 0 or not s.piles[PILES.index(state.defender)] else s


def do_slay(state: HHPosition, cid: str) -> HHPosition:
    pile = next(p for p in HORDE_PILES if cid in state.piles[PILES.index(p)])
    ev = Event(
        RULE + "event.slay",
        f"{state.card(state.drawn).name}: {state.card(cid).name} is discarded from the horde.",
        {"card": cid},
    )
    rest = tuple(c for c in state.piles[PILES.index(pile)] if c != cid)
    return state.with_events(
        ev, piles=state._set_pile(pile, rest), discard=state.discard + (cid,), event_done=True
    )


def do_search(state: HHPosition, cid: str) -> HHPosition:
    card, source = state.card(cid), state.card(state.drawn)
    ev = Event(
        RULE + "event.search",
        f"{source.name}: {card.name} is put into play"
        + (": it takes effect now." if card.is_event else "."),
        {"card": cid},
    )
    s = state.with_events(
        ev,
        deck=tuple(c for c in state.deck if c != cid),
        known=tuple(c for c in state.known if c != cid),
        discard=tuple(c for c in state.discard if c != cid),
        event_done=True,
    )
    if source.event != "search-deck":
        return enter_play(s, cid, then="event")
    events = [c for c in state.deck + state.known if state.card(c).is_event]
    if events:  # the table rule search_events decided whether these could be taken
        can = "may" if state.config.search_events == "events-too" else "may not"
        s = s.with_events(
            Event(
                RULE + reading_of(state.config, "search_events"),
                f"The deck's event cards {can} be taken by a search.",
            )
        )
    s = shuffle_after_search(s)
    if card.is_event:  # it takes the searching card's place in this Event Phase
        return evolve(s, discard=s.discard + (state.drawn,), drawn=cid, event_done=False)
    return enter_play(s, cid, then="event")


def shuffle_after_search(state: HHPosition) -> HHPosition:
    """The deck after Summon or Dragons Hoard searched it, by the table rule search_shuffle."""
    keep = state.config.search_shuffle == "no-shuffle"
    if keep:
        said = "The deck is not shuffled: the cards a Spy revealed stay on top."
    elif state.known:
        said = "The deck is shuffled: the cards a Spy revealed are unknown again."
    else:
        said = "The deck is shuffled."
    ev = Event(RULE + reading_of(state.config, "search_shuffle"), said)
    if keep or not state.known:
        return state.with_events(ev)
    return state.with_events(ev, deck=tuple(sorted(state.deck + state.known)), known=())


HANDLERS = {
    "attack": do_order,
    "draw": do_draw,
    "reveal": do_reveal,
    "mine": do_mine,
    "raid": do_raid,
    "place": do_place,
    "defend": do_defend,
    "discard": do_discard,
    "slay": do_slay,
    "search": do_search,
}
