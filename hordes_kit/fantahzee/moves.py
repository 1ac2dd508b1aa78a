"""What each Fantahzee move does (setup draws, Action Phase, Attack, damage, Treasure, End)."""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.activation import activate, capture, keep, move, roll, skip, target
from hordes_kit.fantahzee.effects import apply_effects, clear_top, monster_text, to_box
from hordes_kit.fantahzee.legal import capture_targets
from hordes_kit.fantahzee.state import FPosition, Member, replace_seat

__all__ = ["HANDLERS", "end_attack", "lose"]


def first(s: FPosition, seat: str) -> FPosition:
    first = int(seat) - 1
    last = (first - 1) % s.num_players
    return s.with_events(
        s._ev(
            "setup.first-player",
            f"{s.who(first)} starts; {s.who(last)}, on their right, takes the Last Player token.",
            first=first,
            last=last,
        ),
        first=first,
        last=last,
        player=first,
    )


def card(s: FPosition, mid: str) -> FPosition:
    """A facedown horde card is turned face up (setup, an attack flip, the Horde Phase)."""
    name = s._flip_target()
    st = s.stack(name)
    mon = s.card(mid)
    if st.l1:
        st2, pools = evolve(st, top=mid, l1=st.l1 - 1), {"pool1": take(s.pool1, mid)}
    elif mon.level == "boss":
        st2, pools = evolve(st, top=mid, boss=False), {"bosses": take(s.bosses, mid)}
    else:
        st2, pools = evolve(st, top=mid, l2=st.l2 - 1), {"pool2": take(s.pool2, mid)}
    line = tuple(st2 if x.name == name else x for x in s.line)
    rule = {"setup": "setup.flip", "horde": "horde.flip"}.get(s.phase, "attack.flip")
    what = monster_text(s, mid)
    s = s.with_events(
        s._ev(rule, f"Stack {name}: a {what} is turned face up.", stack=name, monster=mid),
        line=line,
        **pools,
    )
    if s.phase != "attack":
        return s
    s = evolve(s, flipping="", locked=name)
    if mon.strength <= s.strength_left:
        return defeat(s, name, forced=True)
    return end_attack(
        s.with_events(
            s._ev(
                "attack.flip-fails",
                f"{mon.name} (strength {mon.strength}) is more than the {s.strength_left} "
                "strength left: the Attack Step ends at once.",
            )
        )
    )


def draw(s: FPosition, cid: str) -> FPosition:
    if s.phase == "setup":
        seat = min(range(s.num_players), key=lambda i: (len(s.seats[i].hand), i))
        seats = replace_seat(s, seat, hand=put(s.seats[seat].hand, cid))
        return s.with_events(
            s._ev("setup.hands", f"{s.who(seat)} is dealt a card.", seat=seat),
            seats=seats,
            hero_deck=take(s.hero_deck, cid),
        )
    seats = replace_seat(s, s.player, hand=put(s.seat.hand, cid))
    return s.with_events(
        s._ev("end.draw", f"{s.who()} draws a card.", seat=s.player),
        seats=seats,
        hero_deck=take(s.hero_deck, cid),
        draws_left=s.draws_left - 1,
    )


def die(s: FPosition, face: str) -> FPosition:
    free = tuple(sorted(s.free + (int(face),), reverse=True))
    fresh = s.fresh + (int(face),)
    ev = []
    if s.to_roll == 1:
        text = f"{s.who()} rolls {R.dice_text(fresh)}"
        if len(free) > len(fresh):
            text += f" (unlocked dice now {R.dice_text(free)})"
        ev.append(s._ev("dice.roll", text + ".", dice=list(fresh)))
        fresh = ()
    return s.with_events(*ev, free=free, to_roll=s.to_roll - 1, fresh=fresh)


def town(s: FPosition, tid: str) -> FPosition:
    town = s.card(tid)
    seats = replace_seat(s, s.player, victory=s.seat.victory + (tid,))
    s = s.with_events(
        s._ev(
            "horde.town",
            f"The monster in the vanguard destroys the {town.name} ({town.xp} XP): "
            f"it goes to {s.who()}'s victory pile.",
            town=tid,
        ),
        seats=seats,
        towns=take(s.towns, tid),
        town_due=False,
    )
    return apply_effects(s, town.effects, 0, town.name)


def treasure(s: FPosition, tid: str) -> FPosition:
    level, rest = s.treasure_due[0], s.treasure_due[1:]
    t = s.card(tid)
    return s.with_events(
        s._ev("treasure.draw", f"{s.who()} draws the treasure {t.name} (level {level} side)."),
        treasures=take(s.treasures, tid),
        drawn=f"{tid}/{level}",
        treasure_due=rest,
    )


def recruit(s: FPosition, hid: str, out: str = "") -> FPosition:
    hero = s.card(hid)
    party = list(s.seat.party)
    ev = []
    discard = s.discard
    if out:
        i = s.member_index(out)
        gone = party.pop(i)
        discard = put(discard, gone.hero)
        ev.append(
            s._ev(
                "action.party-limit",
                f"The party is full (5): {s.name(gone.hero)} is discarded to make room.",
            )
        )
        if gone.treasure:
            ev.append(to_box(s, gone))
            s = evolve(s, boxed=put(s.boxed, gone.treasure))
    party.append(Member(hid))
    ev.append(
        s._ev("action.recruit", f"{s.who()} recruits {hero.name} (strength {hero.strength}).")
    )
    seats = replace_seat(s, s.player, hand=take(s.seat.hand, hid), party=tuple(party))
    return s.with_events(*ev, seats=seats, discard=discard, recruits=s.recruits + 1)


def play(s: FPosition, aid: str) -> FPosition:
    card = s.card(aid)
    seats = replace_seat(s, s.player, hand=take(s.seat.hand, aid))
    s = s.with_events(
        s._ev("action.play", f"{s.who()} plays {card.name}: {card.note.split(' Rulebook')[0]}"),
        seats=seats,
        discard=put(s.discard, aid),
        plays=s.plays + 1,
    )
    return apply_effects(s, card.effects, 0, card.name)


def done(s: FPosition) -> FPosition:
    strength = s.strength()
    s = s.with_events(
        s._ev(
            "attack.total",
            f"Attack Step: the active heroes' total strength is {strength}.",
            strength=strength,
        ),
        phase="attack",
        strength_left=strength,
    )
    return s


def attack(s: FPosition, name: str) -> FPosition:
    return defeat(s, name, forced=False)


def defeat(s: FPosition, name: str, forced: bool) -> FPosition:
    mid = s.stack(name).top
    mon = s.card(mid)
    left = s.strength_left - mon.strength
    s = s.with_events(
        s._ev(
            "attack.flip-must" if forced else "attack.defeat",
            f"{s.who()} defeats the {mon.name} of stack {name} ({mon.strength} strength; "
            f"{left} left).",
            monster=mid,
        ),
        strength_left=left,
        set_aside=s.set_aside + (mid,),
    )
    s = clear_top(s, name, mid)
    for e in mon.effects:
        if e.verb == "capture_other" and capture_targets(s, e.amount, name):
            s = evolve(s, pending=(("capture", e.amount, name, mon.name),) + s.pending)
    return s


def flip(s: FPosition, name: str) -> FPosition:
    return s.with_events(
        s._ev(
            "attack.flip",
            f"{s.who()} flips stack {name}'s facedown top to attack it (now locked to "
            f"stack {name}).",
        ),
        flipping=name,
        locked=name,
    )


def stop(s: FPosition) -> FPosition:
    return end_attack(s.with_events(s._ev("attack.stop", f"{s.who()} stops attacking.")))


def end_attack(s: FPosition) -> FPosition:
    ca = sum(s.card(m).counterattack for m in s.set_aside)
    dmg = max(0, ca - s.shield)
    text = f"Counterattack Step: the defeated monsters' Counterattack is {ca}"
    if s.shield:
        text += f", less Shield {s.shield}"
    text += f": {dmg} damage."
    return s.with_events(
        s._ev("counterattack", text, counterattack=ca, damage=dmg), phase="counter", damage=dmg
    )


def lose(s: FPosition, ref: str) -> FPosition:
    i = s.member_index(ref)
    party = list(s.seat.party)
    m = party.pop(i)
    st = s.card(m.hero).strength
    dmg = max(0, s.damage - st)
    ev = [
        s._ev(
            "damage.discard",
            f"{s.name(m.hero)} (strength {st}) is discarded: {dmg} damage left.",
            hero=m.hero,
        )
    ]
    if m.treasure:
        ev.append(to_box(s, m))
        s = evolve(s, boxed=put(s.boxed, m.treasure))
    return s.with_events(
        *ev,
        seats=replace_seat(s, s.player, party=tuple(party)),
        discard=put(s.discard, m.hero),
        damage=dmg,
    )


def attach(s: FPosition, ref: str) -> FPosition:
    tid, level = s.drawn.split("/")
    t = s.card(tid)
    if ref == "none":
        return s.with_events(
            s._ev("ruling.treasure-box", f"{s.who()} discards {t.name} (back to the box)."),
            drawn="",
            boxed=put(s.boxed, tid),
        )
    i = s.member_index(ref)
    party = list(s.seat.party)
    m = party[i]
    ev = []
    if m.treasure:
        ev.append(
            s._ev(
                "treasure.one-per-hero",
                f"{s.name(m.hero)} already has {s.name(m.treasure)}: it is discarded to the box.",
            )
        )
        s = evolve(s, boxed=put(s.boxed, m.treasure))
    party[i] = evolve(m, treasure=tid, level=int(level))
    ev.append(
        s._ev(
            "treasure.attach",
            f"{t.name} is attached to {s.name(m.hero)}, level {level} side showing "
            "(it works from the next turn).",
        )
    )
    return s.with_events(*ev, seats=replace_seat(s, s.player, party=tuple(party)), drawn="")


def discard(s: FPosition, cid: str) -> FPosition:
    return s.with_events(
        s._ev("end.discard", f"{s.who()} discards {s.name(cid)} down to {R.HAND_SIZE} cards."),
        seats=replace_seat(s, s.player, hand=take(s.seat.hand, cid)),
        discard=put(s.discard, cid),
    )


HANDLERS = {
    "first": first,
    "card": card,
    "draw": draw,
    "die": die,
    "town": town,
    "treasure": treasure,
    "recruit": recruit,
    "play": play,
    "roll": roll,
    "keep": keep,
    "activate": activate,
    "done": done,
    "target": target,
    "skip": skip,
    "capture": capture,
    "move": move,
    "attack": attack,
    "flip": flip,
    "stop": stop,
    "lose": lose,
    "attach": attach,
    "discard": discard,
}
