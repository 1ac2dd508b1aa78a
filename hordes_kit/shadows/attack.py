"""Attacks: their targets (never an Ally, never Invincible, never for 0 damage) and what an
announced Attack sets off (a Monster-Action card, or the defender's choice)."""

from __future__ import annotations

from hordes_kit.shadows import rules as R
from hordes_kit.shadows.card_effects import is_sub
from hordes_kit.shadows.card_model import ATTACK_TRAITS, Effect
from hordes_kit.shadows.monster import reveal_ma
from hordes_kit.shadows.stack import entity_name, log, pop, push
from hordes_kit.shadows.state import Position, Task, parse_seat, seat_id
from hordes_kit.shadows.triggers import fire

__all__ = [
    "ATTACK_TRAITS",
    "targets",
    "begin_attack",
    "run_attack",
    "attack_ready",
    "first_attack",
    "zero_cards",
]


def targets(s: Position, seat: int, e: Effect, t: Task | None = None) -> list[str]:
    """Legal targets of an Attack or Spell effect (never an Ally; no 0-damage Attack)."""
    out = []
    hero_only = "hero" in e.args[1:]
    prev = t.note("prev") if t is not None and "other" in e.args[1:] else ""
    stats = s.hero_stats(seat)
    if s.monster and not hero_only:
        out.append("monster")
    if s.creature and not hero_only:
        out.append(s.creature)
    for k in range(s.n):
        if k == seat:
            continue
        out.append(seat_id(k))
        if not hero_only:
            out += [f"{seat_id(k)}.{p.card}" for p in s.seats[k].station if s.card(p.card).entity]
    out = [x for x in out if x != prev and not s.is_invincible(x)]
    if e.verb == "attack" and not R.dice_faces(e.args[0]):
        # FAQ: an Attack announced for 0 damage is not a use of the Attack Trait
        out = [x for x in out if R.amount(e.args[0], stats, _damage_on(s, x)) > 0]
    return out


def first_attack(effects) -> Effect | None:
    """The attack that uses a card's (or ability's) Attack Trait: its first ``attack``."""
    return next((e for e in effects if e.verb == "attack" and not is_sub(e)), None)


def attack_ready(s: Position, seat: int, card: str) -> bool:
    """A card whose Main Trait is an Attack can be used now: its first Attack has a target it
    would damage (FAQ: "if your damage announcement is ... 0 damage it would not be a
    valid use of an Attack Trait"). Any other card: True."""
    sk = s.card(card)
    if not sk.front.traits & ATTACK_TRAITS:
        return True
    first = first_attack(sk.front.effects)
    return first is None or bool(targets(s, seat, first))


def zero_cards(s: Position, seat: int, step: int) -> list[str]:
    """Cards of this Initiative Step in the hand that would Attack for 0 damage now."""
    hand = sorted(set(s.seats[seat].hand))
    return [
        c
        for c in hand
        if step in s.card(c).initiative and s.usable_by(seat, s.card(c))
        if not attack_ready(s, seat, c)
    ]


def _damage_on(s: Position, target: str) -> int:
    k = parse_seat(target, s.n)
    return s.seats[k].damage if k is not None else 0


def begin_attack(s: Position, seat: int, t: Task, e: Effect) -> Position:
    """An Attack effect: its player chooses the target first."""
    if not targets(s, seat, e, t):
        return log(s, "attack.zero", "This Attack has no target it could damage: it is not used.")
    return push(s, Task("!target", seat, t.card, index=t.index, source=t.source))


def run_attack(s: Position, t: Task) -> Position:
    """An announced Attack: reveal a Monster-Action card, or let the defender respond."""
    s = pop(s)
    src = t.source or seat_id(t.seat)
    s = log(
        s,
        "attack.announce",
        f"{entity_name(s, src)} attacks {entity_name(s, t.target)} for {t.amount} damage.",
    )
    if t.card:
        # its player's abilities waiting for an Attack act once this one is resolved
        s = fire(s, t.seat, "attack")
    if t.target == "monster":
        s = push(s, Task("land", t.seat, t.card, "monster", t.amount, source=src, notes=t.notes))
        if s.ma[t.seat] and not s.ma_up[t.seat]:
            return reveal_ma(s, t.seat, s.ma[t.seat], src, own=True)
        if not (s.ma_deck or s.ma_discard):  # every card is out: nothing to reveal
            return log(s, "monster.action", "No Monster-Action card is left to reveal.")
        return push(s, Task("?reveal", t.seat, source=src))
    if t.target == s.creature:
        return push(s, Task("land", t.seat, t.card, t.target, t.amount, source=src, notes=t.notes))
    k = parse_seat(t.target.partition(".")[0], s.n)
    notes = ("attack", f"by:{t.seat}") + (("own",) if t.card else ())
    return push(s, Task("!defend", k, t.card, t.target, t.amount, source=src, notes=notes))
