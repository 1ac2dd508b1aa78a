"""What a Fantahzee player may do now: every legal decision id of the current player."""

from __future__ import annotations

from hordes_kit.fantahzee import rules as R
from hordes_kit.fantahzee.state import FPosition, dice_subsets

__all__ = ["legal", "activations", "attack_moves", "capture_targets"]


def legal(s: FPosition) -> tuple[str, ...]:
    """Every legal decision id of the current player (unsorted)."""
    if s.pending:
        return pending_moves(s)
    ph = s.phase
    if ph == "action":
        return action_moves(s)
    if ph == "roll":
        return roll_moves(s)
    if ph == "attack":
        return attack_moves(s)
    if ph in ("counter", "horde"):
        return tuple(f"lose:{s.ref(i)}" for i in s.actives())
    if ph == "treasure":
        return ("attach:none", *(f"attach:{s.ref(i)}" for i in s.actives()))
    if ph == "end":
        return tuple(f"discard:{c}" for c in set(s.seat.hand))
    return ()


def action_moves(s: FPosition) -> tuple[str, ...]:
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


def activations(s: FPosition) -> list[str]:
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


def roll_moves(s: FPosition) -> tuple[str, ...]:
    out = activations(s)
    if not s.rolled:
        return ("roll", *out)
    out.append("done")
    if s.rolls_left:
        for keep in dice_subsets(s.free):
            if len(keep) < len(s.free) or s.unrolled:
                out.append(f"keep:{R.dice_text(keep)}")
    return tuple(out)


def attack_moves(s: FPosition) -> tuple[str, ...]:
    out = []
    if s.strength_left > 0:
        for st in s.line:
            if st.top and not s.locked and s.card(st.top).strength <= s.strength_left:
                out.append(f"attack:{st.name}")
            if not st.top and st.hidden and st.name in s.cleared and s.locked in ("", st.name):
                out.append(f"flip:{st.name}")
    return (*out, "stop") if out else ()


def pending_moves(s: FPosition) -> tuple[str, ...]:
    kind, *args = s.pending[0]
    if kind == "reduce":
        return tuple(f"target:{s.ref(i)}" for i in reduce_targets(s))
    # the table rule imperative: may an ability that offers a choice be left unused?
    skip = ("skip",) if s.config.imperative == "may-decline" else ()
    if kind == "inspire":
        return (*skip, *(f"target:{s.ref(i)}" for i in inspire_targets(s, args[0])))
    if kind == "capture":
        return (*skip, *(f"capture:{n}" for n in capture_targets(s, args[0], args[1])))
    if kind == "move":
        out = []
        for j, st in enumerate(s.line):
            out += [f"move:{st.name}:{k + 1}" for k in range(len(s.line)) if k != j]
        return tuple(out)
    raise AssertionError(kind)


def reduce_targets(s: FPosition) -> list[int]:
    return [i for i, m in enumerate(s.seat.party) if not m.active and s.cost_now(i).x > 0]


def inspire_targets(s: FPosition, limit: int) -> list[int]:
    party = s.seat.party
    return [i for i, m in enumerate(party) if not m.active and s.card(m.hero).strength <= limit]


def capture_targets(s: FPosition, limit: int, other_than: str) -> list[str]:
    return [
        st.name
        for st in s.line
        if st.top and st.name != other_than and s.card(st.top).strength <= limit
    ]
