"""Effects that move a card in play to another lane: Bait, move, charge.

Glossary BAIT ("you may move it to any lane without monsters"), the universal MOVE as an
effect, CHARGE; none moves a card that cannot move, or into the lane of a card it may not
share a lane with (glossary CANNOT ENGAGE; Clarifications: the "cannot" wins).
"""

from __future__ import annotations

from hordes_kit.skytear.board import add_tokens, move_to_lane
from hordes_kit.skytear.effect_units import choice_then, pick_target, source_name
from hordes_kit.skytear.engage import ally_lanes, held, monster_lanes
from hordes_kit.skytear.machine import Ask
from hordes_kit.skytear.state import emit
from hordes_kit.skytear.stats import can
from hordes_kit.skytear.targets import cite_target, unit_label

__all__ = ["MOVE_VERBS"]


def _bait(s, t):
    e = t.args[2]

    def apply(s, u, lane):
        s = add_tokens(s, u.uid, "temp-attack", 1)
        s = emit(s, "keywords.bait", f"Bait: {unit_label(s, u)} gains 1 temporary attack token.")
        if lane is None or lane < 0:
            return held(s, u, "move to another lane") or s
        s = move_to_lane(s, u.uid, lane)
        return emit(s, "keywords.bait", f"It moves to lane {lane + 1}.")

    def opts(s, u):
        if not can(s, u, "move"):
            return []
        here = s.lane_of(u.uid)
        return [("stay", -1)] + [(f"lane:{i + 1}", i) for i in monster_lanes(s, u) if i != here]

    return choice_then(s, t, e.target, opts, f"Bait: move {source_name(s, t)}'s target?", apply)


def _move(s, t):
    e = t.args[2]

    def apply(s, u, lane):
        if lane is None:
            return held(s, u, "move") or s
        s = move_to_lane(s, u.uid, lane)
        return emit(s, "alliance.move", f"{unit_label(s, s.unit(u.uid))} moves.")

    def opts(s, u):
        if not can(s, u, "move"):
            return []
        here = s.lane_of(u.uid)
        return [(f"lane:{i + 1}", i) for i in ally_lanes(s, u) if i != here]

    return choice_then(s, t, e.target, opts, "Move the ally to which lane?", apply)


def _charge(s, t):
    src, card, e, seat = t.args
    u = s.unit(src) if src else None
    if u is None or u.side != "horde":
        return s
    d = e.extra[0]
    if not can(s, u, "move"):
        return held(s, u, f"charge {d}")
    if d in ("left", "right"):
        free = monster_lanes(s, u)
        if not free:
            return s
        lane = free[0] if d == "left" else free[-1]
        if s.lane_of(u.uid) == lane:
            return s
        s = move_to_lane(s, u.uid, lane)
        return emit(s, "abilities.charge", f"{unit_label(s, u)} charges {d} to lane {lane + 1}.")
    word = f"{d}-ally"
    tgt = pick_target(s, t, word, f"Charge the {d} ally: which one?")
    if isinstance(tgt, Ask) or tgt is None:
        return tgt if tgt is not None else s
    s = cite_target(s, word, [tgt])
    lane = s.lane_of(tgt.uid)
    if lane < 0 or s.monsters[lane] is not None:
        return emit(s, "abilities.charge", f"The {d} ally is engaged: {unit_label(s, u)} stays.")
    if lane not in monster_lanes(s, u):
        return emit(
            s,
            "keywords.cannot-engage",
            f"{unit_label(s, u)} cannot be engaged with the {d} ally: it stays.",
        )
    s = move_to_lane(s, u.uid, lane)
    return emit(
        s, "abilities.charge", f"{unit_label(s, u)} charges the {d} ally in lane {lane + 1}."
    )


MOVE_VERBS = {"bait": _bait, "move": _move, "charge": _charge}
