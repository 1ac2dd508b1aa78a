"""Applying one action id: a chance outcome or the decision of the task on top."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.combat import (
    do_predict,
    finish_defence,
    lose_health,
    lose_resource,
    pop,
    push,
    reveal_ma,
    start_card,
)
from hordes_kit.shadows.flow import enforce_unmet, settle
from hordes_kit.shadows.legal import legal, restricted_pair
from hordes_kit.shadows.opening import mulligan, reveal_monster
from hordes_kit.shadows.state import Placed, Position, Task, parse_seat, put, seat_id, take

__all__ = ["do", "forced", "equip"]


def _log(s: Position, rule: str, text: str, **data) -> Position:
    return evolve(s, log=s.log + (s.ev(rule, text, **data),))


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
    return settle(s, forced)


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
        return _log(s, "setup.leader", f"{s.who(k)} rolls {arg}.", seat=k)
    if verb == "die":
        below = s.tasks[-1]
        plus = int(below.note("plus", "0"))
        s = evolve(s, tasks=s.tasks[:-1] + (evolve(below, amount=int(arg) + plus),))
        return _log(s, "die", f"The die shows {arg}: the Attack deals {int(arg) + plus}.")
    if verb == "monster":
        return reveal_monster(s, arg)
    if verb == "ma":
        if not s.ma_deck:
            s = evolve(s, ma_deck=s.ma_discard, ma_discard=())
            s = _log(
                s,
                "ruling.ma-reshuffle",
                "The Monster-Action deck is empty: its discard pile is shuffled.",
            )
        s = evolve(s, ma_deck=take(s.ma_deck, arg))
        if t.kind == "?ma":
            s = evolve(s, ma_held=put(s.ma_held, arg))
            return _log(
                s, "teamup.deal", f"{s.who(k)} draws a Monster-Action card.", to=[k], kind=arg
            )
        return reveal_ma(s, k, arg, t.source, own=False)
    # draw:<card>
    if t.kind == "?basic":
        return evolve(s, basic_pool=take(s.basic_pool, arg), basics=s.basics + (arg,))
    if t.kind in ("?item", "?reward"):
        if not s.item_deck:
            s = _log(
                s,
                "refresh.reshuffle",
                "The Item deck is empty: the discarded Items are shuffled into a new deck.",
            )
        deck, discard = _draw(s.item_deck, s.item_discard, arg)
        s = evolve(s, item_deck=deck, item_discard=discard)
        if t.kind == "?reward":
            return evolve(s, drawn=s.drawn + (arg,))
        return _log(
            evolve(s, market=s.market + (arg,)), "market.draw", f"{s.name(arg)} joins the Market."
        )
    if t.kind == "?mission":
        offer = s.seats[k].offer + (arg,)
        return evolve(s, mission_deck=take(s.mission_deck, arg), seats=s.seat_with(k, offer=offer))
    if t.kind == "?library":
        lib = put(s.seats[k].library, arg)
        return evolve(s, skill_pool=take(s.skill_pool, arg), seats=s.seat_with(k, library=lib))
    raise AssertionError(t.kind)


def equip(s: Position, seat: int, item: str) -> Position:
    """An Item to the Inventory Field; a second Restricted Item means keeping one."""
    st = s.seats[seat]
    s = evolve(s, seats=s.seat_with(seat, items=st.items + (Placed(item),)))
    if len(restricted_pair(s, seat)) > 1:
        return push(s, Task("!keep", seat))
    return enforce_unmet(s, seat)


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
        return _log(s, "setup.hero", f"{who} chooses {s.name(arg)}.", seat=seat)
    if k == "!mission":
        s = evolve(pop(s), seats=s.seat_with(seat, mission=arg, offer=()))
        return _log(
            s,
            "setup.mission",
            f"{who} keeps {s.name(arg)} (the other goes back to the box).",
            to=[seat],
        )
    if k == "!basic":
        s = pop(s)
        s = evolve(s, basics=take(s.basics, arg))
        s = _log(s, "setup.basic-choice", f"{who} takes {s.name(arg)}.", seat=seat)
        return equip(s, seat, arg)
    if k == "!mulligan":
        return mulligan(s, seat, verb == "keep")
    if k == "!teamup":
        field = "xp" if arg == "xp" else "gold"
        seats = tuple(evolve(x, **{field: getattr(x, field) + 1}) for x in s.seats)
        word = "Experience" if arg == "xp" else "Gold"
        s = evolve(pop(s), seats=seats)
        return _log(
            s,
            "teamup.resource",
            f"{who} announces '{word} this round': every player gains 1 {word}.",
        )
    if k == "!give":
        to = t.amount
        ma, known = list(s.ma), list(s.ma_known)
        ma[to], known[to] = arg, seat
        s = evolve(pop(s), ma=tuple(ma), ma_known=tuple(known), ma_held=take(s.ma_held, arg))
        s = _log(
            s,
            "teamup.deal",
            f"{who} places a Monster-Action card facedown in front of {s.who(to)}.",
        )
        return _log(s, "teamup.deal", f"(you know it is {arg})", to=[seat], kind=arg)
    if k == "!pick":
        s = evolve(s, seats=s.seat_with(seat, deck=take(st.deck, arg), hand=put(st.hand, arg)))
        if t.amount <= 1:
            s = pop(s)
            return _log(s, "plan.choose", f"{who} has chosen a Hand.", seat=seat)
        return evolve(s, tasks=s.tasks[:-1] + (evolve(t, amount=t.amount - 1),))
    if k == "!turn":
        if verb == "lay":
            s = evolve(s, queue=s.queue + (arg,), seats=s.seat_with(seat, hand=take(st.hand, arg)))
            where = "faceup" if len(s.queue) == 1 else "facedown"
            return _log(
                s,
                "combat.lay",
                f"{who} lays a card {where} (card {len(s.queue)} in line).",
                seat=seat,
            )
        if verb == "use":
            return _use(s, seat, arg)
        s = pop(s)
        if verb == "pass":
            return _log(s, "combat.pass", f"{who} passes Initiative Step {s.step}.", seat=seat)
        first, rest = s.queue[0], s.queue[1:]
        s = evolve(s, queue=rest, seats=s.seat_with(seat, hand=put(st.hand, first)))
        return start_card(push(s, Task("!next", seat)), seat, first)
    if k == "!next":
        first, rest = s.queue[0], s.queue[1:]
        s = evolve(s, queue=rest, seats=s.seat_with(seat, hand=put(st.hand, first)))
        if verb == "skip":
            return _log(
                s, "combat.skip", f"{who} does not flip the next card: it goes back to the hand."
            )
        s = _log(s, "combat.flip", f"{who} flips the next card.", seat=seat)
        return start_card(s, seat, first)
    if k == "!target":
        return _target(pop(s), t, arg)
    if k == "!predict":
        target = parse_seat(arg, s.n)
        return do_predict(s, t, target, int(action[2]))
    if k == "!defend":
        return _defend(s, t, verb, arg)
    if k == "!shields":
        s = pop(s)
        dmg = t.amount - int(arg)
        return finish_defence(s, t, dmg, t.has("responded"), int(arg))
    if k == "!lose":
        return lose_resource(pop(s), seat, arg)
    if k in ("!search", "!destroy"):
        s = pop(s)
        if verb == "skip":
            return s
        s = evolve(s, market=take(s.market, arg))
        if k == "!destroy":
            return _log(s, "destroy", f"{who} destroys {s.name(arg)}: out of the game.")
        s = evolve(s, item_discard=put(s.item_discard, arg))
        s = _log(s, "search", f"{who} replaces {s.name(arg)} in the Market.")
        return push(s, Task("?item", -1, target="market")) if s.item_deck or s.item_discard else s
    if k == "!take":
        s = pop(s)
        rest = take(s.drawn, arg)
        s = evolve(s, drawn=(), item_discard=put(s.item_discard, *rest))
        s = _log(s, "monster.random-item", f"{who} keeps {s.name(arg)}.")
        return equip(s, seat, arg)
    if k == "!keep":
        s = pop(s)
        drop = [c for c in restricted_pair(s, seat) if c != arg][0]
        items = tuple(p for p in st.items if p.card != drop)
        s = evolve(s, seats=s.seat_with(seat, items=items), item_discard=put(s.item_discard, drop))
        s = _log(
            s,
            "buildup.restricted",
            f"{who} keeps {s.name(arg)} and discards {s.name(drop)} (one Restricted Item).",
        )
        return enforce_unmet(s, seat)
    if k == "!repeat":
        s = pop(s)
        return push(s, Task("card", seat, t.card)) if verb == "repeat" else s
    if k == "!buy":
        s = pop(s)
        if verb == "pass":
            passed = list(s.passed)
            passed[seat] = True
            s = evolve(s, passed=tuple(passed))
            return _log(s, "buildup.purchase", f"{who} passes: their Purchase step is over.")
        cost = s.card(arg).cost
        s = evolve(
            s,
            market=take(s.market, arg),
            seats=s.seat_with(seat, gold=st.gold - cost, stones=st.stones + 1),
        )
        s = _log(
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
        if sk.initiative == (0,):
            changes["station"] = st.station + (Placed(arg),)
        else:
            changes["deck"] = put(st.deck, arg)
        s = evolve(s, seats=s.seat_with(seat, **changes))
        where = "Station Field" if "station" in changes else "Current Deck"
        return _log(
            s,
            "buildup.study",
            f"{who} studies {sk.name} (3 Experience, +1 Shadow Stone) into the {where}.",
            seat=seat,
        )
    raise AssertionError(k)


def _use(s: Position, seat: int, card: str) -> Position:
    st = s.seats[seat]
    if any(p.card == card for p in st.station):
        station = tuple(
            evolve(p, used_round=p.used_round + 1, used_game=p.used_game + 1)
            if p.card == card
            else p
            for p in st.station
        )
        s = evolve(s, seats=s.seat_with(seat, station=station))
        src = f"{seat_id(seat)}.{card}" if s.card(card).entity else seat_id(seat)
        s = _log(
            s, "card.active", f"{s.who(seat)} uses {s.name(card)}'s Active Ability.", seat=seat
        )
        return push(s, Task("card", seat, card, source=src, notes=("active",)))
    item = s.card(card)
    items = tuple(evolve(p, used_game=p.used_game + 1) for p in st.items if p.card == card)
    rest = tuple(p for p in st.items if p.card != card)
    if item.one_time:
        s = evolve(s, seats=s.seat_with(seat, items=rest), item_discard=s.item_discard)
        s = _log(s, "one-time", f"{s.name(card)} is a One Time Item: used, it leaves the game.")
    else:
        s = evolve(s, seats=s.seat_with(seat, items=rest + items))
    return push(s, Task("card", seat, card, notes=("active", "item")))


def _target(s: Position, t, target: str) -> Position:
    card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == t.seat)
    sk = s.card(t.card)
    act = sk.active if card_task.has("item") else sk.front.active
    effects = act.get("effects", ()) if card_task.has("active") else sk.front.effects
    e = effects[t.index]
    # remember the target for an 'other' Attack of the same card
    tasks = list(s.tasks)
    i = len(tasks) - 1 - tasks[::-1].index(card_task)
    notes = tuple(n for n in card_task.notes if not n.startswith("prev:")) + (f"prev:{target}",)
    tasks[i] = evolve(card_task, notes=notes)
    s = evolve(s, tasks=tuple(tasks))
    stats = s.hero_stats(t.seat)
    head = target.partition(".")[0]
    kd = parse_seat(head, s.n)
    tdmg = s.seats[kd].damage if kd is not None and "." not in target else 0
    if t.has("lose"):
        return lose_health(s, t.seat, target, R.amount(e.args[0], stats, tdmg), "spell", t.card)
    src = t.source or seat_id(t.seat)
    if R.dice_faces(e.args[0]):
        plus = e.args[0].partition("+")[2] or "0"
        a = Task("attack", t.seat, t.card, target, 0, source=src, notes=(f"plus:{plus}",))
        s = _log(s, "die", f"{s.who(t.seat)} announces the target, then rolls the die.")
        return push(s, a, Task("?die", t.seat))
    return push(
        s, Task("attack", t.seat, t.card, target, R.amount(e.args[0], stats, tdmg), source=src)
    )


def _defend(s: Position, t, verb: str, arg: str) -> Position:
    s = pop(s)
    seat = t.seat
    via = t.notes[0]
    if verb == "take":
        blocked, shields_ok, responded = 0, via == "attack", False
    elif verb == "dodge":
        ff = s.flat_footed(seat)
        sk = s.card(ff.card)
        blocked, shields_ok = _block_of(s, seat, sk.back.effects)
        station = tuple(
            evolve(p, back=False, broken=0) if p is ff else p for p in s.seats[seat].station
        )
        s = evolve(s, seats=s.seat_with(seat, station=station))
        s = _log(
            s,
            "attack.dodge",
            f"{s.who(seat)} uses Dodge: block {blocked} and flip it back to Flat-Footed.",
        )
        responded = True
    else:
        sk = s.card(arg)
        blocked, shields_ok = _block_of(s, seat, sk.front.effects)
        s = start_card(s, seat, arg, response=True)
        gains = [e for e in sk.front.effects if e.verb == "gain" and e.when in ("", "response")]
        for e in gains:
            kind, n = e.args[0], int(e.args[1])
            g, x, stn = s.seats[seat].earned
            add = {"gold": (n, 0, 0), "xp": (0, n, 0), "stone": (0, 0, n)}[kind]
            s = evolve(s, seats=s.seat_with(seat, earned=(g + add[0], x + add[1], stn + add[2])))
        s = _log(
            s,
            "attack.response",
            f"{s.who(seat)} responds with {sk.name}: block {blocked}"
            + (", and Shield Points may be used." if shields_ok else " (no Shield Points)."),
            seat=seat,
        )
        responded = True
    left = max(0, t.amount - blocked)
    shields_ok = shields_ok and via == "attack"
    t2 = evolve(
        t, kind="!shields", amount=left, notes=t.notes + (("responded",) if responded else ())
    )
    if left and shields_ok and s.shields(seat):
        return push(s, t2)
    return finish_defence(s, t2, left, responded, 0)


def _block_of(s: Position, seat: int, effects) -> tuple[int, bool]:
    for e in effects:
        if e.verb == "block":
            return R.amount(e.args[0], s.hero_stats(seat)), "shields" in e.args[1:]
    return 0, False
