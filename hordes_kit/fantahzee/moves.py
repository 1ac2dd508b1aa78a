"""What a Fantahzee player may do now (``legal``) and what each move does (``do``).

``settle`` walks the turn on through every step that needs no decision and no
chance (an Attack Step with nothing to attack, a Counterattack fully shielded, a
Treasure Step without active heroes...), logging each with its rule.
"""

from __future__ import annotations

from collections import Counter

from hordes_kit.core.state import evolve
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.state import (
    FState,
    Member,
    Stack,
    dice_subsets,
    put,
    replace_seat,
    take,
)

__all__ = ["legal", "do", "settle", "begin_turn"]


# --- legal moves ----------------------------------------------------------------------


def legal(s: FState) -> tuple[str, ...]:
    """Every legal decision id of the current player (unsorted)."""
    if s.pending:
        return _pending_moves(s)
    ph = s.phase
    if ph == "action":
        return _action_moves(s)
    if ph == "roll":
        return _roll_moves(s)
    if ph == "attack":
        return _attack_moves(s)
    if ph in ("counter", "horde"):
        return tuple(f"lose:{s.ref(i)}" for i in s.actives())
    if ph == "treasure":
        return ("attach:none", *(f"attach:{s.ref(i)}" for i in s.actives()))
    if ph == "end":
        return tuple(f"discard:{c}" for c in set(s.seat.hand))
    return ()


def _action_moves(s: FState) -> tuple[str, ...]:
    out = ["roll"]
    hand = set(s.seat.hand)
    heroes = {h.id for h in s.data.heroes}
    if s.recruits < R.RECRUITS:
        for c in hand & heroes:
            if len(s.seat.party) < R.PARTY_LIMIT:
                out.append(f"recruit:{c}")
            else:
                out += [f"recruit:{c}:{s.ref(i)}" for i in range(len(s.seat.party))]
    if s.plays < R.ACTIONS:
        out += [f"play:{c}" for c in hand - heroes]
    return tuple(out)


def activations(s: FState) -> list[str]:
    """Every way to activate a hero now: dice (each distinct set), steam, or free."""
    out = []
    party = s.seat.party
    forbidden = frozenset()
    if s.config.distinct_values:
        forbidden = frozenset(m.xval for m in party if m.active and m.xval)
    for i, m in enumerate(party):
        if m.active:
            continue
        hero = s.card(m.hero)
        cost = s.cost_now(i)
        if cost.dice == 0:
            out.append(f"activate:{s.ref(i)}:free")
        elif s.rolled:
            for pay in R.payments(s.free, cost, forbidden):
                out.append(f"activate:{s.ref(i)}:{R.dice_text(pay)}")
        if hero.steam_cost is not None and s.steam >= hero.steam_cost:
            out.append(f"activate:{s.ref(i)}:steam")
    return out


def _roll_moves(s: FState) -> tuple[str, ...]:
    out = activations(s)
    if not s.rolled:
        return ("roll", *out)
    out.append("done")
    if s.rolls_left:
        for keep in dice_subsets(s.free):
            if len(keep) < len(s.free) or s.unrolled:
                out.append(f"keep:{R.dice_text(keep)}")
    return tuple(out)


def _attack_moves(s: FState) -> tuple[str, ...]:
    out = []
    if s.strength_left > 0:
        for st in s.line:
            if st.top and not s.locked and s.card(st.top).strength <= s.strength_left:
                out.append(f"attack:{st.name}")
            if not st.top and st.hidden and st.name in s.cleared and s.locked in ("", st.name):
                out.append(f"flip:{st.name}")
    return (*out, "stop") if out else ()


def _pending_moves(s: FState) -> tuple[str, ...]:
    kind, *args = s.pending[0]
    if kind == "reduce":
        return tuple(f"target:{s.ref(i)}" for i in _reduce_targets(s))
    if kind == "inspire":
        return ("skip", *(f"target:{s.ref(i)}" for i in _inspire_targets(s, args[0])))
    if kind == "capture":
        return ("skip", *(f"capture:{n}" for n in _capture_targets(s, args[0], args[1])))
    if kind == "move":
        out = []
        for j, st in enumerate(s.line):
            out += [f"move:{st.name}:{k + 1}" for k in range(len(s.line)) if k != j]
        return tuple(out)
    raise AssertionError(kind)


def _reduce_targets(s: FState) -> list[int]:
    return [i for i, m in enumerate(s.seat.party) if not m.active and s.cost_now(i).x > 0]


def _inspire_targets(s: FState, limit: int) -> list[int]:
    party = s.seat.party
    return [i for i, m in enumerate(party) if not m.active and s.card(m.hero).strength <= limit]


def _capture_targets(s: FState, limit: int, other_than: str) -> list[str]:
    return [
        st.name
        for st in s.line
        if st.top and st.name != other_than and s.card(st.top).strength <= limit
    ]


# --- doing a move -----------------------------------------------------------------------


def do(s: FState, action: tuple[str, ...]) -> FState:
    """The state after a legal move, settled to the next decision or chance."""
    verb, *args = action
    return settle(_HANDLERS[verb](s, *args))


def _first(s: FState, seat: str) -> FState:
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


def _card(s: FState, mid: str) -> FState:
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
    what = _monster_text(s, mid)
    s = s.with_events(
        s._ev(rule, f"Stack {name}: a {what} is turned face up.", stack=name, monster=mid),
        line=line,
        **pools,
    )
    if s.phase != "attack":
        return s
    s = evolve(s, flipping="", locked=name)
    if mon.strength <= s.strength_left:
        return _defeat(s, name, forced=True)
    return _end_attack(
        s.with_events(
            s._ev(
                "attack.flip-fails",
                f"{mon.name} (strength {mon.strength}) is more than the {s.strength_left} "
                "strength left: the Attack Step ends at once.",
            )
        )
    )


def _monster_text(s: FState, mid: str) -> str:
    m = s.card(mid)
    bits = [f"strength {m.strength}"]
    if m.counterattack:
        bits.append(f"Counterattack {m.counterattack}")
    if m.ambush:
        bits.append(f"Ambush {m.ambush}")
    bits.append(f"{m.xp} XP")
    level = "Boss Monster" if m.level == "boss" else f"level {m.level} monster"
    return f"{level}, {m.name} ({', '.join(bits)})"


def _draw(s: FState, cid: str) -> FState:
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


def _die(s: FState, face: str) -> FState:
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


def _town(s: FState, tid: str) -> FState:
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
    return _apply_effects(s, town.effects, 0, town.name)


def _treasure(s: FState, tid: str) -> FState:
    level, rest = s.treasure_due[0], s.treasure_due[1:]
    t = s.card(tid)
    return s.with_events(
        s._ev("treasure.draw", f"{s.who()} draws the treasure {t.name} (level {level} side)."),
        treasures=take(s.treasures, tid),
        drawn=f"{tid}/{level}",
        treasure_due=rest,
    )


def _recruit(s: FState, hid: str, out: str = "") -> FState:
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
            ev.append(_to_box(s, gone))
    party.append(Member(hid))
    ev.append(
        s._ev("action.recruit", f"{s.who()} recruits {hero.name} (strength {hero.strength}).")
    )
    seats = replace_seat(s, s.player, hand=take(s.seat.hand, hid), party=tuple(party))
    return s.with_events(*ev, seats=seats, discard=discard, recruits=s.recruits + 1)


def _to_box(s: FState, m: Member):
    return s._ev(
        "ruling.treasure-box",
        f"Its treasure {s.name(m.treasure)} goes back to the box.",
        treasure=m.treasure,
    )


def _play(s: FState, aid: str) -> FState:
    card = s.card(aid)
    seats = replace_seat(s, s.player, hand=take(s.seat.hand, aid))
    s = s.with_events(
        s._ev("action.play", f"{s.who()} plays {card.name}: {card.note.split(' Rulebook')[0]}"),
        seats=seats,
        discard=put(s.discard, aid),
        plays=s.plays + 1,
    )
    return _apply_effects(s, card.effects, 0, card.name)


def _roll(s: FState) -> FState:
    if s.phase == "action":
        s = s.with_events(
            s._ev("dice.start", f"Dice Phase: {s.unrolled} dice, {s.rolls_left} rolls."),
            phase="roll",
        )
        return s if _pre_roll(s) else _start_roll(s)
    return _start_roll(s)


def _pre_roll(s: FState) -> bool:
    """Something may be activated before the first roll (steam, a free cost)."""
    return bool(activations(s))


def _start_roll(s: FState) -> FState:
    return evolve(s, to_roll=s.unrolled, unrolled=0, rolls_left=s.rolls_left - 1, rolled=True)


def _keep(s: FState, dice: str) -> FState:
    kept = () if dice == "none" else tuple(int(d) for d in dice.split(","))
    n = len(s.free) - len(kept) + s.unrolled
    s = s.with_events(
        s._ev(
            "dice.reroll",
            f"{s.who()} keeps {R.dice_text(kept) if kept else 'nothing'} and rerolls {n} "
            f"{'die' if n == 1 else 'dice'}.",
        ),
        free=tuple(sorted(kept, reverse=True)),
    )
    return evolve(s, to_roll=n, unrolled=0, rolls_left=s.rolls_left - 1)


def _activate(s: FState, ref: str, how: str) -> FState:
    i = s.member_index(ref)
    m = s.seat.party[i]
    hero = s.card(m.hero)
    if how == "steam":
        m2 = evolve(m, active=True, paid="steam")
        s = evolve(s, steam=s.steam - hero.steam_cost)
        ev = s._ev(
            "ruling.steam-pool",
            f"{hero.name} is activated with {hero.steam_cost} steam ({s.steam} left).",
        )
    elif how == "free":
        m2 = evolve(m, active=True, paid="free")
        ev = s._ev(
            "ruling.reduce-x",
            f"{hero.name} costs no dice now: activated for free.",
        )
    else:
        dice = tuple(int(d) for d in how.split(","))
        cost = s.cost_now(i)
        xs = Counter(dice)
        for f, k in enumerate(cost.exact, 1):
            xs[f] -= k
        xval = max((f for f, k in xs.items() if k > 0), default=0)
        m2 = evolve(m, active=True, paid="dice", dice=dice, xval=xval)
        s = evolve(s, free=R.remove_dice(s.free, dice))
        ev = s._ev(
            "activate.lock",
            f"{hero.name} is activated: {R.dice_text(dice)} locked on it (cost {cost.text}).",
            dice=list(dice),
        )
    return _activated(s, i, m2, ev)


def _activated(s: FState, i: int, m2: Member, ev) -> FState:
    party = list(s.seat.party)
    party[i] = m2
    s = s.with_events(ev, seats=replace_seat(s, s.player, party=tuple(party)))
    hero = s.card(m2.hero)
    s = _apply_effects(s, hero.effects, hero.strength, hero.name)
    if m2.treasure:
        t = s.card(m2.treasure)
        s = s.with_events(s._ev("treasure.use", f"{hero.name}'s treasure {t.name} activates too."))
        s = _apply_effects(s, t.level1 if m2.level == 1 else t.level2, hero.strength, t.name)
    return s


def _apply_effects(s: FState, effects, strength: int, source: str) -> FState:
    """Resolve a card's effects ("get" steam, Shield, extra dice/rolls, choices)."""
    new_pending = []
    for e in effects:
        v, n = e.verb, e.amount
        if v == "steam":
            s = s.with_events(
                s._ev("steam.get", f"{source}: get {n} steam ({s.steam + n} this turn)."),
                steam=s.steam + n,
            )
        elif v == "shield":
            s = s.with_events(
                s._ev("shields", f"{source}: Shield {n} this turn (Shield {s.shield + n})."),
                shield=s.shield + n,
            )
        elif v == "extra_dice":
            s = s.with_events(
                s._ev(
                    "dice.extra", f"{source}: {n} extra {'die' if n == 1 else 'dice'} this turn."
                ),
                unrolled=s.unrolled + n,
            )
        elif v == "extra_rolls":
            s = s.with_events(
                s._ev(
                    "dice.extra", f"{source}: {n} extra {'roll' if n == 1 else 'rolls'} this turn."
                ),
                rolls_left=s.rolls_left + n,
            )
        elif v == "reduce_x":
            new_pending.append(("reduce", n, source))
        elif v == "activate_other":
            new_pending.append(("inspire", strength, source))
        elif v == "capture":
            new_pending.append(("capture", n, "", source))
        elif v == "move_stack":
            new_pending.append(("move", source))
        elif v == "front_to_back":
            s = _front_to_back(s, source)
    return evolve(s, pending=tuple(new_pending) + s.pending)


def _front_to_back(s: FState, source: str) -> FState:
    if len(s.line) < 2:
        return s
    van = s.line[-1]
    return s.with_events(
        s._ev(
            "card.front-to-back",
            f"{source}: the front horde stack ({van.name}) moves to the back of the line.",
        ),
        line=(van,) + s.line[:-1],
    )


def _pop(s: FState) -> tuple[tuple, FState]:
    return s.pending[0], evolve(s, pending=s.pending[1:])


def _target(s: FState, ref: str) -> FState:
    (kind, n, source), s = _pop(s)
    i = s.member_index(ref)
    m = s.seat.party[i]
    party = list(s.seat.party)
    if kind == "reduce":
        party[i] = evolve(m, reduce=m.reduce + n)
        s = evolve(s, seats=replace_seat(s, s.player, party=tuple(party)))
        now = s.cost_now(i).text or "no dice"
        return s.with_events(
            s._ev(
                "ruling.reduce-x",
                f"{source}: {s.name(m.hero)} costs {n} any-number "
                f"{'die' if n == 1 else 'dice'} less this turn (now {now}).",
            )
        )
    ev = s._ev(
        "activate.other",
        f"{source} activates {s.name(m.hero)} (strength {s.card(m.hero).strength}) without dice.",
    )
    return _activated(s, i, evolve(m, active=True, paid="inspired"), ev)


def _skip(s: FState) -> FState:
    (kind, *_rest), s = _pop(s)
    return s.with_events(s._ev("card.skip", f"{s.who()} chooses not to use the {kind} ability."))


def _capture(s: FState, name: str) -> FState:
    (_k, _n, _other, source), s = _pop(s)
    st = s.stack(name)
    mid = st.top
    s = s.with_events(
        s._ev(
            "ruling.capture",
            f"{source}: the {s.name(mid)} from stack {name} goes straight into "
            f"{s.who()}'s victory pile (no Counterattack, no treasure).",
            monster=mid,
        ),
        seats=replace_seat(s, s.player, victory=s.seat.victory + (mid,)),
    )
    return _clear_top(s, name, mid)


def _move(s: FState, name: str, pos: str) -> FState:
    (_k, source), s = _pop(s)
    line = [x for x in s.line if x.name != name]
    line.insert(int(pos) - 1, s.stack(name))
    return s.with_events(
        s._ev(
            "card.move-stack",
            f"{source}: stack {name} moves to position {pos} of the horde line.",
        ),
        line=tuple(line),
    )


def _clear_top(s: FState, name: str, mid: str) -> FState:
    """A stack loses its top (defeated or captured); a Boss flips a doom token."""
    st = evolve(s.stack(name), top="")
    line = tuple(st if x.name == name else x for x in s.line)
    ev = []
    if not st.hidden:
        line = tuple(x for x in line if x.name != name)
        ev.append(
            s._ev(
                "faq.empty-stack",
                f"Stack {name} is empty: the stacks behind it move forward.",
            )
        )
    doom = s.doom
    if s.card(mid).level == "boss" and doom < R.DOOM_TOKENS:
        doom += 1
        ev.append(
            s._ev(
                "end.doom",
                f"A Boss Monster is defeated: doom token {doom} of {R.DOOM_TOKENS} is flipped.",
                doom=doom,
            )
        )
    cleared = s.cleared if name in s.cleared else s.cleared + (name,)
    return s.with_events(*ev, line=line, doom=doom, cleared=cleared)


def _done(s: FState) -> FState:
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


def _attack(s: FState, name: str) -> FState:
    return _defeat(s, name, forced=False)


def _defeat(s: FState, name: str, forced: bool) -> FState:
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
    s = _clear_top(s, name, mid)
    for e in mon.effects:
        if e.verb == "capture_other" and _capture_targets(s, e.amount, name):
            s = evolve(s, pending=(("capture", e.amount, name, mon.name),) + s.pending)
    return s


def _flip(s: FState, name: str) -> FState:
    return s.with_events(
        s._ev(
            "attack.flip",
            f"{s.who()} flips stack {name}'s facedown top to attack it (now locked to "
            f"stack {name}).",
        ),
        flipping=name,
        locked=name,
    )


def _stop(s: FState) -> FState:
    return _end_attack(s.with_events(s._ev("attack.stop", f"{s.who()} stops attacking.")))


def _end_attack(s: FState) -> FState:
    ca = sum(s.card(m).counterattack for m in s.set_aside)
    dmg = max(0, ca - s.shield)
    text = f"Counterattack Step: the defeated monsters' Counterattack is {ca}"
    if s.shield:
        text += f", less Shield {s.shield}"
    text += f": {dmg} damage."
    return s.with_events(
        s._ev("counterattack", text, counterattack=ca, damage=dmg), phase="counter", damage=dmg
    )


def _lose(s: FState, ref: str) -> FState:
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
        ev.append(_to_box(s, m))
    return s.with_events(
        *ev,
        seats=replace_seat(s, s.player, party=tuple(party)),
        discard=put(s.discard, m.hero),
        damage=dmg,
    )


def _attach(s: FState, ref: str) -> FState:
    tid, level = s.drawn.split("/")
    t = s.card(tid)
    if ref == "none":
        return s.with_events(
            s._ev("ruling.treasure-box", f"{s.who()} discards {t.name} (back to the box)."),
            drawn="",
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
    party[i] = evolve(m, treasure=tid, level=int(level))
    ev.append(
        s._ev(
            "treasure.attach",
            f"{t.name} is attached to {s.name(m.hero)}, level {level} side showing "
            "(it works from the next turn).",
        )
    )
    return s.with_events(*ev, seats=replace_seat(s, s.player, party=tuple(party)), drawn="")


def _discard(s: FState, cid: str) -> FState:
    return s.with_events(
        s._ev("end.discard", f"{s.who()} discards {s.name(cid)} down to {R.HAND_SIZE} cards."),
        seats=replace_seat(s, s.player, hand=take(s.seat.hand, cid)),
        discard=put(s.discard, cid),
    )


_HANDLERS = {
    "first": _first,
    "card": _card,
    "draw": _draw,
    "die": _die,
    "town": _town,
    "treasure": _treasure,
    "recruit": _recruit,
    "play": _play,
    "roll": _roll,
    "keep": _keep,
    "activate": _activate,
    "done": _done,
    "target": _target,
    "skip": _skip,
    "capture": _capture,
    "move": _move,
    "attack": _attack,
    "flip": _flip,
    "stop": _stop,
    "lose": _lose,
    "attach": _attach,
    "discard": _discard,
}


# --- walking on to the next decision ---------------------------------------------------


def begin_turn(s: FState, player: int) -> FState:
    """A player's turn begins with the Action Phase."""
    return s.with_events(
        s._ev("turn.order", f"Turn {s.turn + 1}: {s.who(player)}'s Action Phase.", seat=player),
        player=player,
        turn=s.turn + 1,
        phase="action",
        recruits=0,
        plays=0,
        free=(),
        to_roll=0,
        unrolled=R.DICE,
        rolls_left=R.ROLLS,
        rolled=False,
        steam=0,
        shield=0,
        pending=(),
        strength_left=0,
        locked="",
        cleared=(),
        flipping="",
        set_aside=(),
        treasure_due=(),
        drawn="",
        damage=0,
        ambushed=False,
        town_due=False,
        draws_left=0,
    )


def settle(s: FState) -> FState:
    """Walk on through steps that need neither a decision nor a chance outcome."""
    for _ in range(1000):
        nxt = _step(s)
        if nxt is s:
            return s
        s = nxt
    raise AssertionError("settle did not converge")


def _step(s: FState) -> FState:
    ph = s.phase
    if ph == "over" or s._chance_kind():
        return s
    if ph == "setup":
        if any(len(x.hand) < R.HAND_SIZE for x in s.seats) and s.hero_deck:
            return s
        return begin_turn(evolve(s, turn=0), s.first)
    if s.pending:
        moves = legal(s)
        if moves and moves != ("skip",):
            return s
        (_k, *rest), s2 = _pop(s)
        return s2.with_events(
            s2._ev("card.no-target", f"{rest[-1]}: there is nothing it could be used on.")
        )
    if ph in ("action", "roll", "treasure") and (ph != "treasure" or s.drawn):
        return s
    if ph == "attack":
        if _attack_moves(s):
            return s
        return _end_attack(
            s.with_events(
                s._ev("attack.end", "Nothing more can be attacked: the Attack Step ends.")
            )
        )
    if ph in ("counter", "horde") and (ph == "counter" or s.ambushed):
        if s.damage and s.actives():
            if len(s.actives()) == 1:
                return _lose(s, s.ref(s.actives()[0]))
            return s
        if s.damage:
            s = s.with_events(
                s._ev(
                    "damage.none-left",
                    f"No active heroes remain: the other {s.damage} damage is ignored.",
                ),
                damage=0,
            )
        return _to_treasure(s) if ph == "counter" else _to_end(s)
    if ph == "treasure":
        if s.treasure_due and not s.treasures:
            return s.with_events(
                s._ev("ruling.treasure-empty", "The treasure deck is empty: no treasure is drawn."),
                treasure_due=(),
            )
        return _to_horde(s)
    if ph == "horde":
        if s.town_due and not s.towns:
            return s.with_events(
                s._ev("faq.no-towns", "No town cards are left: nothing happens (FAQ)."),
                town_due=False,
            )
        return _ambush(s)
    if ph == "end":
        if s.draws_left and not s.hero_deck:
            if s.discard:
                return s.with_events(
                    s._ev(
                        "end.reshuffle",
                        f"The hero deck is empty: the discard pile ({len(s.discard)} cards) is "
                        "shuffled into a new hero deck.",
                    ),
                    hero_deck=s.discard,
                    discard=(),
                )
            return s.with_events(s._ev("end.no-cards", "No cards are left to draw."), draws_left=0)
        if len(s.seat.hand) > R.HAND_SIZE:
            return s
        return _end_turn(s)
    raise AssertionError(ph)


def _to_treasure(s: FState) -> FState:
    due = tuple(s.card(m).treasure for m in s.set_aside if s.card(m).treasure)
    if due and not s.actives():
        s = s.with_events(
            s._ev("treasure.no-active", "No active heroes: no treasure can be drawn."),
        )
        due = ()
    return evolve(s, phase="treasure", treasure_due=due, damage=0)


def _to_horde(s: FState) -> FState:
    ev = []
    if s.set_aside:
        ev.append(
            s._ev(
                "treasure.victory",
                f"The defeated monsters go to {s.who()}'s victory pile.",
            )
        )
    seats = replace_seat(s, s.player, victory=s.seat.victory + s.set_aside)
    s = s.with_events(*ev, seats=seats, set_aside=(), phase="horde")
    van = s.line[-1] if s.line else None
    if van is not None and van.top:
        return evolve(s, town_due=True)
    return s.with_events(
        s._ev("horde.vanguard-clear", "No face-up monster in the vanguard: no town is destroyed.")
    )


def _ambush(s: FState) -> FState:
    amb = sum(s.card(x.top).ambush for x in s.line if x.top)
    dmg = max(0, amb - s.shield)
    text = f"Ambush: the face-up monsters' Ambush is {amb}"
    if s.shield:
        text += f", less Shield {s.shield}"
    return s.with_events(
        s._ev("horde.ambush", text + f": {dmg} damage.", ambush=amb, damage=dmg),
        ambushed=True,
        damage=dmg,
    )


def _to_end(s: FState) -> FState:
    return s.with_events(
        s._ev("end.phase", f"End Phase: {s.who()} draws {R.END_DRAW} cards."),
        phase="end",
        draws_left=R.END_DRAW,
        damage=0,
    )


def _end_turn(s: FState) -> FState:
    party = tuple(m.rested() for m in s.seat.party)
    s = s.with_events(
        s._ev("end.clear", f"{s.who()} removes the dice; unused steam is lost."),
        seats=replace_seat(s, s.player, party=party),
    )
    if s.doom >= R.DOOM_TOKENS and s.player == s.last:
        rows, winners = s.final_standings()
        text = "; ".join(f"{s.who(r.seat)} {r.xp} XP" for r in rows)
        won = " and ".join(s.who(w) for w in winners)
        return s.with_events(
            s._ev(
                "end.game",
                f"Three doom tokens are active and the Last Player's turn is over: the game "
                f"ends. {text}. {won} {'wins' if len(winners) == 1 else 'share the win'}.",
                winners=winners,
            ),
            phase="over",
        )
    return begin_turn(s, (s.player + 1) % s.num_players)


# re-exported for the setup code
__all__ += ["Stack"]
