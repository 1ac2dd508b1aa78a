"""Combat: Skill cards resolving, Attacks, Predicts, Monster-Actions, damage and KnockDowns.

Every function takes a position and returns a new one; what still has to happen is
pushed on ``tasks`` (decisions, chance draws, automatic steps).
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.shadows import rules as R
from hordes_kit.shadows.cards import Effect
from hordes_kit.shadows.state import Placed, Position, Task, parse_seat, seat_id, take

__all__ = [
    "push",
    "pop",
    "earn",
    "start_card",
    "run_card",
    "targets",
    "begin_attack",
    "run_attack",
    "reveal_ma",
    "run_icons",
    "land",
    "defend_options",
    "finish_defence",
    "knockdown",
    "defeat_monster",
    "predictions",
    "do_predict",
    "lose_health",
    "ATTACK_TRAITS",
]

ATTACK_TRAITS = frozenset({"Attack", "Attack X2", "Attack X3", "Attack (Standalone)"})


def push(s: Position, *tasks: Task) -> Position:
    """Tasks on top of the stack (the last one given is done first)."""
    return evolve(s, tasks=s.tasks + tasks)


def pop(s: Position) -> Position:
    """The stack without its top task."""
    return evolve(s, tasks=s.tasks[:-1])


def earn(s: Position, seat: int, gold: int = 0, xp: int = 0, stones: int = 0) -> Position:
    """Resources placed on the Combat Field (collected in the BuildUp Phase)."""
    g, x, st = s.seats[seat].earned
    return evolve(s, seats=s.seat_with(seat, earned=(g + gold, x + xp, st + stones)))


def _log(s: Position, rule: str, text: str, **data) -> Position:
    return evolve(s, log=s.log + (s.ev(rule, text, **data),))


def _entity_name(s: Position, target: str) -> str:
    if target == "monster":
        return s.name(s.monster) if s.monster else "the Monster"
    if target == s.creature and target:
        return s.name(target)
    head, _, card = target.partition(".")
    k = parse_seat(head, s.n)
    if k is None:
        return target
    if card:
        return f"{s.who(k)}'s {s.name(card)}"
    return f"{s.who(k)} ({s.name(s.seats[k].hero)})"


# --- playing a card --------------------------------------------------------------------


def start_card(s: Position, seat: int, card: str, response: bool = False) -> Position:
    """Play a card from the hand (or queue) to its Field and push its effects."""
    sk = s.card(card)
    st = s.seats[seat]
    hand = take(st.hand, card) if card in st.hand else st.hand
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
    s = _log(s, "card.play", f"{s.who(seat)} plays {sk.name} to the {where}.", seat=seat)
    if response:
        return s
    return push(evolve(s, last=()), Task("card", seat, card))


def _effects(s: Position, t: Task) -> tuple[Effect, ...]:
    sk = s.card(t.card)
    if t.has("active"):
        if t.has("item"):
            return tuple(sk.active.get("effects", ()))
        return tuple(sk.front.active.get("effects", ()))
    return sk.front.effects


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
                s = _log(s, "predict.call", "No prediction is left to make: the card does nothing.")
                return _finish_card(pop(s), t)
            return push(s, Task("!predict", t.seat, t.card))
    if t.index >= len(effects):
        return _finish_card(pop(s), t)
    e = effects[t.index]
    s = evolve(s, tasks=s.tasks[:-1] + (evolve(t, index=t.index + 1),))
    if not _cond(s, t, e) or e.verb in ("stat", "block"):
        return s
    seat = t.seat
    if e.verb == "attack":
        return begin_attack(s, seat, t, e)
    if e.verb == "lose":
        pred = t.note("pred")
        if pred:
            target = seat_id(int(pred))
            amt = R.amount(e.args[0], s.hero_stats(seat))
            return lose_health(s, seat, target, amt, "predict", t.card)
        opts = targets(s, seat, e, t)
        if not opts:
            return _log(s, "attack.target", "No target for this effect.")
        return push(
            s, Task("!target", seat, t.card, index=t.index, source=t.source, notes=("lose",))
        )
    if e.verb == "gain":
        kind, n = e.args[0], int(e.args[1])
        s = earn(s, seat, **{{"xp": "xp", "gold": "gold", "stone": "stones"}[kind]: n})
        return _log(
            s, "gain", f"{s.who(seat)} gains {n} {_res(kind)} ({s.name(t.card)}).", seat=seat
        )
    if e.verb == "recover":
        st = s.seats[seat]
        n = min(int(e.args[0]), st.damage)
        s = evolve(s, seats=s.seat_with(seat, damage=st.damage - n))
        return _log(s, "recover", f"{s.who(seat)}'s Hero recovers {n} health.", seat=seat)
    if e.verb == "recover-shields":
        return _recover_shields(s, seat, int(e.args[0]))
    if e.verb == "search":
        if not s.market:
            return s
        return push(s, Task("!search", seat, t.card))
    if e.verb == "destroy-item":
        return push(s, Task("!destroy", seat, t.card)) if s.market else s
    return s


def _res(kind: str) -> str:
    return {"xp": "Experience", "gold": "Gold", "stone": "Shadow Stone", "stones": "Shadow Stone"}[
        kind
    ]


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
    return _log(s, "recover", f"{s.who(seat)} recovers Shield Points.", seat=seat)


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
        s = _log(s, "delay", f"{sk.name}: Delay {'I' * delay}: {delay} Stun token(s) on it.")
    if sk.front.has("Repeat") and "knockdown" in s.last:
        s = push(s, Task("!repeat", t.seat, t.card))
    return s


# --- targets and Attacks ---------------------------------------------------------------


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
    out = [x for x in out if x != prev]
    if e.verb == "attack" and not R.dice_faces(e.args[0]):
        # FAQ: an Attack announced for 0 damage is not a use of the Attack Trait
        out = [x for x in out if R.amount(e.args[0], stats, _damage_on(s, x)) > 0]
    return out


def _damage_on(s: Position, target: str) -> int:
    k = parse_seat(target, s.n)
    return s.seats[k].damage if k is not None else 0


def begin_attack(s: Position, seat: int, t: Task, e: Effect) -> Position:
    """An Attack effect: its player chooses the target first."""
    if not targets(s, seat, e, t):
        return _log(s, "attack.zero", "This Attack has no target it could damage: it is not used.")
    return push(s, Task("!target", seat, t.card, index=t.index, source=t.source))


def run_attack(s: Position, t: Task) -> Position:
    """An announced Attack: reveal a Monster-Action card, or let the defender respond."""
    s = pop(s)
    src = t.source or seat_id(t.seat)
    s = _log(
        s,
        "attack.announce",
        f"{_entity_name(s, src)} attacks {_entity_name(s, t.target)} for {t.amount} damage.",
    )
    if t.target == "monster":
        s = push(s, Task("land", t.seat, t.card, "monster", t.amount, source=src, notes=t.notes))
        if s.ma[t.seat] and not s.ma_up[t.seat]:
            return reveal_ma(s, t.seat, s.ma[t.seat], src, own=True)
        return push(s, Task("?reveal", t.seat, source=src))
    if t.target == s.creature:
        return push(s, Task("land", t.seat, t.card, t.target, t.amount, source=src, notes=t.notes))
    k = parse_seat(t.target.partition(".")[0], s.n)
    notes = ("attack", f"by:{t.seat}") + (("own",) if t.card else ())
    return push(s, Task("!defend", k, t.card, t.target, t.amount, source=src, notes=notes))


def reveal_ma(s: Position, seat: int, kind: str, source: str, own: bool) -> Position:
    """Turn a Monster-Action card face up and resolve its icons against ``source``."""
    ma_up = list(s.ma_up)
    if own:
        ma_up[seat] = True
    s = evolve(s, ma_up=tuple(ma_up), revealed=s.revealed + (kind,))
    where = "the card in front of them" if own else "a new card from the deck"
    icons = " then ".join(kind.split("+"))
    s = _log(s, "monster.action", f"{s.who(seat)} reveals {where}: {icons}.", seat=seat, kind=kind)
    return push(s, Task("icons", seat, kind, source=source))


def run_icons(s: Position, t: Task) -> Position:
    """Resolve a Monster-Action card's icons in order on the current Monster's Icon Chart."""
    icons = t.card.split("+")
    if t.index >= len(icons) or not s.monster:
        return pop(s)
    s = evolve(s, tasks=s.tasks[:-1] + (evolve(t, index=t.index + 1),))
    mon = s.card(s.monster)
    act = mon.action(icons[t.index])
    n = int(act.args[0]) if act.args else 0
    what = f"{icons[t.index]} on {mon.name}'s Icon Chart: {act.text}"
    if act.verb == "none":
        return _log(s, "monster.icon", f"{what} (no effect).")
    if act.verb == "block":
        for i in range(len(s.tasks) - 1, -1, -1):
            x = s.tasks[i]
            if x.kind == "land" and x.seat == t.seat and x.target == "monster":
                blocked = int(x.note("blocked", "0")) + n
                notes = tuple(y for y in x.notes if not y.startswith("blocked:"))
                tasks = list(s.tasks)
                tasks[i] = evolve(x, notes=notes + (f"blocked:{blocked}",))
                s = evolve(s, tasks=tuple(tasks))
                return _log(s, "monster.block", f"{what}: the Monster blocks {n} damage.")
        return _log(s, "monster.block", f"{what}: no Attack to block, nothing happens.")
    if act.verb == "recover":
        md = list(s.mdamage)
        k = min(n, md[t.seat])
        md[t.seat] -= k
        s = evolve(s, mdamage=tuple(md))
        return _log(s, "monster.recover", f"{what}: {k} of {s.who(t.seat)}'s tokens come off it.")
    if act.verb == "market":
        s = _log(s, "monster.market", f"{what}: {n} Item(s) join the Market.")
        return push(s, *[Task("?item", -1, target="market") for _ in range(n)])
    if t.has("ko"):
        return _log(s, "knockdown.cancel", f"{what}: cancelled, the Hero was KnockedDown.")
    if act.verb == "attack":
        s = _log(s, "monster.attack", f"{what}.")
        return _monster_hits(s, t, n, "monster", "attack")
    if act.verb == "lose":
        s = _log(s, "monster.spell", f"{what}.")
        return lose_health(s, -1, t.source, n, "spell", "")
    if act.verb == "creature":
        if not s.creature:
            return _log(s, "monster.creature", f"{what}: its Creature is gone, nothing happens.")
        cr = s.card(s.creature)
        s = _log(s, "monster.creature", f"{what}: {cr.name} attacks.")
        return _monster_hits(s, t, int(cr.action.args[0]), s.creature, "attack")
    return s


def _monster_hits(s: Position, t: Task, n: int, source: str, via: str) -> Position:
    head = t.source.partition(".")[0]
    k = parse_seat(head, s.n)
    return push(s, Task("!defend", k, "", t.source, n, source=source, notes=(via, "by:monster")))


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
            return _log(s, "monster.gone", "The Monster is already defeated: no damage lands.")
        md = list(s.mdamage)
        md[t.seat] += dmg
        s = evolve(s, mdamage=tuple(md))
        mon = s.card(s.monster)
        s = _log(
            s,
            "attack.land",
            f"{dmg} damage lands on {mon.name} ({s.who(t.seat)}'s tokens: {md[t.seat]} of "
            f"{mon.health}).",
            seat=t.seat,
        )
        if md[t.seat] >= mon.health:
            s = defeat_monster(s, t.seat)
        return s
    if t.target == s.creature and s.creature:
        cd = list(s.cdamage)
        cd[t.seat] += dmg
        cr = s.card(s.creature)
        s = evolve(s, cdamage=tuple(cd))
        s = _log(s, "attack.land", f"{dmg} damage lands on {cr.name}.")
        if cd[t.seat] >= cr.health:
            s = _reward(s, t.seat, cr.reward, cr.name)
            s = evolve(s, creature="", cdamage=(0,) * s.n)
            s = _log(s, "monster.creature-defeated", f"{s.who(t.seat)} defeats {cr.name}.")
        return s
    return s


# --- damage management -----------------------------------------------------------------


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


def _block(s: Position, seat: int, effects) -> tuple[int, bool]:
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


def finish_defence(s: Position, t: Task, dmg: int, responded: bool, shielded: int) -> Position:
    """Apply what is left of the damage; flip Flat-Footed; defeat entities; KnockDowns."""
    seat = t.seat
    via = t.notes[0] if t.notes else "attack"
    if shielded:
        s = mark_shields(s, seat, shielded)
    target = t.target
    s = _log(
        s,
        "damage.assign",
        f"{_entity_name(s, target)} takes {dmg} damage"
        + (f" ({shielded} on Shield Points)" if shielded else "")
        + ".",
        seat=seat,
    )
    knocked = False
    _, _, card = target.partition(".")
    if card:
        st = s.seats[seat]
        station = []
        gone = False
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
            s = _log(s, "entity.defeated", f"{s.name(card)} is defeated: back to the Current Deck.")
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
            s = _log(s, "attack.flat-footed", f"{s.who(seat)} flips Flat-Footed to Dodge.")
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
    if target == "monster":
        if not s.monster:
            return s
        md = list(s.mdamage)
        md[seat] += n
        s = evolve(s, mdamage=tuple(md))
        mon = s.card(s.monster)
        s = _log(s, "spell.lose", f"{mon.name} loses {n} health ({s.who(seat)}'s tokens).")
        return defeat_monster(s, seat) if md[seat] >= mon.health else s
    if target == s.creature and s.creature:
        return push(s, Task("land", seat, "", target, n))
    k = parse_seat(target.partition(".")[0], s.n)
    by = "monster" if seat < 0 else str(seat)
    notes = (via, f"by:{by}") + (("own",) if card else ())
    return push(
        s,
        Task(
            "!defend",
            k,
            card,
            target,
            n,
            source="monster" if seat < 0 else seat_id(seat),
            notes=notes,
        ),
    )


# --- KnockDowns and Monsters -----------------------------------------------------------


def knockdown(s: Position, victim: int, by: str, source: str) -> Position:
    """Gaining Rewards: a KnockDown by the Monster or by another player."""
    st = s.seats[victim]
    s = _log(s, "knockdown", f"{s.who(victim)}'s Hero is KnockedDown.", seat=victim)
    if by == "monster" or not by.isdigit():
        for k in range(s.n):
            if k != victim:
                s = earn(s, k, gold=1)
        s = _log(
            s,
            "knockdown.monster",
            "The Monster KnockedDown a Hero: every other player gains 1 Gold.",
        )
        # further monster Attacks/Spells of this Monster-Action against the Hero are cancelled
        tasks = list(s.tasks)
        for i, x in enumerate(tasks):
            if x.kind == "icons" and x.source == seat_id(victim):
                tasks[i] = evolve(x, notes=x.notes + ("ko",))
        s = evolve(s, tasks=tuple(tasks))
        s = _log(s, "ruling.monster-bounty", "A Monster KnockDown keeps the Bounty cards.")
    else:
        k = int(by)
        extra = st.bounty * s.data.bounty_gold
        s = earn(s, k, gold=1 + extra, xp=1)
        kst = s.seats[k]
        bounty_left = s.bounty_left + (1 if st.bounty else 0)
        new_bounty = kst.bounty
        if kst.bounty == 0 and bounty_left > 0:
            new_bounty, bounty_left = 1, bounty_left - 1
        elif kst.bounty == 1:
            new_bounty = 2  # flip to the Bounty X2 side
        seats = s.seat_with(k, bounty=new_bounty, knockdowns=kst.knockdowns + 1)
        s = evolve(s, seats=seats, bounty_left=bounty_left)
        s = evolve(s, seats=s.seat_with(victim, bounty=0))
        s = _log(
            s,
            "knockdown.player",
            f"{s.who(k)} KnockedDown {s.who(victim)}: +1 Experience, +{1 + extra} Gold, a Bounty"
            " card; the victim's Bounty cards are discarded.",
            seat=k,
        )
        for p in s.seats[k].station:
            if s.side(p).active.get("on") == "knockdown-by-you" and s.usable_by(k, s.card(p.card)):
                s = _trigger(s, k, p.card)
    for o in range(s.n):
        if o == victim:
            continue
        for p in s.seats[o].station:
            if s.side(p).active.get("on") == "knockdown-other" and s.usable_by(o, s.card(p.card)):
                s = _trigger(s, o, p.card)
    station = tuple(
        evolve(p, back=True, broken=0, damage=0)
        if s.card(p.card).front.active.get("flip") == "knockdown" and not p.back
        else p
        for p in s.seats[victim].station
    )
    s = evolve(s, seats=s.seat_with(victim, damage=0, station=station))
    s = _log(s, "knockdown.recover", f"{s.who(victim)}'s Hero recovers full health.")
    have = _resources(s, victim)
    if len(have) == 1:
        return lose_resource(s, victim, have[0])
    if have:
        return push(s, Task("!lose", victim))
    return s


def _trigger(s: Position, seat: int, card: str) -> Position:
    for e in s.card(card).front.active.get("effects", ()):
        if e.verb == "gain":
            kind, n = e.args[0], int(e.args[1])
            s = earn(s, seat, **{{"xp": "xp", "gold": "gold", "stone": "stones"}[kind]: n})
    return _log(s, "auto", f"{s.name(card)} (Auto) triggers for {s.who(seat)}.", seat=seat)


def _resources(s: Position, seat: int) -> list[str]:
    st = s.seats[seat]
    g, x, stn = st.earned
    return [
        k for k, v in (("xp", st.xp + x), ("gold", st.gold + g), ("stone", st.stones + stn)) if v
    ]


def lose_resource(s: Position, seat: int, kind: str) -> Position:
    """The KnockedDown player loses 1 resource of their choice (ruling), earned ones first."""
    st = s.seats[seat]
    idx = {"gold": 0, "xp": 1, "stone": 2}[kind]
    earned = list(st.earned)
    if earned[idx]:
        earned[idx] -= 1
        s = evolve(s, seats=s.seat_with(seat, earned=tuple(earned)))
    else:
        field = {"gold": "gold", "xp": "xp", "stone": "stones"}[kind]
        s = evolve(s, seats=s.seat_with(seat, **{field: getattr(st, field) - 1}))
    return _log(s, "knockdown.loss", f"{s.who(seat)} loses 1 {_res(kind)}.", seat=seat)


def _reward(s: Position, seat: int, reward, what: str) -> Position:
    r = dict(reward)
    s = earn(s, seat, gold=r.get("gold", 0), xp=r.get("xp", 0), stones=r.get("stones", 0))
    parts = [f"{v} {k}" for k, v in sorted(r.items()) if v and k != "item"]
    s = _log(
        s,
        "monster.reward",
        f"{s.who(seat)} receives {what}'s reward: {', '.join(parts) or 'nothing'}.",
    )
    if r.get("item"):
        s = _log(
            s, "monster.random-item", "+1 Random Item: draw 2 Items, keep 1 (no Shadow Stone)."
        )
        s = push(s, Task("!take", seat), Task("?reward", seat), Task("?reward", seat))
    return s


def defeat_monster(s: Position, seat: int) -> Position:
    """The Monster is defeated by this player's colour: rewards, unrevealed cards discarded."""
    mon = s.card(s.monster)
    st = s.seats[seat]
    s = evolve(s, seats=s.seat_with(seat, monsters=st.monsters + (mon.id,)))
    s = _log(s, "monster.defeated", f"{s.who(seat)} defeats {mon.name}!", seat=seat, monster=mon.id)
    ma, discard = list(s.ma), list(s.ma_discard)
    for k in range(s.n):
        if ma[k] and not s.ma_up[k]:
            discard.append(ma[k])
            ma[k] = ""
    s = evolve(
        s,
        monster="",
        creature="",
        ma=tuple(ma),
        ma_discard=tuple(sorted(discard)),
        end=s.end or ("level3" if mon.level == 3 else ""),
    )
    s = _log(s, "monster.discard-ma", "Every unrevealed Monster-Action card is discarded face up.")
    if mon.level == 3:
        s = _log(
            s,
            "cleanup.end-check",
            "The Level III Monster is defeated: the game ends in the CleanUp Phase.",
        )
    return _reward(s, seat, mon.reward, mon.name)


# --- Predict ---------------------------------------------------------------------------


def predictions(s: Position, seat: int, card: str) -> list[tuple[int, int]]:
    """(opponent, number) pairs still open: no number predicted twice on one player a round."""
    nums = s.card(card).predict
    return [(k, n) for k in range(s.n) if k != seat for n in nums if n not in s.predicted[k]]


def do_predict(s: Position, t: Task, target: int, number: int) -> Position:
    """Announce a number; the opponent says whether a card in hand shows it (both numbers
    of a multi-step card count)."""
    hit = any(number in s.card(c).initiative for c in s.seats[target].hand)
    pred = list(s.predicted)
    pred[target] = tuple(sorted(pred[target] + (number,)))
    s = evolve(s, predicted=tuple(pred), last=("hit",) if hit else ())
    s = _log(
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
