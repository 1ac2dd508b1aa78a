"""Damage Management: Responses, Dodge, Shield Points, health lost and recovered, Allied
entities defeated, Attack damage landing after the Monster-Action, Invincible entities."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.rewards import defeat_monster, knockdown, reward
from hordes_kit.shadows.stack import entity_name, log, pop, push
from hordes_kit.shadows.state import Position, Task, parse_seat

__all__ = [
    "defend_options",
    "block_of",
    "mark_shields",
    "finish_defence",
    "lose_health",
    "recover",
    "land",
    "detach",
    "negated",
]


def negated(s: Position, target: str, what: str) -> Position | None:
    """The position with the effect cancelled when ``target`` is Invincible, else None."""
    if not s.is_invincible(target):
        return None
    return log(s, "invincible", f"{entity_name(s, target)} is Invincible: {what} has no effect.")


def defend_options(s: Position, t: Task) -> list[str]:
    """What the defender may do: a Response card from the hand, Dodge, or take it."""
    via = t.notes[0] if t.notes else "attack"
    seat = t.seat
    out = []
    trait = f"Response ({via.title()})"
    stats = s.hero_stats(seat)
    for c in sorted(set(s.seats[seat].hand)):
        sk = s.card(c)
        if sk.front.has(trait) and s.usable_by(seat, sk, stats):
            out.append(f"respond:{c}")
    ff = s.flat_footed(seat)
    if via == "attack" and "." not in t.target and ff is not None and ff.back:
        out.append("dodge")
    out.append("take")
    return out


def block_of(s: Position, seat: int, effects) -> tuple[int, bool]:
    """A Response's block amount and whether Shield Points may be used after it."""
    for e in effects:
        if e.verb == "block":
            return R.amount(e.args[0], s.hero_stats(seat)), "shields" in e.args[1:]
    return 0, False


def mark_shields(s: Position, seat: int, k: int) -> Position:
    """Mark ``k`` Shield Points, soonest-recovering cards first (ruling)."""
    st = s.seats[seat]
    combat, station, items = list(st.combat), list(st.station), list(st.items)
    leader_broken = s.leader_broken
    for src, avail in s.shield_sources(seat):
        if k <= 0:
            break
        use = min(k, avail)
        k -= use
        kind, _, card = src.partition(":")
        if kind == "leader":
            leader_broken += use
            continue
        zone = {"combat": combat, "station": station, "item": items}[kind]
        for i, p in enumerate(zone):
            if p.card == card:
                zone[i] = evolve(p, broken=p.broken + use)
                break
    seats = s.seat_with(seat, combat=tuple(combat), station=tuple(station), items=tuple(items))
    return evolve(s, seats=seats, leader_broken=leader_broken)


def detach(s: Position, target: str) -> Position:
    """Attachments on an entity that left play go back to their owners' Current Decks."""
    for k in range(s.n):
        st = s.seats[k]
        gone = [p.card for p in st.station if p.on == target]
        if gone:
            keep = tuple(p for p in st.station if p.on != target)
            deck = tuple(sorted(st.deck + tuple(gone)))
            s = evolve(s, seats=s.seat_with(k, station=keep, deck=deck))
            names = ", ".join(s.name(c) for c in gone)
            s = log(s, "attachment.gone", f"{names}: its entity left play, back to the deck.")
    return s


def _entity_damage(s: Position, seat: int, card: str, dmg: int) -> Position:
    st = s.seats[seat]
    station, gone = [], False
    for p in st.station:
        if p.card == card:
            p = evolve(p, damage=p.damage + dmg)
            if p.damage >= s.card(card).health:
                gone = True
                continue
        station.append(p)
    deck = st.deck + ((card,) if gone else ())
    s = evolve(s, seats=s.seat_with(seat, station=tuple(station), deck=tuple(sorted(deck))))
    if gone:
        s = log(s, "entity.defeated", f"{s.name(card)} is defeated: back to the Current Deck.")
        s = detach(s, f"p{seat + 1}.{card}")
    return s


def finish_defence(s: Position, t: Task, dmg: int, responded: bool, shielded: int) -> Position:
    """Apply what is left of the damage; flip Flat-Footed; defeat entities; KnockDowns."""
    seat = t.seat
    via = t.notes[0] if t.notes else "attack"
    if shielded:
        s = mark_shields(s, seat, shielded)
    target = t.target
    s = log(
        s,
        "damage.assign",
        f"{entity_name(s, target)} takes {dmg} damage"
        + (f" ({shielded} on Shield Points)" if shielded else "")
        + ".",
        seat=seat,
    )
    knocked = False
    _, _, card = target.partition(".")
    if card:
        s = _entity_damage(s, seat, card, dmg)
    else:
        st = s.seats[seat]
        s = evolve(s, seats=s.seat_with(seat, damage=st.damage + dmg))
        ff = s.flat_footed(seat)
        if via == "attack" and not responded and not shielded and dmg > 0 and ff and not ff.back:
            station = tuple(
                evolve(p, back=True, damage=0, broken=0) if p is ff else p
                for p in s.seats[seat].station
            )
            s = evolve(s, seats=s.seat_with(seat, station=station))
            s = log(s, "attack.flat-footed", f"{s.who(seat)} flips Flat-Footed to Dodge.")
        if s.seats[seat].damage >= s.hero_stats(seat)[3]:
            knocked = True
            s = knockdown(s, seat, t.note("by"), t.source)
    if t.has("own"):
        last = ("attacked",) if via == "attack" else ()
        last += (("responded",) if responded else ()) + (("lost",) if dmg else ())
        last += ("knockdown",) if knocked else ()
        s = evolve(s, last=last + (("hit",) if "hit" in s.last else ()))
    return s


def lose_health(s: Position, seat: int, target: str, n: int, via: str, card: str) -> Position:
    """A Predict or Spell 'loses N health': no Shield Points, no Monster-Action card."""
    if n <= 0:
        return s
    stop = negated(s, target, "the loss of health")
    if stop is not None:
        return stop
    if target == "monster":
        if not s.monster:
            return s
        md = list(s.mdamage)
        md[seat] += n
        s = evolve(s, mdamage=tuple(md))
        mon = s.card(s.monster)
        s = log(s, "spell.lose", f"{mon.name} loses {n} health ({s.who(seat)}'s tokens).")
        return defeat_monster(s, seat) if md[seat] >= mon.health else s
    if target == s.creature and s.creature:
        return push(s, Task("land", seat, "", target, n))
    k = parse_seat(target.partition(".")[0], s.n)
    by = "monster" if seat < 0 else str(seat)
    notes = (via, f"by:{by}") + (("own",) if card else ())
    source = "monster" if seat < 0 else f"p{seat + 1}"
    return push(s, Task("!defend", k, card, target, n, source=source, notes=notes))


def recover(s: Position, target: str, n: int) -> Position:
    """A Hero or Allied entity recovers ``n`` health (not an Invincible one)."""
    stop = negated(s, target, "recovering")
    if stop is not None:
        return stop
    head, _, card = target.partition(".")
    k = parse_seat(head, s.n)
    if k is None:
        return s
    st = s.seats[k]
    if card:
        station = tuple(
            evolve(p, damage=max(0, p.damage - n)) if p.card == card else p for p in st.station
        )
        s = evolve(s, seats=s.seat_with(k, station=station))
        return log(s, "recover", f"{entity_name(s, target)} recovers up to {n} health.", seat=k)
    got = min(n, st.damage)
    s = evolve(s, seats=s.seat_with(k, damage=st.damage - got))
    return log(s, "recover", f"{s.who(k)}'s Hero recovers {got} health.", seat=k)


def land(s: Position, t: Task) -> Position:
    """Attack damage lands after the Monster-Action card is resolved (Combat with a Monster)."""
    s = pop(s)
    blocked = int(t.note("blocked", "0"))
    dmg = max(0, t.amount - blocked)
    last = ("attacked",) + (("responded",) if blocked else ()) + (("lost",) if dmg else ())
    if t.card:
        s = evolve(s, last=last)
    if t.target == "monster":
        if not s.monster:
            return log(s, "monster.gone", "The Monster is already defeated: no damage lands.")
        md = list(s.mdamage)
        md[t.seat] += dmg
        mon = s.card(s.monster)
        s = log(
            s,
            "attack.land",
            f"{dmg} damage lands on {mon.name} ({s.who(t.seat)}'s tokens: {md[t.seat]} of "
            f"{mon.health}).",
            seat=t.seat,
        )
        rec = min(int(t.note("recover", "0")), md[t.seat])
        if rec:
            # the card this Attack revealed: "the Monster recovers 1 health right after the
            # Attack", before anyone checks whether it is defeated
            md[t.seat] -= rec
            s = log(
                s,
                "monster.recover-after",
                f"{mon.name} recovers {rec}: {rec} of {s.who(t.seat)}'s tokens come off it "
                f"({md[t.seat]} of {mon.health}).",
                seat=t.seat,
            )
        s = evolve(s, mdamage=tuple(md))
        if md[t.seat] >= mon.health:
            s = defeat_monster(s, t.seat)
        return s
    if t.target == s.creature and s.creature:
        cd = list(s.cdamage)
        cd[t.seat] += dmg
        cr = s.card(s.creature)
        s = evolve(s, cdamage=tuple(cd))
        s = log(s, "attack.land", f"{dmg} damage lands on {cr.name}.")
        if cd[t.seat] >= cr.health:
            s = reward(s, t.seat, cr.reward, cr.name)
            s = evolve(s, creature="", cdamage=(0,) * s.n)
            s = log(s, "monster.creature-defeated", f"{s.who(t.seat)} defeats {cr.name}.")
        return s
    return s
