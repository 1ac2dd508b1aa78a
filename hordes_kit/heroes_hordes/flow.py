"""The automatic parts of a Heroes & Hordes turn: battles starting and ending, the Event
and Mines phases, the end of the game. ``advance`` runs them until the next chance
outcome or decision."""

from __future__ import annotations

from hordes_kit.core.options import reading_of
from hordes_kit.core.state import Event, evolve
from hordes_kit.heroes_hordes.cards import PILES
from hordes_kit.heroes_hordes.rules import ATTACK_SIZE, HERO_PILES, HORDE_PILES, RULE
from hordes_kit.heroes_hordes.state import HHPosition

__all__ = ["advance", "start_attack", "end_attack", "event_step", "finish", "horde_attacks"]


def start_attack(state: HHPosition) -> HHPosition:
    if any(state.piles[PILES.index(p)] for p in HERO_PILES):
        return evolve(state, step="defend")
    ev = Event(
        RULE + "battle.unblocked",
        f"No hero pile can block the {state.attack.capitalize()}: 2 Devastation Tokens.",
        {"horde": state.attack},
    )
    return end_attack(state.with_events(ev, tokens=state.tokens + 2))


def end_attack(state: HHPosition) -> HHPosition:
    gone = state.piles[PILES.index(state.attack)]
    ev = Event(
        RULE + "battle.discard-horde",
        f"The attacking {state.attack.capitalize()} horde is discarded.",
    )
    return state.with_events(
        ev,
        piles=state._set_pile(state.attack, ()),
        discard=state.discard + gone,
        attack=None,
        defender=None,
        need=0,
        battle=(),
        step="",
        event_done=state.event_done or state.raid,
        raid=False,
    )


def advance(state: HHPosition) -> HHPosition:
    """Run the automatic parts of the turn until a chance outcome or a decision is due."""
    s = state
    while True:
        if s.tokens >= s.config.sudden_defeat:
            return finish(s, f"{s.tokens} Devastation Tokens: the hordes have won.")
        if s.spy_left:
            return evolve(s, step="spy")
        if s.pending:
            return evolve(s, step="place")
        if s.attack:
            return evolve(s, step="discard" if s.defender else "defend")
        if s.phase == "battle":
            ready = s.ready_hordes()
            if len(ready) > 1:  # ruling: the player chooses which attacks first
                ev = Event(
                    RULE + "ruling.battle-order",
                    f"The {' and the '.join(p.capitalize() for p in ready)} piles have "
                    f"{ATTACK_SIZE} or more cards: choose which attacks first.",
                    {"hordes": list(ready)},
                )
                return s.with_events(ev, step="order")
            if ready:
                s = horde_attacks(s, ready[0])
                continue
            s = evolve(s, phase="event")
            continue
        if s.phase == "event":
            if s.drawn and not s.event_done:
                nxt = event_step(s)
                if nxt is not None:
                    return nxt
                s = evolve(s, event_done=True)
                continue
            if s.drawn:
                s = evolve(s, discard=s.discard + (s.drawn,), drawn=None)
            races = tuple(r for p in HERO_PILES for c in s.pile(p) for r in sorted(c.mine))
            s = evolve(s, phase="mines", mines=races, event_done=False)
            continue
        if s.phase == "mines":
            if s.mines and s.deck_size():
                return evolve(s, step="mine")
            s = evolve(s, mines=(), phase="fate", turn=s.turn + 1)
            continue
        # phase fate: the start of a turn
        if not s.deck_size():
            return finish(s, "The deck is empty at the start of the turn: the game ends.")
        return evolve(s, step="draw")


def horde_attacks(state: HHPosition, pile: str) -> HHPosition:
    """A horde pile of 5 or more cards attacks now (Battle Phase)."""
    ev = Event(
        RULE + "battle",
        f"The {pile.capitalize()} pile has {ATTACK_SIZE} or more cards: it attacks.",
        {"horde": pile},
    )
    return start_attack(state.with_events(ev, attack=pile))


def event_step(state: HHPosition) -> HHPosition | None:
    card = state.card(state.drawn)
    kind = card.event
    if kind == "raid":
        if any(state.piles[PILES.index(p)] for p in HORDE_PILES):
            return evolve(state, step="raid")
    elif kind == "slay":
        if any(state.piles[PILES.index(p)] for p in HORDE_PILES):
            return evolve(state, step="slay")
    elif state._search_pool():
        return evolve(state, step="search")
    ev = Event(RULE + "event", f"{card.name} has nothing to act on.", {"card": card.id})
    return advance(state.with_events(ev, event_done=True))


def finish(state: HHPosition, why: str) -> HHPosition:
    t = state.tokens
    result = "win" if t <= 2 else "tie" if t < state.config.loss_at else "loss"
    if t >= state.config.sudden_defeat:
        rule = RULE + "defeat"
    elif t == 4:  # the rulebook names 3 a tie and 5 a loss: 4 is the table rule loss_at
        rule = RULE + reading_of(state.config, "loss_at")
    else:
        rule = RULE + "victory"
    ev = Event(rule, f"{why} {t} Devastation Token(s): {result}.", {"tokens": t})
    return state.with_events(ev, result=result, step="over")
