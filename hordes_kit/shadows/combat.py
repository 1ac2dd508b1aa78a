"""Skill cards in the Combat Phase: playing a card to its Field and resolving its effects in
order (Choose One, Attachments, Invincible, Delay, Repeat), and the Predict Trait.

Every function takes a position and returns a new one; what still has to happen is
pushed on ``tasks`` (decisions, chance draws, automatic steps).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.attack import ATTACK_TRAITS, begin_attack, targets
from hordes_kit.shadows.card_model import Effect
from hordes_kit.shadows.damage import lose_health, recover
from hordes_kit.shadows.stack import gain, log, pop, push
from hordes_kit.shadows.state import Placed, Position, Task, seat_id, take

__all__ = [
    "start_card",
    "run_card",
    "effect_at",
    "attach_targets",
    "predictions",
    "do_predict",
    "ATTACK_TRAITS",
]


def start_card(s: Position, seat: int, card: str, response: bool = False) -> Position:
    """Play a card from the hand (or queue) to its Field and push its effects."""
    sk = s.card(card)
    st = s.seats[seat]
    hand = take(st.hand, card) if card in st.hand else st.hand
    played = list(s.played)
    played[seat] += (card,)
    s = evolve(s, played=tuple(played))
    traits = sk.front.traits
    if sk.station:
        station = st.station + (Placed(card),)
        s = evolve(s, seats=s.seat_with(seat, hand=hand, station=station))
        where = "Station Field"
    else:
        s = evolve(s, seats=s.seat_with(seat, hand=hand, combat=st.combat + (Placed(card),)))
        where = "Combat Field"
    if traits & ATTACK_TRAITS and not response:
        attacks = list(s.attacks)
        attacks[seat] += 1
        alone = list(s.standalone)
        alone[seat] = alone[seat] or "Attack (Standalone)" in traits
        s = evolve(s, attacks=tuple(attacks), standalone=tuple(alone))
    s = log(s, "card.play", f"{s.who(seat)} plays {sk.name} to the {where}.", seat=seat)
    if response:
        return s
    s = push(evolve(s, last=()), Task("card", seat, card))
    if "Attachment" in traits:
        return push(s, Task("!attach", seat, card))
    return s


def attach_targets(s: Position, seat: int, card: str) -> list[str]:
    """What an Attachment may be attached to: an opponent's or an Allied entity."""
    mode = s.card(card).attach
    out = []
    for k in range(s.n):
        if (k == seat) != (mode == "ally"):
            continue
        out.append(seat_id(k))
        out += [f"{seat_id(k)}.{p.card}" for p in s.seats[k].station if s.card(p.card).entity]
    return [x for x in out if not s.is_invincible(x)]


def attach(s: Position, seat: int, card: str, target: str) -> Position:
    """The Attachment just played is attached to ``target``."""
    st = s.seats[seat]
    station = tuple(evolve(p, on=target) if p.card == card and not p.on else p for p in st.station)
    s = evolve(s, seats=s.seat_with(seat, station=station))
    return log(s, "attachment", f"{s.who(seat)} attaches {s.name(card)} to {_who(s, target)}.")


def _who(s: Position, target: str) -> str:
    head, _, card = target.partition(".")
    k = int(head[1:]) - 1
    return f"{s.who(k)}'s {s.name(card)}" if card else f"{s.who(k)}'s Hero"


__all__ += ["attach"]


def _effects(s: Position, t: Task) -> tuple[Effect, ...]:
    sk = s.card(t.card)
    if t.has("active"):
        if t.has("item"):
            return tuple(sk.active.get("effects", ()))
        return tuple(sk.front.active.get("effects", ()))
    return sk.front.effects


def effect_at(s: Position, card_task: Task, index: int) -> Effect:
    """A card's effect number ``index``; a Choose One effect as the option chosen."""
    e = _effects(s, card_task)[index]
    if e.verb == "choose":
        k = card_task.note(f"chose{index}")
        if k:
            return e.options[int(k) - 1]
    return e


def _cond(s: Position, t: Task, e: Effect) -> bool:
    if not e.when:
        return True
    if e.when == "response":
        return t.has("response")
    if e.when == "no-response":
        return "attacked" in s.last and "responded" not in s.last
    if e.when == "lost-health":
        return "lost" in s.last
    return e.when in s.last  # hit, knockdown


def run_card(s: Position, t: Task) -> Position:
    """Resolve the next effect of a card (Main Traits first, in the card's order)."""
    effects = _effects(s, t)
    if t.index == 0 and not t.has("active") and s.card(t.card).front.has("Predict"):
        if not t.note("pred"):
            if not predictions(s, t.seat, t.card):
                s = log(s, "predict.call", "No prediction is left to make: the card does nothing.")
                return _finish_card(pop(s), t)
            return push(s, Task("!predict", t.seat, t.card))
    if t.index >= len(effects):
        return _finish_card(pop(s), t)
    e = effect_at(s, t, t.index)
    if e.verb == "choose":
        # Choose One: the player picks an option before it resolves
        return push(s, Task("!choose", t.seat, t.card, index=t.index))
    s = evolve(s, tasks=s.tasks[:-1] + (evolve(t, index=t.index + 1),))
    if not _cond(s, t, e) or e.verb in ("stat", "block"):
        return s
    return _apply(s, t, e)


def _apply(s: Position, t: Task, e: Effect) -> Position:
    seat = t.seat
    on = t.note("on")  # an Attachment acts on the entity it is attached to
    if e.verb == "attack":
        return begin_attack(s, seat, t, e)
    if e.verb == "lose":
        pred = t.note("pred")
        amt = R.amount(e.args[0], s.hero_stats(seat))
        if pred or on:
            target = seat_id(int(pred)) if pred else on
            return lose_health(s, seat, target, amt, "predict" if pred else "spell", t.card)
        if not targets(s, seat, e, t):
            return log(s, "attack.target", "No target for this effect.")
        return push(
            s, Task("!target", seat, t.card, index=t.index, source=t.source, notes=("lose",))
        )
    if e.verb == "gain":
        return gain(s, seat, e.args[0], int(e.args[1]), t.card)
    if e.verb == "recover":
        return recover(s, on or seat_id(seat), int(e.args[0]))
    if e.verb == "recover-shields":
        return _recover_shields(s, seat, int(e.args[0]))
    if e.verb == "search":
        return push(s, Task("!search", seat, t.card)) if s.market else s
    if e.verb == "destroy-item":
        return push(s, Task("!destroy", seat, t.card)) if s.market else s
    if e.verb == "invincible":
        inv = list(s.invincible)
        inv[seat] = True
        s = evolve(s, invincible=tuple(inv))
        return log(
            s,
            "invincible",
            f"{s.who(seat)}'s Hero is Invincible until the end of the Combat Phase.",
        )
    return s


def _recover_shields(s: Position, seat: int, n: int) -> Position:
    st = s.seats[seat]
    combat, station = list(st.combat), list(st.station)
    for zone in (combat, station):
        for i, p in enumerate(zone):
            k = min(n, p.broken)
            if k:
                zone[i] = evolve(p, broken=p.broken - k)
                n -= k
    s = evolve(s, seats=s.seat_with(seat, combat=tuple(combat), station=tuple(station)))
    return log(s, "recover", f"{s.who(seat)} recovers Shield Points.", seat=seat)


def _finish_card(s: Position, t: Task) -> Position:
    """After a card: Delay puts Stun tokens on it; a Repeat card may go again."""
    if t.has("active"):
        return s
    sk = s.card(t.card)
    delay = 2 if sk.front.has("Delay II") else 1 if sk.front.has("Delay I") else 0
    st = s.seats[t.seat]
    if delay and not sk.station:
        combat = tuple(evolve(p, stun=delay) if p.card == t.card else p for p in st.combat)
        s = evolve(s, seats=s.seat_with(t.seat, combat=combat))
        r = s.round
        out = " and ".join(f"round {r + j}" for j in range(1, delay + 1))
        tokens = f"{delay} Stun token{'s' if delay > 1 else ''}"
        s = log(
            s,
            "delay",
            f"{s.who(t.seat)}'s {sk.name}: Delay {'I' * delay}: {tokens} on it. At this "
            "round's CleanUp it goes to the Stunned Area, not the Current Deck; it sits out "
            f"{out} and is back in the Current Deck at round {r + delay}'s CleanUp.",
        )
    if sk.front.has("Repeat") and "knockdown" in s.last:
        s = log(s, "repeat", f"{sk.name} KnockedDown a Hero: it may be used again (Repeat).")
        s = push(evolve(s, last=()), Task("!repeat", t.seat, t.card))
    return s


# --- Predict ---------------------------------------------------------------------------


def predictions(s: Position, seat: int, card: str) -> list[tuple[int, int]]:
    """(opponent, number) pairs still open: no number predicted twice on one player a round."""
    nums = s.card(card).predict
    return [(k, n) for k in range(s.n) if k != seat for n in nums if n not in s.predicted[k]]


def do_predict(s: Position, t: Task, target: int, number: int) -> Position:
    """Announce a number; the opponent answers yes or no (a two-step card counts twice)."""
    hit = any(number in s.card(c).initiative for c in s.seats[target].hand)
    pred = list(s.predicted)
    pred[target] = tuple(sorted(pred[target] + (number,)))
    call = (t.seat, target, number, hit, len(s.played[target]))
    s = evolve(s, predicted=tuple(pred), last=("hit",) if hit else (), calls=s.calls + (call,))
    s = log(
        s,
        "predict.call",
        f"{s.who(t.seat)} predicts a {number} in {s.who(target)}'s hand: "
        + ("yes, they have one." if hit else "no."),
        seat=t.seat,
        target=target,
        number=number,
        hit=hit,
    )
    tasks = s.tasks[:-1]
    card_task = tasks[-1]
    tasks = tasks[:-1] + (evolve(card_task, notes=card_task.notes + (f"pred:{target}",)),)
    return evolve(s, tasks=tasks)
