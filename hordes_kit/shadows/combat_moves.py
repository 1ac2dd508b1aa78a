"""The Combat Phase's decisions applied: laying and flipping cards, Active Abilities,
targets, predictions, Responses and Dodge, Shield Points, Choose One, Attachments, which
of two Main Traits to resolve."""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.attack import attack_ready, zero_cards
from hordes_kit.shadows.card_effects import group_of
from hordes_kit.shadows.combat import (
    attach,
    do_predict,
    effect_at,
    note_task,
    play_mains,
    recover_shields,
    roll_for,
    start_card,
    used_by_play,
)
from hordes_kit.shadows.damage import block_of, finish_defence, lose_health, recover
from hordes_kit.shadows.stack import gain, log, pop, push
from hordes_kit.shadows.state import Position, Task, parse_seat, seat_id
from hordes_kit.shadows.triggers import fire

__all__ = ["decide_combat", "COMBAT_TASKS"]

COMBAT_TASKS = frozenset(
    {"!turn", "!next", "!target", "!predict", "!defend", "!shields", "!repeat", "!choose"}
    | {"!attach", "!main"}
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
            for c in zero_cards(s, seat, s.step):
                s = log(
                    s,
                    "attack.zero",
                    f"{who}'s {s.name(c)} would Attack for 0 damage: not a valid use of its "
                    "Attack Trait, so it cannot be played now.",
                    seat=seat,
                )
            return log(s, "combat.pass", f"{who} passes Initiative Step {s.step}.", seat=seat)
        first, rest = s.queue[0], s.queue[1:]
        s = evolve(s, queue=rest, seats=s.seat_with(seat, hand=put(st.hand, first)))
        return start_card(push(s, Task("!next", seat)), seat, first)
    if k == "!next":
        first, rest = s.queue[0], s.queue[1:]
        s = evolve(s, queue=rest, seats=s.seat_with(seat, hand=put(st.hand, first)))
        if verb == "skip":
            if not attack_ready(s, seat, first):
                s = log(
                    s,
                    "attack.zero",
                    f"{s.name(first)} would Attack for 0 damage now: not a valid use of its "
                    "Attack Trait.",
                    seat=seat,
                )
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
            return push(s, Task("card", seat, t.card, notes=used_by_play(s, t.card)))
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
    if k == "!main":
        s = pop(s)
        mains = play_mains(s, t.card)
        skip = [f"skip:{m}" for i, m in enumerate(mains, 1) if arg not in ("both", str(i))]
        s = note_task(s, s.tasks[-1], *skip)
        chosen = " and ".join(m for i, m in enumerate(mains, 1) if arg in ("both", str(i)))
        return log(
            s, "traits.main", f"{who} resolves {s.name(t.card)}'s {chosen} Trait.", seat=seat
        )
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
        # one copy leaves the game, to where the used One Time cards are (``boxed``)
        boxed = put(st.boxed, card)
        s = evolve(s, seats=s.seat_with(seat, items=rest + items[1:], boxed=boxed))
        s = log(s, "one-time", f"{s.name(card)} is a One Time Item: used, it leaves the game.")
    else:
        s = evolve(s, seats=s.seat_with(seat, items=rest + items))
    return push(s, Task("card", seat, card, notes=("active", "item")))


def _target(s: Position, t: Task, target: str) -> Position:
    card_task = next(x for x in reversed(s.tasks) if x.kind == "card" and x.seat == t.seat)
    e = effect_at(s, card_task, t.index)
    # remember the target for an 'other' Attack of the same card; an Attack announced is
    # its Main Trait used (its Sub-Traits become available)
    notes = tuple(n for n in card_task.notes if not n.startswith("prev:")) + (f"prev:{target}",)
    if not t.has("lose") and e.trait and not card_task.has("active"):
        notes += (f"main:{e.trait}",) * (f"main:{e.trait}" not in notes)
    tasks = list(s.tasks)
    i = len(tasks) - 1 - tasks[::-1].index(card_task)
    tasks[i] = evolve(card_task, notes=notes)
    s = evolve(s, tasks=tuple(tasks))
    stats = s.hero_stats(t.seat)
    kd = parse_seat(target.partition(".")[0], s.n)
    tdmg = s.seats[kd].damage if kd is not None and "." not in target else 0
    if t.has("lose"):
        if R.dice_faces(e.args[0]):
            return roll_for(s, Task("lose", t.seat, t.card, target, notes=("spell",)), e.args[0])
        return lose_health(s, t.seat, target, R.amount(e.args[0], stats, tdmg), "spell", t.card)
    src = t.source or seat_id(t.seat)
    if R.dice_faces(e.args[0]):
        a = Task("attack", t.seat, t.card, target, 0, source=src)
        return roll_for(s, a, e.args[0])
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
        # only the Response Trait answered resolves (with its Sub-Traits): a card used as a
        # Response pays what that Trait says, not what its other Main Trait would
        mine = group_of(sk.front.effects, f"Response ({via.title()})")
        blocked, shields_ok = block_of(s, seat, mine)
        s = start_card(s, seat, arg, response=True)
        others = [m for m in sk.front.mains() if m != f"Response ({via.title()})"]
        if others:
            s = log(
                s,
                "traits.response",
                f"{sk.name} is used as a Response: its {' and '.join(others)} Trait is not used.",
                seat=seat,
            )
        for e in mine:
            if e.when not in ("", "response"):
                continue
            if e.verb == "gain":
                s = gain(s, seat, e.args[0], int(e.args[1]), arg)
            elif e.verb == "recover":
                s = recover(s, seat_id(seat), int(e.args[0]))
            elif e.verb == "recover-shields":
                s = recover_shields(s, seat, int(e.args[0]))
        s = log(
            s,
            "attack.response",
            f"{s.who(seat)} responds with {sk.name}: block {blocked}"
            + (", and Shield Points may be used." if shields_ok else " (no Shield Points)."),
            seat=seat,
        )
        responded = True
    if responded:
        s = fire(s, seat, "response")
    left = max(0, t.amount - blocked)
    shields_ok = shields_ok and via == "attack"
    t2 = evolve(
        t, kind="!shields", amount=left, notes=t.notes + (("responded",) if responded else ())
    )
    if left and shields_ok and s.shields(seat):
        return push(s, t2)
    return finish_defence(s, t2, left, responded, 0)
