"""The Fight, Pillage and End phases.

Rulebook "Fight Phase" (lane by lane, left to right: horde Fight, alliance Fight,
strike), glossary TRAMPLE, ELUSIVE, DEFENDER; "Pillage Phase"; "End Phase".
"""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.skytear.board import (
    damaged_tasks,
    hurt_castle,
    hurt_portal,
    move_to_back,
    move_to_lane,
    replace_unit,
)
from hordes_kit.skytear.combat import deal
from hordes_kit.skytear.effects import ability_tasks
from hordes_kit.skytear.engage import ally_lanes, held
from hordes_kit.skytear.machine import Ask, handles, push
from hordes_kit.skytear.rules import LANES, trample_excess
from hordes_kit.skytear.state import Position, Task, Unit, emit, quiet
from hordes_kit.skytear.stats import armor_left, attack, can, has, health, keyword
from hordes_kit.skytear.targets import unit_label

__all__ = ["strike_preview"]


@handles("fight_phase")
def fight_phase(s: Position, t: Task):
    """Resolve the six lanes from left to right, each completely before the next."""
    lanes = tuple(Task("fight_lane", (i,)) for i in range(LANES))
    return emit(
        s, "fight", "Fight phase: lanes from left to right.", phase="fight", tasks=lanes + s.tasks
    )


@handles("fight_lane")
def fight_lane(s: Position, t: Task):
    """Step 1: the "Fight:" abilities of the monster in the lane."""
    (lane,) = t.args
    m = s.monsters[lane]
    if m is None and s.allies[lane] is None:
        return s  # an empty lane: no Fight: ability and nothing strikes (steps 2 and 3 skipped)
    tasks = []
    if m is not None and m.concealed:
        if t.picks:  # a card concealed by the one just revealed: this lane's step 1 is done
            return push(
                s, Task("alliance_fight", (lane,)), Task("strike", (lane,)).with_pick(m.uid)
            )
        # reveal once: a revealed spell may conceal the next horde card in this very lane
        # (Hatching), and revealing that one too would loop while the deck is all Hatchings
        return push(s, Task("reveal", (m.uid,)), t.with_pick(m.uid))
    if m is not None:
        tasks = ability_tasks(s, m.uid, m.card, "fight", -1)
    if not tasks:
        # nothing resolves before step 2, so the board step 2 sees is this one: its abilities
        # are queued now (the same queue as after an "alliance_fight" step, one step fewer)
        return push(s, *_ally_fight(s, lane), Task("strike", (lane,)))
    return push(s, *tasks, Task("alliance_fight", (lane,)), Task("strike", (lane,)))


@handles("alliance_fight")
def alliance_fight(s: Position, t: Task):
    """Step 2: the "Fight:" abilities of the ally or tower in the lane."""
    (lane,) = t.args
    return push(s, *_ally_fight(s, lane))


def _ally_fight(s: Position, lane: int) -> list[Task]:
    a = s.allies[lane]
    return [] if a is None else ability_tasks(s, a.uid, a.card, "fight", a.owner)


def _after(s: Position, u: Unit | None) -> list[Task]:
    if u is None or s.unit(u.uid) is None:
        return []
    return ability_tasks(s, u.uid, u.card, "after-striking", u.owner)


def strike_preview(s: Position, lane: int) -> dict:
    """What the strike in a lane would do now: damage each way, castle and portal damage (a
    card that cannot strike deals none: a "cannot" beats the book's "strike").

    A Trample strike's damage is split, never doubled (glossary TRAMPLE: 3 attack against
    an ally with 1 health left "would deal 1 damage to the ally and 2 trample damage to the
    castle"): what goes on to the castle or portal is not dealt to the struck card too."""
    m, a = s.monsters[lane], s.allies[lane]
    ally = a if a is not None and s.is_ally(a) else None
    out = {"castle": 0, "portal": 0, "to_ally": 0, "to_monster": 0}

    def power(u):
        return attack(s, u) if can(s, u, "strike") else 0

    if m is not None and ally is not None:
        dm, da = power(m), power(ally)
        out["to_ally"], out["to_monster"] = dm, da
        if has(s, m, "trample"):
            out["castle"] = trample_excess(
                dm, armor_left(s, ally), has(s, ally, "barrier"), ally.damage > 0, health(s, ally)
            )
        if has(s, ally, "trample"):
            out["portal"] = trample_excess(
                da, armor_left(s, m), has(s, m, "barrier"), m.damage > 0, health(s, m)
            )
        out["to_ally"] -= out["castle"]
        out["to_monster"] -= out["portal"]
    elif ally is not None and not keyword(s, ally, "defender"):
        out["portal"] = power(ally)
    elif m is not None and ally is None:
        out["castle"] = power(m)
    return out


def _cannot_strike(s: Position, lane: int) -> Position:
    """Note each card of the lane that would strike but cannot."""
    for u in (s.monsters[lane], s.allies[lane]):
        if u is not None and u.card and (u.side == "horde" or s.is_ally(u)):
            if not can(s, u, "strike"):
                s = emit(
                    s,
                    "abilities.cannot",
                    f"Lane {lane + 1}: {unit_label(s, u)} cannot strike; the 'cannot' wins "
                    "over the fight phase's strike.",
                )
    return s


@handles("strike")
def strike(s: Position, t: Task):
    """Step 3: ally to portal, monster to castle, or both strike each other."""
    (lane,) = t.args
    m, a = s.monsters[lane], s.allies[lane]
    ally = a if a is not None and s.is_ally(a) else None
    if m is not None and m.concealed:
        if t.picks:  # the lane's card was revealed and left; a new face-down card came
            return emit(
                s,
                "keywords.concealed",
                f"Lane {lane + 1}: the revealed card has left; the face-down card that "
                "took its place stays face down until the end of the next alliance phase.",
            )
        return push(s, Task("reveal", (m.uid,)), t.with_pick(m.uid))
    p = strike_preview(s, lane)
    s = _cannot_strike(s, lane)
    if m is not None and ally is not None:
        if not quiet(s, "fight.strike-each-other"):  # no text for a line nobody reads
            s = emit(
                s,
                "fight.strike-each-other",
                f"Lane {lane + 1}: {unit_label(s, m)} and "
                f"{unit_label(s, ally)} strike each other ({p['to_ally'] + p['castle']} and "
                f"{p['to_monster'] + p['portal']}"
                + "".join(f"; {n} of it tramples on" for n in (p["castle"], p["portal"]) if n)
                + ").",
            )
        first_time = not ally.struck
        hit = []  # "after this card is damaged" and "after striking" trigger at once: ordered
        for to, by, n in ((ally, m, p["to_ally"]), (m, ally, p["to_monster"])):
            s, taken = deal(
                s, to.uid, n, "fight.strike-each-other", s.name(by.card), triggers=False
            )
            if taken:
                hit += damaged_tasks(s, to.uid)
        if p["castle"]:
            s = hurt_castle(s, p["castle"], "keywords.trample", f"{s.name(m.card)} tramples")
        if p["portal"]:
            s = hurt_portal(s, p["portal"], "keywords.trample", f"{s.name(ally.card)} tramples")
        tasks = []
        struck = {u.uid for u in (m, ally) if can(s, u, "strike")}  # a "cannot" struck not
        if s.unit(ally.uid) is not None and ally.uid in struck:
            s = _mark_struck(s, ally.uid)
            x = keyword(s, s.unit(ally.uid), "elusive")
            if x and first_time:
                tasks.append(Task("elusive", (ally.uid, x)))
        after = [x for u in (m, ally) if u.uid in struck for x in _after(s, u)] + hit
        if len(after) > 1:
            after = [Task("order", (tuple(after),))]
        return push(s, *tasks, *after)
    if ally is not None:
        if keyword(s, ally, "defender"):
            return emit(
                s,
                "keywords.defender",
                f"Lane {lane + 1}: {unit_label(s, ally)} has "
                "Defender: it does not strike the portal.",
            )
        if not can(s, ally, "strike"):
            return s
        s = hurt_portal(
            s,
            p["portal"],
            "fight.ally-strikes-portal",
            f"Lane {lane + 1}: {unit_label(s, ally)} strikes the portal",
        )
        return push(s, *_after(s, ally))
    if m is not None:
        if not can(s, m, "strike"):
            return s  # it does not strike: nothing "after striking" either
        why = f"Lane {lane + 1}: {unit_label(s, m)} is unengaged and strikes the castle"
        if p["castle"] == 0:
            s = emit(s, "fight.monster-strikes-castle", f"{why} for 0.")
        s = hurt_castle(s, p["castle"], "fight.monster-strikes-castle", why)
        return push(s, *_after(s, m))
    return s


def _mark_struck(s: Position, uid: int) -> Position:
    u = s.unit(uid)
    return replace_unit(s, evolve(u, struck=True))


@handles("elusive")
def elusive(s: Position, t: Task):
    """ELUSIVE X: after striking a monster the first time this turn, the ally may move to a
    free lane within X lanes (no exhaust); it may strike again there."""
    uid, x = t.args
    u = s.unit(uid)
    lane = s.lane_of(uid) if u is not None else -1
    if lane < 0:
        return s
    if t.picks:
        if t.picks[0] < 0:
            return emit(
                s, "keywords.elusive", f"Elusive: {s.name(u.card)} stays in lane {lane + 1}."
            )
        s = move_to_lane(s, uid, t.picks[0])
        return emit(
            s, "keywords.elusive", f"Elusive: {s.name(u.card)} moves to lane {t.picks[0] + 1}."
        )
    if not can(s, u, "move"):
        return held(s, u, "move (Elusive)")
    free = [i for i in ally_lanes(s, u) if 0 < abs(i - lane) <= x]
    if not free:
        return s
    opts = (("stay", -1),) + tuple((f"lane:{i + 1}", i) for i in free)
    return Ask(u.owner, opts, f"Elusive {x}: move {s.name(u.card)} to a free lane within {x}?")


@handles("pillage_phase")
def pillage_phase(s: Position, t: Task):
    """Step 1: each monster in the back line pillages cards equal to its attack."""
    s = emit(s, "pillage", "Pillage phase.", phase="pillage")
    if not any(s.unit_card(u) is None or s.unit_card(u).triggered("pillage") for u in s.back):
        # no "Pillage:" ability: the order cannot matter, all the back line pillages at once
        shares = [(u, 0 if _barred(s, u) else attack(s, u)) for u in s.back]
        total = sum(n for _, n in shares)
        if not shares:
            return emit(s, "pillage", "The back line is empty: nothing is pillaged.")
        if not quiet(s, "pillage", "back_line"):  # no names listed for a line nobody reads
            parts = ", ".join(
                f"{s.name(u.card) if u.card else 'a face-down card'} "
                f"{'cannot pillage' if _barred(s, u) else n}"
                for u, n in shares
            )
            s = emit(
                s,
                "pillage",
                f"The back line pillages: {parts} (total {total}).",
                {"back_line": total},
            )
        return push(s, Task("pillage_cards", (total, "The back line"))) if total else s
    groups = []
    for u in s.back:
        group = [Task("pillage_by", (u.uid,))]
        group += ability_tasks(s, u.uid, u.card, "pillage", -1)
        groups.append(group)
    with_abilities = [g for g in groups if len(g) > 1]
    if len(with_abilities) > 1:
        plain = [g[0] for g in groups if len(g) == 1]
        firsts = tuple(Task("group", (tuple(g),)) for g in with_abilities)
        return push(s, *plain, Task("order_groups", (firsts,)))
    return push(s, *(x for g in groups for x in g))


@handles("group")
def group(s: Position, t: Task):
    """Tasks that resolve together (one monster's pillage and its "Pillage:" abilities)."""
    return push(s, *t.args[0])


@handles("order_groups")
def order_groups(s: Position, t: Task):
    """Several monsters pillage with "Pillage:" abilities: the players choose the order."""
    (groups,) = t.args
    if t.picks:
        i = t.picks[0]
        return push(s, groups[i], Task("order_groups", (groups[:i] + groups[i + 1 :],)))
    if len(groups) <= 1:
        return push(s, *groups)
    opts = tuple((f"first:{s.ref(g.args[0][0].args[0])}", i) for i, g in enumerate(groups))
    return Ask(0, opts, "Several monsters pillage with abilities: which pillages first?")


def _barred(s: Position, u: Unit) -> bool:
    """It cannot pillage (halted this turn, or a "cannot pillage" keyword)."""
    return u.halted or not can(s, u, "pillage")


@handles("pillage_by")
def pillage_by(s: Position, t: Task):
    """A monster pillages: as many cards as its attack."""
    (uid,) = t.args
    u = s.unit(uid)
    if u is None or s.find(uid)[0] != "b":
        return s
    if _barred(s, u):
        return emit(s, "pillage", f"{unit_label(s, u)} cannot pillage this turn.")
    n = attack(s, u)
    if n <= 0:
        return emit(s, "pillage", f"{unit_label(s, u)} has 0 attack: it pillages nothing.")
    return push(s, Task("pillage_cards", (n, s.name(u.card))))


@handles("return_pillagers")
def return_pillagers(s: Position, t: Task):
    """Step 2: every monster with Pillager goes back to the back line."""
    for u in [m for m in s.monsters if m is not None and keyword(s, m, "pillager")]:
        stays = held(s, u, "return to the back line")
        if stays is not None:
            s = stays
            continue
        s = move_to_back(s, u.uid)
        s = emit(s, "pillage.return", f"{s.name(u.card)} returns to the back line.")
    return s


@handles("end_phase")
def end_phase(s: Position, t: Task):
    """If the outsider fell this turn you win; else armor back, temporary tokens off, ready, 7."""
    if s.win_pending:
        if s.campaign is not None:
            return push(
                emit(
                    s,
                    "winning.end-of-turn",
                    "The outsider fell this turn: you win this game!",
                    phase="end",
                ),
                Task("campaign_next"),
            )
        return emit(
            s,
            "winning.end-of-turn",
            "End phase: the outsider fell this turn. You win!",
            {"result": "win"},
            result="win",
            phase="over",
            tasks=(),
        )

    def tidy(u):
        return (
            None
            if u is None
            else evolve(
                u,
                used=0,
                tatk=0,
                tarm=0,
                exhausted=False,
                struck=False,
                halted=False,
                mods=tuple(x for x in u.mods if x[0] != "turn"),
            )
        )

    s = evolve(
        s,
        monsters=tuple(tidy(u) for u in s.monsters),
        allies=tuple(tidy(u) for u in s.allies),
        back=tuple(tidy(u) for u in s.back),
        castle_exhausted=False,
        boosted=0,
        phase="end",
    )
    s = emit(
        s,
        "end",
        "End phase: armor regenerates, temporary tokens are removed, every card "
        "is ready; hands are cut to 7.",
    )
    return push(s, *(Task("hand_limit", (i,)) for i in range(s.players)), Task("turn"))
