"""Skill cards in the Combat Phase: playing a card to its Field and resolving its effects in
order (Main Traits and their Sub-Traits, Choose One, Attachments, Invincible, Delay,
Repeat), and the Predict Trait.

Every function takes a position and returns a new one; what still has to happen is
pushed on ``tasks`` (decisions, chance draws, automatic steps).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, take
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.attack import ATTACK_TRAITS, begin_attack, targets
from hordes_kit.shadows.card_effects import RESPONSE_TRAITS, is_sub
from hordes_kit.shadows.card_model import Effect
from hordes_kit.shadows.damage import lose_health, recover
from hordes_kit.shadows.destroy import destroy_targets
from hordes_kit.shadows.stack import gain, log, pop, push
from hordes_kit.shadows.state import Placed, Position, Task, seat_id
from hordes_kit.shadows.triggers import fire

__all__ = [
    "start_card",
    "run_card",
    "effect_at",
    "attach_targets",
    "predictions",
    "do_predict",
    "play_mains",
    "used_by_play",
    "note_task",
    "roll_for",
    "recover_shields",
    "ATTACK_TRAITS",
]


def play_mains(s: Position, card: str) -> list[str]:
    """The Main Traits with effects a card resolves when played at its Initiative Step (a
    Response Trait answers only as a Response)."""
    return [m for m in s.card(card).front.mains() if m not in RESPONSE_TRAITS]


def used_by_play(s: Position, card: str) -> tuple[str, ...]:
    """The notes of the Main Traits a card uses by being played: a Spell, Self, Creature
    ... is used so; an Attack when it is announced, a Predict when its number is called."""
    mains = play_mains(s, card)
    return tuple(f"main:{m}" for m in mains if m not in ATTACK_TRAITS and m != "Predict")


def note_task(s: Position, t: Task, *notes: str) -> Position:
    """The position with notes added to the card task ``t`` (found on the stack)."""
    tasks = list(s.tasks)
    i = len(tasks) - 1 - tasks[::-1].index(t)
    tasks[i] = evolve(t, notes=t.notes + tuple(n for n in notes if n not in t.notes))
    return evolve(s, tasks=tuple(tasks))


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
    if "Attack (Standalone)" in traits:
        s = log(
            s,
            "attack.standalone",
            f"{sk.name} is an Attack (Standalone): {s.who(seat)} uses no other Attack this round.",
            seat=seat,
        )
    mains = play_mains(s, card)
    s = push(evolve(s, last=()), Task("card", seat, card, notes=used_by_play(s, card)))
    if "Attachment" in traits:
        s = push(s, Task("!attach", seat, card))
    if len(mains) > 1:
        # "Some cards have two Main Traits in which case either or both ... may be resolved"
        s = push(s, Task("!main", seat, card))
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
        box = sk if t.has("item") else sk.front
        return tuple((box.track if t.has("track") else box.active).get("effects", ()))
    return sk.front.effects


def effect_at(s: Position, card_task: Task, index: int) -> Effect:
    """A card's effect number ``index``; a Choose One effect as the option chosen."""
    e = _effects(s, card_task)[index]
    if e.verb == "choose" and card_task.note(f"chose{index}"):
        return e.options[int(card_task.note(f"chose{index}")) - 1]
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
    if e.when == "miss":
        return "hit" not in s.last and t.has("predicted")
    return e.when in s.last  # hit, knockdown


def _available(s: Position, t: Task, e: Effect) -> bool:
    """Main Traits first: an effect of a Main Trait not activated or used (a declined group,
    a Response played at its Initiative Step, an Attack never announced) does not resolve,
    nor do its Sub-Traits ("Traits: Priority")."""
    if t.has("active") or not e.trait:
        return True  # an ability of a card in play: its Main Trait is in play
    if t.has(f"skip:{e.trait}"):
        return False
    if e.trait in ATTACK_TRAITS and e.verb == "attack" and not is_sub(e):
        return True  # announcing this Attack is the use of its Trait
    return t.has(f"main:{e.trait}")


def run_card(s: Position, t: Task) -> Position:
    """Resolve the next effect of a card (Main Traits first, in the card's order)."""
    if t.has("trigger") and not any(n.startswith("saved:") for n in t.notes):
        # an ability acting by itself keeps what the card under it will read (``last``)
        t2 = evolve(t, notes=t.notes + ("saved:" + ",".join(s.last),))
        s, t = evolve(s, tasks=s.tasks[:-1] + (t2,)), t2
    effects = _effects(s, t)
    predicts = not t.has("active") and s.card(t.card).front.has("Predict")
    if t.index == 0 and predicts and not t.note("pred") and not t.has("skip:Predict"):
        if not predictions(s, t.seat, t.card):
            s = log(s, "predict.call", "No prediction is left to make: the card does nothing.")
            return _finish_card(pop(s), t)
        return push(s, Task("!predict", t.seat, t.card))
    if t.index >= len(effects):
        return _finish_card(pop(s), t)
    e = effect_at(s, t, t.index)
    if not _available(s, t, e):
        s = evolve(s, tasks=s.tasks[:-1] + (evolve(t, index=t.index + 1),))
        if is_sub(e) and not t.has(f"told:{e.trait}") and not t.has(f"skip:{e.trait}"):
            s = note_task(s, s.tasks[-1], f"told:{e.trait}")
            s = log(
                s,
                "traits.sub",
                f"{s.name(t.card)}: its {e.trait} Trait was not used, so its Sub-Traits "
                "are not available.",
            )
        return s
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
        via = "predict" if pred else "spell"
        if pred or on:
            target = seat_id(int(pred)) if pred else on
            if R.dice_faces(e.args[0]):
                return roll_for(s, Task("lose", seat, t.card, target, notes=(via,)), e.args[0])
            amt = R.amount(e.args[0], s.hero_stats(seat))
            return lose_health(s, seat, target, amt, via, t.card)
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
        return recover_shields(s, seat, int(e.args[0]))
    if e.verb == "search":
        return push(s, Task("!search", seat, t.card)) if s.market else s
    if e.verb in ("destroy-item", "destroy"):
        kind = e.args[0] if e.args else ""  # "" (destroy-item): the player may skip it
        if not destroy_targets(s, seat, kind):
            return log(s, "destroy", f"{s.name(t.card)}: there is nothing it could destroy.")
        return push(s, Task("!destroy", seat, t.card, target=kind))
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


def roll_for(s: Position, task: Task, amount: str) -> Position:
    """A die amount: the task waits under a die roll (``plus``: what the card adds)."""
    plus = amount.partition("+")[2] or "0"
    task = evolve(task, notes=task.notes + (f"plus:{plus}",))
    s = log(s, "die", f"{s.who(task.seat)} rolls the die for the effect's amount.")
    return push(s, task, Task("?die", task.seat))


def recover_shields(s: Position, seat: int, n: int) -> Position:
    """Remove up to ``n`` Damage tokens from the player's marked Shield Points."""
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
    """After a card: Delay puts Stun tokens on it; a Repeat card may go again; a Predict
    or Spell used sets off its player's abilities waiting for one."""
    if t.has("active"):
        saved = next((n[6:] for n in t.notes if n.startswith("saved:")), None)
        if saved is not None:
            s = evolve(s, last=tuple(x for x in saved.split(",") if x))
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
    if t.has("main:Spell"):
        s = fire(s, t.seat, "spell")
    if t.has("predicted"):
        # "effects ... trigger whenever their controlling player uses a Predict card,
        # regardless of whether or not the prediction was successful"
        s = fire(s, t.seat, "predict")
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
    notes = (f"pred:{target}", "predicted", "main:Predict")
    tasks = tasks[:-1] + (evolve(card_task, notes=card_task.notes + notes),)
    return evolve(s, tasks=tasks)
