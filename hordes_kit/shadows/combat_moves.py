"""The Combat Phase's decisions applied: laying and flipping cards, Active Abilities,
targets, predictions, Responses and Dodge, Shield Points, Choose One, Attachments."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.combat import attach, do_predict, effect_at, start_card
from hordes_kit.shadows.damage import block_of, finish_defence, lose_health
from hordes_kit.shadows.stack import log, pop, push
from hordes_kit.shadows.state import Position, Task, parse_seat, put, seat_id, take

__all__ = ["decide_combat", "COMBAT_TASKS"]

COMBAT_TASKS = frozenset(
    {"!turn", "!next", "!target", "!predict", "!defend", "!shields", "!repeat", "!choose"}
    | {"!attach"}
)


def decide_combat(s: Position, action: tuple[str, ...]) -> Position:
    """The position after a Combat decision (the task on top is one of ``COMBAT_TASKS``)."""
    t = s.top()
    verb = action[0]
    arg = action[1] if len(action) > 1 else ""
    seat = t.seat
    st = s.seats[seat]
    who = s.who(seat)
    k = t.kind
    if k == "!turn":
        if verb == "lay":
            s = evolve(s, queue=s.queue + (arg,), seats=s.seat_with(seat, hand=take(st.hand, arg)))
            where = "faceup" if len(s.queue) == 1 else "facedown"
            return log(
                s,
                "combat.lay",
                f"{who} lays a card {where} (card {len(s.queue)} in line).",
                seat=seat,
            )
        if verb == "use":
            return _use(s, seat, arg)
        s = pop(s)
        if verb == "pass":
            return log(s, "combat.pass", f"{who} passes Initiative Step {s.step}.", seat=seat)
        first, rest = s.queue[0], s.queue[1:]
        s = evolve(s, queue=rest, seats=s.seat_with(seat, hand=put(st.hand, first)))
        return start_card(push(s, Task("!next", seat)), seat, first)
    if k == "!next":
        first, rest = s.queue[0], s.queue[1:]
        s = evolve(s, queue=rest, seats=s.seat_with(seat, hand=put(st.hand, first)))
        if verb == "skip":
            return log(
                s, "combat.skip", f"{who} does not flip the next card: it goes back to the hand."
            )
        s = log(s, "combat.flip", f"{who} flips the next card.", seat=seat)
        return start_card(s, seat, first)
    if k == "!target":
        return _target(pop(s), t, arg)
    if k == "!predict":
        return do_predict(s, t, parse_seat(arg, s.n), int(action[2]))
    if k == "!defend":
        return _defend(s, t, verb, arg)
    if k == "!shields":
        s = pop(s)
        return finish_defence(s, t, t.amount - int(arg), t.has("responded"), int(arg))
    if k == "!repeat":
        s = pop(s)
        if verb == "repeat":
            s = log(s, "repeat", f"{who} uses {s.name(t.card)} again (Repeat).")
            return push(s, Task("card", seat, t.card))
        return s
    if k == "!choose":
        s = pop(s)
        card_task = s.tasks[-1]
        notes = card_task.notes + (f"chose{t.index}:{arg}",)
        s = evolve(s, tasks=s.tasks[:-1] + (evolve(card_task, notes=notes),))
        e = effect_at(s, s.tasks[-1], t.index)
        return log(s, "choose-one", f"{who} chooses: {e.text} ({s.name(t.card)}).", seat=seat)
    if k == "!attach":
        return attach(pop(s), seat, t.card, arg)
    raise AssertionError(k)


def _use(s: Position, seat: int, card: str) -> Position:
    st = s.seats[seat]
    placed = next((p for p in st.station if p.card == card), None)
    if placed is not None:
        station = tuple(
            evolve(p, used_round=p.used_round + 1, used_game=p.used_game + 1) if p is placed else p
            for p in st.station
        )
        s = evolve(s, seats=s.seat_with(seat, station=station))
        src = f"{seat_id(seat)}.{card}" if s.card(card).entity else seat_id(seat)
        s = log(s, "card.active", f"{s.who(seat)} uses {s.name(card)}'s Active Ability.", seat=seat)
        notes = ("active",) + ((f"on:{placed.on}",) if placed.on else ())
        return push(s, Task("card", seat, card, source=src, notes=notes))
    item = s.card(card)
    items = tuple(evolve(p, used_game=p.used_game + 1) for p in st.items if p.card == card)
    rest = tuple(p for p in st.items if p.card != card)
    if item.one_time:
        s = evolve(s, seats=s.seat_with(seat, items=rest))
        s = log(s, "one-time", f"{s.name(card)} is a One Time Item: used, it leaves the game.")
    else:
        s = evolve(s, seats=s.seat_with(seat, items=rest + items))
    return push(s, Task("card", seat, card, notes=("active", "item")))


def _target(s: Position, t: Task, target: str) -> Position:
    card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == t.seat)
    e = effect_at(s, card_task, t.index)
    # remember the target for an 'other' Attack of the same card
    tasks = list(s.tasks)
    i = len(tasks) - 1 - tasks[::-1].index(card_task)
    notes = tuple(n for n in card_task.notes if not n.startswith("prev:")) + (f"prev:{target}",)
    tasks[i] = evolve(card_task, notes=notes)
    s = evolve(s, tasks=tuple(tasks))
    stats = s.hero_stats(t.seat)
    kd = parse_seat(target.partition(".")[0], s.n)
    tdmg = s.seats[kd].damage if kd is not None and "." not in target else 0
    if t.has("lose"):
        return lose_health(s, t.seat, target, R.amount(e.args[0], stats, tdmg), "spell", t.card)
    src = t.source or seat_id(t.seat)
    if R.dice_faces(e.args[0]):
        plus = e.args[0].partition("+")[2] or "0"
        a = Task("attack", t.seat, t.card, target, 0, source=src, notes=(f"plus:{plus}",))
        s = log(s, "die", f"{s.who(t.seat)} announces the target, then rolls the die.")
        return push(s, a, Task("?die", t.seat))
    amount = R.amount(e.args[0], stats, tdmg)
    return push(s, Task("attack", t.seat, t.card, target, amount, source=src))


def _defend(s: Position, t: Task, verb: str, arg: str) -> Position:
    s = pop(s)
    seat = t.seat
    via = t.notes[0]
    if verb == "take":
        blocked, shields_ok, responded = 0, via == "attack", False
    elif verb == "dodge":
        ff = s.flat_footed(seat)
        sk = s.card(ff.card)
        blocked, shields_ok = block_of(s, seat, sk.back.effects)
        station = tuple(
            evolve(p, back=False, broken=0) if p is ff else p for p in s.seats[seat].station
        )
        s = evolve(s, seats=s.seat_with(seat, station=station))
        s = log(
            s,
            "attack.dodge",
            f"{s.who(seat)} uses Dodge: block {blocked} and flip it back to Flat-Footed.",
        )
        responded = True
    else:
        sk = s.card(arg)
        blocked, shields_ok = block_of(s, seat, sk.front.effects)
        s = start_card(s, seat, arg, response=True)
        for e in sk.front.effects:
            if e.verb == "gain" and e.when in ("", "response"):
                n = int(e.args[1])
                g, x, stn = s.seats[seat].earned
                add = {"gold": (n, 0, 0), "xp": (0, n, 0), "stone": (0, 0, n)}[e.args[0]]
                earned = (g + add[0], x + add[1], stn + add[2])
                s = evolve(s, seats=s.seat_with(seat, earned=earned))
        s = log(
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
