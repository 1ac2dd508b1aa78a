"""What cards do: effects of heroes, treasures, actions and towns; a stack losing its top."""

from __future__ import annotations

from hordes_kit.core.state import evolve
from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.state import FPosition, Member

__all__ = ["apply_effects", "front_to_back", "clear_top", "to_box", "pop", "monster_text"]


def to_box(s: FPosition, m: Member):
    return s._ev(
        "ruling.treasure-box",
        f"Its treasure {s.name(m.treasure)} goes back to the box.",
        treasure=m.treasure,
    )


def apply_effects(s: FPosition, effects, strength: int, source: str) -> FPosition:
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
            s = front_to_back(s, source)
    return evolve(s, pending=tuple(new_pending) + s.pending)


def front_to_back(s: FPosition, source: str) -> FPosition:
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


def pop(s: FPosition) -> tuple[tuple, FPosition]:
    return s.pending[0], evolve(s, pending=s.pending[1:])


def clear_top(s: FPosition, name: str, mid: str) -> FPosition:
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


def monster_text(s: FPosition, mid: str) -> str:
    m = s.card(mid)
    bits = [f"strength {m.strength}"]
    if m.counterattack:
        bits.append(f"Counterattack {m.counterattack}")
    if m.ambush:
        bits.append(f"Ambush {m.ambush}")
    bits.append(f"{m.xp} XP")
    level = "Boss Monster" if m.level == "boss" else f"level {m.level} monster"
    return f"{level}, {m.name} ({', '.join(bits)})"
