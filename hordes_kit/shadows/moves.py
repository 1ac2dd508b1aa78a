"""Applying one action id: a chance outcome or the decision of the task on top."""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.combat_moves import COMBAT_TASKS, decide_combat
from hordes_kit.shadows.destroy import destroy
from hordes_kit.shadows.flow import settle
from hordes_kit.shadows.items import (
    blank_cards,
    enforce_unmet,
    equip,
    place_ready,
    restricted_pair,
)
from hordes_kit.shadows.legal import legal
from hordes_kit.shadows.monster import reveal_ma
from hordes_kit.shadows.opening import mulligan, reveal_monster
from hordes_kit.shadows.rewards import lose_resource
from hordes_kit.shadows.stack import log, pop, push
from hordes_kit.shadows.state import Position, Task

__all__ = ["do", "forced", "equip", "place_all"]


def forced(s: Position) -> Position | None:
    """The position after a decision that has exactly one legal move, or None."""
    moves = legal(s)
    if len(moves) != 1:
        return None
    return _decide(s, tuple(moves[0].split(":")))


def do(s: Position, action: tuple[str, ...]) -> Position:
    """The position after a legal action, settled to the next real decision or draw."""
    t = s.top()
    if t is not None and t.kind.startswith("?"):
        s = _chance(s, t, action)
    else:
        s = _decide(s, action)
    return place_all(settle(place_all(s), forced))


def place_all(s: Position) -> Position:
    """Every seat's Initiative 0 cards whose requirement is now met to the Station Field
    (checked after every move: whatever changed the Hero's stats or the Current Deck)."""
    for k in range(s.n):
        s = place_ready(s, k)
    return s


def _draw(deck: tuple[str, ...], discard: tuple[str, ...], card: str):
    """Take a card from a deck (an empty deck takes the discards back first)."""
    if not deck:
        deck, discard = discard, ()
    return take(deck, card), discard


def _chance(s: Position, t, action) -> Position:
    verb, arg = action[0], action[1]
    s = pop(s)
    k = t.seat
    if verb in ("roll",):
        s = evolve(s, seats=s.seat_with(k, roll=int(arg)))
        return log(s, "setup.leader", f"{s.who(k)} rolls {arg}.", seat=k)
    if verb == "die":
        below = s.tasks[-1]
        plus = int(below.note("plus", "0"))
        s = evolve(s, tasks=s.tasks[:-1] + (evolve(below, amount=int(arg) + plus),))
        what = "the Attack deals" if below.kind == "attack" else "the target loses"
        return log(s, "die", f"The die shows {arg}: {what} {int(arg) + plus}.")
    if verb == "monster":
        return reveal_monster(s, arg)
    if verb == "ma":
        if not s.ma_deck:
            s = evolve(s, ma_deck=s.ma_discard, ma_discard=())
            s = log(
                s,
                "ruling.ma-reshuffle",
                "The Monster-Action deck is empty: its discard pile is shuffled.",
            )
        s = evolve(s, ma_deck=take(s.ma_deck, arg))
        if t.kind == "?ma":
            s = evolve(s, ma_held=put(s.ma_held, arg))
            return log(
                s, "teamup.deal", f"{s.who(k)} draws a Monster-Action card.", to=[k], kind=arg
            )
        return reveal_ma(s, k, arg, t.source, own=False)
    # draw:<card>
    if t.kind == "?basic":
        return evolve(s, basic_pool=take(s.basic_pool, arg), basics=s.basics + (arg,))
    if t.kind in ("?item", "?reward"):
        if not s.item_deck:
            s = log(
                s,
                "refresh.reshuffle",
                "The Item deck is empty: the discarded Items are shuffled into a new deck.",
            )
        deck, discard = _draw(s.item_deck, s.item_discard, arg)
        s = evolve(s, item_deck=deck, item_discard=discard)
        if t.kind == "?reward":
            return evolve(s, drawn=s.drawn + (arg,))
        return log(
            evolve(s, market=s.market + (arg,)), "market.draw", f"{s.name(arg)} joins the Market."
        )
    if t.kind == "?mission":
        offer = s.seats[k].offer + (arg,)
        return evolve(s, mission_deck=take(s.mission_deck, arg), seats=s.seat_with(k, offer=offer))
    if t.kind == "?library":
        lib = put(s.seats[k].library, arg)
        return evolve(s, skill_pool=take(s.skill_pool, arg), seats=s.seat_with(k, library=lib))
    raise AssertionError(t.kind)


def _decide(s: Position, action: tuple[str, ...]) -> Position:
    t = s.top()
    verb = action[0]
    arg = action[1] if len(action) > 1 else ""
    seat = t.seat
    st = s.seats[seat] if seat >= 0 else None
    who = s.who(seat) if seat >= 0 else ""
    k = t.kind
    if k == "!hero":
        s = evolve(pop(s), seats=s.seat_with(seat, hero=arg))
        return log(s, "setup.hero", f"{who} chooses {s.name(arg)}.", seat=seat)
    if k == "!mission":
        s = evolve(pop(s), seats=s.seat_with(seat, mission=arg, offer=()))
        return log(
            s,
            "setup.mission",
            f"{who} keeps {s.name(arg)} (the other goes back to the box).",
            to=[seat],
        )
    if k == "!basic":
        s = pop(s)
        s = evolve(s, basics=take(s.basics, arg))
        s = log(s, "setup.basic-choice", f"{who} takes {s.name(arg)}.", seat=seat)
        return equip(s, seat, arg)
    if k == "!mulligan":
        return mulligan(s, seat, verb == "keep")
    if k == "!teamup":
        field = "xp" if arg == "xp" else "gold"
        seats = tuple(evolve(x, **{field: getattr(x, field) + 1}) for x in s.seats)
        word = "Experience" if arg == "xp" else "Gold"
        s = evolve(pop(s), seats=seats)
        return log(
            s,
            "teamup.resource",
            f"{who} announces '{word} this round': every player gains 1 {word}.",
        )
    if k == "!give":
        to = t.amount
        ma, known = list(s.ma), list(s.ma_known)
        ma[to], known[to] = arg, seat
        s = evolve(pop(s), ma=tuple(ma), ma_known=tuple(known), ma_held=take(s.ma_held, arg))
        s = log(
            s,
            "teamup.deal",
            f"{who} places a Monster-Action card facedown in front of {s.who(to)}.",
        )
        return log(s, "teamup.deal", f"(you know it is {arg})", to=[seat], kind=arg)
    if k == "!pick":
        s = evolve(s, seats=s.seat_with(seat, deck=take(st.deck, arg), hand=put(st.hand, arg)))
        if t.amount <= 1:
            s = pop(s)
            return log(s, "plan.choose", f"{who} has chosen a Hand.", seat=seat)
        return evolve(s, tasks=s.tasks[:-1] + (evolve(t, amount=t.amount - 1),))
    if k in COMBAT_TASKS:
        return decide_combat(s, action)
    if k == "!lose":
        return lose_resource(pop(s), seat, arg)
    if k in ("!search", "!destroy"):
        s = pop(s)
        if verb == "skip":
            return s
        if k == "!destroy":
            return destroy(s, seat, arg)
        s = evolve(s, market=take(s.market, arg))
        s = evolve(s, item_discard=put(s.item_discard, arg))
        s = log(s, "search", f"{who} replaces {s.name(arg)} in the Market.")
        return push(s, Task("?item", -1, target="market")) if s.item_deck or s.item_discard else s
    if k == "!take":
        s = pop(s)
        rest = take(s.drawn, arg)
        s = evolve(s, drawn=(), item_discard=put(s.item_discard, *rest))
        s = log(s, "monster.random-item", f"{who} keeps {s.name(arg)}.")
        return equip(s, seat, arg)
    if k == "!keep":
        s = pop(s)
        was = blank_cards(s, seat)
        pair = restricted_pair(s, seat)
        drop = take(tuple(pair), arg)[0]  # the other one (two copies of one Item: a copy)
        k = max(i for i, p in enumerate(st.items) if p.card == drop)  # the newer copy
        items = st.items[:k] + st.items[k + 1 :]
        s = evolve(s, seats=s.seat_with(seat, items=items), item_discard=put(s.item_discard, drop))
        s = log(
            s,
            "buildup.restricted",
            f"{who} keeps {s.name(arg)} and discards {s.name(drop)} (one Restricted Item).",
        )
        return enforce_unmet(s, seat, was)
    if k == "!buy":
        s = pop(s)
        if verb == "pass":
            passed = list(s.passed)
            passed[seat] = True
            s = evolve(s, passed=tuple(passed))
            return log(s, "buildup.purchase", f"{who} passes: their Purchase step is over.")
        cost = s.card(arg).cost
        s = evolve(
            s,
            market=take(s.market, arg),
            seats=s.seat_with(seat, gold=st.gold - cost, stones=st.stones + 1),
        )
        s = log(
            s,
            "buildup.purchase",
            f"{who} buys {s.name(arg)} for {cost} Gold and gains a Shadow Stone.",
            seat=seat,
        )
        return equip(s, seat, arg)
    if k == "!study":
        if verb == "done":
            return pop(s)
        sk = s.card(arg)
        lib = take(st.library, arg)
        changes = dict(
            library=lib, xp=st.xp - R.STUDY_COST, stones=st.stones + 1, studied=st.studied + (arg,)
        )
        changes["deck"] = put(st.deck, arg)
        s = evolve(s, seats=s.seat_with(seat, **changes))
        s = log(
            s,
            "buildup.study",
            f"{who} studies {sk.name} (3 Experience, +1 Shadow Stone) into the Current Deck.",
            seat=seat,
        )
        if 0 in sk.initiative and not s.usable_by(seat, sk):
            s = log(
                s,
                "study.initiative-zero",
                f"{sk.name} has Initiative 0, but {s.name(st.hero)} does not meet its "
                "requirement: it waits in the Current Deck until the Hero does.",
                seat=seat,
            )
        return s
    raise AssertionError(k)
