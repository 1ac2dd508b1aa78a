"""The Alliance phase and the alliance reactions: play cards, exhaust abilities, the universal
Move / Swap / Engage / castle Draw, discard cards in play; then the end of the phase.

Rulebook "Alliance Phase", "Treachery Phase" step 2, "Universal Abilities", glossary
FAST, TAUNT, CONCEALED. Both players act in any order: a player may hand over to the
partner, and the phase ends when both are done.
"""

from __future__ import annotations

from hordes_kit.core.state import evolve, put, take
from hordes_kit.skytear.board import move_to_lane, new_unit, place, replace_unit
from hordes_kit.skytear.combat import doom
from hordes_kit.skytear.draws import who
from hordes_kit.skytear.effects import ability_tasks
from hordes_kit.skytear.engage import entry_lanes, move_lanes, pullable, swap_partners
from hordes_kit.skytear.machine import Ask, handles, push
from hordes_kit.skytear.state import Position, Task, Unit, emit
from hordes_kit.skytear.stats import can, engaged_with, keyword, may_share_lane
from hordes_kit.skytear.targets import unit_label

__all__ = ["menu", "UNIVERSAL"]

UNIVERSAL = ("move", "swap", "engage", "fast")


def _free(s: Position) -> list[int]:
    return [i for i, u in enumerate(s.allies) if u is None]


def _reaction_ok(s: Position, phase: str, flag: bool) -> bool:
    return phase == "alliance" or s.config.reactions == "any" or flag


def _ready_allies(s: Position) -> list[Unit]:
    return [u for u in s.allies if u is not None and s.is_ally(u) and not u.exhausted]


def _castle_abilities(s: Position):
    return s.cards.castles[s.castle].abilities


def menu(s: Position, seat: int, phase: str) -> tuple[tuple[str, tuple], ...]:
    """Every action a player may take now in the alliance phase (or the reactions)."""
    st = s.seats[seat]
    opts: list[tuple[str, tuple]] = []
    free = _free(s)
    for card in dict.fromkeys(st.hand):
        c = s.card(card)
        if c.cost > st.mana or (c.type in ("ally", "tower") and not entry_lanes(s, card, seat)):
            continue
        if phase == "reactions" and not (
            c.reaction or (s.config.reactions == "any" and c.triggered("play"))
        ):
            continue
        opts.append((f"play:{card}", ("play", card)))
    universal = _reaction_ok(s, phase, False)
    for u in s.allies:
        if u is None or u.owner != seat or u.exhausted:
            continue
        ref, c = s.ref(u.uid), s.unit_card(u)
        if s.is_ally(u) and universal:
            lane = s.lane_of(u.uid)
            moves = bool(free) and bool(move_lanes(s, u))
            pulls = s.monsters[lane] is None and bool(s.back) and bool(pullable(s, u))
            if moves:
                opts.append((f"use:{ref}:move", ("use", u.uid, "move")))
            if len(_ready_allies(s)) > 1 and swap_partners(s, u, _ready_allies(s)):
                opts.append((f"use:{ref}:swap", ("use", u.uid, "swap")))
            if pulls:
                opts.append((f"use:{ref}:engage", ("use", u.uid, "engage")))
            if keyword(s, u, "fast") and (moves or bool(pullable(s, u))):
                opts.append((f"use:{ref}:fast", ("use", u.uid, "fast")))
        exhaust = [(k, a) for k, a in enumerate(c.abilities) if a.trigger == "exhaust"]
        for j, (k, a) in enumerate(exhaust):
            if not _reaction_ok(s, phase, a.reaction):
                continue
            if a.mana <= st.mana and a.charge <= u.charges:
                opts.append((f"use:{ref}:{j + 1}", ("use", u.uid, k)))
    if not s.castle_exhausted:
        if universal and st.mana >= 1 and st.deck.size:
            opts.append(("use:castle:draw", ("use", "castle", "draw")))
        for k, a in enumerate(_castle_abilities(s)):
            if _reaction_ok(s, phase, a.reaction) and a.mana <= st.mana:
                opts.append((f"use:castle:{k + 1}", ("use", "castle", k)))
    if phase == "alliance":
        for u in s.allies:
            if u is not None and u.owner == seat:
                opts.append((f"discard:{s.ref(u.uid)}", ("discard", u.uid)))
    opts.append(("done", ("done",)))
    if s.players > 1 and not s.seats[1 - seat].done:
        opts.append(("handover", ("handover",)))
    return tuple(opts)


@handles("alliance_phase")
def alliance_phase(s: Position, t: Task):
    """Players may take actions any number of times, in any order, until all are done."""
    seats = tuple(evolve(x, done=False) for x in s.seats)
    return emit(
        s,
        "alliance",
        "Alliance phase: play cards, use exhaust abilities, then say done.",
        phase="alliance",
        seats=seats,
        actor=0,
        tasks=(Task("act", ("alliance",)),) + s.tasks,  # pushed in the same copy
    )


def _reactions_rule(s: Position) -> str:
    """The rule of the reading the table plays: the kit's (treachery symbol only) or the
    book's list read whole (every Play card and Exhaust ability)."""
    return "treachery.reactions" if s.config.reactions == "any" else "ruling.reactions"


@handles("reactions")
def reactions(s: Position, t: Task):
    """Treachery step 2: alliance reactions (cards and abilities with the treachery symbol)."""
    seats = tuple(evolve(x, done=False) for x in s.seats)
    what = (
        "every Play card and Exhaust ability"
        if s.config.reactions == "any"
        else "cards and abilities with the treachery symbol"
    )
    return emit(
        s,
        _reactions_rule(s),
        f"Alliance reactions: {what}.",
        phase="reactions",
        seats=seats,
        actor=0,
        tasks=(Task("act", ("reactions",)),) + s.tasks,  # pushed in the same copy
    )


@handles("act")
def act(s: Position, t: Task):
    """The acting player's next action (or done / hand over to the partner)."""
    (phase,) = t.args
    seat = s.actor
    if not t.picks:
        what = "Alliance phase" if phase == "alliance" else "Reactions"
        return Ask(seat, menu(s, seat, phase), f"{what}: {who(s, seat)} - your action?")
    pick = t.picks[0]
    kind = pick[0]
    again = Task("act", (phase,))
    if kind == "done":
        what = "alliance phase" if phase == "alliance" else "reactions"
        who_done = "You are" if s.players == 1 else f"Player {seat + 1} is"
        s = emit(
            s,
            "alliance" if phase == "alliance" else _reactions_rule(s),
            f"{who_done} done with the {what}.",
            seats=s.seat_with(seat, done=True),
        )
        other = 1 - seat
        if s.players > 1 and not s.seats[other].done:
            return evolve(s, actor=other, tasks=(again,) + s.tasks)  # one copy, not two
        return s
    if kind == "handover":
        return evolve(s, actor=1 - seat, tasks=(again,) + s.tasks)
    if kind == "play":
        return push(s, Task("play", (seat, pick[1])), again)
    if kind == "use":
        return push(s, Task("use", (seat, pick[1], pick[2])), again)
    if kind == "discard":
        u = s.unit(pick[1])
        s = emit(
            doom(s, u.uid),
            "alliance.discard",
            f"{who(s, seat)} discard{'s' if s.players > 1 else ''} "
            f"{unit_label(s, u)} (it leaves play as if destroyed).",
        )
        return push(s, again)
    raise AssertionError(pick)


@handles("play")
def play(s: Position, t: Task):
    """Pay the mana cost; an ally or tower enters a free lane, a spell is discarded, an
    attachment slides beneath a card (or is discarded); then its "Play:" abilities."""
    seat, card = t.args
    c = s.card(card)
    st = s.seats[seat]
    if not t.picks:
        if c.type in ("ally", "tower"):
            free = entry_lanes(s, card, seat)
            return Ask(
                seat, tuple((f"lane:{i + 1}", i) for i in free), f"Play {c.name} in which lane?"
            )
        if c.type == "attachment":
            units = [u for _, _, u in s.units() if u.card]
            opts = tuple((f"target:{s.ref(u.uid)}", u.uid) for u in units) + (("target:none", 0),)
            return Ask(seat, opts, f"Attach {c.name} to which card (or discard it)?")
        pick = None
    else:
        pick = t.picks[0]
    s = evolve(s, seats=s.seat_with(seat, hand=take(st.hand, card), mana=st.mana - c.cost))
    s = emit(
        s,
        "alliance.play",
        f"{who(s, seat)} play{'s' if s.players > 1 else ''} {c.name} for {c.cost} mana.",
        {"seat": seat, "card": card},
    )
    if c.type in ("ally", "tower"):
        s, u = new_unit(s, card, "alliance", seat)
        s = place(s, u, pick)
        s = emit(s, "alliance.play", f"{c.name} enters lane {pick + 1}, ready.")
        return push(s, *ability_tasks(s, u.uid, card, "play", seat))
    if c.type == "spell":
        s = evolve(s, seats=s.seat_with(seat, discard=put(s.seats[seat].discard, card)))
        return push(s, *ability_tasks(s, 0, card, "play", seat))
    if not pick:
        s = evolve(s, seats=s.seat_with(seat, discard=put(s.seats[seat].discard, card)))
        return emit(s, "alliance.play", f"{c.name} is discarded with no effect.")
    host = s.unit(pick)
    s = replace_unit(s, evolve(host, attached=host.attached + ((card, seat),)))
    s = emit(s, "alliance.play", f"{c.name} is attached to {unit_label(s, host)}.")
    return push(s, *ability_tasks(s, 0, card, "play", seat))


def _exhaust(s: Position, src, seat: int, mana: int, charge: int) -> Position:
    if src == "castle":
        s = evolve(s, castle_exhausted=True)
    else:
        u = s.unit(src)
        s = replace_unit(s, evolve(u, exhausted=True, charges=u.charges - charge))
    st = s.seats[seat]
    return evolve(s, seats=s.seat_with(seat, mana=st.mana - mana))


@handles("use")
def use(s: Position, t: Task):
    """Exhaust a card (and pay its bold costs) to resolve one of its "Exhaust:" abilities."""
    seat, src, key = t.args
    if src == "castle":
        name = s.cards.castles[s.castle].name
        if key == "draw":
            s = _exhaust(s, "castle", seat, 1, 0)
            s = emit(
                s,
                "alliance.castle-draw" if s.players == 1 else "ruling.shared-castle",
                f"{who(s, seat)} exhaust{'s' if s.players > 1 else ''} "
                f"{name} and pay 1 mana to draw a card.",
            )
            return push(s, Task("draw", (seat, 1, "alliance.castle-draw")))
        a = _castle_abilities(s)[key]
        s = _exhaust(s, "castle", seat, a.mana, 0)
        return push(s, Task("ability", (0, s.castle, a, seat)))
    u = s.unit(src)
    if isinstance(key, int):
        a = s.unit_card(u).abilities[key]
        s = _exhaust(s, src, seat, a.mana, a.charge)
        return push(s, Task("ability", (src, u.card, a, seat)))
    if key == "swap":
        others = swap_partners(s, u, _ready_allies(s))
        if not t.picks:
            opts = tuple((f"target:{s.ref(x.uid)}", x.uid) for x in others)
            return Ask(seat, opts, f"Swap {unit_label(s, u)} with which ready ally?")
        other = s.unit(t.picks[0])
        a, b = s.lane_of(src), s.lane_of(other.uid)
        s = _exhaust(_exhaust(s, src, seat, 0, 0), other.uid, seat, 0, 0)
        u2, o2 = s.unit(src), s.unit(other.uid)
        s = evolve(
            s, allies=tuple(o2 if i == a else u2 if i == b else x for i, x in enumerate(s.allies))
        )
        return emit(
            s, "alliance.swap", f"{u2 and s.name(u2.card)} and {s.name(o2.card)} swap lanes."
        )
    s = _exhaust(s, src, seat, 0, 0)
    if key == "move":
        return push(s, Task("ally_move", (src, seat, False)))
    if key == "engage":
        return push(s, Task("ally_engage", (src, seat, False)))
    if not t.picks:  # Fast: Move and Engage in any order
        opts = (("fast:move-first", "move"), ("fast:engage-first", "engage"))
        return Ask(seat, opts, "Fast: move then engage, or engage then move?")
    first = t.picks[0]
    steps = ["ally_move", "ally_engage"] if first == "move" else ["ally_engage", "ally_move"]
    s = emit(
        s,
        "ruling.fast-optional",
        f"{s.name(u.card)} uses Fast: {steps[0][5:]} then {steps[1][5:]}.",
    )
    return push(s, *(Task(k, (src, seat, True)) for k in steps))


@handles("ally_move")
def ally_move(s: Position, t: Task):
    """Move: the ally goes to a lane without alliance cards."""
    src, seat, optional = t.args
    free = move_lanes(s, s.unit(src)) if s.unit(src) is not None else []
    if not free:
        return s
    if not t.picks:
        opts = tuple((f"lane:{i + 1}", i) for i in free)
        if optional:
            opts += (("stay", -1),)
        return Ask(seat, opts, f"Move {unit_label(s, s.unit(src))} to which lane?")
    if t.picks[0] < 0:
        return s
    s = move_to_lane(s, src, t.picks[0])
    return emit(s, "alliance.move", f"{s.name(s.unit(src).card)} moves to lane {t.picks[0] + 1}.")


@handles("ally_engage")
def ally_engage(s: Position, t: Task):
    """Engage: a monster from the back line comes to this ally's lane."""
    src, seat, optional = t.args
    u = s.unit(src)
    lane = s.lane_of(src) if u is not None else -1
    if lane < 0 or s.monsters[lane] is not None or not pullable(s, u):
        return s
    if not t.picks:
        opts = tuple((f"target:{s.ref(m.uid)}", m.uid) for m in pullable(s, u))
        if optional:
            opts += (("stay", -1),)
        return Ask(seat, opts, f"Engage: which back-line monster comes to lane {lane + 1}?")
    if t.picks[0] < 0:
        return s
    m = s.unit(t.picks[0])
    s = move_to_lane(s, m.uid, lane)
    return emit(
        s,
        "alliance.engage",
        f"{s.name(u.card)} engages {s.name(m.card)}: it comes to lane {lane + 1}.",
        {"lane": lane + 1},
    )


@handles("end_alliance")
def end_alliance(s: Position, t: Task):
    """End of the alliance phase: concealed cards are revealed left to right, then Taunt."""
    s = evolve(s, phase="treachery")
    hidden = [u for u in s.monsters if u is not None and u.concealed]
    # then the back line's, "in any order of choice": face-down cards are alike, so the
    # order cannot matter and they are revealed as they lie
    hidden += [u for u in s.back if u.concealed]
    if hidden:
        s = emit(
            s,
            "ruling.reveal-before-taunt",
            "End of the alliance phase: the face-down cards are revealed, those in the "
            "lanes left to right, then those in the back line; then Taunt.",
        )
    return push(s, *(Task("reveal", (u.uid,)) for u in hidden), Task("taunt", (0,)))


@handles("taunt")
def taunt(s: Position, t: Task):
    """TAUNT: each unengaged monster with Taunt, left to right, pulls the closest ally not
    engaged with a Taunt monster into its lane."""
    (start,) = t.args
    for lane in range(start, len(s.monsters)):
        m = s.monsters[lane]
        if m is None or m.concealed or not keyword(s, m, "taunt") or engaged_with(s, m):
            continue
        if s.allies[lane] is not None:  # a tower holds the lane: no ally can enter
            s = emit(
                s,
                "keywords.taunt",
                f"{s.name(m.card)} taunts, but a tower holds lane "
                f"{lane + 1}: no ally can enter it.",
            )
            continue
        pool = []
        for a in s.allies:
            if a is None or not s.is_ally(a) or not can(s, a, "move"):
                continue
            if not may_share_lane(s, m, a):
                continue
            foe = engaged_with(s, a)
            if foe is None or not keyword(s, foe, "taunt"):
                pool.append(a)
        if not pool:  # (no ally it may pull: the next Taunt monster may still pull one)
            continue
        near = min(abs(s.lane_of(a.uid) - lane) for a in pool)
        closest = [a for a in pool if abs(s.lane_of(a.uid) - lane) == near]
        if len(closest) > 1 and not t.picks:
            opts = tuple((f"target:{s.ref(a.uid)}", a.uid) for a in closest)
            return Ask(0, opts, f"Taunt: {s.name(m.card)} pulls the closest ally. Which one?")
        a = s.unit(t.picks[0]) if t.picks else closest[0]
        s = move_to_lane(s, a.uid, lane)
        s = emit(
            s, "keywords.taunt", f"{s.name(m.card)} taunts {s.name(a.card)} into lane {lane + 1}."
        )
        return push(s, Task("taunt", (lane + 1,)))
    return s
